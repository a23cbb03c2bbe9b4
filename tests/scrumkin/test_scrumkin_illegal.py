"""Illegal moves and bad set-ups: a typed error, a sentence for the room, and nothing changed.

A facilitator at the projector types what the room does; a mistyped or out-of-turn move must be
refused with a reason that can be read out, and must leave the game exactly as it was.
"""

from typing import Any

import pytest

from devgames.core.actions import CHANCE, Action
from devgames.core.errors import IllegalMove, SetupError
from devgames.scrumkin import new_game
from devgames.scrumkin.game import ScrumkinGame
from tests.refusals import assert_readable, assert_refused
from tests.scrumkin.helpers import filler_turn, scripted_game


def red_blue(**options: Any) -> ScrumkinGame:
    """Red leads sprint 1 holding Fairy dust, Flu, Stress; Blue holds Daily Standup (a shield)."""
    return scripted_game(
        ["Red", "Blue"],
        hands={"Red": ["Fairy dust", "Flu", "Stress"],
               "Blue": ["Daily Standup", "Ghost PO", "Proxy PO"]},
        action_card="Bug-topus",
        **options,
    )


# ----- turn and table ----------------------------------------------------------------------------
def test_not_your_turn() -> None:
    """Blue moves during Red's turn."""
    game = red_blue()
    assert not game.can_play("Blue", "Ghost PO")
    assert_refused(game, lambda: game.play("Blue", "Ghost PO"), "not_your_turn", "Red", "Blue")
    assert_refused(game, lambda: game.drop("Blue", "Ghost PO"), "not_your_turn", "Red", "Blue")


@pytest.mark.parametrize("team", ["Purple", 2, -3])
def test_unknown_team(team: str | int) -> None:
    """A team that is not at the table, by name or seat."""
    game = red_blue()
    assert_refused(game, lambda: game.play(team, "Flu"), "unknown_player", str(team))
    assert_refused(game, lambda: game.play("Red", "Flu", target=team), "unknown_player")
    assert not game.can_play("Red", "Flu", target=team)


def test_unknown_seat_in_a_generic_action() -> None:
    """The generic layer refuses a seat number beyond the table."""
    game = red_blue()
    assert_refused(game, lambda: game.apply(Action("play", 5, card=27, target=5)),
                   "unknown_player")
    assert_refused(game, lambda: game.apply(Action("play", 0, card=27, target=7)),
                   "unknown_player")


def test_card_not_in_hand_by_id() -> None:
    """Red plays a card (by id) it does not hold: the sentence names the card."""
    game = red_blue()
    assert_refused(game, lambda: game.apply(Action("play", 0, card=39, target=0)),
                   "card_not_in_hand", "Red", "Daily Standup")


def test_card_not_in_hand_by_name() -> None:
    """Red plays Daily Standup (Blue's card): the sentence names the card as typed."""
    game = red_blue()
    assert not game.can_play("Red", "Daily Standup")
    assert_refused(game, lambda: game.play("Red", "Daily Standup"),
                   "card_not_in_hand", "Red", "Daily Standup")
    assert_refused(game, lambda: game.drop("Red", "Ghost PO"),
                   "card_not_in_hand", "Red", "Ghost PO")


def test_unknown_card_name() -> None:
    """A card name Scrumkin does not have."""
    game = red_blue()
    assert_refused(game, lambda: game.play("Red", "Fairy dusk"), "unknown_card", "Fairy dusk")
    assert not game.can_play("Red", "Fairy dusk")


def test_card_names_ignore_letter_case() -> None:
    """'fairy DUST' is Fairy dust: typing is forgiving, the move is made."""
    game = red_blue()
    game.play("Red", "fairy DUST")
    assert "Fairy dust" not in game.hand("Red")


@pytest.mark.parametrize("kind", ["own", "other", "drop"])
def test_same_move_kind_twice(kind: str) -> None:
    """The two moves of a turn must be different."""
    game = red_blue()

    def move(card: str) -> None:
        if kind == "drop":
            game.drop("Red", card)
        else:
            game.play("Red", card, target="Red" if kind == "own" else "Blue")
            if game.view(None)["phase"] == "counter":
                game.pass_counter("Blue")

    move("Flu")
    assert_refused(game, lambda: move("Stress"), "move_already_made", "Red")


