"""A team's phone on a bad network and after a restart, its refusals, and its layout, in Chromium.

Each test runs a device server of its own (``devgames.devices.server.start``, as ``devgames
serve`` starts it) in a process on a real SQLite file, so that the server can be killed and
started again on the same port; sessions and links are made in that file with the store. A
network drop is Playwright's offline mode of the phone's browser context.
"""

import os
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from devgames import game_module
from devgames.core.actions import CHANCE
from devgames.dashboards.serve import free_port
from devgames.devices.state import device_state
from devgames.sessions import SessionStore
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.harness import ROOT, save_screenshot, wait_until_gone
from tests.e2e.readability import summary, unreadable
from tests.e2e.test_e2e_devices import ON_MY_MOVE, PHONE

pytestmark = pytest.mark.e2e

#: How soon a page must be itself again once the table answers.
RECOVERY_S = 2.0
RECONNECTING = "Reconnecting to the table..."

#: Runs the device server on the address given (``host:port``, its links' address too) and the
#: store of ``$DEVGAMES_DB``.
SERVE = """
import asyncio, sys
from devgames.devices.server import start

async def main():
    start(sys.argv[1], f"http://{sys.argv[1]}/")
    await asyncio.Event().wait()

asyncio.run(main())
"""

#: In a device page: True once it shows the team's move again, as it does when it is online.
ITSELF_ON_MY_MOVE = """(team) => document.querySelector(".status").textContent
    === `Your move, ${team}.` && document.title.startsWith("Your move! ")
    && !document.body.classList.contains("offline")
    && document.querySelectorAll(".moves button.move:not(:disabled)").length > 0"""

#: In a device page: True while it says it is reconnecting, everywhere, and offers no move.
RECONNECTING_SHOWN = f"""() => document.querySelector(".status").textContent
    === "{RECONNECTING}" && document.title.startsWith("Reconnecting")
    && !document.title.includes("Your move")
    && document.querySelectorAll(".moves button.move").length > 0
    && document.querySelectorAll(".moves button.move:not(:disabled)").length === 0"""


class DeviceServer:
    """A device server in a process of its own, on a fixed port and a SQLite file."""

    def __init__(self, folder: Path) -> None:
        self.db = folder / "sessions.sqlite"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = folder / "devices.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> float:
        """Start the server; return the time (``time.monotonic()``) it first answered."""
        env = {**os.environ, "DEVGAMES_DB": str(self.db)}
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-c", SERVE, f"127.0.0.1:{self.port}"], cwd=ROOT, env=env,
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()
            try:
                with urllib.request.urlopen(self.url + "static/device.css", timeout=2):
                    return time.monotonic()
            except OSError:
                time.sleep(0.02)
        raise TimeoutError(f"the device server did not answer:\n{self.log.read_text()}")

    def kill(self) -> None:
        """Stop the server at once, as a crash or a closed laptop lid would."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
            wait_until_gone(self.process.pid)

    def store(self) -> SessionStore:
        return SessionStore(self.db)

    def new_session(self, teams: int, seed: int = 7, moves: int = 0) -> tuple[int, str]:
        """A Scrumkin session of ``teams`` teams after ``moves`` moves (then on to Team0's turn);
        its number and the address of Team0's device."""
        game = game_module("scrumkin").new_game([f"Team{i}" for i in range(teams)], seed=seed)
        with self.store() as store:
            number = store.create(game)
            token = store.issue_link(number, 0)
        self.play(number, moves)
        return number, f"{self.url}t/{token}"

    def play(self, number: int, moves: int) -> None:
        """Make ``moves`` moves at the table, then more until it is Team0's turn to play a card
        (not only to let one through): each the first legal move that plays into no other
        team's game."""
        with self.store() as store:
            game, revision = store.checkout(number)
            made = 0
            while not game.is_over and (made < moves or game.current_player != 0
                                        or len(game.legal_actions()) < 4):
                legal = game.legal_actions()
                game.apply(next((a for a in legal if a.target in (None, a.player)), legal[0]))
                revision = store.append(number, game.log[-1], expected=revision, game_obj=game)
                made += 1


@pytest.fixture
def devices(tmp_path: Path) -> Iterator[DeviceServer]:
    server = DeviceServer(tmp_path)
    server.start()
    yield server
    server.kill()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Callable[..., Page]]:
    """A factory: ``phone(address) -> Page``, a phone of 390x844 in a browser context of its
    own, shown its team's move; every context is closed at the end."""
    contexts: list[BrowserContext] = []

    def open_one(address: str) -> Page:
        context = browser.new_context(**PHONE)
        contexts.append(context)
        context.set_default_timeout(TIMEOUT_MS)
        page = context.new_page()
        page.goto(address)
        page.wait_for_function(ON_MY_MOVE)
        return page

    yield open_one
    for context in contexts:
        context.close()


