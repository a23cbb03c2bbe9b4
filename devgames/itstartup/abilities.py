"""What each IT Startup card does when it is played, in our own words.

Static abilities (discounts, Scrum Master's bonus) are read by the engine where they apply:
``ItStartupGame.cost`` and ``ItStartupGame.efficiency``. Activated abilities (Shy Frontend
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
"""

from collections.abc import Callable
from typing import TYPE_CHECKING

from devgames.core.actions import Event
from devgames.itstartup.cards import CARDS

if TYPE_CHECKING:
    from devgames.itstartup.game import ItStartupGame

#: Developers onto whom knowledge is played or transferred for 2 less.
KNOWLEDGE_DISCOUNTERS = frozenset({"ambitious_apprentice", "full_stack_ninja"})
#: Cards played with a target (an employee), besides knowledge (played on a developer).
TARGETED = frozenset({"code_monkey", "downer_dave", "rockstar_recruiter", "outsourcing",
                      "head_hunter"})
#: Employees that draw a card at the end of their controller's turn.
END_OF_TURN_DRAW = frozenset({"office_manager", "rockstar_recruiter", "nice_hr_lady",
                              "nice_hr_guy"})

Effect = Callable[["ItStartupGame", int, int, "int | None", int], None]


def on_play(game: "ItStartupGame", p: int, card: int, target: int | None, paid: int) -> None:
    """Carry out the on-play effect of ``card`` just played by player ``p``."""
    effect = EFFECTS.get(CARDS[card].key)
    if effect is not None:
        effect(game, p, card, target, paid)


def draw(game: "ItStartupGame", p: int, count: int, why: str) -> None:
    """Queue ``count`` draws for player ``p`` (before anything else that is waiting)."""
    game.steps[0:0] = [("draw", p, why)] * count


def look(game: "ItStartupGame", p: int, count: int, then: tuple) -> None:
    """Queue looking at the top ``count`` cards, then the decision ``then``."""
    game.steps[0:0] = [("draw", p, "look")] * min(count, len(game.deck)) + [then]


def code_monkey(game: "ItStartupGame", p: int, card: int, target: int | None, paid: int) -> None:
    if target is None:
        return
    game._left(target, p, "returned_to_hand")
    state = game._remove(target, p)
    game.hands[p].append(target)
    game.hands[p].extend(state.knowledge)
    game.events.append(Event("return_to_hand", p, {"card": target, "knowledge": state.knowledge}))


def copy_paste(game: "ItStartupGame", p: int, card: int, target: int | None, paid: int) -> None:
    for e in list(game.staff[p]):
        if e != card and CARDS[e].kind == "developer" and e in game.employees:
            game._burn(e, 1)


def downer_dave(game: "ItStartupGame", p: int, card: int, target: int | None, paid: int) -> None:
    if target is not None:
        game._burn(target, 1)


def office_manager(game: "ItStartupGame", p: int, card: int, target: int | None,
                   paid: int) -> None:
    for e in game.staff[p]:
        game._rest(e, 1)


def rockstar_recruiter(game: "ItStartupGame", p: int, card: int, target: int | None,
                       paid: int) -> None:
    if target is not None:
        game._take(p, target, "rockstar_recruiter")


def outsourcing(game: "ItStartupGame", p: int, card: int, target: int | None, paid: int) -> None:
    owner = game.controller(target)  # type: ignore[arg-type]
    game._take(p, target, "outsourcing", borrowed=True)  # type: ignore[arg-type]
    game._gain(owner, paid)


def head_hunter(game: "ItStartupGame", p: int, card: int, target: int | None, paid: int) -> None:
    owner = game.controller(target)  # type: ignore[arg-type]
    from devgames.itstartup.game import HEAD_HUNTER_COUNTER

    if game.resources[owner] >= HEAD_HUNTER_COUNTER:
        game.steps.insert(0, ("headhunt", owner, p, target, card))
    else:
        game._take(p, target, "head_hunter")  # type: ignore[arg-type]
        game.deck.put_bottom(card)


def coffee_machine(game: "ItStartupGame", p: int, card: int, target: int | None,
                   paid: int) -> None:
    game._per_developer(p, 1)
    for e in game.staff[p]:
        game._rest(e, 1)


def vacation_time(game: "ItStartupGame", p: int, card: int, target: int | None,
                  paid: int) -> None:
    game.vacation = True
    for e in game.staff[p]:
        game._rest(e, 1)


def crunch_time(game: "ItStartupGame", p: int, card: int, target: int | None, paid: int) -> None:
    game._per_developer(p, 2)
    game.crunch += 1


def technical_debt(game: "ItStartupGame", p: int, card: int, target: int | None,
                   paid: int) -> None:
    for q in range(game.n):
        for e in list(game.staff[q]):
            game._left(e, q, "technical_debt")
            state = game._remove(e, q)
            game.deck.put_bottom(e)
            for k in state.knowledge:
                game.deck.put_bottom(k)
    if not game.physical:
        game.deck.shuffle(game.rng)
    game.events.append(Event("technical_debt", p, {}))


def monster_bug(game: "ItStartupGame", p: int, card: int, target: int | None, paid: int) -> None:
    for q in range(game.n):
        if q != p:
            for e in list(game.staff[q]):
                if e in game.employees:
                    game._burn(e, 1)


def investor(game: "ItStartupGame", p: int, card: int, target: int | None, paid: int) -> None:
    game._gain(p, 2)


EFFECTS: dict[str, Effect] = {
    "code_monkey": code_monkey,
    "assertive_cto": lambda g, p, c, t, x: draw(g, p, 1, "cto"),
    "copy_paste_developer": copy_paste,
    "downer_dave": downer_dave,
    "database_developer": lambda g, p, c, t, x: draw(g, p, 2, "database"),
    "bi_developer": lambda g, p, c, t, x: draw(g, p, 1, "bi"),
    "senior_backend_developer": lambda g, p, c, t, x: look(g, p, 5, ("keep", p, 2)),
    "junior_backend_developer": lambda g, p, c, t, x: look(g, p, 3, ("keep", p, 1)),
    "research_engineer": lambda g, p, c, t, x: look(g, p, 3, ("order", p)),
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
