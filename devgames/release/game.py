"""The Release! rules engine.

A game is a number of releases (5 by the rulebook). Each release reveals a Tools & Methods card
(the scoring rule of the release), deals every play card, and plays iterations (tricks): the
leader commits any card, the others in clockwise order (seat order) follow the led suit if they
can; the highest rank of the led suit wins (of equal ranks, the card committed first), and the
winner keeps the committed cards face down as artifacts. When the hands are empty the artifacts
are scored by the Tools & Methods card, teammates' artifacts together. Face cards have
abilities (see :mod:`devgames.release.cards`); the choices they give are moves of their own.
The interpretations are in docs/rules/release.md; those that change the game are options.

Phases: ``deal`` (physical deck: a card to enter), ``lead`` (pair programming: the team with
the lowest score says which teammate leads), ``commit``, ``swap`` (Kent Beck: swap an artifact
or decline), ``reveal`` (a card held in hand may be revealed and swapped into the iteration),
``pass`` (every player picks a card to pass left or right) and ``over``.
"""

from collections import Counter
from functools import lru_cache
from typing import Any

from devgames.core.actions import CHANCE, Action, Event, ShapeCheck
from devgames.core.errors import IllegalMove
from devgames.core.game import Game
from devgames.core.piles import shuffle
from devgames.release.cards import SUITS, Deck, Method
from devgames.release.options import ReleaseOptions

#: Version 2: a points target plays at most ``releases`` releases; with a printed deck the table
#: enters who won the coin for the first lead (``first_lead``). ``release.OLDER_RULES`` replays
#: version 1.
RULES_VERSION = "2"
#: Columns of the metrics rows (``game.rounds``): one row per team (or player working remotely)
#: at the end of every release.
ROUND_FIELDS = (
    "release", "team", "method", "rule_points", "doubled", "immediate_points",
    "iterations_won", "artifacts", "suit_breaks", "points", "score",
)
#: The most releases of a game (played to a points target, say).
TARGET_RELEASES = 36
#: Cards discarded face down before the deal of a 2-player game.
TWO_PLAYER_DISCARD = 12

DEAL, LEAD, COMMIT, SWAP, REVEAL, PASS, OVER = (
    "deal", "lead", "commit", "swap", "reveal", "pass", "over")

_NONE: frozenset[str] = frozenset()
_CARD = frozenset({"card"})
_check_shape = ShapeCheck({
    "deal": frozenset({"card", "target"}), "commit": _CARD, "lead": frozenset({"target"}),
    "swap": frozenset({"card", "target"}), "reveal": frozenset({"card", "count"}),
    "pass": _CARD, "decline": _NONE,
}, "Release!")
_MAX_SEATS = 10


