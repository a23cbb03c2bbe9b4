"""``events.csv``: the replayable log of a session, written for people and read back exactly.

The first row is the session (``number`` 0, ``kind`` "session"): the game, its rules version,
the seed, and the players, options and meta (seats, debrief notes) as JSON in ``players_json``,
``options_json`` and ``meta_json``; the seed is written whole after an apostrophe (``'7``), as
text: pandas reads it as text whatever its size (digits alone, in a column empty on the other
rows, come back as a float such as 4.1e+09), and a spreadsheet keeps every digit (128 bits for a
new session). The row's description names it too, so that a seed a spreadsheet rounded in an
older file is found again. These six columns are empty on every other row. Then comes
one row per move, in order (``number`` 1, 2...): ``player`` is the acting team's name ("deck"
for a card, roll or coin entered by the facilitator), ``target`` the team a move is aimed at
(played into, taken from, asked for help, robbed) and ``target_card`` the card a move is aimed
at (an IT Startup employee), so no column holds a seat number; ``cards`` lists card ids ("none"
for an empty choice). A pandas reader keeps the moves with ``table[table["kind"] != "session"]``.

After ``number`` come the game's own counts of play (:data:`PROGRESS_COLUMNS`), each as the game
stood when the move was made (on the session row: as it was set up, so that every cell is a whole
number): ``release`` and ``iteration`` in Release!, ``sprint`` in Scrumkin, ``round`` in IT
Startup, ``round`` and ``turn`` in РЕЛИЗ (turn 0: the set-up), ``turn`` in Exploding Git Commits;
a count the game does not keep has no column. Then ``time_utc``, when the move was saved in the
session store (UTC, to the millisecond), where the export is given the store's times; empty on
the session row and for a move saved untimed, and no column for a game exported without them.

Why a first row: the file stays one plain table (one header, the same columns on every row) that
a spreadsheet and ``pandas.read_csv`` open as they are, the session's JSON is written once instead
of on every move, and a session with no moves yet still has a row to rebuild it from.

Reading maps the names back to seats through the session row's players. A team whose name starts
with an apostrophe is written with one more (the writer already puts one before a name a
spreadsheet would run as a formula); should a team be called "deck", the deck is "(deck)".
Files of the older format (the session's JSON and an ``action_json`` on every row) still load.

>>> from devgames import scrumkin
>>> game = scrumkin.new_game(["Red", "Blue", "Green"], seed=7)
>>> game.play("Red", "Scope creep", target="Blue")
>>> events_table(game)[["number", "sprint", "player", "kind", "card_name", "target", "seed"]]
   number  sprint player     kind    card_name target seed
0       0       1    NaN  session          NaN    NaN   '7
1       1       1    Red     play  Scope creep   Blue  NaN
"""

import io
import json
import math
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import pandas as pd

from devgames import SpecTable, game_module
from devgames.core.actions import CHANCE, Action
from devgames.core.cells import spreadsheet_safe
from devgames.core.game import Game
from devgames.core.session import Session

#: The kind of the first row, which holds the session instead of a move.
SESSION_KIND = "session"
#: Columns of a move, then the session's columns (filled on the session row only).
MOVE_COLUMNS = ("number", "player", "kind", "card", "card_name", "target", "target_card",
                "count", "cards", "description")
SESSION_COLUMNS = ("game", "rules_version", "seed", "players_json", "options_json", "meta_json")
EVENT_COLUMNS = MOVE_COLUMNS + SESSION_COLUMNS
#: The counts of play a game's public view (``game.view(None)``) may keep, in the order of their
#: columns after ``number``: each one the game keeps is a column, with its value at each move.
PROGRESS_COLUMNS = ("release", "iteration", "sprint", "round", "turn")
#: The column of when each move was saved in the session store (UTC).
TIME_COLUMN = "time_utc"
#: The kinds of move whose target is a seat, by game (from its spec); any other target is a card.
SEAT_TARGETS: SpecTable[frozenset[str]] = SpecTable(lambda spec: spec.seat_targets)
#: How a move's empty choice of cards (an IT Startup mulligan keeping every card) is written.
NO_CARDS = "none"

