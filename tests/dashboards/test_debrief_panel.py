"""The debrief at the table, driven as its buttons would be, with a real SQLite file: the three
phases and their time-boxes, 1-2-4-All, notes that are never lost, dots counted from two
screens, groups, actions with an owner and a date, the cards the room meets at work, and all of it
in ``retro.csv``."""

import csv
import io
from datetime import date
from pathlib import Path

import pytest

from devgames.dashboards import FacilitatorApp
from devgames.dashboards.debrief_notes import PHASES, actions_of, notes_of
from devgames.sessions import SessionStore

from .test_app import all_html, decode_links, finished, humans_play_until, start


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    with SessionStore(tmp_path / "sessions.sqlite") as opened:
        yield opened


def retro_rows(app: FacilitatorApp) -> list[dict[str, str]]:
    """``retro.csv`` as the facilitator downloads it, row by row."""
    app.table.export.prepare()
    text = decode_links(app.table.export.links.value)["retro.csv"]
    return list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))


def saved_meta(app: FacilitatorApp) -> dict:
    return app.store.load(app.table.session_id).meta


def test_a_note_typed_mid_game_is_kept_when_the_questions_change(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "human")], hidden=False)
    table = app.table
    humans_play_until(table, lambda: len(table.game.rounds) >= 4, limit=3000)
    table.open_debrief()
    asked_then = [(phase, q) for phase, qs in table.debrief.questions.items() for q in qs]
    humans_play_until(table, lambda: len(table.game.rounds) >= 10, limit=3000)
    table.open_debrief()
    asked_now = [(phase, q) for phase, qs in table.debrief.questions.items() for q in qs]
    gone = [pair for pair in asked_then if pair not in asked_now]
    assert gone  # drawn from the data: some wording moved on with the game
    phase, early = gone[0]
    later = asked_now[0][1]
    table.debrief.add_note(phase, early, "Flu hit Red in sprint 2")  # typed at the time
    table.debrief.add_note(asked_now[0][0], later, "Blue caught up")
    contents = {row["content"] for row in retro_rows(app)}
    assert {"Flu hit Red in sprint 2", "Blue caught up"} <= contents
    table.debrief.tabs.value = phase
    shown = all_html(table.debrief)
    assert "Flu hit Red in sprint 2" in shown and early in shown.replace("&#x27;", "'")


def test_each_phase_starts_its_time_box_on_the_rooms_timer(store: SessionStore) -> None:
    app = finished(store)
    debrief = app.table.debrief
    assert sum(phase.minutes for phase in PHASES) in range(25, 31)
    for phase in PHASES:
        debrief.tabs.value = phase.key
        debrief.time_box.click()
        assert app.timer.running and app.timer.duration == phase.minutes * 60
        assert saved_meta(app)["timer"]["duration"] == phase.minutes * 60
        assert saved_meta(app).get("debrief", {}).get("phase", "what") == phase.key
    debrief.tabs.value = "so_what"
    two = [b for b in debrief.body.children[0].children if b.description.startswith("2:")]
    two[0].click()
    assert app.timer.duration == 2 * 60 and saved_meta(app)["debrief"]["step"] == "2"
    assert debrief.body.children[0].children[1].button_style == "primary"  # the step shown


def test_dots_from_two_screens_all_count_and_groups_go_to_the_retro_file(
        store: SessionStore, tmp_path: Path) -> None:
    app = finished(store)
    other = FacilitatorApp(store=SessionStore(tmp_path / "sessions.sqlite"))
    other.address.session_id = app.table.session_id
    mine, theirs = app.table.debrief, other.table.debrief
    mine.tabs.value = "so_what"
    note = mine.add_note("so_what", mine.questions["so_what"][0], "We hoarded shields")
    second = mine.add_note("so_what", mine.questions["so_what"][0], "Nobody invested early")
    other.connection._on_msg(other.connection, {"ping": 1}, [])  # B sees A's phase and notes
    assert theirs.tabs.value == "so_what" and "We hoarded shields" in all_html(theirs)
    mine.vote(note, 1)
    theirs.vote(note, 1)  # B never saw A's dot: both count
    theirs.vote(note, 1)
    mine.vote(second, -1)  # never below nothing
    mine.set_group(note, "Fear")
    by_content = {n["content"]: n for n in notes_of(saved_meta(app))}
    assert by_content["We hoarded shields"]["votes"] == 3
    assert by_content["Nobody invested early"]["votes"] == 0
    rows = {row["content"]: row for row in retro_rows(app)}
    assert (rows["We hoarded shields"]["votes"], rows["We hoarded shields"]["group"]) == (
        "3", "Fear")
    shown = all_html(mine)
    board = shown[shown.index("<h3>Dots"):]  # the voting board: the most dots first
    assert board.index("We hoarded shields") < board.index("Nobody invested early")
    assert "<b>Fear</b> (1 note, 3 dots)" in shown


