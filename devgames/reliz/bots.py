"""РЕЛИЗ bots: the random bot and a heuristic bot that plays like a tidy developer.

The heuristic bot reads only what its seat may know: the board, its own hand and event cards, and
the public counts. It never looks at another hand or at the order of the stock or the decks.
"""

from itertools import compress, count, repeat, starmap
from operator import attrgetter, eq, is_, not_
from random import Random
from typing import cast

from devgames.core.actions import Action
from devgames.core.bots import RandomBot
from devgames.reliz.cards import EVENTS
from devgames.reliz.game import RelizGame
from devgames.reliz.terms import ATTACH, BLOCK, DAILY, PARTNER, PLAY

#: Event cards the bot plays on itself as soon as it can (they only help).
HELPFUL = frozenset({"insight", "lib", "showoff", "flowstate", "teamlead", "coffee", "weekend",
                     "emergency", "superman"})
#: Event cards the bot aims at an opponent.
HARMFUL = frozenset({"claim", "disease", "water", "audit", "take_project"})


#: The score of each kind of move that scores the same whatever its target (rotate and call:
#: only when nothing else). Tiles and event cards are scored by ``HeuristicBot._tile_score`` and
#: ``HeuristicBot._play_score``.
_FIXED = {"keep": 0.5, "end": 0.0, "back": 0.0, "link": 9.0, "rotate": -2.0, "call": -2.0}
#: The score of the moves that cannot be the best while a tile can be placed.
_OUTRANKED = float("-inf")
_KIND = attrgetter("kind")
_CODES = {c: card.code for c, card in EVENTS.items()}


class HeuristicBot:
    """Places the tile that closes the most (a RELEASE first, then a zone with the most filled
    neighbours), plays helpful cards at once and harmful ones on the opponent with the most
    tiles, never clears its own work with a card when it can help it, and ends the turn when
    nothing useful is left. Ties go to its own seeded random source.

    >>> from devgames import reliz
    >>> from devgames.core.bots import play_out
    >>> game = reliz.new_game(["Ada", "Bob"], seed=2, turn_cap=80)
    >>> play_out(game, {0: HeuristicBot(1), 1: HeuristicBot(2)}) > 0 and game.is_over
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)
        self.can_place = False

    def choose(self, game: RelizGame) -> Action:
        legal = game.legal_actions()
        if game.phase == ATTACH:
            return self.rng.choice(legal)
        # One random draw a move, in order, whatever the scores: the ties' breakers.
        draws = list(starmap(self.rng.random, repeat((), len(legal))))
        scores = self._scores(game, legal)
        top = max(scores)
        # The best score, then the highest draw (then the last move) among the moves scoring it.
        _draw, best = max(compress(zip(draws, count()), map(eq, scores, repeat(top))))
        return legal[best]

    def _scores(self, game: RelizGame, legal: list[Action]) -> list[float]:
        """The score of each move of ``legal``. A tile placed scores 10 or more and any other
        move less, so while a tile can be placed the others are not scored (``_OUTRANKED``);
        the moves whose kind gives their score (``_FIXED``) are not scored one by one, and every
        tile into a zone scores the same."""
        kinds = list(map(_KIND, legal))
        self.can_place = "place" in kinds
        scores: list[float | None] = (
            [None if kind == "place" else _OUTRANKED for kind in kinds] if self.can_place
            else list(map(_FIXED.get, kinds)))
        zones: dict[int, float] = {}  # the score of a tile placed into a zone
        unblocking: set[int] | None = None  # see _unblocking, worked out at the first replace
        for i in compress(count(), map(is_, scores, repeat(None))):  # place, replace, play
            kind, action = kinds[i], legal[i]
            if kind == "play":
                scores[i] = self._play_score(game, action)
                continue
            z = action.target
            assert z is not None
            if kind == "replace":  # only when nothing else, or when it unblocks a zone
                if unblocking is None:
                    unblocking = self._unblocking(game)
                scores[i] = 1.0 if z in unblocking else -2.0
                continue
            value = zones.get(z)
            if value is None:
                value = zones[z] = self._place_score(game, z)
            scores[i] = value
        return cast(list[float], scores)

    @staticmethod
    def _place_score(game: RelizGame, z: int) -> float:
        """The score of any tile placed into zone ``z``: 10, and 1 for each filled neighbour,
        and 6 for a RELEASE (an integration or card zone, or the last empty zone of a block)."""
        score = 10.0 + sum(1 for _h, oz, _oh in game.zlinks[z] if game.chip[oz])
        if game.zkind[z] != BLOCK:
            score += 6
        else:
            zones = game.blocks[game.zblock[z]]["zones"]
            if sum(1 for y in zones if not game.chip[y]) == 1:
                score += 6
        return score

    def _play_score(self, game: RelizGame, action: Action) -> float:
        """The score of an event card played."""
        code = _CODES.get(action.card or 0, "")
        if game.phase == DAILY:
            return self._daily_score(game, action, code)
        if code in HELPFUL:
            return 8.0
        if code in HARMFUL and action.target is not None and action.target != action.player:
            return 5.0 + len(game.hands[action.target]) * 0.1
        if code == "crutch":
            return 1.0
        return -1.0

    @staticmethod
    def _unblocking(game: RelizGame) -> set[int]:
        """The zones whose tile, replaced, may unblock a zone: those touching an empty zone
        that no tile can fit now (two of its neighbours ask for different pips on one half)."""
        need, zlinks = game.need, game.zlinks
        out: set[int] = set()
        for z in compress(count(), map(not_, game.chip)):
            if need[z][0] == -2 or need[z][1] == -2:
                out.update(oz for _h, oz, _oh in zlinks[z])  # (a link goes both ways)
        return out

    @staticmethod
    def _daily_score(game: RelizGame, action: Action, code: str) -> float:
        """The daily event must be played: aim it where it hurts the bot least."""
        t = action.target
        p = action.player
        if code in ("dream",) and t is not None:
            zones = game.blocks[t]["zones"]
            return -sum(1 for z in zones if game.chip[z])
        if code == "refactoring" and t is not None:
            return -1.0 if game.zkind[t] != BLOCK else 0.0
        if code in HARMFUL and t is not None:
            return 1.0 if t != p else -1.0
        if code == "give_project":
            return 0.0
        return 0.0


__all__ = ["PARTNER", "PLAY", "HeuristicBot", "RandomBot"]
