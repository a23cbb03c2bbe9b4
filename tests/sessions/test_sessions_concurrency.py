"""Several screens on one session: a move made from a stale position is refused, never saved over
another screen's move; notes and settings merge key by key. Real SQLite files, real threads and
processes."""

import json
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from devgames import scrumkin
from devgames.core.bots import RandomBot
from devgames.core.game import Game
from devgames.sessions import SCHEMA_VERSION, SessionStore, StaleSession


def new_game(seed: int = 3) -> Game:
    return scrumkin.new_game(["Red", "Blue", "Green"], seed=seed)


def test_a_move_from_a_stale_screen_is_refused_and_the_other_move_kept(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    tab_a, tab_b = SessionStore(path), SessionStore(path)
    number = tab_a.create(new_game())
    game_a, revision_a = tab_a.checkout(number)
    game_b, revision_b = tab_b.checkout(number)

    game_a.apply(game_a.legal_actions()[0])
    tab_a.sync(number, game_a, expected=revision_a)
    game_b.apply(game_b.legal_actions()[-1])  # a different move, on the old position
    assert game_b.log != game_a.log
    with pytest.raises(StaleSession, match="The table has moved on") as refused:
        tab_b.sync(number, game_b, expected=revision_b)
    assert (refused.value.expected, refused.value.revision) == (0, 1)
    # What B has not seen: one move, added to the log (none taken off).
    assert tab_b.moves_since(number, revision_b) == 1

    # Nothing of B's move was saved; B catches up with A's move.
    assert tab_b.load(number).log == game_a.log
    caught_up, revision = tab_b.checkout(number)
    assert caught_up.snapshot() == game_a.snapshot()
    caught_up.apply(caught_up.legal_actions()[0])
    assert tab_b.sync(number, caught_up, expected=revision) == revision + 1


def test_an_undo_then_another_move_elsewhere_makes_a_same_length_log_stale(
    tmp_path: Path,
) -> None:
    # Counting moves is not enough: after an undo and a new move the log has the same length.
    # Only the teams holding a counter are asked, so that the moves after the undo differ.
    path = tmp_path / "s.sqlite"
    tab_a, tab_b = SessionStore(path), SessionStore(path)
    number = tab_a.create(scrumkin.new_game(["Red", "Blue", "Green"], seed=3,
                                            counter_asks="holders"))
    game_a, revision_a = tab_a.checkout(number)
    for _ in range(3):
        game_a.apply(game_a.legal_actions()[0])
        revision_a = tab_a.sync(number, game_a, expected=revision_a)
    game_b, revision_b = tab_b.checkout(number)

    game_a.undo(1)
    game_a.apply(game_a.legal_actions()[-1])
    tab_a.sync(number, game_a, expected=revision_a)
    saved = tab_a.load(number).log
    game_b.apply(game_b.legal_actions()[0])
    with pytest.raises(StaleSession):
        tab_b.append(number, game_b.log[-1], expected=revision_b, game_obj=game_b)
    with pytest.raises(StaleSession):
        tab_b.undo(number, 1, expected=revision_b)
    assert tab_b.load(number).log == saved
    # The log was cut since B looked: no count of moves "since" makes sense.
    assert tab_b.moves_since(number, revision_b) is None


def test_notes_and_settings_merge_and_never_make_a_move_stale(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    tab_a, tab_b = SessionStore(path), SessionStore(path)
    game = new_game()
    game.meta["seats"] = {"humans": ["Red"], "hidden_hands": True}
    number = tab_a.create(game)
    game, revision = tab_a.checkout(number)

    tab_a.set_meta(number, ("notes", "What slowed you down?"), "=HYPERLINK(\"x\")")
    tab_b.set_meta(number, ("notes", "What helped?"), "Pairing")
    tab_b.set_meta(number, ("seats", "pace"), 2.0)
    game.apply(game.legal_actions()[0])
    assert tab_a.sync(number, game, expected=revision) == revision + 1
    assert tab_b.load(number).meta == {
        "seats": {"humans": ["Red"], "hidden_hands": True, "pace": 2.0},
        "notes": {"What slowed you down?": "=HYPERLINK(\"x\")", "What helped?": "Pairing"},
    }
    tab_a.set_meta(number, ("notes", "What helped?"), None)
    assert tab_b.load(number).meta["notes"] == {"What slowed you down?": "=HYPERLINK(\"x\")"}
    with pytest.raises(ValueError, match="needs a name"):
        tab_a.set_meta(number, (), 1)


def race(path: Path, number: int, screen: int, moves: int) -> tuple[list[list], int]:
    """One screen playing quickly: check out, move, save; catch up when refused.

    Starts when the file ``<path>.go`` exists, so that every screen starts at once. Returns the
    [revision, action] of each move it saved, and how many of its saves were refused.
    """
    store = SessionStore(path)
    bot = RandomBot(screen)
    saved: list[list] = []
    refused = 0
    deadline = time.monotonic() + 60
    while not path.with_suffix(".go").exists() and time.monotonic() < deadline:
        time.sleep(0.001)
    game, revision = store.checkout(number)
    while len(saved) < moves and not game.is_over:
        game.apply(bot.choose(game))
        time.sleep(0.002)  # a screen takes a moment between showing the table and a click
        try:
            revision = store.sync(number, game, expected=revision)
            saved.append([revision, game.log[-1].to_json()])
        except StaleSession:
            refused += 1
            game, revision = store.checkout(number)
    store.close()
    return saved, refused


def check_race(path: Path, number: int, saved: list[list], refused: int) -> None:
    # The screens really raced: some saves were refused.
    assert refused > 0
    store = SessionStore(path)
    log = store.load(number).log
    # Every saved move is in the final log, at its own place: none was overwritten.
    assert len(log) == len(saved) == store.revision(number)
    assert sorted(revision for revision, _ in saved) == list(range(1, len(log) + 1))
    for revision, action in saved:
        assert log[revision - 1].to_json() == action
    store.resume(number)  # the log replays: each move was legal where it stands


def test_two_store_handles_racing_in_threads_lose_no_move(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    number = SessionStore(path).create(new_game(seed=8))
    results: dict[int, tuple[list[list], int]] = {}

    def run(screen: int) -> None:
        results[screen] = race(path, number, screen, 60)

    threads = [threading.Thread(target=run, args=(screen,)) for screen in (1, 2, 3)]
    for thread in threads:
        thread.start()
    path.with_suffix(".go").touch()
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(results) == [1, 2, 3]
    check_race(path, number, [move for saved, _ in results.values() for move in saved],
               sum(refused for _, refused in results.values()))


def test_two_processes_racing_on_one_file_lose_no_move(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    number = SessionStore(path).create(new_game(seed=9))
    script = textwrap.dedent(
        f"""
        import json, sys
        from pathlib import Path
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        from test_sessions_concurrency import race
        print(json.dumps(race(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), 100)))
        """
    )
    processes = [
        subprocess.Popen([sys.executable, "-c", script, str(path), str(number), str(screen)],
                         stdout=subprocess.PIPE, text=True)
        for screen in (1, 2)
    ]
    time.sleep(1.0)  # both processes are ready and waiting
    path.with_suffix(".go").touch()
    results = [json.loads(process.communicate(timeout=120)[0]) for process in processes]
    assert [process.returncode for process in processes] == [0, 0]
    check_race(path, number, [move for saved, _ in results for move in saved],
               sum(refused for _, refused in results))


def test_a_store_of_schema_1_is_upgraded_with_its_sessions_kept(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    game = new_game()
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    with sqlite3.connect(path) as db:
        db.executescript(
            """
            CREATE TABLE sessions (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,
                rules_version TEXT NOT NULL, players TEXT NOT NULL, options TEXT NOT NULL,
                seed TEXT NOT NULL, meta TEXT NOT NULL, title TEXT, created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL, is_over INTEGER NOT NULL DEFAULT 0,
                winners TEXT NOT NULL DEFAULT '[]', actions INTEGER NOT NULL DEFAULT 0);
            CREATE INDEX sessions_by_update ON sessions (updated_at);
            CREATE TABLE actions (session_id INTEGER NOT NULL REFERENCES sessions (id)
                ON DELETE CASCADE, number INTEGER NOT NULL, action TEXT NOT NULL,
                PRIMARY KEY (session_id, number)) WITHOUT ROWID;
            PRAGMA user_version = 1;
            """
        )
        session = game.session()
        db.execute(
            "INSERT INTO sessions (game, rules_version, players, options, seed, meta, created_at,"
            " updated_at, actions) VALUES (?, ?, ?, ?, ?, '{}', '2026-01-01T00:00:00+00:00',"
            " '2026-01-01T00:00:00+00:00', 4)",
            (session.game, session.rules_version, json.dumps(session.players),
             json.dumps(session.options), str(session.seed)),
        )
        db.executemany(
            "INSERT INTO actions VALUES (1, ?, ?)",
            [(n, json.dumps(a.to_json(), separators=(",", ":")))  # as the store writes them
             for n, a in enumerate(session.log, 1)],
        )
    store = SessionStore(path)
    assert store.revision(1) == 4
    resumed, revision = store.checkout(1)
    assert resumed.snapshot() == game.snapshot()
    resumed.apply(resumed.legal_actions()[0])
    assert store.sync(1, resumed, expected=revision) == 5
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    # Old moves stay untimed; the move saved after the upgrade has its time; links work.
    times = store.move_times(1)[1]
    assert times[:4] == [None] * 4 and times[4] is not None
    token = store.issue_link(1, 0)
    assert store.seat_of(token) == (1, 0)
    # The moves saved before the upgrade are not known by revision: a screen from before it is
    # not told how many it missed; one from the upgrade on is.
    assert store.moves_since(1, 3) is None
    assert (store.moves_since(1, 4), store.moves_since(1, 5)) == (1, 0)
