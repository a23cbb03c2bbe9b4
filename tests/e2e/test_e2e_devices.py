"""Teams playing on their own devices, in real browsers: phones and a laptop next to the projector.

The projector is the facilitator app in a Voilà page; each team's device opens its team's
address from the Join panel in a browser context of its own (a phone of 390x844, or a laptop).
What the devices and the projector show is checked against the session store.
"""

import json
import math
import re
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Response, Route, expect
from playwright.sync_api import Error as PlaywrightError

from devgames.core.game import Game
from devgames.core.wording import recent_news
from devgames.devices.state import device_moves
from devgames.screens.debrief import winner_line
from devgames.sessions import SessionStore
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.harness import (
    ARTIFACTS,
    Server,
    save_screenshot,
    wait_for_app,
    wait_for_kernel_idle,
)
from tests.e2e.readability import summary, unreadable
from tests.e2e.test_e2e_games import open_admin, saved_game, session_id, until

pytestmark = pytest.mark.e2e

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True}
LAPTOP: dict[str, Any] = {"viewport": {"width": 1366, "height": 768}}

#: In a device page: note the revision and the time (``Date.now()``) of every state the page is
#: given, once its script has drawn it (the script draws a state as soon as it has read it).
RECORD_STATES = """(() => {
    window.dgStates = [];
    const read = Response.prototype.json;
    Response.prototype.json = async function () {
        const data = await read.call(this);
        const state = data && (data.state || (data.etag ? data : null));
        if (state) setTimeout(() => window.dgStates.push(
            {revision: state.revision, at: Date.now()}), 0);
        return data;
    };
})();"""

#: In the projector: note the time of every change of the "N moves saved" line of its
#: facilitator controls (open).
RECORD_SAVED = """() => {
    window.dgSaved = [];
    const read = () => {
        const info = document.querySelector(".dg-admin");
        const found = info && info.textContent.match(/(\\d+) moves? saved/);
        const last = window.dgSaved[window.dgSaved.length - 1];
        if (found && (!last || last.moves !== Number(found[1]))) {
            window.dgSaved.push({moves: Number(found[1]), at: Date.now()});
        }
    };
    new MutationObserver(read).observe(document.body,
        {subtree: true, childList: true, characterData: true});
    read();
}"""

#: In a device page: click its first move (a ticked subset's button only when it has no other).
CLICK_FIRST = """() => {
    const at = Date.now();
    const move = document.querySelector(".moves button.move:not(.go):not(:disabled)")
        || document.querySelector(".moves button.go:not(:disabled)");
    if (!move) return null;
    move.click();
    return at;
}"""

ON_MY_MOVE = """() => document.body.classList.contains("my-move")
    && Boolean(document.querySelector(".moves button.move:not(:disabled)"))"""


def set_up_seats(page: Page, server: Server, game: str, seats: list[tuple[str, str]]) -> None:
    """The set-up form of a new ``game`` with ``seats`` (name, "human" or a bot's kind)."""
    page.goto(server.url)
    wait_for_app(page)
    page.click(f".dg-new-{game}")
    page.locator(".dg-setup").wait_for()
    names, kinds = page.locator(".dg-seat-name input"), page.locator(".dg-seat-kind select")
    for left in range(names.count() - 1, len(seats) - 1, -1):
        page.locator(".dg-remove-seat").last.click()
        expect(names).to_have_count(left)
    for index, (name, kind) in enumerate(seats):
        names.nth(index).fill(name)
        names.nth(index).press("Enter")
        kinds.nth(index).select_option(label="plays here" if kind == "human" else f"{kind} bot")


def start_session(page: Page, server: Server, seats: list[tuple[str, str]],
                  preset: str | None = "short") -> None:
    """A Scrumkin session of ``seats`` (name, "human" or a bot's kind), seed 7, hands hidden."""
    set_up_seats(page, server, "scrumkin", seats)
    if preset is not None:
        select = page.locator(".dg-preset select")
        label = next(text for text in select.locator("option").all_inner_texts()
                     if text.startswith(preset))
        select.select_option(label=label)
    page.locator(".dg-seed input").fill("7")
    wait_for_kernel_idle(page)
    page.click(".dg-start")
    page.locator(".dg-table-view").wait_for()
    wait_for_kernel_idle(page)


