"""Trust at the table, in real browsers: two tabs on one session never lose a move, and a page
whose kernel dies says so at once and comes back by itself."""

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Page, expect

from devgames.sessions import SessionStore
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.harness import Server, moves_saved, wait_for_app, wait_for_kernel_idle
from tests.e2e.test_e2e_games import session_id, set_up, until

pytestmark = pytest.mark.e2e

LOST = "The connection to the table was lost: reload to resume; nothing is lost."


def moved(tab: Page, moves: int) -> None:
    """Wait until the tab's click was saved and drawn: on a busy machine the kernel can be idle
    before the click has even reached it."""
    expect(tab.locator(".dg-admin")).to_contain_text(moves_saved(moves), timeout=30_000,
                                                     use_inner_text=False)
    wait_for_kernel_idle(tab)


def saved_log(server: Server, number: int) -> list:
    with SessionStore(server.db) as store:
        return store.load(number).log


@contextmanager
def two_tabs(browser: Browser, server: Server) -> Iterator[tuple[Page, Page, int]]:
    """Two browsers on one session: tab A starts a Scrumkin session of two teams with open
    hands, tab B opens it from its address. Yields both tabs and the session number."""
    contexts = [browser.new_context(viewport={"width": 1600, "height": 1000})
                for _ in range(2)]
    try:
        tab_a, tab_b = (context.new_page() for context in contexts)
        for tab in (tab_a, tab_b):
            tab.set_default_timeout(TIMEOUT_MS)
        set_up(tab_a, server, "scrumkin", [("Red", "human"), ("Blue", "human")], hidden=False)
        number = session_id(tab_a)
        tab_b.goto(f"{server.url}#session={number}")
        wait_for_app(tab_b, ".dg-table-view")
        yield tab_a, tab_b, number
    finally:
        for context in contexts:
            context.close()


def test_two_tabs_never_overwrite_each_others_moves(browser: Browser,
                                                     voila_server: Server) -> None:
    with two_tabs(browser, voila_server) as (tab_a, tab_b, number):
        moves_b = tab_b.locator(".dg-move")
        assert moves_b.count() > 1

        tab_a.locator(".dg-move").first.click()
        moved(tab_a, 1)
        [made_in_a] = saved_log(voila_server, number)
        # Tab B still shows the first position, unless its regular check caught up already: its
        # click can never replace A's move. Refused, it says so; after catching up, it is a
        # second move made from the saved position.
        moves_b.last.click()
        notice = tab_b.locator(".dg-table-view .dg-notice")

        def answered() -> bool:  # (the kernel may be idle before the click has reached it)
            return len(saved_log(voila_server, number)) > 1 or \
                "The table has moved on" in notice.inner_text()

        until(tab_b, answered, TIMEOUT_MS)
        wait_for_kernel_idle(tab_b)
        saved = saved_log(voila_server, number)
        assert saved[0] == made_in_a
        if len(saved) == 1:
            expect(notice).to_contain_text("The table has moved on")

        # Both tabs show what the store holds; a reload of A loses nothing.
        with SessionStore(voila_server.db) as store:
            game = store.resume(number)
        tab_a.reload()
        wait_for_app(tab_a, ".dg-table-view")
        for tab in (tab_a, tab_b):
            expect(tab.locator(".dg-admin")).to_contain_text(
                moves_saved(len(game.log)), timeout=15_000, use_inner_text=False)
        assert (tab_a.locator(".dg-scoreboard").inner_text()
                == tab_b.locator(".dg-scoreboard").inner_text())


def test_a_tab_follows_moves_made_in_another_without_a_click(browser: Browser,
                                                              voila_server: Server) -> None:
    with two_tabs(browser, voila_server) as (tab_a, tab_b, number):
        for count in range(1, 4):
            tab_a.locator(".dg-move").first.click()
            moved(tab_a, count)
        moves = len(saved_log(voila_server, number))
        expect(tab_b.locator(".dg-admin")).to_contain_text(
            moves_saved(moves), timeout=15_000, use_inner_text=False)
        # The moves only follow on from B's table: B plays them forward and tells them in its
        # news, as the tab where they were made does, and the two tables agree.
        expect(tab_b.locator(".dg-news")).to_have_text(tab_a.locator(".dg-news").inner_text(),
                                                       use_inner_text=True)
        assert (tab_a.locator(".dg-scoreboard").inner_text()
                == tab_b.locator(".dg-scoreboard").inner_text())


def test_a_dead_kernel_shows_a_banner_at_once_and_the_page_comes_back(
        page: Page, voila_server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    set_up(page, voila_server, "scrumkin", [("Red", "human"), ("Blue", "human")], hidden=False)
    page.locator(".dg-move").first.click()
    moved(page, 1)
    number = session_id(page)
    banner = page.locator(".dg-connection")
    expect(banner).to_be_hidden()
    board = page.locator(".dg-scoreboard").inner_text()

    voila_server.kill_page_kernel(page)
    expect(banner).to_be_visible(timeout=15_000)
    expect(banner).to_contain_text(LOST)
    expect(banner.get_by_role("button", name="Reload now")).to_be_visible()
    box = banner.bounding_box()
    assert box is not None and box["y"] <= 1 and box["width"] >= 1200  # across the top

    # The page reloads by itself once the server answers, and finds the same session.
    page.wait_for_url(re.compile(rf"#session={number}$"))
    expect(page.locator(".dg-connection")).to_be_hidden(timeout=30_000)
    wait_for_app(page, ".dg-table-view")
    assert page.locator(".dg-scoreboard").inner_text() == board
    assert len(saved_log(voila_server, number)) == 1
