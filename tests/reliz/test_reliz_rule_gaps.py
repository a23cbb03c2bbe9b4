"""РЕЛИЗ's cards as they say, where the engine once fell short of them: Refactoring's tile stays
face up until it is placed or leaves the hand, the hand limit shown is the one enforced, and a
partner's Crutch (Team Development) counts in the partner's own next turn."""

from devgames.reliz.cards import EVENT_ID
from devgames.reliz.game import RelizGame
from tests.reliz.events_helpers import hold
from tests.reliz.helpers import check, new, settle
from tests.reliz.test_reliz_events import duel, fill_some


def _next_turn(game: RelizGame, p: int) -> None:
    """Seat ``p`` ends its turn; the next seat's daily event is met."""
    game.end_turn(p)
    settle(game)
    check(game)


def test_a_partners_refactoring_tile_stays_face_up_until_it_leaves_the_hand() -> None:
    game = settle(new("team", seed=6))
    z = fill_some(game)[0]
    chip = game.chip[z]
    hold(game, 2, "refactoring")  # Cy, Ada's partner, takes a tile in Ada's turn
    game.call_partner(0)
    game.play(2, "Refactoring", target=z)
    game.back(2)
    tile = game.view(None)["players"][2]["face_up"]
    assert tile == [game.view(2)["hand"][-1]["card"]]
    while game.turn_player != 2:  # Ada's turn ends, then Bob's: still face up
        _next_turn(game, game.turn_player)
        assert game.view(1)["players"][2]["face_up"] == tile
    assert chip in game.hands[2] and chip not in game.locked[2]  # Cy's turn: it may be placed
    assert game.view(None)["players"][2]["face_up"] == tile
    assert not any(t["locked"] for t in game.view(2)["hand"])
    hold(game, 2, "give_project")  # the tile leaves the hand: no longer face up
    game.play(2, "Hand Over Your Project", target=1, tile=chip & 31)
    assert game.view(None)["players"][2]["face_up"] == []
    assert game.view(None)["players"][1]["face_up"] == []


def _ends_with(game: RelizGame, p: int, tiles: int) -> bool:
    """Seat ``p``, the turn player, holds ``tiles`` tiles and ends its turn: True if the engine
    keeps its hand (no ``over_limit``)."""
    while len(game.hands[p]) > tiles:
        game._to_pool(game.hands[p].pop())
    while len(game.hands[p]) < tiles:
        assert game._draw_tile(p)
    before = len(game.events)
    game.end_turn(p)
    return not any(e.kind == "over_limit" and e.player == p for e in game.events[before:])


def test_a_hand_of_the_limit_shown_is_kept_and_one_more_is_sent_back() -> None:
    for superman in (False, True):
        for extra in (0, 1):
            game = duel()
            if superman:  # Self-Belief: one tile over the limit
                hold(game, 0, "superman")
                game.play(0, "Self-Belief")
            limit = game.view(0)["hand_limit"]
            assert game.view(None)["hand_limit"] == limit == 3 + superman
            assert _ends_with(game, 0, limit + extra) is (extra == 0)


def test_a_merged_cooperation_teams_limit_is_shown() -> None:
    for extra in (0, 1):
        game = settle(new("cooperation", seed=2, team_turns="in_turn"))
        game._merge_hands(0)
        game.merged[0] = True  # its module closed: one hand, 2 x team size
        limit = game.view(0)["hand_limit"]
        assert limit == 2 * game.options.team_size == 4
        assert _ends_with(game, 0, limit + extra) is (extra == 0)


def test_a_partners_crutch_counts_in_the_partners_own_next_turn() -> None:
    game = settle(new("team", seed=6))
    hold(game, 2, "crutch")
    chip = game.hands[2][0]
    game.call_partner(0)
    game.play(2, "Crutch", tile=chip & 31, count=1)
    game.back(2)
    while game.turn_player != 2:  # Ada's turn ends, then Bob's: Cy's crutch waits
        _next_turn(game, game.turn_player)
    assert chip in game.hands[2] and game.wild == {chip: 0}  # Cy's own turn: it counts
    assert game.view(2)["crutches"] == [game.view(2)["hand"][0]["card"]]
    _next_turn(game, 2)  # and ends with Cy's turn
    assert chip not in game.wild


def _partner_plays(game: RelizGame, code: str, title: str) -> None:
    """Cy plays ``title`` in Ada's turn (Team Development: Cy is Ada's partner)."""
    hold(game, 2, code)
    game.call_partner(0)
    game.play(2, title)
    game.back(2)


def test_a_partners_flow_state_serves_the_turn_being_played_by_default() -> None:
    game = settle(new("team", seed=6))
    hand = list(game.hands[2])
    _partner_plays(game, "flowstate", "Flow State")
    assert len(game.extras) == 3 and game.extras_left == 2  # Ada places from the side pool
    assert game.hands[2] == hand and game.waiting[2] == []


def test_a_partners_flow_state_waits_for_the_partners_own_turn_with_partner_cards_own() -> None:
    game = settle(new("team", seed=6, partner_cards="own"))
    _partner_plays(game, "teamlead", "Team Lead's Advice")
    assert game.extras == [] and game.extras_left == 0  # nothing for Ada
    while game.turn_player != 2:
        assert game.waiting[2] == [EVENT_ID["teamlead"]]
        _next_turn(game, game.turn_player)
    assert len(game.extras) == 5 and game.extras_left == 1  # Cy's own turn draws the pool
    assert game.waiting[2] == []


def test_a_partners_self_belief_counts_where_the_option_says() -> None:
    turn = settle(new("team", seed=7))  # (seed 6 draws Self-Belief as Ada's daily event)
    _partner_plays(turn, "superman", "Self-Belief")
    assert turn.view(0)["hand_limit"] == 3 and turn.view(2)["hand_limit"] == 2
    assert _ends_with(turn, 0, 3)  # Ada keeps one tile over the limit

    own = settle(new("team", seed=7, partner_cards="own"))
    _partner_plays(own, "superman", "Self-Belief")
    assert own.view(0)["hand_limit"] == 2 and own.view(2)["hand_limit"] == 3
    assert not _ends_with(own, 0, 3)  # not Ada's: her third tile is over the limit
    settle(own)
    while own.turn_player != 2:
        _next_turn(own, own.turn_player)
    assert own.view(2)["hand_limit"] == 3 and own.waiting[2] == []
    assert _ends_with(own, 2, 3)  # Cy's own turn ends with one tile over the limit
