"""The team devices' server against bad input and other sites, over real HTTP on a real SQLite
file: every refusal says its reason, nothing is read beyond the limit, nothing answers 500 but a
damaged session, and a refused move replays nothing."""

import asyncio
import json
import re
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest
from tornado.httpclient import HTTPResponse
from tornado.testing import AsyncHTTPTestCase, gen_test

from devgames import scrumkin
from devgames.core.game import Game
from devgames.devices import server
from devgames.devices.room import PAUSED
from devgames.sessions.store import SessionStore


class CountingStore(SessionStore):
    """A real store that counts the replays of saved games and the token look-ups."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.checkouts = 0
        self.lookups = 0

    def checkout(self, session_id: int) -> tuple[Game, int]:
        self.checkouts += 1
        return super().checkout(session_id)

    def seat_of(self, token: str) -> tuple[int, int] | None:
        self.lookups += 1
        return super().seat_of(token)


#: The address a ``--lan`` server announces in these tests.
LAN_URL = "http://192.168.1.20:8867/"


class LimitsTest(AsyncHTTPTestCase):
    """One Scrumkin session (Red, Blue, Green) in an SQLite file, Red and Blue with links; the
    projector is another store on the same file. The server is a ``--lan`` one."""

    def setUp(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="devgames-limits-"))
        self.path = self.folder / "sessions.sqlite"
        self.store = CountingStore(self.path)
        self.projector = SessionStore(self.path)
        self.session = self.store.create(scrumkin.new_game(["Red", "Blue", "Green"], seed=4))
        self.red = self.store.issue_link(self.session, 0)
        self.blue = self.store.issue_link(self.session, 1)
        self.hub = server.Hub(self.store)
        super().setUp()

    def tearDown(self) -> None:
        super().tearDown()
        self.store.close()
        self.projector.close()
        shutil.rmtree(self.folder)

    def get_app(self) -> Any:
        return server.make_app(self.hub, server.served_names(LAN_URL))

    # ----- helpers ----------------------------------------------------------------------------
    def cookies(self, token: str) -> dict[str, str]:
        """The headers of a move from the team's page: its XSRF cookie and value."""
        page = self.fetch(f"/t/{token}")
        found = re.search(r'name="xsrf" content="([^"]+)"', page.body.decode())
        assert found, page.body
        return {"X-XSRFToken": found.group(1), "Content-Type": "application/json",
                "Cookie": page.headers["Set-Cookie"].split(";", 1)[0]}

    def post(self, token: str, body: bytes | dict[str, Any],
             headers: dict[str, str] | None = None) -> HTTPResponse:
        raw = body if isinstance(body, bytes) else json.dumps(body).encode()
        return self.fetch(f"/t/{token}/move", method="POST", body=raw,
                          headers=self.cookies(token) if headers is None else headers,
                          raise_error=False)

    def state(self, token: str) -> dict[str, Any]:
        answer = self.fetch(f"/t/{token}/state")
        assert answer.code == 200, answer.body
        return json.loads(answer.body)

    def first_move(self, token: str) -> dict[str, Any]:
        state = self.state(token)
        return {"revision": state["revision"], "move": 0, "label": state["moves"][0]["label"]}

    def projector_moves(self) -> None:
        game, revision = self.projector.checkout(self.session)
        game.apply(game.legal_actions()[0])
        self.projector.sync(self.session, game, expected=revision)

    def refused(self, answer: HTTPResponse, status: int, reason: str) -> dict[str, Any]:
        """The JSON of a refusal, checked: its status, its reason and a sentence."""
        assert answer.code == status, (answer.code, answer.body)
        data = json.loads(answer.body)
        assert data["reason"] == reason and data["message"].endswith("."), data
        return data

    def saved_moves(self) -> int:
        return len(self.projector.load(self.session).log)

    # ----- the body limit ---------------------------------------------------------------------
    def test_a_body_over_the_limit_is_refused_before_it_is_sent(self) -> None:
        headers = self.cookies(self.red)

        @gen_test(timeout=20)
        async def scenario(self: LimitsTest) -> None:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.get_http_port())
            lines = [f"POST /t/{self.red}/move HTTP/1.1", f"Host: 127.0.0.1:{self.get_http_port()}",
                     f"Content-Length: {50_000_000}",
                     *(f"{name}: {value}" for name, value in headers.items())]
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
            await writer.drain()
            # Not a byte of the body is sent: the answer comes, and the connection is closed.
            answer = await asyncio.wait_for(reader.read(), timeout=10)
            writer.close()
            head, _, body = answer.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 413"), head
            assert json.loads(body)["reason"] == "too_large"

        scenario(self)
        assert self.saved_moves() == 0

    def test_a_move_just_within_the_limit_is_read(self) -> None:
        body = json.dumps(self.first_move(self.red)).encode()
        padded = body[:-1] + b" " * (server.MAX_BODY - len(body)) + b"}"
        assert len(padded) == server.MAX_BODY
        assert self.post(self.red, padded).code == 200
        assert self.saved_moves() == 1
        self.refused(self.post(self.red, padded + b" "), 413, "too_large")

    # ----- unreadable moves -------------------------------------------------------------------
    def test_every_unreadable_move_is_a_400_with_a_sentence(self) -> None:
        move = self.first_move(self.red)
        label = json.dumps(move["label"])
        headers = self.cookies(self.red)
        bodies = [
            b"not json", b"", b"\xff\xfe", b"[]", b'"move"', b"null", b"3",
            b'{"revision": Infinity, "move": 0, "label": ' + label.encode() + b"}",
            b'{"revision": NaN, "move": 0, "label": ' + label.encode() + b"}",
            b'{"revision": 1e400, "move": 0, "label": ' + label.encode() + b"}",
            b'{"revision": 0.0, "move": 0, "label": ' + label.encode() + b"}",
            b'{"revision": ' + b"9" * 4000 + b', "move": 0, "label": ' + label.encode() + b"}",
            b'{"revision": ' + b"9" * 5000 + b', "move": 0, "label": ' + label.encode() + b"}",
            b'{"revision": 0, "move": -1, "label": ' + label.encode() + b"}",
            b"[" * 60_000,
            b'{"revision": ' + b"[" * 60_000 + b"}",
        ]
        for revision in (" 0 ", "0", True, False, None, [0], {"n": 0}):
            bodies.append(json.dumps({**move, "revision": revision}).encode())
        for index in ("0", True, 0.5):
            bodies.append(json.dumps({**move, "move": index}).encode())
        bodies += [json.dumps({**move, "label": 0}).encode(),
                   json.dumps({"revision": 0, "move": 0}).encode(),
                   json.dumps({**move, "extra": 1}).encode()]
        for body in bodies:
            answer = self.post(self.red, body, headers)
            self.refused(answer, 400, "unreadable")
        assert self.saved_moves() == 0
        assert self.post(self.red, move, headers).code == 200  # the server still serves

    # ----- each refusal says its reason -------------------------------------------------------
    def test_a_move_without_its_cookie_is_told_about_cookies(self) -> None:
        move = self.first_move(self.red)
        headers = self.cookies(self.red)
        del headers["Cookie"]  # cleared or blocked cookies
        data = self.refused(self.post(self.red, move, headers), 403, "cookies")
        assert "cookie" in data["message"]
        other = {**self.cookies(self.red), "X-XSRFToken": "2|00|00|00"}
        self.refused(self.post(self.red, move, other), 403, "cookies")
        assert self.saved_moves() == 0

    def test_a_replaced_link_and_a_deleted_session_say_so(self) -> None:
        headers = self.cookies(self.red)
        move = self.first_move(self.red)
        self.store.issue_link(self.session, 0)
        for answer in (self.fetch(f"/t/{self.red}/state", raise_error=False),
                       self.post(self.red, move, headers)):
            self.refused(answer, 403, "replaced")
        self.state(self.blue)
        self.store.delete(self.session)
        self.refused(self.fetch(f"/t/{self.blue}/state", raise_error=False), 410, "deleted")
        page = self.fetch(f"/t/{self.blue}", raise_error=False)
        assert page.code == 410 and "deleted this session" in page.body.decode()

    def test_each_refused_move_says_why_and_carries_the_state(self) -> None:
        move = self.first_move(self.red)
        blue = self.cookies(self.blue)
        data = self.refused(self.post(self.blue, move, blue), 409, "not_your_turn")
        assert data["state"]["team"] == "Blue"
        self.store.set_meta(self.session, PAUSED, True)
        self.refused(self.post(self.red, move), 409, "paused")
        self.store.set_meta(self.session, PAUSED, None)
        self.store.set_meta(self.session, ("seats", "bots"), {"Red": "random"})
        self.refused(self.post(self.red, move), 409, "bot")
        self.store.set_meta(self.session, ("seats", "bots"), {})
        self.refused(self.post(self.red, {**move, "label": "Red plays a card it never had"}),
                     409, "moved_on")
        self.projector_moves()
        data = self.refused(self.post(self.red, move), 409, "moved_on")
        assert data["state"]["revision"] == 1
        assert self.saved_moves() == 1

    # ----- a damaged session ------------------------------------------------------------------
    def test_a_damaged_session_says_so_and_the_others_keep_working(self) -> None:
        other = self.store.create(scrumkin.new_game(["Ada", "Bob"], seed=5))
        ada = self.store.issue_link(other, 0)
        move = self.first_move(self.red)
        headers = self.cookies(self.red)
        self.projector_moves()  # the saved log changes: the server must rebuild the game
        with sqlite3.connect(self.path) as db:  # a team name lost from the saved record
            db.execute("UPDATE sessions SET players = ? WHERE id = ?", ('["Red"]', self.session))
        for answer in (self.fetch(f"/t/{self.red}/state", raise_error=False),
                       self.post(self.red, {**move, "revision": 1}, headers)):
            data = self.refused(answer, 500, "damaged")
            assert "facilitator" in data["message"] and "Traceback" not in answer.body.decode()
        page = self.fetch(f"/t/{self.red}", raise_error=False)
        text = page.body.decode()
        assert page.code == 500 and "This session cannot be opened" in text
        assert "Traceback" not in text and "SetupError" not in text
        assert self.state(ada)["team"] == "Ada"
        assert self.post(ada, self.first_move(ada)).code == 200

    # ----- other hosts, other sites -----------------------------------------------------------
    def test_another_host_name_is_refused_before_any_work(self) -> None:
        port = self.get_http_port()
        lookups = self.store.lookups
        for path in (f"/t/{self.red}", f"/t/{self.red}/state", "/static/device.js"):
            answer = self.fetch(path, headers={"Host": f"evil.example:{port}"},
                                raise_error=False)
            self.refused(answer, 421, "host")
        answer = self.fetch(f"/t/{self.red}/move", method="POST", body=b"{}",
                            headers={"Host": f"evil.example:{port}"}, raise_error=False)
        self.refused(answer, 421, "host")
        assert self.store.lookups == lookups  # no token was even looked up
        for name in ("localhost", "127.0.0.1"):
            answer = self.fetch(f"/t/{self.red}/state", headers={"Host": f"{name}:{port}"})
            assert answer.code == 200

    def test_a_lan_server_answers_to_the_address_it_announces(self) -> None:
        port = self.get_http_port()
        answer = self.fetch(f"/t/{self.red}/state", headers={"Host": f"192.168.1.20:{port}"})
        assert answer.code == 200
        answer = self.fetch(f"/t/{self.red}/state", headers={"Host": f"192.168.1.21:{port}"},
                            raise_error=False)
        self.refused(answer, 421, "host")

    def test_a_move_from_another_origin_is_refused_scheme_included(self) -> None:
        move = self.first_move(self.red)
        port = self.get_http_port()
        for origin in (f"https://127.0.0.1:{port}", "http://evil.example", "null",
                       f"http://127.0.0.1:{port + 1}"):
            answer = self.post(self.red, move, {**self.cookies(self.red), "Origin": origin})
            self.refused(answer, 403, "origin")
        assert self.saved_moves() == 0
        own = {**self.cookies(self.red), "Origin": f"http://127.0.0.1:{port}"}
        assert self.post(self.red, move, own).code == 200

    # ----- waiting requests -------------------------------------------------------------------
    def test_one_address_holding_too_many_waiting_requests_is_told_so(self) -> None:
        known = self.state(self.red)["etag"]

        @gen_test(timeout=20)
        async def scenario(self: LimitsTest) -> None:
            client = self.http_client
            url = self.get_url(f"/t/{self.red}/state?known={known}")
            waiting = [client.fetch(url, raise_error=False) for _ in range(3)]
            while self.hub.waiters.total < 3:
                await asyncio.sleep(0.01)
            extra = await client.fetch(url, raise_error=False)  # the fourth: at once
            self.refused(extra, 429, "too_many")
            self.projector_moves()  # the table moves: the three waiting get the new state
            self.hub.wake()
            for answer in await asyncio.gather(*waiting):
                assert answer.code == 200 and json.loads(answer.body)["etag"] != known
            assert self.hub.waiters.by == {}

        self.hub.waiters.per_person = 3
        scenario(self)

    # ----- the kept game ----------------------------------------------------------------------
    def test_a_refused_move_replays_nothing_and_a_made_one_neither(self) -> None:
        headers = self.cookies(self.red)
        stale = self.first_move(self.red)
        self.projector_moves()
        fresh = self.state(self.red)  # the server rebuilds the game once for the new log
        replays = self.store.checkouts
        for _ in range(5):
            self.refused(self.post(self.red, stale, headers), 409, "moved_on")
        assert self.store.checkouts == replays
        # A move made on the kept game is the one a full replay gives.
        while not fresh["your_move"]:
            self.projector_moves()
            fresh = self.state(self.red)
        replays = self.store.checkouts
        move = {"revision": fresh["revision"], "move": 0, "label": fresh["moves"][0]["label"]}
        assert self.post(self.red, move, headers).code == 200
        kept = {token: self.state(token) for token in (self.red, self.blue)}
        assert self.store.checkouts == replays
        with SessionStore(self.path) as store:
            rebuilt = server.Hub(store)
            for token, seat in ((self.red, 0), (self.blue, 1)):
                again = rebuilt.state(self.session, seat)
                assert {**kept[token], "now": 0} == {**again, "now": 0}  # the clock aside


@pytest.mark.parametrize("revision", ["0", " 0 ", True, 0.0, float("inf")])
def test_numbers_must_be_whole_numbers(revision: Any) -> None:
    body = json.dumps({"revision": revision, "move": 0, "label": "x"}).encode()
    with pytest.raises(ValueError, match="Not a move"):
        server.read_move(body)

