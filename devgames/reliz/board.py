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
sides, and each integration zone in a strip beside the row of blocks it joins, placed under the
halves it touches so that its lines do not cross. In a team scenario (Tender, Cooperation) only
the team to play is drawn large, with any block where its picked tile may go; the other teams'
modules and the central integration are an overview in a row below it (name, zones filled, a
small drawing); at the end, the team that won is drawn large. The browser only draws the scene,
keeps its text at least 20 CSS pixels and its places to click at least 46 whatever the scale,
and sends back the half clicked; the drawing's shape (a CSS ``aspect-ratio``) gives the board's
box the height the drawing needs at its width, the charts below get the rest.

Playing: the team picks one of its tiles in its tray (behind the curtain when hands are
hidden); the halves where the tile's first number may go light up, and a click on one places
the tile there (replacing a tile when the rules allow it). A click on a tile placed this turn
turns it round; a click anywhere else is explained in a sentence by the engine. Every text of
the board (its labels, what a half or a port is, the tray's words) is made here, in Python, in
the language in use; the browser only sets it.

>>> from devgames import reliz
>>> scene = board_scene(reliz.new_game(["Ada", "Bob"], seed=3).view(None))
>>> sorted(scene)  # doctest: +NORMALIZE_WHITESPACE
['blocks', 'focus', 'halves', 'height', 'integrations', 'lines', 'overview', 'ports', 'unit',
 'width']
"""

from collections.abc import Callable, Mapping
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from devgames.core.actions import Action
from devgames.core.game import Game
from devgames.dashboards.board import Board
from devgames.i18n import N_, _
from devgames.reliz.cards import BLOCKS, CARDS
from devgames.reliz.layout import HALF, block_layout

BOARD_JS = """
const NS = "http://www.w3.org/2000/svg";
// No text of the board under this many CSS pixels, no place to click under MIN_TARGET.
const MIN_TEXT = 20, MIN_TARGET = 46;
function node(name, attrs, parent) {
  const el = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  parent.appendChild(el);
  return el;
}
function text(parent, x, y, value, cls, size) {
  const t = node("text", {x, y, class: cls, "font-size": size, "data-size": size,
                          "text-anchor": "middle", "dominant-baseline": "central"}, parent);
  t.textContent = value;
  return t;
}
function box(parent, tag, cls, value) {
  const el = document.createElement(tag);
  el.className = cls;
  if (value !== undefined) el.textContent = value;
  parent.appendChild(el);
  return el;
}
// However small the drawing is scaled, its text stays readable and its places to click large
// enough to hit: sizes in the drawing's units are raised to MIN_TEXT and MIN_TARGET CSS pixels.
function keepReadable(svg) {
  const m = svg.getScreenCTM();
  const scale = m ? Math.hypot(m.a, m.b) : 0;
  if (!scale) return;
  for (const t of svg.querySelectorAll("text[data-size]")) {
    t.setAttribute("font-size", Math.max(+t.getAttribute("data-size"), MIN_TEXT / scale));
  }
  for (const r of svg.querySelectorAll("rect[data-side]")) {
    const side = Math.max(+r.getAttribute("data-side"), MIN_TARGET / scale);
    r.setAttribute("x", +r.getAttribute("data-cx") - side / 2);
    r.setAttribute("y", +r.getAttribute("data-cy") - side / 2);
    r.setAttribute("width", side);
    r.setAttribute("height", side);
  }
}
function drawFocus(parent, scene, model) {
  const unit = scene.unit || 22;
  const edge = unit * 0.6;  // room for the ports on the frames' edges
  const width = scene.width * unit + 2 * edge, height = scene.height * unit + 2 * edge;
  parent.style.aspectRatio = `${width} / ${height}`;  // the height it needs at its width
  const svg = node("svg", {viewBox: `${-edge} ${-edge} ${width} ${height}`,
                           preserveAspectRatio: "xMidYMin meet", role: "group",
                           "aria-label": model.get("label")}, parent);
  // The lines of integration first: a frame hides them inside a block, where a dot on the
  // half each one touches says where it ends (no line crosses a block's tiles).
  for (const line of scene.lines) {
    node("line", {x1: line.x1 * unit, y1: line.y1 * unit, x2: line.x2 * unit,
                  y2: line.y2 * unit, class: "dg-board-link"}, svg);
  }
  for (const b of scene.blocks) {
    node("rect", {x: b.x * unit, y: b.y * unit, width: b.w * unit, height: b.h * unit,
                  rx: 10, class: "dg-board-frame" + (b.done ? " dg-board-done" : "")}, svg);
    const label = text(svg, (b.x + 1.6) * unit, (b.y + 1.1) * unit, b.label,
                       "dg-board-label game-text", unit);
    label.setAttribute("font-weight", "700");
  }
  for (const p of scene.ports) {
    const port = node("circle", {cx: p.x * unit, cy: p.y * unit, r: unit * 0.45,
                                 class: "dg-board-port" + (p.used ? " dg-board-used" : "")}, svg);
    node("title", {}, port).textContent = p.title;
  }
  for (const z of scene.integrations) {
    const t = text(svg, (z.x - 0.3) * unit, (z.y + 1) * unit, z.label, "dg-board-label game-text",
                   unit * 0.9);  // its name on its left
    t.setAttribute("font-weight", "700");
    t.setAttribute("text-anchor", "end");
  }
  const targets = [];
  for (const h of scene.halves) {
    const state = {legal: "spot", turnable: "turn"}[h.state] || h.state;
    const rect = node("rect", {x: h.x * unit + 2, y: h.y * unit + 2,
                               width: h.size * unit - 4, height: h.size * unit - 4, rx: 6,
                               class: "dg-board-half dg-board-" + state
                                      + (h.last ? " dg-board-last" : ""),
                               "data-zone": h.zone, "data-half": h.half}, svg);
    node("title", {}, rect).textContent = h.title;
    rect.addEventListener("click", () => model.send({zone: h.zone, half: h.half}));
    if (h.state === "legal" || h.state === "turnable") targets.push(h);
  }
  for (const line of scene.lines) {  // where each line of integration ends, on its half
    node("circle", {cx: line.ex * unit, cy: line.ey * unit, r: unit * 0.22,
                    class: "dg-board-link-end", "pointer-events": "none"}, svg);
  }
  for (const h of scene.halves) {
    const value = h.pips !== null && h.pips !== undefined ? String(h.pips) : h.mark;
    if (!value) continue;
    const pips = h.pips !== null && h.pips !== undefined;
    const t = text(svg, (h.x + h.size / 2) * unit, (h.y + h.size / 2) * unit, value,
                   pips ? "dg-board-pips" : "dg-board-mark game-text", unit * 1.2);
    t.setAttribute("pointer-events", "none");
  }
  for (const h of targets) {  // the places to click: at least MIN_TARGET px (keepReadable)
    const side = h.size * unit, cx = (h.x + h.size / 2) * unit, cy = (h.y + h.size / 2) * unit;
    const rect = node("rect", {x: cx - side / 2, y: cy - side / 2, width: side, height: side,
                               "data-side": side, "data-cx": cx, "data-cy": cy,
                               class: "dg-board-hit dg-board-" + h.state, "data-zone": h.zone,
                               "data-half": h.half, role: "button", tabindex: "0",
                               "aria-label": h.title}, svg);
    node("title", {}, rect).textContent = h.title;
    const click = () => model.send({zone: h.zone, half: h.half});
    rect.addEventListener("click", click);
    rect.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); click(); }
    });
  }
  return svg;
}
function drawOverview(parent, scene) {
  const all = !scene.focus;
  const mini = all ? 5 : 3;
  for (const g of scene.overview) {
    const group = box(parent, "div", "dg-board-group");
    const name = box(group, "div", "dg-board-group-name");
    box(name, "b", "", g.name);
    name.append(" ");
    box(name, "span", "dg-board-count", g.count);
    const svg = node("svg", {width: g.width * mini, height: g.height * mini,
                             viewBox: `0 0 ${g.width} ${g.height}`, "aria-hidden": "true"},
                     group);
    for (const b of g.blocks) {
      node("rect", {x: b.x, y: 0, width: b.w, height: b.h, rx: 0.6,
                    class: "dg-board-mini-frame" + (b.done ? " dg-board-done" : "")}, svg);
      for (const c of b.cells) {
        node("rect", {x: c.x + 0.2, y: c.y + 0.2, width: 1.6, height: 1.6,
                      class: "dg-board-mini" + (c.filled ? " dg-board-mini-filled" : "")}, svg);
      }
    }
  }
}
export default {
  render({ model, el }) {
    el.classList.add("dg-board-canvas");
    let svg = null;
    const draw = () => {
      const scene = model.get("scene") || {};
      el.replaceChildren();
      svg = null;
      if (!scene.width) return;
      el.classList.toggle("dg-board-all-overview", !scene.halves.length);
      if (scene.halves.length) {
        svg = drawFocus(box(el, "div", "dg-board-focus"), scene, model);
      }
      if (scene.overview && scene.overview.length) {
        drawOverview(box(el, "div", "dg-board-overview"), scene);
      }
      requestAnimationFrame(() => svg && keepReadable(svg));
    };
    const watch = new ResizeObserver(() => svg && keepReadable(svg));
    watch.observe(el);
    model.on("change:scene", draw);
    draw();
    return () => watch.disconnect();
  },
};
"""


#: The drawing's style, on the theme's colours (``--dg-*``): on the projector and in the
#: audience view.
BOARD_CSS = """
/* The board drawn in SVG: frames, halves to click, ports, the lines of integration. */
.dg-board-canvas { width: 100%; height: 100%; min-height: 0; display: flex;
  flex-direction: column; gap: 14px; }
