"""РЕЛИЗ's scenarios: each one's set-up (seats, blocks at start, starting tiles, hand limit, banned
cards) and its end (who wins, or how everybody loses)."""

import pytest

from devgames import reliz
from devgames.core.actions import Action
from devgames.core.errors import SetupError
from devgames.reliz.cards import EVENT_DECK, EVENT_ID, TILE_ID
from devgames.reliz.game import RelizGame
from devgames.reliz.setup import SCENARIOS
from devgames.reliz.terms import CENTRAL, INTEGRATION_BLOCK, LINK, MODULE
from tests.refusals import assert_refused
from tests.reliz.events_helpers import hold
from tests.reliz.helpers import NAMES, check, check_all, new, settle

ZERO = TILE_ID[(0, 0)]

SETUP = {  # scenario: (seats, blocks at start, starting tiles, hand limit, banned)
    "duel": (2, 3, 3, 3, ()),
    "prototype": (2, 2, 1, 3, ("teamlead", "flowstate", "pilot")),
    "every_man": (3, 2, 2, 2, ()),
    "team": (4, 3, 2, 2, ("pilot",)),
    "pet": (1, 3, 3, 3, ("weekend", "coffee", "audit")),
}


@pytest.mark.parametrize("code", list(SETUP))
def test_each_scenario_sets_up_as_the_rulebook_says(code: str) -> None:
    seats, blocks, tiles, limit, banned = SETUP[code]
    game = new(code, seed=2)
    sc = game.scenario
    assert (sc.blocks, sc.start_tiles, sc.hand_limit, set(sc.banned)) == (blocks, tiles, limit,
                                                                          set(banned))
    while game.phase == "attach":
        game.apply(game.legal_actions()[0])
    assert len(game.blocks) == blocks and game.integrations == blocks - 1
    in_deck = {c & 63 for c in game.decks[0]} | {c & 63 for c in game.discards[0]}
    if game.daily is not None:
        in_deck.add(game.daily & 63)
    assert not in_deck & {EVENT_ID[b] for b in banned}
    # each seat was dealt its starting tiles; the first player then drew one
    assert [len(h) for h in game.hands] == [tiles + (p == game.turn_player)
                                            for p in range(seats)]
    assert game._hand_limit(0) == limit
    view = game.view(None)
    assert (view["scenario_ru"], view["scenario_en"]) == (SCENARIOS[code].name_ru,
                                                          SCENARIOS[code].name_en)


def test_auto_picks_the_scenario_by_seats_and_a_wrong_count_is_refused() -> None:
    assert [reliz.new_game(NAMES[:n], seed=1).scenario.code for n in (1, 2, 3, 4)] == [
        "pet", "duel", "every_man", "team"]
    with pytest.raises(SetupError, match="Team Development"):
        reliz.new_game(NAMES[:2], scenario="team")
    with pytest.raises(SetupError, match="2 to 4"):
        reliz.new_game(NAMES[:1], scenario="tender")


def fill_but_one(game: RelizGame, zones: list[int]) -> int:
    """Fill every zone of ``zones`` but the last with 0|0 (as if played); the zone left."""
    for z in zones[:-1]:
        game.chip[z] = ZERO
        game.pips[z] = (0, 0)
    return zones[-1]


def give_zero(game: RelizGame, p: int) -> None:
    game.hands[p].append(ZERO + (game._set_of(p) << 5))


def test_duel_is_won_by_the_player_who_fills_the_last_zone() -> None:
    game = settle(new("duel", seed=6))
    last = fill_but_one(game, list(range(len(game.chip))))
    give_zero(game, 0)
    game.place(0, "0|0", last)
    assert game.is_over and game.winners == ["Ada"] and "Ada filled the last free zone" in \
        game.result
    assert game.legal_actions() == []
    assert_refused(game, lambda: game.end_turn(0), "game_over")


def test_team_development_is_won_by_both_partners() -> None:
    game = settle(new("team", seed=6))
    assert game.team == [0, 1, 0, 1]
    last = fill_but_one(game, list(range(len(game.chip))))
    give_zero(game, 0)
    game.place(0, "0|0", last)
    assert game.winners == ["Ada", "Cy"]


