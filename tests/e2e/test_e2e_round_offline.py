"""A team's phone that loses its network in the middle of a round of РЕЛИЗ's Cooperation played
at once by three teams, each on its own phone, with the projector in a fourth page (a round
the facilitator started by calling time on the first, so that its timer runs).

While Red's phone is offline (Playwright's offline mode of its browser context) it says it is
reconnecting and offers no move; Blue and Green play on from their phones, and Green ends its
turn. Back online, Red's phone is itself again within 2 s: it shows the others' moves and who has
ended, the round's timer still counts down by the server's clock (not started again), and its own
move is made (not refused as stale) and shown on the projector. Then Red taps "End the turn" as
its network drops again, and the move reaches the table only after the facilitator called time:
it is refused with the reason, and the phone shows the next round.
"""

import re
import time
from collections.abc import Callable

from playwright.sync_api import Page, expect

from devgames.core.wording import recent_news
from devgames.devices.server import NEWS_LINES, REASONS
from devgames.devices.state import room_timer
from devgames.sessions import SessionStore
from tests.e2e.harness import Server
from tests.e2e.test_e2e_device_recovery import (
    ITSELF_ON_MY_MOVE,
    RECONNECTING_SHOWN,
    RECOVERY_S,
)
from tests.e2e.test_e2e_devices import (
    RECORD_SAVED,
    give_codes,
    open_device,  # noqa: F401  (the fixture of the phones' browser contexts)
    shown_revision,
    store_game,
    wait_for_revision,
    wait_for_saved,
)
from tests.e2e.test_e2e_games import open_admin, saved_game, session_id
from tests.e2e.test_e2e_round_on_devices import (
    CLICK_A_MOVE,
    END_TURN,
    READY,
    TEAMS,
    start_cooperation,
)

#: Moves Blue and Green each make from their phones while Red's is offline.
MOVES_OFFLINE = 3

#: In a phone: back from a drop and caught up: its team's move offered again, the line of who
#: plays the round as given, and a state of ``revision`` (or later) drawn.
CAUGHT_UP = f"""({{team, teams, revision}}) => ({ITSELF_ON_MY_MOVE})(team)
    && document.querySelector(".teams").textContent === teams
    && window.dgStates.some((s) => s.revision >= revision)"""

#: In a phone: True once its round timer shows at most so many seconds left.
CLOCK_AT_MOST = """(most) => {
    const found = document.querySelector(".clock").textContent.match(/^(\\d+):(\\d\\d)$/);
    return Boolean(found) && Number(found[1]) * 60 + Number(found[2]) <= most;
}"""

#: Seconds of the round gone before Red's phone is back: a timer started again on the phone
#: (or by the projector) would show more left than the saved timer by at least this much.
GONE_S = 4


def clock_seconds(phone: Page) -> int:
    """The seconds the phone's round timer shows as left (negative once over time)."""
    text = phone.locator(".clock").inner_text()
    found = re.fullmatch(r"(\+?)(\d+):(\d\d)", text)
    assert found, f"the clock shows {text!r}"
    seconds = int(found[2]) * 60 + int(found[3])
    return -seconds if found[1] else seconds


def saved_timer(server: Server, page: Page) -> dict[str, float]:
    """The room's timer as the projector saved it with the session (running)."""
    with SessionStore(server.db) as store:
        _, meta = store.position(session_id(page))
    timer = room_timer(meta)
    assert timer is not None and timer["started_at"] > 0, f"the room's timer is {timer}"
    return timer


def seconds_left(timer: dict[str, float]) -> float:
    """The seconds left on a running room's timer, by this machine's clock (the server's)."""
    spent = timer["elapsed"] + time.time() - timer["started_at"] / 1000
    return timer["duration"] - spent


def call_time(page: Page, saved: int, next_round: str, phones: list[Page]) -> int:
    """The facilitator's "Time is up" on the projector; wait until ``phones`` show
    ``next_round`` with its timer running; the moves saved now."""
    page.locator(".dg-time-up").click()
    saved += 1
    wait_for_saved(page, saved)
    for phone in phones:
        expect(phone.locator(".teams")).to_have_text(next_round)
        expect(phone.locator(".clock-note")).to_have_text("Time left")
    return saved


def play_at_once(phones: list[Page], page: Page, saved: int) -> int:
    """Each of ``phones`` makes a move of its own at the same moment; wait until every one is
    saved and shown on the projector; the moves saved now."""
    for phone in phones:
        phone.wait_for_function(READY, polling=20)
    seen = [shown_revision(phone) for phone in phones]
    assert None not in [phone.evaluate(CLICK_A_MOVE) for phone in phones]
    for phone, revision in zip(phones, seen, strict=True):
        wait_for_revision(phone, revision + 1)
    saved += len(phones)
    wait_for_saved(page, saved)
    for phone in phones:
        expect(phone.locator(".notice")).to_be_hidden()  # nothing refused
    return saved


