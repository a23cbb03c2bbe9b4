"""IT Startup: run a startup, hire developers, earn project points, and watch them burn out.

>>> from devgames import itstartup
>>> game = itstartup.new_game(["Ada", "Bob", "Cy"], seed=5, goal=32)
>>> game.resources == [game.start_roll] * 3
True
"""

from typing import Any

from devgames.core.errors import SetupError
from devgames.core.options import build_options
from devgames.core.players import clean_names
from devgames.itstartup.bots import HeuristicBot, RandomBot
from devgames.itstartup.cards import CARDS, Card
from devgames.itstartup.game import RULES_VERSION, ItStartupGame
from devgames.itstartup.options import ItStartupOptions

MIN_PLAYERS, MAX_PLAYERS = 2, 4

#: Bot kinds by name; each is built as ``BOTS[kind](seed)`` and has ``choose(game)``.
BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


def new_game(players: list[str] | tuple[str, ...], seed: int | None = None,
             **options: Any) -> ItStartupGame:
    """Start an IT Startup game for 2-4 players; see :class:`ItStartupOptions` for the options.

    >>> new_game(["Ada", "Bob"], seed=1, goal=128).options.goal
    128
    """
    opts = build_options(ItStartupOptions, options)
    names = clean_names(players, MIN_PLAYERS, MAX_PLAYERS)
    if opts.goal < 1:
        raise SetupError("The goal must be at least 1 project point.")
    if not -1 <= opts.first_player < len(names):
        raise SetupError(
            f"The first player must be a seat from 0 to {len(names) - 1}, or -1 to roll for it."
        )
    if opts.tournament_wins not in (0, 2, 3):
        raise SetupError("Tournament mode is played to 2 or 3 wins (0 for a single game).")
    if opts.tournament_wins and len(names) < 3:
        raise SetupError("Tournament mode needs at least 3 players.")
    return ItStartupGame(names, seed, opts)


__all__ = ["BOTS", "CARDS", "RULES_VERSION", "Card", "ItStartupGame", "ItStartupOptions",
           "new_game"]
