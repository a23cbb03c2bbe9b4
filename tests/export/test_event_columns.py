"""``events.csv`` for people who analyse a session: the seed is text that pandas never turns into a
float, each move says where in the game it was made (release and iteration, sprint, round, turn)
and, from the session store, when it was saved; the file still rebuilds the game, and the files
written before these columns still load."""

import csv
import io
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import devgames
from devgames.core.bots import play_out
from devgames.core.game import Game
from devgames.export import export_session, session_from_events
from devgames.sessions import SessionStore
from tests.export.helpers import csv_rows, played

#: A played table of each game, and the counts of play its events.csv gives each move.
TABLES: dict[str, tuple[list[str], dict[str, Any], list[str]]] = {
    "scrumkin": (["Red", "Blue", "Green"], {}, ["sprint"]),
    "itstartup": (["Ada", "Bob", "Cy"], {"goal": 32}, ["round"]),
    "exploding": (["Ada", "Bob", "Cy"], {}, ["turn"]),
    "release": (["Ada", "Bob", "Cy", "Di"], {"releases": 2}, ["release", "iteration"]),
    "reliz": (["Ada", "Bob"], {"turn_cap": 60}, ["round", "turn"]),
}
#: Seeds of every size: a short one, ten digits (4.1e+09 in pandas before), past float64's exact
#: whole numbers, past Int64, past UInt64, and 128 bits as a new session draws.
SEEDS = [7, 4_100_000_000, 9_876_543_210, 2**53 + 1, 2**63 + 5, 2**64 + 1,
         260299456221816779509151915227237864890]


def plain(text: str) -> pd.DataFrame:
    """The file as ``pandas.read_csv`` reads it with no option at all."""
    return pd.read_csv(io.BytesIO(text.encode("utf-8")))


def game_of(name: str, seed: int = 3) -> Game:
    players, options, _ = TABLES[name]
    return played(name, players, seed, **options)


def moves(table: pd.DataFrame) -> pd.DataFrame:
    return table[table["kind"] != "session"]


# ----- the seed -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_plain_pandas_reads_the_seed_as_text_never_a_float(seed: int) -> None:
    game = played("scrumkin", ["Red", "Blue"], seed)
    text = export_session(game)["events.csv"]
    cell = plain(text).loc[0, "seed"]
    assert isinstance(cell, str), f"pandas read the seed {seed} as {cell!r}"
    assert cell == f"'{seed}" and int(cell.removeprefix("'")) == seed
    header, session_row = csv_rows(text)[:2]
    assert session_row[header.index("seed")] == f"'{seed}"  # what a spreadsheet shows, as text
    for source in (text, plain(text)):
        rebuilt = session_from_events(source)
        assert rebuilt.seed == seed and rebuilt.replay().snapshot() == game.snapshot()


