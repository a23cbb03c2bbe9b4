"""The board of РЕЛИЗ and its rules: block cards laid and joined by integration zones, what each
zone asks of a tile (the pips its filled neighbours show), who may fill it (a team's own zones,
the order of Tender's and Cooperation's stages) and whether a tile fits. :class:`RelizZones`
keeps what each zone offers the legal moves up to date as tiles come and go (``_refresh``).
"""

from collections.abc import Iterable
from typing import Any

from devgames.core.piles import shuffle
from devgames.reliz.cards import BLOCKS, TILES
from devgames.reliz.state import RelizState
from devgames.reliz.terms import (
    BLOCK,
    BLOCK_ENTRIES,
    CENTRAL,
    INTEGRATION,
    INTEGRATION_BLOCK,
    LINK,
    MODULE,
    SHARED,
)

TILE_PIPS = {c: card.pips for c, card in TILES.items()}
#: The numbers of each block card's ports, in order, by card.
PORTS = {b: tuple(port.port for port in block.ports) for b, block in BLOCKS.items()}


def fitting(need0: int, need1: int, double: bool) -> int:
    """The orientations (bits ``1 << (tile << 1 | flip)``, a double only unturned) of every tile
    that fits a zone asking ``need0`` pips of half 1 and ``need1`` of half 2 (-1: any, -2: none
    fits), a double or not.

    >>> bin(fitting(0, 0, True)), fitting(-2, 3, False)  # 0|0 alone; nothing
    ('0b100', 0)
    """
    fits = 0
    if -2 in (need0, need1):
        return fits
    for tile, (low, high) in TILE_PIPS.items():
        for flip, (a, b) in enumerate(((low, high), (high, low))):
            if (flip == 0 or low != high) and need0 in (-1, a) and need1 in (-1, b) and (
                    not double or a == b):
                fits |= 1 << (tile << 1 | flip)
    return fits


#: ``fitting`` of every need, at ``[double][need0][need1]`` (the needs -2 and -1 are the last
#: two places of their lists: a negative index counts from the end).
FIT = [[[fitting(need0, need1, double) for need1 in (*range(7), -2, -1)]
        for need0 in (*range(7), -2, -1)] for double in (False, True)]


