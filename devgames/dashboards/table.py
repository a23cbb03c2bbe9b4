"""One session at the table, as the projector shows it and the facilitator drives it: the
public view, whose turn it is, the moves, the bots' pace, the charts, the debrief and the export.
Its logic (moves saved to the session store as they are made, the store followed, seats, bots,
undo) is its :class:`~devgames.sessions.table.TableController`'s.
"""

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from devgames import game_spec
from devgames.core.actions import CHANCE, Action
from devgames.core.errors import IllegalMove
from devgames.core.game import Game
from devgames.core.spec import resolve
from devgames.core.wording import choices, game_title
from devgames.dashboards.board import Board
from devgames.dashboards.charts import charts_for
from devgames.dashboards.claim_window import ClaimTurn
from devgames.dashboards.clientside import Pacer
from devgames.dashboards.components import (
    Curtain,
    MovePicker,
    Notice,
    Scoreboard,
    SubsetPicker,
    hand_line_html,
    show_drawer,
    with_chips,
)
from devgames.dashboards.debrief_panel import DebriefPanel
from devgames.dashboards.export_panel import ExportPanel
from devgames.dashboards.handouts_panel import HandoutsPanel
from devgames.dashboards.join_panel import JoinPanel
from devgames.dashboards.seats import SeatsPanel, players_line
from devgames.i18n import N_, _, ngettext
from devgames.screens.cards import hand_html, html
from devgames.screens.colors import seat_colors
from devgames.screens.debrief import winner_line
from devgames.sessions.store import SessionStore, StaleSession
from devgames.sessions.table import PACES, TableController

#: The bots' paces a facilitator chooses from (seconds between moves; None: one per click).
BOT_PACES = dict(zip((N_("one move every 0.7 s"), N_("one move every 2 s"), N_("at once"),
                      N_("one move per click")), PACES, strict=True))
#: Lines of "what just happened" kept on screen: the last few, so that the whole left column
#: (whose turn, the facts, every team, the news) is in view at 1280x720 with the most teams.
NEWS_LINES = 3


def news_lines(teams: int) -> int:
    """How many lines of news the left column has room for beside a table of ``teams`` rows
    (or players: ten players of Release! are five rows of two lines).

    >>> news_lines(4), news_lines(8), news_lines(10)
    (3, 2, 1)
    """
    return NEWS_LINES if teams <= 5 else NEWS_LINES - 1 if teams <= 8 else NEWS_LINES - 2


#: Characters of news one line of the left column holds at 1280x720 and at 150% zoom (its
#: 19 px type in 45% of the width holds about 58), with room to spare.
NEWS_LINE_CHARS = 48


