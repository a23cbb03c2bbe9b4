"""Stand-up's cards: Done (+1 task), Pairing (+2 tasks), Blocker (another player reopens a task)."""

from typing import NamedTuple


class Card(NamedTuple):
    """One card: its name, the tasks it closes for its player, and whether it aims at another."""

    name: str
    closes: int
    aimed: bool = False


#: The deck, by card id: 12 Done, 4 Pairing, 6 Blocker.
CARDS: dict[int, Card] = dict(enumerate(
    [Card("Done", 1)] * 12 + [Card("Pairing", 2)] * 4 + [Card("Blocker", 0, aimed=True)] * 6))
