"""`devgames serve`: a real Voilà server, configured by ``voila_command``, stopped by Ctrl-C."""

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import nbformat

from devgames.cli import main
from devgames.dashboards.serve import (
    DB_VARIABLE,
    HOST,
    LAUNCHER_SOURCE,
    VOILA_MAIN,
    answers,
    base_url,
    child_pids,
    command_line,
    free_port,
    kernel_pids,
    voila_command,
)
from tests.e2e.harness import wait_until_gone

ROOT = Path(__file__).resolve().parents[2]
DEVGAMES = str(Path(sys.executable).with_name("devgames"))


def wait_for(condition: Callable[[], object], what: str, timeout: float = 90.0) -> None:
    """Poll ``condition`` until it is true; fail saying ``what`` did not happen."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {timeout:g} s"
        time.sleep(0.1)


def environment(pid: int) -> dict[str, str]:
    """The environment of a process, from ``/proc``."""
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(item.decode().partition("=")[::2] for item in raw.split(b"\0") if item)


def test_the_launcher_notebook_holds_the_served_code() -> None:
    notebook = nbformat.read(ROOT / "notebooks" / "launcher.ipynb", as_version=4)
    assert [cell.source for cell in notebook.cells if cell.cell_type == "code"] == [
        LAUNCHER_SOURCE]
    assert notebook.cells[0].cell_type == "markdown"
    assert "voila%2Frender%2Fnotebooks%2Flauncher.ipynb" in notebook.cells[0].source


def test_a_port_in_use_is_refused_in_one_sentence(capsys) -> None:
    with socket.socket() as busy:
        busy.bind((HOST, 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port), "--no-browser"]) == 1
    error = capsys.readouterr().err
    assert f"Port {port} on {HOST} is in use" in error and "--port 0" in error


def test_a_port_out_of_range_is_a_usage_error(capsys) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "a port is at most 65535" in capsys.readouterr().err


def test_serve_runs_the_locked_down_server_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    port, db = free_port(), tmp_path / "workshop.sqlite"
    process = subprocess.Popen(
        [DEVGAMES, "serve", "--port", str(port), "--no-browser", "--db", "workshop.sqlite"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )
    try:
        wait_for(lambda: answers(base_url(port) + "voila/files/") or process.poll() is not None,
                 "the server answered")
        assert process.poll() is None, process.communicate()
        [server] = [pid for pid in child_pids(process.pid) if VOILA_MAIN in command_line(pid)]
        notebook = Path(command_line(server)[3])
        assert command_line(server) == voila_command(notebook, port)
        assert notebook.name == "devgames.ipynb" and notebook.parent != tmp_path
        wait_for(lambda: kernel_pids(server), "the preheated kernel started")
        kernels = kernel_pids(server)
        for kernel in kernels:
            assert environment(kernel)[DB_VARIABLE] == str(db)

        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        assert process.returncode == 0, err
        assert f"devgames is served at {base_url(port)}" in out
        assert not Path(f"/proc/{server}").exists() and not notebook.parent.exists()
        assert not answers(base_url(port) + "voila/files/")
        for kernel in kernels:
            wait_until_gone(kernel, timeout=5)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
