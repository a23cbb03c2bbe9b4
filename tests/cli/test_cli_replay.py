"""`devgames replay`: a saved session replayed to its public state, and clear errors."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from devgames import scrumkin
from devgames.cli import main
from devgames.core.session import Session

DEVGAMES = str(Path(sys.executable).with_name("devgames"))
PLAYERS = "Zoë,Ödön,Юля"


@pytest.fixture
def saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> Path:
    """A whole bots-only game saved by `devgames play`."""
    path = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = main(["play", "scrumkin", "--players", PLAYERS, "--humans", "", "--bot", "random",
                   "--seed", "21", "--save", str(path)])
    capsys.readouterr()
    assert status == 0
    return path


def replay(*args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}  # UTF-8 output whatever the terminal
    return subprocess.run([DEVGAMES, "replay", *args], capture_output=True, env=env, timeout=60)


def test_replay_prints_the_final_public_state_as_utf8_json(saved: Path) -> None:
    process = replay(str(saved))
    assert process.returncode == 0, process.stderr
    text = process.stdout.decode("utf-8")
    assert "Юля" in text and "\n  " in text  # not escaped, indented
    shown = json.loads(text)
    game = Session.from_json(saved.read_text(encoding="utf-8")).replay()
    assert shown == json.loads(json.dumps(game.view(None)))
    assert shown["is_over"] and "hand" not in shown


def test_upto_replays_only_the_first_moves(saved: Path, capsys) -> None:
    assert main(["replay", str(saved), "--upto", "0"]) == 0
    start = json.loads(capsys.readouterr().out)
    fresh = scrumkin.new_game(PLAYERS.split(","), seed=21)
    assert start == json.loads(json.dumps(fresh.view(None)))
    assert main(["replay", str(saved), "--upto", "3"]) == 0
    assert not json.loads(capsys.readouterr().out)["is_over"]


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def with_log_entry(saved: Path, index: int, **changes: object) -> str:
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["log"][index].update(changes)
    return write(saved.with_name("changed.json"), json.dumps(data))


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda saved: str(saved.with_name("missing.json")), "There is no file"),
        (lambda saved: write(saved.with_name("bad.json"), '{"format": '), "is not valid JSON"),
        (lambda saved: write(saved.with_name("list.json"), "[1, 2]"), "not a devgames session"),
        (lambda saved: write(saved.with_name("other.json"), '{"name": "x"}'),
         "not a devgames session"),
        (lambda saved: with_log_entry(saved, 2, card=999), "Move 3 of"),
        (lambda saved: with_log_entry(saved, 0, kind="fly"), "cannot be replayed"),
    ],
    ids=["missing", "invalid-json", "json-list", "not-a-session", "illegal-card", "unknown-kind"],
)
def test_bad_files_give_one_clear_sentence(saved: Path, capsys, make, message) -> None:
    assert main(["replay", make(saved)]) == 1
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""
    assert "Traceback" not in captured.err


def test_a_real_process_reports_a_bad_file_without_a_traceback(tmp_path: Path) -> None:
    process = replay(write(tmp_path / "bad.json", "not json"))
    assert process.returncode == 1
    assert b"is not valid JSON" in process.stderr and b"Traceback" not in process.stderr
