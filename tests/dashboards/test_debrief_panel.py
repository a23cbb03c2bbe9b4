"""The debrief at the table, driven as its buttons would be, with a real SQLite file: the three
phases and their time-boxes, 1-2-4-All, notes that are never lost, dots counted from two
screens, groups, actions with an owner and a date, the cards the room meets at work, and all of it
in ``retro.csv``."""

import csv
import io
import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import ipywidgets as widgets
import pytest

from devgames.dashboards import FacilitatorApp
from devgames.dashboards.debrief_notes import PHASES, actions_of, notes_of
from devgames.dashboards.debrief_panel import DebriefPanel
from devgames.sessions import SessionStore
from tests.dashboards.tables import table_of

from .test_app import all_html, decode_links, finished, humans_play_until, start


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SessionStore]:
    with SessionStore(tmp_path / "sessions.sqlite") as opened:
        yield opened


def retro_rows(app: FacilitatorApp) -> list[dict[str, str]]:
    """``retro.csv`` as the facilitator downloads it, row by row."""
    table_of(app).export.prepare()
    text = decode_links(table_of(app).export.links.value)["retro.csv"]
    return list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))


def saved_meta(app: FacilitatorApp) -> dict:
    return app.store.load(table_of(app).session_id).meta


def every_page(debrief: DebriefPanel) -> str:
    """Every page of the phase shown, its HTML and labels one page after the other (the
    debrief is left at its first page)."""
    shown = []
    for page in range(len(debrief.pages(debrief.phase.key))):
        debrief.go_to_page(page)
        shown.append(all_html(debrief))
    debrief.go_to_page(0)
    return "\n".join(shown)


def test_a_note_typed_mid_game_is_kept_when_the_questions_change(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "human")], hidden=False)
    table = table_of(app)
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
    shown = every_page(table.debrief)
    assert "Flu hit Red in sprint 2" in shown and early in shown.replace("&#x27;", "'")


def test_each_phase_starts_its_time_box_on_the_rooms_timer(store: SessionStore) -> None:
    app = finished(store)
    debrief = table_of(app).debrief
    assert sum(phase.minutes for phase in PHASES) in range(25, 31)
    for phase in PHASES:
        debrief.tabs.value = phase.key
        debrief.time_box.click()
        assert app.timer.running and app.timer.duration == phase.minutes * 60
        assert saved_meta(app)["timer"]["duration"] == phase.minutes * 60
        assert saved_meta(app).get("debrief", {}).get("phase", "what") == phase.key
    debrief.tabs.value = "so_what"
    two = [b for b in debrief.steps.children[0].children if b.description.startswith("2:")]
    two[0].click()
    assert app.timer.duration == 2 * 60 and saved_meta(app)["debrief"]["step"] == "2"
    assert debrief.steps.children[0].children[1].button_style == "primary"  # the step shown


def two_screens(store: SessionStore, tmp_path: Path) -> tuple[FacilitatorApp, FacilitatorApp]:
    """A finished game at the table, and a second screen on the same session."""
    app = finished(store)
    other = FacilitatorApp(store=SessionStore(tmp_path / "sessions.sqlite"))
    other.address.session_id = table_of(app).session_id
    return app, other


def test_dots_from_two_screens_all_count_and_groups_go_to_the_retro_file(
        store: SessionStore, tmp_path: Path) -> None:
    app, other = two_screens(store, tmp_path)
    mine, theirs = table_of(app).debrief, table_of(other).debrief
    mine.tabs.value = "so_what"
    note = mine.add_note("so_what", mine.questions["so_what"][0], "We hoarded shields")
    second = mine.add_note("so_what", mine.questions["so_what"][0], "Nobody invested early")
    assert note is not None and second is not None
    other.connection._on_msg(other.connection, {"ping": 1}, [])  # B sees A's phase and notes
    assert theirs.tabs.value == "so_what" and "We hoarded shields" in every_page(theirs)
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
    mine.sort_dots()
    shown = every_page(mine)
    board = shown[shown.index("<h3>Dots"):]  # the voting board: the most dots first
    assert board.index("We hoarded shields") < board.index("Nobody invested early")
    assert "<b>Fear</b> (1 note, 3 dots)" in shown


def test_an_action_needs_an_owner_and_a_date_and_goes_to_the_retro_file(
        store: SessionStore) -> None:
    app = finished(store)
    debrief = table_of(app).debrief
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
    assert "Ana &lt;b&gt;" in every_page(debrief) and "Ana <b>" not in every_page(debrief)
    [row] = [row for row in retro_rows(app) if row["type"] == "action"]
    assert (row["action"], row["owner"], row["due"]) == (
        "'=Pair on every bug", "Ana <b>", "2026-12-01")


def test_hostile_or_empty_notes_are_refused_or_escaped(store: SessionStore) -> None:
    app = finished(store)
    debrief = table_of(app).debrief
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
    store.set_meta(table_of(app).session_id, ("notes",), {"An old question?": "One\nTwo"})
    again = FacilitatorApp(store=store)
    again.resume(table_of(app).session_id)
    meta = saved_meta(again)
    assert "notes" not in meta
    assert [n["content"] for n in notes_of(meta)] == ["One", "Two"]
    assert {"One", "Two"} <= {row["content"] for row in retro_rows(again)}


