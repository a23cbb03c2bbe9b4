"""The IT Startup table: its state, its employees, what things cost, and the operations on it.

:class:`ItStartupTable` declares what the table holds (the deck, hands, resources, points, each
player's employees, the step queue and what lasts one turn), reads it (``cost``, ``efficiency``,
``controller``, ``developers``, ``clockwise``) and changes it through a small public set of
operations that keep the books (who holds which card, the metrics rows of employees that leave):
``burn``, ``rest``, ``gain``, ``take_employee``, ``dismiss``, ``score_per_developer``,
``queue``, ``hire``, ``teach``, ``unteach``, ``go_home``; each player's counts
(:class:`Crew`) change only there. The card abilities (:mod:`devgames.itstartup.abilities`)
change the game only through them; the game (:mod:`devgames.itstartup.game`) is built on this
class.
"""

from typing import Any

from devgames.core.actions import Event, quick_event
from devgames.core.game import Game
from devgames.core.piles import Pile
from devgames.itstartup import abilities, metrics
from devgames.itstartup.cards import CARDS, Card
from devgames.itstartup.printed import BURNOUT_LIMIT, KEY, KIND, POWER, PRICE
from devgames.itstartup.steps import Step


class Employee:
    """An employee card on the table: its burnout, attached knowledge, and home when borrowed."""

    __slots__ = ("burnout", "home", "knowledge", "taught")

    def __init__(self) -> None:
        self.burnout = 0
        self.knowledge: list[int] = []
        self.home: int | None = None  # the owner it returns to, while held through Outsourcing
        self.taught: list[int] = []  # the knowledge played on it while held through Outsourcing

    def state(self) -> tuple[int, tuple[int, ...], int | None, tuple[int, ...]]:
        return (self.burnout, tuple(self.knowledge), self.home, tuple(self.taught))


class Crew:
    """One player's table counted: employees by kind, those who draw a card at the end of the
    turn (:data:`~devgames.itstartup.abilities.END_OF_TURN_DRAW`), those with an activated
    ability (:data:`~devgames.itstartup.abilities.ACTIVATED`), those held through Outsourcing
    (``borrowed``), the knowledge attached to them, and the developers themselves in the order
    of the player's staff, with what they earn a turn (``power``: their own efficiency and
    their knowledge's, before the Scrum Masters' bonus and Shy Frontend's X). The table's
    operations keep it up to date as employees join and quit (``_join``, ``_quit``) and as
    knowledge is taught or taken off (``teach``, ``unteach``), so the listing of the moves and
    the end of the turn read counts instead of counting.

    >>> crew = Crew()
    >>> crew.developers, crew.knowledge, crew.developer_cards, crew.power
    (0, 0, (), 0)
    """

    __slots__ = ("activators", "borrowed", "coaches", "developer_cards", "developers", "drawers",
                 "hr", "knowledge", "power")

    def __init__(self) -> None:
        self.developers = 0
        self.developer_cards: tuple[int, ...] = ()
        self.hr = 0
        self.coaches = 0
        self.drawers = 0
        self.activators = 0
        self.borrowed = 0
        self.knowledge = 0
        self.power = 0

    def counts(self) -> tuple[int, int, int, int, int, int, int]:
        """(developers, hr, coaches, drawers, activators, borrowed, knowledge)."""
        return (self.developers, self.hr, self.coaches, self.drawers, self.activators,
                self.borrowed, self.knowledge)


