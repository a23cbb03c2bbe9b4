"""The SQLite session store, on real files: every move saved, resume, undo, launcher list."""

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from devgames import game_module
from devgames.core.bots import RandomBot
from devgames.core.game import Game
from devgames.sessions import SCHEMA_VERSION, SessionStore, default_path

GAMES = [
    ("scrumkin", "digital"),
    ("scrumkin", "physical"),
    ("itstartup", "digital"),
    ("itstartup", "physical"),
]
HOSTILE = ["<script>alert(1)</script>", "=1+1", "Команда Ёж"]


def new(name: str, deck: str = "digital", seed: int = 3, players: list[str] | None = None) -> Game:
    return game_module(name).new_game(players or ["Red", "Blue", "Green"], seed=seed, deck=deck)


def play(store: SessionStore, number: int, game: Game, moves: int, bot: RandomBot) -> None:
    """Random moves, each saved with ``sync`` as the app does, from the saved revision."""
    revision = store.revision(number)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(bot.choose(game))
        revision = store.sync(number, game, expected=revision)


def rows(path: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(path) as db:
        return db.execute(sql).fetchall()


@pytest.mark.parametrize(("name", "deck"), GAMES)
def test_every_move_saved_then_a_new_store_resumes_the_same_game(
    tmp_path: Path, name: str, deck: str
) -> None:
    path = tmp_path / "sessions.sqlite"
    store = SessionStore(path)
    game = new(name, deck)
    game.meta["bots"] = {"2": "random"}
    number = store.create(game, title="Workshop")
    play(store, number, game, 40, RandomBot(9))
    store.close()

    again = SessionStore(path)
    resumed = again.resume(number)
    assert resumed.snapshot() == game.snapshot()
    assert resumed.log == game.log
    assert resumed.meta == {"bots": {"2": "random"}}
    [row] = again.list()
    assert (row.id, row.game, row.title, row.players) == (number, name, "Workshop", game.players)
    assert row.actions == len(game.log) > 0
    assert row.created_at <= row.updated_at


def test_two_stores_on_one_file_see_each_others_writes(tmp_path: Path) -> None:
    path = tmp_path / "shared.sqlite"
    first, second = SessionStore(path), SessionStore(path)
    game = new("scrumkin")
    number = first.create(game)
    assert [row.id for row in second.list()] == [number]
    bot = RandomBot(1)
    play(second, number, game, 5, bot)
    assert first.load(number).log == game.log
    play(first, number, game, 5, bot)
    assert second.resume(number).snapshot() == game.snapshot()


@pytest.mark.parametrize("steps", [0, 1, 7, 30])
def test_undo_of_n_steps_equals_replaying_the_first_len_minus_n_actions(
    tmp_path: Path, steps: int
) -> None:
    store = SessionStore(tmp_path / "s.sqlite")
    game = new("itstartup", "physical")
    number = store.create(game)
    play(store, number, game, 30, RandomBot(4))
    expected = game.session().replay(len(game.log) - steps)

    undone = store.undo(number, steps)
    assert undone.snapshot() == expected.snapshot()
    assert store.load(number).log == game.log[: len(game.log) - steps]
    assert store.list()[0].actions == len(game.log) - steps
    assert store.resume(number).snapshot() == expected.snapshot()


def test_undo_of_more_steps_than_saved_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "s.sqlite")
    game = new("scrumkin")
    number = store.create(game)
    play(store, number, game, 3, RandomBot(2))
    with pytest.raises(ValueError, match="3 saved moves; 4 cannot be taken back"):
        store.undo(number, 4)
    assert store.load(number).log == game.log


