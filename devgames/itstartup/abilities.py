"""What each IT Startup card does when it is played, in our own words.

Static abilities (discounts, Scrum Master's bonus) are read by the engine where they apply:
``ItStartupTable.cost`` and ``ItStartupTable.efficiency``. Activated abilities (Shy Frontend
Developer, Undercover HR Agent) are moves of their own. This module holds the on-play effects.

- Code Monkey "Mike": you may return one of your own employees (not an outsourced one) to your
  hand; its burnout is cleared and its knowledge comes back to your hand too.
- The Assertive CTO: draw a card; a developer drawn this way can be played for free this turn.
- Copy Paste Developer: each of your other developers takes 1 burnout.
- Downer Dave: one employee of an opponent takes 1 burnout.
- Database Developer: draw 2 cards; action cards drawn this way are free this turn.
- BI Developer: draw a card; a knowledge card drawn this way costs 2 less this turn.
- Senior Backend Developer: look at the top 5 cards, keep 2, the rest go under the deck.
- Junior Backend Developer: look at the top 3 cards, keep 1, the rest go under the deck.
- Research Engineer: look at the top 3 cards and put them back in the order you choose.
- Office Manager: each of your employees loses 1 burnout. (Draws at the end of your turn.)
- Rockstar Recruiter: take one employee of an opponent who has 4 or more. (Draws too.)
- Scrum Master: draw a card for each developer you control. (+1 to each of your developers.)
- Outsourcing: borrow an opponent's employee until your next turn; its owner gets what you paid.
  Knowledge you play on it goes home with it, back to your hand, or cannot be played on it
  (``outsourced_knowledge``).
- Investor: gain 2 resources.
- Head Hunter: take an opponent's employee, unless its owner pays you 5.
- Coffee machine: 1 point per developer you control (scored at the end of the turn; the
  developers are counted on play, or at the scoring with ``coffee_crunch_count``), and each of
  your employees loses 1 burnout.
- Vacation Time: each of your employees loses 1 burnout and takes none at the end of the turn.
- Crunch Time: 2 points per developer you control (scored at the end of the turn, counted like
  Coffee machine's); each of your developers takes 1 extra burnout at the end of the turn.
- Technical debt: every employee on the table, with its knowledge, is shuffled into the deck.
- Monster Bug: every employee of your opponents takes 1 burnout.

Each card's rule lives here once: its effect, its constants (the Head Hunter's and the Undercover
HR Agent's counter prices) and how its pending decision is answered. Effects change the game only
through the table's public operations (:class:`devgames.itstartup.operations.ItStartupTable`):
``burn``, ``rest``, ``gain``, ``take_employee``, ``dismiss``, ``score_per_developer``, ``queue``,
``controller``, ``clockwise`` and ``developers``.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING

from devgames.core.actions import Event
from devgames.itstartup.cards import CARDS
from devgames.itstartup.printed import KEY
from devgames.itstartup.steps import AgentCounter, Draw, Flip, Headhunt, Keep, Order, Step

if TYPE_CHECKING:
    from devgames.itstartup.operations import ItStartupTable

#: Developers onto whom knowledge is played or transferred for 2 less.
KNOWLEDGE_DISCOUNTERS = frozenset({"ambitious_apprentice", "full_stack_ninja"})
#: What those developers take off the price of knowledge played or moved onto them.
KNOWLEDGE_DISCOUNT = 2
#: Cards played with a target (an employee), besides knowledge (played on a developer).
TARGETED = frozenset({"code_monkey", "downer_dave", "rockstar_recruiter", "outsourcing",
                      "head_hunter"})
#: Employees that draw a card at the end of their controller's turn.
END_OF_TURN_DRAW = frozenset({"office_manager", "rockstar_recruiter", "nice_hr_lady",
                              "nice_hr_guy"})
#: Employees with an activated ability (a move of its own: Shy Frontend Developer's X, the
#: Undercover HR Agent).
ACTIVATED = frozenset({"shy_frontend_developer", "undercover_hr_agent"})
#: Action cards whose effect decides itself when the card goes under the deck.
KEPT_BY_EFFECT = frozenset({"head_hunter"})
#: What the owner pays the hunter to stop a Head Hunter.
HEAD_HUNTER_COUNTER = 5
#: What a player pays the agent's owner to cancel an Undercover HR Agent (``agent_counter``).
AGENT_COUNTER = 3
#: Resources an Undercover HR Agent costs to send.
AGENT_PRICE = 1

Effect = Callable[["ItStartupTable", int, int, "int | None", int], None]


def on_play(game: "ItStartupTable", p: int, card: int, target: int | None, paid: int) -> None:
    """Carry out the on-play effect of ``card`` just played by player ``p``."""
    effect = EFFECTS.get(KEY[card])
    if effect is not None:
        effect(game, p, card, target, paid)


def draw(game: "ItStartupTable", p: int, count: int, why: str) -> None:
    """Queue ``count`` draws for player ``p`` (before anything else that is waiting)."""
    game.queue(*[Draw("draw", p, why)] * count)


def look(game: "ItStartupTable", p: int, count: int, then: Step) -> None:
    """Queue looking at the top ``count`` cards, then the decision ``then``."""
    game.queue(*[Draw("draw", p, "look")] * min(count, len(game.deck)), then)


def code_monkey(game: "ItStartupTable", p: int, card: int, target: int | None, paid: int) -> None:
    if target is None:
        return
    state = game.dismiss(target, p, "returned_to_hand")
    game.hands[p].append(target)
    game.hands[p].extend(state.knowledge)
    game.events.append(Event("return_to_hand", p, {"card": target, "knowledge": state.knowledge}))


def copy_paste(game: "ItStartupTable", p: int, card: int, target: int | None, paid: int) -> None:
    for e in list(game.staff[p]):
        if e != card and CARDS[e].kind == "developer" and e in game.employees:
            game.burn(e, 1)


def downer_dave(game: "ItStartupTable", p: int, card: int, target: int | None, paid: int) -> None:
    if target is not None:
        game.burn(target, 1)


def office_manager(game: "ItStartupTable", p: int, card: int, target: int | None,
                   paid: int) -> None:
    for e in game.staff[p]:
        game.rest(e, 1)


def rockstar_recruiter(game: "ItStartupTable", p: int, card: int, target: int | None,
                       paid: int) -> None:
    if target is not None:
        game.take_employee(p, target, "rockstar_recruiter")


def outsourcing(game: "ItStartupTable", p: int, card: int, target: int | None, paid: int) -> None:
    assert target is not None  # the check requires an employee
    owner = game.controller(target)
    game.take_employee(p, target, "outsourcing", borrowed=True)
    game.gain(owner, paid)


# ----- Head Hunter --------------------------------------------------------------------------------
def head_hunter(game: "ItStartupTable", p: int, card: int, target: int | None, paid: int) -> None:
    """Take ``target``, unless its owner can pay :data:`HEAD_HUNTER_COUNTER`: then the owner
    decides (:func:`answer_head_hunter`); the card waits on the table until then."""
    assert target is not None  # the check requires an employee
    owner = game.controller(target)
    if game.resources[owner] >= HEAD_HUNTER_COUNTER:
        game.queue(Headhunt("headhunt", owner, p, target, card))
    else:
        game.take_employee(p, target, "head_hunter")
        game.deck.put_bottom(card)


def answer_head_hunter(game: "ItStartupTable", step: Headhunt, pays: bool) -> None:
    """The owner pays the hunter :data:`HEAD_HUNTER_COUNTER`, or loses the employee (if it is
    still theirs); the Head Hunter then goes under the deck."""
    owner, hunter, target, card = step.player, step.hunter, step.target, step.card
    if pays:
        game.resources[owner] -= HEAD_HUNTER_COUNTER
        game.gain(hunter, HEAD_HUNTER_COUNTER)
        game.events.append(Event("counter", owner, {"card": card, "paid": HEAD_HUNTER_COUNTER}))
    elif target in game.employees and game.controller(target) == owner:
        game.take_employee(hunter, target, "head_hunter")
    game.deck.put_bottom(card)


# ----- Undercover HR Agent ------------------------------------------------------------------------
def send_agent(game: "ItStartupTable", p: int, agent: int, target: int | None) -> None:
    """Player ``p`` pays :data:`AGENT_PRICE` to send ``agent`` after ``target``: with
    ``agent_counter`` the others, clockwise, may first pay to cancel it; else a coin decides."""
    assert target is not None  # the check requires an employee
    game.resources[p] -= AGENT_PRICE
    game.agents_used.add(agent)
    game.events.append(Event("activate", p, {"card": agent, "target": target,
                                             "paid": AGENT_PRICE}))
    if game.options.agent_counter:
        payers = tuple(q for q in game.clockwise(p) if game.resources[q] >= AGENT_COUNTER)
        if payers:
            game.queue(AgentCounter("agent_counter", payers[0], p, agent, target, payers[1:]))
            return
    game.queue(Flip("flip", p, agent, target))


def answer_agent(game: "ItStartupTable", step: AgentCounter, pays: bool) -> None:
    """A payer cancels the agent by paying its owner :data:`AGENT_COUNTER`; otherwise the next
    payer is asked, and after the last one the coin is flipped."""
    payer, owner, others = step.player, step.owner, step.others
    if pays:
        game.resources[payer] -= AGENT_COUNTER
        game.gain(owner, AGENT_COUNTER)
        game.events.append(Event("counter", payer, {"card": step.agent, "paid": AGENT_COUNTER}))
    elif others:
        game.queue(AgentCounter("agent_counter", others[0], owner, step.agent, step.target,
                                others[1:]))
    else:
        game.queue(Flip("flip", owner, step.agent, step.target))


def agent_flipped(game: "ItStartupTable", step: Flip, won: int) -> None:
    """The coin: a won flip takes the target over, if it is still an opponent's own employee."""
    p, target = step.player, step.target
    game.events.append(Event("coin", p, {"card": step.agent, "won": bool(won)}))
    still_there = target in game.employees and game.employees[target].home is None
    if won and still_there and game.controller(target) != p:
        game.take_employee(p, target, "undercover_hr_agent")


