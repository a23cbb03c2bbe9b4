"""IT Startup bots: the random bot and a heuristic bot that runs a sensible startup.

The heuristic bot counts everything in project points. An employee is worth what it earns per
turn times the turns it has left (before it burns out, and before the game is likely to end); a
resource kept for a later turn is worth ``RESOURCE`` points, except what the hoard cap would take
away at the end of the turn; a card drawn is worth ``CARD`` points. A move that changes an
opponent's startup counts against the bot: fully for the opponent most likely to win, half for the
others. On its turn the bot makes the move that gains most, again and again, and ends the turn
when no move gains at least ``MIN_GAIN``.
"""

from functools import cached_property
from math import inf
from random import Random

from devgames.core.actions import CHANCE, Action, given
from devgames.core.bots import RandomBot
from devgames.itstartup.abilities import (
    END_OF_TURN_DRAW,
    HEAD_HUNTER_COUNTER,
    KNOWLEDGE_DISCOUNTERS,
    counter_price,
)
from devgames.itstartup.cards import CARDS
from devgames.itstartup.game import ItStartupGame
from devgames.itstartup.moves import DRAW_PRICE, SELL_PRICE
from devgames.itstartup.printed import BURNOUT_LIMIT, KEY, KIND, POWER, PRICE
from devgames.itstartup.steps import AgentCounter, Headhunt
from devgames.itstartup.turns import MAX_INCOME

#: Points a resource kept for a later turn is worth (in the final round: FINAL_RESOURCE).
RESOURCE = 1.5
FINAL_RESOURCE = 0.1
#: Points a card drawn is worth (in the final round: FINAL_CARD, it may still be a developer).
CARD = 2.0
FINAL_CARD = 0.5
#: Points the planning of an action card is worth (1 resource less when it is played).
PLAN = 0.6
#: Turns the bot looks ahead at most; the game is expected to last until the fastest startup
#: reaches the goal, each at least at MIN_RATE points a turn.
MAX_HORIZON = 6
MIN_RATE = 4
#: How much the likely winner's startup and the other opponents' count against the bot.
LEADER_WEIGHT = 1.0
OTHER_WEIGHT = 0.5
#: Knowledge in hand without a developer to carry it: the turns it is expected to earn for.
KNOWLEDGE_TURNS = 2
#: Cards in hand beyond what the next two turns' resources pay for are surplus: sold when a
#: resource now is worth more than this share of their worth.
SURPLUS_SHARE = 0.3
#: Cards returned to hand (Code Monkey, knowledge back from an outsourced developer) keep this
#: share of their worth.
RETURN_SHARE = 0.7
#: Points a tournament help token gives the bot (-4 to another player counts twice as much).
HELP_POINTS = 2
#: The smallest gain worth a move; below it the turn ends.
MIN_GAIN = 0.2
#: Safety net: moves in one turn after which the bot ends it.
MAX_TURN_MOVES = 80
#: Scores this close to the best count as a tie.
TIE = 1e-9

_TAKE_OVERS = frozenset({"head_hunter", "outsourcing", "rockstar_recruiter"})
#: Cards an employee draws (or looks at) when hired; a Scrum Master draws one per developer.
_HIRE_DRAWS = {"assertive_cto": 1, "database_developer": 2, "bi_developer": 1,
               "senior_backend_developer": 2, "junior_backend_developer": 1}


