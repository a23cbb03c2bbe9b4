"""The workshop planner: how many rounds, and how many minutes, a game with these teams and
options takes, from bot games played on Dask and the pace of the room's real sessions.

Rounds are what each game counts as its time goes by (Scrumkin's sprints, IT Startup's rounds,
Release!'s releases, the turns of Exploding Git Commits and РЕЛИЗ:
:data:`devgames.sim.dask_runner.ROUND_KEYS`), as percentiles over the simulated games (P50: half
the games end by then; P80; P95); the games stopped by the game's cap on its rounds
(:func:`devgames.sim.dask_runner.round_cap`) are counted and said. Minutes are each simulated
game's moves times the seconds a move takes at a real table: :func:`calibrate` measures them in
the session store (finished sessions of the game), and falls back on a default per game
(its spec's ``seconds_per_move``, from the rulebooks and the guides) when the store has none.
Where every team plays a round at once under the room's timer (РЕЛИЗ's Tender and Cooperation),
a round lasts its busiest team's moves at that pace, but never longer than the timer
(:func:`game_seconds`). docs/planner.md explains both.

The games are played in batches, and the planner stops once the figures asked for are known well
enough (:class:`Precision`: each percentile's 95% interval within one round or 5% of it, a share
within 3 points), at most ``games`` games. It decides only after whole prefixes of the games
(games 0 to n - 1, never those that happened to finish first), at numbers of games that follow
from the figures alone (:func:`next_stop`), so the same seed gives the same games and the same
answer on any cluster.

>>> plan = make_plan("scrumkin", 4, games=20, seed=1, bots="random", cluster="in-process",
...                  calibration=Calibration("scrumkin", 15.0, 0, "default"))
>>> plan.rounds_at(50) <= plan.rounds_at(80) <= plan.rounds_at(95)
True
>>> plan.minutes_at(50) == percentile(plan.minutes(), 50)
True
"""

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from itertools import pairwise
from pathlib import Path
from typing import Any

from devgames import GameSpec, SpecTable
from devgames.core.wording import counted, game_title, label, seat_count
from devgames.i18n import N_, _, format_number, format_tenths, ngettext
from devgames.sessions.store import SessionStore, SessionSummary
from devgames.sim.dask_runner import (
    Busiest,
    Cluster,
    Outcome,
    cluster_for,
    make_job,
    round_cap,
    round_noun,
    round_timer,
    run_jobs,
)
from devgames.sim.runner import Progress
from devgames.sim.stats import percentile, percentile_interval, share_text, wilson

#: Seconds a move takes at a real table, per game, when the store has no finished session of it:
#: each game's ``GameSpec.seconds_per_move`` (the reasons, with the figures measured: the
#: comments of the games' specs and docs/planner.md, "The default pace of each game").
DEFAULT_SECONDS_PER_MOVE: Mapping[str, float] = SpecTable(lambda spec: spec.seconds_per_move)
#: Seconds a move for a game whose spec gives none, or that the registry does not know.
FALLBACK_SECONDS_PER_MOVE = GameSpec.seconds_per_move
#: A session counts for the calibration when it is finished, has at least this many moves...
MIN_MOVES = 10
#: ...and its moves took at most this long on average (longer: left open, resumed another day).
MAX_SECONDS_PER_MOVE = 600.0
#: A gap between two moves longer than this is a break (or the session was resumed another day):
#: the pace of a session whose moves were timed leaves it out.
BREAK_SECONDS = 600.0
#: The percentiles the planner reports.
PERCENTILES = (50, 80, 95)
#: The most games the planner plays unless told otherwise.
DEFAULT_GAMES = 1000
#: Games of the first batch: fewer than 72 cannot bound a P95 from above.
FIRST_GAMES = 100
#: A later batch adds at least this many games (and at most doubles them); every look after the
#: first is at a multiple of it.
STEP_GAMES = 50


@dataclass(frozen=True)
class Precision:
    """How well the planner must know its answer before it stops playing games: each percentile's
    95% interval (rounds and minutes) within ``rounds`` rounds of it or ``relative`` of it,
    whichever is larger (a round's minutes, for minutes), and a share within a budget within
    ``share`` of it.

    >>> Precision().scaled(0.5)
    Precision(rounds=0.5, relative=0.025, share=0.015)
    """

    rounds: float = 1.0
    relative: float = 0.05
    share: float = 0.03

    def scaled(self, factor: float) -> "Precision":
        """Every margin times ``factor`` (0.5: intervals half as wide, about 4 times the games)."""
        return Precision(self.rounds * factor, self.relative * factor, self.share * factor)

    def sentence(self, noun: str) -> str:
        """The rule in words.

        >>> Precision().sentence("sprint")
        '1 sprint or 5%'
        """
        return _("{rounds} or {share}").format(rounds=counted(noun, self.rounds),
                                                share=f"{self.relative:.0%}")


