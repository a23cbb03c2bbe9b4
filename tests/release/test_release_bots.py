"""Release! bots: legal, seeded, finishing every table size, and the heuristic plays by the Tools
& Methods card (follows suit low, wins iterations worth having, loses those that cost)."""

import pytest

from devgames.core.bots import RandomBot, play_out
from devgames.release import BOTS, new_game
from devgames.release.bots import HeuristicBot, card_value
from devgames.release.cards import BASE
from tests.release.helpers import scripted

ABC = ["Ada", "Bob", "Cy"]
BOBS = ["2 of Doors", "8 of Doors", "Kent Beck", "Linda Rising"]


@pytest.mark.parametrize("players", range(2, 11))
@pytest.mark.parametrize("kind", sorted(BOTS))
def test_bots_finish_every_table_size(kind: str, players: int) -> None:
    game = new_game([f"P{i}" for i in range(players)], seed=players, releases=2)
    play_out(game, {p: BOTS[kind](p) for p in range(players)})
    assert game.is_over and game.winners


def test_a_seeded_bot_plays_the_same_game_twice() -> None:
    logs = []
    for _ in range(2):
        game = new_game(ABC, seed=4, releases=2, deck="physical")
        play_out(game, {p: HeuristicBot(p) for p in range(3)}, chance=RandomBot(9))
        logs.append(game.log)
    assert logs[0] == logs[1]


def test_the_heuristic_bot_beats_random_bots() -> None:
    mine, theirs, wins = 0, 0, 0
    games = 40
    for seed in range(games):
        game = new_game(ABC, seed=seed)
        play_out(game, {0: HeuristicBot(seed), 1: RandomBot(seed + 1), 2: RandomBot(seed + 2)})
        mine += game.scores[0]
        theirs += game.scores[1] + game.scores[2]
        wins += "Ada" in game.winners
    assert mine > theirs / 2 and wins > games / 3


def test_it_wins_with_its_lowest_winning_card_when_winning_pays() -> None:
    game = scripted(ABC, "Continuous Integration",
                    {"Ada": ["9 of Doors"], "Bob": BOBS},
                    leader="Ada")
    game.commit("Ada", "9 of Doors")
    # Winning pays (+1 an iteration): Bob wins with his lowest winning card, not Kent Beck's 11.
    assert game.describe(HeuristicBot(1).choose(game)) == "Bob commits Linda Rising (10 of Doors)"


def test_it_ducks_an_iteration_that_would_cost() -> None:
    game = scripted(ABC, "Waterfall",
                    {"Ada": ["9 of Doors"], "Bob": BOBS},
                    leader="Ada")
    game.commit("Ada", "9 of Doors")
    # Every iteration won costs: Bob loses with his highest card under the 9.
    assert game.describe(HeuristicBot(1).choose(game)) == "Bob commits 8 of Doors"


def test_card_values_follow_the_tools_and_methods_card() -> None:
    zealot = next(m for m in BASE.methods.values() if m.name == "Platform Zealot: Birds")
    values = {BASE.cards[c].label: card_value(BASE.cards[c], zealot) for c in (1, 25, 35)}
    assert values == {"2 of Doors": -1.0, "2 of Birds": 1.0, "Patrick Debois (12 of Birds)": 2.0}
