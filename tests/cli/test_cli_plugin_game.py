"""A game from another package (tests/plugin_game, registered by its entry point) is played by
`devgames simulate` and `devgames play` like the built-in games."""

import csv
import subprocess
import sys
from pathlib import Path

DEVGAMES = str(Path(sys.executable).with_name("devgames"))


def test_the_plugin_game_is_simulated(tmp_path: Path) -> None:
    run = subprocess.run(
        [DEVGAMES, "simulate", "standup", "--games", "12", "--players", "3", "--seed", "5",
         "--out", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    with (tmp_path / "games.csv").open(encoding="utf-8") as file:
        games = list(csv.DictReader(file))
    assert len(games) == 12 and {row["winners"] for row in games} <= {"P1", "P2", "P3"}
    assert "standup" in subprocess.run([DEVGAMES, "simulate", "--help"], capture_output=True,
                                       text=True, timeout=60).stdout


def test_the_plugin_game_is_played_at_the_keyboard_and_replayed(tmp_path: Path) -> None:
    save = tmp_path / "standup.json"
    played = subprocess.run(
        [DEVGAMES, "play", "standup", "--seed", "3", "--bot", "heuristic", "--save", str(save)],
        input="1\n" * 500, capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert played.returncode == 0, played.stderr
    assert "Stand-up: You, Bot 1 (bot), Bot 2 (bot)." in played.stdout
    assert "The winner is" in played.stdout
    replayed = subprocess.run([DEVGAMES, "replay", str(save)], capture_output=True, timeout=60)
    assert replayed.returncode == 0, replayed.stderr
