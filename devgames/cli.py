"""The ``devgames`` command line: serve the facilitator app, play a game in the terminal,
simulate, replay, bench, and write printable handouts.

Every command works for any game in :data:`devgames.GAMES`, through the generic game protocol.

>>> main(["replay", "no-such-file.json"])
1
"""

import argparse
import contextlib
import ipaddress
import json
import os
import re
import sqlite3
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from devgames import GAMES, game_module
from devgames.core.actions import CHANCE
from devgames.core.bots import RandomBot
from devgames.core.errors import IllegalMove, SetupError
from devgames.core.game import Game
from devgames.core.options import parse_option_value
from devgames.core.session import Session
from devgames.i18n import (
    DEFAULT,
    N_,
    _,
    format_number,
    format_tenths,
    from_environment,
    language,
    ngettext,
    speaking,
)
from devgames.remote import LISTEN_VARIABLE, PUBLIC_URL_VARIABLE, TRUSTED_VARIABLE
from devgames.sim.dask_runner import Cluster, ClusterError, played_where, worker_count
from devgames.sim.runner import (
    TextProgress,
    check_bot,
    default_bot,
    game_seed,
    make_bot,
    simulate,
    write_results,
)
from devgames.terminal import HELP_KEYS, TerminalTable

if TYPE_CHECKING:
    from devgames.dashboards.serve import Remote
    from devgames.sessions.store import SessionStore

#: The players of ``devgames play`` when none are named (translated when the game is set up).
DEFAULT_PLAYERS = (N_("You"), N_("Bot 1"), N_("Bot 2"))

#: argparse's own words (its usage line, its headings, the help option and its refusals), which
#: come from the standard library's gettext domain "argparse": it has no Russian, so while the
#: command line speaks another language these are looked up in our catalogue instead
#: (:func:`argparse_speaking`). argparse's text -> ours; ours name the printf placeholders of
#: argparse's, in the same order (``%(prog)s`` -> ``{prog}``); their translations write no
#: "%" (argparse formats some of them, and every help, with "%").
ARGPARSE_WORDS = {
    "usage: ": N_("usage: "),
    "positional arguments": N_("positional arguments"),
    "options": N_("options"),
    "show this help message and exit": N_("show this help message and exit"),
    "%(prog)s: error: %(message)s\n": N_("{prog}: error: {message}"),
    "argument %(argument_name)s: %(message)s": N_("argument {argument}: {message}"),
    "the following arguments are required: %s": N_(
        "the following arguments are required: {arguments}"),
    "unrecognized arguments: %s": N_("unrecognized arguments: {arguments}"),
    "invalid choice: %(value)r (choose from %(choices)s)": N_(
        "invalid choice: {value} (choose from {choices})"),
    "invalid %(type)s value: %(value)r": N_("invalid {type} value: {value}"),
    "expected one argument": N_("expected one argument"),
    "ambiguous option: %(option)s could match %(matches)s": N_(
        "ambiguous option: {option} could match {matches}"),
    "ignored explicit argument %r": N_("ignored explicit argument {value}"),
}
PRINTF = re.compile(r"%(?:\(\w+\))?[sr]")
PLACEHOLDER = re.compile(r"\{\w+\}")


def argparse_text(message: str, theirs: Callable[[str], str]) -> str:
    """argparse's ``message`` in the language in use: from our catalogue when it is one of
    :data:`ARGPARSE_WORDS` and the language is not English, its placeholders given back as
    argparse's printf ones; else as ``theirs`` (argparse's own ``gettext``) gives it.

    >>> argparse_text("usage: ", str), argparse_text("words of no list", str.upper)
    ('usage: ', 'WORDS OF NO LIST')

    (``tests/cli/test_cli_language.py``: argparse's words in Russian.)
    """
    ours = ARGPARSE_WORDS.get(message)
    if ours is None or language() == DEFAULT:
        return theirs(message)
    text = _(ours)
    for name, spec in zip(PLACEHOLDER.findall(ours), PRINTF.findall(message), strict=True):
        text = text.replace(name, spec)
    return text + "\n" if message.endswith("\n") else text


@contextlib.contextmanager
def argparse_speaking() -> Iterator[None]:
    """While inside, argparse says its own words through :func:`argparse_text`: it calls the
    ``gettext`` it imported as ``_`` when a parser is built (its headings, the help option),
    when help is formatted (``usage:``) and when it refuses a command line."""
    module = vars(argparse)
    theirs = module["_"]
    module["_"] = lambda message: argparse_text(message, theirs)
    try:
        yield
    finally:
        module["_"] = theirs


def games_text(count: int | str, n: int) -> str:
    """``count`` games, the noun in the form for ``n``: "1 game", "1,000 games"."""
    return ngettext("{n} game", "{n} games", n).format(n=count)


