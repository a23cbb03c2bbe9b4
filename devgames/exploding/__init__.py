"""Exploding Git Commits: draw until someone explodes; the last player standing wins.

>>> from devgames import exploding
>>> game = exploding.new_game(["Ada", "Bob", "Cy"], seed=7)
>>> view = game.view(None)
>>> view["deck_size"], view["exploding_in_deck"], view["turn_player"]
(39, 2, 'Ada')
"""

from typing import Any

from devgames.core.errors import SetupError
from devgames.core.options import build_options
from devgames.core.players import clean_names
from devgames.exploding.bots import HeuristicBot, RandomBot
from devgames.exploding.cards import CARDS, Card
from devgames.exploding.game import RULES_VERSION, ExplodingGame
from devgames.exploding.options import ExplodingOptions

MIN_PLAYERS, MAX_PLAYERS = 2, 5

#: Bot kinds by name; each is built as ``BOTS[kind](seed)`` and has ``choose(game)``.
BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


def new_game(players: list[str] | tuple[str, ...], seed: int | None = None,
             **options: Any) -> ExplodingGame:
    """Start a game for 2-5 players; see :class:`ExplodingOptions` for the options.

    >>> new_game(["Ada", "Bob"], seed=1, bail_stacking="noob").options.bail_stacking
    'noob'
    >>> new_game(["Ada"])
    Traceback (most recent call last):
    ...
    devgames.core.errors.SetupError: This game needs 2 to 5 players; 1 was given.
    """
    opts = build_options(ExplodingOptions, options)
    names = clean_names(players, MIN_PLAYERS, MAX_PLAYERS)
    if not 0 <= opts.first_player < len(names):
        raise SetupError(f"The first player must be a seat from 0 to {len(names) - 1}.")
    return ExplodingGame(names, seed, opts)


__all__ = ["BOTS", "CARDS", "MAX_PLAYERS", "MIN_PLAYERS", "RULES_VERSION", "Card",
           "ExplodingGame", "ExplodingOptions", "new_game"]