.dg-board-focus { flex: 0 1 auto; min-height: 0; }
.dg-board-focus svg { display: block; width: 100%; height: 100%; max-height: 100%; }
/* A team scenario: the other teams' modules and the central integration, in a row below the
   team's. */
.dg-board-overview { flex: 0 0 auto; display: flex; flex-flow: row wrap; gap: 6px 24px;
  font-size: 18px; line-height: 1.2; }
.dg-board-all-overview .dg-board-overview { flex: 1 1 auto; align-content: flex-start;
  gap: 14px 28px; font-size: 20px; }
.dg-board-caption { color: var(--dg-muted); }
.dg-board-group svg { display: block; margin-top: 2px; }
.dg-board-count { display: inline-block; white-space: nowrap;
  font-variant-numeric: tabular-nums; }
.dg-board-mini-frame { fill: var(--dg-panel); stroke: var(--dg-border); stroke-width: .3; }
.dg-board-mini-frame.dg-board-done { stroke: var(--dg-good); stroke-width: .6; }
.dg-board-mini { fill: var(--dg-bg); stroke: var(--dg-muted); stroke-width: .2; }
.dg-board-mini.dg-board-mini-filled { fill: var(--dg-fg); stroke: none; }
.dg-board-hit { fill: transparent; stroke: none; cursor: pointer; }
.dg-board-hit:focus { outline: none; stroke: var(--dg-fg); stroke-width: 4; }
.dg-board-frame { fill: var(--dg-panel); stroke: var(--dg-border); stroke-width: 2; }
.dg-board-frame.dg-board-done { stroke: var(--dg-good); stroke-width: 5; }
.dg-board-label { fill: var(--dg-fg); }
.dg-board-half { fill: var(--dg-bg); stroke: var(--dg-fg); stroke-width: 2; }
.dg-board-empty, .dg-board-double { fill: var(--dg-bg); stroke: var(--dg-muted);
  stroke-dasharray: 6 4; }
