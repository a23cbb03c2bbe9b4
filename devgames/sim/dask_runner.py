"""Bot games as Dask tasks: many games cut into chunks, each chunk one task, results collected
in game order, so the same seed gives the same figures whatever the cluster.

A :class:`Job` is one table of games (a game, its seats and bots, its options, a run seed and a
number of games). Game number ``i`` of a job is seeded with ``game_seed(seed, i)``, exactly as
:func:`devgames.sim.runner.simulate` seeds it, and its bots likewise, so a job played here gives
the same games as ``devgames simulate`` with the same arguments. A job's games are cut into
chunks of consecutive games; a chunk is one Dask task and returns a small, plain result (one
:data:`Outcome` per game and the card moves counted over the chunk). Chunks are gathered into
their place, never in the order they finish, and the counts are sums, so neither the number of
workers nor the scheduler nor the chunk size changes a figure.

Where the tasks run is a :class:`Cluster`: by default a ``distributed.LocalCluster`` of this
machine's cores (one single-threaded worker process per core, started on first use), or the
cluster at ``scheduler`` (``tcp://host:8786``), or this process (``scheduler="in-process"``,
for small runs and tests). Dask is imported only when a cluster is used.

>>> job = make_job("scrumkin", games=3, players=2, seed=5, bots="random")
>>> with Cluster("in-process") as cluster:
...     [result] = run_jobs([job], cluster)
>>> [outcome[0] for outcome in result.outcomes] == [int(row["sprints"]) for row in
...     __import__("devgames.sim.runner", fromlist=["x"]).simulate(
...         "scrumkin", 3, 2, seed=5, bots="random")[0]]
True
"""

import math
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from random import Random
from typing import Any

from devgames import game_module
from devgames.core.actions import CHANCE
from devgames.sim.runner import (
    Progress,
    Row,
    checked_run,
    game_seed,
    make_bot,
    play_one,
    player_names,
)

#: One game's result: (rounds played, moves made, winners as a bit mask of seats).
Outcome = tuple[int, int, int]
#: Card moves counted over games: (seat won?, move kind, card id) -> seat-games that made it.
CardCounts = dict[tuple[bool, str, int], int]
#: The summary keys that count a game's rounds, the first one a game's summary has being used.
ROUND_KEYS = ("sprints", "rounds", "releases", "turns")
#: The most games in one task, and the fewest (unless the job is smaller).
MAX_CHUNK, MIN_CHUNK = 500, 10
#: Tasks per worker a job is cut into at least (for the progress bar and the balance of load).
TASKS_PER_WORKER = 8
#: ``scheduler`` value that plays every chunk in this process, without Dask.
IN_PROCESS = "in-process"
#: ``scheduler`` value (like None) for a local cluster of this machine's cores.
LOCAL = "local"
#: Dask settings of the local cluster. Its statistical profiler, which samples every thread
#: every 10 ms for a dashboard the local cluster does not start, costs a tenth of the games'
#: time (benchmarks/dask_sim.py).
LOCAL_CONFIG = {"distributed.worker.profile.enabled": False}


@dataclass(frozen=True)
class Job:
    """One table of bot games: ``games`` games of ``game`` with these seats, bots and options.

    ``full`` asks for the rows of ``devgames simulate`` (games.csv and rounds.csv) in place of
    the lean outcomes.
    """

    game: str
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    seed: int
    games: int
    full: bool = False
    #: Count each seat's card moves (the balance lab reads them; the planner does not).
    cards: bool = True

    @property
    def players(self) -> int:
        return len(self.names)


def make_job(game: str, games: int, players: int | Sequence[str], seed: int,
             bots: str | Sequence[str] | None = None, options: dict[str, Any] | None = None,
             full: bool = False, cards: bool = True) -> Job:
    """A checked :class:`Job`: unknown games, bots and options, and bad set-ups, raise here (in
    this process) with the engine's sentence, before any task is sent.

    >>> make_job("scrumkin", 10, 3, seed=1, bots=["heuristic", "random"]).kinds
    ('heuristic', 'random', 'heuristic')
    >>> make_job("scrumkin", 10, 3, seed=1, options={"colour": "red"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    devgames.core.errors.SetupError: Unknown option 'colour'...
    """
    names, kinds, options = checked_run(game, games, players, seed, bots, options)
    return Job(game, tuple(names), tuple(kinds), tuple(sorted(options.items())), seed, games,
               full, cards)


