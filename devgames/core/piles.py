"""Piles of cards: a deck you draw from the top of and put cards back under."""

from collections import deque
from itertools import islice
from random import Random
from typing import Any


def shuffle(cards: list[Any], rng: Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does (the same order from the
    same random state, and the same state after), in half its time: each draw is made here, as
    ``Random._randbelow`` makes it, without a call of its own. Every engine shuffles with it.

    >>> cards, same = list(range(10)), list(range(10))
    >>> shuffle(cards, Random(3)); Random(3).shuffle(same)
    >>> cards == same
    True
    """
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(cards))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


class Pile(deque[int]):
    """An ordered pile of card ids; index 0 is the top. A ``deque`` whose moves are named as at
    the table (each one the deque's own method, so a draw costs no more than ``popleft``).

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

    __slots__ = ()

    #: Remove and return the top card. Raises IndexError on an empty pile.
    draw = deque.popleft
    #: Remove a named card wherever it is (physical-deck mode). Raises ValueError if absent.
    take = deque.remove
    #: Put a card under the pile.
    put_bottom = deque.append
    #: Put a card on top of the pile.
    put_top = deque.appendleft

    def shuffle(self, rng: Random) -> None:
        """Shuffle with the game's own random source (never the global one)."""
        cards = list(self)
        shuffle(cards, rng)
        self.clear()
        self.extend(cards)

    def peek(self, n: int) -> list[int]:
        """The top ``n`` cards, top first, without removing them."""
        return list(islice(self, n))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pile) and deque.__eq__(self, other)

    __hash__ = None

    def __repr__(self) -> str:
        return f"Pile({list(self)!r})"