@lru_cache(maxsize=8)
def _tables(top: int) -> tuple[list[list[Action]], list[list[Action]], list[Action], list[Action]]:
    """Actions made once and shared by every game (actions are immutable): commit and pass of
    each seat and card, decline of each seat, deal of each card."""
    ids = range(top + 1)
    commit = [[Action("commit", p, card=c) for c in ids] for p in range(_MAX_SEATS)]
    passes = [[Action("pass", p, card=c) for c in ids] for p in range(_MAX_SEATS)]
    decline = [Action("decline", p) for p in range(_MAX_SEATS)]
    deal = [Action("deal", CHANCE, card=c) for c in ids]
    return commit, passes, decline, deal


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th...

    >>> ordinal(1), ordinal(2), ordinal(11), ordinal(23)
    ('1st', '2nd', '11th', '23rd')
    """
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10,
                                                                                    "th")
    return f"{number}{suffix}"


def table_cards(deck: Deck, players: int, decks: int) -> tuple[list[int], list[int]]:
    """The play cards of a table, every copy in card order, and the copies removed from the
    game: every 2 of Fruits at 5, 7 or 10 players.

    >>> from devgames.release.cards import BASE
    >>> cards, removed = table_cards(BASE, 5, 1)
    >>> len(cards), [BASE.cards[c].name for c in removed]
    (35, ['2 of Fruits'])
    """
    removing = players in (5, 7, 10)
    cards: list[int] = []
    removed: list[int] = []
    for c in deck.play_ids:
        info = deck.cards[c]
        two_of_fruits = info.rank == 2 and SUITS[info.suit] == "Fruits"
        (removed if removing and two_of_fruits else cards).extend([c] * decks)
    return cards, removed


def score_artifacts(deck: Deck, method: Method, cards: list[int], iterations_won: int,
                    doubling: str = "each_copy") -> tuple[int, int]:
    """The points a set of artifacts earns by a Tools & Methods card, and the factor its
    doubling cards applied (1, 2, 4...). A card counts in one term only: the terms take their
    cards in order, straights and n-of-a-kind each take their own.

    >>> from devgames.release.cards import BASE
    >>> senior = BASE.methods[43]            # +1 per 10-13, -1 per 2-9
    >>> score_artifacts(BASE, senior, [11, 2, 3], 0)    # Kathy Sierra (12), 3 and 4 of Doors
    (-1, 1)
    >>> score_artifacts(BASE, senior, [12, 11], 0)      # Gene Kim doubles: (1 + 1) x 2
    (4, 2)
    """
    table = deck.cards
    held = [table[c] for c in cards]
    factor = 1
    doublers = sum(1 for card in held if card.ability is not None
                   and card.ability.effect == "double")
    if doublers:
        factor = 2 if doubling == "once" else 2 ** doublers
    total = 0
    pool = list(range(len(held)))  # the places of the cards no term has counted yet
    for term in method.terms:
        unit = term.unit
        if unit == "iteration_won":
            total += term.points * iterations_won
            continue
        matching = [i for i in pool if term.matches(held[i])]
        used: list[int] = []
        if unit == "card":
            used = matching
            total += term.points * len(used)
        elif unit == "unmatched_rank":
            counts = Counter(held[i].rank for i in matching)
            used = [i for i in matching if counts[held[i].rank] == 1]
            total += term.points * len(used)
        else:
            by_rank: dict[int, list[int]] = {}
            for i in matching:
                by_rank.setdefault(held[i].rank, []).append(i)
            if unit == "kind":
                for same in by_rank.values():
                    sets = len(same) // term.n
                    used += same[:sets * term.n]
                    total += term.points * sets
            elif unit == "straight":
                runs = min(len(by_rank.get(rank, ())) for rank in term.sequence)
                for rank in term.sequence:
                    used += by_rank[rank][:runs] if runs else []
                total += term.points * runs
            else:  # longest_straight_card: the longest run of ranks in a row (2 cards at least)
                best: list[int] = []
                run: list[int] = []
                for rank in sorted(by_rank):
                    run = [*run, rank] if run and rank == run[-1] + 1 else [rank]
                    if len(run) > len(best):
                        best = list(run)
                if len(best) >= 2:
                    used = [by_rank[rank][0] for rank in best]
                    total += term.points * len(used)
        if used:
            gone = set(used)
            pool = [i for i in pool if i not in gone]
    return total * factor, factor


class ReleaseGame(Game):
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
        count = n // 2 if self.pairs else n
        #: Seats of each team (a player working remotely is a team of one), seated alternately.
        self.teams: list[tuple[int, ...]] = [tuple(range(t, n, count)) for t in range(count)]
        self.team_of = [p % count for p in range(n)]
        self.team_names = [" & ".join(players[p] for p in seats) for seats in self.teams]
        self.separate = options.artifacts == "separate"
        self.everyone = options.reveal_asks == "everyone"
        self.team_loses = options.losing == "team_lost"
        self.last_release = options.releases
        #: The play cards of this table (every copy, in card order), and those removed from the
        #: game (the 2 of Fruits at 5, 7 or 10 players).
        self.composition, self.removed = table_cards(deck, n, decks)
        #: Physical deck: the cards that may be entered as dealt (each once, in card order).
        self.dealable = sorted(set(self.composition))
        dealt = len(self.composition) - (TWO_PLAYER_DISCARD if n == 2 else 0)
        self.hand_size = dealt // n
        self.top = max(max(deck.cards), max(deck.methods))
        #: Each play card's suit by id (-1: no play card), for the hot paths.
        self.suit_of = [-1] * (self.top + 1)
        for c, info in deck.cards.items():
            self.suit_of[c] = info.suit
        self._reveals = {trigger: frozenset(
            c for c, info in deck.cards.items() if info.ability is not None
            and info.ability.trigger == trigger and info.ability.effect == "reveal_swap")
            for trigger in ("after_winning", "after_other_wins")}
        self._commit_t, self._pass_t, self._decline_t, self._deal_t = _tables(self.top)
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
        self.turn = 0
        self.chooser = 0  # the seat choosing the lead of its team
        #: The iteration on the table: (seat, card, rank during the iteration), in commit order.
        self.trick: list[tuple[int, int, float]] = []
        self.winner = -1  # the winner of the last iteration (-1: none yet this release)
        self.led_suit = -1
        self.asked: list[int] = []  # seats asked whether to reveal a card, in order
        self.passes: list[int] = []  # pass directions still to play this iteration
        self.passers: list[int] = []  # seats still to choose the card they pass
        self.passing: dict[int, int] = {}  # seat -> card chosen, until all have chosen
        self.kent = -1  # the seat deciding a Kent Beck swap
        self.kent_card = 0  # the artifact it gives, while the card taken is entered
        self.coin: list[int] = []  # physical: the seats the coin for the first lead may give
        self._rows: list[dict[str, Any]] = []
        self.result = ""
        if not self.physical:
            self.method_deck = list(deck.method_ids)
            shuffle(self.method_deck, self.rng)
            self.chance_steps += 1
        self._start_release()

    # ----- releases -----------------------------------------------------------------------------
    def _start_release(self) -> None:
        """Reveal a Tools & Methods card and deal (or ask for the cards really dealt)."""
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
        if self.physical:
            if not self.method_pool:
                self.method_pool = Counter(self.deck.method_ids)
            self.pool = Counter(self.composition)
            self.to_deal = [p for p in range(n) for _ in range(self.hand_size)]
            self.phase = DEAL
            self.chance = ("method", 0, 0)
            return
        if not self.method_deck:
            self.method_deck = list(self.deck.method_ids)
            shuffle(self.method_deck, self.rng)
            self.chance_steps += 1
        self._reveal_method(self.method_deck.pop(0))
        cards = list(self.composition)
        shuffle(cards, self.rng)
        self.chance_steps += len(cards)
        if n == 2:
            self.discarded = cards[:TWO_PLAYER_DISCARD]
            cards = cards[TWO_PLAYER_DISCARD:]
        size = self.hand_size
        for p in range(n):
            self.hands[p] = cards[p * size:(p + 1) * size]
            self.events.append(Event("deal", p, {"cards": list(self.hands[p])}, private=True))
        self._dealt()

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

    def _coin_name(self, seat: int) -> str:
        """Who a coin entry names: a team choosing its leader, else a player."""
        if self.options.team_lead == "choose":
            return self.team_names[self.team_of[seat]]
        return self.players[seat]

    def _start_iteration(self, leader: int) -> None:
        self.leader = self.turn = leader
        self.trick = []
        self.led_suit = -1
        self.phase = COMMIT

    def _end_release(self) -> None:
        """Score the artifacts by the Tools & Methods card; the next release, or the end."""
        assert self.method is not None  # a release is always played under a card
        method = self.methods[self.method]
        doubling = self.options.doubling
        for t, seats in enumerate(self.teams):
            if self.separate:
                parts = [score_artifacts(self.deck, method, self.artifacts[p], self.won[p],
                                         doubling) for p in seats]
                points = sum(part[0] for part in parts)
                factor = max(part[1] for part in parts)
            else:
                cards = [c for p in seats for c in self.artifacts[p]]
                points, factor = score_artifacts(self.deck, method, cards,
                                                 sum(self.won[p] for p in seats), doubling)
            self.scores[t] += points
            self._rows.append({
                "release": self.release, "team": self.team_names[t], "method": method.name,
                "rule_points": points, "doubled": factor, "immediate_points": self.immediate[t],
                "iterations_won": sum(self.won[p] for p in seats),
                "artifacts": sum(len(self.artifacts[p]) for p in seats),
                "suit_breaks": sum(self.breaks[p] for p in seats),
                "points": points + self.immediate[t], "score": self.scores[t],
            })
            self.events.append(Event("scored", None, {"team": t, "points": points,
                                                      "factor": factor,
                                                      "score": self.scores[t]}))
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
        phase = self.phase
        if phase == COMMIT:
            return self.turn
        if phase == REVEAL:
            return self.asked[0]
        if phase == PASS:
            return self.passers[0]
        if phase == SWAP:
            return self.kent
        if phase == LEAD:
            return self.chooser
        if phase == DEAL:
            return CHANCE
        return None

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == COMMIT:
            p = self.turn
            row = self._commit_t[p]
            hand = self.hands[p]
            if self.trick:
                suit_of = self.suit_of
                led = self.led_suit
                follow = [c for c in hand if suit_of[c] == led]
                if follow:
                    hand = follow
            return [row[c] for c in (sorted(hand) if self.decks == 1 else sorted(set(hand)))]
        if phase == PASS:
            p = self.passers[0]
            row = self._pass_t[p]
            return [row[c] for c in sorted(set(self.hands[p]))]
        if phase == REVEAL:
            p = self.asked[0]
            out = [self._decline_t[p]]
            for held in sorted(set(self._revealable(p))):
                out += [Action("reveal", p, card=held, count=i) for i in range(len(self.trick))]
            return out
        if phase == SWAP:
            p = self.kent
            out = [self._decline_t[p]]
            targets = [q for q in range(self.n) if q != p and self.artifacts[q]]
            for card in sorted(set(self.artifacts[p])):
                out += [Action("swap", p, card=card, target=q) for q in targets]
            return out
        if phase == LEAD:
            return [Action("lead", self.chooser, target=q)
                    for q in self.teams[self.team_of[self.chooser]]]
        if phase == DEAL:
            if self.coin:
                return [Action("deal", CHANCE, target=q) for q in self.coin]
            return [self._deal_t[c] for c in self._enterable()]
        return []

    def _enterable(self) -> list[int]:
        """Physical deck: the cards the facilitator may enter now, in card order.

        The list is on the projector, so it never depends on what the engine knows and the room
        does not; only what everybody saw narrows it. A Tools & Methods card: those not revealed
        since the pile was last made up (the others were all shown face up). A card dealt: every
        play card of this table, whatever was entered before (the hands are secret). The card a
        Kent Beck swap took: every card in anybody's artifacts, that is the cards of the
        iterations collected this release, which everybody saw; not the other player's own pile,
        which an earlier swap may have changed in secret. An entry that contradicts what the
        engine believes is reconciled (:meth:`_swap_from_hand`, :meth:`_swapped`).
        """
        assert self.chance is not None
        reason = self.chance[0]
        if reason == "method":
            return sorted(c for c, k in self.method_pool.items() if k)
        if reason == "hand":
            return self.dealable
        return sorted({c for pile in self.artifacts for c in pile})

    def _revealable(self, p: int) -> list[int]:
        """The cards ``p`` holds that may be revealed now (after this iteration's winner is
        known): an ``after_winning`` card for the winner, ``after_other_wins`` for the others."""
        held = self._reveals["after_winning" if p == self.winner else "after_other_wins"]
        return [c for c in self.hands[p] if c in held]

    # ----- checking a move (never changes anything) ---------------------------------------------
    def _check(self, action: Action) -> None:
        _check_shape(action)
        kind, p = action.kind, action.player
        if self.phase == COMMIT and kind == "commit" and p == self.turn:
            self._check_commit(p, action.card)
            return
        self._require_turn(p)
        phase = self.phase
        expected = {DEAL: ("deal",), LEAD: ("lead",), COMMIT: ("commit",),
                    SWAP: ("swap", "decline"), REVEAL: ("reveal", "decline"),
                    PASS: ("pass",)}[phase]
        if kind not in expected:
            raise IllegalMove("wrong_move", f"Not now: {self.waiting_for}")
        if phase == DEAL and self.coin:
            if action.card is not None or action.target not in self.coin:
                names = " or ".join(self._coin_name(q) for q in self.coin)
                raise IllegalMove("not_tied", f"Not now: enter who won the coin toss for the "
                                  f"first lead: {names}.")
        elif phase == DEAL:
            if action.target is not None or action.card not in self._enterable():
                what = self._card_words(action.card)
                raise IllegalMove("card_not_in_deck", f"Not now: {what} cannot be entered; "
                                  "enter the card really revealed, dealt or taken.")
        elif phase == COMMIT:
            self._check_commit(p, action.card)
        elif phase == LEAD:
            team = self.teams[self.team_of[p]]
            if action.target not in team:
                names = " or ".join(self.players[q] for q in team)
                raise IllegalMove("not_a_teammate", f"The team's first lead is {names}.")
        elif phase == PASS:
            self._require_held(p, action.card, "pass")
        elif phase == SWAP and kind == "swap":
            self._check_swap(p, action.card, action.target)
        elif phase == REVEAL and kind == "reveal":
            self._check_reveal(p, action.card, action.count)

    def _card_words(self, card: Any) -> str:
        if card in self.cards:
            return self.cards[card].label
        if card in self.methods:
            return self.methods[card].name
        return "No card" if card is None else f"The card {card!r}"

    def _require_held(self, p: int, card: Any, verb: str) -> int:
        if card not in self.cards:
            if card is None:
                raise IllegalMove("card_expected", f"Name the card to {verb}.")
            raise IllegalMove("unknown_card", f"Release! has no play card with the id {card!r}.")
        if card not in self.hands[p]:
            raise IllegalMove("card_not_in_hand",
                              f"{self.players[p]} does not hold {self.cards[card].label}.")
        return card

    def _check_commit(self, p: int, card: Any) -> None:
        self._require_held(p, card, "commit")
        if self.trick:
            suit, suit_of = self.led_suit, self.suit_of
            if suit_of[card] != suit and any(suit_of[c] == suit for c in self.hands[p]):
                raise IllegalMove("follow_suit", f"{self.players[p]} holds {SUITS[suit]} and "
                                  f"must commit one: {SUITS[suit]} were led.")

    def _check_swap(self, p: int, card: Any, target: Any) -> None:
        if card not in self.cards:
            raise IllegalMove("card_expected", "Name the card of your artifacts to swap.")
        if card not in self.artifacts[p]:
            raise IllegalMove("not_in_artifacts", f"{self.players[p]} has no "
                              f"{self.cards[card].label} in their artifacts.")
        if type(target) is not int or not 0 <= target < self.n or target == p:
            raise IllegalMove("bad_target", "Choose another player whose artifacts to swap "
                              "with.")
        if not self.artifacts[target]:
            raise IllegalMove("no_artifacts", f"{self.players[target]} has no artifacts yet.")

    def _check_reveal(self, p: int, card: Any, position: Any) -> None:
        if card not in self.cards:
            raise IllegalMove("card_expected", "Name the card to reveal.")
        if card not in self._revealable(p):
            raise IllegalMove("cannot_reveal", f"{self.players[p]} holds no "
                              f"{self.cards[card].label} that can be revealed now.")
        if type(position) is not int or not 0 <= position < len(self.trick):
            raise IllegalMove("bad_position", f"Choose a card of this iteration, from 0 to "
                              f"{len(self.trick) - 1} in the order committed.")

    # ----- carrying out a move --------------------------------------------------------------
    def _do(self, action: Action) -> None:
        kind, p = action.kind, action.player
        card = action.card or 0
        if kind == "commit":
            self._commit(p, card)
        elif kind == "pass":
            self._pass(p, card)
        elif kind == "decline":
            self.events.append(Event("decline", p, {"phase": self.phase}))
            if self.phase == SWAP:
                self._after_commit()
            else:
                self._next_reveal()
        elif kind == "reveal":
            self._reveal(p, card, action.count or 0)
        elif kind == "swap":
            self._swap(p, card, action.target or 0)
        elif kind == "lead":
            target = action.target or 0
            self.events.append(Event("lead", p, {"leader": target}))
            self._start_iteration(target)
        elif self.coin:
            seat = action.target or 0
            self.coin = []
            self.chance = None
            self.events.append(Event("coin", None, {"seat": seat}))
            self._lead_from(seat)
        else:
            self._entered(card)

    def _entered(self, card: int) -> None:
        assert self.chance is not None
        reason, p, q = self.chance
        if reason == "method":
            self.method_pool[card] -= 1
            self._reveal_method(card)
            self.chance = ("hand", self.to_deal[0], 0)
        elif reason == "hand":
            if not self.pool[card]:
                self._swap_from_hand(card, p)
            self.pool[card] -= 1
            seat = self.to_deal.pop(0)
            self.hands[seat].append(card)
            self.events.append(Event("deal", seat, {"cards": [card]}, private=True))
            if self.to_deal:
                self.chance = ("hand", self.to_deal[0], 0)
            else:
                self._dealt()
        else:  # the card a Kent Beck swap really took
            self.chance = None
            self._swapped(p, q, self.kent_card, card)

    def _swap_from_hand(self, card: int, p: int) -> None:
        """Physical deck: ``card`` is dealt to ``p``, but every copy was entered already: one of
        those entries was a slip, and that hand holds another card not entered yet. The cards on
        the table are the truth; the engine keeps every count right and tells nobody.

        The copy is taken from ``p``'s own hand (they see the card dealt anyway), else from the
        first hand in seat order after theirs that holds one, the copy entered last. In its
        place goes the likeliest card not entered yet: the one with the most copies left (the
        first in card order on a tie).
        """
        pool, n = self.pool, self.n
        instead = max(sorted(c for c, k in pool.items() if k), key=pool.__getitem__)
        pool[instead] -= 1
        pool[card] += 1
        seat = next(q for q in ((p + i) % n for i in range(n)) if card in self.hands[q])
        hand = self.hands[seat]
        hand[len(hand) - 1 - hand[::-1].index(card)] = instead
        self.events.append(Event("mismatch", None, {"seat": seat, "believed": card,
                                                    "card": instead}, private=True))

    def _commit(self, p: int, card: int) -> None:
        self.hands[p].remove(card)
        info = self.cards[card]
        trick = self.trick
        if not trick:
            self.led_suit = info.suit
        elif info.suit != self.led_suit:
            self.breaks[p] += 1
        rank: float = info.rank
        ability = info.ability
        if ability is not None and ability.trigger == "rank":
            if not trick:
                rank = ability.led
            elif ability.effect == "fixed":
                rank = ability.value
            else:
                rank = trick[-1][2] + ability.value
        trick.append((p, card, rank))
        self.events.append(Event("commit", p, {"card": card, "rank": rank,
                                               "broke_suit": info.suit != self.led_suit}))
        if ability is not None and ability.trigger == "on_commit":
            if ability.effect == "score":
                if not ability.if_last or self.iteration == self.hand_size:
                    self._immediate(p, int(ability.value), card)
            elif any(self.artifacts[q] for q in range(self.n) if q != p) and self.artifacts[p]:
                self.kent = p
                self.phase = SWAP
                return
            else:
                self.events.append(Event("no_swap", p, {"card": card}))
        if len(trick) == self.n:
            self.kent = -1
            self._end_iteration()
        else:
            self.turn = (self.turn + 1) % self.n

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

    def _swap(self, p: int, card: int, target: int) -> None:
        self.kent_card = card
        if self.physical:
            self.chance = ("taken", p, target)
            self.phase = DEAL
            return
        pile = self.artifacts[target]
        taken = pile[self.rng.randrange(len(pile))]
        self.chance_steps += 1
        self._swapped(p, target, card, taken)

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
            self.asked = [q for q in order if self._revealable(q)]
        if self.asked:
            self.phase = REVEAL
        else:
            self._collect()

    def _reveal(self, p: int, held: int, position: int) -> None:
        seat, taken, rank = self.trick[position]
        self.hands[p].remove(held)
        self.hands[p].append(taken)
        self.trick[position] = (seat, held, rank)
        self.events.append(Event("reveal", p, {"card": held, "taken": taken}))
        self._next_reveal()

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

    def _pass(self, p: int, card: int) -> None:
        self.hands[p].remove(card)
        self.passing[p] = card
        del self.passers[0]
        if self.passers:
            return
        step = self.passes.pop(0)
        n = self.n
        for q, passed in self.passing.items():
            to = (q + step) % n
            self.hands[to].append(passed)
            self.events.append(Event("passed", to, {"from": q, "card": passed}, private=True))
        self.events.append(Event("pass", None, {"direction": step}))
        self.passing = {}
        self._next_pass()

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

    # ----- domain verbs (names or seat numbers, card names or ids) -------------------------------
    def hand(self, player: int | str) -> list[str]:
        """The labels of the cards in a player's hand (show only to that player)."""
        return [self.cards[c].label for c in self.hands[self.seat(player)]]

    def card_id(self, card: int | str) -> int:
        """The id of a card given by id, name, label or figures ("11 of Doors"), any case.

        >>> from devgames import release
        >>> game = release.new_game(["Ada", "Bob"], seed=1)
        >>> game.card_id("kent beck"), game.card_id("11 of Doors"), game.card_id("Waterfall")
        (10, 10, 47)
        """
        if isinstance(card, int) and not isinstance(card, bool):
            return card
        folded = str(card).strip().casefold()
        for c, info in self.cards.items():
            if folded in (info.name.casefold(), info.label.casefold(), info.figures.casefold()):
                return c
        for c, method in self.methods.items():
            if folded == method.name.casefold():
                return c
        raise IllegalMove("unknown_card", f"Release! has no card called {card!r}.")

    def _position(self, taken: int | str) -> int:
        """The place in the iteration of a committed card (by id, name or place)."""
        if isinstance(taken, int) and not isinstance(taken, bool) and taken not in self.cards:
            return taken
        card = self.card_id(taken)
        for i, (_p, c, _rank) in enumerate(self.trick):
            if c == card:
                return i
        raise IllegalMove("not_committed", f"{self.cards[card].label} is not committed to "
                          "this iteration." if card in self.cards else
                          "That card is not committed to this iteration.")

    def commit(self, player: int | str, card: int | str) -> None:
        """Commit a card of the hand to the iteration."""
        self.apply(Action("commit", self.seat(player), card=self.card_id(card)))

    def can_commit(self, player: int | str, card: int | str) -> bool:
        """True if :meth:`commit` with these arguments is allowed now."""
        return self._can(lambda: Action("commit", self.seat(player), card=self.card_id(card)))

    def lead(self, player: int | str, teammate: int | str) -> None:
        """Pair programming: say which teammate leads the team's first iteration."""
        self.apply(Action("lead", self.seat(player), target=self.seat(teammate)))

    def can_lead(self, player: int | str, teammate: int | str) -> bool:
        """True if :meth:`lead` with these arguments is allowed now."""
        return self._can(lambda: Action("lead", self.seat(player), target=self.seat(teammate)))

    def swap(self, player: int | str, card: int | str, target: int | str) -> None:
        """Kent Beck: swap a card of your artifacts with a random card of ``target``'s."""
        self.apply(Action("swap", self.seat(player), card=self.card_id(card),
                          target=self.seat(target)))

    def can_swap(self, player: int | str, card: int | str, target: int | str) -> bool:
        """True if :meth:`swap` with these arguments is allowed now."""
        return self._can(lambda: Action("swap", self.seat(player), card=self.card_id(card),
                                        target=self.seat(target)))

    def reveal(self, player: int | str, card: int | str, taken: int | str) -> None:
        """Reveal a card held in hand (Kenji Hiranabe, Elisabeth Hendrickson) and swap it with
        the card ``taken`` of this iteration (by name, or its place in the commit order)."""
        self.apply(Action("reveal", self.seat(player), card=self.card_id(card),
                          count=self._position(taken)))

    def can_reveal(self, player: int | str, card: int | str, taken: int | str) -> bool:
        """True if :meth:`reveal` with these arguments is allowed now."""
        return self._can(lambda: Action("reveal", self.seat(player), card=self.card_id(card),
                                        count=self._position(taken)))

    def pass_card(self, player: int | str, card: int | str) -> None:
        """Choose the card of your hand to pass left or right."""
        self.apply(Action("pass", self.seat(player), card=self.card_id(card)))

    def can_pass_card(self, player: int | str, card: int | str) -> bool:
        """True if :meth:`pass_card` with these arguments is allowed now."""
        return self._can(lambda: Action("pass", self.seat(player), card=self.card_id(card)))

    def decline(self, player: int | str) -> None:
        """Say no to a "may": no Kent Beck swap, no card revealed."""
        self.apply(Action("decline", self.seat(player)))

    def can_decline(self, player: int | str) -> bool:
        """True if ``player`` may decline now."""
        return self._can(lambda: Action("decline", self.seat(player)))

    def deal(self, card: int | str) -> None:
        """Physical deck: enter the Tools & Methods card revealed, a card dealt, or the card a
        Kent Beck swap really took."""
        self.apply(Action("deal", CHANCE, card=self.card_id(card)))

    def can_deal(self, card: int | str) -> bool:
        """True if :meth:`deal` of this card is allowed now."""
        return self._can(lambda: Action("deal", CHANCE, card=self.card_id(card)))

    def coin_toss(self, winner: int | str) -> None:
        """Physical deck: enter who won the coin flipped for the first lead (a player, or any
        player of a team that chooses its leader)."""
        self.apply(Action("deal", CHANCE, target=self._coin_seat(winner)))

    def can_coin_toss(self, winner: int | str) -> bool:
        """True if :meth:`coin_toss` for ``winner`` is allowed now."""
        return self._can(lambda: Action("deal", CHANCE, target=self._coin_seat(winner)))

    def _coin_seat(self, winner: int | str) -> int:
        seat = self.seat(winner)
        return self.teams[self.team_of[seat]][0] if self.options.team_lead == "choose" else seat

    # ----- what players see -----------------------------------------------------------------
    @property
    def waiting_for(self) -> str:
        """What the table waits for: a sentence for the projector."""
        phase = self.phase
        players = self.players
        if phase == OVER:
            return f"The game is over: {', '.join(self.winners)} won."
        where = f"Release {self.release}, iteration {self.iteration}"
        if phase == COMMIT:
            if not self.trick:
                return f"{where}: {players[self.turn]} leads."
            return f"{where}: {players[self.turn]} commits a card ({SUITS[self.led_suit]} led)."
        if phase == LEAD:
            team = self.team_names[self.team_of[self.chooser]]
            return f"Release {self.release}: {team} lead the first iteration; " \
                   f"{players[self.chooser]} says which of them leads."
        if phase == SWAP:
            return f"{players[self.kent]} may swap a card of their artifacts (Kent Beck)."
        if phase == REVEAL:
            return f"{where}: {players[self.asked[0]]} may reveal a card from their hand " \
                   "and swap it into the iteration."
        if phase == PASS:
            way = "left" if self.passes[0] == 1 else "right"
            return f"{where}: {players[self.passers[0]]} chooses a card to pass {way}."
        if self.coin:
            names = " or ".join(self._coin_name(q) for q in self.coin)
            return (f"Release {self.release}: flip a coin for the first lead ({names}) and "
                    "enter who won.")
        assert self.chance is not None
        reason, p, q = self.chance
        if reason == "method":
            return f"Release {self.release}: enter the Tools & Methods card revealed."
        if reason == "hand":
            dealt = self.hand_size - self.to_deal.count(p)
            return f"Enter the card dealt to {players[p]} ({dealt + 1} of {self.hand_size})."
        return f"Enter the card {players[p]}'s swap took from {players[q]}'s artifacts."

    def _card_item(self, card: int) -> dict[str, Any]:
        """A card of a hand, its figures read as a sentence: "12 of Doors: committed to the last
        iteration of a release: you score 4 points at once (our reconstruction)"; a number card
        is its name alone.

        >>> from devgames import release
        >>> game = release.new_game(["Ada", "Bob"], seed=1)
        >>> game._card_item(11)["figures"]  # doctest: +ELLIPSIS
        '12 of Doors: committed to the last iteration ... at once (our reconstruction)'
        >>> sorted(game._card_item(min(c for c in game.cards if not game.cards[c].person)))
        ['card', 'id']
        """
        info = self.cards[card]
        item: dict[str, Any] = {"id": card, "card": info.name}
        if info.person:
            does = f": {info.does[:1].lower()}{info.does[1:].rstrip('.')}" if info.does else ""
            ours = " (our reconstruction)" if info.reconstructed else ""
            item["figures"] = f"{info.figures}{does}{ours}"
        return item

    def method_item(self, method: int) -> dict[str, Any]:
        """A Tools & Methods card as the table features it (large, above the scoreboard): its
        rule a term a line, and a note when the card is our reconstruction.

        >>> from devgames import release
        >>> game = release.new_game(["Ada", "Bob"], seed=1)
        >>> game.method_item(43)["lines"]
        ['+1 for each 10 to 13', '-1 for each 2 to 9']
        >>> game.method_item(44)["note"]
        '(our reconstruction: the whole card)'
        """
        info = self.methods[method]
        item: dict[str, Any] = {"heading": "Tools & Methods", "card": info.name,
                                "lines": [term.sentence for term in info.terms]}
        if info.reconstructed:
            parts = ", ".join("the whole card" if part == "card" else f"its {part}"
                              for part in info.reconstructed)
            item["note"] = f"(our reconstruction: {parts})"
        return item

    def _standings(self) -> list[dict[str, Any]]:
        """One row a team or a player: the projector's table. A team of two (pair programming)
        is a row of two lines, one a player: its name, and the card each has committed to the
        iteration (the figures, :meth:`_short_card`); the iterations they won ("wins") are
        added up. Hand sizes (the same for everybody), artifacts (the wins times the cards an
        iteration takes, but for swaps) and suit breaks (a question of the debrief) are left
        out; the players' rows, set aside, keep them.

        >>> from devgames import release
        >>> game = release.new_game(["Ada", "Bob", "Cy", "Di"], seed=1)  # two pairs
        >>> game._standings()[0]
        {'name': ('Ada', 'Cy'), 'committed': '', 'score': 0, 'wins': 0}
        """
        committed = {p: self._short_card(card, rank) for p, card, rank in self.trick}
        rows = []
        for t, name in enumerate(self.team_names):
            seats = self.teams[t]
            cards = tuple(committed.get(p, "") for p in seats)
            rows.append({
                "name": tuple(self.players[p] for p in seats) if self.pairs else name,
                "committed": cards if self.pairs and any(cards) else cards[0],
                "score": self.scores[t], "wins": sum(self.won[p] for p in seats)})
        return rows

    def _short_card(self, card: int, rank: float) -> str:
        """A committed card in the table: its figures, "12 of Doors" (with the rank it takes
        during the iteration when not its printed one: "10 of Birds, ranks 14").

        >>> from devgames import release
        >>> game = release.new_game(["Ada", "Bob"], seed=1)
        >>> game._short_card(11, 12), game._short_card(11, 14)
        ('12 of Doors', '12 of Doors, ranks 14')
        """
        info = self.cards[card]
        return info.figures if rank == info.rank else f"{info.figures}, ranks {rank:g}"

    def _committed_text(self, p: int, card: int, rank: float) -> str:
        """One committed card as the table reads it: "Ada: Dan North (10 of Birds, ranks 14)"
        (the rank shown only when a face card takes another during the iteration)."""
        info = self.cards[card]
        text = info.label if rank == info.rank else f"{info.name} ({info.figures}, ranks {rank:g})"
        return f"{self.players[p]}: {text}"

    def view(self, player: int | str | None) -> dict[str, Any]:
        """The table as ``player`` sees it: the public part, plus that player's hand."""
        current = self.current_player
        out: dict[str, Any] = {
            "game": self.name,
            "phase": self.phase,
            "waiting_for": self.waiting_for,
            "current_player": self.players[current] if current is not None and current >= 0
            else ("deck" if current == CHANCE else None),
            "release": self.release,
            "releases": self.options.releases if not self.options.points_target else None,
            "points_target": self.options.points_target or None,
            "iteration": self.iteration,
            "iterations": self.hand_size,
            "method": self.methods[self.method].name if self.method is not None else None,
            "featured": [self.method_item(self.method)] if self.method is not None else [],
            "led_suit": SUITS[self.led_suit] if self.trick else None,
            "leader": self.players[self.leader] if self.phase != DEAL else None,
            # The iteration's cards in one line, in the order committed (with the rank a face
            # card takes during the iteration when it is not its printed one).
            "committed": [self._committed_text(p, c, rank) for p, c, rank in self.trick],
            "players": [{"name": self.players[p], "team": self.team_names[self.team_of[p]],
                         "score": self.scores[self.team_of[p]],
                         "hand_size": len(self.hands[p]), "artifacts": len(self.artifacts[p]),
                         "iterations_won": self.won[p], "suit_breaks": self.breaks[p]}
                        for p in range(self.n)],
            # What the room reads of each side: a team of two (pair programming) or a player.
            "teams" if self.pairs else "standings": self._standings(),
            "scores": {self.team_names[t]: score for t, score in enumerate(self.scores)},
            "play_style": "pair programming" if self.pairs else "working remotely",
            "decks": self.decks,
            "removed_from_game": [self.cards[c].label for c in self.removed],
            "face_down_discards": len(self.discarded),
            "is_over": self.is_over,
            "winners": self.winners,
            "result": self.result,
            # Kept for notebooks and tests, left off the projector: the Tools & Methods card is
            # drawn large, the scores are in the players' rows, the leader is said once (by
            # the big line, then by the first card committed), the rest is the set-up.
            "aside": ["phase", "method", "scores", "players", "play_style", "decks",
                      "removed_from_game", "face_down_discards", "leader"],
        }
        if player is not None:
            p = self.seat(player)
            out["you"] = self.players[p]
            out["hand"] = [self._card_item(c) for c in sorted(
                self.hands[p], key=lambda c: (self.cards[c].suit, self.cards[c].rank))]
            out["passing"] = self.cards[self.passing[p]].label if p in self.passing else None
        return out

    def secrets(self, player: int | str) -> list[str]:
        """What only the player knows: how many cards their artifacts hold, and which.

        >>> from devgames import release
        >>> release.new_game(["Ada", "Bob"], seed=1).secrets("Ada")
        []
        """
        p = self.seat(player)
        if not self.artifacts[p]:
            return []
        names = ", ".join(sorted(self.cards[c].label for c in self.artifacts[p]))
        return [f"Your artifacts (face down): {names}."]

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

    def describe(self, action: Action) -> str:
        """A sentence for an action, naming its cards.

        >>> from devgames import release
        >>> game = release.new_game(["Ada", "Bob"], seed=1)
        >>> game.describe(Action("commit", 0, card=10))
        'Ada commits Kent Beck (11 of Doors)'
        """
        kind, p = action.kind, action.player
        who = self.players[p] if 0 <= p < self.n else "The deck"
        card = self._card_words(action.card)
        if kind == "commit":
            return f"{who} commits {card}"
        if kind == "pass":
            way = "left" if self.passes and self.passes[0] == 1 else "right"
            return f"{who} passes {card} to the {way}"
        if kind == "decline":
            return f"{who} declines"
        if kind == "lead":
            target = action.target
            name = self.players[target] if target is not None and 0 <= target < self.n else "?"
            return f"{who} says {name} leads"
        if kind == "swap":
            target = action.target
            name = self.players[target] if target is not None and 0 <= target < self.n else "?"
            return f"{who} swaps {card} for a random card of {name}'s artifacts"
        if kind == "reveal":
            position = action.count
            taken = (self.cards[self.trick[position][1]].label
                     if position is not None and 0 <= position < len(self.trick) else "?")
            return f"{who} reveals {card} and swaps it for {taken}"
        if kind == "deal" and action.target is not None:
            target = action.target
            name = self._coin_name(target) if 0 <= target < self.n else "?"
            return f"The first lead goes to {name}"
        reason = self.chance[0] if self.chance else "hand"
        lead = {"method": "The Tools & Methods card revealed is",
                "hand": "The card dealt is", "taken": "The card taken is"}[reason]
        return f"{lead} {card}"

    def narrate(self, event: Event) -> str | None:
        """A public sentence for an event (None for what the table does not see)."""
        data = event.data
        kind = event.kind
        who = self.players[event.player] if event.player is not None else ""
        if event.private:
            if kind == "passed":
                return f"{self.players[data['from']]} passes a card to {who}."
            return None
        if kind == "release":
            return f"Release {data['release']} begins."
        if kind == "method":
            method = self.methods[data["method"]]
            mark = " (reconstructed)" if method.reconstructed else ""
            return f"Tools & Methods: {method.name}{mark}: {method.sentence}."
        if kind == "commit":
            broke = " (breaks suit)" if data["broke_suit"] else ""
            return f"{who} commits {self.cards[data['card']].label}{broke}."
        if kind == "won":
            return f"{who} wins iteration {data['iteration']}."
        if kind == "immediate":
            return f"{who} scores {data['points']:+d} at once ({self.cards[data['card']].name})."
        if kind == "reveal":
            return (f"{who} reveals {self.cards[data['card']].label} and swaps it for "
                    f"{self.cards[data['taken']].label}.")
        if kind == "swap":
            return f"{who} swaps a card of their artifacts with {self.players[data['with']]}'s."
        if kind == "no_swap":
            return f"{who} has no artifacts to swap."
        if kind == "lead":
            return f"{who} says {self.players[data['leader']]} leads."
        if kind == "coin":
            return f"The coin gives the first lead to {self._coin_name(data['seat'])}."
        if kind == "decline":
            return None
        if kind == "pass":
            way = "left" if data["direction"] == 1 else "right"
            return f"Every player passes a card to the {way}."
        if kind == "scored":
            factor = f" (doubled x{data['factor']})" if data["factor"] > 1 else ""
            return (f"{self.team_names[data['team']]} score {data['points']:+d}{factor}: "
                    f"{data['score']} in all.")
        if kind == "game_over":
            return f"Game over: {', '.join(self.winners)} won."
        return None