class ItStartupTable(Game):
    """What an IT Startup table holds (laid out by :mod:`devgames.itstartup.setup`) and the
    operations on it."""

    n: int
    physical: bool  # a physical deck: the facilitator enters cards drawn, dice and coins
    cap: int  # the hoard cap
    deck: Pile
    hands: list[list[int]]
    resources: list[int]
    points: list[int]
    turns: list[int]  # own turns started
    staff: list[list[int]]  # employees each player controls
    held: list[dict[str, int]]  # card key -> count in staff
    crews: list[Crew]  # each player's employees and attached knowledge, counted
    employees: dict[int, Employee]
    planned: list[tuple[int, int] | None]  # (card, own turn it was planned)
    looking: list[int]  # cards a player is looking at (Senior Backend, ...)
    seating: list[int]  # turn order, first player first
    current: int
    round: int
    turn_no: int
    start_roll: int
    steps: list[Step]
    result: str
    #: True once the game has ended (set as it ends, when nothing waits any more: read once per
    #: move by every loop).
    is_over = False
    # Tournament mode: games played, wins and unused help tokens per player.
    game_no: int
    wins: list[int]
    tokens: list[int]
    # Metrics rows (see :mod:`devgames.itstartup.metrics`).
    rows: list[tuple[Any, ...]]
    _employee_rows: list[tuple[Any, ...]]  # tuples of EMPLOYEE_FIELDS
    left_this_turn: list[tuple[Any, ...]]
    # What lasts one turn (see ``reset_turn``).
    free_developers: set[int]  # The Assertive CTO's draw
    free_actions: set[int]  # Database Developer's draws
    knowledge_discount: set[int]  # BI Developer's draw
    shy_bonus: dict[int, int]
    bonus_points: int  # Coffee machine, Crunch Time (developers counted on play)
    points_per_developer: int  # the same, developers counted at the scoring
    vacation: bool
    crunch: int
    agents_used: set[int]
    points_at_start: int

    # ----- reading the table --------------------------------------------------------------------
    @staticmethod
    def card(card: int) -> Card:
        """The printed card with this id."""
        return CARDS[card]

    def cost(self, p: int, card: int, target: int | None = None, transfer: bool = False) -> int:
        """What player ``p`` pays to play (or transfer) ``card`` onto ``target`` now: never
        more than the printed price (abilities only take off; the listing of the legal moves
        relies on it).

        >>> from devgames import itstartup
        >>> game = itstartup.new_game(["Ada", "Bob"], seed=1)
        >>> tdd = next(c for c in game.card_ids if game.card(c).key == "tdd")
        >>> game.cost(0, tdd)
        4
        """
        price = PRICE[card]
        kind = KIND[card]
        if kind == "developer":
            if card in self.free_developers:
                return 0
            price -= self.held[p].get("qa_wizard_engineer", 0)
        elif kind == "knowledge":
            if target is not None and KEY[target] in abilities.KNOWLEDGE_DISCOUNTERS:
                price -= abilities.KNOWLEDGE_DISCOUNT
            if transfer:
                price -= 2 * self.held[p].get("lead_developer", 0)
            elif card in self.knowledge_discount:
                price -= 2
        elif kind == "action":
            if card in self.free_actions:
                return 0
            planned = self.planned[p]
            if planned is not None and planned[0] == card and planned[1] < self.turns[p]:
                price -= 1
        return price if price > 0 else 0

    def efficiency(self, e: int, owner: int | None = None) -> int:
        """A developer's efficiency now: its own, knowledge, Scrum Masters, Shy Frontend's X.

        ``owner`` (its controller) may be given when known, to save looking it up.
        """
        if KIND[e] != "developer":
            return 0
        power = (POWER[e]
                 + self.held[self.controller(e) if owner is None else owner].get("scrum_master", 0)
                 + self.shy_bonus.get(e, 0))
        for k in self.employees[e].knowledge:  # a plain loop: most developers know little
            power += POWER[k]
        return power

    def controller(self, e: int) -> int:
        """The player who controls employee ``e`` now."""
        for p, staff in enumerate(self.staff):
            if e in staff:
                return p
        raise KeyError(e)

    def developers(self, p: int) -> int:
        """How many developers player ``p`` controls."""
        return self.crews[p].developers

    def clockwise(self, p: int) -> list[int]:
        """The other players, clockwise from ``p``."""
        return [(p + i) % self.n for i in range(1, self.n)]

    # ----- operations ---------------------------------------------------------------------------
    def reset_turn(self) -> None:
        """Forget what lasts only for one turn."""
        self.free_developers = set()
        self.free_actions = set()
        self.knowledge_discount = set()
        self.shy_bonus = {}
        self.bonus_points = 0
        self.points_per_developer = 0
        self.vacation = False
        self.crunch = 0
        self.agents_used = set()
        self.points_at_start = 0

    def queue(self, *steps: Step) -> None:
        """Put ``steps`` before everything else that is waiting, in this order.

        >>> from devgames import itstartup
        >>> from devgames.itstartup.steps import Draw
        >>> game = itstartup.new_game(["Ada", "Bob"], seed=1, deck="physical")
        >>> game.queue(Draw("draw", 1, "hand"))
        >>> game.step
        Draw(kind='draw', player=1, why='hand')
        """
        self.steps[0:0] = steps

    def gain(self, p: int, amount: int) -> None:
        """Add resources (capped at once when the hoard cap applies to every gain)."""
        self.resources[p] += amount
        if self.options.hoard_cap_timing == "always":
            self.resources[p] = min(self.resources[p], self.cap)

    def score_per_developer(self, p: int, points: int) -> None:
        """Coffee machine (1) and Crunch Time (2): ``points`` per developer of ``p``, added at
        the end-of-turn scoring; the developers are counted now, or at the scoring with
        ``coffee_crunch_count="end_of_turn"``."""
        if self.options.coffee_crunch_count == "end_of_turn":
            self.points_per_developer += points
        else:
            self.bonus_points += points * self.developers(p)

    def hire(self, p: int, e: int) -> None:
        """Employee ``e`` (just played) joins player ``p``'s table, fresh."""
        self.employees[e] = Employee()
        self._join(p, e)

    def teach(self, p: int, e: int, k: int) -> None:
        """Knowledge ``k`` goes on developer ``e`` of player ``p`` (remembered as taught while
        ``e`` is held through Outsourcing)."""
        state = self.employees[e]
        state.knowledge.append(k)
        if state.home is not None:
            state.taught.append(k)
        crew = self.crews[p]
        crew.knowledge += 1
        if KIND[e] == "developer":
            crew.power += POWER[k]

    def unteach(self, p: int, e: int, k: int) -> None:
        """Knowledge ``k`` comes off developer ``e`` of player ``p``; the caller decides where
        it goes."""
        self.employees[e].knowledge.remove(k)
        crew = self.crews[p]
        crew.knowledge -= 1
        if KIND[e] == "developer":
            crew.power -= POWER[k]

    def take_employee(self, p: int, e: int, how: str, borrowed: bool = False) -> None:
        """Player ``p`` takes control of employee ``e`` (with its burnout and knowledge);
        ``borrowed`` (Outsourcing) sends it home at ``p``'s next turn."""
        owner = self.controller(e)
        self._left(e, owner, "taken_over")
        self._quit(owner, e)
        if borrowed:
            self.employees[e].home = owner
        self._join(p, e)
        self.events.append(Event("take", p, {"card": e, "from": owner, "how": how}))

    def go_home(self, p: int, e: int) -> int:
        """Employee ``e``, held by ``p`` through Outsourcing, goes back to its owner's table
        as it is, no longer borrowed; returns the owner.

        >>> from devgames import itstartup
        >>> game = itstartup.new_game(["Ada", "Bob"], seed=1)
        >>> intern = next(c for c in game.deck if game.card(c).name == "Intern")
        >>> game.deck.take(intern); game.hire(1, intern)
        >>> game.take_employee(0, intern, "outsourcing", borrowed=True)
        >>> game.crews[0].borrowed, game.go_home(0, intern), game.crews[0].borrowed
        (1, 1, 0)
        >>> game.staff[1] == [intern], game.employees[intern].home
        (True, None)
        """
        state = self.employees[e]
        home = state.home
        assert home is not None  # only a borrowed employee goes home
        self._quit(p, e)
        state.home, state.taught = None, []
        self._join(home, e)
        return home

    def burn(self, e: int, amount: int) -> None:
        """Add burnout; at 3 + shield the employee leaves at once, with its knowledge."""
        state = self.employees[e]
        state.burnout += amount
        if state.burnout >= BURNOUT_LIMIT[e]:
            owner = self.controller(e)
            self.dismiss(e, owner, "burnout")
            self.deck.put_bottom(e)
            for k in state.knowledge:
                self.deck.put_bottom(k)
            self.events.append(quick_event(("burnt_out", owner, {"card": e}, False)))

    def rest(self, e: int, amount: int) -> None:
        """Take up to ``amount`` burnout off employee ``e``."""
        state = self.employees[e]
        state.burnout = max(0, state.burnout - amount)

    def dismiss(self, e: int, owner: int, reason: str) -> Employee:
        """Employee ``e`` leaves ``owner``'s table (``reason`` for its metrics row); the caller
        decides where the card and its knowledge (in the returned state) go."""
        self._left(e, owner, reason)
        self._quit(owner, e)
        self.shy_bonus.pop(e, None)
        return self.employees.pop(e)

    # Every employee joins and quits a table here: the counts (``held``, ``crews``) follow.
    def _join(self, p: int, e: int) -> None:
        self.staff[p].append(e)
        held = self.held[p]
        key = KEY[e]
        held[key] = held.get(key, 0) + 1
        self._count(p, e, 1)

    def _quit(self, p: int, e: int) -> None:
        self.staff[p].remove(e)
        self.held[p][KEY[e]] -= 1
        self._count(p, e, -1)

    def _count(self, p: int, e: int, sign: int) -> None:
        crew = self.crews[p]
        kind = KIND[e]
        state = self.employees[e]
        crew.knowledge += sign * len(state.knowledge)
        if state.home is not None:
            crew.borrowed += sign
        if kind == "developer":
            crew.developers += sign
            power = POWER[e]
            for k in state.knowledge:
                power += POWER[k]
            crew.power += sign * power
            cards = crew.developer_cards
            if sign > 0:
                crew.developer_cards = (*cards, e)
            else:
                i = cards.index(e)
                crew.developer_cards = cards[:i] + cards[i + 1:]
        elif kind == "hr":
            crew.hr += sign
        else:
            crew.coaches += sign
        key = KEY[e]
        if key in abilities.END_OF_TURN_DRAW:
            crew.drawers += sign
        elif key in abilities.ACTIVATED:
            crew.activators += sign

    def _left(self, e: int, owner: int, reason: str) -> None:
        if self.record:
            self.left_this_turn += metrics.employee_rows(self, owner, (e,), reason)
