"""Scrumkin's fixed figures, shared by the engine's modules: the phases of a sprint, the kinds of
move, the hand size, each card's value at every age, and every move action made once.

Nothing here depends on a game in progress: the tables are built once, at import.

>>> HAND_SIZE, MOVES_PER_SPRINT, MOVE_NAMES[DROP]
(3, 2, 'a dropped card')
>>> NAME[27], VALUE_AT[27][:5]
('Fairy dust', (3, 2, 1, -2, -2))
"""

from functools import cache

from devgames.core.actions import CHANCE, Action, ShapeCheck
from devgames.scrumkin.cards import CARDS, SPRINT_CARDS

HAND_SIZE = 3
MOVES_PER_SPRINT = 2

# Phases of a sprint. ``MOVING`` is the phase "moves" (``MOVES`` is the table of moves).
DEAL, ACTION_CARD, MOVING, COUNTER, OVER = "deal", "action_card", "moves", "counter", "over"
# The three kinds of move, as bits of the mover's ``moves`` mask.
OWN, OTHER, DROP = 1, 2, 4
MOVE_NAMES = {OWN: "a card into its own game", OTHER: "a card into another team's game",
              DROP: "a dropped card"}

#: Each card's name, by card id.
NAME = {card.id: card.name for card in CARDS.values()}
#: The age at which a card leaves the table (never, for a permanent last value), by card id.
EXPIRES = [len(CARDS[c].values) if c in CARDS and not CARDS[c].permanent else 1 << 30
           for c in range(max(CARDS) + 1)]
DEFENSIVE = frozenset(card.id for card in CARDS.values() if card.defensive)

# The optional fields each kind of action uses.
_CARD, _TARGET_COUNT = frozenset({"card"}), frozenset({"target", "count"})
check_shape = ShapeCheck({
    "play": frozenset({"card", "target"}), "drop": _CARD, "counter": _CARD, "deal": _CARD,
    "pass": frozenset(), "take_over": _TARGET_COUNT,
}, "Scrumkin")

# Every move action made once, shared by all games (actions are immutable): indexed by seat,
# target seat and card id, so listing legal moves creates no objects.
MAX_SEATS = 8
_IDS = range(max(CARDS) + 1)
PLAYS = [[[Action("play", p, card=c, target=t) for c in _IDS] for t in range(MAX_SEATS)]
         for p in range(MAX_SEATS)]
DROPS = [[Action("drop", p, card=c) for c in _IDS] for p in range(MAX_SEATS)]
COUNTERS = [[Action("counter", p, card=c) for c in _IDS] for p in range(MAX_SEATS)]
PASSES = [Action("pass", p) for p in range(MAX_SEATS)]
DEALS = [Action("deal", CHANCE, card=c) for c in _IDS]
#: The sprint cards of each title (three titles have two copies), in the table's order.
COPIES: dict[str, tuple[int, ...]] = {}
for _c in SPRINT_CARDS:
    COPIES[NAME[_c]] = (*COPIES.get(NAME[_c], ()), _c)
#: Physical deck: the sprint cards the facilitator may enter as drawn, every one of the box in the
#: table's order but those face up on the table (see ``moves.sprint_entries``): the list never
#: depends on the hands or on the cards dropped face down, which the room does not see.
SPRINT_DEAL = [DEALS[c] for c in sorted(SPRINT_CARDS)]
# For each table size and seat: every seat clockwise from it, itself first (made once).
SEATS_FROM = {
    n: tuple(tuple((p + i) % n for i in range(n)) for p in range(n))
    for n in range(2, MAX_SEATS + 1)
}


def _move_rows(seats: tuple[int, ...], moves: int, may_drop: bool) -> tuple[list[Action], ...]:
    """The rows of prebuilt actions (indexed by card) open to the team ``seats[0]``, in the order
    legal moves are listed: plays into its own game, into the others clockwise, then drops."""
    p = seats[0]
    rows = [PLAYS[p][t] for t in seats if not moves & (OWN if t == p else OTHER)]
    if may_drop and not moves & DROP:
        rows.append(DROPS[p])
    return tuple(rows)


#: The rows open to one seat: ``rows[moves][may_drop]``, for each mask of moves already made.
SeatRows = tuple[tuple[tuple[list[Action], ...], tuple[list[Action], ...]], ...]
# MOVE_ROWS[n][p][moves][may_drop]: listing the mover's moves is then one pass over its hand.
MOVE_ROWS: dict[int, tuple[SeatRows, ...]] = {
    n: tuple(
        tuple((_move_rows(seats, moves, False), _move_rows(seats, moves, True))
              for moves in range((OWN | OTHER | DROP) + 1))
        for seats in SEATS_FROM[n]
    )
    for n in SEATS_FROM
}


@cache
def value_table(ages: int) -> list[tuple[int, ...]]:
    """Each card's value at every age below ``ages`` (its last value from then on), by card id:
    ``value_table(ages)[card][age]``; 0 for Scrum of Scrums, whose value counts the table."""
    table: list[tuple[int, ...]] = [() for _ in _IDS]
    for c in SPRINT_CARDS:
        values = tuple(0 if v is None else v for v in CARDS[c].values)
        table[c] = values + values[-1:] * (ages - len(values))
    return table


#: The values of a game of up to ``AGES`` sprints (no card on the table is older).
AGES = 64
VALUE_AT = value_table(AGES)
