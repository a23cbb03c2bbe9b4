"""Tender's and Cooperation's rounds played together (``team_turns="together"``, the rulebook's
simultaneous team turns): when a round begins every team's turn starts, in seat order from the
first player; the teams then act on their own turns in any interleaving of the log; a team that
ends its turn waits, and the round ends when every team has ended its turn, or when the room's
timer says the time is up (a ``time_up`` move of the table). The fields of a turn
(:data:`TURN_FIELDS`) are kept by team: the team **in focus** (``turn_player``) has them in the
game's attributes, and a move of another team still playing brings that team into focus first,
so that every check and effect reads them as in a turn played alone. ``current_player`` and
``legal_actions()`` speak of the team in focus: a player who plays the teams one after another
(a bot, the planner) sees each team's turn whole, then the next. Also here: the seats each entry
of the log touched, which say when a team's move chosen on a screen a few moves behind may still
be made (:meth:`RelizRounds.moves_apart`).
"""

from collections.abc import Iterator
from operator import attrgetter
from typing import TYPE_CHECKING, Any, cast

from devgames.core.actions import CHANCE, Action, Event
from devgames.core.errors import IllegalMove
from devgames.i18n import _
from devgames.reliz.cards import EVENTS
from devgames.reliz.moves import MOVES, PHASE_CHECKS
from devgames.reliz.terms import CENTRAL, OVER, PLAY
from devgames.reliz.turns import COOP_LOST, TURN_CAP, RelizTurns
from devgames.reliz.verbs import TIME_UP

if TYPE_CHECKING:
    from devgames.reliz.game import RelizGame

#: The fields of a team's turn, kept by team in a round played together.
TURN_FIELDS = ("phase", "daily", "daily_open", "frozen_now", "placed_now", "fresh", "extras",
               "extras_left", "wild", "superman", "extra_turns", "attach_queue", "own_turn")
_TURN = attrgetter(*TURN_FIELDS)
#: The event cards that name another team (its hand, its next turn, its tiles shown).
_AT_A_TEAM = frozenset(c for c, card in EVENTS.items()
                       if card.target in ("opponent", "give", "take"))
_EVERY_TEAM = frozenset(c for c, card in EVENTS.items() if card.code == "emergency")


def _fresh_turn() -> tuple[Any, ...]:
    """The turn fields of a team before its turn starts (``_start_turn`` sets the rest)."""
    return (PLAY, None, False, False, set(), set(), [], 0, {}, False, [], [], 0)


