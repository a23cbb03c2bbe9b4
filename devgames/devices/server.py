"""The device server: a light page per team device, served next to the facilitator app.

It is a small tornado application that runs inside the Voilà server process (see
``devgames.dashboards.serve``), on a port of its own: on 127.0.0.1 like the app, or on the
machine's network address with ``devgames serve --lan``. The facilitator app itself is never
served on the network; this application serves nothing but these addresses:

- ``/t/<token>``: the team's page (HTML, then :data:`STATIC` script and style);
- ``/t/<token>/state?known=<etag>``: the team's state as JSON (:func:`device_state`), at once
  when it differs from the one the page knows, else as soon as the table moves (at most
  :data:`WAIT_SECONDS` later): the page is told of a move within a tenth of a second;
- ``POST /t/<token>/move``: make a move chosen on the page, from the revision the page showed.

Every request names its team by the token of the team's link; the store finds the token by its
digest and compares it in constant time. A wrong token gets a page that says so (403); from one
address, wrong tokens beyond :data:`FREE_FAILURES` a minute are answered ever more slowly. Moves
are posted with tornado's XSRF check and from this server's own origin only. Every answer forbids
framing, referrers (the token is in the address), caching and any script or style not from here.
"""

import asyncio
import contextlib
import json
import re
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tornado.ioloop
import tornado.web

from devgames.core.errors import IllegalMove
from devgames.core.game import Game
from devgames.core.wording import recent_news
from devgames.devices.page import PAGE
from devgames.devices.room import bot_seats, is_paused
from devgames.devices.state import chosen_action, device_state
from devgames.sessions.store import SessionStore, StaleSession

#: How long a state request waits for the table to move before it answers "nothing new".
WAIT_SECONDS = 20.0
#: How often the server looks whether another process (the projector's kernel) wrote the store.
WATCH_SECONDS = 0.1
#: How often the store is told that a device is still there.
SEEN_SECONDS = 10.0
#: Wrong tokens a minute from one address before answers slow down; the slowest answer.
FREE_FAILURES = 5
FAILURE_WINDOW = 60.0
MAX_DELAY = 8.0
#: What a token looks like (URL-safe base64 of at least 128 bits).
TOKEN = r"[A-Za-z0-9_-]{22,64}"
#: The script and the style of the page.
STATIC = Path(__file__).with_name("static")

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}

REFUSED = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>devgames: {title}</title><link rel="stylesheet" href="/static/device.css">
</head><body><main class="refused"><h1>{title}</h1><p>{sentence}</p></main></body></html>
"""

#: What a refused page says, by status.
REFUSALS = {
    403: ("This link does not open a team's seat",
          "The link is wrong, or the facilitator has given your team a new one. Ask for the "
          "team's code again."),
    404: ("Nothing here", "This address is not a page of the game. Scan your team's code."),
    410: ("This session is over", "The facilitator deleted this session."),
}


@dataclass
class Table:
    """A session as saved: its game, revision, settings and public news."""

    game: Game
    revision: int
    meta: dict[str, Any]
    news: list[str]


class Hub:
    """What every request shares: the store, the last game rebuilt of each session, the wake-up
    of waiting pages, and the count of wrong tokens by address."""

    def __init__(self, store: SessionStore) -> None:
        self.store = store
        self.tables: dict[int, Table] = {}
        self.failures: dict[str, deque[float]] = {}
        self.last_seen: dict[str, float] = {}
        self._moved = asyncio.Event()
        self._seen = -1
        self.waiting = 0  # pages waiting for the table to move
        self._someone = asyncio.Event()  # set while a page waits: the watch runs only then

    def table(self, session_id: int) -> Table:
        """The session as saved now (rebuilt only when its log changed). KeyError if deleted."""
        revision, meta = self.store.position(session_id)
        cached = self.tables.get(session_id)
        if cached is None or cached.revision != revision:
            game, revision = self.store.checkout(session_id)
            cached = self.tables[session_id] = Table(game, revision, meta, recent_news(game))
        cached.meta = meta
        return cached

    def state(self, session_id: int, seat: int) -> dict[str, Any]:
        table = self.table(session_id)
        return device_state(table.game, seat, table.revision, table.meta, table.news)

    def wake(self) -> None:
        """Tell every waiting page that the store changed."""
        self._moved.set()
        self._moved = asyncio.Event()

    async def moved(self, timeout: float) -> None:
        """Wait until the store changes, at most ``timeout`` seconds."""
        self.waiting += 1
        self._someone.set()
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._moved.wait(), timeout)
        finally:
            self.waiting -= 1
            if not self.waiting:
                self._someone.clear()

    async def watch(self) -> None:
        """Wake the waiting pages whenever another process wrote the store; while no page
        waits, the watch sleeps (a server with no device uses no CPU)."""
        while True:
            await self._someone.wait()
            await asyncio.sleep(WATCH_SECONDS)
            version = self.store.data_version()
            if version != self._seen:
                self._seen = version
                self.wake()

    def seen(self, token: str) -> None:
        """Note in the store, at most every :data:`SEEN_SECONDS`, that a device is there (the
        Join panel shows it)."""
        now = time.monotonic()
        if now - self.last_seen.get(token, -SEEN_SECONDS) >= SEEN_SECONDS:
            self.last_seen[token] = now
            self.store.saw(token)

    def delay_for(self, address: str) -> float:
        """Note a wrong token from ``address``; the seconds to wait before answering it."""
        now = time.monotonic()
        times = self.failures.setdefault(address, deque())
        while times and times[0] < now - FAILURE_WINDOW:
            times.popleft()
        times.append(now)
        extra = len(times) - FREE_FAILURES
        return 0.0 if extra <= 0 else min(MAX_DELAY, 0.25 * 2 ** extra)


class DeviceHandler(tornado.web.RequestHandler):
    """The common part: headers, refusals as pages (never a traceback), the token's seat."""

    def initialize(self, hub: Hub) -> None:
        self.hub = hub

    def set_default_headers(self) -> None:
        for name, value in HEADERS.items():
            self.set_header(name, value)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        title, sentence = REFUSALS.get(status_code, (
            "Something went wrong", "The request could not be carried out. Try again."))
        self.finish(REFUSED.format(title=title, sentence=sentence))

    async def seat_of(self, token: str) -> tuple[int, int]:
        """The (session, seat) of the token, or a 403 (slowed down after repeated failures)."""
        found = self.hub.store.seat_of(token) if re.fullmatch(TOKEN, token) else None
        if found is None:
            await asyncio.sleep(self.hub.delay_for(self.request.remote_ip or "?"))
            raise tornado.web.HTTPError(403)
        self.hub.seen(token)
        return found

    def state(self, session_id: int, seat: int) -> dict[str, Any]:
        try:
            return self.hub.state(session_id, seat)
        except KeyError:
            raise tornado.web.HTTPError(410) from None

    def send(self, data: dict[str, Any], status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(data))


