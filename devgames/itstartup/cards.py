"""The 64 IT Startup cards (41 distinct), read from our own table ``cards.csv``.

Each physical card has its own id (1 to 64), so two copies of a card are two ids with one key.
"""

import csv
from dataclasses import dataclass
from pathlib import Path

CARDS_FILE = Path(__file__).with_name("cards.csv")
EMPLOYEE_KINDS = frozenset({"developer", "hr", "coach"})
#: Burnout points an employee can take before leaving, before its shield (resistance).
BASE_BURNOUT_LIMIT = 3


@dataclass(frozen=True)
class Card:
    """One printed card: ``power`` is a developer's efficiency or a knowledge card's bonus."""

    id: int
    key: str
    name: str
    kind: str  # developer, hr, coach, knowledge, action
    cost: int
    power: int
    shield: int

    @property
    def is_employee(self) -> bool:
        """Developers, HR and agile coaches are employees."""
        return self.kind in EMPLOYEE_KINDS

    @property
    def burnout_limit(self) -> int:
        """The burnout at which this employee leaves: 3 plus its shield.

        >>> CARD_BY_KEY["downer_dave"].burnout_limit
        5
        """
        return BASE_BURNOUT_LIMIT + self.shield


def load_cards(path: Path = CARDS_FILE) -> dict[int, Card]:
    """Read the table, one Card per physical copy, ids 1..64 in table order."""
    cards: dict[int, Card] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(line for line in handle if not line.startswith("#")):
            for _ in range(int(row["copies"])):
                card = Card(
                    id=len(cards) + 1,
                    key=row["key"],
                    name=row["name"],
                    kind=row["kind"],
                    cost=int(row["cost"]),
                    power=int(row["power"] or 0),
                    shield=int(row["shield"] or 0),
                )
                cards[card.id] = card
    return cards


CARDS: dict[int, Card] = load_cards()
#: The first copy of each card, by key (for figures that do not depend on the copy).
CARD_BY_KEY: dict[str, Card] = {}
for _card in CARDS.values():
    CARD_BY_KEY.setdefault(_card.key, _card)
