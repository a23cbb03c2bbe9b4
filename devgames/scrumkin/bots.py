"""Scrumkin bots: the random bot and a heuristic bot that plays like a sensible team.

The heuristic bot looks a few sprints ahead. From the public table it projects each team's
velocity over the next sprints, and scores a move by how it changes those projections:

- competitive: by how much sooner (or later) a team is expected to burn its whole backlog; the
  bot's own time counts for it, the race leader's against it, the other opponents' half as much;
- collaborative: by the backlog items every team is expected to burn before the deadline (a
  velocity below -3 adds bugs, which count as items lost).
"""

from functools import cache, lru_cache
from operator import add
from random import Random

from devgames.core.actions import CHANCE, Action, given
from devgames.core.bots import RandomBot
from devgames.scrumkin.cards import CARDS, SCRUM_OF_SCRUMS, fixed, scrum_of_scrums_value
from devgames.scrumkin.game import ScrumkinGame
from devgames.scrumkin.rules import COUNTER, MOVES_PER_SPRINT

#: Sprints ahead the competitive bot projects; beyond them a team goes on at its last velocity,
#: but at least SLOW_VELOCITY (sooner or later it gets good cards).
HORIZON = 6
SLOW_VELOCITY = 0.5
#: How much the race leader's time and the other opponents' time count for the competitive bot.
LEADER_WEIGHT = 1.0
OTHER_WEIGHT = 0.5
#: Collaborative: the weight of each sprint's items against the sprint before (the further, the
#: less certain); the bot looks up to the deadline.
DISCOUNT = 0.7
#: A card kept in hand is worth this share of its best use now, plus a bonus for a shield (the
#: chance to counter); a card drawn to replace one spent on a counter is worth FRESH_CARD.
#: Competitive values are in sprints, collaborative ones in backlog items.
KEEP_SHARE = 0.7
SHIELD_BONUS = 0.15
FRESH_CARD = 0.3
COLLABORATIVE_SHIELD_BONUS = 1.0
COLLABORATIVE_FRESH_CARD = 0.0
#: Boost expected in a sprint whose action card is not known yet (10 of 22 are +1 boosts).
EXPECTED_BOOST = 10 / 22
#: Collaborative: take items over only when that burns at least this many more items in all.
TAKE_OVER_MARGIN = 1.0

# The kinds of move, as the engine counts them: a card into one's own game, into another's, a drop.
_OWN, _OTHER, _DROP = "own", "other", "drop"


@cache
def _track(card: int, age: int, horizon: int) -> tuple[int, ...]:
    """A card's values over the next ``horizon`` sprints from ``age`` (0 once it has left).

    >>> _track(27, 0, 6)  # Fairy dust: +3 +2 +1 then -2 for ever
    (3, 2, 1, -2, -2, -2)
    >>> _track(25, 1, 3)  # License issues, one sprint old: -2, then gone
    (-2, 0, 0)
    """
    info = CARDS[card]
    values = info.values
    assert fixed(values)  # never Scrum of Scrums
    last = len(values) - 1
    return tuple(
        values[min(age + s, last)] if info.permanent or age + s <= last else 0
        for s in range(horizon)
    )


@lru_cache(maxsize=1 << 12)
def _table_track(cards: tuple[int, ...], ages: tuple[int, ...], horizon: int,
                 sos: int) -> tuple[int, ...]:
    """The summed values of a team's cards over the next ``horizon`` sprints.

    ``sos`` is what each Scrum of Scrums among them is worth.

    >>> _table_track((27, 42), (1, 0), 3, sos=2)  # Fairy dust one sprint old, Scrum of Scrums
    (4, 3, 0)
    """
    total = (0,) * horizon
    for card, age in zip(cards, ages, strict=True):
        track = (sos,) * horizon if card in SCRUM_OF_SCRUMS else _track(card, age, horizon)
        total = tuple(map(add, total, track))
    return total


@lru_cache(maxsize=1 << 16)
def _finish_time(velocities: tuple[float, ...], backlog: int) -> float:
    """Sprints a team needs to burn its backlog (fractional: how far into the last sprint).

    Beyond the projected sprints it goes on at its last velocity, at least ``SLOW_VELOCITY``.

    >>> _finish_time((2, 4), backlog=4)   # 2 done, then the other 2 in half of the second sprint
    1.5
    >>> _finish_time((1, 1), backlog=4)   # 2 left after the two sprints, at 1 a sprint
    4.0
    """
    left = float(backlog)
    for sprint, velocity in enumerate(velocities):
        if velocity > 0:
            if velocity >= left:
                return sprint + left / velocity
            left -= velocity
    return len(velocities) + left / max(velocities[-1], SLOW_VELOCITY)


