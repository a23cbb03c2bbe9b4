"""РЕЛИЗ's event cards, one scripted test each, and the daily event's own rules (played first,
kept in blitz, reshuffled, one-time cards left out)."""

from functools import partial

from devgames.core.actions import given
from devgames.reliz.cards import EVENT_ID, EVENTS, TILE_ID
from devgames.reliz.event_cards import EVENT_CARDS
from devgames.reliz.game import RelizGame
from devgames.reliz.terms import DECK_BITS, SHARED
from tests.refusals import assert_refused
from tests.reliz.events_helpers import hold
from tests.reliz.helpers import check, new, settle
from tests.reliz.test_reliz_board import lone, put, tile


def duel(seed: int = 3) -> RelizGame:
    game = settle(new("duel", seed=seed))
    assert game.phase == "play" and game.turn_player == 0
    return game


def zone_free(game: RelizGame) -> int:
    return next(z for z, chip in enumerate(game.chip) if not chip)


def fill_some(game: RelizGame) -> list[int]:
    """Place every tile of the turn player's hand where it fits; the zones filled."""
    done: list[int] = []
    while True:
        places = [a for a in game.legal_actions() if a.kind == "place"]
        if not places:
            return done
        game.apply(places[0])
        done.append(given(places[0].target))


def test_it_audit_shows_an_opponents_tiles_until_their_next_turn_ends() -> None:
    game = duel()
    hold(game, 0, "audit")
    assert "shown_hand" not in game.view(None)["players"][1]
    game.play(0, "IT Audit", target=1)
    shown = game.view(None)["players"][1]["shown_hand"]
    assert len(shown) == len(game.hands[1])
    game.end_turn(0)
    settle(game)
    game.end_turn(1)
    assert "shown_hand" not in game.view(None)["players"][1]


def test_complaint_sends_an_opponents_hand_back() -> None:
    game = duel()
    hold(game, 0, "claim")
    stock = len(game.pool[0])
    held = len(game.hands[1])
    game.play(0, "Complaint", target=1)
    assert game.hands[1] == [] and len(game.pool[0]) == stock + held


def test_coffee_machine_and_worked_the_weekend_give_another_turn() -> None:
    for code, name in (("coffee", "Coffee Machine"), ("weekend", "Worked the Weekend")):
        game = duel()
        hold(game, 0, code)
        game.play(0, name)
        game.end_turn(0)
        assert game.turn_player == 0 and game.turn_no == 2


def test_crutch_lets_one_half_count_as_any_pips_and_leaves_a_crutch() -> None:
    game = lone(5, 10)
    put(game, 0, 1, 2)  # block 5 zone 1 shows 2 where zone 2's half 1 touches it
    assert_refused(game, lambda: put(game, 1, 5, 6), "no_match", "5 pips")
    hold(game, 0, "crutch")
    game.play(0, "Crutch", tile="5|6", count=1)  # the low half, 5, counts as any pips
    assert game.view(0)["crutches"] == ["5|6"]
    put(game, 1, 5, 6)
    assert game.crutch[1] and game.view(None)["blocks"][0]["zones"][1]["crutch"]
    game.placed_now.clear()
    assert_refused(game, lambda: game.rotate(0, 1), "crutch_fixed", "B1.2")
    game.replace(0, tile(2, 6), 1, 0)  # a real fit takes the crutch away
    assert not game.crutch[1]


def test_a_crutch_lasts_until_the_end_of_the_turn() -> None:
    game = duel()
    t = game.hands[0][0]
    hold(game, 0, "crutch")
    game.play(0, "Crutch", tile=t & 31, count=2)
    assert game.wild == {t: 1}
    game.end_turn(0)
    assert game.wild == {}


def test_sick_leave_and_spilled_on_the_laptop_freeze_the_next_turn() -> None:
    for code, name in (("disease", "Sick Leave"), ("water", "Spilled on the Laptop")):
        game = duel()
        hold(game, 0, code)
        game.play(0, name, target=1)
        game.end_turn(0)
        settle(game)
        assert game.turn_player == 1 and game.frozen_now
        assert [a.kind for a in game.legal_actions()] == ["end"]
        tiles = [c & 31 for c in game.hands[1]]
        if tiles:
            assert_refused(game, partial(game.place, 1, tiles[0], zone_free(game)),
                           "frozen", "Bob")
        game.end_turn(1)
        assert game.turn_player == 0


