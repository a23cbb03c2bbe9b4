"""The steps an IT Startup game waits on, as named records.

A game is a queue of steps (``game.steps``, the head is ``game.step``). Each step is a small
immutable record whose first field, ``kind``, names it; the fields after it are named, so code
reads ``step.player`` or ``step.hunter`` instead of unpacking a tuple by position. Records are
tuples, so a step still compares equal to its plain form:

>>> Draw("draw", 0, "hand") == ("draw", 0, "hand")
True
>>> Headhunt("headhunt", 1, 0, 17, 40).hunter
0

Three families:

- chance steps (:data:`CHANCE_STEPS`): a card drawn, the d6, a coin, the first player; entered by
  the facilitator with a physical deck, resolved by the engine with a digital one;
- decisions of one player (``player``): the turn itself, a mulligan, cards to keep or order, the
  planning bonus, whether to pay a counter;
- steps the engine carries out alone (:data:`AUTO_STEPS`): a turn's start, income, the hoard
  cap, the next player (the end of a turn itself waits on nothing: ``end_turn`` carries it out).
"""

from typing import Literal, NamedTuple


class Draw(NamedTuple):
    """A card to draw for ``player``; ``why`` says what for: ``hand``, ``mulligan``, ``look``
    (Senior/Junior Backend, Research Engineer), ``cto``, ``database`` or ``bi`` (a discount)."""

    kind: Literal["draw"]
    player: int
    why: str


class Roll(NamedTuple):
    """The d6 for everybody's starting resources."""

    kind: Literal["roll"]


class Flip(NamedTuple):
    """The coin of ``player``'s Undercover HR Agent ``agent`` aimed at employee ``target``."""

    kind: Literal["flip"]
    player: int
    agent: int
    target: int


class First(NamedTuple):
    """Who starts, rolled."""

    kind: Literal["first"]


class Mulligan(NamedTuple):
    """``player`` may put back cards from the opening hand."""

    kind: Literal["mulligan"]
    player: int


class Main(NamedTuple):
    """``player``'s turn: play, plan, sell, buy, activate, transfer, help, or end it."""

    kind: Literal["main"]
    player: int


class Keep(NamedTuple):
    """``player`` keeps ``size`` of the cards looked at (Senior or Junior Backend Developer)."""

    kind: Literal["keep"]
    player: int
    size: int


class Order(NamedTuple):
    """``player`` puts the cards looked at back on top in any order (Research Engineer)."""

    kind: Literal["order"]
    player: int


class Bonus(NamedTuple):
    """``player`` may remove 1 burnout from an employee (the planning bonus)."""

    kind: Literal["bonus"]
    player: int


class Headhunt(NamedTuple):
    """``player``, the owner of employee ``target``, may pay to stop the Head Hunter ``card``
    played by ``hunter``."""

    kind: Literal["headhunt"]
    player: int
    hunter: int
    target: int
    card: int


class AgentCounter(NamedTuple):
    """``player`` may pay to cancel the Undercover HR Agent ``agent`` of ``owner`` aimed at
    ``target``; ``others`` are asked next, clockwise."""

    kind: Literal["agent_counter"]
    player: int
    owner: int
    agent: int
    target: int
    others: tuple[int, ...]


class Start(NamedTuple):
    """``player``'s turn starts."""

    kind: Literal["start"]
    player: int


class Income(NamedTuple):
    """``player`` gets the turn's income."""

    kind: Literal["income"]
    player: int


class Cap(NamedTuple):
    """The hoard cap on ``player``'s resources, and the turn's metrics rows."""

    kind: Literal["cap"]
    player: int


class Next(NamedTuple):
    """The next player's turn, or the end of the round."""

    kind: Literal["next"]


#: Any step.
Step = (Draw | Roll | Flip | First | Mulligan | Main | Keep | Order | Bonus | Headhunt
        | AgentCounter | Start | Income | Cap | Next)
#: Steps with a ``player`` who decides.
Decision = Mulligan | Main | Keep | Order | Bonus | Headhunt | AgentCounter

#: Steps without a ``player`` (every other step has one, as its second field).
UNSEATED = (Roll, First, Next)

CHANCE_STEPS = frozenset({"draw", "roll", "flip", "first"})
AUTO_STEPS = frozenset({"start", "income", "cap", "next"})
#: Counters a player may pay (Head Hunter, Undercover HR Agent with ``agent_counter``).
COUNTER_STEPS = frozenset({"headhunt", "agent_counter"})

# The steps without a card or a target, made once per seat (steps are immutable).
SEATS = range(4)
ROLL, FIRST, NEXT = Roll("roll"), First("first"), Next("next")
DRAW_HAND = tuple(Draw("draw", p, "hand") for p in SEATS)
MAIN = tuple(Main("main", p) for p in SEATS)
START = tuple(Start("start", p) for p in SEATS)
INCOME = tuple(Income("income", p) for p in SEATS)
CAP = tuple(Cap("cap", p) for p in SEATS)
BONUS = tuple(Bonus("bonus", p) for p in SEATS)
