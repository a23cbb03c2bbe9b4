"""Scrumkin: teams race to burn down their backlogs while dealing each other good and bad practices.

>>> from devgames import scrumkin
>>> game = scrumkin.new_game(["Red", "Blue", "Green"], seed=7)
>>> game.view(None)["waiting_for"]
'Red makes move 1 of 2.'
"""

from collections.abc import Callable
from typing import Any

from devgames.core.bots import Bot
from devgames.core.errors import SetupError
from devgames.core.options import build_options
from devgames.core.players import clean_names
from devgames.core.spec import Credit, GameSpec, Timing
from devgames.i18n import N_
from devgames.scrumkin.bots import HeuristicBot, RandomBot
from devgames.scrumkin.cards import CARDS, Card
from devgames.scrumkin.game import RULES_VERSION, ScrumkinGame
from devgames.scrumkin.metrics import ROUND_COLUMNS
from devgames.scrumkin.options import ScrumkinOptions

MIN_PLAYERS = 2

#: Bot kinds by name; each is built as ``BOTS[kind](seed)`` and has ``choose(game)``.
BOTS: dict[str, Callable[[int], Bot[ScrumkinGame]]] = {
    "random": RandomBot, "heuristic": HeuristicBot,
}


def new_game(players: list[str] | tuple[str, ...], seed: int | None = None,
             **options: Any) -> ScrumkinGame:
    """Start a Scrumkin game for these teams; see :class:`ScrumkinOptions` for the options.

    >>> game = new_game(["Red", "Blue"], seed=1, rulebook="collaborative")
    >>> game.options.rulebook, game.options.collaborative_sprints
    ('collaborative', 10)
    """
    opts = build_options(ScrumkinOptions, options)
    if not 2 <= opts.max_players <= 8:
        raise SetupError("Scrumkin is played by 2 to 8 teams: max_players must be 2 to 8.")
    names = clean_names(players, MIN_PLAYERS, opts.max_players, "team")
    if not 1 <= opts.board <= 99:
        raise SetupError("The board must have 1 to 99 positions.")
    if not 1 <= opts.backlog <= opts.board:
        raise SetupError(f"The starting backlog must be 1 to {opts.board} items (the board).")
    if not 0 <= opts.first_leader < len(names):
        raise SetupError(f"The first leader must be a seat from 0 to {len(names) - 1}.")
    if opts.sprint_cap < 1 or opts.collaborative_sprints < 1:
        raise SetupError("A game needs at least one sprint.")
    return ScrumkinGame(names, seed, opts)


#: What the shared code knows of Scrumkin.
SPEC = GameSpec(
    name="scrumkin",
    title="Scrumkin",
    module=__name__,
    blurb=N_("2-8 teams race to burn down their backlogs, sprint by sprint, dealing each other "
             "good and bad practices."),
    min_players=MIN_PLAYERS,
    max_players=8,
    default_names=("Red", "Blue", "Green"),
    bots=BOTS,
    options=ScrumkinOptions,
    round_columns=ROUND_COLUMNS,
    debrief_prompts=(
        N_("Which card helped your velocity most over the whole game, and when did it start "
           "paying off?"),
        N_("When did your velocity drop, and what was in play then?"),
        N_("Which cards did you keep for yourself, and which did you give away? Why?"),
        N_("In the collaborative game: when did taking over another team's items pay off, "
           "and when not?"),
    ),
    charts="devgames.scrumkin.charts:CHARTS",
    debrief="devgames.scrumkin.debrief:DEBRIEF",
    credit=Credit(
        game="Scrumkin",
        authors="@timothep",
        source="the Scrumkin rulebook and card data, version 0.1 (2017); "
               "contact info@scrumkingame.info",
        link="",
        licence="CC BY-NC-SA 4.0",
        allows=N_("non-commercial use only; credit the author; share changes under the same "
                  "licence"),
    ),
    seat_noun="team",
    seat_targets=frozenset({"play", "take_over"}),  # the team played into; the team giving items
    rounds_table="devgames.scrumkin.metrics:sprint_report",
    games_per_s_target=1000.0,
    handouts="devgames.scrumkin.handouts:game_text",
    glossary="devgames.scrumkin.handouts:glossary_cards",
    glossary_pages=4,
    retro="devgames.scrumkin.retro:RETRO",
    # The rulebook's standard game "takes about 45 min"; with 4 teams (the box's pieces are for
    # 2-4 players) heuristic bots make a median of 276 moves: 45 min / 276 = 9.8 s, so 10 s.
    seconds_per_move=10.0,
    presets="devgames.scrumkin.options:PRESETS",
    guide_timings=(Timing(4, "standard"), Timing(3, "short"), Timing(4, "short", agenda=True),
                   Timing(6, "short")),
)

__all__ = ["BOTS", "CARDS", "RULES_VERSION", "SPEC", "Card", "ScrumkinGame", "ScrumkinOptions",
           "new_game"]
