"""The room's notes as a retrospective board CSV file, for Parabol, EasyRetro, Retrium or any
board that takes a table of cards. ``docs/retro-board.md`` says which columns each tool takes
and how to import the file.

A note (a sticky) is a dict ``{"id", "phase", "prompt", "content", "group", "votes",
"created_at"}`` with ``phase`` one of "what", "so_what", "now_what", "cards", "map"; an action
is a dict ``{"id", "content" (or "action"), "owner", "due"}``. Every text cell that a spreadsheet
would run as a formula gets a leading apostrophe (:func:`devgames.core.cells.spreadsheet_safe`,
the rule every CSV file of devgames follows).

>>> notes = [{"id": "a", "phase": "what", "prompt": "What happened?", "content": "=SUM(1)",
...           "group": "Bugs", "votes": 2, "created_at": "2026-05-01T10:00:00+00:00"}]
>>> print(board_csv(notes, [{"id": "b", "content": "Pair on bugs", "owner": "Ana",
...                          "due": "2026-06-01"}], tool="generic"), end="")
Column,Card,Votes,Group,Owner,Due\r
What?,'=SUM(1),2,Bugs,,\r
Now what?,Pair on bugs,0,Actions,Ana,2026-06-01\r
"""

import csv
import io
from collections.abc import Iterable, Mapping
from typing import Any

from devgames.core.cells import spreadsheet_safe

#: Column titles of the debrief's phases, as the board's columns.
PHASE_COLUMNS = {"what": "What?", "so_what": "So what?", "now_what": "Now what?",
                 "cards": "Cards at work", "map": "Reveal & map"}
#: For actions: the column they go in, and their group.
ACTIONS_COLUMN, ACTIONS_GROUP = "Now what?", "Actions"

#: The columns of each tool's file, in order (see docs/retro-board.md).
BOARD_TOOLS: dict[str, tuple[str, ...]] = {
    # Parabol's own retrospective CSV (the columns its "Export to CSV" writes).
    "parabol": ("reflectionGroup", "author", "votes", "prompt", "type", "createdAt",
                "discussionThread", "content"),
    # No documented CSV import: a plain table of cards, one column of the board per row.
    "easyretro": ("Column", "Card", "Votes", "Group", "Owner", "Due"),
    "retrium": ("Column", "Card", "Votes", "Group", "Owner", "Due"),
    "generic": ("Column", "Card", "Votes", "Group", "Owner", "Due"),
}

Note = Mapping[str, Any]


def board_rows(stickies: Iterable[Note], actions: Iterable[Note] = ()) -> list[dict[str, Any]]:
    """One plain row per note, then one per action: ``column`` (the phase's title), ``prompt``,
    ``card`` (the text), ``group``, ``votes``, ``created_at``, ``type`` ("note" or "action"),
    ``owner`` and ``due``; notes in the order of the phases, each phase in the order given.

    >>> rows = board_rows([{"phase": "now_what", "content": "B"}, {"phase": "what",
    ...                     "content": "A", "votes": "3"}])
    >>> [(row["column"], row["card"], row["votes"]) for row in rows]
    [('What?', 'A', 3), ('Now what?', 'B', 0)]
    """
    order = list(PHASE_COLUMNS)
    notes = sorted(stickies, key=lambda note: order.index(note["phase"])
                   if note.get("phase") in order else len(order))
    rows = [{
        "column": PHASE_COLUMNS.get(str(note.get("phase")), str(note.get("phase") or "Notes")),
        "prompt": _text(note.get("prompt")),
        "card": _text(note.get("content")),
        "group": _text(note.get("group")),
        "votes": _votes(note.get("votes")),
        "created_at": _text(note.get("created_at")),
        "type": "note", "owner": "", "due": "",
    } for note in notes]
    rows += [{
        "column": ACTIONS_COLUMN, "prompt": "",
        "card": _text(action.get("content") or action.get("action")),
        "group": ACTIONS_GROUP, "votes": _votes(action.get("votes")),
        "created_at": _text(action.get("created_at")), "type": "action",
        "owner": _text(action.get("owner")), "due": _text(action.get("due")),
    } for action in actions]
    return rows


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _votes(value: Any) -> int:
    try:
        return max(0, int(value or 0))
    except (TypeError, ValueError):
        return 0


def _cells(row: Mapping[str, Any], tool: str) -> list[Any]:
    """A board row as the cells of ``tool``'s columns."""
    if tool == "parabol":
        action = row["type"] == "action"
        content = row["card"]
        if action:  # Parabol's tasks carry no owner or date of their own in the file
            extra = ", ".join(part for part in (row["owner"], f"due {row['due']}"
                                                if row["due"] else "") if part)
            content = f"{content} ({extra})" if extra else content
        cells = [row["group"] or row["column"], row["owner"] if action else "Anonymous",
                 row["votes"], row["prompt"] or row["column"], "Task" if action else "Reflection",
                 row["created_at"], "", content]
    else:
        cells = [row["column"], row["card"], row["votes"], row["group"], row["owner"], row["due"]]
    return [cell if isinstance(cell, int) else spreadsheet_safe(cell) for cell in cells]


def board_csv(stickies: Iterable[Note], actions: Iterable[Note] | str = (),
              tool: str = "generic", bom: bool = False) -> str:
    """The notes and actions as CSV text for ``tool`` (one of :data:`BOARD_TOOLS`): a header
    row, then one row per note and action, rows ended by CRLF; ``bom`` puts a UTF-8 byte-order
    mark first (for Excel). ``board_csv(stickies, "parabol")`` also works (no actions).

    >>> text = board_csv([{"phase": "so_what", "prompt": "Why?", "content": "+1 to pairing",
    ...                    "votes": 1}], "parabol")
    >>> text.splitlines()[1]
    "So what?,Anonymous,1,Why?,Reflection,,,'+1 to pairing"
    >>> board_csv([], tool="miro")
    Traceback (most recent call last):
    ...
    ValueError: No board format called 'miro'; the formats are: easyretro, generic, parabol, \
retrium.
    """
    if isinstance(actions, str):
        tool, actions = actions, ()
    if tool not in BOARD_TOOLS:
        raise ValueError(f"No board format called {tool!r}; the formats are: "
                         f"{', '.join(sorted(BOARD_TOOLS))}.")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(BOARD_TOOLS[tool])
    for row in board_rows(stickies, actions):
        writer.writerow(_cells(row, tool))
    return ("\ufeff" if bom else "") + out.getvalue()
