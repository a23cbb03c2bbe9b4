"""A session at the table, without a screen: its game, where it is saved and at which revision,
the room's settings (who plays each seat, the bots' pace, hidden hands, paused), moves applied and
saved, the store followed, the bots' moves and undo. The projector's table
(``devgames.dashboards.table``) and the device server (``devgames.devices.server``) both play
through a :class:`TableController`; what they draw is theirs.

The store is the truth: a move is saved from the revision the game was checked out at, and a save
refused because another screen saved first makes the controller catch up with the store.
"""

import random
from collections.abc import Callable
from typing import Any

from devgames import game_module
from devgames.core.actions import Action
from devgames.core.bots import Bot, claim_of, likely_entry
from devgames.core.game import Game
from devgames.core.wording import public_lines, recent_news
from devgames.devices.room import PAUSED, is_paused
from devgames.sessions.store import SessionStore, StaleSession
from devgames.sim.runner import game_seed, make_bot

#: How fast bots play: seconds between two bot moves (0: at once; None: one per click).
PACES = (0.7, 2.0, 0.0, None)
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


class TableController:
    """One session being played: ``game`` checked out of ``store`` at ``revision``, its seats'
    bots, its settings (``game.meta``) and its public news.

    >>> from devgames import scrumkin
    >>> store = SessionStore(":memory:")
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=7)
    >>> game.meta = {"seats": {"bots": {"Blue": "random"}}}
    >>> table = TableController(game, store, store.create(game), 0)
    >>> table.bot_kinds, table.apply(game.legal_actions()[0]), table.revision
    ({1: 'random'}, ["Red lays 20% Innovation Time into Red's game."], 1)
    """

    def __init__(self, game: Game, store: SessionStore, session_id: int, revision: int,
                 news_lines: int = 8) -> None:
        self.game = game
        self.store = store
        self.session_id = session_id
        self.revision = revision
        #: The public lines of the moves so far (the last ``news_lines`` of the game at first).
        self.news: list[str] = recent_news(game, news_lines)
        #: The bots wait: the room is paused, or the table caught up or undid moves.
        self.paused = is_paused(game.meta)  # a paused room stays paused on reload
        #: Nothing saved or seeded can predict it: the cards entered at random.
        self.entry_rng = random.SystemRandom()
        #: Told the sentence when a note or setting could not be saved (the room goes on); when
        #: None, the store's error is raised.
        self.on_unsaved: Callable[[str], None] | None = None
        self.read_seats()

    @classmethod
    def checkout(cls, store: SessionStore, session_id: int, news_lines: int = 8
                 ) -> "TableController":
        """The session as saved now.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=7))
        >>> TableController.checkout(store, number).revision
        0
        """
        game, revision = store.checkout(session_id)
        return cls(game, store, session_id, revision, news_lines)

    # ----- the room's settings ------------------------------------------------------------------
    def read_seats(self) -> None:
        """Take who plays each seat (its bot made), the bots' pace and the curtain from the
        session's settings.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=7))
        >>> table = TableController.checkout(store, number)
        >>> table.bot_kinds, table.pace, table.hidden_hands
        ({}, 0.7, True)
        """
        game = self.game
        seats = game.meta.get("seats", {})
        bots = seats.get("bots", {})
        self.bot_kinds = {seat: bots[name] for seat, name in enumerate(game.players)
                          if name in bots}
        module = game_module(game.name)
        self.bots: dict[int, Bot] = {seat: make_bot(module, kind, game_seed(game.seed, seat))
                                     for seat, kind in self.bot_kinds.items()}
        self.hidden_hands: bool = seats.get("hidden_hands", True)
        self.pace: float | None = seats.get("pace", DEFAULT_PACE)
        if self.pace not in PACES:
            self.pace = DEFAULT_PACE

    @property
    def room_paused(self) -> bool:
        """Whether the facilitator paused the room (saved: devices then make no move)."""
        return is_paused(self.game.meta)

    def save_setting(self, path: tuple[str, ...], value: Any) -> None:
        """Save one note or setting of the session (kept in ``game.meta``; None removes it),
        merged in the store.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=7))
        >>> table = TableController.checkout(store, number)
        >>> table.save_setting(("seats", "pace"), 2.0)
        >>> table.game.meta, store.position(table.session_id)[1]
        ({'seats': {'pace': 2.0}}, {'seats': {'pace': 2.0}})
        """
        self._put_meta(path, value)
        try:
            self.store.set_meta(self.session_id, path, value)
        except Exception as error:
            self._unsaved(f"This setting could not be saved ({error}).", error)

    def _unsaved(self, sentence: str, error: Exception) -> None:
        if self.on_unsaved is None:
            raise error
        self.on_unsaved(sentence)

    def add_to_setting(self, path: tuple[str, ...], delta: int) -> None:
        """Add ``delta`` to a count kept with the session (a note's dots), counted in the store.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=7))
        >>> table = TableController.checkout(store, number)
        >>> table.add_to_setting(("votes",), 2); table.add_to_setting(("votes",), 1)
        >>> table.game.meta
        {'votes': 3}
        """
        try:
            total = self.store.add_to_meta(self.session_id, path, delta)
        except Exception as error:
            self._unsaved(f"This could not be saved ({error}).", error)
            return
        self._put_meta(path, total)

    def _put_meta(self, path: tuple[str, ...], value: Any) -> None:
        """Set the entry at ``path`` of ``game.meta`` (None removes it)."""
        *parents, last = path
        here = self.game.meta
        for key in parents:
            here = here.setdefault(key, {})
        if value is None:
            here.pop(last, None)
        else:
            here[last] = value

    def take_settings(self, meta: dict[str, Any]) -> None:
        """Take the settings another screen saved (``meta``): seats, pace, curtain; a room
        paused there stops the bots here too."""
        self.game.meta = meta
        self.read_seats()
        if is_paused(meta):
            self.paused = True

    def pause_room(self, paused: bool) -> None:
        """Pause or resume the room: the devices' moves and the bots.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=7))
        >>> table = TableController.checkout(store, number)
        >>> table.pause_room(True); table.room_paused, table.paused
        (True, True)
        """
        self.save_setting(PAUSED, paused or None)
        self.paused = paused

    def set_pace(self, pace: float | None) -> None:
        """Let the bots play at ``pace`` (one of :data:`PACES`), saved."""
        self.pace = pace
        self.save_setting(("seats", "pace"), pace)

    def set_hidden_hands(self, hidden: bool) -> None:
        """Show the hands at the screen only behind a curtain, or openly; saved."""
        self.hidden_hands = hidden
        self.save_setting(("seats", "hidden_hands"), hidden)

    def set_seat(self, seat: int, kind: str | None) -> None:
        """Give ``seat`` to a bot of ``kind``, or (None) to the screen, saved in the shape
        ``devgames play --resume`` reads; the bots then play on.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=7))
        >>> table = TableController.checkout(store, number)
        >>> table.set_seat(1, "random")
        >>> table.bot_kinds, store.load(table.session_id).meta["seats"]["bots"]
        ({1: 'random'}, {'Blue': 'random'})
        """
        kinds = {s: k for s, k in self.bot_kinds.items() if s != seat}
        if kind is not None:
            kinds[seat] = kind
            self.bots[seat] = make_bot(game_module(self.game.name), kind,
                                       game_seed(self.game.seed, seat))
        else:
            self.bots.pop(seat, None)
        self.bot_kinds = dict(sorted(kinds.items()))
        saved = seats_meta(self.game, self.bot_kinds, self.hidden_hands)
        for key in ("humans", "bots", "bot"):
            self.save_setting(("seats", key), saved[key])
        self.paused = False  # the facilitator's choice: a new bot plays now, at the pace set

    # ----- moves --------------------------------------------------------------------------------
    def apply(self, action: Action) -> list[str]:
        """Make ``action`` and save it; its public lines, added to the news.

        An illegal move raises IllegalMove and changes nothing. When another screen saved first,
        the move is made again after the moves it saved if they changed nothing the mover sees
        or may do (:meth:`Game.moves_apart`: teams playing their turns at once; IllegalMove
        when the move is no longer allowed, saying why); otherwise the save is refused
        (StaleSession) and this controller is caught up with the store (:meth:`catch_up`).
        Any other failure to save keeps the move: the game goes on, and the error is raised.
        """
        game = self.game
        before = len(game.events)
        game.apply(action)
        lines = public_lines(game, action, game.events[before:])
        try:
            self.save(catch_up=False)
        except StaleSession:
            carried = self._carry_over(action)
            if carried is None:
                self.catch_up()
                raise
            return carried
        except BaseException:
            self.news += lines  # the move stands, unsaved
            raise
        self.news += lines
        return lines

    def _carry_over(self, action: Action) -> list[str] | None:
        """After a save of ``action`` was refused: the moves saved meanwhile taken here, then
        ``action`` made and saved after them (:meth:`apply`'s lines), when those moves only
        added to the log and changed nothing its seat sees or may do, and no setting changed;
        else None, and nothing changed."""
        if action.player < 0:  # the table's own move (a piece entered, time up): never apart
            return None
        seen = len(self.game.log) - 1
        saved, revision = self.store.checkout(self.session_id)
        if (saved.log[:seen] != self.game.log[:seen] or saved.meta != self.game.meta
                or not saved.moves_apart(action.player, seen)):
            return None
        self.game.undo(1)
        for move in saved.log[seen:]:
            self.take_move(move)
        self.revision = revision
        return self.apply(action)

    def save(self, catch_up: bool = True) -> None:
        """Save the game's log from this controller's revision; when another screen saved first,
        StaleSession, after :meth:`catch_up` unless ``catch_up`` is False."""
        try:
            self.revision = self.store.sync(self.session_id, self.game, expected=self.revision)
        except StaleSession:
            if catch_up:
                self.catch_up()
            raise

    def catch_up(self) -> None:
        """Take the session as saved, after another screen changed it; the bots then wait."""
        self.game, self.revision = self.store.checkout(self.session_id)
        self.paused = True
        self.news.append("The table moved on from another screen.")
        self.take_settings(self.game.meta)

    def moves_saved_since(self) -> tuple[list[Action], int] | None:
        """The moves another screen saved after this controller's last, and the revision now;
        None when the saved log does not follow on from this one (an undo elsewhere).

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=7))
        >>> here, there = (TableController.checkout(store, number) for _ in range(2))
        >>> there.apply(there.game.legal_actions()[0])
        ["Red lays 20% Innovation Time into Red's game."]
        >>> moves, revision = here.moves_saved_since()
        >>> here.take_move(moves[0]), revision
        (["Red lays 20% Innovation Time into Red's game."], 1)
        """
        game, revision = self.store.checkout(self.session_id)
        done = len(self.game.log)
        if game.log[:done] != self.game.log:
            return None
        return game.log[done:], revision

    def take_move(self, action: Action) -> list[str]:
        """Play here a move another screen saved; its public lines, added to the news."""
        game = self.game
        before = len(game.events)
        game.apply(action)
        lines = public_lines(game, action, game.events[before:])
        self.news += lines
        return lines

    def undo(self, steps: int) -> None:
        """Take back ``steps`` moves and save; the bots then wait. IllegalMove when there are
        not so many; StaleSession as in :meth:`apply`.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=7))
        >>> table = TableController.checkout(store, number)
        >>> _ = table.apply(table.game.legal_actions()[0])
        >>> table.undo(1); table.game.log, table.news[-1], table.revision
        ([], 'Took back 1 move.', 2)
        """
        self.game.undo(steps)
        self.save()
        self.paused = True
        self.news.append(f"Took back {steps} move{'s' * (steps != 1)}.")

    def last_human_steps(self) -> int | None:
        """The moves to take back to undo the last move made by a player (not a bot) with the
        bot moves after it; None when no player has moved yet."""
        log = self.game.log
        for number in range(len(log) - 1, -1, -1):
            if log[number].player not in self.bots:
                return len(log) - number
        return None

    # ----- bots ---------------------------------------------------------------------------------
    def bot_to_play(self) -> bool:
        """Whether a bot's seat is to play now (one of the seats acting at once, in a game
        whose teams play their turns together)."""
        return self._bot_seat() is not None

    def _bot_seat(self) -> int | None:
        """The bot's seat to play now: the player to act, else the first acting bot seat."""
        game = self.game
        if game.is_over:
            return None
        if game.current_player in self.bots:
            return game.current_player
        return next((seat for seat in game.acting_seats if seat in self.bots), None)

    def bot_move(self) -> Action | None:
        """The move of the bot whose turn it is (None when no bot is to play).

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=7))
        >>> table = TableController.checkout(store, number)
        >>> table.bot_move() is None
        True
        >>> table.set_seat(0, "random"); table.bot_move() in table.game.legal_actions()
        True
        """
        seat = self._bot_seat()
        if seat is None:
            return None
        if seat != self.game.current_player:
            self.game.focus(seat)  # its own turn, among the teams playing at once
        return self.bots[seat].choose(self.game)

    def bot_claim(self) -> Action | None:
        """The first claim a bot makes in the window open to every seat (in the order the seats
        are asked), or None."""
        window = self.game.claim_window
        seats = window.seats if window is not None else ()
        return next((claim for seat in seats if seat in self.bots
                     if (claim := claim_of(self.bots[seat], self.game, seat))), None)

    def random_entry(self) -> Action | None:
        """A card to enter as a real draw could give it (never from the game's own random
        source, which a replay of the saved moves would not repeat); None when none is due."""
        return likely_entry(self.game, self.entry_rng)
