"""The Join panel of the table: each team's code and address for playing from its own device.

One code is shown at a time, large, while that team scans it: the whole room sees the projector,
and a code seen is a seat taken. "New link" gives the team a new code and cuts the old device off
at once; "Take back" ends the team's device play, and the seat is played at the table again.
"""

import os
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial

import ipywidgets as widgets
import segno

from devgames.dashboards.serve import DEVICE_URL_VARIABLE
from devgames.screens.cards import html
from devgames.sessions.store import SessionStore

#: A device heard from within this many seconds is connected (its page asks at least every 20 s).
CONNECTED_SECONDS = 45


def device_url() -> str | None:
    """The start of every device link (None when the app runs without the devices' server,
    e.g. in a notebook)."""
    url = os.environ.get(DEVICE_URL_VARIABLE)
    return url.rstrip("/") + "/" if url else None


def link_of(base: str, token: str) -> str:
    """A team's address.

    >>> link_of("http://192.168.1.5:8867/", "abc")
    'http://192.168.1.5:8867/t/abc'
    """
    return f"{base}t/{token}"


def qr_svg(address: str) -> str:
    """The address as a QR code, an SVG drawn dark on light with its quiet border.

    >>> qr_svg("http://192.168.1.5:8867/t/abc").startswith("<svg")
    True
    """
    return segno.make(address, error="m").svg_inline(scale=7, border=4, dark="#000",
                                                     light="#fff")


def device_state_words(linked: bool, seen: datetime | None, now: datetime) -> str:
    """How a team plays, for its line of the Join panel.

    >>> from datetime import timedelta
    >>> now = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)
    >>> device_state_words(False, None, now), device_state_words(True, None, now)
    ('plays at the table', 'has a code, not opened yet')
    >>> device_state_words(True, now - timedelta(seconds=20), now)
    'plays on its device'
    >>> device_state_words(True, now - timedelta(minutes=3), now)
    'plays on its device, not heard from for 3 min (asleep?)'
    """
    if not linked:
        return "plays at the table"
    if seen is None:
        return "has a code, not opened yet"
    quiet = (now - seen).total_seconds()
    if quiet <= CONNECTED_SECONDS:
        return "plays on its device"
    return f"plays on its device, not heard from for {max(1, round(quiet / 60))} min (asleep?)"


class JoinPanel(widgets.VBox):
    """Per team: its device status, "Show code", "New link" and "Take back"."""

    def __init__(self, store: SessionStore, session_id: int, players: list[str],
                 on_change: Callable[[], None]) -> None:
        super().__init__()
        self.add_class("dg-join")
        self.store = store
        self.session_id = session_id
        self.players = players
        self.on_change = on_change
        self.base = device_url()
        self.shown: int | None = None
        self.code = widgets.HTML()
        self.code.add_class("dg-join-code")
        self.rows = widgets.VBox()
        local = self.base is not None and "127.0.0.1" in self.base
        intro = ("Each team scans its code with a phone or laptop on the same network as this "
                 "computer, and plays from there; the projector keeps the table. Show one "
                 "code at a time: a code seen by the room is a seat anyone can take.")
        if self.base is None:
            intro = ("Team devices need the app served by <code>devgames serve --lan</code>; "
                     "this page runs without the devices' server.")
        elif local:
            intro += (" <b>Devices on this computer only:</b> for phones, start the app with "
                      "<code>devgames serve --lan</code>.")
        self.children = [self.code, widgets.HTML(f"<p class='dg-join-intro'>{intro}</p>"),
                         self.rows]
        self.show()

    def show(self) -> None:
        """The rows, as the store says: which teams have a device link now."""
        links = self.store.links(self.session_id) if self.base else {}
        rows = []
        self.lines: dict[int, widgets.HTML] = {}
        for seat, _name in enumerate(self.players):
            line = self.lines[seat] = widgets.HTML()
            line.add_class("dg-join-state")
            shows = "Hide code" if seat == self.shown else "Show code"
            buttons = [self._button(shows if seat in links else "Give a code",
                                    "dg-join-show", partial(self.show_code, seat))]
            if seat in links:
                buttons += [self._button("New link", "dg-join-new", partial(self.renew, seat)),
                            self._button("Take back", "dg-join-revoke",
                                         partial(self.revoke, seat))]
            row = widgets.HBox([line, *buttons])
            row.add_class("dg-join-row")
            rows.append(row)
        self.rows.children = rows
        self.show_states()
        self._draw_code(links)

    def show_states(self) -> None:
        """Each team's line: at the table, code given, on its device (seen how long ago)."""
        seen = self.store.link_seen(self.session_id) if self.base else {}
        now = datetime.now(UTC)
        for seat, line in self.lines.items():
            text = (f"<b>{html(self.players[seat])}</b> <span class='dg-muted'>"
                    f"{device_state_words(seat in seen, seen.get(seat), now)}</span>")
            if line.value != text:
                line.value = text

    def _button(self, text: str, css: str, act: Callable[[], None]) -> widgets.Button:
        button = widgets.Button(description=text, disabled=self.base is None)
        button.add_class(css)
        button.on_click(lambda _button: act())
        return button

    def _draw_code(self, links: dict[int, str]) -> None:
        seat = self.shown
        if seat is None or seat not in links or self.base is None:
            self.code.value = ""
            return
        address = link_of(self.base, links[seat])
        self.code.value = (
            f"<div class='dg-join-card'><h3>{html(self.players[seat])}: scan to join</h3>"
            f"<div class='dg-qr'>{qr_svg(address)}</div>"
            f"<p class='dg-join-address'>{html(address)}</p></div>")

    def show_code(self, seat: int) -> None:
        """Show a team's code (giving the team a link first if it has none); again: hide it."""
        if self.shown == seat:
            self.shown = None
        else:
            if seat not in self.store.links(self.session_id):
                self.store.issue_link(self.session_id, seat)
                self.on_change()
            self.shown = seat
        self.show()

    def renew(self, seat: int) -> None:
        """A new link for the team: the device holding the old one is cut off at once."""
        self.store.issue_link(self.session_id, seat)
        self.shown = seat
        self.on_change()
        self.show()

    def revoke(self, seat: int) -> None:
        """The team's device is cut off; the seat is played at the table again."""
        self.store.revoke_link(self.session_id, seat)
        if self.shown == seat:
            self.shown = None
        self.on_change()
        self.show()
