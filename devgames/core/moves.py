"""A game's moves as a table: each kind of action maps to its check and its effect.

An engine declares ``MOVES: MoveTable[ItsGame]`` in its ``moves`` module, one :class:`Move` per
action kind, and its ``_check``/``_do`` look the kind up there instead of running through an
if-chain. A check raises :class:`devgames.core.errors.IllegalMove` and changes nothing; an effect
carries out a move its check passed.

>>> from devgames.core.actions import Action
>>> def check_say(game: list[str], action: Action) -> None:
...     if not action.kind:
...         raise ValueError("say what?")
>>> def say(game: list[str], action: Action) -> None:
...     game.append(f"seat {action.player} speaks")
>>> MOVES: MoveTable[list[str]] = {"say": Move(check_say, say)}
>>> table: list[str] = []
>>> move = MOVES["say"]
>>> move.check(table, Action("say", 1)); move.effect(table, Action("say", 1))
>>> table
['seat 1 speaks']
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from devgames.core.actions import Action

G = TypeVar("G")


@dataclass(frozen=True, slots=True)
class Move(Generic[G]):
    """One kind of move: ``check(game, action)`` and ``effect(game, action)``."""

    check: Callable[[G, Action], None]
    effect: Callable[[G, Action], None]


#: The moves of a game by action kind.
MoveTable = Mapping[str, Move[G]]
