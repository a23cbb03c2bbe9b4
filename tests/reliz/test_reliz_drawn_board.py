"""РЕЛИЗ's board: every block card drawn so that its links touch and nothing else does, and a
click on a lit half plays exactly the engine's move (an unlit one is explained, nothing moves)."""

from itertools import combinations

import pytest

from devgames import reliz
from devgames.core.actions import Action
from devgames.core.bots import RandomBot
from devgames.reliz.board import BOARD_JS, RelizBoard, board_scene
from devgames.reliz.cards import BLOCKS
from devgames.reliz.layout import HALF, block_layout


def touch(a: tuple[int, int], b: tuple[int, int]) -> bool:
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dx == HALF and dy < HALF) or (dy == HALF and dx < HALF)


@pytest.mark.parametrize("card", sorted(BLOCKS))
def test_a_block_is_drawn_with_its_links_touching_and_no_other_halves(card: int) -> None:
    block = BLOCKS[card]
    layout = block_layout(block)
    halves = {(zone, half): layout.half(zone, half)
              for zone, _vertical, _double in block.zones for half in (1, 2)}
    linked = {frozenset({(a, ha), (b, hb)}) for a, ha, b, hb in block.links}
    for one, two in combinations(halves, 2):
        a, b = halves[one], halves[two]
        assert abs(a[0] - b[0]) >= HALF or abs(a[1] - b[1]) >= HALF, f"{one} overlaps {two}"
        if one[0] != two[0]:
            assert touch(a, b) == (frozenset({one, two}) in linked), (one, two)
    for zone, vertical, _double in block.zones:
        assert layout.zones[zone][2] == vertical
    assert all(0 <= x <= layout.width - HALF and 0 <= y <= layout.height - HALF
               for x, y in halves.values())


def playing(seed: int, names: tuple[str, ...] = ("Ada", "Bob")) -> reliz.RelizGame:
    """A game past its set-up, at a turn where the seat to play holds a tile that fits."""
    game = reliz.new_game(list(names), seed=seed)
    bot = RandomBot(seed)
    for _ in range(400):
        seat = game.current_player
        if game.phase == "play" and isinstance(seat, int) and any(
                game.places(tile["id"]) for tile in game.view(seat)["hand"]):
            return game
        game.apply(bot.choose(game))
    raise AssertionError("no turn with a tile to place")


def test_the_frames_of_the_blocks_never_overlap() -> None:
    game = playing(5, ("Ada", "Bob", "Cy"))
    frames = board_scene(game.view(None))["blocks"]
    for a, b in combinations(frames, 2):
        apart = (a["x"] + a["w"] <= b["x"] or b["x"] + b["w"] <= a["x"]
                 or a["y"] + a["h"] <= b["y"] or b["y"] + b["h"] <= a["y"])
        assert apart, (a, b)


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_a_lit_half_plays_the_engines_move_and_an_unlit_one_is_explained(seed: int) -> None:
    game = playing(seed)
    picked: list[Action] = []
    refusals: list[str] = []
    board = RelizBoard(on_pick=picked.append, on_refusal=refusals.append)
    board.show(game)
    seat = game.current_player
    assert isinstance(seat, int)
    tile = next(t["id"] for t in game.view(seat)["hand"] if game.places(t["id"]))
    board.pick_tile(seat, tile)
    lit = {(h["zone"], h["half"]) for h in board.canvas.scene["halves"] if h["state"] == "legal"}
    assert lit == {(p["zone"], 1 + p["flip"]) for p in game.places(tile, seat)}
    before = game.snapshot()
    unlit = next((h["zone"], h["half"]) for h in board.canvas.scene["halves"]
                 if (h["zone"], h["half"]) not in lit and h["state"] in ("empty", "double"))
    board.clicked(*unlit)
    assert not picked and refusals and refusals[0].endswith(".")
    assert refusals[0] == game.why_not_place(seat, tile, unlit[0], unlit[1] - 1)
    assert game.snapshot() == before
    zone, half = sorted(lit)[0]
    board.clicked(zone, half)
    [action] = picked
    assert action in game.legal_actions()
    assert (action.card, action.target, action.count) == (tile, zone, half - 1)
    game.apply(action)
    board.show(game)
    assert board.selected is None  # the tile is placed: nothing stays picked


def test_a_click_with_no_tile_picked_asks_for_one() -> None:
    game = playing(3)
    refusals: list[str] = []
    board = RelizBoard(on_pick=lambda _action: None, on_refusal=refusals.append)
    board.show(game)
    empty = next(h for h in board.canvas.scene["halves"] if h["state"] in ("empty", "double"))
    board.clicked(empty["zone"], empty["half"])
    assert refusals == ["Pick one of your tiles first, then click a lit half of the board."]


def test_the_tray_shows_the_seat_to_plays_tiles_and_the_board_sets_text_only() -> None:
    game = playing(8, ("<b>Ada</b>", "Bob"))
    board = RelizBoard(on_pick=lambda _action: None, on_refusal=lambda _text: None)
    board.show(game)
    seat = game.current_player
    assert isinstance(seat, int)
    tray = board.tray(game, seat)
    assert tray is not None
    buttons = tray.children[1].children
    assert [b.description for b in buttons] == [t["card"] for t in game.view(seat)["hand"]]
    assert "textContent = value" in BOARD_JS and "innerHTML" not in BOARD_JS  # text, never HTML
