"""РЕЛИЗ's board on the projector, drawn from the block cards' geometry and played by clicking.

Imported only by the dashboards (through ``SPEC.board``): it needs ipywidgets and anywidget.

Why an SVG drawn by a small anywidget rather than plotly shapes: a tile half is a button the
room clicks, and must say so to a keyboard and a screen reader (``role="button"``, a label, a
tab stop); SVG elements carry that, plotly shapes do not (a click on a shape needs a trace under
it and reports points, not shapes). The SVG scales to the column with its ``viewBox``, its
colours follow the projector theme's CSS variables, and every text is set as text (never
HTML), so a player's name cannot inject markup.

What is drawn is worked out here, in Python (:func:`board_scene`, tested without a browser):
each block card at the place :mod:`devgames.reliz.layout` finds for its zones, its ports on its
sides, and the integration zones in a strip below, each with a line to the halves it touches.
The browser only draws the scene and sends back the half clicked.

Playing: the team picks one of its tiles in its tray (behind the curtain when hands are
hidden); the halves where the tile's first number may go light up, and a click on one places
the tile there (replacing a tile when the rules allow it). A click on a tile placed this turn
turns it round; a click anywhere else is explained in a sentence by the engine.

>>> from devgames import reliz
>>> scene = board_scene(reliz.new_game(["Ada", "Bob"], seed=3).view(None))
>>> sorted(scene), scene["width"] > 0
(['blocks', 'halves', 'height', 'integrations', 'lines', 'ports', 'width'], True)
"""

from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from devgames.core.actions import Action
from devgames.core.game import Game
from devgames.dashboards.board import Board
from devgames.reliz.cards import BLOCKS, CARDS
from devgames.reliz.layout import HALF, block_layout

#: Pixels of the SVG's user space per layout unit (a half is 2 units).
UNIT = 22
#: Space around a block's zones inside its frame, and between frames (layout units).
PAD, GAP, LABEL = 2, 3, 3
#: The widest row of block cards (layout units) before the next row starts.
ROW = 48

BOARD_JS = """
const NS = "http://www.w3.org/2000/svg";
function node(name, attrs, parent) {
  const el = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  parent.appendChild(el);
  return el;
}
function text(parent, x, y, value, cls, size) {
  const t = node("text", {x, y, class: cls, "font-size": size, "text-anchor": "middle",
                          "dominant-baseline": "central"}, parent);
  t.textContent = value;
  return t;
}
export default {
  render({ model, el }) {
    el.classList.add("dg-board-canvas");
    const draw = () => {
      const scene = model.get("scene") || {};
      el.replaceChildren();
      if (!scene.width) return;
      const unit = scene.unit || 22;
      const svg = node("svg", {viewBox: `${-unit} ${-unit} ${(scene.width + 2) * unit} ${
                               (scene.height + 2) * unit}`,
                               preserveAspectRatio: "xMidYMin meet", role: "group",
                               "aria-label": model.get("label")}, el);
      for (const b of scene.blocks) {
        node("rect", {x: b.x * unit, y: b.y * unit, width: b.w * unit, height: b.h * unit,
                      rx: 10, class: "dg-board-frame" + (b.done ? " dg-board-done" : "")}, svg);
        const label = text(svg, (b.x + b.w / 2) * unit, (b.y + 1.3) * unit, b.label,
                           "dg-board-label", unit * 1.1);
        label.setAttribute("font-weight", "700");
      }
      for (const line of scene.lines) {
        node("line", {x1: line.x1 * unit, y1: line.y1 * unit, x2: line.x2 * unit,
                      y2: line.y2 * unit, class: "dg-board-link"}, svg);
      }
      for (const p of scene.ports) {
        node("circle", {cx: p.x * unit, cy: p.y * unit, r: unit * 0.55,
                        class: "dg-board-port" + (p.used ? " dg-board-used" : "")}, svg);
        text(svg, p.x * unit, p.y * unit, p.label, "dg-board-port-label", unit * 0.7);
      }
      for (const z of scene.integrations) {
        text(svg, (z.x + z.w / 2) * unit, (z.y - 0.9) * unit, z.label, "dg-board-label",
             unit * 0.85);
      }
      for (const h of scene.halves) {
        const cls = "dg-board-half dg-board-" + h.state + (h.last ? " dg-board-last" : "");
        const rect = node("rect", {x: h.x * unit + 2, y: h.y * unit + 2,
                                   width: h.size * unit - 4, height: h.size * unit - 4, rx: 6,
                                   class: cls, "data-zone": h.zone, "data-half": h.half,
                                   role: "button", "aria-label": h.title}, svg);
        node("title", {}, rect).textContent = h.title;
        if (h.state === "legal" || h.state === "turnable") rect.setAttribute("tabindex", "0");
        const click = () => model.send({zone: h.zone, half: h.half});
        rect.addEventListener("click", click);
        rect.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); click(); }
        });
        if (h.pips !== null && h.pips !== undefined) {
          const t = text(svg, (h.x + h.size / 2) * unit, (h.y + h.size / 2) * unit,
                         String(h.pips), "dg-board-pips", unit * 1.3);
          t.setAttribute("pointer-events", "none");
        } else if (h.mark) {
          const t = text(svg, (h.x + h.size / 2) * unit, (h.y + h.size / 2) * unit, h.mark,
                         "dg-board-mark", unit * 1.3);
          t.setAttribute("pointer-events", "none");
        }
      }
    };
    model.on("change:scene", draw);
    draw();
  },
};
"""


