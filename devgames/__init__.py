"""devgames: faithful rules engines, dashboards and notebooks for software-development card games.

Each game lives in its own package and is started the same way:

>>> from devgames import scrumkin
>>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
>>> game.players
('Red', 'Blue')
"""

from importlib import import_module
from types import ModuleType

__version__ = "0.1.0"

#: CLI and session name -> module implementing ``new_game``.
GAMES: dict[str, str] = {
    "scrumkin": "devgames.scrumkin",
    "itstartup": "devgames.itstartup",
    "exploding": "devgames.exploding",
}


def game_module(name: str) -> ModuleType:
    """Return the module of the game called ``name`` (as used on the command line).

    >>> game_module("scrumkin").__name__
    'devgames.scrumkin'
    """
    try:
        return import_module(GAMES[name])
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise ValueError(f"Unknown game {name!r}; the games are: {known}.") from None
