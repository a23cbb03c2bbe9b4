"""The table's turn while a window is open to every seat at once (a :class:`ClaimWindow`, such as
Exploding Git Commits' Nope window): the window's face for the whole room, and its clock. The
clock gives players at the screen or on a device :data:`NOPE_SECONDS` to claim it, lets the bots
claim it at their pace, and closes it when nobody does.
"""

from collections.abc import Callable

from devgames.core.actions import Action
from devgames.core.game import ClaimWindow
from devgames.dashboards.clientside import Pacer
from devgames.dashboards.components import NOPE_SECONDS, NopeWindow
from devgames.sessions.table import DEFAULT_PACE, TableController


class ClaimTurn:
    """The open window of one table: ``face`` shows it, ``clock`` (a widget to place on the
    page) times it; ``apply`` makes a move at the table, ``follow_store`` takes in what other
    screens saved (a claim made from a device).

    >>> from devgames import exploding
    >>> from devgames.sessions import SessionStore
    >>> store = SessionStore(":memory:")
    >>> game = exploding.new_game(["Ada", "Bob", "Cy"], seed=12)
    >>> controller = TableController(game, store, store.create(game), 0)
    >>> turn = ClaimTurn(controller, controller.apply, lambda: None)
    >>> game.play("Ada", "Shuffle"); turn.show(game.claim_window)
    >>> turn.face.line.value
    '<div class="dg-waiting dg-nope-line">Anyone to Nope? 5 s</div>'
    """

    def __init__(self, controller: TableController, apply: Callable[[Action], object],
                 follow_store: Callable[[], None]) -> None:
        self.controller = controller
        self.apply = apply
        self.follow_store = follow_store
        self.face = NopeWindow(self.claim, self.close)
        self.face.on_hold = self.hold
        self.clock = Pacer()
        self.window: ClaimWindow | None = None
        self.left = 0  # the seconds left
        self.key = -1  # the log length the window opened at
        self.bot_claim: Action | None = None  # the claim a bot makes in it
        self.held = False
        self.running = False

    def show(self, window: ClaimWindow) -> None:
        """"Anyone to Nope? 5 s": one public window for everybody, whatever they hold. A newly
        opened window starts its clock: NOPE_SECONDS when a player at the screen or on a device
        may claim it, the bots' pace when only bots may (they decide at once, from their own
        hands); the bots' claim, if any, comes at the bots' pace."""
        self.window = window
        log = self.controller.game.log
        if len(log) != self.key:
            self.key = len(log)
            self.held = False
            humans = any(seat not in self.controller.bots for seat in window.seats)
            self.left = NOPE_SECONDS if humans else 0
            self.bot_claim = self.controller.bot_claim()
            self.face.open_for(self.left or 1, yup=window.undoes)
            self.arm()
        elif not self.running and not self.held:
            self.arm()  # the room was paused, or the facilitator held the bots

    def arm(self) -> None:
        """Wait for the window's next second, or for the bots' pace when a bot claims it or
        only bots may claim it; at once at the pace "at once"."""
        self.running = False
        if self.controller.paused:
            self.clock.cancel()
            return
        bots_only = self.bot_claim is not None or not self.left
        pace = self.controller.pace if self.controller.pace is not None else DEFAULT_PACE
        if bots_only and pace == 0:
            self.clock.cancel()
            self.step()
            return
        self.clock.delay_ms = int((pace if bots_only else 1.0) * 1000)
        self.running = True
        self.clock.wait(self.step)

    def step(self) -> None:
        """A second of the window passed (or the bots' pace): a bot's claim is made, the
        countdown goes on, or the window closes (after taking in a claim a device saved)."""
        self.running = False
        game = self.controller.game
        if game.claim_window is None or len(game.log) != self.key:
            return
        if self.bot_claim is not None:
            self.apply(self.bot_claim)
            return
        if self.left > 1:
            self.left -= 1
            self.face.tick(self.left)
            self.arm()
            return
        self.follow_store()
        window = self.controller.game.claim_window
        if self.controller.game is game and window is not None and len(game.log) == self.key:
            self.apply(window.close)

    def hold(self, held: bool) -> None:
        """A claim was clicked: the clock stops while the holders are listed behind the curtain
        (players at the screen, not bots); "Nobody after all" starts it again."""
        game = self.controller.game
        window = game.claim_window
        if window is None:
            return
        self.held = held
        self.running = False
        if not held:
            self.face.open_for(self.left or 1, yup=window.undoes)
            self.arm()
            return
        self.clock.cancel()
        holders = [(seat, game.players[seat]) for seat in window.seats
                   if seat not in self.controller.bots and game.claims(seat)]
        self.face.ask_who(holders, self.controller.hidden_hands)

    def claim(self, seat: int) -> None:
        """A player at the screen claims the open window (says Nope, or Yup)."""
        moves = self.controller.game.claims(seat)
        if moves:
            self.apply(moves[0])

    def close(self) -> None:
        """Nobody claims the window shown: it closes."""
        if self.window is not None:
            self.apply(self.window.close)