def test_the_director_had_a_dream_clears_a_block_but_not_its_integrations() -> None:
    game = duel()
    fill_some(game)
    slot = next(s for s, b in enumerate(game.blocks) if any(game.chip[z] for z in b["zones"]))
    integration = [z for z, k in enumerate(game.zkind) if k == "integration"]
    kept = [game.chip[z] for z in integration]
    hold(game, 0, "dream")
    game.play(0, "The Director Had a Dream", target=slot)
    assert not any(game.chip[z] for z in game.blocks[slot]["zones"])
    assert [game.chip[z] for z in integration] == kept
    assert set(game.blocks[slot]["zones"]) <= game.fresh
    check(game)


def test_all_hands_on_deck_and_impress_the_boss_fill_hands_to_the_limit() -> None:
    game = duel()
    game.pool[0] += game.hands[1]
    game.hands[1] = []
    hold(game, 0, "emergency")
    game.play(0, "All Hands on Deck")
    assert len(game.hands[1]) == 3 and len(game.hands[0]) >= 3
    game = duel()
    game.pool[0] += game.hands[0]
    game.hands[0] = []
    hold(game, 0, "showoff")
    game.play(0, "Impress the Boss")
    assert len(game.hands[0]) == 3


def test_flow_state_and_team_leads_advice_give_a_side_pool_with_a_play_limit() -> None:
    for code, name, drawn, plays in (("flowstate", "Flow State", 3, 2),
                                     ("teamlead", "Team Lead's Advice", 5, 1)):
        game = duel()
        game.pool[0] += game.hands[0]
        game.hands[0] = []
        hold(game, 0, code)
        game.play(0, name)
        assert len(game.extras) == drawn and game.extras_left == plays
        placed = 0
        while game.extras_left:
            places = [a for a in game.legal_actions() if a.kind == "place"]
            if not places:
                break
            game.apply(places[0])
            placed += 1
        if placed == plays:
            assert game.extras == []  # the rest went back once the limit was played
        game.end_turn(0)
        assert game.extras == [] and game.extras_left == 0
        check(game)


def test_hand_over_your_project_gives_a_tile_to_an_opponent() -> None:
    game = duel()
    t = game.hands[0][0]
    hold(game, 0, "give_project")
    game.play(0, "Hand Over Your Project", target=1, tile=t & 31)
    assert t in game.hands[1] and t not in game.hands[0]


def test_sudden_insight_and_a_new_library_draw_a_tile() -> None:
    for code, name in (("insight", "Sudden Insight"), ("lib", "Found a New Library")):
        game = duel()
        held = len(game.hands[0])
        hold(game, 0, code)
        game.play(0, name)
        assert len(game.hands[0]) == held + 1


def test_changes_after_the_pilot_adds_a_chosen_block_once_a_game() -> None:
    game = duel()
    blocks = len(game.blocks)
    hold(game, 0, "pilot")
    game.play(0, "Changes After the Pilot")
    assert game.phase == "attach" and len(game.attach_queue[0][1]) == 2
    assert game.waiting_for.startswith("Ada chooses one of two block cards")
    game.apply(game.legal_actions()[0])
    assert len(game.blocks) == blocks + 1 and game.phase == "play"
    assert EVENT_ID["pilot"] in {c & 63 for c in game.out_of_game}
    new_zones = game.blocks[-1]["zones"]
    assert set(new_zones) <= game.fresh  # its zones may trigger RELEASE this turn


def test_refactoring_takes_a_tile_face_up_playable_from_the_next_turn() -> None:
    game = duel()
    fill_some(game)
    z = next(z for z, chip in enumerate(game.chip) if chip)
    chip = game.chip[z]
    hold(game, 0, "refactoring")
    game.play(0, "Refactoring", target=z)
    assert game.chip[z] == 0 and chip in game.hands[0] and chip in game.locked[0]
    assert game.view(None)["players"][0]["face_up"] == [game.view(0)["hand"][-1]["card"]]
    assert_refused(game, lambda: game.place(0, chip & 31, z), "locked_tile", "next turn")
    assert z in game.fresh


