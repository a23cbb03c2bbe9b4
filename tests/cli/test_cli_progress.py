"""`devgames plan`, `sweep` and `simulate` draw a progress bar on stderr when stderr is a terminal
(a real pseudo-terminal here) and the run lasts over a second; stdout keeps only the answer, the
same for a pipe as for a terminal; with stderr not a terminal, only the plain last line."""

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

DEVGAMES = str(Path(sys.executable).with_name("devgames"))
#: Runs of a few seconds in this process: long enough for the bar (drawn after 1 s).
RUNS = {
    "plan": ["plan", "exploding", "--players", "4", "--games", "3000", "--all-games",
             "--no-store", "--scheduler", "in-process"],
    "sweep": ["sweep", "scrumkin", "--players", "4", "--games", "3000", "--bots", "random",
              "--scheduler", "in-process"],
    "simulate": ["simulate", "scrumkin", "--players", "4", "--games", "2000", "--bots",
                 "random", "--workers", "1"],
}


def run_on_a_terminal(args: list[str], folder: Path) -> tuple[str, str]:
    """Run ``devgames args`` with stderr on a pseudo-terminal and stdout on a pipe; return
    (stdout, what the terminal received)."""
    main, other = pty.openpty()
    process = subprocess.Popen([DEVGAMES, *args], stdout=subprocess.PIPE, stderr=other,
                               cwd=folder, env={**os.environ, "COLUMNS": "100"})
    os.close(other)
    received = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the process closed the terminal
            break
        if not chunk:
            break
        received += chunk
    stdout = process.communicate(timeout=120)[0]
    os.close(main)
    assert process.returncode == 0, received
    return stdout.decode(), received.decode()


@pytest.mark.parametrize("command", sorted(RUNS))
def test_a_long_run_draws_its_bar_on_the_terminal_and_keeps_stdout_clean(
        command: str, tmp_path: Path) -> None:
    out, terminal = run_on_a_terminal([*RUNS[command], "--out", str(tmp_path / "out")], tmp_path)
    bars = [part for part in terminal.split("\r") if part.startswith("[")]
    assert bars, terminal  # drawn in place, at least once
    assert "#" in bars[-1] and " games (" in bars[-1]
    last = terminal.rstrip().rsplit("\r", 1)[-1].strip()
    assert last.startswith("Played ") and " s" in last  # the bar gives way to the last line
    assert "\r" not in out and "[#" not in out and "Played" not in out
    piped = subprocess.run([DEVGAMES, *RUNS[command], "--out", str(tmp_path / "piped")],
                           capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert piped.stdout == out.replace(str(tmp_path / "out"), str(tmp_path / "piped"))
    assert piped.stderr.count("\n") == 1 and piped.stderr.startswith("Played ")
    assert "\r" not in piped.stderr
