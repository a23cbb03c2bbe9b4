"""Bot games as Dask tasks: the same seed gives the same figures, byte for byte, in this process,
on a real distributed.LocalCluster of two worker processes, through its scheduler's address (as
``--scheduler`` connects), and whatever the chunk size; and the rows of ``devgames simulate``."""

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from devgames.sim.balance import rotations, run_sweep
from devgames.sim.dask_runner import Cluster, chunks, make_job, run_jobs, simulate_on
from devgames.sim.planner import Calibration, make_plan
from devgames.sim.runner import simulate, write_csv

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """A real local cluster: a scheduler and two single-threaded worker processes."""
    import logging

    local = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     dashboard_address=None, silence_logs=logging.ERROR)
    try:
        with Cluster(local.scheduler_address) as connected:  # as --scheduler ADDRESS connects
            assert connected.workers == 2
            yield connected
    finally:
        local.close()


def sweep_files(folder: Path, where: object, chunk_note: str = "") -> dict[str, bytes]:
    sweep = run_sweep("scrumkin", 24, [2, 3], seed=7, bots=["random", "heuristic,random"],
                      grid={"backlog": [8, 12]}, cluster=where)  # type: ignore[arg-type]
    return {path.name: path.read_bytes() for path in sweep.write_csv(folder / chunk_note)}


def test_a_sweep_is_byte_identical_in_process_and_on_two_workers(
        tmp_path: Path, cluster: Cluster) -> None:
    here = sweep_files(tmp_path, "in-process", "here")
    there = sweep_files(tmp_path, cluster, "there")
    assert here == there
    assert set(here) == {"summary.csv", "seats.csv", "bots.csv", "cards.csv"}
    # 2 backlogs x 2 player counts x 2 line-ups, and a seat row for every seat of every cell
    assert here["summary.csv"].decode().count("\n") == 1 + 8
    assert here["seats.csv"].decode().count("\n") == 1 + 2 * 2 * (2 + 3)
    other = run_sweep("scrumkin", 24, [2, 3], seed=8, bots=["random", "heuristic,random"],
                      grid={"backlog": [8, 12]}, cluster="in-process")
    assert {p.name: p.read_bytes() for p in other.write_csv(tmp_path / "other")} != here


def test_one_worker_gives_the_same_files_as_two(tmp_path: Path, cluster: Cluster) -> None:
    import logging

    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=":0", worker_dashboard_address=":0",
                                  silence_logs=logging.ERROR) as single, \
            Cluster(single.scheduler_address) as one:
        assert one.workers == 1
        assert sweep_files(tmp_path, one, "one") == sweep_files(tmp_path, cluster, "two")


def test_the_chunk_size_and_the_number_of_tasks_change_nothing(cluster: Cluster) -> None:
    jobs = [make_job("scrumkin", 45, players, seed=3, bots="random") for players in (2, 4)]
    reference = run_jobs(jobs, "in-process", chunk=45)
    for chunk in (1, 7, 20):
        for where in ("in-process", cluster):
            results = run_jobs(jobs, where, chunk=chunk)
            assert [r.outcomes for r in results] == [r.outcomes for r in reference]
            assert [r.cards for r in results] == [r.cards for r in reference]
    assert chunks(45, 1, 20) == [(0, 20), (20, 40), (40, 45)]


def test_the_lean_games_are_the_games_of_devgames_simulate(cluster: Cluster) -> None:
    rows, _ = simulate("scrumkin", 30, 3, seed=5, bots=["heuristic", "random"], workers=1)
    [result] = run_jobs([make_job("scrumkin", 30, 3, 5, ["heuristic", "random"])], cluster)
    assert [outcome[0] for outcome in result.outcomes] == [row["sprints"] for row in rows]
    assert [outcome[1] for outcome in result.outcomes] == [row["waited_moves"] for row in rows]
    winners = [";".join(f"P{seat + 1}" for seat in range(3) if outcome[2] >> seat & 1)
               for outcome in result.outcomes]
    assert winners == [row["winners"] for row in rows]


@pytest.mark.parametrize(("game", "options"), [
    ("scrumkin", {"deck": "physical"}), ("itstartup", {}), ("release", {}), ("exploding", {}),
    ("reliz", {}),
])
def test_the_lean_games_of_every_game_are_those_of_devgames_simulate(
        game: str, options: dict[str, object]) -> None:
    rows, _ = simulate(game, 6, 3, seed=9, bots="random", options=options, workers=1)
    [result] = run_jobs([make_job(game, 6, 3, 9, "random", options)], "in-process")
    assert [outcome[1] for outcome in result.outcomes] == [row["waited_moves"] for row in rows]