def test_team_development_partner_plays_event_cards_in_the_turn() -> None:
    game = settle(new("team", seed=6))
    assert_refused(game, lambda: game.call_partner(0), "partner_cannot", "Cy")
    hold(game, 2, "insight")
    held = len(game.hands[2])
    game.call_partner(0)
    assert game.current_player == 2 and game.waiting_for.startswith("Cy may play event cards")
    assert_refused(game, lambda: game.end_turn(2), "cards_only")
    game.play(2, "Sudden Insight")
    assert len(game.hands[2]) == held + 1
    game.back(2)
    assert game.current_player == 0 and game.phase == "play"


def test_every_man_for_himself_has_three_seats_and_a_limit_of_two() -> None:
    game = settle(new("every_man", seed=4))
    assert game.n == 3 and game._hand_limit(0) == 2
    assert game.opponents(0) == [1, 2]


def test_writing_a_prototype_discards_an_unplayed_daily_event() -> None:
    game = new("prototype", seed=3)
    while game.phase == "attach":
        game.apply(game.legal_actions()[0])
    assert game.phase == "play" and game.daily is not None  # not resolved at once
    daily = game.daily
    game.end_turn(0)
    assert daily in game.discards[0]


def test_pet_project_is_won_by_closing_every_zone_and_lost_when_the_stock_runs_out() -> None:
    game = settle(new("pet", seed=3))
    last = fill_but_one(game, list(range(len(game.chip))))
    give_zero(game, 0)
    game.place(0, "0|0", last)
    assert game.winners == ["Ada"] and "pet project is released" in game.result
    game = settle(new("pet", seed=3, solo_pool="spent"))
    game.out_of_game += [-chip for chip in game.pool[0]]  # every tile left has been spent
    game.pool[0] = []
    game.end_turn(0)
    assert game.is_over and game.winners == [] and "stock ran out" in game.result


def test_pet_project_adds_a_block_each_time_the_event_deck_is_refreshed() -> None:
    game = settle(new("pet", seed=3))
    blocks = len(game.blocks)
    for chip in list(game.decks[0]):
        game.decks[0].remove(chip)
        game._discard_event(chip)
    game.end_turn(0)
    assert game.phase == "attach" and game.attach_queue[0][2] == "refresh"
    game.apply(game.legal_actions()[0])
    assert len(game.blocks) == blocks + 1


def tender() -> RelizGame:
    game = new("tender", seed=5)
    assert game.phase == "attach"
    settle(game)
    return game


def test_tender_lays_out_a_central_block_integration_blocks_and_drafted_modules() -> None:
    game = tender()
    stages = [(b["owner"], b["stage"]) for b in game.blocks]
    assert stages[0] == (-1, CENTRAL)
    for t in range(3):
        assert stages.count((t, INTEGRATION_BLOCK)) == 1
        module = [game.blocks[s]["card"] for s, st in enumerate(stages) if st == (t, MODULE)]
        assert sorted(reliz.cards.BLOCKS[c].size for c in module) == [2, 3, 4]
    assert len(game.decks) == 3 and len(game.pool) == 3  # own tiles and deck per team


def test_tender_closes_module_then_integration_block_then_central() -> None:
    game = tender()
    p = game.turn_player
    own = lambda *stages: [z for z in range(len(game.chip))  # noqa: E731
                           if game.zowner[z] == p and game.zstage[z] in stages]
    block_zone = own(INTEGRATION_BLOCK)[0]
    give_zero(game, p)
    assert_refused(game, lambda: game.place(p, "0|0", block_zone), "not_your_zone", "module")
    other = next(z for z in range(len(game.chip)) if game.zowner[z] not in (p, -1))
    assert_refused(game, lambda: game.place(p, "0|0", other), "not_your_zone", "belongs")
    fill_but_one(game, [*own(MODULE), -1])
    game.chip[-1] = 0
    links = [a for a in game.legal_actions() if a.kind == "link"]
    assert links
    game.apply(links[0])
    assert game.linked[p]
    fill_but_one(game, [*own(LINK, INTEGRATION_BLOCK), -1])
    central_link = own(CENTRAL)[0]
    for z, _h in [(oz, oh) for _h2, oz, oh in game.zlinks[central_link]]:
        game.chip[z] = ZERO
        game.pips[z] = (0, 0)
    game.place(p, "0|0", central_link)
    assert game.is_over and game.winners == [game.players[p]]


