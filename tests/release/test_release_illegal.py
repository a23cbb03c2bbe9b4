"""Illegal moves and bad set-ups in Release!: a typed error, a sentence for the room, and nothing
changed."""

from typing import Any

import pytest

from devgames.core.actions import CHANCE, Action
from devgames.core.errors import IllegalMove, SetupError
from devgames.release import ReleaseGame, new_game
from tests.refusals import assert_readable, assert_refused
from tests.release.helpers import iteration, scripted

ABC = ["Ada", "Bob", "Cy"]


def table() -> ReleaseGame:
    """Ada leads; Bob's only Doors card is Kathy Sierra; Cy holds every Birds card."""
    return scripted(ABC, "Senior Level Development",
                    {"Ada": ["5 of Doors", "Kenji Hiranabe"], "Bob": ["Kathy Sierra"]},
                    leader="Ada")


def test_not_your_turn() -> None:
    game = table()
    assert not game.can_commit("Bob", "Kathy Sierra")
    assert_refused(game, lambda: game.commit("Bob", "Kathy Sierra"), "not_your_turn", "Ada",
                   "Bob")


def test_a_card_not_held() -> None:
    game = table()
    assert_refused(game, lambda: game.commit("Ada", "Kathy Sierra"), "card_not_in_hand",
                   "Ada", "Kathy Sierra")


def test_follow_suit() -> None:
    game = table()
    game.commit("Ada", "5 of Doors")
    assert not game.can_commit("Bob", "3 of Fruits")
    assert_refused(game, lambda: game.commit("Bob", "3 of Fruits"), "follow_suit", "Bob",
                   "Doors")


def test_unknown_cards_players_and_moves() -> None:
    game = table()
    assert_refused(game, lambda: game.apply(Action("commit", 0, card=999)), "unknown_card",
                   "999")
    assert_refused(game, lambda: game.apply(Action("commit", 0)), "card_expected", "commit")
    assert_refused(game, lambda: game.apply(Action("commit", 7, card=1)), "unknown_player")
    assert_refused(game, lambda: game.apply(Action("juggle", 0)), "unknown_action", "juggle")
    assert_refused(game, lambda: game.apply(Action("commit", 0, card=4, target=1)),
                   "bad_action", "target")
    with pytest.raises(IllegalMove, match="no card called 'Banana'"):
        game.commit("Ada", "Banana")
    assert not game.can_commit("Ada", "Banana") and not game.can_commit("Zed", "5 of Doors")


def test_a_move_of_another_phase() -> None:
    game = table()
    assert_refused(game, lambda: game.decline("Ada"), "wrong_move", "Ada leads")
    assert_refused(game, lambda: game.pass_card("Ada", "5 of Doors"), "wrong_move")
    assert_refused(game, lambda: game.lead("Ada", "Ada"), "wrong_move")
    assert_refused(game, lambda: game.swap("Ada", "5 of Doors", "Bob"), "wrong_move")
    assert_refused(game, lambda: game.deal("5 of Doors"), "no_card_expected", "Ada")


def test_a_reveal_that_is_not_open() -> None:
    game = table()
    iteration(game, "5 of Doors", "Kathy Sierra", "9 of Birds")  # Bob wins
    assert game.phase == "commit" and game.turn == 1  # Ada's Hiranabe waits for her own win
    assert not game.can_reveal("Ada", "Kenji Hiranabe", 0)
    assert_refused(game, lambda: game.apply(Action("reveal", 0, card=34, count=0)),
                   "not_your_turn")
    assert_refused(game, lambda: game.apply(Action("reveal", 1, card=34, count=0)),
                   "wrong_move", "Bob leads")


