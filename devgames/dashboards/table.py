"""One session at the table: the public view, whose turn it is, moves, bots, charts, undo, the
debrief and the export. Every move is saved to the session store as it is made.
"""

import random
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from devgames import game_module, game_spec
from devgames.core.actions import CHANCE, Action
from devgames.core.bots import Bot, claim_of, likely_entry
from devgames.core.errors import IllegalMove
from devgames.core.game import Game
from devgames.core.spec import resolve
from devgames.core.wording import choices, game_title, public_lines, recent_news
from devgames.dashboards.board import Board
from devgames.dashboards.charts import charts_for
from devgames.dashboards.clientside import Pacer
from devgames.dashboards.colors import seat_colors
from devgames.dashboards.components import (
    NOPE_SECONDS,
    Curtain,
    MovePicker,
    NopeWindow,
    Notice,
    Scoreboard,
    SubsetPicker,
    hand_html,
    hand_line_html,
    html,
    show_drawer,
    with_chips,
)
from devgames.dashboards.debrief import winner_line
from devgames.dashboards.debrief_notes import actions_of, cards_at_work, notes_of, retro_notes
from devgames.dashboards.debrief_panel import DebriefPanel
from devgames.dashboards.handouts_panel import HandoutsPanel
from devgames.dashboards.join_panel import JoinPanel
from devgames.dashboards.seats import SeatsPanel, players_line
from devgames.devices.room import PAUSED, is_paused
from devgames.exploding.game import CLOSE, ExplodingGame
from devgames.sessions.store import SessionStore, StaleSession
from devgames.sim.runner import game_seed, make_bot

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


#: How fast bots play: seconds between two bot moves (0: at once; None: one per click).
BOT_PACES = {"one move every 0.7 s": 0.7, "one move every 2 s": 2.0,
             "at once": 0.0, "one move per click": None}
DEFAULT_PACE = 0.7


def seats_meta(game: Game, bots: dict[int, str], hidden_hands: bool) -> dict[str, Any]:
    """What the session remembers about its seats (also read by ``devgames play --resume``).

    >>> from devgames import scrumkin
    >>> seats_meta(scrumkin.new_game(["Red", "Blue"], seed=1), {1: "heuristic"}, True)
    {'humans': ['Red'], 'bot': 'heuristic', 'bots': {'Blue': 'heuristic'}, 'hidden_hands': True}
    """
    return {
        "humans": [name for seat, name in enumerate(game.players) if seat not in bots],
        "bot": next(iter(bots.values()), None),
        "bots": {game.players[seat]: kind for seat, kind in bots.items()},
        "hidden_hands": hidden_hands,
    }


