"""`scripts/start` serves the facilitator's games only: the built-in games and those installed
through the entry point group ``devgames.games`` (none here), never the tests' own game Stand-up,
which the tests put on their own path (``tests/conftest.py``)."""

import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from devgames import BUILTIN_GAMES, game_spec
from devgames.dashboards.serve import VOILA_MAIN, command_line, descendants, kernel_pids
from tests.conftest import PLUGIN_GAME
from tests.e2e.harness import kill_groups, wait_until_gone

ROOT = Path(__file__).resolve().parents[2]
SERVED = "devgames is served at "
#: Run with the launcher kernel's interpreter, folder and environment: the launcher's buttons,
#: then the games the entry point group gives that interpreter.
LISTS = """
from importlib.metadata import entry_points
from devgames import BUILTIN_GAMES, ENTRY_POINT_GROUP
from devgames.dashboards import FacilitatorApp
from devgames.sessions import SessionStore
app = FacilitatorApp(store=SessionStore(":memory:"))
print("|".join(button.description for button in app.new_buttons))
print("|".join([*BUILTIN_GAMES, *sorted(p.name for p in entry_points(group=ENTRY_POINT_GROUP))]))
"""


def wait_for(condition: Callable[[], object], what: str, timeout: float = 240.0) -> None:
    """Poll ``condition`` until it is true; fail saying ``what`` did not happen."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {timeout:g} s"
        time.sleep(0.2)


def process_environment(pid: int) -> dict[str, str]:
    """The environment of a process, from ``/proc``."""
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(item.decode().partition("=")[::2] for item in raw.split(b"\0") if item)


def test_the_started_app_lists_the_facilitators_games_only(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    log = tmp_path / "start.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            ["bash", "scripts/start", "--port", "0", "--no-browser",
             "--db", str(tmp_path / "s.sqlite")],
            cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=output, stderr=output,
            start_new_session=True)
    seen: list[int] = []
    try:
        wait_for(lambda: SERVED in log.read_text() or process.poll() is not None, "served")
        assert SERVED in log.read_text(), log.read_text()
        servers = [pid for pid in descendants(process.pid) if VOILA_MAIN in command_line(pid)]
        assert servers, log.read_text()
        wait_for(lambda: kernel_pids(servers[0]), "the preheated kernel started")
        kernel = kernel_pids(servers[0])[0]
        seen = [*servers, kernel]
        kernel_env = process_environment(kernel)
        assert str(PLUGIN_GAME) not in kernel_env.get("PYTHONPATH", "")
        listed = subprocess.run(
            [command_line(kernel)[0], "-c", LISTS], env=kernel_env,
            cwd=os.readlink(f"/proc/{kernel}/cwd"), capture_output=True, text=True, timeout=120)
        assert listed.returncode == 0, listed.stderr
        buttons, games = (line.split("|") for line in listed.stdout.splitlines())
        assert "standup" not in games and "New Stand-up session" not in buttons
        assert games[:len(BUILTIN_GAMES)] == list(BUILTIN_GAMES)
        assert len(buttons) == len(games) and all(b.startswith("New ") for b in buttons)
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                kill_groups([process.pid])
                process.wait()
        kill_groups(pid for pid in seen if command_line(pid))
        for pid in seen:
            wait_until_gone(pid, 20)
    assert game_spec("standup").title == "Stand-up"  # while the tests see it (conftest)