_INTS = ("number", "card", "target_card", "count")
#: The end of the session row's description: the seed again, as text no spreadsheet rounds.
_NAMED_SEED = re.compile(r", seed (-?\d+)$")


def progress(view: Mapping[str, Any]) -> dict[str, int]:
    """The counts of play (:data:`PROGRESS_COLUMNS`) a game's public view holds.

    >>> progress({"release": 2, "releases": 5, "iteration": 7, "round": None, "is_over": False})
    {'release': 2, 'iteration': 7}
    """
    return {name: view[name] for name in PROGRESS_COLUMNS
            if type(view.get(name)) is int}  # not a bool, nor a count the game does not keep


def time_cell(at: datetime | None) -> str | None:
    """When a move was saved, as ``time_utc`` writes it: UTC to the millisecond, which pandas
    (``parse_dates``) and spreadsheets read as a date and time.

    >>> time_cell(datetime(2025, 3, 4, 9, 5, 7, 123456, tzinfo=UTC)), time_cell(None)
    ('2025-03-04 09:05:07.123', None)
    """
    return None if at is None else at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]


def seed_cell(seed: int) -> str:
    """The seed as ``events.csv`` writes it: its digits after an apostrophe, text for pandas and
    for a spreadsheet (which would round a number past 15 digits).

    >>> seed_cell(4_100_000_000), seed_cell(0)
    ("'4100000000", "'0")
    """
    return f"'{seed}"


class EventsFileError(ValueError):
    """An ``events.csv`` file that cannot rebuild its game, with a sentence saying why."""


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def deck_label(players: Sequence[str]) -> str:
    """How the deck (cards, rolls and coins entered by the facilitator) is named in ``player``:
    "deck", unless a team is called so.

    >>> deck_label(["Red", "Blue"]), deck_label(["deck", "(deck)"])
    ('deck', '((deck))')
    """
    label = "deck"
    while label in players:
        label = f"({label})"
    return label


def team_cell(name: str) -> str:
    """A team's name as ``events.csv`` writes it: as it is, with one more apostrophe in front of a
    name that starts with one (see :class:`Seats`).

    >>> team_cell("Red"), team_cell("'quoted'")
    ('Red', "''quoted'")
    """
    return "'" + name if name.startswith("'") else name


class Seats:
    """The seats of a session's players, found from their names as ``events.csv`` holds them.

    A name is read as written by :func:`team_cell`, before or after the CSV writer neutralises a
    formula (``=x`` is written ``'=x``, and a team called ``'=x`` is written ``''=x``).

    >>> seats = Seats(["=x", "'=x", "deck"])
    >>> seats.seat("'=x", "player", 1), seats.seat("''=x", "target", 1)
    (0, 1)
    >>> seats.seat("(deck)", "player", 2), seats.name(-1), seats.name(1)
    (-1, '(deck)', "''=x")
    >>> seats.seat("Bob", "target", 3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    devgames.export.events.EventsFileError: Move 3 names 'Bob' as its target, who is not one ...
    """

    def __init__(self, players: Sequence[str]) -> None:
        self.players = tuple(players)
        self.chance = deck_label(players)
        self.by_cell: dict[str, int] = {}
        for seat, name in enumerate(players):
            written = team_cell(name)
            self.by_cell[written] = self.by_cell[spreadsheet_safe(written)] = seat

    def name(self, seat: int) -> str:
        """The cell naming ``seat`` (``CHANCE``: the deck)."""
        return self.chance if seat == CHANCE else team_cell(self.players[seat])

    def seat(self, cell: str, column: str, number: int) -> int:
        """The seat a cell of ``column`` names on move ``number``, or a sentence saying why not."""
        if column == "player" and cell == self.chance:
            return CHANCE
        if cell in self.by_cell:
            return self.by_cell[cell]
        if not cell:
            raise EventsFileError(f"Move {number} names no {column}.")
        named = ", ".join(map(repr, self.players))
        raise EventsFileError(f"Move {number} names {cell!r} as its {column}, who is not one of "
                              f"this session's players ({named}).")


