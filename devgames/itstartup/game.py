"""The IT Startup rules engine.

Players run IT startups sharing one 64-card deck: developers earn project points every turn,
knowledge makes them better, HR and action cards take over, sabotage and help; employees burn out
and leave. The game is a queue of steps: chance steps (a card drawn, the d6, a coin), decisions of
one player (the turn itself, a mulligan, which cards to keep, whether to pay a counter) and steps
the engine carries out alone (income, scoring, burnout, the hoard cap). The interpretations are in
docs/rules/itstartup.md; those that change the game are options.
"""

from collections import Counter
from typing import TYPE_CHECKING, Any

from devgames.core.actions import CHANCE, Action, Event
from devgames.itstartup import chance, metrics, observer, setup
from devgames.itstartup.cards import CARDS
from devgames.itstartup.moves import LEGAL, MOVES, SHAPED, TAKES, check_shape, refuse
from devgames.itstartup.observer import ItStartupView
from devgames.itstartup.options import ItStartupOptions
from devgames.itstartup.steps import CHANCE_STEPS, UNSEATED, Bonus, Step
from devgames.itstartup.turns import TURN_STEPS
from devgames.itstartup.verbs import ItStartupVerbs

RULES_VERSION = "1"

__all__ = ["RULES_VERSION", "ItStartupGame"]


