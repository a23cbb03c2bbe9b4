"""The participants' debrief on phones, in real browsers against the real device server: three
people write in Think and nobody else (nor the projector's store view) reads a note before it is
revealed; a note sent while the network is down stays in its box until sent again; a reload
keeps the person and their notes; every phone follows the step the facilitator leads (the note
box in Think only, groups suggested in Group, dots in Vote, the rating in Close); dots beyond
the limit are refused, counted once; the projector's time-box counts down on every phone; a
rating reaches the store."""

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from devgames import scrumkin
from devgames.sessions import SessionStore
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.harness import Server
from tests.e2e.test_e2e_readable import SCREENSHOTS

pytestmark = pytest.mark.e2e

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True}
NOTES = ("Ana: <img src=x onerror=alert(1)>", "Bo: we never paired", "Cy: =1+1 the flu")


@pytest.fixture
def phones(browser: Browser) -> Iterator[list[Page]]:
    contexts: list[BrowserContext] = [browser.new_context(**PHONE) for _ in NOTES]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.set_default_timeout(TIMEOUT_MS)
    yield pages
    for context in contexts:
        context.close()


def lead(server: Server, number: int, step: str) -> None:
    """The projector leads What? to ``step``: past Think, its notes are revealed."""
    with SessionStore(server.db) as store:
        store.set_meta(number, ("debrief", "phone_steps", "what"), step)
        store.reveal(number, "what")


def test_three_people_write_privately_then_see_every_note_and_vote(
        voila_server: Server, phones: list[Page]) -> None:
    with SessionStore(voila_server.db) as store:
        number = store.create(scrumkin.new_game(["Red", "Blue"], seed=2), title="Phones")
        code = store.open_debrief(number)
    address = f"{voila_server.device_url}d/{code}"
    for page, note in zip(phones, NOTES, strict=True):
        page.goto(address)
        expect(page.locator(".phase")).to_have_text("What?")
        expect(page.locator(".steps .now")).to_have_text("Think")
        page.locator("#note").fill(note)
        page.locator(".send").click()
        expect(page.locator(".note.mine")).to_have_count(1)
        expect(page.locator("#note")).to_have_value("")
    cy = phones[2]  # the network drops while a note is sent: it stays in its box
    cy.context.set_offline(True)
    cy.locator("#note").fill("Sent when the network is back")
    cy.locator(".send").click()
    expect(cy.locator(".notice")).to_contain_text("Not sent")
    expect(cy.locator("#note")).to_have_value("Sent when the network is back")
    cy.context.set_offline(False)
    cy.locator(".send").click()
    expect(cy.locator(".note.mine")).to_have_count(2)
    with SessionStore(voila_server.db) as store:
        assert store.hidden_count(number, "what") == 4
    for page, note in zip(phones, NOTES, strict=True):  # each reads only their own
        page.reload()
        expect(page.locator(".note")).to_have_count(2 if page is cy else 1)
        expect(page.locator(".note p").first).to_have_text(note)
    with SessionStore(voila_server.db) as store:
        assert store.notes_for(number, None) == [] and store.hidden_count(number, "what") == 4
    lead(voila_server, number, "group")
    for page in phones:
        expect(page.locator(".note")).to_have_count(4)
        expect(page.locator(".steps .now")).to_have_text("Group")
        expect(page.locator(".write")).to_be_hidden()
    ana = phones[0]
    assert ana.locator("img").count() == 0  # shown as text
    ana.locator(".suggest input").nth(1).fill("Pairing")
    ana.locator(".suggest button").nth(1).click()
    expect(ana.locator(".suggest input").nth(1)).to_have_value("Pairing")
    with SessionStore(voila_server.db) as store:
        assert [groups for groups in store.suggestions(number).values()] == [[("Pairing", 1)]]
    lead(voila_server, number, "vote")
    expect(ana.locator(".suggest")).to_have_count(0)
    dots = ana.locator(".note button.dot")
    for n in range(3):
        dots.nth(n).click()
        expect(ana.locator(".dots")).to_have_text(f"You have {2 - n} dot{'' if n == 1 else 's'}"
                                                  " left.")
    dots.nth(0).click()  # a fourth dot: refused, nothing saved
    expect(ana.locator(".notice")).to_contain_text("used your 3 dots")
    with SessionStore(voila_server.db) as store:  # the projector starts a 5-minute time-box
        store.set_meta(number, ("timer",), {"duration": 300, "elapsed": 0,
                                            "started_at": time.time() * 1000})
    for page in phones:
        expect(page.locator(".clock")).to_have_text(re.compile(r"^[45]:\d\d$"))
    lead(voila_server, number, "close")
    expect(ana.locator(".dots")).to_be_hidden()
    ana.locator(".score").nth(3).click()
    expect(ana.locator(".score.chosen")).to_have_text("4")
    ana.screenshot(path=SCREENSHOTS / "debrief-phone.png", full_page=True)
    with SessionStore(voila_server.db) as store:
        assert sum(note["votes"] for note in store.notes_for(number, None)) == 3
        assert store.roti(number) == (0, 0, 0, 1, 0)
        assert len(store.participants(number)) == 3  # a reload is the same person