def events_table(game: Game, times: Sequence[datetime | None] | None = None) -> pd.DataFrame:
    """The session row, then one row per move naming teams, enough to rebuild the game.

    ``description`` is the game's sentence for the move as it was played, and the game's counts
    of play (``sprint``...) are those it showed then. ``times`` (the session store's
    ``move_times``, one per saved move) adds the column ``time_utc``; a move past them (not saved
    yet) has none.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue", "Green"], seed=7)
    >>> game.play("Red", "Scope creep", target="Blue")
    >>> table = events_table(game)
    >>> table.loc[1, "description"], table.loc[0, "players_json"]
    ("Red plays Scope creep (-1) into Blue's game", '["Red","Blue","Green"]')
    >>> session_from_events(table).replay().snapshot() == game.snapshot()
    True
    """
    session = game.session()
    seats = Seats(session.players)
    at_seat = SEAT_TARGETS.get(session.game, frozenset())
    names = game_module(game.name).CARDS
    saved = list(times or [])[:len(session.log)]
    saved += [None] * (len(session.log) - len(saved))
    replay = session.new_game()  # each sentence is said in the position the move was made
    counts = progress(replay.view(None))
    counted = dict.fromkeys(counts)  # the counts of play the game keeps, in column order
    rows: list[dict[str, Any]] = [{
        "number": 0, **counts, "player": None, "kind": SESSION_KIND,
        "description": f"{session.game} for {', '.join(session.players)}, seed {session.seed}",
        "game": session.game, "rules_version": session.rules_version,
        "seed": seed_cell(session.seed),
        "players_json": _json(session.players), "options_json": _json(session.options),
        "meta_json": _json(session.meta),
    }]
    for number, (action, at) in enumerate(zip(session.log, saved, strict=True), 1):
        seat = action.target if action.kind in at_seat else None  # a target that is a seat
        counts = progress(replay.view(None))
        counted.update(dict.fromkeys(counts))
        rows.append({
            "number": number,
            **counts,
            TIME_COLUMN: time_cell(at),
            "player": seats.name(action.player),
            "kind": action.kind,
            "card": action.card,
            "card_name": names[action.card].name if action.card in names else None,
            "target": seats.name(seat) if seat is not None else None,
            "target_card": None if seat is not None else action.target,
            "count": action.count,
            "cards": None if action.cards is None else " ".join(map(str, action.cards)) or NO_CARDS,
            "description": replay.describe(action),
        })
        replay.apply(action)
    kept = [name for name in PROGRESS_COLUMNS if name in counted]
    timed = [TIME_COLUMN] if times is not None else []
    columns = ["number", *kept, *timed, *EVENT_COLUMNS[1:]]
    return pd.DataFrame(rows, columns=columns).astype(
        {name: "Int64" for name in (*_INTS, *kept)})


def _text(value: Any) -> str:
    """A cell as text, whichever way it was read ("" for a blank, "7" for 7.0)."""
    if value is None or (not isinstance(value, str) and pd.isna(value)):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _int(value: Any) -> int | None:
    text = _text(value).strip()
    return int(text) if text else None


def _action(row: dict[str, Any], seats: Seats) -> Action:
    """The move of one row of the current format."""
    number = _int(row["number"]) or 0
    target, card_target = _text(row["target"]), _int(row["target_card"])
    if target and card_target is not None:
        raise EventsFileError(f"Move {number} has both a target team and a target card.")
    cards = _text(row["cards"]).strip()
    return Action(
        kind=_text(row["kind"]),
        player=seats.seat(_text(row["player"]), "player", number),
        card=_int(row["card"]),
        target=seats.seat(target, "target", number) if target else card_target,
        count=_int(row["count"]),
        cards=None if not cards else () if cards == NO_CARDS else tuple(map(int, cards.split())),
    )


def _header(rows: pd.DataFrame) -> pd.Series:
    """The one row of the session's columns (all rows must agree)."""
    setup = rows[list(SESSION_COLUMNS)].map(_text).drop_duplicates()
    if len(setup) != 1:
        raise EventsFileError("This events file mixes rows of more than one session.")
    return setup.iloc[0]


