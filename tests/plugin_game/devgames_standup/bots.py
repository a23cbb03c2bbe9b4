"""Stand-up's bots: the heuristic closes the most tasks it can, and blocks the leader."""

from random import Random
from typing import Any

from devgames.core.actions import Action, given
from devgames.core.bots import RandomBot
from devgames_standup.cards import CARDS


class HeuristicBot:
    """Plays Pairing, then Done; a Blocker at whoever has closed the most tasks."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, game: Any) -> Action:
        def worth(action: Action) -> tuple[int, int]:
            card = CARDS[given(action.card)]
            blocks = game.done[action.target] if card.aimed else -1
            return card.closes, blocks

        return max(game.legal_actions(), key=worth)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
