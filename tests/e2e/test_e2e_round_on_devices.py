"""A round of РЕЛИЗ's Cooperation played at once by three teams, each on its own phone, with the
projector in a fourth page: the teams' moves of one round cross on their way to the table and
none is refused, the projector shows each, every phone shows the room's timer (a phone whose own
clock is wrong too) and who still plays, a team that ends its turn is told so, and the
facilitator's "Time is up" brings every phone to the next round.

The time from a click on a phone to the move shown on the projector (its "N moves saved" line) is
measured over every move of the round and written to ``test-artifacts/round-on-devices.json``.
"""

import json
import re
import statistics
from collections.abc import Callable

from playwright.sync_api import Page, expect

from devgames.core.wording import recent_news
from devgames.devices.state import TURN_OVER
from tests.e2e.harness import (
    ARTIFACTS,
    Server,
    moves_saved,
    save_screenshot,
    wait_for_app,
    wait_for_kernel_idle,
)
from tests.e2e.readability import summary, unreadable
from tests.e2e.test_e2e_devices import (
    RECORD_SAVED,
    give_codes,
    open_device,  # noqa: F401  (the fixture of the phones' browser contexts)
    percentile,
    shown_revision,
    wait_for_revision,
    wait_for_saved,
)
from tests.e2e.test_e2e_games import open_admin, saved_game

TEAMS = ["Red", "Blue", "Green"]
#: Rounds of moves made on the three phones at once before Red ends its turn: 30 moves.
BATCHES = 10
#: A seed whose first round gives each team moves of its own only (its daily event, tiles in its
#: own blocks, turning them): moves of different teams that never touch each other.
SEED = "1"

#: In a phone whose own clock is wrong: ``Date.now()`` ten minutes ahead of the machine's.
WRONG_CLOCK = "(() => { const real = Date.now; Date.now = () => real() + 600000; })();"

#: In a phone: click its first move that does not end the team's turn; the time of the click
#: by the machine's clock (``Date.now()`` may be a wrong clock's).
CLICK_A_MOVE = """() => {
    const move = [...document.querySelectorAll(".moves button.move:not(:disabled)")]
        .find((button) => !button.textContent.startsWith("End"));
    if (!move) return null;
    const at = performance.timeOrigin + performance.now();
    move.click();
    return at;
}"""

#: In a phone: click the move that ends the team's turn.
END_TURN = """() => {
    const move = [...document.querySelectorAll(".moves button.move:not(:disabled)")]
        .find((button) => button.textContent.startsWith("End"));
    if (move) move.click();
    return Boolean(move);
}"""

#: In a phone: its move buttons are there to click (its own move is not on its way).
READY = """() => Boolean(document.querySelector(".moves button.move:not(:disabled)"))"""


def start_cooperation(page: Page, server: Server) -> None:
    """A Cooperation session of the three teams, each to play on its own device."""
    page.goto(server.url)
    wait_for_app(page)
    page.click(".dg-new-reliz")
    page.locator(".dg-setup").wait_for()
    page.locator(".dg-option-scenario select").select_option(label="Cooperation · Кооперация")
    names = page.locator(".dg-seat-name input")
    while names.count() < len(TEAMS):
        count = names.count()
        page.click(".dg-add-seat")
        expect(names).to_have_count(count + 1)
    for index, team in enumerate(TEAMS):
        names.nth(index).fill(team)
        names.nth(index).press("Enter")
    page.locator(".dg-seed input").fill(SEED)
    wait_for_kernel_idle(page)
    page.click(".dg-start")
    page.locator(".dg-table-view").wait_for()
    wait_for_kernel_idle(page)