def give_codes(page: Page, seats: dict[int, str]) -> dict[int, str]:
    """Give each of ``seats`` (seat: name) a code in the Join panel; their addresses."""
    page.click(".dg-join-toggle")
    page.locator(".dg-join-drawer .dg-join-row").first.wait_for()
    addresses = {}
    for seat, name in seats.items():
        page.locator(".dg-join-row").nth(seat).locator(".dg-join-show").click()
        expect(page.locator(".dg-join-card h3")).to_have_text(f"{name}: scan to join")
        page.locator(".dg-qr svg").wait_for()
        addresses[seat] = page.locator(".dg-join-address").inner_text().strip()
        wait_for_kernel_idle(page)
    page.click(".dg-join-close")
    wait_for_kernel_idle(page)
    return addresses


@pytest.fixture
def open_device(browser: Browser) -> Iterator[Callable[..., Page]]:
    """A factory: ``open_device(address, kind=PHONE) -> Page``, in a browser context of its own
    that notes the states its page is given; every context is closed at the end."""
    contexts: list[BrowserContext] = []

    def open_one(address: str, kind: dict[str, Any] = PHONE) -> Page:
        context = browser.new_context(**kind)
        contexts.append(context)
        context.set_default_timeout(TIMEOUT_MS)
        context.add_init_script(RECORD_STATES)
        device = context.new_page()
        device.goto(address)
        device.locator(".status").filter(has_text=re.compile(r"\S")).wait_for()
        return device

    yield open_one
    for context in contexts:
        context.close()


def store_game(server: Server, page: Page) -> tuple[Game, int]:
    """The saved game of the projector's session, and its revision."""
    with SessionStore(server.db) as store:
        return store.checkout(session_id(page))


def shown_revision(device: Page) -> int:
    """The revision of the last state the device was given (-1 before the first)."""
    return device.evaluate("() => Math.max(-1, ...window.dgStates.map((s) => s.revision))")


def wait_for_revision(device: Page, revision: int, timeout_ms: float = 15_000) -> float:
    """Wait until the device has been given ``revision`` (or a later one); its ``Date.now()``."""
    handle = device.wait_for_function(
        "(revision) => { const s = window.dgStates.find((s) => s.revision >= revision);"
        " return s ? s.at : false; }", arg=revision, timeout=timeout_ms, polling=20)
    return float(handle.json_value())


def wait_for_saved(page: Page, moves: int, timeout_ms: float = 15_000) -> float:
    """Wait until the projector says ``moves`` moves (or more) are saved; its ``Date.now()``."""
    handle = page.wait_for_function(
        "(moves) => { const s = window.dgSaved.find((s) => s.moves >= moves);"
        " return s ? s.at : false; }", arg=moves, timeout=timeout_ms, polling=20)
    return float(handle.json_value())


def saved_line(page: Page) -> Locator:
    """The line of the projector's facilitator controls saying how many moves are saved."""
    return page.locator(".dg-admin").get_by_text(re.compile(r"\d+ moves? saved"))


def move_labels(device: Page) -> list[str]:
    return device.locator(".moves button.move").all_inner_texts()


def card_names(cards: list[dict[str, Any]] | None) -> set[str]:
    return {card["card"] for card in cards or ()}


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (nearest rank).

    >>> percentile([float(n) for n in range(1, 21)], 0.95)
    19.0
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


class Traffic:
    """Every response a browser context receives, and the texts of those already read."""

    def __init__(self, context: BrowserContext) -> None:
        self.pending: list[Response] = []
        context.on("response", lambda response: self.pending.append(response))

    def read(self) -> list[str]:
        """The bodies (as text) of the responses received since the last call."""
        texts, responses = [], list(self.pending)
        del self.pending[:len(responses)]
        for response in responses:
            try:
                texts.append(response.text())
            except PlaywrightError:  # a body the browser no longer keeps
                continue
        return texts


class Frames:
    """Every message a page receives on its websockets (the projector's, from its kernel)."""

    def __init__(self, page: Page) -> None:
        self.new: list[str] = []
        self.count = 0
        page.on("websocket", lambda socket: socket.on("framereceived", self.add))

    def add(self, data: str | bytes) -> None:
        self.new.append(data if isinstance(data, str) else data.decode("utf-8", "replace"))
        self.count += 1

    def read(self) -> str:
        """The messages received since the last call, as one text."""
        text = "\n".join(self.new)
        self.new.clear()
        return text