def rounds_of(summary: dict[str, Any]) -> int:
    """The rounds a game lasted, from its summary: the first of :data:`ROUND_KEYS` it has.

    >>> rounds_of({"sprints": 7, "result": "x"}), rounds_of({"turns": 30}), rounds_of({})
    (7, 30, 0)
    """
    for key in ROUND_KEYS:
        if key in summary:
            return int(summary[key])
    return 0


def round_noun(game: str) -> str:
    """What a game's round is called in the planner: "sprint", "round", "release" or "turn".

    >>> round_noun("scrumkin"), round_noun("exploding")
    ('sprint', 'turn')
    """
    module = game_module(game)
    summary = module.new_game(player_names(game_spec_min(game)), seed=0).summary()
    for key in ROUND_KEYS:
        if key in summary:
            return key[:-1]
    return "round"


def game_spec_min(game: str) -> int:
    """The fewest players of a game (at least 2 when it allows 2, so every seat is a rival)."""
    from devgames import game_spec

    spec = game_spec(game)
    return max(spec.min_players, min(2, spec.max_players))


# ----- one chunk: the task ----------------------------------------------------------------------
@dataclass
class ChunkResult:
    """What one task sends back: its games' outcomes (or rows) and its card-move counts."""

    start: int
    outcomes: list[Outcome] = field(default_factory=list)
    cards: CardCounts = field(default_factory=dict)
    rows: list[tuple[Row, list[Row]]] = field(default_factory=list)


def play_chunk(job: Job, start: int, stop: int) -> ChunkResult:
    """Play games ``start`` to ``stop - 1`` of ``job``: the body of one Dask task.

    >>> job = make_job("scrumkin", 4, 2, seed=3, bots="random")
    >>> whole = play_chunk(job, 0, 4)
    >>> halves = [play_chunk(job, 0, 2), play_chunk(job, 2, 4)]
    >>> whole.outcomes == halves[0].outcomes + halves[1].outcomes
    True
    """
    result = ChunkResult(start)
    if job.full:
        names, kinds, options = list(job.names), list(job.kinds), dict(job.options)
        result.rows = [play_one((job.game, index, job.seed, names, kinds, options))
                       for index in range(start, stop)]
        return result
    module = game_module(job.game)
    cards: Counter[tuple[bool, str, int]] = Counter()
    for index in range(start, stop):
        outcome, moves = _play_lean(module, job, index)
        result.outcomes.append(outcome)
        mask = outcome[2]
        for seat, made in enumerate(moves):
            won = bool(mask >> seat & 1)
            for kind, card in made:
                cards[(won, kind, card)] += 1
    result.cards = dict(cards)
    return result


def _play_lean(module: Any, job: Job, index: int) -> tuple[Outcome, list[set[tuple[str, int]]]]:
    """One game played exactly as :func:`devgames.sim.runner.play_one` plays it (same seeds,
    same bots, same moves), keeping only its outcome and each seat's card moves (when the job
    counts them)."""
    this_seed = game_seed(job.seed, index)
    game = module.new_game(list(job.names), seed=this_seed, **dict(job.options))
    game.record = False  # only the outcome is kept: no events, no metrics rows
    # A random seat's move is its bot's rng.choice over the legal actions (RandomBot.choose).
    # Drawn here directly, without the bot object, it is the same draw: Random.choice takes
    # index r of n actions, r being the first getrandbits(n.bit_length()) below n (CPython's
    # Random._randbelow, made inline as core.piles.shuffle makes it: a call per move would cost
    # more than the draw; the lean games are checked against simulate's in the tests).
    bits: dict[int, Callable[[int], int]] = {}
    bots: dict[int, Any] = {}
    for seat, kind in enumerate(job.kinds):
        bot = make_bot(module, kind, game_seed(this_seed, seat))
        if type(bot).__name__ == "RandomBot" and hasattr(bot, "rng"):
            bits[seat] = bot.rng.getrandbits
        else:
            bots[seat] = bot
    legal, apply = game.legal_actions, game.apply
    while not game.is_over:
        actions = legal()
        if not actions:
            break
        seat = actions[0].player  # every legal action is the current player's (the protocol)
        draw = bits.get(seat)
        if draw is None:
            if seat != CHANCE:
                apply(bots[seat].choose(game))
                continue
            # the first card to enter: RandomBot(game.seed), as play_out draws
            bits[CHANCE] = draw = Random(this_seed).getrandbits
        n = len(actions)
        k = n.bit_length()
        r = draw(k)
        while r >= n:
            r = draw(k)
        apply(actions[r])
    mask = 0
    for name in game.winners:
        mask |= 1 << job.names.index(name)
    moves: list[set[tuple[str, int]]] = []
    if job.cards:
        moves = [set() for _ in job.names]
        for action in game.log:
            if action.card is not None and action.player >= 0:
                moves[action.player].add((action.kind, action.card))
    return (rounds_of(game.summary()), len(game.log), mask), moves