def test_three_teams_play_a_round_at_once_on_their_phones_and_time_up_starts_the_next(
        page: Page, voila_server: Server, open_device: Callable[..., Page]) -> None:  # noqa: F811
    page.set_viewport_size({"width": 1280, "height": 720})
    start_cooperation(page, voila_server)
    addresses = give_codes(page, dict(enumerate(TEAMS)))
    phones = [open_device(addresses[seat]) for seat in range(len(TEAMS))]
    phones[1].context.add_init_script(WRONG_CLOCK)  # Blue's phone is ten minutes ahead
    phones[1].reload()
    open_admin(page)
    page.evaluate(RECORD_SAVED)
    for phone, team in zip(phones, TEAMS, strict=True):
        expect(phone.locator(".status")).to_have_text(f"Your move, {team}.")
        expect(phone.locator(".teams")).to_have_text(
            "Round 1: Red, Blue and Green are playing.")
        expect(phone.locator(".clock")).to_have_text(re.compile(r"^\+?\d+:\d\d$"))

    to_projector: list[float] = []
    saved = len(saved_game(voila_server, page).log)
    for _batch in range(BATCHES):
        for phone in phones:
            phone.wait_for_function(READY, polling=20)
        # The three teams click at once: the second and third moves reach the table from
        # screens that have not seen the first.
        seen = [shown_revision(phone) for phone in phones]
        clicks = [phone.evaluate(CLICK_A_MOVE) for phone in phones]
        assert None not in clicks, "a team had no move of its own to make"
        for phone, revision in zip(phones, seen, strict=True):
            wait_for_revision(phone, revision + 1)
        for order, clicked in enumerate(clicks, start=1):
            to_projector.append((wait_for_saved(page, saved + order) - clicked) / 1000)
        saved += len(phones)
        for phone in phones:
            expect(phone.locator(".notice")).to_be_hidden()  # nothing refused
        game = saved_game(voila_server, page)
        assert len(game.log) == saved
        assert {action.player for action in game.log[-len(phones):]} == {0, 1, 2}
        expect(page.locator(".dg-news")).to_contain_text(recent_news(game, 1)[-1])
    expect(page.locator(".dg-admin")).to_contain_text(moves_saved(saved))

    red, blue, green = phones
    assert red.evaluate(END_TURN)
    expect(red.locator(".status")).to_have_text(TURN_OVER)
    expect(red.locator(".moves button")).to_have_count(0)
    line = "Round 1: Blue and Green are playing; Red has ended its turn."
    for phone in phones:
        expect(phone.locator(".teams")).to_have_text(line)
    expect(blue.locator(".status")).to_have_text("Your move, Blue.")
    for phone in phones:
        expect(phone.locator(".clock")).to_be_visible()
    save_screenshot(red, "round-on-devices-turn-over-390x844")

    # The projector has taken in Red's end of turn (its buttons drawn anew) before the click.
    expect(page.locator(".dg-admin")).to_contain_text(moves_saved(saved + 1))
    wait_for_kernel_idle(page)
    page.locator(".dg-time-up").click()
    for phone, team in zip(phones, TEAMS, strict=True):
        expect(phone.locator(".teams")).to_have_text(
            "Round 2: Red, Blue and Green are playing.")
        expect(phone.locator(".status")).to_have_text(f"Your move, {team}.")
        # the room's timer, wound for the new round on the projector, counts down on every
        # phone; Blue's too, whose own clock is ten minutes ahead (it counts by the server's)
        expect(phone.locator(".clock")).to_have_text(re.compile(r"^[12]:\d\d$"))
        expect(phone.locator(".clock-note")).to_have_text("Time left")
    assert saved_game(voila_server, page).log[-1].kind == "time_up"
    problems = [problem for problem in unreadable(green, min_px=18)
                if problem["kind"] not in ("page scroll", "off screen")]  # a phone scrolls
    assert not problems, summary(problems)
    save_screenshot(green, "round-on-devices-next-round-390x844")

    figures = {"moves": len(to_projector),
               "projector_p50_s": round(statistics.median(to_projector), 3),
               "projector_p95_s": round(percentile(to_projector, 0.95), 3)}
    print(f"\nclick on a phone to the move on the projector, a round played at once: {figures}")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "round-on-devices.json").write_text(json.dumps(
        {**figures, "projector_s": [round(value, 3) for value in to_projector]}, indent=2) + "\n")
    assert figures["projector_p95_s"] < 3.0
