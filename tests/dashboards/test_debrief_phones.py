"""The debrief's phones on the projector, driven as its buttons would be, with a real SQLite
file: the join code as a QR code and a short address, the phase's steps, only the count of the
notes still hidden, the notes on the board once revealed (with the phones' dots, grouped by the
facilitator, the groups phones suggest a click away), the dots each person has as the
facilitator sets them, the key moments that surprised phones, and the ROTI."""

import csv
import io
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import ipywidgets as widgets
import pytest

from devgames.dashboards import FacilitatorApp
from devgames.dashboards.debrief_notes import actions_of
from devgames.dashboards.debrief_panel import DebriefPanel
from devgames.dashboards.serve import DEVICE_URL_VARIABLE
from devgames.retro import cards_to_tag, key_moments
from devgames.screens.cards import html
from devgames.sessions import SessionStore
from devgames.sessions.participants import DebriefRefused
from tests.dashboards.tables import table_of

from .test_app import all_html, decode_links, finished
from .test_debrief_panel import every_page, retro_rows

BASE = "http://192.168.1.5:8867/"
SECRET = "Only Ana knows <b>this</b>"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FacilitatorApp]:
    monkeypatch.setenv(DEVICE_URL_VARIABLE, BASE)
    with SessionStore(tmp_path / "sessions.sqlite") as store:
        app = finished(store)
        table_of(app).open_debrief()
        yield app


def buttons(widget: widgets.Widget) -> list[widgets.Button]:
    """Every button inside ``widget``, as drawn now."""
    if isinstance(widget, widgets.Button):
        return [widget]
    return [b for child in getattr(widget, "children", ()) for b in buttons(child)]


@pytest.fixture
def debrief(app: FacilitatorApp) -> DebriefPanel:
    return table_of(app).debrief


def test_the_code_opens_the_debrief_and_only_the_count_of_hidden_notes_shows(
        debrief: DebriefPanel) -> None:
    store, number = debrief.table.controller.store, debrief.table.controller.session_id
    debrief.phones_toggle.value = True
    phones = debrief.phones
    assert "Open the debrief to phones" in phones.open.description
    phones.open.click()
    code = store.debrief_code(number)
    assert code and "<svg" in phones.code.value
    shown = f"192.168.1.5:8867/d/<wbr><span class='dg-join-code'>{code[:4]}-{code[4:]}</span>"
    assert shown in phones.code.value  # to type from the projector
    _, ana = store.join(number, "Ana")
    store.add_note(number, ana, "what", "What?", SECRET)
    phones.follow()
    assert "<b>1</b> person joined" in phones.counts.value
    assert "<b>1</b> note of What? written, not revealed" in phones.counts.value
    debrief.phones_toggle.value = False
    assert "Only Ana" not in all_html(debrief) + every_page(debrief)
    debrief.phones_toggle.value = True
    phones.renew.click()
    assert store.debrief_session(code) is None and store.debrief_code(number) != code
    assert phones.step.value == "think"
    phones.step.value = "reveal"  # every phone shows Reveal, and the notes are revealed
    assert store.hidden_count(number, "what") == 0
    assert store.load(number).meta["debrief"]["phone_steps"] == {"what": "reveal"}
    debrief.phones_toggle.value = False
    assert "Only Ana knows &lt;b&gt;this&lt;/b&gt;" in every_page(debrief)
    phones.close.click()
    assert store.debrief_code(number) is None


def test_phone_notes_are_dotted_on_phones_and_grouped_at_the_table(
        debrief: DebriefPanel) -> None:
    store, number = debrief.table.controller.store, debrief.table.controller.session_id
    people = [store.join(number)[1] for _ in range(2)]
    notes = [store.add_note(number, person, "so_what", "So what?", f"Idea {n}")
             for n, person in enumerate(people)]
    debrief.tabs.value = "so_what"
    debrief.phones_toggle.value = True
    debrief.phones.step.value = "vote"
    debrief.phones.dots.value = 1  # one dot each
    for person in people:
        store.dot(number, person, notes[0])
    debrief.phones.follow()
    assert "<b>2</b> of 2 dots put." in debrief.phones.counts.value
    with pytest.raises(DebriefRefused, match="used your 1 dot:"):
        store.dot(number, people[0], notes[1])
    debrief.phones_toggle.value = False
    debrief.tabs.value = "so_what"
    assert [(n["content"], n["votes"]) for n in debrief.dot_notes()] == [("Idea 0", 2),
                                                                         ("Idea 1", 0)]
    debrief.set_phone_group(notes[0], "Pairing")
    assert store.notes_for(number, None)[0]["group"] == "Pairing"
    assert "<b>Pairing</b> (1 note, 2 dots)" in every_page(debrief)


def test_the_roti_shows_as_bars_with_their_counts(debrief: DebriefPanel) -> None:
    store, number = debrief.table.controller.store, debrief.table.controller.session_id
    for score in (5, 4, 4):
        store.rate(number, store.join(number)[1], score)
    debrief.phones_toggle.value = True
    assert "3 ratings, average 4.3 of 5" in debrief.phones.roti.value


