"""Play many bot games and collect one row per game plus every per-round metrics row.

Each game's seed is derived from the simulation seed and the game's index, and results are
collected in game order, so the rows (and the CSV files) are the same whatever the number of
worker processes. Workers are started with ``multiprocessing``'s "spawn" method, which behaves the
same on Linux, macOS and Windows.

>>> game_rows, round_rows = simulate("scrumkin", games=3, players=2, seed=5, bots="random")
>>> [row["game"] for row in game_rows]
[0, 1, 2]
>>> list(game_rows[0])[:6]
['game', 'seed', 'players', 'bots', 'winners', 'actions']
>>> list(round_rows[0])[:3]
['game', 'seed', 'sprint']
"""

import csv
import hashlib
import json
import multiprocessing
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import cycle
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

from devgames import game_module
from devgames.core.bots import Bot, play_out
from devgames.core.cells import spreadsheet_safe
from devgames.i18n import _, format_number

Row = dict[str, Any]
#: One game to play: (game, index, simulation seed, player names, bot kind per seat, options).
Task = tuple[str, int, int, list[str], list[str], dict[str, Any]]
#: Called after each finished game with (games done, games in all).
Progress = Callable[[int, int], None]

#: The bot kind used when none is asked for, if the game has it (else "random").
PREFERRED_BOT = "heuristic"
#: Columns that come first in games.csv, in this order.
GAME_COLUMNS = ("game", "seed", "players", "bots", "winners", "actions")
#: Columns that come first in rounds.csv, before the game's own metrics.
ROUND_COLUMNS = ("game", "seed")