def test_two_teams_play_a_whole_game_on_their_devices_and_see_only_their_own_hands(
        page: Page, voila_server: Server, open_device: Callable[..., Page]) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    frames = Frames(page)  # what the projector's page receives from its kernel
    start_session(page, voila_server, [("Red", "human"), ("Blue", "human"),
                                       ("Green", "random")])
    addresses = give_codes(page, {0: "Red", 1: "Blue"})
    frames.read()  # until now Red played at the table: its moves were offered behind the curtain
    red, blue = open_device(addresses[0]), open_device(addresses[1])
    traffic = Traffic(red.context)
    responses: list[str] = []
    red_hands: set[str] = set()

    def secrets() -> tuple[set[str], set[str]]:
        """Blue's cards Red may not know of, and the device teams' cards the projector may not
        show: neither in Red's hand (for Red), in the public view nor in any public news."""
        game, _ = store_game(voila_server, page)
        red_hands.update(card_names(game.view(0)["hand"]))
        public = json.dumps(game.view(None)) + "\n".join(recent_news(game, 10**6))
        blue = {name for name in card_names(game.view(1)["hand"]) if name not in public}
        devices = blue | card_names(game.view(0)["hand"])
        shown = {name for name in devices - card_names(game.view(2)["hand"])
                 if name not in public}
        return blue - red_hands, shown

    def check(before: tuple[set[str], set[str]]) -> tuple[set[str], set[str]]:
        """What Red received and shows, and what the projector received, since the last
        check holds no card hidden from them both then and now."""
        now = secrets()
        hidden, covered = before[0] & now[0], before[1] & now[1]
        texts = traffic.read()
        responses.extend(texts)
        seen = "\n".join([*texts, red.content(), red.locator("body").inner_text()])
        assert not {name for name in hidden if name in seen}, "Blue's cards reached Red"
        projector = frames.read()
        assert not {name for name in covered if name in projector}, \
            "a device team's hand reached the projector"
        return now

    known = check(secrets())
    checked: set[str] = set(known[0])
    moves = {0: 0, 1: 0}
    deadline = time.monotonic() + 240
    while not red.locator(".status").inner_text().startswith("The game is over"):
        assert time.monotonic() < deadline, "the game did not end in 4 minutes"
        mover = next((seat for seat, device in ((0, red), (1, blue))
                      if device.evaluate(ON_MY_MOVE)), None)
        if mover is None:
            red.wait_for_timeout(100)
            continue
        device = red if mover == 0 else blue
        before = shown_revision(device)
        assert device.evaluate(CLICK_FIRST) is not None
        wait_for_revision(device, before + 1)
        moves[mover] += 1
        known = check(known)
        checked |= known[0]

    game, _ = store_game(voila_server, page)
    assert game.is_over
    assert moves[0] >= 5 and moves[1] >= 5
    assert {action.player for action in game.log} == {0, 1, 2}  # the bot played its turns too
    assert sum(action.player in (0, 1) for action in game.log) == moves[0] + moves[1]
    # Blue had cards Red never saw, Red's traffic and the projector's messages were read
    assert checked and responses and frames.count > 100
    for device in (red, blue):
        expect(device.locator(".status")).to_have_text(f"The game is over. {winner_line(game)}")
        assert device.locator(".moves button").count() == 0
    expect(page.locator(".dg-winner")).to_have_text(winner_line(game))
    save_screenshot(page, "devices-projector-end")
    with SessionStore(voila_server.db) as store:  # the facilitator leads the debrief
        number = session_id(page)
        store.set_meta(number, ("debrief", "phase"), "so_what")
        store.set_meta(number, ("debrief", "phone_steps"), {"so_what": "vote"})
        store.set_meta(number, ("timer",), {"duration": 720, "elapsed": 0,
                                            "started_at": time.time() * 1000})
    expect(red.locator(".teams")).to_contain_text("Debrief: So what?, step Vote.")
    expect(red.locator(".clock")).to_have_text(re.compile(r"^1[12]:\d\d$"))
    problems = [problem for problem in unreadable(red, min_px=18)
                if problem["kind"] not in ("page scroll", "off screen")]  # a phone scrolls
    assert not problems, summary(problems)
    assert red.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    save_screenshot(red, "devices-phone-end")


