"""The device server: a light page per team device, served next to the facilitator app.

It is a small tornado application that runs inside the Voilà server process (see
``devgames.dashboards.serve``), on a port of its own: on 127.0.0.1 like the app, or on the
machine's network address with ``devgames serve --lan``. The facilitator app itself is never
served on the network; this application serves nothing but these addresses:

- ``/t/<token>``: the team's page (HTML, then :data:`STATIC` script and style);
- ``/t/<token>/state?known=<etag>``: the team's state as JSON (:func:`device_state`, with the
  server's clock), at once when it differs from the one the page knows, else as soon as the
  table moves (at most :data:`WAIT_SECONDS` later): the page is told of a move within a tenth of
  a second;
- ``POST /t/<token>/move``: make a move chosen on the page, from the revision the page showed.

Every request names its team by the token of the team's link; the store finds the token by its
digest and compares it in constant time. A wrong token gets a page that says so (403); from one
address, wrong tokens beyond :data:`FREE_FAILURES` a minute are answered ever more slowly. Moves
are posted with tornado's XSRF check. Every answer forbids framing, referrers (the token is in the
address), caching and any script or style not from here.

Before any work, a request is refused when it names another host than those the server is
reached by (:data:`LOCAL_NAMES` and the address it announces: no DNS rebinding) or comes from
another site, scheme included (:func:`foreign`). A move's body is read only when its length is
within :data:`MAX_BODY`, and must be exactly ``{"revision": int, "move": int, "label": str}``
(:func:`read_move`).

Every refusal says why (:data:`REASONS`): the page as a short HTML page, its state and moves as
JSON ``{"reason": ..., "message": ...}``; a refused move also carries the team's state now. The
game of each session is kept between requests and rebuilt only when its saved log changes, so a
refused move replays nothing; a move is applied to the kept game just before it is saved (by the
session's :class:`~devgames.sessions.table.TableController`, as at the projector's table), and
the kept game is dropped if the save fails.
"""

import asyncio
import contextlib
import json
import re
import time
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from html import escape
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

import tornado.httputil
import tornado.ioloop
import tornado.routing
import tornado.web

