"""The Scrumkin rules engine.

A sprint: the leader reveals an action card (a boost for every team, or bugs for the leader); then,
from the leader clockwise, each team makes exactly two different moves (a card into its own game,
a card into another team's game, a dropped card); any other team may counter a card as it is laid
down with a defensive card; velocity is counted, backlogs burn down, cards age and hands refill.
The rule interpretations are in docs/rules/scrumkin.md; those that change the game are options.
"""

from functools import cache
from operator import getitem
from typing import Any

from devgames.core.actions import CHANCE, Action, Event, ShapeCheck
from devgames.core.errors import IllegalMove
from devgames.core.game import Game
from devgames.core.piles import Pile, shuffle
from devgames.scrumkin.cards import (
    ACTION_CARDS,
    CARDS,
    SCRUM_OF_SCRUMS,
    SPRINT_CARDS,
    fixed,
    scrum_of_scrums_value,
)
from devgames.scrumkin.options import ScrumkinOptions

RULES_VERSION = "1"
HAND_SIZE = 3
MOVES_PER_SPRINT = 2

#: Columns of the per-sprint metrics rows (``game.rounds``), one row per team per sprint.
ROUND_FIELDS = (
    "sprint", "team", "leader", "action_card", "boost", "bugs_added", "penalty", "velocity",
    "backlog_before", "completed", "backlog_after", "bugs_left", "cards_in_play", "counters_made",
)

# Phases of a sprint.
DEAL, ACTION_CARD, MOVES, COUNTER, OVER = "deal", "action_card", "moves", "counter", "over"
# The three kinds of move, as bits of the mover's ``moves`` mask.
OWN, OTHER, DROP = 1, 2, 4
MOVE_NAMES = {OWN: "a card into its own game", OTHER: "a card into another team's game",
              DROP: "a dropped card"}

_NAME = {card.id: card.name for card in CARDS.values()}
#: The age at which a card leaves the table (never, for a permanent last value), by card id.
_EXPIRES = [len(CARDS[c].values) if c in CARDS and not CARDS[c].permanent else 1 << 30
            for c in range(max(CARDS) + 1)]
_DEFENSIVE = frozenset(card.id for card in CARDS.values() if card.defensive)
#: ``_event(Event, (kind, player, data, private))``: the frequent events are made from their four
#: fields at once, without the call that fills in ``Event``'s default.
_event = tuple.__new__

# The optional fields each kind of action uses.
_CARD, _TARGET_COUNT = frozenset({"card"}), frozenset({"target", "count"})
_check_shape = ShapeCheck({
    "play": frozenset({"card", "target"}), "drop": _CARD, "counter": _CARD, "deal": _CARD,
    "pass": frozenset(), "take_over": _TARGET_COUNT,
}, "Scrumkin")

# Every move action made once, shared by all games (actions are immutable): indexed by seat,
# target seat and card id, so listing legal moves creates no objects.
_MAX_SEATS = 8
_IDS = range(max(CARDS) + 1)
_PLAY = [[[Action("play", p, card=c, target=t) for c in _IDS] for t in range(_MAX_SEATS)]
         for p in range(_MAX_SEATS)]
_DROP = [[Action("drop", p, card=c) for c in _IDS] for p in range(_MAX_SEATS)]
_COUNTER = [[Action("counter", p, card=c) for c in _IDS] for p in range(_MAX_SEATS)]
_PASS = [Action("pass", p) for p in range(_MAX_SEATS)]
_DEAL = [Action("deal", CHANCE, card=c) for c in _IDS]
#: The sprint cards of each title (three titles have two copies), in the table's order.
_COPIES: dict[str, tuple[int, ...]] = {}
for _c in SPRINT_CARDS:
    _COPIES[_NAME[_c]] = (*_COPIES.get(_NAME[_c], ()), _c)
#: Physical deck: the sprint cards the facilitator may enter as drawn, every one of the box in the
#: table's order but those face up on the table (see ``_sprint_entries``): the list never depends
#: on the hands or on the cards dropped face down, which the room does not see.
_SPRINT_DEAL = [_DEAL[c] for c in sorted(SPRINT_CARDS)]
# For each table size and seat: every seat clockwise from it, itself first (made once).
_SEATS_FROM = {
    n: tuple(tuple((p + i) % n for i in range(n)) for p in range(n))
    for n in range(2, _MAX_SEATS + 1)
}


def _move_rows(seats: tuple[int, ...], moves: int, may_drop: bool) -> tuple[list[Action], ...]:
    """The rows of prebuilt actions (indexed by card) open to the team ``seats[0]``, in the order
    legal moves are listed: plays into its own game, into the others clockwise, then drops."""
    p = seats[0]
    rows = [_PLAY[p][t] for t in seats if not moves & (OWN if t == p else OTHER)]
    if may_drop and not moves & DROP:
        rows.append(_DROP[p])
    return tuple(rows)


# _MOVE_ROWS[n][p][moves][may_drop]: listing the mover's moves is then one pass over its hand.
_MOVE_ROWS = {
    n: tuple(
        tuple((_move_rows(seats, moves, False), _move_rows(seats, moves, True))
              for moves in range((OWN | OTHER | DROP) + 1))
        for seats in _SEATS_FROM[n]
    )
    for n in _SEATS_FROM
}


