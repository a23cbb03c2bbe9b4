"""РЕЛИЗ in a real Voilà page: tiles placed by clicking the board, as a team at the projector.

A team picks a tile in its tray, the halves where it fits light up, a click on one places it
(saved in the store), a click on an unlit half is explained and saves nothing, and a click on the
tile just placed turns it round.
"""

from typing import cast

from playwright.sync_api import Page, expect

from devgames.reliz.game import RelizGame
from tests.e2e.harness import Server, save_screenshot, wait_for_kernel_idle
from tests.e2e.test_e2e_games import saved_game, set_up, until


def test_tiles_are_placed_and_turned_by_clicking_the_board(page: Page,
                                                          voila_server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    set_up(page, voila_server, "reliz", [("Red", "human"), ("Blue", "human")], hidden=False)
    wait_for_kernel_idle(page)
    for _ in range(30):  # the set-up moves (block cards to join) by the move buttons
        made = cast(RelizGame, saved_game(voila_server, page))
        if made.phase == "play":
            break
        page.locator(".dg-move").first.click()  # saved before the next look: one move a click
        before = len(made.log)
        until(page, lambda: len(saved_game(voila_server, page).log) > before)  # noqa: B023
        wait_for_kernel_idle(page)
    game = cast(RelizGame, saved_game(voila_server, page))
    assert game.phase == "play"
    seat = game.current_player
    assert isinstance(seat, int)
    board = page.locator(".dg-board svg")
    expect(board).to_be_visible()
    halves = page.locator(".dg-board-half")
    expect(halves).to_have_count(2 * (len(game.chip)))

    # An empty half clicked with no tile picked: a sentence, nothing saved.
    moves = len(game.log)
    page.locator(".dg-board-empty").first.click()
    wait_for_kernel_idle(page)
    refusal = page.locator(".dg-table-view .dg-notice.dg-error")
    expect(refusal).to_contain_text("Pick one of your tiles first")
    assert len(saved_game(voila_server, page).log) == moves

    # Pick a tile that fits: exactly the engine's places light up.
    hand = game.view(seat)["hand"]
    fits = next(i for i, tile in enumerate(hand) if game.places(tile["id"], seat))
    tile = hand[fits]
    page.locator(".dg-tile").nth(fits).click()
    wait_for_kernel_idle(page)
    lit = page.locator(".dg-board-legal")
    until(page, lambda: lit.count() > 0)
    expected = {(p["zone"], 1 + p["flip"]) for p in game.places(tile["id"], seat)}
    shown = {(int(h.get_attribute("data-zone") or -1), int(h.get_attribute("data-half") or 0))
             for h in lit.all()}
    assert shown == expected
    save_screenshot(page, "reliz-board-1280x720")
    zone, half = sorted(expected)[0]
    page.locator(f".dg-board-legal[data-zone='{zone}'][data-half='{half}']").click()
    wait_for_kernel_idle(page)
    until(page, lambda: len(saved_game(voila_server, page).log) == moves + 1)
    game = cast(RelizGame, saved_game(voila_server, page))
    last = game.log[-1]
    assert (last.kind, last.card, last.target, last.count) in {
        ("place", tile["id"], zone, half - 1), ("replace", tile["id"], zone, half - 1)}
    expect(page.locator(f".dg-board-half[data-zone='{zone}']")).to_have_count(2)

    # The tile just placed may be turned round by a click on it.
    if any(a.kind == "rotate" and a.target == zone for a in game.legal_actions()):
        page.locator(f".dg-board-turnable[data-zone='{zone}']").first.click()
        wait_for_kernel_idle(page)
        until(page, lambda: len(saved_game(voila_server, page).log) == moves + 2)
        assert saved_game(voila_server, page).log[-1].kind == "rotate"