def close_but_the_release(game: RelizGame, p: int) -> int:
    """Close team ``p``'s module (joined by its first ``link``) and its integration block, and
    fill what its central release touches, with 0|0 (as if played); the central release's
    zone."""
    own = lambda *stages: [z for z in range(len(game.chip))  # noqa: E731
                           if game.zowner[z] == p and game.zstage[z] in stages]
    fill_but_one(game, [*own(MODULE), -1])
    game.apply(next(a for a in game.legal_actions() if a.kind == "link"))
    fill_but_one(game, [*own(LINK, INTEGRATION_BLOCK), -1])
    release = own(CENTRAL)[0]
    for _h, z, _oh in game.zlinks[release]:
        game.chip[z] = ZERO
        game.pips[z] = (0, 0)
    return release


def test_tender_shared_win_lets_the_round_end_and_every_team_closing_in_it_wins() -> None:
    game = settle(new("tender", seed=5, tender_shared_win=True))
    assert game.turn_player == 0
    release = close_but_the_release(game, 0)
    give_zero(game, 0)
    game.place(0, "0|0", release)
    assert not game.is_over and game.closed == [0]  # Bob and Cy still play this round
    assert game.view(None)["players"][0]["closed"] is True
    closed = next(e for e in game.events if e.kind == "closed")
    assert "every team that closes in it shares the win" in str(game.narrate(closed))
    game.end_turn(0)
    settle(game)
    release = close_but_the_release(game, 1)
    give_zero(game, 1)
    game.place(1, "0|0", release)
    assert not game.is_over and game.closed == [0, 1]
    game.end_turn(1)
    settle(game)
    round_no = game.round_no
    game.end_turn(2)  # the round is over: Cy did not close
    assert game.is_over and game.winners == ["Ada", "Bob"]
    assert f"in round {round_no}: they share the win" in game.result


def test_tender_shared_win_the_last_team_of_the_round_ends_it_at_once() -> None:
    game = settle(new("tender", seed=5, tender_shared_win=True))
    game.end_turn(0)
    settle(game)
    game.end_turn(1)
    settle(game)
    release = close_but_the_release(game, 2)
    give_zero(game, 2)
    game.place(2, "0|0", release)
    assert game.is_over and game.winners == ["Cy"] and "alone in round 1" in game.result


def test_tender_without_shared_win_the_first_team_to_close_wins_at_once() -> None:
    game = settle(new("tender", seed=5))
    release = close_but_the_release(game, 0)
    give_zero(game, 0)
    game.place(0, "0|0", release)
    assert game.is_over and game.winners == ["Ada"] and game.closed == []
    assert "closed" not in game.view(None)["players"][0]


def test_cooperation_opens_the_centre_after_every_module_and_wins_together() -> None:
    game = settle(new("cooperation", seed=5))
    central = [z for z in range(len(game.chip)) if game.zstage[z] == CENTRAL]
    give_zero(game, 0)
    assert_refused(game, lambda: game.place(0, "0|0", central[0]), "not_your_zone", "central")
    last = fill_but_one(game, [z for z in range(len(game.chip)) if z not in central] + central)
    game.merged = [True] * game.n
    game.central_open = True
    game.place(0, "0|0", last)
    assert game.is_over and game.winners == ["Ada", "Bob"]


def test_cooperation_is_lost_together_when_the_rounds_run_out() -> None:
    game = settle(new("cooperation", seed=5, coop_rounds=30))
    game.round_no = 30
    while not game.is_over:
        if game.phase != "play":
            game.apply(game.legal_actions()[0])
        else:
            game.end_turn(game.turn_player)
    assert game.winners == [] and "30 rounds are over" in game.result


def test_cooperation_merged_team_draws_for_each_member_and_holds_more() -> None:
    game = settle(new("cooperation", seed=5, team_size=3))
    game.merged[1] = True
    assert game._hand_limit(1) == 6
    game.end_turn(0)
    settle(game)
    drawn = [e for e in game.events if e.kind == "draw" and e.player == 1]
    assert len(drawn) >= 3


