"""The Join panel of the table: each team's code and address for playing from its own device.

One code is shown at a time, large, while that team scans it: the whole room sees the projector,
and a code seen is a seat taken. "New link" gives the team a new code and cuts the old device off
at once; "Take back" ends the team's device play, and the seat is played at the table again.

Under the teams, the audience view's link (the table, read-only, for people away from the screen:
:mod:`devgames.devices.audience_api`): its code and address, and "New link", which cuts every
viewer of the old one off at once.
"""

import os
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial

import ipywidgets as widgets
import segno

from devgames.dashboards.serve import DEVICE_URL_VARIABLE
from devgames.i18n import _
from devgames.screens.cards import html
from devgames.sessions.store import SessionStore

#: A device heard from within this many seconds is connected (its page asks at least every 20 s).
CONNECTED_SECONDS = 45
#: What :attr:`JoinPanel.shown` holds while the audience view's code is shown.
AUDIENCE = -1


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


def audience_link_of(base: str, token: str) -> str:
    """The audience view's address.

    >>> audience_link_of("http://192.168.1.5:8867/", "abc")
    'http://192.168.1.5:8867/a/abc'
    """
    return f"{base}a/{token}"


def code_card(heading: str, address: str, css: str = "") -> str:
    """A code shown large with its heading and its address under it (HTML, escaped).

    >>> card = code_card("<Red>: scan to join", "http://192.168.1.5:8867/t/abc")
    >>> "&lt;Red&gt;: scan to join" in card, card.count("<svg")
    (True, 1)
    """
    return (f"<div class='dg-join-card {css}'><h3>{html(heading)}</h3>"
            f"<div class='dg-qr'>{qr_svg(address)}</div>"
            f"<p class='dg-join-address'>{html(address)}</p></div>")


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
        return _("plays at the table")
    if seen is None:
        return _("has a code, not opened yet")
    quiet = (now - seen).total_seconds()
    if quiet <= CONNECTED_SECONDS:
        return _("plays on its device")
    return _("plays on its device, not heard from for {minutes} min (asleep?)").format(
        minutes=max(1, round(quiet / 60)))


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
        self.children = [self.code, widgets.HTML(f"<p class='dg-join-intro'>{self.intro()}</p>"),
                         self.rows]
        self.show()

    def intro(self) -> str:
        """The panel's first lines (HTML): how teams join, for the way the app is served."""
        lan = html("devgames serve --lan")
        if self.base is None:
            return _("Team devices need the app served by <code>{command}</code>; this page "
                     "runs without the devices' server.").format(command=lan)
        if self.base.startswith("https://"):
            return html(_("Each team opens its link or scans its code from any network, and "
                          "plays from there; the projector keeps the table. Send a remote team "
                          "its link in a private message: a code seen by the room or the call "
                          "is a seat anyone can take."))
        intro = html(_("Each team scans its code with a phone or laptop on the same network as "
                       "this computer, and plays from there; the projector keeps the table. "
                       "Show one code at a time: a code seen by the room is a seat anyone can "
                       "take."))
        if "127.0.0.1" in self.base:
            intro += " " + _("<b>Devices on this computer only:</b> for phones, start the app "
                             "with <code>{command}</code>.").format(command=lan)
        return intro

    def show(self) -> None:
        """The rows, as the store says: which teams have a device link now."""
        links = self.store.links(self.session_id) if self.base else {}
        rows = []
        self.lines: dict[int, widgets.HTML] = {}
        for seat, _name in enumerate(self.players):
            line = self.lines[seat] = widgets.HTML()
            line.add_class("dg-join-state")
            shows = _("Hide code") if seat == self.shown else _("Show code")
            buttons = [self._button(shows if seat in links else _("Give a code"),
                                    "dg-join-show", partial(self.show_code, seat))]
            if seat in links:
                buttons += [self._button(_("New link"), "dg-join-new", partial(self.renew, seat)),
                            self._button(_("Take back"), "dg-join-revoke",
                                         partial(self.revoke, seat))]
            row = widgets.HBox([line, *buttons])
            row.add_class("dg-join-row")
            rows.append(row)
        self.rows.children = [*rows, self._audience_row()]
        self.show_states()
        self._draw_code(links)

    def _audience_row(self) -> widgets.HBox:
        """The audience view's row: what it is, its code shown or hidden, a new link."""
        name, what = _("Audience view"), _("the table, read-only, for people away")
        line = widgets.HTML(f"<b>{html(name)}</b> <span class='dg-muted'>{html(what)}</span>")
        line.add_class("dg-join-state")
        shows = _("Hide code") if self.shown == AUDIENCE else _("Show code")
        row = widgets.HBox([
            line, self._button(shows, "dg-audience-show", partial(self.show_code, AUDIENCE)),
            self._button(_("New link"), "dg-audience-new", self.renew_audience)])
        row.add_class("dg-join-row")
        row.add_class("dg-audience-row")
        return row

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
        if seat == AUDIENCE and self.base is not None:
            address = audience_link_of(self.base, self.store.audience_link(self.session_id))
            self.code.value = code_card(_("Audience view: scan or open this link"), address,
                                        "dg-audience-card")
        elif seat is None or seat not in links or self.base is None:
            self.code.value = ""
        else:
            heading = _("{team}: scan to join").format(team=self.players[seat])
            self.code.value = code_card(heading, link_of(self.base, links[seat]))

    def show_code(self, seat: int) -> None:
        """Show a team's code (giving the team a link first if it has none), or the audience
        view's (``AUDIENCE``); again: hide it."""
        if self.shown == seat:
            self.shown = None
        else:
            if seat != AUDIENCE and seat not in self.store.links(self.session_id):
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

    def renew_audience(self) -> None:
        """A new audience link, its code shown: every viewer of the old one is cut off at once."""
        self.store.new_audience_link(self.session_id)
        self.shown = AUDIENCE
        self.show()

    def revoke(self, seat: int) -> None:
        """The team's device is cut off; the seat is played at the table again."""
        self.store.revoke_link(self.session_id, seat)
        if self.shown == seat:
            self.shown = None
        self.on_change()
        self.show()
