"""РЕЛИЗ's bots: registered, always legal, seeded, and the heuristic bot plays better than chance;
metrics rows for every seat after every turn."""

import random

import pytest

from devgames import reliz
from devgames.core.actions import Action
from devgames.core.bots import play_out
from devgames.reliz.turns import ROUND_FIELDS
from tests.reliz.helpers import NAMES, SEATS


def test_the_bots_are_registered() -> None:
    assert set(reliz.BOTS) == {"random", "heuristic"}
    assert reliz.SPEC.bots["heuristic"] is reliz.BOTS["heuristic"]


@pytest.mark.parametrize("scenario", list(SEATS))
def test_the_heuristic_bot_only_picks_legal_moves_and_finishes(scenario: str) -> None:
    n = SEATS[scenario]
    game = reliz.new_game(NAMES[:n], seed=4, scenario=scenario, turn_cap=120)
    bots = {seat: reliz.BOTS["heuristic"](seat) for seat in range(n)}
    while not game.is_over:
        action = bots[game.current_player or 0].choose(game)
        assert action in game.legal_actions()
        game.apply(action)
    assert game.rounds and set(game.rounds[0]) == set(ROUND_FIELDS)
    assert len(game.rounds) % n == 0  # one row per seat at the end of every turn


def test_a_seed_gives_the_same_game() -> None:
    def play(seed: int) -> list[Action]:
        game = reliz.new_game(["Ada", "Bob"], seed=seed, turn_cap=80)
        play_out(game, {0: reliz.BOTS["heuristic"](1), 1: reliz.BOTS["random"](2)})
        return game.log

    assert play(7) == play(7)
    random.seed(99)
    assert play(7) == play(7)


def test_the_heuristic_bot_beats_the_random_bot_in_duels() -> None:
    wins = {"H": 0, "R": 0}
    for seed in range(20):
        game = reliz.new_game(["H", "R"], seed=seed, turn_cap=150)
        play_out(game, {0: reliz.BOTS["heuristic"](seed), 1: reliz.BOTS["random"](seed)})
        for name in game.winners:
            wins[name] += 1
    assert wins["H"] >= 4 and wins["H"] > 2 * wins["R"]


def test_rows_count_tiles_zones_and_events_per_seat() -> None:
    game = reliz.new_game(["Ada", "Bob"], seed=3, turn_cap=60)
    play_out(game, {0: reliz.BOTS["heuristic"](1), 1: reliz.BOTS["heuristic"](2)})
    rows = game.rounds
    assert [row["player"] for row in rows[:2]] == ["Ada", "Bob"]
    last = {row["player"]: row for row in rows}
    # every filled zone was filled by someone's placement (replacements do not count)
    assert sum(row["tiles_placed_total"] for row in last.values()) >= last["Ada"]["zones_done"]
    assert all(row["zones_total"] >= row["zones_done"] for row in rows)
    assert max(row["events_drawn"] for row in rows) > 0
    assert game.summary()["zones_filled"] == sum(1 for c in game.chip if c)
