"""РЕЛИЗ's cards as they say, where the engine once fell short of them: Refactoring's tile stays
face up until it is placed or leaves the hand, the hand limit shown is the one enforced, and a
partner's Crutch (Team Development) counts in the partner's own next turn."""

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
