"""Tidy tables of a played session: the metrics rows and the retro notes (the replayable log is
in :mod:`devgames.export.events`).

>>> from devgames import scrumkin
>>> rounds_table(scrumkin.new_game(["Red", "Blue"], seed=7)).columns[:3].tolist()
['sprint', 'team', 'committed']
"""

from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import Any

import pandas as pd

from devgames import SpecTable, game_spec
from devgames.core.game import Game
from devgames.core.spec import resolve

#: Columns of each game's ``rounds.csv``, in order, from its spec.
ROUND_COLUMNS: SpecTable[tuple[str, ...]] = SpecTable(lambda spec: spec.round_columns)
#: Columns of ``retro.csv``, after Parabol's retrospective export; an action of the "Now what?"
#: phase is a row of type "action" with its text, owner and due date in the last three columns.
RETRO_COLUMNS = ("prompt", "group", "content", "votes", "type", "created_at", "action", "owner",
                 "due", "author")

#: Debrief questions offered in ``retro.csv`` when the room has written no notes yet, by game.
DEBRIEF_PROMPTS: SpecTable[tuple[str, ...]] = SpecTable(lambda spec: spec.debrief_prompts)

#: The room's notes: each debrief prompt with its notes, as text or dicts (see retro_table).
Notes = Mapping[str, Iterable[str | Mapping[str, Any]]]

def rounds_table(game: Game) -> pd.DataFrame:
    """The metrics rows, one per player (or team) per round, in the columns of the game's spec:
    ``game.rounds``, or the rows its ``SPEC.rounds_table`` makes of the game (Scrumkin's start
    with a sprint report, see :mod:`devgames.scrumkin.metrics`).

    >>> from devgames import scrumkin
    >>> from devgames.core.bots import RandomBot, play_out
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=2)
    >>> _ = play_out(game, {0: RandomBot(1), 1: RandomBot(2)})
    >>> list(rounds_table(game).columns[:8])
    ['sprint', 'team', 'committed', 'added', 'taken_over', 'bugs_fixed', 'completed', 'remaining']
    >>> len(rounds_table(game)) == 2 * game.rounds[-1]["sprint"]
    True
    """
    spec = game_spec(game.name)
    rows = resolve(spec.rounds_table)(game) if spec.rounds_table else game.rounds
    return pd.DataFrame(rows, columns=list(spec.round_columns))


def extra_tables(game: Game) -> dict[str, pd.DataFrame]:
    """The game's more tables (``SPEC.extra_tables``), by file name.

    >>> from devgames import itstartup
    >>> list(extra_tables(itstartup.new_game(["Ada", "Bob"], seed=1)))
    ['employees.csv']
    """
    return {name: pd.DataFrame(getattr(game, rows), columns=list(columns))
            for name, (rows, columns) in game_spec(game.name).extra_tables.items()}


def employees_table(game: Game) -> pd.DataFrame:
    """One row per employee per turn (IT Startup's ``employees.csv``).

    >>> from devgames import itstartup
    >>> list(employees_table(itstartup.new_game(["Ada", "Bob"], seed=1)).columns[:4])
    ['tournament_game', 'round', 'turn', 'player']
    """
    return extra_tables(game)["employees.csv"]


def retro_table(prompts_and_notes: Notes) -> pd.DataFrame:
    """The debrief: each prompt with the room's notes, one row per note.

    A note is its text, or a dict with ``content`` and any of ``group``, ``votes``, ``type``
    (default "reflection"), ``created_at``, ``author`` (a participant id, or the name a note
    was signed with), and for an action ``action``, ``owner`` and ``due``.
    A prompt without notes keeps one row of type "prompt", so the questions are in the file.

    >>> retro_table({"What helped?": ["Pairing", {"content": "Daily Standup", "votes": 3}],
    ...              "What hurt?": []})[["prompt", "content", "votes", "type"]]
             prompt        content  votes        type
    0  What helped?        Pairing      0  reflection
    1  What helped?  Daily Standup      3  reflection
    2    What hurt?                     0      prompt
    >>> retro_table({"Actions": [{"type": "action", "action": "Pair on bugs", "owner": "Ana",
    ...                           "due": date(2026, 12, 1)}]})[["type", "action", "owner", "due"]]
         type        action owner         due
    0  action  Pair on bugs   Ana  2026-12-01
    """
    rows: list[dict[str, Any]] = []
    for prompt, notes in prompts_and_notes.items():
        start = len(rows)
        for note in notes:
            data = {"content": note} if isinstance(note, str) else dict(note)
            rows.append({
                "prompt": str(prompt),
                "group": str(data.get("group") or ""),
                "content": str(data.get("content") or ""),
                "votes": int(data.get("votes") or 0),
                "type": str(data.get("type") or "reflection"),
                "created_at": _iso(data.get("created_at")),
                "action": str(data.get("action") or ""),
                "owner": str(data.get("owner") or ""),
                "due": _iso(data.get("due")),
                "author": str(data.get("author") or ""),
            })
        if len(rows) == start:
            rows.append({**dict.fromkeys(RETRO_COLUMNS, ""), "prompt": str(prompt), "votes": 0,
                         "type": "prompt"})
    return pd.DataFrame(rows, columns=list(RETRO_COLUMNS)).astype({"votes": "int64"})


def _iso(value: Any) -> str:
    """A date or time as ISO text; any other value as text; nothing as ''."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    return str(value or "")
