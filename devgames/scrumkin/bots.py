"""Scrumkin bots: the random bot and a heuristic bot that plays like a sensible team.

The heuristic bot looks a few sprints ahead. From the public table it projects each team's
velocity over the next sprints, and scores a move by how it changes those projections:

- competitive: by how much sooner (or later) a team is expected to burn its whole backlog; the
  bot's own time counts for it, the race leader's against it, the other opponents' half as much;
- collaborative: by the backlog items every team is expected to burn before the deadline (a
  velocity below -3 adds bugs, which count as items lost).

The projections are made once for each team's turn, from the cards in play when it began, and
shared by the bots at the table; a team's projection is carried on from one turn to the next of
a sprint, adding the cards laid into its game since. The team to move plans its two moves at
once: its second move is the rest of that plan.
"""

from functools import cache, lru_cache
from itertools import chain
from operator import add, itemgetter, mul
from random import Random
from typing import cast

from devgames.core.actions import Action, given
from devgames.core.bots import RandomBot
from devgames.scrumkin.cards import (
    CARDS,
    SCRUM_OF_SCRUMS,
    SPRINT_CARDS,
    fixed,
    scrum_of_scrums_values,
)
from devgames.scrumkin.game import ScrumkinGame
from devgames.scrumkin.moves import drop_allowed
from devgames.scrumkin.rules import (
    AGES,
    COUNTER,
    COUNTERS,
    DEFENSIVE,
    DROP,
    DROPS,
    MOVING,
    OTHER,
    OWN,
    PASSES,
    PLAYS,
)

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


def _twins() -> dict[int, int]:
    """Each card's twin, by card id: the first card (by id) of the same values and as lasting.
    Twins change a team's progress alike, so their changes are worked out once.

    >>> twins = _twins()
    >>> twins[1], all(CARDS[twins[card]].values == CARDS[card].values for card in CARDS)
    (1, True)
    """
    first: dict[tuple[tuple[int | None, ...], bool], int] = {}
    return {card: first.setdefault((CARDS[card].values, CARDS[card].permanent), card)
            for card in sorted(CARDS)}


_TWIN = _twins()


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


@cache
def _tracks(horizon: int) -> list[list[tuple[int, ...]]]:
    """Every card's :func:`_track` over ``horizon`` sprints at every age a card on the table
    can have (below ``AGES``), by card id then age; none for Scrum of Scrums. From the age its
    values end on, a card's track stays the same: one tuple, repeated.

    >>> _tracks(6)[27][1] == _track(27, 1, 6), _tracks(6)[27][40] is _tracks(6)[27][63]
    (True, True)
    """
    rows: list[list[tuple[int, ...]]] = [[] for _ in range(max(CARDS) + 1)]
    for card in SPRINT_CARDS:
        if card not in SCRUM_OF_SCRUMS:
            ending = len(CARDS[card].values)
            row = rows[card] = [_track(card, age, horizon) for age in range(ending + 1)]
            row += row[-1:] * (AGES - len(row))
    return rows


def _table_track(cards: list[int], ages: list[int], horizon: int, sos: int) -> tuple[int, ...]:
    """The summed values of a team's cards over the next ``horizon`` sprints.

    ``sos`` is what each Scrum of Scrums among them is worth.

    >>> _table_track([27, 42], [1, 0], 3, sos=2)  # Fairy dust one sprint old, Scrum of Scrums
    (4, 3, 0)
    >>> _table_track([], [], 2, sos=0)
    (0, 0)
    """
    rows = _tracks(horizon)
    total: tuple[int, ...] | None = None
    for card, age in zip(cards, ages, strict=True):
        track = (sos,) * horizon if card in SCRUM_OF_SCRUMS else rows[card][age]
        total = track if total is None else tuple(map(add, total, track))
    return (0,) * horizon if total is None else total


def _scrums_among(cards: list[int]) -> int:
    """How many Scrum of Scrums cards are among ``cards`` (a team's cards: no id twice).

    >>> _scrums_among([27, 42]), _scrums_among([27])
    (1, 0)
    """
    return len(SCRUM_OF_SCRUMS.intersection(cards))