def test_of_two_screens_of_one_team_moving_at_once_exactly_one_move_is_saved(
        page: Page, voila_server: Server, open_device: Callable[..., Page]) -> None:
    start_session(page, voila_server, [("Red", "human"), ("Blue", "human")])
    address = give_codes(page, {0: "Red"})[0]
    phone, laptop = open_device(address), open_device(address, LAPTOP)
    for device in (phone, laptop):
        device.wait_for_function(ON_MY_MOVE)
    assert move_labels(phone) == move_labels(laptop)
    _, revision = store_game(voila_server, page)
    held: list[Route] = []
    for device in (phone, laptop):
        device.route("**/move", lambda route: held.append(route))
    # Both clicks are made before either move reaches the server: the two posts are held at
    # the browsers' edge until both are sent, then let go together.
    phone.evaluate(CLICK_FIRST)
    laptop.evaluate(CLICK_FIRST)
    until(phone, lambda: len(held) == 2, 10_000)
    assert len(held) == 2
    for route in held:
        route.continue_()
    for device in (phone, laptop):
        wait_for_revision(device, revision + 1)

    game, saved = store_game(voila_server, page)
    assert saved == revision + 1 and len(game.log) == 1
    notices = [device.locator(".notice") for device in (phone, laptop)]
    # The refused screen may have the new table from its wait for the state a moment before
    # the answer to its move says why: wait for that answer.
    until(phone, lambda: any(notice.is_visible() for notice in notices), 5_000)
    refused = [notice for notice in notices if notice.is_visible()]
    assert len(refused) == 1
    expect(refused[0]).to_have_text(
        "The table has moved on since your screen last looked: here it is now.")
    fresh = [move["text"] for group in device_moves(game, 0)["groups"]
             for move in group["moves"]]
    for device in (phone, laptop):
        expect(device.locator(".moves button.move")).to_have_text(fresh)
    assert phone.locator(".status").inner_text() == laptop.locator(".status").inner_text()


def test_devices_play_on_while_the_projector_kernel_is_dead_and_both_come_back(
        page: Page, voila_server: Server, open_device: Callable[..., Page]) -> None:
    start_session(page, voila_server, [("Red", "human"), ("Blue", "human")])
    addresses = give_codes(page, {0: "Red", 1: "Blue"})
    red, blue = open_device(addresses[0]), open_device(addresses[1])
    red.wait_for_function(ON_MY_MOVE)
    red.evaluate(CLICK_FIRST)
    wait_for_revision(blue, 1)
    voila_server.kill_page_kernel(page)
    blue.wait_for_function(ON_MY_MOVE)
    blue.evaluate(CLICK_FIRST)
    wait_for_revision(red, 2)
    game, revision = store_game(voila_server, page)
    assert revision == 2 and len(game.log) == 2 and game.current_player == 0

    red.wait_for_function(ON_MY_MOVE)
    shown = {key: red.locator(key).inner_text() for key in (".status", ".moves", ".hand", ".news")}
    red.reload()
    red.wait_for_function(ON_MY_MOVE)
    assert {key: red.locator(key).inner_text() for key in shown} == shown
    assert shown[".status"] == "Your move, Red."

    page.reload()
    wait_for_app(page, ".dg-table-view")
    expect(page.locator(".dg-on-device")).to_have_text("Red plays on its own device.")
    open_admin(page)
    expect(saved_line(page)).to_contain_text("2 moves saved")
    red.evaluate(CLICK_FIRST)  # the reopened projector follows the devices again
    wait_for_revision(red, 3)
    expect(saved_line(page)).to_contain_text("3 moves saved")