def _seed(cell: str, description: str) -> int:
    """The session's seed: its ``seed`` cell, or the seed the session row's description names
    where a spreadsheet rounded the cell (it keeps 15 digits; a new session's seed has up to 39).

    >>> _seed("'7", "scrumkin for Red, Blue, seed 7"), _seed("7", "")
    (7, 7)
    >>> _seed("2.60299E+38", "scrumkin for Red, seed 260299456221816779509151915227237864890")
    260299456221816779509151915227237864890
    >>> _seed("8", "scrumkin for Red, Blue, seed 7")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    devgames.export.events.EventsFileError: This events file's seed (8) is not the one its ...
    """
    cell = cell.strip().removeprefix("'")  # written as text; older files: digits alone
    named = _NAMED_SEED.search(description)
    if named is None or cell == named.group(1):
        return int(cell)
    seed = int(named.group(1))
    try:
        rounded = float(cell)
    except ValueError:
        rounded = math.nan
    if math.isclose(rounded, seed, rel_tol=1e-5):
        return seed
    raise EventsFileError(f"This events file's seed ({cell}) is not the one its session row's "
                          f"description names ({seed}); put the right one in the seed column.")


def _session(head: pd.Series, log: list[Action], description: str = "") -> Session:
    return Session(
        game=head["game"],
        rules_version=head["rules_version"],
        players=[str(name) for name in json.loads(head["players_json"])],
        options=dict(json.loads(head["options_json"])),
        seed=_seed(head["seed"], description),
        log=log,
        meta=dict(json.loads(head["meta_json"])),
    )


def _numbered(moves: pd.DataFrame) -> pd.DataFrame:
    """The moves in order, refused unless they are numbered 1, 2... with none missing."""
    numbers = moves["number"].map(_int)
    if sorted(numbers) != list(range(1, len(moves) + 1)):
        raise EventsFileError("This events file's moves are not numbered 1 to "
                         f"{len(moves)}: a move is missing or repeated.")
    return moves.assign(_n=numbers).sort_values("_n")


def _current(events: pd.DataFrame) -> Session:
    """The session of a file in the current format: a session row, then moves naming teams."""
    is_head = events["kind"].map(_text) == SESSION_KIND
    if not is_head.any():
        raise EventsFileError("This events file has no session row (kind 'session'), so it cannot "
                         "rebuild a game.")
    if is_head.sum() > 1:
        raise EventsFileError("This events file mixes rows of more than one session.")
    head = _header(events[is_head])
    seats = Seats([str(name) for name in json.loads(head["players_json"])])
    moves = _numbered(events[~is_head])
    description = _text(events[is_head]["description"].iloc[0])
    return _session(head, [_action(row, seats) for row in moves.to_dict("records")],
                    description)


def _older(events: pd.DataFrame) -> Session:
    """The session of a file in the older format: the session's columns and the move as JSON
    (``action_json``, seats as numbers) on every row."""
    moves = _numbered(events)
    log = [Action.from_json(json.loads(_text(text))) for text in moves["action_json"]]
    return _session(_header(events), log)


def session_from_events(events: pd.DataFrame | str | bytes) -> Session:
    """The session an ``events.csv`` file (its text, bytes or table) was made from, in the
    current format or the older one.

    Raises :class:`EventsFileError` (a ValueError) with a sentence for the facilitator for an
    empty or damaged file, one with rows of more than one session, or one naming a team that is
    not among its players.

    >>> session_from_events("number,kind\\r\\n")
    Traceback (most recent call last):
    ...
    devgames.export.events.EventsFileError: This events file is empty, so it cannot rebuild a game.
    """
    if isinstance(events, bytes):
        events = events.decode("utf-8-sig")
    if isinstance(events, str):
        text = events.removeprefix("\ufeff")
        events = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)
    if events.empty:
        raise EventsFileError("This events file is empty, so it cannot rebuild a game.")
    older = "action_json" in events.columns
    needed = {"number", "action_json"} if older else {"kind", *MOVE_COLUMNS}
    missing = (needed | set(SESSION_COLUMNS)) - set(events.columns)
    if missing:
        named = ", ".join(sorted(missing))
        raise EventsFileError(f"This is not a devgames events file (it lacks {named}).")
    try:
        return _older(events) if older else _current(events)
    except EventsFileError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise EventsFileError(f"This events file is damaged ({error}).") from None