class _Outlook:
    """What one seat can work out from the public table and its own hand, in points."""

    def __init__(self, game: ItStartupGame, seat: int) -> None:
        self.game, self.me = game, seat
        employees, points, crews = game.employees, game.points, game.crews
        self.scrum = scrum = [held.get("scrum_master", 0) for held in game.held]
        self.devs = devs = [crew.developers for crew in crews]
        # What each player's developers earn a turn (``per_turn`` of a developer, written out:
        # this runs at every decision), from the developers each crew keeps.
        production = []
        for q, crew in enumerate(crews):
            earns = scrum[q] * devs[q]
            for e in crew.developer_cards:
                earns += POWER[e]
                for k in employees[e].knowledge:
                    earns += POWER[k]
            production.append(earns)
        # The final round when a player reaches the goal this round (the seats that have had
        # their turn scored already); else the turns until the fastest startup reaches it.
        played = game.seating[:game.current]
        goal = game.options.goal
        final, turns = False, MAX_HORIZON
        for q, earns in enumerate(production):
            left = goal - points[q]
            if left <= (0 if q in played else earns):
                final = True
                break
            turns = min(turns, -(-left // max(earns, MIN_RATE)))  # rounded up
        self.final = final
        if final:
            self.horizon, self.resource, self.card = 1, FINAL_RESOURCE, FINAL_CARD
        else:
            self.horizon = max(2, turns)
            self.resource, self.card = RESOURCE, CARD
        horizon = self.horizon
        leader, best = -1, -inf
        for q, earns in enumerate(production):  # the first of the best, as max() picks it
            if q != seat and points[q] + horizon * earns > best:
                leader, best = q, points[q] + horizon * earns
        self.weight = [
            1.0 if q == seat
            else 0.0 if final and q in played  # its game is over; it cannot be changed
            else -LEADER_WEIGHT if q == leader else -OTHER_WEIGHT
            for q in range(len(production))
        ]
        self.money = game.resources[seat]
        self._worth: dict[int, float] = {}
        self._plays: dict[tuple[int, int | None], tuple[float, int]] = {}

    @cached_property
    def owner(self) -> dict[int, int]:
        """Who holds each employee on the table (worked out when a move asks)."""
        return {e: q for q, staff in enumerate(self.game.staff) for e in staff}

    @cached_property
    def agent_turn(self) -> float:
        """An Undercover HR Agent each turn: 1 resource for an even chance at the best employee
        (other than an agent)."""
        takes = [self.take(e) for e in self.targets_to_take()
                 if CARDS[e].key != "undercover_hr_agent"]
        return max(0.0, 0.5 * max(takes, default=0.0) - self.resource)

    # ----- employees -------------------------------------------------------------------------
    def life(self, e: int) -> int:
        """Turns employee ``e`` still scores (or would score, hired now) before it burns out."""
        state = self.game.employees.get(e)
        return BURNOUT_LIMIT[e] - state.burnout if state else BURNOUT_LIMIT[e]

    def home(self, e: int) -> int:
        """Whose employee ``e`` is for good (an outsourced one goes back to its owner)."""
        home = self.game.employees[e].home
        return self.owner[e] if home is None else home

    def per_turn(self, e: int, q: int) -> float:
        """What employee ``e`` earns player ``q`` each turn (a card drawn counts CARD points)."""
        kind = KIND[e]
        if kind == "developer":
            state = self.game.employees.get(e)
            knowledge = sum(POWER[k] for k in state.knowledge) if state else 0
            return POWER[e] + knowledge + self.scrum[q]
        if kind == "coach":
            return self.devs[q]
        key = KEY[e]
        if key in END_OF_TURN_DRAW:
            return self.card
        return self.agent_turn if key == "undercover_hr_agent" else 0.0

    def turns(self, life: int) -> int:
        """The turns of a life that fall within the horizon."""
        horizon = self.horizon
        return horizon if life > horizon else life if life > 0 else 0

    def value(self, e: int, q: int) -> float:
        """What employee ``e`` is worth to player ``q`` over the rest of its life."""
        return self.per_turn(e, q) * self.turns(self.life(e))

    def burn(self, e: int, amount: int = 1) -> float:
        """Weighted gain when employee ``e`` takes ``amount`` burnout now (negative for the bot's
        own employees)."""
        q, life = self.home(e), self.life(e)
        lost = self.per_turn(e, q) * (self.turns(life) - self.turns(life - amount))
        return -self.weight[q] * lost

    def rest(self, e: int, amount: int, extra: int = 0) -> float:
        """Gain for the bot when its employee ``e`` loses ``amount`` burnout (and ``extra``
        turns of life, as Vacation Time gives)."""
        state = self.game.employees[e]
        life = self.life(e)
        longer = min(amount, state.burnout) + extra
        return self.per_turn(e, self.me) * (self.turns(life + longer) - self.turns(life))

    def take(self, e: int) -> float:
        """Gain when the bot takes employee ``e`` over for good."""
        q = self.owner[e]
        return self.value(e, self.me) - self.weight[q] * self.value(e, q)

    def targets_to_take(self) -> list[int]:
        """Opponents' employees the bot could take over (not outsourced ones)."""
        return [e for e, q in self.owner.items()
                if q != self.me and self.game.employees[e].home is None]

    def mine(self) -> list[int]:
        return self.game.staff[self.me]

    def my_developers(self) -> list[int]:
        return [e for e in self.mine() if CARDS[e].kind == "developer"]

    # ----- cards ------------------------------------------------------------------------------
    def play(self, card: int, target: int | None) -> tuple[float, int]:
        """(points gained, resources gained) by playing ``card`` on ``target``, before its cost
        (worked out once per card and target: a card's worth and its moves ask the same)."""
        known = self._plays.get((card, target))
        if known is None:
            known = self._plays[card, target] = self._play(card, target)
        return known

    def _play(self, card: int, target: int | None) -> tuple[float, int]:
        info, me = CARDS[card], self.me
        key = info.key
        if info.kind == "knowledge":
            return self._knowledge(card, target), 0
        if info.kind != "action":
            return self._hire(card, target), 0
        mine = self.mine()
        if key == "investor":
            return 0.0, 2
        if key == "head_hunter":
            return self._head_hunter(given(target)), 0
        if key == "outsourcing":
            e = given(target)  # the employee outsourced
            q = self.owner[e]
            paid = self.game.cost(me, card, e)
            return (self.per_turn(e, me) + self.burn(e)
                    + self.weight[q] * self.resource * paid), 0
        if key == "coffee_machine":
            return self.devs[me] + sum(self.rest(e, 1) for e in mine), 0
        if key == "vacation_time":
            extra = 0 if self.game.vacation else 1
            return sum(self.rest(e, 1, extra) for e in mine), 0
        if key == "crunch_time":
            tired = sum(self.burn(e) for e in self.my_developers() if self.life(e) > 1)
            return 2 * self.devs[me] + tired, 0
        if key == "monster_bug":
            return sum(self.burn(e) for e, q in self.owner.items() if q != me), 0
        if key == "technical_debt":
            return -sum(self.weight[self.home(e)] * self.value(e, self.home(e))
                        for e in self.owner), 0
        return 0.0, 0

    def _hire(self, card: int, target: int | None) -> float:
        """An employee joining the bot's startup, with its on-play effect."""
        info, me = CARDS[card], self.me
        gain = self.per_turn(card, me) * self.turns(info.burnout_limit)
        key = info.key
        hand = self.game.hands[me]
        draws = self.devs[me] if key == "scrum_master" else _HIRE_DRAWS.get(key, 0)
        gain += draws * self.card
        if key in KNOWLEDGE_DISCOUNTERS:
            knowledge = sum(CARDS[c].kind == "knowledge" for c in hand)
            gain += 2 * self.resource * min(2, knowledge)
        elif key == "qa_wizard_engineer":
            developers = sum(CARDS[c].kind == "developer" and c != card for c in hand)
            gain += self.resource * min(2, developers)
        elif key == "copy_paste_developer":
            gain += sum(self.burn(e) for e in self.my_developers())
        elif key == "office_manager":
            gain += sum(self.rest(e, 1) for e in self.mine())
        elif key == "downer_dave" and target is not None:
            gain += self.burn(target)
        elif key == "rockstar_recruiter" and target is not None:
            gain += self.take(target)
        elif key == "code_monkey" and target is not None:
            gain += self._back_to_hand(target)
        return gain

    def _back_to_hand(self, e: int) -> float:
        """Code Monkey: an employee about to leave comes back to hand, with its knowledge."""
        if self.life(e) > 1:
            return -inf  # only employees in their last turn are worth taking back
        cards = [e, *self.game.employees[e].knowledge]
        return RETURN_SHARE * sum(self.card_worth(c) for c in cards) - self.value(e, self.me)

    def _knowledge(self, card: int, target: int | None) -> float:
        power = CARDS[card].power
        if target is None:  # no developer yet: one is expected later
            return power * min(KNOWLEDGE_TURNS, self.horizon)
        home = self.game.employees[target].home
        if home is not None:  # an outsourced developer: it scores this turn, then...
            if self.game.options.outsourced_knowledge == "back_to_hand":  # comes back to hand
                return power + RETURN_SHARE * power * min(KNOWLEDGE_TURNS, self.horizon)
            # ...goes with it to its owner
            return power + self.weight[home] * power * self.turns(self.life(target) - 1)
        return power * self.turns(self.life(target))

    def _head_hunter(self, target: int) -> float:
        q = self.owner[target]
        price = HEAD_HUNTER_COUNTER * self.resource
        if self.game.resources[q] >= HEAD_HUNTER_COUNTER and self.value(target, q) > price:
            return price - self.weight[q] * price  # they pay rather than lose the employee
        return self.take(target)

    def transfer(self, knowledge: int, target: int) -> float:
        """Moving knowledge to a developer with more turns left."""
        source = next(e for e in self.mine() if knowledge in self.game.employees[e].knowledge)
        turns = self.turns(self.life(target)) - self.turns(self.life(source))
        return CARDS[knowledge].power * turns

    def targets(self, card: int) -> list[int | None]:
        """Where the bot could play ``card`` now or later (to value it in hand)."""
        info = CARDS[card]
        if info.kind == "knowledge":
            return [None, *(e for e in self.my_developers()
                            if self.game.employees[e].home is None)]
        if info.key in _TAKE_OVERS or info.key == "downer_dave":
            theirs = self.targets_to_take()
            if info.key in ("head_hunter", "outsourcing"):
                return list(theirs)
            return [None, *theirs]
        return [None]

    def card_worth(self, card: int) -> float:
        """What a card in hand is worth: its best use less its printed cost, at least 0."""
        worth = self._worth.get(card)
        if worth is None:
            resource, play = self.resource, self.play
            best = max([points + resource * gained
                        for points, gained in (play(card, t) for t in self.targets(card))],
                       default=0.0)
            worth = self._worth[card] = max(0.0, best - resource * PRICE[card])
        return worth

    def surplus(self) -> set[int]:
        """Cards in hand beyond what the next two turns' resources can pay for (worst first)."""
        game, me = self.game, self.me
        hand, turn = game.hands[me], game.turns[me]
        budget = self.money + min(turn + 1, MAX_INCOME) + min(turn + 2, MAX_INCOME)
        out: set[int] = set()
        if sum(map(PRICE.__getitem__, hand)) <= budget:
            return out
        for card in sorted(hand, key=self.card_worth, reverse=True):
            budget -= PRICE[card]
            if budget < 0:
                out.add(card)
        return out

    def spend(self, delta: int) -> float:
        """The worth of a change of the bot's resources (what the hoard cap takes is worthless)."""
        cap = self.game.cap
        return self.resource * (min(self.money + delta, cap) - min(self.money, cap))


class HeuristicBot:
    """A bot that runs a sensible startup, from what its seat may know.

    It sees the public table and its own hand, never the other hands or the deck. It hires
    efficient developers, puts knowledge on the developers with most turns left, keeps its
    employees from burning out, takes over or burns the best opposing employees when that pays,
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

    def choose(self, game: ItStartupGame) -> Action:
        """One of ``game.legal_actions()`` for the player to act."""
        legal = game.legal_actions()
        seat = game.current_player
        if seat is None or seat == CHANCE or len(legal) == 1:
            return self.rng.choice(legal)  # a card to enter, or nothing to decide
        outlook = _Outlook(game, seat)
        step = game.step
        assert step is not None  # a seat is to act
        kind = step.kind
        if kind == "main":
            chosen = self._turn(game, outlook, legal)
        elif kind == "mulligan":
            chosen = self._mulligan(game, seat)
        elif kind == "keep":
            chosen = max(legal, key=lambda a: sum(map(outlook.card_worth, a.cards or ())))
        elif kind == "order":
            chosen = self._order(game, outlook)
        elif kind == "bonus":
            chosen = self._best([
                (outlook.rest(given(a.card), 1) if a.kind == "choose" else 0.0, a)
                for a in legal])
        else:  # a Head Hunter or Undercover HR Agent counter
            answer = "pay" if self._pays_counter(game, outlook) else "decline"
            chosen = next(a for a in legal if a.kind == answer)
        return chosen if chosen in legal else self.rng.choice(legal)

    def _best(self, scored: list[tuple[float, Action]]) -> Action:
        """The best-scored action; ties go to the bot's own random source."""
        top = max(score for score, _ in scored)
        return self.rng.choice([action for score, action in scored if score >= top - TIE])

    # ----- the turn ---------------------------------------------------------------------------
    def _turn(self, game: ItStartupGame, outlook: _Outlook, legal: list[Action]) -> Action:
        """The move that gains most, or the end of the turn when none gains enough.

        A sale gains at most what its resource is worth and a planning at most ``PLAN``; they
        are valued (which values the whole hand) only when they could come near the best other
        move, so the choice is the one all the moves valued would give.
        """
        end = legal[0]  # the turn's moves are listed: its end, every sale, then the others
        if self._moves_this_turn(game) >= MAX_TURN_MOVES:
            return end
        gain, others = self._gain, 1 + len(game.hands[outlook.me])
        scores = [-inf] * others
        scores += [-inf if a.kind == "plan" else gain(game, outlook, a) for a in legal[others:]]
        top = max(scores)
        if top <= outlook.spend(SELL_PRICE) + TIE:
            surplus = outlook.surplus()
            for i, a in enumerate(legal):
                if a.kind == "sell":
                    scores[i] = self._sale(outlook, given(a.card), surplus)
        if top <= PLAN + TIE:
            plans = [i for i, a in enumerate(legal) if a.kind == "plan"]
            worths = [outlook.card_worth(given(legal[i].card)) for i in plans]
            best = max(worths, default=0.0)
            for i, worth in zip(plans, worths, strict=True):
                scores[i] = PLAN if PRICE[given(legal[i].card)] > 0 and worth >= best else 0.0
        top = max(scores)
        if top < MIN_GAIN:
            return end
        return self.rng.choice(
            [a for score, a in zip(scores, legal, strict=True) if score >= top - TIE])

    @staticmethod
    def _moves_this_turn(game: ItStartupGame) -> int:
        seat, moves = game.current_player, 0
        for action in reversed(game.log):
            if action.player != seat or action.kind in ("end_turn", "mulligan"):
                break
            moves += 1
        return moves

    @staticmethod
    def _sale(outlook: _Outlook, card: int, surplus: set[int]) -> float:
        """What selling ``card`` gains: only a surplus card is worth selling."""
        if card not in surplus:
            return 0.0
        return outlook.spend(SELL_PRICE) - SURPLUS_SHARE * outlook.card_worth(card)

    @staticmethod
    def _gain(game: ItStartupGame, outlook: _Outlook, action: Action) -> float:
        """What one move of the turn other than a sale or a planning gains, in points."""
        kind, card, me = action.kind, action.card, action.player
        if kind == "play" or kind == "transfer":  # moves that name a card
            named = given(card)
            if kind == "play":
                points, gained = outlook.play(named, action.target)
                return points + outlook.spend(gained - game.cost(me, named, action.target))
            target = given(action.target)
            price = game.cost(me, named, target, transfer=True)
            return outlook.transfer(named, target) + outlook.spend(-price)
        if kind == "buy":
            return outlook.card + outlook.spend(-DRAW_PRICE)
        if kind == "help":  # tournament tokens: +2 to the bot, -4 to another, or (two) a take-over
            if card is not None:
                return outlook.take(card) - 2 * HELP_POINTS
            if action.target is not None:
                return -outlook.weight[action.target] * 2 * HELP_POINTS
            return HELP_POINTS
        if kind != "activate":
            return 0.0
        if action.count is not None:  # Shy Frontend Developer: +X points this turn for X
            return action.count + outlook.spend(-action.count)
        # Undercover HR Agent: 1 resource for an even chance to take the employee over
        return 0.5 * outlook.take(given(action.target)) + outlook.spend(-1)

    # ----- the other decisions ------------------------------------------------------------------
    @staticmethod
    def _mulligan(game: ItStartupGame, seat: int) -> Action:
        """Keep a hand with a developer affordable on the first turn; else fish for one."""
        hand = game.hands[seat]
        first_turn = game.start_roll + 1
        if any(CARDS[c].kind == "developer" and CARDS[c].cost <= first_turn for c in hand):
            back: list[int] = []
        else:
            back = [c for c in hand
                    if CARDS[c].kind != "developer" or CARDS[c].cost > first_turn + 2]
        return Action("mulligan", seat, cards=tuple(sorted(back)))

    @staticmethod
    def _order(game: ItStartupGame, outlook: _Outlook) -> Action:
        """Research Engineer: the best cards on top for the bot's own end-of-turn draws, then the
        worst for the next player."""
        draws = sum(CARDS[e].key in END_OF_TURN_DRAW for e in outlook.mine())
        ranked = sorted(game.looking, key=outlook.card_worth, reverse=True)
        order = ranked[:draws] + ranked[draws:][::-1]
        return Action("order", outlook.me, cards=tuple(order))

    @staticmethod
    def _pays_counter(game: ItStartupGame, outlook: _Outlook) -> bool:
        """Pay a Head Hunter (5) or Undercover HR Agent (3) counter when the employee is worth
        more to the bot, and to the player who would take it, than what paying gives away."""
        step = game.step
        assert isinstance(step, Headhunt | AgentCounter)  # a counter is waiting
        price = counter_price(step)
        if isinstance(step, Headhunt):
            taker, target, chance = step.hunter, step.target, 1.0
        else:
            taker, target, chance = step.owner, step.target, 0.5
        if outlook.owner.get(target) != outlook.me:
            return False
        against = -outlook.weight[taker]
        kept = chance * (outlook.value(target, outlook.me)
                         + against * outlook.value(target, taker))
        return kept > -outlook.spend(-price) + against * price * outlook.resource


__all__ = ["HeuristicBot", "RandomBot"]
