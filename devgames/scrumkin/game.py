"""The Scrumkin rules engine.

A sprint: the leader reveals an action card (a boost for every team, or bugs for the leader); then,
from the leader clockwise, each team makes exactly two different moves (a card into its own game,
a card into another team's game, a dropped card); any other team may counter a card as it is laid
down with a defensive card; velocity is counted, backlogs burn down, cards age and hands refill.
The rule interpretations are in docs/rules/scrumkin.md; those that change the game are options.

The engine is split along the rulebook's seams: ``rules`` (the fixed figures), ``setup`` (the
starting state), ``moves`` (each kind of move's check and effect, each phase's turn),
``sprints`` (the deal, the action card, the end of a sprint), ``observer`` (what each team sees)
and ``verbs`` (``game.play("Red", ...)`` and the other domain verbs). This module holds the state
and runs the generic protocol over those tables.
"""

from collections import Counter
from typing import Any

from devgames.core.actions import Action, Event
from devgames.core.game import Game
from devgames.scrumkin import observer
from devgames.scrumkin.cards import CARDS
from devgames.scrumkin.moves import LEGAL, MOVES, PHASES, let_through
from devgames.scrumkin.observer import ScrumkinView
from devgames.scrumkin.options import ScrumkinOptions
from devgames.scrumkin.rules import (
    COUNTER,
    COUNTERS,
    DEFENSIVE,
    MOVES_PER_SPRINT,
    MOVING,
    PASSES,
    SeatRows,
    check_shape,
)
from devgames.scrumkin.setup import lay_out_table, read_rulebook, seat_teams, shuffle_decks
from devgames.scrumkin.sprints import (
    STEPS,
    next_mover,
    points_in_play,
    round_records,
    values_in_play,
)
from devgames.scrumkin.verbs import ScrumkinVerbs

RULES_VERSION = "1"


