""""Pick one at random" for a printed deck: a card a real draw could give, never a card the engine
believes is elsewhere (while another is possible), and never from the game's own random source."""

import copy
from random import Random

import pytest

from devgames import game_module
from devgames.core.actions import CHANCE
from devgames.core.bots import MISMATCH, RandomBot, likely_entry
from devgames.core.session import Session

GAMES = ("scrumkin", "itstartup", "release", "exploding", "reliz")


@pytest.mark.parametrize("name", GAMES)
def test_random_entries_agree_with_the_engine_and_replay(name: str) -> None:
    module = game_module(name)
    game = module.new_game(["Ada", "Bob", "Cy"], seed=5, deck="physical")
    players, picks = RandomBot(seed=3), Random(4)
    entries = 0
    while not game.is_over and entries < 60:
        if game.current_player == CHANCE:
            before = copy.deepcopy(game.rng.getstate())
            entry = likely_entry(game, picks)
            assert entry is not None and game.rng.getstate() == before
            seen = len(game.events)
            game.apply(entry)
            assert all(event.kind != MISMATCH for event in game.events[seen:]), entry
            entries += 1
        else:
            game.apply(players.choose(game))
    assert entries > 10 or game.is_over
    replayed = Session.from_json(game.session().to_json()).replay()
    assert replayed.snapshot() == game.snapshot()


def test_no_entry_when_no_card_is_awaited() -> None:
    game = game_module("scrumkin").new_game(["Ada", "Bob"], seed=1)
    assert likely_entry(game, Random(1)) is None