@lru_cache(maxsize=1 << 14)
def _changes(velocities: tuple[float, ...], backlog: int, taken: int,
             board: int | None) -> dict[int, float]:
    """How much each card laid into a team's game changes its progress, by card id: filled in
    as the bots ask, and shared by every bot and game that meets the same projection (a team's
    velocities, backlog and taken-over items; the board's size in the collaborative game, None
    in the competitive one), since the change depends on nothing else.

    >>> _changes((1.0, 2.0), 5, 0, None) is _changes((1.0, 2.0), 5, 0, None)
    True
    """
    return {}


@lru_cache(maxsize=1 << 16)
def _items_burnt(velocities: tuple[float, ...], backlog: int, taken: float, board: int) -> float:
    """Collaborative: backlog items a team burns with these velocities, later sprints discounted.

    Each taken-over item costs 1 velocity until it is done; a velocity below -3 adds bugs (up to
    the end of the board), which count as items lost.

    >>> _items_burnt((3, 3), backlog=5, taken=0, board=20)  # 3, then 2 weighted DISCOUNT
    4.4
    >>> _items_burnt((-5,), backlog=5, taken=0, board=20)
    -5.0
    """
    burnt, weight, left = 0.0, 1.0, float(backlog)
    for projected in velocities:
        velocity = projected - taken
        if velocity > 0:
            done = min(velocity, left)
            left -= done
            taken = max(0.0, taken - done)
            burnt += weight * done
        elif velocity < -3:
            bugs = min(-velocity, board - left)
            left += bugs
            burnt -= weight * bugs
        weight *= DISCOUNT
    return burnt