def chunks(games: int, workers: int, size: int | None = None) -> list[tuple[int, int]]:
    """The (start, stop) ranges a job of ``games`` games is cut into for ``workers`` workers.

    >>> chunks(25, 1, size=10)
    [(0, 10), (10, 20), (20, 25)]
    >>> len(chunks(100_000, 2)), chunks(0, 2)
    (200, [])
    """
    if size is None:
        size = math.ceil(games / max(1, workers * TASKS_PER_WORKER))
        size = max(MIN_CHUNK, min(MAX_CHUNK, size))
    return [(start, min(start + size, games)) for start in range(0, games, max(1, size))]


# ----- where the chunks run ---------------------------------------------------------------------
class Cluster:
    """Where the tasks run: a local Dask cluster (``scheduler=None``, one worker process per core
    or ``workers``), an existing one (``scheduler="tcp://host:8786"``), or this process
    (``scheduler="in-process"``); ``"local"`` is the same as None. The local cluster starts on
    first use and stops at :meth:`close` (or at the end of a ``with`` block).

    >>> with Cluster("in-process") as cluster:
    ...     cluster.map(pow, [(2, 3), (3, 2)])
    [8, 9]
    """

    def __init__(self, scheduler: str | None = None, workers: int | None = None,
                 timeout: float = 20.0) -> None:
        self.scheduler = None if scheduler in (None, "", LOCAL) else scheduler
        self.timeout = timeout
        self.wanted_workers = workers
        self._client: Any = None
        self._cluster: Any = None

    def __enter__(self) -> "Cluster":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Cluster({self.scheduler or 'local'!r})"

    @property
    def in_process(self) -> bool:
        return self.scheduler == IN_PROCESS

    @property
    def client(self) -> Any:
        """The ``distributed.Client``, connecting (or starting the local cluster) on first use."""
        if self.in_process:
            raise ValueError("An in-process cluster has no Dask client.")
        if self._client is None:
            import logging

            from distributed import Client, LocalCluster

            if self.scheduler:
                self._client = Client(self.scheduler, timeout=f"{self.timeout}s")
            else:
                import dask

                with dask.config.set(LOCAL_CONFIG):  # read by the scheduler and each worker
                    self._cluster = LocalCluster(
                        n_workers=self.wanted_workers or os.cpu_count() or 1,
                        threads_per_worker=1, processes=True, dashboard_address=None,
                        silence_logs=logging.ERROR)
                self._client = Client(self._cluster)
        return self._client

    @property
    def workers(self) -> int:
        """How many workers the tasks share (1 in this process)."""
        if self.in_process:
            return 1
        if self._client is None and not self.scheduler:
            return self.wanted_workers or os.cpu_count() or 1
        info = self.client.scheduler_info()
        return max(1, sum(w.get("nthreads", 1) for w in info.get("workers", {}).values()))

    def map(self, function: Callable[..., Any], arguments: Sequence[tuple[Any, ...]],
            done: Callable[[int], None] | None = None) -> list[Any]:
        """``function(*args)`` for each tuple of ``arguments``, as tasks, in the order given;
        ``done(i)`` is called as task ``i`` finishes (in the order they finish)."""
        if self.in_process:
            results = []
            for number, args in enumerate(arguments):
                results.append(function(*args))
                if done is not None:
                    done(number)
            return results
        from distributed import as_completed

        client = self.client
        futures = [client.submit(function, *args, pure=False) for args in arguments]
        place = {future.key: number for number, future in enumerate(futures)}
        try:
            for future in as_completed(futures):
                if future.status == "error":
                    future.result()  # raises the task's error here
                if done is not None:
                    done(place[future.key])
            return client.gather(futures)
        finally:
            for future in futures:
                future.release()

    def close(self) -> None:
        """Disconnect, and stop the local cluster if this object started it."""
        if self._client is not None:
            self._client.close()
            self._client = None
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None