class RelizZones(RelizState):
    """The board's zones and their rules (see the module)."""

    # ----- laying the board ------------------------------------------------------------------
    def _slots(self, owner: int, stage: str) -> list[int]:
        """The slots of the blocks of an owner and stage, in the order they were laid."""
        return [s for s, b in enumerate(self.blocks) if b["owner"] == owner and
                b["stage"] == stage]

    def _draw_blocks(self, supply: int, k: int, size: int | None = None,
                     min_ports: int = 0) -> list[int]:
        """``k`` random block cards from a supply (of a size, with enough ports)."""
        if size is None and not min_ports:  # any block card of the supply
            left = list(self.supply[supply])
        else:
            left = [b for b in self.supply[supply] if (size is None or BLOCKS[b].size == size)
                    and len(BLOCKS[b].ports) >= min_ports]
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
        self._refresh(zones)
        self.blocks.append({"card": card, "zones": zones, "owner": owner, "stage": stage,
                            "used": []})
        return slot

    def _new_zone(self, kind: str, slot: int, double: bool, owner: int, stage: str,
                  label: str) -> int:
        """A new zone, empty and linked to none: the caller makes its links, then refreshes it
        (``_refresh``, once for every zone the links touch)."""
        z = len(self.zkind)
        self.zkind.append(kind)
        self.zblock.append(slot)
        self.zdouble.append(double)
        self.zlinks.append([])
        self.znear.append(([], [], []))
        self.zowner.append(owner)
        self.zstage.append(stage)
        self.zlabel.append(label)
        self.zports.append(())
        self.chip.append(0)
        self.pips.append((0, 0))
        self.crutch.append(False)
        self.need.append((-1, -1, True, False, 1))
        self.zfit.append(0)
        self._fresh_set.add(z)  # a zone added in a turn may trigger RELEASE in that turn
        return z

    def _link(self, za: int, ha: int, zb: int, hb: int) -> None:
        """Half ``ha`` of zone ``za`` touches half ``hb`` of zone ``zb``; the caller refreshes
        both zones (``_refresh``) once every link is made."""
        self.zlinks[za].append((ha, zb, hb))
        self.zlinks[zb].append((hb, za, ha))
        for z, h, oz in ((za, ha, zb), (zb, hb, za)):
            for near in (self.znear[z][h], self.znear[z][2]):
                if oz not in near:
                    near.append(oz)

    def _refresh(self, zones: Iterable[int], changed: int = -1) -> None:
        """Work out again what each zone ``z`` of ``zones`` offers the legal moves, kept in
        ``need[z]``: the pips its filled neighbours ask of its half 1 and half 2 (-1 any, -2 when
        two of them disagree: no tile fits), whether they are all filled, whether its tile may be
        rotated, and whether the board lets a tile be placed (1) or replaced (2) there (0:
        neither); keep in ``zfit[z]`` the tile orientations that fit it (bits, see ``_fitting``;
        0 when the board lets no tile go there), and ``z``'s bit in ``rotatable`` or not.

        ``changed``: a zone whose tile changed (or turned, or its crutch), ``zones`` being its
        neighbours (``znear[changed][2]``; after a replacement only those touching a half that
        shows other pips): its own entry of ``need`` follows first, what its neighbours ask of
        it staying the same."""
        chip, pips, need, zfit, rotatable = (self.chip, self.pips, self.need, self.zfit,
                                             self.rotatable)
        zlinks, kinds, doubles, crutch = self.zlinks, self.zkind, self.zdouble, self.crutch
        if changed >= 0:
            z = changed
            need0, need1, around, _rotates, mode = need[z]
            if not chip[z]:
                need[z] = (need0, need1, around, False, 1 if mode else 0)
                rotatable &= ~(1 << z)
            else:
                a, b = pips[z]
                if a != b and (need0 == -1 or need0 == b) and (need1 == -1 or need1 == a) and (
                        kinds[z] == BLOCK and not crutch[z]):
                    need[z] = (need0, need1, around, True, 2 if mode else 0)
                    rotatable |= 1 << z
                else:
                    need[z] = (need0, need1, around, False, 2 if mode else 0)
                    rotatable &= ~(1 << z)
        for z in zones:
            need0 = need1 = -1
            around = True
            for h, oz, oh in zlinks[z]:
                if not chip[oz]:
                    around = False
                elif h:
                    if need1 == -1:
                        need1 = pips[oz][oh]
                    elif need1 != pips[oz][oh]:
                        need1 = -2
                elif need0 == -1:
                    need0 = pips[oz][oh]
                elif need0 != pips[oz][oh]:
                    need0 = -2
            if kinds[z] == BLOCK:
                zfit[z] = FIT[doubles[z]][need0][need1]
                if chip[z]:
                    a, b = pips[z]
                    if a != b and (need0 == -1 or need0 == b) and (
                            need1 == -1 or need1 == a) and not crutch[z]:
                        need[z] = (need0, need1, around, True, 2)
                        rotatable |= 1 << z
                        continue
                    need[z] = (need0, need1, around, False, 2)
                else:
                    need[z] = (need0, need1, around, False, 1)
            elif around:  # an integration or card zone: never rotated
                zfit[z] = FIT[doubles[z]][need0][need1]
                need[z] = (need0, need1, around, False, 2 if chip[z] else 1)
            else:  # an integration zone waiting for its neighbours
                zfit[z] = 0
                need[z] = (need0, need1, around, False, 0)
            rotatable &= ~(1 << z)
        self.rotatable = rotatable

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
        blocks = self.blocks
        for slot in range(len(blocks)) if slots is None else slots:
            block = blocks[slot]
            used = block["used"]
            for port in PORTS[block["card"]]:
                if port not in used:
                    out.append(slot * 10 + port)
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
        self._refresh((z, *self.znear[z][2]))
        return z

    def joined_at(self, slot: int) -> list[int]:
        """The integration and card zones joined to a port of the block in ``slot``, by the
        number of that port.

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Red", "Blue"], seed=1, scenario="tender")
        >>> [game.zlabel[z] for z in game.joined_at(0)]  # the central block: ports 1 and 2
        ['I2', 'I1']
        """
        return [z for _port, z, _side in self._joins(slot)]

    def _joins(self, slot: int) -> list[tuple[int, int, int]]:
        """(port number, zone, which of the zone's ports) of every join at block ``slot``."""
        return sorted((code % 10, z, side) for z in range(len(self.zkind))
                      if self.zkind[z] != BLOCK
                      for side, code in enumerate(self.zports[z]) if code // 10 == slot)

    def _swap_block(self, slot: int, card: int) -> None:
        """Tender's rule 7: the block in ``slot`` becomes block card ``card`` (as many zones or
        more; its tiles and those of its joins already taken off). Its zones keep their ids and
        labels, a zone more is added after the others, and the zones joined to its ports are
        joined again, in the order of its ports, to the new card's first ports."""
        block = self.blocks[slot]
        old = block["zones"]
        joins = self._joins(slot)
        outside = {oz for y in old for _h, oz, _oh in self.zlinks[y] if oz not in old}
        for z in outside:
            self.zlinks[z] = [link for link in self.zlinks[z] if link[1] not in old]
        for y in old:
            self.zlinks[y] = []
        for z in (*old, *outside):
            self.znear[z] = self._near_of(z)
        new = BLOCKS[card]
        zones = list(old)
        for number, _vertical, double in new.zones:
            if number <= len(old):
                self.zdouble[old[number - 1]] = double
                self._fresh_set.add(old[number - 1])
            else:
                zones.append(self._new_zone(BLOCK, slot, double, block["owner"], block["stage"],
                                            f"B{slot + 1}.{number}"))
        block.update(card=card, zones=zones, used=[])
        for za, ha, zb, hb in new.links:
            self._link(zones[za - 1], ha - 1, zones[zb - 1], hb - 1)
        ports = [port.port for port in new.ports]
        for (_old_port, z, side), number in zip(joins, ports, strict=False):
            code = slot * 10 + number
            codes = list(self.zports[z])
            codes[side] = code
            self.zports[z] = tuple(codes)
            block["used"].append(number)
            for zone, h in self.port_halves(code):
                self._link(z, side, zone, h)
        self._refresh((*zones, *outside))

    def _near_of(self, z: int) -> tuple[list[int], list[int], list[int]]:
        """``znear[z]`` worked out from ``zlinks[z]`` (each zone once, in the order linked)."""
        near: tuple[list[int], list[int], list[int]] = ([], [], [])
        for h, oz, _oh in self.zlinks[z]:
            for side in (near[h], near[2]):
                if oz not in side:
                    side.append(oz)
        return near

    def _random_join(self, slot_a: int, slot_b: int, owner: int, stage: str) -> None:
        ports_a, ports_b = self.free_ports([slot_a]), self.free_ports([slot_b])
        if not ports_a or not ports_b:
            return
        self.chance_steps += 1
        self._join(self.ports_rng.choice(ports_a), self.ports_rng.choice(ports_b), owner, stage)

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
        low, high = TILE_PIPS[chip & 31]
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
