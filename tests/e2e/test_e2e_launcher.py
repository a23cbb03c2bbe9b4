"""The launcher in a real Voilà server and headless Chromium: a session found by searching among
more than a page of saved sessions, renamed, then deleted after its confirmation; what the page
shows is checked against the session store."""

import pytest
from playwright.sync_api import Page, expect

from devgames import scrumkin
from devgames.dashboards.serve import LAUNCHER_SOURCE
from devgames.sessions import SessionStore
from tests.e2e.conftest import ServeNotebook
from tests.e2e.harness import Server, wait_for_app, wait_for_kernel_idle

pytestmark = pytest.mark.e2e

HOSTILE = '<img src=x onerror="document.title=1">'


def titles(server: Server) -> dict[int, str | None]:
    with SessionStore(server.db) as store:
        return {row.id: row.title for row in store.list()}


@pytest.fixture
def voila_server(serve_notebook: ServeNotebook) -> Server:
    """A launcher of its own, with a store holding only this test's sessions: the shared
    server's store has other tests' sessions, whose numbers a search would find too."""
    return serve_notebook(LAUNCHER_SOURCE, name="launcher.ipynb")


def test_search_rename_and_delete_a_session(page: Page, voila_server: Server) -> None:
    with SessionStore(voila_server.db) as store:
        ids = [store.create(scrumkin.new_game(["Red", f"Crew {n}"], seed=n),
                            title=f"Launcher day {n}") for n in range(1, 14)]
        hostile = store.create(scrumkin.new_game([HOSTILE, "=1+1"], seed=99), title=HOSTILE)
    page.goto(voila_server.url)
    wait_for_app(page, ".dg-launcher")
    rows = page.locator(".dg-resume")
    expect(rows).to_have_count(3)  # one page of the fourteen sessions
    expect(page.locator(".dg-count")).to_contain_text("Sessions 1 to 3 of 14")
    page.locator(".dg-older button, button.dg-older").first.click()
    expect(page.locator(".dg-count")).to_contain_text("Sessions 4 to 6 of 14")
    assert page.locator(".dg-app img[src=x]").count() == 0

    search = page.locator(".dg-search input")
    search.fill("crew 7")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text(f"#{ids[6]} Launcher day 7:")
    wait_for_kernel_idle(page)

    page.locator(".dg-rename").first.click()
    box = page.locator(".dg-rename-title input")
    expect(box).to_have_value("Launcher day 7")
    box.fill("x" * 101)
    page.locator(".dg-rename-save").click()
    expect(page.locator(".dg-launcher .dg-notice.dg-error")).to_contain_text("at most 100")
    expect(page.locator(".dg-rename-title.dg-invalid")).to_have_count(1)
    assert titles(voila_server)[ids[6]] == "Launcher day 7"
    box.fill("Retro of <b>sprint 7</b>")
    wait_for_kernel_idle(page)
    page.locator(".dg-rename-save").click()
    expect(rows.first).to_contain_text("Retro of <b>sprint 7</b>")
    assert titles(voila_server)[ids[6]] == "Retro of <b>sprint 7</b>"

    search.fill("=1+1")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text(HOSTILE)  # shown as text, never run
    wait_for_kernel_idle(page)
    page.locator(".dg-delete").first.click()
    question = page.locator(".dg-delete-question")
    expect(question).to_contain_text(f"Delete session #{hostile}")
    expect(question).to_contain_text(HOSTILE)
    assert hostile in titles(voila_server)  # asking deletes nothing
    page.locator(".dg-delete-cancel").click()
    expect(question).to_have_count(0)
    page.locator(".dg-delete").first.click()
    page.locator(".dg-delete-confirm").click()
    expect(page.locator(".dg-launcher .dg-notice")).to_contain_text(f"Deleted session #{hostile}")
    expect(rows).to_have_count(0)
    assert hostile not in titles(voila_server) and ids[6] in titles(voila_server)
    assert page.locator(".dg-app img[src=x]").count() == 0 and page.title() != "1"

    search.fill(f"#{ids[6]}")
    expect(rows).to_have_count(1)
    wait_for_kernel_idle(page)
    rows.first.click()
    page.locator(".dg-table-view").wait_for()
    assert f"#session={ids[6]}" in page.url