# ----- where each move was made -------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(TABLES))
def test_each_move_says_where_in_the_game_it_was_made(name: str) -> None:
    game = game_of(name)
    table = plain(export_session(game)["events.csv"])
    counts = TABLES[name][2]
    kept = [column for column in table.columns if column in
            ("release", "iteration", "sprint", "round", "turn", "time_utc")]
    assert kept == counts, f"{name} has the columns {kept}"
    assert list(table.columns[:len(counts) + 1]) == ["number", *counts]
    for column in counts:  # whole numbers on every row, the session row included
        assert pd.api.types.is_integer_dtype(table[column]), (column, table[column].dtype)
    played_moves = moves(table)
    assert len(played_moves) == len(game.log)
    positions = list(played_moves[counts].itertuples(index=False, name=None))
    assert positions == sorted(positions), "a move is said to come before an earlier one"
    rounds = pd.DataFrame(game.rounds)
    summary = game.summary()
    if name == "scrumkin":
        sprints = sorted(set(played_moves["sprint"]))
        assert sprints == list(range(1, summary["sprints"] + 1)) == sorted(set(rounds["sprint"]))
    elif name == "itstartup":
        assert sorted(set(played_moves["round"])) == list(range(1, summary["rounds"] + 1))
        for row in rounds.itertuples():  # whoever ended a turn in a round moved in that round
            assert (played_moves[played_moves["round"] == row.round]["player"] == row.player).any()
    elif name == "exploding":
        assert sorted(set(played_moves["turn"])) == list(range(1, summary["turns"] + 1))
        for row in rounds.itertuples():  # the player of each turn moved in that turn
            in_turn = played_moves[played_moves["turn"] == row.turn]
            assert (in_turn["player"] == row.turn_player).any(), row.turn
    elif name == "release":
        releases = summary["releases"]
        assert sorted(set(played_moves["release"])) == list(range(1, releases + 1))
        commits = played_moves[played_moves["kind"] == "commit"]
        iterations = game.view(None)["iterations"]
        per_iteration = commits.groupby(["release", "iteration"]).size()
        assert list(per_iteration.index) == [(r, i) for r in range(1, releases + 1)
                                             for i in range(1, iterations + 1)]
        assert (per_iteration == len(game.players)).all()  # every player commits once a trick
    else:  # reliz: turn 0 is the set-up; each turn of the metrics has its moves
        setup = played_moves[played_moves["turn"] == 0]
        assert set(setup["kind"]) == {"attach"}
        turns = set(played_moves[played_moves["turn"] > 0][["round", "turn"]].itertuples(
            index=False, name=None))
        assert turns == set(rounds[["round", "turn"]].itertuples(index=False, name=None))


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_file_with_its_new_columns_rebuilds_the_game(name: str) -> None:
    game = game_of(name, seed=4_100_000_000)
    text = export_session(game)["events.csv"]
    assert {*TABLES[name][2], "seed"} <= set(csv_rows(text)[0])
    assert "'4100000000" in csv_rows(text)[1]
    for source in (text, text.encode("utf-8"), plain(text)):
        session = session_from_events(source)
        assert session.to_dict() == game.session().to_dict()
        again = session.replay()
        assert again.log == game.log and again.snapshot() == game.snapshot()


def as_written_before(text: str) -> str:
    """The file as devgames wrote it before the counts of play and the seed as text: the seed's
    digits alone, no ``sprint``, ``round``... column."""
    rows = csv_rows(text)
    header = rows[0]
    drop = {header.index(name) for name in ("release", "iteration", "sprint", "round", "turn")
            if name in header}
    seed = header.index("seed")
    rows[1][seed] = rows[1][seed].removeprefix("'")
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(
        [cell for index, cell in enumerate(row) if index not in drop] for row in rows)
    return "\ufeff" + out.getvalue()


@pytest.mark.parametrize("seed", SEEDS)
def test_a_file_written_before_still_rebuilds_its_game(seed: int) -> None:
    game = played("exploding", ["Ada", "Bob", "Cy"], seed)
    old = as_written_before(export_session(game)["events.csv"])
    assert "turn" not in csv_rows(old)[0]
    for source in (old, plain(old)):  # plain pandas read a ten-digit seed as a float
        session = session_from_events(source)
        assert session.seed == seed and session.replay().snapshot() == game.snapshot()


# ----- when each move was saved -------------------------------------------------------------------
def test_each_move_saved_by_the_store_has_its_time(tmp_path: Path) -> None:
    module = devgames.game_module("release")
    game = module.new_game(["Ada", "Bob", "Cy", "Di"], seed=11, releases=1)
    game.apply(game.legal_actions()[0])  # a move made before the session was saved: untimed
    with SessionStore(tmp_path / "sessions.sqlite") as store:
        number = store.create(game)
        revision = 0
        bots = {seat: module.BOTS["random"](seat) for seat in range(4)}
        for _ in range(12):
            before = len(game.log)
            play_out(game, bots, max_actions=1)
            revision = store.append(number, game.log[before], expected=revision, game_obj=game)
        created, times = store.move_times(number)
    files = export_session(game, times=times)
    table = plain(files["events.csv"])
    assert list(table.columns[:4]) == ["number", "release", "iteration", "time_utc"]
    saved = moves(table)["time_utc"]
    assert pd.isna(saved.iloc[0]) and pd.isna(table.loc[0, "time_utc"])
    when = pd.to_datetime(saved.iloc[1:], format="%Y-%m-%d %H:%M:%S.%f", utc=True).tolist()
    assert len(when) == 12 and when == sorted(when)
    for written, at in zip(when, times[1:], strict=True):
        assert at is not None and abs(written.to_pydatetime() - at) < timedelta(milliseconds=1)
        assert created <= at <= datetime.now(UTC)
    assert session_from_events(files["events.csv"]).replay().snapshot() == game.snapshot()
    assert "time_utc" not in export_session(game)["events.csv"].splitlines()[0]
