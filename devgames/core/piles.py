"""Piles of cards: a deck you draw from the top of and put cards back under."""

from collections import deque
from collections.abc import Iterable, Iterator
from random import Random


class Pile:
    """An ordered pile of card ids; index 0 is the top.

    >>> pile = Pile([1, 2, 3])
    >>> pile.draw()
    1
    >>> pile.put_bottom(9)
    >>> list(pile)
    [2, 3, 9]
    >>> pile.take(3)   # a named card, as a facilitator enters it from a physical deck
    >>> list(pile), len(pile), 9 in pile
    ([2, 9], 2, True)
    """

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[int] = ()) -> None:
        self._cards: deque[int] = deque(cards)

    def draw(self) -> int:
        """Remove and return the top card. Raises IndexError on an empty pile."""
        return self._cards.popleft()

    def take(self, card: int) -> None:
        """Remove a named card wherever it is (physical-deck mode). Raises ValueError if absent."""
        self._cards.remove(card)

    def put_bottom(self, card: int) -> None:
        """Put a card under the pile."""
        self._cards.append(card)

    def put_top(self, card: int) -> None:
        """Put a card on top of the pile."""
        self._cards.appendleft(card)

    def shuffle(self, rng: Random) -> None:
        """Shuffle with the game's own random source (never the global one)."""
        cards = list(self._cards)
        rng.shuffle(cards)
        self._cards = deque(cards)

    def peek(self, n: int) -> list[int]:
        """The top ``n`` cards, top first, without removing them."""
        return [self._cards[i] for i in range(min(n, len(self._cards)))]

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[int]:
        return iter(self._cards)

    def __contains__(self, card: object) -> bool:
        return card in self._cards

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pile) and self._cards == other._cards

    def __repr__(self) -> str:
        return f"Pile({list(self._cards)!r})"