# ----- rulebook-specific moves -------------------------------------------------------------------
def test_drop_in_the_collaborative_game() -> None:
    """Nobody may drop cards in the collaborative game."""
    game = red_blue(rulebook="collaborative")
    assert_refused(game, lambda: game.drop("Red", "Flu"), "drop_not_allowed")


def test_take_over_in_the_competitive_game() -> None:
    """Taking over backlog items is a collaborative move."""
    game = red_blue()
    assert_refused(game, lambda: game.take_over("Red", "Blue", 1), "take_over_not_allowed")


@pytest.mark.parametrize("count", [0, -1, 11])
def test_take_over_a_bad_number_of_items(count: int) -> None:
    """Blue has 10 items: Red may take 1 to 10 of them."""
    game = red_blue(rulebook="collaborative")
    assert not game.can_take_over("Red", "Blue", count)
    assert_refused(game, lambda: game.take_over("Red", "Blue", count), "bad_count", "Blue")


def test_take_over_more_than_the_board_holds() -> None:
    """Board 12, Red at 11 (a bug): Red has room for one more item only."""
    game = red_blue(rulebook="collaborative", board=12)
    assert game.can_take_over("Red", "Blue", 1)
    assert_refused(game, lambda: game.take_over("Red", "Blue", 2), "bad_count")


def test_take_over_from_oneself() -> None:
    """A team cannot take over its own items."""
    game = red_blue(rulebook="collaborative")
    assert not game.can_take_over("Red", "Red", 1)
    assert_refused(game, lambda: game.take_over("Red", "Red", 1), "unknown_player")


def test_take_over_twice_in_a_turn() -> None:
    """One take-over a turn."""
    game = red_blue(rulebook="collaborative")
    game.take_over("Red", "Blue", 1)
    assert_refused(game, lambda: game.take_over("Red", "Blue", 1), "take_over_done", "Red")


def test_take_over_out_of_turn() -> None:
    """Blue cannot take over items during Red's turn."""
    game = red_blue(rulebook="collaborative")
    assert_refused(game, lambda: game.take_over("Blue", "Red", 1), "not_your_turn")


# ----- counters ----------------------------------------------------------------------------------
def test_counter_with_a_card_without_a_shield() -> None:
    """Only defensive cards counter."""
    game = red_blue()
    game.play("Red", "Fairy dust")
    assert not game.can_counter("Blue", "Ghost PO")
    assert_refused(game, lambda: game.counter("Blue", "Ghost PO"), "not_defensive", "Ghost PO")


def test_counter_with_a_shield_card_not_in_hand() -> None:
    """Blue cannot counter with a shield card it does not hold."""
    game = red_blue()
    game.play("Red", "Fairy dust")
    assert_refused(game, lambda: game.counter("Blue", "Priorizing"), "card_not_in_hand",
                   "Blue", "Priorizing")


def test_counter_or_pass_with_no_counter_pending() -> None:
    """Nothing is being laid down: there is nothing to counter or to let through."""
    game = red_blue()
    assert_refused(game, lambda: game.counter("Red", "Flu"), "no_counter_pending")
    assert_refused(game, lambda: game.pass_counter("Red"), "no_counter_pending")


def test_counter_out_of_turn_with_no_counter_pending() -> None:
    """Blue holds a shield but nothing is being laid down (and it is Red's turn)."""
    game = red_blue()
    assert not game.can_counter("Blue", "Daily Standup")
    before, log_length = game.snapshot(), len(game.log)
    with pytest.raises(IllegalMove) as caught:
        game.counter("Blue", "Daily Standup")
    assert caught.value.code in ("no_counter_pending", "not_your_turn")
    assert_readable(str(caught.value))
    assert game.snapshot() == before and len(game.log) == log_length


