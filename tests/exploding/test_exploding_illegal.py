"""Illegal moves and bad set-ups: a typed error, a sentence for the room, and nothing changed.

A facilitator at the projector types what the room does; a mistyped or out-of-turn move must be
refused with a reason that can be read out, and must leave the game exactly as it was.
"""

from typing import Any

import pytest

from devgames.core.actions import CHANCE, Action
from devgames.core.errors import IllegalMove, SetupError
from devgames.exploding import CARDS, new_game
from devgames.exploding.cards import EXPLODING, MITIGATE
from devgames.exploding.game import ExplodingGame
from tests.exploding.helpers import enter, let_it_happen, scripted_game
from tests.refusals import assert_readable, assert_refused

ID = {card.name: card.id for card in CARDS.values()}


def table(**options: Any) -> ExplodingGame:
    """Ada (to play) holds Skip, Ask for Help, two Dead Code; Bob holds a Nope and a Bail;
    Cy holds Spaghetti, Legacy, Copy-Paste and Magic Number."""
    return scripted_game(
        ["Ada", "Bob", "Cy"],
        hands={"Ada": ["Skip", "Ask for Help", "Dead Code", "Dead Code"],
               "Bob": ["Nope", "Bail"],
               "Cy": ["Spaghetti Code", "Legacy Code", "Copy-Paste Code", "Magic Number"]},
        **options,
    )


# ----- turn and table ----------------------------------------------------------------------------
def test_not_your_turn() -> None:
    game = table()
    assert not game.can_play("Bob", "Bail")
    assert_refused(game, lambda: game.play("Bob", "Bail"), "not_your_turn", "Ada", "Bob")
    assert_refused(game, lambda: game.draw("Cy"), "not_your_turn", "Ada", "Cy")
    assert not game.can_draw("Cy")


@pytest.mark.parametrize("player", ["Zoe", 3, -3])
def test_unknown_player(player: str | int) -> None:
    game = table()
    assert_refused(game, lambda: game.draw(player), "unknown_player", str(player))
    assert_refused(game, lambda: game.play("Ada", "Ask for Help", target=player),
                   "unknown_player")
    assert not game.can_play("Ada", "Ask for Help", target=player)


def test_unknown_seat_in_a_generic_action() -> None:
    game = table()
    assert_refused(game, lambda: game.apply(Action("draw", 7)), "unknown_player")
    assert_refused(game, lambda: game.apply(Action("play", 0, card=ID["Ask for Help"],
                                                   target=9)), "unknown_player")


def test_unknown_card() -> None:
    game = table()
    assert_refused(game, lambda: game.play("Ada", "Skipp"), "unknown_card", "Skipp")
    assert_refused(game, lambda: game.apply(Action("play", 0, card=99)), "unknown_card", "99")
    assert_refused(game, lambda: game.apply(Action("play", 0, card=-1)), "unknown_card")
    assert_refused(game, lambda: game.apply(Action("play", 0)), "card_expected")
    assert not game.can_play("Ada", "Skipp")


def test_card_not_in_hand() -> None:
    game = table()
    assert_refused(game, lambda: game.play("Ada", "Bail"), "card_not_in_hand", "Ada", "Bail")
    assert_refused(game, lambda: game.combo("Ada", ["Dead Code"] * 3, target="Bob",
                                            name="Nope"), "card_not_in_hand", "3 Dead Code")


def test_shape_of_a_move() -> None:
    game = table()
    assert_refused(game, lambda: game.apply(Action("draw", 0, card=3)), "bad_action", "draw")
    assert_refused(game, lambda: game.apply(Action("play", 0, card=ID["Skip"], count=2)),
                   "bad_action")
    assert_refused(game, lambda: game.apply(Action("juggle", 0)), "unknown_action", "juggle")


# ----- cards that cannot be played alone ----------------------------------------------------------
@pytest.mark.parametrize(("card", "mention"), [("Mitigate", "Exploding Git Commit"),
                                               ("Dead Code", "pair")])
def test_cards_not_played_alone(card: str, mention: str) -> None:
    game = table()
    assert not game.can_play("Ada", card)
    assert_refused(game, lambda: game.play("Ada", card), "not_playable", mention)


