"""The team devices' server over real HTTP, on a real SQLite store: what a phone gets, what it
may do, and what it is refused."""

import json
import re
import time
from typing import Any

import pytest
from tornado.httpclient import HTTPResponse
from tornado.testing import AsyncHTTPTestCase, gen_test

from devgames import reliz, scrumkin
from devgames.devices import server
from devgames.devices.room import PAUSED
from devgames.sessions.store import SessionStore


class DeviceServerTest(AsyncHTTPTestCase):
    """One Scrumkin session (Red, Blue, Green), Red and Blue with device links."""

    def setUp(self) -> None:
        self.store = SessionStore(":memory:")
        game = scrumkin.new_game(["Red", "Blue", "Green"], seed=4)
        self.session = self.store.create(game)
        self.red = self.store.issue_link(self.session, 0)
        self.blue = self.store.issue_link(self.session, 1)
        self.hub = server.Hub(self.store)
        super().setUp()

    def get_app(self) -> Any:
        return server.make_app(self.hub)

    # ----- helpers ----------------------------------------------------------------------------
    def page(self, token: str) -> tuple[HTTPResponse, str]:
        """The team's page and the XSRF value it carries (its cookie is in the answer)."""
        answer = self.fetch(f"/t/{token}")
        found = re.search(r'name="xsrf" content="([^"]+)"', answer.body.decode())
        return answer, found.group(1) if found else ""

    def state(self, token: str, known: str = "") -> dict[str, Any]:
        answer = self.fetch(f"/t/{token}/state?known={known}")
        assert answer.code == 200, answer.body
        return json.loads(answer.body)

    def post(self, token: str, body: dict[str, Any], xsrf: bool = True,
             origin: str | None = None) -> HTTPResponse:
        headers = {"Content-Type": "application/json"}
        if xsrf:
            page, value = self.page(token)
            headers["X-XSRFToken"] = value
            headers["Cookie"] = page.headers["Set-Cookie"].split(";", 1)[0]
        if origin is not None:
            headers["Origin"] = origin
        return self.fetch(f"/t/{token}/move", method="POST", body=json.dumps(body),
                          headers=headers, raise_error=False)

    def move(self, token: str, index: int = 0, **changes: Any) -> HTTPResponse:
        state = self.state(token)
        body = {"revision": state["revision"], "move": index,
                "label": state["moves"][index]["label"] if state["moves"] else "", **changes}
        return self.post(token, body)

    # ----- tests ------------------------------------------------------------------------------
    def test_the_page_loads_only_its_own_script_and_style_and_forbids_framing(self) -> None:
        answer, xsrf = self.page(self.red)
        assert answer.code == 200 and xsrf
        policy = answer.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert answer.headers["Referrer-Policy"] == "no-referrer"  # the token is in the address
        assert answer.headers["Cache-Control"] == "no-store"
        for asset in ("device.js", "device.css"):
            assert self.fetch(f"/static/{asset}").code == 200

    def test_a_device_sees_its_own_hand_and_moves_and_no_other_hand(self) -> None:
        game = self.store.resume(self.session)
        red, blue = self.state(self.red), self.state(self.blue)
        assert red["team"] == "Red" and red["your_move"] and red["moves"]
        assert all(at is not None for at in self.store.link_seen(self.session).values())
        assert blue["moves"] == [] and blue["status"] == "Waiting for Red."
        blue_only = {c["card"] for c in game.view(1)["hand"]} - {
            c["card"] for c in game.view(0)["hand"]}
        public = json.dumps(game.view(None))
        for name in blue_only - {n for n in blue_only if n in public}:
            assert name not in json.dumps(red)

    def test_a_move_is_saved_in_the_store_and_the_other_device_is_told(self) -> None:
        before = self.state(self.blue)
        assert self.move(self.red).code == 200
        assert len(self.store.load(self.session).log) == 1
        after = self.state(self.blue, known=before["etag"])
        assert after["revision"] == 1 and after["news"]

    def test_a_move_from_a_stale_screen_is_refused_and_the_fresh_state_comes_back(self) -> None:
        old = self.state(self.red)
        game, revision = self.store.checkout(self.session)
        game.apply(game.legal_actions()[0])  # the projector moved first
        self.store.sync(self.session, game, expected=revision)
        answer = self.post(self.red, {"revision": old["revision"], "move": 0,
                                      "label": old["moves"][0]["label"]})
        data = json.loads(answer.body)
        assert answer.code == 409 and "moved on" in data["message"]
        assert data["state"]["revision"] == 1
        assert len(self.store.load(self.session).log) == 1

    def test_a_label_that_no_longer_matches_is_refused(self) -> None:
        answer = self.move(self.red, label="Red plays a card it never had")
        assert answer.code == 409 and self.store.load(self.session).log == []

    def test_another_teams_turn_and_a_paused_room_and_a_bot_seat_make_no_move(self) -> None:
        state = self.state(self.red)
        body = {"revision": 0, "move": 0, "label": state["moves"][0]["label"]}
        assert self.post(self.blue, body).code == 409  # Blue's list has no such move
        self.store.set_meta(self.session, PAUSED, True)
        answer = self.post(self.red, body)
        assert answer.code == 409 and "paused" in json.loads(answer.body)["message"]
        assert self.state(self.red)["moves"] == []
        self.store.set_meta(self.session, PAUSED, None)
        self.store.set_meta(self.session, ("seats", "bots"), {"Red": "random"})
        answer = self.post(self.red, body)
        assert answer.code == 409 and "bot" in json.loads(answer.body)["message"]
        assert self.store.load(self.session).log == []

    def test_moves_need_the_xsrf_value_and_this_servers_origin(self) -> None:
        state = self.state(self.red)
        body = {"revision": 0, "move": 0, "label": state["moves"][0]["label"]}
        assert self.post(self.red, body, xsrf=False).code == 403
        page, value = self.page(self.red)
        headers = {"Content-Type": "application/json", "X-XSRFToken": value,
                   "Cookie": page.headers["Set-Cookie"].split(";", 1)[0],
                   "Origin": "http://evil.example"}
        answer = self.fetch(f"/t/{self.red}/move", method="POST", body=json.dumps(body),
                            headers=headers, raise_error=False)
        assert answer.code == 403
        assert self.store.load(self.session).log == []

    def test_an_unreadable_move_is_refused_with_a_sentence(self) -> None:
        answer = self.post(self.red, {"revision": "x"})
        assert answer.code == 400 and "could not be read" in json.loads(answer.body)["message"]

    def test_a_wrong_or_replaced_token_gets_a_page_that_says_so(self) -> None:
        for token in ("x" * 22, "<script>", self.red[:-1] + ("A" if self.red[-1] != "A" else "B")):
            answer = self.fetch(f"/t/{token}", raise_error=False)
            assert answer.code == 403
            text = answer.body.decode()
            assert "does not open a team's seat" in text and "Traceback" not in text
        self.store.issue_link(self.session, 0)  # the facilitator gives Red a new link
        assert self.fetch(f"/t/{self.red}/state", raise_error=False).code == 403

    def test_a_token_replaced_while_its_page_waits_is_cut_off(self) -> None:
        known = self.state(self.red)["etag"]

        async def replace_soon() -> None:
            await server.asyncio.sleep(0.2)
            self.store.issue_link(self.session, 0)
            self.hub.wake()

        @gen_test(timeout=10)
        async def scenario(self: DeviceServerTest) -> None:
            waiting = self.http_client.fetch(self.get_url(f"/t/{self.red}/state?known={known}"),
                                             raise_error=False)
            await replace_soon()
            answer = await waiting
            assert answer.code == 403

        scenario(self)

    def test_a_waiting_page_answers_as_soon_as_the_table_moves(self) -> None:
        known = self.state(self.blue)["etag"]

        @gen_test(timeout=10)
        async def scenario(self: DeviceServerTest) -> None:
            started = time.monotonic()
            waiting = self.http_client.fetch(self.get_url(f"/t/{self.blue}/state?known={known}"))
            await server.asyncio.sleep(0.2)
            game, revision = self.store.checkout(self.session)
            game.apply(game.legal_actions()[0])
            self.store.sync(self.session, game, expected=revision)
            self.hub.wake()  # the watch of the store does this for other processes' writes
            answer = await waiting
            assert json.loads(answer.body)["revision"] == 1
            assert time.monotonic() - started < server.WAIT_SECONDS / 2

        scenario(self)

    def test_a_deleted_session_and_an_unknown_address_are_pages_not_tracebacks(self) -> None:
        self.store.delete(self.session)
        answer = self.fetch(f"/t/{self.red}/state", raise_error=False)
        assert answer.code == 403  # the links went with the session
        answer = self.fetch("/voila/render/devgames.ipynb", raise_error=False)
        assert answer.code == 404 and "not a page of the game" in answer.body.decode()
        assert self.fetch("/static/../server.py", raise_error=False).code in (403, 404)