class _Outlook:
    """What one seat can work out from the public table: projected velocities and move values.

    It is kept across the seat's choices in one game: within a sprint a team's cards only grow
    (a card laid stands, or goes under the deck), so a team's projection and the value of each
    card laid into its game are worked out again only once its cards, backlog or taken-over
    items have changed (:meth:`follows` says when the whole outlook must be made anew).
    """

    def __init__(self, game: ScrumkinGame, seat: int) -> None:
        self.game, self.seat = game, seat
        self.log, self.sprint = game.log, (game.sprint, game.boost)
        self.teams = range(len(game.players))
        self.collaborative = game.collaborative
        if self.collaborative:
            self.horizon = max(1, game.options.collaborative_sprints - game.sprint + 1)
            self.shield_bonus = COLLABORATIVE_SHIELD_BONUS
            self.fresh_card = COLLABORATIVE_FRESH_CARD
        else:
            self.horizon = HORIZON
            self.shield_bonus, self.fresh_card = SHIELD_BONUS, FRESH_CARD
        # Each team's part of the table the figures below were worked out from.
        self._seen: list[tuple[int, int, int] | None] = [None for _ in self.teams]
        self._base: list[tuple[tuple[float, ...], float] | None] = [None for _ in self.teams]
        self._gains: list[dict[int, float]] = [{} for _ in self.teams]
        self._cards: dict[int, list[float]] = {}
        self.sos: list[int] = []
        self.sos_holders: list[bool] = []
        self.weights: list[float] = []

    def follows(self, game: ScrumkinGame, seat: int) -> bool:
        """Whether this outlook can be brought up to date for ``seat`` in ``game``: the same
        game, sprint and action card, and no move taken back since (taking moves back makes the
        log anew)."""
        return (game is self.game and seat == self.seat and game.log is self.log
                and (game.sprint, game.boost) == self.sprint)

    def refresh(self) -> None:
        """Forget the figures of the teams whose part of the table changed since last time."""
        game = self.game
        table, backlog, taken = game.table, game.backlog, game.taken_over
        seen, changed = self._seen, False
        for team in self.teams:
            now = (len(table[team]), backlog[team], taken[team])
            if now != seen[team]:
                seen[team] = now
                self._base[team] = None
                changed = True
        if not changed:
            return
        self._cards = {}
        sos = [sum(card in SCRUM_OF_SCRUMS for card in cards) for cards in table]
        holders = [count > 0 for count in sos]
        if holders != self.sos_holders:  # what each Scrum of Scrums is worth has changed
            for team in self.teams:
                if sos[team]:
                    self._base[team] = None
        self.sos, self.sos_holders = sos, holders
        self.weights = self._weights()

    def _weights(self) -> list[float]:
        """How much each team's progress counts for the bot (negative: an opponent's)."""
        if self.collaborative:
            return [1.0 for _ in self.teams]
        game, me = self.game, self.seat
        leader = min(
            (t for t in self.teams if t != me), key=lambda t: (game.backlog[t], -game.velocity[t])
        )
        return [1.0 if t == me else -LEADER_WEIGHT if t == leader else -OTHER_WEIGHT
                for t in self.teams]

    def sos_value(self, team: int) -> int:
        """What each Scrum of Scrums in front of ``team`` is worth now (the card's rule)."""
        return scrum_of_scrums_value(self.sos_holders, team)

    def base(self, team: int) -> tuple[tuple[float, ...], float]:
        """The team's projected velocities with the cards now on the table, and its progress."""
        known = self._base[team]
        if known is None:
            game, horizon = self.game, self.horizon
            track = _table_track(tuple(game.table[team]), tuple(game.ages[team]), horizon,
                                 self.sos_value(team))
            velocities = (game.boost + track[0], *(v + EXPECTED_BOOST for v in track[1:]))
            known = self._base[team] = velocities, self.progress(team, velocities)
            self._gains[team] = _changes(velocities, game.backlog[team], game.taken_over[team],
                                         game.options.board if self.collaborative else None)
        return known

    def progress(self, team: int, velocities: tuple[float, ...], backlog: int | None = None,
                 taken: int | None = None) -> float:
        """How well ``team`` does with these velocities (higher is better).

        Competitive: minus the sprints it needs to finish; collaborative: the items it burns.
        ``backlog`` and ``taken`` (taken-over items) default to the team's own.
        """
        game = self.game
        backlog = game.backlog[team] if backlog is None else backlog
        if not self.collaborative:
            return -_finish_time(velocities, backlog)
        taken = game.taken_over[team] if taken is None else taken
        return _items_burnt(velocities, backlog, taken, game.options.board)

    def gain(self, team: int, deltas: tuple[int, ...]) -> float:
        """What a change of ``team``'s projected velocities is worth to the bot."""
        velocities, progress = self.base(team)
        changed = tuple(map(add, velocities, deltas))
        return self.weights[team] * (self.progress(team, changed) - progress)

    def _sos_play_value(self, target: int) -> float:
        """A Scrum of Scrums laid before ``target``: its own worth there, and what every other
        Scrum of Scrums on the table gains or loses by it (by the card's rule)."""
        before, after = self.sos_holders, list(self.sos_holders)
        after[target] = True
        value = self.gain(target, (scrum_of_scrums_value(after, target),) * self.horizon)
        for t in self.teams:
            change = scrum_of_scrums_value(after, t) - scrum_of_scrums_value(before, t)
            if t != target and self.sos[t] and change:
                value += self.gain(t, (self.sos[t] * change,) * self.horizon)
        return value

    def card_values(self, card: int) -> list[float]:
        """What laying ``card`` into each team's game is worth to the bot, by seat."""
        values = self._cards.get(card)
        if values is None:
            if card in SCRUM_OF_SCRUMS:
                values = [self._sos_play_value(t) for t in self.teams]
            else:
                values = [weight * self._card_gain(t, card)
                          for t, weight in enumerate(self.weights)]
            self._cards[card] = values
        return values

    def _card_gain(self, team: int, card: int) -> float:
        """How much ``card`` laid into ``team``'s game changes that team's progress."""
        velocities, progress = self.base(team)
        gains = self._gains[team]
        change = gains.get(card)
        if change is None:
            changed = tuple(map(add, velocities, _track(card, 0, self.horizon)))
            change = gains[card] = self.progress(team, changed) - progress
        return change

    def play_value(self, card: int, target: int) -> float:
        """What laying ``card`` into ``target``'s game is worth to the bot."""
        return self.card_values(card)[target]

    def keep_value(self, card: int) -> float:
        """What holding ``card`` for a later sprint is worth: a share of its best use now."""
        best = max(self.card_values(card))
        return KEEP_SHARE * max(0.0, best) + (self.shield_bonus if CARDS[card].defensive else 0.0)

    def counter_cost(self, card: int) -> float:
        """What spending ``card`` on a counter costs: keeping it, less the card drawn instead."""
        return self.keep_value(card) - self.fresh_card

    def bug_fix_value(self) -> float:
        """What one bug fewer in the bot's backlog is worth (dropping against bugs)."""
        me = self.seat
        velocities, progress = self.base(me)
        return self.weights[me] * (
            self.progress(me, velocities, backlog=self.game.backlog[me] - 1) - progress)

    def spare_capacity(self) -> float:
        """Collaborative: items the bot could burn in the sprints left beyond its own backlog."""
        game, me = self.game, self.seat
        velocities, _ = self.base(me)
        return sum(max(0.0, v) for v in velocities) - game.backlog[me] - game.taken_over[me]

    def take_over_value(self, giver: int, count: int) -> float:
        """Collaborative: items burnt in all if the bot takes ``count`` items from ``giver``."""
        game, me = self.game, self.seat
        mine, before_mine = self.base(me)
        theirs, before_theirs = self.base(giver)
        after_mine = self.progress(me, mine, game.backlog[me] + count, game.taken_over[me] + count)
        after_theirs = self.progress(giver, theirs, game.backlog[giver] - count,
                                     max(0, game.taken_over[giver] - count))
        return after_mine - before_mine + after_theirs - before_theirs


