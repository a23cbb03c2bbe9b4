"""What each card stands for: one line in our own words (the practice, and why it helps or hurts)
and its kind, for every card of every game. Kept in ``meanings.csv`` beside each game's
``cards.csv``; the hand, the table, the debrief and the handouts all read it from here.

The kinds (our own judgement, explained in ``docs/card-meanings.md``):

- ``investment``: costs now, pays later (Architecture Change, 3 Amigos);
- ``shortcut``: pays now, costs later (overtime, skipped tests);
- ``help``: good for the team that gets it, with no cost to come;
- ``harm``: bad for the team that gets it (bugs, outages, a burnt-out developer).

The lines are written in English in ``meanings.csv`` and in another language in a parallel file,
``meanings.<language>.csv`` (``meanings.ru.csv``): the card name as ``meanings.csv`` spells it
(card names are not translated) and the translated line, nothing else; the kind is kept in
``meanings.csv`` only. :func:`meanings` gives the lines of the language in use
(:func:`devgames.i18n.language`), and the English line of a card the translation lacks.

>>> meaning = meanings("exploding")["Exploding Git Commit"]
>>> meaning.kind in KINDS, meaning.line.endswith(".")
(True, True)
>>> from devgames.i18n import speaking
>>> with speaking("ru"):
...     nope = meanings("exploding")["Nope"]
>>> nope == Meaning("help", translated_lines("exploding", "ru")["Nope"]), nope.line[:9]
(True, 'Отказ на ')
>>> meaning_of("exploding", "Nope").line[:9]
'Saying no'
"""

import csv
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from devgames import game_module
from devgames.i18n import DEFAULT, N_, language

KINDS = ("investment", "shortcut", "help", "harm")
#: The words of each kind, as a screen shows them (translated there).
KIND_WORDS = {"investment": N_("investment"), "shortcut": N_("shortcut"), "help": N_("help"),
              "harm": N_("harm")}


@dataclass(frozen=True)
class Meaning:
    """A card's kind (one of :data:`KINDS`) and its one-line description."""

    kind: str
    line: str


def meanings_file(game: str, code: str = DEFAULT) -> Path:
    """Where the meanings of ``game``'s cards are kept: in English (the kinds too), or the lines
    translated into the language ``code``.

    >>> meanings_file("scrumkin").name, meanings_file("scrumkin", "ru").name
    ('meanings.csv', 'meanings.ru.csv')
    """
    module_file = game_module(game).__file__
    assert module_file is not None  # a game is a package on disk
    name = "meanings.csv" if code == DEFAULT else f"meanings.{code}.csv"
    return Path(module_file).with_name(name)


def _rows(path: Path) -> Iterator[dict[str, str]]:
    """The rows of a meanings file (rows starting ``#`` are comments)."""
    with path.open(encoding="utf-8", newline="") as file:
        yield from csv.DictReader(line for line in file if not line.startswith("#"))


def translated_lines(game: str, code: str) -> dict[str, str]:
    """Each card name of ``game`` with its line in the language ``code``, as written in
    ``meanings.<code>.csv`` (``name,meaning``); empty when there is no such file.

    >>> translated_lines("exploding", "ru")["Mitigate"].endswith(".")
    True
    >>> translated_lines("exploding", "xx")
    {}
    """
    path = meanings_file(game, code)
    if code == DEFAULT or not path.is_file():
        return {}
    return {row["name"]: row["meaning"] for row in _rows(path)}


@cache
def meanings_in(game: str, code: str) -> dict[str, Meaning]:
    """Each card name of ``game`` with its :class:`Meaning`, the line in the language ``code``
    (in English for a card that language's file lacks).

    >>> russian = meanings_in("scrumkin", "ru")
    >>> russian["Architecture Change"].kind, len(russian) == len(meanings_in("scrumkin", "en"))
    ('investment', True)
    """
    found = {row["name"]: Meaning(row["kind"], row["meaning"])
             for row in _rows(meanings_file(game))}
    wrong = sorted(name for name, meaning in found.items() if meaning.kind not in KINDS)
    if wrong:
        raise ValueError(f"{game}: cards of no known kind in meanings.csv: {', '.join(wrong)}.")
    lines = translated_lines(game, code)
    return {name: Meaning(meaning.kind, lines.get(name) or meaning.line)
            for name, meaning in found.items()}


def meanings(game: str) -> dict[str, Meaning]:
    """Each card name of ``game`` with its :class:`Meaning`, the line in the language in use.

    >>> meanings("scrumkin")["Architecture Change"].kind, len(meanings("itstartup"))
    ('investment', 41)
    """
    return meanings_in(game, language())


def meaning_of(game: str, name: str) -> Meaning | None:
    """The meaning of the card called ``name`` in ``game``; None for a name without one.

    >>> meaning_of("exploding", "Mitigate").kind
    'help'
    >>> meaning_of("exploding", "No such card") is None
    True
    """
    return meanings(game).get(name)