def test_a_nope_is_not_played_alone() -> None:
    game = table(first_player=1)
    assert_refused(game, lambda: game.play("Bob", "Nope"), "not_playable", "Nope")
    assert_refused(game, lambda: game.nope("Bob"), "nothing_to_nope")


def test_targets() -> None:
    game = table()
    assert_refused(game, lambda: game.play("Ada", "Ask for Help"), "target_needed",
                   "Ask for Help")
    assert_refused(game, lambda: game.play("Ada", "Ask for Help", target="Ada"), "own_seat")
    assert_refused(game, lambda: game.play("Ada", "Skip", target="Bob"), "bad_action", "Skip")


def test_a_target_out_of_the_game_or_without_cards() -> None:
    game = scripted_game(["Ada", "Bob", "Cy"],
                         hands={"Bob": ["Ask for Help", "Dead Code", "Dead Code"]})
    game.draw("Ada")
    enter(game, "Exploding Git Commit")
    game.explode("Ada")
    assert_refused(game, lambda: game.play("Bob", "Ask for Help", target="Ada"), "player_out",
                   "Ada")
    assert_refused(game, lambda: game.combo("Bob", ["Dead Code"] * 2, target="Ada"),
                   "player_out")


def test_a_target_with_no_card() -> None:
    game = scripted_game(["Ada", "Bob"], hands={
        "Ada": ["Ask for Help", "Skip", "Dead Code", "Dead Code"],
        "Bob": ["Spaghetti Code", "Legacy Code", "Copy-Paste Code", "Bail"]}, first_player=1)
    game.combo("Bob", ["Spaghetti Code", "Legacy Code", "Copy-Paste Code", "Bail", "Mitigate"])
    game.pick("Bob", "Bail")
    game.play("Bob", "Bail")
    assert game.hand("Bob") == []
    assert_refused(game, lambda: game.play("Ada", "Ask for Help", target="Bob"), "empty_hand",
                   "Bob")


# ----- combos -----------------------------------------------------------------------------------
def test_bad_combos() -> None:
    game = table()
    assert_refused(game, lambda: game.combo("Ada", ["Dead Code"], target="Bob"), "bad_combo")
    assert_refused(game, lambda: game.combo("Ada", ["Dead Code", "Skip"], target="Bob"),
                   "bad_combo", "one title")
    assert_refused(game, lambda: game.combo("Ada", ["Dead Code"] * 2), "target_needed")
    assert_refused(game, lambda: game.combo("Ada", ["Dead Code"] * 2, target="Bob",
                                            name="Nope"), "bad_combo", "random")
    assert_refused(game, lambda: game.combo("Ada", ["Dead Code"] * 2, target="Ada"),
                   "own_seat")
    assert not game.can_combo("Ada", ["Dead Code", "Skip"], target="Bob")


def test_three_of_a_kind_must_name_a_card() -> None:
    game = scripted_game(["Ada", "Bob"], hands={"Ada": ["Dead Code"] * 3})
    assert_refused(game, lambda: game.combo("Ada", ["Dead Code"] * 3, target="Bob"),
                   "name_a_card")
    assert_refused(game, lambda: game.combo("Ada", ["Dead Code"] * 3, target="Bob",
                                            name="Exploding Git Commit"), "name_a_card")
    assert_refused(game, lambda: game.apply(Action("combo", 0, cards=(13, 13, 13), target=1,
                                                   card=77)), "unknown_card")


def test_five_card_combos() -> None:
    game = scripted_game(["Ada", "Bob"], hands={
        "Ada": ["Spaghetti Code", "Legacy Code", "Copy-Paste Code", "Magic Number"]})
    five = ("Spaghetti Code", "Legacy Code", "Copy-Paste Code", "Magic Number", "Mitigate")
    ids = tuple(sorted(ID[name] for name in five))
    assert_refused(game, lambda: game.apply(Action("combo", 0, cards=tuple(reversed(ids)))),
                   "bad_combo", "card order")
    assert_refused(game, lambda: game.combo("Ada", list(five), target="Bob"), "bad_combo")
    assert_refused(game,
                   lambda: game.combo("Ada", ["Spaghetti Code", "Spaghetti Code", *five[1:4]]),
                   "card_not_in_hand")
    game.combo("Ada", list(five))
    assert_refused(game, lambda: game.draw("Ada"), "pick_pending")
    assert_refused(game, lambda: game.pick("Ada", "Skip"), "not_in_discard", "Skip")
    assert_refused(game, lambda: game.apply(Action("pick", 0)), "card_expected")