class CliError(Exception):
    """A problem to report in one sentence, with the exit status to return."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


# ----- shared command-line helpers --------------------------------------------------------------
def parse_options(pairs: Sequence[str] | None) -> dict[str, Any]:
    """``KEY=VALUE`` strings as game options.

    >>> parse_options(["deck=physical", "backlog=12"])
    {'deck': 'physical', 'backlog': 12}
    """
    options: dict[str, Any] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CliError(_("Give options as KEY=VALUE, e.g. --option deck=physical (not "
                             "{pair}).").format(pair=repr(pair)))
        options[key.strip()] = parse_option_value(value)
    return options


def split_names(text: str | None) -> list[str]:
    """Comma-separated names.

    >>> split_names("Ana, Ben,Cy"), split_names("")
    (['Ana', 'Ben', 'Cy'], [])
    """
    return [name.strip() for name in (text or "").split(",") if name.strip()]


def load_module(name: str) -> ModuleType:
    """The module of a game named on the command line (a CliError for an unknown name)."""
    try:
        return game_module(name)
    except ValueError as error:
        raise CliError(str(error)) from None


def new_game(module: ModuleType, players: Sequence[str], seed: int | None,
             options: dict[str, Any]) -> Game:
    """A new game, with set-up errors (names, options) as a CliError."""
    try:
        return module.new_game(list(players), seed=seed, **options)
    except (SetupError, ValueError, TypeError) as error:
        raise CliError(str(error)) from None


def read_session(path: str) -> Session:
    """Read a saved session, turning every kind of bad file into a one-sentence CliError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(_("There is no file {path}.").format(path=path), 1) from None
    except UnicodeDecodeError:
        raise CliError(_("{path} is not a text file; a saved session is JSON.").format(
            path=path), 1) from None
    except OSError as error:
        raise CliError(_("Cannot read {path}: {reason}.").format(
            path=path, reason=error.strerror), 1) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise CliError(_("{path} is not valid JSON (line {line}, column {column}: {problem}).")
                       .format(path=path, line=error.lineno, column=error.colno,
                               problem=error.msg), 1) from None
    if not isinstance(data, dict):
        raise CliError(_("{path} is not a devgames session (it holds no JSON object).").format(
            path=path), 1)
    try:
        return Session.from_dict(data)
    except ValueError as error:
        raise CliError(f"{path}: {error}", 1) from None
    except (KeyError, TypeError, AttributeError) as error:
        raise CliError(_("{path} is a damaged devgames session (bad or missing {what}).").format(
            path=path, what=error), 1) from None


def replay_session(session: Session, upto: int | None, path: str) -> Game:
    """Replay a session's first ``upto`` moves, saying which move fails if one does."""
    try:
        game = session.new_game()
    except (ValueError, TypeError) as error:
        raise CliError(f"{path}: {error}", 1) from None
    moves = session.log[:upto]
    for number, action in enumerate(moves, start=1):
        try:
            game.apply(action)
        except (IllegalMove, TypeError, ValueError, KeyError, IndexError) as error:
            raise CliError(_("Move {number} of {total} in {path} cannot be replayed ({move}): "
                             "{problem}").format(number=number, total=len(session.log),
                                                 path=path, move=json.dumps(action.to_json()),
                                                 problem=error), 1) from None
    return game


def write_utf8(text: str) -> None:
    """Write text to standard output as UTF-8, whatever the terminal's encoding."""
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(text)
    else:
        buffer.write(text.encode("utf-8"))
        buffer.flush()