def board_scene(view: dict[str, Any], legal: dict[tuple[int, int], str] | None = None,
                selected: str | None = None) -> dict[str, Any]:
    """What to draw of the public view ``view``: frames, halves, ports, integration zones and
    the lines joining them, in layout units. ``legal`` maps (zone id, half) to the state of a
    half a click would play ("legal": the selected tile goes there; "turnable": the tile there
    may be turned round); ``selected`` names the tile picked (for the halves' labels).

    >>> from devgames import reliz
    >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
    >>> scene = board_scene(game.view(None))
    >>> {h["state"] for h in scene["halves"]} <= {"empty", "double", "filled"}
    True
    >>> len(scene["halves"]) == 2 * sum(len(b["zones"]) for b in game.view(None)["blocks"])
    True
    """
    legal = legal or {}
    blocks: list[dict[str, Any]] = []
    halves: list[dict[str, Any]] = []
    ports: list[dict[str, Any]] = []
    lines: list[dict[str, Any]] = []
    integrations: list[dict[str, Any]] = []
    centres: dict[tuple[str, int], tuple[float, float]] = {}
    x = y = row_height = 0
    for block in view.get("blocks", []):
        layout = block_layout(BLOCKS[block["card"]])
        w, h = layout.width + 2 * PAD, layout.height + 2 * PAD + LABEL
        if x and x + w > ROW:
            x, y, row_height = 0, y + row_height + GAP, 0
        ox, oy = x + PAD, y + PAD + LABEL
        owner = f" · {block['owner']}" if block.get("owner") else ""
        done = all(zone["tile"] for zone in block["zones"])
        blocks.append({"x": x, "y": y, "w": w, "h": h, "done": done,
                       "label": f"B{block['slot']}{owner}"})
        for zone in block["zones"]:
            for half in (1, 2):
                hx, hy = layout.half(zone["zone"], half)
                halves.append(_half(zone, half, ox + hx, oy + hy, legal, selected))
                centres[(zone["label"], half)] = (ox + hx + HALF / 2, oy + hy + HALF / 2)
        for port in block.get("ports", []):
            ports.append(_port(port, x, y, w, h))
        x += w + GAP
        row_height = max(row_height, h)
    height = y + row_height
    if view.get("integrations"):
        strip, ix = height + GAP + 2, 0
        for zone in view["integrations"]:
            if ix and ix + 2 * HALF > ROW:
                ix, strip = 0, strip + 2 * HALF + 4
            integrations.append({"x": ix, "y": strip, "w": 2 * HALF, "label": zone["label"]})
            for half in (1, 2):
                hx = ix + (half - 1) * HALF
                halves.append(_half(zone, half, hx, strip, legal, selected))
                centres[(zone["label"], half)] = (hx + HALF / 2, strip + HALF / 2)
            ix += 2 * HALF + GAP
        height = strip + HALF
        for zone in view["integrations"]:
            for touch in zone.get("touches", []):
                mine = centres.get((zone["label"], touch["half"]))
                theirs = centres.get((touch["zone"], touch["its_half"]))
                if mine and theirs:
                    lines.append({"x1": mine[0], "y1": mine[1], "x2": theirs[0],
                                  "y2": theirs[1]})
    width = max([b["x"] + b["w"] for b in blocks] + [i["x"] + i["w"] for i in integrations]
                + [1])
    return {"width": width, "height": max(height, 1), "blocks": blocks, "halves": halves,
            "ports": ports, "lines": lines, "integrations": integrations}


