"""`devgames bench`: engine and anchor figures with their ratio (speed itself is not asserted)."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from devgames.cli import main

DEVGAMES = str(Path(sys.executable).with_name("devgames"))


def test_a_short_run_prints_both_figures_and_the_ratio() -> None:
    pytest.importorskip("pyspiel")
    process = subprocess.run([DEVGAMES, "bench", "--seconds", "0.5"], capture_output=True,
                             text=True, timeout=120)
    assert process.returncode == 0, process.stderr
    out = process.stdout
    assert re.search(r"^scrumkin\s+4\s+[\d,]+\s+[\d,]+\s+[\d,.]+$", out, re.MULTILINE)
    assert re.search(r"^python_block_dominoes \(anchor\)\s+-\s+[\d,]+\s+[\d,]+\s+[\d,.]+$", out,
                     re.MULTILINE)
    assert re.search(r"scrumkin / anchor \(actions/s\): \d+\.\d\dx", out)
    assert re.search(r"scrumkin decisions/s / anchor actions/s: \d+\.\d\dx", out)
    assert re.search(r"scrumkin games/s at 4 players: [\d,.]+\s+\(target 1,000", out)


def test_json_gives_the_figures_as_data(capsys) -> None:
    pytest.importorskip("pyspiel")
    assert main(["bench", "--seconds", "0.2", "--players", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["players"] == 3
    assert figures["anchor"]["name"] == "python_block_dominoes"
    assert figures["anchor"]["actions_per_s"] > 0 and figures["anchor"]["games"] > 0
    engine = next(engine for engine in figures["engines"] if engine["name"] == "scrumkin")
    assert engine["games"] > 0
    assert engine["ratio_to_anchor"] == pytest.approx(
        engine["actions_per_s"] / figures["anchor"]["actions_per_s"], rel=0.01)
    assert engine["decisions_ratio_to_anchor"] == pytest.approx(
        engine["decisions_per_s"] / figures["anchor"]["actions_per_s"], rel=0.01)
    assert 0 < engine["decisions"] < engine["actions"]  # a digital deck's draws are chance


def test_it_startup_is_measured_against_the_same_anchor(capsys) -> None:
    pytest.importorskip("pyspiel")
    assert main(["bench", "--seconds", "0.3", "--players", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    engine = next(engine for engine in figures["engines"] if engine["name"] == "itstartup")
    assert engine["players"] == 3 and engine["games"] > 0 and engine["actions"] > engine["games"]
    assert engine["ratio_to_anchor"] == pytest.approx(
        engine["actions_per_s"] / figures["anchor"]["actions_per_s"], rel=0.01)

    assert main(["bench", "--seconds", "0.3", "--players", "6"]) == 0  # 2 to 4 players
    out = capsys.readouterr().out
    assert re.search(r"^scrumkin\s+6\s+[\d,]+\s+[\d,]+\s+[\d,.]+$", out, re.MULTILINE)
    assert re.search(r"^itstartup\s+4\s+[\d,]+\s+[\d,]+\s+[\d,.]+$", out, re.MULTILINE)
    assert re.search(r"itstartup / anchor \(actions/s\): \d+\.\d\dx", out)


def test_without_openspiel_it_says_how_to_install_it() -> None:
    hide_openspiel = (
        "import sys; sys.modules['pyspiel'] = None; "
        "from devgames.cli import main; sys.exit(main(['bench', '--seconds', '0.1']))"
    )
    process = subprocess.run([sys.executable, "-c", hide_openspiel], capture_output=True,
                             text=True, timeout=60)
    assert process.returncode == 2
    assert 'pip install -e ".[bench]"' in process.stderr
