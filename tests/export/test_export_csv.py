"""The downloadable CSV files of a played session: they parse back, add up, rebuild the game, and
carry no formula into a spreadsheet whatever the teams are called."""

import base64
import html
import subprocess
import sys
from typing import Any

import pandas as pd
import pytest

import devgames
import devgames.itstartup
import devgames.scrumkin
from devgames.core.cells import FORMULA_STARTS
from devgames.export import (
    DEBRIEF_PROMPTS,
    data_url,
    download_link_html,
    events_table,
    export_session,
    retro_table,
    rounds_table,
    session_from_events,
    to_csv_bytes,
    to_csv_text,
)
from devgames.export.tables import Notes
from tests.export.helpers import assert_no_formula, csv_rows, parsed, played

HOSTILE = ['=HYPERLINK("x")', "+1", "-1", "@SUM(1)", "<script>alert(1)</script>", "Команда"]
GAMES: dict[str, tuple[str, list[str], dict[str, Any]]] = {
    "scrumkin competitive": ("scrumkin", ["Red", "Blue", "Green"], {}),
    "scrumkin collaborative": (
        "scrumkin", ["Red", "Blue", "Green", "Gold"],
        {"rulebook": "collaborative", "drop_against_bugs": True},
    ),
    "scrumkin physical deck": ("scrumkin", ["Red", "Blue"], {"deck": "physical"}),
    "itstartup": ("itstartup", ["Ada", "Bob", "Cy"], {"goal": 32}),
    "itstartup physical deck": ("itstartup", ["Ada", "Bob"], {"goal": 32, "deck": "physical"}),
    "exploding": ("exploding", ["Ada", "Bob", "Cy"], {}),
    "exploding physical deck": ("exploding", ["Ada", "Bob"], {"deck": "physical"}),
}


@pytest.mark.parametrize("label", GAMES)
def test_every_file_parses_back_with_pandas_and_the_csv_module(label: str) -> None:
    name, players, options = GAMES[label]
    game = played(name, players, 4, **options)
    files = export_session(game)
    expected = {"events.csv", "rounds.csv", "retro.csv"}
    assert set(files) == expected | ({"employees.csv"} if name == "itstartup" else set())
    lengths = {"events.csv": len(game.log) + 1, "rounds.csv": len(game.rounds),
               "retro.csv": len(DEBRIEF_PROMPTS[name])}
    if name == "itstartup":
        lengths["employees.csv"] = len(game.employee_rows)  # type: ignore[attr-defined]
    for filename, text in files.items():
        assert text.encode("utf-8").startswith(b"\xef\xbb\xbf"), filename
        assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
        rows = csv_rows(text)
        assert len(rows) == lengths[filename] + 1, filename
        assert {len(row) for row in rows} == {len(rows[0])}, filename
        table = parsed(text)
        assert list(table.columns) == rows[0]
        assert len(table) == lengths[filename], filename
        assert not table.columns[0].startswith("\ufeff")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_scrumkin_rounds_are_teams_times_sprints_with_the_engine_values(seed: int) -> None:
    game = played("scrumkin", ["Red", "Blue", "Green"], seed)
    table = parsed(export_session(game)["rounds.csv"])
    sprints = game.rounds[-1]["sprint"]
    assert len(table) == 3 * sprints
    teams = table.groupby("sprint")["team"].apply(list).tolist()
    assert teams == [["Red", "Blue", "Green"]] * sprints
    original = pd.DataFrame(game.rounds)
    for column in original.columns:
        assert table[column].tolist() == original[column].tolist(), column


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("options", [{}, {"rulebook": "collaborative", "drop_against_bugs": True}])
def test_scrumkin_sprint_report_adds_up_against_the_metrics(seed: int, options: dict) -> None:
    game = played("scrumkin", ["Red", "Blue", "Green", "Gold"], seed, **options)
    table = parsed(export_session(game)["rounds.csv"])
    assert (table["committed"] == table["backlog_before"]).all()
    assert (table["added"] == table["bugs_added"]).all()
    assert (table["remaining"] == table["backlog_after"]).all()
    flow = (table["committed"] + table["added"] + table["taken_over"] - table["bugs_fixed"]
            - table["completed"])
    assert (flow == table["remaining"]).all()
    assert (table.groupby("sprint")["taken_over"].sum() == 0).all()  # items move between teams
    by_team = table.groupby("team", sort=False)
    carried = by_team["remaining"].shift(1).dropna()
    assert (table.loc[carried.index, "committed"] == carried).all()  # next sprint starts there
    assert (table["completed"] <= table["velocity"].clip(lower=0)).all()