def test_retro_csv_holds_the_revealed_phone_notes_their_authors_and_the_roti(
        app: FacilitatorApp) -> None:
    debrief = table_of(app).debrief
    store, number = debrief.table.controller.store, debrief.table.controller.session_id
    store.set_meta(number, ("debrief", "signed"), True)
    (_, ana), (_, bo) = store.join(number, "=Ana"), store.join(number)
    store.add_note(number, ana, "what", "What?", "=HYPERLINK(1) signed", signed=True)
    store.add_note(number, bo, "what", "What?", "Anonymous fact")
    store.add_note(number, bo, "so_what", "So what?", "Still hidden")
    store.reveal(number, "what")
    moment = key_moments(debrief.game)[0]
    store.surprise(number, ana, moment.move, True)
    store.rate(number, ana, 5)
    store.rate(number, bo, 3)
    card = cards_to_tag(debrief.game)[0]
    for person in (ana, bo):
        store.tag_card(number, person, card, True)
    debrief.tabs.value = "map"
    shown = f"{html(card)}</span> <span class='dg-muted dg-card-phones'>(2 on phones)"
    assert shown in every_page(debrief)
    rows = retro_rows(app)
    phone = {row["content"]: row["author"] for row in rows if row["prompt"] == "What?"}
    assert phone == {"'=HYPERLINK(1) signed": "'=Ana", "Anonymous fact": bo}
    assert not [row for row in rows if "Still hidden" in row["content"]]
    roti = {row["content"]: row["votes"] for row in rows if row["type"] == "roti"}
    cards = {row["content"]: row["votes"] for row in rows if row["type"] == "card"}
    assert cards[card] == "2"
    assert roti == {"1 of 5": "0", "2 of 5": "0", "3 of 5": "1", "4 of 5": "0", "5 of 5": "1"}
    surprises = [(row["content"], row["votes"]) for row in rows if row["type"] == "moment"]
    assert surprises == [(moment.title, "1")]
    assert f"({moment.title})" not in every_page(debrief)
    assert "(surprised 1 on phones)" in every_page(debrief)


def test_the_board_files_close_with_the_roti_and_the_surprising_moments(
        app: FacilitatorApp) -> None:
    table = table_of(app)
    store, number = table.controller.store, table.controller.session_id
    people = [store.join(number)[1] for _ in range(3)]
    for person, score in zip(people, (5, 4, 2), strict=True):
        store.rate(number, person, score)
    moment = key_moments(table.game)[0]
    store.surprise(number, people[0], moment.move, True)
    table.export.prepare()
    text = decode_links(table.export.links.value)["retro-board.csv"]
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert ["Reveal & map", moment.title, "1", "", "", ""] in rows
    assert ["Reveal & map", "Return on time invested: 3.7 of 5 from 3 ratings (5: 1, 4: 1, "
            "3: 0, 2: 1, 1: 0)", "3", "", "", ""] in rows


def test_a_group_suggested_on_phones_is_one_click_for_the_facilitator(
        debrief: DebriefPanel) -> None:
    store, number = debrief.table.controller.store, debrief.table.controller.session_id
    people = [store.join(number)[1] for _ in range(3)]
    note = store.add_note(number, people[0], "so_what", "So what?", "Flu week")
    debrief.tabs.value = "so_what"  # the facilitator groups on the dots pages
    debrief.phones_toggle.value = True
    debrief.phones.step.value = "group"
    for person, group in zip(people, ("<i>Health</i>", "<i>Health</i>", "Luck"), strict=True):
        store.suggest_group(number, person, note, group)
    debrief.phones_toggle.value = False

    def offered() -> list[widgets.Button]:
        found = []
        for page in range(len(debrief.pages("so_what"))):
            debrief.go_to_page(page)
            found += [b for b in buttons(debrief) if "dg-use-group" in b._dom_classes]
        return found

    (use,) = offered()
    assert use.description == "Use “<i>Health</i>” (2)"  # a button's text is never HTML
    use.click()
    assert store.notes_for(number, None)[0]["group"] == "<i>Health</i>"
    assert offered() == []


def test_an_action_proposed_on_a_phone_is_taken_up_with_an_owner_and_a_date(
        debrief: DebriefPanel) -> None:
    store, number = debrief.table.controller.store, debrief.table.controller.session_id
    _, ana = store.join(number)
    store.add_note(number, ana, "now_what", "Now what?", "Pair on every bug")
    debrief.tabs.value = "now_what"
    assert "Pair on every bug" not in every_page(debrief)  # not revealed yet
    store.reveal(number, "now_what")
    debrief.draw()
    (proposal,) = debrief.proposals()
    assert "Proposed on phones" in every_page(debrief)
    debrief.take_up(proposal)
    assert debrief.action_text.value == "Pair on every bug"
    assert debrief.add_action(debrief.action_text.value, "Ana", date(2026, 12, 4))
    (action,) = actions_of(store.load(number).meta)
    assert (action["action"], action["owner"], action["from_note"]) == (
        "Pair on every bug", "Ana", proposal["id"])
    assert debrief.proposals() == []
