"""Hidden information in РЕЛИЗ: twin games that differ only in what one seat cannot see (the
tiles in other hands, and their order) must look the same to that seat, move after move
(``devgames.core.harness.play_twins``)."""

from collections.abc import Hashable
from typing import Any

import pytest

from devgames.core.actions import Action
from devgames.core.game import Game
from devgames.core.harness import InvariantError, play_twins
from devgames.reliz import RelizGame
from tests.reliz.helpers import new, settle

CASES = [("duel", s) for s in range(8)] + [("every_man", s) for s in range(6)] + [
    ("team", s) for s in range(6)]


def public_key(game: Game, action: Action, seat: int) -> Hashable:
    """What ``seat`` sees of a move. A move that can show or move a hidden tile carries what it
    shows (the tiles of the hand it touches, the stock when tiles go back to it), so it is only
    played when both twins agree."""
    assert isinstance(game, RelizGame)
    stock = tuple(sorted(game.pool[0]))
    if action.kind == "play" and action.target is not None and 0 <= action.target < game.n:
        return (action, stock, tuple(sorted(game.hands[action.target])))
    return (action, stock, tuple(sorted(game.hands[action.player])) if action.kind == "end"
            else None)


def twins(scenario: str, seed: int) -> tuple[RelizGame, RelizGame, int]:
    """Two games where the last seat's hand and the next one's swap a tile (or, with two
    seats, where the other seat's hand is in another order)."""
    first, second = settle(new(scenario, seed=seed)), settle(new(scenario, seed=seed))
    watcher = first.turn_player
    others = [q for q in range(first.n) if q != watcher and second.hands[q]]
    if len(others) >= 2 and second.hands[others[0]] and second.hands[others[1]]:
        a, b = others[0], others[1]
        second.hands[a][0], second.hands[b][0] = second.hands[b][0], second.hands[a][0]
    elif others:
        second.hands[others[0]].reverse()
    return first, second, watcher


@pytest.mark.parametrize(("scenario", "seed"), CASES)
def test_a_seat_cannot_tell_apart_games_that_differ_in_other_hands(scenario: str,
                                                                   seed: int) -> None:
    first, second, watcher = twins(scenario, seed)
    assert first.hands[watcher] == second.hands[watcher]
    play_twins(first, second, watcher, public_key, seed=seed, max_actions=200)


def test_a_view_that_shows_another_hand_is_caught() -> None:
    class Leaky(RelizGame):
        # A leak the view's type does not allow, on purpose: the twins must catch it.
        def view(self, player: int | str | None) -> dict[str, Any]:  # type: ignore[override]
            return {**super().view(player), "bob": sorted(self.hands[1])}

    seed = next(s for s in range(50) if all(settle(new("every_man", seed=s)).hands))
    first, second = settle(new("every_man", seed=seed)), settle(new("every_man", seed=seed))
    second.hands[1][0], second.hands[2][0] = second.hands[2][0], second.hands[1][0]
    for game in (first, second):
        game.__class__ = Leaky
    with pytest.raises(InvariantError, match="can tell the twins apart"):
        play_twins(first, second, first.turn_player, public_key, seed=1)
