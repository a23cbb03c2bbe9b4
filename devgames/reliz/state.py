"""The state of a game of РЕЛИЗ: every field of the board (blocks, zones, tiles), the pieces
(stocks, hands, decks, discard piles, supplies of block cards), the turn and the metrics, as
:class:`RelizState` declares them empty. :func:`devgames.reliz.setup.set_up` fills them in; the
rules that change them are in the classes built on this one (:mod:`devgames.reliz.zones`,
:mod:`devgames.reliz.turns`, :mod:`devgames.reliz.game`).
"""

from itertools import compress, count
from operator import not_
from random import Random
from typing import Any

from devgames.core.actions import Action
from devgames.reliz.options import RelizOptions
from devgames.reliz.setup import scenario_of
from devgames.reliz.terms import (
    ATTACH,
)
from devgames.reliz.verbs import RelizVerbs


class RelizState(RelizVerbs):
    """The fields of a game of РЕЛИЗ, empty (see the module)."""

    #: True once the game has ended: ``phase == OVER``, kept as a field because every loop
    #: reads it once per move (set by ``_finish``, and by a round's focus, which brings a team's
    #: phase in).
    is_over = False

    def __init__(self, players: tuple[str, ...], seed: int | None,
                 options: RelizOptions) -> None:
        super().__init__(players, seed, options)
        self.n = n = len(players)
        self.scenario = sc = scenario_of(options, n)
        self.code = sc.code
        self.teams_mode = sc.code in ("tender", "cooperation")
        #: Tender and Cooperation with ``team_turns="together"``: the teams play each round at
        #: the same time (see :mod:`devgames.reliz.rounds`).
        self.together = self.teams_mode and options.team_turns == "together"
        self.partnered = sc.code == "team"
        #: The team of each seat (Team Development: seats 0, 2 against 1, 3).
        self.team = [p % 2 if self.partnered else p for p in range(n)]
        #: The seats of the other teams, by seat (what an "opponent" card aims at: see
        #: ``event_cards.rivals``).
        self.rivals = [tuple(q for q in range(n) if self.team[q] != self.team[p])
                       for p in range(n)]
        self.sets = n if self.teams_mode else 1
        self.strict = options.integration_match == "every_end"
        #: Physical deck: the facilitator enters each tile, event card and block card drawn.
        self.physical = options.deck == "physical"
        #: Physical deck: the random ports of Tender's and Cooperation's layouts come from a
        #: generator of their own, so that the board depends on the seed and the moves only.
        self.ports_rng = Random(self.seed) if self.physical else self.rng
        #: What is to be entered, in order: ("tile", seat, set), ("event", seat, deck),
        #: ("daily", seat, deck), ("block", index in the attach queue, supply) or ("first", 0,
        #: supply) for the first block of the board; the blocks of Tender's and Cooperation's
        #: layouts (see ``setup.lay``): ("central", team, supply), ("integration", team, supply)
        #: and ("module", team, supply).
        self.to_enter: list[tuple[str, int, int]] = []
        self.touching = options.first_tile == "touching"
        # Board.
        self.blocks: list[dict[str, Any]] = []  # card, zones, owner, stage, ports used
        self.zkind: list[str] = []
        self.zblock: list[int] = []
        self.zdouble: list[bool] = []
        self.zlinks: list[list[tuple[int, int, int]]] = []  # (my half, zone, its half)
        #: The zones each zone touches, each once: by its half 1, by its half 2, by either (what
        #: a changed tile makes ``_refresh`` work out again).
        self.znear: list[tuple[list[int], list[int], list[int]]] = []
        self.zowner: list[int] = []
        self.zstage: list[str] = []
        self.zlabel: list[str] = []
        self.zports: list[tuple[int, ...]] = []  # integration and card zones: port codes
        self.chip: list[int] = []  # the tile chip in each zone (0: empty)
        self.need: list[tuple[int, int, bool, bool, int]] = []  # see _refresh
        self.zfit: list[int] = []  # see _refresh
        #: The zones whose tile may be rotated, as bits ``1 << zone`` (see _refresh).
        self.rotatable = 0
        self.pips: list[tuple[int, int]] = []
        self.crutch: list[bool] = []
        self.integrations = 0
        self.card_zones = 0
        # Pieces.
        self.pool: list[list[int]] = [[] for _ in range(self.sets)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.cards: list[list[int]] = [[] for _ in range(n)]
        decks = n + 1 if sc.code == "cooperation" else (n if self.teams_mode else 1)
        self.decks: list[list[int]] = [[] for _ in range(decks)]
        self.discards: list[list[int]] = [[] for _ in range(decks)]
        self.out_of_game: list[int] = []  # one-time event cards used
        self.supply: dict[int, list[int]] = {}  # block cards left, by supply (-1 shared)
        # Turn.
        self.phase = ATTACH
        self.turn_player = options.first_player
        self.order_start = options.first_player
        self.turn_no = 0
        #: The number of the turn being played (``turn_no`` when it started): the metrics rows'.
        self.own_turn = 0
        self.round_no = 1
        self.daily: int | None = None
        self.daily_open = False  # Writing a Prototype: the daily event may wait in the turn
        self.frozen = [0] * n
        self.frozen_now = False
        self.extra_turns: list[int] = []
        self.placed_now: set[int] = set()
        #: What ``fresh`` is made of: the tiles of the board when the turn started (its empty
        #: zones are fresh; None once ``fresh`` has been read whole), and the zones emptied or
        #: added since (then every fresh zone).
        self._fresh_from: list[int] | None = None
        self._fresh_set: set[int] = set()
        self.extras: list[int] = []
        self.extras_left = 0
        self.wild: dict[int, int] = {}  # chip -> tile pip (0 low, 1 high) that counts as any
        self.locked: list[list[int]] = [[] for _ in range(n)]  # Refactoring: face up, next turn
        #: Refactoring: the tiles of each seat lying face up in its hand until placed or gone (a
        #: seat's ``locked`` ones too, which wait for its next turn).
        self.face_up: list[list[int]] = [[] for _ in range(n)]
        self.revealed: dict[int, int] = {}  # seat -> turn its hand was shown (IT Audit)
        self.superman = False
        #: Team Development, ``partner_cards="own"``: the event cards each seat played in its
        #: partner's turn that act in its own next turn (Flow State, Team Lead's Advice,
        #: Self-Belief).
        self.waiting: list[list[int]] = [[] for _ in range(n)]
        self.pilot_used = False
        self.attach_queue: list[tuple[int, tuple[int, ...], str, int, str, tuple[int, ...]]] = []
        self.partner_back = -1
        self.merged = [False] * n  # Cooperation: the team's module is closed, it plays as one
        #: Tender and Cooperation with ``team_hands="members"``: each member of a team holds a
        #: hand of their own, and one member a round plays (rulebook Q45, Q48).
        self.members_mode = self.teams_mode and options.team_hands == "members"
        size = options.team_size if self.members_mode else 0
        #: The member of each team who plays this round (``(round_no - 1) % team_size``: the
        #: first member in round 1).
        self.active_member = [(self.round_no - 1) % size if size else 0] * n
        #: The hands of each team's members, by seat and member; the active member's place stays
        #: empty, their tiles being ``hands[p]`` (see ``member_hand``).
        self.member_hands: list[list[list[int]]] = [[[] for _ in range(size)] for _ in range(n)]
        self.central_open = False
        self.linked = [False] * n  # Tender: the module joined to the integration block
        #: Tender with a shared win: the teams that closed everything in this round, in order.
        self.closed: list[int] = []
        self.refreshes = 0
        # Rounds played together (devgames.reliz.rounds); ``turn_player`` is the team in focus.
        #: The turn fields (``rounds.TURN_FIELDS``) of each team, by seat, as they were when it
        #: last left the focus (the team in focus: its own attributes).
        self.turn_fields: list[tuple[Any, ...]] = []
        #: The teams still playing their turn in this round, in seat order from ``order_start``.
        self.playing: list[int] = []
        #: The length of the log when this round began.
        self.round_began = 0
        #: For each entry of the log, the seats whose state or options it touched, as bits
        #: ``1 << seat`` (see ``RelizRounds._touches``).
        self.touched: list[int] = []
        #: The moves the room has waited for in the rounds before this one (each round: its
        #: busiest team's moves) and outside rounds, and each team's moves in this round.
        self.waited = 0
        self.round_moves = [0] * n
        # Metrics.
        self.placed_turn = [0] * n
        self.placed_total = [0] * n
        self.releases = [0] * n
        self.events_drawn = [0] * n
        #: One entry a turn, made into the metrics rows by ``_rows``: the turn, round and turn
        #: player, then by seat the zones done and in all, tiles placed this turn and in all,
        #: releases, event cards drawn, tiles in hand, and the size of each stock.
        self._turns: list[tuple[Any, ...]] = []
        self.result = ""
        #: The result's sentence to be said in the language in use: its English text, marked
        #: for translation, and the values of its placeholders (see ``RelizTurns._finish``).
        self.result_words: tuple[str, dict[str, Any]] = ("", {})
        #: The moves legal_actions() listed for the present state (see there).
        self._legal: tuple[Action, ...] = ()

    @property
    def fresh(self) -> set[int]:
        """The zones whose filling may trigger a RELEASE in this turn: those empty when it
        started, and those emptied or added since. Made whole the first time it is read (a turn
        keeps the board's tiles as it started: most turns never read it whole).

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
        >>> game.fresh == {z for z, chip in enumerate(game.chip) if not chip}
        True
        """
        start = self._fresh_from
        if start is not None:
            self._fresh_set.update(compress(count(), map(not_, start)))
            self._fresh_from = None
        return self._fresh_set

    @fresh.setter
    def fresh(self, zones: set[int]) -> None:
        self._fresh_from = None
        self._fresh_set = zones

    def _is_fresh(self, z: int) -> bool:
        """``z in self.fresh``, without making the set whole."""
        if z in self._fresh_set:
            return True
        start = self._fresh_from
        return start is not None and z < len(start) and not start[z]