def _half(zone: dict[str, Any], half: int, x: float, y: float,
          legal: dict[tuple[int, int], str], selected: str | None) -> dict[str, Any]:
    """One half of a zone, where it is drawn and what a click on it would do."""
    pips = zone["pips"][half - 1] if zone.get("pips") else None
    state = legal.get((zone["id"], half))
    if state is None:
        state = "filled" if zone.get("tile") else "double" if zone.get("double") else "empty"
    what = (f"tile {zone['tile']}" if zone.get("tile")
            else "empty, needs a double" if zone.get("double") else "empty")
    title = f"{zone['label']}, half {half}: {what}"
    if state == "legal" and selected:
        title += f". Click to put {selected} here, its first number on this half"
    elif state == "turnable":
        title += ". Click to turn this tile round"
    mark = "=" if zone.get("double") and not zone.get("tile") else ""
    return {"zone": zone["id"], "half": half, "x": x, "y": y, "size": HALF, "pips": pips,
            "state": state, "title": title, "mark": mark}


def _port(port: dict[str, Any], x: int, y: int, w: int, h: int) -> dict[str, Any]:
    """A port drawn on its side of the block's frame, spread by its number."""
    spread = 0.25 + 0.5 * ((port["port"] - 1) % 2)
    side = port["side"]
    if side in ("left", "right"):
        px, py = (x if side == "left" else x + w), y + LABEL + spread * (h - LABEL)
    else:
        px, py = x + spread * w, (y if side == "top" else y + h)
    return {"x": px, "y": py, "label": str(port["port"]), "used": port["used"]}