def test_a_move_while_a_counter_decision_is_pending() -> None:
    """Red cannot go on until Blue says whether to counter Fairy dust."""
    game = red_blue()
    game.play("Red", "Fairy dust")
    assert_refused(game, lambda: game.drop("Red", "Flu"), "counter_pending", "Blue",
                   "Fairy dust")
    assert_refused(game, lambda: game.play("Red", "Flu", target="Blue"), "counter_pending")
    assert_refused(game, lambda: game.deal("Flu"), "counter_pending")


def test_the_layer_cannot_answer_for_the_team_asked() -> None:
    """Only the team asked (Blue) may counter or let the card through."""
    game = red_blue()
    game.play("Red", "Fairy dust")
    assert_refused(game, lambda: game.pass_counter("Red"), "counter_pending", "Blue")
    assert game.current_player == 1


# ----- physical deck -----------------------------------------------------------------------------
def test_dealing_a_card_that_cannot_be_in_the_deck() -> None:
    """Fairy dust lies face up in Red's game; Gummy-Bear is an action card. (A card the engine
    believes is in a hand is accepted: a hand is secret, and a refusal would tell the room; see
    test_scrumkin_entry_lists.py.)"""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Fairy dust", "Flu", "Stress"]})
    game.deal("Gummy-Bear")
    game.play("Red", "Fairy dust")
    game.drop("Red", "Flu")
    filler_turn(game, "Blue")
    assert game.current_player == CHANCE and game.phase == "deal"
    assert_refused(game, lambda: game.apply(Action("deal", CHANCE, card=27)), "card_face_up",
                   "Fairy dust", "face up")
    assert_refused(game, lambda: game.deal("Fairy dust"), "card_face_up", "Fairy dust")
    assert_refused(game, lambda: game.deal("Gummy-Bear"), "card_not_in_deck", "Gummy-Bear")


def test_dealing_a_sprint_card_as_the_action_card() -> None:
    """The leader draws from the action deck: a sprint card cannot be entered there."""
    game = scripted_game(["Red", "Blue"])
    assert "action card" in game.waiting_for
    assert_refused(game, lambda: game.deal("Offshoring"), "card_not_in_deck", "Offshoring")


def test_dealing_an_unknown_card() -> None:
    """A name that is no Scrumkin card."""
    game = scripted_game(["Red", "Blue"])
    assert_refused(game, lambda: game.deal("Unicorn"), "unknown_card", "Unicorn")


def test_a_player_move_while_a_card_must_be_entered() -> None:
    """The table waits for the real card drawn: no team may move."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Fairy dust", "Flu", "Stress"]})
    assert game.current_player == CHANCE
    assert_refused(game, lambda: game.play("Red", "Fairy dust"), "card_expected")
    assert_refused(game, lambda: game.pass_counter("Blue"), "card_expected")


def test_dealing_when_no_card_is_expected() -> None:
    """It is Red's turn: no card is to be entered."""
    game = red_blue()
    assert_refused(game, lambda: game.deal("Offshoring"), "no_card_expected", "Red")


