"""In a real Voilà server and headless Chromium: the kernel of a tab closed abruptly is culled
after the idle timeout while a connected page's kernel stays, and a session from the launcher to
the table, across a reload, logs no error in the browser's console.
"""

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Request, expect

from devgames.dashboards import serve
from devgames.sessions import SessionStore
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.harness import (
    Server,
    wait_for_app,
    wait_for_kernel_idle,
    wait_until_gone,
)
from tests.e2e.test_e2e_games import open_admin, session_id, set_up

pytestmark = pytest.mark.e2e

#: The idle timeout of the culling test's server, in seconds (checked every second).
CULL_AFTER = 10

#: A page whose kernel stays idle unless its button is clicked (the app itself checks its kernel
#: every 2 s, which would keep a connected kernel busy whatever the culling rules).
QUIET = """import ipywidgets
clicks = ipywidgets.IntText(0)
poke = ipywidgets.Button(description="poke")
poke.add_class("dg-poke")
poke.on_click(lambda _button: setattr(clicks, "value", clicks.value + 1))
ipywidgets.VBox([poke, clicks])"""


@pytest.fixture
def culling_server(tmp_path: Path) -> Iterator[Server]:
    """The quiet page, served as ``devgames serve`` serves, with a short idle timeout."""
    notebook = serve.write_notebook(tmp_path, QUIET, "quiet.ipynb")
    db, log = tmp_path / "sessions.sqlite", tmp_path / "server.log"
    port = serve.free_port()
    with log.open("w", encoding="utf-8") as output:
        process = serve.start_server(notebook, port, db, output=output, log_level="WARN",
                                     cull_after=CULL_AFTER)
    try:
        yield Server(serve.wait_until_serving(process, port, 90), process, notebook, db, log)
    finally:
        serve.stop_server(process)  # and its kernels


def open_quiet(page: Page, server: Server) -> int:
    """Open the quiet page; return its kernel's process."""
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(server.url)
    wait_for_app(page, ".dg-poke")
    return server.page_kernel_pid(page)


def poke(page: Page) -> None:
    """Make the page's kernel work once (its last activity is now)."""
    before = page.locator(".widget-text input").input_value()
    page.click(".dg-poke")
    expect(page.locator(".widget-text input")).not_to_have_value(before)
    wait_for_kernel_idle(page, quiet_ms=100)


def running(pid: int) -> bool:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    return False


def test_a_tab_closed_abruptly_loses_its_kernel_a_connected_one_keeps_it(
        browser: Browser, culling_server: Server) -> None:
    stays, crashes = browser.new_context(), browser.new_context()
    try:
        connected = stays.new_page()
        kept = open_quiet(connected, culling_server)
        poke(connected)
        idle_since = time.monotonic()
        closed = crashes.new_page()
        lost = open_quiet(closed, culling_server)
        poke(closed)
        # The tab goes without a goodbye: closed with no unload handler run, and the request by
        # which a page shuts its kernel down refused, as for a crashed tab.
        crashes.route("**/voila/api/shutdown/**", lambda route: route.abort())
        crashes.close()
        crashed_at = time.monotonic()
        time.sleep(max(0.0, crashed_at + CULL_AFTER - 3 - time.monotonic()))
        assert running(lost), "the kernel went before its idle timeout: not by culling"
        wait_until_gone(lost, timeout=CULL_AFTER + 30)
        assert "Culling 'idle' kernel" in culling_server.log_text()
        # The connected page has been idle for longer than the timeout, and its kernel stays.
        time.sleep(max(0.0, idle_since + 2 * CULL_AFTER + 2 - time.monotonic()))
        assert running(kept) and kept in culling_server.kernel_pids()
        poke(connected)
        assert culling_server.page_kernel_pid(connected) == kept
    finally:
        stays.close()
        with contextlib.suppress(Exception):
            crashes.close()


# ----- no console error --------------------------------------------------------------------------
class BrowserErrors:
    """Every error the page reports: console errors, uncaught exceptions, failed requests."""

    def __init__(self, page: Page) -> None:
        self.found: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.found.append(f"uncaught: {error}"))
        page.on("requestfailed", self._failed)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.found.append(f"console: {message.text}")

    def _failed(self, request: Request) -> None:
        if "/voila/api/shutdown/" in request.url and request.failure == "net::ERR_ABORTED":
            return  # the page leaving shuts its kernel down as it goes: the reload cuts it short
        self.found.append(f"request failed: {request.method} {request.url} ({request.failure})")


def test_launcher_to_table_and_a_reload_log_no_browser_error(page: Page,
                                                             voila_server: Server) -> None:
    errors = BrowserErrors(page)
    page.set_viewport_size({"width": 1600, "height": 1000})
    set_up(page, voila_server, "scrumkin", [("Red", "human"), ("Blue", "human")])
    page.click(".dg-timer-start")
    page.click(".dg-reveal")
    expect(page.locator(".dg-hand")).to_be_visible()
    number = session_id(page)

    # Red, whose turn it is, goes to a bot from the facilitator's controls: Red's hand hides,
    # the bot plays Red's turn out, visibly, until Blue is asked to the screen; the scoreboard
    # marks Red a bot.
    open_admin(page)
    page.locator(".dg-seat-choice select").first.select_option(label="heuristic bot")
    red_is_a_bot = page.locator(".dg-scoreboard td", has_text="Red").locator(".dg-tag")
    expect(red_is_a_bot).to_have_text("bot")
    expect(page.locator(".dg-hand")).to_have_count(0)
    expect(page.locator(".dg-reveal")).to_contain_text("Blue", timeout=30_000)
    wait_for_kernel_idle(page, quiet_ms=1000)
    with SessionStore(voila_server.db) as store:
        log = store.load(number).log
    assert log and {action.player for action in log} == {0}
    news = page.locator(".dg-news").inner_text()
    assert news.strip()

    page.reload()
    wait_for_app(page, ".dg-table-view")
    expect(page.locator(".dg-news")).to_have_text(news)
    expect(page.locator(".dg-timer")).to_have_attribute("title", "running")
    expect(red_is_a_bot).to_have_text("bot")
    wait_for_kernel_idle(page)
    assert errors.found == []
