"""РЕЛИЗ's board: the block data (compared with the published data when it is beside the project),
every block's links and doubles as the engine plays them, pairwise links, integration zones,
rotation, replacement, RELEASE and the hand limit."""

import json
import re
from functools import partial
from itertools import pairwise
from pathlib import Path

import pytest

from devgames.reliz.cards import BLOCKS, EVENT_ID, TILE_ID, load_blocks
from devgames.reliz.game import RelizGame
from devgames.reliz.terms import BLOCK, SHARED
from tests.refusals import assert_refused
from tests.reliz.helpers import check, new, settle

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "reliz_blocks.json"
HALF = re.compile(r"Zone\[(\d+)\]\.ZoneSide\[(\d+)\]")


def lone(card: int, *more: int) -> RelizGame:
    """A Duel in Ada's turn whose board is block ``card`` alone (and ``more`` blocks, not
    joined), with every tile of the set in Ada's hand."""
    game = settle(new("duel", seed=4))
    for name in ("zkind", "zblock", "zdouble", "zlinks", "znear", "zowner", "zstage", "zlabel",
                 "zports", "chip", "pips", "crutch", "need", "zfit", "blocks"):
        getattr(game, name).clear()
    game.integrations = 0
    for c in (card, *more):
        game._add_block(c, SHARED, "")
    p = game.turn_player
    for q in range(game.n):
        game.pool[0] += game.hands[q]
        game.hands[q] = []
    game.hands[p] = sorted(game.pool[0])
    game.pool[0] = []
    game.fresh = set(range(len(game.chip)))
    game.placed_now = set()
    return game


def tile(a: int, b: int) -> int:
    return TILE_ID[(min(a, b), max(a, b))]


def put(game: RelizGame, zone: int, a: int, b: int) -> None:
    """Place the tile {a, b} in ``zone`` with ``a`` on half 1."""
    game.place(game.turn_player, tile(a, b), zone, 0 if a <= b else 1)


def test_our_block_data_has_18_cards_of_4_3_and_2_zones() -> None:
    sizes = sorted(block.size for block in BLOCKS.values())
    assert (sizes.count(4), sizes.count(3), sizes.count(2)) == (7, 7, 4)
    assert sum(1 for b in BLOCKS.values() for z in b.zones if z[2]) == 12


@pytest.mark.skipif(not REFERENCE.exists(), reason="the published block data is not beside us")
def test_our_block_data_matches_the_published_data() -> None:
    published = json.loads(REFERENCE.read_text(encoding="utf-8"))
    ours = load_blocks()
    assert sorted(ours) == sorted(b["id"] for b in published)

    def half(text: str) -> tuple[int, int]:
        found = HALF.fullmatch(text)
        assert found
        return int(found[1]), int(found[2])

    for item in published:
        block = ours[item["id"]]
        assert block.zones == tuple((z["zone"], z["vertical"], z["double_only"])
                                    for z in item["zones"])
        assert block.links == tuple((*half(link["from"]), *half(link["to"]))
                                     for link in item["links"])
        assert [(p.port, p.side, p.halves) for p in block.ports] == [
            (p["port"], p["direction"], tuple(half(h) for h in p["links"]))
            for p in item["ports"]]


@pytest.mark.parametrize("card", sorted(BLOCKS))
def test_every_link_of_every_block_needs_equal_pips(card: int) -> None:
    """For each link: with a tile in one zone, the touching half of the other zone must show the
    same pips; any other number is refused with a sentence and nothing changes."""
    for za, ha, zb, hb in BLOCKS[card].links:
        game = lone(card)
        a_double = BLOCKS[card].zones[za - 1][2]
        b_double = BLOCKS[card].zones[zb - 1][2]
        pip = 3
        first = (pip, pip) if a_double else ((pip, 5) if ha == 1 else (5, pip))
        put(game, za - 1, *first)
        other = 1 if pip != 1 else 2
        wrong = (other, other) if b_double else ((other, 6) if hb == 1 else (6, other))
        assert_refused(game, partial(put, game, zb - 1, *wrong), "no_match")
        # the right number fits, unless another link of the same zone asks otherwise
        right = (pip, pip) if b_double else ((pip, 6) if hb == 1 else (6, pip))
        if game.can_place(0, tile(*right), zb - 1, 0 if right[0] <= right[1] else 1):
            put(game, zb - 1, *right)
            assert game.pips[zb - 1][hb - 1] == pip
        check(game)


