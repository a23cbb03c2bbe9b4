"""A whole Release! game of bots in a real Voilà server and headless Chromium: the page's winner
line, scoreboard and score race say what the saved game says."""

from typing import cast

import pytest
from playwright.sync_api import Page

from devgames.release import ReleaseGame
from tests.e2e.harness import Server, save_screenshot, wait_for_kernel_idle
from tests.e2e.test_e2e_games import (
    open_admin,
    panel,
    saved_game,
    set_up,
    until,
)

pytestmark = pytest.mark.e2e


def test_release_a_whole_game_of_bots(page: Page, voila_server: Server) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    set_up(page, voila_server, "release",
           [("Ada", "heuristic"), ("Bob", "random"), ("Cy", "heuristic")])
    open_admin(page)
    page.locator(".dg-bot-pace select").select_option(label="at once")
    page.locator(".dg-winner").wait_for()
    wait_for_kernel_idle(page)
    game = cast(ReleaseGame, saved_game(voila_server, page))
    assert game.is_over and game.winners and game.release == 5
    verb = "wins!" if len(game.winners) == 1 else "win!"
    assert page.locator(".dg-winner").inner_text().endswith(verb)
    assert all(name in page.locator(".dg-winner").inner_text() for name in game.winners)
    board = page.locator(".dg-scoreboard").inner_text()
    assert "wins" in board and "Tools & Methods".upper() in board.upper()
    expected = {row["team"]: row["score"] for row in game.rounds if row["release"] == 5}

    def finals() -> dict[str, float]:
        return {trace["name"]: trace["y"][-1] for trace in panel(page, "score")}

    until(page, lambda: finals() == expected)
    assert finals() == expected
    save_screenshot(page, "release-end")
