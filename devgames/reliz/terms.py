"""The words the РЕЛИЗ engine's modules share: the phases of a turn, the kinds of zone and the
stages of a Tender or Cooperation layout, and how a tile or an event card is coded as a chip (its
id plus the set or deck it belongs to). Nothing here knows a game; every module of the engine
reads these names. Also here: the frequent events, made once and shared (:func:`shared_event`).
"""

from typing import Any

from devgames.core.actions import Event
from devgames.i18n import _
from devgames.reliz.cards import CARDS

ATTACH, DAILY, PLAY, PARTNER, OVER = "attach", "daily", "play", "partner", "over"
BLOCK, INTEGRATION, CARD_ZONE = "block", "integration", "card"
MODULE, LINK, INTEGRATION_BLOCK, CENTRAL = "module", "link", "integration_block", "central"
SHARED = -1
SET_BITS = 5  # a tile in a hand or on the board: tile id + 32 * the set (team) it belongs to
DECK_BITS = 6  # an event card in a hand: title id + 64 * the deck it came from
#: Physical deck: a tile or event card drawn at the table and not entered yet.
UNKNOWN_TILE, UNKNOWN_EVENT = 31, 63
#: Physical deck: the entries of ``to_enter`` that are block cards.
BLOCK_ENTRIES = ("block", "first", "central", "integration", "module")
CHANCE_PHASE = "deal"


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
    return info.name if info is not None else _("card {card}").format(card=repr(card))


#: The fields of the data of each kind of event :func:`shared_event` makes, in order.
EVENT_FIELDS = {
    "draw": ("tile",), "event_drawn": ("card",), "daily": ("card",), "rotate": ("zone",),
    "end": (), "play": ("card", "target"), "turn": ("turn", "round", "frozen"),
}
#: The kinds of event :func:`shared_event` makes private (only their seat sees them).
_PRIVATE = frozenset({"draw", "event_drawn"})
_SHARED: dict[tuple[Any, ...], Event] = {}


def shared_event(key: tuple[Any, ...]) -> Event:
    """The event of ``key``: its kind, its seat, then the values of its data's fields
    (:data:`EVENT_FIELDS`). Events are never changed once made, so each is made once and every
    game shares it: a game's many events cost no new objects.

    >>> shared_event(("draw", 1, 37))
    Event(kind='draw', player=1, data={'tile': 37}, private=True)
    >>> shared_event(("rotate", 0, 4)) is shared_event(("rotate", 0, 4))
    True
    """
    event = _SHARED.get(key)
    if event is None:
        if len(_SHARED) >= 100_000:
            _SHARED.clear()
        kind, player, *values = key
        event = _SHARED[key] = Event(kind, player, dict(zip(EVENT_FIELDS[kind], values,
                                                            strict=True)), kind in _PRIVATE)
    return event


class EventTable(dict[Any, Event]):
    """The shared events of one kind and one seat, by the values of their data (one value: the
    value itself; several: their tuple), each made by :func:`shared_event` the first time it is
    asked for: ``table[value]`` is ``shared_event((kind, seat, value))``, with no key to build
    and no call once made (the most frequent events of a turn).

    >>> DRAW_EVENTS[1][37] is shared_event(("draw", 1, 37))
    True
    >>> PLAY_EVENTS[0][(40, None)].data
    {'card': 40, 'target': None}
    """

    def __init__(self, kind: str, player: int) -> None:
        super().__init__()
        self.kind, self.player = kind, player

    def __missing__(self, key: Any) -> Event:
        if len(self) >= 10_000:
            self.clear()
        values = key if isinstance(key, tuple) else (key,)
        event = self[key] = shared_event((self.kind, self.player, *values))
        return event


def _tables(kind: str) -> list[EventTable]:
    """An :class:`EventTable` of ``kind`` for each seat (at most 4)."""
    return [EventTable(kind, p) for p in range(4)]


#: The frequent events by seat, then by the values of their data (see :class:`EventTable`).
DRAW_EVENTS, EVENT_DRAWN_EVENTS, DAILY_EVENTS = _tables("draw"), _tables("event_drawn"), \
    _tables("daily")
ROTATE_EVENTS, PLAY_EVENTS = _tables("rotate"), _tables("play")
#: Each seat's ``turn`` events, by (turn, round, frozen).
TURN_EVENTS = _tables("turn")
#: Each seat's ``end`` event.
END_EVENTS = [shared_event(("end", p)) for p in range(4)]