@pytest.mark.parametrize("card", sorted(BLOCKS))
def test_zones_flagged_for_a_double_take_only_doubles(card: int) -> None:
    for number, _vertical, double in BLOCKS[card].zones:
        game = lone(card)
        z = number - 1
        if double:
            assert_refused(game, partial(put, game, z, 1, 2), "no_match", "double")
            put(game, z, 4, 4)
        else:
            put(game, z, 1, 2)
        assert game.chip[z]


def test_links_are_pairwise_so_a_zone_may_be_left_with_no_tile_that_fits() -> None:
    """Block 3: zone 2's half 2 touches zone 1's half 2 and zone 3's half 1, which do not touch
    each other: both may be placed with different pips, and then nothing fits zone 2."""
    game = lone(3)
    put(game, 0, 0, 3)
    put(game, 2, 4, 0)
    assert not any(a.kind == "place" and a.target == 1 for a in game.legal_actions())
    assert_refused(game, lambda: put(game, 1, 1, 3), "no_match", "B1.2")


def test_rings_blocks_1_and_8_close_on_themselves() -> None:
    game = lone(1)
    put(game, 0, 1, 2)  # Z1: half 1 touches Z2 half 1; half 2 touches Z4 half 1
    put(game, 1, 1, 3)  # Z2
    put(game, 3, 2, 4)  # Z4
    assert_refused(game, lambda: put(game, 2, 5, 4), "no_match")  # Z3 half 1 must be 3
    put(game, 2, 3, 4)
    assert all(game.chip)


def join(game: RelizGame, port_a: int, port_b: int) -> int:
    """An integration zone between two ports (codes)."""
    return game._join(port_a, port_b, SHARED, "")


def test_an_integration_zone_waits_for_both_port_zones_and_takes_exactly_their_pips() -> None:
    game = lone(5, 10)  # block 5 port 2 touches Z2 half 2; block 10 port 1 touches Z1 half 1
    z = join(game, 2, 11)
    game.fresh.add(z)
    assert game.zkind[z] == "integration" and game.zlabel[z] == "I1"
    assert_refused(game, lambda: put(game, z, 2, 5), "integration_not_ready", "I1")
    put(game, 1, 1, 2)  # block 5 zone 2: half 2 shows 2
    assert_refused(game, lambda: put(game, z, 2, 5), "integration_not_ready")
    put(game, 2, 5, 6)  # block 10 zone 1: half 1 shows 5
    assert_refused(game, lambda: put(game, z, 2, 4), "no_match")
    assert_refused(game, lambda: put(game, z, 5, 2), "no_match")
    cards = len(game.cards[0])
    put(game, z, 2, 5)  # RELEASE: an integration zone filled
    assert len(game.cards[0]) == cards + 1 and game.releases[0] == 1
    assert_refused(game, lambda: game.rotate(0, z), "integration_fixed")


def test_one_end_is_enough_under_the_loose_integration_option() -> None:
    game = lone(5, 10)
    game.strict = False
    z = join(game, 2, 11)
    put(game, 1, 1, 2)
    put(game, 2, 5, 6)
    put(game, z, 2, 4)  # only the end facing block 5 matches
    assert game.pips[z] == (2, 4)


def test_filling_the_last_zone_of_a_block_is_a_release() -> None:
    game = lone(5, 10)
    put(game, 0, 1, 2)
    assert game.releases[0] == 0
    put(game, 1, 2, 3)
    assert game.releases[0] == 1 and len(game.cards[0]) == 1
    assert any(e.kind == "release" for e in game.events)