def news_that_fits(news: list[str], teams: int) -> list[str]:
    """The last lines of ``news`` that fit the left column's :func:`news_lines` beside a table
    of ``teams`` rows, a long line taking as many as it wraps to (the last line is always shown).

    >>> short, long = "Red passes.", "Site Reliability lays Patent war into Growth Hackers' game."
    >>> news_that_fits([short, long, short], 4) == [long, short]  # 3 lines: 2 + 1
    True
    >>> news_that_fits([long, short], 8), news_that_fits([short, long], 8) == [long]
    (['Red passes.'], True)
    """
    rows = news_lines(teams)
    kept: list[str] = []
    for line in reversed(news):
        needs = max(1, -(-len(line) // NEWS_LINE_CHARS))
        if kept and needs > rows:
            break
        kept.append(line)
        rows -= needs
        if rows <= 0:
            break
    return kept[::-1]



def time_up_move(game: Game) -> Action | None:
    """The table's move that ends a timed round of teams playing at the same time, when the
    round is on (РЕЛИЗ's Tender and Cooperation); None otherwise.

    >>> from devgames import reliz
    >>> game = reliz.new_game(["Red", "Blue"], seed=1, scenario="cooperation")
    >>> time_up_move(game)
    Action(kind='time_up', player=-1, card=None, target=None, count=None, cards=None)
    >>> time_up_move(reliz.new_game(["Red", "Blue"], seed=1)) is None
    True
    """
    return next((a for a in game.moves_of(CHANCE) if a.kind == "time_up"), None)


def timed_span(view: Mapping[str, Any]) -> Any:
    """What the room's timer times in a game with ``turn_minutes``: the round while teams play
    their turns together (the view lists who is ``playing``), else the turn.

    >>> timed_span({"turn": 7, "round": 3, "playing": ["Red"]}), timed_span({"turn": 7})
    (3, 7)
    """
    return view.get("round") if "playing" in view else view.get("turn")

class SessionTable(widgets.VBox):
    """A game being played: the projector's view and the facilitator's controls.

    Its logic is its :class:`TableController`: ``game`` was checked out at ``revision``, every
    move is saved from it; when another screen has saved first, the move is refused and this
    table catches up with the store (:meth:`caught_up`): the store is the truth, never the screen.
    """

    def __init__(self, game: Game, store: SessionStore, session_id: int, revision: int,
                 on_leave: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.add_class("dg-table-view")
        #: The session played here: its moves saved, the store followed, its seats and bots.
        self.controller = TableController(game, store, session_id, revision, NEWS_LINES)
        self.on_leave = on_leave
        #: Sets the room's timer to so many minutes and starts it (the debrief's time-boxes).
        self.on_time_box: Callable[[int], None] | None = None
        #: Seats played from a team's own device, and the one the facilitator plays here instead.
        self.device_seats: set[int] = set(store.links(session_id))
        self.play_here: int | None = None
        #: Pauses the room's timer (given by the app) when the room is paused.
        self.on_pause: Callable[[bool], None] | None = None
        self.debrief_now = False
        self.settling = False
        self.dark = False
        self.bots_running = False
        self.pacer = Pacer()
        #: The turn while a window is open to every seat (Exploding Git Commits' Nope window).
        self.claims = ClaimTurn(self.controller, self.apply, self.follow_store)
        self.subsets = SubsetPicker(self.apply)
        self.charts = charts_for(game)
        board = game_spec(game.name).board
        self.board: Board | None = (resolve(board)(self.apply, self.notice_refusal)
                                    if board else None)
        self._build()
        self.controller.on_unsaved = self.notice.error
        self.refresh()

    @property
    def game(self) -> Game:
        """The game shown (the controller's: another one once the table caught up)."""
        return self.controller.game

    @property
    def session_id(self) -> int:
        return self.controller.session_id

    # ----- layout -------------------------------------------------------------------------------
    def _build(self) -> None:
        self.heading = widgets.HTML()
        self.heading.add_class("dg-heading")
        self.waiting = widgets.HTML()
        self.waiting.add_class("dg-waiting-line")
        self.scoreboard = Scoreboard()
        self.notice = Notice()
        self.picker = MovePicker(self.apply)
        self.curtain = Curtain()
        self.curtain.on_change = self.curtain_moved
        self.turn = widgets.VBox()
        self.turn.add_class("dg-turn")
        self.news_box = widgets.HTML()
        self.news_box.add_class("dg-news")
        self.hand = widgets.HTML()
        self.bot_line = widgets.HTML()
        self.bot_step = widgets.Button(description=_("Next bot move"), button_style="primary")
        self.bot_step.add_class("dg-bot-step")
        self.bot_step.on_click(lambda _button: self.step_bot())
        self.random_card = widgets.Button(description=_("Pick one at random"))
        self.random_card.add_class("dg-random-card")
        self.random_card.on_click(lambda _button: self.enter_random_card())
        self.end = widgets.VBox()
        self.end.add_class("dg-end")
        # While the room debriefs, the debrief fills the table; this button swaps it for the
        # scores and the charts (and back), the winner line staying above both.
        self.scores_toggle = widgets.ToggleButton(description=_("Show the scores and charts"),
                                                  tooltip=_("The scores and charts, or the "
                                                            "debrief"))
        self.scores_toggle.add_class("dg-scores-toggle")
        self.scores_toggle.observe(lambda change: self.show_scores(change["new"]), "value")
        self.debrief = DebriefPanel(self)
        self.export = ExportPanel(self.controller, self.follow_store,
                                  lambda: self.debrief.questions)
        # The projector's view: what the room must see at a glance on the left (whose turn, the
        # button to the hand, the table), the charts on the right, both filling the screen.
        left = widgets.VBox([self.waiting, self.notice, self.turn, self.end, self.scoreboard,
                             self.news_box])
        left.add_class("dg-left")
        right = widgets.VBox([*([self.board] if self.board else []), self.charts.widget])
        right.add_class("dg-right")
        main = widgets.HBox([left, right])
        main.add_class("dg-main")
        self.admin = self._admin()
        self.admin_toggle = widgets.ToggleButton(
            description=_("Facilitator controls: undo, bots, export"), value=False,
            tooltip=_("Undo, bots, export, handouts"))
        self.admin_toggle.add_class("dg-admin-toggle")
        self.admin_toggle.observe(lambda change: self.show_admin(change["new"]), "value")
        self.join = JoinPanel(self.controller.store, self.session_id, list(self.game.players),
                              self.devices_changed)
        self.join_drawer = widgets.VBox([widgets.HBox([
            widgets.HTML("<h3>" + html(_("Teams join from their devices")) + "</h3>"),
            self._close_button("dg-join-close", lambda: self.show_join(False))]), self.join])
        self.join_drawer.add_class("dg-drawer")
        self.join_drawer.add_class("dg-join-drawer")
        self.join_toggle = widgets.ToggleButton(description=_("Join from devices"), value=False,
                                                tooltip=_("A code for each team's phone"))
        self.join_toggle.add_class("dg-join-toggle")
        self.join_toggle.observe(lambda change: self.show_join(change["new"]), "value")
        paused = self.controller.room_paused
        self.pause_toggle = widgets.ToggleButton(
            description=_("Resume the room") if paused else _("Pause the room"), value=paused,
            tooltip=_("Pause the timer, the bots and the teams' devices at once"))
        self.pause_toggle.add_class("dg-pause-room")
        self.pause_toggle.observe(lambda change: self.pause_room(change["new"]), "value")
        self.play_here_button = widgets.Button(button_style="primary")
        self.play_here_button.add_class("dg-play-here")
        self.play_here_button.on_click(lambda _button: self.take_turn_here())
        top = widgets.HBox([self.heading, self.pause_toggle, self.join_toggle,
                            self.admin_toggle])
        top.add_class("dg-table-top")
        self.children = [top, main, self.admin, self.join_drawer, self.pacer, self.claims.clock]
        self.show_heading()

    @staticmethod
    def _close_button(css: str, close: Callable[[], None]) -> widgets.Button:
        button = widgets.Button(description=_("Close"))
        button.add_class(css)
        button.on_click(lambda _button: close())
        return button

    def show_heading(self) -> None:
        """The game's title, whole; its players (each bot with its kind) as the title's tooltip.
        The room reads the teams in the scoreboard, each bot marked there."""
        players = html(players_line(self.game.players, self.controller.bot_kinds))
        self.heading.value = (f'<h2 class="game-text" title="{players}">'
                              f"{html(game_title(self.game.name))}</h2>")

    def show_admin(self, shown: bool) -> None:
        """Open or close the drawer of the facilitator's controls (over the charts)."""
        if shown:
            self.show_join(False)
        show_drawer(self.admin, self.admin_toggle, shown)

    def show_join(self, shown: bool) -> None:
        """Open or close the Join panel (the teams' codes), over the charts."""
        if shown:
            self.show_admin(False)
            self.join.show()
        show_drawer(self.join_drawer, self.join_toggle, shown)

    def _admin(self) -> widgets.VBox:
        """The facilitator's controls, in a drawer away from the projector view."""
        self.undo_last = widgets.Button(description=_("Undo the last move"))
        self.undo_last.add_class("dg-undo")
        self.undo_last.on_click(lambda _button: self.undo_last_human())
        self.undo_steps = widgets.BoundedIntText(value=1, min=1, max=100000,
                                                 description=_("Steps"),
                                                 tooltip=_("Moves to take back"),
                                                 layout=widgets.Layout(width="12em"))
        self.undo_steps.add_class("dg-undo-steps")
        undo_n = widgets.Button(description=_("Undo these steps"))
        undo_n.add_class("dg-undo-n")
        undo_n.on_click(lambda _button: self.undo(self.undo_steps.value))
        self.pace_choice = widgets.Dropdown(options=[(_(text), pace)
                                                     for text, pace in BOT_PACES.items()],
                                            value=self.controller.pace,
                                            description=_("Bots play"),
                                            tooltip=_("How fast the bots play"),
                                            layout=widgets.Layout(width="24em"))
        self.pace_choice.add_class("dg-bot-pace")
        self.pace_choice.observe(lambda change: self.set_pace(change["new"]), "value")
        self.hands_box = widgets.Checkbox(value=self.controller.hidden_hands, indent=False,
                                          description=_("Hands behind a curtain"),
                                          tooltip=_("Hands behind a curtain"))
        self.hands_box.add_class("dg-hands-toggle")
        self.hands_box.observe(lambda change: self.set_hidden_hands(change["new"]), "value")
        self.time_up = widgets.Button(description=_("Time is up: every team ends its turn"),
                                      button_style="warning")
        self.time_up.add_class("dg-time-up")
        self.time_up.on_click(lambda _button: self.call_time())
        debrief = widgets.Button(description=_("Open the debrief now"))
        debrief.add_class("dg-debrief-now")
        debrief.on_click(lambda _button: self.open_debrief())
        leave = widgets.Button(description=_("Back to the sessions"))
        leave.add_class("dg-leave")
        leave.on_click(lambda _button: self.leave())
        self.info = widgets.HTML()
        self.info.add_class("dg-info")
        self.seats_panel = SeatsPanel(self)
        close = self._close_button("dg-admin-close", lambda: self.show_admin(False))
        admin = widgets.VBox([
            widgets.HBox([widgets.HTML("<h3>" + html(_("Facilitator controls")) + "</h3>"),
                          close]),
            widgets.HBox([self.undo_last, self.undo_steps, undo_n]), self.time_up,
            widgets.HBox([self.pace_choice, self.hands_box]), self.seats_panel,
            self.export, HandoutsPanel(self.game), self.info, widgets.HBox([debrief, leave]),
        ])
        admin.add_class("dg-admin")
        admin.add_class("dg-drawer")
        return admin

    # ----- drawing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw the table, the turn area and the charts from the game."""
        game = self.game
        self.charts.update(game)  # first: the charts are what the room watches
        view = game.view(None)
        self.colors = seat_colors(game, self.dark)
        self.curtain.colors = self.colors
        waiting = view.get("waiting_for")
        self.waiting.value = f'<div class="dg-waiting">{html(waiting)}</div>' if waiting else ""
        self.scoreboard.show(view, self.colors, self.board.draws if self.board else (),
                             [game.players[seat] for seat in self.controller.bot_kinds])
        if self.board is not None:
            self.board.show(game)
        self.time_up.layout.display = "" if time_up_move(game) is not None else "none"
        news = news_that_fits(self.controller.news, len(game.players))
        self.news_box.value = "".join(f"<div>{html(line)}</div>" for line in news)
        # Never the seed: it deals every hand again (the exported events.csv holds it).
        self.info.value = ("<span class='dg-muted'>" + html(ngettext(
            "Session {number}, {n} move saved.", "Session {number}, {n} moves saved.",
            len(game.log)).format(number=self.session_id, n=len(game.log))) + "</span>")
        if game.is_over or self.debrief_now:
            self.show_end()
            self.add_class("dg-debriefing")
        else:
            self.end.children = []
            self.remove_class("dg-debriefing")
        self.remove_class("dg-hand-open")
        if game.is_over:
            self.turn.children = []
            return
        seat = game.current_player
        assert seat is not None  # the game is not over
        window = game.claim_window
        if window is not None:
            self.picker.clear()
            self.turn.children = [self.claims.face]
            self.claims.show(window)
            return
        if seat == CHANCE:
            actions, labels, heading = choices(game)
            self.picker.offer(actions, labels, heading, game.name)
            self.turn.children = [self.picker, self.random_card]
        elif seat in self.controller.bots:
            self.picker.clear()
            name = game.players[seat]
            waiting = self.controller.paused or self.controller.pace is None
            text = (_("{name} (bot) is to play: click to let it move.") if waiting
                    else _("{name} (bot) is playing...")).format(name=name)
            self.bot_line.value = f"<div class='dg-bot'>{html(text)}</div>"
            self.turn.children = [self.bot_line, self.bot_step]
        elif seat in self.device_seats and seat != self.play_here:
            self.picker.clear()
            name = game.players[seat]
            self.bot_line.value = ("<div class='dg-bot dg-on-device'>" + html(
                _("{name} plays on its own device.").format(name=name)) + "</div>")
            self.play_here_button.description = _("Play {name}'s move here").format(name=name)
            self.turn.children = [self.bot_line, self.play_here_button]
        else:
            self.offer_moves(seat)

    def curtain_moved(self) -> None:
        """The curtain was lifted or lowered: its team's hand and moves come or go."""
        seat = self.game.current_player
        if seat is not None and seat >= 0 and not self.game.is_over:
            self.offer_moves(seat)

    def notice_refusal(self, sentence: str) -> None:
        """Say why a place clicked on the board is not a legal move."""
        self.notice.error(sentence)

    def offer_moves(self, seat: int) -> None:
        """The moves of a team at the screen, behind the curtain when hands are hidden: its hand
        and moves reach the page only once the team lifts the curtain."""
        game = self.game
        name = game.players[seat]
        self.remove_class("dg-hand-open")
        hidden = self.controller.hidden_hands
        if hidden and not (self.curtain.is_open and self.curtain.owner == name):
            self.hand.value = ""
            self.picker.clear()
            self.subsets.clear()
            self.curtain.inside.children = []
            self.curtain.close_for(name)
            self.turn.children = [self.curtain]
            return
        actions, labels, _heading = choices(game)
        hand = game.view(seat).get("hand")
        ticks = self.subsets.offer(actions, labels,
                                   _("{name}: tick the cards, then confirm").format(name=name))
        grouped = hand is not None and not ticks
        self.picker.offer(actions, labels, _("{name}: choose a move").format(name=name),
                          game.name,
                          hand if grouped else None, name)
        moves = self.subsets if ticks else self.picker
        # The moves show the hand card by card; tick boxes name the cards, the hand is a line.
        self.hand.value = (hand_html(name, [], game.secrets(seat), game.name, with_cards=False)
                           + ("" if grouped else hand_line_html(hand, game.name))
                           if hand is not None else "")
        private = [self.hand] if hand is not None else []
        tray = self.board.tray(game, seat) if self.board is not None else None
        if tray is not None:
            private.append(tray)
        if not hidden:
            self.turn.children = [*private, moves]
            return
        # Only this team looks now: its hand and moves take the charts' room (theme.py).
        self.add_class("dg-hand-open")
        self.curtain.inside.children = [*private, moves]
        self.turn.children = [self.curtain]

    def show_end(self) -> None:
        """The winner (or how far the game got) and the debrief, which fills the table (the
        export is the debrief's last page, and in the facilitator's controls)."""
        if self.end.children and self.debrief.moves == len(self.game.log):
            return  # drawn already for this position: keep what is being typed
        self.debrief.load()
        self.export.clear()
        self.end.children = [
            widgets.HTML(f"<div class='{'dg-winner' if self.game.is_over else 'dg-so-far'}'>"
                         f"{with_chips(winner_line(self.game), self.colors)}</div>"),
            self.scores_toggle, self.debrief,
        ]

    def show_scores(self, shown: bool) -> None:
        """While debriefing: the scores and the charts instead of the debrief, or back."""
        if shown:
            self.add_class("dg-seeing-scores")
        else:
            self.remove_class("dg-seeing-scores")
        self.scores_toggle.description = (_("Back to the debrief") if shown
                                          else _("Show the scores and charts"))
        if self.scores_toggle.value != shown:
            self.scores_toggle.value = shown

    # ----- moves --------------------------------------------------------------------------------
    def apply(self, action: Action) -> bool:
        """Make a move: saved at once, then the table, the charts and the bots go on.

        An illegal move is explained in the notice and changes nothing.
        """
        game = self.game
        turn = timed_span(game.view(None))
        if not self._saved(lambda: self.controller.apply(action)):
            return False
        self.notice.clear()
        self.time_the_turn(turn)
        seat = game.current_player
        if self.curtain.is_open and (seat is None or seat < 0
                                     or game.players[seat] != self.curtain.owner):
            self.curtain.close_for(self.curtain.owner)  # the turn passes: the hand hides
        if seat != self.play_here:
            self.play_here = None
        if self.bots_running:  # bots playing at once: the table is drawn once they are through
            window = game.claim_window
            if window is not None and not game.is_over:
                self.claims.show(window)  # its clock lets the bots claim it, or closes it
            return True
        self.refresh()
        self.play_bots()
        return True

    def _saved(self, make: Callable[[], object]) -> bool:
        """Make a move or an undo through the controller; False when it was refused (illegal:
        the notice says why; stale: the table shows the saved session). A save that fails
        otherwise keeps the move: the room must keep playing, and the facilitator is told."""
        try:
            make()
        except IllegalMove as error:
            self.notice.error(error.message)
            return False
        except StaleSession as stale:
            self.caught_up(str(stale))
            return False
        except Exception as error:
            self.notice.error(_("This move could not be saved ({error}); the game goes on.")
                              .format(error=error))
        return True

    def call_time(self) -> None:
        """The round's time is up (the "Time is up" button): every team still playing ends its
        turn, what it did not place stays in hand; the room's timer starts the next round."""
        action = time_up_move(self.game)
        if action is not None:
            self.apply(action)

    def time_the_turn(self, before: Any) -> None:
        """A game whose turns are timed (its view gives ``turn_minutes``, e.g. РЕЛИЗ's Tender
        and Cooperation: 2 minutes a team, or a round when the teams play together): the room's
        timer starts again with each new turn or round (``before`` is :meth:`timed_span` before
        the move just saved)."""
        view = self.game.view(None)
        minutes = view.get("turn_minutes")
        if minutes and timed_span(view) != before and self.on_time_box is not None:
            self.on_time_box(int(minutes))

    def save_setting(self, path: tuple[str, ...], value: Any) -> None:
        """Save one note or setting of the session (the app's timer): see the controller's."""
        self.controller.save_setting(path, value)

    def caught_up(self, message: str) -> None:
        """Show the session as saved, after the controller caught up with another screen's
        change (``message`` says so); bots then wait."""
        self.pacer.cancel()
        if self.curtain.is_open:
            self.curtain.close_for(self.curtain.owner)
        self.notice.info(message)
        self.show_settings()

    def show_settings(self) -> None:
        """Show the seats, pace and curtain as saved (another screen may have changed them)."""
        table = self.controller
        self.settling = True  # the lists below show the saved choices; they save nothing
        try:
            self.pace_choice.value = table.pace
            self.hands_box.value = table.hidden_hands
            self.pause_toggle.value = table.room_paused
            self.pause_toggle.description = (_("Resume the room") if table.room_paused
                                             else _("Pause the room"))
            if table.room_paused:  # paused from another screen: the bots here stop too
                self.pacer.cancel()
            self.seats_panel.show_kinds()
        finally:
            self.settling = False
        self.show_heading()
        self.refresh()
        if self.end.children:
            self.debrief.follow()  # notes, dots and the phase, as another screen left them

    def follow_store(self) -> None:
        """Catch up when another screen saved a move, or changed a setting, since this table
        last looked. Moves that only follow on from this table's (a team's device played) are
        told in the news and the bots play on; a log changed otherwise (an undo elsewhere) is
        shown as saved, with the bots waiting."""
        table = self.controller
        try:
            saved, meta = table.store.position(self.session_id)
            devices = set(table.store.links(self.session_id))
        except KeyError:
            self.notice.error(_("This session was deleted from another screen."))
            return
        if devices != self.device_seats:
            self.device_seats = devices
            self.join.show()
            self.refresh()
        elif self.join_toggle.value:  # the panel is open: who is connected
            self.join.show_states()
        if saved != table.revision:
            following = table.moves_saved_since()
            if following is None or self.bots_running:
                table.catch_up()
                self.caught_up(_("The table has moved on: another screen saved a move. Here "
                                 "is the table as it is now."))
                return
            self.follow_moves(*following)
        if meta != self.game.meta:
            self.controller.take_settings(meta)
            self.show_settings()
        elif self.end.children:  # a phone wrote, dotted or rated in the debrief
            self.debrief.follow()

    def follow_moves(self, moves: list[Action], revision: int) -> None:
        """Play here the moves another screen saved after this table's last one."""
        for action in moves:
            turn = timed_span(self.game.view(None))
            self.controller.take_move(action)
            self.time_the_turn(turn)
        self.controller.revision = revision
        self.play_here = None
        self.refresh()
        self.play_bots()

    def devices_changed(self) -> None:
        """A team's device link was given, renewed or taken back (the Join panel)."""
        self.device_seats = set(self.controller.store.links(self.session_id))
        self.refresh()

    def take_turn_here(self) -> None:
        """The facilitator plays a device team's move at the table (behind the curtain)."""
        self.play_here = self.game.current_player
        self.refresh()

    def pause_room(self, paused: bool) -> None:
        """Pause or resume everything: the devices' moves, the bots and the room's timer."""
        if self.settling:
            return
        self.controller.pause_room(paused)
        self.pause_toggle.description = _("Resume the room") if paused else _("Pause the room")
        self.pacer.cancel()
        if self.on_pause is not None:
            self.on_pause(paused)
        if not paused:
            self.play_bots()
        self.refresh()

    # ----- bots ---------------------------------------------------------------------------------
    def play_bots(self) -> None:
        """Let the bots play their turns: at once (each move saved as it is made, the table
        drawn once they are through), one per tick, or when clicked."""
        table = self.controller
        if table.paused or table.pace is None or not table.bot_to_play():
            return
        if table.pace == 0:
            self.bots_running = True  # one loop, not a call per move: games can be long
            try:
                while table.bot_to_play() and not table.paused and self.step_bot():
                    pass
            finally:
                self.bots_running = False
            self.refresh()
        else:
            self.pacer.delay_ms = int(table.pace * 1000)
            self.pacer.wait(self._tick)

    def _tick(self) -> None:
        table = self.controller
        if not table.paused and table.pace and table.bot_to_play():
            self.step_bot()

    def step_bot(self) -> bool:
        """One move by the bot whose turn it is (the "Next bot move" button)."""
        action = self.controller.bot_move()
        if action is None:
            return False
        self.controller.paused = False
        return self.apply(action)

    def enter_random_card(self) -> None:
        """The "Pick one at random" button: a card a real draw could give."""
        entry = self.controller.random_entry()
        if entry is not None:
            self.apply(entry)

    def seats_changed(self) -> None:
        """A seat was given to a bot or to the screen (the seats panel): whoever looked at the
        screen, a new seat-holder asks again; a new bot plays now, at the pace set."""
        self.pacer.cancel()
        if self.curtain.is_open:
            self.curtain.close_for(self.curtain.owner)
        self.show_heading()
        self.refresh()
        self.play_bots()

    def set_pace(self, pace: float | None) -> None:
        if self.settling:
            return
        self.controller.set_pace(pace)
        self.pacer.cancel()
        self.refresh()
        self.play_bots()

    def set_hidden_hands(self, hidden: bool) -> None:
        if self.settling:
            return
        self.controller.set_hidden_hands(hidden)
        self.refresh()

    # ----- undo ---------------------------------------------------------------------------------
    def undo(self, steps: int) -> None:
        """Take back ``steps`` moves; bots then wait for a click."""
        if not self._saved(lambda: self.controller.undo(steps)):
            return
        self.pacer.cancel()
        self.notice.info(ngettext("Took back {n} move.", "Took back {n} moves.", steps)
                         .format(n=steps))
        self.refresh()

    def undo_last_human(self) -> None:
        """Take back the last move made at the screen, and the bot moves after it."""
        steps = self.controller.last_human_steps()
        if steps is None:
            self.notice.error(_("No move has been made at the screen yet; there is nothing to "
                                "undo."))
            return
        self.undo(steps)

    def open_debrief(self) -> None:
        """Show the debrief before the game is over (when time runs out): it fills the table,
        and the facilitator's drawer closes so that the room sees it."""
        self.debrief_now = True
        self.show_admin(False)
        self.show_scores(False)
        self.refresh()

    def leave(self) -> None:
        self.pacer.cancel()
        if self.on_leave is not None:
            self.on_leave()

    def set_theme(self, dark: bool) -> None:
        """Light or dark: the charts and the teams' colours in their shades for the theme."""
        self.dark = dark
        self.charts.set_theme(dark)
        self.refresh()

