"""РЕЛИЗ's options: the scenario, and each interpretation of the rulebook that changes the game
(see docs/rules/reliz.md)."""

from dataclasses import dataclass, field

from devgames.core.options import DECKS
from devgames.i18n import N_

#: The scenarios of the rulebook; "auto" picks one by the number of seats (1: pet, 2: duel,
#: 3: every_man, 4: team).
#: Each scenario's name in Russian and in English (the rulebook's names; the engine's too).
SCENARIO_NAMES = {
    "auto": ("по числу игроков", "by the number of seats"),
    "duel": ("Дуэль", "Duel"),
    "prototype": ("Пишем прототип", "Writing a Prototype"),
    "every_man": ("Каждый за себя", "Every Man for Himself"),
    "team": ("Командная разработка", "Team Development"),
    "pet": ("Пэт-проект", "Pet Project"),
    "tender": ("Тендер", "Tender"),
    "cooperation": ("Кооперация", "Cooperation"),
}
SCENARIOS = tuple(SCENARIO_NAMES)
#: How the set-up form names "auto" (the scenarios keep their names in both languages).
AUTO_LABEL = N_("by the number of seats · по числу игроков")
INTEGRATION_MATCH = ("every_end", "one_end")
FIRST_TILE = ("anywhere", "touching")
PILOT = ("once", "reusable")
COOP_ROUNDS = (30, 40, 50)
TEAM_SIZES = (2, 3, 4)
SOLO_POOL = ("recycled", "spent")
#: Tender and Cooperation: each member of a team holds a hand ("members", the rulebook's Q45/Q48)
#: or the team holds one ("shared").
TEAM_HANDS = ("members", "shared")
#: Tender and Cooperation: the teams play each round at the same time ("together", the
#: rulebook's "Одновременные ходы команд") or one after another ("in_turn").
TEAM_TURNS = ("together", "in_turn")
#: Tender and Cooperation: the minutes of the room's timer (0: no timer).
ROUND_TIMERS = (0, 1, 2, 3, 4, 5)
#: Team Development: a partner's Flow State, Team Lead's Advice and Self-Belief serve the turn
#: being played ("turn") or wait for the partner's own next turn ("own").
PARTNER_CARDS = ("turn", "own")


