"""The debrief on everyone's phone, as the projector leads it: the session's join code (a QR code
and a short address to type), how many people joined, how many notes wait to be revealed, the
phase's step (Think, Reveal, Group, Vote, Discuss, Close: every phone shows it, and the store
allows each step's own changes), the dots each person has, anonymous or signed notes, and the
room's ROTI.

The notes themselves stay in the store until revealed (:mod:`devgames.sessions.participants`):
this panel reads only their count, so the projector never shows a note before its time.
"""

from collections.abc import Callable

import ipywidgets as widgets

from devgames.dashboards.debrief_notes import Phase, debrief_of, roti_average
from devgames.dashboards.join_panel import device_url, qr_svg
from devgames.i18n import _, ngettext
from devgames.screens.cards import html
from devgames.sessions.participants import dots_allowed, step_of, step_titles
from devgames.sessions.table import TableController

#: The most dots the facilitator may give each person.
MOST_DOTS = 10


def debrief_link(base: str, code: str) -> str:
    """A session's debrief address for the phones.

    >>> debrief_link("http://192.168.1.5:8867/", "K7QX2M9P")
    'http://192.168.1.5:8867/d/K7QX2M9P'
    """
    return f"{base}d/{code}"


def typed_address(link: str) -> str:
    """The address as the room types it: without ``http://`` (a browser adds it), the code in
    two halves.

    >>> typed_address("http://192.168.1.5:8867/d/K7QX2M9P")
    '192.168.1.5:8867/d/K7QX-2M9P'
    """
    rest, code = link.removeprefix("http://").rsplit("/", 1)
    return f"{rest}/{code[:4]}-{code[4:]}" if len(code) == 8 else f"{rest}/{code}"


def roti_bars(counts: tuple[int, ...]) -> str:
    """The room's ROTI as bars, one line a rating from 5 down to 1, each with its count and the
    average; the numbers are written beside the bars, never on them.

    >>> print(roti_bars((0, 0, 1, 2, 1)).count("dg-roti-bar"), "4.0" in roti_bars((0, 0, 1, 2, 1)))
    5 True
    >>> roti_bars((0, 0, 0, 0, 0))
    "<p class='dg-muted'>No ratings yet.</p>"
    """
    total = sum(counts)
    if not total:
        return f"<p class='dg-muted'>{_('No ratings yet.')}</p>"
    most = max(counts)
    rows = "".join(
        f"<div class='dg-roti-row'><span class='dg-roti-score'>{score}</span>"
        f"<span class='dg-roti-bar' style='width: {12 * counts[score - 1] / most:.1f}em'></span>"
        f"<span class='dg-roti-count'>{counts[score - 1]}</span></div>"
        for score in range(5, 0, -1))
    head = _("Return on time invested:")
    ratings = ngettext("{n} rating, average {average} of 5", "{n} ratings, average {average} of 5",
                       total).format(n=total, average=f"{roti_average(counts):.1f}")
    return f"<div class='dg-roti'><b>{head}</b> {ratings}{rows}</div>"