def next_stop(games: int, shortfall: float, most: int) -> int:
    """The number of games to have played at the next look, after ``games`` games whose widest
    interval is ``shortfall`` times its margin: an interval narrows with the square root of the
    games, so about ``games * shortfall**2`` (a tenth more), at least one :data:`STEP_GAMES` more,
    at most twice as many, and at most ``most``.

    >>> next_stop(200, 1.2, 1000), next_stop(100, math.inf, 1000), next_stop(900, 3.0, 1000)
    (350, 200, 1000)
    >>> next_stop(100, 1.01, 1000)  # nearly there: one step more
    150
    """
    wanted = games * min(shortfall, 2.0) ** 2 * 1.1
    stop = math.ceil(wanted / STEP_GAMES) * STEP_GAMES
    return min(most, max(games + STEP_GAMES, min(2 * games, stop)))


@dataclass(frozen=True)
class Calibration:
    """Seconds per move for a game, and where the figure comes from.

    ``sessions`` is the number of finished sessions measured (0: the default was used); ``low``
    and ``high`` are the quartiles of the sessions' own paces (the default itself otherwise).
    """

    game: str
    seconds_per_move: float
    sessions: int
    source: str
    low: float = 0.0
    high: float = 0.0

    def sentence(self) -> str:
        """Where the pace comes from, for the page and the command line.

        >>> Calibration("scrumkin", 15.0, 0, "default").sentence()
        '15 s a move: the default for Scrumkin (no finished session in the store to measure).'
        >>> Calibration("scrumkin", 21.5, 3, "store", 18, 30).sentence()
        '21.5 s a move: the median pace of 3 finished Scrumkin sessions in the store (18-30 s).'
        """
        title = game_title(self.game)
        if self.sessions == 0:
            return _("{pace} s a move: the default for {game} (no finished session in the store "
                     "to measure).").format(pace=f"{self.seconds_per_move:g}", game=title)
        return ngettext(
            "{pace} s a move: the median pace of {n} finished {game} session in the store "
            "({low}-{high} s).",
            "{pace} s a move: the median pace of {n} finished {game} sessions in the store "
            "({low}-{high} s).", self.sessions).format(
                pace=f"{self.seconds_per_move:.3g}", n=self.sessions, game=title,
                low=f"{self.low:.3g}", high=f"{self.high:.3g}")


def default_calibration(game: str) -> Calibration:
    """The default pace of a game (no session measured).

    >>> default_calibration("exploding").seconds_per_move
    12.0
    """
    seconds = DEFAULT_SECONDS_PER_MOVE.get(game, FALLBACK_SECONDS_PER_MOVE)
    return Calibration(game, seconds, 0, "default", seconds, seconds)


def session_pace(row: SessionSummary, waited: int | None = None) -> float | None:
    """Seconds per move of a saved session whose moves were not timed one by one (saved by an
    older store): the time from its creation to its last move, over its moves (``waited``, the
    moves the room waited for, when teams played at once); None when it cannot count (not
    finished, too few moves, or too slow).

    >>> from datetime import timedelta
    >>> from datetime import datetime
    >>> start = datetime(2026, 11, 22, 9, 0)
    >>> row = SessionSummary(1, "scrumkin", "1", None, ("A", "B"), start,
    ...                      start + timedelta(minutes=40), 120, True, ("A",))
    >>> session_pace(row)
    20.0
    >>> from dataclasses import replace
    >>> session_pace(replace(row, is_over=False)), session_pace(replace(row, actions=5))
    (None, None)
    >>> session_pace(row, waited=40)  # 3 teams at once: a room waited for 40 of the 120 moves
    60.0
    """
    if not row.is_over or row.actions < MIN_MOVES:
        return None
    pace = (row.updated_at - row.created_at).total_seconds() / (waited or row.actions)
    return pace if 0 < pace <= MAX_SECONDS_PER_MOVE else None


