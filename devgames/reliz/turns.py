"""The pieces and turns of РЕЛИЗ: drawing tiles and event cards (a physical deck's drawn at the
table), the hands of a team's members, the stock and the discard piles; a turn's start (the draw
and the daily event), its end (the hand limit, the next seat, extra turns), the end of the game,
and the metrics rows written at the end of every turn (``rounds``).
"""

from bisect import insort
from typing import TYPE_CHECKING, Any, cast

from devgames.core.actions import Event
from devgames.core.piles import shuffle
from devgames.i18n import N_, _
from devgames.reliz.cards import EVENTS
from devgames.reliz.event_cards import play_waiting
from devgames.reliz.terms import (
    ATTACH,
    DAILY,
    DAILY_EVENTS,
    DECK_BITS,
    DRAW_EVENTS,
    EVENT_DRAWN_EVENTS,
    OVER,
    PARTNER,
    PLAY,
    SET_BITS,
    SHARED,
    TURN_EVENTS,
    UNKNOWN_EVENT,
    UNKNOWN_TILE,
)
from devgames.reliz.zones import RelizZones

if TYPE_CHECKING:
    from devgames.reliz.game import RelizGame

#: Columns of the metrics rows (``game.rounds``): one row per seat at the end of every turn.
ROUND_FIELDS = (
    "turn", "round", "turn_player", "player", "team", "tiles_placed", "tiles_placed_total",
    "zones_done", "zones_total", "releases", "events_drawn", "hand_size", "pool_size",
)
_EV_CODE = {c: card.code for c, card in EVENTS.items()}
#: The results of a game that ends undecided or lost: Cooperation's rounds all played, the turn
#: cap reached (English, marked for translation: see ``RelizTurns._finish``).
COOP_LOST = N_("{rounds} rounds are over and zones are still open (or crutches left): the "
               "teams lose together.")
TURN_CAP = N_("The game reached the turn cap ({cap} turns) undecided.")
#: The result of a Pet Project whose stock runs out (see ``RelizTurns._finish``).
STOCK_OUT = N_("The stock ran out before every zone was closed: the pet project is lost.")
#: Tender with a shared win: the result, by the number of teams sharing it (their names
#: ``{a}``, ``{b}``...).
SHARED_WIN = {
    2: N_("{a}'s and {b}'s teams closed their modules, integration blocks and central releases "
          "in round {round}: they share the win."),
    3: N_("{a}'s, {b}'s and {c}'s teams closed their modules, integration blocks and central "
          "releases in round {round}: they share the win."),
    4: N_("{a}'s, {b}'s, {c}'s and {d}'s teams closed their modules, integration blocks and "
          "central releases in round {round}: they share the win."),
}