def test_the_turn_cap_ends_a_game_undecided() -> None:
    game = settle(new("duel", seed=1, turn_cap=2))
    game.end_turn(0)
    settle(game)
    game.end_turn(1)
    assert game.is_over and game.winners == [] and "turn cap" in game.result


def test_a_physical_deck_asks_for_every_piece_drawn() -> None:
    game = new("duel", seed=1, deck="physical")
    assert game.current_player == -1 and game.waiting_for == "Enter the first block card of " \
        "the board."
    assert_refused(game, lambda: game.end_turn(0), "card_expected", "first block card")
    game.apply(game.legal_actions()[6])  # the first block: block 7
    assert game.blocks[0]["card"] == 7
    assert game.waiting_for == "Enter the block card drawn for Ada."
    assert_refused(game, lambda: game.apply(Action("deal", -1, count=7)), "not_available")
    assert len(game.to_enter) == 4  # two block cards for each of the two set-up picks
    while game.to_enter:
        game.apply(game.legal_actions()[0])
    assert game.phase == "attach" and 0 not in game.attach_queue[0][1]
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    # 3 starting tiles each, Ada's first tile and her daily event card
    assert [e[0] for e in game.to_enter] == ["tile"] * 7 + ["daily"]
    assert game.waiting_for == "Enter the tile Ada drew."
    while game.to_enter:
        game.apply(game.legal_actions()[0])
    assert game.phase == "daily" and game.daily is not None
    assert sorted(len(h) for h in game.hands) == [3, 4]
    assert_refused(game, lambda: game.apply(Action("deal", -1, card=1)), "no_card_expected")


def enter(game: RelizGame, *pieces: int) -> None:
    """Enter these pieces drawn (tile or event card ids, or block numbers), in order."""
    for piece in pieces:
        kind = game.to_enter[0][0]
        game.apply(Action("deal", -1, card=piece) if kind in ("tile", "event", "daily")
                   else Action("deal", -1, count=piece))


def play_turns(game: RelizGame, turns: int) -> None:
    """Enter the first piece offered, play the set-up and the daily events on their first
    target, and end ``turns`` turns, checking every invariant on the way."""
    start = game.turn_no
    while game.turn_no < start + turns or game.to_enter or game.phase != "play":
        if game.phase == "play" and not game.to_enter:
            game.end_turn(game.turn_player)
        else:
            game.apply(game.legal_actions()[0])
        (check if game.to_enter else check_all)(game)  # pieces still to enter are unknown


def test_tender_with_a_physical_deck_asks_for_each_block_tile_and_event_card() -> None:
    # (one hand a team; each member's own: tests/reliz/test_reliz_members.py)
    game = new("tender", seed=1, deck="physical", team_hands="shared",
               team_turns="in_turn")
    assert game.current_player == -1 and game.blocks == []
    assert game.waiting_for == "Enter the central block card (one with 3 ports or more)."
    offered = [a.count for a in game.legal_actions()]
    assert 1 not in offered and 2 in offered  # block 1 has two ports, block 2 four
    assert_refused(game, lambda: enter(game, 1), "not_available")
    enter(game, 2)
    assert game.blocks[0]["card"] == 2 and game.blocks[0]["stage"] == CENTRAL
    assert game.waiting_for == "Enter the integration block card drawn for Ada."
    assert_refused(game, lambda: enter(game, 2), "not_available")  # already on the board
    enter(game, 3, 4, 5)
    assert [(b["card"], b["owner"], b["stage"]) for b in game.blocks[1:]] == [
        (3, 0, INTEGRATION_BLOCK), (4, 1, INTEGRATION_BLOCK), (5, 2, INTEGRATION_BLOCK)]
    assert game.integrations == 3  # each integration block joined to the central one
    # each team drafts its module from its own block cards: two of 2 zones, 3 and 4
    assert game.waiting_for == "Enter the 2-zone block card drawn for Ada."
    assert [a.count for a in game.legal_actions()] == [4, 5, 10, 11]
    assert_refused(game, lambda: enter(game, 2), "not_available")  # 3 zones
    enter(game, 4, 5, 2, 3, 1, 7)
    assert game.waiting_for == "Enter the 2-zone block card drawn for Bob."
    assert 4 in [a.count for a in game.legal_actions()]  # Bob's own copy of block 4
    while game.to_enter:
        game.apply(game.legal_actions()[0])
    assert game.phase == "attach" and game.attach_queue[0][1] == (4, 5)
    assert sorted(game.supply[0]) == sorted(set(range(1, 19)) - {1, 2, 3, 4, 5, 7})
    while game.phase == "attach" and not game.to_enter:
        game.apply(game.legal_actions()[0])
    # two starting tiles a team, each from its own stock, then Ada's tile and daily event
    assert [e[0] for e in game.to_enter] == ["tile"] * 7 + ["daily"]
    assert [e[2] for e in game.to_enter[:7]] == [0, 0, 1, 1, 2, 2, 0]
    enter(game, ZERO)
    assert [t["card"] for t in game.view(0)["hand"]] == ["0|0"]  # the next one not entered yet
    # Ada's 0|0 is still offered: her hand is secret (see test_reliz_entry_lists.py)
    assert ZERO in [a.card for a in game.legal_actions()]
    enter(game, ZERO + 1)
    enter(game, ZERO)  # Bob's own 0|0
    assert game.hands[1] == [ZERO + (1 << 5), 31 + (1 << 5)]
    play_turns(game, 4)
    assert game.turn_no == 5 and not game.is_over


