"""The 56 Exploding Git Commits cards, read from our own table ``cards.csv`` beside this module.

Copies of a card are identical, so a card id names a title (1 to 13) and hands, the deck and the
discard pile are lists of these ids.

>>> CARDS[EXPLODING].name, CARDS[MITIGATE].count, len(COMPOSITION)
('Exploding Git Commit', 6, 56)
>>> [CARDS[c].name for c in CODE_CARDS][:2]
['Spaghetti Code', 'Legacy Code']
"""

import csv
from dataclasses import dataclass
from pathlib import Path

CARDS_FILE = Path(__file__).with_name("cards.csv")
KINDS = ("exploding", "mitigate", "nope", "bail", "skip", "help", "shuffle", "peek", "code")


@dataclass(frozen=True)
class Card:
    """One title of the deck: its id, name, kind, copies in the box and what it does."""

    id: int
    name: str
    kind: str
    count: int
    does: str


def load_cards(path: Path = CARDS_FILE) -> dict[int, Card]:
    """Read the card table: id -> Card (comment lines start with ``#``).

    >>> sum(card.count for card in load_cards().values())
    56
    """
    with path.open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(line for line in handle if not line.startswith("#"))
        cards = {}
        for row in rows:
            card = Card(int(row["id"]), row["name"], row["kind"], int(row["count"]), row["does"])
            if card.kind not in KINDS:
                raise ValueError(f"cards.csv: unknown kind {card.kind!r} for {card.name}")
            cards[card.id] = card
    return cards


CARDS: dict[int, Card] = load_cards()
#: Every title id, in card order.
TITLES: tuple[int, ...] = tuple(sorted(CARDS))


def _only(kind: str) -> int:
    (card,) = (c for c, info in CARDS.items() if info.kind == kind)
    return card


EXPLODING = _only("exploding")
MITIGATE = _only("mitigate")
NOPE = _only("nope")
BAIL = _only("bail")
SKIP = _only("skip")
HELP = _only("help")
SHUFFLE = _only("shuffle")
PEEK = _only("peek")
#: The five Code Card titles (no effect alone; played in pairs).
CODE_CARDS: tuple[int, ...] = tuple(c for c in TITLES if CARDS[c].kind == "code")
#: All 56 cards of the box, as title ids in card order.
COMPOSITION: tuple[int, ...] = tuple(c for c in TITLES for _ in range(CARDS[c].count))
DECK_SIZE = len(COMPOSITION)