class PhonesPanel(widgets.VBox):
    """The debrief's join code and the phones' part of it, for the phase ``phase()`` shows."""

    def __init__(self, controller: TableController, phase: Callable[[], Phase]) -> None:
        super().__init__()
        self.add_class("dg-phones")
        self.controller = controller
        self.store = controller.store
        self.session_id = controller.session_id
        self.phase = phase
        self.base = device_url()
        self.code = widgets.HTML()
        self.code.add_class("dg-phones-code")
        self.counts = widgets.HTML()
        self.counts.add_class("dg-phones-counts")
        self.roti = widgets.HTML()
        self.open = self._button(_("Open the debrief to phones"), "dg-phones-open", self.open_code,
                                 "primary")
        self.renew = self._button(_("New code"), "dg-phones-renew", self.open_code)
        self.close = self._button(_("Close to phones"), "dg-phones-close", self.close_code)
        self.step = widgets.ToggleButtons(options=step_titles("what"), disabled=self.base is None)
        self.step.add_class("dg-phones-steps")
        self.step.observe(lambda change: self.set_step(change["new"]), "value")
        self.dots = widgets.BoundedIntText(min=0, max=MOST_DOTS, description=_("Dots each"),
                                           style={"description_width": "initial"},
                                           layout=widgets.Layout(width="9em"))
        self.stack = widgets.Checkbox(description=_("Several on one note"), indent=False,
                                      layout=widgets.Layout(width="auto"))
        self.signed = widgets.Checkbox(description=_("Names on signed notes"), indent=False,
                                       layout=widgets.Layout(width="auto"))
        self._showing = False
        for box, key in ((self.dots, "dots"), (self.stack, "stack"), (self.signed, "signed")):
            box.observe(lambda change, key=key: self._save(key, change["new"]), "value")
        settings = widgets.HBox([self.dots, self.stack, self.signed])
        settings.add_class("dg-phones-settings")
        buttons = widgets.HBox([self.open, self.renew, self.close])
        buttons.add_class("dg-phones-buttons")
        side = widgets.VBox([self.step, self.counts, buttons, settings, self.roti])
        side.add_class("dg-phones-side")
        self.children = [widgets.HBox([self.code, side])]
        self.follow()

    def _button(self, text: str, css: str, act: Callable[[], None],
                style: str = "") -> widgets.Button:
        button = widgets.Button(description=text, button_style=style,
                                disabled=self.base is None)
        button.add_class(css)
        button.on_click(lambda _button: act())
        return button

    def _save(self, key: str, value: object) -> None:
        if not self._showing:
            self.controller.save_setting(("debrief", key), value)

    def open_code(self) -> None:
        """Open the debrief to phones with a new code (an older one stops at once)."""
        self.store.open_debrief(self.session_id)
        self.follow()

    def close_code(self) -> None:
        self.store.close_debrief(self.session_id)
        self.follow()

    def set_step(self, step: str) -> None:
        """Lead the phase shown to ``step`` on every phone; past Think, its notes are revealed
        (on every screen)."""
        if self._showing:
            return
        phase = self.phase().key
        self.controller.save_setting(("debrief", "phone_steps", phase), step)
        if step != "think":
            self.store.reveal(self.session_id, phase)
        self.follow()

    def follow(self) -> None:
        """Show what the store says now: the code, who joined, what waits, the ROTI."""
        code = self.store.debrief_code(self.session_id) if self.base else None
        phase = self.phase()
        if self.base is None:
            need = _("Phones need the app served by {command}.").format(
                command="<code>devgames serve --lan</code>")
            self.code.value = f"<p class='dg-muted'>{need}</p>"
        elif code is None:
            self.code.value = "<p>{}</p>".format(_(
                "Everyone in the room can write, dot and rate from their own phone, without an "
                "account."))
        else:
            address = debrief_link(self.base, code)
            where, typed = typed_address(address).rsplit("/", 1)
            self.code.value = (f"<div class='dg-qr'>{qr_svg(address)}</div>"
                               f"<div class='dg-join-address'>{html(where)}/<wbr>"
                               f"<span class='dg-join-code'>{html(typed)}</span></div>")
        people = len(self.store.participants(self.session_id))
        hidden = self.store.hidden_count(self.session_id, phase.key)
        saved = debrief_of(self.controller.game.meta)
        put = self.store.dots_put(self.session_id)
        joined = ngettext("{n} person joined.", "{n} people joined.", people).format(
            n=f"<b>{people}</b>")
        waiting = ngettext(
            "{n} note of {phase} written, not revealed: only their writers read them.",
            "{n} notes of {phase} written, not revealed: only their writers read them.",
            hidden).format(n=f"<b>{hidden}</b>", phase=html(_(phase.title)))
        allowed = dots_allowed(saved) * people
        put_text = ngettext("{put} of {n} dots put.", "{put} of {n} dots put.", allowed).format(
            put=f"<b>{put}</b>", n=allowed)
        self.counts.value = f"{joined} {waiting}" + (
            f" {put_text}" if step_of(saved, phase.key) == "vote" else "")
        self.open.layout.display = "none" if code else None
        for button in (self.renew, self.close):
            button.layout.display = None if code else "none"
        self._showing = True
        try:
            self.step.options = step_titles(phase.key)
            self.step.value = step_of(saved, phase.key)
            self.dots.value = dots_allowed(saved)
            self.stack.value = bool(saved.get("stack"))
            self.signed.value = bool(saved.get("signed"))
        finally:
            self._showing = False
        self.roti.value = roti_bars(self.store.roti(self.session_id))

