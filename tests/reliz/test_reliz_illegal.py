"""Illegal РЕЛИЗ moves are refused with a code and a plain sentence, and change nothing; every
verb's ``can_*`` twin agrees with it."""

from devgames.core.actions import Action
from devgames.reliz.cards import EVENT_ID
from tests.refusals import assert_refused
from tests.reliz.events_helpers import hold
from tests.reliz.helpers import new, settle
from tests.reliz.test_reliz_board import lone, put, tile


def test_moves_out_of_turn_or_of_the_wrong_kind_are_refused() -> None:
    game = settle(new("duel", seed=3))
    assert_refused(game, lambda: game.end_turn(1), "not_your_turn", "Ada", "Bob")
    assert_refused(game, lambda: game.keep(0), "no_daily")
    assert_refused(game, lambda: game.back(0), "no_partner_turn")
    assert_refused(game, lambda: game.call_partner(0), "no_partner", "Team Development")
    assert_refused(game, lambda: game.attach(0, 3, 1, 1), "no_block")
    assert_refused(game, lambda: game.link(0, 1, 2), "no_link", "Tender")
    assert_refused(game, lambda: game.apply(Action("fly", 0)), "unknown_action")
    assert_refused(game, lambda: game.apply(Action("end", 0, card=3)), "bad_action")
    assert_refused(game, lambda: game.apply(Action("end", 7)), "unknown_player")


def test_tiles_that_are_not_held_or_zones_that_do_not_exist_are_refused() -> None:
    game = lone(5, 10)
    held = game.hands[0]
    game.hands[0] = [c for c in held if c != tile(2, 3)]
    assert_refused(game, lambda: put(game, 0, 2, 3), "no_such_tile", "Ada", "2|3")
    assert_refused(game, lambda: game.place(0, 99, 0), "not_a_tile")
    assert_refused(game, lambda: game.place(0, "1|2", 40), "unknown_zone")
    assert_refused(game, lambda: game.place(0, "1|2", 0, 2), "bad_flip")
    assert_refused(game, lambda: game.place(0, "3|3", 0, 1), "double_flip", "3|3")
    put(game, 0, 1, 4)
    assert_refused(game, lambda: put(game, 0, 1, 5), "zone_taken", "B1.1", "1|4")
    assert not game.can_place(0, "1|5", 0) and game.can_replace(0, "1|5", 2) is False


def test_a_placement_that_does_not_match_names_the_halves() -> None:
    game = lone(5, 10)
    put(game, 0, 1, 4)
    error = assert_refused(game, lambda: put(game, 1, 5, 6), "no_match")
    assert str(error) == ("Tile 5|6 does not fit B1.2: its half with 5 pips would touch 4 pips "
                          "in B1.1.")
    assert game.can_place(0, "4|6", 1) and not game.can_place(0, "5|6", 1)


def test_event_cards_need_their_target_and_to_be_held() -> None:
    game = settle(new("duel", seed=3))
    cards = {c & 63 for c in game.cards[0]}
    if EVENT_ID["dream"] not in cards:
        assert_refused(game, lambda: game.play(0, "The Director Had a Dream", target=0),
                       "no_such_card", "The Director Had a Dream")
    hold(game, 0, "dream")
    assert_refused(game, lambda: game.play(0, "The Director Had a Dream", target=9),
                   "bad_target", "block")
    assert_refused(game, lambda: game.play(0, "The Director Had a Dream"), "bad_target")
    assert game.can_play(0, "Директору приснился сон", target=0)
    hold(game, 0, "disease")
    assert_refused(game, lambda: game.play(0, "Sick Leave", target=0), "bad_target",
                   "opponent")
    assert_refused(game, lambda: game.play(0, 12), "not_an_event")


def test_the_daily_event_and_the_set_up_block_come_first() -> None:
    game = new("duel", seed=5)
    assert_refused(game, lambda: game.end_turn(0), "attach_first", "block card")
    assert_refused(game, lambda: game.end_turn(1), "not_your_turn")
    action = game.legal_actions()[0]
    wrong = next(b for b in range(1, 19) if b not in game.attach_queue[0][1])
    assert_refused(game, lambda: game.attach(0, wrong, action.target, action.count),
                   "not_a_candidate")
    assert_refused(game, lambda: game.attach(0, action.card or 0, 999, 1), "bad_port")
    while game.phase == "attach":
        game.apply(game.legal_actions()[0])
    assert game.phase == "daily"
    assert_refused(game, lambda: game.keep(0), "no_blitz", "blitz")
    assert_refused(game, lambda: game.rotate(0, 0), "daily_first")


def test_after_the_end_nothing_is_allowed() -> None:
    game = settle(new("duel", seed=6))
    for z in range(len(game.chip) - 1):
        game.chip[z] = tile(0, 0)
    game.hands[0].append(tile(0, 0))
    game.place(0, "0|0", len(game.chip) - 1)
    assert_refused(game, lambda: game.end_turn(0), "game_over")
    assert not game.can_end_turn(0)
