"""IT Startup bots: the random bot and a heuristic bot that runs a sensible startup.

The heuristic bot counts in project points, with rules a player can follow at the table:

- an employee is worth what it earns each turn (a developer its efficiency, an HR employee the
  card it draws, a Scrum Master +1 for each developer) for the turns it works before it burns
  out, plus the cards it draws when hired;
- knowledge goes on the developer with most turns left and is worth its efficiency for those
  turns; it moves only off a developer in its last turn;
- a card that rests, burns or crunches employees is worth a turn of what those startups earn;
  a take-over what the employee earns for its turns left; cards aimed at an opponent's employee
  aim at the leader's (the opponent with most points);
- a resource kept for a later turn is worth ``RESOURCE`` points, except what the hoard cap would
  take away at the end of the turn; a card drawn is worth ``CARD`` points; what an opponent
  loses counts ``OPPONENT_WEIGHT`` of what the bot gains;
- turns count until the fastest startup is expected to reach the goal; in the final round (a
  startup reaches it this round) only this turn's points count, and the bot spends everything.

On its turn the bot does not list every legal move: it looks once at each card of its hand and
at what else it may do (buy, its employees' abilities, knowledge to move, help tokens), and
makes the move that gains most for what it costs. When none gains at least ``MIN_GAIN`` it sells
a card its next two turns cannot pay for, or plans its best action card for the next turn, or
ends the turn. What does not change during a turn (the final round, how far ahead it looks, the
leader) is worked out at the turn's first decision.
"""

from collections.abc import Sequence
from math import inf
from random import Random
from typing import NamedTuple, TypeVar

from devgames.core.actions import Action, given
from devgames.core.bots import RandomBot
from devgames.itstartup import printed
from devgames.itstartup.abilities import (
    AGENT_PRICE,
    END_OF_TURN_DRAW,
    HEAD_HUNTER_COUNTER,
    KNOWLEDGE_DISCOUNTERS,
    counter_price,
)
from devgames.itstartup.cards import CARDS
from devgames.itstartup.game import ItStartupGame
from devgames.itstartup.moves import DRAW_PRICE, SELL_PRICE, SHARED, play_targets
from devgames.itstartup.printed import KEY, KIND
from devgames.itstartup.steps import (
    CHANCE_STEPS,
    AgentCounter,
    Headhunt,
    Keep,
    Main,
    Mulligan,
    Order,
)
from devgames.itstartup.turns import MAX_INCOME

T = TypeVar("T")

#: Points a resource kept for a later turn is worth (in the final round: FINAL_RESOURCE).
RESOURCE = 1.5
FINAL_RESOURCE = 0.1
#: Points a card drawn is worth (in the final round: FINAL_CARD, it may still be a developer).
CARD = 2.0
FINAL_CARD = 0.5
#: Points an Undercover HR Agent is worth each turn it works (a chance at an employee).
AGENT_TURN = 3.0
#: How much an opponent's loss counts for the bot, against its own gain.
OPPONENT_WEIGHT = 0.75
#: Turns a knowledge card in hand is expected to earn for (a developer's usual life).
KNOWLEDGE_TURNS = 3
#: Turns an employee on the table is expected to work still, on average (Technical debt).
TURNS_LEFT = 2
#: Cards in hand beyond what the next two turns' resources pay for are surplus: sold when a
#: resource now is worth more than this share of their worth.
SURPLUS_SHARE = 0.3
#: Cards taken back to hand (Code Monkey) keep this share of their worth.
RETURN_SHARE = 0.7
#: Points a tournament help token gives the bot (-4 to the leader counts twice as much).
HELP_POINTS = 2
#: The smallest gain worth a move; below it the turn ends.
MIN_GAIN = 0.2
#: Scores this close to the best count as a tie.
TIE = 1e-9
#: Turns the bot looks ahead at most; the game is expected to last until the fastest startup
#: reaches the goal, each at least at MIN_RATE points a turn.
MAX_HORIZON = 6
MIN_RATE = 4

#: Card ids run from 1 to the number of cards: the bot's tables by card are tuples indexed by
#: id (0 is no card), quicker to read than dicts at every decision.
_IDS = range(len(CARDS) + 1)
assert list(_IDS[1:]) == sorted(CARDS)


def _by_id(values: dict[int, T], missing: T) -> tuple[T, ...]:
    """``values`` as a tuple indexed by card id (``missing`` at 0).

    >>> _by_id({1: "a", 2: "b"}, "")[:3]
    ('', 'a', 'b')
    """
    return tuple(values.get(c, missing) for c in _IDS)


