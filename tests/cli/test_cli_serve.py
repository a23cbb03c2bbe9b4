"""`devgames serve`: a real Voilà server, configured by ``voila_command``, that never outlives it.

Each `devgames serve` runs in a session of its own, as in a terminal, and its output is read as it
comes. Whatever happens in a test, every process it started is killed at the end (the
``start_serve`` and ``left_server`` fixtures), even when an assertion fails.
"""

import contextlib
import os
import pty
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import nbformat
import pytest

from devgames.cli import main
from devgames.dashboards.serve import (
    DB_VARIABLE,
    DEVICE_URL_VARIABLE,
    HOST,
    LAUNCHER_SOURCE,
    VOILA_MAIN,
    answers,
    base_url,
    command_line,
    descendants,
    free_port,
    kernel_pids,
    lan_address,
    port_is_free,
    start_server,
    stop_server,
    voila_command,
    wait_until_serving,
    write_notebook,
)
from tests.e2e.harness import kill_groups, wait_until_gone

ROOT = Path(__file__).resolve().parents[2]
DEVGAMES = str(Path(sys.executable).with_name("devgames"))

#: What `devgames serve` prints once, and only once, its server answers.
SERVED = "devgames is served at "


def as_in_a_terminal(command: list[str], ignored: tuple[str, ...] = ()) -> list[str]:
    """``command``, started as a terminal starts it: Ctrl-C and SIGHUP at their default action
    (a test run in the background ignores SIGINT, and a child would inherit that), except those
    ``ignored`` (as ``nohup`` ignores SIGHUP). The wrapper execs the command: same process, but
    a signal that reaches the wrapper before it execs is lost."""
    setup = "; ".join(
        f"signal.signal(signal.{name}, signal.SIG_{'IGN' if name in ignored else 'DFL'})"
        for name in ("SIGINT", "SIGHUP"))
    return [sys.executable, "-c", f"import os, signal, sys; {setup}; "
            "os.execv(sys.argv[1], sys.argv[1:])", *command]


