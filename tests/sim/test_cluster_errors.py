"""The Dask cluster's failures, with a real scheduler and real workers: a scheduler lost during a
run, one without workers, an address where nothing listens and a malformed one each end in one
sentence (a ClusterError or an AddressError), quickly; a local cluster binds no dashboard port;
the planner page shows the same sentences as a notice, and counts its workers in words."""

import html
import logging
import socket
import threading
import time
import warnings
from collections.abc import Iterator

import pytest

from devgames.dashboards.planner import PlannerPage
from devgames.sim.dask_runner import (
    AddressError,
    Cluster,
    ClusterError,
    make_job,
    run_jobs,
    worker_count,
)

distributed = pytest.importorskip("distributed")


def free_port() -> int:
    """A port of this machine where nothing listens (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def no_workers() -> Iterator[str]:
    """The address of a real scheduler that has no worker."""
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                                  silence_logs=logging.ERROR) as local:
        yield local.scheduler_address


def test_a_scheduler_stopped_during_a_run_is_one_sentence() -> None:
    local = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                     dashboard_address=None, silence_logs=logging.ERROR,
                                     scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
    job = make_job("scrumkin", 3000, 2, seed=1, bots="random")

    def stop_the_scheduler(done: int, total: int) -> None:
        if local.status.name == "running":
            local.close()  # the scheduler and its worker go, after the first chunk

    try:
        with Cluster(local.scheduler_address) as cluster:
            started = time.monotonic()
            with pytest.raises(ClusterError, match=r"stopped answering during the run \(\d+ of "
                                                   r"300 tasks done\): start it again"):
                run_jobs([job], cluster, progress=stop_the_scheduler, chunk=10)
            assert time.monotonic() - started < 10
            assert cluster._client is None  # let go: the next use connects again
    finally:
        local.close()


def test_a_scheduler_without_workers_is_told_within_10_seconds(no_workers: str) -> None:
    outcome: list[BaseException | None] = []

    def plan() -> None:
        try:
            with Cluster(no_workers) as cluster:
                run_jobs([make_job("scrumkin", 20, 2, seed=1, bots="random")], cluster)
            outcome.append(None)
        except BaseException as error:  # the test reads it
            outcome.append(error)

    started = time.monotonic()
    worker = threading.Thread(target=plan, daemon=True)
    worker.start()
    worker.join(timeout=12)
    assert outcome, "still waiting for a worker after 12 s"
    assert time.monotonic() - started < 10
    [error] = outcome
    assert isinstance(error, ClusterError)
    assert str(error) == (f"The Dask scheduler at {no_workers} has no workers (waited 5 s): "
                          f"start one with `dask worker {no_workers}`.")


def test_workers_all_gone_during_a_run_are_told_within_10_seconds() -> None:
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None, silence_logs=logging.ERROR,
                                  scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}) as local:
        def retire_the_worker(done: int, total: int) -> None:
            if local.workers:
                local.scale(0)  # the scheduler stays, its only worker goes

        with Cluster(local.scheduler_address) as cluster:
            started = time.monotonic()
            with pytest.raises(ClusterError, match=r"has had no workers for 5 s \(\d+ of 300 "
                                                   r"tasks done\): start one with `dask worker"):
                run_jobs([make_job("scrumkin", 3000, 2, seed=1, bots="random")], cluster,
                         progress=retire_the_worker, chunk=10)
            assert time.monotonic() - started < 10


def test_an_address_where_nothing_listens_fails_within_5_seconds() -> None:
    address = f"tcp://127.0.0.1:{free_port()}"
    started = time.monotonic()
    with pytest.raises(ClusterError) as raised, Cluster(address) as nowhere:
        run_jobs([make_job("scrumkin", 2, 2, 1, "random")], nowhere)
    assert time.monotonic() - started < 5
    assert str(raised.value) == (f"No Dask scheduler answers at {address} (waited 2 s): check the "
                                 "address, and start one there with `dask scheduler`.")


@pytest.mark.parametrize("address", ["foo:bar", "tcp://10.0.0.5", "10.0.0.5:99999",
                                     "http://10.0.0.5:8786", "tcp://10.0.0.5:87 86", "::1:8786"])
def test_a_malformed_address_says_what_an_address_looks_like(address: str) -> None:
    with pytest.raises(AddressError) as raised:
        Cluster(address)
    assert str(raised.value).startswith(f"{address!r} is not a Dask scheduler address: give it as "
                                        "tcp://host:8786")
    assert "invalid literal" not in str(raised.value)


def test_well_formed_addresses_are_kept() -> None:
    assert Cluster("10.0.0.5:8786").scheduler == "tcp://10.0.0.5:8786"
    assert Cluster(" TCP://dask.example.org:8786 ").scheduler == "tcp://dask.example.org:8786"
    assert Cluster("tls://[::1]:8786").scheduler == "tls://[::1]:8786"
    assert Cluster("local").scheduler is None and Cluster("in-process").in_process


def test_a_local_cluster_binds_no_dashboard_port() -> None:
    holder = socket.socket()  # Dask's dashboard port taken, as by another sweep running
    try:
        holder.bind(("127.0.0.1", 8787))
        holder.listen()
    except OSError:
        pass  # taken already: the local cluster must not want it either
    try:
        with warnings.catch_warnings(record=True) as caught, Cluster(None, workers=1) as local:
            warnings.simplefilter("always")
            assert local.client is not None  # starts it (4 games alone would play here)
            [result] = run_jobs([make_job("scrumkin", 4, 2, 3, "random")], local)
            scheduler = local._cluster.scheduler
            http = scheduler.http_server
            assert http.port != 8787 and http.address == "127.0.0.1"
            assert "dashboard" not in scheduler.services or scheduler.services["dashboard"] is http
        assert len(result.outcomes) == 4
        assert not [warning for warning in caught if "8787" in str(warning.message)]
    finally:
        holder.close()


def test_workers_are_counted_in_words() -> None:
    assert worker_count(1) == "1 worker" and worker_count(3) == "3 workers"
    assert worker_count(1, "Dask worker") == "1 Dask worker"


def test_the_planner_page_says_the_cluster_errors_as_a_notice(no_workers: str) -> None:
    page = PlannerPage(None, scheduler="foo:bar")
    page.games.value = 100
    page.plan_now()  # no exception
    assert "'foo:bar' is not a Dask scheduler address: give it as tcp://host:8786" in \
        html.unescape(page.notice.value)
    assert "dg-error" in page.notice._dom_classes and not page.run.disabled

    nowhere = f"tcp://127.0.0.1:{free_port()}"
    page = PlannerPage(None, scheduler=nowhere)
    page.games.value = 100
    started = time.monotonic()
    page.plan_now()
    assert time.monotonic() - started < 5
    assert page.notice.value.startswith(f"No Dask scheduler answers at {nowhere}")
    assert page.result.value == "" and page.status.value == ""

    page = PlannerPage(None, scheduler=no_workers)
    page.games.value = 100
    page.plan_now()
    assert page.notice.value.startswith(f"The Dask scheduler at {no_workers} has no workers")


def test_the_planner_page_says_where_the_games_were_played() -> None:
    page = PlannerPage(None, scheduler="in-process")
    page.games.value, page.bots.value = 100, "random"
    page.plan_now()
    assert page.status.value == "100 games played in this process."