def test_simulate_on_dask_writes_the_same_csv_as_simulate(cluster: Cluster) -> None:
    local = simulate("exploding", 12, 3, seed=2, bots="random", workers=1)
    remote = simulate_on(cluster, "exploding", 12, 3, seed=2, bots="random")
    for mine, theirs in zip(local, remote, strict=True):
        one, two = io.StringIO(), io.StringIO()
        write_csv(one, mine)
        write_csv(two, theirs)
        assert one.getvalue() == two.getvalue()


def test_the_plan_is_the_same_on_the_cluster_and_progress_reaches_the_end(
        cluster: Cluster) -> None:
    pace = Calibration("scrumkin", 12.0, 0, "default")
    seen: list[tuple[int, int]] = []
    there = make_plan("scrumkin", 4, 60, seed=1, bots="random", calibration=pace,
                      cluster=cluster, progress=lambda done, total: seen.append((done, total)))
    here = make_plan("scrumkin", 4, 60, seed=1, bots="random", calibration=pace,
                     cluster="in-process")
    assert there.outcomes == here.outcomes and there.table().equals(here.table())
    assert seen[-1] == (60, 60) and [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert len(seen) >= 2  # cut into several tasks, each reported


def test_a_plan_under_a_round_timer_has_the_same_minutes_on_the_cluster(
        cluster: Cluster) -> None:
    pace = Calibration("reliz", 20.0, 0, "default")
    options = {"scenario": "cooperation", "round_timer": 2}
    there = make_plan("reliz", 3, 20, seed=3, options=options, calibration=pace,
                      cluster=cluster, precision=None)
    here = make_plan("reliz", 3, 20, seed=3, options=options, calibration=pace,
                     cluster="in-process", precision=None)
    assert there.busiest == here.busiest and len(there.busiest) == 20
    assert there.minutes() == here.minutes()
    assert sum(there.minutes()) < sum(outcome[1] * 20.0 / 60 for outcome in there.outcomes)


def test_the_local_cluster_runs_its_workers_without_the_statistical_profiler() -> None:
    import dask

    with Cluster(None, workers=1) as local:
        settings = local.client.run(dask.config.get, "distributed.worker.profile.enabled")
        assert list(settings.values()) == [False]
        [result] = run_jobs([make_job("scrumkin", 4, 2, 3, "random")], local)
    assert len(result.outcomes) == 4


def test_a_duel_puts_each_bot_in_every_seat() -> None:
    sweep = run_sweep("scrumkin", 30, [2], seed=4, bots=rotations(["heuristic", "random"]),
                      cluster="in-process")
    bots = sweep.bots().set_index("bot")
    assert bots.loc["heuristic", "seats_held"] == bots.loc["random", "seats_held"] == 60
    # the heuristic bot beats the random one clearly: its interval lies above the fair share
    assert bots.loc["heuristic", "win_rate_low"] > 0.5 > bots.loc["random", "win_rate_high"]


def test_an_unknown_scheduler_is_refused_within_its_timeout() -> None:
    with pytest.raises(OSError), Cluster("tcp://127.0.0.1:9", timeout=2) as nowhere:
        run_jobs([make_job("scrumkin", 2, 2, 1, "random")], nowhere)


def test_a_stopping_plan_is_the_same_on_the_cluster_as_here(cluster: Cluster) -> None:
    there = make_plan("scrumkin", 4, seed=1, bots="random", cluster=cluster)
    here = make_plan("scrumkin", 4, seed=1, bots="random", cluster="in-process")
    assert 100 < there.games == here.games < 1000 and there.outcomes == here.outcomes
    assert there.sentences() == here.sentences() and there.here == 0


def test_the_first_tasks_play_here_while_the_local_cluster_starts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from devgames.sim import dask_runner

    monkeypatch.setattr(dask_runner, "START_WORTH_SECONDS", 0.0)  # start it at the first task
    job = make_job("scrumkin", 300, 4, 6, "random", cards=False)
    [alone] = run_jobs([job], "in-process")
    with Cluster(None, workers=1) as local:
        [first] = run_jobs([job], local)  # here, until the cluster is up
        assert local._starter is not None or local._client is not None  # the run started it
        assert local.client is not None  # up now: the next run is all on its worker
        [second] = run_jobs([job], local)
    assert first.outcomes == second.outcomes == alone.outcomes
    assert 1 <= first.here <= 300 and second.here == 0 and alone.here == 300
