"""The planner page in a real Voilà server and headless Chromium, at 1280x720: opened from the
launcher, a plan of 100 Scrumkin games (played in the page's kernel: too few to start the local
Dask cluster) with its progress bar, the answer and the charts checked against the same plan
made here, in this process; then "More games"."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

from devgames.dashboards.serve import LAUNCHER_SOURCE
from devgames.sim.planner import make_plan
from tests.e2e.conftest import ServeNotebook
from tests.e2e.harness import Server, plot_data, save_screenshot, wait_for_app, wait_for_kernel_idle

pytestmark = pytest.mark.e2e

#: A plan on a busy 2-core machine: 100 games.
PLAN_MS = 180_000


@pytest.fixture
def voila_server(serve_notebook: ServeNotebook) -> Server:
    """A launcher of its own, with an empty store: the default pace."""
    return serve_notebook(LAUNCHER_SOURCE, name="planner.ipynb")


def test_plan_a_workshop_from_the_launcher(page: Page, voila_server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(voila_server.url)
    wait_for_app(page, ".dg-launcher")
    page.locator(".dg-open-planner").click()
    planner = page.locator(".dg-planner")
    # The first opening loads the simulation's libraries in the kernel: slow on a busy machine.
    expect(planner).to_be_visible(timeout=60_000)
    expect(page.locator(".dg-plan-pace")).to_contain_text("10 s a move: the default for Scrumkin")
    wait_for_kernel_idle(page)

    teams = page.locator(".dg-plan-teams input")
    teams.fill("3")
    teams.press("Tab")
    page.locator(".dg-plan-bots select").select_option(label="random bots")
    page.locator(".dg-plan-games select").select_option(label="100 games")
    minutes = page.locator(".dg-plan-minutes input")
    minutes.fill("40")
    minutes.press("Tab")
    wait_for_kernel_idle(page)
    page.locator(".dg-plan-run").click()
    answer = page.locator(".dg-plan-result")
    expect(answer).to_contain_text("Fits in 40 minutes in", timeout=PLAN_MS)

    plan = make_plan("scrumkin", 3, 100, seed=0, bots="random", cluster="in-process")
    done, games = plan.fits(40)
    expect(answer).to_contain_text(f"Fits in 40 minutes in {done / games:.1%}")
    # each figure with its 95% interval, as the planner says it here
    expect(answer).to_contain_text(plan.sentences(40)[0])
    expect(page.locator(".dg-plan-status")).to_contain_text("100 games played")
    bar = page.locator(".dg-plan-progress .progress-bar")
    expect(bar).to_have_attribute("style", re.compile(r"(^|[; ])width: 100%"))
    wait_for_kernel_idle(page)
    traces = plot_data(page)
    assert [trace["type"] for trace in traces] == ["bar", "scatter"]
    assert sum(traces[0]["y"]) == 100
    assert dict(zip(traces[0]["x"], traces[0]["y"], strict=True)) == {
        value: plan.rounds().count(value) for value in set(plan.rounds())}

    # Projector-grade: the answer in large type, the page within the window's width.
    size = page.evaluate("() => parseFloat(getComputedStyle("
                         "document.querySelector('.dg-plan-answer')).fontSize)")
    assert size >= 19
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 1280
    shot = save_screenshot(page, "planner-1280x720")
    if os.environ.get("DEVGAMES_SCREENSHOT"):
        page.screenshot(path=os.environ["DEVGAMES_SCREENSHOT"])
    assert shot.exists()

    # "More games": as many again, the next games of the same seed
    page.locator(".dg-plan-more-games").click()
    expect(page.locator(".dg-plan-status")).to_contain_text("200 games played", timeout=PLAN_MS)
    more = make_plan("scrumkin", 3, 200, seed=0, bots="random", cluster="in-process",
                     precision=None)
    expect(answer).to_contain_text(more.sentences(40)[0])

    page.locator(".dg-back").click()
    expect(page.locator(".dg-launcher")).to_be_visible()
