"""РЕЛИЗ bots: the random bot and a heuristic bot that plays like a tidy developer.

The heuristic bot reads only what its seat may know: the board, its own hand and event cards, and
the public counts. It never looks at another hand or at the order of the stock or the decks.
"""

from random import Random

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
        self.can_place = any(action.kind == "place" for action in legal)
        scored = [(self._score(game, action), self.rng.random(), i)
                  for i, action in enumerate(legal)]
        best = max(scored)
        return legal[best[2]]

    def _score(self, game: RelizGame, action: Action) -> float:
        kind, p = action.kind, action.player
        if kind == "place":
            z = action.target
            assert z is not None
            score = 10.0 + sum(1 for _h, oz, _oh in game.zlinks[z] if game.chip[oz])
            if game.zkind[z] != BLOCK:
                score += 6
            else:
                zones = game.blocks[game.zblock[z]]["zones"]
                if sum(1 for y in zones if not game.chip[y]) == 1:
                    score += 6
            return score
        if kind == "play":
            code = EVENTS[action.card or 0].code if action.card in EVENTS else ""
            if game.phase == DAILY:
                return self._daily_score(game, action, code)
            if code in HELPFUL:
                return 8.0
            if code in HARMFUL and action.target is not None and action.target != p:
                return 5.0 + len(game.hands[action.target]) * 0.1
            if code == "crutch":
                return 1.0
            return -1.0
        if kind == "keep":
            return 0.5
        if kind in ("end", "back"):
            return 0.0
        if kind == "link":
            return 9.0
        if kind == "replace" and not self.can_place and self._unblocks(game, action):
            return 1.0
        return -2.0  # replace, rotate, call: only when nothing else

    @staticmethod
    def _unblocks(game: RelizGame, action: Action) -> bool:
        """True if the zone replaced touches an empty zone that no tile can fit now (two of
        its neighbours ask for different pips on one half)."""
        z = action.target
        assert z is not None
        return any(not game.chip[oz] and -2 in game.need[oz][:2]
                   for _h, oz, _oh in game.zlinks[z])

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
