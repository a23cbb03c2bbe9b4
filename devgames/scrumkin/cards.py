"""The 108 Scrumkin cards, read from our own table ``cards.csv`` beside this module."""

import csv
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard

from devgames.i18n import _, ngettext

CARDS_FILE = Path(__file__).with_name("cards.csv")

#: Marker in a card's values for Scrum of Scrums: 1 per OTHER team with one in play.
PER_OTHER_SOS = None


@dataclass(frozen=True)
class Card:
    """One printed card.

    ``values`` are the velocity values in play order (``None`` stands for Scrum of Scrums' ``n``);
    ``permanent`` keeps the last value for ever; ``defensive`` cards can counter; ``bugs`` is what
    a bug action card adds to the leader's backlog.
    """

    id: int
    name: str
    deck: str  # "sprint" or "action"
    values: tuple[int | None, ...]
    permanent: bool
    defensive: bool
    bugs: int

    @property
    def kind(self) -> str:
        """``velocity`` for sprint cards, ``boost`` or ``bug`` for action cards."""
        if self.deck == "sprint":
            return "velocity"
        return "bug" if self.bugs else "boost"

    def value_at(self, age: int) -> int | None:
        """The card's value ``age`` sprints after it was played (None: Scrum of Scrums).

        >>> CARDS[27].name, [CARDS[27].value_at(age) for age in range(6)]
        ('Fairy dust', [3, 2, 1, -2, -2, -2])
        """
        return self.values[min(age, len(self.values) - 1)]

    def label(self) -> str:
        """How the card's figures are printed in a hand or a list.

        >>> CARDS[27].label(), CARDS[25].label(), CARDS[42].label(), CARDS[99].label()
        ('+3 +2 +1 -2 for ever', '+2 -2', 'n for ever', '3 bugs')
        """
        if self.deck == "action":
            return ngettext("{n} bug", "{n} bugs", self.bugs).format(n=self.bugs) if self.bugs \
                else _("{boost} for everyone").format(boost=f"{self.values[0]:+d}")
        text = " ".join("n" if v is None else f"{v:+d}" for v in self.values)
        return _("{values} for ever").format(values=text) if self.permanent else text


def fixed(values: tuple[int | None, ...]) -> TypeGuard[tuple[int, ...]]:
    """True for the values of any card but Scrum of Scrums (whose ``n`` counts the table).

    >>> fixed(CARDS[27].values), fixed(CARDS[42].values)
    (True, False)
    """
    return PER_OTHER_SOS not in values


def scrum_of_scrums_value(holders: Sequence[bool], team: int) -> int:
    """What one Scrum of Scrums in front of ``team`` is worth, given which teams have one in
    play (``holders``, by seat): 1 per OTHER team with one. The engine and the bots both ask
    here.

    >>> scrum_of_scrums_value([True, False, True], 0), scrum_of_scrums_value([False, True], 0)
    (1, 1)
    """
    return sum(holders) - bool(holders[team])


def scrum_of_scrums_values(holders: Sequence[bool]) -> list[int]:
    """What one Scrum of Scrums is worth in front of each team (by seat): as
    :func:`scrum_of_scrums_value` says, counting the holders once.

    >>> scrum_of_scrums_values([True, False, True])
    [1, 2, 1]
    """
    held = sum(holders)
    return [held - bool(holder) for holder in holders]


def _values(text: str) -> tuple[int | None, ...]:
    return tuple(PER_OTHER_SOS if part == "n" else int(part) for part in text.split())


def load_cards(path: Path = CARDS_FILE) -> dict[int, Card]:
    """Read the card table: id -> Card (comment lines start with ``#``)."""
    with path.open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(line for line in handle if not line.startswith("#"))
        cards = {}
        for row in rows:
            card = Card(
                id=int(row["id"]),
                name=row["name"],
                deck=row["deck"],
                values=_values(row["values"]),
                permanent=row["lasts"] == "forever",
                defensive=row["shield"] == "shield",
                bugs=int(row["bugs"] or 0),
            )
            cards[card.id] = card
    return cards


CARDS: dict[int, Card] = load_cards()
SPRINT_CARDS: tuple[int, ...] = tuple(c.id for c in CARDS.values() if c.deck == "sprint")
ACTION_CARDS: tuple[int, ...] = tuple(c.id for c in CARDS.values() if c.deck == "action")
SCRUM_OF_SCRUMS: frozenset[int] = frozenset(
    c.id for c in CARDS.values() if PER_OTHER_SOS in c.values
)