def whole_number(minimum: int) -> Any:
    """An argparse type: a whole number of at least ``minimum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{text} is not a whole number").format(text=repr(text))) from None
        if value < minimum:
            raise argparse.ArgumentTypeError(
                _("must be at least {minimum}, not {value}").format(minimum=minimum, value=value))
        return value

    return parse


def port_number(text: str) -> int:
    """An argparse type: a TCP port, 0 meaning any free one.

    >>> port_number("8866"), port_number("0")
    (8866, 0)
    """
    value = whole_number(0)(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(
            _("a port is at most 65535, not {value}").format(value=value))
    return value


#: A unit of :func:`positive` -> its refusals: not a number, and not above 0.
UNITS = {
    "rounds": (N_("{text} is not a number of rounds"), N_("must be more than 0 rounds")),
    "minutes": (N_("{text} is not a number of minutes"), N_("must be more than 0 minutes")),
    "seconds": (N_("{text} is not a number of seconds"), N_("must be more than 0 seconds")),
}


def positive(unit: str) -> Any:
    """An argparse type: a number of ``unit`` (one of :data:`UNITS`) above 0.

    >>> positive("rounds")("0.5")
    0.5
    """
    not_a_number, not_above_zero = UNITS[unit]

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _(not_a_number).format(text=repr(text))) from None
        if not value > 0:
            raise argparse.ArgumentTypeError(_(not_above_zero))
        return value

    return parse


positive_seconds = positive("seconds")


# ----- the commands -----------------------------------------------------------------------------
def cmd_play(args: argparse.Namespace) -> int:
    """`devgames play`: set up the table (or resume a saved game) and play it."""
    module = load_module(args.game)
    options = parse_options(args.option)
    if args.resume:
        if args.players or options or args.seed is not None:
            raise CliError(
                _("--resume continues a saved game: drop --players, --seed and --option."))
        session = read_session(args.resume)
        if session.game != args.game:
            raise CliError(_("{path} is a {saved} game, not {game}.").format(
                path=args.resume, saved=session.game, game=args.game))
        game = replay_session(session, None, args.resume)
    else:
        players = split_names(args.players) or [_(name) for name in DEFAULT_PLAYERS]
        game = new_game(module, players, args.seed, options)
    saved_seats = game.meta.get("seats", {})
    if args.humans is None and "humans" in saved_seats:
        args.humans = ",".join(saved_seats["humans"])
    humans = human_seats(game, args.humans)
    kind = args.bot or saved_seats.get("bot") or default_bot(module)
    try:
        check_bot(module, kind)
    except ValueError as error:
        raise CliError(str(error)) from None
    bots = {
        seat: make_bot(module, kind, game_seed(game.seed, seat))
        for seat in range(len(game.players)) if seat not in humans
    }
    game.meta["seats"] = {"humans": [game.players[s] for s in sorted(humans)], "bot": kind}
    save = Path(args.save) if args.save else (Path(args.resume) if args.resume else None)
    if save is not None:
        try:
            game.session().save(save)
        except OSError as error:
            raise CliError(_("Cannot save to {path}: {reason}.").format(
                path=save, reason=error.strerror)) from None
    chance = RandomBot(game_seed(game.seed, CHANCE))
    table = TerminalTable(game, humans, bots, chance, save, sys.stdin, sys.stdout)
    return table.run()


def human_seats(game: Game, humans: str | None) -> set[int]:
    """Seats of the humans named (the first seat when none is given; "" for bots only)."""
    if humans is None:
        return {0}
    seats = set()
    for name in split_names(humans):
        try:
            seats.add(game.seat(name))
        except IllegalMove:
            raise CliError(_("{name} is not at the table; the players are: {players}.").format(
                name=name, players=", ".join(game.players))) from None
    return seats


def cmd_simulate(args: argparse.Namespace) -> int:
    """`devgames simulate`: play the bot games and write games.csv and rounds.csv."""
    load_module(args.game)
    players: int | list[str] = int(args.players) if args.players.isdigit() else split_names(
        args.players)
    bots = split_names(args.bots) if args.bots else None
    workers = args.workers or os.cpu_count() or 1
    started = time.monotonic()
    bar = TextProgress(sys.stderr)
    try:
        if args.scheduler:
            from devgames.sim.dask_runner import simulate_on

            with Cluster(args.scheduler, args.workers) as cluster:
                game_rows, round_rows = simulate_on(
                    cluster, args.game, args.games, players, args.seed, bots,
                    parse_options(args.option), progress=bar)
                workers = cluster.workers
        else:
            game_rows, round_rows = simulate(
                args.game, args.games, players, args.seed, bots, workers,
                parse_options(args.option), progress=bar,
            )
    except (SetupError, ValueError, TypeError) as error:
        raise CliError(str(error)) from None
    except ClusterError as error:
        raise cluster_failed(error, bar) from None
    paths = write_results(args.out, game_rows, round_rows)
    seconds = time.monotonic() - started
    bar.finish(_("Played {games} in {seconds} s with {workers}.").format(
        games=games_text(len(game_rows), len(game_rows)), seconds=format_tenths(seconds),
        workers=worker_count(workers)))
    games = ngettext("{path}: {n} row, one per game", "{path}: {n} rows, one per game",
                     len(game_rows)).format(path=paths[0], n=len(game_rows))
    rounds = ngettext("{path}: {n} row, one per player per round",
                      "{path}: {n} rows, one per player per round",
                      len(round_rows)).format(path=paths[1], n=len(round_rows))
    print(f"  {games}")
    print(f"  {rounds}")
    wins = Counter(name for row in game_rows for name in str(row["winners"]).split(";") if name)
    if wins:
        print(_("Wins: {wins}").format(
            wins=", ".join(f"{name} {count}" for name, count in sorted(wins.items()))))
    return 0


def parse_counts(text: str) -> list[int]:
    """Player counts: ``"2-8"``, ``"2,4,6"`` or ``"4"``.

    >>> parse_counts("2-4"), parse_counts("3, 6"), parse_counts("5")
    ([2, 3, 4], [3, 6], [5])
    """
    counts: list[int] = []
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        try:
            first, last = int(low), int(high if dash else low)
        except ValueError:
            raise CliError(_("Give player counts as 2-8 or 2,4,6 (not {text}).").format(
                text=repr(text))) from None
        counts.extend(range(first, last + 1))
    if not counts:
        raise CliError(_("Give player counts as 2-8 or 2,4,6 (not {text}).").format(
            text=repr(text)))
    return list(dict.fromkeys(counts))


def parse_grid(pairs: Sequence[str] | None) -> dict[str, list[Any]]:
    """``KEY=V1,V2,...`` strings as the values of each option to sweep.

    >>> parse_grid(["backlog=8,10,12", "rulebook=competitive"])
    {'backlog': [8, 10, 12], 'rulebook': ['competitive']}
    """
    grid: dict[str, list[Any]] = {}
    for pair in pairs or ():
        key, sep, values = pair.partition("=")
        if not sep or not key.strip() or not values.strip():
            raise CliError(_("Give a sweep as KEY=V1,V2, e.g. --vary backlog=8,10,12 (not "
                             "{pair}).").format(pair=repr(pair)))
        grid[key.strip()] = [parse_option_value(value.strip()) for value in values.split(",")
                             if value.strip()]
    return grid


def cluster_failed(error: ClusterError, bar: TextProgress) -> CliError:
    """The Dask cluster's failure as the command's one sentence (exit status 1), on a line of
    its own when a progress bar was being drawn."""
    if bar.live and bar.drawn:
        bar.stream.write("\n")
    return CliError(str(error), 1)


def existing_store(path: Path | None) -> "SessionStore | None":
    """The session store to read the pace in: the one at ``path``, which must exist (a mistyped
    path makes no folder and no empty store), else the app's store if it was ever made (None
    when not: the game's default pace).

    >>> existing_store(Path("no-such-folder/sessions.sqlite"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    devgames.cli.CliError: There is no session store at no-such-folder/sessions.sqlite: ...
    """
    from devgames.sessions.store import SessionStore, default_path

    where = (path or default_path()).expanduser()
    if not where.is_file():
        if path is None:
            return None
        raise CliError(_("There is no session store at {path}: give the file the app saves its "
                         "sessions to (devgames serve --db PATH), or --no-store for the game's "
                         "default pace.").format(path=path), 1)
    try:
        return SessionStore(where)
    except (ValueError, OSError, sqlite3.Error) as error:
        raise CliError(_("Cannot read the session store {path}: {problem}").format(
            path=path or where, problem=error), 1) from None


def cmd_plan(args: argparse.Namespace) -> int:
    """`devgames plan`: rounds and minutes at P50/P80/P95 for a game with these teams."""
    from devgames.sim import planner

    load_module(args.game)
    bots = split_names(args.bots) if args.bots else None
    options = parse_options(args.option)
    store = None if args.no_store else existing_store(args.db)
    precision = None if args.all_games else planner.DEFAULT_PRECISION.scaled(args.margin)
    started = time.monotonic()
    bar = TextProgress(sys.stderr)
    try:
        with Cluster(args.scheduler, args.workers) as cluster:
            plan = planner.make_plan(args.game, args.players, args.games, args.seed, bots,
                                     options, store=store, cluster=cluster, progress=bar,
                                     precision=precision, minutes=args.minutes,
                                     rounds=args.rounds)
            where = played_where(plan.games, plan.here, cluster)
    except (SetupError, ValueError, TypeError) as error:
        raise CliError(str(error)) from None
    except ClusterError as error:
        raise cluster_failed(error, bar) from None
    finally:
        if store is not None:
            store.close()
    seconds = time.monotonic() - started
    bar.finish(_("Played {games} in {seconds} s, {where}.").format(
        games=games_text(format_number(plan.games, 0), plan.games), seconds=format_tenths(seconds),
        where=where))
    for line in plan.sentences(args.minutes, args.rounds):
        print(line)
    print(plan.table_text())
    if args.out:
        paths = planner.write_plan(plan, args.out)
        print(_("Wrote {paths}").format(paths=", ".join(str(path) for path in paths)))
    return 0


def cmd_sweep(args: argparse.Namespace) -> int:
    """`devgames sweep`: the balance lab's tables over options, player counts and bots."""
    from devgames.sim import balance

    load_module(args.game)
    counts = parse_counts(args.players)
    grid = parse_grid(args.vary)
    lineups: list[str | list[str]] = list(args.bots or [])
    for duel in args.duel or ():
        lineups.extend(list(rotation) for rotation in balance.rotations(split_names(duel)))
    started = time.monotonic()
    bar = TextProgress(sys.stderr)
    try:
        with Cluster(args.scheduler, args.workers) as cluster:
            sweep = balance.run_sweep(args.game, args.games, counts, args.seed,
                                      lineups or None, grid, parse_options(args.option),
                                      cluster, progress=bar)
            played = len(sweep.cells) * args.games
            where = played_where(played, sum(result.here for result in sweep.results), cluster)
    except (SetupError, ValueError, TypeError) as error:
        raise CliError(str(error)) from None
    except ClusterError as error:
        raise cluster_failed(error, bar) from None
    seconds = time.monotonic() - started
    paths = sweep.write_csv(args.out)
    bar.finish(_("Played {cells} x {games} in {seconds} s, {where}.").format(
        cells=len(sweep.cells), games=games_text(args.games, args.games),
        seconds=format_tenths(seconds), where=where))
    for line in sweep.findings():
        print(line)
    print(_("Wrote {paths}").format(paths=", ".join(str(path) for path in paths)))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """`devgames replay`: print a saved session's public state as JSON."""
    session = read_session(args.file)
    game = replay_session(session, args.upto, args.file)
    write_utf8(json.dumps(game.view(None), ensure_ascii=False, indent=2, default=str) + "\n")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """`devgames bench`: see :mod:`devgames.sim.bench`."""
    from devgames.sim import bench

    try:
        return bench.command(args.seconds, args.players, args.json)
    except SetupError as error:
        raise CliError(str(error)) from None


def cmd_handouts(args: argparse.Namespace) -> int:
    """`devgames handouts`: write a game's printable handouts, one HTML file each (and PDFs)."""
    from devgames import handouts

    load_module(args.game)
    options = parse_options(args.option)
    try:
        paths = handouts.write_handouts(args.game, args.out, args.paper, **options)
    except (SetupError, ValueError, TypeError) as error:
        raise CliError(str(error)) from None
    except OSError as error:
        raise CliError(_("Cannot write to {path}: {reason}.").format(
            path=args.out, reason=error.strerror), 1) from None
    for path, kind in zip(paths, handouts.HANDOUTS, strict=True):
        pages = handouts.page_budget(args.game, kind)
        line = ngettext("{path}  ({copies}; at most {pages} page)",
                        "{path}  ({copies}; at most {pages} pages)", pages).format(
            path=path, copies=_(handouts.HANDOUTS[kind].copies), pages=pages)
        print(f"  {line}")
    if args.pdf:
        try:
            for path in paths:
                print(f"  {handouts.print_pdf(path)}")
        except (OSError, RuntimeError) as error:
            raise CliError(str(error), 1) from None
    else:
        paper = {"a4": "A4", "letter": "Letter"}[args.paper]
        print(_("Open a file in a browser and print it on {paper} paper, at {scale} (no fitting "
                "to the page).").format(paper=paper, scale="100%"))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """`devgames serve`: see :mod:`devgames.dashboards.serve`."""
    from devgames.dashboards import serve

    try:
        remote, key = remote_settings(args, os.environ)
        return serve.serve(args.port, args.db, open_browser=not args.no_browser, lan=args.lan,
                           remote=remote, login_key=key)
    except (ValueError, RuntimeError) as error:
        raise CliError(str(error), 1) from None


def remote_settings(args: argparse.Namespace,
                    env: Mapping[str, str]) -> "tuple[Remote | None, str | None]":
    """The remote workshop `devgames serve` was asked for (None: this machine only, or the
    LAN), and the one-time login key to print when no password is set. Raises ValueError, with
    a sentence, for settings that would open the app without its login.

    >>> from devgames.cli import build_parser
    >>> args = build_parser().parse_args(["serve", "--public-url", "https://x.org/acme"])
    >>> remote, key = remote_settings(args, {})
    >>> remote.public.prefix, sorted(remote.trusted), remote.listen, key is not None
    ('/acme', ['127.0.0.1', '::1'], '127.0.0.1', True)
    >>> remote_settings(args, {"DEVGAMES_PASSWORD": "s3cret"})[1] is None
    True
    >>> remote_settings(build_parser().parse_args(["serve", "--listen", "0.0.0.0"]), {})
    Traceback (most recent call last):
    ValueError: Listening on 0.0.0.0 opens the facilitator app to the network: give the \
address people use with --public-url (the app then asks for the facilitator's login).
    """
    from devgames.dashboards.login import Login
    from devgames.dashboards.serve import HOST, Remote
    from devgames.remote import PASSWORD_VARIABLE, PublicAddress, trusted_addresses

    url = args.public_url or env.get(PUBLIC_URL_VARIABLE)
    listen = args.listen or env.get(LISTEN_VARIABLE) or HOST
    try:
        loopback = ipaddress.ip_address(listen).is_loopback
    except ValueError:
        raise ValueError(_("--listen takes an IP address of this machine, such as 127.0.0.1 or "
                           "0.0.0.0 (got {address}).").format(address=repr(listen))) from None
    if not url:
        if not loopback:
            raise ValueError(_(
                "Listening on {address} opens the facilitator app to the network: give the "
                "address people use with --public-url (the app then asks for the "
                "facilitator's login).").format(address=listen))
        return None, None
    if args.lan:
        raise ValueError(_("--lan and --public-url do not go together: behind a proxy, every "
                           "page is reached at the public address."))
    trusted = trusted_addresses(args.trusted_proxy or env.get(TRUSTED_VARIABLE))
    login, key = Login.make(env.get(PASSWORD_VARIABLE) or None)
    return Remote(PublicAddress.parse(url), trusted, listen, login), key


def cmd_caddyfile(args: argparse.Namespace) -> int:
    """`devgames caddyfile`: the proxy's configuration for a public address."""
    from devgames.remote import PublicAddress, caddyfile

    try:
        public = PublicAddress.parse(args.public_url or os.environ.get(PUBLIC_URL_VARIABLE, ""))
    except ValueError as error:
        raise CliError(str(error), 2) from None
    print(caddyfile(public, args.port, args.port + 1), end="")
    return 0


# ----- the parser -------------------------------------------------------------------------------
def examples(*lines: tuple[str, str], width: int = 48) -> str:
    """An epilog's examples: each command line, then what it does (from ``width`` on)."""
    heading = _("examples:") if len(lines) > 1 else _("example:")
    return "\n".join([heading, *(f"  {command:<{width}}{what}" if what else f"  {command}"
                                 for command, what in lines)])


def dask_statuses(store: bool = False) -> str:
    """The exit statuses of a command that plays on Dask, as its help says them (``store``: it
    reads the session store too)."""
    lines = [
        ("0", _("done")),
        ("1", _("the Dask scheduler does not answer, has no workers, or was lost during the run")),
        *([("1", _("--db names no session store (none is made)"))] if store else []),
        ("2", _("bad command line (a malformed --scheduler address too: give it as "
                "tcp://host:8786)")),
    ]
    return "\n".join([_("exit status:"), *(f"  {status}  {text}" for status, text in lines)])


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command, with its help text, in the language in use (and
    argparse's own words too inside :func:`argparse_speaking`)."""
    games = ", ".join(sorted(GAMES))
    parser = argparse.ArgumentParser(
        prog="devgames",
        description=_("Software-development card games for workshops: serve the facilitator "
                      "app, play in the terminal, simulate many bot games, plan a workshop's "
                      "timing, sweep for balance, replay saved sessions, measure engine speed, "
                      "write printable handouts."),
        epilog=_("Games: {games}. Run 'devgames COMMAND --help' for the options of a "
                 "command.").format(games=games),
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    formatter = argparse.RawDescriptionHelpFormatter

    serve = commands.add_parser(
        "serve", help=_("serve the facilitator app in a browser (Voila, this machine only)"),
        formatter_class=formatter,
        description=_(
            "Serve the facilitator app with Voila on 127.0.0.1 and open it in a browser.\n"
            "Sessions are saved as they are played, in the SQLite file given by --db (default:\n"
            "$DEVGAMES_DB, else ~/.local/share/devgames/sessions.sqlite). Ctrl-C, or closing "
            "the\nterminal, stops the server and its kernels. Each team may play from its own "
            "phone:\nthe table's Join panel shows a code per team. With --lan the teams' pages "
            "(and only\nthey, never the facilitator app) are served on the machine's network "
            "address."),
        epilog=examples(
            ("devgames serve", "http://127.0.0.1:8866/"),
            ("devgames serve --port 0 --no-browser", _("any free port, print the address")),
            ("devgames serve --db workshop.sqlite", _("keep this workshop's sessions apart")),
            ("devgames serve --lan", _("teams join from their phones"))),
    )
    serve.add_argument("--port", type=port_number, default=8866,
                       help=_("port to listen on, 0 for any free one (default: "
                              "{default})").format(default=8866))
    serve.add_argument("--db", type=Path, metavar="PATH",
                       help=_("SQLite file of the saved sessions (default: see above)"))
    serve.add_argument("--no-browser", action="store_true",
                       help=_("only print the address; do not open a browser"))
    serve.add_argument("--lan", action="store_true",
                       help=_("serve the teams' device pages on this machine's network address "
                              "(default: this machine only)"))
    serve.add_argument("--public-url", metavar="URL",
                       help=_("serve a remote workshop behind an HTTPS proxy at this address, "
                              "e.g. https://games.example.org/acme (default: "
                              "${variable}); the app then asks for the facilitator's login "
                              "(docs/remote.md)").format(variable=PUBLIC_URL_VARIABLE))
    serve.add_argument("--listen", metavar="ADDRESS",
                       help=_("the address both servers listen on (default: ${variable}, else "
                              "127.0.0.1); another than this machine's needs "
                              "--public-url").format(variable=LISTEN_VARIABLE))
    serve.add_argument("--trusted-proxy", metavar="ADDRESSES",
                       help=_("the proxy's addresses, the only ones whose X-Forwarded-For is "
                              "believed (default: ${variable}, else 127.0.0.1,::1)").format(
                           variable=TRUSTED_VARIABLE))
    serve.set_defaults(handler=cmd_serve)

    caddy = commands.add_parser(
        "caddyfile", help=_("print the Caddy configuration of a remote workshop's proxy"),
        formatter_class=formatter,
        description=_("Print a configuration for the Caddy web server that serves devgames at "
                      "its public address over HTTPS (Caddy gets the certificate itself) and "
                      "sends each path to its server (docs/remote.md)."),
        epilog=examples(("devgames caddyfile --public-url https://games.example.org/acme "
                         "> /etc/caddy/Caddyfile", "")),
    )
    caddy.add_argument("--public-url", metavar="URL",
                       help=_("the address people use (default: ${variable})").format(
                           variable=PUBLIC_URL_VARIABLE))
    caddy.add_argument("--port", type=port_number, default=8866,
                       help=_("the port of devgames serve (default: {default}); its devices' "
                              "server listens on the next one").format(default=8866))
    caddy.set_defaults(handler=cmd_caddyfile)

    play = commands.add_parser(
        "play", help=_("play a game in the terminal, humans and bots"), formatter_class=formatter,
        description=_("Play a game in the terminal. Bots fill every seat that no human takes.\n"
                      "With several humans, each hand is shown only after the keyboard has "
                      "been passed on.") + "\n\n" + _(HELP_KEYS),
        epilog=examples(
            ("devgames play scrumkin", _("you against 2 bots")),
            ("devgames play scrumkin --option deck=physical", _("enter the cards really drawn")),
            ("devgames play scrumkin --resume game.json", _("go on with a saved game")),
            ('devgames play scrumkin --players "Ana,Ben,Cy" --humans "Ana,Ben" --save game.json',
             "")),
    )
    play.add_argument("game", metavar="GAME",
                      help=_("the game to play ({games})").format(games=games))
    play.add_argument("--players", metavar="NAMES",
                      help=_('comma-separated names (default: "{default}")').format(
                          default=",".join(_(name) for name in DEFAULT_PLAYERS)))
    play.add_argument("--humans", metavar="NAMES",
                      help=_('the players typed at this keyboard (default: the first player; '
                             '"" for bots only)'))
    play.add_argument("--bot", metavar="KIND",
                      help=_("the kind of bot for the other seats: heuristic or random "
                             "(default: heuristic when the game has it, else random)"))
    play.add_argument("--seed", type=int,
                      help=_("seed of the shuffle (default: a fresh one)"))
    play.add_argument("--option", action="append", metavar="KEY=VALUE",
                      help=_("a game option, e.g. deck=physical or rulebook=collaborative "
                             "(repeatable)"))
    play.add_argument("--save", metavar="FILE.json",
                      help=_("save the session to this file after every move"))
    play.add_argument("--resume", metavar="FILE.json",
                      help=_("go on with a saved game (and keep saving to it unless --save)"))
    play.set_defaults(handler=cmd_play)

    sim = commands.add_parser(
        "simulate", help=_("play many bot games and write CSV files"), formatter_class=formatter,
        description=_("Play many games with bots and write DIR/games.csv (one row per game) "
                      "and DIR/rounds.csv\n(every per-round metrics row). The same arguments "
                      "give byte-identical files,\nwhatever the number of workers."),
        epilog=examples(("devgames simulate scrumkin --games 1000 --players 4 --seed 1 --bots "
                         "random --out sim-out", "")) + "\n\n" + dask_statuses(),
    )
    sim.add_argument("game", metavar="GAME",
                     help=_("the game to simulate ({games})").format(games=games))
    sim.add_argument("--games", type=whole_number(0), default=100,
                     help=_("number of games (default: {default})").format(default=100))
    sim.add_argument("--players", default="4",
                     help=_("number of players, or comma-separated names (default: "
                            "{default})").format(default=4))
    sim.add_argument("--seed", type=int, default=0,
                     help=_("simulation seed; each game's seed is derived from it "
                            "(default: {default})").format(default=0))
    sim.add_argument("--bots", metavar="KIND[,KIND...]",
                     help=_("bot kind for every seat, or a list repeated round the table "
                            "(default: heuristic when the game has it, else random)"))
    sim.add_argument("--workers", type=whole_number(1),
                     help=_("worker processes (default: one per CPU)"))
    sim.add_argument("--out", metavar="DIR", default="sim-out",
                     help=_("folder for games.csv and rounds.csv (default: {default})")
                          .format(default="sim-out"))
    sim.add_argument("--option", action="append", metavar="KEY=VALUE",
                     help=_("a game option (repeatable)"))
    sim.add_argument("--scheduler", metavar="ADDRESS",
                     help=_("play the games as Dask tasks on the cluster at ADDRESS "
                            "(e.g. tcp://10.0.0.5:8786), or 'local' for a local Dask cluster; "
                            "the files are the same"))
    sim.set_defaults(handler=cmd_simulate)

    plan = commands.add_parser(
        "plan", help=_("how many rounds and minutes a game takes (the workshop planner)"),
        formatter_class=formatter,
        description=_(
            "Play bot games of GAME with these teams and options as Dask tasks, and say\n"
            "how many rounds (sprints, rounds, turns) it takes at P50, P80 and P95, and how "
            "many\nminutes: each game's moves at the pace measured in the finished sessions of "
            "the\nstore (--db), or the game's default pace (docs/planner.md). The games are "
            "played\nin batches until every figure's {level} interval is within a round or "
            "{share} of it\n(--margin), at most --games. The first ones run in this process; a "
            "local Dask\ncluster of this machine's cores takes over when there are enough; "
            "--scheduler\nuses another.").format(level="95%", share="5%"),
        epilog=examples(
            ("devgames plan scrumkin --players 6 --minutes 60",
             _("will 6 teams fit in 60 minutes?")),
            ("devgames plan scrumkin --players 4 --option backlog=8 --rounds 8", ""),
            ("devgames plan itstartup --players 3 --option goal=32 --scheduler "
             "tcp://10.0.0.5:8786", ""), width=52) + "\n\n" + dask_statuses(store=True),
    )
    plan.add_argument("game", metavar="GAME", help=_("the game ({games})").format(games=games))
    plan.add_argument("--players", type=whole_number(1), default=4,
                      help=_("number of players or teams (default: {default})").format(default=4))
    plan.add_argument("--games", type=whole_number(1), default=1000,
                      help=_("the most bot games to play: the planner stops as soon as "
                             "the answer is known well enough (default: {default})")
                           .format(default=1000))
    # argparse reads "%" in a help as a format: the figures' "%" are given as "%%"
    plan.add_argument("--margin", type=positive("rounds"), default=1.0, metavar="ROUNDS",
                      help=_("how well to know the answer: each {level} interval within ROUNDS "
                             "rounds or {share} x ROUNDS of its figure, a share within 3 x "
                             "ROUNDS points (default: 1; 0.5 wants about 4 times the games)")
                      .format(level="95%%", share="5%%"))
    plan.add_argument("--all-games", action="store_true",
                      help=_("play all --games games, however well the answer is known"))
    plan.add_argument("--seed", type=int, default=0,
                      help=_("run seed (default: {default})").format(default=0))
    plan.add_argument("--bots", metavar="KIND[,KIND...]",
                      help=_("bot kind for every seat, or a list repeated round the table "
                             "(default: heuristic when the game has it)"))
    plan.add_argument("--option", action="append", metavar="KEY=VALUE",
                      help=_("a game option (repeatable)"))
    plan.add_argument("--minutes", type=positive("minutes"), metavar="MINUTES",
                      help=_("say how often a game ends within this many minutes"))
    plan.add_argument("--rounds", type=whole_number(1), metavar="N",
                      help=_("say how often a game ends within N rounds"))
    plan.add_argument("--db", type=Path, metavar="PATH",
                      help=_("session store to measure the pace in (default: $DEVGAMES_DB, "
                             "else ~/.local/share/devgames/sessions.sqlite)"))
    plan.add_argument("--no-store", action="store_true",
                      help=_("use the game's default pace, not the store's sessions"))
    plan.add_argument("--scheduler", metavar="ADDRESS",
                      help=_("Dask scheduler to run on (default: a local cluster)"))
    plan.add_argument("--workers", type=whole_number(1),
                      help=_("workers of the local cluster (default: one per CPU)"))
    plan.add_argument("--out", metavar="DIR",
                      help=_("also write DIR/plan.csv (percentiles) and DIR/plan-games.csv"))
    plan.set_defaults(handler=cmd_plan)

    sweep = commands.add_parser(
        "sweep", help=_("balance lab: win rates per seat and bot over options and team counts"),
        formatter_class=formatter,
        description=_(
            "Play bot games of GAME in every combination of the options varied, the\n"
            "player counts and the bot line-ups, as Dask tasks, and write DIR/summary.csv\n"
            "(rounds per cell), DIR/seats.csv (win rate per seat, Wilson {level} interval),\n"
            "DIR/bots.csv (win rate per kind of bot) and DIR/cards.csv (card moves of "
            "winners).\nThe same arguments give byte-identical files whatever the cluster.")
        .format(level="95%"),
        epilog=examples(
            ("devgames sweep scrumkin --vary backlog=8,10,12 --players 2-8 --games 500", ""),
            ("devgames sweep scrumkin --players 4 --duel heuristic,random --games 1000", ""),
            ("devgames sweep exploding --players 2-5 --bots random --scheduler "
             "tcp://10.0.0.5:8786", "")) + "\n\n" + dask_statuses(),
    )
    sweep.add_argument("game", metavar="GAME", help=_("the game ({games})").format(games=games))
    sweep.add_argument("--players", default="4",
                       help=_("player counts: 4, 2-8 or 2,4,6 (default: {default})")
                            .format(default=4))
    sweep.add_argument("--games", type=whole_number(1), default=500,
                       help=_("games in each combination (default: {default})").format(default=500))
    sweep.add_argument("--seed", type=int, default=0,
                       help=_("run seed (default: {default})").format(default=0))
    sweep.add_argument("--vary", action="append", metavar="KEY=V1,V2",
                       help=_("an option and the values to sweep (repeatable)"))
    sweep.add_argument("--option", action="append", metavar="KEY=VALUE",
                       help=_("an option fixed for every game (repeatable)"))
    sweep.add_argument("--bots", action="append", metavar="KIND[,KIND...]",
                       help=_("a bot line-up (repeatable: each is a combination); default: "
                              "the game's heuristic bot"))
    sweep.add_argument("--duel", action="append", metavar="KIND,KIND",
                       help=_("bot against bot: the line-up in every rotation, so each kind "
                              "sits in every seat (repeatable)"))
    sweep.add_argument("--scheduler", metavar="ADDRESS",
                       help=_("Dask scheduler to run on (default: a local cluster)"))
    sweep.add_argument("--workers", type=whole_number(1),
                       help=_("workers of the local cluster (default: one per CPU)"))
    sweep.add_argument("--out", metavar="DIR", default="sweep-out",
                       help=_("folder for the CSV files (default: {default})")
                            .format(default="sweep-out"))
    sweep.set_defaults(handler=cmd_sweep)

    replay = commands.add_parser(
        "replay", help=_("replay a saved session and print its public state as JSON"),
        formatter_class=formatter,
        description=_("Replay a session saved by 'devgames play --save' and print the public "
                      "table\n(what a projector shows) as JSON.") + "\n\n" + _(
            "Exit status: 0 done, 1 the file cannot be read or replayed, 2 bad command line."),
        epilog=examples(("devgames replay game.json --upto 20", "")),
    )
    replay.add_argument("file", metavar="FILE.json", help=_("a saved session"))
    replay.add_argument("--upto", type=whole_number(0), metavar="N",
                        help=_("replay only the first N moves"))
    replay.set_defaults(handler=cmd_replay)

    handout = commands.add_parser(
        "handouts",
        help=_("write a game's printable handouts (HTML for the browser to print)"),
        formatter_class=formatter,
        description=_(
            "Write a game's handouts, one self-contained HTML page each: the rules on one\n"
            "page (one per team), a turn aid, an observer sheet, a debrief canvas and the "
            "card\nglossary. They are made from the card tables, the card meanings and the "
            "game's\noptions. Open them in a browser and print (Ctrl+P) on the paper chosen "
            "here;\n--pdf prints them with headless Chromium instead."),
        epilog=examples(
            ("devgames handouts scrumkin", _("A4 pages in ./handouts")),
            ("devgames handouts itstartup --paper letter --out print --option goal=32", ""),
            ("devgames handouts exploding --pdf", _("PDFs too (needs chromium)"))),
    )
    handout.add_argument("game", metavar="GAME", help=_("the game ({games})").format(games=games))
    handout.add_argument("--paper", choices=("a4", "letter"), default="a4",
                         help=_("paper size the pages are laid out for (default: "
                                "{default})").format(default="a4"))
    handout.add_argument("--out", metavar="DIR", default="handouts",
                         help=_("folder for the files (default: {default})")
                              .format(default="handouts"))
    handout.add_argument("--option", action="append", metavar="KEY=VALUE",
                         help=_("a game option the rules should say (repeatable)"))
    handout.add_argument("--pdf", action="store_true",
                         help=_("also print each page to PDF with /usr/bin/chromium --headless"))
    handout.set_defaults(handler=cmd_handouts)

    bench = commands.add_parser(
        "bench", help=_("measure engine speed against an OpenSpiel anchor"),
        formatter_class=formatter,
        description=_("Random legal games of each engine and of OpenSpiel's "
                      "python_block_dominoes,\nin one process and in alternating slices. The "
                      "ratio to the anchor is the figure\nto compare across machines. Needs "
                      'OpenSpiel: pip install -e ".[bench]".'),
        epilog=examples(("devgames bench --seconds 5 --players 4", "")),
    )
    bench.add_argument("--seconds", type=positive_seconds, default=5.0,
                       help=_("wall time for each engine and for the anchor (default: "
                              "{default})").format(default=5))
    bench.add_argument("--players", type=whole_number(2), default=4,
                       help=_("players in each engine's games (default: {default})")
                            .format(default=4))
    bench.add_argument("--json", action="store_true", help=_("print the figures as JSON"))
    bench.set_defaults(handler=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line, in the language of the environment's locale (``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); return the exit status."""
    with speaking(from_environment()):
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    with argparse_speaking():
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as exit_:
            return exit_.code if isinstance(exit_.code, int) else 2
    try:
        return args.handler(args)
    except CliError as error:
        print(f"devgames: {error}", file=sys.stderr)
        return error.status
    except KeyboardInterrupt:
        print("\n" + _("Interrupted."), file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
