"""Bot games as Dask tasks: many games cut into chunks, each chunk one task, results collected
in game order, so the same seed gives the same figures whatever the cluster.

A :class:`Job` is one table of games (a game, its seats and bots, its options, a run seed and a
number of games). Game number ``i`` of a job is seeded with ``game_seed(seed, i)``, exactly as
:func:`devgames.sim.runner.simulate` seeds it, and its bots likewise, so a job played here gives
the same games as ``devgames simulate`` with the same arguments. A job's games are cut into
chunks of consecutive games; a chunk is one Dask task and returns a small, plain result (one
:data:`Outcome` per game, the busiest team's moves in each round of a game whose rounds a timer
caps (:data:`Busiest`), and the card moves counted over the chunk). Chunks are gathered into
their place, never in the order they finish, and the counts are sums, so neither the number of
workers nor the scheduler nor the chunk size changes a figure.

Where the tasks run is a :class:`Cluster`: by default a ``distributed.LocalCluster`` of this
machine's cores (one single-threaded worker process per core), or the cluster at ``scheduler``
(``tcp://host:8786``), or this process (``scheduler="in-process"``, for small runs and tests).
The local cluster is started only when a run has more than :data:`START_WORTH_SECONDS` of games
left to play, in the background: this process plays the first tasks meanwhile, and the cluster
takes the rest once it is up. Dask is imported only when a cluster is used.

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
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from random import Random
from typing import Any

from devgames import game_module
from devgames.core.actions import CHANCE
from devgames.core.bots import first_claim
from devgames.i18n import _, format_number, ngettext
from devgames.sim.runner import (
    Progress,
    Row,
    checked_run,
    game_seed,
    make_bot,
    play_one,
    player_names,
)

#: One game's result: (rounds played, moves the room waits for (:attr:`Game.waited_moves`),
#: winners as a bit mask of seats).
Outcome = tuple[int, int, int]
#: One game's rounds played together under a room's timer (РЕЛИЗ's Tender and Cooperation with
#: ``round_timer``): the busiest team's moves in each round, part of the outcome's moves; empty
#: for a game with no such rounds.
Busiest = tuple[int, ...]
#: Card moves counted over games: (seat won?, move kind, card id) -> seat-games that made it.
CardCounts = dict[tuple[bool, str, int], int]
#: The summary keys that count a game's rounds, the first one a game's summary has being used.
#: Each counts a stretch of the game's time: Scrumkin's sprints, IT Startup's rounds, the turns
#: of Exploding Git Commits and РЕЛИЗ, Release!'s releases. ``turns`` comes before ``releases``:
#: РЕЛИЗ's summary also has ``releases``, the RELEASE cards played, which are not time.
ROUND_KEYS = ("sprints", "rounds", "turns", "releases")
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
    #: The number of its first game: a job may go on where another of the same table stopped.
    first: int = 0

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
    >>> rounds_of({"turns": 41, "releases": 3})  # РЕЛИЗ: 41 turns, 3 RELEASE cards
    41
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


def round_cap(game: str, options: dict[str, Any] | None = None) -> int:
    """The most rounds a game of ``game`` with ``options`` may last: its option named after its
    rounds (Scrumkin's ``sprint_cap``, РЕЛИЗ's ``turn_cap``); 0 when it has none (or it is 0).
    A game that lasts that many rounds was stopped by the cap (or ended in its last round).

    >>> round_cap("scrumkin"), round_cap("scrumkin", {"sprint_cap": 7}), round_cap("reliz")
    (60, 7, 300)
    >>> round_cap("exploding"), round_cap("release")
    (0, 0)
    """
    module = game_module(game)
    made = module.new_game(player_names(game_spec_min(game)), seed=0, **(options or {}))
    cap = getattr(getattr(made, "options", None), f"{round_noun(game)}_cap", 0)
    return int(cap or 0)


def round_timer(game: str, options: dict[str, Any] | None = None) -> int:
    """The minutes of the room's timer that ends each round of ``game`` played with every team
    at once (РЕЛИЗ's Tender and Cooperation, option ``round_timer``); 0 when there is none.

    >>> round_timer("reliz", {"scenario": "cooperation"}), round_timer("reliz")
    (2, 0)
    >>> round_timer("reliz", {"scenario": "tender", "round_timer": 0}), round_timer("scrumkin")
    (0, 0)
    """
    module = game_module(game)
    made = module.new_game(player_names(game_spec_min(game)), seed=0, **(options or {}))
    return _timer_of(made)


def _timer_of(game: Any) -> int:
    """A game's round timer in minutes (see :func:`round_timer`)."""
    return int(game.options.round_timer or 0) if getattr(game, "together", False) else 0


def game_spec_min(game: str) -> int:
    """The fewest players of a game (at least 2 when it allows 2, so every seat is a rival)."""
    from devgames import game_spec

    spec = game_spec(game)
    return max(spec.min_players, min(2, spec.max_players))


# ----- one chunk: the task ----------------------------------------------------------------------
@dataclass
class ChunkResult:
    """What one task sends back: its games' outcomes (or rows), their rounds under a timer (one
    :data:`Busiest` a game, beside its outcome) and its card-move counts."""

    start: int
    outcomes: list[Outcome] = field(default_factory=list)
    busiest: list[Busiest] = field(default_factory=list)
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
        outcome, busiest, moves = _play_lean(module, job, index)
        result.outcomes.append(outcome)
        result.busiest.append(busiest)
        mask = outcome[2]
        for seat, made in enumerate(moves):
            won = bool(mask >> seat & 1)
            for kind, card in made:
                cards[(won, kind, card)] += 1
    result.cards = dict(cards)
    return result


def _play_lean(module: Any, job: Job,
               index: int) -> tuple[Outcome, Busiest, list[set[tuple[str, int]]]]:
    """One game played exactly as :func:`devgames.sim.runner.play_one` plays it (same seeds,
    same bots, same moves), keeping only its outcome, its rounds under a timer and each seat's
    card moves (when the job counts them)."""
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
    every: dict[int, Any] = {}  # every seat's bot: they may claim a move out of turn
    for seat, kind in enumerate(job.kinds):
        bot = every[seat] = make_bot(module, kind, game_seed(this_seed, seat))
        if type(bot).__name__ == "RandomBot" and hasattr(bot, "rng"):
            bits[seat] = bot.rng.getrandbits
        else:
            bots[seat] = bot
    legal, apply = game.legal_actions, game.apply
    while not game.is_over:
        seat = game.current_player
        if seat in bots:  # a bot that lists the moves itself: not listed twice
            apply(bots[seat].choose(game))
            continue
        actions = legal()
        if not actions:
            break
        seat = actions[0].player  # every legal action is the current player's (the protocol)
        draw = bits.get(seat)
        if draw is None and seat != CHANCE:
            apply(bots[seat].choose(game))
            continue
        if seat == CHANCE:
            claim = first_claim(game, every)  # a Nope said in an open window, as in play_out
            if claim is not None:
                apply(claim)
                continue
            if draw is None:  # the first card to enter: RandomBot(game.seed), as play_out draws
                bits[CHANCE] = draw = Random(this_seed).getrandbits
        assert draw is not None  # a random seat's, or the table's
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
    busiest = game.round_busiest if _timer_of(game) else ()
    return (rounds_of(game.summary()), game.waited_moves, mask), busiest, moves


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
#: Seconds to reach a scheduler (and to reach it again when it is lost during a run).
CONNECT_SECONDS = 2.0
#: Seconds a scheduler may be without workers (at first, or during a run) before giving up.
WORKER_SECONDS = 5.0
#: Seconds between two looks at a run in which no task finishes (are there still workers?).
POLL_SECONDS = 1.0
#: The schemes of Dask's connections that a scheduler address may start with.
SCHEMES = ("tcp", "tls", "ws", "wss")
#: Seconds of games left in a run (timed on the tasks played here) above which the local cluster
#: is worth starting: it takes a second or two (its worker processes import the engines), during
#: which this process plays on.
START_WORTH_SECONDS = 1.0
#: The address a local cluster's scheduler serves its HTTP routes on (health, metrics): this
#: machine only, any free port, so that two local clusters never compete for Dask's 8787.
LOCAL_HTTP = "127.0.0.1:0"


class ClusterError(OSError):
    """The Dask cluster cannot play the games: no scheduler answers, it has no workers, or it was
    lost during the run. The message is one sentence that says what to do."""


class AddressError(ValueError):
    """A scheduler address that is not one (``foo:bar``); the message shows the form wanted."""


def scheduler_address(text: str) -> str:
    """A scheduler address checked, as Dask reads it: ``tcp://`` is added when no scheme is given;
    an ``inproc://`` address (a scheduler in this process) is kept as it is.

    >>> scheduler_address("10.0.0.5:8786"), scheduler_address("tls://[::1]:8786")
    ('tcp://10.0.0.5:8786', 'tls://[::1]:8786')
    >>> scheduler_address("foo:bar")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    devgames.sim.dask_runner.AddressError: 'foo:bar' is not a Dask scheduler address: give it ...
    """
    scheme, sep, place = text.strip().partition("://")
    if not sep:
        scheme, place = "tcp", scheme
    if scheme == "inproc" and place:
        return f"inproc://{place}"
    host, colon, port = place.rpartition(":")
    bracketed = host.startswith("[") and host.endswith("]")  # an IPv6 address
    if (scheme.lower() in SCHEMES and colon and port.isascii() and port.isdigit()
            and 0 < int(port) < 65536 and host and (bracketed or ":" not in host)
            and not any(char.isspace() or char in "/?#@" for char in host)):
        return f"{scheme.lower()}://{host}:{int(port)}"
    raise AddressError(
        f"{text!r} is not a Dask scheduler address: give it as tcp://host:8786 (the host name "
        "or IP address of the scheduler and its port, as `dask scheduler` prints it).")


def worker_count(count: int, noun: str = "worker") -> str:
    """A number of workers in words, the noun in the plural unless there is one.

    >>> worker_count(1), worker_count(2, "Dask worker")
    ('1 worker', '2 Dask workers')
    """
    if noun == "Dask worker":
        return ngettext("{n} Dask worker", "{n} Dask workers", count).format(n=count)
    if noun == "worker":
        return ngettext("{n} worker", "{n} workers", count).format(n=count)
    return f"{count} {noun}{'' if count == 1 else 's'}"


def played_where(games: int, here: int, cluster: "Cluster") -> str:
    """Where a run's games were played, in words: in this process (all of them when the local
    cluster was not worth starting), on the cluster's workers, or the first ones here while the
    local cluster started (``here`` of ``games``: :attr:`JobResult.here`).

    >>> played_where(100, 100, Cluster("in-process"))
    'in this process'
    """
    if here >= games:
        return _("in this process")
    workers = worker_count(cluster.workers, "Dask worker")
    if not here:
        return _("on {workers}").format(workers=workers)
    return _("{n} of them in this process while {place} started, the rest on {workers}").format(
        n=format_number(here, 0), place=cluster.place, workers=workers)


def _capital(text: str) -> str:
    """``text`` with a capital first letter, the rest as it is.

    >>> _capital("the Dask scheduler")
    'The Dask scheduler'
    """
    return text[:1].upper() + text[1:]


def _quiet_dask_logs() -> None:
    """Keep only the critical lines of Dask's client-side logs: the others (a connection lost,
    a reconnection given up, with their tracebacks) repeat what a :class:`ClusterError` says."""
    import logging

    import distributed  # noqa: F401  (its import sets its loggers' levels: set them after)

    for name in ("distributed.client", "distributed.comm", "distributed.core",
                 "distributed.batched", "distributed.deploy"):
        logging.getLogger(name).setLevel(logging.CRITICAL)


class Cluster:
    """Where the tasks run: a local Dask cluster (``scheduler=None``, one worker process per core
    or ``workers``), an existing one (``scheduler="tcp://host:8786"``), or this process
    (``scheduler="in-process"``). The local cluster stops at :meth:`close` (or at the end of a
    ``with`` block).

    With None, the local cluster starts only when a run is long enough to be worth it
    (:data:`START_WORTH_SECONDS`), in the background while this process plays the first tasks;
    :attr:`played_here` lists the tasks of the last :meth:`map` played in this process. With
    ``"local"`` it starts at the first run and plays every task.

    A malformed address raises :class:`AddressError` here; a scheduler that does not answer
    within ``timeout`` seconds, one without workers for ``worker_wait`` seconds (at first or
    during a run), and one lost during a run raise :class:`ClusterError` with a sentence. After
    a loss the next use connects again (or starts a new local cluster).

    >>> with Cluster("in-process") as cluster:
    ...     cluster.map(pow, [(2, 3), (3, 2)])
    [8, 9]
    >>> Cluster("10.0.0.5:8786").place
    'the Dask scheduler at tcp://10.0.0.5:8786'
    """

    def __init__(self, scheduler: str | None = None, workers: int | None = None,
                 timeout: float = CONNECT_SECONDS, worker_wait: float = WORKER_SECONDS) -> None:
        self.scheduler: str | None = None
        if scheduler == IN_PROCESS:
            self.scheduler = IN_PROCESS
        elif scheduler not in (None, "", LOCAL):
            self.scheduler = scheduler_address(scheduler)
        self.timeout = timeout
        self.worker_wait = worker_wait
        self.eager = scheduler == LOCAL  # the local cluster for every task, from the first
        self.wanted_workers = workers
        self._client: Any = None
        self._cluster: Any = None
        self._starter: threading.Thread | None = None  # starts the local cluster meanwhile
        self._start_error: ClusterError | None = None
        self.played_here: list[int] = []

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
    def place(self) -> str:
        """Where the tasks run, in words ("the local Dask cluster", "the Dask scheduler at ...")."""
        if self.in_process:
            return _("this process")
        if self.scheduler:
            return _("the Dask scheduler at {address}").format(address=self.scheduler)
        return _("the local Dask cluster")

    @property
    def client(self) -> Any:
        """The ``distributed.Client``, connecting (or starting the local cluster) on first use."""
        if self.in_process:
            raise ValueError("An in-process cluster has no Dask client.")
        self._join_starter()
        if self._client is None:
            _quiet_dask_logs()
            self._client = self._connect() if self.scheduler else self._start_local()
        return self._client

    def _connect(self) -> Any:
        """A client of the scheduler at :attr:`scheduler` that has a worker, or ClusterError."""
        from distributed import Client

        try:
            client = Client(self.scheduler, timeout=f"{self.timeout}s")
        except (OSError, TimeoutError) as error:
            raise ClusterError(
                f"No Dask scheduler answers at {self.scheduler} (waited {self.timeout:g} s): "
                "check the address, and start one there with `dask scheduler`.") from error
        try:
            client.wait_for_workers(1, timeout=self.worker_wait)
        except (OSError, TimeoutError):
            client.close()
            raise ClusterError(
                f"The Dask scheduler at {self.scheduler} has no workers (waited "
                f"{self.worker_wait:g} s): start one with `dask worker {self.scheduler}`."
            ) from None
        return client

    def _start_local(self) -> Any:
        """A client of a new local cluster: one single-threaded worker process per core (or
        :attr:`wanted_workers`), no dashboard, its scheduler's HTTP routes on a free port."""
        import logging

        import dask
        from distributed import Client, LocalCluster

        try:
            with dask.config.set(LOCAL_CONFIG):  # read by the scheduler and each worker
                self._cluster = LocalCluster(
                    n_workers=self.wanted_workers or os.cpu_count() or 1,
                    threads_per_worker=1, processes=True, dashboard_address=None,
                    scheduler_kwargs={"dashboard": False, "dashboard_address": LOCAL_HTTP},
                    silence_logs=logging.ERROR)
            return Client(self._cluster)
        except (OSError, RuntimeError, TimeoutError) as error:
            self.close()
            raise ClusterError(f"The local Dask cluster could not start ({error}).") from error

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
        self.played_here = []
        if not self.in_process and (self.scheduler or self.eager or self._client is not None):
            return self._map_on_cluster(function, arguments, done)
        results = self._play_here(function, arguments, done)
        if len(results) < len(arguments):  # the local cluster is up: it takes the rest
            first = len(results)
            results.extend(self._map_on_cluster(
                function, arguments[first:], done and (lambda number: done(first + number))))
        return results

    def _play_here(self, function: Callable[..., Any], arguments: Sequence[tuple[Any, ...]],
                   done: Callable[[int], None] | None) -> list[Any]:
        """The first tasks played in this process: all of them in process, else until the
        local cluster is up, starting it when the tasks left take over
        :data:`START_WORTH_SECONDS` at the pace of those played."""
        results: list[Any] = []
        began = time.perf_counter()
        for number, args in enumerate(arguments):
            if self._starter is not None and not self._starter.is_alive():
                self._join_starter()  # raises the start's error, if any
                if self._client is not None:
                    break
            results.append(function(*args))
            self.played_here.append(number)
            if done is not None:
                done(number)
            left = (time.perf_counter() - began) / len(results) * (len(arguments) - len(results))
            if not self.in_process and self._starter is None and left > START_WORTH_SECONDS:
                self._starter = threading.Thread(target=self._start_quietly, daemon=True,
                                                 name="devgames-cluster-start")
                self._starter.start()
        return results

    def _start_quietly(self) -> None:
        """Start the local cluster (in the starter thread), keeping its error for the caller."""
        try:
            _quiet_dask_logs()
            self._client = self._start_local()
        except ClusterError as error:
            self._start_error = error

    def _join_starter(self) -> None:
        """Wait for the local cluster's start, if one is under way; raise its error, if any."""
        starter, self._starter = self._starter, None
        if starter is not None:
            starter.join()
        error, self._start_error = self._start_error, None
        if error is not None:
            raise error

    def _map_on_cluster(self, function: Callable[..., Any], arguments: Sequence[tuple[Any, ...]],
                        done: Callable[[int], None] | None) -> list[Any]:
        """:meth:`map` on the Dask cluster."""
        from concurrent.futures import CancelledError

        from distributed import KilledWorker

        client = self.client
        futures = [client.submit(function, *args, pure=False) for args in arguments]
        place = {future.key: number for number, future in enumerate(futures)}
        try:
            for future in self._as_finished(futures):
                if future.status == "error":
                    if isinstance(future.exception(), KilledWorker):
                        raise ClusterError(
                            f"The workers of {self.place} kept dying playing the same games "
                            "(stopped, or out of memory): check them and run again.")
                    future.result()  # raises the task's error here
                if done is not None:
                    done(place[future.key])
            try:
                return client.gather(futures)
            except (CancelledError, OSError) as error:
                raise self._lost(len(futures), len(futures)) from error
        except ClusterError:
            self.close()  # the next use connects again, or starts a new local cluster
            raise
        finally:
            for future in futures:
                future.release()

    def _as_finished(self, futures: Sequence[Any]) -> Iterator[Any]:
        """``futures`` as they finish; :class:`ClusterError` when the scheduler is lost, or when
        it has been without workers for :attr:`worker_wait` seconds while no task finished."""
        import queue
        import time

        from distributed import as_completed

        finished = as_completed(futures).queue  # each future is put there as it finishes
        done = 0
        without: float | None = None  # since when the scheduler has had no worker
        while done < len(futures):
            try:
                future = finished.get(timeout=POLL_SECONDS)
            except queue.Empty:
                try:
                    workers = self._client.nthreads()
                except (OSError, TimeoutError) as error:
                    raise self._lost(done, len(futures)) from error
                now = time.monotonic()
                without = None if workers else (without or now)
                if without is not None and now - without >= self.worker_wait:
                    start = (f"start one with `dask worker {self.scheduler}`" if self.scheduler
                             else "check this machine's memory")
                    raise ClusterError(
                        f"{_capital(self.place)} has had no workers for {self.worker_wait:g} s "
                        f"({done} of {len(futures)} tasks done): {start} and run again."
                    ) from None
                continue
            if future.status == "cancelled":
                raise self._lost(done, len(futures))
            done += 1
            yield future

    def _lost(self, done: int, tasks: int) -> ClusterError:
        """The error of a scheduler lost during a run, with ``done`` of ``tasks`` tasks done."""
        again = "start it again, with its workers, and run again" if self.scheduler else \
            "run again"
        return ClusterError(f"{_capital(self.place)} stopped answering during the run ({done} "
                            f"of {tasks} tasks done): {again}.")

    def close(self) -> None:
        """Disconnect, and stop the local cluster if this object started it."""
        if threading.current_thread() is not self._starter:  # not the start's own clean-up
            with suppress(ClusterError):  # a start that failed has nothing to stop
                self._join_starter()
        client, cluster = self._client, self._cluster
        self._client = self._cluster = None
        for part in (client, cluster):
            if part is not None:
                with suppress(OSError, TimeoutError):  # a scheduler lost has nothing to say
                    part.close()


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
    """Every game of a job, in game order: outcomes (lean, with each game's rounds under a
    timer in ``busiest``) or simulate's rows (full), and how many of them were played in this
    process (the others by the cluster's workers)."""

    job: Job
    outcomes: list[Outcome]
    cards: CardCounts
    rows: list[tuple[Row, list[Row]]]
    here: int = 0
    busiest: list[Busiest] = field(default_factory=list)


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
                tasks.append((job, job.first + start, job.first + stop))
                owner.append(number)
        finished = 0

        def done(task: int) -> None:
            nonlocal finished
            _, start, stop = tasks[task]
            finished += stop - start
            if progress is not None:
                progress(finished, total)

        parts: list[ChunkResult] = where.map(play_chunk, tasks, done)
        here = set(where.played_here)
    results = [JobResult(job, [], {}, []) for job in jobs]
    # task order: each job's games in order
    for task, (number, part) in enumerate(zip(owner, parts, strict=True)):
        result = results[number]
        result.outcomes.extend(part.outcomes)
        result.busiest.extend(part.busiest)
        result.rows.extend(part.rows)
        result.here += len(part.outcomes) + len(part.rows) if task in here else 0
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
