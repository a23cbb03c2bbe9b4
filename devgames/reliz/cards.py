"""РЕЛИЗ's pieces, read from our own data beside this module: the 28 domino tiles, the 23 event
card titles (``events.csv``, 25 cards) and the 18 block cards (``blocks.json``).

Tiles and event cards share one id space, as the game protocol wants: a tile {a, b} (a <= b) is
a card id from 1 to 28 named ``"a|b"``; an event title is a card id from 29 to 51. Copies of an
event card are identical, so an id names a title. Block cards are numbered 1 to 18 on their own.

>>> CARDS[TILE_ID[(3, 5)]].name, CARDS[EVENT_ID["dream"]].name_ru
('3|5', 'Директору приснился сон')
>>> len(TILES), len(EVENTS), len(EVENT_DECK), len(BLOCKS)
(28, 23, 25, 18)
"""

import csv
import json
from dataclasses import dataclass
from pathlib import Path

from devgames.i18n import N_

HERE = Path(__file__).parent
EVENTS_FILE = HERE / "events.csv"
BLOCKS_FILE = HERE / "blocks.json"
TARGETS = ("none", "opponent", "block", "zone", "port", "tile", "give", "take")
#: What a tile is (``Card.does``), in English: the screen showing it says it in its language,
#: ``_(TILE_DOES).format(a=low, b=high)``.
TILE_DOES = N_("A domino tile with {a} and {b} pips.")


@dataclass(frozen=True)
class Card:
    """A tile or an event title: its id, name (English), Russian name, kind and what it does."""

    id: int
    name: str
    name_ru: str
    kind: str  # "tile" or "event"
    code: str = ""
    count: int = 1
    one_time: bool = False
    resets_release: bool = False
    target: str = "none"
    does: str = ""
    pips: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Port:
    """Where an integration zone may join a block: its number, the side of the card it is
    drawn on, and the tile halves (zone, half) it touches."""

    port: int
    side: str
    halves: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Block:
    """A block card: its zones (number, vertical, needs a double), the links between tile halves
    (zone, half, zone, half: the two halves touch and must show the same pips) and its ports."""

    id: int
    zones: tuple[tuple[int, bool, bool], ...]
    links: tuple[tuple[int, int, int, int], ...]
    ports: tuple[Port, ...]

    @property
    def size(self) -> int:
        """The number of zones (2, 3 or 4)."""
        return len(self.zones)


def _tiles() -> dict[int, Card]:
    tiles = {}
    ident = 1
    for a in range(7):
        for b in range(a, 7):
            tiles[ident] = Card(ident, f"{a}|{b}", f"{a}|{b}", "tile", pips=(a, b),
                                does=TILE_DOES.format(a=a, b=b))
            ident += 1
    return tiles


def load_events(path: Path = EVENTS_FILE, first_id: int = 29) -> dict[int, Card]:
    """Read the event table: id -> Card (comment lines start with ``#``), ids from ``first_id``.

    >>> sum(card.count for card in load_events().values())
    25
    """
    with path.open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(line for line in handle if not line.startswith("#"))
        cards = {}
        for ident, row in enumerate(rows, first_id):
            if row["target"] not in TARGETS:
                raise ValueError(f"events.csv: unknown target {row['target']!r}")
            cards[ident] = Card(ident, row["name_en"], row["name_ru"], "event", row["code"],
                                int(row["count"]), row["one_time"] == "yes",
                                row["resets_release"] == "yes", row["target"], row["does"])
    return cards


def load_blocks(path: Path = BLOCKS_FILE) -> dict[int, Block]:
    """Read the block cards: id -> Block.

    >>> blocks = load_blocks()
    >>> sorted(b.size for b in blocks.values()).count(4), blocks[7].ports[1].port
    (7, 3)
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    blocks = {}
    for item in data:
        blocks[item["id"]] = Block(
            item["id"],
            tuple((z["zone"], bool(z["vertical"]), bool(z["double"])) for z in item["zones"]),
            tuple(tuple(link) for link in item["links"]),
            tuple(Port(p["port"], p["side"], tuple(tuple(h) for h in p["halves"]))
                  for p in item["ports"]))
    return blocks


TILES: dict[int, Card] = _tiles()
EVENTS: dict[int, Card] = load_events(first_id=len(TILES) + 1)
CARDS: dict[int, Card] = {**TILES, **EVENTS}
BLOCKS: dict[int, Block] = load_blocks()
#: A tile's id from its pips (low, high).
TILE_ID: dict[tuple[int, int], int] = {card.pips: c for c, card in TILES.items()}
#: An event title's id from its code.
EVENT_ID: dict[str, int] = {card.code: c for c, card in EVENTS.items()}
#: The 25 event cards, as title ids.
EVENT_DECK: tuple[int, ...] = tuple(c for c in sorted(EVENTS) for _ in range(EVENTS[c].count))
