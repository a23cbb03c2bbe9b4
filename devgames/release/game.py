"""The Release! rules engine.

A game is a number of releases (5 by the rulebook). Each release reveals a Tools & Methods card
(the scoring rule of the release), deals every play card, and plays iterations (tricks): the
leader commits any card, the others in clockwise order (seat order) follow the led suit if they
can; the highest rank of the led suit wins (of equal ranks, the card committed first), and the
winner keeps the committed cards face down as artifacts. When the hands are empty the artifacts
are scored by the Tools & Methods card, teammates' artifacts together. Face cards have
abilities (see :mod:`devgames.release.cards`); the choices they give are moves of their own.
The interpretations are in docs/rules/release.md; those that change the game are options.

The phases are in :mod:`devgames.release.phases`, the set-up in :mod:`~.setup`, the moves
in :mod:`~.moves`, the scoring in :mod:`~.scoring`, what players see in :mod:`~.observer` and
the verbs (``game.commit("Ada", "Kent Beck")``) in :mod:`~.verbs`.
"""

from collections import Counter
from typing import Any

from devgames.core.actions import Action, Event, ShapeCheck
from devgames.core.errors import IllegalMove
from devgames.i18n import _
from devgames.release import observer
from devgames.release.cards import Deck
from devgames.release.moves import (
    KINDS,
    LEGAL_ACTIONS,
    MOVES,
    check_commit,
    commit,
    may_reveal,
)
from devgames.release.observer import ReleaseView
from devgames.release.options import ReleaseOptions
from devgames.release.phases import ACTING, COMMIT, DEAL, LEAD, OVER, PASS, REVEAL
from devgames.release.scoring import score_release
from devgames.release.setup import (
    action_tables,
    deal,
    hand_size,
    reveal_cards,
    seat_teams,
    shuffle_methods,
    suits_by_id,
    table_cards,
)
from devgames.release.verbs import ReleaseVerbs

#: Version 2: a points target plays at most ``releases`` releases; with a printed deck the table
#: enters who won the coin for the first lead (``first_lead``). ``release.OLDER_RULES`` replays
#: version 1.
RULES_VERSION = "2"
#: The most releases of a game (played to a points target, say).
TARGET_RELEASES = 36
_NONE: frozenset[str] = frozenset()
_CARD = frozenset({"card"})
_check_shape = ShapeCheck({
    "deal": frozenset({"card", "target"}), "commit": _CARD, "lead": frozenset({"target"}),
    "swap": frozenset({"card", "target"}), "reveal": frozenset({"card", "count"}),
    "pass": _CARD, "decline": _NONE,
}, "Release!")