def _finish_time(velocities: tuple[float, ...], backlog: int,
                 deltas: tuple[int, ...] | None = None) -> float:
    """Sprints a team needs to burn its backlog (fractional: how far into the last sprint), with
    ``deltas`` (if given) added to the velocities sprint by sprint.

    Beyond the projected sprints it goes on at its last velocity, at least ``SLOW_VELOCITY``.

    >>> _finish_time((2, 4), backlog=4)   # 2 done, then the other 2 in half of the second sprint
    1.5
    >>> _finish_time((1, 1), backlog=4)   # 2 left after the two sprints, at 1 a sprint
    4.0
    >>> _finish_time((1, 1), backlog=4, deltas=(1, 3)) == _finish_time((2, 4), backlog=4)
    True
    """
    left = float(backlog)
    shifted = velocities if deltas is None else map(add, velocities, deltas)
    for sprint, velocity in enumerate(shifted):
        if velocity > 0:
            if velocity >= left:
                return sprint + left / velocity
            left -= velocity
    last = velocities[-1] if deltas is None else velocities[-1] + deltas[-1]
    return len(velocities) + left / max(last, SLOW_VELOCITY)


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


def _progress(velocities: tuple[float, ...], backlog: int, taken: float,
              board: int | None) -> float:
    """How well a team does with these velocities (higher is better): competitive (``board``
    None), minus the sprints it needs to finish; collaborative, the items it burns.

    >>> _progress((2, 4), 4, 0, None), _progress((3, 3), 5, 0, 20)
    (-1.5, 4.4)
    """
    if board is None:
        return -_finish_time(velocities, backlog)
    return _items_burnt(velocities, backlog, taken, board)


@lru_cache(maxsize=1 << 14)
def _changes(velocities: tuple[float, ...], backlog: int, taken: int,
             board: int | None) -> dict[int, float]:
    """How much each card laid into a team's game changes its progress, by the id of the card's
    twin (see :func:`_twins`): filled in as the bots ask, and shared by every bot and game that
    meets the same projection (a team's velocities, backlog and taken-over items; the board's
    size in the collaborative game, None in the competitive one), since the change depends on
    nothing else.

    >>> _changes((1.0, 2.0), 5, 0, None) is _changes((1.0, 2.0), 5, 0, None)
    True
    """
    return {}


@lru_cache(maxsize=1 << 12)
def _flat_changes(velocities: tuple[float, ...], backlog: int, taken: int,
                  board: int | None) -> dict[int, float]:
    """Like :func:`_changes`, by how much every sprint's velocity changes (what a Scrum of
    Scrums does).

    >>> _flat_changes((1.0, 2.0), 5, 0, None) is _flat_changes((1.0, 2.0), 5, 0, None)
    True
    """
    return {}


@cache
def _boosts(boost: int, horizon: int) -> tuple[float, ...]:
    """The boost of each sprint of the projection: this sprint's, then the boost expected.

    >>> _boosts(1, 3) == (1, EXPECTED_BOOST, EXPECTED_BOOST)
    True
    """
    return (boost, *(EXPECTED_BOOST for _ in range(horizon - 1)))


#: A team's projected velocities, its progress with them, its changes and its flat changes (see
#: _team_figures).
_Figures = tuple[tuple[float, ...], float, dict[int, float], dict[int, float]]


@lru_cache(maxsize=1 << 14)
def _team_figures(track: tuple[int, ...], boost: int, backlog: int, taken: int,
                  board: int | None) -> _Figures:
    """A team's projected velocities over the sprints of ``track`` (its cards' summed values,
    see :func:`_table_track`), with this sprint's ``boost`` and the boost expected later; its
    progress with them (see :func:`_progress`), its :func:`_changes` and :func:`_flat_changes`.

    >>> velocities, progress, _, _ = _team_figures((2, 1, -2), 1, 4, 0, None)  # Fairy dust, 1 old
    >>> [round(v, 2) for v in velocities], round(progress, 2)
    ([3, 1.45, -1.55], -1.69)
    """
    velocities = tuple(map(add, track, _boosts(boost, len(track))))
    return (velocities, _progress(velocities, backlog, taken, board),
            _changes(velocities, backlog, taken, board),
            _flat_changes(velocities, backlog, taken, board))