def timed_pace(created: datetime, times: Sequence[datetime | None],
               waited: int | None = None) -> float | None:
    """Seconds per move from the time each move was saved: the mean gap between one move and the
    next (the first from the session's creation), leaving out breaks (gaps over
    :data:`BREAK_SECONDS`); None when a move was not timed. Given ``waited``, the moves the room
    waited for in a session whose teams played each round at once (their moves interleaved in
    the log), the playing time (the gaps kept) over them.

    >>> from datetime import timedelta
    >>> start = datetime(2026, 11, 22, 9, 0)
    >>> moves = [start + timedelta(seconds=s) for s in (20, 30, 60, 3600, 3620)]
    >>> timed_pace(start, moves)  # the break of 59 minutes does not count
    20.0
    >>> timed_pace(start, [*moves, None]) is None
    True
    >>> timed_pace(start, moves, waited=2)  # 80 s of play, the room waiting for 2 moves
    40.0
    """
    if not times or any(at is None for at in times):
        return None
    marks = [created, *times]
    gaps = [(later - earlier).total_seconds() for earlier, later in pairwise(marks)
            if later is not None and earlier is not None]
    kept = [gap for gap in gaps if gap <= BREAK_SECONDS]
    return sum(kept) / (waited or len(kept)) if kept else None


def waited_in(store: SessionStore, session_id: int) -> int | None:
    """The moves the room waited for in a saved session whose teams played each round at once
    (РЕЛИЗ's Tender and Cooperation played together: the game rebuilt from its log); None for a
    session whose moves were made one after another.

    >>> from devgames import reliz
    >>> from devgames.core.bots import play_out
    >>> from devgames.reliz.bots import HeuristicBot
    >>> store = SessionStore(":memory:")
    >>> game = reliz.new_game(["Red", "Blue", "Green"], seed=2, scenario="cooperation")
    >>> _ = play_out(game, {p: HeuristicBot(seed=p) for p in range(3)})
    >>> waited_in(store, store.create(game)) == game.waited_moves < len(game.log)
    True
    >>> waited_in(store, store.create(reliz.new_game(["Red", "Blue"], seed=2))) is None
    True
    """
    session = store.load(session_id)
    if not getattr(session.new_game(), "together", False):
        return None
    return session.replay().waited_moves


def calibrate(game: str, store: SessionStore | None) -> Calibration:
    """The pace of ``game`` at a real table: the median seconds per move over its finished
    sessions in ``store``, leaving out sessions where every seat was a bot; the game's default
    when there are none (or no store). A session's pace is the time between its moves
    (:func:`timed_pace`), or for a session saved before moves were timed, its length over its
    moves (:func:`session_pace`); a session whose teams played each round at once counts the
    moves the room waited for (:func:`waited_in`), as the planner's games do.

    >>> store = SessionStore(":memory:")
    >>> calibrate("scrumkin", store).sessions
    0
    """
    if store is None:
        return default_calibration(game)
    paces = []
    for row in store.list(game):
        if not row.is_over or row.actions < MIN_MOVES:
            continue
        seats = store.position(row.id)[1].get("seats", {})
        if isinstance(seats, dict) and seats.get("humans") == []:  # bots only: not a room's pace
            continue
        waited = waited_in(store, row.id)
        pace = timed_pace(*store.move_times(row.id), waited) or session_pace(row, waited)
        if pace is None:
            continue
        paces.append(pace)
    if not paces:
        return default_calibration(game)
    return Calibration(game, round(percentile_mid(paces), 2), len(paces), "store",
                       round(percentile(paces, 25), 2), round(percentile(paces, 75), 2))


def percentile_mid(values: Sequence[float]) -> float:
    """The median, the mean of the two middle values for an even count.

    >>> percentile_mid([10, 20, 40, 80]), percentile_mid([3, 1, 2])
    (30.0, 2)
    """
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


#: The confidence of every interval the answer gives (a placeholder of its sentences: a "%"
#: written in a catalogue's text would read as a format).
LEVEL = "95%"
#: The planner's rule unless told otherwise.
DEFAULT_PRECISION = Precision()


def interval_text(low: float, high: float, digits: int = 0) -> str:
    """An interval as the answer says it, in brackets after its figure.

    >>> interval_text(11, 13), interval_text(87.4, 95.2), interval_text(9, math.inf)
    ('11-13', '87-95', '9 or more')
    >>> interval_text(-math.inf, 12), interval_text(-math.inf, math.inf)
    ('12 or fewer', 'not known yet')
    """
    if math.isinf(low) and math.isinf(high):
        return _("not known yet")
    if math.isinf(high):
        return _("{low} or more").format(low=f"{low:.{digits}f}")
    if math.isinf(low):
        return _("{high} or fewer").format(high=f"{high:.{digits}f}")
    return f"{low:.{digits}f}-{high:.{digits}f}"


#: The bots the planner plays with, as its answer names them.
BOT_KINDS = {"random": N_("random bots"), "heuristic": N_("heuristic bots")}


def bots_text(kinds: Sequence[str]) -> str:
    """The bots of a plan's seats, in words (each kind once).

    >>> bots_text(("random", "random")), bots_text(("heuristic", "random"))
    ('random bots', 'heuristic/random bots')
    """
    named = list(dict.fromkeys(kinds))
    if len(named) == 1 and named[0] in BOT_KINDS:
        return _(BOT_KINDS[named[0]])
    return _("{kinds} bots").format(kinds="/".join(named))