def back_within(page: Page, since: float, team: str = "Team0") -> float:
    """Wait until the page shows its team's move again; the seconds since ``since``."""
    page.wait_for_function(ITSELF_ON_MY_MOVE, arg=team, timeout=15_000, polling=20)
    return time.monotonic() - since


def state_requests(page: Page) -> list[str]:
    """Start counting the requests the page makes for its state (the list grows)."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url)
            if "/state" in request.url else None)
    return seen


@pytest.mark.parametrize("moved", [False, True], ids=["table-still", "table-moved"])
def test_a_phone_back_from_a_network_drop_is_itself_within_2_s(
        devices: DeviceServer, phone: Callable[..., Page], moved: bool) -> None:
    number, address = devices.new_session(teams=2)
    page = phone(address)
    page.context.set_offline(True)
    page.wait_for_function(RECONNECTING_SHOWN, timeout=5_000, polling=20)
    if moved:  # the other team plays meanwhile, and it is Team0's turn again
        devices.play(number, 2)
    page.wait_for_timeout(3_000)  # several attempts fail while the phone is offline
    assert page.evaluate(RECONNECTING_SHOWN)
    save_screenshot(page, "devices-phone-offline")
    since = time.monotonic()
    page.context.set_offline(False)
    elapsed = back_within(page, since)
    print(f"\nback online: the phone was itself again after {elapsed:.2f} s")
    assert elapsed < RECOVERY_S, f"the phone was itself again after {elapsed:.2f} s"
    with devices.store() as store:
        game, revision = store.checkout(number)
    shown = device_state(game, 0, revision, {}, [])
    expect(page.locator(".moves button.move")).to_have_count(len(shown["moves"]))
    assert page.title() == "Your move! Team0: Scrumkin"


@pytest.mark.parametrize("moved", [False, True], ids=["table-still", "table-moved"])
def test_a_phone_is_itself_within_2_s_of_a_restarted_server_answering(
        devices: DeviceServer, phone: Callable[..., Page], moved: bool) -> None:
    number, address = devices.new_session(teams=2)
    page = phone(address)
    devices.kill()
    page.wait_for_function(RECONNECTING_SHOWN, timeout=5_000, polling=20)
    if moved:
        devices.play(number, 2)
    answering = devices.start()
    elapsed = back_within(page, answering)
    print(f"\nserver restarted: the phone was itself again {elapsed:.2f} s after it answered")
    assert elapsed < RECOVERY_S, f"the phone was itself again {elapsed:.2f} s after the " \
                                 "server answered"
    _, revision = devices.store().checkout(number)
    assert revision == (2 if moved else 0)
    page.locator(".moves button.move").first.click()  # and a move goes through
    expect(page.locator(".status")).to_have_text("Waiting for Team1.")
    with devices.store() as store:
        assert store.checkout(number)[1] == revision + 1


def test_a_phone_without_its_cookie_says_so_and_plays_on_once_reloaded(
        devices: DeviceServer, phone: Callable[..., Page]) -> None:
    number, address = devices.new_session(teams=2)
    page = phone(address)
    page.context.clear_cookies()  # cleared, as a browser blocking cookies would send none
    page.locator(".moves button.move").first.click()
    notice = page.locator(".notice")
    expect(notice).to_be_visible()
    text = notice.inner_text()
    assert "cookie" in text.lower() and "new link" not in text, text
    assert not page.evaluate("() => document.body.classList.contains('gone')")
    expect(page.locator(".status")).to_have_text("Your move, Team0.")
    with devices.store() as store:
        assert store.checkout(number)[1] == 0
    page.reload()  # a fresh cookie
    page.wait_for_function(ON_MY_MOVE)
    page.locator(".moves button.move").first.click()
    expect(page.locator(".status")).to_have_text("Waiting for Team1.")


def wait_until_ended(page: Page, heading: str) -> str:
    """Wait for the page's final screen under ``heading``; check that the page then stops
    asking for its state; return what it says."""
    requests = state_requests(page)
    expect(page.locator(".team")).to_have_text(heading, timeout=10_000)
    assert page.evaluate("() => document.body.classList.contains('gone')")
    assert page.locator(".moves button").count() == 0
    assert page.locator(".hand").inner_text() == ""
    count = len(requests)
    page.wait_for_timeout(1_500)  # a page still asking would ask again within a second
    assert len(requests) == count, "the page still asks for its state"
    return page.locator(".status").inner_text()


def test_a_phone_whose_link_was_replaced_says_so_and_stops(
        devices: DeviceServer, phone: Callable[..., Page]) -> None:
    number, address = devices.new_session(teams=2)
    page = phone(address)
    with devices.store() as store:
        store.issue_link(number, 0)
    said = wait_until_ended(page, "This link no longer opens your team's seat")
    assert said and "deleted" not in said
    assert page.title().startswith("This link no longer opens")


def test_a_phone_of_a_damaged_session_says_it_cannot_be_opened_and_stops(
        devices: DeviceServer, phone: Callable[..., Page]) -> None:
    number, address = devices.new_session(teams=2)
    page = phone(address)
    devices.kill()
    with sqlite3.connect(devices.db) as db:  # the saved team names, damaged
        db.execute("UPDATE sessions SET players = ? WHERE id = ?", ('["Team0"]', number))
    devices.start()  # it rebuilds the session: it cannot
    said = wait_until_ended(page, "This session cannot be opened")
    assert "facilitator" in said
    assert RECONNECTING not in said


@pytest.mark.parametrize("change", ["paused", "bot", "moved_on"])
def test_a_refused_move_says_its_own_reason_and_shows_the_table(
        devices: DeviceServer, phone: Callable[..., Page], change: str) -> None:
    number, address = devices.new_session(teams=2)
    page = phone(address)
    held = []
    page.route("**/move", lambda route: held.append(route))
    page.locator(".moves button.move").first.click()
    page.wait_for_function("() => document.querySelectorAll"
                           "('.moves button.move:not(:disabled)').length === 0")
    while not held:
        page.wait_for_timeout(20)
    with devices.store() as store:  # the room changes while the move is on its way
        if change == "paused":
            store.set_meta(number, ("room", "paused"), True)
        elif change == "bot":
            store.set_meta(number, ("seats", "bots"), {"Team0": "random"})
        else:
            game, revision = store.checkout(number)
            game.apply(game.legal_actions()[-1])
            store.append(number, game.log[-1], expected=revision, game_obj=game)
    with page.expect_response("**/move") as answer:
        held[0].continue_()
    refusal = answer.value.json()
    assert answer.value.status == 409
    assert refusal.get("reason", change) == change  # the contract's code, once the server sends it
    expect(page.locator(".notice")).to_have_text(refusal["message"])
    expect(page.locator(".status")).to_have_text(refusal["state"]["status"])
    said = {"paused": "paused", "bot": "bot", "moved_on": "moved on"}[change]
    assert said in refusal["message"]


def test_an_eight_team_phone_shows_its_move_and_hand_first_then_moves_by_card_then_news(
        devices: DeviceServer, phone: Callable[..., Page]) -> None:
    number, address = devices.new_session(teams=8, moves=9)
    page = phone(address)
    with devices.store() as store:
        game, revision = store.checkout(number)
    assert game.current_player == 0 and game.current_player != CHANCE
    state = device_state(game, 0, revision, {}, [])
    path = save_screenshot(page, "devices-phone-8-teams-390x844")
    assert path.stat().st_size > 0

    top = {part: page.locator(part).bounding_box() for part in
           (".status", ".hand", ".moves", ".news")}
    assert all(box is not None for box in top.values())
    order = [top[part]["y"] for part in (".status", ".hand", ".moves", ".news")]  # type: ignore[index]
    assert order == sorted(order), f"status, hand, moves and news are not in that order: {top}"
    assert top[".hand"]["y"] < 844 / 2  # type: ignore[index]  # the hand starts on the first screen

    buttons = page.locator(".moves button.move")
    texts = buttons.all_inner_texts()
    assert len(texts) == len(state["moves"]) >= 10
    assert not [text for text in texts if text.startswith("Team0")]
    headings = page.locator(".moves .group h3").all_inner_texts()
    hand = state["hand"]
    played = [heading for heading in headings if heading.startswith("Play ")]
    assert played and all(heading.split("Play ", 1)[1].split(" (")[0] in hand
                          for heading in played), headings
    assert len(headings) < len(texts) / 3  # a heading per card, not per move
    assert "Your own game" in texts and "Team7's game" in texts

    heights = buttons.evaluate_all(
        "(all) => all.map((b) => b.getBoundingClientRect().height)")
    assert min(heights) >= 44
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    problems = [problem for problem in unreadable(page, min_px=18)
                if problem["kind"] not in ("page scroll", "off screen")]  # a phone scrolls
    assert not problems, summary(problems)
    assert page.locator(".news li").count() > 0
