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

from bisect import insort
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import repeat
from operator import is_, itemgetter
from typing import Any

from devgames.core.actions import CHANCE, Action, Event, ShapeCheck
from devgames.core.errors import IllegalMove
from devgames.i18n import _
from devgames.reliz import event_cards, observer
from devgames.reliz.cards import BLOCKS, CARDS, EVENT_DECK, EVENT_ID, EVENTS, TILES
from devgames.reliz.event_cards import event_actions, playable
from devgames.reliz.moves import EFFECTS, MOVES, PHASE_CHECKS, check_deal, check_time_up
from devgames.reliz.observer import RelizView
from devgames.reliz.options import RelizOptions
from devgames.reliz.rounds import TURN_FIELDS, RelizRounds
from devgames.reliz.setup import set_up
from devgames.reliz.terms import (
    ATTACH,
    BLOCK,
    DAILY,
    DECK_BITS,
    INTEGRATION_BLOCK,
    MODULE,
    OVER,
    PARTNER,
    PLAY,
    SET_BITS,
    UNKNOWN_EVENT,
    UNKNOWN_TILE,
)
from devgames.reliz.zones import TILE_PIPS

RULES_VERSION = "1"



_NONE: frozenset[str] = frozenset()
#: The targets of the event cards that always have a move: none, or an opponent (another
#: team; alone, the player).
_ALWAYS_AIMED = frozenset({"none", "opponent"})
#: Where a team's daily event and side pool are among its turn fields.
_DAILY, _EXTRAS = TURN_FIELDS.index("daily"), TURN_FIELDS.index("extras")
_check_shape = ShapeCheck({
    "place": frozenset({"card", "target", "count"}),
    "replace": frozenset({"card", "target", "count"}),
    "rotate": frozenset({"target"}),
    "play": frozenset({"card", "target", "count", "cards"}),
    "keep": _NONE, "end": _NONE, "call": _NONE, "back": _NONE,
    "attach": frozenset({"card", "target", "count"}),
    "link": frozenset({"target", "count"}),
    "swap": frozenset({"card", "target"}),
    "add": frozenset({"card", "target", "count"}),
    "deal": frozenset({"card", "count"}),
    "time_up": _NONE,
}, "РЕЛИЗ")


# Moves are immutable, so every game shares them: each is made once, on first use, and listing
# the legal moves mostly builds no new objects. Seats are at most 4.
_END = [Action("end", p) for p in range(4)]
#: No tile with a crutch (``_legal_play``'s most frequent case: no list made; never changed).
_NO_TILES: list[tuple[int, int]] = []
_CALL = [Action("call", p) for p in range(4)]
#: The rotate moves of a seat into a set of zones (bits ``1 << zone``), in zone order: by seat,
#: by set (see ``_rotations``).
_ROTATIONS: list[dict[int, tuple[Action, ...]]] = [{} for _seat in range(4)]


def _orients(tile: int) -> int:
    """A tile's orientations as bits, ``1 << (tile << 1 | flip)`` (a double only unturned): read
    upwards, the bits of several tiles go by tile, unturned first.

    >>> bin(_orients(2)), bin(_orients(1))  # 0|1 both ways, 0|0 once
    ('0b110000', '0b100')
    """
    low, high = TILE_PIPS[tile]
    return 1 << (tile << 1) | (2 << (tile << 1) if low != high else 0)


#: ``_orients`` of each tile, by tile id, and by chip (a tile id plus 32 times its set, at most
#: 3): a hand's chips are looked up as they are.
_ORIENTS = [_orients(t) if t in TILE_PIPS else 0 for t in range(32)] * 4
#: Picks the moves of a set of orientations (bits) out of a ``_TILE_ROWS`` row, in order: by
#: tile, unturned first (see ``_orient_pick``).
_ORIENT_PICKS: dict[int, Callable[[list[Action]], Sequence[Action]]] = {}
#: The place or replace moves into a zone, by ``zone << 3 | seat << 1 | replace``: each at its
#: orientation, ``tile << 1 | flip`` (see ``_tile_row``).
_TILE_ROWS: dict[int, list[Action]] = {}