.dg-board-double { stroke: var(--dg-accent); stroke-width: 3; }
.dg-board-filled { fill: var(--dg-bg); stroke: var(--dg-fg); stroke-width: 3; }
.dg-board-spot { fill: var(--dg-accent); fill-opacity: .35; stroke: var(--dg-accent);
  stroke-width: 5; cursor: pointer; }
.dg-board-turn { stroke: var(--dg-accent); stroke-width: 4; cursor: pointer; }
.dg-board-pips { fill: var(--dg-fg); font-weight: 800; }
.dg-board-mark { fill: var(--dg-accent); font-weight: 700; }
.dg-board-port { fill: var(--dg-bg); stroke: var(--dg-muted); stroke-width: 2; }
.dg-board-port.dg-board-used { fill: var(--dg-accent); stroke: var(--dg-accent); }
.dg-board-link { stroke: var(--dg-accent); stroke-width: 4; stroke-linecap: round; }
.dg-board-link-end { fill: var(--dg-accent); }
"""


#: Pixels of the SVG's user space per layout unit (a half is 2 units).
UNIT = 22
#: Space around a block's zones inside its frame, the row of its name, and between frames
#: (layout units).
PAD, LABEL, GAP = 0.6, 1.8, 1.0
#: A strip of integration zones between two rows of blocks: a margin, the zone, a margin; and
#: the room for a zone's name, on its left.
STRIP, NAME = 0.6 + HALF + 0.6, 2.6
#: The shape the drawing aims at (width over height): the board's box at 1280x720 (about
#: 700 x 390 CSS px) above the overview's row (a team scenario) or on its own.
ASPECT_WITH_OVERVIEW, ASPECT_ALONE = 2.3, 1.8
#: The overview's drawings: pixels per layout unit.
MINI = 3


def board_scene(view: Mapping[str, Any], legal: dict[tuple[int, int], str] | None = None,
                selected: str | None = None, focus: str | None = None) -> dict[str, Any]:
    """What to draw of the public view ``view``, in layout units: the blocks that matter large
    (frames, halves, ports, their integration zones each in a strip beside the blocks it joins
    with a line to every half it touches), the rest as an overview.

    ``legal`` maps (zone id, half) to the state of a half a click would play ("legal": the
    selected tile goes there; "turnable": the tile there may be turned round); ``selected``
    names the tile picked (for the halves' labels). ``focus`` names the team whose blocks are
    drawn large (a team scenario: the team to play; blocks with a lit half are drawn large too);
    the other teams' modules and the central integration go to ``overview``. Without it, and
    in a scenario with no teams, the whole board is drawn large.

    >>> from devgames import reliz
    >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
    >>> scene = board_scene(game.view(None))
    >>> {h["state"] for h in scene["halves"]} <= {"empty", "double", "filled"}
    True
    >>> len(scene["halves"]) == 2 * sum(len(b["zones"]) for b in game.view(None)["blocks"])
    True
    >>> scene["overview"]
    []
    """
    legal = legal or {}
    blocks = view.get("blocks", [])
    zones = view.get("integrations") or []
    teams = any(block.get("owner") for block in blocks)
    lit_zones = {zone for zone, _half in legal}
    if teams and focus is not None:
        big = [b for b in blocks if b.get("owner") == focus
               or any(z["id"] in lit_zones for z in b["zones"])]
    elif teams:
        big = []  # nobody to play (the end): every team in the overview
    else:
        big = list(blocks)
    slots = {f"B{b['slot']}" for b in big}
    big_zones = [z for z in zones if not teams or z["id"] in lit_zones
                 or (big and z.get("owner") == focus)
                 or (z.get("touches") and all(t["zone"].split(".")[0] in slots
                                              for t in z["touches"]))]
    aspect = ASPECT_WITH_OVERVIEW if teams else ASPECT_ALONE
    best: dict[str, Any] | None = None
    for per_row in range(1, len(big) + 1):
        scene = _arranged(big, big_zones, per_row, legal, selected)
        fit = min(aspect / scene["width"], 1 / scene["height"])
        if best is None or fit > best["fit"]:
            best = {**scene, "fit": fit}
    scene = best or _arranged([], big_zones, 1, legal, selected)
    scene.pop("fit", None)
    shown = {b["slot"] for b in big}
    scene["focus"] = focus if teams and big else None
    scene["overview"] = _overview(blocks, zones, shown, focus) if teams else []
    scene["unit"] = UNIT
    return scene


def _arranged(big: list[dict[str, Any]], zones: list[dict[str, Any]], per_row: int,
              legal: dict[tuple[int, int], str], selected: str | None) -> dict[str, Any]:
    """The blocks ``big`` in rows of ``per_row``, the integration zones in strips between
    the rows, each near the halves it touches."""
    rows = [big[i:i + per_row] for i in range(0, len(big), per_row)] or [[]]
    sizes = {b["slot"]: block_layout(BLOCKS[b["card"]]) for b in big}
    # Which strip each zone goes in: above the row of the halves it touches, or below it.
    where: dict[str, tuple[int, float]] = {}  # zone label -> (row, depth in its block 0..1)
    for r, row in enumerate(rows):
        for block in row:
            layout = sizes[block["slot"]]
            for zone in block["zones"]:
                for half in (1, 2):
                    _hx, hy = layout.half(zone["zone"], half)
                    depth = (hy + HALF / 2) / max(layout.height, 1)
                    where[f"{zone['label']}/{half}"] = (r, depth)
    strips: dict[int, list[dict[str, Any]]] = {}
    for zone in zones:
        touched = [where[key] for t in zone.get("touches", [])
                   if (key := f"{t['zone']}/{t['its_half']}") in where]
        wanted = [r if depth < 0.5 else r + 1 for r, depth in touched]
        strip = round(sum(wanted) / len(wanted)) if wanted else len(rows)
        strips.setdefault(strip, []).append(zone)
    blocks: list[dict[str, Any]] = []
    halves: list[dict[str, Any]] = []
    ports: list[dict[str, Any]] = []
    centres: dict[tuple[str, int], tuple[float, float]] = {}
    widths = [sum(sizes[b["slot"]].width + 2 * PAD for b in row) + GAP * (len(row) - 1)
              for row in rows]
    width: float = max([*widths, 2 * HALF])
    y = 0.0
    strip_y: dict[int, float] = {}
    for r, row in enumerate(rows):
        strip_y[r] = y
        y += STRIP if r in strips else (GAP if r else 0)
        x = (width - widths[r]) / 2
        height = 0.0
        for block in row:
            layout = sizes[block["slot"]]
            w, h = layout.width + 2 * PAD, layout.height + 2 * PAD + LABEL
            ox, oy = x + PAD, y + PAD + LABEL
            done = all(zone["tile"] for zone in block["zones"])
            blocks.append({"x": x, "y": y, "w": w, "h": h, "done": done,
                           "label": f"B{block['slot']}"})
            for zone in block["zones"]:
                for half in (1, 2):
                    hx, hy = layout.half(zone["zone"], half)
                    halves.append(_half(zone, half, ox + hx, oy + hy, legal, selected))
                    centres[(zone["label"], half)] = (ox + hx + HALF / 2, oy + hy + HALF / 2)
            for port in block.get("ports", []):
                ports.append(_port(port, x, y, w, h))
            x += w + GAP
            height = max(height, h)
        y += height
    strip_y[len(rows)] = y
    if len(rows) in strips:
        y += STRIP
    integrations: list[dict[str, Any]] = []
    lines: list[dict[str, Any]] = []
    for strip, members in sorted(strips.items()):
        placed = _spread(members, centres, width)
        width = max([width] + [x + 2 * HALF for x in placed])
        top = strip_y[strip] + 0.6
        for zone, zx in zip(members, placed, strict=True):
            integrations.append({"x": zx, "y": top, "w": 2 * HALF, "label": zone["label"]})
            for half in (1, 2):
                left = zx + (half - 1) * HALF
                halves.append(_half(zone, half, left, top, legal, selected))
                centres[(zone["label"], half)] = (left + HALF / 2, top + HALF / 2)
            for touch in zone.get("touches", []):
                mine = centres[(zone["label"], touch["half"])]
                theirs = centres.get((touch["zone"], touch["its_half"]))
                if theirs:
                    lines.append({"x1": mine[0], "y1": mine[1], "x2": theirs[0],
                                  "y2": theirs[1], **_edge(mine, theirs)})
    return {"width": width, "height": max(y, 1), "blocks": blocks, "halves": halves,
            "ports": ports, "lines": lines, "integrations": integrations}


def _spread(members: list[dict[str, Any]], centres: dict[tuple[str, int], tuple[float, float]],
            width: float) -> list[float]:
    """Where the zones of one strip go (their left x), each under the halves it touches, in
    order, none overlapping: so that their lines do not cross."""
    step = 2 * HALF + NAME + 0.4
    wanted = []
    for zone in members:
        xs = [centres[(t["zone"], t["its_half"])][0] for t in zone.get("touches", [])
              if (t["zone"], t["its_half"]) in centres]
        wanted.append(sum(xs) / len(xs) - HALF if xs else width)
    order = sorted(range(len(members)), key=lambda i: wanted[i])
    placed = [0.0] * len(members)
    last: float = -step
    for i in order:
        placed[i] = last = max(wanted[i], last + step, NAME)
    limit: float = max(width - 2 * HALF, NAME + step * (len(members) - 1))
    for i in reversed(order):  # pushed back left of the right edge
        placed[i] = limit = min(placed[i], limit)
        limit -= step
    return placed


def _edge(start: tuple[float, float], centre: tuple[float, float]) -> dict[str, float]:
    """Where a line from ``start`` to the centre of a half crosses the half's edge: its end is
    marked there, beside the half's number rather than on it.

    >>> _edge((0.0, 0.0), (10.0, 4.0))
    {'ex': 9.0, 'ey': 3.6}
    """
    dx, dy = centre[0] - start[0], centre[1] - start[1]
    back = HALF / 2 / max(abs(dx), abs(dy), HALF / 2)
    return {"ex": centre[0] - dx * back, "ey": centre[1] - dy * back}


def _overview(blocks: list[dict[str, Any]], zones: list[dict[str, Any]], shown: set[int],
              focus: str | None) -> list[dict[str, Any]]:
    """The central integration and every team not drawn large: its name, its zones filled
    and a small drawing of its blocks (no text in it)."""
    owners: list[str | None] = [None]
    for block in blocks:
        if block.get("owner") and block["owner"] not in owners:
            owners.append(block["owner"])
    groups = []
    for owner in owners:
        mine = [b for b in blocks if b.get("owner") == owner]
        if (owner == focus and focus is not None) or not mine or all(
                b["slot"] in shown for b in mine):
            continue
        its_zones = [z for b in mine for z in b["zones"]] + [
            z for z in zones if z.get("owner") == owner]
        mini, x, height = [], 0, 0
        for block in mine:
            layout = block_layout(BLOCKS[block["card"]])
            cells = [{"x": x + 1 + layout.half(z["zone"], half)[0],
                      "y": 1 + layout.half(z["zone"], half)[1], "filled": bool(z["tile"])}
                     for z in block["zones"] for half in (1, 2)]
            mini.append({"x": x, "w": layout.width + 2, "h": layout.height + 2,
                         "done": all(z["tile"] for z in block["zones"]), "cells": cells})
            x += layout.width + 3
            height = max(height, layout.height + 2)
        filled = sum(1 for z in its_zones if z["tile"])
        groups.append({"name": owner or _("Central integration"),
                       "filled": filled, "total": len(its_zones),
                       "count": _("{filled} of {total} zones").format(filled=filled,
                                                                      total=len(its_zones)),
                       "blocks": mini, "width": max(x - 1, 1), "height": height})
    return groups


def _half(zone: dict[str, Any], half: int, x: float, y: float,
          legal: dict[tuple[int, int], str], selected: str | None) -> dict[str, Any]:
    """One half of a zone, where it is drawn and what a click on it would do."""
    pips = zone["pips"][half - 1] if zone.get("pips") else None
    state = legal.get((zone["id"], half))
    if state is None:
        state = "filled" if zone.get("tile") else "double" if zone.get("double") else "empty"
    what = (_("tile {tile}").format(tile=zone["tile"]) if zone.get("tile")
            else _("empty, needs a double") if zone.get("double") else _("empty"))
    if state == "legal" and selected:
        said = _("{zone}, half {half}: {what}. Click to put {tile} here, its first number on "
                 "this half")
    elif state == "turnable":
        said = _("{zone}, half {half}: {what}. Click to turn this tile round")
    else:
        said = _("{zone}, half {half}: {what}")
    title = said.format(zone=zone["label"], half=half, what=what, tile=selected)
    mark = "=" if zone.get("double") and not zone.get("tile") else ""
    return {"zone": zone["id"], "half": half, "x": x, "y": y, "size": HALF, "pips": pips,
            "state": state, "title": title, "mark": mark}


def _port(port: dict[str, Any], x: float, y: float, w: float, h: float) -> dict[str, Any]:
    """A port drawn on its side of the block's frame, spread by its number."""
    spread = 0.25 + 0.5 * ((port["port"] - 1) % 2)
    side = port["side"]
    if side in ("left", "right"):
        px, py = (x if side == "left" else x + w), y + LABEL + spread * (h - LABEL)
    else:
        px, py = x + spread * w, (y if side == "top" else y + h)
    title = (_("Port {port}, joined") if port["used"] else _("Port {port}, free")).format(
        port=port["port"])
    return {"x": px, "y": py, "label": str(port["port"]), "used": port["used"], "title": title}


#: The board's name for a screen reader (its label, before the table says what it waits for).
THE_BOARD = N_("The board")


class BoardCanvas(anywidget.AnyWidget):
    """The SVG of a :func:`board_scene`; a click on a half is sent as ``{"zone", "half"}``."""

    _esm = BOARD_JS
    scene = traitlets.Dict().tag(sync=True)
    label = traitlets.Unicode(THE_BOARD).tag(sync=True)

    def __init__(self, on_click: Callable[[int, int], None], **kwargs: Any) -> None:
        kwargs.setdefault("label", _(THE_BOARD))
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
    script = BOARD_JS
    style = BOARD_CSS

    def __init__(self, on_pick: Callable[[Action], object],
                 on_refusal: Callable[[str], None]) -> None:
        super().__init__(on_pick, on_refusal)
        self.canvas = BoardCanvas(self.clicked)
        self.children = [self.sheet, self.canvas]
        self.game: Any = None
        #: The tile the seat to play picked in its tray: (seat, tile id), or None.
        self.selected: tuple[int, int] | None = None

    def show(self, game: Game) -> None:
        self.game = game
        seat = game.current_player
        if self.selected is not None and (self.selected[0] != seat or not any(
                t["id"] == self.selected[1] for t in game.view(seat)["hand"])):
            self.selected = None  # another seat's turn, or the tile is gone
        self.canvas.scene = board_scene(game.view(None), self._lit(game), self._tile_name(),
                                        self._focus(game))
        self.canvas.label = self._label(game)

    @classmethod
    def public_scene(cls, game: Game) -> dict[str, Any]:
        """The board as everyone sees it, nothing lit.

        >>> from devgames import reliz
        >>> drawn = RelizBoard.public_scene(reliz.new_game(["Ada", "Bob"], seed=3))
        >>> sorted(drawn), drawn["label"].startswith("The board: ")
        (['label', 'scene'], True)
        """
        return {"scene": board_scene(game.view(None), focus=cls._focus(game)),
                "label": cls._label(game)}

    @staticmethod
    def _label(game: Game) -> str:
        """The board's name for a screen reader, with what the table waits for."""
        return _("The board: {waiting_for}").format(waiting_for=game.waiting_for)

    @staticmethod
    def _focus(game: Any) -> str | None:
        """The team drawn large in a team scenario: the team to play, or at the end the one
        team that won (None: the whole board, or every team in the overview)."""
        if not getattr(game, "teams_mode", False):
            return None
        seat = game.current_player
        if game.is_over:
            winners = game.winners
            if len(winners) != 1 or winners[0] not in game.players:
                return None
            seat = game.players.index(winners[0])
        if not isinstance(seat, int) or seat < 0:
            return None
        return str(game.players[game.team[seat]])

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
        pick = _("Pick {tile}, then a lit half of the board")
        for tile in hand:
            chosen = self.selected == (seat, tile["id"])
            button = widgets.Button(description=tile["card"],
                                    button_style="primary" if chosen else "",
                                    disabled=bool(tile.get("locked")),
                                    tooltip=pick.format(tile=tile["card"]))
            button.add_class("dg-tile")
            button.on_click(lambda _b, s=seat, t=tile["id"]: self.pick_tile(s, t))
            buttons.append(button)
        box = widgets.VBox([
            widgets.HTML(_("<b>Your tiles</b>: pick one, then click a lit half of the board "
                           "(its first number goes there).")),
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
                            or _("That half cannot take this tile now."))
            return
        turn = Action("rotate", seat, target=zone)
        if turn in game.legal_actions():
            self.on_pick(turn)
            return
        self.on_refusal(_("Pick one of your tiles first, then click a lit half of the board."))
