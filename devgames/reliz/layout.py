"""Where each zone of a РЕЛИЗ block card is drawn, worked out from the card's data alone.

The block data (``blocks.json``) says which zones are vertical and which tile halves touch, but
not where the zones sit on the card. :func:`block_layout` finds a drawing in which every linked
pair of halves touches and no two halves that are not linked touch (the card's own rule made
visible), as small as it can be, with each port's halves on the port's side of the card.

Coordinates are in quarter tiles: a half is a 2 x 2 square, a horizontal tile 4 x 2, a vertical
tile 2 x 4, so that a tile may sit half a half off its neighbour: the way a horizontal tile's end
meets the long side of a vertical double and touches both its halves (block 2).

>>> layout = block_layout(BLOCKS[1])  # a ring of four zones
>>> sorted(layout.zones.items())
[(1, (2, 0, False)), (2, (0, 0, True)), (3, (0, 4, False)), (4, (4, 2, True))]
>>> layout.width, layout.height
(6, 6)
"""

from dataclasses import dataclass
from functools import cache
from itertools import product

from devgames.reliz.cards import BLOCKS, Block

#: The side of a half, in layout units.
HALF = 2


@dataclass(frozen=True)
class BlockLayout:
    """A block card drawn: each zone's top-left corner and whether it is vertical, and the size
    of the card (every coordinate from 0, in quarter tiles)."""

    zones: dict[int, tuple[int, int, bool]]
    width: int
    height: int

    def half(self, zone: int, half: int) -> tuple[int, int]:
        """The top-left corner of ``half`` (1 or 2) of ``zone``.

        >>> block_layout(BLOCKS[1]).half(2, 2)
        (0, 2)
        """
        x, y, vertical = self.zones[zone]
        if half == 1:
            return x, y
        return (x, y + HALF) if vertical else (x + HALF, y)


def _halves(x: int, y: int, vertical: bool) -> tuple[tuple[int, int], tuple[int, int]]:
    return ((x, y), (x, y + HALF)) if vertical else ((x, y), (x + HALF, y))


def _touch(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Two halves share a stretch of edge (not just a corner)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dx == HALF and dy < HALF) or (dy == HALF and dx < HALF)


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) < HALF and abs(a[1] - b[1]) < HALF


def _around(half: tuple[int, int]) -> list[tuple[int, int]]:
    """Every corner of a half that touches ``half``."""
    x, y = half
    out = []
    for shift in range(-HALF + 1, HALF):
        out += [(x - HALF, y + shift), (x + HALF, y + shift),
                (x + shift, y - HALF), (x + shift, y + HALF)]
    return out


@cache
def block_layout(block: Block) -> BlockLayout:
    """The best drawing of ``block`` (see the module's notes); the same every time.

    >>> layout = block_layout(BLOCKS[2])  # zone 1's end meets both halves of the double
    >>> halves = [layout.half(1, 2), layout.half(2, 1), layout.half(2, 2)]
    >>> _touch(halves[0], halves[1]) and _touch(halves[0], halves[2])
    True
    """
    vertical = {number: is_vertical for number, is_vertical, _double in block.zones}
    linked = {frozenset({(a, ha), (b, hb)}) for a, ha, b, hb in block.links}
    order = _placing_order(block)
    best: tuple[tuple[int, ...], dict[int, tuple[int, int, bool]]] | None = None
    for placed in _placements(order, vertical, block):
        score = _cost(placed, linked, block)
        if best is None or score < best[0]:
            best = score, placed
    if best is None:  # no drawing keeps every link: never for the 18 cards (a test checks)
        raise ValueError(f"Block {block.id} cannot be drawn with all its links touching.")
    return _normalised(best[1])


def _placing_order(block: Block) -> list[int]:
    """Zones in an order where each one after the first is linked to one placed before it
    (zones linked to nothing come last)."""
    numbers = [number for number, _, _ in block.zones]
    order = [numbers[0]]
    while len(order) < len(numbers):
        nxt = next((b for a, _, b, _ in block.links if a in order and b not in order), None)
        nxt = nxt or next((a for a, _, b, _ in block.links if b in order and a not in order),
                          None)
        order.append(nxt if nxt is not None else next(n for n in numbers if n not in order))
    return order