class RelizTurns(RelizZones):
    """The pieces, the turns and the metrics rows of a game (see the module)."""

    # ----- pieces -------------------------------------------------------------------------------
    def _set_of(self, p: int) -> int:
        return p if self.teams_mode else 0

    def _draw_tile(self, p: int, into: list[int] | None = None) -> bool:
        """Move a random tile from the seat's stock into its hand (or ``into``)."""
        tile_set = p if self.teams_mode else 0
        pool = self.pool[tile_set]
        if self.physical:
            waiting = sum(1 for e in self.to_enter if e[0] == "tile" and e[2] == tile_set)
            if len(pool) <= waiting:
                return False
            (self.hands[p] if into is None else into).append(
                UNKNOWN_TILE + (tile_set << SET_BITS))
            self.to_enter.append(("tile", p, tile_set))
            return True
        if not pool:
            return False
        self.chance_steps += 1
        # The index ``rng.randrange(len(pool))`` gives, drawn as ``Random._randbelow`` draws it
        # (the same bits, so the same tile and the same random state after), without its calls.
        size = len(pool)
        bits = size.bit_length()
        getrandbits = self.rng.getrandbits
        index = getrandbits(bits)
        while index >= size:
            index = getrandbits(bits)
        chip = pool.pop(index)
        (self.hands[p] if into is None else into).append(chip)
        if self.record:
            self.events.append(DRAW_EVENTS[p][chip])
        return True

    def _aside(self, p: int) -> list[list[int]]:
        """The hands of seat ``p``'s members who do not play this round, in member order."""
        active = self.active_member[p]
        return [hand for m, hand in enumerate(self.member_hands[p]) if m != active]

    def member_hand(self, p: int, m: int) -> list[int]:
        """The tiles of member ``m`` of seat ``p``'s team (the active member's: ``hands[p]``).

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Red", "Blue"], seed=2, scenario="cooperation")
        >>> game.active_member, [len(game.member_hand(0, m)) for m in range(2)]  # + the turn's
        ([0, 0], [3, 2])
        """
        return self.hands[p] if m == self.active_member[p] else self.member_hands[p][m]

    def members_apart(self, p: int) -> bool:
        """True while the members of seat ``p``'s team hold hands of their own (not merged)."""
        return self.members_mode and not self.merged[p]

    def _rotate_members(self) -> None:
        """A new round: in each team whose members hold their own hands, the member of the round
        (``(round_no - 1) % team_size``) takes up their hand and the last one's is set aside (tiles
        face up with Refactoring go aside face down)."""
        for p in range(self.n):
            if not self.members_apart(p):
                continue
            old, new = self.active_member[p], (self.round_no - 1) % self.options.team_size
            aside = self.member_hands[p]
            aside[old], self.hands[p], aside[new] = self.hands[p], aside[new], []
            self.active_member[p] = new
            self.locked[p] = []

    def _merge_hands(self, t: int) -> None:
        """Cooperation: a team merges; every member's tiles join the one team hand."""
        for hand in self._aside(t):
            self.hands[t] += hand
            hand.clear()

    def _to_pool(self, chip: int) -> None:
        if self.code == "pet" and self.options.solo_pool == "spent":
            self.out_of_game.append(-chip)
            return
        insort(self.pool[chip >> SET_BITS], chip)  # kept sorted: a draw never depends on
        # the order tiles came back in

    def _hand_limit(self, p: int) -> int:
        if self.code == "cooperation" and self.merged[p]:
            return 2 * self.options.team_size
        return self.scenario.hand_limit

    def _deck_for(self, p: int) -> int:
        if self.code == "cooperation" and self.central_open:
            return self.n
        return p if self.teams_mode else 0

    def _draw_event(self, p: int, deck: int) -> int | None:
        """The top card of a deck; an empty deck takes its discard pile, shuffled."""
        cards = self.decks[deck]
        waiting = sum(1 for e in self.to_enter if e[0] in ("event", "daily") and e[2] == deck) \
            if self.to_enter else 0
        if len(cards) <= waiting:
            discard = self.discards[deck]
            if not discard:
                return None
            if not self.physical:
                shuffle(discard, self.rng)
                self.chance_steps += 1
            discard = cards + discard
            self.decks[deck] = cards = discard
            self.discards[deck] = []
            self.refreshes += 1
            self.events.append(Event("refresh", None, {"deck": deck, "size": len(cards)}))
            if self.code == "pet":
                self._queue_attach(p, 1, "refresh", SHARED, "", None)
        self.events_drawn[p] += 1
        if self.physical:
            self.to_enter.append(("event", p, deck))
            return UNKNOWN_EVENT + (deck << DECK_BITS)
        chip = cards.pop()
        if self.record:
            self.events.append(EVENT_DRAWN_EVENTS[p][chip & 63])
        return chip

    def _discard_event(self, chip: int) -> None:
        code = _EV_CODE[chip & 63]
        if code in ("req_legal", "req_tax") or (code == "pilot" and
                                                self.options.pilot == "once"):
            self.out_of_game.append(chip)
            return
        self.discards[chip >> DECK_BITS].append(chip)

    # ----- turns --------------------------------------------------------------------------------
    def seats_in_order(self) -> list[int]:
        """The seats from the first player round the table."""
        return [(self.order_start + i) % self.n for i in range(self.n)]

    def _start_turn(self, extra: bool = False) -> None:
        """The turn player's turn starts: its draw, its daily event, Sick Leave taking it. Played
        together, an ``extra`` turn (Coffee Machine) is never the one Sick Leave takes."""
        p, code = self.turn_player, self.code
        self.turn_no = self.own_turn = turn_no = self.turn_no + 1
        self.placed_now = set()
        self._fresh_from, self._fresh_set = self.chip[:], set()  # (see ``fresh``)
        self.locked[p] = []
        self.superman = False
        if not self.partnered:  # Team Development: a partner's crutch waits for its turn
            self.wild = {}
        if self.together:  # the other teams' turns go on
            self.placed_turn[p] = 0
        else:
            self.placed_turn = [0] * self.n
        self.frozen_now = self.frozen[p] > 0 and not extra
        if self.frozen_now:
            self.frozen[p] -= 1
        if self.record:
            self.events.append(TURN_EVENTS[p][turn_no, self.round_no, self.frozen_now])
        if code == "cooperation" and self.merged[p]:  # a tile for each member
            for _draw in range(self.options.team_size):
                self._draw_tile(p)
        elif not self._draw_tile(p) and code == "pet":
            self._finish([], STOCK_OUT)
            return
        self.daily = None
        chip = self._draw_event(p, self._deck_for(p))
        if chip is not None:
            if code == "cooperation" and self.merged[p] and not self.central_open:
                self.cards[p].append(chip)
            else:
                self.daily = chip
                if self.physical:
                    self.to_enter[-1] = ("daily", p, self.to_enter[-1][2])
                elif self.record:
                    self.events.append(DAILY_EVENTS[p][chip & 63])
        self.daily_open = code == "prototype" and self.daily is not None
        if self.waiting[p]:  # a partner's cards kept for this turn
            play_waiting(cast("RelizGame", self), p)
        self._resume()

    def _resume(self) -> None:
        if self.phase in (OVER, PARTNER):
            return
        if self.attach_queue:
            self.phase = ATTACH
        elif self.daily is not None and not self.daily_open:
            self.phase = DAILY
        else:
            self.phase = PLAY

    def _end_turn(self) -> None:
        """The turn player's turn ends; the next turn starts, or the game ends (played
        together, :mod:`devgames.reliz.rounds` says what follows a team's turn)."""
        p = self.turn_player
        self._close_turn(p)
        if self.partnered and self.wild:  # a crutch lasts until its holder's turn ends
            self.wild = {c: h for c, h in self.wild.items()
                         if any(c in self.hands[q] for q in range(self.n) if q != p)}
        cap = self.options.turn_cap
        if self.closed and ((cap and self.turn_no >= cap) or
                            (not self.extra_turns and self._round_ends_after(p))):
            self._share_win()
            return
        if self.code == "cooperation" and self._round_ends_after(p) and \
                self.round_no >= self.options.coop_rounds:
            self._finish([], COOP_LOST, rounds=self.options.coop_rounds)
            return
        if cap and self.turn_no >= cap:
            self._finish([], TURN_CAP, cap=cap)
            return
        if self.extra_turns:
            self.turn_player = self.extra_turns.pop(0)
        else:
            nxt = (p + 1) % self.n  # the next seat round the table
            if nxt == self.order_start:
                self.round_no += 1
                if self.members_mode:
                    self._rotate_members()
            self.turn_player = nxt
        self._start_turn()

    def _close_turn(self, p: int) -> None:
        """Seat ``p``'s turn ends: the side pool's tiles back, a daily event not played
        discarded, the hand limit, the metrics row."""
        if self.extras:
            for chip in self.extras:
                self._to_pool(chip)
            self.extras = []
        self.extras_left = 0
        if self.daily is not None:  # Writing a Prototype: the daily event not played
            self._discard_event(self.daily)
            self.daily = None
        limit = self._hand_limit(p) + (1 if self.superman else 0)
        if len(self.hands[p]) > limit:
            for chip in self.hands[p]:
                self._to_pool(chip)
            self.events.append(Event("over_limit", p, {"tiles": len(self.hands[p]),
                                                        "limit": limit}))
            self.hands[p] = []
            self.locked[p] = []
        if p in self.revealed and self.revealed[p] < self.own_turn:  # shown before this turn
            del self.revealed[p]
        if not self.record:
            return
        # The metrics row (see ``_rows``): with no teams, the zones done and in all and the one
        # stock's size are the same for every seat (numbers), and the tiles placed in the turn
        # are a list the next turn does not change (it starts a new one).
        board = self.chip
        if self.teams_mode:  # each team's own zones
            n = self.n
            done: Any = [0] * n
            size: Any = [0] * n
            for owner, tile in zip(self.zowner, board, strict=True):
                if 0 <= owner < n:
                    size[owner] += 1
                    if tile:
                        done[owner] += 1
            pools: Any = [*map(len, self.pool)]
        else:
            size = len(board)
            done, pools = size - board.count(0), len(self.pool[0])
        self._turns.append((self.own_turn, self.round_no, p, done, size,
                            tuple(self.placed_turn) if self.together else self.placed_turn,
                            tuple(self.placed_total), tuple(self.releases),
                            tuple(self.events_drawn), [*map(len, self.hands)], pools))

    def _round_ends_after(self, p: int) -> bool:
        """True when no team plays after seat ``p`` in this round (played together: every
        other team has ended its turn)."""
        if self.together:
            return self.playing == [p]
        return (p + 1) % self.n == self.order_start

    def _share_win(self) -> None:
        """Tender with a shared win: the round is over, every team that closed in it wins."""
        if len(self.closed) == 1:
            p = self.closed[0]
            self._finish([p], N_("{who}'s team closed its module, its integration block and "
                                 "its central release, alone in round {round}."),
                         who=self.players[p], round=self.round_no)
            return
        names = dict(zip("abcd", (self.players[q] for q in self.closed), strict=False))
        self._finish(self.closed, SHARED_WIN[min(len(names), 4)], round=self.round_no, **names)

    def _finish(self, winners: list[int], result: str, **values: Any) -> None:
        """The game is over: these seats won; ``result`` is the sentence saying why, in
        English (a text marked with ``N_``, its placeholders filled from ``values``), kept in
        ``result`` and, to be said in another language, in ``result_words``."""
        self._winners = sorted(winners)
        self.result = result.format(**values) if values else result
        self.result_words = (result, values)
        self.phase = OVER
        self.is_over = True
        if self.to_enter:  # pieces drawn but not entered stay where they were
            self.to_enter = []
            for hand in (*self.hands, *(h for aside in self.member_hands for h in aside)):
                hand[:] = [c for c in hand if c & 31 != UNKNOWN_TILE]
            self.extras = [c for c in self.extras if c & 31 != UNKNOWN_TILE]
            for cards in self.cards:
                cards[:] = [c for c in cards if c & 63 != UNKNOWN_EVENT]
            if self.daily is not None and self.daily & 63 == UNKNOWN_EVENT:
                self.daily = None
        if self.daily is not None:
            self._discard_event(self.daily)
            self.daily = None
        self.events.append(Event("game_over", None, {"winners": list(self._winners),
                                                     "result": self.result}))

    def result_sentence(self) -> str:
        """The result in the language in use (``result`` is the same in English).

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Red", "Blue"], seed=1, scenario="cooperation", turn_cap=1)
        >>> game.time_up()
        >>> game.result_sentence()
        'The game reached the turn cap (1 turns) undecided.'
        """
        text, values = self.result_words
        if not text:
            return self.result
        return _(text).format(**values)

    @property
    def _rows(self) -> list[tuple[Any, ...]]:
        """The metrics rows as tuples of ROUND_FIELDS (seats by index): one per seat a turn."""
        team = self.team
        if self.teams_mode:
            return [(turn, round_no, turn_player, q, team[q], placed[q], placed_total[q],
                     done[q], size[q], releases[q], drawn[q], hands[q], pools[q])
                    for (turn, round_no, turn_player, done, size, placed, placed_total, releases,
                         drawn, hands, pools) in self._turns for q in range(self.n)]
        return [(turn, round_no, turn_player, q, team[q], placed[q], placed_total[q], done, size,
                 releases[q], drawn[q], hands[q], pools)
                for (turn, round_no, turn_player, done, size, placed, placed_total, releases,
                     drawn, hands, pools) in self._turns for q in range(self.n)]

    @property
    def rounds(self) -> list[dict[str, Any]]:
        """One row per seat at the end of every turn: tiles placed, zones done, events drawn.

        >>> from devgames import reliz
        >>> reliz.new_game(["Ada", "Bob"], seed=1).rounds
        []
        """
        names = self.players
        return [dict(zip(ROUND_FIELDS, (r[0], r[1], names[r[2]], names[r[3]],
                                        self._team_name(r[3]), *r[5:]), strict=True))
                for r in self._rows]

    def _team_name(self, p: int) -> str:
        if self.partnered:
            return " & ".join(self.players[q] for q in range(self.n) if self.team[q] ==
                              self.team[p])
        return self.players[p]
