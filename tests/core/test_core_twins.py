"""The twin check of the core harness: two games that differ only in what one seat cannot see must
show that seat the same thing. These tests check the check itself, on Scrumkin games."""

from typing import Any

import pytest

from devgames import scrumkin
from devgames.core.actions import CHANCE, Action
from devgames.core.game import Game
from devgames.core.harness import InvariantError, play_twins, seen_by
from devgames.scrumkin import ScrumkinGame

TEAMS = ["Red", "Blue", "Green"]


def same_move(game: Game, action: Action, seat: int) -> Action:
    return action


def dealt(first: list[int], **options: Any) -> ScrumkinGame:
    """A physical-deck game whose first 9 cards dealt are ``first`` (3 per team, in order)."""
    game = scrumkin.new_game(TEAMS, seed=1, deck="physical", **options)
    for card in first:
        game.apply(Action("deal", CHANCE, card=card))
    return game


def twin_deals() -> tuple[list[int], list[int]]:
    """Red's cards are the same in both deals; Blue and Green swap one card."""
    cards = sorted(scrumkin.new_game(TEAMS, seed=1, deck="physical").deck)[:9]
    return cards, [*cards[:5], cards[6], cards[5], *cards[7:]]


def test_the_same_game_twice_plays_to_the_end() -> None:
    first, second = scrumkin.new_game(TEAMS, seed=4), scrumkin.new_game(TEAMS, seed=4)
    steps = play_twins(first, second, 0, same_move, seed=2)
    assert first.is_over and second.is_over and steps == len(first.log) > 0
    assert first.log == second.log


def test_seen_by_shows_choices_only_for_the_seat_or_a_card_to_enter() -> None:
    game = scrumkin.new_game(TEAMS, seed=1, deck="physical")
    assert game.current_player == CHANCE
    heading, labels = seen_by(game, 1)["choices"]
    assert heading.endswith("...") and labels
    game = scrumkin.new_game(TEAMS, seed=1)
    assert game.current_player == 0
    assert seen_by(game, 0)["choices"][1] and seen_by(game, 1)["choices"] is None
    assert seen_by(game, 1)["view"] == game.view(1)


def test_twins_that_differ_in_other_hands_pass_when_nothing_leaks() -> None:
    deal, twin = twin_deals()
    first, second = dealt(deal), dealt(twin)
    assert first.hands[0] == second.hands[0] and first.hands != second.hands
    assert play_twins(first, second, 0, same_move, seed=5) > 10


def test_a_prompt_that_depends_on_a_hidden_hand_is_caught() -> None:
    deal, twin = twin_deals()

    class Leaky(ScrumkinGame):
        # A leak the view's type does not allow, on purpose: the twins must catch it.
        def view(self, player: int | str | None) -> dict[str, Any]:  # type: ignore[override]
            return {**super().view(player), "blue": sorted(self.hands[1])}

    first, second = dealt(deal), dealt(twin)
    for game in (first, second):
        game.__class__ = Leaky
    with pytest.raises(InvariantError, match="seat 0 can tell the twins apart after 0 moves"):
        play_twins(first, second, 0, same_move, seed=5)


def test_the_watching_seat_may_see_its_own_cards() -> None:
    """Blue holds different cards in the twins: Blue can tell them apart at once."""
    deal, twin = twin_deals()
    with pytest.raises(InvariantError, match="seat 1 can tell"):
        play_twins(dealt(deal), dealt(twin), 1, same_move, seed=5)


def test_the_twins_stop_when_no_move_looks_the_same() -> None:
    """A public key that tells every move of one twin from the other's ends the play at once."""
    deal, twin = twin_deals()
    first, second = dealt(deal), dealt(twin)

    def apart(game: Game, action: Action, seat: int) -> tuple[int, Action]:
        return id(game), action

    assert play_twins(first, second, 0, apart, seed=5) == 0