def test_requirements_add_an_integration_zone_at_a_free_port() -> None:
    for code, name in (("req_legal", "Government Requirements"),
                       ("req_tax", "Tax Office Requirements")):
        game = duel()
        port = game.free_ports()[0]
        zones = len(game.chip)
        hold(game, 0, code)
        game.play(0, name, target=port)
        assert len(game.chip) == zones + 1 and game.zkind[-1] == "card"
        assert game.zlabel[-1] == "C1" and port not in game.free_ports()
        assert EVENT_ID[code] in {c & 63 for c in game.out_of_game}
        assert not any(game.chip[z] for z, _half in game.port_halves(port))
        assert_refused(game, partial(game.place, 0, game.hands[0][0] & 31, len(game.chip) - 1),
                       "integration_not_ready", "C1")


def test_new_security_officer_clears_every_integration_zone() -> None:
    game = duel()
    integration = [z for z, k in enumerate(game.zkind) if k == "integration"]
    double = TILE_ID[(0, 0)]
    for pile in (game.pool[0], *game.hands):
        if double in pile:
            pile.remove(double)
    game.chip[integration[0]] = double  # as if filled
    hold(game, 0, "security")
    game.play(0, "New Security Officer")
    assert not any(game.chip[z] for z in integration)
    assert TILE_ID[(0, 0)] in game.pool[0]


def test_self_belief_keeps_one_tile_over_the_limit() -> None:
    game = duel()
    while len(game.hands[0]) < 4:
        game._draw_tile(0)
    hold(game, 0, "superman")
    game.play(0, "Self-Belief")
    game.end_turn(0)
    assert len(game.hands[0]) == 4


def test_took_over_a_project_takes_a_tile_unseen() -> None:
    game = duel()
    theirs = list(game.hands[1])
    hold(game, 0, "take_project")
    game.play(0, "Took Over a Project", target=1, count=0)
    assert theirs[0] in game.hands[0] and len(game.hands[1]) == len(theirs) - 1


def test_moved_to_a_new_department_redraws_the_hand() -> None:
    game = duel()
    held = len(game.hands[0])
    hold(game, 0, "transfer")
    game.play(0, "Moved to a New Department")
    assert len(game.hands[0]) == held


def test_the_daily_event_comes_first_and_a_target_less_one_does_nothing() -> None:
    game = new("duel", seed=5)
    while game.phase == "attach":
        game.apply(game.legal_actions()[0])
    assert game.phase == "daily" and game.daily is not None
    name = EVENTS[game.daily & 63].name
    assert game.waiting_for == f"Ada plays the daily event, {name}."
    assert_refused(game, lambda: game.end_turn(0), "daily_first", name)
    game.apply(game.legal_actions()[0])
    assert game.phase in ("play", "attach")


def test_blitz_keeps_the_daily_event_in_hand() -> None:
    game = new("duel", seed=5, blitz=True)
    while game.phase == "attach":
        game.apply(game.legal_actions()[0])
    daily = game.daily
    assert daily is not None
    game.keep(0)
    assert daily in game.cards[0] and game.phase == "play"


def test_the_deck_is_reshuffled_without_the_one_time_cards() -> None:
    game = duel()
    for chip in list(game.decks[0]):
        game.decks[0].remove(chip)
        game._discard_event(chip)
    assert game.decks[0] == []
    assert not {c & 63 for c in game.discards[0]} & {EVENT_ID["req_legal"], EVENT_ID["req_tax"],
                                                      EVENT_ID["pilot"]}
    game.end_turn(0)
    settle(game)
    assert any(e.kind == "refresh" for e in game.events)
    assert game.refreshes == 1


def test_every_card_of_the_table_has_an_effect_and_both_names() -> None:
    assert len(EVENTS) == 23 and sum(card.count for card in EVENTS.values()) == 25
    for c, card in EVENTS.items():
        assert card.code in EVENT_CARDS, card.code
        assert card.name_ru and card.name and card.does.endswith(".")
        assert c >> DECK_BITS == 0
    assert SHARED == -1
