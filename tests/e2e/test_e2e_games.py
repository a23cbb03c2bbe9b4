"""Whole sessions in a real Voilà server and headless Chromium, clicked as a facilitator would.

What the page shows is checked against the session store, which the app writes on every move:
the scoreboard and the chart data must say what the saved game says.
"""

import contextlib
import csv
import io
import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from devgames.core.game import Game
from devgames.export import session_from_events
from devgames.sessions import SessionStore
from tests.e2e.harness import Server, plot_data, save_screenshot, wait_for_app, wait_for_kernel_idle

pytestmark = pytest.mark.e2e


def session_id(page: Page) -> int:
    found = re.search(r"#session=(\d+)", page.url)
    assert found, f"the address {page.url} names no session"
    return int(found.group(1))


def saved_game(server: Server, page: Page) -> Game:
    with SessionStore(server.db) as store:
        return store.resume(session_id(page))


def set_up(page: Page, server: Server, game: str, seats: list[tuple[str, str]],
           hidden: bool = True) -> None:
    """Open the launcher, fill the set-up form and start the session."""
    page.goto(server.url)
    wait_for_app(page)
    page.click(f".dg-new-{game}")
    page.locator(".dg-setup").wait_for()
    names, kinds = page.locator(".dg-seat-name input"), page.locator(".dg-seat-kind select")
    for left in range(names.count() - 1, len(seats) - 1, -1):
        page.locator(".dg-remove-seat").last.click()
        expect(names).to_have_count(left)  # one seat gone before the next click
    for index, (name, kind) in enumerate(seats):
        names.nth(index).fill(name)
        names.nth(index).press("Enter")
        kinds.nth(index).select_option(label="plays here" if kind == "human" else f"{kind} bot")
    page.locator(".dg-seed input").fill("7")
    if not hidden:
        page.locator(".dg-hidden-hands input").uncheck()
    wait_for_kernel_idle(page)
    page.click(".dg-start")
    page.locator(".dg-table-view").wait_for()
    wait_for_kernel_idle(page)


def play_by_clicking(page: Page, done: Callable[[], bool], limit: int = 300) -> int:
    """Make moves by clicking (lifting the curtain when it is down) until ``done()``.

    While a bot is to play, the page is left alone until its turn is over: its moves come from
    the browser's pacer. The browser may still be drawing what the idle kernel sent, so the page
    is read once it shows a turn: a bot's, the curtain's button, the moves, or the winner.
    """
    bot, reveal, move, end = (page.locator(css) for css in (
        ".dg-bot", ".dg-reveal", ".dg-move", ".dg-winner"))
    for clicks in range(limit):
        wait_for_kernel_idle(page, quiet_ms=300)
        with contextlib.suppress(PlaywrightTimeout):
            bot.or_(reveal).or_(move).or_(end).filter(visible=True).first.wait_for(timeout=5_000)
        if bot.is_visible():
            expect(bot).to_be_hidden(timeout=60_000)
            continue
        if done():
            return clicks
        try:  # (moves still drawn from the turn before give way to the curtain: click that)
            clicked = reveal.or_(move).filter(visible=True).last
            lifted = "dg-reveal" in (clicked.get_attribute("class", timeout=5_000) or "")
            clicked.click(timeout=5_000)
            if lifted:
                move.last.click(timeout=5_000)
        except PlaywrightTimeout:
            continue  # a bot moved first and the page changed: look again
    raise AssertionError(f"not done after {limit} clicks")


def scoreboard_numbers(page: Page, column: str) -> dict[str, str]:
    """One column of the scoreboard's table, by team or player name."""
    return page.evaluate(
        """(column) => {
            const table = document.querySelector(".dg-scoreboard table");
            const heads = [...table.rows[0].cells].map((cell) => cell.textContent);
            const at = heads.indexOf(column);
            const found = {};
            for (const row of [...table.rows].slice(1)) {
                if (row.dataset.name === undefined) continue;
                found[row.dataset.name] = row.cells[at].textContent;
            }
            return found;
        }""", column)


def panel(page: Page, name: str) -> list[dict]:
    """The traces of one panel of the game's chart (named in each trace's meta), without what
    plotly and the widget add for themselves (random ids, private flags)."""
    return [
        {key: value for key, value in trace.items() if key != "uid" and not key.startswith("_")}
        for trace in plot_data(page, 0) if (trace.get("meta") or {}).get("panel") == name
    ]


def until(page: Page, drawn: Callable[[], bool], timeout_ms: float = 20_000) -> None:
    """Give the browser time to draw what the kernel sent (on a busy machine it may still be
    drawing when the kernel is idle): return once ``drawn()`` holds, or after ``timeout_ms``,
    and let the assertions that follow say what is wrong."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not drawn() and time.monotonic() < deadline:
        page.wait_for_timeout(100)


def drawn_lines(page: Page) -> int:
    """How many lines the game's chart shows (an SVG path with points, per scatter trace)."""
    return page.evaluate("""() => [...document.querySelectorAll(
        ".js-plotly-plot .scatterlayer .trace .js-line")].filter(
        (line) => (line.getAttribute("d") || "").length > 1).length""")


def open_admin(page: Page) -> None:
    page.get_by_text("Facilitator controls: undo, bots, export").click()
    page.locator(".dg-admin .dg-export-prepare").wait_for()


def download(page: Page, name: str) -> str:
    with page.expect_download() as info:
        page.locator(f".dg-export-links a[download$='{name}']").first.click()
    return info.value.path().read_bytes().decode("utf-8")


