"""Tender and Cooperation with ``team_hands="members"`` (the default, rulebook Q45 and Q48): each
member of a team holds a hand of their own (2 / 2), one member a round plays from it, in turn,
until a Cooperation team merges; ``"shared"`` keeps one hand a team."""

from devgames.core.actions import Action
from devgames.reliz import RelizGame
from devgames.reliz.cards import TILES
from devgames.reliz.terms import CENTRAL, MODULE, SET_BITS
from tests.refusals import assert_refused
from tests.reliz.events_helpers import hold
from tests.reliz.helpers import check, check_all, check_members, new, settle
from tests.reliz.test_reliz_scenarios import ZERO, enter, fill_but_one, give_zero, play_turns


def chip(game: RelizGame, p: int, tile: int) -> int:
    """Tile ``tile`` of seat ``p``'s own set."""
    return tile + (game._set_of(p) << SET_BITS)


def next_turn(game: RelizGame) -> None:
    """End the turn without placing, and settle the next one."""
    game.end_turn(game.turn_player)
    settle(game)


def test_each_member_is_dealt_a_hand_and_the_member_of_the_round_plays() -> None:
    game = settle(new("tender", seed=5, team_size=3, team_turns="in_turn"))
    assert game.round_no == 1 and game.active_member == [0, 0, 0]  # the first member first
    for p in range(3):
        drawn = 1 if p == game.turn_player else 0  # the turn's tile
        assert [len(game.member_hand(p, m)) for m in range(3)] == [2 + drawn, 2, 2]
        assert game.member_hands[p][0] == []  # the active member's tiles are hands[p]
    check_all(game)


def test_the_active_member_rotates_through_the_team_round_by_round() -> None:
    game = settle(new("tender", seed=5, team_size=3, turn_cap=0))
    seen = []
    for _ in range(3 * 4):  # four rounds of three teams
        p = game.turn_player
        seen.append((game.round_no, p, game.active_member[p]))
        kept = list(game.member_hand(p, game.round_no % 3))  # the next round's member
        next_turn(game)
        if game.turn_player == 0:  # a new round: the next member takes up their own hand
            assert game.hands[p][:len(kept)] == kept or not kept
        check(game)
    assert all(m == (r - 1) % 3 for r, _p, m in seen)  # (an extra turn keeps the round's member)
    assert {r for r, _p, _m in seen} == {1, 2, 3, 4}
    assert [row["round"] for row in game.rounds][:3] == [1, 1, 1]


def test_a_draw_goes_to_the_active_member_and_the_limit_is_each_members() -> None:
    game = settle(new("tender", seed=5))
    aside = [list(hand) for hand in game.member_hands[0]]
    assert len(game.hands[0]) == 3  # 2 dealt + the turn's draw, all the active member's
    hold(game, 0, "insight")
    game.play(0, "Sudden Insight")
    assert len(game.hands[0]) == 4 and game.member_hands[0] == aside
    limit = 2 + game.superman  # (Self-Belief may have been the daily event)
    game.end_turn(0)  # 4 tiles over the member's limit: that hand goes back whole
    assert game.hands[0] == [] and game.member_hands[0] == aside
    over = [e for e in game.events if e.kind == "over_limit"][-1]
    assert over.data == {"tiles": 4, "limit": limit}


def test_self_belief_lets_the_active_member_keep_one_over() -> None:
    game = settle(new("cooperation", seed=5))
    hold(game, 0, "superman")
    game.play(0, "Self-Belief")
    while len(game.hands[0]) > 3:
        game._to_pool(game.hands[0].pop())
    while len(game.hands[0]) < 3:
        game._draw_tile(0)
    game.end_turn(0)
    assert len(game.hands[0]) == 3


def test_cards_on_an_opponent_team_hit_its_member_of_the_round() -> None:
    game = settle(new("tender", seed=5))
    bob_aside = [list(hand) for hand in game.member_hands[1]]
    bob_active = list(game.hands[1])
    hold(game, 0, "take_project")
    game.play(0, "Took Over a Project", target=1, count=0)
    assert game.hands[0][-1] == bob_active[0] and game.hands[1] == bob_active[1:]
    hold(game, 0, "give_project")
    mine = game.hands[0][0]
    game.play(0, "Hand Over Your Project", target=1, tile=mine & 31)
    assert game.hands[1][-1] == mine
    hold(game, 0, "claim")
    game.play(0, "Complaint", target=1)
    assert game.hands[1] == [] and game.member_hands[1] == bob_aside
    hold(game, 0, "emergency")
    game.play(0, "All Hands on Deck")
    assert len(game.hands[1]) == 2 and game.member_hands[1] == bob_aside
    check_all(game)


def test_a_tile_of_a_member_who_does_not_play_is_refused_and_nothing_changes() -> None:
    game = settle(new("tender", seed=5))
    aside = game.member_hands[0][1]
    tile = next(c & 31 for c in aside if c & 31 not in {h & 31 for h in game.hands[0]})
    zone = next(z for z in range(len(game.chip)) if game.zowner[z] == 0 and not game.chip[z])
    assert_refused(game, lambda: game.place(0, tile, zone), "member_not_active", "member 2",
                   "Ada")
    assert not game.can_place(0, tile, zone)
    assert all(a.card != tile for a in game.legal_actions() if a.kind == "place")
    hold(game, 0, "claim")
    assert_refused(game, lambda: game.play(0, "Complaint", target=0), "bad_target")