class BoardCanvas(anywidget.AnyWidget):
    """The SVG of a :func:`board_scene`; a click on a half is sent as ``{"zone", "half"}``."""

    _esm = BOARD_JS
    scene = traitlets.Dict().tag(sync=True)
    label = traitlets.Unicode("The board").tag(sync=True)

    def __init__(self, on_click: Callable[[int, int], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_click = on_click
        self.on_msg(self._clicked)

    def _clicked(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        zone, half = content.get("zone"), content.get("half")
        if isinstance(zone, int) and half in (1, 2):
            self.on_click(zone, half)


class RelizBoard(Board):
    """The board of a РЕЛИЗ table: the blocks drawn, the seat's tiles in its tray.

    >>> from devgames import reliz
    >>> from devgames.core.bots import RandomBot
    >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
    >>> while game.phase != "play":
    ...     game.apply(RandomBot(1).choose(game))
    >>> picked = []
    >>> board = RelizBoard(on_pick=picked.append, on_refusal=print)
    >>> board.show(game)
    >>> seat = game.current_player
    >>> tile = next(t for t in game.view(seat)["hand"] if game.places(t["card"]))
    >>> board.pick_tile(seat, tile["id"])
    >>> lit = [h for h in board.canvas.scene["halves"] if h["state"] == "legal"]
    >>> board.clicked(lit[0]["zone"], lit[0]["half"])
    >>> picked[0].kind in ("place", "replace") and picked[0].card == tile["id"]
    True
    """

    draws = frozenset({"blocks", "integrations"})

    def __init__(self, on_pick: Callable[[Action], object],
                 on_refusal: Callable[[str], None]) -> None:
        super().__init__(on_pick, on_refusal)
        self.canvas = BoardCanvas(self.clicked)
        self.children = [self.canvas]
        self.game: Any = None
        #: The tile the seat to play picked in its tray: (seat, tile id), or None.
        self.selected: tuple[int, int] | None = None

    def show(self, game: Game) -> None:
        self.game = game
        seat = game.current_player
        if self.selected is not None and (self.selected[0] != seat or not any(
                t["id"] == self.selected[1] for t in game.view(seat)["hand"])):
            self.selected = None  # another seat's turn, or the tile is gone
        self.canvas.scene = board_scene(game.view(None), self._lit(game), self._tile_name())
        self.canvas.label = f"The board: {game.waiting_for}"

    def _lit(self, game: Any) -> dict[tuple[int, int], str]:
        """The halves a click would play now: where the picked tile may go, else the tiles
        that may be turned round."""
        lit: dict[tuple[int, int], str] = {}
        seat = game.current_player
        if not isinstance(seat, int) or seat < 0:
            return lit
        if self.selected is not None:
            for place in game.places(self.selected[1], seat):
                lit[(place["zone"], 1 + place["flip"])] = "legal"
        for action in game.legal_actions():
            if action.kind == "rotate" and action.target is not None:
                for half in (1, 2):
                    lit.setdefault((action.target, half), "turnable")
        return lit

    def _tile_name(self) -> str | None:
        if self.selected is None or self.game is None:
            return None
        return CARDS[self.selected[1]].name

    def tray(self, game: Game, seat: int) -> widgets.Widget | None:
        """The seat's tiles as buttons: pick one, then a lit half of the board."""
        hand = game.view(seat).get("hand") or []
        if not hand or not any(a.kind in ("place", "replace") for a in game.legal_actions()):
            return None
        buttons = []
        for tile in hand:
            chosen = self.selected == (seat, tile["id"])
            button = widgets.Button(description=tile["card"],
                                    button_style="primary" if chosen else "",
                                    disabled=bool(tile.get("locked")),
                                    tooltip=f"Pick {tile['card']}, then a lit half of the board")
            button.add_class("dg-tile")
            button.on_click(lambda _b, s=seat, t=tile["id"]: self.pick_tile(s, t))
            buttons.append(button)
        box = widgets.VBox([
            widgets.HTML("<b>Your tiles</b>: pick one, then click a lit half of the board "
                         "(its first number goes there)."),
            widgets.HBox(buttons)])
        box.add_class("dg-tile-tray")
        return box

    def pick_tile(self, seat: int, tile: int) -> None:
        """The seat picks a tile of its hand: the board lights where it may go."""
        self.selected = None if self.selected == (seat, tile) else (seat, tile)
        if self.game is not None:
            self.show(self.game)

    def clicked(self, zone: int, half: int) -> None:
        """A half of the board was clicked: play what it means, or say why it is no move."""
        game = self.game
        if game is None or game.is_over:
            return
        seat = game.current_player
        flip = half - 1
        if self.selected is not None:
            tile = self.selected[1]
            for action in game.legal_actions():
                if (action.kind in ("place", "replace") and action.card == tile
                        and action.target == zone and action.count == flip):
                    self.selected = None
                    self.on_pick(action)
                    return
            self.on_refusal(game.why_not_place(seat, tile, zone, flip)
                            or "That half cannot take this tile now.")
            return
        turn = Action("rotate", seat, target=zone)
        if turn in game.legal_actions():
            self.on_pick(turn)
            return
        self.on_refusal("Pick one of your tiles first, then click a lit half of the board.")
