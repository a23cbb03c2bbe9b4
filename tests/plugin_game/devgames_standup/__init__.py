"""Stand-up: a tiny race for 2-4 players, the test game of a package of its own.

It shows everything a game needs to join devgames from outside: an engine with the game protocol
(:mod:`devgames_standup.game`), bots, card meanings, chart panels, debrief questions, and its
``SPEC``, registered by the entry point ``devgames.games`` of its ``pyproject.toml``.

>>> from devgames import game_spec
>>> game_spec("standup").title
'Stand-up'
>>> new_game(["Ada", "Bob"], seed=1).players
('Ada', 'Bob')
"""

from typing import Any

from devgames.core.options import build_options
from devgames.core.players import clean_names
from devgames.core.spec import Credit, GameSpec
from devgames_standup.bots import BOTS
from devgames_standup.cards import CARDS, Card
from devgames_standup.game import ROUND_FIELDS, RULES_VERSION, StandupGame, StandupOptions

MIN_PLAYERS, MAX_PLAYERS = 2, 4


def new_game(players: list[str] | tuple[str, ...], seed: int | None = None,
             **options: Any) -> StandupGame:
    """Start a Stand-up for 2-4 players; see :class:`StandupOptions` for the options.

    >>> new_game(["Ada", "Bob"], seed=1, tasks=3).options.tasks
    3
    """
    opts = build_options(StandupOptions, options)
    return StandupGame(clean_names(players, MIN_PLAYERS, MAX_PLAYERS), seed, opts)


SPEC = GameSpec(
    name="standup",
    title="Stand-up",
    module=__name__,
    blurb="2-4 players race to close their tasks, one card a turn, blocking each other.",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_names=("Ada", "Bob"),
    bots=BOTS,
    options=StandupOptions,
    round_columns=ROUND_FIELDS,
    debrief_prompts=("What blocked you most, and who could have unblocked it?",),
    charts="devgames_standup.screens:CHARTS",
    debrief="devgames_standup.screens:DEBRIEF",
    credit=Credit(game="Stand-up", authors="the devgames developers",
                  source="devgames' tests", link="", licence="MIT",
                  allows="any use, keeping the copyright and licence notice"),
    seat_targets=frozenset({"play"}),
    bench=None,
)

__all__ = ["BOTS", "CARDS", "RULES_VERSION", "SPEC", "Card", "StandupGame", "StandupOptions",
           "new_game"]