@dataclass(frozen=True)
class RelizOptions:
    """The rules a РЕЛИЗ game is played with (see docs/rules/reliz.md).

    >>> RelizOptions().scenario, RelizOptions().integration_match
    ('auto', 'every_end')
    """

    #: "digital": the engine shuffles and draws; "physical": the facilitator enters each tile,
    #: event card and block card really drawn (Tender and Cooperation: from each team's own
    #: stock, deck and block cards).
    deck: str = field(default="digital", metadata={"choices": DECKS})
    #: The scenario (Duel, Writing a Prototype, Every Man for Himself, Team Development, Pet
    #: Project, Tender, Cooperation); "auto" picks it from the number of seats.
    scenario: str = field(default="auto", metadata={
        "choices": SCENARIOS, "label": N_("Scenario"), "main": True,
        "labels": {code: f"{en} · {ru}" for code, (ru, en) in SCENARIO_NAMES.items()}
        | {"auto": AUTO_LABEL}})
    #: Blitz: the daily event may be kept in hand instead of played at once.
    blitz: bool = False
    #: Seat of the player (or team) who goes first.
    first_player: int = 0
    #: An integration zone's tile: "every_end" (both ends match the ports: only {a, b} fits) or
    #: "one_end" (one end matching is enough).
    integration_match: str = field(default="every_end", metadata={
        "choices": INTEGRATION_MATCH, "label": N_("Integration tile must match")})
    #: A tile in a block zone with no filled neighbour: "anywhere" (the rulebook's "any free
    #: zone") or "touching" (it must touch a tile, unless its block is empty).
    first_tile: str = field(default="anywhere", metadata={
        "choices": FIRST_TILE, "label": N_("A tile with no neighbour")})
    #: Changes After the Pilot: "once" a game (the card) or "reusable" (the players agree).
    pilot: str = field(default="once", metadata={"choices": PILOT, "label": N_("Pilot card")})
    #: Pet Project: tiles sent back go to the stock ("recycled") or leave the game ("spent").
    solo_pool: str = field(default="recycled", metadata={"choices": SOLO_POOL,
                                                          "label": N_("Pet Project tiles")})
    #: Tender and Cooperation: players in each team (a seat is a team).
    team_size: int = field(default=2, metadata={"choices": TEAM_SIZES, "label": N_("Team size")})
    #: Cooperation: the rounds the teams have to close every zone.
    coop_rounds: int = field(default=40, metadata={"choices": COOP_ROUNDS,
                                                    "label": N_("Cooperation rounds")})
    #: House rule against endless games: after this many turns the game ends undecided (0: none).
    turn_cap: int = 300
    #: Tender: the teams that close everything in the round of the first one to do so share the
    #: win (off: the first team to close, in the order of play, wins alone).
    tender_shared_win: bool = field(default=False, metadata={
        "label": N_("Tender: teams closing in the same round share the win")})
    #: Tender's rule 7: a team whose closed module has no free port to join its integration
    #: block by swaps a block of the side with no free port for a block card of its supply
    #: (as many zones or more, a port left free; the tiles of the block and of its joins back to
    #: the stock), or, with no card to swap for, adds one joined to its module; off, such a
    #: team stays locked out and the game may reach the turn cap.
    tender_rebuild: bool = field(default=True, metadata={
        "label": N_("Tender: a team with no free port for its link swaps or adds a block "
                    "(rule 7)")})
    #: Tender and Cooperation (until a Cooperation team merges): "members", each member of a
    #: team holds a hand of their own (2 / 2) and one member a round plays from it, in turn
    #: (rulebook Q45, Q48); "shared": the team holds one hand of 2.
    team_hands: str = field(default="members", metadata={
        "choices": TEAM_HANDS, "label": N_("Tender and Cooperation hands")})
    #: Tender and Cooperation: "together", every team plays its turn of a round at the same
    #: time and the round ends when every team has ended its turn (the rulebook's
    #: simultaneous turns); "in_turn", the teams play their turns one after another.
    team_turns: str = field(default="together", metadata={
        "choices": TEAM_TURNS, "label": N_("Tender and Cooperation turns"),
        "labels": {"together": N_("teams play each round at the same time"),
                   "in_turn": N_("teams play one after another")}})
    #: Tender and Cooperation: the minutes of the room's timer, for each round ("together")
    #: or each team's turn ("in_turn"); 0: no timer. Played together, a round whose time is up
    #: ends every turn still open (a ``time_up`` move).
    round_timer: int = field(default=2, metadata={
        "choices": ROUND_TIMERS, "label": N_("Timer (minutes, 0: none)")})
    #: Team Development: a partner's Flow State or Team Lead's Advice played in the turn player's
    #: turn, and its Self-Belief: "turn", they serve the turn being played (the turn player
    #: places from the side pool, and may keep one tile over the limit); "own", they wait for
    #: the partner's own next turn, which starts with that side pool drawn and ends with that
    #: limit (a partner places no tile in another's turn).
    partner_cards: str = field(default="turn", metadata={
        "choices": PARTNER_CARDS, "label": N_("Team Development: a partner's Flow State, Team "
                                           "Lead's Advice and Self-Belief"),
        "labels": {"turn": N_("serve the turn being played"),
                   "own": N_("wait for the partner's own next turn")}})


#: Named sets of options a facilitator picks from (the set-up form's "Preset"); each names the
#: same options. "standard" is the defaults (the scenario by the number of seats); "short", for
#: 2 seats, plays Writing a Prototype (3 blocks) with an integration zone matched at one end and
#: every tile but the first touching another: it ends within the 25 minutes of play of a
#: 60-minute workshop in about 9 games in 10, where a Duel does in about 4 in 10
#: (facilitation/reliz.md has the planner's figures: ``python -m devgames.sim.durations``).
PRESETS: dict[str, dict[str, str]] = {
    "standard": {"scenario": "auto", "integration_match": "every_end", "first_tile": "anywhere"},
    "short": {"scenario": "prototype", "integration_match": "one_end", "first_tile": "touching"},
}
#: How the set-up form's "Preset" list names each preset.
PRESET_LABELS = {
    "standard": N_("standard (the scenario by the number of seats)"),
    "short": N_("short (2 seats, a 60- or 90-minute workshop: Writing a Prototype)"),
}