#: What is printed on each card, by id.
KEYS = _by_id(KEY, "")
PRICE = _by_id(printed.PRICE, 0)
POWER = _by_id(printed.POWER, 0)
BURNOUT_LIMIT = _by_id(printed.BURNOUT_LIMIT, 0)
#: Cards an employee draws (or looks at) when hired; a Scrum Master draws one per developer.
_DRAWS_BY_KEY = {"assertive_cto": 1, "database_developer": 2, "bi_developer": 1,
                 "senior_backend_developer": 2, "junior_backend_developer": 1}
DRAWS = _by_id({c: _DRAWS_BY_KEY.get(KEY[c], 0) for c in CARDS}, 0)
#: What an action card usually brings, in points, to rank it in hand (played, it is valued at
#: the table).
_ACTION_WORTH = {"investor": 2 * RESOURCE, "coffee_machine": 4.0, "vacation_time": 5.0,
                 "crunch_time": 3.0, "monster_bug": 4.0, "technical_debt": 2.0,
                 "head_hunter": 12.0, "outsourcing": 5.0}
#: How a play of each card is valued: an employee by what it earns and draws ("hire"),
#: knowledge on its developer, the Investor's resources, the cards aimed at an employee, and the
#: cards valued from what the startups earn ("table").
_AIMED_KEYS = frozenset({"downer_dave", "rockstar_recruiter", "outsourcing", "head_hunter",
                         "code_monkey"})
_TABLE_KEYS = KNOWLEDGE_DISCOUNTERS | {
    "qa_wizard_engineer", "copy_paste_developer", "office_manager", "scrum_master",
    "coffee_machine", "vacation_time", "crunch_time", "monster_bug", "technical_debt"}
RULE = _by_id({c: "knowledge" if KIND[c] == "knowledge"
               else "investor" if KEY[c] == "investor"
               else "aimed" if KEY[c] in _AIMED_KEYS
               else "table" if KEY[c] in _TABLE_KEYS
               else "hire" for c in CARDS}, "")
IS_DEVELOPER = _by_id({c: KIND[c] == "developer" for c in CARDS}, False)
IS_KNOWLEDGE = _by_id({c: KIND[c] == "knowledge" for c in CARDS}, False)
IS_ACTION = _by_id({c: KIND[c] == "action" for c in CARDS}, False)
#: The burnout with which an employee works its last turn.
LAST_TURN = _by_id({c: BURNOUT_LIMIT[c] - 1 for c in CARDS}, 0)
#: The developers onto whom knowledge costs 2 less (Full Stack Ninja, Ambitious Apprentice).
DISCOUNTERS = frozenset(c for c in CARDS if KEY[c] in KNOWLEDGE_DISCOUNTERS)
#: A knowledge card (where knowledge may go is the same for all of them).
KNOWLEDGE = next(card for card in CARDS.values() if card.kind == "knowledge")

class Outlook(NamedTuple):
    """What the bot counts on for the rest of the game: the turns it looks ahead, what a
    resource kept and a card drawn are worth, what each employee card earns a turn by itself
    (a developer its efficiency, an HR employee its card or its agent's chance, a Scrum Master
    +1 for two developers), and what hiring it brings before any effect on the table
    (:meth:`hired`)."""

    horizon: int
    resource: float
    card: float
    earns: tuple[float, ...]
    hires: tuple[float, ...]

    @classmethod
    def make(cls, horizon: int, resource: float, card: float) -> "Outlook":
        """The outlook with these figures.

        >>> lady = next(c for c in CARDS if KEY[c] == "nice_hr_lady")
        >>> Outlook.make(1, FINAL_RESOURCE, FINAL_CARD).earns[lady]
        0.5
        """
        earns = _by_id({c: float(POWER[c]) if KIND[c] == "developer"
                        else 2.0 if KIND[c] == "coach"
                        else card if KEY[c] in END_OF_TURN_DRAW
                        else AGENT_TURN if KEY[c] == "undercover_hr_agent" and horizon > 1
                        else 0.0 for c in CARDS}, 0.0)
        outlook = cls(horizon, resource, card, earns, ())
        return outlook._replace(hires=_by_id({c: outlook.hired(c) for c in CARDS}, 0.0))

    def hired(self, card: int) -> float:
        """What an employee hired now earns over the turns it works (within the horizon), with
        the cards it draws when hired.

        >>> lead = next(c for c in CARDS if KEY[c] == "lead_developer")
        >>> ONGOING.hired(lead), LAST_ROUND.hired(lead)
        (15.0, 5.0)
        """
        return self.earns[card] * self.turns(BURNOUT_LIMIT[card]) + DRAWS[card] * self.card

    def turns(self, life: int) -> int:
        """The turns of a life that fall within the horizon."""
        return life if life < self.horizon else self.horizon