def _orient_pick(orients: int) -> Callable[[list[Action]], Sequence[Action]]:
    """The ``_ORIENT_PICKS`` entry of a set of orientations, made and kept.

    >>> _orient_pick(_orients(2) | _orients(1))(list(range(64)))  # 0|0, 0|1, 1|0
    (2, 4, 5)
    >>> _orient_pick(1 << 5)(list(range(64)))  # 1|0 alone: still a sequence
    [5]
    """
    found = []
    left = orients
    while left:
        low = left & -left
        left ^= low
        found.append(low.bit_length() - 1)
    if len(_ORIENT_PICKS) >= 50_000:
        _ORIENT_PICKS.clear()
    pick = _ORIENT_PICKS[orients] = itemgetter(*found) if len(found) > 1 else \
        itemgetter(slice(found[0], found[0] + 1))
    return pick


def _rotations(p: int, zones: int) -> tuple[Action, ...]:
    """The ``_ROTATIONS`` entry of seat ``p`` and a set of zones, made and kept.

    >>> [a.target for a in _rotations(1, 0b10110)]
    [1, 2, 4]
    """
    kept = _ROTATIONS[p]
    if len(kept) >= 50_000:
        kept.clear()
    turns = kept[zones] = tuple(Action("rotate", p, None, z)
                                for z in range(zones.bit_length()) if zones >> z & 1)
    return turns


def _tile_row(way: int) -> list[Action]:
    """The ``_TILE_ROWS`` entry of ``zone << 3 | seat << 1 | replace``, made and kept (a double
    turned round too: with a crutch it may be; places that are no orientation hold None)."""
    kind, p, z = "replace" if way & 1 else "place", way >> 1 & 3, way >> 3
    row: list[Any] = [None] * 64
    for tile in TILE_PIPS:
        for flip in (0, 1):
            row[tile << 1 | flip] = Action(kind, p, tile, z, flip)
    _TILE_ROWS[way] = row
    return row


#: The rows of ``_TILE_ROWS`` by seat, then place (0) or replace (1), then zone: a listing reads
#: them by zone with no key to work out (see ``_zone_rows``).
_ZONE_ROWS: list[tuple[list[list[Action]], list[list[Action]]]] = [([], []) for _seat in range(4)]


def _zone_rows(p: int, zones: int) -> tuple[list[list[Action]], list[list[Action]]]:
    """The ``_ZONE_ROWS`` entry of seat ``p``, made long enough for ``zones`` zones.

    >>> places, replaces = _zone_rows(2, 3)
    >>> places[1] is _TILE_ROWS[1 << 3 | 2 << 1], replaces[1][5].kind
    (True, 'replace')
    """
    kept = _ZONE_ROWS[p]
    for replace, rows in enumerate(kept):
        for z in range(len(rows), zones):
            way = z << 3 | p << 1 | replace
            rows.append(_TILE_ROWS.get(way) or _tile_row(way))
    return kept


#: The moves joining block card ``card`` to the free port ``code`` by each of its ports, in
#: order, by (seat, card, code) (see ``_attaches``).
_ATTACHES: dict[tuple[int, int, int], tuple[Action, ...]] = {}


def _attaches(seat: int, card: int, code: int) -> tuple[Action, ...]:
    """The ``_ATTACHES`` entry of a seat, a block card and a free port, made and kept.

    >>> [(a.target, a.count) for a in _attaches(0, 1, 12)] == [
    ...     (12, port.port) for port in BLOCKS[1].ports]
    True
    """
    if len(_ATTACHES) >= 50_000:
        _ATTACHES.clear()
    moves = _ATTACHES[(seat, card, code)] = tuple(
        Action("attach", seat, card=card, target=code, count=port.port)
        for port in BLOCKS[card].ports)
    return moves