def _laid_this_turn(game: ScrumkinGame) -> set[int]:
    """The cards the team moving now has laid this turn (found in the log).

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=3)
    >>> _laid_this_turn(game)
    set()
    """
    laid: set[int] = set()
    if not game.moves & (OWN | OTHER):
        return laid
    made, mover = game.moves.bit_count(), game.mover
    for action in reversed(game.log):
        kind = action.kind
        if kind in ("pass", "counter", "take_over") and action.player >= 0:
            continue
        if action.player != mover or kind not in ("play", "drop") or not made:
            break
        made -= 1
        if kind == "play":
            laid.add(given(action.card))
    return laid


@cache
def _pairs(cards: int, kinds: int) -> tuple[tuple[int, int], ...]:
    """The plans of two moves (two cards, two kinds) among the moves listed card by card,
    ``kinds`` kinds of move for each of ``cards`` cards, as pairs of indices in listing order.

    >>> _pairs(2, 2)  # own/other with the first card, own/other with the second
    ((0, 3), (1, 2))
    """
    listed = cards * kinds
    return tuple((i, j) for i in range(listed) for j in range(i + 1, listed)
                 if i // kinds != j // kinds and i % kinds != j % kinds)


#: A move scored: (worth, value, kind, card, action); see HeuristicBot._scored_moves.
_Scored = tuple[float, float, int, int, Action]


class _Table:
    """What every seat can work out from the public table of one game in one team's turn: each
    team's projected velocities and progress, and how each card laid into its game would change
    that progress. Nothing here depends on the seat, so the bots at one table share it (see
    :func:`_table_of`).

    The projection counts the cards in play when the team to move began its turn (a card it
    lays counts from its next choice on): its two moves make one plan, and a bot kept from one
    choice to the next chooses as a new one would. :meth:`follows` says when the figures must be
    made anew: another game, sprint, action card, team to move, backlog or taken-over items, or
    moves taken back (which makes the log anew).

    Within a sprint a team's cards only grow (cards age and leave at its end), so a table made
    at the start of a turn carries on the ``before`` table's projections of the same sprint: a
    team's projection is unchanged, or adds the cards laid into its game since.
    """

    def __init__(self, game: ScrumkinGame, before: "_Table | None" = None) -> None:
        self.game, self.log, self.mover = game, game.log, game.mover
        self.sprint = (game.sprint, game.boost)
        #: How many cards of each team's the figures count (None: not the first ones, when
        #: cards laid this turn are left out).
        self.counts: list[int] | None
        #: Each team's cards' summed values (see _table_track) and its figures with them.
        self.tracks: list[tuple[int, ...]]
        self.velocities: list[tuple[float, ...]]
        self.progress: list[float]
        self._gains: list[dict[int, float]]
        self._flats: list[dict[int, float]]
        #: Each seat's weights of the teams' progress (see _Outlook), while the backlogs stand.
        self.weights: dict[int, list[float]] = {}
        if (before is not None and before.game is game and before.log is self.log
                and before.sprint == self.sprint and before.counts is not None
                and not game.moves & (OWN | OTHER)):
            self._carry_on(before)
        else:
            self._project()
        #: The changes of this table's cards, by twin (see changes and scrum_changes).
        self._changes: dict[int, list[float]] = {}
        self._scrum_changes: dict[int, list[tuple[int, float]]] = {}

    def _project(self) -> None:
        """Each team's figures from its cards in play when the team to move began its turn."""
        game = self.game
        self.backlog, self.taken = list(game.backlog), list(game.taken_over)
        self.teams = range(len(game.players))
        self.collaborative = game.collaborative
        if self.collaborative:
            self.horizon = max(1, game.options.collaborative_sprints - game.sprint + 1)
            self.board: int | None = game.options.board
        else:
            self.horizon, self.board = HORIZON, None
        laid = _laid_this_turn(game) if game.moves & (OWN | OTHER) else set()
        self._count_scrums()
        self.counts = None if laid else list(map(len, game.table))
        self.tracks, figures = [], []
        for team, cards in enumerate(game.table):
            ages = game.ages[team]
            if laid and not laid.isdisjoint(cards):
                kept = [i for i, card in enumerate(cards) if card not in laid]
                cards, ages = [cards[i] for i in kept], [ages[i] for i in kept]
            track = _table_track(cards, ages, self.horizon, self.sos_values[team])
            self.tracks.append(track)
            figures.append(_team_figures(track, game.boost, self.backlog[team],
                                         self.taken[team], self.board))
        self.velocities = [velocities for velocities, _, _, _ in figures]
        self.progress = [progress for _, progress, _, _ in figures]
        self._gains = [gains for _, _, gains, _ in figures]
        self._flats = [flats for _, _, _, flats in figures]

    def _count_scrums(self) -> None:
        """The Scrum of Scrums cards on each team's table, and what one is worth there."""
        tables = self.game.table
        if SCRUM_OF_SCRUMS.isdisjoint(chain.from_iterable(tables)):
            self.sos = [0] * len(tables)
            self.sos_holders = [False] * len(tables)
            self.sos_values = [0] * len(tables)
        else:
            self.sos = [_scrums_among(cards) for cards in tables]
            self.sos_holders = [count > 0 for count in self.sos]
            self.sos_values = scrum_of_scrums_values(self.sos_holders)

    def _carry_on(self, before: "_Table") -> None:
        """Each team's figures from ``before``'s of the same sprint (which counted the first
        cards of every team's): the same, or with the cards laid into its game since, or anew
        where a Scrum of Scrums' worth, the backlog or the taken-over items changed."""
        game, counts, was = self.game, list(map(len, self.game.table)), before.counts
        assert was is not None
        self.counts = counts
        self.teams, self.collaborative = before.teams, before.collaborative
        self.horizon, self.board = before.horizon, before.board
        self.tracks, self.velocities = list(before.tracks), list(before.velocities)
        self.progress, self._gains = list(before.progress), list(before._gains)
        self._flats = list(before._flats)
        if game.backlog == before.backlog and game.taken_over == before.taken:
            self.backlog, self.taken = before.backlog, before.taken  # never changed in place
            self.weights = before.weights
            changed = set()
        else:
            self.backlog, self.taken = list(game.backlog), list(game.taken_over)
            changed = {team for team in self.teams if self.backlog[team] != before.backlog[team]
                       or self.taken[team] != before.taken[team]}
        grown = [team for team in self.teams if counts[team] != was[team]]
        if any(not SCRUM_OF_SCRUMS.isdisjoint(game.table[team][was[team]:]) for team in grown):
            self._count_scrums()
            changed.update(team for team in self.teams
                           if self.sos_values[team] != before.sos_values[team])
        else:  # no Scrum of Scrums laid since: every one is worth what it was
            self.sos, self.sos_holders = before.sos, before.sos_holders
            self.sos_values = before.sos_values
        if not grown and not changed:
            return
        horizon, value = self.horizon, self.sos_values
        for team in changed.union(grown):
            if value[team] != before.sos_values[team]:
                track = self.tracks[team] = _table_track(game.table[team], game.ages[team],
                                                         horizon, value[team])
            elif counts[team] != was[team]:  # the cards laid since come last
                start = was[team]
                laid = _table_track(game.table[team][start:], game.ages[team][start:],
                                    horizon, value[team])
                track = self.tracks[team] = tuple(map(add, self.tracks[team], laid))
            else:
                track = self.tracks[team]
            velocities, progress, gains, flats = _team_figures(
                track, game.boost, self.backlog[team], self.taken[team], self.board)
            self.velocities[team], self.progress[team] = velocities, progress
            self._gains[team], self._flats[team] = gains, flats

    def follows(self, game: ScrumkinGame) -> bool:
        """Whether these figures are ``game``'s now."""
        return (game is self.game and game.log is self.log and game.mover == self.mover
                and (game.sprint, game.boost) == self.sprint
                and game.backlog == self.backlog and game.taken_over == self.taken)

    def progress_with(self, team: int, velocities: tuple[float, ...], backlog: int | None = None,
                      taken: int | None = None) -> float:
        """How well ``team`` does with these velocities; ``backlog`` and ``taken`` (taken-over
        items) default to the team's own."""
        return _progress(velocities, self.backlog[team] if backlog is None else backlog,
                         self.taken[team] if taken is None else taken, self.board)

    def shift(self, team: int, deltas: tuple[int, ...]) -> float:
        """How a change of ``team``'s projected velocities changes its progress."""
        if self.board is None:  # competitive: what _progress says, one call fewer
            return (-_finish_time(self.velocities[team], self.backlog[team], deltas)
                    - self.progress[team])
        changed = tuple(map(add, self.velocities[team], deltas))
        return (_items_burnt(changed, self.backlog[team], self.taken[team], self.board)
                - self.progress[team])

    def change(self, team: int, card: int) -> float:
        """How laying ``card`` (any but Scrum of Scrums) into ``team``'s game changes its
        progress."""
        gains, twin = self._gains[team], _TWIN[card]
        known = gains.get(twin)
        if known is None:
            known = gains[twin] = self.shift(team, _track(twin, 0, self.horizon))
        return known

    def changes(self, card: int) -> list[float]:
        """How laying ``card`` (any but Scrum of Scrums) into each team's game changes its
        progress, by seat (as :meth:`change` says, the known changes read in one pass)."""
        twin = _TWIN[card]
        known = self._changes.get(twin)
        if known is None:
            row = [gains.get(twin) for gains in self._gains]
            if None in row:
                fresh = _track(twin, 0, self.horizon)
                for team, gains in enumerate(self._gains):
                    if row[team] is None:
                        row[team] = gains[twin] = self.shift(team, fresh)
            known = self._changes[twin] = cast(list[float], row)
        return known

    def scrum_changes(self, target: int) -> list[tuple[int, float]]:
        """How a Scrum of Scrums laid before ``target`` changes the progress of the teams it
        touches: ``target`` first (its own worth there), then each other team holding one whose
        Scrum of Scrums gain or lose by it (by the card's rule), by seat."""
        known = self._scrum_changes.get(target)
        if known is None:
            after = list(self.sos_holders)
            after[target] = True
            worth = scrum_of_scrums_values(after)
            known = [(target, self.flat_change(target, worth[target]))]
            for t, count in enumerate(self.sos):
                change = worth[t] - self.sos_values[t]
                if t != target and count and change:
                    known.append((t, self.flat_change(t, count * change)))
            self._scrum_changes[target] = known
        return known

    def flat_change(self, team: int, delta: int) -> float:
        """How adding ``delta`` to every sprint's projected velocity of ``team`` changes its
        progress."""
        changes = self._flats[team]
        known = changes.get(delta)
        if known is None:
            known = changes[delta] = self.shift(team, (delta,) * self.horizon)
        return known


#: The table last looked at: the bots of one game share it; another game makes it anew.
_last_table: _Table | None = None


def _table_of(game: ScrumkinGame) -> _Table:
    """The figures of ``game``'s table, up to date."""
    global _last_table
    table = _last_table
    if table is None or not table.follows(game):
        table = _last_table = _Table(game, table)
    return table


class _Outlook:
    """What one seat makes of the table: how much each team's progress counts for it, and what
    each card is worth laid into each team's game or kept in hand."""

    def __init__(self, table: _Table, seat: int) -> None:
        self.table, self.seat = table, seat
        self.game, self.teams, self.collaborative = table.game, table.teams, table.collaborative
        weights = table.weights.get(seat)
        if weights is None:
            weights = table.weights[seat] = self._weights()
        self.weights = weights
        self._cards: dict[int, tuple[list[float], float]] = {}

    def _weights(self) -> list[float]:
        """How much each team's progress counts for the bot (negative: an opponent's)."""
        if self.collaborative:
            return [1.0 for _ in self.teams]
        backlog, velocity, me = self.game.backlog, self.game.velocity, self.seat
        # The fewest items left, then the highest velocity, then the first seat.
        _, _, leader = min((backlog[t], -velocity[t], t) for t in self.teams if t != me)
        return [1.0 if t == me else -LEADER_WEIGHT if t == leader else -OTHER_WEIGHT
                for t in self.teams]

    def _sos_play_value(self, target: int) -> float:
        """A Scrum of Scrums laid before ``target``: its own worth there, and what every other
        Scrum of Scrums on the table gains or loses by it (by the card's rule)."""
        weights = self.weights
        (team, change), *others = self.table.scrum_changes(target)
        value = weights[team] * change
        for team, change in others:
            value += weights[team] * change
        return value

    def worths(self, card: int) -> tuple[list[float], float]:
        """What laying ``card`` into each team's game is worth to the bot, by seat, and what
        holding it for a later sprint is worth: a share of its best use now, plus a bonus for a
        shield."""
        known = self._cards.get(card)
        if known is None:
            if card in SCRUM_OF_SCRUMS:
                values = [self._sos_play_value(t) for t in self.teams]
            else:
                values = list(map(mul, self.weights, self.table.changes(card)))
            keep = KEEP_SHARE * max(0.0, *values)
            if card in DEFENSIVE:
                keep += COLLABORATIVE_SHIELD_BONUS if self.collaborative else SHIELD_BONUS
            known = self._cards[card] = (values, keep)
        return known

    def worth(self, card: int, target: int) -> float:
        """What laying ``card`` into ``target``'s game is worth to the bot (as :meth:`worths`
        says, working out that one team's change only)."""
        known = self._cards.get(card)
        if known is not None:
            return known[0][target]
        if card in SCRUM_OF_SCRUMS:
            return self._sos_play_value(target)
        return self.weights[target] * self.table.change(target, card)

    def counter_cost(self, card: int) -> float:
        """What spending ``card`` on a counter costs: keeping it, less the card drawn instead."""
        fresh = COLLABORATIVE_FRESH_CARD if self.collaborative else FRESH_CARD
        return self.worths(card)[1] - fresh

    def bug_fix_value(self) -> float:
        """What one bug fewer in the bot's backlog is worth (dropping against bugs)."""
        table, me = self.table, self.seat
        fixed = table.progress_with(me, table.velocities[me], table.backlog[me] - 1)
        return self.weights[me] * (fixed - table.progress[me])

    def spare_capacity(self) -> float:
        """Collaborative: items the bot could burn in the sprints left beyond its own backlog."""
        table, me = self.table, self.seat
        return (sum(max(0.0, v) for v in table.velocities[me])
                - table.backlog[me] - table.taken[me])

    def take_over_value(self, giver: int, count: int) -> float:
        """Collaborative: items burnt in all if the bot takes ``count`` items from ``giver``."""
        table, me = self.table, self.seat
        backlog, taken = table.backlog, table.taken
        after_mine = table.progress_with(me, table.velocities[me], backlog[me] + count,
                                         taken[me] + count)
        after_theirs = table.progress_with(giver, table.velocities[giver],
                                           backlog[giver] - count, max(0, taken[giver] - count))
        return after_mine - table.progress[me] + after_theirs - table.progress[giver]


class HeuristicBot:
    """A bot that plays like a sensible team, from what its seat may know.

    It sees the public table, the backlogs and its own hand, never the other hands or the deck.
    How it decides: at the start of each sprint it projects every team's velocity over the next
    sprints from the cards then in play (competitive: six sprints, counting how soon the team
    burns its backlog, its own time for it, the race leader's against it, the other opponents'
    half; collaborative: up to the deadline, counting the items every team burns). A card laid
    into a team's game is worth the change it makes to that projection; a card kept in hand is
    worth a share of its best use (more for a shield). With two moves to make it picks the best
    pair of moves of two kinds (into its own game, into another team's, a drop) with two cards,
    and plays the more valuable first; the cards laid during the sprint count from the next
    one, so its second move is the rest of that plan. It counters a card laid when it hurts more
    than spending its cheapest shield costs, and in the collaborative game takes items over when
    that burns more work in all. So, competitive: good cards go into its own game, harmful ones
    into the race leader's, the least useful card is dropped.
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
        #: The moves scored for the turn's first move, with the outlook they were scored on.
        self._plan: tuple[_Outlook, list[_Scored]] | None = None

    def choose(self, game: ScrumkinGame) -> Action:
        """One of ``game.legal_actions()`` for the team to act."""
        phase = game.phase
        if phase == COUNTER:
            seat = game.asked[0]  # the team asked: the one to act
            if DEFENSIVE.isdisjoint(game.hands[seat]):
                return PASSES[seat]  # no shield to counter with
        elif phase == MOVING:
            seat = game.mover
        else:
            return self.rng.choice(game.legal_actions())  # a card to enter
        table = _table_of(game)
        outlook = self._outlook
        if outlook is None or outlook.table is not table or outlook.seat != seat:
            outlook = self._outlook = _Outlook(table, seat)
        if phase == COUNTER:
            return self._counter_or_pass(game, outlook)
        if outlook.collaborative:
            return self._take_over(game, outlook) or self._move(game, outlook)
        return self._move(game, outlook)

    def _best(self, scored: list[tuple[float, Action]]) -> Action:
        """The best-scored action; ties go to the bot's own random source."""
        least = max(map(itemgetter(0), scored)) - 1e-9
        return self._one_of([action for score, action in scored if score >= least])

    def _one_of(self, best: list[Action]) -> Action:
        """One of the best actions (listed once for each way it scores best): the bot's own
        random source breaks a tie."""
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _counter_or_pass(self, game: ScrumkinGame, outlook: _Outlook) -> Action:
        """Counter when the card hurts the bot more than spending its cheapest shield costs."""
        seat = outlook.seat
        value = outlook.worth(game.chain[0][0], game.laid_target)
        stands = len(game.chain) % 2 == 1  # with counter chains, a counter may be countered
        gain = -value if stands else value
        if gain <= 0:
            return PASSES[seat]
        scored = [(0.0, PASSES[seat])]
        scored += [(gain - outlook.counter_cost(card), COUNTERS[seat][card])
                   for card in game.hands[seat] if card in DEFENSIVE]
        return self._best(scored)

    def _take_over(self, game: ScrumkinGame, outlook: _Outlook) -> Action | None:
        """Collaborative only: the take-over that burns most work in all, if it burns enough
        more."""
        if game.took_over:
            return None
        spare = outlook.spare_capacity()
        if spare < TAKE_OVER_MARGIN:
            return None  # taking items over would only slow the bot down
        offers = [a for a in game.legal_actions()
                  if a.kind == "take_over" and (a.count or 0) <= spare]
        scored = [(outlook.take_over_value(given(a.target), given(a.count)), a)
                  for a in offers]
        if not scored or max(score for score, _ in scored) < TAKE_OVER_MARGIN:
            return None
        return self._best(scored)

    def _move(self, game: ScrumkinGame, outlook: _Outlook) -> Action:
        """With two moves to make, the first move of the best plan (two kinds, two cards); with
        one, the best move (on the table the first move was planned on, the rest of that plan:
        the moves scored then, less those made). A move is worth its value less what keeping
        its card is worth; a card into another team's game goes where it is worth most."""
        made, hand = game.moves, game.hands[outlook.seat]
        if made:
            plan = self._plan
            moves = (plan[1] if plan is not None and plan[0] is outlook
                     else self._scored_moves(game, outlook))
            return self._best([(move[0], move[4]) for move in moves
                               if not made & move[2] and move[3] in hand])
        moves = self._scored_moves(game, outlook)
        self._plan = (outlook, moves)
        pairs = _pairs(len(hand), len(moves) // len(hand))
        if not pairs:
            return self._best([(move[0], move[4]) for move in moves])
        scores = [moves[i][0] + moves[j][0] for i, j in pairs]
        least = max(scores) - 1e-9
        return self._one_of([moves[i][4] if moves[i][1] >= moves[j][1] else moves[j][4]
                             for score, (i, j) in zip(scores, pairs, strict=True)
                             if score >= least])

    def _scored_moves(self, game: ScrumkinGame, outlook: _Outlook) -> list[_Scored]:
        """Every move the bot may make, card by card in hand order, each card's kinds of move
        in the order own game, another team's game, a drop."""
        me, made = outlook.seat, game.moves
        may_drop = not made & DROP and drop_allowed(game, me)
        fixes_bug = may_drop and game.options.drop_against_bugs and game.bugs[me] > 0
        drop_value = outlook.bug_fix_value() if fixes_bug else 0.0
        others, worths = game.clockwise[me], outlook.worths
        own_open, other_open = not made & OWN, not made & OTHER
        plays, drops = PLAYS[me], DROPS[me]
        moves: list[_Scored] = []
        for card in game.hands[me]:
            values, keep = worths(card)
            if own_open:
                value = values[me]
                moves.append((value - keep, value, OWN, card, plays[me][card]))
            if other_open:
                target = max(others, key=values.__getitem__)
                value = values[target]
                moves.append((value - keep, value, OTHER, card, plays[target][card]))
            if may_drop:
                moves.append((drop_value - keep, drop_value, DROP, card, drops[card]))
        return moves


__all__ = ["HeuristicBot", "RandomBot"]