def _move_kind(action: Action) -> str:
    """Which of the three kinds of move an action is."""
    if action.kind == "drop":
        return _DROP
    return _OWN if action.target == action.player else _OTHER


class HeuristicBot:
    """A bot that plays like a sensible team, from what its seat may know.

    It sees the public table, the backlogs and its own hand, never the other hands or the deck.
    Competitive: good cards into its own game, harmful ones into the race leader's, a counter when
    a card hurts it more than the shield is worth, and the least useful card dropped.
    Collaborative: each card where it helps the teams most (or hurts them least), counters against
    harmful cards laid on anyone, and backlog items taken over when that burns more work in all.
    Ties are broken with its own seeded random source: a seed always gives the same choices.

    >>> from devgames import scrumkin
    >>> from devgames.core.bots import play_out
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=3)
    >>> HeuristicBot(seed=1).choose(game) in game.legal_actions()
    True
    >>> _ = play_out(game, {0: HeuristicBot(seed=1), 1: HeuristicBot(seed=2)})
    >>> game.is_over
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)
        self._outlook: _Outlook | None = None

    def choose(self, game: ScrumkinGame) -> Action:
        """One of ``game.legal_actions()`` for the team to act."""
        legal = game.legal_actions()
        seat = game.current_player
        if seat is None or seat == CHANCE or len(legal) == 1:
            return self.rng.choice(legal)  # a card to enter, or nothing to decide
        outlook = self._outlook
        if outlook is None or not outlook.follows(game, seat):
            outlook = self._outlook = _Outlook(game, seat)
        outlook.refresh()
        if game.phase == COUNTER:
            return self._counter_or_pass(game, outlook, legal)
        return self._take_over(outlook, legal) or self._move(game, outlook, legal)

    def _best(self, scored: list[tuple[float, Action]]) -> Action:
        """The best-scored action; ties go to the bot's own random source."""
        top = max(score for score, _ in scored)
        return self.rng.choice([action for score, action in scored if score >= top - 1e-9])

    def _counter_or_pass(self, game: ScrumkinGame, outlook: _Outlook,
                         legal: list[Action]) -> Action:
        """Counter when the card hurts the bot more than spending its cheapest shield costs."""
        card = game.chain[0][0]
        value = outlook.play_value(card, game.laid_target)
        stands = len(game.chain) % 2 == 1  # with counter chains, a counter may be countered
        gain = -value if stands else value
        passing = next(a for a in legal if a.kind == "pass")
        if gain <= 0:
            return passing
        scored = [(0.0, passing)]
        scored += [(gain - outlook.counter_cost(given(a.card)), a)
                   for a in legal if a.kind == "counter"]
        return self._best(scored)

    def _take_over(self, outlook: _Outlook, legal: list[Action]) -> Action | None:
        """Collaborative: the take-over that burns most work in all, if it burns enough more."""
        spare = outlook.spare_capacity() if outlook.collaborative else 0.0
        if spare < TAKE_OVER_MARGIN:
            return None  # taking items over would only slow the bot down
        offers = [a for a in legal if a.kind == "take_over" and (a.count or 0) <= spare]
        scored = [(outlook.take_over_value(given(a.target), given(a.count)), a)
                  for a in offers]
        if not scored or max(score for score, _ in scored) < TAKE_OVER_MARGIN:
            return None
        return self._best(scored)

    def _move(self, game: ScrumkinGame, outlook: _Outlook, legal: list[Action]) -> Action:
        """The first move of the best plan for the moves left (cards kept count for later)."""
        hand = game.hands[outlook.seat]
        keep = {card: outlook.keep_value(card) for card in hand}
        fixes_bug = game.options.drop_against_bugs and game.bugs[outlook.seat] > 0
        drop_value = outlook.bug_fix_value() if fixes_bug else 0.0
        values = outlook.card_values
        moves = [
            (values(given(a.card))[given(a.target)] if a.kind == "play" else drop_value,
             _move_kind(a), a)
            for a in legal if a.kind != "take_over"
        ]
        kept = sum(keep.values())  # the cards a plan does not use stay in hand
        if MOVES_PER_SPRINT - game.moves.bit_count() >= 2:
            best = _best_plans(moves, keep, kept)
            if best:
                return self.rng.choice(best)
        # one move left, or one card
        return self._best([(v + kept - keep[given(a.card)], a) for v, _, a in moves])


