"""Setting up a game of РЕЛИЗ: the scenarios of the rulebook (seats, blocks at start, starting
tiles, hand limit, the event cards left out) and the starting state a game's ``__init__`` builds
from its scenario: the stocks of tiles, the event decks, the supplies of block cards, the first
blocks of the board (or Tender's and Cooperation's layouts) and the deal of the starting tiles.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from devgames.core.actions import Event
from devgames.core.piles import shuffle
from devgames.reliz.cards import BLOCKS, EVENT_DECK, EVENT_ID, TILES
from devgames.reliz.options import SCENARIO_NAMES, RelizOptions
from devgames.reliz.terms import (
    ATTACH,
    CENTRAL,
    DECK_BITS,
    INTEGRATION_BLOCK,
    MODULE,
    SET_BITS,
    SHARED,
)

if TYPE_CHECKING:
    from devgames.reliz.game import RelizGame


@dataclass(frozen=True)
class Scenario:
    """One scenario of the rulebook: seats, blocks at start, starting tiles, hand limit, bans."""

    code: str
    name_ru: str
    name_en: str
    seats: tuple[int, int]
    blocks: int
    start_tiles: int
    hand_limit: int
    banned: tuple[str, ...]


SCENARIOS: dict[str, Scenario] = {s.code: s for s in (
    Scenario("duel", *SCENARIO_NAMES["duel"], (2, 2), 3, 3, 3, ()),
    Scenario("prototype", *SCENARIO_NAMES["prototype"], (2, 2), 2, 1, 3,
             ("teamlead", "flowstate", "pilot")),
    Scenario("every_man", *SCENARIO_NAMES["every_man"], (3, 3), 2, 2, 2, ()),
    Scenario("team", *SCENARIO_NAMES["team"], (4, 4), 3, 2, 2, ("pilot",)),
    Scenario("pet", *SCENARIO_NAMES["pet"], (1, 1), 3, 3, 3, ("weekend", "coffee", "audit")),
    Scenario("tender", *SCENARIO_NAMES["tender"], (2, 4), 0, 2, 2, ()),
    Scenario("cooperation", *SCENARIO_NAMES["cooperation"], (2, 4), 0, 2, 2, ("audit",)),
)}
AUTO = {1: "pet", 2: "duel", 3: "every_man", 4: "team"}


def scenario_of(options: RelizOptions, seats: int) -> Scenario:
    """The scenario a game of ``seats`` seats plays with these options ("auto" by seats).

    >>> scenario_of(RelizOptions(), 3).name_en
    'Every Man for Himself'
    """
    code = options.scenario if options.scenario != "auto" else AUTO.get(seats, "duel")
    return SCENARIOS[code]


#: Each set's stock of tiles before the shuffle: the chips of every tile, in id order (sets are
#: at most 4).
_POOLS = [tuple(t + (s << SET_BITS) for t in TILES) for s in range(4)]


def set_up(game: RelizGame) -> None:
    """The starting state of a new game: stocks, decks, supplies, the first blocks of the board
    (or the scenario's layout) and, once those are down, the deal (``__init__`` calls it)."""
    sc = game.scenario
    for s in range(game.sets):
        game.pool[s] = list(_POOLS[s])
    banned = {EVENT_ID[code] for code in sc.banned}
    cards = [c for c in EVENT_DECK if c not in banned]
    for d in range(len(game.decks)):
        deck = [c + (d << DECK_BITS) for c in cards] if d else cards[:]
        if not game.physical:
            shuffle(deck, game.rng)
            game.chance_steps += 1
        game.decks[d] = deck
    if game.code == "cooperation":  # the central deck waits for the central stage
        game.decks[game.n] = []
    game.supply[SHARED] = list(BLOCKS)
    if game.teams_mode:
        for t in range(game.n):
            game.supply[t] = list(BLOCKS)
    if game.code == "tender":
        _lay_tender(game)
    elif game.code == "cooperation":
        _lay_cooperation(game)
    else:
        if game.physical:
            game.to_enter.append(("first", 0, SHARED))
        else:
            game._add_block(game._draw_blocks(SHARED, 1)[0], SHARED, "")
        seat = game.turn_player
        for _ in range(sc.blocks - 1):
            game._queue_attach(seat, 2, "setup", SHARED, "", None)
            seat = (seat + 1) % game.n
    game.events.append(Event("setup", None, {"scenario": game.code}))
    after_setup_attach(game)


def after_setup_attach(game: RelizGame) -> None:
    """Deal when every set-up block is down, then start the first turn."""
    if game.attach_queue:
        game.phase = ATTACH
        return
    for p in game.seats_in_order():
        for hand in (*game._aside(p), game.hands[p]):  # each member, the active one last
            for _ in range(game.scenario.start_tiles):
                game._draw_tile(p, hand)
    game._start_turn()


def _lay_tender(game: RelizGame) -> None:
    """Tender: the central block, an integration block a team, and each team's module to draft."""
    n = game.n
    if game.physical:  # each block card is laid as it is entered
        game.to_enter += [("central", 0, SHARED)] + [("integration", t, SHARED)
                                                     for t in range(n)]
    else:
        lay(game, "central", 0, game._draw_blocks(SHARED, 1, min_ports=n)[0])
        for t in range(n):
            lay(game, "integration", t, game._draw_blocks(SHARED, 1)[0])
    for t in range(n):
        for size in (2, 3, 4):
            game._queue_attach(t, 2, "module", t, MODULE, size)


def _lay_cooperation(game: RelizGame) -> None:
    """Cooperation: a central block a team, chained, and each team's module of three blocks."""
    n = game.n
    if game.physical:  # each block card is laid as it is entered
        game.to_enter += [("central", t, SHARED) for t in range(n)] + [
            ("module", t, t) for t in range(n) for _ in range(3)]
        return
    for t in range(n):
        lay(game, "central", t, game._draw_blocks(SHARED, 1)[0])
    for t in range(n):
        drawn = game._draw_blocks(t, 3)
        for i, block in enumerate(drawn):
            lay(game, "module", t, block, last=i == len(drawn) - 1)


def lay(game: RelizGame, what: str, team: int, block: int, last: bool = False) -> None:
    """Lay a block card of a Tender or Cooperation layout, joined at random ports: Tender's
    central block ("central") or a team's integration block, joined to it
    ("integration"); Cooperation's central block of a team, chained to the one before
    ("central"), or a block of a team's module, chained to the one before and, the
    ``last``, joined to the team's central block ("module")."""
    if what == "integration":
        game._random_join(0, game._add_block(block, team, INTEGRATION_BLOCK), team, CENTRAL)
        return
    owner, stage = (SHARED, CENTRAL) if what == "central" else (team, MODULE)
    before = game._slots(owner, stage)
    slot = game._add_block(block, owner, stage)
    if before and game.code == "cooperation":
        game._random_join(before[-1], slot, owner, stage)
    if last:
        game._random_join(slot, game._slots(SHARED, CENTRAL)[team], SHARED, CENTRAL)