def game_seed(seed: int, index: int) -> int:
    """The seed of game number ``index`` of a simulation started with ``seed`` (32 bits).

    Derived by hashing, so neighbouring simulation seeds do not share games. The bots of a
    session are seeded so too, ``game_seed(game.seed, seat)``, from a seed of any size (a new
    session's has 128 bits); the hash does not give the game's seed back.

    >>> game_seed(1, 0) == game_seed(1, 0), game_seed(1, 0) == game_seed(2, 0)
    (True, False)
    >>> 0 <= game_seed(7, 3) < 2**32, game_seed(2**127 + 1, 0) != game_seed(2**127 + 2, 0)
    (True, True)
    """
    digest = hashlib.sha256(f"devgames:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def default_bot(module: ModuleType) -> str:
    """The bot kind to use when none is given: "heuristic" when the game has one, else "random".

    >>> from devgames import scrumkin
    >>> default_bot(scrumkin) in scrumkin.BOTS
    True
    """
    kinds = getattr(module, "BOTS", {})
    if PREFERRED_BOT in kinds:
        return PREFERRED_BOT
    return "random" if "random" in kinds else next(iter(kinds), "random")


def check_bot(module: ModuleType, kind: str) -> None:
    """Raise ValueError with a clear sentence if the game has no bot of this kind.

    >>> from devgames import scrumkin
    >>> check_bot(scrumkin, "random")
    >>> check_bot(scrumkin, "genius")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: scrumkin has no 'genius' bot; the bots are: ...
    """
    kinds = getattr(module, "BOTS", {})
    if kind not in kinds:
        name = module.__name__.rsplit(".", 1)[-1]
        known = ", ".join(sorted(kinds)) or "none"
        raise ValueError(f"{name} has no {kind!r} bot; the bots are: {known}.")


def make_bot(module: ModuleType, kind: str, seed: int) -> Bot:
    """A bot of this kind for this game, built as ``BOTS[kind](seed)``.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=2)
    >>> make_bot(scrumkin, "random", 1).choose(game) in game.legal_actions()
    True
    """
    check_bot(module, kind)
    return module.BOTS[kind](seed)


def player_names(players: int | Sequence[str]) -> list[str]:
    """Names for the seats: "P1", "P2"... for a count, or the names given.

    >>> player_names(3), player_names(["Red", "Blue"])
    (['P1', 'P2', 'P3'], ['Red', 'Blue'])
    """
    if isinstance(players, int):
        return [f"P{i + 1}" for i in range(players)]
    return list(players)


def seat_bots(bots: str | Sequence[str], seats: int) -> list[str]:
    """The bot kind of each seat: one kind for all, or a list repeated round the table.

    >>> seat_bots("random", 3), seat_bots(["heuristic", "random"], 3)
    (['random', 'random', 'random'], ['heuristic', 'random', 'heuristic'])
    """
    kinds = [bots] if isinstance(bots, str) else list(bots)
    if not kinds:
        raise ValueError("Give at least one bot kind.")
    return [kind for kind, _seat in zip(cycle(kinds), range(seats), strict=False)]


def play_one(task: Task) -> tuple[Row, list[Row]]:
    """Play game number ``index`` to the end; return its summary row and its metrics rows.

    ``task`` is (game, index, simulation seed, player names, bot kind per seat, options); one
    tuple so that worker processes can receive it.

    >>> row, rounds = play_one(("scrumkin", 0, 1, ["A", "B"], ["random", "random"], {}))
    >>> row["players"], row["bots"], row["winners"] != ""
    ('A;B', 'random;random', True)
    """
    name, index, seed, names, kinds, options = task
    module = game_module(name)
    this_seed = game_seed(seed, index)
    game = module.new_game(names, seed=this_seed, **options)
    bots = {
        seat: make_bot(module, kind, game_seed(this_seed, seat))
        for seat, kind in enumerate(kinds)
    }
    play_out(game, bots)
    row: Row = {
        "game": index,
        "seed": this_seed,
        "players": ";".join(game.players),
        "bots": ";".join(kinds),
        "winners": ";".join(game.winners),
        "actions": len(game.log),
        "waited_moves": game.waited_moves,
    }
    for key, value in game.summary().items():
        row.setdefault(key, value)
    rounds = [{"game": index, "seed": this_seed, **metrics} for metrics in game.rounds]
    return row, rounds


def simulate(
    game: str,
    games: int,
    players: int | Sequence[str],
    seed: int,
    bots: str | Sequence[str] | None = None,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    progress: Progress | None = None,
) -> tuple[list[Row], list[Row]]:
    """Play ``games`` bot games of ``game``; return (one row per game, every metrics row).

    ``players`` is a number of seats or a list of names; ``bots`` one kind for every seat or a
    list repeated round the table (the game's preferred kind when None). The rows are identical
    for any number of ``workers``.

    >>> one, _ = simulate("scrumkin", 4, 2, seed=9, bots="random", workers=1)
    >>> two, _ = simulate("scrumkin", 4, 2, seed=9, bots="random", workers=1)
    >>> one == two
    True
    """
    names, kinds, options = checked_run(game, games, players, seed, bots, options)
    tasks = [(game, index, seed, names, kinds, options) for index in range(games)]
    game_rows: list[Row] = []
    round_rows: list[Row] = []
    for done, (row, rounds) in enumerate(_run(tasks, workers), start=1):
        game_rows.append(row)
        round_rows.extend(rounds)
        if progress is not None:
            progress(done, games)
    return game_rows, round_rows


def checked_run(game: str, games: int, players: int | Sequence[str], seed: int,
                bots: str | Sequence[str] | None, options: dict[str, Any] | None
                ) -> tuple[list[str], list[str], dict[str, Any]]:
    """The seat names, the bot kind of each seat and the options of a run of ``games`` games,
    checked here, in this process, before any game is sent away: unknown games, bots and
    options and bad set-ups raise with the engine's sentence.

    >>> checked_run("scrumkin", 3, 3, 1, ["heuristic", "random"], None)
    (['P1', 'P2', 'P3'], ['heuristic', 'random', 'heuristic'], {})
    """
    if games < 0:
        raise ValueError("The number of games cannot be negative.")
    module = game_module(game)
    names = player_names(players)
    kinds = seat_bots(bots if bots is not None else default_bot(module), len(names))
    for kind in set(kinds):
        check_bot(module, kind)
    options = dict(options or {})
    module.new_game(names, seed=seed, **options)  # set-up errors surface here
    return names, kinds, options


def _run(tasks: list[Task], workers: int) -> Iterator[tuple[Row, list[Row]]]:
    """Results of ``play_one`` for each task, in task order, in this process or in a pool."""
    if workers <= 1 or len(tasks) < 2:
        yield from map(play_one, tasks)
        return
    workers = min(workers, len(tasks))
    chunk = max(1, min(50, len(tasks) // (workers * 8)))
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap(play_one, tasks, chunksize=chunk)


# ----- CSV -----------------------------------------------------------------------------------
def csv_cell(value: Any) -> Any:
    """A value as a CSV cell: lists joined by ";", dicts as JSON, None as empty, and text a
    spreadsheet would read as a formula made harmless.

    >>> csv_cell(["Red", "Blue"]), csv_cell(None), csv_cell(3), csv_cell({"b": 1})
    ('Red;Blue', '', 3, '{"b": 1}')
    >>> csv_cell(["=1+1", "Blue"]), csv_cell(-4)
    ("'=1+1;Blue", -4)
    """
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        value = ";".join(str(item) for item in value)
    elif isinstance(value, dict):
        value = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return spreadsheet_safe(value)


def columns(rows: Iterable[Row], first: Sequence[str] = ()) -> list[str]:
    """Every key of the rows, ``first`` ones first, then in the order they are first seen.

    >>> columns([{"b": 1, "a": 2}, {"c": 3}], first=["a"])
    ['a', 'b', 'c']
    """
    seen = dict.fromkeys(first)
    for row in rows:
        seen.update(dict.fromkeys(row))
    return list(seen)


def write_csv(stream: TextIO, rows: list[Row], first: Sequence[str] = ()) -> None:
    """Write rows as CSV (a header, then one line per row; missing cells left empty).

    >>> import io
    >>> out = io.StringIO()
    >>> write_csv(out, [{"game": 0, "winners": ["Red"]}, {"game": 1, "winners": []}])
    >>> print(out.getvalue(), end="")
    game,winners
    0,Red
    1,
    """
    writer = csv.DictWriter(stream, fieldnames=columns(rows, first), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: csv_cell(value) for key, value in row.items()})


def write_results(out_dir: str | Path, game_rows: list[Row], round_rows: list[Row]) -> list[Path]:
    """Write ``games.csv`` and ``rounds.csv`` (UTF-8) into ``out_dir``; return their paths.

    >>> import tempfile
    >>> rows = simulate("scrumkin", 2, 2, seed=1, bots="random")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     [path.name for path in write_results(folder, *rows)]
    ['games.csv', 'rounds.csv']
    """
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, rows, first in (
        ("games.csv", game_rows, GAME_COLUMNS),
        ("rounds.csv", round_rows, ROUND_COLUMNS),
    ):
        path = folder / name
        with path.open("w", encoding="utf-8", newline="") as stream:
            write_csv(stream, rows, first)
        paths.append(path)
    return paths


# ----- progress ------------------------------------------------------------------------------
#: Seconds a run lasts before its progress bar is drawn: a quicker run shows only its last line.
BAR_AFTER_SECONDS = 1.0


class TextProgress:
    """A plain-text progress bar redrawn in place on a terminal (once the run has lasted
    ``after`` seconds, then at most ten times a second), and the run's last line
    (:meth:`finish`), which takes the bar's place.

    On anything that is not a terminal (a pipe, a log file, a CI job) only the last line is
    written, so logs are not flooded. The stream is stderr: stdout keeps the command's answer.

    >>> import io
    >>> bar = TextProgress(io.StringIO())
    >>> bar(5, 10)
    >>> bar.finish("Played 10 games in 0.1 s.")
    >>> bar.stream.getvalue()
    'Played 10 games in 0.1 s.\\n'
    """

    def __init__(self, stream: TextIO | None = None, width: int = 30,
                 after: float = BAR_AFTER_SECONDS) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.live = bool(getattr(self.stream, "isatty", lambda: False)())
        self.started = time.monotonic()
        self.after = after
        self.drawn = 0.0  # when the bar was last drawn (0: never)
        self.length = 0  # the characters of the bar's line

    def __call__(self, done: int, total: int) -> None:
        if not self.live:
            return
        now = time.monotonic()
        if now - self.started < self.after or now - self.drawn < 0.1:
            return
        self.drawn = now
        filled = self.width * done // max(total, 1)
        bar = "#" * filled + "." * (self.width - filled)
        rate = done / max(now - self.started, 1e-9)
        games = _("{done}/{total} games ({rate}/s)").format(
            done=format_number(done, 0), total=format_number(total, 0),
            rate=format_number(rate, 0))
        line = f"[{bar}] {games}"
        self.stream.write(f"\r{line:<{self.length}}")
        self.length = len(line)
        self.stream.flush()

    def finish(self, line: str) -> None:
        """Write the run's last line, in the place of the bar when one was drawn."""
        rubbed = f"\r{'':<{self.length}}\r" if self.live and self.drawn else ""
        self.stream.write(f"{rubbed}{line}\n")
        self.stream.flush()