def test_special_combos_off() -> None:
    game = scripted_game(["Ada", "Bob"], hands={"Ada": ["Skip", "Skip", "Dead Code", "Dead Code"]},
                         special_combos=False)
    assert_refused(game, lambda: game.combo("Ada", ["Skip", "Skip"], target="Bob"),
                   "special_combos_off", "Code Cards")
    assert_refused(game, lambda: game.combo("Ada", ["Dead Code"] * 3, target="Bob",
                                            name="Nope"), "card_not_in_hand")


# ----- Nope windows ----------------------------------------------------------------------------
def test_nope_window_refusals() -> None:
    game = table()
    game.play("Ada", "Skip")
    assert game.current_player == 1
    assert_refused(game, lambda: game.draw("Ada"), "nope_pending", "Bob", "Ada's Skip")
    assert_refused(game, lambda: game.play("Bob", "Bail"), "nope_pending", "Bob")
    assert_refused(game, lambda: game.nope("Cy"), "not_asked", "Cy")
    assert_refused(game, lambda: game.deal("Skip"), "no_card_expected")
    assert not game.can_nope("Cy") and not game.can_pass_nope("Cy") and not game.can_deal("Skip")
    assert game.can_pass_nope("Bob") and game.can_nope("Bob")


def test_asked_later_and_without_a_nope() -> None:
    game = scripted_game(["Ada", "Bob", "Cy"], hands={"Ada": ["Skip"], "Bob": ["Bail"],
                                                      "Cy": ["Nope"]}, nope_asks="everyone")
    game.play("Ada", "Skip")
    assert_refused(game, lambda: game.nope("Bob"), "card_not_in_hand", "Bob", "Nope")
    assert_refused(game, lambda: game.nope("Cy"), "not_your_turn", "Bob", "Cy")


# ----- Exploding, give, physical entries, the end ------------------------------------------------
def test_exploding_refusals() -> None:
    game = table()
    assert_refused(game, lambda: game.mitigate("Ada", 0), "no_exploding", "Ada")
    game.draw("Ada")
    enter(game, "Exploding Git Commit")
    assert_refused(game, lambda: game.mitigate("Ada", 39), "bad_position", "38")
    assert_refused(game, lambda: game.mitigate("Ada", -1), "bad_position")
    assert_refused(game, lambda: game.apply(Action("mitigate", 0)), "bad_position")
    assert_refused(game, lambda: game.play("Ada", "Skip"), "exploding_pending", "Ada")
    assert_refused(game, lambda: game.draw("Bob"), "not_your_turn")
    assert not game.can_mitigate("Ada", 39) and game.can_mitigate("Ada", 38)


def test_automatic_mitigate_refuses_to_explode() -> None:
    game = table(mitigate="automatic")
    game.draw("Ada")
    enter(game, "Exploding Git Commit")
    assert_refused(game, lambda: game.explode("Ada"), "must_mitigate", "Ada")


def test_give_refusals() -> None:
    game = table()
    assert_refused(game, lambda: game.give("Ada", "Skip"), "nothing_asked", "Ada")
    game.play("Ada", "Ask for Help", target="Cy")
    let_it_happen(game)
    assert game.phase == "give"
    assert_refused(game, lambda: game.give("Cy", "Bail"), "card_not_in_hand", "Cy", "Bail")
    assert_refused(game, lambda: game.give("Ada", "Skip"), "not_your_turn")
    assert_refused(game, lambda: game.pass_nope("Cy"), "give_pending", "Cy", "Ada")
    assert_refused(game, lambda: game.apply(Action("give", 2)), "card_expected")


