"""РЕЛИЗ (RELEASE): fill the zones of the block cards with domino tiles; the player who fills the
last free zone wins. Seven scenarios (an option), from a Duel to a Cooperation of teams.

>>> from devgames import reliz
>>> game = reliz.new_game(["Ada", "Bob"], seed=7)
>>> view = game.view(None)
>>> view["scenario_ru"], view["scenario_en"], len(view["blocks"])
('Дуэль', 'Duel', 1)
"""

from collections.abc import Callable
from typing import Any

from devgames.core.bots import Bot
from devgames.core.errors import SetupError
from devgames.core.options import build_options
from devgames.core.players import clean_names
from devgames.core.spec import Credit, GameSpec, Timing
from devgames.i18n import N_, _
from devgames.reliz.bots import HeuristicBot, RandomBot
from devgames.reliz.cards import CARDS, Card
from devgames.reliz.game import RULES_VERSION, RelizGame
from devgames.reliz.options import RelizOptions
from devgames.reliz.setup import scenario_of
from devgames.reliz.turns import ROUND_FIELDS

MIN_PLAYERS, MAX_PLAYERS = 1, 4

#: Bot kinds by name; each is built as ``BOTS[kind](seed)`` and has ``choose(game)``.
BOTS: dict[str, Callable[[int], Bot[RelizGame]]] = {
    "random": RandomBot, "heuristic": HeuristicBot,
}


def new_game(players: list[str] | tuple[str, ...], seed: int | None = None,
             **options: Any) -> RelizGame:
    """Start a game; the scenario (an option) says how many seats it takes: Pet Project 1,
    Duel and Writing a Prototype 2, Every Man for Himself 3, Team Development 4 (seats 1 and 3
    against 2 and 4), Tender and Cooperation 2-4 teams (a seat is a team). See
    :class:`RelizOptions`.

    >>> new_game(["Ada", "Bob", "Cy"], seed=1).scenario.code
    'every_man'
    >>> new_game(["Ada", "Bob", "Cy"], scenario="duel")
    Traceback (most recent call last):
    ...
    devgames.core.errors.SetupError: Duel (Дуэль) is played by 2 seats; 3 were given.
    """
    opts = build_options(RelizOptions, options)
    names = clean_names(players, MIN_PLAYERS, MAX_PLAYERS)
    sc = scenario_of(opts, len(names))
    low, high = sc.seats
    if not low <= len(names) <= high:
        seats = f"{low}" if low == high else _("{low} to {high}").format(low=low, high=high)
        raise SetupError(_("{name_en} ({name_ru}) is played by {seats} seats; {given} were "
                           "given.").format(name_en=sc.name_en, name_ru=sc.name_ru, seats=seats,
                                            given=len(names)))
    if not 0 <= opts.first_player < len(names):
        raise SetupError(_("The first player must be a seat from 0 to {last}.").format(
            last=len(names) - 1))
    return RelizGame(names, seed, opts)


#: What the shared code knows of РЕЛИЗ.
SPEC = GameSpec(
    name="reliz",
    title="РЕЛИЗ",
    module=__name__,
    blurb=N_("RELEASE: 1-4 players (or teams) fill block cards with domino tiles, meet a daily "
             "event, and race to fill the last zone; seven scenarios from Duel to Cooperation."),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_names=("Ada", "Bob"),
    bots=BOTS,
    options=RelizOptions,
    round_columns=ROUND_FIELDS,
    debrief_prompts=(
        N_("Which tile did you place that later blocked a zone nobody could fill, and how did "
           "you get out?"),
        N_("When did you replace a tile rather than wait for the right one, and what did it "
           "cost?"),
        N_("Which daily event changed your plan most, and could you have prepared for it?"),
        N_("Where at work do two parts only fit once both sides are done, like an integration "
           "zone?"),
    ),
    charts="devgames.reliz.charts:CHARTS",
    debrief="devgames.reliz.debrief:DEBRIEF",
    retro="devgames.reliz.retro:RETRO",
    board="devgames.reliz.board:RelizBoard",
    credit=Credit(
        game="РЕЛИЗ (RELEASE)",
        authors="authors not named in its rulebook",
        source="the Russian rulebook «РЕЛИЗ: настольная игра о суровых буднях программистов», "
               "with the block and event card data of a published online edition",
        link="",
        licence="no licence stated (all rights reserved)",
        allows=N_("nothing beyond playing the game; its text and art stay their authors'"),
    ),
    bench={"turn_cap": 60},
    handouts="devgames.reliz.handouts:game_text",
    glossary="devgames.reliz.handouts:glossary_cards",
    glossary_pages=3,
    games_per_s_target=None,
    # The rulebook's timer gives a team's turn 2 minutes (Tender, Cooperation); a turn of
    # heuristic bots is about 3 moves, so a turn of a minute is 20 s a move.
    seconds_per_move=20.0,
    card_names={"ru": {card.name: card.name_ru for card in CARDS.values()
                       if card.name_ru and card.name_ru != card.name}},
    presets="devgames.reliz.options:PRESETS",
    guide_timings=(Timing(2, "standard"), Timing(2, "short", agenda=True), Timing(3, "standard"),
                   Timing(4, "standard"), Timing(3, "standard", (("scenario", "tender"),)),
                   Timing(3, "standard", (("scenario", "cooperation"),))),
)

__all__ = ["BOTS", "CARDS", "MAX_PLAYERS", "MIN_PLAYERS", "RULES_VERSION", "SPEC", "Card",
           "RelizGame", "RelizOptions", "new_game"]