def test_cooperation_with_a_physical_deck_asks_for_each_block_tile_and_event_card() -> None:
    game = new("cooperation", seed=1, deck="physical", team_hands="shared",
               team_turns="in_turn")
    assert game.waiting_for == "Enter the central block card drawn for Ada."
    enter(game, 1, 2)
    assert game.waiting_for == "Enter the block card drawn for Ada's module."
    enter(game, 1, 2, 3)
    assert game.waiting_for == "Enter the block card drawn for Bob's module."
    enter(game, 1, 2, 3)  # Bob's own copies
    assert [(b["card"], b["owner"], b["stage"]) for b in game.blocks] == [
        (1, -1, CENTRAL), (2, -1, CENTRAL), (1, 0, MODULE), (2, 0, MODULE), (3, 0, MODULE),
        (1, 1, MODULE), (2, 1, MODULE), (3, 1, MODULE)]
    # the central blocks chained, each module chained and joined to its central block
    assert game.integrations == 1 + 2 * 2 + 2
    assert [e[0] for e in game.to_enter] == ["tile"] * 5 + ["daily"]
    play_turns(game, 3)
    # every module closed: the central deck, every card but IT Audit, is drawn from next
    game = settle(new("cooperation", seed=1, deck="physical", team_hands="shared",
                      team_turns="in_turn"))
    while game.to_enter or game.phase != "play":
        game.apply(game.legal_actions()[0])
    central = [z for z in range(len(game.chip)) if game.zstage[z] == CENTRAL]
    modules = sorted((z for z in range(len(game.chip)) if z not in central),
                     key=lambda z: game.zowner[z] == 0)  # one of Ada's zones last
    give_zero(game, 0)
    game.place(0, "0|0", fill_but_one(game, modules))
    assert game.central_open
    while game.to_enter:  # the RELEASE's event card, from Ada's deck
        assert game.to_enter[0] == ("event", 0, 0)
        game.apply(game.legal_actions()[0])
    game.end_turn(0)
    assert game.to_enter[-1] == ("daily", 1, 2)  # Bob's daily event, from the central deck
    while game.to_enter[0][0] != "daily":
        game.apply(game.legal_actions()[0])
    offered = [a.card for a in game.legal_actions()]
    assert EVENT_ID["audit"] not in offered and len(offered) == len(set(EVENT_DECK)) - 1
    enter(game, EVENT_ID["insight"])
    assert game.daily == EVENT_ID["insight"] + (2 << 6) and len(game.decks[2]) == 23


def test_a_physical_layout_depends_on_the_seed_and_the_pieces_entered_only() -> None:
    boards = []
    for spent in (0, 5):
        game = new("cooperation", seed=4, deck="physical")
        for _ in range(spent):  # the game's generator used for something else meanwhile
            game.rng.random()
        enter(game, 1, 2, 3, 4, 5, 6, 7, 8)
        boards.append((game.zports, [b["card"] for b in game.blocks]))
    assert boards[0] == boards[1]