def test_the_sprint_report_sees_take_overs_and_fixed_bugs() -> None:
    tables = [
        rounds_table(played("scrumkin", ["Red", "Blue", "Green", "Gold"], seed,
                            rulebook="collaborative", drop_against_bugs=True))
        for seed in range(6)
    ]
    both = pd.concat(tables)
    assert (both["taken_over"] != 0).any()
    assert (both["bugs_fixed"] > 0).any()
    assert (both["penalty"] < 0).any()


def test_itstartup_rounds_and_employees_are_the_engine_rows() -> None:
    game = played("itstartup", ["Ada", "Bob", "Cy", "Di"], 5, goal=64)
    files = export_session(game)
    rounds = parsed(files["rounds.csv"])
    assert rounds.to_dict("records") == game.rounds
    employees = parsed(files["employees.csv"])
    expected = pd.DataFrame(game.employee_rows)  # type: ignore[attr-defined]
    assert list(employees.columns) == list(expected.columns)
    for column in ("player", "card", "burnout", "leaves_at", "left", "efficiency"):
        assert employees[column].tolist() == expected[column].tolist(), column


@pytest.mark.parametrize("label", GAMES)
def test_the_events_file_alone_rebuilds_the_exact_game(label: str) -> None:
    name, players, options = GAMES[label]
    game = played(name, players, 6, **options)
    text = export_session(game)["events.csv"]
    for source in (text, text.encode("utf-8"), parsed(text), events_table(game)):
        session = session_from_events(source)
        assert session.to_dict() == game.session().to_dict()
        again = session.replay()
        assert again.snapshot() == game.snapshot()
        assert again.log == game.log


def test_the_events_file_names_each_action_as_it_was_played() -> None:
    game = played("itstartup", ["Ada", "Bob", "Cy"], 8, goal=32, deck="physical")
    table = parsed(export_session(game)["events.csv"])
    assert table["number"].tolist() == list(range(len(game.log) + 1))
    replay = game.session().new_game()
    for row, action in zip(table[1:].itertuples(), game.log, strict=True):
        assert row.description == replay.describe(action)
        assert row.kind == action.kind
        assert row.player == ("deck" if action.player < 0 else game.players[action.player])
        if action.card is not None:
            assert int(row.card) == action.card
            assert row.card_name == devgames.itstartup.CARDS[action.card].name
        replay.apply(action)
    assert "deck" in set(table["player"])
    assert table.loc[0, "game"] == "itstartup" and table.loc[0, "seed"] == f"'{game.seed}"


def test_an_events_file_of_two_sessions_or_none_is_refused() -> None:
    first = events_table(played("scrumkin", ["Red", "Blue"], 1))
    second = events_table(played("scrumkin", ["Red", "Blue"], 2))
    with pytest.raises(ValueError, match="more than one session"):
        session_from_events(pd.concat([first, second]))
    with pytest.raises(ValueError, match="is empty"):
        session_from_events(to_csv_text(events_table(devgames.scrumkin.new_game(["A", "B"]))[:0]))