class ReleaseGame(ReleaseVerbs):
    """One game of Release!. Start it with :func:`devgames.release.new_game`.

    >>> from devgames import release
    >>> game = release.new_game(["Ada", "Bob", "Cy"], seed=4)
    >>> game.view(None)["method"]
    'Technical Debt'
    >>> game.waiting_for
    'Release 1, iteration 1: Bob leads.'
    >>> first = game.hand("Bob")[0]
    >>> game.commit("Bob", first)
    >>> game.view(None)["committed"][0] == f"Bob: {first}"
    True
    """

    name = "release"
    rules_version = RULES_VERSION
    card_ids = range(1, 55)
    action_kinds = _check_shape.kinds

    def __init__(self, players: tuple[str, ...], seed: int | None, options: ReleaseOptions,
                 deck: Deck, decks: int) -> None:
        super().__init__(players, seed, options)
        self.n = n = len(players)
        self.deck = deck
        self.cards = deck.cards
        self.methods = deck.methods
        self.decks = decks
        self.physical = options.deck == "physical"
        self.pairs = options.style == "rulebook" and n in (4, 6, 8, 10)
        #: Seats of each team (a player working remotely is a team of one), seated alternately.
        self.teams, self.team_of, self.team_names = seat_teams(players, self.pairs)
        count = len(self.teams)
        self.separate = options.artifacts == "separate"
        self.everyone = options.reveal_asks == "everyone"
        self.team_loses = options.losing == "team_lost"
        self.last_release = options.releases
        #: The play cards of this table (every copy, in card order), and those removed from the
        #: game (the 2 of Fruits at 5, 7 or 10 players).
        self.composition, self.removed = table_cards(deck, n, decks)
        #: Physical deck: the cards that may be entered as dealt (each once, in card order).
        self.dealable = sorted(set(self.composition))
        self.hand_size = hand_size(len(self.composition), n)
        self.top = max(max(deck.cards), max(deck.methods))
        #: Each play card's suit by id (-1: no play card), for the hot paths.
        self.suit_of = suits_by_id(deck, self.top)
        self._reveals = reveal_cards(deck)
        self._commit_t, self._pass_t, self._decline_t, self._deal_t = action_tables(self.top)
        self.scores = [0] * count
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.artifacts: list[list[int]] = [[] for _ in range(n)]
        self.discarded: list[int] = []  # face down, unseen by anybody
        self.won = [0] * n  # iterations won this release
        self.breaks = [0] * n  # suit breaks this release
        self.immediate = [0] * count  # points scored at once this release
        self.method_deck: list[int] = []  # Tools & Methods cards still face down, top first
        self.method_pool: Counter[int] = Counter()  # physical: the cards that may be revealed
        self.methods_used: list[int] = []
        self.method: int | None = None
        self.release = 0
        self.iteration = 0
        self.phase = DEAL
        self.pool: Counter[int] = Counter()  # physical: cards of the deck not entered yet
        self.to_deal: list[int] = []  # physical: the seat of each card still to enter
        self.chance: tuple[str, int, int] | None = None  # (reason, seat, other seat)
        self.leader = 0
        self.turn: int = 0
        self.chooser: int = 0  # the seat choosing the lead of its team
        #: The iteration on the table: (seat, card, rank during the iteration), in commit order.
        self.trick: list[tuple[int, int, float]] = []
        self.winner = -1  # the winner of the last iteration (-1: none yet this release)
        self.led_suit = -1
        self.asked: list[int] = []  # seats asked whether to reveal a card, in order
        self.passes: list[int] = []  # pass directions still to play this iteration
        self.passers: list[int] = []  # seats still to choose the card they pass
        self.passing: dict[int, int] = {}  # seat -> card chosen, until all have chosen
        self.kent: int = -1  # the seat deciding a Kent Beck swap
        self.kent_card = 0  # the artifact it gives, while the card taken is entered
        self.coin: list[int] = []  # physical: the seats the coin for the first lead may give
        self._rows: list[dict[str, Any]] = []
        self.result = ""
        if not self.physical:
            shuffle_methods(self)
        self._start_release()

    # ----- releases -----------------------------------------------------------------------------
    def _start_release(self) -> None:
        """A new release: reveal a Tools & Methods card and deal (or ask for the cards really
        dealt)."""
        self.release += 1
        self.iteration = 0
        n = self.n
        self.won = [0] * n
        self.breaks = [0] * n
        self.immediate = [0] * len(self.teams)
        self.artifacts = [[] for _ in range(n)]
        self.discarded = []
        self.method = None
        self.winner = -1
        self.events.append(Event("release", None, {"release": self.release}))
        deal(self)

    def _reveal_method(self, method: int) -> None:
        self.method = method
        self.methods_used.append(method)
        self.events.append(Event("method", None, {"method": method, "release": self.release}))

    def _dealt(self) -> None:
        """The hands are dealt: the lowest score leads the first iteration."""
        self.chance = None
        if self.n == 2 and self.physical:  # the cards not entered are the face-down discards
            self.discarded = list(self.pool.elements())
            self.pool = Counter()
        low = min(self.scores)
        teams = [t for t, score in enumerate(self.scores) if score == low]
        self.iteration = 1
        choose = self.options.team_lead == "choose"
        if self.physical and self.options.first_lead == "table":
            # The table flips the coin: a team (its first seat) when it chooses its leader, a
            # player otherwise; every tied one, in seat order.
            coin = ([self.teams[t][0] for t in teams] if choose
                    else sorted(p for t in teams for p in self.teams[t]))
            if len(coin) > 1:
                self.coin = coin
                self.chance = ("coin", 0, 0)
                self.phase = DEAL
                return
            self._lead_from(coin[0])
            return
        team = teams[0] if len(teams) == 1 else teams[self.rng.randrange(len(teams))]
        seats = self.teams[team]
        if len(seats) > 1 and not choose:
            self._lead_from(seats[self.rng.randrange(len(seats))])
        else:
            self._lead_from(seats[0])

    def _lead_from(self, seat: int) -> None:
        """The first lead goes to ``seat``; with pair programming and ``team_lead="choose"``, to
        its team, whose first seat says which teammate leads."""
        seats = self.teams[self.team_of[seat]]
        if len(seats) > 1 and self.options.team_lead == "choose":
            self.chooser = seats[0]
            self.phase = LEAD
        else:
            self._start_iteration(seat)

    def _start_iteration(self, leader: int) -> None:
        self.leader = self.turn = leader
        self.trick = []
        self.led_suit = -1
        self.phase = COMMIT

    def _end_release(self) -> None:
        """Score the artifacts by the Tools & Methods card; the next release, or the end."""
        score_release(self)
        target = self.options.points_target
        if self.release >= self.last_release or (target and max(self.scores) >= target):
            best = max(self.scores)
            self._winners = [p for t, seats in enumerate(self.teams) if self.scores[t] == best
                             for p in seats]
            self.result = "target" if target and best >= target else "releases"
            self.phase = OVER
            self.events.append(Event("game_over", None, {"winners": list(self._winners)}))
            return
        self._start_release()

    # ----- the generic protocol -----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return ACTING[self.phase](self)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        return LEGAL_ACTIONS[self.phase](self)

    def apply(self, action: Action) -> None:
        """Check and carry out ``action``; an illegal one raises IllegalMove and changes nothing.

        The usual move, a card committed by the player to act as listed by
        :meth:`legal_actions` (so of the right shape), skips the general checks of
        :meth:`_check`; its own check (held, following suit) stays.
        """
        if self.phase == COMMIT and action.player == self.turn and action.kind == "commit":
            row, card = self._commit_t[self.turn], action.card
            if type(card) is int and 0 <= card < len(row) and row[card] is action:
                check_commit(self, action)
                commit(self, action)
                self.log.append(action)
                return
        super().apply(action)

    # ----- checking a move (never changes anything) ---------------------------------------------
    def _check(self, action: Action) -> None:
        _check_shape(action)
        kind, p = action.kind, action.player
        if self.phase == COMMIT and kind == "commit" and p == self.turn:  # the hot path
            check_commit(self, action)
            return
        self._require_turn(p)
        if kind not in KINDS[self.phase]:
            raise IllegalMove("wrong_move", _("Not now: {waiting}").format(
                waiting=self.waiting_for))
        MOVES[kind].check(self, action)

    # ----- carrying out a move, and what follows ------------------------------------------------
    def _do(self, action: Action) -> None:
        MOVES[action.kind].effect(self, action)

    def _immediate(self, p: int, points: int, card: int) -> None:
        t = self.team_of[p]
        self.scores[t] += points
        self.immediate[t] += points
        self.events.append(Event("immediate", p, {"points": points, "card": card,
                                                  "score": self.scores[t]}))

    def _after_commit(self) -> None:
        self.phase = COMMIT
        self.kent = -1
        if len(self.trick) == self.n:
            self._end_iteration()
        else:
            self.turn = (self.turn + 1) % self.n

    def _swapped(self, p: int, target: int, given: int, taken: int) -> None:
        """``p`` gives ``given`` of their artifacts to ``target`` and takes ``taken`` from them.

        Physical deck: the card entered as taken may be one the engine believes is in another
        pile (an earlier swap entered wrong). The cards on the table are the truth: the copy
        comes from ``p``'s own pile if it holds one (``p`` sees the card taken anyway), else
        from the first pile in seat order after ``p`` that holds one; ``given`` goes there in
        its place, and nobody is told. A card given and taken back changes nothing.
        """
        artifacts, n = self.artifacts, self.n
        artifacts[p].remove(given)
        source = target
        if taken != given and taken not in artifacts[target]:
            source = next(q for q in ((p + i) % n for i in range(n))
                          if q != target and taken in artifacts[q])
            self.events.append(Event("mismatch", None, {"seat": target, "believed_in": source,
                                                        "card": taken}, private=True))
        artifacts[source].append(given)
        artifacts[source].remove(taken)
        artifacts[p].append(taken)
        self.events.append(Event("swap", p, {"with": target}))
        self.events.append(Event("swapped", p, {"with": target, "given": given,
                                                "taken": taken}, private=True))
        self._after_commit()

    def _end_iteration(self) -> None:
        """The winner; the immediate effects, clockwise from the leader; then the reveals."""
        led = self.led_suit
        cards = self.cards
        best = -1
        top = -1.0
        for i, (_p, card, rank) in enumerate(self.trick):
            if cards[card].suit == led and rank > top:
                best, top = i, rank
        winner = self.winner = self.trick[best][0]
        self.events.append(Event("won", winner, {
            "card": self.trick[best][1], "iteration": self.iteration,
            "committed": [(p, card) for p, card, _rank in self.trick]}))
        self.passes = []
        for p, card, _rank in self.trick:
            ability = cards[card].ability
            if ability is None:
                continue
            trigger = ability.trigger
            if trigger == "end_of_iteration":
                if ability.effect == "winner_scores":
                    self._immediate(winner, int(ability.value), card)
                else:
                    self.passes.append(ability.direction)
            elif trigger == "after_losing" and p != winner and not (
                    self.team_loses and self.team_of[p] == self.team_of[winner]):
                self._immediate(p, int(ability.value), card)
        n = self.n
        order = [(self.leader + i) % n for i in range(n)]
        if self.everyone:
            self.asked = [q for q in order if self.hands[q]]
        else:
            self.asked = [q for q in order if may_reveal(self, q)]
        if self.asked:
            self.phase = REVEAL
        else:
            self._collect()

    def _next_reveal(self) -> None:
        del self.asked[0]
        if not self.asked:
            self._collect()

    def _collect(self) -> None:
        """The winner keeps the iteration's cards; then the passes, then the next iteration."""
        winner = self.winner
        self.artifacts[winner] += [card for _p, card, _rank in self.trick]
        self.won[winner] += 1
        self.trick = []
        self.asked = []
        self._next_pass()

    def _next_pass(self) -> None:
        if self.passes and self.hands[self.winner]:
            n = self.n
            self.passers = [(self.leader + i) % n for i in range(n)]
            self.passing = {}
            self.phase = PASS
            return
        self.passes = []
        if not self.hands[self.winner]:
            self._end_release()
            return
        self.iteration += 1
        self._start_iteration(self.winner)

    # ----- metrics ------------------------------------------------------------------------------
    @property
    def rounds(self) -> list[dict[str, Any]]:
        """One row per team (a player working remotely is a team) at the end of each release:
        the points of the Tools & Methods card (``rule_points``, ``doubled`` the factor of
        doubling cards), the points scored at once (``immediate_points``), iterations won,
        artifacts, suit breaks, the release's ``points`` and the ``score`` after it.

        >>> from devgames import release
        >>> release.new_game(["Ada", "Bob"], seed=1).rounds
        []
        """
        return [dict(row) for row in self._rows]

    # ----- what players see -----------------------------------------------------------------
    @property
    def waiting_for(self) -> str:
        """What the table waits for: a sentence for the projector."""
        return observer.waiting_for(self)

    def view(self, player: int | str | None) -> ReleaseView:
        """The table as ``player`` sees it: the public part, plus that player's hand."""
        return observer.view(self, player)

    def secrets(self, player: int | str) -> list[str]:
        """What only the player knows: how many cards their artifacts hold, and which.

        >>> from devgames import release
        >>> release.new_game(["Ada", "Bob"], seed=1).secrets("Ada")
        []
        """
        return observer.secrets(self, player)

    def describe(self, action: Action) -> str:
        """A sentence for an action, naming its cards.

        >>> from devgames import release
        >>> game = release.new_game(["Ada", "Bob"], seed=1)
        >>> game.describe(Action("commit", 0, card=10))
        'Ada commits Kent Beck (11 of Doors)'
        """
        return observer.describe(self, action)

    def narrate(self, event: Event) -> str | None:
        """A public sentence for an event (None for what the table does not see)."""
        return observer.narrate(self, event)

    # ----- the whole state ----------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (equal snapshots mean equal games)."""
        return {
            "players": self.players, "seed": self.seed, "options": self.options,
            "hands": [list(h) for h in self.hands],
            "artifacts": [list(a) for a in self.artifacts], "discarded": list(self.discarded),
            "scores": list(self.scores), "won": list(self.won), "breaks": list(self.breaks),
            "immediate": list(self.immediate), "method_deck": list(self.method_deck),
            "method_pool": dict(self.method_pool), "methods_used": list(self.methods_used),
            "method": self.method, "release": self.release, "iteration": self.iteration,
            "phase": self.phase, "pool": dict(self.pool), "to_deal": list(self.to_deal),
            "chance": self.chance, "leader": self.leader, "turn": self.turn,
            "chooser": self.chooser, "trick": list(self.trick), "winner": self.winner,
            "led_suit": self.led_suit, "asked": list(self.asked), "passes": list(self.passes),
            "passers": list(self.passers), "passing": dict(self.passing), "kent": self.kent,
            "kent_card": self.kent_card, "coin": list(self.coin),
            "rows": [dict(r) for r in self._rows], "chance_steps": self.chance_steps,
            "events_count": len(self.events),
            "last_event": self.events[-1] if self.events else None,
            "log_length": len(self.log), "result": self.result, "winners": list(self._winners),
        }

    def card_counts(self) -> Counter[int]:
        """Every copy of every play card by id, one deck or two: hands, the iteration on the
        table, artifacts, cards discarded face down or removed from the game, cards chosen to
        pass, and a physical deck's cards not entered yet. The Tools & Methods cards, one
        revealed each release, are not counted.

        >>> from devgames import release
        >>> game = release.new_game(["Ada", "Bob", "Cy"], seed=4, deck="physical")
        >>> game.card_counts() == Counter({card: 1 for card in game.deck.play_ids})
        True
        """
        cards = Counter(self.pool)
        for pile in (*self.hands, *self.artifacts, self.discarded, self.removed):
            cards.update(pile)
        cards.update(card for _seat, card, _rank in self.trick)
        cards.update(self.passing.values())
        return cards

    def summary(self) -> dict[str, Any]:
        """One row about the game: releases played, the winners, the scores.

        >>> from devgames import release
        >>> release.new_game(["Ada", "Bob"], seed=1).summary()
        {'releases': 0, 'result': '', 'winners': '', 'scores': 'Ada 0; Bob 0'}
        """
        return {
            "releases": len(self._rows) // len(self.teams),
            "result": self.result,
            "winners": ";".join(self.winners),
            "scores": "; ".join(f"{name} {score}"
                                for name, score in zip(self.team_names, self.scores,
                                                       strict=True)),
        }