def done_of(done: int, games: int) -> str:
    """How many of the games did something, in words.

    >>> done_of(3, 4), done_of(1, 1), done_of(1200, 1500)
    ('3 of 4 games', '1 of 1 game', '1,200 of 1,500 games')
    """
    return ngettext("{done} of {n} game", "{done} of {n} games", games).format(
        done=format_number(done, 0), n=format_number(games, 0))


def game_seconds(moves: int, busiest: Busiest, pace: float, timer: float) -> float:
    """A game's seconds at the table: its ``moves`` (those the room waits for) at ``pace``
    seconds each, each round in ``busiest`` (its busiest team's moves, part of ``moves``) lasting
    at most ``timer`` seconds when there is a timer (time up ends every team's turn).

    >>> game_seconds(30, (4, 12, 6), pace=20.0, timer=120.0)  # 8 moves outside the rounds
    480.0
    >>> game_seconds(30, (4, 12, 6), pace=20.0, timer=0.0)
    600.0
    """
    if not timer or not busiest:
        return moves * pace
    return (moves - sum(busiest)) * pace + sum(min(count * pace, timer) for count in busiest)


@dataclass
class Plan:
    """The planner's answer for one table of games: every simulated game's rounds and moves, the
    pace, and the percentiles and shares read from them, with their 95% intervals.

    ``most`` is the most games asked for (0: the games played), ``precision`` the rule that
    stopped the games (None: every game asked for was played), ``here`` the games played in
    this process rather than by the cluster's workers. ``timer`` is the minutes of the room's
    timer that ends each round played with every team at once (0: none), and ``busiest``, beside
    each outcome, the busiest team's moves in each of that game's rounds under it (empty: no
    game has such rounds).
    """

    game: str
    players: int
    bots: tuple[str, ...]
    options: dict[str, Any]
    seed: int
    calibration: Calibration
    outcomes: list[Outcome] = field(default_factory=list)
    most: int = 0
    precision: Precision | None = None
    here: int = 0
    timer: int = 0
    busiest: list[Busiest] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def noun(self) -> str:
        """What a round is called in this game (sprint, round, release, turn)."""
        return round_noun(self.game)

    @property
    def cap(self) -> int:
        """The most rounds a game may last with these options (0: no cap)."""
        return round_cap(self.game, self.options)

    def rounds(self) -> list[int]:
        return [outcome[0] for outcome in self.outcomes]

    def capped(self) -> tuple[int, int]:
        """(games stopped by the cap on their rounds, games): their minutes are the cap's, not
        the length of a game played to its end."""
        cap = self.cap
        return (sum(count >= cap for count in self.rounds()) if cap else 0), self.games

    def minutes(self) -> list[float]:
        """Each game's length at the table: the moves the room waits for at the calibrated
        pace, in minutes (teams playing a round at the same time wait for the busiest, and the
        round's timer ends it: :func:`game_seconds`).

        >>> plan = Plan("reliz", 3, ("heuristic",) * 3, {}, 1,
        ...             Calibration("reliz", 20.0, 0, "default"), [(2, 30, 0)], timer=2,
        ...             busiest=[(4, 12)])
        >>> plan.minutes()  # the second round: 4 minutes of moves, 2 on the timer
        [8.0]
        """
        pace, timer = self.calibration.seconds_per_move, self.timer * 60
        busiest = self.busiest or [()] * self.games
        return [game_seconds(outcome[1], rounds, pace, timer) / 60
                for outcome, rounds in zip(self.outcomes, busiest, strict=True)]

    def timer_cuts(self) -> tuple[int, int]:
        """(rounds the timer ended before their busiest team's moves were made at the pace,
        rounds played under the timer), over every game.

        >>> Plan("reliz", 3, ("heuristic",) * 3, {}, 1, Calibration("reliz", 20.0, 0, "x"),
        ...      [(2, 30, 0), (3, 40, 0)], timer=2, busiest=[(4, 12), (6, 7, 1)]).timer_cuts()
        (2, 5)
        """
        pace, timer = self.calibration.seconds_per_move, self.timer * 60
        counts = [count for rounds in self.busiest for count in rounds]
        return sum(count * pace > timer for count in counts) if timer else 0, len(counts)

    def rounds_at(self, p: float) -> int:
        return int(percentile(self.rounds(), p))

    def minutes_at(self, p: float) -> float:
        return percentile(self.minutes(), p)

    def rounds_interval(self, p: float) -> tuple[float, float]:
        """The 95% interval of the rounds at the ``p``-th percentile (order statistics)."""
        return percentile_interval(self.rounds(), p)

    def minutes_interval(self, p: float) -> tuple[float, float]:
        """The 95% interval of the minutes at the ``p``-th percentile (order statistics)."""
        return percentile_interval(self.minutes(), p)

    def shortfall(self, minutes: float | None = None, rounds: int | None = None) -> float:
        """How far the answer is from known well enough, by :attr:`precision` (the default rule
        when None): the largest distance from a figure to an end of its 95% interval, over the
        margin it is allowed (its rounds and minutes at P50, P80 and P95; the shares within
        ``minutes`` and ``rounds`` when given). At most 1: known well enough; ``inf``: an
        interval has no end yet.

        >>> plan = Plan("release", 4, ("random",) * 4, {}, 1,
        ...             Calibration("release", 12.5, 0, "default"), [(5, 240, 1)] * 100)
        >>> plan.shortfall(), round(plan.shortfall(minutes=50.0), 2)  # 100 of 100: 96.3-100%
        (0.0, 1.23)
        """
        if not self.outcomes:
            return math.inf
        rule = self.precision or DEFAULT_PRECISION
        worst = 0.0
        for p in PERCENTILES:
            count, length = self.rounds_at(p), self.minutes_at(p)
            a_round = length / max(count, 1)
            for figure, (low, high), margin in (
                    (count, self.rounds_interval(p), max(rule.rounds, rule.relative * count)),
                    (length, self.minutes_interval(p),
                     max(rule.rounds * a_round, rule.relative * length) or 1.0)):
                worst = max(worst, (figure - low) / margin, (high - figure) / margin)
        budgets = [self.fits(minutes)] if minutes is not None else []
        budgets += [self.within(rounds)] if rounds is not None else []
        for done, games in budgets:
            low, high = wilson(done, games)
            share = done / games
            worst = max(worst, (share - low) / rule.share, (high - share) / rule.share)
        return worst

    def fits(self, minutes: float) -> tuple[int, int]:
        """(games that end within ``minutes``, games)."""
        return sum(length <= minutes for length in self.minutes()), self.games

    def within(self, rounds: int) -> tuple[int, int]:
        """(games that end within ``rounds`` rounds, games)."""
        return sum(count <= rounds for count in self.rounds()), self.games

    def table_rows(self) -> list[dict[str, Any]]:
        """The percentiles, one row per percentile: its rounds and minutes.

        >>> Plan("scrumkin", 2, ("random",) * 2, {}, 1, Calibration("scrumkin", 15.0, 0, "x"),
        ...      [(8, 200, 1)]).table_rows()[0]
        {'percentile': 'P50', 'sprints': 8, 'minutes': 50.0}
        """
        return [{"percentile": f"P{p}", f"{self.noun}s": self.rounds_at(p),
                 "minutes": round(self.minutes_at(p), 1)} for p in PERCENTILES]

    def table(self) -> Any:
        """The percentiles as a pandas table: :meth:`table_rows`."""
        import pandas as pd

        return pd.DataFrame(self.table_rows())

    def table_text(self) -> str:
        """The percentiles as a plain-text table, for the command line (no pandas to import).

        >>> print(Plan("scrumkin", 2, ("random",) * 2, {}, 1,
        ...            Calibration("scrumkin", 15.0, 0, "x"), [(8, 200, 1)]).table_text())
        percentile  sprints  minutes
               P50        8     50.0
               P80        8     50.0
               P95        8     50.0
        """
        rows = self.table_rows()
        columns = list(rows[0])
        cells = [[format_tenths(row[key]) if key == "minutes" else str(row[key])
                  for key in columns] for row in rows]
        columns = [label(key) for key in columns]
        widths = [max(len(key), *(len(line[index]) for line in cells))
                  for index, key in enumerate(columns)]
        return "\n".join("  ".join(text.rjust(width) for text, width in zip(line, widths,
                                                                            strict=True))
                         for line in [columns, *cells])

    def sentences(self, minutes: float | None = None, rounds: int | None = None) -> list[str]:
        """The answer in words, with the uncertainty of each share.

        >>> plan = Plan("scrumkin", 4, ("random",) * 4, {}, 1,
        ...             Calibration("scrumkin", 15.0, 0, "default"),
        ...             [(8, 200, 1), (10, 240, 2), (12, 300, 1), (9, 220, 4)])
        >>> for line in plan.sentences(minutes=60, rounds=9):
        ...     print(line)
        Scrumkin with 4 teams (random bots, 4 games): 9 sprints at P50 (not known yet), 12 at \
P80 (8 or more), 12 at P95 (10 or more).
        About 55 minutes at P50 (not known yet), 75 at P80 (50 or more), 75 at P95 (60 or more).
        Within 60 minutes: 3 of 4 games, 75.0% (30.1-95.4%).
        Within 9 sprints: 2 of 4 games, 50.0% (15.0-85.0%).
        In brackets, the 95% intervals of the 4 games played.
        Pace: 15 s a move: the default for Scrumkin (no finished session in the store to measure).
        >>> plan.options = {"sprint_cap": 10}
        >>> plan.sentences()[2]
        'Stopped by the cap of 10 sprints: 2 of 4 games, 50.0% (15.0-85.0%); their minutes are \
the length at the cap.'
        """
        if not self.outcomes:
            return [_("No game was played.")]
        noun = self.noun
        rounds_said = [self._at(p, self.rounds_at(p), self.rounds_interval(p))
                       for p in PERCENTILES]
        minutes_said = [self._at(p, round(self.minutes_at(p)), self.minutes_interval(p))
                        for p in PERCENTILES]
        rounds_said[0] = _("{rounds} at P{p} ({interval})").format(
            rounds=counted(noun, self.rounds_at(PERCENTILES[0])), p=PERCENTILES[0],
            interval=interval_text(*self.rounds_interval(PERCENTILES[0])))
        first = round(self.minutes_at(PERCENTILES[0]))
        minutes_said[0] = ngettext("{n} minute at P{p} ({interval})",
                                   "{n} minutes at P{p} ({interval})", first).format(
            n=first, p=PERCENTILES[0],
            interval=interval_text(*self.minutes_interval(PERCENTILES[0])))
        lines = [
            _("{game} with {seats} ({bots}, {games}): {said}.").format(
                game=game_title(self.game), seats=seat_count(self.game, self.players),
                bots=bots_text(self.bots),
                games=counted("game", self.games, format_number(self.games, 0)),
                said=", ".join(rounds_said)),
            _("About {said}.").format(said=", ".join(minutes_said)),
        ]
        if minutes is not None:
            done, games = self.fits(minutes)
            lines.append(ngettext("Within {n} minute: {done}, {share}.",
                                  "Within {n} minutes: {done}, {share}.",
                                  int(minutes) if float(minutes).is_integer() else 2).format(
                n=f"{minutes:g}", done=done_of(done, games), share=share_text(done, games)))
        if rounds is not None:
            done, games = self.within(rounds)
            lines.append(_("Within {rounds}: {done}, {share}.").format(
                rounds=counted(noun, rounds), done=done_of(done, games),
                share=share_text(done, games)))
        stopped, games = self.capped()
        if stopped:
            lines.insert(2, _("Stopped by the cap of {rounds}: {done}, {share}; their minutes "
                              "are the length at the cap.").format(
                rounds=counted(noun, self.cap), done=done_of(stopped, games),
                share=share_text(stopped, games)))
        cut, timed = self.timer_cuts()
        if timed:
            lines.insert(2, ngettext(
                "The {timer}-minute round timer cut {cut} of {timed} round ({share}) short at "
                "this pace: those last {timer} minutes.",
                "The {timer}-minute round timer cut {cut} of {timed} rounds ({share}) short at "
                "this pace: those last {timer} minutes.", timed).format(
                timer=self.timer, cut=format_number(cut, 0), timed=format_number(timed, 0),
                share=f"{cut / timed:.0%}"))
        lines.append(self.certainty(minutes, rounds))
        lines.append(_("Pace: {pace}").format(pace=self.calibration.sentence()))
        return lines

    @staticmethod
    def _at(p: int, figure: int, interval: tuple[float, float]) -> str:
        """A figure at the ``p``-th percentile, with its interval."""
        return _("{figure} at P{p} ({interval})").format(figure=figure, p=p,
                                                         interval=interval_text(*interval))

    def certainty(self, minutes: float | None = None, rounds: int | None = None) -> str:
        """How sure the answer is, and why the games stopped where they did.

        >>> plan = Plan("release", 4, ("random",) * 4, {}, 1,
        ...             Calibration("release", 12.5, 0, "default"), [(5, 240, 1)] * 100,
        ...             most=1000, precision=Precision())
        >>> plan.certainty()
        'Known well enough after 100 games (at most 1,000): every 95% interval (in brackets) \
within 1 release or 5% of its figure.'
        >>> plan.certainty(minutes=50)
        'Not known that well yet after 100 games (at most 1,000): the widest 95% interval (in \
brackets) is 1.2 times the margin wanted (1 release or 5% of its figure; 3 points for a share).'
        """
        rule = self.precision
        games = format_number(self.games, 0)
        if rule is None:
            return ngettext("In brackets, the {level} intervals of the {n} game played.",
                            "In brackets, the {level} intervals of the {n} games played.",
                            self.games).format(n=games, level=LEVEL)
        shortfall = self.shortfall(minutes, rounds)
        said = ngettext("after {n} game (at most {most})", "after {n} games (at most {most})",
                        self.games).format(n=games,
                                           most=format_number(max(self.most, self.games), 0))
        shares = minutes is not None or rounds is not None
        margin = _("{rule} of its figure").format(rule=rule.sentence(self.noun))
        points = f"{rule.share * 100:g}"
        if shortfall <= 1:
            share = _(", and every share's within {points} points").format(points=points) \
                if shares else ""
            return _("Known well enough {said}: every {level} interval (in brackets) within "
                     "{margin}{share}.").format(said=said, level=LEVEL, margin=margin,
                                                share=share)
        share = _("; {points} points for a share").format(points=points) if shares else ""
        if math.isinf(shortfall):
            return _("Not known that well yet {said}: the widest {level} interval (in brackets) "
                     "has no end yet (the margin wanted: {margin}{share}).").format(
                said=said, level=LEVEL, margin=margin, share=share)
        return _("Not known that well yet {said}: the widest {level} interval (in brackets) is "
                 "{times} times the margin wanted ({margin}{share}).").format(
            said=said, level=LEVEL, times=f"{shortfall:.1f}", margin=margin, share=share)