@pytest.mark.parametrize(("name", "players", "options"), [
    ("scrumkin", HOSTILE, {}),
    ("scrumkin", HOSTILE[::-1], {"rulebook": "collaborative"}),
    ("itstartup", HOSTILE[:4], {"goal": 32}),
    ("itstartup", HOSTILE[2:], {"goal": 32}),
])
def test_hostile_team_names_are_neutralised_in_every_file(
    name: str, players: list[str], options: dict
) -> None:
    game = played(name, players, 3, **options)
    notes: Notes = {"=cmd|' /C calc'!A0": [{"content": "-2+3", "votes": 2}, "@me\r\nsecond line"]}
    files = export_session(game, notes)
    for filename, text in files.items():
        assert_no_formula(text, filename)
    shown = {"'" + p if p.startswith(FORMULA_STARTS) else p for p in players}
    events = csv_rows(files["events.csv"])  # "player" comes after the game's counts of play
    player = events[0].index("player")
    assert {row[player] for row in events[2:]} - {"deck"} <= shown
    rounds = parsed(files["rounds.csv"])
    team = "team" if name == "scrumkin" else "player"
    assert set(rounds[team]) == shown
    numbers = [column for column in rounds.columns if column not in (team, "leader")]
    original = pd.DataFrame(game.rounds)
    for column in original.columns.intersection(numbers):
        assert rounds[column].tolist() == original[column].tolist(), column
    if name == "scrumkin":
        assert (rounds["velocity"] < 0).any()  # negative numbers stay numbers
    retro = csv_rows(files["retro.csv"])
    assert retro[1][:4] == ["'=cmd|' /C calc'!A0", "", "'-2+3", "2"]
    assert retro[2][2] == "'@me\nsecond line"
    assert session_from_events(files["events.csv"]).players == players
    for label in players:
        link = download_link_html(rounds_table(game), label + ".csv", label)
        assert "<script>" not in link and link.count("<a ") == 1 and link.endswith("</a>")
        assert f'download="{html.escape(label + ".csv")}"' in link
        assert html.unescape(link.split(">", 1)[1].rsplit("<", 1)[0]) == label


def test_text_that_looks_like_numbers_is_neutralised_but_numbers_keep_their_values() -> None:
    table = pd.DataFrame({"team": ["-1", "+1", "Команда"], "velocity": [-2, 0, 3],
                          "ratio": [-0.5, 1.5, 2.0], "done": [True, False, True]})
    text = to_csv_text(table)
    rows = csv_rows(text)
    assert rows[1:] == [["'-1", "-2", "-0.5", "True"], ["'+1", "0", "1.5", "False"],
                        ["Команда", "3", "2.0", "True"]]
    back = parsed(text)
    assert back["velocity"].tolist() == [-2, 0, 3]
    assert back["ratio"].tolist() == [-0.5, 1.5, 2.0]


def test_the_data_url_decodes_back_to_the_same_bytes() -> None:
    table = rounds_table(played("scrumkin", HOSTILE[:3], 9))
    url = data_url(table)
    prefix = "data:text/csv;charset=utf-8;base64,"
    assert url.startswith(prefix)
    assert base64.b64decode(url[len(prefix):], validate=True) == to_csv_bytes(table)
    assert to_csv_bytes(table) == to_csv_text(table).encode("utf-8")
    assert f'href="{url}"' in download_link_html(table, "rounds.csv", "Rounds")


def test_the_retro_file_keeps_prompts_notes_votes_and_actions() -> None:
    notes: Notes = {
        "What helped?": ["Pairing", {"content": "Daily Standup", "group": "Rituals", "votes": 3,
                                     "type": "comment", "created_at": "2026-11-22T10:00:00"}],
        "What hurt?": [],
        "Now what?": [{"type": "action", "action": "=Pair on bugs", "owner": "Ana",
                       "due": "2026-12-01"}],
    }
    table = parsed(to_csv_text(retro_table(notes)))
    assert list(table.columns) == ["prompt", "group", "content", "votes", "type", "created_at",
                                   "action", "owner", "due", "author"]
    none = {"action": "", "owner": "", "due": "", "author": ""}
    assert table.to_dict("records") == [
        {"prompt": "What helped?", "group": "", "content": "Pairing", "votes": 0,
         "type": "reflection", "created_at": "", **none},
        {"prompt": "What helped?", "group": "Rituals", "content": "Daily Standup", "votes": 3,
         "type": "comment", "created_at": "2026-11-22T10:00:00", **none},
        {"prompt": "What hurt?", "group": "", "content": "", "votes": 0, "type": "prompt",
         "created_at": "", **none},
        {"prompt": "Now what?", "group": "", "content": "", "votes": 0, "type": "action",
         "created_at": "", "action": "'=Pair on bugs", "owner": "Ana", "due": "2026-12-01",
         "author": ""},
    ]
    default = parsed(export_session(devgames.scrumkin.new_game(["A", "B"], seed=1))["retro.csv"])
    assert default["prompt"].tolist() == list(DEBRIEF_PROMPTS["scrumkin"])


def test_importing_the_games_does_not_import_pandas() -> None:
    code = ("import sys, devgames.scrumkin, devgames.itstartup; "
            "sys.exit('pandas' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