def test_rotation_turns_a_tile_round_only_if_it_still_matches() -> None:
    game = lone(5, 10)
    put(game, 0, 1, 2)
    game.rotate(0, 0)
    assert game.pips[0] == (2, 1)
    put(game, 1, 1, 4)
    assert_refused(game, lambda: game.rotate(0, 0), "no_match", "B1.1")
    put_double = lone(5, 10)
    put(put_double, 0, 3, 3)
    assert_refused(put_double, lambda: put_double.rotate(0, 0), "double_rotate")


def test_replacing_a_tile_sends_the_old_one_to_the_stock_but_not_a_tile_of_this_turn() -> None:
    game = lone(5)
    put(game, 0, 1, 2)
    assert_refused(game, lambda: game.replace(0, tile(1, 5), 0, 0), "placed_this_turn", "B1.1")
    game.placed_now.clear()  # as in a later turn
    game.replace(0, tile(1, 5), 0, 0)
    assert game.pips[0] == (1, 5) and TILE_ID[(1, 2)] in game.pool[0]
    assert_refused(game, lambda: game.replace(0, tile(1, 6), 1, 0), "zone_empty")
    assert game.releases[0] == 0  # a replacement is never a RELEASE


def test_the_touching_option_wants_a_neighbour_once_the_block_has_a_tile() -> None:
    game = lone(18)
    game.touching = True
    put(game, 0, 1, 2)
    assert_refused(game, lambda: put(game, 3, 4, 5), "must_touch")
    put(game, 1, 3, 1)  # zone 2's half 2 touches zone 1's half 1


def test_a_hand_over_the_limit_goes_back_whole_at_the_end_of_the_turn() -> None:
    game = settle(new("duel", seed=2))
    p = game.turn_player
    while len(game.hands[p]) <= 3:
        game._draw_tile(p)
    held = len(game.hands[p])
    stock = len(game.pool[0])
    game.end_turn(p)
    assert game.hands[p] == [] and len(game.pool[0]) >= stock + held - 1
    assert any(e.kind == "over_limit" for e in game.events)


def test_the_view_gives_every_block_its_zones_tiles_and_orientation() -> None:
    game = lone(2)
    put(game, 1, 4, 4)
    view = game.view(None)
    block = view["blocks"][0]
    assert block["card"] == 2 and [z["label"] for z in block["zones"]] == ["B1.1", "B1.2",
                                                                         "B1.3"]
    zone = block["zones"][1]
    assert zone["tile"] == "4|4" and zone["pips"] == [4, 4] and zone["double"]
    assert zone["vertical"] is True
    assert {"port", "side", "code", "used"} <= set(block["ports"][0])
    places = game.places("1|4")
    assert {p["label"] for p in places} == {"B1.1", "B1.3"}
    assert all(p["flip"] in (0, 1) for p in places)
    assert game.why_not_place(0, "1|4", "B1.1") is None
    assert game.why_not_place(0, "1|2", "B1.1") == "Tile 1|2 does not fit B1.1: its half " \
                                                   "with 2 pips would touch 4 pips in B1.2."
    assert game.why_not_place(0, "1|2", "B1.2") == "Zone B1.2 already holds 4|4; replace it " \
                                                   "instead."


def test_the_board_is_built_by_the_scenario_from_the_data() -> None:
    game = new("duel", seed=9)
    assert game.phase == "attach" and len(game.blocks) == 1
    settle(game)
    assert len(game.blocks) == 3 and game.integrations == 2
    for z, kind in enumerate(game.zkind):
        if kind == BLOCK:
            card = game.blocks[game.zblock[z]]["card"]
            assert game.zdouble[z] == BLOCKS[card].zones[int(game.zlabel[z].split(".")[1]) - 1][2]
    assert EVENT_ID["pilot"] in {c & 63 for c in game.decks[0]}


def _cooperation_mid_game() -> RelizGame:
    """Cooperation with four teams, played by random bots until every team has a module."""
    from devgames import reliz
    from devgames.core.bots import RandomBot
    game = reliz.new_game(["Data & Analytics", "Platform", "Mobile", "Customer Success"],
                          seed=11, scenario="cooperation")
    bot = RandomBot(11)
    for _ in range(120):
        if game.is_over:
            break
        game.apply(bot.choose(game))
    return game