def make_plan(game: str, players: int, games: int = DEFAULT_GAMES, seed: int = 0,
              bots: str | Sequence[str] | None = None, options: dict[str, Any] | None = None,
              calibration: Calibration | None = None, store: SessionStore | None = None,
              cluster: "Cluster | str | None" = None, progress: Progress | None = None,
              precision: Precision | None = DEFAULT_PRECISION, minutes: float | None = None,
              rounds: int | None = None, on_batch: Callable[[Plan], None] | None = None) -> Plan:
    """Play bot games of ``game`` with ``players`` seats on Dask until the answer is known to
    ``precision`` (with the shares within ``minutes`` and ``rounds`` when given), at most
    ``games`` games, and return the :class:`Plan`; ``precision=None`` plays all ``games``. The
    first batch is :data:`FIRST_GAMES` games, each later one ends at :func:`next_stop`;
    ``on_batch(plan)`` is called after each (the figures so far), ``progress(games done, games
    by the end of the batch)`` as chunks finish. The pace is ``calibration``, else measured in
    ``store``, else the default.

    >>> plan = make_plan("release", 4, seed=1, bots="random", cluster="in-process")
    >>> plan.games, plan.shortfall() <= 1  # every Release! game lasts its 5 releases
    (100, True)
    """
    job = make_job(game, games, players, seed, bots, options, cards=False)  # refused here
    if calibration is None:
        calibration = calibrate(game, store)
    plan = Plan(game, players, job.kinds, dict(job.options), seed, calibration, most=games,
                precision=precision, timer=round_timer(game, dict(job.options)))
    stop = games if precision is None else min(games, FIRST_GAMES)
    with cluster_for(cluster) as where:
        while True:
            play_more(plan, stop, where, progress)
            if on_batch is not None:
                on_batch(plan)
            shortfall = plan.shortfall(minutes, rounds)
            if plan.games >= games or shortfall <= 1:
                return plan
            stop = next_stop(plan.games, shortfall, games)


