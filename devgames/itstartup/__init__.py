"""IT Startup: run a startup, hire developers, earn project points, and watch them burn out.

>>> from devgames import itstartup
>>> game = itstartup.new_game(["Ada", "Bob", "Cy"], seed=5, goal=32)
>>> game.resources == [game.start_roll] * 3
True
"""

from collections.abc import Callable
from typing import Any

from devgames.core.bots import Bot
from devgames.core.errors import SetupError
from devgames.core.options import build_options
from devgames.core.players import clean_names
from devgames.core.spec import Credit, GameSpec, Timing
from devgames.i18n import N_
from devgames.itstartup.bots import HeuristicBot, RandomBot
from devgames.itstartup.cards import CARDS, Card
from devgames.itstartup.game import RULES_VERSION, ItStartupGame
from devgames.itstartup.metrics import EMPLOYEE_FIELDS, ROUND_FIELDS
from devgames.itstartup.options import ItStartupOptions

MIN_PLAYERS, MAX_PLAYERS = 2, 4

#: Bot kinds by name; each is built as ``BOTS[kind](seed)`` and has ``choose(game)``.
BOTS: dict[str, Callable[[int], Bot[ItStartupGame]]] = {
    "random": RandomBot, "heuristic": HeuristicBot,
}


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


#: What the shared code knows of IT Startup.
SPEC = GameSpec(
    name="itstartup",
    title="IT Startup",
    module=__name__,
    blurb=N_("2-4 players run startups: hire developers, teach them, poach people, and watch "
             "burnout."),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_names=("Ada", "Bob", "Cy"),
    bots=BOTS,
    options=ItStartupOptions,
    round_columns=ROUND_FIELDS,
    debrief_prompts=(
        N_("Who burnt out first, and what was asked of them just before?"),
        N_("Where did your knowledge cards end up, and what happened to them when that developer "
           "left?"),
        N_("Was poaching (Head Hunter, Outsourcing, the Agent) worth it? How did the other team "
           "react?"),
    ),
    charts="devgames.itstartup.charts:CHARTS",
    debrief="devgames.itstartup.debrief:DEBRIEF",
    credit=Credit(
        game="IT Startup",
        authors="Mateusz Kupilas",
        source="IT Startup – The Card Game, English rulebook and print-and-play beta v1 cards",
        link="https://playitstartup.com/beta-cards-v1.pdf",
        licence=N_("no licence stated (all rights reserved)"),
        allows=N_("the author offers the beta cards to print and play; other uses need his "
                  "consent"),
    ),
    seat_targets=frozenset({"first", "help"}),  # the first player; the player losing 4 points
    extra_tables={"employees.csv": ("employee_rows", EMPLOYEE_FIELDS)},
    bench={"goal": 64},
    handouts="devgames.itstartup.handouts:game_text",
    glossary="devgames.itstartup.handouts:glossary_cards",
    glossary_pages=2,
    retro="devgames.itstartup.retro:RETRO",
    # A round of 3 seats takes 5-10 minutes, about 12.6 moves at goal 32: 35 s.
    seconds_per_move=35.0,
    presets="devgames.itstartup.options:PRESETS",
    guide_timings=(Timing(3, "standard"), Timing(3, "", (("goal", 32),)),
                   Timing(3, "short", agenda=True), Timing(3, "quick"), Timing(4, "short")),
)

__all__ = ["BOTS", "CARDS", "RULES_VERSION", "SPEC", "Card", "ItStartupGame", "ItStartupOptions",
           "new_game"]