def _placements(order: list[int], vertical: dict[int, bool], block: Block
                ) -> list[dict[int, tuple[int, int, bool]]]:
    """Every drawing of the zones in ``order`` where each linked pair of halves touches and
    no halves overlap."""
    results: list[dict[int, tuple[int, int, bool]]] = []

    def extend(placed: dict[int, tuple[int, int, bool]], index: int) -> None:
        if index == len(order):
            results.append(dict(placed))
            return
        zone = order[index]
        candidates = _candidates(zone, placed, vertical[zone], block)
        for x, y in candidates:
            mine = _halves(x, y, vertical[zone])
            if any(_overlap(h, other) for (ox, oy, ov) in placed.values()
                   for other in _halves(ox, oy, ov) for h in mine):
                continue
            if not _links_hold(zone, mine, placed, block):
                continue
            placed[zone] = (x, y, vertical[zone])
            extend(placed, index + 1)
            del placed[zone]

    extend({}, 0)
    return results


def _candidates(zone: int, placed: dict[int, tuple[int, int, bool]], is_vertical: bool,
                block: Block) -> list[tuple[int, int]]:
    """Corners for ``zone`` that make one of its links to a placed zone touch."""
    if not placed:
        return [(0, 0)]
    found: list[tuple[int, int]] = []
    for a, ha, b, hb in block.links:
        for mine, my_half, other, other_half in ((a, ha, b, hb), (b, hb, a, ha)):
            if mine != zone or other not in placed:
                continue
            ox, oy, ov = placed[other]
            target = _halves(ox, oy, ov)[other_half - 1]
            for corner in _around(target):
                offset = (0, 0) if my_half == 1 else ((0, HALF) if is_vertical else (HALF, 0))
                found.append((corner[0] - offset[0], corner[1] - offset[1]))
    if not found:  # linked to nothing placed: to the right of everything
        right = max(x + (HALF if v else 2 * HALF) for x, _, v in placed.values())
        found.append((right + HALF, 0))
    return list(dict.fromkeys(found))


def _links_hold(zone: int, mine: tuple[tuple[int, int], ...],
                placed: dict[int, tuple[int, int, bool]], block: Block) -> bool:
    for a, ha, b, hb in block.links:
        for me, my_half, other, other_half in ((a, ha, b, hb), (b, hb, a, ha)):
            if me == zone and other in placed:
                ox, oy, ov = placed[other]
                if not _touch(mine[my_half - 1], _halves(ox, oy, ov)[other_half - 1]):
                    return False
    return True


def _cost(placed: dict[int, tuple[int, int, bool]], linked: set[frozenset[tuple[int, int]]],
          block: Block) -> tuple[int, ...]:
    """Lower is better: halves touching without a link, ports off their side, area, offsets."""
    halves = {(zone, h + 1): half for zone, (x, y, v) in placed.items()
              for h, half in enumerate(_halves(x, y, v))}
    false_touch = sum(
        1 for (one, a), (two, b) in product(halves.items(), repeat=2)
        if one[0] < two[0] and _touch(a, b) and frozenset({one, two}) not in linked)
    xs = [x for x, _ in halves.values()]
    ys = [y for _, y in halves.values()]
    low_x, high_x, low_y, high_y = min(xs), max(xs), min(ys), max(ys)
    off_side = 0
    for port in block.ports:
        for zone, half in port.halves:
            x, y = halves[(zone, half)]
            edge = {"left": x - low_x, "right": high_x - x, "top": y - low_y,
                    "bottom": high_y - y}[port.side]
            off_side += edge
    area = (high_x - low_x + HALF) * (high_y - low_y + HALF)
    ragged = sum(1 for x, y in halves.values() if x % HALF or y % HALF)
    return false_touch, off_side, area, ragged


def _normalised(placed: dict[int, tuple[int, int, bool]]) -> BlockLayout:
    """Shift a drawing so that it starts at (0, 0), and measure it."""
    low_x = min(x for x, _, _ in placed.values())
    low_y = min(y for _, y, _ in placed.values())
    zones = {zone: (x - low_x, y - low_y, v) for zone, (x, y, v) in sorted(placed.items())}
    width = max(x + (HALF if v else 2 * HALF) for x, _, v in zones.values())
    height = max(y + (2 * HALF if v else HALF) for _, y, v in zones.values())
    return BlockLayout(zones, width, height)


def layouts() -> dict[int, BlockLayout]:
    """Every block card's drawing, by card id.

    >>> len(layouts())
    18
    """
    return {card: block_layout(block) for card, block in BLOCKS.items()}