def play_more(plan: Plan, games: int, cluster: "Cluster | str | None" = None,
              progress: Progress | None = None) -> Plan:
    """Play the next games of ``plan``'s table, up to ``games`` games in all (game ``i`` has
    the seed ``game_seed(plan.seed, i)``, as if they had been played at once), and add them.

    >>> plan = make_plan("scrumkin", 2, games=30, seed=4, bots="random", cluster="in-process",
    ...                  precision=None)
    >>> more = play_more(make_plan("scrumkin", 2, games=10, seed=4, bots="random",
    ...                            cluster="in-process", precision=None), 30, "in-process")
    >>> more.outcomes == plan.outcomes, more.most
    (True, 30)
    """
    start = plan.games
    plan.most = max(plan.most, games)
    if games <= start:
        return plan
    job = replace(make_job(plan.game, games - start, plan.players, plan.seed, list(plan.bots),
                           plan.options, cards=False), first=start)
    report = None if progress is None else (
        lambda done, total: progress(start + done, start + total))
    [result] = run_jobs([job], cluster, report)
    plan.outcomes.extend(result.outcomes)
    plan.busiest.extend(result.busiest)
    plan.here += result.here
    return plan


def write_plan(plan: Plan, folder: str | Path) -> list[Path]:
    """Write ``plan.csv`` (the percentiles) and ``plan-games.csv`` (each game's rounds, moves
    and minutes) into ``folder``; return their paths.

    >>> import tempfile
    >>> plan = Plan("scrumkin", 2, ("random",) * 2, {}, 1,
    ...             Calibration("scrumkin", 15.0, 0, "default"), [(8, 200, 1), (10, 240, 3)])
    >>> with tempfile.TemporaryDirectory() as out:
    ...     paths = write_plan(plan, out)
    ...     print(paths[1].read_text(encoding="utf-8"), end="")
    game,seed,sprints,moves,minutes,winners
    0,1185703974,8,200,50.0,1
    1,1075279182,10,240,60.0,1;2
    """
    from devgames.sim.dask_runner import game_seed

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    first = out / "plan.csv"
    plan.table().to_csv(first, index=False, lineterminator="\n", encoding="utf-8")
    second = out / "plan-games.csv"
    with second.open("w", encoding="utf-8", newline="") as stream:
        stream.write(f"game,seed,{plan.noun}s,moves,minutes,winners\n")
        for index, ((rounds, moves, mask), minutes) in enumerate(
                zip(plan.outcomes, plan.minutes(), strict=True)):
            seats = ";".join(str(seat + 1) for seat in range(plan.players) if mask >> seat & 1)
            stream.write(f"{index},{game_seed(plan.seed, index)},{rounds},{moves},"
                         f"{minutes:.1f},{seats}\n")
    return [first, second]


