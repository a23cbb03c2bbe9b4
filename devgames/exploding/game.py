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

from collections import Counter
from typing import Any

from devgames.core.actions import Action, Event, ShapeCheck
from devgames.core.game import ClaimWindow, Game
from devgames.exploding import observer
from devgames.exploding.cards import EXPLODING, TITLES
from devgames.exploding.moves import ACTING, KINDS, LEGAL_ACTIONS, MOVES, REFUSALS
from devgames.exploding.nope_window import nope_moves
from devgames.exploding.observer import ExplodingView
from devgames.exploding.options import ExplodingOptions
from devgames.exploding.rules import CLOSE as CLOSE  # the table's move, read here by the table
from devgames.exploding.rules import (
    DEFUSE,
    MAX_ID,
    NAMEABLE,
    NOPE_WINDOW,
    OTHERS,
    OVER,
    PLAY,
)
from devgames.exploding.setup import deal
from devgames.exploding.verbs import ExplodingVerbs

RULES_VERSION = "2"  # 2: the Nope window open to everybody at once by default

#: Columns of the metrics rows (``game.rounds``): one row per player at the end of every turn.
ROUND_FIELDS = (
    "turn", "turn_player", "player", "alive", "hand_size", "deck_size", "exploding_in_deck",
    "chance_next_explodes", "cards_played", "nopes", "ended_by", "eliminated_order",
)

_NONE: frozenset[str] = frozenset()
_CARD = frozenset({"card"})
_check_shape = ShapeCheck({
    "deal": _CARD, "draw": _NONE, "play": frozenset({"card", "target"}),
    "combo": frozenset({"cards", "target", "card"}), "nope": _NONE, "pass": _NONE, "close": _NONE,
    "mitigate": frozenset({"count"}), "explode": _NONE, "give": _CARD, "pick": _CARD,
}, "Exploding Git Commits")


class ExplodingGame(ExplodingVerbs, Game):
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
    card_ids = range(1, MAX_ID)
    action_kinds = _check_shape.kinds

    def __init__(self, players: tuple[str, ...], seed: int | None,
                 options: ExplodingOptions) -> None:
        super().__init__(players, seed, options)
        self.n = n = len(players)
        self.others = OTHERS[-1 if options.direction == "counterclockwise" else 1][n]
        self.physical = options.deck == "physical"
        self.everyone = options.nope_asks == "everyone"
        self.stacking = options.bail_stacking == "rulebook"
        self.special = options.special_combos
        self.choice = options.mitigate == "choice"
        self.owed_passed_on = options.owed_turns == "passed_on"
        self.ask_empty = options.ask_empty_hand == "allowed"
        self.pick_exploding = options.pick_exploding == "allowed"
        self.random_nopes = options.nope_first == "random"
        self.open_window: bool = options.nope_window == "open"
        #: Titles a three-of-a-kind may name (an Exploding Git Commit only when one can be held).
        self.nameable = TITLES if self.pick_exploding else NAMEABLE
        self.hands: list[list[int]] = [[] for _ in range(n)]
        #: The draw stack, top first. An entry is None where a physical card is not known yet.
        self.deck: list[int | None] = []
        #: Physical deck: how many of each title lie at the unknown places of the stack.
        self.pool = [0] * MAX_ID
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
        self.turn_player: int = options.first_player
        self.turns_left = 1
        self.under_bail = False
        self.turn_no = 1
        self.pending: Action | None = None  # the card or combo waiting for Nopes
        self.nopes = 0
        self.asked: list[int] = []
        self.giver: int = -1
        self.played = [0] * n  # cards each player put on the discard pile this turn
        self.noped = [0] * n  # Nopes each player played this turn
        self._rows: list[tuple[Any, ...]] = []
        self.result = ""
        deal(self)

    # ----- the generic protocol, read from the tables of the moves -----------------------------
    @property
    def current_player(self) -> int | None:
        return ACTING[self.phase](self)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        return LEGAL_ACTIONS[self.phase](self)

    def _check(self, action: Action) -> None:
        _check_shape(action)
        kind, phase = action.kind, self.phase
        # The turn player's own play (the common case) and the Nope window check who acts
        # themselves.
        if phase != NOPE_WINDOW and not (phase == PLAY and action.player == self.turn_player):
            self._require_turn(action.player)
        if kind not in KINDS[phase]:
            raise REFUSALS[phase](self, action)
        MOVES[kind].check(self, action)

    def _do(self, action: Action) -> None:
        MOVES[action.kind].effect(self, action)

    # ----- the Nope window ----------------------------------------------------------------------
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

    @property
    def claim_window(self) -> ClaimWindow | None:
        """The Nope window open to everybody: ``CLOSE`` closes it; a claim now is a Yup after an
        odd number of Nopes.

        >>> from devgames import exploding
        >>> game = exploding.new_game(["Ada", "Bob", "Cy"], seed=12)
        >>> game.play("Ada", "Shuffle"); game.claim_window.seats, game.claim_window.undoes
        ((1, 2), False)
        """
        if not self.window_open:
            return None
        return ClaimWindow(close=CLOSE, seats=tuple(self.asked), undoes=self.nopes % 2 == 1)

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
        return nope_moves(self, self.seat(player))

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

    # ----- what players see (devgames.exploding.observer) -----------------------------------------
    def chance_next_explodes(self, player: int | str | None = None) -> float:
        """The chance that the next card drawn is an Exploding Git Commit: from the public counts
        (``player`` None), or from what ``player`` knows of the stack besides.

        >>> from devgames import exploding
        >>> game = exploding.new_game(["Ada", "Bob", "Cy"], seed=2)
        >>> round(game.chance_next_explodes(), 4)   # 2 of 39 cards
        0.0513
        """
        return observer.chance_next_explodes(self, player)

    @property
    def waiting_for(self) -> str:
        """What the table waits for: a sentence for the projector."""
        return observer.waiting_for(self)

    def view(self, player: int | str | None) -> ExplodingView:
        """The table as ``player`` sees it: the public counts, plus that player's own hand and
        what they know of the draw stack (seen with a Peek, or where they hid a card)."""
        return observer.view(self, player)

    def secrets(self, player: int | str) -> list[str]:
        """What the player knows of the draw stack (cards seen with a Peek, where they hid an
        Exploding Git Commit) and, then, their own chance that the next card drawn explodes.

        >>> from devgames import exploding
        >>> exploding.new_game(["Ada", "Bob"], seed=1).secrets("Ada")
        []
        """
        return observer.secrets(self, player)

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

    def card_counts(self) -> Counter[int]:
        """All 56 cards by title: the draw stack (its known places, and a physical deck's
        unknown places by the titles that lie there), hands, the discard pile, cards removed at
        set-up or set aside during a physical deal, and an Exploding Git Commit in the air while
        its drawer decides.

        >>> from devgames import exploding
        >>> sum(exploding.new_game(["Ada", "Bob"], seed=1, deck="physical").card_counts().values())
        56
        """
        cards = Counter(card for card in self.deck if card is not None)
        cards.update({card: count for card, count in enumerate(self.pool) if count})
        for pile in (*self.hands, self.discard, self.removed, self.aside):
            cards.update(pile)
        if self.phase == DEFUSE:
            cards[EXPLODING] += 1
        return cards

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
        return observer.describe(self, action)

    def narrate(self, event: Event) -> str | None:
        """A public sentence for an event (None for what the table does not see)."""
        return observer.narrate(self, event)