from devgames.core.actions import Action
from devgames.core.errors import IllegalMove
from devgames.core.wording import recent_news
from devgames.devices.page import team_page
from devgames.devices.state import chosen_action, device_state, window_moves
from devgames.i18n import N_, _, best_match, language, use_language
from devgames.remote import PublicAddress, Slowdown, client_address
from devgames.sessions.store import SessionStore, StaleSession
from devgames.sessions.table import TableController

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
#: The largest request body read (a move's is under 1 kB): a longer one is refused unread.
MAX_BODY = 64 * 1024
#: The largest revision and move number a move may give, and the longest label.
MAX_NUMBER = 2**31 - 1
MAX_LABEL = 2000
#: The keys of a move's body.
MOVE_KEYS = frozenset({"revision", "move", "label"})
#: The host names every devgames server answers to (``--lan`` adds the address it announces).
LOCAL_NAMES = frozenset({"127.0.0.1", "localhost"})
#: The news lines a device shows.
NEWS_LINES = 8
#: The requests one person's address may keep waiting for the table at once (a whole office may
#: reach the server from one address: a room of phones): beyond, "too_many".
WAITING_PER_PERSON = 100

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
<html lang="{language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>devgames: {title}</title><link rel="stylesheet" href="{prefix}/static/device.css">
</head><body><main class="refused"><h1>{title}</h1><p>{sentence}</p></main></body></html>
"""



@dataclass(frozen=True)
class Reason:
    """Why a request is refused: its status, and what the team reads (a page's title and a
    sentence)."""

    status: int
    title: str
    sentence: str


#: Every refusal, by the ``reason`` code its JSON answer carries.
REASONS = {
    "replaced": Reason(403, N_("This link does not open a team's seat"),
        N_("The link is wrong, or the facilitator has given your team a new one. Ask for the "
           "team's code again.")),
    "cookies": Reason(403, N_("Cookies are off"),
        N_("This browser did not send back the page's cookie (cookies cleared or blocked): allow "
           "cookies for this address, then reload the page.")),
    "deleted": Reason(410, N_("This session is over"),
        N_("The facilitator deleted this session.")),
    "damaged": Reason(500, N_("This session cannot be opened"),
        N_("Its saved record is damaged: ask the facilitator.")),
    "moved_on": Reason(409, N_("The table has moved on"),
        N_("The table has moved on since your screen last looked: here it is now.")),
    "time_up": Reason(409, N_("Time was up"),
        N_("Time was up: the round ended before your move reached the table. Here is the new "
           "round.")),
    "not_your_turn": Reason(409, N_("Not your turn"),
        N_("It is not your team's turn: here is the table now.")),
    "paused": Reason(409, N_("The game is paused"),
        N_("The facilitator has paused the game: wait for the go.")),
    "bot": Reason(409, N_("A bot plays for your team"),
        N_("A bot plays for your team now; ask the facilitator for the seat back.")),
    "illegal": Reason(409, N_("Move refused"),
        N_("This move is not allowed now.")),
    "unreadable": Reason(400, N_("Unreadable request"),
        N_("This move could not be read; choose it again.")),
    "too_large": Reason(413, N_("Request too large"),
        N_("This request is too large to be a move; reload the page.")),
    "host": Reason(421, N_("Wrong address"),
        N_("This server answers only at the addresses it gives out: open the link itself.")),
    "origin": Reason(403, N_("Another site"),
        N_("This server answers only its own pages, not another site's.")),
    "debrief_closed": Reason(403, N_("This debrief is closed"),
        N_("This code no longer opens the debrief: the facilitator closed it or gave a new code. "
           "Scan the code on the screen again.")),
    "refused": Reason(409, N_("Not saved"),
        N_("This was not saved.")),
    "too_many": Reason(429, N_("Too fast"),
        N_("Too many requests at once: wait a few seconds.")),
    "not_found": Reason(404, N_("Nothing here"),
        N_("This address is not a page of the game. Scan your team's code.")),
    "error": Reason(500, N_("Something went wrong"),
        N_("The request could not be carried out. Try again.")),
}


class Refused(tornado.web.HTTPError):
    """A refusal (a key of :data:`REASONS`), answered with its status; ``message`` replaces its
    sentence (an engine's own words for an illegal move).

    >>> refusal = Refused("paused")
    >>> refusal.status_code, refusal.code, refusal.message
    (409, 'paused', 'The facilitator has paused the game: wait for the go.')
    """

    def __init__(self, code: str, message: str | None = None, cause: str = "") -> None:
        super().__init__(REASONS[code].status, "%s" if cause else None, cause)
        self.code = code
        self.message = message or _(REASONS[code].sentence)


def refusal_of(status: int, error: BaseException | None) -> tuple[str, str]:
    """The reason code and the sentence of an error answer: a :class:`Refused` says its own;
    tornado's errors (an unknown method, a body cut short) are named by their status.

    >>> refusal_of(404, None)
    ('not_found', "This address is not a page of the game. Scan your team's code.")
    >>> refusal_of(405, None)[0]
    'error'
    """
    if isinstance(error, Refused):
        return error.code, error.message
    code = {400: "unreadable", 404: "not_found", 413: "too_large"}.get(status, "error")
    return code, _(REASONS[code].sentence)


def read_move(body: bytes) -> tuple[int, int, str]:
    """The revision, move number and label of a move's body: exactly a JSON object with these
    three keys, two whole numbers from 0 to :data:`MAX_NUMBER` and a string. Anything else (a
    float, ``NaN``, a number as a string, a boolean, more keys, deep nesting, bad UTF-8) raises
    ValueError.

    >>> read_move(b'{"revision": 3, "move": 0, "label": "Red plays Refactor"}')
    (3, 0, 'Red plays Refactor')
    >>> for bad in (b'{"revision": Infinity, "move": 0, "label": ""}', b'[' * 60000,
    ...             b'{"revision": "0", "move": 0, "label": ""}', b'{"revision": 1e400}'):
    ...     try:
    ...         read_move(bad)
    ...     except ValueError as error:
    ...         print(error)
    Not a move: Infinity is not a number here.
    Not a move: nested too deep.
    Not a move: revision and move must be whole numbers.
    Not a move: 1e400 is not a whole number.
    """

    def no_constant(text: str) -> Any:
        raise ValueError(f"Not a move: {text} is not a number here.")

    def no_float(text: str) -> Any:
        raise ValueError(f"Not a move: {text} is not a whole number.")

    try:
        data = json.loads(body, parse_constant=no_constant, parse_float=no_float)
    except RecursionError:
        raise ValueError("Not a move: nested too deep.") from None
    if not isinstance(data, dict) or data.keys() != MOVE_KEYS:
        raise ValueError(f"Not a move: it must have exactly the keys {sorted(MOVE_KEYS)}.")
    revision, index, label = data["revision"], data["move"], data["label"]
    if not all(type(n) is int and 0 <= n <= MAX_NUMBER for n in (revision, index)):
        raise ValueError("Not a move: revision and move must be whole numbers.")
    if not isinstance(label, str) or len(label) > MAX_LABEL:
        raise ValueError("Not a move: its label must be a string.")
    return revision, index, label


def served_names(url: str) -> frozenset[str]:
    """The host names of a server announced at ``url``: this machine's and the url's.

    >>> sorted(served_names("http://192.168.1.20:8867/"))
    ['127.0.0.1', '192.168.1.20', 'localhost']
    """
    name = urlsplit(url).hostname
    return LOCAL_NAMES | {name} if name else LOCAL_NAMES


def foreign(request: tornado.httputil.HTTPServerRequest, names: Iterable[str],
            origins: Iterable[str] = ()) -> str | None:
    """Why a request is not for this server: ``"host"`` when its Host header is none of
    ``names`` (a page of another site reaching this port by DNS rebinding), ``"origin"`` when it
    carries the Origin of another site (scheme, name and port: ``https://`` is another site for
    an ``http://`` server) than this server's own or one of ``origins`` (the public address
    behind an HTTPS proxy); None when it is this server's own.

    >>> from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine
    >>> def request(host: str, origin: str | None = None) -> HTTPServerRequest:
    ...     headers = HTTPHeaders({"Host": host, **({"Origin": origin} if origin else {})})
    ...     return HTTPServerRequest(start_line=RequestStartLine("GET", "/", "HTTP/1.1"),
    ...                              headers=headers)
    >>> foreign(request("127.0.0.1:8867"), LOCAL_NAMES) is None
    True
    >>> foreign(request("evil.example:8867"), LOCAL_NAMES)
    'host'
    >>> foreign(request("127.0.0.1:8867", "https://127.0.0.1:8867"), LOCAL_NAMES)
    'origin'
    >>> foreign(request("x.org", "https://x.org"), {"x.org"}, {"https://x.org"}) is None
    True
    """
    if request.host_name not in names:
        return "host"
    origin = request.headers.get("Origin")
    if origin is not None and origin != f"{request.protocol}://{request.host}" \
            and origin not in origins:
        return "origin"
    return None


class Stranger(tornado.routing.Matcher):
    """Matches the requests that are not for this server (see :func:`foreign`): a routing rule
    put first sends them to :class:`Refuse` before any other handler does any work."""

    def __init__(self, names: Iterable[str], origins: Iterable[str] = ()) -> None:
        self.names = frozenset(names)
        self.origins = frozenset(origins)

    def match(self, request: tornado.httputil.HTTPServerRequest) -> dict[str, Any] | None:
        return {} if foreign(request, self.names, self.origins) else None


def guarded(names: Iterable[str], origins: Iterable[str] = ()) -> tornado.routing.Rule:
    """The routing rule that refuses requests for other hosts or from other sites (``origins``:
    the public one behind a proxy, besides the server's own).

    >>> guarded(LOCAL_NAMES).target.__name__
    'Refuse'
    """
    return tornado.routing.Rule(Stranger(names, origins), Refuse,
                                {"names": frozenset(names), "origins": frozenset(origins)})


class Slots:
    """Requests under way, in all and by person's address, each counted within a ``with
    slots.slot(person)`` block: refused as ``too_many`` beyond ``per_person`` from one address
    or ``total`` in all.

    >>> slots = Slots(per_person=1, total=5)
    >>> with slots.slot("10.0.0.7"):
    ...     print(slots.by)
    ...     with slots.slot("10.0.0.7"):
    ...         pass
    Traceback (most recent call last):
    devgames.devices.server.Refused: HTTP 429: Too Many Requests
    >>> slots.by, slots.total
    ({}, 0)
    """

    def __init__(self, per_person: int, total: int | None = None) -> None:
        self.per_person, self.most = per_person, total
        self.total = 0
        self.by: dict[str, int] = {}

    @contextlib.contextmanager
    def slot(self, person: str) -> Iterator[None]:
        count = self.by.get(person, 0)
        if count >= self.per_person or (self.most is not None and self.total >= self.most):
            raise Refused("too_many")
        self.total += 1
        self.by[person] = count + 1
        try:
            yield
        finally:
            self.total -= 1
            left = self.by[person] - 1
            if left:
                self.by[person] = left
            else:
                del self.by[person]


class Hub:
    """What every request shares: the store, the last game rebuilt of each session, the wake-up
    of waiting pages, and the count of wrong tokens by address."""

    def __init__(self, store: SessionStore, trusted: Iterable[str] = (), prefix: str = "") -> None:
        self.store = store
        #: The path every address starts with behind a proxy ("" or "/acme", no slash at the end).
        self.prefix = prefix
        #: The reverse proxy's addresses, whose forwarded headers are believed.
        self.trusted = frozenset(trusted)
        self.tables: dict[int, TableController] = {}
        #: The news of each session in each language: the revision it was told at, its lines.
        self.news: dict[tuple[int, str], tuple[int, list[str]]] = {}
        self.failures = Slowdown(FREE_FAILURES, FAILURE_WINDOW, MAX_DELAY)
        self.last_seen: dict[str, float] = {}
        self.sessions: dict[str, int] = {}  # the session of each token that opened a seat
        self.paces: dict[str, deque[float]] = {}  # each debrief participant's recent requests
        self._moved = asyncio.Event()
        self._seen = -1
        self.waiting = 0  # pages waiting for the table to move
        self.waiters = Slots(WAITING_PER_PERSON)  # of them, by the person's address
        self._someone = asyncio.Event()  # set while a page waits: the watch runs only then

    def table(self, session_id: int) -> TableController:
        """The session as saved now, rebuilt only when its log changed, with its settings as
        saved now; refused as ``deleted`` or ``damaged`` (a saved session that cannot be
        rebuilt, whatever the cause)."""
        try:
            revision, meta = self.store.position(session_id)
        except KeyError:
            raise Refused("deleted") from None
        except ValueError as error:
            raise Refused("damaged", cause=f"session {session_id}: {error}") from None
        cached = self.tables.get(session_id)
        try:
            if cached is None or cached.revision != revision:
                self.tables.pop(session_id, None)
                cached = TableController.checkout(self.store, session_id, NEWS_LINES)
                self.tables[session_id] = cached
            if cached.game.meta != meta:
                cached.take_settings(meta)
        except Exception as error:  # whatever fails to rebuild it, the session is damaged
            self.tables.pop(session_id, None)
            raise Refused("damaged", cause=f"session {session_id}: {error!r}") from None
        return cached

    def play(self, session_id: int, action: Action) -> None:
        """Apply ``action`` to the session's kept game and save it as made from the revision
        :meth:`table` just gave. When that fails (StaleSession: another process saved first;
        IllegalMove), the kept game is dropped: it may hold a move never saved."""
        try:
            self.tables[session_id].apply(action)
        except BaseException:
            del self.tables[session_id]
            raise
        self.wake()

    def still_apart(self, table: TableController, seat: int, revision: int) -> bool:
        """Whether a move of ``seat`` chosen at ``revision``, behind the saved session, may
        still be made: the moves saved since only added to the log and changed nothing ``seat``
        sees or may do (:meth:`Game.moves_apart`: teams playing their own turns at once)."""
        missed = self.store.moves_since(table.session_id, revision)
        return missed is not None and table.game.moves_apart(seat, len(table.game.log) - missed)

    def why_moved_on(self, table: TableController, revision: int) -> str:
        """Why a move chosen at ``revision`` comes too late: ``time_up`` when the room's timer
        ended a round among the moves saved since, else ``moved_on``."""
        missed = self.store.moves_since(table.session_id, revision) or 0
        log = table.game.log
        return "time_up" if missed and any(
            action.kind == "time_up" for action in log[len(log) - missed:]) else "moved_on"

    def state(self, session_id: int, seat: int) -> dict[str, Any]:
        """The state of the device of ``seat`` (:func:`device_state`) and the server's clock
        (``now``, epoch ms, left out of the etag): the page counts the room's timer down by it,
        whatever the phone's own clock says."""
        table = self.table(session_id)
        state = device_state(table.game, seat, table.revision, table.game.meta,
                             self.news_of(table))
        return {**state, "now": round(time.time() * 1000)}

    def news_of(self, table: TableController) -> list[str]:
        """The last news of ``table`` in the language of the request, told from the log once
        a revision and language (the phones of one room may read different languages, and
        the moves were made in any of them)."""
        key = (table.session_id, language())
        told = self.news.get(key)
        if told is None or told[0] != table.revision:
            told = (table.revision, recent_news(table.game, NEWS_LINES))
            self.news[key] = told
        return told[1]

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

    def lost(self, token: str) -> Refused:
        """Why ``token`` opens no seat (any more): its session was deleted (the session's
        links went with it), or the link was replaced, revoked or never was."""
        session_id = self.sessions.get(token)
        if session_id is not None:
            try:
                self.store.revision(session_id)
            except KeyError:
                return Refused("deleted")
        return Refused("replaced")

    def client(self, request: tornado.httputil.HTTPServerRequest) -> str:
        """The address of the person behind ``request``: the socket's other end, or behind a
        trusted proxy the address it forwarded (:func:`devgames.remote.client_address`)."""
        return client_address(request.remote_ip, request.headers, self.trusted)

    def delay_for(self, address: str) -> float:
        """Note a wrong token from ``address``; the seconds to wait before answering it."""
        return self.failures.delay_for(address)


class Handler(tornado.web.RequestHandler):
    """Every answer of the server: its headers, and its refusals (never a traceback): JSON
    ``{"reason", "message"}``, or a short HTML page for a handler ``as_page``."""

    as_page = False

    @property
    def prefix(self) -> str:
        """The path every address of the application starts with ("" unless behind a proxy)."""
        return str(self.settings.get("prefix", ""))

    def set_default_headers(self) -> None:
        for name, value in HEADERS.items():
            self.set_header(name, value)

    def prepare(self) -> None:
        self.speak()

    def speak(self) -> None:
        """Answer in the person's language: the one chosen on the page (its ``dg-lang``
        cookie), else the browser's first the kit speaks."""
        use_language(self.get_cookie("dg-lang")
                     or best_match(self.request.headers.get("Accept-Language")))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.speak()  # (a refusal before ``prepare``: a cookie missing)
        exc_info: tuple[type, BaseException, TracebackType] | None = kwargs.get("exc_info")
        code, message = refusal_of(status_code, exc_info[1] if exc_info else None)
        if self.as_page:
            self.finish(REFUSED.format(title=escape(_(REASONS[code].title), quote=False),
                                       sentence=escape(message, quote=False),
                                       language=language(), prefix=self.prefix))
        else:
            self.send({"reason": code, "message": message}, status_code)

    def send(self, data: dict[str, Any], status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(data))


class Refuse(Handler):
    """The answer to a request for another host or from another site (:func:`foreign`)."""

    def initialize(self, names: frozenset[str], origins: frozenset[str]) -> None:
        self.names = names
        self.origins = origins

    def check_xsrf_cookie(self) -> None:
        """Nothing to check: the request is refused whatever its cookie (:meth:`prepare`)."""

    def prepare(self) -> None:
        super().prepare()
        raise Refused(foreign(self.request, self.names, self.origins) or "host")


class DeviceHandler(Handler):
    """The addresses of a team: the token's seat, and the session's state."""

    def initialize(self, hub: Hub) -> None:
        self.hub = hub

    async def seat_of(self, token: str) -> tuple[int, int]:
        """The (session, seat) of the token, or a 403 (slowed down after repeated failures)."""
        found = self.hub.store.seat_of(token) if re.fullmatch(TOKEN, token) else None
        if found is None:
            refusal = self.hub.lost(token)
            if refusal.code == "replaced":
                await asyncio.sleep(self.hub.delay_for(self.hub.client(self.request)))
            raise refusal
        self.hub.sessions[token] = found[0]
        self.hub.seen(token)
        return found

    def state(self, session_id: int, seat: int) -> dict[str, Any]:
        return self.hub.state(session_id, seat)


class PageHandler(DeviceHandler):
    as_page = True

    async def get(self, token: str) -> None:
        session_id, _seat = await self.seat_of(token)
        self.hub.table(session_id)  # a deleted or damaged session is said at once
        self.finish(team_page(self.xsrf_token.decode(), self.prefix))


class StateHandler(DeviceHandler):
    gone = False  # the page went away while its request waited

    def on_connection_close(self) -> None:
        self.gone = True

    async def get(self, token: str) -> None:
        session_id, seat = await self.seat_of(token)
        known = self.get_argument("known", "")
        deadline = time.monotonic() + WAIT_SECONDS
        state = self.state(session_id, seat)
        with self.hub.waiters.slot(self.hub.client(self.request)):
            while state["etag"] == known and time.monotonic() < deadline:
                await self.hub.moved(deadline - time.monotonic())
                if self.gone:
                    return
                if self.hub.store.seat_of(token) is None:  # replaced or deleted meanwhile
                    raise self.hub.lost(token)
                state = self.state(session_id, seat)
        self.send(state)


@tornado.web.stream_request_body
class MoveHandler(DeviceHandler):
    """A move: its body is read only when announced within :data:`MAX_BODY` (a longer one, or
    one without a length, is cut off by the server's own limit: see :func:`start`)."""

    def check_xsrf_cookie(self) -> None:
        try:
            super().check_xsrf_cookie()
        except tornado.web.HTTPError:
            raise Refused("cookies") from None

    def prepare(self) -> None:
        super().prepare()
        self.body = bytearray()
        length = self.request.headers.get("Content-Length", "0")
        if not length.isdigit() or int(length) > MAX_BODY:
            raise Refused("too_large")

    def data_received(self, chunk: bytes) -> None:
        self.body += chunk

    async def post(self, token: str) -> None:
        session_id, seat = await self.seat_of(token)
        try:
            revision, index, label = read_move(bytes(self.body))
        except ValueError:
            raise Refused("unreadable") from None
        try:
            self.make_move(session_id, seat, revision, index, label)
        except Refused as refusal:
            if refusal.status_code != 409:
                raise
            self.send({"reason": refusal.code, "message": refusal.message,
                       "state": self.state(session_id, seat)}, 409)
            return
        self.send({"message": None, "state": self.state(session_id, seat)})

    def make_move(self, session_id: int, seat: int, revision: int, index: int,
                  label: str) -> None:
        """Apply and save the move on the session's kept game (no replay); a refusal says why
        it was not made."""
        table = self.hub.table(session_id)
        game = table.game
        if table.room_paused:
            raise Refused("paused")
        if seat in table.bot_kinds:
            raise Refused("bot")
        if table.revision != revision and not self.hub.still_apart(table, seat, revision):
            raise Refused(self.hub.why_moved_on(table, revision))
        if not game.is_over and seat not in game.acting_seats and not window_moves(game, seat):
            raise Refused("not_your_turn")
        action = chosen_action(game, seat, index, label)
        if action is None:
            raise Refused("moved_on")
        try:
            self.hub.play(session_id, action)
        except IllegalMove as error:
            raise Refused("illegal", error.message) from None
        except StaleSession:
            raise Refused("moved_on") from None


class Static(tornado.web.StaticFileHandler):
    """The page's script and style, with the same headers as the page (cached for a day)."""

    def set_default_headers(self) -> None:
        for name, value in HEADERS.items():
            if name != "Cache-Control":
                self.set_header(name, value)


class NotFound(Handler):
    as_page = True

    def check_xsrf_cookie(self) -> None:
        """Nothing to check: nothing is here (:meth:`prepare`)."""

    def prepare(self) -> None:
        super().prepare()
        raise Refused("not_found")


def make_app(hub: Hub, names: Iterable[str] = LOCAL_NAMES,
             public: PublicAddress | None = None) -> tornado.web.Application:
    """The device application: the three addresses of a team, its static files, nothing else;
    only for the host ``names`` and from its own pages; and the participants' debrief
    (:mod:`devgames.devices.debrief_api`). Behind a proxy at ``public``, every address starts
    with its path (``hub.prefix``), pages from its origin are the server's own, and the cookies
    of an ``https://`` address are sent over HTTPS only."""
    from devgames.devices.audience_api import routes as audience_routes
    from devgames.devices.debrief_api import routes as debrief_routes

    at = hub.prefix
    routes: list[Any] = [
        guarded(names, [public.origin] if public else []),
        (rf"{at}/t/({TOKEN}|[^/]*)", PageHandler, {"hub": hub}),
        (rf"{at}/t/({TOKEN}|[^/]*)/state", StateHandler, {"hub": hub}),
        (rf"{at}/t/({TOKEN}|[^/]*)/move", MoveHandler, {"hub": hub}),
        *debrief_routes(hub),
        *audience_routes(hub),
        (rf"{at}/static/(device\.(?:js|css)|debrief\.js|clock\.js|waits\.js)", Static,
         {"path": str(STATIC)}),
    ]
    secure = {"secure": True} if public and public.secure else {}
    return tornado.web.Application(
        routes, default_handler_class=NotFound, prefix=at,
        xsrf_cookies=True, xsrf_cookie_kwargs={"samesite": "Strict", **secure},
        static_hash_cache=False, compress_response=True)


def start(address: str, url: str, public: PublicAddress | None = None,
          trusted: Iterable[str] = ()) -> Hub:
    """Serve team devices on ``address`` ("host:port") from the store of this process, for the
    host names of their links' ``url`` (:func:`served_names`), behind the proxy at ``public``
    whose ``trusted`` addresses forward the person's; the watch of the store runs on the
    current event loop. No request body beyond :data:`MAX_BODY` is read."""
    host, port = address.rsplit(":", 1)
    hub = Hub(SessionStore(), trusted, public.prefix if public else "")
    make_app(hub, served_names(url), public).listen(int(port), host, max_body_size=MAX_BODY)
    tornado.ioloop.IOLoop.current().spawn_callback(hub.watch)
    return hub
