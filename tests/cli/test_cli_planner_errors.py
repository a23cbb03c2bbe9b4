"""`devgames plan`, `sweep` and `simulate --scheduler` when the Dask cluster fails, with a real
`dask scheduler` and `dask worker`: one sentence on stderr and the documented exit status, never
a traceback, and quickly; a --db that names no store is refused and nothing is made; a local
cluster binds no dashboard port; "1 worker", "2 workers"."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from devgames.cli import main

distributed = pytest.importorskip("distributed")

DAEMONS = Path(sys.executable).parent  # dask and devgames, installed beside this Python
DEVGAMES = str(DAEMONS / "devgames")
PLAN = ["plan", "scrumkin", "--players", "2", "--bots", "random", "--no-store"]


def free_port() -> int:
    """A port of this machine where nothing listens (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def scheduler(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A real `dask scheduler` process, without workers: its address and its process."""
    info = tmp_path / "scheduler.json"
    process = subprocess.Popen(
        [str(DAEMONS / "dask"), "scheduler", "--host", "127.0.0.1", "--port", "0",
         "--no-dashboard", "--dashboard-address", "127.0.0.1:0", "--scheduler-file", str(info)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while not info.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        yield json.loads(info.read_text())["address"], process
    finally:
        process.kill()
        process.wait()


def one_sentence(stderr: str) -> str:
    """The only line of ``stderr``, after checking there is no traceback."""
    assert "Traceback" not in stderr and "Error:" not in stderr
    [line] = stderr.strip().splitlines()
    return line


def test_a_scheduler_stopped_during_a_plan_is_one_sentence(
        scheduler: tuple[str, subprocess.Popen[bytes]]) -> None:
    address, process = scheduler
    worker = subprocess.Popen([str(DAEMONS / "dask"), "worker", address, "--nthreads", "1",
                               "--no-dashboard", "--no-nanny"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        plan = subprocess.Popen([DEVGAMES, *PLAN, "--games", "500000", "--scheduler", address],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        with distributed.Client(address, timeout="10s") as watcher:  # until a task is played
            deadline = time.monotonic() + 30
            while not any(watcher.processing().values()) and time.monotonic() < deadline:
                time.sleep(0.1)
        assert plan.poll() is None
        process.send_signal(signal.SIGKILL)
        stopped = time.monotonic()
        out, err = plan.communicate(timeout=30)
        assert time.monotonic() - stopped < 10
    finally:
        worker.kill()
        worker.wait()
    assert plan.returncode == 1, err
    assert one_sentence(err).startswith(
        f"devgames: The Dask scheduler at {address} stopped answering during the run (")
    assert "Played" not in out


def test_a_scheduler_without_workers_is_told_within_10_seconds(
        scheduler: tuple[str, subprocess.Popen[bytes]]) -> None:
    address, _ = scheduler
    started = time.monotonic()
    done = subprocess.run([DEVGAMES, "sweep", "scrumkin", "--players", "2", "--games", "10",
                           "--scheduler", address], capture_output=True, text=True, timeout=30)
    assert time.monotonic() - started < 10
    assert done.returncode == 1
    assert one_sentence(done.stderr) == (
        f"devgames: The Dask scheduler at {address} has no workers (waited 5 s): start one "
        f"with `dask worker {address}`.")


def test_an_address_where_nothing_listens_fails_within_5_seconds(capsys) -> None:
    address = f"tcp://127.0.0.1:{free_port()}"
    started = time.monotonic()
    assert main([*PLAN, "--games", "10", "--scheduler", address]) == 1
    assert time.monotonic() - started < 5
    assert one_sentence(capsys.readouterr().err) == (
        f"devgames: No Dask scheduler answers at {address} (waited 2 s): check the address, and "
        "start one there with `dask scheduler`.")


@pytest.mark.parametrize("command", [
    PLAN, ["sweep", "scrumkin"], ["simulate", "scrumkin", "--games", "2"]])
def test_a_malformed_address_says_what_an_address_looks_like(command: list[str], capsys) -> None:
    assert main([*command, "--scheduler", "foo:bar"]) == 2
    line = one_sentence(capsys.readouterr().err)
    assert line.startswith("devgames: 'foo:bar' is not a Dask scheduler address: give it as "
                           "tcp://host:8786")
    assert "int()" not in line


def test_a_db_that_names_no_store_is_refused_and_nothing_is_made(
        tmp_path: Path, capsys) -> None:
    typo = tmp_path / "workhsop" / "sessions.sqlite"
    assert main(["plan", "scrumkin", "--games", "10", "--db", str(typo),
                 "--scheduler", "in-process"]) == 1
    assert one_sentence(capsys.readouterr().err) == (
        f"devgames: There is no session store at {typo}: give the file the app saves its "
        "sessions to (devgames serve --db PATH), or --no-store for the game's default pace.")
    assert not typo.parent.exists()
    missing = tmp_path / "sessions.sqlite"  # its folder exists, the file does not
    assert main(["plan", "scrumkin", "--games", "10", "--db", str(missing),
                 "--scheduler", "in-process"]) == 1
    assert list(tmp_path.iterdir()) == []


def test_plan_without_db_makes_no_store_when_the_app_never_did(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.delenv("DEVGAMES_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["plan", "scrumkin", "--games", "10", "--scheduler", "in-process"]) == 0
    assert "the default for Scrumkin" in capsys.readouterr().out  # the game's default pace
    assert list(tmp_path.iterdir()) == []


def test_a_sweep_on_a_local_cluster_binds_no_dashboard_port(tmp_path: Path) -> None:
    holder = socket.socket()  # Dask's dashboard port taken, as by another sweep running
    try:
        holder.bind(("127.0.0.1", 8787))
        holder.listen()
    except OSError:
        pass  # taken already: the sweep must not want it either
    try:
        done = subprocess.run(
            [DEVGAMES, "sweep", "scrumkin", "--players", "2", "--games", "10", "--bots",
             "random", "--workers", "1", "--scheduler", "local", "--out", str(tmp_path)],
            capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONWARNINGS": ""})
    finally:
        holder.close()
    assert done.returncode == 0, done.stderr
    # no "Port 8787 is already in use" warning: only the run's last line
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.endswith(" s, on 1 Dask worker.\n")


def test_workers_are_counted_in_words(tmp_path: Path, capsys) -> None:
    simulate = ["simulate", "scrumkin", "--games", "4", "--players", "2", "--bots", "random"]
    assert main([*simulate, "--workers", "1", "--out", str(tmp_path / "one")]) == 0
    assert capsys.readouterr().err.splitlines()[-1].endswith(" s with 1 worker.")
    assert main([*simulate, "--workers", "2", "--out", str(tmp_path / "two")]) == 0
    assert capsys.readouterr().err.splitlines()[-1].endswith(" s with 2 workers.")
    assert main([*PLAN, "--games", "10", "--scheduler", "in-process"]) == 0
    assert capsys.readouterr().err.splitlines()[-1].endswith(" s, in this process.")