def test_the_team_sees_each_members_hand_and_others_see_counts_only() -> None:
    game = settle(new("tender", seed=5))
    own = game.view(0)
    assert own["active_member"] == 0
    assert own["members"] == [[c & 31 for c in game.member_hand(0, m)] for m in range(2)]
    assert [t["id"] for t in own["hand"]] == own["members"][0]
    hidden = {c & 31 for m in range(2) for c in game.member_hand(0, m)}
    for view in (game.view(1), game.view(None)):
        ada = view["players"][0]
        assert ada["member_tiles"] == [3, 2] and ada["member"] == 1  # counted from 1
        assert "members" not in view or view["members"] == [
            [c & 31 for c in game.member_hand(1, m)] for m in range(2)]
        assert not any(isinstance(v, list) and set(v) & hidden and key != "member_tiles"
                       for key, v in ada.items())
    assert "hand" not in game.view(None) and "members" not in game.view(None)
    waiting = ", ".join(TILES[c & 31].name for c in game.member_hands[0][1])
    assert game.secrets(0) == ["Member 1 plays this round (the tiles above).",
                               f"Member 2 waits with {waiting}."]
    assert all(waiting not in line for line in game.secrets(1))
    bob = game.view(1)
    assert {t["id"] for t in bob["hand"]} <= {c & 31 for c in game.hands[1]}


def test_cooperation_merging_joins_every_members_tiles_into_one_hand() -> None:
    game = settle(new("cooperation", seed=5, team_size=3))
    tiles = sorted(c for m in range(3) for c in game.member_hand(0, m))
    central = {z for z in range(len(game.chip)) if game.zstage[z] == CENTRAL}
    module = [z for z in range(len(game.chip)) if game.zowner[z] == 0 and z not in central]
    assert all(game.zstage[z] == MODULE for z in module)
    give_zero(game, 0)
    game.place(0, "0|0", fill_but_one(game, module))
    assert game.merged[0] and not game.members_apart(0)
    assert sorted(game.hands[0]) == tiles and game.member_hands[0] == [[], [], []]
    assert game._hand_limit(0) == 6 and "members" not in game.view(0)
    assert "member_tiles" not in game.view(None)["players"][0]
    assert game.view(None)["players"][1]["member_tiles"] == [
        len(game.member_hand(1, m)) for m in range(3)]
    check_members(game)  # (the module filled by hand: no tile count here)
    rounds = game.round_no
    while game.round_no < rounds + 2:  # the merged team plays as one: no more rotation
        next_turn(game)
        assert game.member_hands[0] == [[], [], []]
        check_members(game)


def test_tender_members_keep_rotating_to_the_end() -> None:
    game = settle(new("tender", seed=5, turn_cap=0))
    own = [z for z in range(len(game.chip)) if game.zowner[z] == 0]
    fill_but_one(game, [*own, -1])
    for _ in range(3 * 3):
        next_turn(game)
        assert game.active_member[0] == (game.round_no - 1) % 2
        assert game.member_hands[0][game.active_member[0]] == []
    assert game.round_no >= 3


def test_the_shared_option_keeps_one_hand_a_team() -> None:
    game = settle(new("tender", seed=5, team_hands="shared", team_turns="in_turn"))
    assert game.member_hands == [[], [], []] and not game.members_apart(0)
    assert sorted(len(hand) for hand in game.hands) == [2, 2, 3]
    assert "members" not in game.view(0)
    assert "member_tiles" not in game.view(None)["players"][0]
    assert "member_hands" not in game.snapshot()
    next_turn(game)
    assert game.member_hands == [[], [], []]


def test_undo_across_a_new_round_gives_each_member_their_hand_back() -> None:
    game = settle(new("cooperation", seed=3))
    next_turn(game)
    before = game.snapshot()
    game.end_turn(1)  # a new round: the other members take up their hands
    assert game.snapshot()["active_member"] != before["active_member"]
    game.undo()
    assert game.snapshot() == before


def test_a_physical_deck_deals_each_member_and_a_draw_goes_to_the_active_one() -> None:
    game = new("cooperation", seed=1, deck="physical", team_turns="in_turn")
    enter(game, 1, 2, 1, 2, 3, 1, 2, 3)
    # two tiles for each member of each team, then Ada's tile and daily event
    assert [e[0] for e in game.to_enter] == ["tile"] * 9 + ["daily"]
    assert [e[2] for e in game.to_enter[:9]] == [0] * 4 + [1] * 4 + [0]
    enter(game, ZERO, ZERO + 1)
    assert game.view(0)["members"] == [[], [ZERO, ZERO + 1]]  # the active member's last
    enter(game, ZERO + 2, ZERO + 3)
    assert game.view(0)["members"] == [[ZERO + 2, ZERO + 3], [ZERO, ZERO + 1]]
    enter(game, ZERO, ZERO + 1, ZERO + 2, ZERO + 3)  # Bob's team, from its own set
    enter(game, ZERO + 4)  # Ada's turn: the active member draws
    assert game.hands[0] == [chip(game, 0, t) for t in (ZERO + 2, ZERO + 3, ZERO + 4)]
    play_turns(game, 4)
    assert game.turn_no == 5 and not game.is_over
    check_all(game)


def test_metrics_and_moves_speak_of_the_team_seat() -> None:
    game = settle(new("tender", seed=5))
    assert game.current_player == 0 and Action("end", 0) in game.legal_actions()
    next_turn(game)
    assert game.rounds[0]["hand_size"] == len(game.hands[0])
