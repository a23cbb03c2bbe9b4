"""Release! bots: the random bot and a heuristic bot.

The heuristic bot reads only what its seat may know: its own hand, the cards on the table, the
Tools & Methods card and the public counts. It values each card by what the Tools & Methods
card pays for it (:func:`card_value`), follows suit low, tries to win an iteration when what is
on the table is worth having and to lose it when it is not.
"""

from collections.abc import Mapping
from random import Random

from devgames.core.actions import CHANCE, Action, given
from devgames.core.bots import RandomBot
from devgames.release.cards import Method, PlayCard
from devgames.release.game import ReleaseGame
from devgames.release.phases import COMMIT, LEAD, PASS, REVEAL, SWAP


def card_value(card: PlayCard, method: Method | None) -> float:
    """What a card is worth in one's artifacts under a Tools & Methods card: the points of the
    first term that would count it on its own (a per-card term), a little for a card that may
    make a straight or a set, nothing otherwise.

    >>> from devgames.release.cards import BASE
    >>> senior = BASE.methods[43]
    >>> card_value(BASE.cards[10], senior), card_value(BASE.cards[1], senior)
    (1.0, -1.0)
    """
    if method is None:
        return 0.0
    for term in method.terms:
        if not term.matches(card):
            continue
        if term.unit == "card":
            return float(term.points)
        if term.unit == "straight" and card.rank in term.sequence:
            return term.points / len(term.sequence)
        if term.unit in ("kind", "unmatched_rank", "longest_straight_card"):
            return term.points / 3
    return 0.0


def iteration_value(method: Method | None) -> float:
    """What winning one iteration is worth by itself (the ``iteration_won`` terms)."""
    if method is None:
        return 0.0
    return float(sum(t.points for t in method.terms if t.unit == "iteration_won"))


class HeuristicBot:
    """A bot that plays like a careful player, from what its seat may know.

    >>> from devgames import release
    >>> from devgames.core.bots import play_out
    >>> game = release.new_game(["Ada", "Bob", "Cy"], seed=3)
    >>> HeuristicBot(seed=1).choose(game) in game.legal_actions()
    True
    >>> _ = play_out(game, {p: HeuristicBot(seed=p) for p in range(3)})
    >>> game.is_over
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)
        #: The cards and Tools & Methods card the values were worked out for, and the values
        #: (the same until the next release: worked out once, not at every choice).
        self._valued: tuple[Mapping[int, PlayCard], Method | None] | None = None
        self._values: dict[int, float] = {}
        self._per_iteration = 0.0

    def choose(self, game: ReleaseGame) -> Action:
        """One of ``game.legal_actions()`` for the player to act."""
        legal = game.legal_actions()
        seat = game.current_player
        if seat is None or seat == CHANCE or len(legal) == 1:
            return self.rng.choice(legal)
        method = game.methods[game.method] if game.method is not None else None
        if self._valued is None or self._valued[0] is not game.cards \
                or self._valued[1] is not method:
            self._valued = game.cards, method
            self._values = {c: card_value(info, method) for c, info in game.cards.items()}
            self._per_iteration = iteration_value(method)
        value = self._values
        phase = game.phase
        if phase == COMMIT:
            return self._commit(game, seat, legal, value, self._per_iteration)
        if phase == PASS:  # hand on the card least worth having
            return min(legal, key=lambda a: (value[given(a.card)], -game.cards[given(a.card)].rank))
        if phase == SWAP:
            return self._swap(game, seat, legal, value)
        if phase == REVEAL:
            return self._reveal(game, seat, legal, value)
        if phase == LEAD:
            return next(a for a in legal if a.target == seat)
        return self.rng.choice(legal)  # pragma: no cover - every phase is handled above

    def _commit(self, game: ReleaseGame, seat: int, legal: list[Action],
                value: dict[int, float], per_iteration: float) -> Action:
        cards = game.cards
        mine = [given(a.card) for a in legal]
        if not game.trick:  # leading: a low card when tricks are bad, a high one when good
            worth = sum(value[c] for c in mine) / len(mine) + per_iteration
            pick = max if worth > 0 else min
            card = pick(mine, key=lambda c: (cards[c].rank, -value[c]))
            return game._commit_t[seat][card]
        led = game.led_suit
        on_table = sum(value[c] for _p, c, _r in game.trick) + per_iteration
        best = max((r for _p, c, r in game.trick if cards[c].suit == led), default=-1.0)
        winners = [c for c in mine if cards[c].suit == led and self._rank(game, c) > best]
        losers = [c for c in mine if c not in winners]
        teammate_wins = any(p != seat and game.team_of[p] == game.team_of[seat]
                            and cards[c].suit == led and r == best for p, c, r in game.trick)
        if on_table + sum(value[c] for c in mine) / len(mine) > 0 and winners \
                and not teammate_wins:
            card = min(winners, key=lambda c: (self._rank(game, c), value[c]))  # win cheaply
        elif losers:
            if on_table > 0:  # cannot or need not win: throw the card least worth
                card = min(losers, key=lambda c: (value[c], cards[c].rank))
            else:  # lose high: get rid of a strong card safely
                card = max(losers, key=lambda c: (cards[c].rank, -value[c]))
        else:  # must win: the lowest winner
            card = min(winners, key=lambda c: (self._rank(game, c), value[c]))
        return game._commit_t[seat][card]

    @staticmethod
    def _rank(game: ReleaseGame, card: int) -> float:
        """The rank ``card`` would have if committed now."""
        info = game.cards[card]
        ability = info.ability
        if ability is None or ability.trigger != "rank":
            return info.rank
        if not game.trick:
            return ability.led
        return ability.value if ability.effect == "fixed" else game.trick[-1][2] + ability.value

    @staticmethod
    def _swap(game: ReleaseGame, seat: int, legal: list[Action],
              value: dict[int, float]) -> Action:
        """Give away the worst artifact to the opponent with the most artifacts, if it is bad."""
        swaps = [a for a in legal if a.kind == "swap"
                 and game.team_of[given(a.target)] != game.team_of[seat]]
        if not swaps:
            return next(a for a in legal if a.kind == "decline")
        best = min(swaps, key=lambda a: (value[given(a.card)],
                                         -len(game.artifacts[given(a.target)])))
        if value[given(best.card)] < 0:
            return best
        return next(a for a in legal if a.kind == "decline")

    @staticmethod
    def _reveal(game: ReleaseGame, seat: int, legal: list[Action],
                value: dict[int, float]) -> Action:
        """Swap into the iteration when the winner's artifacts (ours or theirs) gain by it."""
        decline = next(a for a in legal if a.kind == "decline")
        ours = game.team_of[game.winner] == game.team_of[seat]
        best, gain = decline, 0.0
        for action in legal:
            if action.kind != "reveal":
                continue
            taken = game.trick[given(action.count)][1]
            change = value[given(action.card)] - value[taken]  # for the winner's artifacts
            mine = change if ours else -change
            if mine > gain:
                best, gain = action, mine
        return best


__all__ = ["HeuristicBot", "RandomBot", "card_value", "iteration_value"]
