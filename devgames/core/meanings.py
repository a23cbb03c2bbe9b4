"""What each card stands for: one line in our own words (the practice, and why it helps or hurts)
and its kind, for every card of every game. Kept in ``meanings.csv`` beside each game's
``cards.csv``; the hand, the table, the debrief and the handouts all read it from here.

The kinds (our own judgement, explained in ``docs/card-meanings.md``):

- ``investment``: costs now, pays later (Architecture Change, 3 Amigos);
- ``shortcut``: pays now, costs later (overtime, skipped tests);
- ``help``: good for the team that gets it, with no cost to come;
- ``harm``: bad for the team that gets it (bugs, outages, a burnt-out developer).

>>> meaning = meanings("exploding")["Exploding Git Commit"]
>>> meaning.kind in KINDS, meaning.line.endswith(".")
(True, True)
"""

import csv
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from devgames import game_module

KINDS = ("investment", "shortcut", "help", "harm")


@dataclass(frozen=True)
class Meaning:
    """A card's kind (one of :data:`KINDS`) and its one-line description."""

    kind: str
    line: str


def meanings_file(game: str) -> Path:
    """Where the meanings of ``game``'s cards are kept.

    >>> meanings_file("scrumkin").name
    'meanings.csv'
    """
    module_file = game_module(game).__file__
    assert module_file is not None  # a game is a package on disk
    return Path(module_file).with_name("meanings.csv")


@cache
def meanings(game: str) -> dict[str, Meaning]:
    """Each card name of ``game`` with its :class:`Meaning` (rows starting ``#`` are comments).

    >>> meanings("scrumkin")["Architecture Change"].kind, len(meanings("itstartup"))
    ('investment', 41)
    """
    with meanings_file(game).open(encoding="utf-8", newline="") as file:
        rows = csv.DictReader(line for line in file if not line.startswith("#"))
        found = {row["name"]: Meaning(row["kind"], row["meaning"]) for row in rows}
    wrong = sorted(name for name, meaning in found.items() if meaning.kind not in KINDS)
    if wrong:
        raise ValueError(f"{game}: cards of no known kind in meanings.csv: {', '.join(wrong)}.")
    return found


def meaning_of(game: str, name: str) -> Meaning | None:
    """The meaning of the card called ``name`` in ``game``; None for a name without one.

    >>> meaning_of("exploding", "Mitigate").kind
    'help'
    >>> meaning_of("exploding", "No such card") is None
    True
    """
    return meanings(game).get(name)
