"""The debrief in a real Voilà server and headless Chromium, clicked through as a facilitator
would, page by page: every phase with its time-box, 1-2-4-All, a note, dots that stay under the
pointer and a group, an action refused without its owner then kept, a card tagged, and all of it
in the files downloaded from the debrief's last page."""

import csv
import io

import pytest
from playwright.sync_api import Page, expect

from devgames.dashboards.debrief_notes import actions_of, notes_of
from devgames.sessions import SessionStore
from tests.e2e.harness import Server, save_screenshot, wait_for_kernel_idle
from tests.e2e.test_e2e_games import (
    download,
    open_admin,
    play_by_clicking,
    saved_game,
    session_id,
    set_up,
    until,
)

pytestmark = pytest.mark.e2e


def saved_meta(server: Server, page: Page) -> dict:
    with SessionStore(server.db) as store:
        return store.load(session_id(page)).meta


def phase(page: Page, title: str) -> None:
    """Go to a phase of the debrief (its tab)."""
    page.locator(".dg-debrief-tabs button", has_text=title).first.click()
    wait_for_kernel_idle(page)


def to_page(page: Page, title: str) -> None:
    """Click Next until the page named ``title`` shows (the Next button never moves)."""
    where = page.locator(".dg-page-where .dg-page-title")
    place = page.locator(".dg-page-next").bounding_box()
    for _page in range(30):
        shown = where.inner_text()
        if title.lower() in shown.lower():
            return
        page.click(".dg-page-next")
        wait_for_kernel_idle(page)
        expect(where).not_to_have_text(shown)
        assert page.locator(".dg-page-next").bounding_box() == place
    raise AssertionError(f"No page {title!r} in this phase")


def test_the_debrief_from_what_to_now_what_and_its_files(page: Page,
                                                         voila_server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    set_up(page, voila_server, "scrumkin", [("Red", "human"), ("Blue", "human")], hidden=False)
    play_by_clicking(page, lambda: len(saved_game(voila_server, page).log) >= 8)
    open_admin(page)
    page.click(".dg-debrief-now")
    page.locator(".dg-debrief").wait_for()
    expect(page.locator(".dg-admin")).to_be_hidden()  # the room sees the debrief, not the drawer

    # What?: its time-box on the room's timer, and a note kept at once.
    page.click(".dg-time-box")
    wait_for_kernel_idle(page)
    until(page, lambda: saved_meta(voila_server, page).get("timer", {}).get("duration") == 360)
    assert saved_meta(voila_server, page)["timer"]["started_at"] > 0
    expect(page.locator(".dg-timer")).to_contain_text("5:5")
    box = page.locator(".dg-note-input input").first
    box.fill("Flu hit Red <b>early</b>")
    box.press("Enter")
    wait_for_kernel_idle(page)
    until(page, lambda: len(notes_of(saved_meta(voila_server, page))) == 1)
    expect(page.locator(".dg-notes li").first).to_have_text("Flu hit Red <b>early</b>")
    save_screenshot(page, "debrief-what-1280x720")

    # So what?: 1-2-4-All steps set the timer; a dot and a group on the note.
    phase(page, "So what?")
    page.locator(".dg-step", has_text="2: in pairs").click()
    wait_for_kernel_idle(page)
    until(page, lambda: saved_meta(voila_server, page)["debrief"].get("step") == "2"
          and saved_meta(voila_server, page)["timer"]["duration"] == 120)
    assert saved_meta(voila_server, page)["debrief"]["step"] == "2"
    assert saved_meta(voila_server, page)["timer"]["duration"] == 120
    to_page(page, "Dots")
    page.locator(".dg-vote").first.click()
    wait_for_kernel_idle(page)
    # The dot is on the page (the notes drawn anew) before the group is typed into its row.
    expect(page.locator(".dg-dots").first).to_contain_text("● 1")
    group = page.locator(".dg-note-group input").first
    group.fill("Impediments")
    group.press("Enter")
    wait_for_kernel_idle(page)
    until(page, lambda: notes_of(saved_meta(voila_server, page))[0].get("group") == "Impediments")
    [note] = notes_of(saved_meta(voila_server, page))
    assert (note["votes"], note["group"]) == (1, "Impediments")
    expect(page.locator(".dg-dots").first).to_contain_text("● 1")
    save_screenshot(page, "debrief-so-what-1280x720")

    # Now what?: an action without its owner is refused, then kept with owner and date.
    phase(page, "Now what?")
    to_page(page, "Actions")
    page.locator(".dg-action-action input").fill("Pair on every bug")
    page.locator(".dg-action-due input").fill("2026-12-01")
    page.click(".dg-add-action")
    wait_for_kernel_idle(page)
    expect(page.locator(".dg-debrief-message")).to_contain_text("owner")
    assert actions_of(saved_meta(voila_server, page)) == []
    page.locator(".dg-action-owner input").fill("Ana")
    page.click(".dg-add-action")
    wait_for_kernel_idle(page)
    until(page, lambda: len(actions_of(saved_meta(voila_server, page))) == 1)
    [action] = actions_of(saved_meta(voila_server, page))
    assert (action["action"], action["owner"], action["due"]) == (
        "Pair on every bug", "Ana", "2026-12-01")
    expect(page.locator(".dg-action-row")).to_contain_text("Pair on every bug")

    # Reveal & map: what was hidden, who dealt what, and a card the room meets at work.
    phase(page, "Reveal & map")
    to_page(page, "Cards each team got")
    expect(page.locator(".dg-debrief")).to_contain_text("Cards each team got")
    to_page(page, "At work")
    page.locator(".dg-card-tag").first.click()
    wait_for_kernel_idle(page)
    until(page, lambda: bool(saved_meta(voila_server, page)["debrief"].get("cards")))
    save_screenshot(page, "debrief-map-1280x720")

    to_page(page, "Export")  # the debrief's last page offers the files
    page.locator(".dg-debrief .dg-export-prepare").click()
    page.locator(".dg-debrief .dg-export-links a[download$='retro.csv']").wait_for()
    rows = list(csv.DictReader(io.StringIO(download(page, "retro.csv").lstrip("\ufeff"))))
    by_type = {row["type"]: row for row in rows}
    assert (by_type["reflection"]["content"], by_type["reflection"]["group"],
            by_type["reflection"]["votes"]) == ("Flu hit Red <b>early</b>", "Impediments", "1")
    assert (by_type["action"]["action"], by_type["action"]["owner"],
            by_type["action"]["due"]) == ("Pair on every bug", "Ana", "2026-12-01")
    assert by_type["card"]["content"] in saved_meta(voila_server, page)["debrief"]["cards"]
    board = download(page, "retro-board.csv")
    assert board.splitlines()[0].lstrip("\ufeff").startswith("Column,Card,Votes")
    assert "Flu hit Red <b>early</b>" in board and "Pair on every bug" in board