def test_sync_after_an_undo_in_memory_truncates_the_saved_log(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    store = SessionStore(path)
    game = new("scrumkin", "physical")
    number = store.create(game)
    play(store, number, game, 25, RandomBot(6))
    game.undo(10)
    store.sync(number, game, expected=store.revision(number))
    assert store.load(number).log == game.log
    assert rows(path, f"SELECT max(number), count(*) FROM actions WHERE session_id = {number}") == [
        (15, 15)
    ]
    # New moves after the undo replace the old ones, even where they differ from the old tail.
    game.undo(5)
    play(store, number, game, 12, RandomBot(77))
    assert SessionStore(path).resume(number).snapshot() == game.snapshot()


def test_a_finished_game_is_listed_with_its_winners(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "s.sqlite")
    game = new("itstartup", players=["Ada", "Bob"], seed=12)
    number = store.create(game)
    play(store, number, game, 100_000, RandomBot(3))
    assert game.is_over
    [row] = store.list()
    assert row.is_over
    assert row.winners == tuple(game.winners)
    assert row.actions == len(game.log)
    assert store.resume(number).winners == game.winners


def test_list_is_newest_first_and_filters_by_game(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "s.sqlite")
    old = store.create(new("scrumkin"), title="old")
    startup = store.create(new("itstartup"), title="startup")
    recent = store.create(new("scrumkin"), title="recent")
    assert [row.id for row in store.list()] == [recent, startup, old]
    assert [row.id for row in store.list(game="scrumkin")] == [recent, old]
    game = store.resume(old)
    play(store, old, game, 1, RandomBot(1))
    assert store.list()[0].id == old


def test_a_sync_with_nothing_new_writes_nothing(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "s.sqlite")
    game = new("scrumkin")
    number = store.create(game)
    play(store, number, game, 3, RandomBot(1))
    before = store.list()[0].updated_at
    revision = store.revision(number)
    assert store.sync(number, game, expected=revision) == revision
    assert store.list()[0].updated_at == before
    store.set_meta(number, ("note",), "coffee break")
    assert store.sync(number, game, expected=revision) == revision
    assert store.load(number).meta == {"note": "coffee break"}


def test_rename_and_delete(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    store = SessionStore(path)
    game = new("scrumkin")
    keep, drop = store.create(game, title="Keep"), store.create(game, title="Drop")
    play(store, drop, game, 5, RandomBot(1))
    store.rename(keep, "Kept")
    assert {row.title for row in store.list()} == {"Kept", "Drop"}
    before = store.list()
    store.rename(keep, None)
    titles = {row.id: row.title for row in store.list()}
    assert titles == {keep: None, drop: "Drop"}
    assert [row.updated_at for row in store.list()] == [row.updated_at for row in before]
    store.delete(drop)
    assert [row.id for row in store.list()] == [keep]
    assert rows(path, f"SELECT count(*) FROM actions WHERE session_id = {drop}") == [(0,)]
    # A deleted number is never given again, so an old link cannot open another session.
    assert store.create(game) > drop


def test_a_crash_mid_game_keeps_every_saved_action(tmp_path: Path) -> None:
    path = tmp_path / "crash.sqlite"
    script = textwrap.dedent(
        """
        import sys, time
        from devgames import scrumkin
        from devgames.core.bots import RandomBot
        from devgames.sessions import SessionStore

        store = SessionStore(sys.argv[1])
        game = scrumkin.new_game(["Red", "Blue", "Green"], seed=5, deck="physical")
        number = store.create(game)
        bot = RandomBot(5)
        revision = 0
        while not game.is_over:
            game.apply(bot.choose(game))
            revision = store.sync(number, game, expected=revision)
            print(len(game.log), flush=True)
        time.sleep(60)
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    saved = 0
    for line in process.stdout:
        saved = int(line)
        if saved >= 40:
            break
    process.kill()  # no close, no clean-up: like a kernel killed or a laptop losing power
    process.wait()
    process.stdout.close()

    store = SessionStore(path)
    resumed = store.resume(1)
    assert len(resumed.log) >= saved >= 40
    replayed = new("scrumkin", "physical", seed=5)
    bot = RandomBot(5)
    for _ in range(len(resumed.log)):
        replayed.apply(bot.choose(replayed))
    assert resumed.snapshot() == replayed.snapshot()


def test_a_store_left_open_without_closing_is_read_by_the_next_one(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    store = SessionStore(path)
    game = new("itstartup", "physical")
    number = store.create(game)
    play(store, number, game, 20, RandomBot(8))
    assert SessionStore(path).resume(number).snapshot() == game.snapshot()


def test_the_default_path_honours_devgames_db_then_xdg_data_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen = tmp_path / "deep" / "folder" / "mine.sqlite"
    monkeypatch.setenv("DEVGAMES_DB", str(chosen))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    store = SessionStore()
    store.create(new("scrumkin"))
    store.close()
    assert default_path() == chosen
    assert chosen.is_file()

    monkeypatch.delenv("DEVGAMES_DB")
    assert default_path() == tmp_path / "xdg" / "devgames" / "sessions.sqlite"
    SessionStore().close()
    assert (tmp_path / "xdg" / "devgames" / "sessions.sqlite").is_file()

    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / ".local" / "share" / "devgames" / "sessions.sqlite"


def test_hostile_names_and_titles_round_trip_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    store = SessionStore(path)
    title = "<img src=x onerror=alert(1)> '; DROP TABLE sessions; -- =SUM(A1) Привет"
    game = new("scrumkin", players=HOSTILE)
    number = store.create(game, title=title)
    play(store, number, game, 5, RandomBot(1))

    again = SessionStore(path)
    [row] = again.list()
    assert row.title == title
    assert row.players == tuple(HOSTILE)
    assert again.resume(number).players == tuple(HOSTILE)
    assert rows(path, "SELECT title FROM sessions") == [(title,)]
    assert "Команда Ёж" in rows(path, "SELECT players FROM sessions")[0][0]


@pytest.mark.parametrize(
    ("title", "message"),
    [("x" * 101, "101 characters long"), ("Two\nlines", "control"), ("Nul\x00", "control")],
)
def test_bad_titles_are_refused_with_a_sentence(tmp_path: Path, title: str, message: str) -> None:
    store = SessionStore(tmp_path / "s.sqlite")
    with pytest.raises(ValueError, match=message):
        store.create(new("scrumkin"), title=title)
    assert store.list() == []
    number = store.create(new("scrumkin"), title="x" * 100)
    with pytest.raises(ValueError, match=message):
        store.rename(number, title)
    assert store.list()[0].title == "x" * 100


def test_an_unknown_session_id_raises_key_error_with_a_sentence(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "s.sqlite")
    game = new("scrumkin")
    game.apply(game.legal_actions()[0])
    calls = [
        lambda: store.load(42),
        lambda: store.resume(42),
        lambda: store.undo(42, 1),
        lambda: store.sync(42, game, expected=0),
        lambda: store.append(42, game.log[0], expected=0),
        lambda: store.set_meta(42, ("notes",), "x"),
        lambda: store.checkout(42),
        lambda: store.revision(42),
        lambda: store.rename(42, "Title"),
        lambda: store.delete(42),
    ]
    for call in calls:
        with pytest.raises(KeyError, match=r"There is no saved session number 42\."):
            call()


def test_a_game_is_never_written_into_another_games_session(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "s.sqlite")
    number = store.create(new("scrumkin", seed=1))
    other = new("scrumkin", seed=2)
    other.apply(other.legal_actions()[0])
    with pytest.raises(ValueError, match="not the one saved as session"):
        store.sync(number, other, expected=0)
    assert store.load(number).log == []


def test_append_saves_one_action_and_refuses_a_game_out_of_step(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "s.sqlite")
    game = new("itstartup")
    number = store.create(game)
    game.apply(game.legal_actions()[0])
    store.append(number, game.log[-1], expected=0, game_obj=game)
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    with pytest.raises(ValueError, match="Use sync"):
        store.append(number, game.log[-1], expected=1, game_obj=game)
    assert store.list()[0].actions == 1
    store.append(number, game.log[1], expected=1)
    store.append(number, game.log[2], expected=2, game_obj=game)
    assert store.resume(number).snapshot() == game.snapshot()


def test_create_stores_the_actions_already_made(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "s.sqlite")
    game = new("scrumkin", "physical")
    bot = RandomBot(2)
    for _ in range(12):
        game.apply(bot.choose(game))
    number = store.create(game)
    assert store.list()[0].actions == 12
    assert store.resume(number).snapshot() == game.snapshot()


def test_a_file_with_a_newer_schema_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite"
    SessionStore(path).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(ValueError, match=f"newer devgames \\(schema version {SCHEMA_VERSION + 1}"):
        SessionStore(path)


def test_files_that_are_not_session_stores_are_refused_clearly(tmp_path: Path) -> None:
    text = tmp_path / "notes.sqlite"
    text.write_text("not a database at all, just some notes\n" * 50)
    with pytest.raises(ValueError, match="not a devgames session store"):
        SessionStore(text)
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE todo (item TEXT)")
    with pytest.raises(ValueError, match="not a devgames session store"):
        SessionStore(other)


def test_the_file_uses_wal_foreign_keys_and_the_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    SessionStore(path).close()
    assert rows(path, "PRAGMA journal_mode") == [("wal",)]
    assert rows(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert rows(path, "PRAGMA foreign_key_list(actions)")[0][2] == "sessions"


# ----- the audience view's link ---------------------------------------------------------------
def test_one_audience_link_per_session_kept_until_replaced_gone_with_the_session(
        tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    store = SessionStore(path)
    first, second = store.create(new("scrumkin")), store.create(new("itstartup"))
    token = store.audience_link(first)
    assert store.audience_link(first) == token != store.audience_link(second)
    assert SessionStore(path).audience_session(token) == first  # kept in the file
    assert store.audience_session(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    assert store.audience_session("") is None and store.audience_session("é" * 22) is None
    new_token = store.new_audience_link(first)
    assert store.audience_session(token) is None and store.audience_session(new_token) == first
    assert rows(path, "SELECT count(*) FROM audience_links") == [(2,)]
    assert store.seat_of(new_token) is None  # never a team's seat
    with pytest.raises(KeyError):
        store.audience_link(999)
    store.delete(first)
    assert store.audience_session(new_token) is None
    assert rows(path, "SELECT session_id FROM audience_links") == [(second,)]


def test_a_store_of_schema_six_gains_the_audience_links(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    store = SessionStore(path)
    number = store.create(new("scrumkin"))
    team = store.issue_link(number, 0)
    store.close()
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE audience_links")
        db.execute("PRAGMA user_version = 6")
    store = SessionStore(path)
    assert rows(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert store.audience_session(store.audience_link(number)) == number
    assert store.seat_of(team) == (number, 0)