class PageHandler(DeviceHandler):
    async def get(self, token: str) -> None:
        await self.seat_of(token)
        self.finish(PAGE.format(xsrf=self.xsrf_token.decode()))


class StateHandler(DeviceHandler):
    gone = False  # the page went away while its request waited

    def on_connection_close(self) -> None:
        self.gone = True

    async def get(self, token: str) -> None:
        session_id, seat = await self.seat_of(token)
        known = self.get_argument("known", "")
        deadline = time.monotonic() + WAIT_SECONDS
        state = self.state(session_id, seat)
        while state["etag"] == known and time.monotonic() < deadline:
            await self.hub.moved(deadline - time.monotonic())
            if self.gone:
                return
            if self.hub.store.seat_of(token) is None:  # the link was replaced meanwhile
                raise tornado.web.HTTPError(403)
            state = self.state(session_id, seat)
        self.send(state)


class MoveHandler(DeviceHandler):
    async def post(self, token: str) -> None:
        session_id, seat = await self.seat_of(token)
        origin = self.request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != self.request.host:
            raise tornado.web.HTTPError(403)
        try:
            body = json.loads(self.request.body)
            revision, index, label = int(body["revision"]), int(body["move"]), str(body["label"])
        except (ValueError, KeyError, TypeError):
            self.send({"message": "This move could not be read; choose it again."}, 400)
            return
        message = self.make_move(session_id, seat, revision, index, label)
        self.send({"message": message, "state": self.state(session_id, seat)},
                  200 if message is None else 409)

    def make_move(self, session_id: int, seat: int, revision: int, index: int,
                  label: str) -> str | None:
        """Apply and save the move; None, or the sentence saying why it was not made."""
        try:
            game, saved = self.hub.store.checkout(session_id)
            meta = self.hub.store.position(session_id)[1]
        except KeyError:
            raise tornado.web.HTTPError(410) from None
        moved_on = "The table has moved on since your screen last looked: here it is now."
        if is_paused(meta):
            return "The facilitator has paused the game: wait for the go."
        if seat in bot_seats(game, meta):
            return "A bot plays for your team now; ask the facilitator for the seat back."
        if saved != revision:
            return moved_on
        action = chosen_action(game, seat, index, label)
        if action is None:
            return moved_on
        try:
            game.apply(action)
            self.hub.store.append(session_id, action, expected=revision, game_obj=game)
        except IllegalMove as error:
            return error.message
        except StaleSession:
            return moved_on
        self.hub.wake()
        return None


class Static(tornado.web.StaticFileHandler):
    """The page's script and style, with the same headers as the page (cached for a day)."""

    def set_default_headers(self) -> None:
        for name, value in HEADERS.items():
            if name != "Cache-Control":
                self.set_header(name, value)


class NotFound(DeviceHandler):
    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


def make_app(hub: Hub) -> tornado.web.Application:
    """The device application: the three addresses of a team, its static files, nothing else."""
    routes: list[Any] = [
        (rf"/t/({TOKEN}|[^/]*)", PageHandler, {"hub": hub}),
        (rf"/t/({TOKEN}|[^/]*)/state", StateHandler, {"hub": hub}),
        (rf"/t/({TOKEN}|[^/]*)/move", MoveHandler, {"hub": hub}),
        (r"/static/(device\.(?:js|css))", Static, {"path": str(STATIC)}),
    ]
    return tornado.web.Application(
        routes, default_handler_class=NotFound, default_handler_args={"hub": hub},
        xsrf_cookies=True, xsrf_cookie_kwargs={"samesite": "Strict"},
        static_hash_cache=False, compress_response=True)


def start(address: str) -> Hub:
    """Serve team devices on ``address`` ("host:port") from the store of this process; the
    watch of the store runs on the current event loop."""
    host, port = address.rsplit(":", 1)
    hub = Hub(SessionStore())
    make_app(hub).listen(int(port), host)
    tornado.ioloop.IOLoop.current().spawn_callback(hub.watch)
    return hub