def counter_price(step: Headhunt | AgentCounter) -> int:
    """What paying the counter of a pending Head Hunter or Undercover HR Agent costs.

    >>> counter_price(Headhunt("headhunt", 1, 0, 17, 40))
    5
    """
    return HEAD_HUNTER_COUNTER if step.kind == "headhunt" else AGENT_COUNTER


def answer_counter(game: "ItStartupTable", step: Headhunt | AgentCounter, pays: bool) -> None:
    """Answer a pending counter: :func:`answer_head_hunter` or :func:`answer_agent`."""
    if step.kind == "headhunt":
        answer_head_hunter(game, step, pays)
    else:
        answer_agent(game, step, pays)


# ----- the other actions --------------------------------------------------------------------------
def coffee_machine(game: "ItStartupTable", p: int, card: int, target: int | None,
                   paid: int) -> None:
    game.score_per_developer(p, 1)
    for e in game.staff[p]:
        game.rest(e, 1)


def vacation_time(game: "ItStartupTable", p: int, card: int, target: int | None,
                  paid: int) -> None:
    game.vacation = True
    for e in game.staff[p]:
        game.rest(e, 1)


def crunch_time(game: "ItStartupTable", p: int, card: int, target: int | None, paid: int) -> None:
    game.score_per_developer(p, 2)
    game.crunch += 1


