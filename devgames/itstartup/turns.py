"""A turn of IT Startup: the steps the engine carries out alone, in the rulebook's order.

A turn starts (a card drawn, then the income: the turn number, up to :data:`MAX_INCOME`;
employees held through Outsourcing go home), the player acts (see
:mod:`devgames.itstartup.moves`), and the turn ends (:func:`end`, carried out by the
``end_turn`` move itself): developers score, employees burn out, the HR employees draw, the hoard
cap applies and the turn's metrics rows are written. After a full round the goal is checked.
With a digital deck nothing waits on anybody from the end of one turn to the next player's
decision, and the whole chain runs in one go; with a physical deck the cards drawn are entered
first. :data:`TURN_STEPS` maps each step that can wait in the queue to what it does.

>>> from devgames import itstartup
>>> game = itstartup.new_game(["Ada", "Bob"], seed=1, first_player=0)
>>> game.mulligan("Ada", []); game.mulligan("Bob", [])
>>> before = game.resources[0]
>>> game.end_turn("Ada"); game.end_turn("Bob")
>>> game.resources[0] - before  # Ada's second turn pays 2
2
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from devgames.core.actions import Event, quick_event
from devgames.itstartup import chance, metrics, setup
from devgames.itstartup.printed import BURNOUT_LIMIT, KIND
from devgames.itstartup.steps import BONUS, CAP, DRAW_HAND, INCOME, MAIN, NEXT, START

if TYPE_CHECKING:
    from devgames.itstartup.operations import ItStartupTable
    from devgames.itstartup.steps import Cap, Income, Next, Start

MAX_INCOME = 8
POWERS_OF_TWO = frozenset(2**k for k in range(16))


def start(game: "ItStartupTable", step: "Start") -> None:
    """A turn starts: a card is drawn, then the income."""
    p = step.player
    game.reset_turn()
    game.turns[p] += 1
    game.turn_no += 1
    game.points_at_start = game.points[p]
    game.left_this_turn = []
    if game.record:
        game.events.append(quick_event(("turn", p, {"turn": game.turns[p], "round": game.round},
                                              False)))
    if game.physical:  # the card drawn is entered: the income waits for it
        game.queue(DRAW_HAND[p], INCOME[p])
        return
    chance.draw_now(game, DRAW_HAND[p])
    income(game, INCOME[p])


def income(game: "ItStartupTable", step: "Income") -> None:
    """The turn number in resources (at most :data:`MAX_INCOME`); borrowed employees go home;
    the planning bonus when the points are a power of two."""
    p = step.player
    gained = min(game.turns[p], MAX_INCOME)
    game.gain(p, gained)
    if game.record:
        game.events.append(quick_event(("income", p, {"resources": gained}, False)))
    if game.crews[p].borrowed:
        _go_home(game, p)
    if game.options.planning_bonus and game.points[p] in POWERS_OF_TWO:
        game.queue(BONUS[p], MAIN[p])
    else:
        game.queue(MAIN[p])


def _go_home(game: "ItStartupTable", p: int) -> None:
    """The employees ``p`` holds through Outsourcing go back to their owners; with
    ``outsourced_knowledge="back_to_hand"`` the knowledge ``p`` played on them comes back to
    ``p``'s hand."""
    employees = game.employees
    for e in [e for e in game.staff[p] if employees[e].home is not None]:
        taught = employees[e].taught
        back = taught if game.options.outsourced_knowledge == "back_to_hand" else []
        for k in back:
            game.unteach(p, e, k)
            game.hands[p].append(k)
        home = game.go_home(p, e)
        game.events.append(Event("returns", home, {"card": e, "from": p, "knowledge": back}))


def end(game: "ItStartupTable", p: int) -> None:
    """Player ``p`` ends the turn: developers score, employees burn out, the HR employees draw
    (before or after the burnout, ``hr_draws``), then the hoard cap and the next player's turn.
    With a digital deck nothing waits on anybody: the whole chain runs here, up to the next
    player's turn (or the end of the game)."""
    crew = game.crews[p]
    developers = crew.developers
    # Each developer's ``efficiency``, summed from the counts the table keeps (its own power
    # and its knowledge's, the Scrum Masters') and the Shy Frontend Developers' X this turn.
    gained = (game.bonus_points + game.points_per_developer * developers
              + crew.power + game.held[p].get("scrum_master", 0) * developers)
    shy = game.shy_bonus
    if shy:
        for e in crew.developer_cards:
            gained += shy.get(e, 0)
    game.points[p] += gained
    if game.record:
        game.events.append(quick_event(("score", p, {"points": gained, "total": game.points[p]},
                                              False)))
    game.shy_bonus.clear()
    draws_first = game.options.hr_draws == "before_burnout"
    hr = crew.drawers if draws_first else 0
    _burnout(game, p)
    if not draws_first:
        hr = crew.drawers
    if game.physical:  # the cards drawn are entered: the cap and the next player wait for them
        game.queue(*[DRAW_HAND[p]] * hr, CAP[p], NEXT)
        return
    for _ in range(hr):
        chance.draw_now(game, DRAW_HAND[p])
    cap(game, CAP[p])
    next_player(game, NEXT)


def _burnout(game: "ItStartupTable", p: int) -> None:
    """1 burnout for each employee (none on Vacation Time), and Crunch Time's extra for the
    developers."""
    normal = 0 if game.vacation else 1
    extra_cancelled = game.vacation and game.options.vacation_cancels == "all"
    crunch = 0 if extra_cancelled else game.crunch  # developers' extra burnout
    employees = game.employees
    for e in list(game.staff[p]):
        amount = normal + crunch if crunch and KIND[e] == "developer" else normal
        if amount:
            state = employees[e]
            if state.burnout + amount < BURNOUT_LIMIT[e]:  # ``burn`` when nobody leaves
                state.burnout += amount
            else:
                game.burn(e, amount)


def cap(game: "ItStartupTable", step: "Cap") -> None:
    """The hoard cap on the player's resources, and the turn's metrics rows."""
    p = step.player
    game.resources[p] = min(game.resources[p], game.cap)
    if game.record:
        metrics.record_turn(game, p)


def next_player(game: "ItStartupTable", step: "Next") -> None:
    """The next player's turn; after a full round, the goal is checked first."""
    game.current += 1
    if game.current == game.n:
        game.current = 0
        if _round_over(game):
            return
        game.round += 1
    # Nothing else waits once a turn has ended (the queue is empty): the next turn starts now.
    start(game, START[game.seating[game.current]])


def _round_over(game: "ItStartupTable") -> bool:
    """After a full round: the highest score at or above the goal wins; a tie plays on."""
    best = max(game.points)
    if best < game.options.goal:
        return False
    top = [p for p in range(game.n) if game.points[p] == best]
    if len(top) > 1:
        game.events.append(Event("tie", None, {"players": top, "points": best}))
        return False
    winner = top[0]
    if game.options.tournament_wins:
        game.wins[winner] += 1
        game.events.append(Event("game_won", winner, {"game": game.game_no,
                                                      "wins": list(game.wins)}))
        if game.wins[winner] < game.options.tournament_wins:
            setup.next_tournament_game(game, winner)
            return True
    game._winners = top
    game.result = "tournament_won" if game.options.tournament_wins else "goal_reached"
    game.steps.clear()
    game.is_over = True
    game.events.append(Event("game_over", None, {"winners": top, "reason": game.result}))
    return True


#: What each step the engine carries out alone does, by step kind.
TURN_STEPS: dict[str, Callable[["ItStartupTable", Any], None]] = {
    "start": start, "income": income, "cap": cap, "next": next_player,
}