def test_a_new_link_cuts_the_old_device_off_within_a_second(
        page: Page, voila_server: Server, open_device: Callable[..., Page]) -> None:
    start_session(page, voila_server, [("Red", "human"), ("Blue", "human")])
    address = give_codes(page, {0: "Red"})[0]
    old = open_device(address)
    old.wait_for_function(ON_MY_MOVE)
    page.click(".dg-join-toggle")
    renew = page.locator(".dg-join-row").nth(0).locator(".dg-join-new")
    renew.wait_for()
    start = time.monotonic()
    renew.click()
    old.wait_for_function("() => document.body.classList.contains('gone')", timeout=5_000,
                          polling=20)
    elapsed = time.monotonic() - start
    assert elapsed < 1.0, f"the old device was cut off after {elapsed:.2f} s"
    expect(old.locator(".team")).to_contain_text("no longer")
    assert old.locator(".moves button").count() == 0
    posted = old.evaluate("""async () => {
        const answer = await fetch(location.pathname + "/move", {method: "POST",
            headers: {"Content-Type": "application/json", "X-XSRFToken":
                      document.querySelector('meta[name="xsrf"]').content},
            body: JSON.stringify({revision: 0, move: 0, label: "x"})});
        return answer.status;
    }""")
    assert posted == 403

    expect(page.locator(".dg-join-address")).not_to_have_text(address)
    new = open_device(page.locator(".dg-join-address").inner_text().strip())
    new.wait_for_function(ON_MY_MOVE)
    _, revision = store_game(voila_server, page)
    new.evaluate(CLICK_FIRST)
    wait_for_revision(new, revision + 1)
    assert store_game(voila_server, page)[1] == revision + 1

    made_up = old.context.new_page()
    answer = made_up.goto(voila_server.device_url + "t/" + "Q" * 22)
    assert answer is not None and answer.status == 403
    text = made_up.locator("body").inner_text()
    assert "This link does not open a team's seat" in text and "Ask for the team's code" in text
    assert "Traceback" not in answer.text() and "Error" not in text


def test_a_move_on_a_device_reaches_the_other_device_and_the_projector_within_a_second(
        page: Page, voila_server: Server, open_device: Callable[..., Page]) -> None:
    start_session(page, voila_server, [("Red", "human"), ("Blue", "human")])
    addresses = give_codes(page, {0: "Red", 1: "Blue"})
    devices = {seat: open_device(address) for seat, address in addresses.items()}
    open_admin(page)  # its last line says how many moves are saved
    page.evaluate(RECORD_SAVED)
    to_device: list[float] = []
    to_projector: list[float] = []
    while len(to_device) < 24:
        mover = next((seat for seat, device in devices.items() if device.evaluate(ON_MY_MOVE)),
                     None)
        if mover is None:
            assert not store_game(voila_server, page)[0].is_over, "the game ended too soon"
            page.wait_for_timeout(100)
            continue
        other = devices[1 - mover]
        revision = shown_revision(devices[mover])
        clicked = devices[mover].evaluate(CLICK_FIRST)
        to_device.append((wait_for_revision(other, revision + 1) - clicked) / 1000)
        to_projector.append((wait_for_saved(page, revision + 1) - clicked) / 1000)
    device_p95, projector_p95 = percentile(to_device, 0.95), percentile(to_projector, 0.95)
    figures = {
        "moves": len(to_device),
        "device_p50_s": round(statistics.median(to_device), 3),
        "device_p95_s": round(device_p95, 3),
        "projector_p50_s": round(statistics.median(to_projector), 3),
        "projector_p95_s": round(projector_p95, 3),
    }
    print(f"\nclick to the other device and to the projector, over {len(to_device)} moves: "
          f"{figures}")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "devices-latency.json").write_text(json.dumps(
        {**figures, "device_s": [round(value, 3) for value in to_device],
         "projector_s": [round(value, 3) for value in to_projector]}, indent=2) + "\n")
    assert device_p95 < 1.0
    assert projector_p95 < 1.0


def test_a_phone_shows_large_moves_and_never_scrolls_sideways(
        page: Page, voila_server: Server, open_device: Callable[..., Page]) -> None:
    start_session(page, voila_server, [("Red", "human"), ("Blue", "human")])
    phone = open_device(give_codes(page, {0: "Red"})[0])
    phone.wait_for_function(ON_MY_MOVE)
    expect(phone.locator(".team")).to_have_text("Red")
    expect(phone.locator(".status")).to_have_text("Your move, Red.")
    path: Path = save_screenshot(phone, "devices-phone-390x844")
    assert path.stat().st_size > 0
    heights = phone.locator(".moves button").evaluate_all(
        "(buttons) => buttons.map((b) => b.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44
    assert phone.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    names = card_names(saved_game(voila_server, page).view(0)["hand"])
    hand = phone.locator(".hand").inner_text()
    assert names and all(name in hand for name in names)