def test_a_reveal_names_a_card_of_the_iteration() -> None:
    game = scripted(ABC, "Waterfall", {"Ada": ["8 of Doors", "Kenji Hiranabe"],
                                       "Bob": ["2 of Doors"], "Cy": ["3 of Doors"]},
                    leader="Ada")
    iteration(game, "8 of Doors", "2 of Doors", "3 of Doors")
    assert game.current_player == 0
    assert_refused(game, lambda: game.apply(Action("reveal", 0, card=34, count=3)),
                   "bad_position", "0 to 2")
    assert_refused(game, lambda: game.reveal("Ada", "Kenji Hiranabe", "Gene Kim"),
                   "not_committed", "Gene Kim")
    assert_refused(game, lambda: game.reveal("Ada", "8 of Doors", 0), "cannot_reveal")


def test_a_swap_needs_an_artifact_and_another_player_with_artifacts() -> None:
    from tests.release.test_release_rules import kent_game, win_two_iterations

    game = kent_game()
    win_two_iterations(game)
    game.commit("Bob", "5 of Doors")
    game.commit("Cy", "6 of Doors")
    game.commit("Ada", "Kent Beck")
    assert game.phase == "swap"
    assert_refused(game, lambda: game.swap("Ada", "Gene Kim", "Bob"), "not_in_artifacts",
                   "Gene Kim")
    assert_refused(game, lambda: game.swap("Ada", "2 of Doors", "Ada"), "bad_target")
    assert_refused(game, lambda: game.swap("Ada", "2 of Doors", "Cy"), "no_artifacts", "Cy")
    assert_refused(game, lambda: game.commit("Ada", "4 of Doors"), "wrong_move", "Kent Beck")


def test_the_lead_is_a_teammate_and_cards_entered_are_in_the_deck() -> None:
    game = new_game(["Ada", "Bob", "Cy", "Dee"], seed=4, deck="physical")
    assert_refused(game, lambda: game.commit("Ada", "5 of Doors"), "card_expected")
    assert_refused(game, lambda: game.deal("5 of Doors"), "card_not_in_deck", "5 of Doors")
    game.deal("Waterfall")
    assert_refused(game, lambda: game.deal("Hotfix"), "card_not_in_deck", "Hotfix")
    for card in sorted(game.pool.elements()):
        game.deal(card)
    assert_refused(game, lambda: game.deal("5 of Doors"), "not_tied", "coin toss")
    assert_refused(game, lambda: game.lead("Ada", "Cy"), "card_expected")
    game.coin_toss("Bob")
    chooser = game.chooser
    other = next(q for q in range(4) if game.team_of[q] != game.team_of[chooser])
    assert_refused(game, lambda: game.lead(chooser, other), "not_a_teammate")


def test_after_the_end_every_move_is_refused() -> None:
    from devgames.core.bots import RandomBot, play_out

    game = new_game(ABC, seed=1, releases=1)
    play_out(game, {p: RandomBot(p) for p in range(3)})
    assert game.is_over and not game.legal_actions()
    assert_refused(game, lambda: game.commit("Ada", 1), "game_over")
    assert "over" in game.waiting_for


@pytest.mark.parametrize(("players", "options", "message"), [
    (["Ada"], {}, "2 to 10 players"),
    ([f"P{i}" for i in range(11)], {}, "2 to 10 players"),
    (["Ada", "Bob", "Cy"], {"decks": 2}, "Two play decks"),
    ([f"P{i}" for i in range(6)], {"decks": 1}, "One play deck"),
    (["Ada", "Bob"], {"style": "solo"}, "Option 'style' must be one of rulebook or remote"),
    (["Ada", "Bob"], {"releases": 0}, "1 to 36 releases"),
    (["Ada", "Bob"], {"points_target": -5}, "points target"),
    (["Ada", "Bob"], {"bogus": 1}, "Unknown option 'bogus'"),
])
def test_bad_set_ups_are_refused_with_a_sentence(players: list[str], options: dict[str, Any],
                                                 message: str) -> None:
    with pytest.raises(SetupError, match=message) as caught:
        new_game(players, **options)
    assert_readable(str(caught.value))


def test_a_chance_move_out_of_place() -> None:
    game = table()
    assert_refused(game, lambda: game.apply(Action("deal", CHANCE, card=1)), "no_card_expected")
