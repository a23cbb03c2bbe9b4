"""Exploding Git Commits: draw until someone explodes; the last player standing wins.

>>> from devgames import exploding
>>> game = exploding.new_game(["Ada", "Bob", "Cy"], seed=7)
>>> view = game.view(None)
>>> view["deck_size"], view["exploding_in_deck"], view["turn_player"]
(39, 2, 'Ada')
"""

from collections.abc import Callable
from typing import Any

from devgames.core.bots import Bot
from devgames.core.errors import SetupError
from devgames.core.options import build_options
from devgames.core.players import clean_names
from devgames.core.spec import Credit, GameSpec, Timing
from devgames.exploding.bots import HeuristicBot, RandomBot
from devgames.exploding.cards import CARDS, Card
from devgames.exploding.game import ROUND_FIELDS, RULES_VERSION, ExplodingGame
from devgames.exploding.options import ExplodingOptions
from devgames.i18n import N_

MIN_PLAYERS, MAX_PLAYERS = 2, 5

#: Bot kinds by name; each is built as ``BOTS[kind](seed)`` and has ``choose(game)``.
BOTS: dict[str, Callable[[int], Bot[ExplodingGame]]] = {
    "random": RandomBot, "heuristic": HeuristicBot,
}


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



def _from_rules_1(options: dict[str, Any]) -> dict[str, Any]:
    """The options that replay a session saved with rules version 1: each holder was asked in
    turn whether to Nope (the open window came with version 2).

    >>> _from_rules_1({"deck": "digital"})
    {'deck': 'digital', 'nope_window': 'in_turn'}
    """
    return {**options, "nope_window": "in_turn"}


#: How a session saved with an older rules version replays under today's rules (by version).
OLDER_RULES: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {"1": _from_rules_1}

#: What the shared code knows of Exploding Git Commits.
SPEC = GameSpec(
    name="exploding",
    title="Exploding Git Commits",
    module=__name__,
    blurb=N_("2-5 players draw until someone pulls an Exploding Git Commit: a quick, loud warm-up "
             "about risk, odds and mitigation."),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_names=("Ada", "Bob", "Cy", "Dee"),
    bots=BOTS,
    options=ExplodingOptions,
    round_columns=ROUND_FIELDS,
    debrief_prompts=(
        N_("When did you start counting the cards left, and did the odds change how you played?"),
        N_("Which Nope mattered most, and what would have happened without it?"),
        N_("Where did you hide the Exploding Git Commit after a Mitigate, and why there?"),
        N_("What is our Mitigate at work: what stops a bad commit from taking production down?"),
    ),
    charts="devgames.exploding.charts:CHARTS",
    debrief="devgames.exploding.debrief:DEBRIEF",
    credit=Credit(
        game="Exploding Git Commits",
        authors="authors not named in its rulebook (a take on Exploding Kittens "
                "by Elan Lee, Matthew Inman and Shane Small)",
        source="the Exploding Git Commits rulebook",
        link="",
        licence="no licence stated (all rights reserved)",
        allows=N_("nothing beyond playing the game; its text and art stay their authors'"),
    ),
    seat_targets=frozenset({"play", "combo"}),  # the player asked for help; the one robbed
    handouts="devgames.exploding.handouts:game_text",
    glossary="devgames.exploding.handouts:glossary_cards",
    retro="devgames.exploding.retro:RETRO",
    # A turn at the laptop takes 20-40 s, 2.6 moves a turn: 12 s.
    seconds_per_move=12.0,
    guide_timings=(Timing(3), Timing(4, agenda=True), Timing(5)),
)

__all__ = ["BOTS", "CARDS", "MAX_PLAYERS", "MIN_PLAYERS", "OLDER_RULES", "RULES_VERSION", "SPEC",
           "Card", "ExplodingGame", "ExplodingOptions", "new_game"]
