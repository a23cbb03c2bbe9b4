"""`devgames simulate`: many bot games written as games.csv and rounds.csv, reproducibly."""

import csv
import subprocess
import sys
from pathlib import Path

from devgames import scrumkin
from devgames.cli import main

DEVGAMES = str(Path(sys.executable).with_name("devgames"))
ARGS = ["simulate", "scrumkin", "--games", "6", "--players", "3", "--bots", "random"]


def read(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream))


def header(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()[0].split(",")


def test_files_have_one_row_per_game_and_every_round_row(tmp_path: Path, capsys) -> None:
    assert main([*ARGS, "--seed", "11", "--workers", "1", "--out", str(tmp_path)]) == 0
    assert "Played 6 games" in capsys.readouterr().err  # stdout stays for the answer

    games = read(tmp_path / "games.csv")
    assert [row["game"] for row in games] == [str(i) for i in range(6)]
    assert len({row["seed"] for row in games}) == 6
    sample = scrumkin.new_game(["P1", "P2", "P3"], seed=1)
    assert header(tmp_path / "games.csv")[:6] == [
        "game", "seed", "players", "bots", "winners", "actions"]
    assert set(sample.summary()) <= set(header(tmp_path / "games.csv"))
    assert all(row["players"] == "P1;P2;P3" and row["result"] for row in games)

    rounds = read(tmp_path / "rounds.csv")
    assert header(tmp_path / "rounds.csv")[:2] == ["game", "seed"]
    assert {"sprint", "team", "velocity", "backlog_after"} <= set(rounds[0])
    for game in games:  # one row per team per sprint played
        rows = [row for row in rounds if row["game"] == game["game"]]
        assert len(rows) == 3 * int(game["sprints"])
        assert {row["seed"] for row in rows} == {game["seed"]}


def test_same_seed_gives_identical_files_whatever_the_workers(tmp_path: Path, capsys) -> None:
    one, two, other = tmp_path / "one", tmp_path / "two", tmp_path / "other"
    assert main([*ARGS, "--seed", "11", "--workers", "1", "--out", str(one)]) == 0
    process = subprocess.run(
        [DEVGAMES, *ARGS, "--seed", "11", "--workers", "2", "--out", str(two)],
        capture_output=True, text=True, timeout=120,
    )
    assert process.returncode == 0, process.stderr
    # no progress bar in logs (stderr is not a terminal): only the plain last line
    assert process.stderr.startswith("Played 6 games in ")
    assert "\r" not in process.stderr and process.stderr.count("\n") == 1
    assert main([*ARGS, "--seed", "12", "--workers", "1", "--out", str(other)]) == 0
    for name in ("games.csv", "rounds.csv"):
        assert (one / name).read_bytes() == (two / name).read_bytes()
        assert (one / name).read_bytes() != (other / name).read_bytes()


def test_options_reach_every_game(tmp_path: Path, capsys) -> None:
    args = ["simulate", "scrumkin", "--games", "2", "--players", "Red,Blue", "--bots", "random",
            "--workers", "1", "--option", "rulebook=collaborative", "--out", str(tmp_path)]
    assert main(args) == 0
    games = read(tmp_path / "games.csv")
    assert {row["players"] for row in games} == {"Red;Blue"}
    assert all(int(row["sprints"]) <= 10 for row in games)  # the collaborative game's limit


def test_bad_arguments_are_refused_with_a_sentence(tmp_path: Path, capsys) -> None:
    out = ["--out", str(tmp_path / "x")]
    assert main(["simulate", "scrumkin", "--bots", "genius", *out]) == 2
    assert "no 'genius' bot" in capsys.readouterr().err
    assert main(["simulate", "scrumkin", "--option", "colour=red", *out]) == 2
    assert "Unknown option 'colour'" in capsys.readouterr().err
    assert main(["simulate", "scrumkin", "--games", "-1", *out]) == 2
    assert not (tmp_path / "x").exists()


def test_hostile_team_names_cannot_become_spreadsheet_formulas(tmp_path: Path) -> None:
    names = "=HYPERLINK(\"http://evil\"),@SUM(1),Команда <b>"
    assert main(["simulate", "scrumkin", "--games", "3", "--players", names, "--seed", "2",
                 "--bots", "random", "--workers", "1", "--out", str(tmp_path)]) == 0
    with (tmp_path / "games.csv").open(encoding="utf-8", newline="") as stream:
        games = list(csv.DictReader(stream))
    with (tmp_path / "rounds.csv").open(encoding="utf-8", newline="") as stream:
        rounds = list(csv.DictReader(stream))
    for row in games + rounds:
        for cell in row.values():
            assert not cell.startswith(("=", "+", "@")), cell
            if cell.startswith("-"):
                int(cell)  # only numbers (a negative velocity) may start with a minus
    assert {row["team"] for row in rounds} == {
        "'=HYPERLINK(\"http://evil\")", "'@SUM(1)", "Команда <b>"}