# ----- after the end, generic actions, undo ------------------------------------------------------
def test_a_move_after_the_game_is_over() -> None:
    """Red finished its backlog of 3: the game is over, nothing more can be played."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Fairy dust"]}, backlog=3,
                         first_leader=1, action_card="Bug-topus")
    filler_turn(game, "Blue", into="Blue")
    game.play("Red", "Fairy dust")
    game.drop("Red", game.hand("Red")[0])
    assert game.is_over
    card = game.hand("Red")[0]
    assert_refused(game, lambda: game.play("Red", card), "game_over")
    assert_refused(game, lambda: game.drop("Red", card), "game_over")
    assert_refused(game, lambda: game.pass_counter("Blue"), "game_over")
    assert_refused(game, lambda: game.apply(Action("deal", CHANCE, card=50)), "game_over")
    assert not game.can_play("Red", card)


@pytest.mark.parametrize(
    "action",
    [
        Action("pass", 1, card=39),
        Action("drop", 0, card=27, target=1),
        Action("play", 0, card=27, target=0, count=2),
        Action("counter", 1, card=39, target=0),
        Action("take_over", 0, card=27, target=1, count=1),
        Action("play", 0, card=27, target=0, cards=(27,)),
    ],
)
def test_an_action_with_a_field_its_kind_does_not_use(action: Action) -> None:
    """A generic action carrying a field its kind does not take."""
    game = red_blue()
    assert not game.can_apply(action)
    assert_refused(game, lambda: game.apply(action), "bad_action")


def test_an_action_of_an_unknown_kind() -> None:
    """Scrumkin has no 'discard' move."""
    game = red_blue()
    assert_refused(game, lambda: game.apply(Action("discard", 0, card=27)), "unknown_action",
                   "discard")


@pytest.mark.parametrize("steps", [3, 100, -1])
def test_undo_more_steps_than_exist(steps: int) -> None:
    """Only the moves made can be taken back."""
    game = new_game(["Red", "Blue"], seed=5)
    game.play("Red", game.hand("Red")[0])
    if game.view(None)["phase"] == "counter":
        game.pass_counter("Blue")
    assert len(game.log) <= 2
    assert_refused(game, lambda: game.undo(steps), "cannot_undo")


def test_undo_takes_back_exactly_the_last_moves() -> None:
    """Undo after a refused move returns to the state before the last real move."""
    game = red_blue()
    start = game.snapshot()
    game.play("Red", "Flu", target="Blue")
    game.pass_counter("Blue")
    with pytest.raises(IllegalMove):
        game.play("Red", "Stress", target="Blue")
    game.undo(2)
    assert game.snapshot() == start


# ----- set-up ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "mentions"),
    [
        (["Red", ""], "empty"),
        (["Red", "   "], "empty"),
        (["Red", "Red"], "Red"),
        (["Red", "red"], "red"),
        (["Red", "x" * 41], "41"),
        (["Red"], "2"),
        ([], "2"),
        ([f"Team {i}" for i in range(9)], "9"),
        ("Red", "list"),
    ],
)
def test_bad_team_names_and_counts(players: Any, mentions: str) -> None:
    """Empty, duplicate and over-long names, too few or too many teams."""
    with pytest.raises(SetupError) as caught:
        new_game(players)
    assert_readable(str(caught.value), mentions)


def test_forty_characters_is_the_longest_name() -> None:
    """A name of exactly 40 characters is fine."""
    assert new_game(["Red", "x" * 40]).players[1] == "x" * 40


@pytest.mark.parametrize(
    ("options", "mentions"),
    [
        ({"backlogg": 12}, "backlogg"),
        ({"rulebok": "collaborative"}, "rulebok"),
        ({"backlog": "10"}, "backlog"),
        ({"backlog": 10.0}, "backlog"),
        ({"counter_chains": 1}, "counter_chains"),
        ({"drop_against_bugs": "yes"}, "drop_against_bugs"),
        ({"first_leader": True}, "first_leader"),
        ({"rulebook": 3}, "rulebook"),
        ({"rulebook": "coop"}, "rulebook"),
        ({"deck": "cards"}, "deck"),
        ({"tie_break": "coin"}, "tie_break"),
    ],
)
def test_unknown_options_and_wrong_types_or_choices(options: dict[str, Any], mentions: str) -> None:
    """An option that does not exist, has the wrong type, or is not one of the choices."""
    with pytest.raises(SetupError) as caught:
        new_game(["Red", "Blue"], **options)
    assert_readable(str(caught.value), mentions)


@pytest.mark.parametrize(
    "options",
    [
        {"max_players": 9},
        {"max_players": 1},
        {"max_players": 3},  # 4 teams at a table for at most 3
        {"first_leader": 4},
        {"first_leader": -1},
        {"backlog": 0},
        {"backlog": 21},  # beyond the 20-position board
        {"board": 0},
        {"sprint_cap": 0},
        {"collaborative_sprints": 0},
    ],
)
def test_option_values_out_of_range(options: dict[str, Any]) -> None:
    """Values the game cannot be played with."""
    with pytest.raises(SetupError) as caught:
        new_game(["Red", "Blue", "Green", "Yellow"], **options)
    assert_readable(str(caught.value))
