"""Two screens on one session (two tabs, two kernels, one SQLite file): a move made on a stale
screen is refused and that screen catches up; nothing either screen saved is lost."""

from pathlib import Path

import pytest

from devgames.dashboards import FacilitatorApp
from devgames.dashboards.debrief_notes import notes_of
from devgames.sessions import SessionStore
from tests.dashboards.tables import table_of

from .test_app import start


@pytest.fixture
def two_tabs(tmp_path: Path) -> tuple[FacilitatorApp, FacilitatorApp]:
    """Tab A starts a session of humans with open hands; tab B opens it from the page address."""
    path = tmp_path / "sessions.sqlite"
    tab_a = start(SessionStore(path), seats=[("Red", "human"), ("Blue", "human")], hidden=False)
    tab_b = FacilitatorApp(store=SessionStore(path))
    tab_b.address.session_id = table_of(tab_a).session_id
    assert tab_b.table is not None
    return tab_a, tab_b


def test_a_move_on_a_stale_tab_is_refused_and_the_tab_shows_the_saved_table(two_tabs) -> None:
    tab_a, tab_b = two_tabs
    table_a, table_b = tab_a.table, tab_b.table
    labels = list(table_a.picker.labels)
    assert labels == list(table_b.picker.labels) and len(labels) > 1

    table_a.picker._pick(0)
    made_in_a = table_a.game.log[-1]
    table_b.picker.pick_label(labels[-1])  # B still shows the old position

    assert "The table has moved on" in table_b.notice.value
    saved = table_a.controller.store.load(table_a.session_id).log
    assert saved == [made_in_a]
    assert table_b.game.log == saved  # B caught up: it shows A's move, not its own
    assert table_b.game.snapshot() == table_a.game.snapshot()
    assert "The table moved on from another screen." in table_b.news_box.value
    # B can play on from the fresh position, and A is now the stale one.
    table_b.picker._pick(0)
    assert len(table_b.controller.store.load(table_b.session_id).log) == 2
    table_a.picker._pick(0)
    assert "The table has moved on" in table_a.notice.value
    assert table_a.game.log == table_b.game.log


def test_an_undo_on_a_stale_tab_takes_back_nothing(two_tabs) -> None:
    tab_a, tab_b = two_tabs
    table_a, table_b = tab_a.table, tab_b.table
    table_b.picker._pick(0)
    table_a.picker._pick(0)  # refused: A catches up with B's move
    table_a.picker._pick(0)
    saved = table_a.controller.store.load(table_a.session_id).log
    assert len(saved) == 2
    table_b.undo(1)  # B never saw A's second move
    assert "The table has moved on" in table_b.notice.value
    assert table_b.controller.store.load(table_b.session_id).log == saved == table_b.game.log


def test_a_tab_follows_the_store_when_the_page_asks_the_kernel(two_tabs) -> None:
    tab_a, tab_b = two_tabs
    tab_a.table.picker._pick(0)
    assert tab_b.table.game.log == []
    tab_b.connection._on_msg(tab_b.connection, {"ping": 1}, [])  # the browser's regular check
    assert tab_b.table.game.snapshot() == tab_a.table.game.snapshot()
    # A move that only follows on from B's table is told as the table tells any move.
    assert tab_b.table.controller.news[-1] == tab_a.table.controller.news[-1]
    assert tab_b.table.picker.labels == tab_a.table.picker.labels
    tab_b.table.undo(1)  # a log changed otherwise (an undo) is shown as saved, with a notice
    tab_a.connection._on_msg(tab_a.connection, {"ping": 1}, [])
    assert "The table has moved on" in tab_a.table.notice.value
    assert tab_a.table.game.log == []
    # Nothing new: a check changes nothing on screen.
    tab_b.table.notice.clear()
    tab_b.connection._on_msg(tab_b.connection, {"ping": 2}, [])
    assert tab_b.table.notice.value == ""


def test_notes_typed_on_two_tabs_are_both_kept(two_tabs) -> None:
    tab_a, tab_b = two_tabs
    tab_a.table.open_debrief()
    tab_b.table.open_debrief()
    first, second = [*tab_a.table.debrief.questions["what"], "Anything else?"][:2]
    tab_a.table.debrief.add_note("what", first, "Too many bugs")
    tab_b.table.debrief.add_note("what", second, "We paired more")
    tab_a.table.picker._pick(0)  # a move after a note from another tab is not stale
    assert "moved on" not in tab_a.table.notice.value
    saved = tab_a.store.load(tab_a.table.session_id)
    assert {(n["prompt"], n["content"]) for n in notes_of(saved.meta)} == {
        (first, "Too many bugs"), (second, "We paired more")}
    assert len(saved.log) == 1


def test_settings_from_two_tabs_merge(two_tabs) -> None:
    tab_a, tab_b = two_tabs
    tab_a.table.pace_choice.value = 2.0
    tab_b.table.hands_box.value = True
    seats = tab_a.store.load(tab_a.table.session_id).meta["seats"]
    assert (seats["pace"], seats["hidden_hands"]) == (2.0, True)


def test_a_tab_shows_the_seats_pace_curtain_and_timer_set_on_another(two_tabs) -> None:
    tab_a, tab_b = two_tabs
    tab_a.table.pace_choice.value = 2.0
    tab_a.table.hands_box.value = True
    tab_a.table.seats_panel.choose("Blue", "random")
    tab_a.timer_minutes.value = 9
    tab_a.use_timer(lambda: tab_a.timer.reset(tab_a.timer_minutes.value))
    tab_b.connection._on_msg(tab_b.connection, {"ping": 1}, [])  # the browser's regular check
    table_b = tab_b.table
    assert (table_b.controller.pace, table_b.pace_choice.value) == (2.0, 2.0)
    assert table_b.controller.hidden_hands and table_b.hands_box.value
    assert table_b.controller.bot_kinds == {1: "random"} and 1 in table_b.controller.bots
    assert table_b.seats_panel.lists["Blue"].value == "random"
    assert "Blue (random bot)" in table_b.heading.value
    assert tab_b.timer.duration == 9 * 60
    # Showing them saved nothing and made no move stale.
    assert table_b.controller.revision == tab_a.table.controller.revision
    assert table_b.game.meta == tab_a.store.load(table_b.session_id).meta