class TimedRoundTest(AsyncHTTPTestCase):
    """A Cooperation session of three teams playing each round at once, Red with a device link."""

    def setUp(self) -> None:
        self.store = SessionStore(":memory:")
        game = reliz.new_game(["Red", "Blue", "Green"], seed=7, scenario="cooperation")
        self.session = self.store.create(game)
        self.red = self.store.issue_link(self.session, 0)
        self.hub = server.Hub(self.store)
        super().setUp()

    def get_app(self) -> Any:
        return server.make_app(self.hub)

    def test_the_state_carries_the_servers_clock_and_the_timer_the_projector_saves(
            self) -> None:
        before = time.time() * 1000
        first = json.loads(self.fetch(f"/t/{self.red}/state").body)
        assert before - 1 <= first["now"] <= time.time() * 1000 + 1
        assert first["round"]["timer"] is None  # no timer saved yet
        time.sleep(0.01)
        same = json.loads(self.fetch(f"/t/{self.red}/state").body)
        assert same["now"] > first["now"] and same["etag"] == first["etag"]  # the clock aside
        timer = {"duration": 120, "elapsed": 0.0, "started_at": first["now"]}

        @gen_test(timeout=10)
        async def scenario(self: TimedRoundTest) -> None:
            waiting = self.http_client.fetch(
                self.get_url(f"/t/{self.red}/state?known={first['etag']}"))
            await server.asyncio.sleep(0.2)
            self.store.set_meta(self.session, ("timer",), timer)  # the projector winds it
            self.hub.wake()
            answer = json.loads((await waiting).body)
            assert answer["round"]["timer"] == {key: float(value)
                                                for key, value in timer.items()}
            assert answer["now"] >= first["now"]

        scenario(self)
        again = json.loads(self.fetch(f"/t/{self.red}/state").body)
        assert again["etag"] != first["etag"] and again["round"]["timer"]["duration"] == 120


def test_wrong_tokens_from_one_address_are_answered_ever_more_slowly() -> None:
    hub = server.Hub(SessionStore(":memory:"))
    delays = [hub.delay_for("10.0.0.7") for _ in range(server.FREE_FAILURES + 4)]
    assert delays[: server.FREE_FAILURES] == [0.0] * server.FREE_FAILURES
    assert delays[server.FREE_FAILURES:] == sorted(delays[server.FREE_FAILURES:])
    assert 0 < delays[server.FREE_FAILURES] < delays[-1] <= server.MAX_DELAY
    assert hub.delay_for("10.0.0.8") == 0.0  # another address is not slowed down


@pytest.mark.parametrize("length", [0, 21])
def test_tokens_too_short_to_be_ours_never_reach_the_store(length: int) -> None:
    assert not re.fullmatch(server.TOKEN, "a" * length)