def test_physical_entries() -> None:
    game = table()
    assert_refused(game, lambda: game.deal("Skip"), "no_card_expected", "Ada")
    game.draw("Ada")
    assert game.current_player == CHANCE
    assert_refused(game, lambda: game.draw("Bob"), "card_expected")
    assert_refused(game, lambda: game.deal("Nopez"), "unknown_card", "Nopez")
    assert_refused(game, lambda: game.apply(Action("deal", CHANCE)), "card_expected")
    assert_refused(game, lambda: game.apply(Action("deal", CHANCE, card=0)), "unknown_card")
    # The 4 Shuffles of the box are drawn, then played: once all lie face up on the discard
    # pile, a fifth cannot be entered. (Held in hands they could: the list offered must not
    # tell the room what the hands hold, see test_exploding_entry_lists.py.)
    enter(game, "Skip")
    for _ in range(4):
        game.draw(game.current_player)
        enter(game, "Shuffle")
    played = 0
    while played < 4:
        p = game.current_player
        assert p is not None and p >= 0
        if "Shuffle" in game.hand(p):
            game.play(p, "Shuffle")
            let_it_happen(game)
            played += 1
        else:
            game.draw(p)
            enter(game, "Magic Number")
    game.draw(game.current_player)
    assert game.current_player == CHANCE
    assert_refused(game, lambda: game.deal("Shuffle"), "card_not_in_deck", "Shuffle",
                   "discard pile")


def test_a_card_taken_must_be_in_the_hand() -> None:
    game = table()
    game.combo("Ada", ["Dead Code", "Dead Code"], target="Cy")
    let_it_happen(game)
    assert_refused(game, lambda: game.give("Cy", "Bail"), "card_not_in_hand", "Cy", "Bail")
    assert_refused(game, lambda: game.deal("Bail"), "no_card_expected")
    assert_refused(game, lambda: game.draw("Ada"), "not_your_turn", "Cy")


def test_game_over_refuses_everything() -> None:
    game = scripted_game(["Ada", "Bob"])
    game.draw("Ada")
    enter(game, "Exploding Git Commit")
    game.explode("Ada")
    assert_refused(game, lambda: game.draw("Bob"), "game_over")
    assert_refused(game, lambda: game.deal("Skip"), "game_over")


def test_refusals_from_the_generic_layer_change_nothing() -> None:
    game = new_game(["Ada", "Bob"], seed=3)
    for action in [Action("pick", 0, card=EXPLODING), Action("give", 0, card=MITIGATE),
                   Action("explode", 0), Action("pass", 0), Action("deal", CHANCE, card=3)]:
        assert not game.can_apply(action)
        with pytest.raises(IllegalMove) as caught:
            game.apply(action)
        assert_readable(str(caught.value))


# ----- set-up ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "options", "mention"), [
    (["Ada"], {}, "2 to 5"),
    (["A", "B", "C", "D", "E", "F"], {}, "2 to 5"),
    (["Ada", "ada"], {}, "ada"),
    (["Ada", ""], {}, "empty"),
    (["Ada", "Bob"], {"first_player": 2}, "seat"),
    (["Ada", "Bob"], {"nope_asks": "some"}, "nope_asks"),
    (["Ada", "Bob"], {"bail_stacking": "pro"}, "bail_stacking"),
    (["Ada", "Bob"], {"special_combos": "yes"}, "special_combos"),
    (["Ada", "Bob"], {"deck": "paper"}, "deck"),
    (["Ada", "Bob"], {"kittens": True}, "kittens"),
])
def test_bad_setups(players: list[str], options: dict[str, Any], mention: str) -> None:
    with pytest.raises(SetupError) as caught:
        new_game(players, **options)
    assert_readable(str(caught.value), mention)


def test_five_cards_need_five_titles_and_special_combos() -> None:
    game = scripted_game(["Ada", "Bob"], hands={"Ada": ["Dead Code", "Dead Code", "Skip",
                                                        "Magic Number"]})
    assert_refused(game, lambda: game.combo("Ada", ["Dead Code", "Dead Code", "Skip", "Mitigate",
                                                    "Magic Number"]),
                   "bad_combo", "different titles")
    off = scripted_game(["Ada", "Bob"], hands={
        "Ada": ["Spaghetti Code", "Legacy Code", "Copy-Paste Code", "Magic Number"]},
        special_combos=False)
    assert_refused(off, lambda: off.combo("Ada", ["Spaghetti Code", "Legacy Code",
                                                  "Copy-Paste Code", "Magic Number", "Mitigate"]),
                   "special_combos_off")
    assert not off.can_give("Ada", "Mitigate")