class RelizGame(RelizRounds):
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
        set_up(self)

    # ----- where a tile may go --------------------------------------------------------------
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
        for action in self.moves_of(p):  # (played together: that team's own turn)
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
        phase = self.phase
        if phase in (PLAY, DAILY) and not self.to_enter:  # the most frequent first
            return self.turn_player
        if phase == OVER:
            return None
        if self.to_enter:
            return CHANCE
        if phase == ATTACH:
            return self.attach_queue[0][0]
        if phase == PARTNER:
            return (self.turn_player + 2) % self.n
        return self.turn_player

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY and not self.to_enter:  # the most frequent cases first
            out = self._legal_play(self.turn_player)
        elif phase == DAILY and not self.to_enter:
            out = self._legal_daily()
        else:
            out = self._legal_now()
        # Remembered until the next move, so that ``_check`` accepts these very objects without
        # deriving them again (by identity: an equal action built elsewhere is checked in full).
        self._legal = tuple(out)
        return out

    def _legal_now(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.to_enter:
            return self._legal_deal()
        return _LEGAL[self.phase](self)

    def _legal_daily(self) -> list[Action]:
        p = self.turn_player
        assert self.daily is not None
        out = event_actions(self, p, self.daily, True)  # (daily)
        if self.options.blitz:
            out.append(Action("keep", p))
        return out

    def _legal_partner(self) -> list[Action]:
        q = (self.turn_player + 2) % self.n
        out = [Action("back", q)]
        for c in sorted({chip for chip in self.cards[q] if playable(self, q, chip)}):
            out += event_actions(self, q, c)
        return out

    def _legal_in_turn(self) -> list[Action]:
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
        extras = (c for fields in self._turns_by_seat() for c in fields[_EXTRAS])
        for chip in (*(c for shown in self.face_up for c in shown), *extras,
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



    def _legal_attach(self) -> list[Action]:
        seat, candidates, _reason, _owner, _stage, _supply = self.attach_queue[0]
        targets = self._attach_ports(self.attach_queue[0])
        out = []
        for card in candidates:
            if targets is None:
                out.append(Action("attach", seat, card=card))
                continue
            for code in targets:
                out += _ATTACHES.get((seat, card, code)) or _attaches(seat, card, code)
        return out

    def _legal_play(self, p: int) -> list[Action]:
        out = [_END[p]]
        if self.frozen_now:
            if self.partnered and self._partner_can_play():
                out.append(_CALL[p])
            return out
        wild_chips = self.wild
        mask = 0  # the orientations of the tiles the seat may place with no crutch (_orients)
        odd: list[tuple[int, int]] = _NO_TILES  # (tile, chip) with a crutch: checked by _fits
        if self.locked[p] or wild_chips or self.extras_left > 0:
            odd = []
            for tile, chip in sorted(self._placeable(p).items()):
                if chip in wild_chips:
                    odd.append((tile, chip))
                else:
                    mask |= _ORIENTS[tile]
        else:
            for chip in self.hands[p]:
                mask |= _ORIENTS[chip]
        if odd or (mask and not self.strict):
            self._tile_moves_checked(p, mask, odd, out)
        elif mask:  # only the zones some tile fits
            zfit, picks = self.zfit, _ORIENT_PICKS
            places, replaces = _ZONE_ROWS[p]
            if len(places) < len(zfit):
                places, replaces = _zone_rows(p, len(zfit))
            if self.teams_mode or self.touching:  # who owns a zone, where a block starts
                for z, fit in enumerate(zfit):
                    fits = fit & mask
                    if fits:
                        way = self._tile_way(p, z)
                        if way >= 0:
                            out += (picks.get(fits) or _orient_pick(fits))(
                                replaces[z] if way & 1 else places[z])
            else:  # the board alone decides
                chips, placed_now = self.chip, self.placed_now
                for z, fit in enumerate(zfit):
                    fits = fit & mask
                    if not fits:
                        continue
                    if chips[z]:  # (a zone some tile fits takes it or replaces its tile)
                        if z in placed_now:
                            continue
                        row = replaces[z]
                    else:
                        row = places[z]
                    out += (picks.get(fits) or _orient_pick(fits))(row)
        rotatable = self.rotatable
        if rotatable:
            if rotatable >> len(self.need):
                # (a zone left in ``rotatable`` by a board rebuilt in a test is left out)
                rotatable &= (1 << len(self.need)) - 1
            turns = _ROTATIONS[p].get(rotatable) or _rotations(p, rotatable)
            if self.teams_mode:
                turns = tuple(a for a in turns
                              if a.target is not None and self._owner_allows(p, a.target))
            out += turns
        cards = self.cards[p]
        if cards or self.daily_open:
            seen: set[int] = set()
            if self.daily is not None and self.daily_open:
                seen.add(self.daily & 63)
                out += event_actions(self, p, self.daily, daily=True)
            for chip in cards:
                if chip & 63 not in seen and playable(self, p, chip):
                    seen.add(chip & 63)
                    out += event_actions(self, p, chip)
        if self.teams_mode and self.code == "tender" and not self.linked[p] and \
                self._closed(p, (MODULE,)):
            out += self._link_actions(p) or self._rebuild_actions(p)  # (rule 7: always last)
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
        simple, placed_now = not self.teams_mode and not self.touching, self.placed_now
        places, replaces = _ZONE_ROWS[p]
        if len(places) < len(need):
            places, replaces = _zone_rows(p, len(need))
        # A crutched orientation fits when its other half is asked its pips, or nothing: the
        # half of ``need`` to read, and the needs that let it in.
        checks = [(orient, 1 - wild, (-1, a if wild else b)) for orient, a, b, wild in crutched]
        for z, entry in enumerate(need):
            mode = entry[4]
            if not mode:  # no tile may go there (_refresh)
                continue
            if simple:  # the board alone decides
                if mode == 2 and z in placed_now:
                    continue
            elif self._tile_way(p, z) < 0:
                continue
            if not strict and kinds[z] != BLOCK:
                self._loose_moves(p, z, "replace" if mode == 2 else "place", out)
                continue
            row = replaces[z] if mode == 2 else places[z]
            fits = zfit[z] & mask
            if fits:
                out += (_ORIENT_PICKS.get(fits) or _orient_pick(fits))(row)
            for orient, half, asked in checks:
                if entry[half] in asked:
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
            low, high = TILE_PIPS[tile]
            for flip in (0, 1) if low != high or chip in self.wild else (0,):
                fa, fb, w = self._orient(chip, flip)
                if self._fits(z, fa, fb, w):
                    out.append(Action(kind, p, tile, z, flip))

    def _partner_can_play(self) -> bool:
        q = (self.turn_player + 2) % self.n
        for chip in self.cards[q]:  # (a plain loop: Team Development asks at most listings)
            if playable(self, q, chip) and (
                    EVENTS[chip & 63].target in _ALWAYS_AIMED or event_actions(self, q, chip)):
                return True
        return False

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
        module, target = self._slots(p, MODULE), self._slots(p, INTEGRATION_BLOCK)
        return [Action("link", p, target=a, count=b)
                for a in self.free_ports(module) for b in self.free_ports(target)]

    def _rebuild_actions(self, p: int) -> list[Action]:
        """Tender's rule 7, for a team whose closed module has no free port to join its
        integration block by (no ``link`` move): ``swap`` each of its blocks on the side with no
        free port (the integration block, the module's blocks) for each block card of the
        team's supply with at least as many zones and more ports than the block has joins (so
        one is left free); when no card can be swapped so, ``add`` a block card of the supply
        to the integration block's side, joined to a free port of the module (the link).

        >>> from devgames import reliz
        >>> reliz.new_game(["Red", "Blue"], seed=1, scenario="tender")._rebuild_actions(0)
        []
        """
        if not self.options.tender_rebuild:
            return []
        module, target = self._slots(p, MODULE), self._slots(p, INTEGRATION_BLOCK)
        slots = [*(target if not self.free_ports(target) else ()),
                 *(module if not self.free_ports(module) else ())]
        cards = sorted(set(self.supply[self.team[p]]))
        out = []
        for slot in slots:
            block = self.blocks[slot]
            size, joins = BLOCKS[block["card"]].size, len(block["used"])
            out += [Action("swap", p, card=card, target=slot) for card in cards
                    if BLOCKS[card].size >= size and len(BLOCKS[card].ports) > joins]
        if out:
            return out
        return [Action("add", p, card=card, target=code, count=port.port)
                for card in cards for code in self.free_ports(module)
                for port in BLOCKS[card].ports]

    # ----- checking and carrying out a move (devgames.reliz.moves) ------------------------------
    def _check(self, action: Action) -> None:
        if any(map(is_, self._legal, repeat(action))):  # one of the moves legal_actions() listed
            return
        _check_shape(action)
        if self.phase == OVER:
            raise IllegalMove("game_over", _("The game is over; no more moves can be made."))
        if self.to_enter or action.kind == "deal":  # a physical deck's piece to enter first
            check_deal(self, action)
            return
        if action.kind == "time_up":
            check_time_up(self, action)
            return
        p = action.player
        if not (isinstance(p, int) and 0 <= p < self.n):
            raise IllegalMove("unknown_player", _("There is no player {player} at this "
                                                  "table.").format(player=repr(p)))
        if p != self.turn_player and self.playing:  # played together: another team's turn
            self._check_in_round(action)
            return
        PHASE_CHECKS[self.phase](self, action)

    def apply(self, action: Action) -> None:
        """Check and carry out ``action``; an illegal one raises IllegalMove and changes nothing.

        A move that :meth:`legal_actions` listed for this state (that very object) is carried
        out at once; any other is checked in full by :meth:`_check` first.

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
        >>> game.apply(Action("end", 0))
        Traceback (most recent call last):
        ...
        devgames.core.errors.IllegalMove: Ada must first choose the block card to join the board.
        """
        if self.together:
            self._play_in_round(action)
            return
        for listed in self._legal:  # (a plain loop: the quickest look for that very object)
            if listed is action:
                break
        else:
            self._check(action)
        self._legal = ()
        EFFECTS[action.kind](self, action)
        self.log.append(action)

    def _do(self, action: Action) -> None:
        self._legal = ()
        MOVES[action.kind].effect(self, action)

    # ----- event cards (devgames.reliz.event_cards) ---------------------------------------------
    def opponents(self, p: int) -> list[int]:
        """The seats an "opponent" card of seat ``p`` may choose (alone: the player)."""
        return event_cards.opponents(self, p)





















































    # ----- what players see (devgames.reliz.observer) -------------------------------------------
    @property
    def waiting_for(self) -> str:
        """What the table waits for: a sentence for the projector."""
        return observer.waiting_for(self)

    def view(self, player: int | str | None) -> RelizView:
        """The table as ``player`` sees it (``None``: the projector)."""
        return observer.view(self, player)

    def secrets(self, player: int | str) -> list[str]:
        """What a team knows besides the hand in play: its members waiting for their round."""
        return observer.secrets(self, player)

    def describe(self, action: Action) -> str:
        """A sentence for an action, as a facilitator would say it."""
        return observer.describe(self, action)

    def narrate(self, event: Event) -> str | None:
        """A public sentence for an event (None for what the table does not see)."""
        return observer.narrate(self, event)

    # ----- state --------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (equal snapshots mean equal games; played together,
        the same whichever team is in focus)."""
        state = {
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
            "face_up": [list(x) for x in self.face_up],
            "superman": self.superman, "pilot_used": self.pilot_used,
            "attach_queue": list(self.attach_queue), "merged": list(self.merged),
            "to_enter": list(self.to_enter),
            "central_open": self.central_open, "linked": list(self.linked),
            "rows": self._rows, "chance_steps": self.chance_steps,
            "events_count": len(self.events), "log_length": len(self.log),
            "result": self.result, "winners": list(self._winners),
        } | ({"closed": list(self.closed)} if self.options.tender_shared_win else {}) | (
            {"waiting": [list(x) for x in self.waiting]}
            if self.options.partner_cards == "own" else {}) | (
            {"member_hands": [[list(h) for h in aside] for aside in self.member_hands],
             "active_member": list(self.active_member)} if self.members_mode else {})
        if self.together:  # each team's turn by seat, not the focus
            for name in (*TURN_FIELDS, "turn_player"):
                state.pop(name, None)
            state |= {"turns": self.turn_rows(), "playing": list(self.playing)}
        return state

    def card_counts(self) -> Counter[int]:
        """Every tile and every event card by chip: a tile (its id and set) as minus its chip,
        in a stock, a hand (the members' hands set aside too), the side pool, the board or spent
        (Pet Project); an event card (its title and deck) as its chip, in a deck, a discard
        pile, a hand, the daily event or out of the game. A physical deck's piece drawn but not
        entered yet is still where it came from; Cooperation's central deck waits in the box
        until it opens. Block cards are not counted.

        >>> from devgames import reliz
        >>> counts = reliz.new_game(["Ada", "Bob"], seed=1).card_counts()   # tiles, events
        >>> sum(n for chip, n in counts.items() if chip < 0), sum(counts.values())
        (28, 53)
        """
        turns = [(fields[_DAILY], fields[_EXTRAS]) for fields in self._turns_by_seat()]
        extras = [chip for _daily, side in turns for chip in side]
        tiles: list[int] = [*extras, *(chip for chip in self.chip if chip),
                            *(-chip for chip in self.out_of_game if chip < 0)]
        for pile in (*self.pool, *self.hands, *(h for aside in self.member_hands for h in aside)):
            tiles += pile
        cards = Counter(-chip for chip in tiles if chip & 31 != UNKNOWN_TILE)
        events = [*(chip for chip in self.out_of_game if chip > 0),
                  *(daily for daily, _side in turns if daily is not None)]
        for pile in (*self.decks, *self.discards, *self.cards):
            events += pile
        if self.code == "cooperation" and not self.central_open:
            banned = {EVENT_ID[code] for code in self.scenario.banned}
            events += [card + (self.n << DECK_BITS) for card in EVENT_DECK if card not in banned]
        cards.update(chip for chip in events if chip & 63 != UNKNOWN_EVENT)
        return cards

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


#: The moves legal in each phase but ``over`` (a physical deck's piece to enter comes first).
_LEGAL: dict[str, Callable[[RelizGame], list[Action]]] = {
    ATTACH: RelizGame._legal_attach, DAILY: RelizGame._legal_daily,
    PARTNER: RelizGame._legal_partner, PLAY: RelizGame._legal_in_turn,
}
