"""The Exploding Git Commits rules engine.

Players take turns: play any number of cards, then end the turn by drawing the top card of the
draw stack. Drawing an Exploding Git Commit puts a player out of the game unless they play a
Mitigate and hide the card back in the stack; the last player standing wins. Any card or combo
played may be stopped with a Nope (and a Nope with a Nope). The interpretations are in
docs/rules/exploding.md; those that change the game are options.

Phases: ``deal`` (a card to enter from the physical deck), ``play`` (the turn player plays cards
or draws), ``nope`` (a card or combo waits for Nopes: in one window open to everybody at once,
which any holder of a Nope may claim and the table closes, or while players are asked in turn),
``exploding`` (an Exploding Git Commit was drawn by a player holding a Mitigate), ``give`` (a
player asked for help chooses the card to give), ``steal`` (physical deck: the player a pair took
a random card from says which), ``pick`` (a five-card combo takes a card from the discard pile)
and ``over``.
"""

from functools import cache
from itertools import combinations
from typing import Any

from devgames.core.actions import CHANCE, Action, Event, ShapeCheck
from devgames.core.errors import IllegalMove
from devgames.core.game import Game
from devgames.core.piles import shuffle
from devgames.core.wording import percent
from devgames.exploding.cards import (
    BAIL,
    CARDS,
    CODE_CARDS,
    COMPOSITION,
    EXPLODING,
    HELP,
    MITIGATE,
    NOPE,
    PEEK,
    SHUFFLE,
    SKIP,
    TITLES,
)
from devgames.exploding.options import ExplodingOptions

RULES_VERSION = "2"  # 2: the Nope window open to everybody at once by default
DEALT = 4  # cards dealt to each player, before the Mitigate each is given
PEEK_DEPTH = 3
BAIL_TURNS = 2

#: Columns of the metrics rows (``game.rounds``): one row per player at the end of every turn.
ROUND_FIELDS = (
    "turn", "turn_player", "player", "alive", "hand_size", "deck_size", "exploding_in_deck",
    "chance_next_explodes", "cards_played", "nopes", "ended_by", "eliminated_order",
)

# Phases.
DEAL, PLAY, NOPE_WINDOW, DEFUSE, GIVE, STEAL, PICK, OVER = (
    "deal", "play", "nope", "exploding", "give", "steal", "pick", "over")

_NAME = {c: card.name for c, card in CARDS.items()}
_KIND = {c: card.kind for c, card in CARDS.items()}
#: How a card in hand is labelled in a player's view.
HAND_KINDS = {"exploding": "exploding", "mitigate": "rescue", "nope": "reaction",
              "code": "code card"}
_HAND_KIND = {c: HAND_KINDS.get(kind, "action") for c, kind in _KIND.items()}
#: Action cards played alone, without and with a target.
_SIMPLE = (BAIL, SKIP, SHUFFLE, PEEK)
#: Titles a three-of-a-kind may name (nobody ever holds an Exploding Git Commit).
NAMEABLE = tuple(c for c in TITLES if c != EXPLODING)
_MAX_SEATS = 5
_MAX_ID = max(TITLES) + 1
_POSITIONS = range(len(COMPOSITION) + 1)

_NONE: frozenset[str] = frozenset()
_CARD = frozenset({"card"})
_check_shape = ShapeCheck({
    "deal": _CARD, "draw": _NONE, "play": frozenset({"card", "target"}),
    "combo": frozenset({"cards", "target", "card"}), "nope": _NONE, "pass": _NONE, "close": _NONE,
    "mitigate": frozenset({"count"}), "explode": _NONE, "give": _CARD, "pick": _CARD,
}, "Exploding Git Commits")

# Every action made once and shared by all games (actions are immutable), so that listing legal
# moves creates no objects.
_SEATS, _IDS = range(_MAX_SEATS), range(_MAX_ID)
_DRAW = [Action("draw", p) for p in _SEATS]
_PASS = [Action("pass", p) for p in _SEATS]
_NOPE = [Action("nope", p) for p in _SEATS]
#: The table's move that closes an open Nope window when nobody claimed it in time.
CLOSE = Action("close", CHANCE)
_EXPLODE = [Action("explode", p) for p in _SEATS]
_PLAY = [[Action("play", p, card=c) for c in _IDS] for p in _SEATS]
_PLAY_AT = [[Action("play", p, card=HELP, target=t) for t in _SEATS] for p in _SEATS]
_MITIGATE = [[Action("mitigate", p, count=k) for k in _POSITIONS] for p in _SEATS]
_GIVE = [[Action("give", p, card=c) for c in _IDS] for p in _SEATS]
_PICK = [[Action("pick", p, card=c) for c in _IDS] for p in _SEATS]
_DEAL = [Action("deal", CHANCE, card=c) for c in _IDS]
_PAIR = [[[Action("combo", p, cards=(c, c), target=t) for t in _SEATS] for c in _IDS]
         for p in _SEATS]
_THREE = [[[[Action("combo", p, cards=(c, c, c), target=t, card=named) for named in _IDS]
            for t in _SEATS] for c in _IDS] for p in _SEATS]
#: For each direction of play, table size and seat: the other seats, in that direction from it.
_OTHERS = {step: {n: tuple(tuple((p + step * i) % n for i in range(1, n)) for p in range(n))
                  for n in range(2, _MAX_SEATS + 1)} for step in (1, -1)}


@cache
def _five(p: int, cards: tuple[int, ...]) -> Action:
    """The five-different combo action of seat ``p`` (made once)."""
    return Action("combo", p, cards=cards)


def card_name(card: Any) -> str:
    """A card's name, or a readable stand-in for an id that is not a card.

    >>> card_name(3), card_name(99)
    ('Nope', 'card 99')
    """
    return _NAME.get(card, f"card {card!r}")


def unknown_card(card: Any, what: str = "card") -> IllegalMove:
    """The refusal for a card id that is not a card (or no card at all).

    >>> str(unknown_card(-1)), str(unknown_card(None, "card to give"))
    ('Exploding Git Commits has no card with the id -1.', 'Name the card to give.')
    """
    if card is None:
        return IllegalMove("card_expected", f"Name the {what}.")
    return IllegalMove("unknown_card", f"Exploding Git Commits has no card with the id {card!r}.")


def position_words(position: int, size: int) -> str:
    """Where a card goes back into a stack of ``size`` cards, in words.

    >>> position_words(0, 9), position_words(2, 9), position_words(9, 9)
    ('on top', '3rd from the top', 'at the bottom')
    """
    if position == 0:
        return "on top"
    if position >= size:
        return "at the bottom"
    number = position + 1
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10,
                                                                                    "th")
    return f"{number}{suffix} from the top"


