"""Games played to their end by heuristic bots, shared by the chart and debrief tests."""

from typing import Any

from devgames.core.bots import play_out

TEAMS = ["Red", "Blue", "Green"]
PLAYERS = ["Ada", "Bob", "Cy"]


def played(module: Any, players: list[str], seed: int, **options: Any) -> Any:
    """A game played to its end by heuristic bots."""
    game = module.new_game(players, seed=seed, **options)
    play_out(game, {seat: module.BOTS["heuristic"](seat) for seat in range(len(players))})
    return game
