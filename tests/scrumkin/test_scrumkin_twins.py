"""Hidden information in Scrumkin: twin games that differ only in what one team cannot see look the
same to that team, move after move (``devgames.core.harness.play_twins``).

The twins are physical-deck games dealt the same cards, the hands of the other teams mixed
differently. Every move is then the same in both (a card played is public; a dropped card is
only played when both twins hold it), so the twins differ in the other hands all game long.
"""

import random
from collections.abc import Hashable
from typing import Any

import pytest

from devgames.core.actions import CHANCE, Action
from devgames.core.game import Game
from devgames.core.harness import InvariantError, play_twins
from devgames.scrumkin import ScrumkinGame, new_game

TWINS = 60


def same_move(game: Game, action: Action, seat: int) -> Hashable:
    """Every Scrumkin move is shown to the table (a dropped card too, face down): the twins make
    the same moves. Every card can be entered, but the twins never enter one the watching team
    holds: that team would see the mistake (the card it trades places with is the deck's)."""
    assert isinstance(game, ScrumkinGame)
    if action.kind == "deal" and action.card in game.hands[seat]:
        return ("held", id(game))
    return action


def make_twins(seed: int, **options: Any) -> tuple[ScrumkinGame, ScrumkinGame, int]:
    """Two physical-deck games of 2-6 teams and the team watching them."""
    rng = random.Random(seed)
    teams = 2 + seed % 5
    names = [f"T{i + 1}" for i in range(teams)]
    seat = rng.randrange(teams)
    probe = new_game(names, seed=seed, deck="physical", **options)
    size = 3
    cards = rng.sample(sorted(probe.deck), size * teams)
    hands = [cards[p * size:(p + 1) * size] for p in range(teams)]
    others = [p for p in range(teams) if p != seat]
    mixed = [card for p in others for card in hands[p]]
    rng.shuffle(mixed)
    twin_hands = list(hands)
    for i, p in enumerate(others):
        twin_hands[p] = mixed[i * size:(i + 1) * size]
    games = []
    for dealt in (hands, twin_hands):
        game = new_game(names, seed=seed, deck="physical", **options)
        for hand in dealt:
            for card in hand:
                game.apply(Action("deal", CHANCE, card=card))
        games.append(game)
    return games[0], games[1], seat


@pytest.mark.slow
def test_a_team_cannot_tell_twin_games_apart() -> None:
    moves = 0
    for seed in range(TWINS):
        first, second, seat = make_twins(seed)
        assert first.hands != second.hands or len(first.players) == 2
        moves += play_twins(first, second, seat, same_move, seed)
    assert moves > TWINS * 20


def test_asking_only_the_holders_of_a_counter_is_told_apart() -> None:
    """``counter_asks="holders"`` is the quick option that shows who holds a defensive card."""
    with pytest.raises(InvariantError, match="may counter"):
        for seed in range(30):
            first, second, seat = make_twins(seed, counter_asks="holders")
            play_twins(first, second, seat, same_move, seed)