@contextmanager
def cluster_for(cluster: "Cluster | str | None") -> Iterator[Cluster]:
    """A cluster to use: the one given (left running), or a new one for a scheduler address, a
    local one for None (stopped at the end).

    >>> with cluster_for("in-process") as cluster:
    ...     cluster.in_process
    True
    """
    if isinstance(cluster, Cluster):
        yield cluster
        return
    with Cluster(cluster) as made:
        yield made


# ----- jobs -------------------------------------------------------------------------------------
@dataclass
class JobResult:
    """Every game of a job, in game order: outcomes (lean) or simulate's rows (full)."""

    job: Job
    outcomes: list[Outcome]
    cards: CardCounts
    rows: list[tuple[Row, list[Row]]]


def run_jobs(jobs: Sequence[Job], cluster: "Cluster | str | None" = None,
             progress: Progress | None = None, chunk: int | None = None) -> list[JobResult]:
    """Play every game of ``jobs`` as chunked tasks on ``cluster``; one result per job, in order.

    ``progress(games done, games in all)`` is called as chunks finish.

    >>> jobs = [make_job("scrumkin", 5, n, seed=2, bots="random") for n in (2, 3)]
    >>> one = run_jobs(jobs, "in-process", chunk=2)
    >>> two = run_jobs(jobs, "in-process", chunk=5)
    >>> [r.outcomes for r in one] == [r.outcomes for r in two], len(one[1].outcomes)
    (True, 5)
    """
    total = sum(job.games for job in jobs)
    with cluster_for(cluster) as where:
        tasks: list[tuple[Job, int, int]] = []
        owner: list[int] = []
        for number, job in enumerate(jobs):
            share = max(1, round(where.workers * job.games / max(total, 1)))
            for start, stop in chunks(job.games, share, chunk):
                tasks.append((job, start, stop))
                owner.append(number)
        finished = 0

        def done(task: int) -> None:
            nonlocal finished
            _, start, stop = tasks[task]
            finished += stop - start
            if progress is not None:
                progress(finished, total)

        parts: list[ChunkResult] = where.map(play_chunk, tasks, done)
    results = [JobResult(job, [], {}, []) for job in jobs]
    for number, part in zip(owner, parts, strict=True):  # task order: each job's games in order
        result = results[number]
        result.outcomes.extend(part.outcomes)
        result.rows.extend(part.rows)
        for key, count in part.cards.items():
            result.cards[key] = result.cards.get(key, 0) + count
    if progress is not None and total == 0:
        progress(0, 0)
    return results


def simulate_on(cluster: "Cluster | str | None", game: str, games: int,
                players: int | Sequence[str], seed: int, bots: str | Sequence[str] | None = None,
                options: dict[str, Any] | None = None,
                progress: Progress | None = None) -> tuple[list[Row], list[Row]]:
    """:func:`devgames.sim.runner.simulate` on Dask: the same rows, byte for byte in CSV.

    >>> from devgames.sim.runner import simulate
    >>> simulate_on("in-process", "scrumkin", 3, 2, 4, "random") == simulate(
    ...     "scrumkin", 3, 2, 4, "random")
    True
    """
    job = make_job(game, games, players, seed, bots, options, full=True)
    [result] = run_jobs([job], cluster, progress)
    game_rows = [row for row, _ in result.rows]
    round_rows = [metrics for _, rounds in result.rows for metrics in rounds]
    return game_rows, round_rows


def outcomes_of(results: Iterable[JobResult]) -> list[Outcome]:
    """Every outcome of several results, in order.

    >>> outcomes_of([JobResult(make_job("scrumkin", 0, 2, 1), [(3, 40, 1)], {}, [])])
    [(3, 40, 1)]
    """
    return [outcome for result in results for outcome in result.outcomes]
