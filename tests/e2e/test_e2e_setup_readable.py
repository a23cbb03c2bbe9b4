"""The first screens read from the back of the room: the launcher (with saved sessions found by
a search) and every game's set-up form with its most seats and long names, on its seats and
with "More rules" open, at 1920x1080, 1280x720 and 1920x1080 zoomed to 150%, in English and in
Russian.

Each screen is measured as the eye sees it (:mod:`tests.e2e.readability`): no text clipped,
scrolled away or off screen, no list's value cut, no page scroll, text at least 18 CSS px at
1280x720. An unreadable screen is kept in ``test-artifacts``.
"""

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from devgames import GAMES, game_spec, scrumkin
from devgames.dashboards.launcher import PAGE_SIZE
from devgames.sessions import SessionStore
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.harness import Server, wait_for_app, wait_for_kernel_idle
from tests.e2e.test_e2e_readable import NAMES, measure

pytestmark = pytest.mark.e2e

#: The title of the launcher's saved sessions, which its search finds.
SAVED = "Readable launcher"


@pytest.fixture(scope="module", params=["en", "ru"])
def page(browser: Browser, voila_server: Server,
         request: pytest.FixtureRequest) -> Iterator[Page]:
    """One page on the launcher for the whole module, in each language (Russian texts are
    longer: they must fit too)."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    context.add_init_script(f"localStorage.setItem('devgames-language', '{request.param}');")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(voila_server.url)
    wait_for_app(page, ".dg-launcher")
    yield page
    context.close()


def problems_at_every_size(page: Page, screen: str) -> list[str]:
    """The screen measured at every size and zoom: one block of problems per unreadable size
    (its picture kept in ``test-artifacts``)."""
    found: dict[str, list[str]] = {}
    measure(page, screen, found, where="setup")
    return [f"{size}:\n{lines[0]}" for size, lines in found.items() if lines]


def fill_seats(page: Page, game: str) -> None:
    """The game's most seats, with long names."""
    most = game_spec(game).max_players
    names = page.locator(".dg-seat-name input")
    while names.count() < most:
        count = names.count()
        page.click(".dg-add-seat")
        expect(names).to_have_count(count + 1)
    for index, name in enumerate(NAMES[:most]):
        names.nth(index).fill(name)
    wait_for_kernel_idle(page)


def test_the_launcher_reads_from_the_back_of_the_room(page: Page,
                                                      voila_server: Server) -> None:
    """A full page of saved sessions with eight long team names each, found by a search, in
    view below the games; and still with a rename box, then a delete confirmation, open on one
    of them."""
    with SessionStore(voila_server.db) as store:
        for n in range(PAGE_SIZE):
            store.create(scrumkin.new_game(NAMES[n:n + 8], seed=n), title=f"{SAVED} {n}")
    page.reload()
    wait_for_app(page, ".dg-launcher")
    page.locator(".dg-search input").fill(SAVED)
    expect(page.locator(".dg-resume")).to_have_count(PAGE_SIZE)
    wait_for_kernel_idle(page)
    found = problems_at_every_size(page, "launcher")
    for edit, shown in (("rename", ".dg-rename-title"), ("delete", ".dg-delete-confirm")):
        page.locator(f".dg-{edit}").first.click()
        page.locator(shown).wait_for()
        wait_for_kernel_idle(page)
        found += problems_at_every_size(page, f"launcher-{edit}")
        page.locator(f".dg-{edit}-cancel").click()
        expect(page.locator(shown)).to_have_count(0)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_the_set_up_form_reads_from_the_back_of_the_room(page: Page, game: str) -> None:
    if not page.locator(".dg-launcher").is_visible():
        page.locator(".dg-back").click()
    page.click(f".dg-new-{game}")
    page.locator(".dg-setup").wait_for()
    fill_seats(page, game)
    found = problems_at_every_size(page, f"{game}-set-up")
    page.locator(".dg-setup .dg-more .jupyter-widget-Collapse-header, "
                 ".dg-setup .dg-more .lm-Collapse-header").first.click()
    expect(page.locator(".dg-setup.dg-more-open")).to_have_count(1)
    wait_for_kernel_idle(page)
    found += problems_at_every_size(page, f"{game}-set-up-more-rules")
    assert not found, "\n".join(found)
