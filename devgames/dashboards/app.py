"""The facilitator app: the launcher (new session or resume), the set-up form and the table,
with the room's timer and the light or dark projector theme always at hand.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets

from devgames import GAMES, i18n
from devgames.core.game import Game
from devgames.core.wording import game_title
from devgames.dashboards.clientside import (
    Address,
    Connection,
    Language,
    Timer,
    connection_words,
    timer_words,
)
from devgames.dashboards.components import Notice, show_drawer, unseen_label
from devgames.dashboards.launcher import Launcher
from devgames.dashboards.setup_form import NewSession, SetupForm
from devgames.dashboards.store_watch import StoreWatch
from devgames.dashboards.table import SessionTable
from devgames.dashboards.theme import style_sheet
from devgames.i18n import _
from devgames.screens.cards import html
from devgames.sessions.store import SessionStore
from devgames.sessions.table import seats_meta

if TYPE_CHECKING:
    from devgames.dashboards.planner import PlannerPage


class FacilitatorApp(widgets.VBox):
    """The launcher and every session's flow; ``game`` opens straight on that game's set-up.

    >>> from devgames.sessions import SessionStore
    >>> app = FacilitatorApp(store=SessionStore(":memory:"))
    >>> [b.description for b in app.new_buttons][:3]
    ['New Scrumkin session', 'New IT Startup session', 'New Exploding Git Commits session']
    """

    def __init__(self, game: str | None = None, store: SessionStore | None = None) -> None:
        super().__init__()
        self.add_class("dg-app")
        self.store = store if store is not None else SessionStore()
        self.table: SessionTable | None = None
        self.launcher: Launcher | None = None
        self.planner: PlannerPage | None = None  # the planner page, once opened
        self.timer = Timer(minutes=5)
        self.address = Address()
        self.address.observe(self._address_changed, "session_id")
        self.connection = Connection(on_ping=self._follow_store)
        #: Moves and settings saved on another screen (a team's device, another tab) show here
        #: as soon as they are saved; the page's pings catch up on the clock (who went quiet).
        self.watch = StoreWatch(self.store, self._follow_store)
        #: The screen shown, drawn again when the language changes.
        self._shown: Callable[[], None] = self.show_launcher
        #: The app's language (every text, and which of РЕЛИЗ's card names come first): the
        #: browser's at first, then the room's choice on the launcher, kept with each session.
        self.language = Language(language=i18n.language())
        self.language_switch = widgets.ToggleButtons(
            options=[(i18n.name_of(code), code) for code in i18n.available()],
            value=i18n.language(), style={"button_width": "auto"})
        self.language_switch.add_class("dg-language")
        self.language.observe(lambda change: self._browser_language(change["new"]), "language")
        self.language_switch.observe(lambda change: self.set_language(change["new"]), "value")
        self.set_language(i18n.language())
        self.notice = Notice()
        self.body = widgets.VBox()
        self.body.add_class("dg-body")
        self.new_buttons = []
        for name in GAMES:
            button = widgets.Button(button_style="primary")
            button.add_class(f"dg-new-{name}")
            button.on_click(lambda _button, n=name: self.show_setup(n))
            self.new_buttons.append(button)
        self._draw_frame()
        if game is not None:
            self.show_setup(game)
        else:
            self.show_launcher()

    def _draw_frame(self) -> None:
        """The app's frame in the language in use: the header, the about box and the labels of
        the new-session buttons (the screen in the body draws itself)."""
        self.timer.words, self.connection.words = timer_words(), connection_words()
        for name, button in zip(GAMES, self.new_buttons, strict=True):
            button.description = _("New {game} session").format(game=game_title(name))
        self.about = self._about()
        self.children = [style_sheet(), self.connection, self._header(), self.about, self.notice,
                         self.body, self.address, self.language]

    # ----- header: title, theme, timer --------------------------------------------------------
    def _header(self) -> widgets.HBox:
        title = widgets.HTML("<h1>devgames</h1>")
        dark = getattr(self, "dark", None)
        # Every toggle and box names its tooltip: without one the browser shows "null".
        self.dark = widgets.ToggleButton(description=_("Dark theme"),
                                         tooltip=_("Light or dark projector theme"),
                                         value=dark is not None and dark.value)
        self.dark.add_class("dg-theme")
        self.dark.observe(lambda change: self.set_theme(change["new"]), "value")
        start = widgets.Button(description=_("Start/pause"))
        start.add_class("dg-timer-start")
        start.on_click(lambda _button: self.use_timer(self.timer.toggle))
        more = widgets.Button(description=_("+1 min"))
        more.add_class("dg-timer-more")
        more.on_click(lambda _button: self.use_timer(self.timer.add_minute))
        # The label names the box for screen readers; on screen "Reset to" says it.
        minutes = getattr(self, "timer_minutes", None)
        self.timer_minutes = unseen_label(widgets.BoundedIntText(
            value=5 if minutes is None else minutes.value, min=1, max=180,
            description=_("minutes"), tooltip=_("Minutes the timer is reset to"),
            layout=widgets.Layout(width="5em")))
        reset = widgets.Button(description=_("Reset to"))
        reset.add_class("dg-timer-reset")
        reset.on_click(lambda _button: self.use_timer(
            lambda: self.timer.reset(self.timer_minutes.value)))
        clock = widgets.HBox([self.timer, start, more, reset, self.timer_minutes],
                             layout=widgets.Layout(align_items="center"))
        about = widgets.ToggleButton(description=_("About"), value=False,
                                     tooltip=_("The version, the licences and the credits"))
        about.add_class("dg-about-toggle")
        about.observe(lambda change: self.show_about(change["new"]), "value")
        self.about_toggle = about
        header = widgets.HBox([title, clock, widgets.HBox([self.dark, about])],
                              layout=widgets.Layout(justify_content="space-between",
                                                    align_items="center", flex_flow="row wrap"))
        header.add_class("dg-header")
        return header

    def show_about(self, shown: bool) -> None:
        """Open or close the about box: the version, the licences and every game's credits."""
        show_drawer(self.about, self.about_toggle, shown)

    def _about(self) -> widgets.VBox:
        from devgames import __version__
        from devgames.credits import credits_html

        close = widgets.Button(description=_("Close"))
        close.add_class("dg-about-close")
        close.on_click(lambda _button: self.show_about(False))
        box = widgets.VBox([
            widgets.HBox([widgets.HTML(f"<h3>devgames {html(__version__)}</h3>"), close]),
            widgets.HTML("<div>" + html(_(
                "Our code is free to use under the MIT licence. The games belong to their "
                "authors; each is played here as its licence allows:")) + "</div>"
                + credits_html()
                + "<div class='dg-muted'>" + html(_(
                    "CREDITS.md and LICENSE, in the project's folder, say it in full."))
                + "</div>"),
        ])
        box.add_class("dg-about")
        box.add_class("dg-drawer")
        return box

    def use_timer(self, change: Callable[[], None]) -> None:
        """Start, pause, extend or reset the timer (``change``), and keep its state with the
        session at the table, so that a reload finds the timer as it was."""
        change()
        if self.table is not None:
            self.table.save_setting(("timer",), self.timer.state())

    def time_box(self, minutes: int) -> None:
        """Wind the timer to ``minutes`` and start it: a phase of the debrief begins."""
        self.timer_minutes.value = minutes

        def start() -> None:
            self.timer.reset(minutes)
            self.timer.start()

        self.use_timer(start)

    def pause_timer(self, paused: bool) -> None:
        """The room is paused (the timer stops) or resumed (it goes on)."""
        self.use_timer(self.timer.pause if paused else self.timer.start)

    def set_theme(self, dark: bool) -> None:
        if dark:
            self.add_class("dg-dark")
        else:
            self.remove_class("dg-dark")
        if self.table is not None:
            self.table.set_theme(dark)
        if self.planner is not None:
            self.planner.set_theme(dark)

    def set_language(self, language: str) -> None:
        """Show the app in ``language`` (one the kit knows, else English): every text, and
        РЕЛИЗ's card names in that language first. The choice is kept in this browser and with
        the session at the table, so a reload, or another screen opening it, finds it.

        >>> from devgames.sessions import SessionStore
        >>> app = FacilitatorApp(store=SessionStore(":memory:"))
        >>> app.set_language("ru")
        >>> app.new_buttons[0].description
        'Новая сессия Scrumkin'
        >>> app.set_language("xx")
        >>> app.new_buttons[0].description, i18n.language()
        ('New Scrumkin session', 'en')
        """
        language = language if i18n.known(language) else i18n.DEFAULT
        changed = language != i18n.language()
        i18n.set_language(language)
        if self.table is not None and self.table.game.meta.get("language") != language:
            self.table.save_setting(("language",), language)
        self.language.language = language
        self.language_switch.value = language
        for code in i18n.available():
            self.remove_class(f"dg-lang-{code}")
        self.add_class(f"dg-lang-{language}")
        if changed and hasattr(self, "body"):
            self._draw_frame()
            self._shown()

    def _browser_language(self, language: str) -> None:
        """The browser's language, or its last choice, once the page has loaded: the app's
        language, unless the session at the table keeps its own."""
        kept = self.table.game.meta.get("language") if self.table is not None else None
        if kept is None:
            self.set_language(language)
        elif kept != language:
            self.language.language = kept

    # ----- screens ------------------------------------------------------------------------------
    def show_launcher(self) -> None:
        self._shown = self.show_launcher
        self._close_table()
        self.address.session_id = 0
        self.launcher = Launcher(self.store, self.new_buttons, on_resume=self.resume,
                                 on_plan=self.show_planner)
        # The theme lays the switch on the launcher's first line, right of "Start a session".
        self.body.children = [self.language_switch, self.launcher]

    def show_planner(self) -> None:
        """The planner page (how long a game takes), with "Back" to the launcher."""
        from devgames.dashboards.planner import planner_screen

        self._shown = self.show_planner
        self._close_table()
        self.notice.clear()
        back, self.planner = planner_screen(self.store, self.show_launcher)
        self.planner.set_theme(self.dark.value)
        self.body.children = [back, self.planner]

    def show_setup(self, game: str) -> None:
        self._shown = lambda: self.show_setup(game)
        self._close_table()
        self.notice.clear()
        back = widgets.Button(description=_("Back"))
        back.add_class("dg-back")
        back.on_click(lambda _button: self.show_launcher())
        self.setup = SetupForm(game, self.start)
        self.body.children = [back, self.setup]

    def start(self, new: NewSession) -> None:
        """Save the new session and sit down at its table."""
        game = new.game
        game.meta["seats"] = seats_meta(game, new.bots, new.hidden_hands)
        game.meta["language"] = i18n.language()
        session_id = self.store.create(game, title=new.title)
        self.open_table(game, session_id, self.store.revision(session_id))

    def resume(self, session_id: int) -> None:
        """Go back to a saved session exactly where it was."""
        try:
            game, revision = self.store.checkout(session_id)
        except (KeyError, ValueError) as error:
            self.notice.error(str(error).strip("'\""))
            self.show_launcher()
            return
        self.notice.clear()
        self.open_table(game, session_id, revision)

    def open_table(self, game: Game, session_id: int, revision: int) -> None:
        """Sit down at a session's table, in the language kept with it."""
        self._shown = lambda: self.resume(session_id)
        self._close_table()
        kept = game.meta.get("language")
        if kept is not None and kept != i18n.language() and i18n.known(kept):
            self.set_language(kept)  # draws the app in that language, and this table again
            return
        self.table = SessionTable(game, self.store, session_id, revision,
                                  on_leave=self.show_launcher)
        self.table.set_theme(self.dark.value)
        self.table.on_time_box = self.time_box
        self.table.on_pause = self.pause_timer
        minutes = game.view(None).get("turn_minutes")
        if "timer" in game.meta:  # as it was saved
            self.timer.restore(game.meta["timer"])
        elif minutes:  # timed turns or rounds: wound for the first, started when the room is
            self.timer_minutes.value = int(minutes)  # ready (the next ones start by themselves)
            self.use_timer(lambda: self.timer.reset(int(minutes)))
        else:  # the timer goes on, kept with the session from now on
            self.use_timer(lambda: None)
        self.address.session_id = session_id
        self.body.children = [self.table]
        self.table.play_bots()

    def _close_table(self) -> None:
        if self.table is not None:
            self.table.pacer.cancel()
            self.table = None

    def _follow_store(self) -> None:
        """Show what other screens saved since (the store changed, or the page's check)."""
        if self.table is not None:
            self.table.follow_store()
            saved = self.table.game.meta.get("timer")
            if saved is not None and saved != self.timer.state():  # changed on another screen
                self.timer.restore(saved)
        elif self.launcher is not None and self.launcher in self.body.children:
            self.launcher.follow_store()

    def _address_changed(self, change: dict) -> None:
        wanted = change["new"]
        if wanted and (self.table is None or self.table.session_id != wanted):
            self.resume(wanted)