# ----- charts -----------------------------------------------------------------------------------
FONT_SIZE = 20
COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7")  # colour-blind safe (Okabe-Ito)


def plan_figure(plan: Plan, minutes: float | None = None, dark: bool = False) -> Any:
    """Two panels: how many games end after each number of rounds (P50, P80 and P95 marked),
    and the share of games over by each minute (the budget ``minutes`` marked).

    >>> plan = Plan("scrumkin", 2, ("random",) * 2, {}, 1,
    ...             Calibration("scrumkin", 15.0, 0, "default"), [(8, 200, 1), (10, 240, 2)])
    >>> figure = plan_figure(plan, minutes=55)
    >>> [trace.name for trace in figure.data]
    ['games', 'share of games over']
    """
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    noun = plan.noun
    figure = make_subplots(rows=1, cols=2, horizontal_spacing=0.12, subplot_titles=(
        f"Games by {noun}s played", "Share of games over, by minute"))
    counts: dict[int, int] = {}
    for value in plan.rounds():
        counts[value] = counts.get(value, 0) + 1
    xs = sorted(counts)
    figure.add_trace(go.Bar(x=xs, y=[counts[x] for x in xs], name="games",
                            marker_color=COLOURS[0],
                            hovertemplate=f"%{{y}} games ended after %{{x}} {noun}s"
                            "<extra></extra>"),
                     row=1, col=1)
    for p, colour in zip(PERCENTILES, COLOURS[1:], strict=True):
        figure.add_vline(x=plan.rounds_at(p), line_dash="dash", line_color=colour, line_width=3,
                         annotation_text=f"P{p}", annotation_font_size=FONT_SIZE - 2,
                         row=1, col=1)
    lengths = sorted(plan.minutes())
    shares = [(index + 1) / len(lengths) for index in range(len(lengths))] if lengths else []
    figure.add_trace(go.Scatter(x=lengths, y=shares, mode="lines", name="share of games over",
                                line={"color": COLOURS[2], "width": 4, "shape": "hv"},
                                hovertemplate="%{y:.0%} of games over by %{x:.0f} min"
                                "<extra></extra>"), row=1, col=2)
    if minutes is not None:
        done, games = plan.fits(minutes)
        share = done / games if games else 0.0
        figure.add_vline(x=minutes, line_color=COLOURS[1], line_width=3,
                         annotation_text=f"{minutes:g} min: {share:.0%}",
                         annotation_font_size=FONT_SIZE - 2, row=1, col=2)
    figure.update_xaxes(title_text=f"{noun}s", dtick=1 if len(xs) <= 20 else None, row=1, col=1)
    figure.update_xaxes(title_text="minutes", row=1, col=2)
    figure.update_yaxes(title_text="games", row=1, col=1)
    figure.update_yaxes(tickformat=".0%", range=[0, 1.02], row=1, col=2)
    figure.update_layout(template="plotly_dark" if dark else "plotly_white",
                         font={"size": FONT_SIZE}, showlegend=False, height=440,
                         margin={"l": 70, "r": 30, "t": 60, "b": 70},
                         paper_bgcolor="rgba(0,0,0,0)")
    figure.update_annotations(font_size=FONT_SIZE)
    return figure