def test_an_action_needs_an_owner_and_a_date_and_goes_to_the_retro_file(
        store: SessionStore) -> None:
    app = finished(store)
    debrief = app.table.debrief
    debrief.tabs.value = "now_what"
    assert debrief.add_action("Pair on every bug", "", date(2026, 12, 1)) is None
    assert "owner" in debrief.message.value
    assert debrief.add_action("Pair on every bug", "Ana", None) is None
    assert "due date" in debrief.message.value
    assert debrief.add_action("   ", "Ana", date(2026, 12, 1)) is None
    assert actions_of(saved_meta(app)) == []  # nothing refused was kept
    debrief.action_text.value = "=Pair on every bug"
    debrief.action_owner.value = "Ana <b>"
    debrief.action_due.value = date(2026, 12, 1)
    [add] = [w for w in debrief.action_form.children if "dg-add-action" in w._dom_classes]
    add.click()
    assert debrief.message.value == "" and debrief.action_text.value == ""
    [action] = actions_of(saved_meta(app))
    assert (action["action"], action["owner"], action["due"]) == (
        "=Pair on every bug", "Ana <b>", "2026-12-01")
    assert "Ana &lt;b&gt;" in all_html(debrief) and "Ana <b>" not in all_html(debrief)
    [row] = [row for row in retro_rows(app) if row["type"] == "action"]
    assert (row["action"], row["owner"], row["due"]) == (
        "'=Pair on every bug", "Ana <b>", "2026-12-01")


def test_hostile_or_empty_notes_are_refused_or_escaped(store: SessionStore) -> None:
    app = finished(store)
    debrief = app.table.debrief
    question = debrief.questions["what"][0]
    assert debrief.add_note("what", question, "   ") is None
    assert "empty" in debrief.message.value
    assert debrief.add_note("what", question, "x" * 5000) is None
    assert debrief.add_note("what", question, "<script>alert(1)</script>")
    shown = all_html(debrief)
    assert "<script>" not in shown and "&lt;script&gt;" in shown
    assert len(notes_of(saved_meta(app))) == 1


def test_notes_saved_before_notes_had_ids_are_kept(store: SessionStore) -> None:
    app = finished(store)
    store.set_meta(app.table.session_id, ("notes",), {"An old question?": "One\nTwo"})
    again = FacilitatorApp(store=store)
    again.resume(app.table.session_id)
    meta = saved_meta(again)
    assert "notes" not in meta
    assert [n["content"] for n in notes_of(meta)] == ["One", "Two"]
    assert {"One", "Two"} <= {row["content"] for row in retro_rows(again)}


def test_the_room_tags_the_cards_it_meets_at_work(store: SessionStore) -> None:
    app = finished(store)
    debrief = app.table.debrief
    debrief.tabs.value = "map"
    shown = all_html(debrief)
    assert "Hidden then:" in shown
    tags = [w for w in _widgets(debrief) if "dg-card-tag" in getattr(w, "_dom_classes", ())]
    assert tags
    tags[0].value = True
    name = sorted(saved_meta(app)["debrief"]["cards"])[0]
    debrief.vote_card(name, 1)
    debrief.vote_card(name, 1)
    [row] = [row for row in retro_rows(app) if row["type"] == "card"]
    assert (row["content"], row["votes"]) == (name, "2")


def _widgets(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _widgets(child)