@cache
def _value_table(ages: int) -> list[tuple[int, ...]]:
    """Each card's value at every age below ``ages`` (its last value from then on), by card id:
    ``_value_table(ages)[card][age]``; 0 for Scrum of Scrums, whose value counts the table."""
    table: list[tuple[int, ...]] = [() for _ in _IDS]
    for c in SPRINT_CARDS:
        values = tuple(0 if v is None else v for v in CARDS[c].values)
        table[c] = values + values[-1:] * (ages - len(values))
    return table


#: The values of a game of up to ``_AGES`` sprints (no card on the table is older).
_AGES = 64
_VALUE_AT = _value_table(_AGES)


@cache
def _in_play_label(card: int, value: int) -> str:
    """'Fairy dust (+3)': a card on the table with its current value, as metrics rows show it."""
    return f"{_NAME[card]} ({value:+d})"


class ScrumkinGame(Game):
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
    action_kinds = _check_shape.kinds
    #: True once the game has ended (set as it ends: read once per move by every loop).
    is_over = False

    def __init__(self, players: tuple[str, ...], seed: int | None, options: ScrumkinOptions):
        super().__init__(players, seed, options)
        self.n = n = len(players)
        # Every seat a team can play into: its own game first, then the others clockwise.
        self.targets = _SEATS_FROM[n]
        self.move_rows = _MOVE_ROWS[n]
        # Other seats, clockwise from each seat.
        self.clockwise = tuple(seats[1:] for seats in self.targets)
        self.collaborative = collaborative = options.rulebook == "collaborative"
        self.physical = options.deck == "physical"
        self.ask_everyone = options.counter_asks == "everyone"
        # Whether a team may drop a card, fixed for the game except for needing a bug.
        self.drops_allowed = not collaborative or options.drop_against_bugs
        self.drops_need_bug = collaborative and options.drop_against_bugs
        sprint_cards, action_cards = list(SPRINT_CARDS), list(ACTION_CARDS)
        if not self.physical:
            # The same shuffles as Pile.shuffle, done on the lists the piles are built from.
            shuffle(sprint_cards, self.rng)
            shuffle(action_cards, self.rng)
        self.deck = Pile(sprint_cards)
        self.action_deck = Pile(action_cards)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.table: list[list[int]] = [[] for _ in range(n)]  # cards in front of each team
        self.ages: list[list[int]] = [[] for _ in range(n)]  # sprints each card has counted
        self.backlog = [options.backlog] * n
        self.bugs = [0] * n
        self.taken_over = [0] * n  # collaborative: items taken from others, still outstanding
        self.velocity = [0] * n  # last sprint's velocity
        self.sprint = 1
        self.leader = options.first_leader
        self.phase = DEAL
        self.mover = self.leader
        self.movers_done = 0
        self.moves = 0  # mask of the mover's moves this sprint
        self.took_over = False
        self.action_card: int | None = None
        self.boost = 0
        # A card being laid down while others may counter it: chain[0] is the card, then counters.
        self.laid_target = -1
        self.chain: list[tuple[int, int]] = []
        self.asked: list[int] = []
        self.to_deal = [p for p in range(n) for _ in range(HAND_SIZE)]
        # Per-sprint figures for the metrics rows.
        self.backlog_start = list(self.backlog)
        self.bugs_added = [0] * n
        self.counters_made = [0] * n
        self._rows: list[tuple[Any, ...]] = []  # metrics rows, as tuples of ROUND_FIELDS
        self.result = ""
        self.is_over = False
        self._advance()

    # ----- the generic protocol -----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == MOVES:
            return self.mover
        if phase == COUNTER:
            return self.asked[0]
        if phase == OVER:
            return None
        return CHANCE

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == COUNTER:  # the most frequent question: counter the card laid, or pass
            p = self.asked[0]
            hand = self.hands[p]
            if _DEFENSIVE.isdisjoint(hand):  # no shield to counter with: half the time
                return [_PASS[p]]
            row = _COUNTER[p]
            out = [_PASS[p]]
            for c in hand:
                if c in _DEFENSIVE:
                    out.append(row[c])
            return out
        if phase != MOVES:
            return self._legal_outside_moves()
        # The mover's moves, listed here without a further call.
        p = self.mover
        hand = self.hands[p]
        rows = self.move_rows[p][self.moves][self._drop_allowed(p)]
        out = [row[c] for row in rows for c in hand]
        if self.collaborative and not self.took_over:
            room = self.options.board - self.backlog[p]
            for giver in self.clockwise[p]:
                for count in range(1, min(self.backlog[giver], room) + 1):
                    out.append(Action("take_over", p, target=giver, count=count))
        return out

    def _legal_outside_moves(self) -> list[Action]:
        """Legal actions while a card is to be entered, or at the end."""
        phase = self.phase
        if phase == OVER:
            return []
        if phase == DEAL:
            return self._sprint_entries()
        # Every action card is always in the action deck: each is revealed face up and goes
        # back under the deck at once, so this list is the whole action deck and tells nothing.
        return [_DEAL[c] for c in sorted(self.action_deck)]

    def _sprint_entries(self) -> list[Action]:
        """The sprint cards that may be entered: every one but those face up on the table (a
        public fact)."""
        face_up = {c for cards in self.table for c in cards}
        return [deal for deal in _SPRINT_DEAL if deal.card not in face_up]

    def _recount(self, card: int) -> None:
        """Make sure the sprint card entered, not face up, is in the deck.

        The engine may believe it is in a hand (the first holding it in seat order): the table is
        right. If a copy of the same title is in the deck, the two copies trade places (nothing
        changes but their ids); otherwise the card trades places with the deck's top card, which
        the engine believes that team holds from then on, and a private event records it. Every
        card stays in one place.

        >>> from devgames import scrumkin
        >>> game = scrumkin.new_game(["Red", "Blue"], seed=1, deck="physical")
        >>> game.deal("Fairy dust")
        >>> game.deal("Fairy dust")  # one Fairy dust in the box: Red's first card was another
        >>> game.hand("Red")
        ['Scope creep', 'Fairy dust']
        """
        deck = self.deck
        if card in deck:
            return
        for p, hand in enumerate(self.hands):
            if card in hand:
                substitute = next((c for c in _COPIES[_NAME[card]] if c in deck), deck[0])
                deck[deck.index(substitute)] = card
                hand[hand.index(card)] = substitute
                if self.record and _NAME[substitute] != _NAME[card]:
                    self.events.append(Event(
                        "mismatch", p, {"card": substitute, "instead_of": card}, private=True))
                return

    def _drop_allowed(self, p: int) -> bool:
        return self.drops_allowed and (not self.drops_need_bug or self.bugs[p] > 0)

    def apply(self, action: Action) -> None:
        """Check and carry out ``action``; an illegal one raises IllegalMove and changes nothing.

        The usual moves of the team to act are checked and carried out here, with the same checks
        and steps as :meth:`_check` and :meth:`_do` take for them.
        """
        phase = self.phase
        if phase == COUNTER:
            asked = self.asked
            if action is _PASS[asked[0]]:  # the listed pass: the asked team lets the card through
                del asked[0]
                if not asked:
                    self._resolve_chain()
                    self._advance()
                self.log.append(action)
                return
        elif (phase == MOVES and action.player == self.mover and action.count is None
              and action.cards is None):
            kind = action.kind
            if kind == "play":
                self._check_play(action)
                self._lay_down(action.player, action.card or 0, action.target or 0)
                if self.phase == MOVES:  # nobody was asked to counter it
                    self._advance()
                self.log.append(action)
                return
            if kind == "drop" and action.target is None:
                self._check_drop(action)
                self._drop(action.player, action.card or 0)
                self._advance()
                self.log.append(action)
                return
        self._check(action)
        self._do(action)
        self.log.append(action)

    # ----- checking a move (never changes anything) ---------------------------------------------
    def _check(self, action: Action) -> None:
        kind, p = action.kind, action.player
        phase = self.phase
        # The usual moves of the team to act, with the fields their kind takes, are checked first,
        # without the general shape and turn checks.
        if action.count is None and action.cards is None:
            if phase == MOVES and p == self.mover:
                if kind == "play":
                    self._check_play(action)
                    return
                if kind == "drop" and action.target is None:
                    self._check_drop(action)
                    return
            elif phase == COUNTER and p == self.asked[0] and action.target is None:
                if kind == "pass" and action.card is None:
                    return
                if kind == "counter":
                    self._check_counter(action)
                    return
        _check_shape(action)
        # The team to act now needs no turn checks.
        if phase == COUNTER and p == self.asked[0]:
            self._check_counter(action)
            return
        if phase == MOVES and p == self.mover:
            self._check_move(action)
            return
        if phase == COUNTER and kind != "counter":  # someone else speaks out of turn
            who, card = self.players[self.asked[0]], _NAME[self.chain[-1][0]]
            raise IllegalMove(
                "counter_pending",
                f"{who} must first say whether to counter {card} (counter or pass).",
            )
        self._require_turn(p)
        if phase in (DEAL, ACTION_CARD):
            self._check_deal(action)
        elif phase == COUNTER:
            self._check_counter(action)
        else:
            self._check_move(action)

    def _check_move(self, action: Action) -> None:
        """Check a move by the team whose turn it is (a shape-checked action)."""
        kind = action.kind
        if kind == "play":
            self._check_play(action)
        elif kind == "drop":
            self._check_drop(action)
        elif kind == "take_over":
            self._check_take_over(action)
        else:
            raise IllegalMove("no_counter_pending", "No card is being laid down to counter now.")

    def _check_deal(self, action: Action) -> None:
        if action.kind != "deal":
            raise IllegalMove(
                "card_expected",
                "The table is waiting for the card that was really drawn to be entered.",
            )
        sprint = self.phase == DEAL
        pile = self.deck if sprint else self.action_deck
        if sprint and action.card in SPRINT_CARDS and action in self._sprint_entries():
            return  # in the deck, or in a hand as far as the engine knows (see _recount)
        if action.card not in pile:
            which = "sprint" if sprint else "action"
            if action.card is None:
                raise IllegalMove("card_expected", f"Name the {which} card that was really drawn.")
            if sprint and action.card in SPRINT_CARDS:  # public: the card lies face up
                raise IllegalMove(
                    "card_face_up",
                    f"{self._card_name(action.card)} is face up on the table; enter the sprint "
                    "card that was really drawn.",
                )
            raise IllegalMove(
                "card_not_in_deck",
                f"{self._card_name(action.card)} is not in the {which} deck now; "
                f"enter the {which} card that was really drawn.",
            )

    def _check_counter(self, action: Action) -> None:
        p, card = action.player, action.card
        if action.kind == "pass":
            return
        if action.kind != "counter":
            raise IllegalMove(
                "counter_pending",
                f"{self.players[p]} must first say whether to counter "
                f"{_NAME[self.chain[-1][0]]} (counter or pass).",
            )
        card = self._require_in_hand(p, card)
        if card not in _DEFENSIVE:
            raise IllegalMove(
                "not_defensive",
                f"{_NAME[card]} has no shield: only defensive cards can counter.",
            )

    def _check_play(self, action: Action) -> None:
        p, card, target = action.player, action.card, action.target
        if card not in self.hands[p]:
            self._require_in_hand(p, card)
        if type(target) is not int or not 0 <= target < self.n:
            raise IllegalMove("unknown_player", f"There is no team {target!r} to play into.")
        kind = OWN if target == p else OTHER
        if self.moves & kind:
            raise IllegalMove(
                "move_already_made",
                f"{self.players[p]} has already played {MOVE_NAMES[kind]} this sprint; "
                "the two moves must be different.",
            )

    def _check_drop(self, action: Action) -> None:
        p = action.player
        self._require_in_hand(p, action.card)
        if not self._drop_allowed(p):
            reason = (
                "only against a bug, and this team has no bug in its backlog"
                if self.options.drop_against_bugs
                else "not in the collaborative game"
            )
            raise IllegalMove("drop_not_allowed", f"Cards cannot be dropped {reason}.")
        if self.moves & DROP:
            raise IllegalMove(
                "move_already_made",
                f"{self.players[p]} has already dropped a card this sprint; "
                "the two moves must be different.",
            )

    def _check_take_over(self, action: Action) -> None:
        p, giver, count = action.player, action.target, action.count
        if not self.collaborative:
            raise IllegalMove(
                "take_over_not_allowed",
                "Backlog items can only be taken over in the collaborative game.",
            )
        if self.took_over:
            raise IllegalMove(
                "take_over_done", f"{self.players[p]} has already taken over items this sprint."
            )
        if type(giver) is not int or not 0 <= giver < self.n or giver == p:
            raise IllegalMove("unknown_player", "Choose another team to take backlog items from.")
        room = self.options.board - self.backlog[p]
        most = min(self.backlog[giver], room)
        if type(count) is not int or not 1 <= count <= most:
            raise IllegalMove(
                "bad_count",
                f"{self.players[p]} can take 1 to {most} items from {self.players[giver]}, "
                f"not {count!r}." if most else
                f"{self.players[p]} cannot take items from {self.players[giver]} now.",
            )

    def _require_in_hand(self, p: int, card: Any) -> int:
        """The card, once known to be in ``p``'s hand."""
        if card not in self.hands[p]:
            raise IllegalMove(
                "card_not_in_hand",
                f"{self.players[p]} does not hold {self._card_name(card)}.",
            )
        return card

    @staticmethod
    def _card_name(card: Any) -> str:
        return _NAME.get(card, f"card {card!r}")

    # ----- carrying out a move --------------------------------------------------------------
    def _do(self, action: Action) -> None:
        kind, p = action.kind, action.player
        # Checked: each kind carries the fields it needs (narrowed once, here).
        card, target, count = action.card or 0, action.target or 0, action.count or 0
        if kind == "play":
            self._lay_down(p, card, target)
        elif kind == "drop":
            self._drop(p, card)
        elif kind == "pass":
            self.asked.pop(0)
            if not self.asked:
                self._resolve_chain()
        elif kind == "counter":
            self._counter(p, card)
        elif kind == "take_over":
            self._take_over(p, target, count)
        else:  # deal
            if self.phase == DEAL:
                self._recount(card)
                self.deck.take(card)
                self._give(self.to_deal.pop(0), card)
            else:
                self.action_deck.take(card)
                self._reveal_action_card(card)
        self._advance()

    def _deal_digital(self) -> None:
        """Digital deck: every pending card is drawn from the top, one event per team."""
        deck, hands, events = self.deck, self.hands, self.events
        dealing = self.to_deal[: len(deck)]
        self.chance_steps += len(dealing)
        self.to_deal = []
        drawn: dict[int, list[int]] = {}
        draw = deck.draw
        for p in dealing:
            drawn.setdefault(p, []).append(draw())
        record = self.record
        for p, cards in drawn.items():
            hands[p] += cards
            if record:
                events.append(_event(Event, ("draw", p, {"cards": cards}, True)))

    def _give(self, p: int, card: int) -> None:
        self.hands[p].append(card)
        if self.record:
            self.events.append(Event("draw", p, {"cards": [card]}, private=True))

    def _advance(self) -> None:
        """Resolve what needs no decision: digital draws, empty decks, the end of a sprint.

        The mover is done once it has made its two moves or has no card left: with one move made
        and a card in hand, a play into its own or another team's game is always still open.
        """
        while True:
            phase = self.phase
            if phase == MOVES:  # the usual case, first: is the mover done?
                if self.hands[self.mover] and self.moves.bit_count() < MOVES_PER_SPRINT:
                    return
                self._next_mover()
            elif phase == DEAL:
                if self.to_deal and not len(self.deck):
                    self.to_deal.clear()  # the sprint deck ran out: hands stay short
                if not self.to_deal:
                    self.phase = ACTION_CARD
                elif self.physical:
                    return
                else:
                    self._deal_digital()
            elif phase == ACTION_CARD:
                if self.physical:
                    return
                self.chance_steps += 1
                self._reveal_action_card(self.action_deck.draw())
            else:
                return

    def _reveal_action_card(self, card: int) -> None:
        info = CARDS[card]
        leader = self.leader
        self.action_card = card
        self.backlog_start = list(self.backlog)
        n = self.n
        self.bugs_added = [0] * n
        self.counters_made = [0] * n
        if info.bugs:
            self.boost = 0
        else:
            assert fixed(info.values)  # a boost is a plain number
            self.boost = info.values[0]
        added = self._add_bugs(leader, info.bugs) if info.bugs else 0
        self.action_deck.put_bottom(card)
        if self.record:
            self.events.append(
                Event("action_card", leader, {"card": card, "boost": self.boost, "bugs": added})
            )
        self.phase = MOVES
        self.mover = leader
        self.movers_done = 0
        self.moves = 0
        self.took_over = False

    def _add_bugs(self, p: int, count: int) -> int:
        """Add up to ``count`` bugs to a backlog; bugs beyond the board are lost."""
        added = max(0, min(count, self.options.board - self.backlog[p]))
        self.backlog[p] += added
        self.bugs[p] += added
        self.bugs_added[p] += added
        return added

    def _lay_down(self, p: int, card: int, target: int) -> None:
        self.hands[p].remove(card)
        self.moves |= OWN if target == p else OTHER
        self.laid_target = target
        if self.record:
            self.events.append(
                _event(Event, ("play", p, {"card": card, "target": target}, False)))
        # The other teams (holding a defensive card) may counter it, clockwise from the layer.
        asked = list(self.clockwise[p]) if self.ask_everyone else self._askable(p)
        if asked:
            self.chain = [(card, p)]
            self.asked = asked
            self.phase = COUNTER
        else:  # nobody can counter: the card stands at once (what _resolve_chain would do)
            self.table[target].append(card)
            self.ages[target].append(0)

    def _askable(self, layer: int) -> list[int]:
        """The teams asked whether to counter a card laid by ``layer``, clockwise from it: those
        holding a defensive card, or every other team (``counter_asks="everyone"``)."""
        if self.ask_everyone:
            return list(self.clockwise[layer])
        hands = self.hands
        return [q for q in self.clockwise[layer] if not _DEFENSIVE.isdisjoint(hands[q])]

    def _open_counter_window(self, layer: int) -> None:
        """Offer a counter to the teams :meth:`_askable` for ``layer``, clockwise from it."""
        self.asked = self._askable(layer)
        if self.asked:
            self.phase = COUNTER
        else:
            self._resolve_chain()

    def _counter(self, p: int, card: int) -> None:
        self.hands[p].remove(card)
        self.counters_made[p] += 1
        against = self.chain[-1][0]
        if self.record:
            self.events.append(
                _event(Event, ("counter", p, {"card": card, "against": against}, False)))
        self.chain.append((card, p))
        if self.options.counter_chains:
            self._open_counter_window(p)
        else:
            self._resolve_chain()

    def _resolve_chain(self) -> None:
        """The laid card stands if it was countered an even number of times; counters go under."""
        chain = self.chain
        card, layer = chain[0]
        target = self.laid_target
        if len(chain) % 2:  # it stands (its "play" event already told the table)
            self.table[target].append(card)
            self.ages[target].append(0)
        else:
            self.deck.put_bottom(card)
            if self.record:
                self.events.append(
                    _event(Event, ("countered", target, {"card": card, "by": layer}, False)))
        for counter_card, _ in chain[1:]:
            self.deck.put_bottom(counter_card)
        self.chain = []
        self.asked = []
        self.phase = MOVES

    def _drop(self, p: int, card: int) -> None:
        self.hands[p].remove(card)
        self.deck.put_bottom(card)
        self.moves |= DROP
        fixed = self.options.drop_against_bugs and self.bugs[p] > 0
        if fixed:
            self.bugs[p] -= 1
            self.backlog[p] -= 1
        if self.record:
            self.events.append(
                _event(Event, ("drop", p, {"card": card, "bug_fixed": fixed}, True)))

    def _take_over(self, p: int, giver: int, count: int) -> None:
        self._remove_items(giver, count)
        self.backlog[p] += count
        self.taken_over[p] += count
        self.took_over = True
        if self.record:
            self.events.append(Event("take_over", p, {"from": giver, "count": count}))

    def _remove_items(self, p: int, count: int) -> None:
        """Take ``count`` items off a backlog: taken-over items first, then features, bugs last."""
        self.backlog[p] -= count
        self.taken_over[p] = max(0, self.taken_over[p] - count)
        self.bugs[p] = min(self.bugs[p], self.backlog[p] - self.taken_over[p])

    def _next_mover(self) -> None:
        self.movers_done += 1
        if self.movers_done == self.n:
            self._end_sprint()
            return
        self.mover = (self.mover + 1) % self.n
        self.moves = 0
        self.took_over = False

    # ----- the end of a sprint ----------------------------------------------------------------
    def values_in_play(self) -> list[list[tuple[int, int]]]:
        """For each team, its cards on the table with their current values: [(card id, value)].

        Scrum of Scrums is worth 1 per other team with a Scrum of Scrums in play.
        """
        table, ages = self.table, self.ages
        # A card played in sprint s is s' - s sprints old in sprint s'.
        at = _VALUE_AT if self.sprint <= _AGES else _value_table(self.sprint)
        has_sos = [not SCRUM_OF_SCRUMS.isdisjoint(cards) for cards in table]
        out = []
        for p, cards in enumerate(table):
            row = [(card, at[card][age]) for card, age in zip(cards, ages[p], strict=True)]
            if has_sos[p]:  # each Scrum of Scrums counts the table
                sos = scrum_of_scrums_value(has_sos, p)
                row = [(card, sos if card in SCRUM_OF_SCRUMS else value) for card, value in row]
            out.append(row)
        return out

    def points_in_play(self) -> list[int]:
        """Each team's cards on the table added up at their current values, as velocity counts
        them: the sums of :meth:`values_in_play`, without listing each card.

        >>> from devgames import scrumkin
        >>> from devgames.core.bots import RandomBot, play_out
        >>> game = scrumkin.new_game(["Red", "Blue"], seed=3)
        >>> _ = play_out(game, {0: RandomBot(1), 1: RandomBot(2)}, max_actions=60)
        >>> game.points_in_play() == [sum(v for _, v in row) for row in game.values_in_play()]
        True
        """
        table = self.table
        at = _VALUE_AT if self.sprint <= _AGES else _value_table(self.sprint)
        points = [sum(map(getitem, map(at.__getitem__, cards), ages))
                  for cards, ages in zip(table, self.ages, strict=True)]
        has_sos = [not SCRUM_OF_SCRUMS.isdisjoint(cards) for cards in table]
        if True in has_sos:  # each Scrum of Scrums counts the table (its own value is 0)
            for p, cards in enumerate(table):
                if has_sos[p]:
                    count = sum(card in SCRUM_OF_SCRUMS for card in cards)
                    points[p] += count * scrum_of_scrums_value(has_sos, p)
        return points

    def _end_sprint(self) -> None:
        n = self.n
        boost, backlog = self.boost, self.backlog
        points = self.points_in_play()
        penalties = list(self.taken_over)
        velocities, completed = [], []
        for p in range(n):  # each team's velocity, and what it burns down
            velocity = boost - penalties[p] + points[p]
            velocities.append(velocity)
            done = 0
            if velocity > 0:
                done = min(velocity, backlog[p])
                self._remove_items(p, done)
            elif self.collaborative and velocity < -3:
                self._add_bugs(p, -velocity)
            completed.append(done)
        self.velocity = velocities
        if self.record:
            self.events.append(
                Event("velocity", None, {"velocities": velocities, "completed": completed})
            )
            self._record_rows(self.values_in_play(), penalties, completed)
        self._check_end(velocities)
        if self.phase == OVER:
            return
        self._age_cards()
        self.sprint += 1
        self.leader = (self.leader + 1) % n
        hands = self.hands
        self.to_deal = [  # from the new leader clockwise
            p for p in self.targets[self.leader] for _ in range(HAND_SIZE - len(hands[p]))
        ]
        self.phase = DEAL
        self.action_card = None
        self.boost = 0

    def _record_rows(self, in_play: list[list[tuple[int, int]]], penalties: list[int],
                     completed: list[int]) -> None:
        """Keep the sprint's metrics rows (one per team, as tuples of ROUND_FIELDS)."""
        sprint, players, backlog, bugs = self.sprint, self.players, self.backlog, self.bugs
        action = _NAME[self.action_card] if self.action_card else ""
        leader = players[self.leader]
        boost, velocities = self.boost, self.velocity
        bugs_added, backlog_start, counters_made = (
            self.bugs_added, self.backlog_start, self.counters_made)
        self._rows += [
            (sprint, players[p], leader, action, boost, bugs_added[p], -penalties[p],
             velocities[p], backlog_start[p], completed[p], backlog[p], bugs[p],
             tuple(in_play[p]), counters_made[p])
            for p in range(self.n)
        ]

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
        rows = []
        for row in self._rows:
            record = dict(zip(ROUND_FIELDS, row, strict=True))
            record["cards_in_play"] = "; ".join(_in_play_label(c, v) for c, v in row[12])
            rows.append(record)
        return rows

    def _check_end(self, velocities: list[int]) -> None:
        n = self.n
        if self.collaborative:
            if not any(self.backlog):
                self._finish(list(range(n)), "all_backlogs_done")
            elif self.sprint >= self.options.collaborative_sprints:
                self._finish([], "out_of_sprints")
            return
        if 0 in self.backlog:
            done = [p for p in range(n) if self.backlog[p] == 0]
            if self.options.tie_break == "velocity":
                best = max(velocities[p] for p in done)
                done = [p for p in done if velocities[p] == best]
            self._finish(done, "backlog_done")
        elif self.sprint >= self.options.sprint_cap:
            lowest = min(self.backlog)
            self._finish([p for p in range(n) if self.backlog[p] == lowest], "sprint_cap")

    def _finish(self, winners: list[int], reason: str) -> None:
        self._winners = winners
        self.result = reason
        self.phase = OVER
        self.is_over = True
        if self.record:
            self.events.append(Event("game_over", None, {"winners": winners, "reason": reason}))

    def _age_cards(self) -> None:
        """Cards move up one value; those past their last non-permanent value leave the table."""
        table, all_ages, deck, events = self.table, self.ages, self.deck, self.events
        record = self.record
        for p in range(self.n):
            if not table[p]:
                continue
            # One pass over the team's cards, rebuilding its table and ages.
            cards, ages = [], []
            for card, age in zip(table[p], all_ages[p], strict=True):
                age += 1
                if age >= _EXPIRES[card]:
                    deck.put_bottom(card)
                    if record:
                        events.append(_event(Event, ("leaves_play", p, {"card": card}, False)))
                else:
                    cards.append(card)
                    ages.append(age)
            table[p] = cards
            all_ages[p] = ages

    # ----- domain verbs (names or seat numbers, card names or ids) -------------------------------
    def hand(self, team: int | str) -> list[str]:
        """The names of the cards in a team's hand (show only to that team)."""
        return [_NAME[c] for c in self.hands[self.seat(team)]]

    def card_id(self, card: int | str, among: list[int] | Pile) -> int:
        """The id of a card given by name (any letter case) or id, looked up in ``among``."""
        if isinstance(card, int) and not isinstance(card, bool):
            return card
        folded = str(card).strip().casefold()
        for c in among:
            if _NAME[c].casefold() == folded:
                return c
        for info in CARDS.values():  # a real card, but not there: the check says so by name
            if info.name.casefold() == folded:
                return info.id
        raise IllegalMove("unknown_card", f"Scrumkin has no card called {card!r}.")

    def _play_action(self, team: int | str, card: int | str, target: int | str | None) -> Action:
        p = self.seat(team)
        where = p if target is None else self.seat(target)
        return Action("play", p, card=self.card_id(card, self.hands[p]), target=where)

    def play(self, team: int | str, card: int | str, target: int | str | None = None) -> None:
        """Lay a card into ``target``'s game (the team's own game when no target is given)."""
        self.apply(self._play_action(team, card, target))

    def can_play(self, team: int | str, card: int | str, target: int | str | None = None) -> bool:
        """True if :meth:`play` with these arguments is allowed now."""
        try:
            return self.can_apply(self._play_action(team, card, target))
        except IllegalMove:
            return False

    def _drop_action(self, team: int | str, card: int | str) -> Action:
        p = self.seat(team)
        return Action("drop", p, card=self.card_id(card, self.hands[p]))

    def drop(self, team: int | str, card: int | str) -> None:
        """Drop a card face down under the sprint deck (one of the team's two moves)."""
        self.apply(self._drop_action(team, card))

    def can_drop(self, team: int | str, card: int | str) -> bool:
        """True if :meth:`drop` with these arguments is allowed now."""
        try:
            return self.can_apply(self._drop_action(team, card))
        except IllegalMove:
            return False

    def _counter_action(self, team: int | str, card: int | str) -> Action:
        p = self.seat(team)
        return Action("counter", p, card=self.card_id(card, self.hands[p]))

    def counter(self, team: int | str, card: int | str) -> None:
        """Counter the card being laid down with a defensive card from the team's hand."""
        self.apply(self._counter_action(team, card))

    def can_counter(self, team: int | str, card: int | str) -> bool:
        """True if :meth:`counter` with these arguments is allowed now."""
        try:
            return self.can_apply(self._counter_action(team, card))
        except IllegalMove:
            return False

    def pass_counter(self, team: int | str) -> None:
        """Let the card being laid down through without countering it."""
        self.apply(Action("pass", self.seat(team)))

    def can_pass_counter(self, team: int | str) -> bool:
        """True if ``team`` is the one asked whether to counter now."""
        return self._can(lambda: Action("pass", self.seat(team)))

    def take_over(self, team: int | str, from_team: int | str, count: int) -> None:
        """Collaborative game: take ``count`` backlog items from another team (-1 velocity each)."""
        self.apply(Action("take_over", self.seat(team), target=self.seat(from_team), count=count))

    def can_take_over(self, team: int | str, from_team: int | str, count: int) -> bool:
        """True if :meth:`take_over` with these arguments is allowed now."""
        try:
            action = Action("take_over", self.seat(team), target=self.seat(from_team), count=count)
        except IllegalMove:
            return False
        return self.can_apply(action)

    def deal(self, card: int | str) -> None:
        """Physical deck: enter the card that was really drawn (sprint or action card)."""
        pile = self.deck if self.phase == DEAL else self.action_deck
        self.apply(Action("deal", CHANCE, card=self.card_id(card, pile)))

    def can_deal(self, card: int | str) -> bool:
        """True if :meth:`deal` of this card is allowed now."""
        pile = self.deck if self.phase == DEAL else self.action_deck
        return self._can(lambda: Action("deal", CHANCE, card=self.card_id(card, pile)))

    # ----- what players see -----------------------------------------------------------------
    @property
    def waiting_for(self) -> str:
        """What the table waits for: a sentence for the projector."""
        phase = self.phase
        if phase == OVER:
            return "The game is over."
        if phase == DEAL:
            return f"Enter the sprint card {self.players[self.to_deal[0]]} drew."
        if phase == ACTION_CARD:
            leader = self.players[self.leader]
            return f"Enter the action card {leader} drew for sprint {self.sprint}."
        if phase == COUNTER:
            card = _NAME[self.chain[-1][0]]
            return f"{self.players[self.asked[0]]} may counter {card}."
        done = self.moves.bit_count()
        return f"{self.players[self.mover]} makes move {done + 1} of {MOVES_PER_SPRINT}."

    def view(self, player: int | str | None) -> dict[str, Any]:
        """The table as ``player`` sees it: everything public, plus that player's own hand."""
        in_play = self.values_in_play()
        current = self.current_player
        teams = []
        for p, name in enumerate(self.players):
            teams.append({
                "name": name,
                "backlog": self.backlog[p],
                "bugs": self.bugs[p],
                "taken_over": self.taken_over[p],
                "velocity": self.velocity[p],
                "hand_size": len(self.hands[p]),
                "in_play": [
                    {"card": _NAME[c], "id": c, "value": v, "age": age}
                    for (c, v), age in zip(in_play[p], self.ages[p], strict=True)
                ],
            })
        out: dict[str, Any] = {
            "game": self.name,
            "rulebook": self.options.rulebook,
            "sprint": self.sprint,
            "leader": self.players[self.leader],
            "phase": self.phase,
            "waiting_for": self.waiting_for,
            "current_player": self.players[current] if current is not None and current >= 0
            else ("deck" if current == CHANCE else None),
            "action_card": _NAME[self.action_card] if self.action_card else None,
            "boost": self.boost,
            "deck_size": len(self.deck),
            "teams": teams,
            "being_laid": {
                "card": _NAME[self.chain[0][0]],
                "by": self.players[self.chain[0][1]],
                "into": self.players[self.laid_target],
                "counters": [_NAME[c] for c, _ in self.chain[1:]],
            } if self.chain else None,
            "is_over": self.is_over,
            "winners": self.winners,
            "result": self.result,
            # Kept for notebooks and tests, left off the projector: the set-up, the phase the
            # big line says, and the items taken over (the collaborative game's only).
            "aside": ["rulebook", "phase", "boost",
                      *(["taken_over"] if self.options.rulebook != "collaborative" else [])],
        }
        if player is not None:
            p = self.seat(player)
            out["you"] = self.players[p]
            out["hand"] = [
                {"id": c, "card": _NAME[c], "figures": CARDS[c].label(),
                 "defensive": c in _DEFENSIVE}
                for c in self.hands[p]
            ]
        return out

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

    def _team(self, seat: int | None) -> str:
        """A team's name in a sentence (``?`` for a move that names none)."""
        return self.players[seat] if seat is not None else "?"

    def describe(self, action: Action) -> str:
        """A sentence for an action, naming its card (for the acting player or the facilitator).

        >>> from devgames import scrumkin
        >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
        >>> game.describe(Action("play", 0, card=27, target=1))
        "Red plays Fairy dust (+3 +2 +1 -2 for ever) into Blue's game"
        """
        kind = action.kind
        who = self.players[action.player] if 0 <= action.player < len(self.players) else "Deck"
        card = CARDS.get(action.card) if action.card is not None else None
        named = f"{card.name} ({card.label()})" if card else ""
        if kind == "play":
            where = "its own game" if action.target == action.player else (
                f"{self._team(action.target)}'s game")
            return f"{who} plays {named} into {where}"
        if kind == "drop":
            extra = " (fixing a bug)" if self.options.drop_against_bugs else ""
            return f"{who} drops {named}{extra}"
        if kind == "counter":
            return f"{who} counters with {named}"
        if kind == "pass":
            return f"{who} lets it through"
        if kind == "take_over":
            return (f"{who} takes over {action.count} item{'s' * (action.count != 1)} from "
                    f"{self._team(action.target)}")
        return f"The card drawn is {named}"

    def narrate(self, event: Event) -> str | None:
        """A public sentence for an event (None for what the table does not see)."""
        data = event.data
        who = self.players[event.player] if event.player is not None else ""
        kind = event.kind
        if event.private:
            return f"{who} drops a card face down." if kind == "drop" else None
        if kind == "action_card":
            card = CARDS[data["card"]]
            effect = f"{data['bugs']} bugs for {who}" if card.bugs else (
                f"{data['boost']:+d} velocity for everyone")
            return f"Sprint {self.sprint}: {who} leads and draws {card.name}: {effect}."
        if kind == "play":
            return f"{who} lays {_NAME[data['card']]} into {self.players[data['target']]}'s game."
        if kind == "counter":
            return f"{who} counters {_NAME[data['against']]} with {_NAME[data['card']]}!"
        if kind == "countered":
            return f"{_NAME[data['card']]} is countered; both cards go under the deck."
        if kind == "take_over":
            return (f"{who} takes over {data['count']} item{'s' * (data['count'] != 1)} from "
                    f"{self.players[data['from']]}.")
        if kind == "velocity":
            return " ".join(
                f"{self.players[p]}: velocity {v:+d}, {done} done."
                for p, (v, done) in enumerate(zip(data["velocities"], data["completed"],
                                                  strict=True))
            )
        if kind == "leaves_play":
            return f"{_NAME[data['card']]} leaves {who}'s game."
        if kind == "game_over":
            names = ", ".join(self.players[p] for p in data["winners"]) or "nobody"
            return f"Game over ({data['reason'].replace('_', ' ')}): {names} won."
        return None