class ScrumkinGame(ScrumkinVerbs, Game):
    """One game of Scrumkin. Start it with :func:`devgames.scrumkin.new_game`.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue", "Green"], seed=7)
    >>> game.hand("Red")
    ['20% Innovation Time', 'Client on site', 'Scope creep']
    >>> game.play("Red", "Scope creep", target="Blue")   # a move into Blue's game
    >>> game.waiting_for                                 # every other team is asked
    'Blue may counter Scope creep.'
    >>> game.counter("Blue", "Daily Standup")
    >>> game.play("Red", "Client on site")               # a move into Red's own game
    >>> game.pass_counter("Blue")
    >>> game.pass_counter("Green")
    >>> game.drop("Red", "20% Innovation Time")           # Red has made its two moves
    Traceback (most recent call last):
    ...
    devgames.core.errors.IllegalMove: It is Blue's turn, not Red's.
    """

    name = "scrumkin"
    rules_version = RULES_VERSION
    card_ids = range(1, len(CARDS) + 1)
    action_kinds = check_shape.kinds
    #: True once the game has ended (set as it ends: read once per move by every loop).
    is_over = False

    # ----- the state (set up by devgames.scrumkin.setup) ------------------------------------------
    n: int
    #: Every seat a team can play into: its own game first, then the others clockwise.
    targets: tuple[tuple[int, ...], ...]
    #: Other seats, clockwise from each seat.
    clockwise: tuple[tuple[int, ...], ...]
    #: The rows of prebuilt moves open to each seat (see ``rules.MOVE_ROWS``).
    move_rows: tuple[SeatRows, ...]
    collaborative: bool
    physical: bool
    ask_everyone: bool
    #: Whether a team may drop a card, fixed for the game except for needing a bug.
    drops_allowed: bool
    drops_need_bug: bool
    table: list[list[int]]  # cards in front of each team
    ages: list[list[int]]  # sprints each card has counted
    backlog: list[int]
    bugs: list[int]
    taken_over: list[int]  # collaborative: items taken from others, still outstanding
    velocity: list[int]  # last sprint's velocity
    sprint: int
    leader: int
    mover: int
    movers_done: int
    moves: int  # mask of the mover's moves this sprint
    took_over: bool
    action_card: int | None
    boost: int
    # A card being laid down while others may counter it: chain[0] is the card, then counters.
    laid_target: int
    chain: list[tuple[int, int]]
    asked: list[int]
    to_deal: list[int]
    # Per-sprint figures for the metrics rows.
    backlog_start: list[int]
    bugs_added: list[int]
    counters_made: list[int]
    _rows: list[tuple[Any, ...]]  # metrics rows, as tuples of ROUND_FIELDS
    result: str

    def __init__(self, players: tuple[str, ...], seed: int | None, options: ScrumkinOptions):
        super().__init__(players, seed, options)
        seat_teams(self)
        read_rulebook(self)
        shuffle_decks(self)
        lay_out_table(self)
        self._advance()

    # ----- the generic protocol -----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return PHASES[self.phase].to_act(self)

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == COUNTER:  # the most frequent question: counter the card laid, or pass
            p = self.asked[0]
            hand = self.hands[p]
            if DEFENSIVE.isdisjoint(hand):  # no shield to counter with: half the time
                return [PASSES[p]]
            row = COUNTERS[p]
            out = [PASSES[p]]
            for c in hand:
                if c in DEFENSIVE:
                    out.append(row[c])
            return out
        return LEGAL[phase](self)

    def apply(self, action: Action) -> None:
        """Check and carry out ``action``; an illegal one raises IllegalMove and changes nothing.

        The usual moves of the team to act (the pass listed to the team asked, a card laid or
        dropped by the mover) skip the general shape and turn checks of :meth:`_check`.
        """
        phase = self.phase
        if phase == COUNTER and action is PASSES[self.asked[0]]:
            let_through(self, action)  # the listed pass: the asked team lets the card through
        elif (phase == MOVING and action.player == self.mover and action.count is None
              and action.cards is None
              and (action.kind == "play" or (action.kind == "drop" and action.target is None))):
            move = MOVES[action.kind]
            move.check(self, action)
            move.effect(self, action)
        else:
            self._check(action)
            self._do(action)
            self.log.append(action)
            return
        if self.phase == MOVING:  # nobody was asked to counter, or the last one passed
            self._advance()
        self.log.append(action)

    def _check(self, action: Action) -> None:
        """The phase's turn, then the kind's own check (see ``moves.PHASES`` and ``MOVES``)."""
        check_shape(action)
        phase = PHASES[self.phase]
        if action.player != phase.to_act(self):
            if self.phase == COUNTER and action.kind != "counter":  # someone speaks out of turn
                raise phase.refusal(self)
            self._require_turn(action.player)
        if action.kind not in phase.takes:
            raise phase.refusal(self)
        MOVES[action.kind].check(self, action)

    def _do(self, action: Action) -> None:
        MOVES[action.kind].effect(self, action)
        self._advance()

    def _advance(self) -> None:
        """Resolve what needs no decision: digital draws, empty decks, the end of a sprint.

        The mover is done once it has made its two moves or has no card left: with one move made
        and a card in hand, a play into its own or another team's game is always still open.
        """
        while True:
            if self.phase == MOVING:  # the usual case, first: is the mover done?
                if self.hands[self.mover] and self.moves.bit_count() < MOVES_PER_SPRINT:
                    return
                next_mover(self)
            elif not STEPS[self.phase](self):
                return

    # ----- what players see (see devgames.scrumkin.observer) ------------------------------------
    @property
    def waiting_for(self) -> str:
        """What the table waits for: a sentence for the projector."""
        return observer.waiting_for(self)

    def view(self, player: int | str | None) -> ScrumkinView:
        """The table as ``player`` sees it: everything public, plus that player's own hand."""
        return observer.view(self, player)

    def describe(self, action: Action) -> str:
        """A sentence for an action, naming its card (for the acting player or the facilitator)."""
        return observer.describe(self, action)

    def narrate(self, event: Event) -> str | None:
        """A public sentence for an event (None for what the table does not see)."""
        return observer.narrate(self, event)

    # ----- sprints (see devgames.scrumkin.sprints) ----------------------------------------------
    def values_in_play(self) -> list[list[tuple[int, int]]]:
        """For each team, its cards on the table with their current values: [(card id, value)]."""
        return values_in_play(self)

    def points_in_play(self) -> list[int]:
        """Each team's cards on the table added up at their current values, as velocity counts."""
        return points_in_play(self)

    @property
    def rounds(self) -> list[dict[str, Any]]:
        """The metrics rows, one per team per finished sprint (the source for charts and CSV).

        ``cards_in_play`` lists the team's cards with the values they counted that sprint.

        >>> from devgames import scrumkin
        >>> from devgames.core.bots import RandomBot, play_out
        >>> game = scrumkin.new_game(["Red", "Blue"], seed=2)
        >>> _ = play_out(game, {0: RandomBot(1), 1: RandomBot(2)})
        >>> sorted(game.rounds[0])[:6]
        ['action_card', 'backlog_after', 'backlog_before', 'boost', 'bugs_added', 'bugs_left']
        """
        return round_records(self)

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (equal snapshots mean equal games)."""
        return {
            "players": self.players, "seed": self.seed, "options": self.options,
            "deck": list(self.deck), "action_deck": list(self.action_deck),
            "hands": [list(h) for h in self.hands], "table": [list(t) for t in self.table],
            "ages": [list(a) for a in self.ages], "backlog": list(self.backlog),
            "bugs": list(self.bugs), "taken_over": list(self.taken_over),
            "velocity": list(self.velocity), "sprint": self.sprint, "leader": self.leader,
            "phase": self.phase, "mover": self.mover, "movers_done": self.movers_done,
            "moves": self.moves, "took_over": self.took_over, "action_card": self.action_card,
            "boost": self.boost, "laid_target": self.laid_target, "chain": list(self.chain),
            "asked": list(self.asked), "to_deal": list(self.to_deal),
            "backlog_start": list(self.backlog_start), "bugs_added": list(self.bugs_added),
            "counters_made": list(self.counters_made), "rows": list(self._rows),
            "events_count": len(self.events), "last_event": self.events[-1] if self.events
            else None, "log_length": len(self.log), "result": self.result,
            "winners": list(self._winners),
        }

    def card_counts(self) -> Counter[int]:
        """Every card by id: the 86 sprint cards (deck, hands, tables, the card being laid and
        its counters) and the 22 action cards, always back in the action deck. A physical
        deck's cards not entered yet are still in the deck.

        >>> from devgames import scrumkin
        >>> counts = scrumkin.new_game(["Red", "Blue"], seed=1, deck="physical").card_counts()
        >>> len(counts), set(counts.values())
        (108, {1})
        """
        cards = Counter(self.deck)
        for pile in (*self.hands, *self.table):
            cards.update(pile)
        cards.update(card for card, _player in self.chain)
        cards.update(self.action_deck)
        return cards

    def summary(self) -> dict[str, Any]:
        """One row about the game: sprints played, how it ended, winners, final backlogs.

        >>> from devgames import scrumkin
        >>> scrumkin.new_game(["Red", "Blue"], seed=1).summary()
        {'sprints': 0, 'result': '', 'winners': '', 'final_backlogs': 'Red:13;Blue:10'}
        """
        return {
            "sprints": self.sprint - (0 if self.is_over else 1),
            "result": self.result,
            "winners": ";".join(self.winners),
            "final_backlogs": ";".join(
                f"{name}:{left}" for name, left in zip(self.players, self.backlog, strict=True)
            ),
        }
