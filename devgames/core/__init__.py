"""What every game shares: actions, events, errors, piles, the game protocol, sessions, bots."""

from devgames.core.actions import CHANCE, Action, Event
from devgames.core.errors import IllegalMove
from devgames.core.game import Game
from devgames.core.piles import Pile
from devgames.core.session import Session

__all__ = ["CHANCE", "Action", "Event", "Game", "IllegalMove", "Pile", "Session"]
