"""РЕЛИЗ bots: the random bot and a heuristic bot that plays like a tidy developer.

The heuristic bot reads only what its seat may know: the board, its own hand and event cards, and
the public counts. It never looks at another hand or at the order of the stock or the decks.
"""

from itertools import repeat, starmap
from operator import itemgetter
from random import Random
from typing import NamedTuple

from devgames.core.actions import Action
from devgames.core.bots import RandomBot
from devgames.reliz.cards import BLOCKS, EVENTS
from devgames.reliz.game import RelizGame
from devgames.reliz.terms import ATTACH, BLOCK, DAILY, PARTNER, PLAY, SET_BITS
from devgames.reliz.zones import FIT, TILE_PIPS

#: Event cards the bot plays on itself as soon as it can (they only help).
HELPFUL = frozenset({"insight", "lib", "showoff", "flowstate", "teamlead", "coffee", "weekend",
                     "emergency", "superman"})
#: Event cards the bot aims at an opponent.
HARMFUL = frozenset({"claim", "disease", "water", "audit", "take_project"})


#: The score of each kind of move that scores the same whatever its target (rotate and call:
#: only when nothing else). Tiles are scored by ``HeuristicBot._place_score``, event cards by
#: ``_PLAY_SCORES`` (the daily event: ``HeuristicBot._daily_scores``), replacements by
#: ``HeuristicBot._unblocking``.
_FIXED = {"keep": 0.5, "end": 0.0, "back": 0.0, "link": 9.0, "rotate": -2.0, "call": -2.0}
#: Tender's rule 7: the moves of a team locked out of its link (taken before anything else).
_REBUILD = frozenset({"swap", "add"})
#: The score of the moves that cannot be the best (a move into no tile, while one can be placed).
_OUTRANKED = float("-inf")
_KIND = itemgetter(0)  # Action.kind
_CODES = {c: card.code for c, card in EVENTS.items()}
#: The score of each event card played in the turn: 8 helpful, 1 a crutch, -1 any other, and
#: ``None`` for a harmful one: 5 and 0.1 a tile in the hand of the opponent it is aimed at (-1 on
#: the bot itself).
_PLAY_SCORES: dict[int, float | None] = {
    c: None if code in HARMFUL else 8.0 if code in HELPFUL else 1.0 if code == "crutch" else -1.0
    for c, code in _CODES.items()}
#: The daily events whose target changes their score (``HeuristicBot._daily_scores``).
_AIMED_DAILY = HARMFUL | {"dream", "refactoring"}
#: The orientation bits (as ``zfit``) of each tile (0: none).
_TILE_BITS = [3 << (tile << 1) if tile else 0 for tile in range(32)]


def _top(scores: list[float], top: float | None = None) -> list[int]:
    """The indices of the highest scores (``top``, when it is known).

    >>> _top([0.0, 2.0, -1.0, 2.0]), _top([0.0, 2.0], 2.0)
    ([1, 3], [1])
    """
    if top is None:
        top = max(scores)
    if scores.count(top) == 1:
        return [scores.index(top)]
    return [i for i, score in enumerate(scores) if score == top]


class Blocked(NamedTuple):
    """The empty zones no tile can fill now (see ``HeuristicBot._blocked``)."""

    #: Each blocked zone's links to filled zones (its half, zone, that zone's half), how many
    #: of its halves two neighbours ask different pips of, and the ``FIT`` of its kind.
    rows: list[tuple[list[tuple[int, int, int]], int, list[list[int]]]]
    #: The orientation bits (as ``zfit``) of the tiles of the bot's set on the board.
    taken: int
    #: The zones touching a blocked zone.
    near: set[int]
    #: The orientation bits of the tiles that fit a blocked zone (all of them on the board).
    wanted: int


#: What a tile replaced in one zone changes for the blocked zones (``HeuristicBot._around``):
#: the bot's tiles on the board less the zone's, and for each blocked zone what its other filled
#: neighbours ask of its halves, the links from the zone (its half, the zone's half), how many
#: halves are asked different pips now, and the ``FIT`` of its kind.
Around = tuple[int, list[tuple[int, int, list[tuple[int, int]], int, list[list[int]]]]]


