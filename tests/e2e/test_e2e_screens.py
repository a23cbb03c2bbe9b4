"""Projector-grade screens, in a real browser: the pages pass an accessibility check; a team
called Red is drawn red; bots playing at once leave every point inside its panel. Whether every
screen can be read from the back of the room is measured in ``test_e2e_readable``; the
screenshots of each game at 1280x720 are kept in ``docs/screenshots``.
"""

import colorsys
import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from devgames.sessions import SessionStore
from tests.e2e.harness import Server, wait_for_app, wait_for_kernel_idle
from tests.e2e.test_e2e_games import session_id, until

pytestmark = pytest.mark.e2e

SCREENSHOTS = Path(__file__).parents[2] / "docs" / "screenshots"
NAMES = ["Red", "Blue", "Green", "Ops", "Dev", "QA", "Data", "Yellow", "Pink", "Grey"]


def set_up(page: Page, server: Server, game: str, teams: int) -> None:
    """A session of ``teams`` seats: the first plays here behind the curtain, the others are
    heuristic bots; the table is measured when the first seat is to play (and stays still)."""
    page.goto(server.url)
    wait_for_app(page)
    page.click(f".dg-new-{game}")
    page.locator(".dg-setup").wait_for()
    names, kinds = page.locator(".dg-seat-name input"), page.locator(".dg-seat-kind select")
    while names.count() < teams:
        count = names.count()
        page.locator(".dg-add-seat").click()
        expect(names).to_have_count(count + 1)
    while names.count() > teams:
        count = names.count()
        page.locator(".dg-remove-seat").last.click()
        expect(names).to_have_count(count - 1)
    for index in range(teams):
        names.nth(index).fill(NAMES[index])
        names.nth(index).press("Enter")
        kinds.nth(index).select_option(label="plays here" if index == 0 else "heuristic bot")
    page.locator(".dg-seed input").fill("7")
    wait_for_kernel_idle(page)
    page.click(".dg-start")
    page.locator(".dg-table-view").wait_for()
    wait_for_kernel_idle(page)
    if page.locator(".dg-bot-step").is_visible():  # a bot opens (Release!'s leader is drawn):
        page.click(".dg-bot-step")  # one click, and the bots play on up to the first seat
        expect(page.locator(".dg-bot-step")).to_be_hidden(timeout=60_000)
        wait_for_kernel_idle(page)


def charts_fitted(page: Page) -> bool:
    """The figure is drawn with its data, at the size of its box."""
    return page.evaluate("""() => {
        const chart = document.querySelector(".dg-chart");
        const drawn = chart && chart._fullLayout;
        return Boolean(drawn && chart.data && chart.data.length &&
            Math.abs(drawn.width - chart.clientWidth) <= 2 &&
            Math.abs(drawn.height - chart.clientHeight) <= 2);
    }""")


def hue(color: str) -> float:
    found = re.match(r"#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})", color)
    assert found, color
    red, green, blue = (int(part, 16) / 255 for part in found.groups())
    return colorsys.rgb_to_hls(red, green, blue)[0] * 360


def test_team_colours_mean_something_on_the_page_in_both_themes(page: Page,
                                                                voila_server: Server) -> None:
    page.set_viewport_size({"width": 1600, "height": 900})
    set_up(page, voila_server, "scrumkin", 3)
    until(page, lambda: charts_fitted(page))
    for dark in (False, True):
        if dark:
            page.click(".dg-theme")
            wait_for_kernel_idle(page)
            page.wait_for_timeout(500)
        drawn = page.evaluate("""() => Object.fromEntries(document.querySelector(".dg-chart")
            .data.filter((t) => t.meta.panel === "velocity").map((t) => [t.name, t.line.color]))""")
        assert set(drawn) == {"Red", "Blue", "Green"}
        red, blue, green = (hue(drawn[name]) for name in ("Red", "Blue", "Green"))
        assert min(red, 360 - red) <= 20 and 185 <= blue <= 225 and 140 <= green <= 175
        chips = page.evaluate("""() => [...document.querySelectorAll(".dg-key span")]
            .map((span) => [span.textContent.trim().slice(2), getComputedStyle(span).color])""")
        assert [name for name, _ in chips] == ["Red", "Blue", "Green"]


def test_pages_pass_an_accessibility_check(page: Page, voila_server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(voila_server.url)
    wait_for_app(page)
    serious = []
    for where in ("launcher", "set-up", "table", "table, dark"):
        if where == "set-up":
            page.click(".dg-new-scrumkin")
            page.locator(".dg-setup").wait_for()
        elif where == "table":
            page.click(".dg-start")
            page.locator(".dg-table-view").wait_for()
            wait_for_kernel_idle(page)
            until(page, lambda: charts_fitted(page))
        elif where == "table, dark":
            page.click(".dg-theme")
            wait_for_kernel_idle(page)
        results = Axe().run(page)
        serious += [(where, violation["id"], violation["help"])
                    for violation in results.response["violations"]
                    if violation["impact"] in ("serious", "critical")]
    assert serious == []


def test_bots_playing_at_once_leave_every_point_inside_its_panel(page: Page,
                                                                 voila_server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    set_up(page, voila_server, "scrumkin", 8)
    page.get_by_text("Facilitator controls: undo, bots, export").click()
    # Everyone a bot, playing at once: the whole game in one go, as in the reported bug.
    page.locator(".dg-bot-pace select").select_option(label="at once")
    wait_for_kernel_idle(page)
    page.evaluate("""() => {  // each time the browser draws the chart again, or moves its bars
        const chart = document.querySelector(".dg-chart");
        window.dgDrawn = 0;
        for (const event of ["plotly_afterplot", "plotly_animated"]) {
            chart.on(event, () => { window.dgDrawn += 1; });
        }
    }""")
    page.locator(".dg-seat-choice select").first.select_option(label="heuristic bot")
    page.locator(".dg-winner").wait_for(timeout=240_000)
    wait_for_kernel_idle(page, quiet_ms=1000, timeout_ms=240_000)
    with SessionStore(voila_server.db) as store:
        game = store.resume(session_id(page))
    assert game.is_over
    # The debrief fills the table at the end: the room asks for the scores and the charts.
    page.click(".dg-admin-close")
    page.click(".dg-scores-toggle")
    until(page, lambda: charts_fitted(page))
    assert charts_fitted(page)
    drawn = page.evaluate("""() => {
        const chart = document.querySelector(".dg-chart");
        const layout = chart._fullLayout;
        return chart.data.filter((t) => t.meta.panel === "velocity").map((t) => ({
            name: t.name, x: [...t.x], sprints: [...(t.customdata || [])], y: [...t.y],
            xrange: layout[t.xaxis.replace("x", "xaxis")].range,
            yrange: layout[t.yaxis.replace("y", "yaxis")].range}));
    }""")
    assert {trace["name"] for trace in drawn} == set(game.players)
    for trace in drawn:
        rows = [(row["sprint"], row["velocity"]) for row in game.rounds
                if row["team"] == trace["name"]]
        assert list(zip(trace["sprints"], trace["y"], strict=True)) == rows
        low, high = trace["xrange"]
        assert all(low < x < high for x in trace["x"]), trace["name"]
        bottom, top = trace["yrange"]
        assert all(bottom <= y < top for y in trace["y"]), trace["name"]
    # The whole game is drawn once, when the bots are through (then at its box's size): not
    # after each of its moves, which kept the facilitator waiting.
    redrawn = page.evaluate("() => window.dgDrawn")
    assert 1 <= redrawn <= 5, f"the chart was drawn {redrawn} times for {len(game.log)} moves"
