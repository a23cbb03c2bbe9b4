"""The protocol every game implements, so bots, sessions, the CLI and dashboards are written once.

A game subclass provides:

- ``legal_actions()``: every action allowed now, all of them ``current_player``'s (empty when
  the game is over);
- ``_check(action)``: raise :class:`IllegalMove` if ``action`` is not allowed, changing nothing;
- ``_do(action)``: carry out an action already checked;
- ``current_player``, ``is_over``, ``winners``, ``waiting_for``, ``view(player)``,
  ``snapshot()``, ``describe()``.

Each kind of move has one verify function in its engine: it serves ``apply``, ``can_apply``, the
``can_*`` twin of the move's verb (built with :meth:`Game._can`) and the refusal sentence.

The base class keeps the action log and turns it into sessions, replays and undo.
"""

import secrets
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING, Any, ClassVar

from devgames.core.actions import CHANCE, Action, Event
from devgames.core.errors import IllegalMove
from devgames.core.options import options_dict
from devgames.i18n import _, ngettext

if TYPE_CHECKING:
    from devgames.core.session import Session


#: Bits of a fresh seed: too many to search, so the seed (which gives every hand) stays secret.
SEED_BITS = 128


def new_seed() -> int:
    """A fresh seed for a game started without one (recorded, so the game can be replayed).

    It is drawn from ``secrets`` and never shown to the room: with it and the team names, anyone
    could deal every hand again. Seeds given by hand (the set-up form, ``--seed``) may be any
    whole number, and the short seeds of older sessions replay as they did.

    >>> 0 <= new_seed() < 2**SEED_BITS, new_seed() != new_seed()
    (True, True)
    """
    return secrets.randbits(SEED_BITS)


@dataclass(frozen=True)
class ClaimWindow:
    """A window open to every seat at once while the table is to act (Exploding Git Commits'
    Nope window): each of ``seats`` may claim it with its own :meth:`Game.claims`, and ``close``
    closes it when nobody does. ``undoes`` is True when a claim now would take back the last one
    (a Yup after a Nope).

    >>> from devgames.core.actions import CHANCE, Action
    >>> ClaimWindow(close=Action("close", CHANCE), seats=(1, 2), undoes=False).seats
    (1, 2)
    """

    close: Action
    seats: tuple[int, ...]
    undoes: bool