#: The outlooks before the final round, by the turns the bot looks ahead (:func:`outlook`),
#: and in it (only this turn counts).
OUTLOOKS = {h: Outlook.make(h, RESOURCE, CARD) for h in range(2, MAX_HORIZON + 1)}
ONGOING = OUTLOOKS[MAX_HORIZON]
LAST_ROUND = Outlook.make(1, FINAL_RESOURCE, FINAL_CARD)


def _worth(card: int) -> float:
    """What a card in hand is usually worth: what it brings less its printed price, at least 0.

    >>> intern = next(c for c in CARDS if KEY[c] == "intern")
    >>> _worth(intern)  # 1 point for 3 turns, for 1 resource
    1.5
    """
    kind = KIND[card]
    if kind == "knowledge":
        brings: float = POWER[card] * KNOWLEDGE_TURNS
    elif kind == "action":
        brings = _ACTION_WORTH.get(KEY[card], 0.0)
    else:
        brings = ONGOING.hired(card) + (2 * CARD if kind == "coach" else 0.0)
    return max(0.0, brings - RESOURCE * PRICE[card])


#: Each card's usual worth in hand (:func:`_worth`), to rank the hand.
WORTH = _by_id({c: _worth(c) for c in CARDS}, 0.0)


def _agent_ready(game: ItStartupGame, agent: int) -> bool:
    """Whether Undercover HR Agent ``agent`` may be sent this turn (once a turn, per card or per
    player as the table plays it)."""
    if game.options.agent_uses == "per_player":
        return not game.agents_used
    return agent not in game.agents_used