def wait_for(condition: Callable[[], object], what: str, timeout: float = 90.0) -> None:
    """Poll ``condition`` until it is true; fail saying ``what`` did not happen."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {timeout:g} s"
        time.sleep(0.05)


def environment(pid: int) -> dict[str, str]:
    """The environment of a process, from ``/proc``."""
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(item.decode().partition("=")[::2] for item in raw.split(b"\0") if item)


def assert_all_stopped(pids: list[int], port: int, timeout: float = 20.0) -> None:
    """Every process of ``pids`` ends within ``timeout`` seconds, and ``port`` is free again."""
    assert pids
    for pid in pids:
        wait_until_gone(pid, timeout)
    wait_for(lambda: port_is_free(port), f"port {port} free again", timeout=timeout)
    assert not answers(base_url(port) + "voila/files/")


@dataclass
class Run:
    """A `devgames serve` started by the ``start_serve`` fixture."""

    process: subprocess.Popen[bytes]
    port: int
    terminal: int  # where its output is read from: a pipe, or the terminal's master side
    chunks: list[str] = field(default_factory=list)
    seen: dict[int, list[str]] = field(default_factory=dict)  # every descendant: command line
    done: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while not self.done.is_set():
            if select.select([self.terminal], [], [], 0.05)[0]:
                try:
                    data = os.read(self.terminal, 65536)
                except OSError:  # a terminal whose every writer is gone
                    return
                if not data:
                    return
                self.chunks.append(data.decode(errors="replace"))

    def output(self) -> str:
        """What it has printed so far."""
        return "".join(self.chunks)

    def wait_for_output(self, text: str, timeout: float = 90.0) -> None:
        """Wait until it prints ``text``; fail (with its output) if it stops first."""
        wait_for(lambda: text in self.output() or self.process.poll() is not None,
                 f"{text!r} printed", timeout)
        assert text in self.output(), self.output()

    def descendants(self) -> list[int]:
        """Its processes now (Voilà, kernels), remembered for the clean-up."""
        pids = descendants(self.process.pid)
        for pid in pids:
            self.seen.setdefault(pid, command_line(pid))
        return pids

    def voila(self) -> int:
        """The Voilà server, once started."""
        def servers() -> list[int]:
            return [pid for pid in self.descendants() if VOILA_MAIN in command_line(pid)]

        wait_for(servers, "Voilà started")
        return servers()[0]

    def hang_up(self) -> None:
        """Close the terminal window: the terminal goes, and the process gets SIGHUP."""
        self.done.set()
        self.reader.join()
        os.close(self.terminal)
        self.terminal = -1
        self.process.send_signal(signal.SIGHUP)

    def kill_all(self) -> None:
        """Kill it and everything it started that still runs (the fixture's clean-up)."""
        self.done.set()
        if self.process.poll() is None:
            self.descendants()
            self.process.terminate()  # gently first: it then removes its folder
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                kill_groups([self.process.pid])
                self.process.wait()
        # What it started runs in sessions of its own; a pid since reused is left alone.
        kill_groups([pid for pid, line in self.seen.items() if command_line(pid) == line])
        for line in self.seen.values():
            if VOILA_MAIN in line:  # the folder of a `devgames serve` killed hard
                shutil.rmtree(Path(line[3]).parent, ignore_errors=True)
        self.reader.join()
        if self.terminal >= 0:
            os.close(self.terminal)


StartServe = Callable[..., Run]


@pytest.fixture
def start_serve(tmp_path: Path) -> Iterator[StartServe]:
    """A factory: ``start_serve(terminal=False, ignored=(), extra=()) -> Run``, `devgames serve`
    on a free port, with more options ``extra`` (see :func:`as_in_a_terminal` for ``ignored``).

    It runs in ``tmp_path`` with ``--db workshop.sqlite``, its output on a pipe, or on a
    terminal (a pty) with ``terminal=True``. Everything it started is killed at the end.
    """
    runs: list[Run] = []

    def start(terminal: bool = False, ignored: tuple[str, ...] = (),
              extra: tuple[str, ...] = ()) -> Run:
        port = free_port()
        reader, writer = pty.openpty() if terminal else os.pipe()
        try:
            process = subprocess.Popen(
                as_in_a_terminal([DEVGAMES, "serve", "--port", str(port), "--no-browser",
                                  "--db", "workshop.sqlite", *extra], ignored),
                cwd=tmp_path, stdin=subprocess.DEVNULL, stdout=writer, stderr=writer,
                start_new_session=True,
            )
        finally:
            os.close(writer)
        runs.append(Run(process, port, reader))
        # A signal is for `devgames serve`, not for the wrapper: wait until it runs.
        wait_for(lambda: command_line(process.pid)[1:2] == [DEVGAMES] or process.poll() is not None,
                 "devgames serve started")
        return runs[-1]

    yield start
    for run in runs:
        run.kill_all()


@pytest.fixture
def left_server(tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A Voilà server like those of `devgames serve`, which no `devgames serve` runs any more."""
    port = free_port()
    process = start_server(write_notebook(tmp_path), port, tmp_path / "s.sqlite",
                           output=subprocess.DEVNULL)
    try:
        wait_until_serving(process, port)
        yield process
    finally:
        stop_server(process, timeout=5)  # kills its group and kernels if they do not stop


def test_the_launcher_notebook_holds_the_served_code() -> None:
    notebook = nbformat.read(ROOT / "notebooks" / "launcher.ipynb", as_version=4)
    assert [cell.source for cell in notebook.cells if cell.cell_type == "code"] == [
        LAUNCHER_SOURCE]
    assert notebook.cells[0].cell_type == "markdown"
    assert "voila%2Frender%2Fnotebooks%2Flauncher.ipynb" in notebook.cells[0].source


def serve_on_a_busy_port() -> int:
    """``devgames serve`` on a port another program listens on: refused (exit status 1);
    returns the port."""
    with socket.socket() as busy:
        busy.bind((HOST, 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port), "--no-browser"]) == 1
    return int(port)


def test_a_port_in_use_is_refused_in_one_sentence(capsys) -> None:
    port = serve_on_a_busy_port()
    error = capsys.readouterr().err
    assert f"Port {port} on {HOST} is in use by another program" in error
    assert "--port 0" in error and "kill" not in error


def test_a_port_out_of_range_is_a_usage_error(capsys) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "a port is at most 65535" in capsys.readouterr().err


def stop_command(error: str) -> list[str]:
    """The command that the message of a port in use gives to stop the server holding it."""
    assert "Stop it with `kill " in error, error
    return error.split("Stop it with `")[1].split("`")[0].split()


def test_serve_runs_the_locked_down_server_and_stops_on_ctrl_c(start_serve: StartServe,
                                                               tmp_path: Path) -> None:
    run = start_serve()
    run.wait_for_output(f"{SERVED}{base_url(run.port)}  (Ctrl-C stops it)")
    assert answers(base_url(run.port) + "voila/files/")
    server = run.voila()
    notebook = Path(command_line(server)[3])
    # What matters is what runs and how: the interpreter may be named python or python3.
    assert command_line(server)[1:] == voila_command(notebook, run.port)[1:]
    assert notebook.name == "devgames.ipynb" and notebook.parent != tmp_path
    wait_for(lambda: kernel_pids(server), "the preheated kernel started")
    for kernel in kernel_pids(server):
        assert environment(kernel)[DB_VARIABLE] == str(tmp_path / "workshop.sqlite")
    processes = run.descendants()

    os.killpg(run.process.pid, signal.SIGINT)  # Ctrl-C reaches the terminal's foreground group
    assert run.process.wait(60) == 0, run.output()
    assert_all_stopped(processes, run.port)
    assert "Stopping devgames..." in run.output() and not notebook.parent.exists()


@pytest.mark.skipif(lan_address() == HOST, reason="this machine has no network address")
def test_lan_serves_the_team_pages_on_the_network_and_the_app_on_this_machine_only(
        start_serve: StartServe) -> None:
    run = start_serve(extra=("--lan",))
    run.wait_for_output(f"{SERVED}{base_url(run.port)}")
    wait_for(lambda: "Team devices join at" in run.output(), "the devices' address printed")
    found = re.search(r"Team devices join at (http://([\d.]+):(\d+)/)", run.output())
    assert found and found.group(2) == lan_address()
    devices, device_port = found.group(1), int(found.group(3))
    server = run.voila()
    assert environment(server)[DEVICE_URL_VARIABLE] == devices
    # The network reaches the team pages (a page that says a wrong link opens no seat)...
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{devices}t/{'x' * 22}", timeout=10)
    assert refused.value.code == 403
    assert "does not open a team's seat" in refused.value.read().decode()
    # ...but not the facilitator app, which listens on 127.0.0.1 alone.
    with socket.socket() as probe, pytest.raises(OSError):
        probe.settimeout(5)
        probe.connect((lan_address(), run.port))
    assert device_port != run.port


def test_closing_the_terminal_stops_everything(start_serve: StartServe) -> None:
    run = start_serve(terminal=True)
    run.wait_for_output(SERVED)
    server = run.voila()
    folder = Path(command_line(server)[3]).parent
    wait_for(lambda: kernel_pids(server), "the preheated kernel started")
    processes = run.descendants()

    run.hang_up()
    assert run.process.wait(60) == 0
    assert_all_stopped(processes, run.port)
    assert not folder.exists()


def test_nohup_keeps_it_serving_after_the_terminal_is_closed(start_serve: StartServe) -> None:
    run = start_serve(terminal=True, ignored=("SIGHUP",))
    run.wait_for_output(SERVED)
    run.voila()
    processes = run.descendants()

    run.hang_up()
    time.sleep(1)
    assert run.process.poll() is None and answers(base_url(run.port) + "voila/files/")
    run.process.terminate()
    assert run.process.wait(60) == 0
    assert_all_stopped(processes, run.port)


def test_a_hard_kill_of_serve_leaves_nothing_running(start_serve: StartServe) -> None:
    run = start_serve()
    run.wait_for_output(SERVED)
    server = run.voila()
    wait_for(lambda: kernel_pids(server), "the preheated kernel started")
    processes = run.descendants()

    run.process.kill()
    run.process.wait()
    assert_all_stopped(processes, run.port)


@pytest.mark.parametrize("moment", [0.0, 0.5, 1.5, 3.0, "Voilà started"])
def test_ctrl_c_at_any_moment_of_start_up_stops_everything(start_serve: StartServe,
                                                           moment: float | str) -> None:
    run = start_serve()
    if isinstance(moment, str):
        run.voila()
    else:
        deadline = time.monotonic() + moment
        while time.monotonic() < deadline:
            run.descendants()
            time.sleep(0.01)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(run.process.pid, signal.SIGINT)

    def stopped() -> bool:  # whatever it starts until it stops is watched too
        run.descendants()
        return run.process.poll() is not None

    wait_for(stopped, "devgames serve stopped", timeout=60)
    folders = {Path(line[3]).parent for line in run.seen.values() if VOILA_MAIN in line}
    for pid in run.seen:
        wait_until_gone(pid, timeout=20)
    wait_for(lambda: port_is_free(run.port), "the port free again", timeout=20)
    assert not any(folder.exists() for folder in folders)
    if isinstance(moment, str):
        assert run.process.returncode == 0 and "Traceback" not in run.output(), run.output()


def test_a_port_held_by_a_running_serve_names_it_and_how_to_stop_it(start_serve: StartServe,
                                                                     capsys) -> None:
    run = start_serve()
    run.wait_for_output(SERVED)
    run.voila()
    processes = run.descendants()
    assert main(["serve", "--port", str(run.port), "--no-browser"]) == 1
    error = capsys.readouterr().err
    assert f"in use by an earlier devgames serve, still running (process {run.process.pid}" \
        in error and "--port 0" in error
    assert stop_command(error) == ["kill", str(run.process.pid)]

    subprocess.run(stop_command(error), check=True)
    assert run.process.wait(60) == 0
    assert_all_stopped(processes, run.port)


def test_a_port_held_by_a_server_left_running_names_it_and_how_to_stop_it(
        left_server: subprocess.Popen[bytes], capsys) -> None:
    args = cast(list[str], left_server.args)  # start_server passes its command as a list
    port = int(next(part for part in args if part.startswith("--port="))[7:])
    wait_for(lambda: kernel_pids(left_server.pid), "the preheated kernel started")
    processes = [left_server.pid, *kernel_pids(left_server.pid)]
    assert main(["serve", "--port", str(port), "--no-browser"]) == 1
    error = capsys.readouterr().err
    assert f"in use by a devgames server left running (process {left_server.pid})" \
        in error
    assert stop_command(error) == ["kill", str(left_server.pid)]

    subprocess.run(stop_command(error), check=True)
    assert_all_stopped(processes, port)