def test_a_phone_offline_mid_round_catches_up_plays_on_and_its_stale_move_is_refused(
        page: Page, voila_server: Server, open_device: Callable[..., Page]) -> None:  # noqa: F811
    page.set_viewport_size({"width": 1280, "height": 720})
    start_cooperation(page, voila_server)
    addresses = give_codes(page, dict(enumerate(TEAMS)))
    phones = [open_device(addresses[seat]) for seat in range(len(TEAMS))]
    red, blue, green = phones
    open_admin(page)
    page.evaluate(RECORD_SAVED)
    saved = len(saved_game(voila_server, page).log)
    saved = call_time(page, saved, "Round 2: Red, Blue and Green are playing.", phones)

    # Red's network drops: it says so and offers nothing to click
    red.wait_for_function(READY, polling=20)
    red.context.set_offline(True)
    red.wait_for_function(RECONNECTING_SHOWN, timeout=5_000, polling=20)
    dropped_at, left_at_drop = time.time(), clock_seconds(red)
    red_seen = shown_revision(red)

    for _move in range(MOVES_OFFLINE):  # Blue and Green play on from their phones
        saved = play_at_once([blue, green], page, saved)
    assert green.evaluate(END_TURN)
    saved += 1
    wait_for_saved(page, saved)
    teams = "Round 2: Red and Blue are playing; Green has ended its turn."
    expect(blue.locator(".teams")).to_have_text(teams)
    assert red.evaluate(RECONNECTING_SHOWN)
    assert shown_revision(red) == red_seen  # it heard nothing of it
    game, revision = store_game(voila_server, page)
    assert len(game.log) == saved

    duration = saved_timer(voila_server, page)["duration"]  # its clock runs on while offline
    red.wait_for_function(CLOCK_AT_MOST, arg=duration - GONE_S, polling=100)
    since = time.monotonic()
    print(f"\nRed's phone was offline for {time.time() - dropped_at:.1f} s")
    red.context.set_offline(False)
    red.wait_for_function(CAUGHT_UP, arg={"team": "Red", "teams": teams,
                                          "revision": revision}, timeout=15_000, polling=20)
    elapsed = time.monotonic() - since
    print(f"\nback online mid-round: the phone had caught up after {elapsed:.2f} s")
    assert elapsed < RECOVERY_S, f"the phone caught up after {elapsed:.2f} s"
    expect(red.locator(".news li")).to_have_text(recent_news(game, NEWS_LINES)[::-1])
    # the round's timer counts on by the server's clock, as wound before the drop
    shown, timer = clock_seconds(red), saved_timer(voila_server, page)
    assert timer["started_at"] / 1000 < dropped_at
    assert abs(shown - seconds_left(timer)) <= 1.5
    assert shown <= left_at_drop - int(time.time() - dropped_at) + 1
    expect(red.locator(".clock-note")).to_have_text("Time left")

    # Red plays its own turn: made, and shown on the projector
    assert red.evaluate(CLICK_A_MOVE) is not None
    wait_for_revision(red, revision + 1)
    saved += 1
    wait_for_saved(page, saved)
    expect(red.locator(".notice")).to_be_hidden()
    game = saved_game(voila_server, page)
    assert len(game.log) == saved and game.log[-1].player == 0
    expect(page.locator(".dg-news")).to_contain_text(recent_news(game, 1)[-1])

    # Red ends its turn as its network drops again: the move reaches the table only after the
    # facilitator called time
    held = []
    red.route("**/move", lambda route: held.append(route))
    red.wait_for_function(READY, polling=20)
    assert red.evaluate(END_TURN)
    while not held:
        red.wait_for_timeout(20)
    red.context.set_offline(True)
    red.wait_for_function(RECONNECTING_SHOWN, timeout=5_000, polling=20)
    next_round = "Round 3: Red, Blue and Green are playing."
    saved = call_time(page, saved, next_round, [blue, green])
    red.context.set_offline(False)
    with red.expect_response("**/move") as answer:
        held[0].continue_()
    refusal = answer.value.json()
    assert answer.value.status == 409 and refusal["reason"] == "time_up"
    expect(red.locator(".notice")).to_have_text(REASONS["time_up"].sentence)
    expect(red.locator(".teams")).to_have_text(next_round)
    expect(red.locator(".status")).to_have_text("Your move, Red.")
    expect(red.locator(".clock")).to_have_text(re.compile(r"^[12]:\d\d$"))
    game = saved_game(voila_server, page)
    assert len(game.log) == saved and game.log[-1].kind == "time_up"  # the move was not made
    red.unroute("**/move")
    red.wait_for_function(READY, polling=20)  # and it plays the new round
