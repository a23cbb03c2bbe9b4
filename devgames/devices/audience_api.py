"""The audience view over HTTP: the projector's table for people away from the screen, next to
the team devices' addresses in the same server (:mod:`devgames.devices.server`).

- ``/a/<token>``: the page (:func:`~devgames.devices.audience.audience_page`, then its script
  ``audience.js``, its style and ``plotly.min.js`` from the installed plotly);
- ``/a/<token>/state?known=<etag>&w=<width>&h=<height>``: the table's public state
  (:func:`~devgames.devices.audience.audience_state`, the charts laid out for a box of about
  ``w`` x ``h`` pixels) and the server's clock; at once when it differs from the one the page
  knows, else as soon as the table moves (at most
  :data:`~devgames.devices.server.WAIT_SECONDS` later).

``<token>`` is the session's audience link (:meth:`SessionStore.audience_link`): read-only, one
per session; a new one cuts every viewer of the old one off at once. Wrong tokens are answered
ever more slowly, as wrong team links are. Viewers are counted: at most :data:`MAX_VIEWERS`
requests for the state at once in all, and :data:`PER_CLIENT` from one person's address (behind
a trusted proxy, the address it forwards); beyond, ``too_many`` (429).
"""

import asyncio
import importlib.util
import re
import time
from pathlib import Path
from typing import Any

import tornado.web

from devgames.devices.audience import AudienceStates, audience_page, board_class, chart_size
from devgames.devices.server import (
    HEADERS,
    REASONS,
    STATIC,
    TOKEN,
    WAIT_SECONDS,
    Handler,
    Hub,
    Reason,
    Refused,
    Slots,
    Static,
)
from devgames.i18n import N_

#: Requests for the audience state at once, in all and from one person's address.
MAX_VIEWERS = 100
PER_CLIENT = 6
#: plotly.js, as the installed plotly package ships it (the projector's charts are drawn by it).
PLOTLY_JS = Path(str(importlib.util.find_spec("plotly").origin)).with_name("package_data")  # type: ignore[union-attr]
#: How long a browser keeps the page's script and plotly.js before asking again (seconds).
CACHE_SECONDS = 24 * 3600
#: The media types of a board's drawing: its script and its style.
DRAWING_TYPES = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"}
#: The audience page's answers: the server's, but plotly.js sets the styles of the charts it
#: draws (``style-src 'unsafe-inline'``); scripts stay the server's own alone.
AUDIENCE_HEADERS = {**HEADERS, "Content-Security-Policy": HEADERS[
    "Content-Security-Policy"].replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")}

#: The audience's own refusals, added to the server's (:data:`~devgames.devices.server.REASONS`).
AUDIENCE_REASONS = {
    "audience_closed": Reason(403, N_("This link does not open the table"),
        N_("The link is wrong, or the facilitator has given the audience a new one or ended "
           "the session. Ask for the link again.")),
}
REASONS.update(AUDIENCE_REASONS)


class AudienceHandler(Handler):
    """An address of the audience view: the token's session."""

    def initialize(self, hub: Hub, states: AudienceStates, viewers: Slots) -> None:
        self.hub = hub
        self.states = states
        self.viewers = viewers

    def set_default_headers(self) -> None:
        for name, value in AUDIENCE_HEADERS.items():
            self.set_header(name, value)

    async def session_of(self, token: str) -> int:
        """The session of the token, or a 403 (slowed down after repeated failures)."""
        found = self.hub.store.audience_session(token) if re.fullmatch(TOKEN, token) else None
        if found is None:
            await asyncio.sleep(self.hub.delay_for(self.hub.client(self.request)))
            raise Refused("audience_closed")
        return found


class AudiencePageHandler(AudienceHandler):
    as_page = True

    async def get(self, token: str) -> None:
        self.hub.table(await self.session_of(token))  # a deleted or damaged one is said at once
        self.finish(audience_page(self.prefix))


class AudienceStateHandler(AudienceHandler):
    gone = False  # the page went away while its request waited

    def on_connection_close(self) -> None:
        self.gone = True

    def size(self) -> tuple[int, int]:
        """The size the page's charts are laid out for (:func:`chart_size` of its ``w`` and
        ``h``; the default for a missing or unreadable one)."""
        asked = [self.get_argument(key, "") for key in ("w", "h")]
        if not all(value.isdigit() and len(value) <= 5 for value in asked):
            return chart_size(960, 720)
        return chart_size(int(asked[0]), int(asked[1]))

    def state(self, session_id: int, size: tuple[int, int]) -> dict[str, Any]:
        table = self.hub.table(session_id)
        return self.states.of(table, self.hub.news_of(table), size)

    async def get(self, token: str) -> None:
        session_id = await self.session_of(token)
        known = self.get_argument("known", "")
        size = self.size()
        deadline = time.monotonic() + WAIT_SECONDS
        with self.viewers.slot(self.hub.client(self.request)):
            state = self.state(session_id, size)
            while state["etag"] == known and time.monotonic() < deadline:
                await self.hub.moved(deadline - time.monotonic())
                if self.gone:
                    return
                if self.hub.store.audience_session(token) != session_id:  # a new link meanwhile
                    raise Refused("audience_closed")
                state = self.state(session_id, size)
        self.send({**state, "now": round(time.time() * 1000)})


class CachedStatic(Static):
    """The audience page's script, style and plotly.js, kept a day by the browser."""

    def get_cache_time(self, path: str, modified: Any, mime_type: str) -> int:
        return CACHE_SECONDS


class BoardDrawing(tornado.web.RequestHandler):
    """A game's board drawing for the audience page: its script (an ES module) or its style,
    with the page's headers, kept a day by the browser; 404 for a game without one."""

    def set_default_headers(self) -> None:
        for name, value in HEADERS.items():
            self.set_header(name, value)

    def get(self, game: str, kind: str) -> None:
        board = board_class(game)
        if board is None or not board.script:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", DRAWING_TYPES[kind])
        self.set_header("Cache-Control", f"max-age={CACHE_SECONDS}")
        self.finish(board.script if kind == "js" else board.style)


def routes(hub: Hub) -> list[Any]:
    """The audience view's addresses in the device application."""
    shared = {"hub": hub, "states": AudienceStates(), "viewers": Slots(PER_CLIENT, MAX_VIEWERS)}
    return [
        (rf"{hub.prefix}/a/({TOKEN}|[^/]*)", AudiencePageHandler, shared),
        (rf"{hub.prefix}/a/({TOKEN}|[^/]*)/state", AudienceStateHandler, shared),
        (rf"{hub.prefix}/static/(audience\.(?:js|css))", CachedStatic, {"path": str(STATIC)}),
        (rf"{hub.prefix}/static/(plotly\.min\.js)", CachedStatic, {"path": str(PLOTLY_JS)}),
        (rf"{hub.prefix}/static/board-([a-z_]+)\.(js|css)", BoardDrawing),
    ]
