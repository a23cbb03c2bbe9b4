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

from devgames.core.game import Game
from devgames.exploding.game import ROUND_FIELDS as EXPLODING_FIELDS
from devgames.itstartup.game import EMPLOYEE_FIELDS
from devgames.itstartup.game import ROUND_FIELDS as ITSTARTUP_FIELDS
from devgames.scrumkin.game import ROUND_FIELDS as SCRUMKIN_FIELDS

#: Columns of each game's metrics rows, in order (a game not listed: the rows' own keys).
ROUND_COLUMNS: dict[str, tuple[str, ...]] = {
    "scrumkin": SCRUMKIN_FIELDS, "itstartup": ITSTARTUP_FIELDS, "exploding": EXPLODING_FIELDS,
}
#: Scrumkin's sprint-report columns, put before the engine's own metrics columns.
#: ``remaining = committed + added + taken_over - bugs_fixed - completed`` on every row.
JIRA_COLUMNS = ("committed", "added", "taken_over", "bugs_fixed", "completed", "remaining")
#: Columns of ``retro.csv``, after Parabol's retrospective export; an action of the "Now what?"
#: phase is a row of type "action" with its text, owner and due date in the last three columns.
RETRO_COLUMNS = ("prompt", "group", "content", "votes", "type", "created_at", "action", "owner",
                 "due")

#: Debrief questions offered in ``retro.csv`` when the room has written no notes yet.
DEBRIEF_PROMPTS: dict[str, tuple[str, ...]] = {
    "scrumkin": (
        "Which card helped your velocity most over the whole game, and when did it start "
        "paying off?",
        "When did your velocity drop, and what was in play then?",
        "Which cards did you keep for yourself, and which did you give away? Why?",
        "In the collaborative game: when did taking over another team's items pay off, "
        "and when not?",
    ),
    "itstartup": (
        "Who burnt out first, and what was asked of them just before?",
        "Where did your knowledge cards end up, and what happened to them when that developer "
        "left?",
        "Was poaching (Head Hunter, Outsourcing, the Agent) worth it? How did the other team "
        "react?",
    ),
    "exploding": (
        "When did you start counting the cards left, and did the odds change how you played?",
        "Which Nope mattered most, and what would have happened without it?",
        "Where did you hide the Exploding Git Commit after a Mitigate, and why there?",
        "What is our Mitigate at work: what stops a bad commit from taking production down?",
    ),
}

#: The room's notes: each debrief prompt with its notes, as text or dicts (see retro_table).
Notes = Mapping[str, Iterable[str | Mapping[str, Any]]]

def _scope_moves(game: Game) -> list[tuple[int, int]]:
    """Scrumkin: (items taken over, less those given away; bugs fixed by drops) per team per
    finished sprint, in the order of ``game.rounds``."""
    n = len(game.players)
    taken, fixed = [0] * n, [0] * n
    out: list[tuple[int, int]] = []
    for event in game.events:
        if event.kind == "take_over":
            taken[event.player] += event.data["count"]  # type: ignore[index]
            taken[event.data["from"]] -= event.data["count"]
        elif event.kind == "drop" and event.data["bug_fixed"]:
            fixed[event.player] += 1  # type: ignore[index]
        elif event.kind == "velocity":  # the end of a sprint
            out += zip(taken, fixed, strict=True)
            taken, fixed = [0] * n, [0] * n
    return out


def rounds_table(game: Game) -> pd.DataFrame:
    """The metrics rows: Scrumkin's one per team per sprint, IT Startup's one per player per turn.

    Scrumkin rows start with a sprint report: ``committed`` (backlog when the sprint started),
    ``added`` (bugs added), ``taken_over`` (items taken over from other teams, less those given
    away), ``bugs_fixed`` (by dropped cards), ``completed`` and ``remaining`` (backlog after).

    >>> from devgames import scrumkin
    >>> from devgames.core.bots import RandomBot, play_out
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=2)
    >>> _ = play_out(game, {0: RandomBot(1), 1: RandomBot(2)})
    >>> list(rounds_table(game).columns[:8])
    ['sprint', 'team', 'committed', 'added', 'taken_over', 'bugs_fixed', 'completed', 'remaining']
    >>> len(rounds_table(game)) == 2 * game.rounds[-1]["sprint"]
    True
    """
    if game.name != "scrumkin":
        columns = ROUND_COLUMNS.get(game.name)
        return pd.DataFrame(game.rounds, columns=list(columns) if columns else None)
    table = pd.DataFrame(game.rounds, columns=list(SCRUMKIN_FIELDS))
    moves = _scope_moves(game)
    jira = pd.DataFrame({
        "committed": table["backlog_before"],
        "added": table["bugs_added"],
        "taken_over": pd.Series([taken for taken, _ in moves], dtype="int64"),
        "bugs_fixed": pd.Series([fixed for _, fixed in moves], dtype="int64"),
        "completed": table["completed"],
        "remaining": table["backlog_after"],
    })
    rest = [name for name in SCRUMKIN_FIELDS if name not in ("sprint", "team", "completed")]
    return pd.concat([table[["sprint", "team"]], jira, table[rest]], axis=1)


def employees_table(game: Game) -> pd.DataFrame:
    """IT Startup: one row per employee per turn of its controller (``game.employee_rows``).

    >>> from devgames import itstartup
    >>> list(employees_table(itstartup.new_game(["Ada", "Bob"], seed=1)).columns[:4])
    ['tournament_game', 'round', 'turn', 'player']
    """
    return pd.DataFrame(game.employee_rows, columns=list(EMPLOYEE_FIELDS))  # type: ignore[attr-defined]


def retro_table(prompts_and_notes: Notes) -> pd.DataFrame:
    """The debrief: each prompt with the room's notes, one row per note.

    A note is its text, or a dict with ``content`` and any of ``group``, ``votes``, ``type``
    (default "reflection"), ``created_at``, and for an action ``action``, ``owner`` and ``due``.
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
    rows = []
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