#: Plans whose values differ by less than this (far more than rounding) are looked at closely.
_NEAR = 1e-7


def _best_plans(moves: list[tuple[float, str, Action]], keep: dict[int, float],
                kept: float) -> list[Action]:
    """The first moves of the best plans of two moves (two kinds, two cards), in the order of
    the pairs of ``moves`` (value, kind, action), each once for each of its best plans: what
    :meth:`HeuristicBot._best` draws from; empty when no two moves make a plan.

    A plan is worth its two moves and the cards kept (``kept`` is all the hand kept). The pairs
    are ranked by each move's worth less its card's keep value, so that only the pairs near the
    best are scored.

    >>> play = [Action("play", 0, card=c, target=0) for c in (1, 2)]
    >>> drop = [Action("drop", 0, card=c) for c in (1, 2)]
    >>> moves = [(2.0, "own", play[0]), (1.0, "own", play[1]), (0.0, "drop", drop[0]),
    ...          (0.0, "drop", drop[1])]
    >>> _best_plans(moves, {1: 0.5, 2: 0.5}, 1.0) == [play[0]]  # card 1 in play, card 2 dropped
    True
    """
    ranked = sorted(((v - keep[given(a.card)], i) for i, (v, _, a) in enumerate(moves)),
                    reverse=True)

    def fit(i: int, j: int) -> bool:
        """Whether the two moves make a plan: different kinds, different cards."""
        _, kind_i, a = moves[i]
        _, kind_j, b = moves[j]
        return kind_i != kind_j and a.card != b.card

    # The best pair: for each move, its best partner among the moves ranked above it.
    top: float | None = None
    for x, (worth, i) in enumerate(ranked):
        if top is not None and worth + ranked[0][0] <= top:
            break
        for other, j in ranked[:x]:
            if top is not None and worth + other <= top:
                break
            if fit(i, j):
                top = worth + other
                break
    if top is None:
        return []
    # Every pair near it, scored as a plan, in the order of the pairs of moves.
    near = top - _NEAR
    pairs: list[tuple[int, int]] = []
    for x, (worth, i) in enumerate(ranked):
        if worth + ranked[0][0] < near:
            break
        for other, j in ranked[:x]:
            if worth + other < near:
                break
            if fit(i, j):
                pairs.append((min(i, j), max(i, j)))
    plans: list[tuple[float, Action]] = []
    for i, j in sorted(pairs):
        va, _, a = moves[i]
        vb, _, b = moves[j]
        value = va + vb + kept - keep[given(a.card)] - keep[given(b.card)]
        plans.append((value, a if va >= vb else b))
    best = max(value for value, _ in plans)
    return [action for value, action in plans if value >= best - 1e-9]


__all__ = ["HeuristicBot", "RandomBot"]
