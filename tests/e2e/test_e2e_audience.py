"""The audience view in a real browser: the link from the Join panel, the page following the
table within a second of a move, its charts drawn by plotly.js with no Content Security Policy
error, readable on a screen, a laptop and a phone; a new link cuts it off. Each game at its most
teams with long names, mid-game, reads from the back of the room at 1920x1080, 1280x720 and
1920x1080 zoomed to 150%, and on a phone scrolls down but never across."""

import base64
import statistics
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, expect

from devgames.sessions import SessionStore
from devgames.sim.bench import PLAYER_RANGE
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.harness import ARTIFACTS, Server, save_screenshot, wait_for_kernel_idle
from tests.e2e.readability import names_shown, summary, unreadable
from tests.e2e.test_e2e_devices import (
    RECORD_STATES,
    percentile,
    start_session,
    store_game,
    wait_for_revision,
)
from tests.e2e.test_e2e_games import session_id
from tests.e2e.test_e2e_readable import NAMES, SIZES, Case, cases, saved_positions
from tests.e2e.test_e2e_screens import SCREENSHOTS

pytestmark = pytest.mark.e2e

WINDOWS = {"screen": (1920, 1080), "laptop": (1280, 720), "phone": (390, 844)}
#: Moves made from the store, each timed until the audience page has it.
MOVES = 8


@pytest.fixture
def audience_context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(RECORD_STATES)
    yield context
    context.close()


def audience_address(page: Page) -> str:
    """The audience view's address, from its code in the Join panel."""
    page.click(".dg-join-toggle")
    page.locator(".dg-audience-row").wait_for()
    wait_for_kernel_idle(page)
    save_screenshot(page, "audience-join-panel")
    problems = unreadable(page)  # the teams' rows and the audience's, each readable
    assert not problems, summary(problems)
    page.locator(".dg-audience-show").click()
    page.locator(".dg-audience-card .dg-qr svg").wait_for()
    address = page.locator(".dg-audience-card .dg-join-address").inner_text().strip()
    wait_for_kernel_idle(page)
    return address


def charts_drawn(audience: Page) -> int:
    """The traces plotly.js drew in the audience page's charts."""
    audience.wait_for_function("() => document.querySelector('.chart .main-svg')")
    return int(audience.evaluate("() => document.querySelector('.chart').data.length"))