class ItStartupGame(ItStartupVerbs):
    """One game of IT Startup. Start it with :func:`devgames.itstartup.new_game`.

    >>> from devgames import itstartup
    >>> game = itstartup.new_game(["Ada", "Bob"], seed=3)
    >>> game.waiting_for
    'Ada may put back cards from the opening hand (mulligan).'
    >>> game.mulligan("Ada", [])
    >>> game.mulligan("Bob", [])
    >>> game.waiting_for
    "Ada's turn 1: play cards, plan, sell, buy, or end the turn."
    """

    name = "itstartup"
    rules_version = RULES_VERSION
    card_ids = range(1, len(CARDS) + 1)
    action_kinds = check_shape.kinds

    def __init__(self, players: tuple[str, ...], seed: int | None, options: ItStartupOptions):
        super().__init__(players, seed, options)
        self._listed: tuple[Action, ...] = ()
        setup.lay_out(self)
        self._advance()

    # ----- the generic protocol -----------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        """The step the game waits on (None when over)."""
        return self.steps[0] if self.steps else None

    @property
    def current_player(self) -> int | None:
        steps = self.steps
        if not steps:
            return None
        step = steps[0]
        if step[0] in CHANCE_STEPS:
            return CHANCE
        if TYPE_CHECKING:  # the engine never waits on the next player (checked by mypy only)
            assert not isinstance(step, UNSEATED)
        return step[1]

    def legal_actions(self) -> list[Action]:
        steps = self.steps
        if not steps:
            return []
        step = steps[0]
        out = LEGAL[step[0]](self, step)
        # Remembered until the next move, so that ``_check`` accepts these very objects without
        # checking them again (by identity: an equal action built elsewhere is checked in full).
        self._listed = tuple(out)
        return out

    # ----- checking an action (never changes anything) ------------------------------------------
    # Each kind of move's check (see ``moves.MOVES``) returns when the move is legal and raises
    # IllegalMove with the sentence for the room when it is not: it serves ``apply``,
    # ``can_apply`` and every ``can_*`` verb. ``legal_actions`` lists the same moves from the
    # same rules (costs, targets, readiness).
    def _check(self, action: Action) -> None:
        for listed in self._listed:  # listed for this very position (a plain loop: the lists
            if listed is action:  # are short, and it stops at the action)
                return
        steps = self.steps
        try:  # the engine's shared actions are well formed, each a move of its seat's turn
            shared = SHAPED.get(action)
        except TypeError:  # a field that cannot be hashed: not one of them
            shared = None
        if shared is None or shared[0] is not action:
            check_shape(action)
        elif steps and steps[0] is shared[1]:  # on that turn (queued as the seat's shared
            shared[2](self, action)  # step), only its kind's check is left
            return
        # The base class's turn check only runs (and explains) when the turn is wrong: the
        # player to act is read here as ``current_player`` reads it.
        if not steps:
            self._require_turn(action.player)
        step = steps[0]
        waiting = step[0]
        if TYPE_CHECKING:  # the engine never waits on the next player (checked by mypy only)
            assert not isinstance(step, UNSEATED)
        if action.player != (CHANCE if waiting in CHANCE_STEPS else step[1]):
            self._require_turn(action.player)
        kind = action.kind
        if kind not in TAKES[waiting]:
            refuse(self, waiting, action)
        MOVES[kind].check(self, action)

    # ----- carrying out an action ---------------------------------------------------------------
    def _do(self, action: Action) -> None:
        self._listed = ()
        # A move of the turn leaves the turn step waiting (ending the turn runs to the next
        # player's turn); an answer takes its step off the queue.
        MOVES[action.kind].effect(self, action)
        steps = self.steps
        if steps and steps[0][0] != "main":  # most moves leave a turn waiting: nothing to do
            self._advance()

    def _advance(self) -> None:
        """Carry out every step that needs nobody: digital chance, income, scoring, burnout..."""
        steps = self.steps
        while steps:
            step = steps[0]
            kind = step[0]
            if kind == "main":  # a player's turn: the most common wait
                return
            carry_out = TURN_STEPS.get(kind)
            if carry_out is not None:
                steps.pop(0)
                carry_out(self, step)
                continue
            resolve = chance.RESOLVE.get(kind)
            if resolve is not None:
                if kind == "draw" and not len(self.deck):
                    steps.pop(0)  # nothing left to draw
                    continue
                if self.physical:
                    return
                steps.pop(0)
                resolve(self, step)
            elif self._nothing_to_decide(step):
                steps.pop(0)
            else:
                return

    def _nothing_to_decide(self, step: Step) -> bool:
        """A decision with no choice to make is skipped (nothing looked at, nobody tired)."""
        kind = step.kind
        if kind in ("keep", "order"):
            return not self.looking
        if isinstance(step, Bonus):
            return not any(self.employees[e].burnout for e in self.staff[step.player])
        return False

    # ----- metrics ------------------------------------------------------------------------------
    @property
    def rounds(self) -> list[dict[str, Any]]:
        """One row per player per turn: points, points gained, resources, hand, employees."""
        return metrics.round_records(self)

    @property
    def employee_rows(self) -> list[dict[str, Any]]:
        """One row per employee at the end of each of its controller's turns, and one for each
        employee that left during a turn (``left``: burnout, taken_over, technical_debt,
        returned_to_hand), with its state as it left."""
        return metrics.employee_records(self)

    # ----- what players see (see ``observer``) --------------------------------------------------
    @property
    def waiting_for(self) -> str:
        """What the table waits for: a sentence for the projector."""
        return observer.waiting_for(self)

    def view(self, player: int | str | None) -> ItStartupView:
        """The table as ``player`` sees it: everything public, plus that player's own cards."""
        return observer.view(self, player)

    def secrets(self, player: int | str) -> list[str]:
        """The action card the player planned face down, if any, and what it costs them now."""
        return observer.secrets(self, player)

    def describe(self, action: Action) -> str:
        """A sentence for an action (naming its cards: for the acting player or the facilitator)."""
        return observer.describe(self, action)

    def narrate(self, event: Event) -> str | None:
        """A public sentence for an event (None for what the table does not see)."""
        return observer.narrate(self, event)

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (equal snapshots mean equal games)."""
        return {
            "players": self.players, "seed": self.seed, "options": self.options,
            "deck": list(self.deck), "hands": [list(h) for h in self.hands],
            "resources": list(self.resources), "points": list(self.points),
            "turns": list(self.turns), "staff": [list(s) for s in self.staff],
            "employees": {e: s.state() for e, s in self.employees.items()},
            "planned": list(self.planned), "looking": list(self.looking),
            "seating": list(self.seating), "current": self.current, "round": self.round,
            "turn_no": self.turn_no, "start_roll": self.start_roll,
            "steps": list(self.steps), "free": (sorted(self.free_developers),
                                                sorted(self.free_actions),
                                                sorted(self.knowledge_discount)),
            "shy": dict(self.shy_bonus), "bonus_points": self.bonus_points,
            "points_per_developer": self.points_per_developer,
            "vacation": self.vacation, "crunch": self.crunch,
            "agents_used": sorted(self.agents_used), "points_at_start": self.points_at_start,
            "rows": list(self.rows), "employee_rows": list(self._employee_rows),
            "left": list(self.left_this_turn), "events": len(self.events),
            "last_event": self.events[-1] if self.events else None,
            "log": len(self.log), "result": self.result, "winners": list(self._winners),
            "tournament": (self.game_no, list(self.wins), list(self.tokens)),
        }

    def card_counts(self) -> Counter[int]:
        """All 64 cards by id: the deck (a physical deck's cards not entered yet are still in
        it), hands, every employee on a table and the knowledge cards on it, planned cards,
        cards being looked at, and a Head Hunter waiting for its counter. An employee counts as
        its card, wherever it works (borrowed or not), whatever its burnout.

        >>> from devgames import itstartup
        >>> counts = itstartup.new_game(["Ada", "Bob"], seed=3).card_counts()
        >>> len(counts), set(counts.values())
        (64, {1})
        """
        cards = Counter(self.deck)
        for hand in self.hands:
            cards.update(hand)
        for staff in self.staff:
            for employee in staff:
                cards[employee] += 1
                cards.update(self.employees[employee].knowledge)
        cards.update(planned[0] for planned in self.planned if planned is not None)
        cards.update(self.looking)
        cards.update(step[4] for step in self.steps if step[0] == "headhunt")
        return cards

    def summary(self) -> dict[str, Any]:
        """One row about the game: rounds, how it ended, winners, final points."""
        return {
            "rounds": self.round,
            "result": self.result,
            "winners": ";".join(self.winners),
            "final_points": ";".join(
                f"{name}:{pts}" for name, pts in zip(self.players, self.points, strict=True)
            ),
        }
