"""The table's logic without a screen: moves saved from the revision they were made at, a stale
save refused and caught up, bots of the seats, undo, the room's settings; the same controller
serves the device server, and loads no widget library."""

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from devgames import exploding, scrumkin
from devgames.core.errors import IllegalMove
from devgames.core.game import ClaimWindow
from devgames.sessions.store import SessionStore, StaleSession
from devgames.sessions.table import TableController


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SessionStore]:
    with SessionStore(tmp_path / "sessions.sqlite") as opened:
        yield opened


def test_the_controller_loads_no_widget_library() -> None:
    code = ("import sys, devgames.sessions.table, devgames.devices.server; "
            "print(sorted({m.split('.')[0] for m in sys.modules} "
            "& {'ipywidgets', 'plotly', 'anywidget', 'devgames.dashboards'}), "
            "'devgames.dashboards' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["[]", "False"]


def test_a_move_is_saved_and_an_illegal_one_changes_nothing(store: SessionStore) -> None:
    number = store.create(scrumkin.new_game(["Red", "Blue"], seed=7))
    table = TableController.checkout(store, number)
    lines = table.apply(table.game.legal_actions()[0])
    assert lines and table.news[-len(lines):] == lines
    assert table.revision == store.revision(number) == 1
    snapshot = table.game.snapshot()
    with pytest.raises(IllegalMove):
        table.apply(exploding.game.CLOSE)
    assert table.game.snapshot() == snapshot and store.revision(number) == 1


def test_a_save_from_a_stale_position_is_refused_and_the_controller_catches_up(
        store: SessionStore) -> None:
    number = store.create(scrumkin.new_game(["Red", "Blue"], seed=7))
    here, there = TableController.checkout(store, number), TableController.checkout(store, number)
    there.apply(there.game.legal_actions()[0])
    with pytest.raises(StaleSession):
        here.apply(here.game.legal_actions()[-1])
    assert here.game.log == there.game.log == store.load(number).log
    assert here.revision == there.revision and here.paused
    assert here.news[-1] == "The table moved on from another screen."


def test_moves_saved_elsewhere_are_followed_and_an_undo_elsewhere_is_not(
        store: SessionStore) -> None:
    number = store.create(scrumkin.new_game(["Red", "Blue"], seed=7))
    here, there = TableController.checkout(store, number), TableController.checkout(store, number)
    lines = there.apply(there.game.legal_actions()[0])
    moves, revision = here.moves_saved_since()  # type: ignore[misc]
    assert [here.take_move(action) for action in moves] == [lines] and revision == 1
    there.undo(1)
    assert here.moves_saved_since() is None


def test_seats_bots_and_undo_of_the_last_players_move(store: SessionStore) -> None:
    number = store.create(scrumkin.new_game(["Red", "Blue", "Green"], seed=7))
    table = TableController.checkout(store, number)
    table.set_seat(1, "random")
    assert store.load(number).meta["seats"]["bots"] == {"Blue": "random"}
    assert TableController.checkout(store, number).bot_kinds == {1: "random"}
    while not table.bot_to_play():
        table.apply(table.game.legal_actions()[0])
    made = len(table.game.log)
    table.apply(table.bot_move())  # type: ignore[arg-type]
    assert table.game.log[-1].player == 1
    assert table.last_human_steps() == 2
    table.undo(2)
    assert len(table.game.log) == made - 1 and table.paused
    table.set_seat(1, None)
    assert table.bot_kinds == {} and not table.bot_to_play()


def test_the_room_paused_and_the_settings_saved(store: SessionStore) -> None:
    number = store.create(scrumkin.new_game(["Red", "Blue"], seed=7))
    table = TableController.checkout(store, number)
    table.pause_room(True)
    table.set_pace(2.0)
    again = TableController.checkout(store, number)
    assert again.room_paused and again.paused and again.pace == 2.0
    table.pause_room(False)
    again.take_settings(store.position(number)[1])
    assert not again.room_paused


def test_the_claim_window_is_the_games_and_bots_claim_it_in_the_order_asked(
        store: SessionStore) -> None:
    assert scrumkin.new_game(["Red", "Blue"], seed=1).claim_window is None
    game = exploding.new_game(["Ada", "Bob", "Cy"], seed=12)
    table = TableController(game, store, store.create(game), 0)
    table.set_seat(1, "random")
    game.play("Ada", "Shuffle")
    window = game.claim_window
    assert window == ClaimWindow(exploding.game.CLOSE, (1, 2), undoes=False)
    claims = [table.bot_claim() for _ in range(8)]  # the random bot claims one time in two
    assert {claim for claim in claims if claim is not None} == set(game.claims(1))


def test_the_panels_import_the_controller_not_the_table() -> None:
    import ast

    import devgames.dashboards

    folder = Path(devgames.dashboards.__file__).parent
    for name in ("seats.py", "debrief_panel.py", "claim_window.py", "export_panel.py"):
        tree = ast.parse((folder / name).read_text())
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert "devgames.dashboards.table" not in imported, name
        assert "devgames.sessions.table" in imported, name
