"""`devgames plan` and `devgames sweep`: the planner's percentiles and the balance lab's tables
from the command line; `devgames simulate --scheduler` writes the files it always wrote."""

import csv
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from devgames import scrumkin
from devgames.cli import main
from devgames.core.bots import RandomBot, play_out
from devgames.sessions.store import SessionStore

HERE = ["--scheduler", "in-process"]  # the tasks in this process: quick and the same figures


def read(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream))


def test_plan_answers_in_percentiles_minutes_and_shares(tmp_path: Path, capsys) -> None:
    args = ["plan", "scrumkin", "--players", "3", "--games", "40", "--bots", "random",
            "--no-store", "--minutes", "45", "--rounds", "8", "--seed", "4", *HERE]
    assert main([*args, "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Scrumkin with 3 teams (random bots, 40 games):" in out
    assert "Within 45 minutes:" in out and "Within 8 sprints:" in out
    assert "10 s a move: the default for Scrumkin" in out
    table = read(tmp_path / "plan.csv")
    assert [row["percentile"] for row in table] == ["P50", "P80", "P95"]
    games = read(tmp_path / "plan-games.csv")
    assert len(games) == 40
    sprints = sorted(int(row["sprints"]) for row in games)
    assert int(table[0]["sprints"]) == sprints[19]  # nearest rank: the 20th of 40
    within = sum(int(row["sprints"]) <= 8 for row in games)
    assert f"Within 8 sprints: {within} of 40 games" in out
    assert all(float(row["minutes"]) == round(int(row["moves"]) * 10 / 60, 1) for row in games)
    assert main([*args, "--out", str(tmp_path / "again")]) == 0
    for name in ("plan.csv", "plan-games.csv"):
        assert (tmp_path / name).read_bytes() == (tmp_path / "again" / name).read_bytes()


def test_plan_reads_the_pace_of_the_store(tmp_path: Path, capsys) -> None:
    db = tmp_path / "sessions.sqlite"
    with SessionStore(db) as store:
        game = scrumkin.new_game(["Red", "Blue"], seed=3)
        play_out(game, {0: RandomBot(1), 1: RandomBot(2)})
        number = store.create(game)
    start = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
    with sqlite3.connect(db) as connection:
        connection.execute(
            "UPDATE sessions SET created_at = ?, updated_at = ? WHERE id = ?",
            (start.isoformat(), (start + timedelta(seconds=25 * len(game.log))).isoformat(),
             number))
    assert main(["plan", "scrumkin", "--players", "2", "--games", "10", "--bots", "random",
                 "--db", str(db), *HERE]) == 0
    assert "25 s a move: the median pace of 1 finished Scrumkin session" in \
        capsys.readouterr().out


def test_sweep_writes_tidy_tables_and_says_the_findings(tmp_path: Path, capsys) -> None:
    args = ["sweep", "scrumkin", "--vary", "backlog=8,12", "--players", "2-3", "--games", "20",
            "--bots", "random", "--seed", "2", *HERE]
    assert main([*args, "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "2 teams, random bots, backlog=8 (20 games): seat 1 wins " in out
    summary = read(tmp_path / "summary.csv")
    assert [(row["backlog"], row["players"]) for row in summary] == [
        ("8", "2"), ("8", "3"), ("12", "2"), ("12", "3")]
    seats = read(tmp_path / "seats.csv")
    assert len(seats) == 2 * (2 + 3)
    for row in seats:
        assert float(row["win_rate_low"]) <= float(row["win_rate"]) <= float(row["win_rate_high"])
        assert float(row["win_rate"]) == round(int(row["wins"]) / int(row["games"]), 4)
    assert {"move", "card", "winners", "others", "lift"} <= set(read(tmp_path / "cards.csv")[0])
    assert main([*args, "--out", str(tmp_path / "again")]) == 0
    for name in ("summary.csv", "seats.csv", "bots.csv", "cards.csv"):
        assert (tmp_path / name).read_bytes() == (tmp_path / "again" / name).read_bytes()


def test_sweep_duel_sets_bot_against_bot(tmp_path: Path, capsys) -> None:
    assert main(["sweep", "scrumkin", "--players", "2", "--games", "10", "--duel",
                 "heuristic,random", "--out", str(tmp_path), *HERE]) == 0
    bots = {row["bot"]: row for row in read(tmp_path / "bots.csv")}
    assert bots["heuristic"]["seats_held"] == bots["random"]["seats_held"] == "20"
    assert {row["bots"] for row in read(tmp_path / "summary.csv")} == {
        "heuristic;random", "random;heuristic"}


def test_simulate_on_the_scheduler_writes_the_same_files(tmp_path: Path, capsys) -> None:
    args = ["simulate", "scrumkin", "--games", "5", "--players", "3", "--bots", "random",
            "--seed", "11"]
    assert main([*args, "--workers", "1", "--out", str(tmp_path / "one")]) == 0
    assert main([*args, *HERE, "--out", str(tmp_path / "dask")]) == 0
    for name in ("games.csv", "rounds.csv"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "dask" / name).read_bytes()


def test_bad_arguments_are_refused_with_a_sentence(tmp_path: Path, capsys) -> None:
    out = ["--out", str(tmp_path / "x"), *HERE]
    assert main(["sweep", "scrumkin", "--vary", "backlog", *out]) == 2
    assert "--vary backlog=8,10,12" in capsys.readouterr().err
    assert main(["sweep", "scrumkin", "--players", "two", *out]) == 2
    assert "player counts as 2-8" in capsys.readouterr().err
    assert main(["sweep", "scrumkin", "--vary", "colour=red,blue", *out]) == 2
    assert "Unknown option 'colour'" in capsys.readouterr().err
    assert main(["plan", "scrumkin", "--players", "9", "--no-store", *HERE]) == 2
    assert "9" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_plan_speaks_the_language_of_the_locale(monkeypatch, capsys) -> None:
    from devgames.i18n import language

    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("LANGUAGE", "ru")
    args = ["plan", "scrumkin", "--players", "3", "--games", "40", "--bots", "random",
            "--no-store", "--minutes", "45", "--rounds", "8", "--seed", "4", *HERE]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Scrumkin, 3 команды (случайные боты, 40 игр):" in out
    assert "За 45 минут:" in out and "За 8 спринтов:" in out
    assert "10 с на ход: по умолчанию для Scrumkin" in out
    assert language() == "en"  # the command's language stays with the command
    monkeypatch.setenv("LANGUAGE", "de")  # a language the kit does not speak: English
    assert main(args) == 0
    assert "Scrumkin with 3 teams (random bots, 40 games):" in capsys.readouterr().out
