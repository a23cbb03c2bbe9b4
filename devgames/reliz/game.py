"""The РЕЛИЗ rules engine: fill the zones of the block cards with domino tiles.

A board is made of block cards (our ``blocks.json``: zones, which tile halves touch, which zones
need a double, the ports) joined by integration zones. A tile placed in a zone must show, on each
of its halves, the pips of every filled half it touches (each link checked on its own). Filling
the last zone of a block, or an integration zone, is a RELEASE: an event card into the hand.
Each turn: draw a tile, meet the daily event card, then place, replace and rotate tiles and play
event cards, and end the turn (a hand over the limit goes back to the stock). The scenarios of
the rulebook are an option; the interpretations are in docs/rules/reliz.md. In Tender and
Cooperation a seat is a team; by default each member holds a hand of their own and one member a
round plays from it (``team_hands``; ``member_hands`` keeps the others' aside).

Card ids: tiles 1-28 (``"a|b"``), event titles 29-51. A move's ``target`` is a zone for tiles,
and a seat, block, zone or port for an event card, as the card says. Zones, blocks and ports are
numbered in the order they join the board; a port's code is ``10 * block + port``.

Phases: ``attach`` (a block card to join to the board), ``daily`` (the daily event to meet),
``play`` (the turn), ``partner`` (Team Development: the partner plays event cards) and ``over``.
"""

from bisect import bisect_left, insort
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, partial
from itertools import compress, count, repeat
from operator import and_, is_, itemgetter, not_
from random import Random
from typing import Any

from devgames.core.actions import CHANCE, Action, Event, ShapeCheck
from devgames.core.errors import IllegalMove
from devgames.core.game import Game
from devgames.core.piles import shuffle
from devgames.reliz.cards import BLOCKS, CARDS, EVENT_DECK, EVENT_ID, EVENTS, TILE_ID, TILES
from devgames.reliz.options import SCENARIO_NAMES, RelizOptions

RULES_VERSION = "1"

#: Columns of the metrics rows (``game.rounds``): one row per seat at the end of every turn.
ROUND_FIELDS = (
    "turn", "round", "turn_player", "player", "team", "tiles_placed", "tiles_placed_total",
    "zones_done", "zones_total", "releases", "events_drawn", "hand_size", "pool_size",
)

ATTACH, DAILY, PLAY, PARTNER, OVER = "attach", "daily", "play", "partner", "over"
BLOCK, INTEGRATION, CARD_ZONE = "block", "integration", "card"
MODULE, LINK, INTEGRATION_BLOCK, CENTRAL = "module", "link", "integration_block", "central"
SHARED = -1
#: Tender and Cooperation: minutes of a team's turn on the room's timer (the rulebook's timer).
TEAM_TURN_MINUTES = 2
SET_BITS = 5  # a tile in a hand or on the board: tile id + 32 * the set (team) it belongs to
DECK_BITS = 6  # an event card in a hand: title id + 64 * the deck it came from
#: Physical deck: a tile or event card drawn at the table and not entered yet.
UNKNOWN_TILE, UNKNOWN_EVENT = 31, 63
#: Physical deck: the entries of ``to_enter`` that are block cards.
BLOCK_ENTRIES = ("block", "first", "central", "integration", "module")
CHANCE_PHASE = "deal"


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

_NONE: frozenset[str] = frozenset()
_check_shape = ShapeCheck({
    "place": frozenset({"card", "target", "count"}),
    "replace": frozenset({"card", "target", "count"}),
    "rotate": frozenset({"target"}),
    "play": frozenset({"card", "target", "count", "cards"}),
    "keep": _NONE, "end": _NONE, "call": _NONE, "back": _NONE,
    "attach": frozenset({"card", "target", "count"}),
    "link": frozenset({"target", "count"}),
    "deal": frozenset({"card", "count"}),
}, "РЕЛИЗ")

_TILE_PIPS = {c: card.pips for c, card in TILES.items()}
_LINKED_ZONE = itemgetter(1)  # the zone of a link (my half, zone, its half)
#: An event from its four fields (kind, player, data, private) in one tuple: the frequent events
#: are made so, without the Python-level constructor of Event.
_event: Callable[[tuple[str, int | None, dict[str, Any], bool]], Event] = partial(
    tuple.__new__, Event)
_EV_CODE = {c: card.code for c, card in EVENTS.items()}
_EV_METHOD = {c: f"_ev_{code}" for c, code in _EV_CODE.items()}  # what each event card does

# Moves are immutable, so every game shares them: each is made once, on first use, and listing
# the legal moves mostly builds no new objects. Seats are at most 4.
_END = [Action("end", p) for p in range(4)]
_CALL = [Action("call", p) for p in range(4)]
_ROTATE: list[list[Action]] = [[] for _ in range(4)]  # by seat, by zone


def _orients(tile: int) -> int:
    """A tile's orientations as bits, ``1 << (tile << 1 | flip)`` (a double only unturned): read
    upwards, the bits of several tiles go by tile, unturned first.

    >>> bin(_orients(2)), bin(_orients(1))  # 0|1 both ways, 0|0 once
    ('0b110000', '0b100')
    """
    low, high = _TILE_PIPS[tile]
    return 1 << (tile << 1) | (2 << (tile << 1) if low != high else 0)


def _fitting(need0: int, need1: int, double: bool) -> int:
    """The orientations (bits, see ``_orients``) of every tile that fits a zone asking ``need0``
    pips of half 1 and ``need1`` of half 2 (-1: any, -2: none fits), a double or not."""
    fits = 0
    if -2 in (need0, need1):
        return fits
    for tile, (low, high) in _TILE_PIPS.items():
        for flip, (a, b) in enumerate(((low, high), (high, low))):
            if (flip == 0 or low != high) and need0 in (-1, a) and need1 in (-1, b) and (
                    not double or a == b):
                fits |= 1 << (tile << 1 | flip)
    return fits


_ORIENTS = [_orients(t) if t in _TILE_PIPS else 0 for t in range(32)]
#: ``_fitting`` of every need, at ``[double][need0][need1]`` (the needs -2 and -1 are the last
#: two places of their lists: a negative index counts from the end).
_FIT = [[[_fitting(need0, need1, double) for need1 in (*range(7), -2, -1)]
         for need0 in (*range(7), -2, -1)] for double in (False, True)]
#: Sets of orientations (bits) as a tuple of orientations, ``tile << 1 | flip`` each, by tile,
#: unturned first (see ``_orient_list``).
_ORIENT_LISTS: dict[int, tuple[int, ...]] = {}
#: The place or replace moves into a zone, by ``zone << 3 | seat << 1 | replace``: each by its
#: orientation, ``tile << 1 | flip`` (see ``_tile_row``).
_TILE_ROWS: dict[int, dict[int, Action]] = {}


def _orient_list(orients: int) -> tuple[int, ...]:
    """The ``_ORIENT_LISTS`` entry of a set of orientations, worked out and kept.

    >>> _orient_list(_orients(2) | _orients(1))  # 0|0, 0|1, 1|0
    (2, 4, 5)
    """
    found = []
    left = orients
    while left:
        low = left & -left
        left ^= low
        found.append(low.bit_length() - 1)
    if len(_ORIENT_LISTS) >= 50_000:
        _ORIENT_LISTS.clear()
    kept = _ORIENT_LISTS[orients] = tuple(found)
    return kept


def _tile_row(way: int) -> dict[int, Action]:
    """The ``_TILE_ROWS`` entry of ``zone << 3 | seat << 1 | replace``, made and kept (a double
    turned round too: with a crutch it may be)."""
    kind, p, z = "replace" if way & 1 else "place", way >> 1 & 3, way >> 3
    row = _TILE_ROWS[way] = {tile << 1 | flip: Action(kind, p, tile, z, flip)
                             for tile in _TILE_PIPS for flip in (0, 1)}
    return row


@cache
def _play_move(p: int, c: int, target: int | None = None, count: int | None = None,
               cards: tuple[int, ...] | None = None) -> Action:
    """Seat ``p`` plays event card ``c`` (made once: moves are shared)."""
    return Action("play", p, card=c, target=target, count=count, cards=cards)


def tile_of(chip: int) -> int:
    """The tile id of a tile chip (a tile with its set).

    >>> tile_of(5 + 32 * 2)
    5
    """
    return chip & 31


def card_name(card: Any) -> str:
    """A card's name, or a readable stand-in for an id that is not a card.

    >>> card_name(1), card_name(99)
    ('0|0', 'card 99')
    """
    info = CARDS.get(card) if isinstance(card, int) else None
    return info.name if info is not None else f"card {card!r}"


def scenario_of(options: RelizOptions, seats: int) -> Scenario:
    """The scenario a game of ``seats`` seats plays with these options ("auto" by seats).

    >>> scenario_of(RelizOptions(), 3).name_en
    'Every Man for Himself'
    """
    code = options.scenario if options.scenario != "auto" else AUTO.get(seats, "duel")
    return SCENARIOS[code]