def test_the_room_tags_the_cards_it_meets_at_work(store: SessionStore) -> None:
    app = finished(store)
    debrief = table_of(app).debrief
    debrief.tabs.value = "map"
    shown = every_page(debrief)
    assert "Hidden then:" in shown
    titles = [title for title, _draw in debrief.pages("map")]
    debrief.go_to_page(next(n for n, title in enumerate(titles) if "at work" in title.lower()))
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


def _shown_notes(debrief: DebriefPanel) -> list[tuple[str, widgets.Button]]:
    """The notes to dot as the room sees them, top to bottom, each with its "+ dot" button."""
    rows = [w for w in _widgets(debrief.body) if "dg-note-row" in getattr(w, "_dom_classes", ())]
    found = []
    for row in rows:
        [text] = [w for w in row.children if isinstance(w, widgets.HTML)]
        [more] = [w for w in row.children if "dg-vote" in w._dom_classes]
        found.append((re.sub(r"<[^>]*>", "", text.value).split("●")[0].strip(), more))
    return found


def _go_to(debrief: DebriefPanel, start: str) -> None:
    """Go to the first page of the phase shown whose title starts with ``start``."""
    titles = [title for title, _draw in debrief.pages(debrief.phase.key)]
    debrief.go_to_page(next(n for n, title in enumerate(titles) if title.startswith(start)))


def test_a_dot_moves_no_note_under_the_pointer_until_sorted(store: SessionStore) -> None:
    app = finished(store)
    debrief = table_of(app).debrief
    question = debrief.questions["what"][0]
    for text in ("Flu hit us", "We hoarded shields", "Nobody invested early"):
        debrief.add_note("what", question, text)
    debrief.tabs.value = "so_what"
    _go_to(debrief, "Dots")
    before = [text for text, _button in _shown_notes(debrief)]
    assert before == ["Flu hit us", "We hoarded shields", "Nobody invested early"]
    for _click in range(3):  # the room dots the last note, three times, at the same place
        text, more = _shown_notes(debrief)[2]
        assert text == "Nobody invested early"
        more.click()
    assert [text for text, _button in _shown_notes(debrief)] == before
    assert {n["content"]: n["votes"] for n in notes_of(saved_meta(app))}[
        "Nobody invested early"] == 3
    [sort] = [w for w in _widgets(debrief.body) if "dg-sort-dots" in w._dom_classes]
    sort.click()  # "Sort by dots": now the most dots first
    assert _shown_notes(debrief)[0][0] == "Nobody invested early"
    _shown_notes(debrief)[2][1].click()
    debrief.tabs.value = "now_what"
    debrief.tabs.value = "so_what"  # back to the phase: sorted again
    _go_to(debrief, "Dots")
    assert [text for text, _button in _shown_notes(debrief)][:2] == [
        "Nobody invested early", "We hoarded shields"]


def test_opening_the_debrief_closes_the_facilitators_drawer(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "human")])
    table = table_of(app)
    table.admin_toggle.value = True
    assert "dg-open" in table.admin._dom_classes
    [now] = [w for w in _widgets(table.admin) if "dg-debrief-now" in w._dom_classes]
    now.click()
    assert "dg-open" not in table.admin._dom_classes and not table.admin_toggle.value
    assert table.debrief in table.end.children and "dg-debriefing" in table._dom_classes


def test_a_few_questions_a_page_and_every_screen_on_the_same_page(
        store: SessionStore, tmp_path: Path) -> None:
    app, other = two_screens(store, tmp_path)
    mine, theirs = table_of(app).debrief, table_of(other).debrief
    mine.tabs.value = "so_what"
    pages = mine.pages("so_what")
    assert len(pages) > 1 and mine.next.description == "Next ›" and mine.back.disabled
    asked = mine.questions["so_what"]
    shown = all_html(mine.body)
    assert asked[0] in shown.replace("&#x27;", "'") and asked[-1] not in shown
    mine.next.click()
    assert mine.page == 1 and not mine.back.disabled and pages[1][0] in mine.where.value
    other.connection._on_msg(other.connection, {"ping": 1}, [])  # B follows A's page
    assert (theirs.tabs.value, theirs.page) == ("so_what", 1)
    mine.tabs.value = "what"  # a new phase starts at its first page
    other.connection._on_msg(other.connection, {"ping": 1}, [])
    assert (theirs.tabs.value, theirs.page) == ("what", 0)


def test_while_debriefing_the_scores_and_charts_are_a_click_away(store: SessionStore) -> None:
    app = finished(store)
    table = table_of(app)
    assert "dg-debriefing" in table._dom_classes and table.scores_toggle in table.end.children
    assert table.export not in table.end.children  # the last page of the map, and the drawer
    table.scores_toggle.value = True
    assert "dg-seeing-scores" in table._dom_classes
    assert table.scores_toggle.description == "Back to the debrief"
    table.scores_toggle.value = False
    assert "dg-seeing-scores" not in table._dom_classes
    table.debrief.tabs.value = "map"
    assert table.debrief.pages("map")[-1][0] == "Export"