class SessionTable(widgets.VBox):
    """A game being played: the projector's view and the facilitator's controls.

    ``revision`` is the saved revision ``game`` was checked out at. Every move is saved from it;
    when another screen has saved first, the move is refused and this table catches up with the
    store (:meth:`catch_up`): the store is the truth, never the screen.
    """

    def __init__(self, game: Game, store: SessionStore, session_id: int, revision: int,
                 on_leave: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.add_class("dg-table-view")
        self.game = game
        self.store = store
        self.session_id = session_id
        self.revision = revision
        self.on_leave = on_leave
        #: Sets the room's timer to so many minutes and starts it (the debrief's time-boxes).
        self.on_time_box: Callable[[int], None] | None = None
        self.read_seats()
        #: Seats played from a team's own device, and the one the facilitator plays here instead.
        self.device_seats: set[int] = set(store.links(session_id))
        self.play_here: int | None = None
        #: Pauses the room's timer (given by the app) when the room is paused.
        self.on_pause: Callable[[bool], None] | None = None
        self.debrief_now = False
        self.settling = False
        self.dark = False
        self.bots_running = False
        self.paused = is_paused(game.meta)  # a paused room stays paused on reload
        self.news: list[str] = recent_news(game, NEWS_LINES)
        self.pacer = Pacer()
        # Exploding Git Commits' open Nope window: its own clock, the seconds left, the log
        # length it opened at, and the Nope a bot claimed in it.
        self.window_clock = Pacer()
        self.window_left = 0
        self.window_key = -1
        self.window_claim: Action | None = None
        self.window_held = False
        self.window_running = False
        self.subsets = SubsetPicker(self.apply)
        self.charts = charts_for(game)
        board = game_spec(game.name).board
        self.board: Board | None = (resolve(board)(self.apply, self.notice_refusal)
                                    if board else None)
        self._build()
        self.refresh()

    def read_seats(self) -> None:
        """Take who plays each seat, the bots' pace and the curtain from the session's settings."""
        game = self.game
        seats = game.meta.get("seats", {})
        module = game_module(game.name)
        self.bot_kinds = {game.seat(name): kind for name, kind in seats.get("bots", {}).items()}
        self.bots: dict[int, Bot] = {
            seat: make_bot(module, kind, game_seed(game.seed, seat))
            for seat, kind in self.bot_kinds.items()
        }
        self.hidden_hands: bool = seats.get("hidden_hands", True)
        self.pace: float | None = seats.get("pace", DEFAULT_PACE)
        if self.pace not in BOT_PACES.values():
            self.pace = DEFAULT_PACE

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
        self.nope_window = NopeWindow(self.claim_nope, lambda: self.apply(CLOSE))
        self.nope_window.on_hold = self.hold_window
        self.turn = widgets.VBox()
        self.turn.add_class("dg-turn")
        self.news_box = widgets.HTML()
        self.news_box.add_class("dg-news")
        self.hand = widgets.HTML()
        self.bot_line = widgets.HTML()
        self.bot_step = widgets.Button(description="Next bot move", button_style="primary")
        self.bot_step.add_class("dg-bot-step")
        self.bot_step.on_click(lambda _button: self.step_bot())
        self.random_card = widgets.Button(description="Pick one at random")
        self.entry_rng = random.SystemRandom()  # nothing saved or seeded can predict it
        self.random_card.add_class("dg-random-card")
        self.random_card.on_click(lambda _button: self.enter_random_card())
        self.end = widgets.VBox()
        self.end.add_class("dg-end")
        # While the room debriefs, the debrief fills the table; this button swaps it for the
        # scores and the charts (and back), the winner line staying above both.
        self.scores_toggle = widgets.ToggleButton(description="Show the scores and charts")
        self.scores_toggle.add_class("dg-scores-toggle")
        self.scores_toggle.observe(lambda change: self.show_scores(change["new"]), "value")
        self.debrief = DebriefPanel(self)
        self.export = ExportPanel(self)
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
            description="Facilitator controls: undo, bots, export", value=False)
        self.admin_toggle.add_class("dg-admin-toggle")
        self.admin_toggle.observe(lambda change: self.show_admin(change["new"]), "value")
        self.join = JoinPanel(self.store, self.session_id, list(self.game.players),
                              self.devices_changed)
        self.join_drawer = widgets.VBox([widgets.HBox([
            widgets.HTML("<h3>Teams join from their devices</h3>"),
            self._close_button("dg-join-close", lambda: self.show_join(False))]), self.join])
        self.join_drawer.add_class("dg-drawer")
        self.join_drawer.add_class("dg-join-drawer")
        self.join_toggle = widgets.ToggleButton(description="Join from devices", value=False)
        self.join_toggle.add_class("dg-join-toggle")
        self.join_toggle.observe(lambda change: self.show_join(change["new"]), "value")
        paused = is_paused(self.game.meta)
        self.pause_toggle = widgets.ToggleButton(
            description="Resume the room" if paused else "Pause the room", value=paused,
            tooltip="Pause the timer, the bots and the teams' devices at once")
        self.pause_toggle.add_class("dg-pause-room")
        self.pause_toggle.observe(lambda change: self.pause_room(change["new"]), "value")
        self.play_here_button = widgets.Button(button_style="primary")
        self.play_here_button.add_class("dg-play-here")
        self.play_here_button.on_click(lambda _button: self.take_turn_here())
        top = widgets.HBox([self.heading, self.pause_toggle, self.join_toggle,
                            self.admin_toggle])
        top.add_class("dg-table-top")
        self.children = [top, main, self.admin, self.join_drawer, self.pacer, self.window_clock]
        self.show_heading()

    @staticmethod
    def _close_button(css: str, close: Callable[[], None]) -> widgets.Button:
        button = widgets.Button(description="Close")
        button.add_class(css)
        button.on_click(lambda _button: close())
        return button

    def show_heading(self) -> None:
        """The game's title, whole; its players (each bot with its kind) as the title's tooltip.
        The room reads the teams in the scoreboard, each bot marked there."""
        players = html(players_line(self.game.players, self.bot_kinds))
        self.heading.value = f'<h2 title="{players}">{html(game_title(self.game.name))}</h2>'

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
        self.undo_last = widgets.Button(description="Undo the last move")
        self.undo_last.add_class("dg-undo")
        self.undo_last.on_click(lambda _button: self.undo_last_human())
        self.undo_steps = widgets.BoundedIntText(value=1, min=1, max=100000, description="Steps",
                                                 layout=widgets.Layout(width="12em"))
        self.undo_steps.add_class("dg-undo-steps")
        undo_n = widgets.Button(description="Undo these steps")
        undo_n.add_class("dg-undo-n")
        undo_n.on_click(lambda _button: self.undo(self.undo_steps.value))
        self.pace_choice = widgets.Dropdown(options=list(BOT_PACES.items()), value=self.pace,
                                            description="Bots play",
                                            layout=widgets.Layout(width="24em"))
        self.pace_choice.add_class("dg-bot-pace")
        self.pace_choice.observe(lambda change: self.set_pace(change["new"]), "value")
        self.hands_box = widgets.Checkbox(value=self.hidden_hands, indent=False,
                                          description="Hands behind a curtain")
        self.hands_box.add_class("dg-hands-toggle")
        self.hands_box.observe(lambda change: self.set_hidden_hands(change["new"]), "value")
        debrief = widgets.Button(description="Open the debrief now")
        debrief.add_class("dg-debrief-now")
        debrief.on_click(lambda _button: self.open_debrief())
        leave = widgets.Button(description="Back to the sessions")
        leave.add_class("dg-leave")
        leave.on_click(lambda _button: self.leave())
        self.info = widgets.HTML()
        self.info.add_class("dg-info")
        self.seats_panel = SeatsPanel(self)
        close = self._close_button("dg-admin-close", lambda: self.show_admin(False))
        admin = widgets.VBox([
            widgets.HBox([widgets.HTML("<h3>Facilitator controls</h3>"), close]),
            widgets.HBox([self.undo_last, self.undo_steps, undo_n]),
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
                             [game.players[seat] for seat in self.bot_kinds])
        if self.board is not None:
            self.board.show(game)
        self.news_box.value = "".join(
            f"<div>{html(line)}</div>" for line in self.news[-news_lines(len(game.players)):])
        # Never the seed: it deals every hand again (the exported events.csv holds it).
        self.info.value = (f"<span class='dg-muted'>Session {self.session_id}, "
                           f"{len(game.log)} moves saved.</span>")
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
        if isinstance(game, ExplodingGame) and game.window_open:
            self.show_nope_window(game)
            return
        if seat == CHANCE:
            actions, labels, heading = choices(game)
            self.picker.offer(actions, labels, heading, game.name)
            self.turn.children = [self.picker, self.random_card]
        elif seat in self.bots:
            self.picker.clear()
            name = html(game.players[seat])
            waiting = self.paused or self.pace is None
            text = (f"{name} (bot) is to play: click to let it move." if waiting
                    else f"{name} (bot) is playing...")
            self.bot_line.value = f"<div class='dg-bot'>{text}</div>"
            self.turn.children = [self.bot_line, self.bot_step]
        elif seat in self.device_seats and seat != self.play_here:
            self.picker.clear()
            name = html(game.players[seat])
            self.bot_line.value = (f"<div class='dg-bot dg-on-device'>{name} plays on its own "
                                   "device.</div>")
            self.play_here_button.description = f"Play {game.players[seat]}'s move here"
            self.turn.children = [self.bot_line, self.play_here_button]
        else:
            self.offer_moves(seat)

    # ----- Exploding Git Commits' open Nope window --------------------------------------------
    def show_nope_window(self, game: ExplodingGame) -> None:
        """"Anyone to Nope? 5 s": one public window for everybody, whatever they hold. A newly
        opened window starts its clock: NOPE_SECONDS when a player at the screen or on a device
        may claim it, the bots' pace when only bots may (they decide at once, from their own
        hands); the bots' claim, if any, comes at the bots' pace."""
        self.picker.clear()
        self.turn.children = [self.nope_window]
        if len(game.log) != self.window_key:
            self.window_key = len(game.log)
            self.window_held = False
            humans = any(seat not in self.bots for seat in game.asked)
            self.window_left = NOPE_SECONDS if humans else 0
            self.window_claim = next((claim for seat in game.asked if seat in self.bots
                                      if (claim := claim_of(self.bots[seat], game, seat))),
                                     None)
            self.nope_window.open_for(self.window_left or 1, yup=game.nopes % 2 == 1)
            self.arm_window()
        elif not self.window_running and not self.window_held:
            self.arm_window()  # the room was paused, or the facilitator held the bots

    def arm_window(self) -> None:
        """Wait for the window's next second, or for the bots' pace when a bot claims it or
        only bots may claim it; at once at the pace "at once"."""
        self.window_running = False
        if self.paused:
            self.window_clock.cancel()
            return
        bots_only = self.window_claim is not None or not self.window_left
        pace = self.pace if self.pace is not None else DEFAULT_PACE
        if bots_only and pace == 0:
            self.window_clock.cancel()
            self.window_step()
            return
        self.window_clock.delay_ms = int((pace if bots_only else 1.0) * 1000)
        self.window_running = True
        self.window_clock.wait(self.window_step)

    def window_step(self) -> None:
        """A second of the window passed (or the bots' pace): a bot's claim is made, the
        countdown goes on, or the window closes (after taking in a Nope a device saved)."""
        self.window_running = False
        game = self.game
        if not isinstance(game, ExplodingGame) or not game.window_open or \
                len(game.log) != self.window_key:
            return
        if self.window_claim is not None:
            self.apply(self.window_claim)
            return
        if self.window_left > 1:
            self.window_left -= 1
            self.nope_window.tick(self.window_left)
            self.arm_window()
            return
        self.follow_store()
        if self.game is game and game.window_open and len(game.log) == self.window_key:
            self.apply(CLOSE)

    def hold_window(self, held: bool) -> None:
        """"Nope!" was clicked: the clock stops while the holders are listed behind the curtain
        (players at the screen, not bots); "Nobody after all" starts it again."""
        game = self.game
        if not isinstance(game, ExplodingGame) or not game.window_open:
            return
        self.window_held = held
        self.window_running = False
        if not held:
            self.nope_window.open_for(self.window_left or 1, yup=game.nopes % 2 == 1)
            self.arm_window()
            return
        self.window_clock.cancel()
        holders = [(seat, game.players[seat]) for seat in game.asked
                   if seat not in self.bots and game.nope_moves(seat)]
        self.nope_window.ask_who(holders, self.hidden_hands)

    def claim_nope(self, seat: int) -> None:
        """A player at the screen says Nope (or Yup) in the open window."""
        game = self.game
        moves = game.nope_moves(seat) if isinstance(game, ExplodingGame) else []
        if moves:
            self.apply(moves[0])

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
        if self.hidden_hands and not (self.curtain.is_open and self.curtain.owner == name):
            self.hand.value = ""
            self.picker.clear()
            self.subsets.clear()
            self.curtain.inside.children = []
            self.curtain.close_for(name)
            self.turn.children = [self.curtain]
            return
        actions, labels, _heading = choices(game)
        hand = game.view(seat).get("hand")
        ticks = self.subsets.offer(actions, labels, f"{name}: tick the cards, then confirm")
        grouped = hand is not None and not ticks
        self.picker.offer(actions, labels, f"{name}: choose a move", game.name,
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
        if not self.hidden_hands:
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
        self.scores_toggle.description = ("Back to the debrief" if shown
                                          else "Show the scores and charts")
        if self.scores_toggle.value != shown:
            self.scores_toggle.value = shown

    # ----- moves --------------------------------------------------------------------------------
    def apply(self, action: Action) -> bool:
        """Make a move: saved at once, then the table, the charts and the bots go on.

        An illegal move is explained in the notice and changes nothing.
        """
        game = self.game
        before = len(game.events)
        turn = game.view(None).get("turn")
        try:
            game.apply(action)
        except IllegalMove as error:
            self.notice.error(error.message)
            return False
        if not self.save():
            return False
        self.notice.clear()
        self.time_the_turn(turn)
        self.news += public_lines(game, action, game.events[before:])
        seat = game.current_player
        if self.curtain.is_open and (seat is None or seat < 0
                                     or game.players[seat] != self.curtain.owner):
            self.curtain.close_for(self.curtain.owner)  # the turn passes: the hand hides
        if seat != self.play_here:
            self.play_here = None
        self.refresh()
        if not self.bots_running:
            self.play_bots()
        return True

    def time_the_turn(self, before: Any) -> None:
        """A game whose turns are timed (its view gives ``turn_minutes``, e.g. РЕЛИЗ's Tender
        and Cooperation: 2 minutes a team): the room's timer starts again with each new turn
        (``before`` is the view's ``turn`` before the move just saved)."""
        view = self.game.view(None)
        minutes = view.get("turn_minutes")
        if minutes and view.get("turn") != before and self.on_time_box is not None:
            self.on_time_box(int(minutes))

    def save(self) -> bool:
        """Save the game's log from this table's revision; False when it was refused as stale.

        A refused save changes nothing in the store: the table then shows the saved session.
        """
        try:
            self.revision = self.store.sync(self.session_id, self.game, expected=self.revision)
        except StaleSession as stale:
            self.catch_up(str(stale))
            return False
        except Exception as error:  # the room must keep playing; the facilitator is told
            self.notice.error(f"This move could not be saved ({error}); the game goes on.")
        return True

    def add_to_setting(self, path: tuple[str, ...], delta: int) -> None:
        """Add ``delta`` to a count kept with the session (a note's dots), counted in the store."""
        try:
            total = self.store.add_to_meta(self.session_id, path, delta)
        except Exception as error:
            self.notice.error(f"This could not be saved ({error}).")
            return
        self._put_meta(path, total)

    def save_setting(self, path: tuple[str, ...], value: Any) -> None:
        """Save one note or setting of the session (kept in ``game.meta``), merged in the store."""
        self._put_meta(path, value)
        try:
            self.store.set_meta(self.session_id, path, value)
        except Exception as error:
            self.notice.error(f"This setting could not be saved ({error}).")

    def _put_meta(self, path: tuple[str, ...], value: Any) -> None:
        """Set the entry at ``path`` of this table's ``game.meta`` (None removes it)."""
        *parents, last = path
        here = self.game.meta
        for key in parents:
            here = here.setdefault(key, {})
        if value is None:
            here.pop(last, None)
        else:
            here[last] = value

    def catch_up(self, message: str) -> None:
        """Show the session as saved, after another screen changed it; bots then wait."""
        self.game, self.revision = self.store.checkout(self.session_id)
        self.pacer.cancel()
        self.paused = True
        if self.curtain.is_open:
            self.curtain.close_for(self.curtain.owner)
        self.news.append("The table moved on from another screen.")
        self.notice.info(message)
        self.take_settings(self.game.meta)

    def take_settings(self, meta: dict[str, Any]) -> None:
        """Show the seats, pace and curtain another screen saved (``meta``), with no move."""
        self.game.meta = meta
        self.read_seats()
        self.settling = True  # the lists below show the saved choices; they save nothing
        try:
            self.pace_choice.value = self.pace
            self.hands_box.value = self.hidden_hands
            self.pause_toggle.value = is_paused(meta)
            self.pause_toggle.description = ("Resume the room" if is_paused(meta)
                                             else "Pause the room")
            if is_paused(meta):  # paused from another screen: the bots here stop too
                self.paused = True
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
        try:
            saved, meta = self.store.position(self.session_id)
            devices = set(self.store.links(self.session_id))
        except KeyError:
            self.notice.error("This session was deleted from another screen.")
            return
        if devices != self.device_seats:
            self.device_seats = devices
            self.join.show()
            self.refresh()
        elif self.join_toggle.value:  # the panel is open: who is connected
            self.join.show_states()
        if saved != self.revision:
            game, revision = self.store.checkout(self.session_id)
            done = len(self.game.log)
            if game.log[:done] != self.game.log or self.bots_running:
                self.catch_up("The table has moved on: another screen saved a move. "
                              "Here is the table as it is now.")
                return
            self.follow_moves(game.log[done:], revision)
        if meta != self.game.meta:
            self.take_settings(meta)

    def follow_moves(self, moves: list[Action], revision: int) -> None:
        """Play here the moves another screen saved after this table's last one."""
        game = self.game
        for action in moves:
            before, turn = len(game.events), game.view(None).get("turn")
            game.apply(action)
            self.news += public_lines(game, action, game.events[before:])
            self.time_the_turn(turn)
        self.revision = revision
        self.play_here = None
        self.refresh()
        self.play_bots()

    def devices_changed(self) -> None:
        """A team's device link was given, renewed or taken back (the Join panel)."""
        self.device_seats = set(self.store.links(self.session_id))
        self.refresh()

    def take_turn_here(self) -> None:
        """The facilitator plays a device team's move at the table (behind the curtain)."""
        self.play_here = self.game.current_player
        self.refresh()

    def pause_room(self, paused: bool) -> None:
        """Pause or resume everything: the devices' moves, the bots and the room's timer."""
        if self.settling:
            return
        self.save_setting(PAUSED, paused or None)
        self.pause_toggle.description = "Resume the room" if paused else "Pause the room"
        self.paused = paused
        self.pacer.cancel()
        if self.on_pause is not None:
            self.on_pause(paused)
        if not paused:
            self.play_bots()
        self.refresh()

    def play_bots(self) -> None:
        """Let the bots play their turns: at once, one per tick, or when clicked."""
        if self.paused or self.pace is None or not self.bot_to_play():
            return
        if self.pace == 0:
            self.bots_running = True  # one loop, not a call per move: games can be long
            try:
                while self.bot_to_play() and not self.paused and self.step_bot():
                    pass
            finally:
                self.bots_running = False
        else:
            self.pacer.delay_ms = int(self.pace * 1000)
            self.pacer.wait(self._tick)

    def _tick(self) -> None:
        if not self.paused and self.pace and self.bot_to_play():
            self.step_bot()

    def bot_to_play(self) -> bool:
        return not self.game.is_over and self.game.current_player in self.bots

    def step_bot(self) -> bool:
        """One move by the bot whose turn it is (the "Next bot move" button)."""
        if not self.bot_to_play():
            return False
        self.paused = False
        seat = self.game.current_player
        assert seat is not None  # a bot is to play
        return self.apply(self.bots[seat].choose(self.game))

    def enter_random_card(self) -> None:
        """The "Pick one at random" button: a card a real draw could give (never from the game's
        own random source, which a replay of the saved moves would not repeat)."""
        entry = likely_entry(self.game, self.entry_rng)
        if entry is not None:
            self.apply(entry)

    def set_pace(self, pace: float | None) -> None:
        if self.settling:
            return
        self.pace = pace
        self.save_setting(("seats", "pace"), pace)
        self.pacer.cancel()
        self.refresh()
        self.play_bots()

    def set_hidden_hands(self, hidden: bool) -> None:
        if self.settling:
            return
        self.hidden_hands = hidden
        self.save_setting(("seats", "hidden_hands"), hidden)
        self.refresh()

    # ----- undo ---------------------------------------------------------------------------------
    def undo(self, steps: int) -> None:
        """Take back ``steps`` moves; bots then wait for a click."""
        try:
            self.game.undo(steps)
        except IllegalMove as error:
            self.notice.error(error.message)
            return
        if not self.save():
            return
        self.pacer.cancel()
        self.paused = True
        self.news.append(f"Took back {steps} move{'s' * (steps != 1)}.")
        self.notice.info(f"Took back {steps} move{'s' * (steps != 1)}.")
        self.refresh()

    def undo_last_human(self) -> None:
        """Take back the last move made at the screen, and the bot moves after it."""
        log = self.game.log
        for number in range(len(log) - 1, -1, -1):
            if log[number].player not in self.bots:
                self.undo(len(log) - number)
                return
        self.notice.error("No move has been made at the screen yet; there is nothing to undo.")

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


class ExportPanel(widgets.VBox):
    """Download links for the session's CSV files, made on request (no server file)."""

    def __init__(self, table: SessionTable) -> None:
        super().__init__()
        self.add_class("dg-export")
        self.table = table
        self.links = widgets.HTML()
        self.links.add_class("dg-export-links")
        prepare = widgets.Button(description="Prepare the CSV files")
        prepare.add_class("dg-export-prepare")
        prepare.on_click(lambda _button: self.prepare())
        self.children = [widgets.HTML("<h3>Export for the retrospective</h3>"), prepare,
                         self.links]

    def prepare(self) -> None:
        from devgames.export import download_link_html, export_tables
        from devgames.retro import board_csv

        self.table.follow_store()  # the files hold what every screen saved, not this one only
        meta = self.table.game.meta
        times = self.table.store.move_times(self.table.session_id)[1]
        tables = export_tables(self.table.game, retro_notes(meta, self.table.debrief.questions),
                               times)
        links = [download_link_html(table, name, f"Download {name}")
                 for name, table in tables.items()]
        notes = [*notes_of(meta), *({"phase": "map", "prompt": "Cards we meet at work",
                                     "content": name, "votes": votes}
                                    for name, votes in cards_at_work(meta))]
        for tool, name in (("parabol", "retro-board-parabol.csv"),
                           ("generic", "retro-board.csv")):
            text = board_csv(notes, actions_of(meta), tool, bom=True)
            links.append(download_link_html(text, name, f"Download {name}"))
        self.links.value = " ".join(links)

    def clear(self) -> None:
        self.links.value = ""