def test_a_team_scenario_draws_the_team_to_play_large_and_the_others_as_an_overview() -> None:
    from devgames.reliz.board import board_scene
    game = _cooperation_mid_game()
    view = game.view(None)
    scene = board_scene(view, focus="Platform")
    mine = {f"B{b['slot']}" for b in view["blocks"] if b["owner"] == "Platform"}
    assert {b["label"] for b in scene["blocks"]} == mine
    names = [g["name"] for g in scene["overview"]]
    assert names == ["Central integration", "Data & Analytics", "Mobile", "Customer Success"]
    assert all(0 <= g["filled"] <= g["total"] for g in scene["overview"])
    whole = board_scene(view)  # nobody to play: every team in the overview, nothing large
    assert not whole["halves"] and len(whole["overview"]) == 5


def test_integration_zones_never_overlap_each_other_or_a_block() -> None:
    from devgames.reliz.board import board_scene
    view = _cooperation_mid_game().view(None)
    for focus in ("Data & Analytics", "Platform", "Mobile", "Customer Success"):
        scene = board_scene(view, focus=focus)
        boxes = [(b["x"], b["y"], b["w"], b["h"]) for b in scene["blocks"]] + [
            (z["x"], z["y"], z["w"], 2) for z in scene["integrations"]]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert (a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0]
                        or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]), (focus, a, b)


def _tender_to_the_end() -> RelizGame:
    """Tender with four teams, played by heuristic bots to its end (one team wins)."""
    from devgames import reliz
    from devgames.core.actions import CHANCE, given
    from devgames.sim.runner import make_bot
    game = reliz.new_game(["Data & Analytics", "Platform", "Mobile", "Customer Success"],
                          seed=11, scenario="tender")
    bots = [make_bot(reliz, "heuristic", 11 + seat) for seat in range(4)]
    for _ in range(5000):
        if game.is_over:
            break
        seat = game.current_player
        game.apply(game.rng.choice(game.legal_actions()) if seat == CHANCE
                   else bots[given(seat)].choose(game))
    assert game.is_over
    return game


def test_the_end_of_a_team_scenario_draws_the_one_winner_large() -> None:
    from devgames.reliz.board import RelizBoard
    game = _tender_to_the_end()
    board = RelizBoard(on_pick=lambda _action: None, on_refusal=lambda _text: None)
    board.show(game)
    scene = board.canvas.scene
    if len(game.winners) == 1:
        [winner] = game.winners
        assert scene["focus"] == winner
        mine = {f"B{b['slot']}" for b in game.view(None)["blocks"] if b["owner"] == winner}
        assert {b["label"] for b in scene["blocks"]} == mine
        assert winner not in [g["name"] for g in scene["overview"]]
        assert all(h["state"] in ("empty", "double", "filled") for h in scene["halves"])
    else:  # nobody or everybody won: every team in the overview
        assert scene["focus"] is None and not scene["halves"]


def test_a_line_of_integration_ends_on_the_edge_of_its_half_not_on_its_number() -> None:
    from devgames.reliz.board import board_scene
    from devgames.reliz.layout import HALF
    view = _cooperation_mid_game().view(None)
    scene = board_scene(view, focus="Platform")
    assert scene["lines"]
    for line in scene["lines"]:
        off = max(abs(line["ex"] - line["x2"]), abs(line["ey"] - line["y2"]))
        assert abs(off - HALF / 2) < 1e-9, line


def test_an_integration_zones_name_has_room_on_its_left() -> None:
    from devgames.reliz.board import NAME, board_scene
    view = _cooperation_mid_game().view(None)
    for focus in ("Data & Analytics", "Platform", "Mobile", "Customer Success"):
        scene = board_scene(view, focus=focus)
        zones = sorted(scene["integrations"], key=lambda z: (z["y"], z["x"]))
        for zone in zones:
            assert zone["x"] >= NAME
        for one, two in pairwise(zones):
            if one["y"] == two["y"]:
                assert two["x"] - (one["x"] + one["w"]) >= NAME, (focus, one, two)