class RelizRounds(RelizTurns):
    """Rounds played together: the focus, the round's start and end, time up, and the seats
    each move touched (see the module)."""

    # ----- the team in focus ---------------------------------------------------------------------
    def _focus_on(self, p: int) -> None:
        """Bring seat ``p``'s turn fields into the game's attributes (the team in focus's go
        back to its place)."""
        if p == self.turn_player:
            return
        self.turn_fields[self.turn_player] = _TURN(self)
        for name, value in zip(TURN_FIELDS, self.turn_fields[p], strict=True):
            setattr(self, name, value)
        self.is_over = self.phase == OVER
        self.turn_player = p
        self._legal = ()

    def _turns_by_seat(self) -> Iterator[tuple[Any, ...]]:
        """Every team's turn fields, by seat (the team in focus: its attributes); before the
        first round, and in turn, the turn player's alone."""
        if not self.turn_fields:
            yield _TURN(self)
            return
        for p in range(self.n):
            yield _TURN(self) if p == self.turn_player else self.turn_fields[p]

    def turn_of(self, p: int) -> dict[str, Any]:
        """Seat ``p``'s turn fields by name (played together, each team's own; else the turn
        being played), to read only.

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Red", "Blue"], seed=1, scenario="cooperation")
        >>> game.turn_of(1)["phase"], game.turn_of(1)["own_turn"]
        ('daily', 2)
        """
        fields = _TURN(self) if p == self.turn_player or not self.turn_fields else \
            self.turn_fields[p]
        return dict(zip(TURN_FIELDS, fields, strict=True))

    def _round_on(self) -> bool:
        """True while a round is played together (not in set-up, not over)."""
        return bool(self.playing) and self.phase != OVER

    @property
    def acting_seats(self) -> tuple[int, ...]:
        """Played together: the teams still playing their turn of the round (none while a
        piece drawn at the table is to be entered); else the player to act.

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Red", "Blue", "Green"], seed=1, scenario="cooperation")
        >>> game.acting_seats
        (0, 1, 2)
        >>> reliz.new_game(["Red", "Blue"], seed=1, scenario="tender",
        ...                team_turns="in_turn").acting_seats
        (0,)
        """
        if self.together and self._round_on() and not self.to_enter:
            return tuple(self.playing)
        return super().acting_seats

    def moves_of(self, seat: int) -> list[Action]:
        """The moves of ``seat`` on its own turn (played together: whichever team is in focus,
        which stays as it was); for the table (``CHANCE``), the timer's ``time_up`` when the
        round's time may run out.

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Red", "Blue"], seed=1, scenario="cooperation")
        >>> {a.player for a in game.moves_of(1)}, game.current_player
        ({1}, 0)
        >>> game.moves_of(-1)
        [Action(kind='time_up', player=-1, card=None, target=None, count=None, cards=None)]
        """
        if seat == CHANCE and self.can_time_up():
            return [TIME_UP]
        if seat == self.turn_player or seat not in self.playing or self.to_enter or \
                self.phase == OVER:
            return super().moves_of(seat)
        back = self.turn_player
        self._focus_on(seat)
        try:
            return self.legal_actions()
        finally:
            self._focus_on(back)

    def focus(self, seat: int) -> None:
        """Played together: make team ``seat``, still playing its turn, the one
        ``current_player`` and ``legal_actions()`` speak of (nothing is logged, nothing else
        changes).

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Red", "Blue"], seed=1, scenario="cooperation")
        >>> game.focus(1); game.current_player
        1
        """
        if self.together and self._round_on() and not self.to_enter:
            if not isinstance(seat, int) or seat not in self.playing:
                self._refuse_ended(seat)
            self._focus_on(seat)
            return
        super().focus(seat)

    def _refuse_ended(self, seat: Any) -> None:
        """IllegalMove: ``seat`` is not a team still playing this round."""
        if not (isinstance(seat, int) and 0 <= seat < self.n):
            raise IllegalMove("unknown_player", _("There is no player {player} at this "
                                                  "table.").format(player=repr(seat)))
        raise IllegalMove("turn_ended", _("{who} has ended its turn of round {round}: it plays "
                                          "again when the next round begins.").format(
            who=self.players[seat], round=self.round_no))

    def _check_in_round(self, action: Action) -> None:
        """Check ``action`` of a team not in focus as that team sees its turn (its fields in
        focus for the time of the check), or IllegalMove when it has ended its turn."""
        p = action.player
        if p not in self.playing:
            self._refuse_ended(p)
        back = self.turn_player
        self._focus_on(p)
        try:
            PHASE_CHECKS[self.phase](cast("RelizGame", self), action)
        finally:
            self._focus_on(back)

    # ----- a round's start and end ---------------------------------------------------------------
    def _start_turn(self, extra: bool = False) -> None:
        if self.together and not self.playing:  # set-up done: the first round begins
            self._start_round()
            return
        RelizTurns._start_turn(self, extra)  # (named: no super object made, once a turn)

    def _start_round(self) -> None:
        """Every team's turn starts, in seat order from the first player (its draw, its daily
        event, Sick Leave); the first of them is in focus."""
        seats = self.seats_in_order()
        self.playing = list(seats)
        self.turn_fields = [_fresh_turn() for _seat in range(self.n)]
        for name, value in zip(TURN_FIELDS, _fresh_turn(), strict=True):
            setattr(self, name, value)
        for p in seats:
            self._focus_on(p)
            super()._start_turn()
        self._focus_on(seats[0])

    def _end_turn(self) -> None:
        """Played together: the team in focus ends its turn; its extra turn (Coffee Machine)
        starts at once, in the same round, or it waits for the round's end, and the focus goes
        to the first team still playing."""
        if not self.together:
            RelizTurns._end_turn(self)  # (named: no super object made, once a turn)
            return
        p = self.turn_player
        self._close_turn(p)
        if self.extra_turns:
            self.extra_turns.pop(0)
            self._start_turn(extra=True)
            return
        self.playing.remove(p)
        if self.playing:
            self._focus_on(self.playing[0])
        else:
            self._end_round()

    def _end_round(self) -> None:
        """Every team has ended its turn: Tender's shared win, Cooperation's deadline, the turn
        cap; else the members of each team take their turns round and the next round begins."""
        cap = self.options.turn_cap
        if self.closed:
            self._share_win()
        elif self.code == "cooperation" and self.round_no >= self.options.coop_rounds:
            self._finish([], COOP_LOST, rounds=self.options.coop_rounds)
        elif cap and self.turn_no >= cap:
            self._finish([], TURN_CAP, cap=cap)
        else:
            self.round_no += 1
            if self.members_mode:
                self._rotate_members()
            self._start_round()

    def _resume_all(self) -> None:
        """Each team still playing takes up its turn where it is (the pieces drawn at the table
        are all entered); the team in focus stays."""
        back = self.turn_player
        for p in self.playing:
            self._focus_on(p)
            self._resume()
        self._focus_on(back)

    # ----- time up -------------------------------------------------------------------------------
    def _time_up(self) -> None:
        """The round's time is up: every team still playing ends its turn, in seat order from
        the first player, as if it ended it itself (an extra turn not begun is lost; a block
        card drawn and not joined goes back to its supply)."""
        names = [self.players[p] for p in self.playing]
        self.events.append(Event("time_up", None, {"teams": names, "round": self.round_no}))
        for p in list(self.playing):
            self._focus_on(p)
            self.extra_turns = []
            for _seat, candidates, *_rest, supply in self.attach_queue:
                self.supply[supply[0]] += candidates
            self.attach_queue = []
            self._end_turn()
            if self.phase == OVER:
                return

    # ----- the seats a move touches -------------------------------------------------------------
    def moves_apart(self, seat: int, since: int) -> bool:
        """Played together: True when no entry of the log after the first ``since`` touched
        ``seat`` (its hand, its turn, a zone it may fill: :meth:`_touches`), so that a move it
        chose on a screen that saw only those may still be made.

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Red", "Blue"], seed=1, scenario="cooperation")
        >>> game.apply(game.moves_of(1)[0])  # Blue meets its daily event
        >>> game.moves_apart(0, 0), game.moves_apart(1, 0)
        (True, False)
        """
        if not self.together:
            return super().moves_apart(seat, since)
        if not 0 <= since <= len(self.log):
            return False
        bit = 1 << seat
        return not any(touched & bit for touched in self.touched[since:])

    def _touches(self, action: Action) -> int:
        """The seats ``action`` (checked, not yet made) touches, as bits ``1 << seat``: the
        team that makes it; the team a card names (All Hands on Deck: every team); every team
        that may fill the zone of a tile (Tender's central block, another team's zone in
        Cooperation); the team a piece entered was drawn for. Set-up and the timer touch every
        seat (and so does a move that ends a round or the game: see ``_play_in_round``), and so
        does Tender's block swap (rule 7: its central release emptied, the central block asks
        other pips of every team)."""
        every = (1 << self.n) - 1
        kind = action.kind
        if not self.playing or kind in ("time_up", "swap"):
            return every
        if kind == "deal":
            what, who, _where = self.to_enter[0]
            return 1 << who if what in ("tile", "event", "daily") else every
        p = action.player
        bits = 1 << p
        if kind == "play":
            if action.card in _EVERY_TEAM:
                return every
            if action.card in _AT_A_TEAM and isinstance(action.target, int):
                bits |= 1 << action.target
        elif kind in ("place", "replace", "rotate"):
            z = action.target
            assert isinstance(z, int)
            owner = self.zowner[z]
            if owner != p or self.zstage[z] == CENTRAL or any(self.merged):
                if owner >= 0:
                    bits |= 1 << owner
                for q in range(self.n):
                    if self._owner_allows(q, z):
                        bits |= 1 << q
        return bits

    def _play_in_round(self, action: Action) -> None:
        """Played together, ``apply``: a move of a team still playing brings it into focus
        first; the move is checked (unless ``legal_actions()`` listed that very object) and
        carried out, and the seats it touched are noted."""
        p = action.player
        in_round = p in self.playing
        if p != self.turn_player and in_round and self.phase != OVER and not self.to_enter:
            self._focus_on(p)
        for listed in self._legal:  # (a plain loop: the quickest look for that very object)
            if listed is action:
                break
        else:
            self._check(action)
        touches = self._touches(action)
        round_no, central = self.round_no, self.central_open
        back = self.turn_player
        entering = action.kind == "deal"
        if entering and self.to_enter[0][0] == "daily":
            self._focus_on(self.to_enter[0][1])  # the daily event of that team's turn
        self._legal = ()
        MOVES[action.kind].effect(cast("RelizGame", self), action)
        self.log.append(action)
        if entering and self.phase != OVER:
            self._focus_on(back)
            if not self.to_enter and self.playing:
                self._resume_all()
        if in_round:
            self.round_moves[p] += 1
        else:
            self.waited += 1
        if self.round_no != round_no or self.phase == OVER:
            busiest = max(self.round_moves)
            self.waited += busiest
            self.round_busiest += (busiest,)
            self.round_moves = [0] * self.n
        if self.round_no != round_no or self.phase == OVER or self.central_open != central:
            touches = (1 << self.n) - 1
            self.round_began = len(self.log)
        self.touched.append(touches)

    @property
    def waited_moves(self) -> int:
        """Played together: the moves the room waits for, each round counting its busiest
        team's (the teams play at the same time), each move outside a round one.

        >>> from devgames import reliz
        >>> from devgames.core.bots import play_out
        >>> from devgames.reliz.bots import HeuristicBot
        >>> game = reliz.new_game(["Red", "Blue", "Green"], seed=2, scenario="cooperation")
        >>> _ = play_out(game, {p: HeuristicBot(seed=p) for p in range(3)})
        >>> len(game.log) > 2 * game.waited_moves
        True
        """
        if not self.together:
            return len(self.log)
        return self.waited + max(self.round_moves)

    #: Played together: the busiest team's moves in each round ended, in order (part of
    #: :attr:`waited_moves`; a round timer caps each such round's time, not the moves outside
    #: rounds). A tuple, grown at each round's end, so the class's empty one is never shared.
    round_busiest: tuple[int, ...] = ()

    def turn_rows(self) -> list[dict[str, Any]]:
        """Every team's turn of the round as plain data, by seat (whichever team is in focus).

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Red", "Blue"], seed=1, scenario="cooperation")
        >>> [row["phase"] for row in game.turn_rows()]
        ['daily', 'daily']
        """
        rows = []
        for fields in self._turns_by_seat():
            row = dict(zip(TURN_FIELDS, fields, strict=True))
            row |= {"placed_now": sorted(row["placed_now"]), "fresh": sorted(row["fresh"]),
                    "extras": list(row["extras"]), "wild": dict(row["wild"]),
                    "extra_turns": list(row["extra_turns"]),
                    "attach_queue": list(row["attach_queue"])}
            rows.append(row)
        return rows