def technical_debt(game: "ItStartupTable", p: int, card: int, target: int | None,
                   paid: int) -> None:
    for q in range(game.n):
        for e in list(game.staff[q]):
            state = game.dismiss(e, q, "technical_debt")
            game.deck.put_bottom(e)
            for k in state.knowledge:
                game.deck.put_bottom(k)
    if not game.physical:
        game.deck.shuffle(game.rng)
    game.events.append(Event("technical_debt", p, {}))


def monster_bug(game: "ItStartupTable", p: int, card: int, target: int | None, paid: int) -> None:
    for q in range(game.n):
        if q != p:
            for e in list(game.staff[q]):
                if e in game.employees:
                    game.burn(e, 1)


def investor(game: "ItStartupTable", p: int, card: int, target: int | None, paid: int) -> None:
    game.gain(p, 2)


EFFECTS: dict[str, Effect] = {
    "code_monkey": code_monkey,
    "assertive_cto": lambda g, p, c, t, x: draw(g, p, 1, "cto"),
    "copy_paste_developer": copy_paste,
    "downer_dave": downer_dave,
    "database_developer": lambda g, p, c, t, x: draw(g, p, 2, "database"),
    "bi_developer": lambda g, p, c, t, x: draw(g, p, 1, "bi"),
    "senior_backend_developer": lambda g, p, c, t, x: look(g, p, 5, Keep("keep", p, 2)),
    "junior_backend_developer": lambda g, p, c, t, x: look(g, p, 3, Keep("keep", p, 1)),
    "research_engineer": lambda g, p, c, t, x: look(g, p, 3, Order("order", p)),
    "office_manager": office_manager,
    "rockstar_recruiter": rockstar_recruiter,
    "scrum_master": lambda g, p, c, t, x: draw(g, p, g.developers(p), "hand"),
    "outsourcing": outsourcing,
    "investor": investor,
    "head_hunter": head_hunter,
    "coffee_machine": coffee_machine,
    "vacation_time": vacation_time,
    "crunch_time": crunch_time,
    "technical_debt": technical_debt,
    "monster_bug": monster_bug,
}