def test_scrumkin_three_sprints_resume_after_a_crash_and_export(page: Page,
                                                              voila_server: Server) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    set_up(page, voila_server, "scrumkin",
           [("Red", "human"), ("Blue", "heuristic"), ("Green", "human")])
    assert page.locator(".dg-hand").count() == 0  # hands stay behind the curtain

    def three_sprints() -> bool:
        return len(saved_game(voila_server, page).rounds) >= 9

    play_by_clicking(page, three_sprints)
    before = panel(page, "in_play")
    play_by_clicking(page, lambda: panel(page, "in_play") != before)  # a card into play
    # Blue (the bot) may still be asked whether to counter: let it answer before the table is
    # read, so that the reload below has nothing left for a bot to do.
    until(page, lambda: saved_game(voila_server, page).current_player != 1)
    game = saved_game(voila_server, page)
    assert game.current_player != 1
    assert any(action.player == 1 for action in game.log)  # the bot played
    backlogs = {team["name"]: str(team["backlog"]) for team in game.view(None)["teams"]}
    assert scoreboard_numbers(page, "backlog") == backlogs
    # The cards in play move with each play (without redrawing the figure), and every line of
    # the per-sprint panels is still drawn.
    in_play = {"in play": [len(team["in_play"]) for team in game.view(None)["teams"]]}
    velocity = {team: [row["velocity"] for row in game.rounds if row["team"] == team]
                for team in game.players}

    def bars() -> dict[str, list[int]]:
        return {trace["name"]: trace["y"] for trace in panel(page, "in_play")
                if trace["name"] in in_play}

    def lines() -> dict[str, list[int]]:
        return {trace["name"]: trace["y"] for trace in panel(page, "velocity")}

    until(page, lambda: bars() == in_play and lines() == velocity)
    assert bars() == in_play
    assert lines() == velocity
    per_sprint = [trace for name in ("velocity", "burndown") for trace in panel(page, name)]
    assert drawn_lines(page) == len(per_sprint) == 2 * len(game.players) + 1
    save_screenshot(page, "scrumkin-projector-light")
    page.click(".dg-theme")
    wait_for_kernel_idle(page)
    save_screenshot(page, "scrumkin-projector-dark")

    hide = page.locator(".dg-hide")  # a hand left open hides the teams' table; a reload closes it
    if hide.is_visible():
        hide.click()
        wait_for_kernel_idle(page)
    board = page.locator(".dg-scoreboard").inner_text()
    charts = [panel(page, name) for name in ("velocity", "burndown", "in_play")]
    assert all(charts)
    voila_server.kill_page_kernel(page)
    page.reload()
    wait_for_app(page, ".dg-table-view")
    wait_for_kernel_idle(page, quiet_ms=500)
    assert page.locator(".dg-scoreboard").inner_text() == board
    until(page, lambda: [panel(page, name) for name in ("velocity", "burndown", "in_play")]
          == charts)
    assert [panel(page, name) for name in ("velocity", "burndown", "in_play")] == charts

    open_admin(page)
    page.click(".dg-export-prepare")
    page.locator(".dg-export-links a").first.wait_for()
    rounds = download(page, "rounds.csv")
    assert rounds.startswith("\ufeff")
    rows = list(csv.DictReader(io.StringIO(rounds.lstrip("\ufeff"))))
    assert len(rows) == len(game.rounds)
    assert [(r["sprint"], r["team"], r["velocity"]) for r in rows] == [
        (str(r["sprint"]), r["team"], str(r["velocity"])) for r in game.rounds]
    events = download(page, "events.csv")
    assert session_from_events(events).replay().snapshot() == game.snapshot()


def test_itstartup_two_rounds_with_open_hands(page: Page, voila_server: Server) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    set_up(page, voila_server, "itstartup", [("Ada", "human"), ("Bob", "heuristic")],
           hidden=False)
    assert page.locator(".dg-hand").is_visible()

    def two_rounds() -> bool:
        game = saved_game(voila_server, page)
        return game.is_over or game.view(None)["round"] > 2

    play_by_clicking(page, two_rounds)
    game = saved_game(voila_server, page)
    points = {player["name"]: str(player["points"]) for player in game.view(None)["players"]}
    assert scoreboard_numbers(page, "points") == points
    expected = {name: [0] + [row["points"] for row in game.rounds if row["player"] == name]
                for name in game.players}

    def traces() -> dict[str, list[int]]:
        return {trace["name"]: trace["y"] for trace in panel(page, "points")
                if trace["name"] in points}

    until(page, lambda: traces() == expected)
    assert traces() == expected
    save_screenshot(page, "itstartup-projector")


def test_exploding_a_whole_game_of_bots(page: Page, voila_server: Server) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    set_up(page, voila_server, "exploding",
           [("Ada", "heuristic"), ("Bob", "random"), ("Cy", "heuristic")])
    open_admin(page)
    page.locator(".dg-bot-pace select").select_option(label="at once")
    page.locator(".dg-winner").wait_for()
    wait_for_kernel_idle(page)
    game = saved_game(voila_server, page)
    assert game.is_over and len(game.winners) == 1
    assert page.locator(".dg-winner").inner_text() == f"{game.winners[0]} wins!"
    out = game.view(None)["eliminated"]
    assert len(out) == 2 and game.winners[0] not in out
    shown = scoreboard_numbers(page, "eliminated order")
    assert {name: order for name, order in shown.items() if order} == {
        name: str(order) for order, name in enumerate(out, 1)}
    turns = {row["turn"]: row["chance_next_explodes"] for row in game.rounds}
    expected = [round(100 * chance, 1) for chance in turns.values()]

    def risk() -> list[float]:
        return [y for trace in panel(page, "risk")[:1] for y in trace["y"][1:]]

    until(page, lambda: risk() == expected)
    assert risk() == expected
    save_screenshot(page, "exploding-end")