def outlook(game: ItStartupGame) -> Outlook:
    """What the player to act counts on: in the final round (a startup reaches the goal this
    round; the seats that have had their turn this round have scored already) only this turn;
    before it, the turns until the fastest startup reaches the goal, each earning at least
    ``MIN_RATE`` points a turn (at least 2 turns, at most ``MAX_HORIZON``).

    >>> from devgames import itstartup
    >>> outlook(itstartup.new_game(["Ada", "Bob"], seed=3)).horizon
    6
    """
    points, goal = game.points, game.options.goal
    turns = MAX_HORIZON
    for q, crew in enumerate(game.crews):
        earns = crew.power + crew.coaches * crew.developers  # the Scrum Masters' +1 each
        left = goal - points[q]
        # q reaches the goal this round: it has (when it has played this round) or earns it
        # (when it has not; what it earns is never negative, so the goal reached counts too).
        if left <= earns and (left <= 0 or game.seating.index(q) >= game.current):
            return LAST_ROUND
        needed = -(-left // (earns if earns > MIN_RATE else MIN_RATE))  # rounded up
        if needed < turns:
            turns = needed
    return OUTLOOKS[turns if turns > 2 else 2]


class _Table:
    """What one seat works out once per turn (at its first decision): its outlook
    (:func:`outlook`) and who leads; and what the cards valued from the table bring."""

    __slots__ = ("aims", "crew", "drawn", "earned", "game", "horizon", "leader", "me", "outlook",
                 "reads", "resource", "seen", "turn")

    def __init__(self, game: ItStartupGame, seat: int) -> None:
        self.game, self.me, self.turn = game, seat, game.turn_no
        self.outlook = outlook(game)
        horizon, resource, drawn, earned, hires = self.outlook
        #: The outlook's figures the valuations read: the horizon, what a resource and a card
        #: drawn are worth, and what each employee earns a turn.
        self.horizon, self.resource, self.drawn, self.earned = horizon, resource, drawn, earned
        self.crew = game.crews[seat]
        #: What each decision of the turn reads, in one look-up: the outlook's figures (what a
        #: resource is worth, what each employee brings hired, the horizon), the table's prices
        #: and hoard cap, the seat's own hand and counts, the cards drawn free or cheaper this
        #: turn (the same objects all turn long), and the seat's plays, end of the turn and
        #: card bought (with what a card drawn is worth).
        self.reads = (resource, hires, horizon, game.cost, game.cap, game.hands[seat],
                      game.held[seat], game.free_developers, game.free_actions,
                      game.knowledge_discount, _PLAY[seat], _END[seat], _BUY[seat][drawn])
        points = game.points
        leader = 1 if seat == 0 else 0
        for q in range(leader + 1, game.n):
            if q != seat and points[q] > points[leader]:
                leader = q
        #: The opponent with most points (the first in seat order on a tie).
        self.leader = leader
        self.seen = -1  # the moves made when the bot's aims were worked out
        self.aims: tuple[int | None, int | None] = (None, None)

    def production(self, q: int) -> float:
        """What player ``q``'s employees earn in a turn."""
        crew = self.game.crews[q]
        return crew.power + crew.coaches * crew.developers + crew.drawers * self.drawn

    def earns(self, e: int) -> float:
        """What employee ``e`` on the table earns a turn, its knowledge included (a Scrum
        Master: two developers)."""
        earns = self.earned[e]
        for k in self.game.employees[e].knowledge:
            earns += POWER[k]
        return earns

    def turns(self, e: int) -> int:
        """The turns employee ``e`` on the table still works, within the horizon."""
        return self.outlook.turns(BURNOUT_LIMIT[e] - self.game.employees[e].burnout)

    def developer(self) -> tuple[int, int]:
        """Where the bot plays knowledge: on the developer the rules allow with most turns left
        (within the horizon; an outsourced one: this turn only), a Full Stack Ninja or an
        Ambitious Apprentice first among equals (knowledge costs 2 less on them); with those
        turns. (0, 0) when there is none."""
        game, crew = self.game, self.crew
        employees, horizon = game.employees, self.horizon
        best = most = 0
        cheaper = False  # whether the best is a Full Stack Ninja or an Ambitious Apprentice
        developers: Sequence[int | None] = crew.developer_cards
        if crew.borrowed:  # the table may not allow knowledge on an outsourced developer
            developers = play_targets(game, self.me, KNOWLEDGE)
        for d in developers:
            assert d is not None  # knowledge goes on a developer
            state = employees[d]
            life = 1 if state.home is not None else BURNOUT_LIMIT[d] - state.burnout
            if life > horizon:
                life = horizon
            if life > most or (life == most and not cheaper and d in DISCOUNTERS):
                best, most, cheaper = d, life, d in DISCOUNTERS
        return best, most

    def prey(self) -> tuple[int | None, int | None]:
        """The leader's employees the bot aims at (not outsourced ones): the one worth most to
        take over (what it earns for its turns left) and the one that earns most a turn (to
        burn or borrow); None when the leader has none. Worked out once per decision."""
        game = self.game
        if self.seen == len(game.log):
            return self.aims
        employees, earned, horizon = game.employees, self.earned, self.horizon
        take = burn = None
        most_taken = most_burnt = 0.0
        for e in game.staff[self.leader]:
            state = employees[e]
            if state.home is None:
                earns = earned[e]
                for k in state.knowledge:
                    earns += POWER[k]
                left = BURNOUT_LIMIT[e] - state.burnout
                taken = earns * (left if left < horizon else horizon)
                if taken > most_taken:
                    take, most_taken = e, taken
                if earns > most_burnt:
                    burn, most_burnt = e, earns
        self.seen, self.aims = len(game.log), (take, burn)
        return take, burn

    def take(self, e: int) -> float:
        """Gain when the bot takes the leader's employee ``e`` over for good."""
        return (1 + OPPONENT_WEIGHT) * self.earns(e) * self.turns(e)

    def aimed(self, card: int, target: int, price: int) -> float:
        """Points of a card aimed at an employee (before what the card itself earns), played
        for ``price``: Downer Dave burns the leader's, a Rockstar Recruiter takes it over,
        Outsourcing borrows it for the turn (its owner gets the price), a Head Hunter takes it
        over unless its owner pays the counter; Code Monkey takes back one of the bot's own in
        its last turn, with its knowledge."""
        key, game, outlook = KEYS[card], self.game, self.outlook
        state = game.employees[target]
        left = BURNOUT_LIMIT[target] - state.burnout
        if key == "code_monkey":
            if left > 1:
                return -inf  # only employees in their last turn are worth taking back
            cards = WORTH[target] + sum(WORTH[k] for k in state.knowledge)
            return RETURN_SHARE * cards - self.earns(target)
        if key == "rockstar_recruiter":
            return self.take(target)
        lost = outlook.turns(left) - outlook.turns(left - 1)  # a turn within the horizon, or 0
        burnt = OPPONENT_WEIGHT * self.earns(target) * lost
        if key == "downer_dave":
            return burnt
        if key == "outsourcing":
            return self.earns(target) + burnt - OPPONENT_WEIGHT * self.resource * price
        # a Head Hunter: the owner pays the counter rather than lose a valuable employee
        counter = HEAD_HUNTER_COUNTER * self.resource
        if (game.resources[self.leader] >= HEAD_HUNTER_COUNTER
                and self.earns(target) * self.turns(target) > counter):
            return (1 + OPPONENT_WEIGHT) * counter
        return self.take(target)

    def points(self, card: int, hired: float) -> float:
        """Points of a card valued from the hand or from what the startups earn in a turn:
        rested employees work a turn more, burnt or crunched ones a turn less. ``hired`` is
        what an employee earns and draws by itself."""
        key, game, me, outlook = KEYS[card], self.game, self.me, self.outlook
        if key in KNOWLEDGE_DISCOUNTERS:  # knowledge for 2 less
            knowledge = sum(map(IS_KNOWLEDGE.__getitem__, game.hands[me]))
            return hired + 2 * self.resource * (knowledge if knowledge < 2 else 2)
        if key == "qa_wizard_engineer":  # developers for 1 less
            others = sum(map(IS_DEVELOPER.__getitem__, game.hands[me])) - 1
            return hired + self.resource * (others if others < 2 else 2)
        crew = game.crews[me]
        developers = crew.developers
        if key == "scrum_master":  # +1 for each developer, and a card drawn for each
            return developers * (outlook.turns(BURNOUT_LIMIT[card]) + self.drawn)
        if key == "technical_debt":  # every employee leaves
            theirs = sum(self.production(q) for q in range(game.n) if q != me)
            return (OPPONENT_WEIGHT * theirs - self.production(me)) * outlook.turns(TURNS_LEFT)
        # Before the final round a turn more or less counts; in it, only this one.
        final = outlook is LAST_ROUND
        if key == "copy_paste_developer" or key == "crunch_time":  # developers lose a turn
            burnt = 0.0 if final else crew.power + crew.coaches * developers
            return hired - burnt if key == "copy_paste_developer" else 2 * developers - burnt
        if key == "monster_bug":  # every opposing employee loses a turn
            return 0.0 if final else OPPONENT_WEIGHT * sum(
                self.production(q) for q in range(game.n) if q != me)
        # Office Manager, Coffee machine, Vacation Time: the tired employees work a turn more
        rested = 0.0
        if not final:
            staff, employees = game.staff[me], game.employees
            tired = 0
            for e in staff:
                if employees[e].burnout:
                    tired += 1
            rested = self.production(me) * tired / len(staff) if staff else 0.0
        if key == "office_manager":
            return hired + rested
        if key == "coffee_machine":
            return developers + rested
        # Vacation Time: and no burnout at the end of the turn
        return rested + (0.0 if game.vacation or final else self.production(me))

    # ----- the less common moves, as (action, points, price) ----------------------------------
    def aimed_plays(self, card: int, points: float, price: int) -> list["_Move"]:
        """The plays of a card aimed at an employee, worth ``points`` by itself (what the
        employee earns and draws), for ``price``: on the leader's employee the bot aims at
        (:meth:`prey`), else on nothing when the rules allow it; Code Monkey on nothing or on
        one of the bot's own employees in its last turn."""
        game, key, on = self.game, KEYS[card], _PLAY_ON[self.me][card]
        if key == "code_monkey":
            employees = game.employees
            out: list[_Move] = [(on[None], points + 0.0, price)]
            for e in game.staff[self.me]:
                state = employees[e]
                if state.home is None and BURNOUT_LIMIT[e] - state.burnout <= 1:
                    out.append((on[e], points + self.aimed(card, e, price), price))
            return out
        take, burn = self.prey()
        target = burn if key == "downer_dave" or key == "outsourcing" else take
        if target is not None and (key != "rockstar_recruiter"
                                   or len(game.staff[self.leader]) >= 4):
            return [(on[target], points + self.aimed(card, target, price), price)]
        if key == "outsourcing" or key == "head_hunter":  # never played on nothing
            return []
        if list(play_targets(game, self.me, CARDS[card])) == [None]:
            return [(on[None], points + 0.0, price)]
        return []

    def abilities(self) -> list["_Move"]:
        """Shy Frontend Developer's X (what the hoard cap would take, or everything in the final
        round) and an Undercover HR Agent sent after the leader's best employee."""
        game, me = self.game, self.me
        money = game.resources[me]
        out: list[_Move] = []
        for e in game.staff[me]:
            key = KEYS[e]
            if key == "shy_frontend_developer":
                count = money if self.outlook is LAST_ROUND else max(1, money - game.cap)
                out.append((_made(me, "activate", e, count=count), float(count), count))
            elif key == "undercover_hr_agent" and _agent_ready(game, e):
                target = self.prey()[0]  # the leader's best employee
                if target is not None:
                    out.append((_SEND[me][e][target], 0.5 * self.take(target), AGENT_PRICE))
        return out

    def transfers(self) -> list["_Move"]:
        """Knowledge off a developer in its last turn, onto each developer with a turn left
        after this one (the bot's own developers, not outsourced ones)."""
        game = self.game
        employees = game.employees
        out: list[_Move] = []
        developers = self.crew.developer_cards
        receivers: list[tuple[int, int]] = []  # (developer, its turns left after this one)
        for source in developers:
            state = employees[source]
            if (not state.knowledge or state.burnout < LAST_TURN[source]
                    or state.home is not None):
                continue
            me, horizon = self.me, self.horizon
            if not receivers:  # found once (a developer in its last turn is never one)
                for target in developers:
                    other = employees[target]
                    if other.home is None:
                        life = BURNOUT_LIMIT[target] - other.burnout
                        more = (life if life < horizon else horizon) - 1
                        if more > 0:
                            receivers.append((target, more))
                if not receivers:
                    return out
            money = game.resources[me]
            for knowledge in state.knowledge:
                moves = _TRANSFER[me][knowledge]
                for target, more in receivers:
                    price = game.cost(me, knowledge, target, transfer=True)
                    if price <= money:
                        out.append((moves[target], float(POWER[knowledge] * more), price))
        return out

    def help(self) -> list["_Move"]:
        """Tournament help tokens: +2 to the bot, -4 to the leader, or (two) a take-over of the
        leader's best employee when the leader holds no token."""
        game, me, leader = self.game, self.me, self.leader
        out: list[_Move] = [(_made(me, "help"), float(HELP_POINTS), 0),
                            (_made(me, "help", target=leader), 2.0 * HELP_POINTS, 0)]
        target = self.prey()[0]
        if game.tokens[me] >= 2 and not game.tokens[leader] and target is not None:
            out.append((_made(me, "help", target), self.take(target) - 2 * HELP_POINTS, 0))
        return out


#: A move the table weighs: (the action, its points, its price).
_Move = tuple[Action, float, int]
#: The moves the bot makes: the engine's shared actions (made once), by seat, then card, then
#: target.
_END, _PLAY, _SELL, _PLAN = SHARED.end, SHARED.play, SHARED.sell, SHARED.plan
_PLAY_ON, _TRANSFER, _SEND = SHARED.play_on, SHARED.transfer, SHARED.send
#: A card bought, by seat and what a card drawn is worth.
_BUY: list[dict[float, _Move]] = [{card: (buy, card, DRAW_PRICE) for card in (CARD, FINAL_CARD)}
                                  for buy in SHARED.buy]
#: The other moves made (Shy Frontend Developer's payments, help tokens), by seat and (kind,
#: card, target, count), kept to be made again.
_MADE: list[dict[tuple[str, int | None, int | None, int | None], Action]] = [{} for _ in _END]


def _made(me: int, kind: str, card: int | None = None, target: int | None = None,
          count: int | None = None) -> Action:
    """Seat ``me``'s move that has no shared action, made once."""
    key = (kind, card, target, count)
    action = _MADE[me].get(key)
    if action is None:
        action = _MADE[me][key] = Action(kind, me, card, target, count)
    return action


def _sale_or_plan(game: ItStartupGame, me: int, resource: float) -> Action:
    """Before the turn ends: the sale of the worst card the next two turns cannot pay for,
    when a resource now (worth ``resource`` points) is worth more than a share of it; else
    the planning of the best action card; else the end of the turn."""
    hand = game.hands[me]
    if not hand:
        return _END[me]
    money, turn = game.resources[me], game.turns[me]
    if money < game.cap:
        income = turn + 1 if turn + 1 < MAX_INCOME else MAX_INCOME
        budget = money + income + (income + 1 if income < MAX_INCOME else MAX_INCOME)
        if sum(map(PRICE.__getitem__, hand)) > budget:  # surplus: the next turns cannot pay it
            worst = hand[0]  # the first of the worst, as min() takes it
            for c in hand:
                if WORTH[c] < WORTH[worst]:
                    worst = c
            if resource * SELL_PRICE - SURPLUS_SHARE * WORTH[worst] >= MIN_GAIN:
                return _SELL[me][worst]
    if game.planned[me] is None:
        plan, most = 0, -1.0  # the first of the best, as max() takes it
        for c in hand:
            if IS_ACTION[c] and PRICE[c] > 0 and WORTH[c] > most:
                plan, most = c, WORTH[c]
        if plan:
            return _PLAN[me][plan]
    return _END[me]


class HeuristicBot:
    """A bot that runs a sensible startup, from what its seat may know.

    It sees the public table and its own hand, never the other hands or the deck. It hires
    efficient developers, puts knowledge on the developers with most turns left, rests its
    employees when they are tired, takes over or burns the leader's employees when that pays,
    sells surplus cards and spends what the hoard cap would take. Ties are broken with its own
    seeded random source: a seed always gives the same choices.

    >>> from devgames import itstartup
    >>> from devgames.core.bots import play_out
    >>> game = itstartup.new_game(["Ada", "Bob"], seed=3)
    >>> HeuristicBot(seed=1).choose(game) in game.legal_actions()
    True
    >>> _ = play_out(game, {0: HeuristicBot(seed=1), 1: HeuristicBot(seed=2)})
    >>> game.is_over
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)
        self.table: _Table | None = None  # the figures of the turn being played

    def choose(self, game: ItStartupGame) -> Action:
        """One of ``game.legal_actions()`` for the player to act (its own decisions are made
        from its hand and the table, without listing every legal move)."""
        steps = game.steps
        step = steps[0] if steps else None
        if isinstance(step, Main):
            return self._turn(game, step[1])  # its player
        if isinstance(step, Mulligan):
            return self._mulligan(game, step.player)
        if isinstance(step, Keep):
            return self._keep(game, step)
        if isinstance(step, Order):
            return self._order(game, step.player)
        legal = game.legal_actions()
        if step is None or step.kind in CHANCE_STEPS or len(legal) == 1:
            return self.rng.choice(legal)  # a card to enter, or nothing to decide
        seat = legal[0].player
        if step.kind == "bonus":  # rest the employee that earns most
            table = _Table(game, seat)
            return self._best([(table.earns(given(a.card)) if a.kind == "choose" else 0.0, a)
                               for a in legal])
        # a Head Hunter or Undercover HR Agent counter
        answer = "pay" if self._pays_counter(game, seat) else "decline"
        return next(a for a in legal if a.kind == answer)

    def _best(self, scored: list[tuple[float, Action]]) -> Action:
        """The best-scored action; ties go to the bot's own random source."""
        top = max(score for score, _ in scored)
        return self.rng.choice([action for score, action in scored if score >= top - TIE])

    # ----- the turn ---------------------------------------------------------------------------
    def _turn(self, game: ItStartupGame, me: int) -> Action:
        """The move that gains most, or, when none gains ``MIN_GAIN``, a sale, a planning or
        the end of the turn.

        The bot does not list every legal move: it looks once at each card of its hand (and
        its planned card), valued by its card's rule (:data:`RULE`) on the targets the rules
        allow, then at a card bought, its employees' abilities, knowledge to move and help
        tokens. A move is priced only when its points could make it the best; an unaffordable
        one is never made. A move scores its points less what it costs: a resource is worth
        ``resource`` points, except what the hoard cap would take. What does not change during
        a turn is worked out at its first decision (:class:`_Table`). The first move found with
        the best score is made, or one of the moves that tie with it.
        """
        table = self.table
        if table is None or table.game is not game or table.turn != game.turn_no:
            table = self.table = _Table(game, me)
        (resource, hires, horizon, cost, cap, hand, held, free_developers, free_actions,
         knowledge_discount, plays, end, buy) = table.reads
        money = game.resources[me]
        # A move costs the resources it spends, but those the hoard cap would take at the end
        # of the turn anyway (``over`` the cap, when positive: spent first).
        over = money - cap
        taken = over if over > 0 else 0
        planned = game.planned[me]
        crew = table.crew
        scrum = crew.coaches  # Scrum Masters
        # A card is priced only when a discount may be in play: for any card, a card drawn
        # free or a QA Wizard Engineer; for the planned card, its planning (a card of the hand
        # is never the planned one). Else (but knowledge) it costs what is printed.
        discounts = free_developers or free_actions or held.get("qa_wizard_engineer")
        plan = 0 if planned is None else planned[0]
        others: list[_Move] = []  # the moves the table values
        top = -inf
        choice = end  # the first move found with the best score,
        ties: list[Action] | None = None  # and, once some tie with it, all of them
        developer = turns = 0  # where knowledge goes, once a knowledge card is met
        for card in hand if planned is None else [*hand, plan]:
            rule = RULE[card]
            move: Action
            points: float
            if rule == "knowledge":  # on the developer with most turns left
                if not developer:
                    developer, turns = table.developer()
                    if not developer:
                        continue  # no developer to teach
                points = POWER[card] * turns
                if points < top - TIE:
                    continue  # not the best, whatever it costs
                # Knowledge costs less on a Full Stack Ninja or an Ambitious Apprentice, and
                # drawn by a BI Developer; else what is printed.
                price = (cost(me, card, developer)
                         if developer in DISCOUNTERS or knowledge_discount else PRICE[card])
                if price > money:
                    continue
                move = _PLAY_ON[me][card][developer]
            else:
                price = cost(me, card) if discounts or card == plan else PRICE[card]
                if price > money:
                    continue  # not affordable
                if rule == "investor":
                    move, points, price = plays[card], 0.0, -2  # 2 resources, for nothing
                else:
                    points = hires[card]
                    if scrum and IS_DEVELOPER[card]:  # the Scrum Masters' +1 a turn it works
                        life = BURNOUT_LIMIT[card]
                        points += scrum * (life if life < horizon else horizon)
                    if rule == "table":
                        others.append((plays[card], table.points(card, points), price))
                        continue
                    if rule == "aimed":
                        others += table.aimed_plays(card, points, price)
                        continue
                    if points < top - TIE:
                        continue
                    move = plays[card]
            score = points - resource * ((price if price > over else over) - taken)
            if score > top + TIE:
                top, choice, ties = score, move, None
            elif score >= top - TIE:
                if ties is None:
                    ties = [choice]
                ties.append(move)
        if money >= DRAW_PRICE and len(game.deck):
            others.append(buy)
        if crew.activators and money:
            others += table.abilities()
        if crew.knowledge:
            others += table.transfers()
        if game.tokens[me]:
            others += table.help()
        for move, points, price in others:
            score = points - resource * ((price if price > over else over) - taken)
            if score > top + TIE:
                top, choice, ties = score, move, None
            elif score >= top - TIE:
                if ties is None:
                    ties = [choice]
                ties.append(move)
        if top < MIN_GAIN:
            return _sale_or_plan(game, me, resource)
        return choice if ties is None else self.rng.choice(ties)

    # ----- the other decisions ------------------------------------------------------------------
    @staticmethod
    def _mulligan(game: ItStartupGame, seat: int) -> Action:
        """Keep a hand with a developer affordable on the first turn; else fish for one."""
        hand = game.hands[seat]
        first_turn = game.start_roll + 1
        if any(KIND[c] == "developer" and PRICE[c] <= first_turn for c in hand):
            back: list[int] = []
        else:
            back = [c for c in hand if KIND[c] != "developer" or PRICE[c] > first_turn + 2]
        return Action("mulligan", seat, cards=tuple(sorted(back)))

    @staticmethod
    def _keep(game: ItStartupGame, step: Keep) -> Action:
        """Senior or Junior Backend Developer: keep the best of the cards looked at."""
        size = min(step.size, len(game.looking))
        kept = sorted(game.looking, key=WORTH.__getitem__, reverse=True)[:size]
        return Action("keep", step.player, cards=tuple(c for c in game.looking if c in kept))

    @staticmethod
    def _order(game: ItStartupGame, seat: int) -> Action:
        """Research Engineer: the best cards on top for the bot's own end-of-turn draws, then the
        worst for the next player."""
        draws = game.crews[seat].drawers
        ranked = sorted(game.looking, key=WORTH.__getitem__, reverse=True)
        order = ranked[:draws] + ranked[draws:][::-1]
        return Action("order", seat, cards=tuple(order))

    @staticmethod
    def _pays_counter(game: ItStartupGame, me: int) -> bool:
        """Pay a Head Hunter (5) or Undercover HR Agent (3) counter when the employee is worth
        more to the bot, and to the player who would take it, than what paying gives away."""
        step = game.step
        assert isinstance(step, Headhunt | AgentCounter)  # a counter is waiting
        price = counter_price(step)
        if isinstance(step, Headhunt):
            target, chance = step.target, 1.0
        else:
            target, chance = step.target, 0.5
        if target not in game.employees or game.controller(target) != me:
            return False
        table = _Table(game, me)
        outlook = table.outlook
        kept = chance * (1 + OPPONENT_WEIGHT) * table.earns(target) * table.turns(target)
        money, cap = game.resources[me], game.cap
        paid = outlook.resource * (min(money, cap) - min(money - price, cap))
        return kept > paid + OPPONENT_WEIGHT * price * outlook.resource


__all__ = ["HeuristicBot", "RandomBot"]