class HeuristicBot:
    """Places the tile that closes the most (a RELEASE first, then a zone with the most filled
    neighbours), plays helpful cards at once and harmful ones on the opponent with the most
    tiles, never clears its own work with a card when it can help it, and ends the turn when
    nothing useful is left. Locked out of its link in Tender, it swaps (or adds) a block first
    (rule 7). When it can place nothing, it replaces a tile that brings a blocked zone nearer a
    tile that fits (the rulebook's way out of a dead end, Q12). Ties go to its own seeded random
    source.

    >>> from devgames import reliz
    >>> from devgames.core.bots import play_out
    >>> game = reliz.new_game(["Ada", "Bob"], seed=2, turn_cap=80)
    >>> play_out(game, {0: HeuristicBot(1), 1: HeuristicBot(2)}) > 0 and game.is_over
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, game: RelizGame) -> Action:
        legal = game.legal_actions()
        if game.phase == ATTACH:
            return self.rng.choice(legal)
        n = len(legal)
        # One random draw a move, in order, whatever the scores: the ties' breakers. With no tie
        # they are drawn unread, as the 64 random bits a move that ``Random.random`` takes.
        if n == 1:
            self.rng.getrandbits(64)
            return legal[0]
        best = self._best(game, legal)
        if len(best) == 1:
            self.rng.getrandbits(n << 6)
            return legal[best[0]]
        draws = list(starmap(self.rng.random, repeat((), n)))
        # The highest draw (then the last move) among the moves scoring the most.
        top, pick = -1.0, -1
        for i in best:
            draw = draws[i]
            if draw > top or (draw == top and i > pick):
                top, pick = draw, i
        return legal[pick]

    def _best(self, game: RelizGame, legal: list[Action]) -> list[int]:
        """The moves of ``legal`` scoring the most, as indices. A tile placed scores 10 or more
        and any other move less, so while a tile can be placed the others are not scored; the
        moves whose kind gives their score (``_FIXED``) are not scored one by one, every tile
        into a zone scores the same, and a replacement scores only when no other move scores
        more than an unblocking one (1)."""
        if game.phase == DAILY:  # the daily event's moves, and "keep"
            return self._daily_best(game, legal)
        kinds = list(map(_KIND, legal))
        if kinds[-1] in _REBUILD:  # locked out (Tender's rule 7, whose moves come last)
            return _top([self._swap_score(action) if action.kind in _REBUILD else _OUTRANKED
                         for action in legal])
        if "place" in kinds:
            return self._place_best(game, legal, kinds)
        scores = list(map(_FIXED.get, kinds, repeat(_OUTRANKED)))  # play and replace: below
        if "play" in kinds:
            hands, plays = game.hands, _PLAY_SCORES
            for i in range(kinds.index("play"), len(kinds)):
                if kinds[i] != "play":
                    continue
                action = legal[i]
                score = plays.get(action[2] or 0, -1.0)
                if score is None:  # harmful: aimed at an opponent
                    target = action[3]
                    score = (5.0 + len(hands[target]) * 0.1
                             if target is not None and target != action[1] else -1.0)
                scores[i] = score
        top = max(scores)
        if "replace" in kinds and top <= 1.0:  # only then can a replacement be chosen
            for i in self._unblocking(game, legal, kinds):
                scores[i] = top = 1.0
        return _top(scores, top)

    @staticmethod
    def _place_best(game: RelizGame, legal: list[Action], kinds: list[str]) -> list[int]:
        """The tiles placed into the zones scoring the most (``_place_score``, worked out once
        a zone: a zone's moves come together), as indices of ``legal``."""
        best: list[int] = []
        top = 0.0
        last = -1
        score = 0.0
        for i in range(kinds.index("place"), len(kinds)):
            if kinds[i] != "place":
                continue
            z = legal[i][3]
            if z != last:
                assert z is not None
                last, score = z, HeuristicBot._place_score(game, z)
            if score > top:
                top, best = score, [i]
            elif score == top:
                best.append(i)
        return best

    @staticmethod
    def _unblocking(game: RelizGame, legal: list[Action], kinds: list[str]) -> list[int]:
        """The replacements (indices of ``legal``) that bring a blocked zone nearer a tile that
        fits: when the zone replaced touches no blocked zone, the old tile (back in the stock)
        must fit one; else ``_unblocks`` tells, with what the blocked zones ask of the zone's
        neighbours worked out once a zone (``_around``: a zone's moves come together)."""
        blocked = HeuristicBot._blocked(game)
        if not blocked.rows:
            return []
        chip, near, wanted = game.chip, blocked.near, blocked.wanted
        out = []
        last, whole, around = -1, False, None
        for i in range(kinds.index("replace"), len(kinds)):
            if kinds[i] != "replace":
                continue
            action = legal[i]
            y = action[3]
            if y != last:  # a zone's moves come together: what it changes is worked out once
                assert y is not None
                last = y
                # Touching no blocked zone, the zone leaves what they ask: is the old tile wanted?
                around = HeuristicBot._around(game, y, blocked) if y in near else None
                whole = around is None and bool(wanted >> ((chip[y] & 31) << 1) & 3)
            if whole or (around is not None and HeuristicBot._unblocks(around, action)):
                out.append(i)
        return out

    def _daily_best(self, game: RelizGame, legal: list[Action]) -> list[int]:
        """The daily event's moves scoring the most (``_daily_scores``), as indices of
        ``legal``: most events score 0 on every target, less than "keep" (Blitz)."""
        code = _CODES.get(legal[0].card or 0, "")
        if code not in _AIMED_DAILY:
            return [len(legal) - 1] if legal[-1].kind == "keep" else list(range(len(legal)))
        return _top(self._daily_scores(game, legal, code))

    @staticmethod
    def _place_score(game: RelizGame, z: int) -> float:
        """The score of any tile placed into zone ``z``: 10, and 1 for each filled neighbour,
        and 6 for a RELEASE (an integration or card zone, or the last empty zone of a block)."""
        chip = game.chip
        score = 10.0
        for link in game.zlinks[z]:
            if chip[link[1]]:
                score += 1
        if game.zkind[z] != BLOCK:
            return score + 6
        empty = 0
        for y in game.blocks[game.zblock[z]]["zones"]:
            if not chip[y]:
                empty += 1
        return score + 6 if empty == 1 else score

    @staticmethod
    def _swap_score(action: Action) -> float:
        """Tender's rule 7 (a swap, or a block added): the block card with the fewest zones to
        fill, then the most ports.

        >>> HeuristicBot._swap_score(Action("swap", 0, card=8, target=4))  # 4 zones, 4 ports
        -3.6
        """
        block = BLOCKS[action.card or 0]
        return -float(block.size) + 0.1 * len(block.ports)

    @staticmethod
    def _blocked(game: RelizGame) -> Blocked:
        """The empty zones no tile can fill now, and the tiles of the bot's set on the board:
        a zone is blocked when two of its neighbours ask different pips of one half, or when
        every tile that fits it lies on the board (the rulebook's dead end, Q12)."""
        need, zfit, znear, filled = game.need, game.zfit, game.znear, game.chip
        bits, taken = _TILE_BITS, 0
        empty = []
        if game.teams_mode:
            own = game.turn_player
            for z, chip in enumerate(filled):
                if chip:
                    if chip >> SET_BITS == own:
                        taken |= bits[chip & 31]
                elif need[z][4] == 1:
                    empty.append(z)
        else:
            for z, chip in enumerate(filled):
                if chip:
                    taken |= bits[chip & 31]
                elif need[z][4] == 1:
                    empty.append(z)
        zlinks = game.zlinks
        rows = []
        near: set[int] = set()
        wanted = 0
        for z in empty:
            if not zfit[z] & ~taken:
                rows.append(([link for link in zlinks[z] if filled[link[1]]],
                             need[z][:2].count(-2), FIT[game.zdouble[z]]))
                near.update(znear[z][2])
                wanted |= zfit[z]
        return Blocked(rows, taken, near, wanted)

    @staticmethod
    def _around(game: RelizGame, y: int, blocked: Blocked) -> Around:
        """What a tile replaced in zone ``y`` changes for the blocked zones: the tiles of the
        bot's set on the board with ``y``'s gone, and each blocked zone's asks from its other
        filled neighbours, with the links to ``y`` left to fill in (see ``Around``)."""
        pips = game.pips
        rows = []
        for links, conflicts, fit in blocked.rows:
            asks = [-1, -1]
            at_y = []
            for h, oz, oh in links:
                if oz == y:
                    at_y.append((h, oh))
                    continue
                pip = pips[oz][oh]
                asks[h] = pip if asks[h] in (-1, pip) else -2
            rows.append((asks[0], asks[1], at_y, conflicts, fit))
        return blocked.taken & ~(3 << ((game.chip[y] & 31) << 1)), rows

    @staticmethod
    def _unblocks(around: Around, action: Action) -> bool:
        """Whether replacing a tile by ``action`` (into a zone touching a blocked zone) brings
        a blocked zone nearer a tile that fits: fewer of its halves asked different pips by its
        neighbours, or, with none, a tile that fits off the board (the old tile back in the
        stock, the new one on it)."""
        tile = action[2]
        assert tile is not None
        low, high = TILE_PIPS[tile]
        if action[4]:  # turned round: its half 1 shows the high pips
            low, high = high, low
        taken_y, rows = around
        taken = taken_y | 3 << (tile << 1)
        for ask0, ask1, at_y, conflicts, fit in rows:
            for h, oh in at_y:
                pip = high if oh else low
                if h:
                    ask1 = pip if ask1 in (-1, pip) else -2
                else:
                    ask0 = pip if ask0 in (-1, pip) else -2
            if (ask0 == -2) + (ask1 == -2) < conflicts or fit[ask0][ask1] & ~taken:
                return True
        return False

    @staticmethod
    def _daily_scores(game: RelizGame, legal: list[Action], code: str) -> list[float]:
        """The daily event must be played: the score of each of its moves (``legal``), aimed
        where it hurts the bot least; "keep" scores as ``_FIXED`` says. ``code`` is one of
        ``_AIMED_DAILY``: Dream scores minus the filled zones of the block, Refactoring -1 on
        an integration or card zone (0 on a block's), a harmful card 1 on an opponent (-1 on
        the bot itself)."""
        chip, zkind, blocks = game.chip, game.zkind, game.blocks
        scores: list[float] = []
        for action in legal:
            kind, p, _card, t = action[:4]
            if kind != "play":
                scores.append(_FIXED[kind])
            elif t is None:
                scores.append(0.0)
            elif code == "dream":
                scores.append(-sum(1 for z in blocks[t]["zones"] if chip[z]))
            elif code == "refactoring":
                scores.append(-1.0 if zkind[t] != BLOCK else 0.0)
            else:
                scores.append(1.0 if t != p else -1.0)
        return scores


__all__ = ["PARTNER", "PLAY", "HeuristicBot", "RandomBot"]
