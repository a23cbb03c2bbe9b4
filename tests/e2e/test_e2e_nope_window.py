"""Exploding Git Commits' Nope window in a real Voilà page and a real device page: the projector
counts down "Anyone to Nope?" and closes the window by itself; a holder says Nope behind the
curtain at the projector, or from their own device. Checked against the session store."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from devgames.sessions import SessionStore
from tests.e2e.harness import Server, save_screenshot, wait_for_kernel_idle
from tests.e2e.test_e2e_devices import (  # noqa: F401 - open_device is a fixture
    give_codes,
    open_device,
    set_up_seats,
)
from tests.e2e.test_e2e_games import session_id

pytestmark = pytest.mark.e2e

#: Seed 12 deals Ada a Shuffle and Bob a Nope; Cy holds none.
SEATS = [("Ada", "human"), ("Bob", "human"), ("Cy", "human")]


def start(page: Page, server: Server) -> None:
    """An Exploding Git Commits session of three players at the screen, seed 12, hands hidden."""
    set_up_seats(page, server, "exploding", SEATS)
    page.locator(".dg-seed input").fill("12")
    wait_for_kernel_idle(page)
    page.click(".dg-start")
    page.locator(".dg-table-view").wait_for()
    wait_for_kernel_idle(page)


def play_shuffle(page: Page) -> None:
    page.click(".dg-reveal")
    page.get_by_role("button", name="Shuffle", exact=True).click()
    expect(page.locator(".dg-nope-line")).to_contain_text("Anyone to Nope?")


def saved_kinds(server: Server, page: Page) -> list[str]:
    with SessionStore(server.db) as store:
        return [action.kind for action in store.load(session_id(page)).log]


def test_the_projector_counts_down_and_closes_the_window_by_itself(
        page: Page, voila_server: Server) -> None:
    start(page, voila_server)
    play_shuffle(page)
    expect(page.locator(".dg-nope-line")).to_contain_text("Anyone to Nope? 5 s")
    expect(page.locator(".dg-waiting-line")).to_have_text("Anyone may say Nope to Ada's Shuffle.")
    save_screenshot(page, "exploding-nope-window")
    expect(page.locator(".dg-nope-line")).to_contain_text("Anyone to Nope? 3 s", timeout=4_000)
    expect(page.locator(".dg-nope-line")).to_have_count(0, timeout=8_000)
    wait_for_kernel_idle(page)
    assert saved_kinds(voila_server, page)[-2:] == ["play", "close"]
    expect(page.locator(".dg-news")).to_contain_text("The draw stack is shuffled.")


def test_a_holder_says_nope_behind_the_curtain(page: Page, voila_server: Server) -> None:
    start(page, voila_server)
    play_shuffle(page)
    page.click(".dg-nope-claim")
    expect(page.locator(".dg-nope-window")).to_contain_text("Only the player saying Nope looks")
    expect(page.locator(".dg-nope-holder")).to_have_count(0)  # the list is behind the curtain
    page.wait_for_timeout(6_000)  # the clock stands still while someone chooses
    assert saved_kinds(voila_server, page)[-1] == "play"
    page.click(".dg-nope-window .dg-reveal")
    expect(page.locator(".dg-nope-holder")).to_have_text(["Bob says Nope"])
    page.click(".dg-nope-holder")
    expect(page.locator(".dg-nope-line")).to_contain_text("Anyone to Yup?")
    wait_for_kernel_idle(page)
    assert saved_kinds(voila_server, page)[-2:] == ["play", "nope"]


def test_a_holder_says_nope_from_their_device(
        page: Page, voila_server: Server, open_device: Callable[..., Page]) -> None:  # noqa: F811
    start(page, voila_server)
    addresses = give_codes(page, {1: "Bob", 2: "Cy"})
    bob, cy = open_device(addresses[1]), open_device(addresses[2])
    play_shuffle(page)
    for device in (bob, cy):  # the same public line on every device
        expect(device.locator(".status")).to_have_text("Anyone may say Nope to Ada's Shuffle.")
    expect(cy.locator(".moves button.move")).to_have_count(0)
    bob.locator(".moves button.move", has_text="Say Nope").click()
    expect(page.locator(".dg-nope-line")).to_contain_text("Anyone to Yup?", timeout=5_000)
    assert saved_kinds(voila_server, page)[-2:] == ["play", "nope"]