def test_the_audience_follows_the_table_within_a_second_with_its_charts(
        page: Page, voila_server: Server, audience_context: BrowserContext) -> None:
    start_session(page, voila_server, [("Red", "human"), ("Blue", "human")])
    address = audience_address(page)
    assert "/a/" in address
    problems: list[str] = []
    transfers: dict[str, int] = {}

    def noted(message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            problems.append(message.text)

    audience = audience_context.new_page()
    audience.on("console", noted)
    audience.on("pageerror", lambda error: problems.append(str(error)))
    missing: list[str] = []
    audience.on("response", lambda answer: missing.append(answer.url)
                if answer.status >= 400 else None)
    audience.on("requestfinished", lambda request: transfers.__setitem__(
        request.url.split("?")[0].rsplit("/", 1)[-1] or request.url,
        transfers.get(request.url.split("?")[0].rsplit("/", 1)[-1], 0)
        + request.sizes()["responseBodySize"] + request.sizes()["responseHeadersSize"]))
    started = time.monotonic()
    audience.goto(address)
    game, revision = store_game(voila_server, page)
    expect(audience.locator(".line")).to_have_text(game.view(None)["waiting_for"])
    assert charts_drawn(audience) > 0
    first_seconds = time.monotonic() - started
    expect(audience.locator(".scores .dg-table")).to_contain_text("Red")

    delays = []
    with SessionStore(voila_server.db) as store:
        number = session_id(page)
        for _ in range(MOVES):
            game, revision = store.checkout(number)
            game.apply(game.legal_actions()[0])
            made = time.time() * 1000
            revision = store.sync(number, game, expected=revision)
            delays.append((wait_for_revision(audience, revision) - made) / 1000)
            expect(audience.locator(".line")).to_have_text(game.view(None)["waiting_for"])
    assert percentile(delays, 0.95) < 1.0, delays
    assert charts_drawn(audience) > 0
    assert not [text for text in problems if "Content Security Policy" in text], problems
    assert not missing, missing  # (the browser's own ask for /favicon.ico: a 404, unlisted)
    assert not [text for text in problems if "404" not in text], problems
    print(f"\naudience: interactive in {first_seconds:.2f} s; a move to the audience page "
          f"p50 {statistics.median(delays):.3f} s, p95 {percentile(delays, 0.95):.3f} s; "
          f"transfers {transfers}")

    for name, (width, height) in WINDOWS.items():
        audience.set_viewport_size({"width": width, "height": height})
        audience.wait_for_timeout(800)  # the page asks for charts laid out for its new box
        assert audience.evaluate("() => document.documentElement.scrollWidth") <= width, name
        font = audience.evaluate(
            "() => Math.min(...[...document.querySelectorAll('.chart text')]"
            ".map((t) => parseFloat(getComputedStyle(t).fontSize)))")
        assert font >= 16, (name, font)
        if name != "phone":  # a screen shows everything at once; a phone scrolls
            unread = unreadable(audience)
            assert not unread, (name, summary(unread))
        save_screenshot(audience, f"audience-{name}")
        if name == "laptop":
            audience.screenshot(path=str(SCREENSHOTS / "audience.png"))

    page.locator(".dg-audience-new").click()  # every viewer of the old link is cut off
    expect(audience.locator(".line")).to_contain_text("link", timeout=5_000)
    assert audience.evaluate("() => document.body.classList.contains('gone')")



#: Each game at its most teams with long names, mid-game (РЕЛИЗ: Cooperation at 4 teams), one
#: of them in Russian (longer texts).
CROWDED = [case for case in cases() if case.teams == PLAYER_RANGE[case.game][1]
           and (case.game != "reliz" or case.options["scenario"] == "cooperation")
           and (case.language == "en" or case.game in ("scrumkin", "reliz"))]


@pytest.fixture(scope="module")
def viewer(browser: Browser) -> Iterator[Page]:
    """One audience page for the crowded cases, sized and zoomed through DevTools."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    context.set_default_timeout(TIMEOUT_MS)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("case", CROWDED, ids=lambda case: case.label)
def test_the_audience_view_reads_from_the_back_of_the_room_with_the_most_teams(
        viewer: Page, voila_server: Server, case: Case) -> None:
    with SessionStore(voila_server.db) as store:
        number = saved_positions(store, case)["middle"]
        token = store.audience_link(number)
    viewer.context.add_cookies([{"name": "dg-lang", "value": case.language,  # the viewer's
                                 "url": voila_server.device_url}])
    viewer.goto(f"{voila_server.device_url}a/{token}")
    expect(viewer.locator(".scores")).to_contain_text(NAMES[case.teams - 1])
    assert viewer.evaluate("() => document.documentElement.lang") == case.language
    if case.game == "reliz":  # the board, as the projector draws it, with its own style
        expect(viewer.locator(".board .dg-board-half").first).to_be_visible()
        assert viewer.locator(".board .dg-board-hit").count() == 0  # nothing to click
        assert viewer.evaluate("() => getComputedStyle(document.querySelector("
                               "'.board .dg-board-frame')).strokeWidth") in ("2px", "5px")
        # A card's names: the page's language first, the other after it in brackets.
        assert set(names_shown(viewer, "body")) == {f'{case.language} none "("'}
    devtools = viewer.context.new_cdp_session(viewer)

    def resize(width: int, height: int, scale: float) -> None:
        """The window at this size and zoom, once the charts are drawn again for their box."""
        devtools.send("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": scale, "mobile": False})
        viewer.wait_for_function(
            """([width, height]) => innerWidth === width && innerHeight === height
                && [...document.querySelectorAll(".chart")].every((c) => c._fullLayout
                    && Math.abs(c._fullLayout.width - c.clientWidth) <= 2
                    && Math.abs(c._fullLayout.height - c.clientHeight) <= 2)""",
            arg=[width, height])

    found = {}
    for label, (width, height), scale, min_px in SIZES:
        resize(width, height, scale)
        problems = unreadable(viewer, min_px=min_px)
        if problems:  # through DevTools: Playwright's own screenshot would undo the size
            shot = devtools.send("Page.captureScreenshot", {"format": "png"})
            ARTIFACTS.mkdir(exist_ok=True)
            (ARTIFACTS / f"unreadable-audience-{case.label}-{label}.png".replace(" ", "_")
             ).write_bytes(base64.b64decode(shot["data"]))
        found[label] = summary(problems) if problems else ""
    resize(*WINDOWS["phone"], 1)  # a phone: the page scrolls down, never across
    found["phone"] = viewer.evaluate("""() => {
        const scores = document.querySelector(".scores");
        const scrolls = scores.scrollWidth > scores.clientWidth;  // in its own box, if at all
        return [...document.querySelectorAll(".scores th, .scores td, .board svg, .chart")]
            .filter((e) => e.getBoundingClientRect().right > innerWidth + 1
                    && !(scrolls && scores.contains(e))).map((e) => e.textContent)
            .concat(document.documentElement.scrollWidth > innerWidth ? ["page"] : []); }""")
    devtools.detach()
    assert not any(found.values()), found