class Game(ABC):
    """Base of every rules engine: the log, the seeded random source, sessions and undo."""

    #: Name used by the CLI, sessions and the registry in ``devgames.GAMES``.
    name: ClassVar[str]
    #: Bumped whenever a rule change would make old logs replay differently.
    rules_version: ClassVar[str]
    #: Every card id the game knows (used by fuzzing to forge illegal actions).
    card_ids: ClassVar[range]
    #: Every kind of action the game knows.
    action_kinds: ClassVar[frozenset[str]]

    def __init__(self, players: tuple[str, ...], seed: int | None, options: Any) -> None:
        self.players: tuple[str, ...] = players
        self.seed: int = new_seed() if seed is None else int(seed)
        self.options = options
        self.rng = Random(self.seed)
        self.log: list[Action] = []
        self.events: list[Event] = []
        #: Free JSON-able notes saved with the session (e.g. which seats are bots).
        self.meta: dict[str, Any] = {}
        #: Chance outcomes the engine resolved itself (digital deck): cards drawn, dice, coins.
        #: In physical-deck mode each of these is an action in the log instead.
        self.chance_steps = 0
        #: Seats of the winners, set by the game when it ends.
        self._winners: list[int] = []

    # ----- the generic layer ------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Seat index to act, ``CHANCE`` when a physical card must be entered, None when over."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    #: Set to False for a game played only for its outcome (the planner's bot games): its engine
    #: may keep no events and no metrics rows from then on. Its moves, log and outcome are the
    #: same.
    record: bool = True

    @property
    def winners(self) -> list[str]:
        """Names of the winners (empty while playing, or when everybody lost)."""
        return [self.players[p] for p in self._winners]

    @property
    def waiting_for(self) -> str:
        """Who must do what now: one sentence for the projector's big line. Every engine
        implements it (and its ``view`` shows it); this default reads it from ``view(None)``.

        >>> from devgames import scrumkin
        >>> scrumkin.new_game(["Red", "Blue"], seed=1).waiting_for
        'Red makes move 1 of 2.'
        """
        return str(self.view(None).get("waiting_for", ""))

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action allowed now."""

    @abstractmethod
    def _check(self, action: Action) -> None:
        """Raise IllegalMove if ``action`` is not allowed now. Must not change anything."""

    @abstractmethod
    def _do(self, action: Action) -> None:
        """Carry out an action that passed ``_check``."""

    @abstractmethod
    def view(self, player: int | str | None) -> Mapping[str, Any]:
        """What ``player`` may see; ``view(None)`` is the public projector view."""

    def secrets(self, player: int | str) -> list[str]:
        """What only ``player`` knows besides their hand, as sentences for their screen (cards
        seen with a Peek, a card planned face down...); none by default.

        >>> from devgames import scrumkin
        >>> scrumkin.new_game(["Red", "Blue"], seed=1).secrets("Red")
        []
        """
        return []

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data, for equality checks (replay, undo, illegal moves)."""

    def card_counts(self) -> Counter[int] | None:
        """Every card of the game by id, wherever it is: deck, hands, table, discards...; the
        same from the first action to the last (the tests check it after every action). None
        for a game that does not count its cards, the default. Each engine says what it counts.

        >>> from devgames import scrumkin
        >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
        >>> before = game.card_counts()
        >>> game.play("Red", game.hand("Red")[0])
        >>> game.card_counts() == before, sum(before.values())
        (True, 108)
        """
        return None

    @abstractmethod
    def describe(self, action: Action) -> str:
        """A short sentence for an action, as a facilitator would say it."""

    @abstractmethod
    def narrate(self, event: Event) -> str | None:
        """A public sentence for an event, or None for what the table does not see."""

    @abstractmethod
    def summary(self) -> dict[str, Any]:
        """One flat row about the game so far (for ``games.csv`` of a simulation)."""

    @property
    @abstractmethod
    def rounds(self) -> list[dict[str, Any]]:
        """Metrics rows, one per player per round: the single source for charts and CSV."""

    def apply(self, action: Action) -> None:
        """Check and carry out ``action``; an illegal one raises IllegalMove and changes nothing."""
        self._check(action)
        self._do(action)
        self.log.append(action)

    def claims(self, seat: int) -> list[Action]:
        """Moves ``seat`` may make now out of turn, while the table is to act (Exploding Git
        Commits' Nope in its window open to everybody): shown on that seat's own screen only,
        since they tell what it holds. None in most games.

        >>> from devgames import scrumkin
        >>> scrumkin.new_game(["Red", "Blue"], seed=1).claims(1)
        []
        """
        return []

    @property
    def claim_window(self) -> ClaimWindow | None:
        """The window open to every seat now, in which :meth:`claims` may be made; None in most
        games, and while no such window is open.

        >>> from devgames import scrumkin
        >>> scrumkin.new_game(["Red", "Blue"], seed=1).claim_window is None
        True
        """
        return None

    # ----- seats acting at once ------------------------------------------------------------------
    @property
    def acting_seats(self) -> tuple[int, ...]:
        """The seats that may move now, each on its own turn (РЕЛИЗ's teams in a simultaneous
        round); by default the player to act alone, none while a card is to be entered or once
        the game is over.

        >>> from devgames import scrumkin
        >>> scrumkin.new_game(["Red", "Blue"], seed=1).acting_seats
        (0,)
        """
        seat = self.current_player
        return (seat,) if seat is not None and seat >= 0 else ()

    def moves_of(self, seat: int) -> list[Action]:
        """The moves of ``seat`` now, on its own turn: by default the legal moves when it is to
        act, else none (moves out of turn are :meth:`claims`).

        >>> from devgames import scrumkin
        >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
        >>> game.moves_of(0) == game.legal_actions(), game.moves_of(1)
        (True, [])
        """
        return self.legal_actions() if seat in self.acting_seats else []

    def focus(self, seat: int) -> None:
        """Make acting seat ``seat`` the one :attr:`current_player` and :meth:`legal_actions`
        speak of, so that a bot can choose its move (no move is made, nothing is logged). By
        default only the player to act is acting: IllegalMove for any other seat.

        >>> from devgames import scrumkin
        >>> scrumkin.new_game(["Red", "Blue"], seed=1).focus(1)
        Traceback (most recent call last):
        ...
        devgames.core.errors.IllegalMove: It is Red's turn, not Blue's.
        """
        if seat not in self.acting_seats:
            self._require_turn(seat)

    @property
    def waited_moves(self) -> int:
        """The moves the room waits for, one after the other (what the planner times): every
        move of the log by default; where teams play their turns of a round at the same time
        (РЕЛИЗ), a round counts as many as its busiest team made.

        >>> from devgames import scrumkin
        >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
        >>> game.apply(game.legal_actions()[0]); game.waited_moves == len(game.log)
        True
        """
        return len(self.log)

    def moves_apart(self, seat: int, since: int) -> bool:
        """True when a move of ``seat`` chosen on a screen that saw the first ``since`` moves of
        the log may still be made now: none of the moves after them changed what ``seat`` sees
        or may do (a team playing its own turn while another plays its own). By default only
        when no move was made since: any move may change a seat's options.

        >>> from devgames import scrumkin
        >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
        >>> game.moves_apart(1, 0)
        True
        >>> game.apply(game.legal_actions()[0]); game.moves_apart(1, 0)
        False
        """
        return since == len(self.log)

    def can_apply(self, action: Action) -> bool:
        """True if ``action`` is allowed now."""
        try:
            self._check(action)
        except IllegalMove:
            return False
        return True

    def _can(self, make: Callable[[], Action]) -> bool:
        """True if the action built by ``make()`` is allowed now (False for unknown names too):
        the body of every ``can_*`` twin of a verb."""
        try:
            return self.can_apply(make())
        except IllegalMove:
            return False

    def seat(self, player: int | str) -> int:
        """The seat index of a player given by name or index.

        Raises IllegalMove (code ``unknown_player``) for a name or index that is not at the table.
        """
        if isinstance(player, int) and not isinstance(player, bool):
            if 0 <= player < len(self.players):
                return player
        elif isinstance(player, str):
            for index, name in enumerate(self.players):
                if name == player:
                    return index
            folded = player.casefold()
            for index, name in enumerate(self.players):
                if name.casefold() == folded:
                    return index
        raise IllegalMove("unknown_player", _("There is no player {player} at this table.")
                          .format(player=repr(player)))

    def _require_turn(self, player: int) -> None:
        """Raise IllegalMove unless the game is on and ``player`` is the one to act."""
        if self.is_over:
            raise IllegalMove("game_over", _("The game is over; no more moves can be made."))
        current = self.current_player
        if player == current:
            return
        if player != CHANCE and not (isinstance(player, int) and 0 <= player < len(self.players)):
            raise IllegalMove("unknown_player", _("There is no player {player} at this table.")
                              .format(player=repr(player)))
        if current == CHANCE:
            raise IllegalMove(
                "card_expected",
                _("The table is waiting for the card that was really drawn to be entered."),
            )
        who = self.players[current] if current is not None else "nobody"
        if player == CHANCE:
            raise IllegalMove(
                "no_card_expected",
                _("No card is to be entered now; it is {name}'s turn.").format(name=who)
            )
        raise IllegalMove("not_your_turn", _("It is {name}'s turn, not {other}'s.").format(
            name=who, other=self.players[player]))

    # ----- sessions -----------------------------------------------------------------------------
    def session(self) -> "Session":
        """This game as a session: game name, rules version, players, options, seed and log."""
        from devgames.core.session import Session

        return Session(
            game=self.name,
            rules_version=self.rules_version,
            players=list(self.players),
            options=options_dict(self.options),
            seed=self.seed,
            log=list(self.log),
            meta=dict(self.meta),
        )

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` actions (by replaying the rest of the log)."""
        if not 0 <= steps <= len(self.log):
            raise IllegalMove(
                "cannot_undo",
                ngettext("Only {n} move has been made; {steps} cannot be taken back.",
                         "Only {n} moves have been made; {steps} cannot be taken back.",
                         len(self.log)).format(n=len(self.log), steps=steps),
            )
        replayed = self.session().replay(len(self.log) - steps)
        self.__dict__.clear()
        self.__dict__.update(replayed.__dict__)