class ExplodingGame(Game):
    """One game of Exploding Git Commits. Start it with :func:`devgames.exploding.new_game`.

    >>> from devgames import exploding
    >>> game = exploding.new_game(["Ada", "Bob", "Cy"], seed=12)
    >>> game.hand("Ada")
    ['Shuffle', 'Nope', 'Bail', 'Copy-Paste Code', 'Mitigate']
    >>> game.play("Ada", "Shuffle")          # one window, open to everybody at once
    >>> game.waiting_for
    "Anyone may say Nope to Ada's Shuffle."
    >>> game.can_nope("Bob"), game.can_nope("Cy")   # Bob holds a Nope, Cy does not
    (True, False)
    >>> game.close_window()                   # nobody says Nope in time: the Shuffle happens
    >>> game.draw("Ada")                      # Ada ends her turn by drawing
    >>> game.view(None)["turn_player"], game.view(None)["deck_size"]
    ('Bob', 38)
    """

    name = "exploding"
    rules_version = RULES_VERSION
    card_ids = range(1, _MAX_ID)
    action_kinds = _check_shape.kinds

    def __init__(self, players: tuple[str, ...], seed: int | None,
                 options: ExplodingOptions) -> None:
        super().__init__(players, seed, options)
        self.n = n = len(players)
        self.others = _OTHERS[-1 if options.direction == "counterclockwise" else 1][n]
        self.physical = options.deck == "physical"
        self.everyone = options.nope_asks == "everyone"
        self.stacking = options.bail_stacking == "rulebook"
        self.special = options.special_combos
        self.choice = options.mitigate == "choice"
        self.owed_passed_on = options.owed_turns == "passed_on"
        self.ask_empty = options.ask_empty_hand == "allowed"
        self.pick_exploding = options.pick_exploding == "allowed"
        self.random_nopes = options.nope_first == "random"
        self.open_window = options.nope_window == "open"
        #: Titles a three-of-a-kind may name (an Exploding Git Commit only when one can be held).
        self.nameable = TITLES if self.pick_exploding else NAMEABLE
        self.hands: list[list[int]] = [[] for _ in range(n)]
        #: The draw stack, top first. An entry is None where a physical card is not known yet.
        self.deck: list[int | None] = []
        #: Physical deck: how many of each title lie at the unknown places of the stack.
        self.pool = [0] * _MAX_ID
        self.discard: list[int] = []  # bottom first: the top of the pile is the last card
        self.removed: list[int] = []  # cards put out of the game at set-up
        #: Physical set-up: the Exploding Git Commits and Mitigates set aside during the deal.
        self.aside: list[int] = []
        #: What each player knows of the stack, top first (None: a place they do not know).
        self.known: list[list[int | None]] = [[] for _ in range(n)]
        self.exploding_in_deck = 0
        self.alive = [True] * n
        self.alive_count = n
        self.eliminated: list[int] = []
        self.out_turn = [0] * n  # the turn a player exploded in (0: still in)
        self.phase = PLAY
        #: What a card entered from the physical deck is for: (reason, seat, place in the stack).
        self.chance: tuple[str, int, int] | None = None
        self.to_deal: list[int] = []
        self.turn_player = options.first_player
        self.turns_left = 1
        self.under_bail = False
        self.turn_no = 1
        self.pending: Action | None = None  # the card or combo waiting for Nopes
        self.nopes = 0
        self.asked: list[int] = []
        self.giver = -1
        self.played = [0] * n  # cards each player put on the discard pile this turn
        self.noped = [0] * n  # Nopes each player played this turn
        self._rows: list[tuple[Any, ...]] = []
        self.result = ""
        dealt = [c for c in COMPOSITION if c not in (EXPLODING, MITIGATE)]
        if self.physical:
            self.aside = [c for c in COMPOSITION if c in (EXPLODING, MITIGATE)]
            for card in dealt:
                self.pool[card] += 1
            self.deck = [None] * len(dealt)
            self.to_deal = [p for p in range(n) for _ in range(DEALT)]
            self.phase = DEAL
            self.chance = ("setup", 0, 0)
        else:
            shuffle(dealt, self.rng)
            self.chance_steps += DEALT * n
            for p in range(n):
                cards = dealt[p * DEALT:(p + 1) * DEALT]
                self.hands[p] = cards
                self.events.append(Event("deal", p, {"cards": list(cards)}, private=True))
            self.deck = list(dealt[n * DEALT:])
            self._finish_setup()

    def _finish_setup(self) -> None:
        """Give each player a Mitigate, add the spare Mitigates and the Exploding Git Commits to
        the stack, shuffle it, and start the first turn."""
        n = self.n
        self.aside = []
        for hand in self.hands:
            hand.append(MITIGATE)
        spare = CARDS[MITIGATE].count - n
        back = 2 if n == 2 else spare  # with two players only 2 spare Mitigates go back
        exploding = n - 1
        self.removed = [EXPLODING] * (CARDS[EXPLODING].count - exploding) + [MITIGATE] * (
            spare - back)
        self.exploding_in_deck = exploding
        added = [MITIGATE] * back + [EXPLODING] * exploding
        if self.physical:
            for card in added:
                self.pool[card] += 1
            self.deck = [None] * sum(self.pool)
        else:
            deck = self.deck + added
            shuffle(deck, self.rng)
            self.deck = deck
        self.events.append(Event("setup", None, {
            "mitigates_back": back, "exploding": exploding, "removed": list(self.removed),
            "deck_size": len(self.deck)}))
        self._start_turn()

    # ----- the generic protocol -----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase in (PLAY, DEFUSE, PICK):
            return self.turn_player
        if phase == NOPE_WINDOW:
            return CHANCE if self.open_window else self.asked[0]
        if phase in (GIVE, STEAL):
            return self.giver
        if phase == DEAL:
            return CHANCE
        return None

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            return self._legal_play(self.turn_player)
        if phase == NOPE_WINDOW:
            if self.open_window:  # the holders' Nopes are theirs to see: nope_moves(seat)
                return [CLOSE]
            q = self.asked[0]
            return [_PASS[q], _NOPE[q]] if NOPE in self.hands[q] else [_PASS[q]]
        if phase == DEFUSE:
            p = self.turn_player
            row = _MITIGATE[p]
            out = [row[k] for k in range(len(self.deck) + 1)]
            if self.choice:
                out.append(_EXPLODE[p])
            return out
        if phase in (GIVE, STEAL):
            row = _GIVE[self.giver]
            return [row[c] for c in sorted(set(self.hands[self.giver]))]
        if phase == PICK:
            row = _PICK[self.turn_player]
            return [row[c] for c in sorted(set(self.discard))
                    if c != EXPLODING or self.pick_exploding]
        if phase == DEAL:
            return [_DEAL[c] for c in self._enterable()]
        return []

    @property
    def window_open(self) -> bool:
        """True while a card waits in a Nope window open to everybody at once (option
        ``nope_window="open"``): any holder of a Nope may claim it, the table closes it.

        >>> from devgames import exploding
        >>> game = exploding.new_game(["Ada", "Bob"], seed=12)
        >>> game.play("Ada", "Shuffle"); game.window_open
        True
        """
        return self.phase == NOPE_WINDOW and self.open_window

    def claims(self, seat: int) -> list[Action]:
        """The Nope ``seat`` may claim in a window open to everybody (:meth:`nope_moves`)."""
        return self.nope_moves(seat) if self.window_open else []

    def nope_moves(self, player: int | str) -> list[Action]:
        """The Nope (or Yup) ``player`` may say now: one move, or none. Only that player's own
        screen may list it: it tells that they hold a Nope.

        >>> from devgames import exploding
        >>> game = exploding.new_game(["Ada", "Bob", "Cy"], seed=12)
        >>> game.play("Ada", "Shuffle")
        >>> game.nope_moves("Bob"), game.nope_moves("Cy")
        ([Action(kind='nope', player=1, card=None, target=None, count=None, cards=None)], [])
        """
        p = self.seat(player)
        if self.phase != NOPE_WINDOW or NOPE not in self.hands[p]:
            return []
        if p == self.asked[0] or (self.open_window and p in self.asked):
            return [_NOPE[p]]
        return []

    def _legal_play(self, p: int) -> list[Action]:
        """The turn player's moves: draw, each card played alone, each combo."""
        hand = self.hands[p]
        out = [_DRAW[p]]
        if not hand:
            return out
        counts = [0] * _MAX_ID
        for c in hand:
            counts[c] += 1
        plays = _PLAY[p]
        for c in _SIMPLE:
            if counts[c]:
                out.append(plays[c])
        alive, hands = self.alive, self.hands
        targets = [q for q in self.others[p] if alive[q] and hands[q]]
        if counts[HELP]:
            at = _PLAY_AT[p]
            asked = [q for q in self.others[p] if alive[q]] if self.ask_empty else targets
            out += [at[q] for q in asked]
        if targets:
            special = self.special
            pairs = _PAIR[p]
            for c in TITLES if special else CODE_CARDS:
                if counts[c] >= 2:
                    row = pairs[c]
                    out += [row[q] for q in targets]
                    if special and counts[c] >= 3:
                        threes = _THREE[p][c]
                        for q in targets:
                            row = threes[q]
                            out += [row[named] for named in self.nameable]
        if self.special:
            distinct = [c for c in TITLES if counts[c]]
            if len(distinct) >= 5:
                out += [_five(p, five) for five in combinations(distinct, 5)]
        return out

    def _enterable(self) -> list[int]:
        """Physical deck: the titles the facilitator may enter now, in card order.

        The list is on the projector, so it never depends on what the engine knows and the room
        does not (the hands, the cards already entered for this Peek, where a card was hidden):
        every title, less only what anybody can see. A title whose every copy lies face up (on
        the discard pile, out of the game, set aside for the deal) cannot be there; when every
        card of the stack is an Exploding Git Commit (the counts are public) nothing else can.
        An entry that contradicts what the engine believes is reconciled by :meth:`_reveal`.
        """
        if self.exploding_in_deck == len(self.deck):
            return [EXPLODING]
        face_up = self._face_up()
        return [c for c in TITLES if face_up[c] < CARDS[c].count]

    def _face_up(self) -> list[int]:
        """How many copies of each title everybody can see: the discard pile, the cards out of
        the game and the cards set aside during a physical deal."""
        counts = [0] * _MAX_ID
        for pile in (self.discard, self.removed, self.aside):
            for card in pile:
                counts[card] += 1
        return counts

    # ----- checking a move (never changes anything) ---------------------------------------------
    def _check(self, action: Action) -> None:
        _check_shape(action)
        kind, p = action.kind, action.player
        phase = self.phase
        if phase == PLAY and p == self.turn_player:
            if kind == "draw":
                return
            if kind == "play":
                self._check_play(action)
                return
            if kind == "combo":
                self._check_combo(action)
                return
            raise self._wrong_move(p, kind)
        if phase == NOPE_WINDOW:
            self._check_nope_window(action)
            return
        self._require_turn(p)
        if phase == DEAL:
            self._check_deal(action)
        elif phase == DEFUSE:
            self._check_defuse(action)
        elif phase in (GIVE, STEAL):
            if kind != "give":
                what = "choose a card to give to" if phase == GIVE else "say the card taken by"
                raise IllegalMove("give_pending", f"{self.players[p]} must first {what} "
                                  f"{self.players[self.turn_player]}.")
            self._require_in_hand(p, action.card, "card to give")
        elif phase == PICK:
            self._check_pick(action)

    def _wrong_move(self, p: int, kind: str) -> IllegalMove:
        """Why a move of another phase is refused during the turn player's own play."""
        who = self.players[p]
        if kind in ("nope", "pass", "close"):
            return IllegalMove("nothing_to_nope", "No card is waiting for a Nope now.")
        if kind in ("mitigate", "explode"):
            return IllegalMove("no_exploding",
                               f"{who} has not drawn an Exploding Git Commit.")
        if kind == "give":
            return IllegalMove("nothing_asked", f"Nobody has asked {who} for help now.")
        if kind == "pick":
            return IllegalMove("nothing_to_pick",
                               "Only a five-card combo takes a card from the discard pile.")
        return IllegalMove("no_card_expected", f"No card is to be entered now; it is {who}'s "
                           "turn.")

    def _require_in_hand(self, p: int, card: Any, what: str = "card to play") -> int:
        """The card, once known to be one of the game's and in ``p``'s hand."""
        if card not in _NAME:
            raise unknown_card(card, what)
        if card not in self.hands[p]:
            raise IllegalMove("card_not_in_hand",
                              f"{self.players[p]} does not hold {_NAME[card]}.")
        return card

    def _check_target(self, p: int, target: Any, what: str, empty_hand: bool = False) -> None:
        """A player to ask for help or take a card from: another player in the game with cards
        (or without, when ``empty_hand`` allows it)."""
        if type(target) is not int or not 0 <= target < self.n:
            if target is None:
                raise IllegalMove("target_needed", f"Choose a player for {what}.")
            raise IllegalMove("unknown_player", f"There is no player {target!r} at this table.")
        name = self.players[target]
        if target == p:
            raise IllegalMove("own_seat", f"Choose another player than {name} for {what}.")
        if not self.alive[target]:
            raise IllegalMove("player_out", f"{name} has exploded and is out of the game.")
        if not self.hands[target] and not empty_hand:
            raise IllegalMove("empty_hand", f"{name} holds no card to take.")

    def _check_play(self, action: Action) -> None:
        p, target = action.player, action.target
        card = self._require_in_hand(p, action.card)
        kind = _KIND[card]
        if kind == "help":
            self._check_target(p, target, "Ask for Help", self.ask_empty)
            return
        if kind == "exploding":
            raise IllegalMove("not_playable", "An Exploding Git Commit taken from the discard "
                              "pile does nothing alone: play it in a combo, or keep it.")
        if kind == "mitigate":
            raise IllegalMove("not_playable", "A Mitigate is only played just after drawing an "
                              "Exploding Git Commit.")
        if kind == "nope":
            raise IllegalMove("not_playable", "A Nope is played against a card just played, "
                              "when the table is asked.")
        if kind == "code":
            raise IllegalMove("not_playable", f"{_NAME[card]} does nothing alone: play Code "
                              "Cards as a pair (a combo).")
        if target is not None:
            raise IllegalMove("bad_action", f"{_NAME[card]} is played without a target.")

    def _check_combo(self, action: Action) -> None:
        p, cards, target, named = action.player, action.cards, action.target, action.card
        if not cards or len(cards) not in (2, 3, 5):
            raise IllegalMove("bad_combo", "A combo is 2 or 3 cards of one title, or 5 cards "
                              "of different titles.")
        hand = self.hands[p]
        for card in set(cards):
            self._require_in_hand(p, card, "cards of the combo")
            if hand.count(card) < cards.count(card):
                raise IllegalMove("card_not_in_hand", f"{self.players[p]} does not hold "
                                  f"{cards.count(card)} {_NAME[card]} cards.")
        size = len(cards)
        if size == 5:
            if len(set(cards)) != 5:
                raise IllegalMove("bad_combo", "The five cards of a combo must have five "
                                  "different titles.")
            if not self.special:
                raise IllegalMove("special_combos_off", "Special combos are not played in this "
                                  "game: only pairs of Code Cards.")
            if list(cards) != sorted(cards):
                raise IllegalMove("bad_combo", "Give the five cards of a combo in card order "
                                  "(the combo verb does this).")
            if target is not None or named is not None:
                raise IllegalMove("bad_combo", "A five-card combo takes a card from the discard "
                                  "pile: it has no target and names no card.")
            return
        title = cards[0]
        if any(card != title for card in cards):
            raise IllegalMove("bad_combo", f"The {size} cards of a combo must share one title.")
        if not self.special and (size == 3 or _KIND[title] != "code"):
            raise IllegalMove("special_combos_off", "Special combos are not played in this "
                              "game: only pairs of Code Cards.")
        self._check_target(p, target, "the combo")
        if size == 2:
            if named is not None:
                raise IllegalMove("bad_combo", "A pair takes a random card: it names no card.")
            return
        if named is None:
            raise IllegalMove("name_a_card", "Three of a kind names the card wanted; name one.")
        if named not in _NAME:
            raise unknown_card(named)
        if named not in self.nameable:
            raise IllegalMove("name_a_card", "Nobody holds an Exploding Git Commit; name "
                              "another card.")

    def _check_nope_window(self, action: Action) -> None:
        kind, p = action.kind, action.player
        q = self.asked[0]
        if self.is_over:  # pragma: no cover - a window never stays open at the end
            raise IllegalMove("game_over", "The game is over; no more moves can be made.")
        what = self._pending_words()
        if self.open_window:
            self._check_open_window(kind, p, what)
            return
        if kind == "close":
            raise IllegalMove("asked_in_turn", f"The players are asked in turn in this game: "
                              f"{self.players[q]} says whether to Nope {what} (nope or pass).")
        if p == q:
            if kind == "pass":
                return
            if kind == "nope":
                if NOPE not in self.hands[p]:
                    raise IllegalMove("card_not_in_hand", f"{self.players[p]} holds no Nope.")
                return
            raise IllegalMove("nope_pending", f"{self.players[q]} must first say whether to "
                              f"Nope {what} (nope or pass).")
        if p != CHANCE and not (type(p) is int and 0 <= p < self.n):
            raise IllegalMove("unknown_player", f"There is no player {p!r} at this table.")
        if p == CHANCE:
            raise IllegalMove("no_card_expected", f"No card is to be entered now; "
                              f"{self.players[q]} may say Nope to {what}.")
        if kind in ("nope", "pass") and p in self.asked:
            raise IllegalMove("not_your_turn", f"{self.players[q]} is asked first whether to "
                              f"Nope {what}; {self.players[p]} is asked after.")
        if kind in ("nope", "pass"):
            raise IllegalMove("not_asked", f"{self.players[p]} is not asked about {what} now.")
        raise IllegalMove("nope_pending", f"{self.players[q]} must first say whether to Nope "
                          f"{what} (nope or pass).")

    def _check_open_window(self, kind: str, p: int, what: str) -> None:
        """A move while the window is open to everybody: the table closes it, or a player in
        the game holding a Nope (not the one who played the card or Nope waiting) claims it."""
        if kind == "close" and p == CHANCE:
            return
        if kind == "close":
            raise IllegalMove("table_closes", f"The table closes the window on {what} when "
                              "nobody says Nope in time, not a player.")
        if p != CHANCE and not (type(p) is int and 0 <= p < self.n):
            raise IllegalMove("unknown_player", f"There is no player {p!r} at this table.")
        if kind == "nope" and p != CHANCE:
            who = self.players[p]
            if not self.alive[p]:
                raise IllegalMove("player_out", f"{who} has exploded and is out of the game.")
            if p not in self.asked:
                raise IllegalMove("own_card", f"{who} played the card waiting; another player "
                                  f"may say Nope to {what}.")
            if NOPE not in self.hands[p]:
                raise IllegalMove("card_not_in_hand", f"{who} holds no Nope.")
            return
        if kind == "pass":
            raise IllegalMove("nobody_asked", f"Nobody is asked in turn: the window on {what} "
                              "closes by itself when nobody says Nope.")
        raise IllegalMove("nope_pending", f"The table first lets anyone say Nope to {what} "
                          "(a Nope, or the window closes).")

    def _check_deal(self, action: Action) -> None:
        card = action.card
        if action.kind != "deal":
            raise IllegalMove("card_expected", "The table is waiting for the card that was "
                              "really drawn to be entered.")
        if card not in _NAME:
            raise unknown_card(card, "card that was really drawn")
        if card not in self._enterable():
            if self.exploding_in_deck == len(self.deck):
                raise IllegalMove("card_not_in_deck", "Every card left in the draw stack is an "
                                  "Exploding Git Commit; enter the card that was really drawn.")
            raise IllegalMove("card_not_in_deck", f"No {_NAME[card]} can be there: every copy "
                              "is on the discard pile, set aside or out of the game; enter the "
                              "card that was really drawn.")

    def _check_defuse(self, action: Action) -> None:
        kind, position = action.kind, action.count
        who = self.players[action.player]
        if kind == "mitigate":
            size = len(self.deck)
            if type(position) is not int or not 0 <= position <= size:
                raise IllegalMove("bad_position", f"Put the card back at a place from 0 (the "
                                  f"top) to {size} (the bottom).")
            return
        if kind == "explode":
            if not self.choice:
                raise IllegalMove("must_mitigate", f"{who} holds a Mitigate, and in this game "
                                  "a Mitigate is always played.")
            return
        raise IllegalMove("exploding_pending", f"{who} has drawn an Exploding Git Commit: "
                          "mitigate or explode first.")

    def _check_pick(self, action: Action) -> None:
        card = action.card
        if action.kind != "pick":
            raise IllegalMove("pick_pending", f"{self.players[action.player]} must first take a "
                              "card from the discard pile.")
        if card not in _NAME:
            raise unknown_card(card, "card to take")
        if card == EXPLODING and not self.pick_exploding:
            raise IllegalMove("cannot_take_exploding", "An Exploding Git Commit cannot be taken "
                              "from the discard pile.")
        if card not in self.discard:
            raise IllegalMove("not_in_discard", f"There is no {_NAME[card]} in the discard "
                              "pile.")

    # ----- carrying out a move --------------------------------------------------------------
    def _do(self, action: Action) -> None:
        kind, p = action.kind, action.player
        # Checked: each kind carries the fields it needs (narrowed once, here).
        card, count = action.card or 0, action.count or 0
        if kind == "draw":
            self._draw(p)
        elif kind == "close":
            self._resolve()
        elif kind == "pass":
            asked = self.asked
            del asked[0]
            if not asked:
                self._resolve()
        elif kind == "nope":
            self.hands[p].remove(NOPE)
            self.discard.append(NOPE)
            self.played[p] += 1
            self.noped[p] += 1
            self.nopes += 1
            self.events.append(Event("nope", p, {"count": self.nopes}))
            self._open_window(p)
        elif kind == "play" or kind == "combo":
            self._lay_down(action)
        elif kind == "mitigate":
            self._mitigate(p, count)
        elif kind == "explode":
            self._explode(p)
        elif kind == "give":
            how = "give" if self.phase == GIVE else "steal"
            self._given(p, self.turn_player, card, how)
            self.phase = PLAY
        elif kind == "pick":
            self._pick(p, card)
        else:
            self._entered(card)

    def _lay_down(self, action: Action) -> None:
        """Cards go face up on the discard pile; the table may then Nope them."""
        p = action.player
        hand = self.hands[p]
        if action.kind == "play":
            card = action.card or 0  # checked: a play names a card
            hand.remove(card)
            self.discard.append(card)
            self.played[p] += 1
            self.events.append(Event("play", p, {"card": card, "target": action.target}))
        else:
            cards = action.cards or ()  # checked: a combo names its cards
            for card in cards:
                hand.remove(card)
            self.discard += cards
            self.played[p] += len(cards)
            self.events.append(Event("combo", p, {"cards": list(cards), "target": action.target,
                                                  "named": action.card}))
        self.pending = action
        self.nopes = 0
        self._open_window(p)

    def _open_window(self, last: int) -> None:
        """Ask the other players in the game, in the direction of play from ``last`` (who played
        the last card) or in a random order, whether to Nope; only those holding a Nope when the
        holders are asked. An open window is open to everybody else in the game, whatever they
        hold, so that it tells nothing."""
        alive, hands = self.alive, self.hands
        if self.open_window:
            self.asked = [q for q in self.others[last] if alive[q]]
            self.phase = NOPE_WINDOW
            return
        if self.everyone:
            asked = [q for q in self.others[last] if alive[q]]
        else:
            asked = [q for q in self.others[last] if alive[q] and NOPE in hands[q]]
        if self.random_nopes:
            shuffle(asked, self.rng)
        if asked:
            self.asked = asked
            self.phase = NOPE_WINDOW
        else:
            self._resolve()

    def _resolve(self) -> None:
        """Nobody else says Nope: the card or combo happens, unless it is noped."""
        action = self.pending
        assert action is not None  # a window is open only on a card or combo laid down
        self.pending = None
        self.asked = []
        self.phase = PLAY
        p, target = action.player, action.target or 0  # checked: help and combos have one
        if self.nopes % 2:
            self.nopes = 0
            self.events.append(Event("noped", p, {"card": action.card,
                                                  "cards": list(action.cards or ())}))
            return
        self.nopes = 0
        if action.kind == "play":
            card = action.card
            if card == SKIP:
                self._end_turn("skip")
            elif card == BAIL:
                self._bail(p)
            elif card == SHUFFLE:
                self._shuffle(p)
            elif card == PEEK:
                self._peek(p)
            else:
                self._ask_for_help(p, target)
            return
        size = len(action.cards or ())
        if size == 5:
            self.phase = PICK
        elif size == 2:
            self._steal(p, target)
        else:
            self._ask_named(p, target, action.card or 0)

    def _shuffle(self, p: int) -> None:
        deck = self.deck
        if self.physical:  # the real stack is shuffled: nothing of its order is known any more
            pool = self.pool
            for card in deck:
                if card is not None:
                    pool[card] += 1
            self.deck = [None] * len(deck)
        else:
            shuffle(deck, self.rng)
            self.chance_steps += 1
        self.known = [[] for _ in range(self.n)]
        self.events.append(Event("shuffle", p, {}))

    def _peek(self, p: int, place: int = 0) -> None:
        """The top 3 cards (fewer at the end of the stack), seen by ``p`` only. Physical deck:
        each of them is entered, from ``place`` on, known to the engine or not."""
        deck = self.deck
        depth = min(PEEK_DEPTH, len(deck))
        if self.physical:
            if place < depth:
                self.chance = ("peek", p, place)
                self.phase = DEAL
                return
            self.phase = PLAY
            self.chance = None
        seen = deck[:depth]
        self.known[p] = seen + self.known[p][depth:]
        self.events.append(Event("peek", p, {"cards": list(seen)}, private=True))

    def _ask_for_help(self, p: int, target: int) -> None:
        if not self.hands[target]:  # an empty hand, or its last card was a Nope meanwhile
            self.events.append(Event("nothing", p, {"from": target}))
        else:  # a choice even from a hand of one title, so nobody learns it is one
            self.giver = target
            self.phase = GIVE

    def _steal(self, p: int, target: int) -> None:
        """A pair: a random card from the target's hand."""
        hand = self.hands[target]
        if not hand:
            self.events.append(Event("nothing", p, {"from": target}))
            return
        if self.physical:  # the player robbed says which card was taken, behind the curtain
            self.giver = target
            self.phase = STEAL
            return
        card = hand[self.rng.randrange(len(hand))]
        self.chance_steps += 1
        self._given(target, p, card, "steal")

    def _ask_named(self, p: int, target: int, named: int) -> None:
        """Three of a kind: the named card if the target holds one, else nothing."""
        if named in self.hands[target]:
            self._given(target, p, named, "named")
        else:
            self.events.append(Event("not_held", p, {"from": target, "card": named}))

    def _given(self, giver: int, taker: int, card: int, how: str) -> None:
        self.hands[giver].remove(card)
        self.hands[taker].append(card)
        # A card named aloud changes hands in the open; others only the two players see.
        self.events.append(Event(how, taker, {"from": giver, "card": card},
                                 private=how != "named"))

    def _pick(self, p: int, card: int) -> None:
        discard = self.discard
        index = len(discard) - 1 - discard[::-1].index(card)  # the highest copy in the pile
        del discard[index]
        self.hands[p].append(card)
        self.phase = PLAY
        self.events.append(Event("pick", p, {"card": card}))

    def _entered(self, card: int) -> None:
        """Physical deck: a card entered by the facilitator."""
        assert self.chance is not None  # a card is entered only when one is awaited
        reason, p, detail = self.chance
        if reason == "setup":
            self._reveal(len(self.deck) - 1, card, p)
            self.deck.pop()
            self.to_deal.pop(0)
            self.hands[p].append(card)
            self.events.append(Event("deal", p, {"cards": [card]}, private=True))
            if self.to_deal:
                self.chance = ("setup", self.to_deal[0], 0)
            else:
                self.chance = None
                self._finish_setup()
        elif reason == "draw":
            self.chance = None
            self._reveal(0, card, p)
            del self.deck[0]
            self._drawn(p, card)
        else:  # a card seen with a Peek
            self._reveal(detail, card, p)
            self._peek(p, detail + 1)

    def _reveal(self, place: int, card: int, p: int) -> None:
        """Physical deck: ``card`` is really at ``place`` of the stack (dealt, drawn or seen by
        ``p``). The cards on the table are the truth; the engine follows the entry, keeps every
        count right and tells nobody (see "An entry that contradicts what the engine knows" in
        docs/rules/exploding.md).

        Where the engine believed another card was there (a hidden card not put back where the
        player said, or an earlier entry that was a slip), that card goes back among the unknown
        cards of the stack. When no copy of ``card`` is among them, one is found where the
        engine's belief is least sure: a place of the stack it thought it knew (below, then
        above), else a hand (:meth:`_swap_from_hand`).
        """
        deck, pool = self.deck, self.pool
        believed = deck[place]
        if believed == card:
            return
        if believed is not None:
            pool[believed] += 1
            deck[place] = None
            self._forget(place)
            self.events.append(Event("mismatch", None, {"place": place, "believed": believed,
                                                        "card": card}, private=True))
        if not pool[card]:
            places = [*range(place + 1, len(deck)), *range(place)]
            other = next((j for j in places if deck[j] == card), None)
            if other is None:
                self._swap_from_hand(card, p)
            else:
                deck[other] = None
                self._forget(other)
            pool[card] += 1
        pool[card] -= 1
        deck[place] = card

    def _swap_from_hand(self, card: int, p: int) -> None:
        """Physical deck: ``card`` was entered from the stack, but the engine believes every copy
        left is in a hand: one of those copies was in fact another card of the stack.

        The copy is taken from ``p``'s hand (they see the card entered anyway), else from the
        first hand in seat order after them that holds one, the copy received last. In its place
        goes the card of the stack the engine finds likeliest: the title with the most copies
        among its unknown cards (the first in card order on a tie), never an Exploding Git
        Commit (their count in the stack is public); when every unknown card is one, the known
        card nearest the top, whose place becomes unknown. An Exploding Git Commit is always in
        the stack, and a title whose every copy lies face up is never entered
        (:meth:`_enterable`), so a hand always holds the copy.
        """
        deck, pool, n = self.deck, self.pool, self.n
        likeliest = max((c for c in TITLES if c != EXPLODING), key=lambda c: pool[c])
        if pool[likeliest]:
            pool[likeliest] -= 1
            instead = likeliest
        else:
            j, instead = next((j, c) for j, c in enumerate(deck)
                              if c is not None and c != EXPLODING)
            deck[j] = None
            self._forget(j)
        seat = next(q for q in ((p + i) % n for i in range(n)) if card in self.hands[q])
        hand = self.hands[seat]
        hand[len(hand) - 1 - hand[::-1].index(card)] = instead
        self.events.append(Event("mismatch", None, {"seat": seat, "believed": card,
                                                    "card": instead}, private=True))

    def _forget(self, place: int) -> None:
        """Nobody knows what lies at ``place`` of the stack any more."""
        for known in self.known:
            if place < len(known):
                known[place] = None

    def _draw(self, p: int) -> None:
        if self.physical:  # every card drawn is entered, even one the engine knows
            self.chance = ("draw", p, 0)
            self.phase = DEAL
            return
        self.chance_steps += 1
        card = self.deck.pop(0)
        assert card is not None  # a digital deck knows every card
        self._drawn(p, card)

    def _drawn(self, p: int, card: int) -> None:
        for known in self.known:
            if known:
                del known[0]
        if card != EXPLODING:
            self.hands[p].append(card)
            self.events.append(Event("draw", p, {"card": card}, private=True))
            self.phase = PLAY
            self._end_turn("draw")
            return
        self.exploding_in_deck -= 1
        self.events.append(Event("exploding", p, {}))
        if MITIGATE in self.hands[p]:
            self.phase = DEFUSE
        else:
            self._explode(p)

    def _mitigate(self, p: int, position: int) -> None:
        self.hands[p].remove(MITIGATE)
        self.discard.append(MITIGATE)
        self.played[p] += 1
        self.deck.insert(position, EXPLODING)
        self.exploding_in_deck += 1
        known = self.known
        for q in range(self.n):
            if q != p:
                known[q] = []  # they do not know where it went: what they saw is unreliable
        mine = known[p]
        if position > len(mine):
            mine += [None] * (position - len(mine))
        mine.insert(position, EXPLODING)
        self.events.append(Event("mitigate", p, {}))
        self.events.append(Event("reinsert", p, {"position": position,
                                                 "deck_size": len(self.deck)}, private=True))
        self.phase = PLAY
        self._end_turn("mitigate")

    def _explode(self, p: int) -> None:
        hand = sorted(self.hands[p])  # face up in card order: the order they came in is secret
        self.discard += hand
        self.discard.append(EXPLODING)
        self.events.append(Event("explode", p, {"cards": list(hand),
                                                "order": len(self.eliminated) + 1}))
        self.hands[p] = []
        self.known[p] = []
        self.alive[p] = False
        self.alive_count -= 1
        self.eliminated.append(p)
        self.out_turn[p] = self.turn_no
        self._record("explode")
        turns = self.turns_left if self.owed_passed_on else 1
        if self.alive_count == 1:
            winner = self.alive.index(True)
            self._winners = [winner]
            self.result = "last_standing"
            self.phase = OVER
            self.events.append(Event("game_over", None, {"winners": [winner],
                                                         "reason": self.result}))
            return
        self._next_player(turns, turns > 1)

    # ----- turns --------------------------------------------------------------------------------
    def _record(self, ended_by: str) -> None:
        """The metrics of the turn that just ended, for every player."""
        n = self.n
        self._rows.append((
            self.turn_no, self.turn_player, ended_by, len(self.deck), self.exploding_in_deck,
            tuple(self.alive), tuple(len(hand) for hand in self.hands), tuple(self.played),
            tuple(self.noped),
        ))
        self.played = [0] * n
        self.noped = [0] * n

    def _end_turn(self, ended_by: str) -> None:
        """One turn of the turn player is over (a draw, a Skip, a Mitigate)."""
        self._record(ended_by)
        self.turns_left -= 1
        if self.turns_left:
            self.turn_no += 1
            self._start_turn()
        else:
            self._next_player(1, False)

    def _bail(self, p: int) -> None:
        """A Bail ends all the player's turns; the next player takes 2 (or more, stacked)."""
        self._record("bail")
        turns = self.turns_left + BAIL_TURNS if self.under_bail and self.stacking else BAIL_TURNS
        self._next_player(turns, True)

    def _next_player(self, turns: int, bailed: bool) -> None:
        p = self.turn_player
        alive = self.alive
        for q in self.others[p]:
            if alive[q]:
                break
        self.turn_player = q
        self.turns_left = turns
        self.under_bail = bailed
        self.turn_no += 1
        self._start_turn()

    def _start_turn(self) -> None:
        self.phase = PLAY
        self.events.append(Event("turn", self.turn_player, {"turn": self.turn_no,
                                                            "turns_left": self.turns_left}))

    # ----- metrics ------------------------------------------------------------------------------
    @property
    def rounds(self) -> list[dict[str, Any]]:
        """One row per player at the end of every turn (the source for charts and CSV).

        ``cards_played`` counts the cards the player put on the discard pile in that turn (Nopes
        and Mitigates too), ``nopes`` the Nopes among them; ``ended_by`` says how the turn player's
        turn ended (draw, skip, bail, mitigate, explode); ``eliminated_order`` is 1 for the first
        player out, and so on (None while in the game).

        >>> from devgames import exploding
        >>> game = exploding.new_game(["Ada", "Bob"], seed=1)
        >>> game.draw("Ada")
        >>> [(row["player"], row["hand_size"], row["ended_by"]) for row in game.rounds]
        [('Ada', 6, 'draw'), ('Bob', 5, '')]
        """
        players, out_turn = self.players, self.out_turn
        order = {p: i for i, p in enumerate(self.eliminated, 1)}
        rows = []
        for turn, tp, ended_by, deck, exploding, alive, sizes, played, nopes in self._rows:
            chance = round(exploding / deck, 4) if deck else 0.0
            for p, name in enumerate(players):
                out = out_turn[p] and out_turn[p] <= turn
                rows.append({
                    "turn": turn, "turn_player": players[tp], "player": name,
                    "alive": alive[p], "hand_size": sizes[p], "deck_size": deck,
                    "exploding_in_deck": exploding, "chance_next_explodes": chance,
                    "cards_played": played[p], "nopes": nopes[p],
                    "ended_by": ended_by if p == tp else "",
                    "eliminated_order": order[p] if out else None,
                })
        return rows

    # ----- domain verbs (names or seat numbers, card names or ids) -------------------------------
    def hand(self, player: int | str) -> list[str]:
        """The names of the cards in a player's hand (show only to that player)."""
        return [_NAME[c] for c in self.hands[self.seat(player)]]

    @staticmethod
    def card_id(card: int | str) -> int:
        """The id of a card given by name (any letter case) or id.

        >>> ExplodingGame.card_id("peek into the future"), ExplodingGame.card_id(3)
        (8, 3)
        """
        if isinstance(card, int) and not isinstance(card, bool):
            return card
        folded = str(card).strip().casefold()
        for c, name in _NAME.items():
            if name.casefold() == folded:
                return c
        raise IllegalMove("unknown_card", f"Exploding Git Commits has no card called {card!r}.")

    def _target(self, target: int | str | None) -> int | None:
        return None if target is None else self.seat(target)

    def play(self, player: int | str, card: int | str, target: int | str | None = None) -> None:
        """Play one card: Bail, Skip, Shuffle, Peek into the Future, or Ask for Help (target)."""
        self.apply(self._play_action(player, card, target))

    def can_play(self, player: int | str, card: int | str,
                 target: int | str | None = None) -> bool:
        """True if :meth:`play` with these arguments is allowed now."""
        return self._can(lambda: self._play_action(player, card, target))

    def _play_action(self, player: int | str, card: int | str,
                     target: int | str | None) -> Action:
        return Action("play", self.seat(player), card=self.card_id(card),
                      target=self._target(target))

    def combo(self, player: int | str, cards: list[int | str], target: int | str | None = None,
              name: int | str | None = None) -> None:
        """Play a combo: a pair (a random card from ``target``), three of a kind (the card
        ``name`` from ``target``) or five different cards (then :meth:`pick` from the discard)."""
        self.apply(self._combo_action(player, cards, target, name))

    def can_combo(self, player: int | str, cards: list[int | str],
                  target: int | str | None = None, name: int | str | None = None) -> bool:
        """True if :meth:`combo` with these arguments is allowed now."""
        return self._can(lambda: self._combo_action(player, cards, target, name))

    def _combo_action(self, player: int | str, cards: list[int | str],
                      target: int | str | None, name: int | str | None) -> Action:
        ids = tuple(sorted(self.card_id(card) for card in cards))
        named = None if name is None else self.card_id(name)
        return Action("combo", self.seat(player), cards=ids, target=self._target(target),
                      card=named)

    def nope(self, player: int | str) -> None:
        """Say Nope to the card just played (or to the last Nope: a Yup)."""
        self.apply(Action("nope", self.seat(player)))

    def can_nope(self, player: int | str) -> bool:
        """True if ``player`` may say Nope now."""
        return self._can(lambda: Action("nope", self.seat(player)))

    def close_window(self) -> None:
        """The table closes the open Nope window: nobody said Nope (or Yup) in time."""
        self.apply(CLOSE)

    def can_close_window(self) -> bool:
        """True while a Nope window is open to everybody (the table may close it)."""
        return self.can_apply(CLOSE)

    def pass_nope(self, player: int | str) -> None:
        """Let the card just played happen (no Nope from ``player``)."""
        self.apply(Action("pass", self.seat(player)))

    def can_pass_nope(self, player: int | str) -> bool:
        """True if ``player`` is the one asked whether to Nope now."""
        return self._can(lambda: Action("pass", self.seat(player)))

    def draw(self, player: int | str) -> None:
        """End the turn by drawing the top card of the draw stack."""
        self.apply(Action("draw", self.seat(player)))

    def can_draw(self, player: int | str) -> bool:
        """True if ``player`` may draw now."""
        return self._can(lambda: Action("draw", self.seat(player)))

    def mitigate(self, player: int | str, position: int) -> None:
        """Play a Mitigate and put the Exploding Git Commit back ``position`` cards from the top
        (0: on top; the number of cards in the stack: at the bottom)."""
        self.apply(Action("mitigate", self.seat(player), count=position))

    def can_mitigate(self, player: int | str, position: int) -> bool:
        """True if :meth:`mitigate` with these arguments is allowed now."""
        return self._can(lambda: Action("mitigate", self.seat(player), count=position))

    def explode(self, player: int | str) -> None:
        """Do not play a Mitigate: explode and leave the game."""
        self.apply(Action("explode", self.seat(player)))

    def can_explode(self, player: int | str) -> bool:
        """True if ``player`` may choose to explode now."""
        return self._can(lambda: Action("explode", self.seat(player)))

    def give(self, player: int | str, card: int | str) -> None:
        """Asked for help: give this card to the player who asked."""
        self.apply(Action("give", self.seat(player), card=self.card_id(card)))

    def can_give(self, player: int | str, card: int | str) -> bool:
        """True if :meth:`give` with these arguments is allowed now."""
        return self._can(lambda: Action("give", self.seat(player), card=self.card_id(card)))

    def pick(self, player: int | str, card: int | str) -> None:
        """After a five-card combo: take this card from the discard pile."""
        self.apply(Action("pick", self.seat(player), card=self.card_id(card)))

    def can_pick(self, player: int | str, card: int | str) -> bool:
        """True if :meth:`pick` with these arguments is allowed now."""
        return self._can(lambda: Action("pick", self.seat(player), card=self.card_id(card)))

    def deal(self, card: int | str) -> None:
        """Physical deck: enter the card really dealt, drawn, seen with a Peek, or taken."""
        self.apply(Action("deal", CHANCE, card=self.card_id(card)))

    def can_deal(self, card: int | str) -> bool:
        """True if :meth:`deal` of this card is allowed now."""
        return self._can(lambda: Action("deal", CHANCE, card=self.card_id(card)))

    # ----- what players see -----------------------------------------------------------------
    def chance_next_explodes(self, player: int | str | None = None) -> float:
        """The chance that the next card drawn is an Exploding Git Commit: from the public counts
        (``player`` None), or from what ``player`` knows of the stack besides.

        >>> from devgames import exploding
        >>> game = exploding.new_game(["Ada", "Bob", "Cy"], seed=2)
        >>> round(game.chance_next_explodes(), 4)   # 2 of 39 cards
        0.0513
        """
        deck_size = len(self.deck)
        if not deck_size:
            return 0.0
        if player is None:
            return self.exploding_in_deck / deck_size
        known = self.known[self.seat(player)]
        if known and known[0] is not None:
            return 1.0 if known[0] == EXPLODING else 0.0
        seen = [c for c in known if c is not None]
        unknown = deck_size - len(seen)
        return (self.exploding_in_deck - seen.count(EXPLODING)) / unknown if unknown else 0.0

    def _pending_words(self) -> str:
        """The card or combo waiting for Nopes, in words: "Ada's Shuffle"."""
        action = self.pending
        if action is None:
            return "nothing"
        who = self.players[action.player]
        if action.kind == "play":
            what = card_name(action.card)
            if action.target is not None:
                what += f" on {self.players[action.target]}"
            return f"{who}'s {what}"
        return f"{who}'s {self._combo_words(action.cards or (), action.target, action.card)}"

    def _combo_words(self, cards: tuple[int, ...], target: int | None, named: int | None) -> str:
        size = len(cards)
        if size == 5:
            return "five-card combo (" + ", ".join(_NAME[c] for c in cards) + ")"
        victim = self.players[target] if target is not None and 0 <= target < self.n else "?"
        if size == 2:
            return f"pair of {_NAME[cards[0]]} against {victim}"
        return f"three {_NAME[cards[0]]} asking {victim} for {card_name(named)}"

    @property
    def waiting_for(self) -> str:
        """What the table waits for: a sentence for the projector."""
        phase = self.phase
        players = self.players
        if phase == OVER:
            return f"The game is over: {', '.join(self.winners)} won."
        who = players[self.turn_player]
        if phase == PLAY:
            turns = f" (1 of {self.turns_left} turns to take)" if self.turns_left > 1 else ""
            return f"{who}'s turn{turns}: play cards, or draw to end the turn."
        if phase == NOPE_WINDOW and self.open_window:
            if self.nopes % 2:
                return f"Anyone may say Yup (a Nope on the Nope) to bring back " \
                       f"{self._pending_words()}."
            return f"Anyone may say Nope to {self._pending_words()}."
        if phase == NOPE_WINDOW:
            q = players[self.asked[0]]
            if self.nopes % 2:
                return f"{q} may say Yup (a Nope on the Nope) to bring back " \
                       f"{self._pending_words()}."
            return f"{q} may say Nope to {self._pending_words()}."
        if phase == DEFUSE:
            return f"{who} drew an Exploding Git Commit: mitigate (and hide it back) or explode."
        if phase == GIVE:
            return f"{players[self.giver]} chooses a card to give to {who}."
        if phase == STEAL:
            return f"{players[self.giver]} says which card {who} took at random."
        if phase == PICK:
            return f"{who} takes a card from the discard pile."
        assert self.chance is not None  # the one phase left: a card to enter
        reason, p, detail = self.chance
        if reason == "setup":
            dealt = DEALT - self.to_deal.count(p)
            return f"Enter the card dealt to {players[p]} ({dealt + 1} of {DEALT})."
        if reason == "draw":
            return f"Enter the card {players[p]} drew."
        return f"Enter the card {players[p]} sees {position_words(detail, len(self.deck))}."

    def _seat_view(self, p: int) -> dict[str, Any]:
        """A player as the table sees them; ``eliminated_order`` only for players out."""
        seat = {
            "name": self.players[p],
            "alive": self.alive[p],
            "hand_size": len(self.hands[p]),
            "turns_owed": self.turns_left if p == self.turn_player and not self.is_over else 0,
        }
        if not self.alive[p]:
            seat["eliminated_order"] = self.eliminated.index(p) + 1
        return seat

    def view(self, player: int | str | None) -> dict[str, Any]:
        """The table as ``player`` sees it: the public counts, plus that player's own hand and
        what they know of the draw stack (seen with a Peek, or where they hid a card)."""
        current = self.current_player
        deck_size = len(self.deck)
        pending = self.pending
        out: dict[str, Any] = {
            "game": self.name,
            "phase": self.phase,
            "waiting_for": self.waiting_for,
            "current_player": self.players[current] if current is not None and current >= 0
            else ("deck" if current == CHANCE else None),
            "turn": self.turn_no,
            "turn_player": self.players[self.turn_player],
            "turns_owed": 0 if self.is_over else self.turns_left,
            "deck_size": deck_size,
            "exploding_in_deck": self.exploding_in_deck,
            "chance_next_explodes": round(self.chance_next_explodes(), 4),
            "discard_top": _NAME[self.discard[-1]] if self.discard else None,
            "discard_size": len(self.discard),
            "discard": [_NAME[c] for c in reversed(self.discard)],
            "removed_from_game": [_NAME[c] for c in self.removed],
            "players": [self._seat_view(p) for p in range(self.n)],
            "eliminated": [self.players[p] for p in self.eliminated],
            "pending": {
                "card": self._pending_words(),
                "by": self.players[pending.player],
                "nopes": self.nopes,
                "stands": self.nopes % 2 == 0,
            } if pending is not None else None,
            "is_over": self.is_over,
            "winners": self.winners,
            "result": self.result,
            # Kept for notebooks and tests, left off the projector: the big line says whose
            # turn it is, the players' rows the turns owed and who is out; the discard pile is
            # told by its top card and its size.
            "aside": ["phase", "turn_player", "turns_owed", "discard", "eliminated"],
        }
        if player is not None:
            p = self.seat(player)
            out["you"] = self.players[p]
            out["hand"] = [{"id": c, "card": _NAME[c], "kind": _HAND_KIND[c]}
                           for c in self.hands[p]]
            out["known_top"] = [{"position": i, "card": _NAME[c]}
                                for i, c in enumerate(self.known[p]) if c is not None]
            out["your_chance_next_explodes"] = round(self.chance_next_explodes(p), 4)
        return out

    def secrets(self, player: int | str) -> list[str]:
        """What the player knows of the draw stack (cards seen with a Peek, where they hid an
        Exploding Git Commit) and, then, their own chance that the next card drawn explodes.

        >>> from devgames import exploding
        >>> exploding.new_game(["Ada", "Bob"], seed=1).secrets("Ada")
        []
        """
        p = self.seat(player)
        size = len(self.deck)
        seen = [f"{_NAME[c]} {position_words(i, size)}"
                for i, c in enumerate(self.known[p]) if c is not None]
        if not seen:
            return []
        chance = percent(self.chance_next_explodes(p))
        return [f"You know the draw stack: {', '.join(seen)}.",
                f"So the chance that the next card drawn explodes is {chance}."]

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (equal snapshots mean equal games)."""
        return {
            "players": self.players, "seed": self.seed, "options": self.options,
            "deck": list(self.deck), "pool": list(self.pool),
            "hands": [list(h) for h in self.hands], "discard": list(self.discard),
            "removed": list(self.removed), "aside": list(self.aside),
            "known": [list(k) for k in self.known],
            "exploding_in_deck": self.exploding_in_deck, "alive": list(self.alive),
            "eliminated": list(self.eliminated), "out_turn": list(self.out_turn),
            "phase": self.phase, "chance": self.chance, "to_deal": list(self.to_deal),
            "turn_player": self.turn_player, "turns_left": self.turns_left,
            "under_bail": self.under_bail, "turn_no": self.turn_no, "pending": self.pending,
            "nopes": self.nopes, "asked": list(self.asked), "giver": self.giver,
            "played": list(self.played), "noped": list(self.noped), "rows": list(self._rows),
            "chance_steps": self.chance_steps, "events_count": len(self.events),
            "last_event": self.events[-1] if self.events else None,
            "log_length": len(self.log), "result": self.result,
            "winners": list(self._winners),
        }

    def summary(self) -> dict[str, Any]:
        """One row about the game: turns, how it ended, the winner, the order players went out.

        >>> from devgames import exploding
        >>> exploding.new_game(["Ada", "Bob"], seed=1).summary()
        {'turns': 0, 'result': '', 'winners': '', 'elimination_order': '', 'cards_played': 0}
        """
        return {
            "turns": len(self._rows),
            "result": self.result,
            "winners": ";".join(self.winners),
            "elimination_order": ";".join(self.players[p] for p in self.eliminated),
            "cards_played": sum(sum(row[7]) for row in self._rows),
        }

    def describe(self, action: Action) -> str:
        """A sentence for an action, naming its cards (for the acting player or the facilitator).

        >>> from devgames import exploding
        >>> game = exploding.new_game(["Ada", "Bob"], seed=1)
        >>> game.describe(Action("combo", 0, cards=(9, 9), target=1))
        'Ada plays a pair of Spaghetti Code against Bob (a random card)'
        """
        kind, p = action.kind, action.player
        who = self.players[p] if 0 <= p < self.n else "The deck"
        card = card_name(action.card)
        if kind == "draw":
            return f"{who} draws a card to end the turn"
        if kind == "play":
            if action.target is not None and 0 <= action.target < self.n:
                return f"{who} plays {card} on {self.players[action.target]}"
            return f"{who} plays {card}"
        if kind == "combo":
            cards = action.cards or ()
            if len(cards) == 5:
                return f"{who} plays five different cards ({', '.join(map(card_name, cards))}) " \
                       "to take one from the discard pile"
            victim = self.players[action.target] if action.target is not None and \
                0 <= action.target < self.n else "?"
            if len(cards) == 3:
                return f"{who} plays three {card_name(cards[0])} asking {victim} for {card}"
            first = card_name(cards[0]) if cards else "?"
            return f"{who} plays a pair of {first} against {victim} (a random card)"
        if kind == "nope":
            return f"{who} says {'Yup' if self.nopes % 2 else 'Nope'}"
        if kind == "pass":
            return f"{who} lets it happen"
        if kind == "close":
            if self.nopes % 2:
                return f"Nobody says Yup: {self._pending_words()} stays noped"
            return f"Nobody says Nope: {self._pending_words()} goes ahead"
        if kind == "mitigate":
            where = position_words(action.count or 0, len(self.deck))
            return f"{who} plays a Mitigate and hides the card {where}"
        if kind == "explode":
            return f"{who} explodes (keeps the Mitigate)"
        if kind == "give":
            taker = self.players[self.turn_player]
            if self.phase == STEAL:
                return f"{taker} took {card} from {who}"
            return f"{who} gives {card} to {taker}"
        if kind == "pick":
            return f"{who} takes {card} from the discard pile"
        reason = self.chance[0] if self.chance else "draw"
        verb = {"setup": "dealt", "draw": "drawn", "peek": "seen"}[reason]
        return f"The card {verb} is {card}"

    def narrate(self, event: Event) -> str | None:
        """A public sentence for an event (None for what the table does not see)."""
        data = event.data
        kind = event.kind
        who = self.players[event.player] if event.player is not None else ""
        if event.private:
            if kind == "steal":
                return f"{who} takes a random card from {self.players[data['from']]}."
            if kind == "give":
                return f"{self.players[data['from']]} gives {who} a card."
            if kind == "reinsert":
                return f"{who} hides the Exploding Git Commit back in the draw stack."
            return {"draw": f"{who} draws a card.",
                    "peek": f"{who} looks at the top of the draw stack."}.get(kind)
        if kind == "turn":
            more = f" ({data['turns_left']} turns to take)" if data["turns_left"] > 1 else ""
            return f"Turn {data['turn']}: {who}{more}."
        if kind == "setup":
            return (f"{data['exploding']} Exploding Git Commits and {data['mitigates_back']} "
                    f"spare Mitigates are shuffled into the draw stack ({data['deck_size']} "
                    "cards).")
        if kind == "play":
            target = data["target"]
            on = f" on {self.players[target]}" if target is not None else ""
            return f"{who} plays {_NAME[data['card']]}{on}."
        if kind == "combo":
            words = self._combo_words(tuple(data["cards"]), data["target"], data["named"])
            return f"{who} plays a {words}."
        if kind == "nope":
            return f"{who} says {'Nope' if data['count'] % 2 else 'Yup'}!"
        if kind == "noped":
            return f"{who}'s card is noped: nothing happens."
        if kind == "shuffle":
            return "The draw stack is shuffled."
        if kind == "nothing":
            return f"{self.players[data['from']]} has no card left: {who} gets nothing."
        if kind == "named":
            return f"{self.players[data['from']]} gives {who} a {_NAME[data['card']]}."
        if kind == "not_held":
            return f"{self.players[data['from']]} has no {_NAME[data['card']]}: Booo."
        if kind == "pick":
            return f"{who} takes {_NAME[data['card']]} from the discard pile."
        if kind == "exploding":
            return f"{who} draws an Exploding Git Commit!"
        if kind == "mitigate":
            return f"{who} plays a Mitigate."
        if kind == "explode":
            return f"{who} explodes and is out of the game (number {data['order']} out)."
        if kind == "game_over":
            names = ", ".join(self.players[p] for p in data["winners"])
            return f"Game over: {names} is the last player standing and wins."
        return None