class RelizGame(Game):
    """One game of РЕЛИЗ. Start it with :func:`devgames.reliz.new_game`.

    >>> from devgames import reliz
    >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
    >>> game.phase, game.scenario.name_en
    ('attach', 'Duel')
    >>> game.waiting_for
    'Ada chooses one of two block cards and where it joins the board.'
    """

    name = "reliz"
    rules_version = RULES_VERSION
    card_ids = range(1, max(CARDS) + 1)
    action_kinds = _check_shape.kinds

    def __init__(self, players: tuple[str, ...], seed: int | None,
                 options: RelizOptions) -> None:
        super().__init__(players, seed, options)
        self.n = n = len(players)
        self.scenario = sc = scenario_of(options, n)
        self.code = sc.code
        self.teams_mode = sc.code in ("tender", "cooperation")
        self.partnered = sc.code == "team"
        #: The team of each seat (Team Development: seats 0, 2 against 1, 3).
        self.team = [p % 2 if self.partnered else p for p in range(n)]
        self.sets = n if self.teams_mode else 1
        self.strict = options.integration_match == "every_end"
        #: Physical deck: the facilitator enters each tile, event card and block card drawn.
        self.physical = options.deck == "physical"
        #: Physical deck: the random ports of Tender's and Cooperation's layouts come from a
        #: generator of their own, so that the board depends on the seed and the moves only.
        self.ports_rng = Random(self.seed) if self.physical else self.rng
        #: What is to be entered, in order: ("tile", seat, set), ("event", seat, deck),
        #: ("daily", seat, deck), ("block", index in the attach queue, supply) or ("first", 0,
        #: supply) for the first block of the board; the blocks of Tender's and Cooperation's
        #: layouts (see ``_lay``): ("central", team, supply), ("integration", team, supply)
        #: and ("module", team, supply).
        self.to_enter: list[tuple[str, int, int]] = []
        self.touching = options.first_tile == "touching"
        # Board.
        self.blocks: list[dict[str, Any]] = []  # card, zones, owner, stage, ports used
        self.zkind: list[str] = []
        self.zblock: list[int] = []
        self.zdouble: list[bool] = []
        self.zlinks: list[list[tuple[int, int, int]]] = []  # (my half, zone, its half)
        self.zowner: list[int] = []
        self.zstage: list[str] = []
        self.zlabel: list[str] = []
        self.zports: list[tuple[int, ...]] = []  # integration and card zones: port codes
        self.chip: list[int] = []  # the tile chip in each zone (0: empty)
        self.need: list[tuple[int, int, bool, bool, int]] = []  # see _refresh
        self.zfit: list[int] = []  # see _refresh
        self.rotatable: set[int] = set()  # zones whose tile may be rotated (see _refresh)
        self.pips: list[tuple[int, int]] = []
        self.crutch: list[bool] = []
        self.integrations = 0
        self.card_zones = 0
        # Pieces.
        self.pool: list[list[int]] = [[] for _ in range(self.sets)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.cards: list[list[int]] = [[] for _ in range(n)]
        decks = n + 1 if sc.code == "cooperation" else (n if self.teams_mode else 1)
        self.decks: list[list[int]] = [[] for _ in range(decks)]
        self.discards: list[list[int]] = [[] for _ in range(decks)]
        self.out_of_game: list[int] = []  # one-time event cards used
        self.supply: dict[int, list[int]] = {}  # block cards left, by supply (-1 shared)
        # Turn.
        self.phase = ATTACH
        self.turn_player = options.first_player
        self.order_start = options.first_player
        self.turn_no = 0
        self.round_no = 1
        self.daily: int | None = None
        self.daily_open = False  # Writing a Prototype: the daily event may wait in the turn
        self.frozen = [0] * n
        self.frozen_now = False
        self.extra_turns: list[int] = []
        self.placed_now: set[int] = set()
        self.fresh: set[int] = set()
        self.extras: list[int] = []
        self.extras_left = 0
        self.wild: dict[int, int] = {}  # chip -> tile pip (0 low, 1 high) that counts as any
        self.locked: list[list[int]] = [[] for _ in range(n)]  # Refactoring: face up, next turn
        self.revealed: dict[int, int] = {}  # seat -> turn its hand was shown (IT Audit)
        self.superman = False
        self.pilot_used = False
        self.attach_queue: list[tuple[int, tuple[int, ...], str, int, str, tuple[int, ...]]] = []
        self.partner_back = -1
        self.merged = [False] * n  # Cooperation: the team's module is closed, it plays as one
        #: Tender and Cooperation with ``team_hands="members"``: each member of a team holds a
        #: hand of their own, and one member a round plays (rulebook Q45, Q48).
        self.members_mode = self.teams_mode and options.team_hands == "members"
        size = options.team_size if self.members_mode else 0
        #: The member of each team who plays this round (``(round_no - 1) % team_size``: the
        #: first member in round 1).
        self.active_member = [(self.round_no - 1) % size if size else 0] * n
        #: The hands of each team's members, by seat and member; the active member's place stays
        #: empty, their tiles being ``hands[p]`` (see ``member_hand``).
        self.member_hands: list[list[list[int]]] = [[[] for _ in range(size)] for _ in range(n)]
        self.central_open = False
        self.linked = [False] * n  # Tender: the module joined to the integration block
        #: Tender with a shared win: the teams that closed everything in this round, in order.
        self.closed: list[int] = []
        self.refreshes = 0
        # Metrics.
        self.placed_turn = [0] * n
        self.placed_total = [0] * n
        self.releases = [0] * n
        self.events_drawn = [0] * n
        #: One entry a turn, made into the metrics rows by ``_rows``: the turn, round and turn
        #: player, then by seat the zones done and in all, tiles placed this turn and in all,
        #: releases, event cards drawn, tiles in hand, and the size of each stock.
        self._turns: list[tuple[Any, ...]] = []
        self.result = ""
        #: The moves legal_actions() listed for the present state (see there).
        self._legal: tuple[Action, ...] = ()
        self._setup()

    # ----- set-up -------------------------------------------------------------------------------
    def _setup(self) -> None:
        sc = self.scenario
        for s in range(self.sets):
            self.pool[s] = [t + (s << SET_BITS) for t in TILES]
        banned = {EVENT_ID[code] for code in sc.banned}
        for d in range(len(self.decks)):
            deck = [c + (d << DECK_BITS) for c in EVENT_DECK if c not in banned]
            if not self.physical:
                shuffle(deck, self.rng)
                self.chance_steps += 1
            self.decks[d] = deck
        if self.code == "cooperation":  # the central deck waits for the central stage
            self.decks[self.n] = []
        self.supply[SHARED] = list(BLOCKS)
        if self.teams_mode:
            for t in range(self.n):
                self.supply[t] = list(BLOCKS)
        if self.code == "tender":
            self._setup_tender()
        elif self.code == "cooperation":
            self._setup_cooperation()
        else:
            if self.physical:
                self.to_enter.append(("first", 0, SHARED))
            else:
                self._add_block(self._draw_blocks(SHARED, 1)[0], SHARED, "")
            seat = self.turn_player
            for _ in range(sc.blocks - 1):
                self._queue_attach(seat, 2, "setup", SHARED, "", None)
                seat = (seat + 1) % self.n
        self.events.append(Event("setup", None, {"scenario": self.code}))
        self._after_setup_attach()

    def _after_setup_attach(self) -> None:
        """Deal when every set-up block is down, then start the first turn."""
        if self.attach_queue:
            self.phase = ATTACH
            return
        for p in self.seats_in_order():
            for hand in (*self._aside(p), self.hands[p]):  # each member, the active one last
                for _ in range(self.scenario.start_tiles):
                    self._draw_tile(p, hand)
        self._start_turn()

    def _setup_tender(self) -> None:
        n = self.n
        if self.physical:  # each block card is laid as it is entered
            self.to_enter += [("central", 0, SHARED)] + [("integration", t, SHARED)
                                                         for t in range(n)]
        else:
            self._lay("central", 0, self._draw_blocks(SHARED, 1, min_ports=n)[0])
            for t in range(n):
                self._lay("integration", t, self._draw_blocks(SHARED, 1)[0])
        for t in range(n):
            for size in (2, 3, 4):
                self._queue_attach(t, 2, "module", t, MODULE, size)

    def _setup_cooperation(self) -> None:
        n = self.n
        if self.physical:  # each block card is laid as it is entered
            self.to_enter += [("central", t, SHARED) for t in range(n)] + [
                ("module", t, t) for t in range(n) for _ in range(3)]
            return
        for t in range(n):
            self._lay("central", t, self._draw_blocks(SHARED, 1)[0])
        for t in range(n):
            drawn = self._draw_blocks(t, 3)
            for i, block in enumerate(drawn):
                self._lay("module", t, block, last=i == len(drawn) - 1)

    def _lay(self, what: str, team: int, block: int, last: bool = False) -> None:
        """Lay a block card of a Tender or Cooperation layout, joined at random ports: Tender's
        central block ("central") or a team's integration block, joined to it
        ("integration"); Cooperation's central block of a team, chained to the one before
        ("central"), or a block of a team's module, chained to the one before and, the
        ``last``, joined to the team's central block ("module")."""
        if what == "integration":
            self._random_join(0, self._add_block(block, team, INTEGRATION_BLOCK), team, CENTRAL)
            return
        owner, stage = (SHARED, CENTRAL) if what == "central" else (team, MODULE)
        before = self._slots(owner, stage)
        slot = self._add_block(block, owner, stage)
        if before and self.code == "cooperation":
            self._random_join(before[-1], slot, owner, stage)
        if last:
            self._random_join(slot, self._slots(SHARED, CENTRAL)[team], SHARED, CENTRAL)

    def _slots(self, owner: int, stage: str) -> list[int]:
        """The slots of the blocks of an owner and stage, in the order they were laid."""
        return [s for s, b in enumerate(self.blocks) if b["owner"] == owner and
                b["stage"] == stage]

    def _draw_blocks(self, supply: int, k: int, size: int | None = None,
                     min_ports: int = 0) -> list[int]:
        """``k`` random block cards from a supply (of a size, with enough ports)."""
        left = [b for b in self.supply[supply]
                if (size is None or BLOCKS[b].size == size) and len(BLOCKS[b].ports) >= min_ports]
        if self.physical:  # drawn at the table: entered later
            wanted = min(k, len(left) - self._blocks_waiting(supply, size))
            return [0] * max(wanted, 0)
        shuffle(left, self.rng)
        self.chance_steps += 1
        drawn = left[:k]
        for b in drawn:
            self.supply[supply].remove(b)
        return drawn

    def _blocks_waiting(self, supply: int, size: int | None) -> int:
        """Physical deck: the block cards drawn from a supply and not entered yet (those that
        may be of ``size``, when it is given)."""
        return sum(1 for what, who, where in self.to_enter
                   if what in BLOCK_ENTRIES and where == supply and
                   (size is None or self._entry_size(what, who) in (None, size)))

    def _entry_size(self, what: str, who: int) -> int | None:
        """Physical deck: the size (zones) the block card entered must have, if any."""
        if what != "block":
            return None
        supply = self.attach_queue[who][5]
        return supply[1] if len(supply) > 1 else None

    def _queue_attach(self, seat: int, k: int, reason: str, owner: int, stage: str,
                      size: int | None) -> bool:
        supply = owner if self.teams_mode and owner >= 0 else SHARED
        if reason not in ("setup", "module") and not self._attach_ports(
                (seat, (), reason, owner, stage, ())):
            return False  # no free port: no block can join
        drawn = self._draw_blocks(supply, k, size)
        if not drawn:
            return False
        drawn_from: tuple[int, ...] = (supply,)
        if self.physical:
            self.to_enter += [("block", len(self.attach_queue), supply)] * len(drawn)
            if size is not None:  # the size the block cards entered must have
                drawn_from = (supply, size)
        self.attach_queue.append((seat, tuple(drawn), reason, owner, stage, drawn_from))
        return True

    def _add_block(self, card: int, owner: int, stage: str) -> int:
        """Put a block card on the board (without joining it); its slot."""
        slot = len(self.blocks)
        block = BLOCKS[card]
        first = len(self.zkind)
        zones = []
        for number, _vertical, double in block.zones:
            z = self._new_zone(BLOCK, slot, double, owner, stage, f"B{slot + 1}.{number}")
            zones.append(z)
        for za, ha, zb, hb in block.links:
            self._link(first + za - 1, ha - 1, first + zb - 1, hb - 1)
        self.blocks.append({"card": card, "zones": zones, "owner": owner, "stage": stage,
                            "used": []})
        return slot

    def _new_zone(self, kind: str, slot: int, double: bool, owner: int, stage: str,
                  label: str) -> int:
        z = len(self.zkind)
        self.zkind.append(kind)
        self.zblock.append(slot)
        self.zdouble.append(double)
        self.zlinks.append([])
        self.zowner.append(owner)
        self.zstage.append(stage)
        self.zlabel.append(label)
        self.zports.append(())
        self.chip.append(0)
        self.pips.append((0, 0))
        self.crutch.append(False)
        self.need.append((-1, -1, True, False, 1))
        self.zfit.append(0)
        self._refresh((z,))
        self.fresh.add(z)  # a zone added in a turn may trigger RELEASE in that turn
        return z

    def _link(self, za: int, ha: int, zb: int, hb: int) -> None:
        self.zlinks[za].append((ha, zb, hb))
        self.zlinks[zb].append((hb, za, ha))
        self._refresh((za, zb))

    def _refresh(self, zones: Iterable[int]) -> None:
        """Work out again what each zone ``z`` of ``zones`` offers the legal moves, kept in
        ``need[z]``: the pips its filled neighbours ask of its half 1 and half 2 (-1 any, -2 when
        two of them disagree: no tile fits), whether they are all filled, whether its tile may be
        rotated, and whether the board lets a tile be placed (1) or replaced (2) there (0:
        neither); keep in ``zfit[z]`` the tile orientations that fit it (bits, see ``_fitting``;
        0 when the board lets no tile go there), and ``z`` in ``rotatable`` or not."""
        chip, pips, need, zfit, rotatable = (self.chip, self.pips, self.need, self.zfit,
                                             self.rotatable)
        zlinks, kinds, doubles, crutch = self.zlinks, self.zkind, self.zdouble, self.crutch
        for z in zones:
            need0 = need1 = -1
            around = True
            for h, oz, oh in zlinks[z]:
                if not chip[oz]:
                    around = False
                    continue
                pip = pips[oz][oh]
                if h:
                    if need1 == -1:
                        need1 = pip
                    elif need1 != pip:
                        need1 = -2
                elif need0 == -1:
                    need0 = pip
                elif need0 != pip:
                    need0 = -2
            block = kinds[z] == BLOCK
            if not (block or around):  # an integration zone waiting for its neighbours
                zfit[z] = 0
                need[z] = (need0, need1, around, False, 0)
                rotatable.discard(z)
                continue
            zfit[z] = _FIT[doubles[z]][need0][need1]
            if chip[z]:
                a, b = pips[z]
                rotates = block and a != b and (need0 == -1 or need0 == b) and (
                    need1 == -1 or need1 == a) and not crutch[z]
                need[z] = (need0, need1, around, rotates, 2)
                if rotates:
                    rotatable.add(z)
                    continue
            else:
                need[z] = (need0, need1, around, False, 1)
            rotatable.discard(z)

    def _changed(self, z: int, kept: tuple[bool, bool] = (False, False)) -> None:
        """Zone ``z``'s tile changed (or turned, or its crutch): its neighbours' entries of
        ``need`` follow, and its own (what its neighbours ask of it stays); ``kept``: whether
        a tile replaced by another shows the same pips on half 1, on half 2 (the neighbours
        touching only such halves ask the same)."""
        need0, need1, around, _rotates, mode = self.need[z]
        if self.chip[z]:
            a, b = self.pips[z]
            rotates = self.zkind[z] == BLOCK and not self.crutch[z] and a != b and \
                need0 in (-1, b) and need1 in (-1, a)
            self.need[z] = (need0, need1, around, rotates, 2 if mode else 0)
        else:
            rotates = False
            self.need[z] = (need0, need1, around, False, 1 if mode else 0)
        if rotates:
            self.rotatable.add(z)
        else:
            self.rotatable.discard(z)
        if kept[0] or kept[1]:
            self._refresh([oz for h, oz, _oh in self.zlinks[z] if not kept[h]])
        else:
            self._refresh(map(_LINKED_ZONE, self.zlinks[z]))

    def port_halves(self, code: int) -> list[tuple[int, int]]:
        """The (zone, half) a port touches, from its code ``10 * block + port``.

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
        >>> game.port_halves(game.free_ports()[0])[0][1] in (0, 1)
        True
        """
        slot, number = divmod(code, 10)
        block = self.blocks[slot]
        for port in BLOCKS[block["card"]].ports:
            if port.port == number:
                zones = block["zones"]
                return [(zones[zone - 1], half - 1) for zone, half in port.halves]
        raise KeyError(code)

    def free_ports(self, slots: list[int] | None = None) -> list[int]:
        """Codes of the ports no integration zone uses yet (of these blocks, or of all)."""
        out = []
        for slot in range(len(self.blocks)) if slots is None else slots:
            block = self.blocks[slot]
            for port in BLOCKS[block["card"]].ports:
                if port.port not in block["used"]:
                    out.append(slot * 10 + port.port)
        return out

    def _join(self, code_a: int, code_b: int, owner: int, stage: str) -> int:
        """An integration zone between two ports: half 1 faces port A, half 2 port B."""
        self.integrations += 1
        z = self._new_zone(INTEGRATION, -1, False, owner, stage, f"I{self.integrations}")
        for code, half in ((code_a, 0), (code_b, 1)):
            self.blocks[code // 10]["used"].append(code % 10)
            for zone, h in self.port_halves(code):
                self._link(z, half, zone, h)
        self.zports[z] = (code_a, code_b)
        return z

    def _random_join(self, slot_a: int, slot_b: int, owner: int, stage: str) -> None:
        ports_a, ports_b = self.free_ports([slot_a]), self.free_ports([slot_b])
        if not ports_a or not ports_b:
            return
        self.chance_steps += 1
        self._join(self.ports_rng.choice(ports_a), self.ports_rng.choice(ports_b), owner, stage)

    # ----- pieces -------------------------------------------------------------------------------
    def _set_of(self, p: int) -> int:
        return p if self.teams_mode else 0

    def _draw_tile(self, p: int, into: list[int] | None = None) -> bool:
        """Move a random tile from the seat's stock into its hand (or ``into``)."""
        tile_set = p if self.teams_mode else 0
        pool = self.pool[tile_set]
        if self.physical:
            waiting = sum(1 for e in self.to_enter if e[0] == "tile" and e[2] == tile_set)
            if len(pool) <= waiting:
                return False
            (self.hands[p] if into is None else into).append(
                UNKNOWN_TILE + (tile_set << SET_BITS))
            self.to_enter.append(("tile", p, tile_set))
            return True
        if not pool:
            return False
        self.chance_steps += 1
        chip = pool.pop(self.rng.randrange(len(pool)))
        (self.hands[p] if into is None else into).append(chip)
        self.events.append(_event(("draw", p, {"tile": chip}, True)))
        return True

    def _aside(self, p: int) -> list[list[int]]:
        """The hands of seat ``p``'s members who do not play this round, in member order."""
        active = self.active_member[p]
        return [hand for m, hand in enumerate(self.member_hands[p]) if m != active]

    def member_hand(self, p: int, m: int) -> list[int]:
        """The tiles of member ``m`` of seat ``p``'s team (the active member's: ``hands[p]``).

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Red", "Blue"], seed=2, scenario="cooperation")
        >>> game.active_member, [len(game.member_hand(0, m)) for m in range(2)]  # + the turn's
        ([0, 0], [3, 2])
        """
        return self.hands[p] if m == self.active_member[p] else self.member_hands[p][m]

    def members_apart(self, p: int) -> bool:
        """True while the members of seat ``p``'s team hold hands of their own (not merged)."""
        return self.members_mode and not self.merged[p]

    def _rotate_members(self) -> None:
        """A new round: in each team whose members hold their own hands, the member of the round
        (``(round_no - 1) % team_size``) takes up their hand and the last one's is set aside (tiles
        face up with Refactoring go aside face down)."""
        for p in range(self.n):
            if not self.members_apart(p):
                continue
            old, new = self.active_member[p], (self.round_no - 1) % self.options.team_size
            aside = self.member_hands[p]
            aside[old], self.hands[p], aside[new] = self.hands[p], aside[new], []
            self.active_member[p] = new
            self.locked[p] = []

    def _merge_hands(self, t: int) -> None:
        """Cooperation: a team merges; every member's tiles join the one team hand."""
        for hand in self._aside(t):
            self.hands[t] += hand
            hand.clear()

    def _to_pool(self, chip: int) -> None:
        if self.code == "pet" and self.options.solo_pool == "spent":
            self.out_of_game.append(-chip)
            return
        insort(self.pool[chip >> SET_BITS], chip)  # kept sorted: a draw never depends on
        # the order tiles came back in

    def _hand_limit(self, p: int) -> int:
        if self.code == "cooperation" and self.merged[p]:
            return 2 * self.options.team_size
        return self.scenario.hand_limit

    def _deck_for(self, p: int) -> int:
        if self.code == "cooperation" and self.central_open:
            return self.n
        return p if self.teams_mode else 0

    def _draw_event(self, p: int, deck: int) -> int | None:
        """The top card of a deck; an empty deck takes its discard pile, shuffled."""
        cards = self.decks[deck]
        waiting = sum(1 for e in self.to_enter if e[0] in ("event", "daily") and e[2] == deck) \
            if self.to_enter else 0
        if len(cards) <= waiting:
            discard = self.discards[deck]
            if not discard:
                return None
            if not self.physical:
                shuffle(discard, self.rng)
                self.chance_steps += 1
            discard = cards + discard
            self.decks[deck] = cards = discard
            self.discards[deck] = []
            self.refreshes += 1
            self.events.append(Event("refresh", None, {"deck": deck, "size": len(cards)}))
            if self.code == "pet":
                self._queue_attach(p, 1, "refresh", SHARED, "", None)
        self.events_drawn[p] += 1
        if self.physical:
            self.to_enter.append(("event", p, deck))
            return UNKNOWN_EVENT + (deck << DECK_BITS)
        chip = cards.pop()
        self.events.append(_event(("event_drawn", p, {"card": chip & 63}, True)))
        return chip

    def _discard_event(self, chip: int) -> None:
        code = _EV_CODE[chip & 63]
        if code in ("req_legal", "req_tax") or (code == "pilot" and
                                                self.options.pilot == "once"):
            self.out_of_game.append(chip)
            return
        self.discards[chip >> DECK_BITS].append(chip)

    # ----- turns --------------------------------------------------------------------------------
    def seats_in_order(self) -> list[int]:
        """The seats from the first player round the table."""
        return [(self.order_start + i) % self.n for i in range(self.n)]

    def _start_turn(self) -> None:
        p = self.turn_player
        self.turn_no += 1
        self.placed_now = set()
        self.fresh = set(compress(count(), map(not_, self.chip)))
        self.locked[p] = []
        self.superman = False
        self.wild = {}
        self.placed_turn = [0] * self.n
        self.frozen_now = self.frozen[p] > 0
        if self.frozen_now:
            self.frozen[p] -= 1
        self.events.append(_event(("turn", p, {"turn": self.turn_no, "round": self.round_no,
                                               "frozen": self.frozen_now}, False)))
        draws = self.options.team_size if self.code == "cooperation" and self.merged[p] else 1
        for _ in range(draws):
            if not self._draw_tile(p) and self.code == "pet":
                self._finish([], "The stock ran out before every zone was closed: the pet "
                                 "project is lost.")
                return
        self.daily = None
        chip = self._draw_event(p, self._deck_for(p))
        if chip is not None:
            if self.code == "cooperation" and self.merged[p] and not self.central_open:
                self.cards[p].append(chip)
            else:
                self.daily = chip
                if self.physical:
                    self.to_enter[-1] = ("daily", p, self.to_enter[-1][2])
                else:
                    self.events.append(_event(("daily", p, {"card": chip & 63}, False)))
        self.daily_open = self.code == "prototype" and self.daily is not None
        self._resume()

    def _resume(self) -> None:
        if self.phase in (OVER, PARTNER):
            return
        if self.attach_queue:
            self.phase = ATTACH
        elif self.daily is not None and not self.daily_open:
            self.phase = DAILY
        else:
            self.phase = PLAY

    def _end_turn(self) -> None:
        p = self.turn_player
        if self.extras:
            for chip in self.extras:
                self._to_pool(chip)
            self.extras = []
        self.extras_left = 0
        if self.daily is not None:  # Writing a Prototype: the daily event not played
            self._discard_event(self.daily)
            self.daily = None
        limit = self._hand_limit(p) + (1 if self.superman else 0)
        if len(self.hands[p]) > limit:
            for chip in self.hands[p]:
                self._to_pool(chip)
            self.events.append(Event("over_limit", p, {"tiles": len(self.hands[p]),
                                                        "limit": limit}))
            self.hands[p] = []
            self.locked[p] = []
        if p in self.revealed and self.revealed[p] < self.turn_no:
            del self.revealed[p]
        self._record(p)
        cap = self.options.turn_cap
        if self.closed and ((cap and self.turn_no >= cap) or
                            (not self.extra_turns and self._round_ends_after(p))):
            self._share_win()
            return
        if self.code == "cooperation" and self._round_ends_after(p) and \
                self.round_no >= self.options.coop_rounds:
            self._finish([], f"{self.options.coop_rounds} rounds are over and zones are still "
                             "open (or crutches left): the teams lose together.")
            return
        if cap and self.turn_no >= cap:
            self._finish([], f"The game reached the turn cap ({cap} turns) undecided.")
            return
        if self.extra_turns:
            self.turn_player = self.extra_turns.pop(0)
        else:
            nxt = (p + 1) % self.n  # the next seat round the table
            if nxt == self.order_start:
                self.round_no += 1
                if self.members_mode:
                    self._rotate_members()
            self.turn_player = nxt
        self._start_turn()

    def _round_ends_after(self, p: int) -> bool:
        return (p + 1) % self.n == self.order_start

    def _share_win(self) -> None:
        """Tender with a shared win: the round is over, every team that closed in it wins."""
        if len(self.closed) == 1:
            p = self.closed[0]
            self._finish([p], f"{self.players[p]}'s team closed its module, its integration "
                              f"block and its central release, alone in round {self.round_no}.")
            return
        names = [f"{self.players[q]}'s" for q in self.closed]
        self._finish(self.closed, f"{', '.join(names[:-1])} and {names[-1]} teams closed their "
                                  "modules, integration blocks and central releases in round "
                                  f"{self.round_no}: they share the win.")

    def _finish(self, winners: list[int], result: str) -> None:
        self._winners = sorted(winners)
        self.result = result
        self.phase = OVER
        if self.to_enter:  # pieces drawn but not entered stay where they were
            self.to_enter = []
            for hand in (*self.hands, *(h for aside in self.member_hands for h in aside)):
                hand[:] = [c for c in hand if c & 31 != UNKNOWN_TILE]
            self.extras = [c for c in self.extras if c & 31 != UNKNOWN_TILE]
            for cards in self.cards:
                cards[:] = [c for c in cards if c & 63 != UNKNOWN_EVENT]
            if self.daily is not None and self.daily & 63 == UNKNOWN_EVENT:
                self.daily = None
        if self.daily is not None:
            self._discard_event(self.daily)
            self.daily = None
        self.events.append(Event("game_over", None, {"winners": list(self._winners),
                                                     "result": result}))

    def _record(self, turn_player: int) -> None:
        n, chip = self.n, self.chip
        if self.teams_mode:  # each team's own zones
            done, size = [0] * n, [0] * n
            for owner, tile in zip(self.zowner, chip, strict=True):
                if 0 <= owner < n:
                    size[owner] += 1
                    if tile:
                        done[owner] += 1
        else:
            total = len(chip)
            done, size = [total - chip.count(0)] * n, [total] * n
        self._turns.append((self.turn_no, self.round_no, turn_player, done, size,
                            tuple(self.placed_turn), tuple(self.placed_total),
                            tuple(self.releases), tuple(self.events_drawn),
                            [*map(len, self.hands)], [*map(len, self.pool)]))

    @property
    def _rows(self) -> list[tuple[Any, ...]]:
        """The metrics rows as tuples of ROUND_FIELDS (seats by index): one per seat a turn."""
        team, teams = self.team, self.teams_mode
        return [(turn, round_no, turn_player, q, team[q], placed[q], placed_total[q], done[q],
                 size[q], releases[q], drawn[q], hands[q], pools[q if teams else 0])
                for (turn, round_no, turn_player, done, size, placed, placed_total, releases,
                     drawn, hands, pools) in self._turns for q in range(self.n)]

    @property
    def rounds(self) -> list[dict[str, Any]]:
        """One row per seat at the end of every turn: tiles placed, zones done, events drawn.

        >>> from devgames import reliz
        >>> reliz.new_game(["Ada", "Bob"], seed=1).rounds
        []
        """
        names = self.players
        return [dict(zip(ROUND_FIELDS, (r[0], r[1], names[r[2]], names[r[3]],
                                        self._team_name(r[3]), *r[5:]), strict=True))
                for r in self._rows]

    def _team_name(self, p: int) -> str:
        if self.partnered:
            return " & ".join(self.players[q] for q in range(self.n) if self.team[q] ==
                              self.team[p])
        return self.players[p]

    # ----- the board's rules ----------------------------------------------------------------------
    def _neighbours_filled(self, z: int) -> bool:
        chip = self.chip
        return all(chip[oz] for _h, oz, _oh in self.zlinks[z])

    def _fits(self, z: int, a: int, b: int, wild: int = -1) -> bool:
        """True if pips (a on half 1, b on half 2) match every filled half zone ``z`` touches
        (``wild``: the half, 0 or 1, that counts as any pips)."""
        if self.zdouble[z] and a != b and wild < 0:
            return False
        chip, pips = self.chip, self.pips
        kind = self.zkind[z]
        if kind != BLOCK and not self.strict:
            matched = False
            for h, oz, oh in self.zlinks[z]:
                if h == wild or (a if h == 0 else b) == pips[oz][oh]:
                    matched = True
            return matched
        for h, oz, oh in self.zlinks[z]:
            if chip[oz] and h != wild and (a if h == 0 else b) != pips[oz][oh]:
                return False
        return True

    def _can_fill(self, p: int, z: int) -> bool:
        """True if seat ``p`` may put a tile into zone ``z`` (ownership, order, neighbours)."""
        if self.zkind[z] != BLOCK:
            if not self._neighbours_filled(z):
                return False
        elif self.touching and not any(self.chip[oz] for _h, oz, _oh in self.zlinks[z]):
            slot = self.zblock[z]
            if any(self.chip[y] for y in self.blocks[slot]["zones"]):
                return False
        return self._owner_allows(p, z)

    def _owner_allows(self, p: int, z: int) -> bool:
        if not self.teams_mode:
            return True
        owner, stage = self.zowner[z], self.zstage[z]
        if self.code == "tender":
            if owner not in (p, SHARED):
                return False
            if stage == MODULE:
                return True
            if stage in (LINK, INTEGRATION_BLOCK):
                return self._closed(p, (MODULE,))
            return self._closed(p, (MODULE, LINK, INTEGRATION_BLOCK))
        if stage == CENTRAL:
            return self.central_open
        return owner == p or self.merged[p]

    def _closed(self, team: int, stages: tuple[str, ...]) -> bool:
        """True if every zone of ``team`` in these stages is filled."""
        if LINK in stages and self.code == "tender" and not self.linked[team]:
            return False
        return all(self.chip[z] for z in range(len(self.chip))
                   if self.zowner[z] == team and self.zstage[z] in stages)

    def _orient(self, chip: int, flip: int) -> tuple[int, int, int]:
        """Pips on half 1 and 2 of ``chip`` placed (flipped or not), and its wild half."""
        low, high = _TILE_PIPS[chip & 31]
        wild = self.wild.get(chip, -1)
        if flip:
            return high, low, (1 - wild if wild >= 0 else -1)
        return low, high, wild

    def _tile_chip(self, p: int, tile: int) -> tuple[int, str] | None:
        """The chip of ``tile`` the seat may place now, and where it is (hand or extras)."""
        locked = self.locked[p]
        for chip in self.hands[p]:
            if chip & 31 == tile and chip not in locked:
                return chip, "hand"
        if self.extras_left > 0:
            for chip in self.extras:
                if chip & 31 == tile:
                    return chip, "extras"
        return None

    def places(self, tile: int | str, player: int | str | None = None) -> list[dict[str, Any]]:
        """Where ``tile`` may go now for ``player`` (the turn player by default): each zone, its
        label, the orientation (flip 0 or 1) and whether it replaces a tile. For highlighting.

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Ada"], seed=5)
        >>> game.phase
        'attach'
        >>> game.places("0|0")
        []
        """
        p = self.turn_player if player is None else self.seat(player)
        t = self.tile_id(tile)
        out = []
        for action in self.legal_actions():
            if action.kind in ("place", "replace") and action.card == t and action.player == p:
                z = action.target
                assert z is not None
                out.append({"zone": z, "label": self.zlabel[z], "flip": action.count,
                            "replace": action.kind == "replace"})
        return out

    def why_not_place(self, player: int | str, tile: int | str, zone: int | str,
                      flip: int = 0) -> str | None:
        """The sentence refusing a placement, or None when it is legal.

        >>> from devgames import reliz
        >>> reliz.new_game(["Ada", "Bob"], seed=3).why_not_place("Ada", "1|2", "B1.1")
        'Ada must first choose the block card to join the board.'
        """
        try:
            action = Action("place", self.seat(player), card=self.tile_id(tile),
                            target=self.zone_id(zone), count=flip)
            self._check(action)
        except IllegalMove as error:
            return str(error)
        return None

    # ----- the generic protocol -----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.to_enter:
            return CHANCE
        if self.phase == ATTACH:
            return self.attach_queue[0][0]
        if self.phase == PARTNER:
            return (self.turn_player + 2) % self.n
        return self.turn_player

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        if self.phase == PLAY and not self.to_enter:  # the most frequent case first
            out = self._legal_play(self.turn_player)
        else:
            out = self._legal_now()
        # Remembered until the next move, so that ``_check`` accepts these very objects without
        # deriving them again (by identity: an equal action built elsewhere is checked in full).
        self._legal = tuple(out)
        return out

    def _legal_now(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY and not self.to_enter:  # the most frequent case first
            return self._legal_play(self.turn_player)
        if phase == OVER:
            return []
        if self.to_enter:
            return self._legal_deal()
        if phase == ATTACH:
            return self._legal_attach()
        if phase == DAILY:
            p = self.turn_player
            assert self.daily is not None
            out = self._event_actions(p, self.daily, daily=True)
            if self.options.blitz:
                out.append(Action("keep", p))
            return out
        if phase == PARTNER:
            q = (self.turn_player + 2) % self.n
            out = [Action("back", q)]
            for c in sorted({chip for chip in self.cards[q] if self._playable_event(q, chip)}):
                out += self._event_actions(q, c)
            return out
        return self._legal_play(self.turn_player)

    def _legal_deal(self) -> list[Action]:
        """Physical deck: every piece that may be entered as the one drawn (each once), in id
        order. Tiles and event cards are offered whether the engine believes them in the stock,
        the deck or a hand (hands are secret: see ``_recount_tile`` and ``_recount_event``);
        only pieces that lie face up are left out. Block cards are always drawn face up (set-up
        candidates, a block laid), so those left in the supply are a public fact."""
        what, who, where = self.to_enter[0]
        if what == "tile":
            face_up = self._face_up_tiles(where)
            return [Action("deal", CHANCE, card=t) for t in TILES if t not in face_up]
        if what in ("event", "daily"):
            return [Action("deal", CHANCE, card=c) for c in self._event_titles(where)]
        return [Action("deal", CHANCE, count=b) for b in self._blocks_offered(what, who, where)]

    def _face_up_tiles(self, tile_set: int) -> set[int]:
        """The tiles of a set that lie face up: on the board, taken face up with Refactoring,
        drawn as extras, or spent (Pet Project)."""
        face_up = {c & 31 for c in self.chip if c >> SET_BITS == tile_set and c}
        for chip in (*(c for locked in self.locked for c in locked), *self.extras,
                     *(-c for c in self.out_of_game if c < 0)):
            if chip >> SET_BITS == tile_set:
                face_up.add(chip & 31)
        return face_up

    def _event_titles(self, deck: int) -> list[int]:
        """The titles of a deck that are not face up in every copy (discard pile, played and out
        of the game, the daily event): those in the deck or, as far as the room knows, in a hand."""
        titles = {c & 63 for c in self.decks[deck]}
        titles.update(c & 63 for hand in self.cards for c in hand
                      if c >> DECK_BITS == deck and c & 63 != UNKNOWN_EVENT)
        return sorted(titles)

    def _recount_tile(self, chip: int) -> None:
        """Make sure the tile entered, not face up, is in its stock. The engine may believe it is
        in a hand (seat order, the hands set aside last): the table is right, and it trades
        places with the stock's first tile, which the engine believes that hand holds from then
        on; a private event records it. Every tile stays in one place."""
        pool = self.pool[chip >> SET_BITS]
        if chip in pool:
            return
        for p in range(self.n):
            for hand in (self.hands[p], *self.member_hands[p]):
                if chip in hand:
                    substitute = pool.pop(0)
                    hand[hand.index(chip)] = substitute
                    insort(pool, chip)
                    self.events.append(Event("mismatch", p, {"tile": substitute,
                                                            "instead_of": chip}, private=True))
                    return
        raise AssertionError(f"tile {chip} is nowhere")  # checked: not face up

    def _recount_event(self, chip: int) -> None:
        """Make sure the event card entered is in its deck. The engine may believe every copy
        not face up is in a hand (the first in seat order): the table is right, and it trades
        places with the deck's top card, which the engine believes that player holds from then
        on; a private event records it."""
        deck = self.decks[chip >> DECK_BITS]
        if chip in deck:
            return
        for p, hand in enumerate(self.cards):
            if chip in hand:
                substitute = deck[-1]
                deck[-1] = chip
                hand[hand.index(chip)] = substitute
                self.events.append(Event("mismatch", p, {"card": substitute & 63,
                                                        "instead_of": chip & 63}, private=True))
                return
        raise AssertionError(f"event card {chip} is nowhere")  # checked: not face up

    def _blocks_offered(self, what: str, who: int, where: int) -> list[int]:
        """Physical deck: the block cards that may be entered for an entry (Tender's central
        block needs a port per team; a module's block, the size drafted)."""
        left = sorted(set(self.supply[where]))
        if what == "central" and self.code == "tender":
            return [b for b in left if len(BLOCKS[b].ports) >= self.n]
        size = self._entry_size(what, who)
        return left if size is None else [b for b in left if BLOCKS[b].size == size]

    def _entering_words(self) -> str:
        """What the facilitator enters now, in words."""
        what, who, _where = self.to_enter[0]
        if what == "tile":
            return f"Enter the tile {self.players[who]} drew."
        if what == "daily":
            return f"Enter {self.players[who]}'s daily event card."
        if what == "event":
            return f"Enter the event card {self.players[who]} drew."
        if what == "first":
            return "Enter the first block card of the board."
        if what == "central" and self.code == "tender":
            return f"Enter the central block card (one with {self.n} ports or more)."
        if what in ("central", "integration"):
            return f"Enter the {what} block card drawn for {self.players[who]}."
        if what == "module":
            return f"Enter the block card drawn for {self.players[who]}'s module."
        size = self._entry_size(what, who)
        seat = self.players[self.attach_queue[who][0]]
        if size is not None:
            return f"Enter the {size}-zone block card drawn for {seat}."
        return f"Enter the block card drawn for {seat}."

    def _check_deal(self, action: Action) -> None:
        if action.kind != "deal" or action.player != CHANCE:
            words = self._entering_words()
            raise IllegalMove("card_expected", f"First the piece drawn: {words[0].lower()}"
                              f"{words[1:]}")
        if action not in self._legal_deal():
            what = self.to_enter[0][0]
            if what == "tile":
                text = ("That tile cannot have been drawn: it lies face up (on the board, or "
                        "shown).")
            elif what in ("event", "daily"):
                text = ("That event card cannot have been drawn: every copy of it lies face up "
                        "(discard pile, played, or the daily event).")
            else:
                text = ("That block card cannot have been drawn: it is not in what is left to "
                        "draw.")
            raise IllegalMove("not_available", text)

    def _deal(self, action: Action) -> None:
        what, who, where = self.to_enter.pop(0)
        if what == "tile":
            tile = action.card
            assert tile is not None
            chip = tile + (where << SET_BITS)
            self._recount_tile(chip)
            self.pool[where].remove(chip)
            unknown = UNKNOWN_TILE + (where << SET_BITS)
            for place in (*self._aside(who), self.hands[who], self.extras):  # as drawn
                if unknown in place:
                    place[place.index(unknown)] = chip
                    break
            self.events.append(Event("draw", who, {"tile": chip}, private=True))
        elif what in ("event", "daily"):
            card = action.card
            assert card is not None
            chip = card + (where << DECK_BITS)
            self._recount_event(chip)
            self.decks[where].remove(chip)
            if what == "daily":
                self.daily = chip
                self.events.append(Event("daily", who, {"card": card}))
            else:
                hand = self.cards[who]
                hand[hand.index(UNKNOWN_EVENT + (where << DECK_BITS))] = chip
                self.events.append(Event("event_drawn", who, {"card": card}, private=True))
        else:
            block = action.count
            assert block is not None
            self.supply[where].remove(block)
            if what == "first":
                self._add_block(block, SHARED, "")
            elif what != "block":
                self._lay(what, who, block, last=what == "module" and not any(
                    e[0] == "module" and e[1] == who for e in self.to_enter))
            else:
                seat, candidates, *rest = self.attach_queue[who]
                listed = list(candidates)
                listed[listed.index(0)] = block
                self.attach_queue[who] = (seat, tuple(listed), *rest)  # type: ignore[assignment]
            self.events.append(Event("block_drawn", None, {"block": block}))
        if not self.to_enter:
            self._resume()

    def _legal_attach(self) -> list[Action]:
        seat, candidates, _reason, _owner, _stage, _supply = self.attach_queue[0]
        targets = self._attach_ports(self.attach_queue[0])
        out = []
        for card in candidates:
            if targets is None:
                out.append(Action("attach", seat, card=card))
                continue
            for code in targets:
                for port in BLOCKS[card].ports:
                    out.append(Action("attach", seat, card=card, target=code, count=port.port))
        return out

    def _attach_ports(self, entry: tuple[Any, ...]) -> list[int] | None:
        """The free ports a queued block may join (None: it is the first block of a module)."""
        _seat, _candidates, reason, owner, stage, _supply = entry
        if self.teams_mode:
            slots = [s for s, b in enumerate(self.blocks) if b["owner"] == owner and
                     (b["stage"] == stage or reason != "module")]
            if reason == "module" and not slots:
                return None
            return self.free_ports(slots)
        return self.free_ports()

    def _legal_play(self, p: int) -> list[Action]:
        out = [_END[p]]
        if self.frozen_now:
            if self.partnered and self._partner_can_play():
                out.append(_CALL[p])
            return out
        wild_chips = self.wild
        mask = 0  # the orientations of the tiles the seat may place with no crutch (_orients)
        odd: list[tuple[int, int]] = []  # (tile, chip) with a crutch: checked by _fits
        if self.locked[p] or wild_chips or self.extras_left > 0:
            for tile, chip in sorted(self._placeable(p).items()):
                if chip in wild_chips:
                    odd.append((tile, chip))
                else:
                    mask |= _ORIENTS[tile]
        else:
            for chip in self.hands[p]:
                mask |= _ORIENTS[chip & 31]
        if odd or (mask and not self.strict):
            self._tile_moves_checked(p, mask, odd, out)
        elif mask:  # only the zones some tile fits
            zfit, need, placed_now = self.zfit, self.need, self.placed_now
            rows, lists = _TILE_ROWS, _ORIENT_LISTS
            simple = not self.teams_mode and not self.touching  # the board alone decides
            for z in compress(range(len(need)), map(and_, zfit, repeat(mask))):
                if not simple:
                    way = self._tile_way(p, z)
                    if way < 0:
                        continue
                elif need[z][4] == 2:
                    if z in placed_now:
                        continue
                    way = z << 3 | p << 1 | 1
                else:
                    way = z << 3 | p << 1
                fits = zfit[z] & mask
                row = rows.get(way) or _tile_row(way)
                out += map(row.__getitem__, lists.get(fits) or _orient_list(fits))
        if self.rotatable:
            zones = sorted(self.rotatable)
            # (a zone left in ``rotatable`` by a board rebuilt in a test is left out)
            del zones[bisect_left(zones, len(self.need)):]
            if zones:
                turns = _ROTATE[p]
                while len(turns) <= zones[-1]:
                    turns.append(Action("rotate", p, None, len(turns)))
                if self.teams_mode:
                    zones = [z for z in zones if self._owner_allows(p, z)]
                out += map(turns.__getitem__, zones)
        cards = self.cards[p]
        if cards or self.daily_open:
            seen: set[int] = set()
            if self.daily is not None and self.daily_open:
                seen.add(self.daily & 63)
                out += self._event_actions(p, self.daily, daily=True)
            for chip in cards:
                if chip & 63 not in seen and self._playable_event(p, chip):
                    seen.add(chip & 63)
                    out += self._event_actions(p, chip)
        if self.teams_mode and self.code == "tender" and not self.linked[p] and \
                self._closed(p, (MODULE,)):
            out += self._link_actions(p)
        # (the partner's hand is looked at first: most often it holds no event card)
        if self.partnered and self.cards[(p + 2) % self.n] and self._partner_can_play():
            out.append(_CALL[p])
        return out

    def _tile_way(self, p: int, z: int) -> int:
        """``zone << 3 | seat << 1 | replace``, how seat ``p``'s tiles may go into zone ``z``
        (a _TILE_ROWS key), or -1 when the board lets no tile of ``p`` go there now."""
        if self.teams_mode and not self._owner_allows(p, z):
            return -1
        mode = self.need[z][4]
        if mode == 2:
            return -1 if z in self.placed_now else z << 3 | p << 1 | 1
        if mode == 1 and (not self.touching or self.zkind[z] != BLOCK or self._can_fill(p, z)):
            return z << 3 | p << 1
        return -1

    def _tile_moves_checked(self, p: int, mask: int, odd: list[tuple[int, int]],
                            out: list[Action]) -> None:
        """Add the place and replace moves zone by zone when a tile has a crutch (``odd``: its
        wild half matches anything) or one end matching is enough (``_fits`` decides)."""
        crutched = [(tile << 1 | flip, *self._orient(chip, flip)) for tile, chip in odd
                    for flip in (0, 1)]
        zfit, strict, kinds, need = self.zfit, self.strict, self.zkind, self.need
        for z in compress(count(), map(itemgetter(4), need)):  # a tile may go there (_refresh)
            way = self._tile_way(p, z)
            if way < 0:
                continue
            if not strict and kinds[z] != BLOCK:
                self._loose_moves(p, z, "replace" if way & 1 else "place", out)
                continue
            row = _TILE_ROWS.get(way) or _tile_row(way)
            fits = zfit[z] & mask
            if fits:
                out += map(row.__getitem__, _ORIENT_LISTS.get(fits) or _orient_list(fits))
            need0, need1 = need[z][0], need[z][1]
            for orient, a, b, wild in crutched:
                if (wild == 0 or need0 in (-1, a)) and (wild == 1 or need1 in (-1, b)):
                    out.append(row[orient])

    def _placeable(self, p: int) -> dict[int, int]:
        """Each tile seat ``p`` may place now (hand, less tiles face up, and the side pool),
        once: its first chip."""
        locked = self.locked[p]
        tiles: dict[int, int] = {}
        for chip in self.hands[p]:
            if chip not in locked:
                tiles.setdefault(chip & 31, chip)
        if self.extras_left > 0:
            for chip in self.extras:
                tiles.setdefault(chip & 31, chip)
        return tiles

    def _loose_moves(self, p: int, z: int, kind: str, out: list[Action]) -> None:
        """Add the moves of kind ``kind`` into integration or card zone ``z`` when one end
        matching is enough (``_fits`` decides)."""
        for tile, chip in sorted(self._placeable(p).items()):
            low, high = _TILE_PIPS[tile]
            for flip in (0, 1) if low != high or chip in self.wild else (0,):
                fa, fb, w = self._orient(chip, flip)
                if self._fits(z, fa, fb, w):
                    out.append(Action(kind, p, tile, z, flip))

    def _partner_can_play(self) -> bool:
        q = (self.turn_player + 2) % self.n
        return any(self._playable_event(q, chip) and (
            EVENTS[chip & 63].target == "none" or self._event_actions(q, chip))
                   for chip in self.cards[q])

    def _rotatable(self, p: int, z: int) -> bool:
        chip = self.chip[z]
        if not chip or self.zkind[z] != BLOCK or self.crutch[z]:
            return False
        a, b = self.pips[z]
        if a == b or not self._owner_allows(p, z):
            return False
        self.chip[z] = 0
        try:
            return self._fits(z, b, a)
        finally:
            self.chip[z] = chip

    def _link_actions(self, p: int) -> list[Action]:
        module = [s for s, b in enumerate(self.blocks) if b["owner"] == p and b["stage"] == MODULE]
        target = [s for s, b in enumerate(self.blocks)
                  if b["owner"] == p and b["stage"] == INTEGRATION_BLOCK]
        return [Action("link", p, target=a, count=b)
                for a in self.free_ports(module) for b in self.free_ports(target)]

    def _playable_event(self, p: int, chip: int) -> bool:
        """False for a card of a team's own deck once Cooperation's central stage is on."""
        return not (self.code == "cooperation" and self.central_open and
                    chip >> DECK_BITS != self.n)

    # ----- event targets --------------------------------------------------------------------------
    def opponents(self, p: int) -> list[int]:
        """The seats an "opponent" card of seat ``p`` may choose (alone: the player)."""
        if self.n == 1:
            return [p]
        others = [q for q in range(self.n) if self.team[q] != self.team[p]]
        if self.code == "cooperation" and self.central_open:
            others.append(p)
        return others

    def _own_zone(self, p: int, z: int) -> bool:
        return not self.teams_mode or self.zowner[z] == self.team[p]

    def _event_actions(self, p: int, chip: int, daily: bool = False) -> list[Action]:
        """Every way seat ``p`` may play this event card now (the daily one with no target left
        is played for nothing)."""
        c = chip & 63
        target = EVENTS[c].target
        out: list[Action] = []
        if target == "none":
            out.append(_play_move(p, c))
        elif target == "opponent":
            out += [_play_move(p, c, q) for q in self.opponents(p)]
        elif target == "block":
            out += [_play_move(p, c, s) for s, b in enumerate(self.blocks)
                    if not self.teams_mode or b["owner"] == self.team[p]]
        elif target == "zone":
            out += [_play_move(p, c, z) for z in range(len(self.chip))
                    if self.chip[z] and self._own_zone(p, z)]
        elif target == "port":
            slots = None if not self.teams_mode else [
                s for s, b in enumerate(self.blocks) if b["owner"] == self.team[p]]
            out += [_play_move(p, c, code) for code in self.free_ports(slots)]
        elif target == "tile":
            tiles = sorted({chip & 31 for chip in (*self.hands[p], *self.extras)
                            if chip not in self.locked[p]})
            out += [_play_move(p, c, None, h, (t,)) for t in tiles for h in (1, 2)]
        elif target == "give":
            tiles = sorted({chip & 31 for chip in self.hands[p]})
            if self.n == 1:
                out += [_play_move(p, c, None, None, (t,)) for t in tiles]
            else:
                out += [_play_move(p, c, q, None, (t,))
                        for q in self.opponents(p) for t in tiles if q != p]
        elif target == "take":
            if self.n == 1:
                out.append(_play_move(p, c))
            else:
                out += [_play_move(p, c, q, i)
                        for q in self.opponents(p) if q != p for i in range(len(self.hands[q]))]
        if not out and daily:
            out.append(_play_move(p, c))
        return out

    # ----- checking a move (never changes anything) ---------------------------------------------
    def _check(self, action: Action) -> None:
        if any(map(is_, self._legal, repeat(action))):  # one of the moves legal_actions() listed
            return
        _check_shape(action)
        kind, p = action.kind, action.player
        if self.phase == OVER:
            raise IllegalMove("game_over", "The game is over; no more moves can be made.")
        if self.to_enter:
            self._check_deal(action)
            return
        if kind == "deal":
            seat = self.current_player
            name = self.players[seat] if seat is not None and seat >= 0 else "nobody"
            raise IllegalMove("no_card_expected", f"No card is to be entered now; {name} is "
                              "to play.")
        if not (isinstance(p, int) and 0 <= p < self.n):
            raise IllegalMove("unknown_player", f"There is no player {p!r} at this table.")
        phase = self.phase
        if phase == ATTACH:
            self._check_attach(action)
            return
        if phase == PARTNER:
            self._check_partner(action)
            return
        self._require_turn(p)
        who = self.players[p]
        if phase == DAILY:
            if kind == "keep":
                if not self.options.blitz:
                    raise IllegalMove("no_blitz", "Only in blitz mode may the daily event be "
                                      "kept in hand.")
                return
            if kind != "play" or action.card != (self.daily or 0) & 63:
                raise IllegalMove("daily_first", f"{who} must first play the daily event, "
                                  f"{card_name((self.daily or 0) & 63)}.")
            self._check_event(action, daily=True)
            return
        if kind == "end":
            return
        if kind == "keep":
            raise IllegalMove("no_daily", "No daily event waits to be kept.")
        if kind == "back":
            raise IllegalMove("no_partner_turn", f"{who} is not playing in a partner's turn.")
        if kind == "attach":
            raise IllegalMove("no_block", "No block card waits to join the board.")
        if kind == "call":
            if not self.partnered:
                raise IllegalMove("no_partner", "Only in Team Development does a partner play "
                                  "event cards in your turn.")
            if not self._partner_can_play():
                q = self.players[(p + 2) % self.n]
                raise IllegalMove("partner_cannot", f"{q} holds no event card to play now.")
            return
        if self.frozen_now and kind != "call":
            raise IllegalMove("frozen", f"{who} is off sick this turn: no moves, only ending "
                              "the turn.")
        if kind in ("place", "replace"):
            self._check_tile(action)
        elif kind == "rotate":
            self._check_rotate(action)
        elif kind == "play":
            self._check_event(action)
        elif kind == "link":
            self._check_link(action)

    def _zone(self, z: Any) -> int:
        if not isinstance(z, int) or isinstance(z, bool) or not 0 <= z < len(self.chip):
            raise IllegalMove("unknown_zone", "There is no such zone on the board.")
        return z

    def _check_tile(self, action: Action) -> None:
        p, tile, flip = action.player, action.card, action.count
        who = self.players[p]
        if not isinstance(tile, int) or tile not in TILES:
            raise IllegalMove("not_a_tile", "Name a domino tile, like 3|5.")
        if flip not in (0, 1):
            raise IllegalMove("bad_flip", "A tile is placed as named (0) or turned round (1).")
        z = self._zone(action.target)
        name, label = TILES[tile].name, self.zlabel[z]
        found = self._tile_chip(p, tile)
        if found is None:
            if any(c & 31 == tile for c in self.locked[p]):
                raise IllegalMove("locked_tile", f"{who} took {name} with Refactoring: it may "
                                  "be placed only from the next turn.")
            for m, hand in enumerate(self.member_hands[p]):
                if any(c & 31 == tile for c in hand):
                    raise IllegalMove("member_not_active", f"Tile {name} is in the hand of "
                                      f"{who}'s member {m + 1}, who does not play this round.")
            raise IllegalMove("no_such_tile", f"{who} holds no {name} to place.")
        chip = found[0]
        low, high = _TILE_PIPS[tile]
        if flip == 1 and low == high and chip not in self.wild:
            raise IllegalMove("double_flip", f"Tile {name} reads the same either way round: place "
                              "it as named.")
        if not self._owner_allows(p, z):
            raise IllegalMove("not_your_zone", self._owner_words(p, z))
        if action.kind == "place":
            if self.chip[z]:
                raise IllegalMove("zone_taken", f"Zone {label} already holds "
                                  f"{TILES[self.chip[z] & 31].name}; replace it instead.")
            if self.zkind[z] != BLOCK and not self._neighbours_filled(z):
                raise IllegalMove("integration_not_ready", f"Integration zone {label} can be "
                                  "filled only once the zones next to it are filled.")
            if not self._can_fill(p, z):
                raise IllegalMove("must_touch", f"A tile in {label} must touch a tile already "
                                  "in its block.")
        else:
            if not self.chip[z]:
                raise IllegalMove("zone_empty", f"Zone {label} is empty: place the tile instead.")
            if z in self.placed_now:
                raise IllegalMove("placed_this_turn", f"The tile in {label} was placed this "
                                  "turn and cannot be replaced until the next.")
            if self.zkind[z] != BLOCK and not self._neighbours_filled(z):
                raise IllegalMove("integration_not_ready", f"Integration zone {label} can take "
                                  "a tile only while the zones next to it are filled.")
        a, b, wild = self._orient(chip, flip)
        if not self._fits(z, a, b, wild):
            raise IllegalMove("no_match", self._mismatch_words(z, a, b, wild, name))

    def _owner_words(self, p: int, z: int) -> str:
        label, stage = self.zlabel[z], self.zstage[z]
        if self.code == "tender":
            if self.zowner[z] not in (p, SHARED):
                return f"Zone {label} belongs to {self.players[self.zowner[z]]}'s team."
            if stage in (LINK, INTEGRATION_BLOCK):
                return f"{self.players[p]} must close the module before zone {label}."
            return f"{self.players[p]} must close the integration block before zone {label}."
        if stage == CENTRAL:
            return f"Zone {label} is central: it opens once every team's module is closed."
        return (f"Zone {label} belongs to {self.players[self.zowner[z]]}; helping starts once "
                f"{self.players[p]}'s module is closed.")

    def _mismatch_words(self, z: int, a: int, b: int, wild: int, name: str) -> str:
        label = self.zlabel[z]
        if self.zdouble[z] and a != b and wild < 0:
            return f"Zone {label} takes only a double, and {name} is not one."
        if self.zkind[z] != BLOCK and not self.strict:
            return f"No end of {name} matches the ports of {label}."
        for h, oz, oh in self.zlinks[z]:
            mine = a if h == 0 else b
            if self.chip[oz] and h != wild and mine != self.pips[oz][oh]:
                return (f"Tile {name} does not fit {label}: its half with {mine} pips would touch "
                        f"{self.pips[oz][oh]} pips in {self.zlabel[oz]}.")
        return f"Tile {name} does not fit {label}."

    def _check_rotate(self, action: Action) -> None:
        p = action.player
        z = self._zone(action.target)
        label = self.zlabel[z]
        if not self.chip[z]:
            raise IllegalMove("zone_empty", f"Zone {label} holds no tile to rotate.")
        if self.zkind[z] != BLOCK:
            raise IllegalMove("integration_fixed", f"The tile in integration zone {label} is "
                              "never rotated.")
        if self.crutch[z]:
            raise IllegalMove("crutch_fixed", f"A crutch holds the tile in {label}: it cannot "
                              "be rotated.")
        a, b = self.pips[z]
        if a == b:
            raise IllegalMove("double_rotate", f"The tile in {label} is a double: turning it "
                              "changes nothing.")
        if not self._owner_allows(p, z):
            raise IllegalMove("not_your_zone", self._owner_words(p, z))
        if not self._rotatable(p, z):
            raise IllegalMove("no_match", f"Turned round, the tile in {label} would no longer "
                              "match its neighbours.")

    def _check_link(self, action: Action) -> None:
        p = action.player
        if self.code != "tender":
            raise IllegalMove("no_link", "Only in Tender does a team join its module to its "
                              "integration block.")
        if self.linked[p]:
            raise IllegalMove("already_linked", f"{self.players[p]}'s module is already "
                              "joined to its integration block.")
        if not self._closed(p, (MODULE,)):
            raise IllegalMove("module_open", f"{self.players[p]} must close every zone of the "
                              "module first.")
        if Action("link", p, target=action.target, count=action.count) not in \
                self._link_actions(p):
            raise IllegalMove("bad_port", "Join a free port of the module to a free port of "
                              "the team's integration block.")

    def _check_attach(self, action: Action) -> None:
        entry = self.attach_queue[0]
        seat = entry[0]
        if action.player != seat:
            raise IllegalMove("not_your_turn", f"{self.players[seat]} is choosing a block card "
                              f"now, not {self.players[action.player]}.")
        if action.kind != "attach":
            raise IllegalMove("attach_first", f"{self.players[seat]} must first choose the "
                              "block card to join the board.")
        if action.card not in entry[1]:
            names = " or ".join(f"block {b}" for b in entry[1])
            raise IllegalMove("not_a_candidate", f"The block card to join is {names}.")
        if action not in self._legal_attach():
            raise IllegalMove("bad_port", "Join the block by one of its ports to a free port "
                              "of the board.")

    def _check_partner(self, action: Action) -> None:
        q = (self.turn_player + 2) % self.n
        if action.player != q:
            raise IllegalMove("partner_playing", f"{self.players[q]} is playing event cards "
                              f"in {self.players[self.turn_player]}'s turn now.")
        if action.kind == "back":
            return
        if action.kind != "play":
            raise IllegalMove("cards_only", "In a partner's turn only event cards are played.")
        self._check_event(action)

    def _check_event(self, action: Action, daily: bool = False) -> None:
        p, c = action.player, action.card
        who = self.players[p]
        if not isinstance(c, int) or c not in EVENTS:
            raise IllegalMove("not_an_event", "Name an event card, like Refactoring.")
        name = EVENTS[c].name
        if daily or (self.daily is not None and self.daily_open and self.daily & 63 == c):
            daily = True
            chip = self.daily
            assert chip is not None
        else:
            held = [chip for chip in self.cards[p] if chip & 63 == c]
            if not held:
                raise IllegalMove("no_such_card", f"{who} holds no {name}.")
            playable = [chip for chip in held if self._playable_event(p, chip)]
            if not playable:
                raise IllegalMove("dead_card", f"{name} came from the team's own deck: in the "
                                  "central stage it is no longer played.")
            chip = playable[0]
        if action not in self._event_actions(p, chip, daily=daily):
            raise IllegalMove("bad_target", self._target_words(EVENTS[c].target, name))

    @staticmethod
    def _target_words(target: str, name: str) -> str:
        return {
            "none": f"{name} takes no target.",
            "opponent": f"{name} must name an opponent.",
            "block": f"{name} must name a block on the board (of your own team).",
            "zone": f"{name} must name a zone that holds a tile (of your own team).",
            "port": f"{name} must name a free port of a block (of your own team).",
            "tile": f"{name} must name a tile in your hand and its half, 1 (low) or 2 (high).",
            "give": f"{name} must name a tile in your hand and an opponent to give it to.",
            "take": f"{name} must name an opponent and a place in their hand.",
        }[target]

    # ----- carrying out a move --------------------------------------------------------------
    def _do(self, action: Action) -> None:
        self._legal = ()
        kind, p = action.kind, action.player
        if kind == "rotate":  # the most frequent moves first
            z = action.target
            assert z is not None
            a, b = self.pips[z]
            self.pips[z] = (b, a)
            self._changed(z)
            self.events.append(_event(("rotate", p, {"zone": z}, False)))
        elif kind in ("place", "replace"):
            self._place(action)
        elif kind == "deal":
            self._deal(action)
        elif kind == "play":
            self._play_event(action)
        elif kind == "keep":
            assert self.daily is not None
            self.cards[p].append(self.daily)
            self.events.append(Event("keep", p, {}))
            self.daily = None
            self._resume()
        elif kind == "end":
            self.events.append(_event(("end", p, {}, False)))
            self._end_turn()
        elif kind == "call":
            self.phase = PARTNER
            self.events.append(Event("call", p, {}))
        elif kind == "back":
            self.phase = PLAY
            self.events.append(Event("back", p, {}))
        elif kind == "attach":
            self._attach(action)
        elif kind == "link":
            assert action.target is not None and action.count is not None
            self._join(action.target, action.count, p, LINK)
            self.linked[p] = True
            self.events.append(Event("link", p, {}))

    def _place(self, action: Action) -> None:
        p, tile, z, flip = action.player, action.card, action.target, action.count
        assert tile is not None and z is not None and flip is not None
        found = self._tile_chip(p, tile)
        assert found is not None
        chip, where = found
        a, b, wild = self._orient(chip, flip)
        if where == "hand":
            self.hands[p].remove(chip)
        else:
            self.extras.remove(chip)
            self.extras_left -= 1
            if self.extras_left == 0:
                for rest in self.extras:
                    self._to_pool(rest)
                self.extras = []
        old = self.chip[z]
        if old:
            self._to_pool(old)
            before = self.pips[z]
            kept = (before[0] == a, before[1] == b)
        else:
            kept = (False, False)
        self.chip[z] = chip
        self.pips[z] = (a, b)
        self.crutch[z] = wild >= 0
        self._changed(z, kept)
        self.wild.pop(chip, None)
        self.placed_now.add(z)
        self.events.append(_event((action.kind, p, {"tile": tile, "zone": z, "pips": (a, b),
                                                    "old": old & 31}, False)))
        if old:
            return
        self.placed_turn[p] += 1
        self.placed_total[p] += 1
        if z in self.fresh and self._released(z):
            self.releases[p] += 1
            deck = self._deck_for(p)
            if self.code == "cooperation" and self.zowner[z] >= 0:
                deck = self.zowner[z]
            reward = self._draw_event(p, deck)
            self.events.append(Event("release", p, {"zone": z, "card": reward is not None}))
            if reward is not None:
                self.cards[p].append(reward)
        self._check_end(p)
        if self.phase != OVER and self.attach_queue:
            self._resume()

    def _released(self, z: int) -> bool:
        if self.zkind[z] != BLOCK:
            return True
        return all(self.chip[y] for y in self.blocks[self.zblock[z]]["zones"])

    def _check_end(self, p: int) -> None:
        filled = all(self.chip)
        code = self.code
        if code == "tender":
            if p in self.closed or not self._closed(p, (MODULE, LINK, INTEGRATION_BLOCK,
                                                        CENTRAL)):
                return
            if not self.options.tender_shared_win:
                self._finish([p], f"{self.players[p]}'s team closed its module, its "
                                  "integration block and its central release first.")
                return
            self.closed.append(p)
            self.events.append(Event("closed", p, {"round": self.round_no}))
            if self._round_ends_after(p):  # the last team of the round: nobody else can close
                self._share_win()
            return
        if code == "cooperation":
            for t in range(self.n):
                if not self.merged[t] and self._closed(t, (MODULE,)):
                    self._merge_hands(t)
                    self.merged[t] = True
                    self.events.append(Event("merged", t, {}))
            if not self.central_open and all(self.merged):
                self.central_open = True
                deck = [c + (self.n << DECK_BITS) for c in EVENT_DECK
                        if c != EVENT_ID["audit"]]
                if not self.physical:
                    shuffle(deck, self.rng)
                    self.chance_steps += 1
                self.decks[self.n] = deck
                self.events.append(Event("central", None, {}))
            if filled and not any(self.crutch):
                self._finish(list(range(self.n)), "Every zone is closed with no crutch left: "
                                                  "the teams release together.")
            return
        if filled:
            winners = [q for q in range(self.n) if self.team[q] == self.team[p]]
            what = "the pet project is released" if code == "pet" else \
                f"{self.players[p]} filled the last free zone"
            self._finish(winners, f"Every zone is filled: {what}.")
        elif code == "pet" and len(self.chip) > len(TILES):
            self._finish([], "The board has more zones than there are tiles: the pet project "
                             "cannot be finished.")

    def _attach(self, action: Action) -> None:
        seat, candidates, reason, owner, stage, supply = self.attach_queue.pop(0)
        card = action.card
        assert card is not None
        for other in candidates:
            if other != card:
                self.supply[supply[0]].append(other)
        slot = self._add_block(card, owner, stage)
        if action.target is not None and action.count is not None:
            self._join(action.target, slot * 10 + action.count, owner, stage)
        self.events.append(Event("attach", seat, {"block": card, "reason": reason}))
        if reason in ("setup", "module"):
            self._after_setup_attach()
        elif self.phase != OVER:
            if self.code == "pet" and len(self.chip) > len(TILES):
                self._finish([], "The board has more zones than there are tiles: the pet "
                                 "project cannot be finished.")
                return
            self._resume()

    # ----- event cards ----------------------------------------------------------------------------
    def _play_event(self, action: Action) -> None:
        p, c = action.player, action.card
        assert c is not None
        if self.daily is not None and self.daily & 63 == c and (
                self.phase == DAILY or self.daily_open):
            chip = self.daily
            self.daily = None
        else:
            chip = next(ch for ch in self.cards[p] if ch & 63 == c and
                        self._playable_event(p, ch))
            self.cards[p].remove(chip)
        self.events.append(_event(("play", p, {"card": c, "target": action.target}, False)))
        self._discard_event(chip)
        getattr(self, _EV_METHOD[c])(p, action)
        if self.phase == DAILY or (self.phase == PLAY and self.attach_queue):
            self._resume()

    def _ev_audit(self, p: int, action: Action) -> None:
        if action.target is not None:
            self.revealed[action.target] = self.turn_no

    def _ev_claim(self, p: int, action: Action) -> None:
        q = action.target
        if q is None:
            return
        for chip in self.hands[q]:
            self._to_pool(chip)
        self.hands[q] = []
        self.locked[q] = []

    def _ev_coffee(self, p: int, action: Action) -> None:
        self.extra_turns.append(p)

    _ev_weekend = _ev_coffee

    def _ev_crutch(self, p: int, action: Action) -> None:
        if action.cards is None:
            return
        tile, half = action.cards[0], action.count
        found = self._tile_chip(p, tile)
        chip = found[0] if found else next(c for c in (*self.hands[p], *self.extras)
                                           if c & 31 == tile)
        self.wild[chip] = 0 if half == 1 else 1

    def _ev_disease(self, p: int, action: Action) -> None:
        if action.target is not None:
            self.frozen[action.target] += 1

    _ev_water = _ev_disease

    def _ev_dream(self, p: int, action: Action) -> None:
        if action.target is None:
            return
        for z in self.blocks[action.target]["zones"]:
            self._clear(z)

    def _clear(self, z: int, into: list[int] | None = None) -> None:
        chip = self.chip[z]
        if chip:
            if into is None:
                self._to_pool(chip)
            else:
                into.append(chip)
            self.chip[z] = 0
            self.pips[z] = (0, 0)
            self.crutch[z] = False
            self._changed(z)
            self.placed_now.discard(z)
        self.fresh.add(z)

    def _ev_emergency(self, p: int, action: Action) -> None:
        for q in self.seats_in_order():
            while len(self.hands[q]) < self._hand_limit(q) and self._draw_tile(q):
                pass

    def _ev_showoff(self, p: int, action: Action) -> None:
        while len(self.hands[p]) < self._hand_limit(p) and self._draw_tile(p):
            pass

    def _extras(self, p: int, draw: int, play: int) -> None:
        got = 0
        for _ in range(draw):
            if self._draw_tile(p, self.extras):
                got += 1
        if got:
            self.extras_left += min(play, got)

    def _ev_flowstate(self, p: int, action: Action) -> None:
        self._extras(p, 3, 2)

    def _ev_teamlead(self, p: int, action: Action) -> None:
        self._extras(p, 5, 1)

    def _ev_give_project(self, p: int, action: Action) -> None:
        if action.cards is None:
            return
        chip = next(c for c in self.hands[p] if c & 31 == action.cards[0])
        self.hands[p].remove(chip)
        if chip in self.locked[p]:
            self.locked[p].remove(chip)
        if action.target is None:
            self._to_pool(chip)
        else:
            self.hands[action.target].append(chip)

    def _ev_insight(self, p: int, action: Action) -> None:
        self._draw_tile(p)

    _ev_lib = _ev_insight

    def _ev_pilot(self, p: int, action: Action) -> None:
        owner = self.team[p] if self.teams_mode else SHARED
        if self.pilot_used and self.options.pilot == "once":
            return
        self.pilot_used = True
        self._queue_attach(p, 2, "pilot", owner, MODULE if self.teams_mode else "", None)

    def _ev_refactoring(self, p: int, action: Action) -> None:
        z = action.target
        if z is None:
            return
        taken: list[int] = []
        self._clear(z, taken)
        self.hands[p] += taken
        self.locked[p] += taken

    def _ev_req(self, p: int, action: Action) -> None:
        code = action.target
        if code is None:
            return
        self.card_zones += 1
        owner = self.team[p] if self.teams_mode else SHARED
        z = self._new_zone(CARD_ZONE, -1, False, owner,
                           self.blocks[code // 10]["stage"], f"C{self.card_zones}")
        self.blocks[code // 10]["used"].append(code % 10)
        for zone, h in self.port_halves(code):
            self._link(z, 0, zone, h)
        self.zports[z] = (code,)
        self.fresh.add(z)

    _ev_req_legal = _ev_req
    _ev_req_tax = _ev_req

    def _ev_security(self, p: int, action: Action) -> None:
        for z in range(len(self.chip)):
            if self.zkind[z] != BLOCK and self._own_zone(p, z):
                self._clear(z)

    def _ev_superman(self, p: int, action: Action) -> None:
        self.superman = True

    def _ev_take_project(self, p: int, action: Action) -> None:
        q, i = action.target, action.count
        if q is None or i is None:
            self._draw_tile(p)
            return
        chip = self.hands[q].pop(i)
        if chip in self.locked[q]:
            self.locked[q].remove(chip)
        self.hands[p].append(chip)

    def _ev_transfer(self, p: int, action: Action) -> None:
        count = len(self.hands[p])
        for chip in self.hands[p]:
            self._to_pool(chip)
        self.hands[p] = []
        self.locked[p] = []
        for _ in range(count):
            self._draw_tile(p)

    # ----- domain verbs (names or seat numbers, tile and card names or ids) ---------------------
    @staticmethod
    def tile_id(tile: int | str) -> int:
        """A tile's id from its name ("3|5", either way round) or id.

        >>> RelizGame.tile_id("5|3"), RelizGame.tile_id(1)
        (21, 1)
        """
        if isinstance(tile, int):
            return tile
        try:
            a, b = (int(x) for x in tile.split("|"))
        except ValueError:
            raise IllegalMove("not_a_tile", f"{tile!r} is not a tile; name one like 3|5.") from None
        found = TILE_ID.get((min(a, b), max(a, b)))
        if found is None:
            raise IllegalMove("not_a_tile", f"{tile!r} is not a tile of the double-six set.")
        return found

    @staticmethod
    def event_id(card: int | str) -> int:
        """An event title's id from its name (English or Russian), code or id.

        >>> CARDS[RelizGame.event_id("Рефакторинг")].name
        'Refactoring'
        """
        if isinstance(card, int):
            return card
        folded = card.casefold()
        for c, info in EVENTS.items():
            if folded in (info.name.casefold(), info.name_ru.casefold(), info.code):
                return c
        raise IllegalMove("not_an_event", f"РЕЛИЗ has no event card called {card!r}.")

    def zone_id(self, zone: int | str) -> int:
        """A zone's number from its label ("B1.2", "I1", "C1") or number."""
        if isinstance(zone, int):
            return zone
        if zone in self.zlabel:
            return self.zlabel.index(zone)
        raise IllegalMove("unknown_zone", f"There is no zone {zone!r} on the board.")

    def _attempt(self, make: Any) -> bool:
        return self._can(make)

    def place(self, player: int | str, tile: int | str, zone: int | str,
              flip: int = 0) -> None:
        """Place a tile from the hand (or the side pool) into an empty zone; ``flip`` 1 turns
        it round (its high pips on the zone's half 1).

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
        >>> while game.phase != "play":
        ...     game.apply(game.legal_actions()[0])
        >>> [tile["card"] for tile in game.view("Ada")["hand"]]
        ['2|6', '3|4', '3|5', '1|1']
        >>> game.place("Ada", "2|6", "B1.1")
        >>> game.view(None)["blocks"][0]["zones"][0]["pips"]
        [2, 6]
        >>> game.can_rotate("Ada", "B1.1"), game.can_replace("Ada", "3|5", "B1.1")
        (True, False)
        >>> game.rotate("Ada", "B1.1")
        >>> game.pips[0]
        (6, 2)
        """
        self.apply(self._tile_action("place", player, tile, zone, flip))

    def can_place(self, player: int | str, tile: int | str, zone: int | str,
                  flip: int = 0) -> bool:
        """True if :meth:`place` with these arguments is allowed now."""
        return self._can(lambda: self._tile_action("place", player, tile, zone, flip))

    def replace(self, player: int | str, tile: int | str, zone: int | str,
                flip: int = 0) -> None:
        """Put a tile into a filled zone; the old tile goes back to the stock."""
        self.apply(self._tile_action("replace", player, tile, zone, flip))

    def can_replace(self, player: int | str, tile: int | str, zone: int | str,
                    flip: int = 0) -> bool:
        """True if :meth:`replace` with these arguments is allowed now."""
        return self._can(lambda: self._tile_action("replace", player, tile, zone, flip))

    def _tile_action(self, kind: str, player: int | str, tile: int | str, zone: int | str,
                     flip: int) -> Action:
        return Action(kind, self.seat(player), card=self.tile_id(tile),
                      target=self.zone_id(zone), count=flip)

    def rotate(self, player: int | str, zone: int | str) -> None:
        """Turn the tile of a block zone round."""
        self.apply(Action("rotate", self.seat(player), target=self.zone_id(zone)))

    def can_rotate(self, player: int | str, zone: int | str) -> bool:
        """True if :meth:`rotate` is allowed now."""
        return self._can(lambda: Action("rotate", self.seat(player), target=self.zone_id(zone)))

    def play(self, player: int | str, card: int | str, target: int | str | None = None,
             tile: int | str | None = None, count: int | None = None) -> None:
        """Play an event card (the daily one, or one from the hand): ``target`` is a seat,
        block, zone or port as the card says; ``tile`` the tile it names; ``count`` a half (1
        or 2) for Crutch or a place in a hand for Took Over a Project.

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Ada", "Bob"], seed=16)
        >>> while game.phase != "daily":
        ...     game.apply(game.legal_actions()[0])
        >>> game.view(None)["featured"][0]["card"], game.view(None)["featured"][0]["heading"]
        ('Sudden Insight', 'Daily event')
        >>> len(game.hands[0])
        4
        >>> game.play("Ada", "Внезапное озарение")  # the Russian name works too
        >>> game.phase, len(game.hands[0])
        ('play', 5)
        """
        self.apply(self._play_action(player, card, target, tile, count))

    def can_play(self, player: int | str, card: int | str, target: int | str | None = None,
                 tile: int | str | None = None, count: int | None = None) -> bool:
        """True if :meth:`play` with these arguments is allowed now."""
        return self._can(lambda: self._play_action(player, card, target, tile, count))

    def _play_action(self, player: int | str, card: int | str, target: int | str | None,
                     tile: int | str | None, count: int | None) -> Action:
        c = self.event_id(card)
        kind = EVENTS[c].target if c in EVENTS else "none"
        aim: int | None
        if target is None:
            aim = None
        elif kind in ("opponent", "give", "take"):
            aim = self.seat(target)
        elif kind == "zone":
            aim = self.zone_id(target)
        else:
            aim = int(target)
        cards = None if tile is None else (self.tile_id(tile),)
        return Action("play", self.seat(player), card=c, target=aim, count=count, cards=cards)

    def keep(self, player: int | str) -> None:
        """Blitz: keep the daily event in hand instead of playing it."""
        self.apply(Action("keep", self.seat(player)))

    def can_keep(self, player: int | str) -> bool:
        """True if :meth:`keep` is allowed now."""
        return self._can(lambda: Action("keep", self.seat(player)))

    def end_turn(self, player: int | str) -> None:
        """End the turn (the hand limit is checked).

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
        >>> while game.phase != "play":
        ...     game.apply(game.legal_actions()[0])
        >>> game.end_turn("Ada")
        >>> game.turn_player, len(game.hands[0])  # 4 tiles, over the limit of 3: all go back
        (1, 0)
        """
        self.apply(Action("end", self.seat(player)))

    def can_end_turn(self, player: int | str) -> bool:
        """True if :meth:`end_turn` is allowed now."""
        return self._can(lambda: Action("end", self.seat(player)))

    def call_partner(self, player: int | str) -> None:
        """Team Development: let the partner play event cards now."""
        self.apply(Action("call", self.seat(player)))

    def can_call_partner(self, player: int | str) -> bool:
        """True if :meth:`call_partner` is allowed now."""
        return self._can(lambda: Action("call", self.seat(player)))

    def back(self, player: int | str) -> None:
        """Team Development: the partner hands the turn back."""
        self.apply(Action("back", self.seat(player)))

    def can_back(self, player: int | str) -> bool:
        """True if :meth:`back` is allowed now."""
        return self._can(lambda: Action("back", self.seat(player)))

    def attach(self, player: int | str, block: int, port: int | None = None,
               new_port: int | None = None) -> None:
        """Join block card ``block`` by its port ``new_port`` to the free port ``port`` (code).

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
        >>> game.attach_queue[0][1], game.free_ports()
        ((12, 5), [1, 2, 3, 4])
        >>> game.attach("Ada", 5, port=2, new_port=1)
        >>> [b["card"] for b in game.view(None)["blocks"]][1:]
        [5]
        >>> game.view(None)["integrations"][0]["label"], game.free_ports()[:2]
        ('I1', [1, 3])
        """
        self.apply(Action("attach", self.seat(player), card=block, target=port, count=new_port))

    def can_attach(self, player: int | str, block: int, port: int | None = None,
                   new_port: int | None = None) -> bool:
        """True if :meth:`attach` with these arguments is allowed now."""
        return self._can(lambda: Action("attach", self.seat(player), card=block, target=port,
                                        count=new_port))

    def link(self, player: int | str, module_port: int, block_port: int) -> None:
        """Tender: join the closed module to the team's integration block (port codes)."""
        self.apply(Action("link", self.seat(player), target=module_port, count=block_port))

    def can_link(self, player: int | str, module_port: int, block_port: int) -> bool:
        """True if :meth:`link` with these arguments is allowed now."""
        return self._can(lambda: Action("link", self.seat(player), target=module_port,
                                        count=block_port))

    # ----- what players see -----------------------------------------------------------------
    @property
    def waiting_for(self) -> str:
        """What the table waits for: a sentence for the projector."""
        phase = self.phase
        if phase == OVER:
            return f"The game is over: {self.result}"
        if self.to_enter:
            return self._entering_words()
        if phase == ATTACH:
            seat, candidates, *_ = self.attach_queue[0]
            many = "one of two block cards" if len(candidates) > 1 else "where block " \
                f"{candidates[0]}"
            if len(candidates) > 1:
                return f"{self.players[seat]} chooses {many} and where it joins the board."
            return f"{self.players[seat]} chooses {many} joins the board."
        who = self.players[self.turn_player]
        if phase == DAILY:
            assert self.daily is not None
            keep = " (or keeps it: blitz)" if self.options.blitz else ""
            return f"{who} plays the daily event, {card_name(self.daily & 63)}{keep}."
        if phase == PARTNER:
            return f"{self.players[(self.turn_player + 2) % self.n]} may play event cards in " \
                   f"{who}'s turn."
        if self.frozen_now:
            return f"{who} is off sick this turn: end the turn."
        return f"{who}'s turn: place, replace or rotate tiles, play event cards, or end the turn."

    def _zone_view(self, z: int) -> dict[str, Any]:
        chip = self.chip[z]
        return {"id": z, "label": self.zlabel[z], "kind": self.zkind[z],
                "double": self.zdouble[z],
                "tile": TILES[chip & 31].name if chip else None,
                "pips": list(self.pips[z]) if chip else None,
                "crutch": self.crutch[z],
                "owner": self.players[self.zowner[z]] if self.zowner[z] >= 0 else None,
                "stage": self.zstage[z],
                "touches": [{"half": h + 1, "zone": self.zlabel[oz], "its_half": oh + 1}
                            for h, oz, oh in self.zlinks[z]]}

    def _block_view(self, slot: int) -> dict[str, Any]:
        block = self.blocks[slot]
        card = BLOCKS[block["card"]]
        zones = []
        for (number, vertical, _double), z in zip(card.zones, block["zones"], strict=True):
            zones.append({**self._zone_view(z), "zone": number, "vertical": vertical})
        return {"slot": slot + 1, "card": block["card"], "size": card.size,
                "owner": self.players[block["owner"]] if block["owner"] >= 0 else None,
                "stage": block["stage"], "zones": zones,
                "ports": [{"port": port.port, "side": port.side, "code": slot * 10 + port.port,
                           "used": port.port in block["used"]} for port in card.ports]}

    def view(self, player: int | str | None) -> dict[str, Any]:
        """The table as ``player`` sees it: the board (every block's zones with their tiles and
        orientation, the integration zones), the public counts, and that player's own hand."""
        current = self.current_player
        sc = self.scenario
        out: dict[str, Any] = {
            "game": self.name,
            "scenario": sc.code, "scenario_ru": sc.name_ru, "scenario_en": sc.name_en,
            "scenario_name": f"{sc.name_en} · {sc.name_ru}",
            "blitz": self.options.blitz,
            "phase": self.phase,
            "waiting_for": self.waiting_for,
            "current_player": self.players[current] if current is not None else None,
            "turn": self.turn_no, "round": self.round_no,
            # Cooperation's deadline: the room reads "round 11 of 40".
            "rounds": self.options.coop_rounds if sc.code == "cooperation" else None,
            # Tender and Cooperation: the rulebook's 2-minute timer for each team's turn (the
            # app starts the room's timer with each turn).
            "turn_minutes": TEAM_TURN_MINUTES if sc.code in ("tender", "cooperation") else None,
            "turn_player": self.players[self.turn_player],
            "hand_limit": sc.hand_limit,
            "blocks": [self._block_view(s) for s in range(len(self.blocks))],
            "integrations": [self._zone_view(z) | {"ports": list(self.zports[z])}
                             for z in range(len(self.chip)) if self.zkind[z] != BLOCK],
            "zones_total": len(self.chip),
            "zones_free": sum(1 for c in self.chip if not c),
            "stock": [len(pool) for pool in self.pool],
            "event_deck": [len(d) for d in self.decks],
            "discard": [[CARDS[c & 63].name for c in d] for d in self.discards],
            # The daily event, large on the projector: its names and what it does.
            "featured": ([{"heading": "Daily event", "card": CARDS[self.daily & 63].name,
                           "lines": [CARDS[self.daily & 63].does]}]
                         if self.daily is not None and self.daily & 63 != UNKNOWN_EVENT
                         else []),
            "extras": [TILES[c & 31].name for c in self.extras if c & 31 != UNKNOWN_TILE],
            "extras_left": self.extras_left,
            "attach": ({"seat": self.players[self.attach_queue[0][0]],
                        "blocks": list(self.attach_queue[0][1])}
                       if self.phase == ATTACH and not self.to_enter else None),
            "deck": self.options.deck,
            "players": [self._seat_view(q) for q in range(self.n)],
            "is_over": self.is_over,
            "winners": self.winners,
            "result": self.result,
            # Kept for notebooks and tests, left off the projector (the board, the big line
            # and the scenario's name say them, or they are the set-up). The room counts
            # rounds (every team once), against the deadline when there is one, not turns.
            # Which member of a team plays, and the others' tiles, are the team's to read.
            "aside": ["scenario", "scenario_ru", "scenario_en", "blitz", "phase", "turn_player",
                      "turn_minutes", "turn", "hand_limit", "zones_total", "event_deck",
                      "discard", "extras_left", "deck", "member", "member_tiles"],
        }
        if not any(self.frozen):  # nobody misses turns: the "sick" column would say nothing
            out["aside"].append("sick")
        if self.partnered:  # the projector's table: a row a team, its players one a line
            out["teams"] = self._team_rows()
            out["aside"].append("players")
        if player is not None:
            p = self.seat(player)
            out["you"] = self.players[p]
            # (a physical deck's pieces drawn but not entered yet are left out)
            out["hand"] = [{"id": c & 31, "card": TILES[c & 31].name,
                            "locked": c in self.locked[p]} for c in self.hands[p]
                           if c & 31 != UNKNOWN_TILE]
            out["event_cards"] = [{"id": c & 63, "card": CARDS[c & 63].name,
                                   "name_ru": CARDS[c & 63].name_ru,
                                   "playable": self._playable_event(p, c)}
                                  for c in self.cards[p] if c & 63 != UNKNOWN_EVENT]
            out["crutches"] = [TILES[c & 31].name for c in self.wild
                               if c in self.hands[p] or c in self.extras]
            if self.members_apart(p):  # the team sees each member's hand
                out["members"] = [[c & 31 for c in self.member_hand(p, m)
                                   if c & 31 != UNKNOWN_TILE]
                                  for m in range(self.options.team_size)]
                out["active_member"] = self.active_member[p]
        return out

    def secrets(self, player: int | str) -> list[str]:
        """What a team knows besides the hand in play: its members waiting for their round, and
        their tiles (Tender and Cooperation, each member's own hand).

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Red", "Blue"], seed=2, scenario="cooperation")
        >>> game.secrets("Red")
        ['Member 1 plays this round (the tiles above).', 'Member 2 waits with 4|5, 0|1.']
        >>> reliz.new_game(["Red", "Blue"], seed=2).secrets("Red")
        []
        """
        p = self.seat(player)
        if not self.members_apart(p):
            return []
        active = self.active_member[p]
        lines = [f"Member {active + 1} plays this round (the tiles above)."]
        for m, hand in enumerate(self.member_hands[p]):
            if m != active:
                tiles = ", ".join(TILES[c & 31].name for c in hand if c & 31 != UNKNOWN_TILE)
                lines.append(f"Member {m + 1} waits with {tiles or 'no tile'}.")
        return lines

    def _team_rows(self) -> list[dict[str, Any]]:
        """Team Development: a row a team, its players and what each holds one a line (a
        tuple a column), the tiles they laid face up together.

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Ada", "Bob", "Cy", "Di"], seed=3, scenario="team")
        >>> [row["name"] for row in game._team_rows()]
        [('Ada', 'Cy'), ('Bob', 'Di')]
        """
        seats = [self._seat_view(q) for q in range(self.n)]
        teams = list(dict.fromkeys(self.team[q] for q in range(self.n)))
        rows = []
        for t in teams:
            members = [seats[q] for q in range(self.n) if self.team[q] == t]
            rows.append({"name": tuple(seat["name"] for seat in members)}
                        | {key: tuple(seat[key] for seat in members)
                           for key in ("tiles", "events", "sick", "releases")}
                        | {"face_up": [tile for seat in members for tile in seat["face_up"]]})
        return rows

    def _seat_view(self, q: int) -> dict[str, Any]:
        # Short keys: they are the projector's column headings ("events": event cards held,
        # "sick": turns left to miss with Sick Leave).
        seat: dict[str, Any] = {"name": self.players[q]}
        if self.partnered:  # Team Development: who plays with whom
            seat["team"] = self._team_name(q)
        seat |= {
            "tiles": len(self.hands[q]), "events": len(self.cards[q]),
            "face_up": [TILES[c & 31].name for c in self.locked[q]],
            "sick": self.frozen[q], "releases": self.releases[q],
        }
        if q in self.revealed:
            seat["shown_hand"] = sorted(TILES[c & 31].name for c in self.hands[q]
                                        if c & 31 != UNKNOWN_TILE)
        if self.members_apart(q):  # the other members' hands: counts only
            seat["member"] = self.active_member[q] + 1  # who plays this round, counted from 1
            seat["member_tiles"] = [len(self.member_hand(q, m))
                                    for m in range(self.options.team_size)]
        if self.code == "cooperation":
            seat["merged"] = self.merged[q]
        if self.code == "tender":
            seat["linked"] = self.linked[q]
            if self.options.tender_shared_win:
                seat["closed"] = q in self.closed
        return seat

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (equal snapshots mean equal games)."""
        return {
            "players": self.players, "seed": self.seed, "options": self.options,
            "blocks": [dict(b, used=list(b["used"]), zones=list(b["zones"]))
                       for b in self.blocks],
            "zkind": list(self.zkind), "zlinks": [list(x) for x in self.zlinks],
            "zowner": list(self.zowner), "zstage": list(self.zstage),
            "zports": list(self.zports), "chip": list(self.chip), "pips": list(self.pips),
            "crutch": list(self.crutch), "pool": [list(x) for x in self.pool],
            "hands": [list(x) for x in self.hands], "cards": [list(x) for x in self.cards],
            "decks": [list(x) for x in self.decks], "discards": [list(x) for x in self.discards],
            "out": list(self.out_of_game), "supply": {k: list(v) for k, v in self.supply.items()},
            "phase": self.phase, "turn_player": self.turn_player, "turn_no": self.turn_no,
            "round_no": self.round_no, "daily": self.daily, "daily_open": self.daily_open,
            "frozen": list(self.frozen), "frozen_now": self.frozen_now,
            "extra_turns": list(self.extra_turns), "placed_now": sorted(self.placed_now),
            "fresh": sorted(self.fresh), "extras": list(self.extras),
            "extras_left": self.extras_left, "wild": dict(self.wild),
            "locked": [list(x) for x in self.locked], "revealed": dict(self.revealed),
            "superman": self.superman, "pilot_used": self.pilot_used,
            "attach_queue": list(self.attach_queue), "merged": list(self.merged),
            "to_enter": list(self.to_enter),
            "central_open": self.central_open, "linked": list(self.linked),
            "rows": self._rows, "chance_steps": self.chance_steps,
            "events_count": len(self.events), "log_length": len(self.log),
            "result": self.result, "winners": list(self._winners),
        } | ({"closed": list(self.closed)} if self.options.tender_shared_win else {}) | (
            {"member_hands": [[list(h) for h in aside] for aside in self.member_hands],
             "active_member": list(self.active_member)} if self.members_mode else {})

    def summary(self) -> dict[str, Any]:
        """One row about the game: scenario, turns, result, winners, zones filled.

        >>> from devgames import reliz
        >>> reliz.new_game(["Ada", "Bob"], seed=1).summary()["scenario"]
        'duel'
        """
        return {
            "scenario": self.code, "turns": self.turn_no, "result": self.result,
            "winners": ";".join(self.winners),
            "zones_filled": sum(1 for c in self.chip if c), "zones_total": len(self.chip),
            "releases": sum(self.releases),
        }

    def describe(self, action: Action) -> str:
        """A sentence for an action, as a facilitator would say it.

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Ada", "Bob"], seed=1)
        >>> game.describe(Action("end", 0))
        'Ada ends the turn'
        """
        kind, p = action.kind, action.player
        if kind == "deal":
            if action.count is not None:
                return f"The block card drawn is block {action.count}"
            what = "tile" if isinstance(action.card, int) and action.card in TILES else \
                "event card"
            return f"The {what} drawn is {card_name(action.card)}"
        who = self.players[p] if 0 <= p < self.n else "?"
        z = action.target
        label = self.zlabel[z] if isinstance(z, int) and 0 <= z < len(self.zlabel) else "?"
        if kind in ("place", "replace"):
            tile = card_name(action.card)
            if action.count == 1 and "|" in tile:
                tile = "|".join(reversed(tile.split("|")))
            verb = "places" if kind == "place" else "replaces the tile in"
            return f"{who} {verb} {tile} in {label}" if kind == "place" else \
                f"{who} {verb} {label} with {tile}"
        if kind == "rotate":
            return f"{who} turns the tile in {label} round"
        if kind == "play":
            return f"{who} plays {card_name(action.card)}{self._target_text(action)}"
        if kind == "keep":
            return f"{who} keeps the daily event in hand"
        if kind == "end":
            return f"{who} ends the turn"
        if kind == "call":
            return f"{who} lets the partner play event cards"
        if kind == "back":
            return f"{who} hands the turn back"
        if kind == "attach":
            if action.target is None:
                return f"{who} starts the module with block {action.card}"
            return f"{who} joins block {action.card} by its port {action.count} to port " \
                   f"{self._port_words(action.target)}"
        if kind == "link":
            return f"{who} joins the module at {self._port_words(action.target)} to the " \
                   f"integration block at {self._port_words(action.count)}"
        return f"{who} {kind}"

    def _port_words(self, code: Any) -> str:
        if not isinstance(code, int):
            return "?"
        slot, number = divmod(code, 10)
        return f"{number} of B{slot + 1}"

    def _target_text(self, action: Action) -> str:
        c = action.card
        kind = EVENTS[c].target if isinstance(c, int) and c in EVENTS else "none"
        t = action.target
        tile = card_name(action.cards[0]) if action.cards else "?"
        if kind in ("opponent", "give", "take") and isinstance(t, int) and 0 <= t < self.n:
            if kind == "give":
                return f", giving {tile} to {self.players[t]}"
            if kind == "take":
                return f", taking a tile from {self.players[t]}"
            return f" on {self.players[t]}"
        if kind == "give" and action.cards:
            return f", sending {tile} back to the stock"
        if kind == "block" and isinstance(t, int):
            return f" on block B{t + 1}"
        if kind == "zone" and isinstance(t, int) and 0 <= t < len(self.zlabel):
            return f" on {self.zlabel[t]}"
        if kind == "port" and isinstance(t, int):
            return f" at port {self._port_words(t)}"
        if kind == "tile" and action.cards:
            return f" on the {'low' if action.count == 1 else 'high'} half of {tile}"
        if kind != "none":
            return " (no target: no effect)"
        return ""

    def narrate(self, event: Event) -> str | None:
        """A public sentence for an event (None for what the table does not see)."""
        data = event.data
        kind = event.kind
        who = self.players[event.player] if event.player is not None else ""
        if event.private:
            return {"draw": f"{who} draws a tile.",
                    "event_drawn": f"{who} draws an event card."}.get(kind)
        if kind == "setup":
            return f"Scenario: {SCENARIOS[data['scenario']].name_en} " \
                   f"({SCENARIOS[data['scenario']].name_ru})."
        if kind == "turn":
            sick = " (off sick)" if data["frozen"] else ""
            return f"Turn {data['turn']}: {who}{sick}."
        if kind == "daily":
            return f"{who}'s daily event: {CARDS[data['card']].name}."
        if kind in ("place", "replace"):
            a, b = data["pips"]
            what = "places" if kind == "place" else "replaces a tile with"
            return f"{who} {what} {a}|{b} in {self.zlabel[data['zone']]}."
        if kind == "rotate":
            return f"{who} turns the tile in {self.zlabel[data['zone']]} round."
        if kind == "release":
            return f"RELEASE! {who} closes {self.zlabel[data['zone']]}" + (
                " and draws an event card." if data["card"] else ".")
        if kind == "play":
            return f"{who} plays {CARDS[data['card']].name}."
        if kind == "keep":
            return f"{who} keeps the daily event."
        if kind == "over_limit":
            return f"{who} holds {data['tiles']} tiles, over the limit of {data['limit']}: " \
                   "the whole hand goes back to the stock."
        if kind == "attach":
            return f"{who} joins block {data['block']} to the board."
        if kind == "block_drawn":
            return f"Block card {data['block']} is drawn."
        if kind == "refresh":
            return "The event deck is used up: its discard pile is shuffled into a new deck."
        if kind == "link":
            return f"{who}'s module is joined to its integration block."
        if kind == "closed":
            return f"{who}'s team has closed everything: the round is played to its end, and " \
                   "every team that closes in it shares the win."
        if kind == "merged":
            return f"{who}'s module is closed: the team now plays as one."
        if kind == "central":
            return "Every module is closed: the central integration opens."
        if kind == "call":
            return f"{who} lets the partner play event cards."
        if kind == "game_over":
            return f"Game over: {data['result']}"
        return None
