"""The engine's shortcuts agree with the long way round: listed moves against equal copies of
them, the table of card values against the cards' own figures, ``is_over`` against the phase."""

from random import Random

import pytest

from devgames.core.actions import Action
from devgames.scrumkin import CARDS, new_game
from devgames.scrumkin.cards import SCRUM_OF_SCRUMS, scrum_of_scrums_value
from devgames.scrumkin.game import ScrumkinGame
from devgames.scrumkin.rules import OVER


def reference_values(game: ScrumkinGame) -> list[list[tuple[int, int]]]:
    """Each team's cards in play with their values, worked out from the cards' own figures."""
    holders = [not SCRUM_OF_SCRUMS.isdisjoint(cards) for cards in game.table]
    return [
        [(card, scrum_of_scrums_value(holders, p) if card in SCRUM_OF_SCRUMS
          else CARDS[card].value_at(age) or 0)
         for card, age in zip(cards, game.ages[p], strict=True)]
        for p, cards in enumerate(game.table)
    ]


@pytest.mark.parametrize("options", [
    {},
    {"rulebook": "collaborative", "counter_chains": True},
    {"counter_asks": "holders", "drop_against_bugs": True},
    {"deck": "physical"},
])
def test_listed_moves_and_equal_copies_play_the_same_game(options: dict[str, object]) -> None:
    for seed in range(6):
        listed = new_game(["A", "B", "C", "D"], seed=seed, **options)
        copied = new_game(["A", "B", "C", "D"], seed=seed, **options)
        rng = Random(seed)
        while not listed.is_over:
            action = rng.choice(listed.legal_actions())
            assert copied.legal_actions() == listed.legal_actions()
            listed.apply(action)
            copied.apply(Action(*action))  # equal, but not the object the engine listed
            assert copied.snapshot() == listed.snapshot()
        assert copied.events == listed.events and copied.rounds == listed.rounds


def test_values_in_play_beyond_the_prepared_ages() -> None:
    # A game long enough for permanent cards to grow older than the table of values prepared.
    game = new_game(["A", "B", "C"], seed=4, rulebook="collaborative", backlog=99, board=99,
                    collaborative_sprints=90)
    rng = Random(4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        assert game.values_in_play() == reference_values(game)
    assert game.sprint > 70


def test_is_over_follows_the_phase_through_undo() -> None:
    game = new_game(["A", "B"], seed=3, backlog=2)
    rng = Random(3)
    while not game.is_over:
        assert game.phase != OVER
        game.apply(rng.choice(game.legal_actions()))
    assert game.phase == OVER
    game.undo()
    assert not game.is_over and game.phase != OVER
