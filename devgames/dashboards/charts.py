"""The live charts of the facilitator's dashboards, drawn from the rows a game emits
(``game.rounds``, ``game.employee_rows``, ``game.view(None)``); they never recompute rules.

Each game's panels live in its own package (``SPEC.charts``, e.g. ``devgames.scrumkin.charts``),
declared with :class:`~devgames.screens.charts.Chart` and the helpers of
:mod:`devgames.screens.charts`, which import no plotly; this module draws them. A game's
charts are the panels of ONE plotly ``FigureWidget``: in plotly 7 each FigureWidget sends the
whole plotly.js bundle (about 5 MB) to the page and evaluates it, so one figure per game keeps
the page light. Every trace names its
panel in ``meta``.

The figure fills the space the page gives it: the browser measures that box and tells the kernel
(:class:`~devgames.dashboards.clientside.FitCharts`, :meth:`GameCharts.resize`), which draws the
figure that large, its panels laid out in pixels, in one column, or in two when the space is wide
(the last panel then spans both). Every axis range is set here from the
data, never left to plotly, so that a quick run of updates can never leave points outside a panel.

A team has its colour (:mod:`devgames.screens.colors`) and its marker symbol in every panel,
and the lines of a panel are set apart sideways by a fraction of a sprint, so that teams with
equal values stay visible; the true x is in ``customdata`` and in the hover text. Nothing is
drawn over the data: there is no plotly legend and no colour bar. The key above the figure
(:func:`team_key_html`) names the teams, then the other lines and bars of the panels (the ideal
burn-down, the goal: a panel's trace that does not set ``showlegend`` to False) and the notes of
the panels (:attr:`~devgames.screens.charts.Chart.notes`).

>>> from devgames import scrumkin
>>> charts = charts_for(scrumkin.new_game(["Red", "Blue"], seed=1))
>>> charts.panels
('velocity', 'burndown', 'in_play')
>>> [trace.name for trace in charts.traces("burndown")]
['Red', 'Blue', 'ideal (10 sprints)']
>>> [trace.line.color for trace in charts.traces("velocity")]  # Red is red, Blue is blue
['#c0392b', '#0072b2']
>>> "ideal (10 sprints)" in charts.key.value  # in the key above the panels, not on the data
True
>>> {trace.meta["panel"] for trace in charts.figure.data} == set(charts.panels)
True
"""

import html
import math
import re
from collections.abc import Mapping, Sequence
from copy import deepcopy
from functools import lru_cache
from types import MappingProxyType
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from devgames.dashboards.clientside import FitCharts
from devgames.i18n import _
from devgames.screens.charts import (
    CHARTS,
    FONT_SIZE,
    GLYPHS,
    GUIDE,
    Chart,
    Note,
    Trace,
    glyph,
)
from devgames.screens.colors import team_colors

TITLE_SIZE = 22
#: Pixels: between two panels one above the other (the x axis of the one above, the title of the
#: one below); above the top panels (their titles) and below the bottom ones (their x axis); right
#: of the panels (a colour bar); between two panels side by side, besides the right one's y axis.
GAP, TOP, BOTTOM, RIGHT, COLUMN_GAP = 72, 36, 36, 24, 24
#: Fixed room for a panel's y axis title. Margins are fixed, not grown to fit by plotly: growing
#: them costs plotly a second drawing at every update.
Y_TITLE = 34
#: The size the figure is laid out for until the browser reports its own (pixels).
WIDTH, HEIGHT = 1100, 860
#: The panels go side by side, two a row, when the figure is this much wider than high.
WIDE = 1.15
#: A heatmap's panel asks for more height than the others to keep its rows readable: pixels per
#: row it would like, against PANEL for an ordinary panel.
HEATMAP_ROW, PANEL = 24, 220
#: Pixels: the least a heatmap's row and column take, so that the text of its cells stays
#: readable (a heatmap shows the latest rows and columns that fit).
CELL_HEIGHT, CELL_WIDTH = FONT_SIZE + 8, 66
#: About how wide a character of chart text is, in font sizes (to give long labels their room).
CHAR_WIDTH = 0.6
TEMPLATES = {False: "plotly_white", True: "plotly_dark"}
TRANSPARENT = "rgba(0,0,0,0)"
HOVER = {False: "white", True: "#222222"}
#: Integer ticks on the turn/sprint axis, at most about this many.
MAX_TICKS = 12
#: A live panel's y axis grows by this many (cards) at a time.
STACK_STEP = 5
#: How plotly.js applies a change of live panels alone (``Plotly.animate``): at once, and without
#: redrawing the figure afterwards (``redraw``), so only the traces are drawn again.
MOVE = {"transition": {"duration": 0, "easing": "linear"},
        "frame": {"duration": 0, "redraw": False}}


def note_of(trace: Trace) -> Note:
    """How the key shows this trace: a bar as a block, a line as a line, in its colour.

    >>> from devgames.screens.charts import guide
    >>> note_of(guide("goal (64 points)", [0, 1], [64, 64]))
    Note(text='goal (64 points)', mark='dash', color='#888888', opacity=1.0)
    """
    name = html.unescape(trace["name"])
    if trace["type"] == "bar":
        marker = trace.get("marker", {})
        return Note(name, "bar", marker.get("color", GUIDE), marker.get("opacity", 1.0))
    line = trace.get("line", {})
    return Note(name, "dash" if line.get("dash") == "dash" else "line", line.get("color", GUIDE))


def team_key_html(names: Sequence[str], colors: Sequence[str], notes: Sequence[Note] = ()) -> str:
    """The key of the charts: each team or player in its colour, with its marker's shape; then
    the ``notes``, each with its mark.

    >>> key = team_key_html(["<Red>"], ["#c0392b"], [Note("ideal (10 sprints)")])
    >>> '<div class="dg-key"><span class="user-text" style="color:#c0392b">● &lt;Red&gt;</span>\
</div>' in key
    True
    >>> '<span class="dg-key-mark dg-key-dash" style="color:#888888;opacity:1.0"></span>' in key
    True
    """
    items = "".join(
        f'<span class="user-text" style="color:{color}">{GLYPHS[seat % len(GLYPHS)]} '
        f"{html.escape(str(name))}"
        "</span>" for seat, (name, color) in enumerate(zip(names, colors, strict=True)))
    marks = "".join(
        f'<span class="dg-key-note"><span class="dg-key-mark dg-key-{note.mark}" '
        f'style="color:{note.color};opacity:{note.opacity}"></span>{html.escape(_(note.text))}'
        "</span>" for note in notes)
    notes_html = f'<div class="dg-key-notes">{marks}</div>' if notes else ""
    return f'<div class="dg-keys"><div class="dg-key">{items}</div>{notes_html}</div>'


def key_teams(game: Any, colors: Sequence[str]) -> tuple[list[str], list[str]]:
    """The teams the charts draw, and their colours: a game's players, or its ``team_names`` when
    players play in teams (Release! in pairs), each team in the colour of its first seat
    (``teams``).

    >>> from types import SimpleNamespace
    >>> pairs = SimpleNamespace(players=["A", "B", "C", "D"], teams=[(0, 2), (1, 3)],
    ...                         team_names=["A & C", "B & D"])
    >>> key_teams(pairs, ["red", "blue", "green", "grey"])
    (['A & C', 'B & D'], ['red', 'blue'])
    """
    names = getattr(game, "team_names", None)
    if not names:
        return list(game.players), list(colors)
    return list(names), [colors[seats[0]] for seats in game.teams]


def text_width(text: str, size: int = FONT_SIZE) -> int:
    """About how many pixels this plotly text takes (its tags left out), at this font size.

    >>> text_width('<span style="color:red">●</span> Intern')
    96
    """
    return round(CHAR_WIDTH * size * len(html.unescape(re.sub(r"<[^>]*>", "", text))))


# ----- the figure ---------------------------------------------------------------------------------
#: The layout of every game's figure. Hovering shows every line of the panel at that x.
LAYOUT: dict[str, Any] = {
    "font": {"size": FONT_SIZE},
    "hoverlabel": {"font": {"size": FONT_SIZE}},
    "uirevision": "devgames", "hovermode": "x unified", "barmode": "stack",
    "autosize": False, "showlegend": False,
}


def _theme(dark: bool) -> dict[str, Any]:
    # The unified hover box would take the transparent paper's colour: white under light text.
    return {"template": TEMPLATES[dark], "paper_bgcolor": TRANSPARENT,
            "hoverlabel": {"bgcolor": HOVER[dark], "font": {"size": FONT_SIZE}}}


def _suffix(index: int) -> str:
    """How plotly numbers the axes and legends of the panel at ``index``: '', '2', '3'..."""
    return str(index + 1) if index else ""


@lru_cache(maxsize=256)
def arrange(weights: tuple[float, ...], lefts: tuple[int, ...], width: int, height: int
            ) -> tuple[tuple[float, float, float, float], ...]:
    """Each panel's box ``(left, right, bottom, top)`` as fractions of the plotting area of a
    figure ``width`` x ``height`` pixels (margins TOP, BOTTOM and RIGHT; none on the left): panels
    of these height ``weights``, each with ``lefts`` pixels for its y axis at its left, inside its
    own cell. One column, or two when the figure is wide (:data:`WIDE`); then the panel needing
    the most room for its y axis goes last, alone on its row, spanning both columns. Rows are GAP
    pixels apart, columns COLUMN_GAP.

    >>> [tuple(round(v, 2) for v in box) for box in arrange((1, 1), (40, 40), 800, 900)]
    [(0.05, 1.0, 0.54, 1.0), (0.05, 1.0, 0.0, 0.46)]
    >>> [tuple(round(v, 2) for v in box) for box in arrange((1, 1, 1), (40, 90, 40), 1400, 700)]
    [(0.03, 0.49, 0.56, 1.0), (0.07, 1.0, 0.0, 0.44), (0.54, 1.0, 0.56, 1.0)]
    """
    plot_width = max(width - RIGHT, 100)
    plot_height = max(height - TOP - BOTTOM, 100)
    columns = 2 if len(weights) > 1 and width >= WIDE * height else 1
    order = list(range(len(weights)))
    if columns == 2 and len(order) % 2:
        # The panel alone on the last row spans both columns: the one whose y axis needs the
        # most room (long names), so that no half-width panel is left narrow.
        widest = max(reversed(order), key=lambda index: lefts[index])
        order = [index for index in order if index != widest] + [widest]
    rows = [order[start:start + columns] for start in range(0, len(order), columns)]
    row_weights = [max(weights[index] for index in row) for row in rows]
    free = max(plot_height - GAP * (len(rows) - 1), 10 * len(rows))
    boxes: list[tuple[float, float, float, float]] = [(0.0, 1.0, 0.0, 1.0)] * len(weights)
    top = 1.0
    for row, weight in zip(rows, row_weights, strict=True):
        bottom = top - free * weight / sum(row_weights) / plot_height
        cell = (plot_width - COLUMN_GAP * (len(row) - 1)) / len(row)
        for place, index in enumerate(row):
            start = place * (cell + COLUMN_GAP)
            left = min(start + lefts[index], start + cell - 50)
            boxes[index] = (left / plot_width, (start + cell) / plot_width, max(bottom, 0.0), top)
        top = bottom - GAP / plot_height
    return tuple(boxes)


def _weight(chart: Chart, traces: Sequence[Trace]) -> float:
    """How much height a panel asks for: 1, or more for a heatmap of many rows."""
    rows = max((len(trace["y"]) for trace in traces if trace["type"] == "heatmap"), default=0)
    return max(1.0, HEATMAP_ROW * rows / PANEL)


def _labels_width(chart: Chart, traces: Sequence[Trace]) -> int:
    """The room a panel's y axis labels take: its ``labels_width``, or what the row names of its
    heatmap need."""
    rows = [text_width(str(name)) + 12 for trace in traces if trace["type"] == "heatmap"
            for name in trace["y"]]
    return max([chart.labels_width, *rows])


def panels_layout(charts: Mapping[str, Chart], traces: Mapping[str, list[Trace]],
            size: tuple[int, int]) -> dict[str, Any]:
    """What of the layout follows the data and the figure's size: each panel's box and title;
    each axis' range, set here from the data (never by plotly's autorange); whole sprints or
    turns on a counting x axis (at most about MAX_TICKS ticks), teams' names or shapes on a
    category one."""
    names = list(charts)
    weights = tuple(_weight(charts[name], traces[name]) for name in names)
    lefts = tuple(Y_TITLE + _labels_width(charts[name], traces[name]) for name in names)
    width, height = size
    boxes = arrange(weights, lefts, width, height)
    layout: dict[str, Any] = {"width": width, "height": height, "annotations": [],
                              "margin": {"l": 0, "r": RIGHT, "t": TOP, "b": BOTTOM,
                                         "autoexpand": False}}
    for index, name in enumerate(names):
        chart, suffix = charts[name], _suffix(index)
        left, right, bottom, top = boxes[index]
        panel_width = (right - left) * max(width - RIGHT, 100)
        layout[f"xaxis{suffix}"] = {"domain": [left, right], **_x_range(chart, traces[name]),
                                    **_ticks(chart, traces[name], panel_width)}
        layout[f"yaxis{suffix}"] = {"domain": [bottom, top], **_y_range(chart, traces[name])}
        cell_left = max(0.0, left - lefts[index] / max(width - RIGHT, 100))  # over the y axis
        layout["annotations"].append({
            "text": _(chart.title), "font": {"size": TITLE_SIZE}, "showarrow": False,
            "xref": "paper", "yref": "paper", "x": cell_left, "y": top,
            "xanchor": "left", "yanchor": "bottom", "yshift": 4})
    return layout


def _ticks(chart: Chart, traces: Sequence[Trace], width: float) -> dict[str, Any]:
    """A category x axis of teams (bars, one per team, each in its team's colour), never turned:
    the teams' names when each fits its bar's room, else each team's shape in its colour (the
    key above names them)."""
    if chart.counts:
        return {}
    bars = [trace for trace in traces if trace["type"] == "bar"]
    categories = list(bars[0]["x"]) if bars else []
    colors = bars[0].get("marker", {}).get("color") if bars else None
    if (not categories or not isinstance(colors, list)
            or max(map(text_width, categories)) + 8 <= width / len(categories)):
        return {"tickangle": 0, "tickvals": None, "ticktext": None}  # (None: shapes gone)
    return {"tickangle": 0, "tickvals": categories,
            "ticktext": [glyph(seat, color) for seat, color in enumerate(colors)]}


def _x_range(chart: Chart, traces: Sequence[Trace]) -> dict[str, Any]:
    """A counting x axis: every point inside, whole ticks, at most about MAX_TICKS of them."""
    if not chart.counts:
        return {}
    if any(trace["type"] == "heatmap" for trace in traces):
        return {"dtick": 1}  # its latest columns that fit (see fit_heatmap)
    xs = [x for trace in traces for x in trace["x"]]
    low, high = min(xs, default=0), max(xs, default=1)
    high = max(high, low + 1)
    return {"range": [low - 0.5, high + 0.5], "dtick": max(1, math.ceil(high / MAX_TICKS))}


def _y_range(chart: Chart, traces: Sequence[Trace]) -> dict[str, Any]:
    """A y axis that holds every value with room to spare; a live panel's grows by steps."""
    if chart.live:
        return {"range": [0, stack_top(traces)]}
    if any(trace["type"] == "heatmap" for trace in traces):
        return {}
    ys = [y for trace in traces for y in trace["y"] if y is not None]
    low, high = min([0, *ys]), max([1, *ys])
    pad = (high - low) * 0.08
    return {"range": [low - (pad if low < 0 else 0), high + pad]}


def stack_top(traces: Sequence[Trace]) -> int:
    """The top of a y axis for these stacked bars: the next multiple of STACK_STEP above the
    highest stack, so that it changes seldom and a bar never touches it.

    >>> stack_top([{"y": [3, 1]}, {"y": [1, 0]}]), stack_top([{"y": [0, 0]}])
    (5, 5)
    >>> stack_top([{"y": [7, 1]}, {"y": [1, 0]}])
    10
    """
    stacks = zip(*(trace["y"] for trace in traces), strict=True)
    peak = max((sum(heights) for heights in stacks), default=0)
    return STACK_STEP * (peak // STACK_STEP + 1)


def placed_traces(name: str, index: int, traces: list[Trace],
                  layout: Mapping[str, Any]) -> list[Trace]:
    """The traces of the panel ``name`` at ``index``, on its axes, with its name in their
    ``meta``; none in a plotly legend (the key above the panels names them)."""
    suffix = _suffix(index)
    where = {"xaxis": f"x{suffix}", "yaxis": f"y{suffix}", "showlegend": False,
             "meta": {"panel": name}}
    (left, right), (bottom, top) = (layout[f"xaxis{suffix}"]["domain"],
                                    layout[f"yaxis{suffix}"]["domain"])
    width = (right - left) * max(layout["width"] - RIGHT, 100)
    height = (top - bottom) * max(layout["height"] - TOP - BOTTOM, 100)
    columns, rows = max(int(width // CELL_WIDTH), 1), max(int(height // CELL_HEIGHT), 1)
    return [{**(fit_heatmap(trace, columns, rows) if trace["type"] == "heatmap" else trace),
             **where} for trace in traces]


def fit_heatmap(trace: Trace, columns: int, rows: int) -> Trace:
    """A heatmap cut to what its panel can show readably: its last ``columns`` columns, and of
    the rows with a cell there at most ``rows``, those whose last cell is the latest (the rows
    still going on), in their order.

    >>> heatmap = {"type": "heatmap", "x": [1, 2, 3], "y": ["a", "b", "c"],
    ...            "z": [[1, None, None], [1, 2, None], [None, 1, 1]]}
    >>> fit_heatmap(heatmap, 2, 5)["y"], fit_heatmap(heatmap, 2, 1)["z"]
    (['b', 'c'], [[1, 1]])
    """
    cut = max(len(trace["x"]) - columns, 0)
    grids = {key: [line[cut:] for line in trace[key]]
             for key in ("z", "text", "hovertext") if key in trace}

    def last(line: Sequence[Any]) -> int:
        return max((column for column, value in enumerate(line) if value is not None),
                   default=-1)

    shown = [row for row, line in enumerate(grids["z"]) if last(line) >= 0]
    kept = sorted(sorted(shown, key=lambda row: -last(grids["z"][row]))[:rows])
    return {**trace, "x": list(trace["x"][cut:]), "y": [trace["y"][row] for row in kept],
            **{key: [grid[row] for row in kept] for key, grid in grids.items()}}


def charts_figure(charts: Mapping[str, Chart], dark: bool) -> go.FigureWidget:
    """The one figure of these panels: its axes, and no traces yet."""
    figure = make_subplots(rows=len(charts), cols=1, figure=go.FigureWidget())
    figure._config = {"displayModeBar": False, "displaylogo": False}  # no toolbar over titles
    layout = {**LAYOUT, **_theme(dark)}
    for index, chart in enumerate(charts.values()):
        suffix = _suffix(index)
        layout[f"xaxis{suffix}"] = {"automargin": False, "fixedrange": True,
                                    "tickfont": {"size": FONT_SIZE}}
        layout[f"yaxis{suffix}"] = {"title": {"text": _(chart.y_title) if chart.y_title else "",
                                              "standoff": 6},
                                    "automargin": False, "fixedrange": True,
                                    "tickfont": {"size": FONT_SIZE}, **chart.yaxis}
    figure.update_layout(layout)
    return figure


def _keep_state(figure: go.FigureWidget) -> None:
    """Keep the figure's widget state (what a browser gets when it connects) equal to the figure.

    FigureWidget sends each change to the browsers as a message and copies the whole figure into
    its widget state only when it is displayed by itself; a figure inside a Box, or changed before
    the page connects (Voilà runs the notebook first), would show its first state. Plotly itself
    does this copy in ``FigureWidget._repr_mimebundle_``; the browser side does not redraw on it.
    """
    figure._widget_layout = deepcopy(figure._layout_obj._props)
    figure._widget_data = deepcopy(figure._data)


def move(figure: go.FigureWidget, edits: Mapping[int, Trace]) -> None:
    """Change these traces (index in ``figure.data`` -> new properties) by plotly's transition
    path (``Plotly.animate`` with :data:`MOVE`): plotly.js draws the traces again, not the axes,
    titles and legend, in about half the time of an update. Axis ranges are not recomputed: the
    panels moved this way set theirs (``Chart.live``).

    FigureWidget's ``batch_animate`` cannot be used: it always asks for the full redraw after the
    move, and sends only the changed traces, while plotly.js empties every panel whose traces
    are left out of an animation. So this takes its two steps itself: the figure's own state,
    then one animation message naming every trace (unchanged ones with no properties).

    >>> figure = go.FigureWidget([go.Bar(y=[1, 2]), go.Scatter(y=[0, 1])])
    >>> move(figure, {0: {"y": [2, 2]}})
    >>> figure.data[0].y, figure.data[1].y
    ((2, 2), (0, 1))
    """
    for index, values in edits.items():
        figure._perform_plotly_update({key: [value] for key, value in values.items()}, {},
                                      [index])
    everything = list(range(len(figure.data)))
    figure._send_animate_msg([dict(edits.get(index, {})) for index in everything], {},
                             everything, MOVE)


def chart_notes(charts: Mapping[str, Chart], traces: Mapping[str, list[Trace]]) -> list[Note]:
    """What the key says besides the teams: each panel's traces that are not a team's (those
    that do not set ``showlegend`` to False), then its notes; each once."""
    notes = [note_of(trace) for name in charts for trace in traces[name]
             if trace.get("showlegend", True) is not False]
    notes += [note for chart in charts.values() for note in chart.notes]
    return list(dict.fromkeys(notes))


def _panel(trace: Any) -> str:
    return trace.meta["panel"]


def _shape(traces: list[Trace]) -> list[tuple[str, str]]:
    return [(trace["type"], trace["name"]) for trace in traces]


class GameCharts:
    """The live charts of one game: the key of its teams above the panels (``panels``) of ONE
    plotly FigureWidget.

    ``figure`` is that FigureWidget (None for a game without charts), with the class
    ``dg-chart``; ``widget`` is what a page shows: the key and the figure, in a box with the class
    ``dg-charts`` that the page sizes (an empty box for a game without charts). :meth:`traces` are
    the traces of one panel; each trace names its panel in ``meta``. Call :meth:`update` after
    every move: the traces of a panel whose data did not change are not touched, and nothing at
    all is sent when nothing changed. In the browser the figure is plotly's graph, so
    ``document.querySelector(".dg-chart").data.filter((t) => t.meta.panel === "in_play")`` are
    the traces of a panel as drawn.

    >>> charts = GameCharts()
    >>> charts.figure, charts.panels, charts.traces("velocity"), charts.widget.children
    (None, (), [], ())
    """

    def __init__(self, charts: Mapping[str, Chart] | None = None, dark: bool = False) -> None:
        self._charts = dict(charts or {})
        self._drawn: dict[str, list[Trace]] = {}
        self._game: Any = None
        self.dark = dark
        self.size = (WIDTH, HEIGHT)
        self.figure: go.FigureWidget | None = None
        self.key = widgets.HTML()
        self.key.add_class("dg-key-box")
        self.widget = widgets.VBox()
        self.widget.add_class("dg-charts")
        if self._charts:
            self.fit = FitCharts(on_size=self.resize, on_missing=self.renew)
            self._new_figure()

    def _new_figure(self) -> None:
        self.figure = charts_figure(self._charts, self.dark)
        self._drawn = {}
        self._layout = panels_layout(self._charts, {name: [] for name in self._charts}, self.size)
        self.figure.update_layout(self._layout)
        self.figure.add_class("dg-chart")
        _keep_state(self.figure)
        self.widget.children = [self.key, self.figure, self.fit]

    def renew(self) -> None:
        """Give the page a new figure, drawn as the old one was (the browser never showed the
        old one: its script failed to start in time on a slow machine).

        >>> from devgames import scrumkin
        >>> charts = charts_for(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> old = charts.figure
        >>> charts.renew()
        >>> charts.figure is not old and charts.widget.children[1] is charts.figure
        True
        """
        old = self.figure
        self._new_figure()
        if self._game is not None:
            self.update(self._game)
        if old is not None:
            old.close()

    @property
    def panels(self) -> tuple[str, ...]:
        """The names of the panels, top down."""
        return tuple(self._charts)

    @property
    def figures(self) -> Mapping[str, go.FigureWidget]:
        """Each panel's name, mapped to the figure that holds them all (read only)."""
        return MappingProxyType({name: self.figure for name in self._charts})

    def traces(self, name: str) -> list[Any]:
        """The traces of the panel ``name``, in order (plotly's trace objects)."""
        if self.figure is None:
            return []
        return [trace for trace in self.figure.data if _panel(trace) == name]

    def update(self, game: Any) -> None:
        """Draw what changed since the last update: the traces of the panels whose data changed,
        and the layout that follows the data when it changed. When only live panels changed
        (``Chart.live``: the cards in play, which most moves change), their traces are moved without
        redrawing the figure (:func:`move`)."""
        self._game = game
        if self.figure is None:
            return
        colors = team_colors(list(game.players), self.dark)
        traces = {name: chart.traces(game, colors) for name, chart in self._charts.items()}
        key = team_key_html(*key_teams(game, colors), chart_notes(self._charts, traces))
        if self.key.value != key:
            self.key.value = key
        layout = panels_layout(self._charts, traces, self.size)
        placed = {name: placed_traces(name, index, traces[name], layout)
                  for index, name in enumerate(self._charts)}
        changed = {name: new for name, new in placed.items() if new != self._drawn.get(name)}
        if not changed and layout == self._layout:
            return
        if layout == self._layout and all(self._live(name, new) for name, new in changed.items()):
            self._move(self.figure, changed)
        else:
            self._draw(self.figure, changed, layout)
        self._drawn.update(changed)
        self._layout = layout
        _keep_state(self.figure)

    def resize(self, width: int, height: int) -> None:
        """Draw the figure this large (pixels: the box the page gives it), its panels laid out
        again for that size.

        >>> from devgames import scrumkin
        >>> charts = charts_for(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> charts.resize(1400, 600)
        >>> charts.figure.layout.xaxis.domain[1] < charts.figure.layout.xaxis2.domain[0]
        True
        """
        size = (max(int(width), 200), max(int(height), 120))  # a low box under a board
        if size != self.size:
            self.size = size
            if self._game is not None:
                self.update(self._game)

    def set_theme(self, dark: bool) -> None:
        """Dark (``plotly_dark``) or light (``plotly_white``) panels on a transparent paper, and
        the teams' colours in their shades for that theme."""
        if self.figure is None:
            return
        self.dark = dark
        with self.figure.batch_update():
            self.figure.update_layout(_theme(dark))
        if self._game is not None:
            self.update(self._game)
        _keep_state(self.figure)

    def _live(self, name: str, traces: list[Trace]) -> bool:
        """Whether the panel ``name`` can be moved to these traces: a live panel whose traces
        keep their number, kinds and names."""
        return self._charts[name].live and _shape(traces) == _shape(self._drawn.get(name, []))

    def _move(self, figure: go.FigureWidget, changed: Mapping[str, list[Trace]]) -> None:
        index = {id(trace): number for number, trace in enumerate(figure.data)}
        move(figure, {
            index[id(trace)]: {key: value for key, value in new.items() if old.get(key) != value}
            for name, traces in changed.items()
            for trace, old, new in zip(self.traces(name), self._drawn[name], traces, strict=True)
        })

    def _draw(self, figure: go.FigureWidget, changed: Mapping[str, list[Trace]],
              layout: dict[str, Any]) -> None:
        reshaped = [name for name, new in changed.items()
                    if _shape(new) != _shape(self._drawn.get(name, []))]
        if reshaped:
            self._reshape(figure, {name: changed[name] for name in reshaped})
        with figure.batch_update():
            for name, new in changed.items():
                if name not in reshaped:
                    for trace, values in zip(self.traces(name), new, strict=True):
                        trace.update({key: value for key, value in values.items() if key != "type"})
            if layout != self._layout:
                figure.update_layout(layout)

    def _reshape(self, figure: go.FigureWidget, panels: Mapping[str, list[Trace]]) -> None:
        """New traces for these panels (their number or kinds changed), the others kept, all in
        panel order."""
        kept = [trace for trace in figure.data if _panel(trace) not in panels]
        if len(kept) < len(figure.data):
            figure.data = kept
        figure.add_traces([trace for new in panels.values() for trace in new])
        order = list(self._charts)
        ordered = sorted(figure.data, key=lambda trace: order.index(_panel(trace)))
        if list(map(id, ordered)) != list(map(id, figure.data)):
            figure.data = ordered


def charts_for(game: Any, dark: bool = False) -> GameCharts:
    """The live charts of this game, drawn for its current state in the light or dark theme (a
    game without charts gets none).

    >>> from devgames import itstartup
    >>> charts_for(itstartup.new_game(["Ada", "Bob"], seed=1)).panels
    ('points', 'burnout', 'resources')
    """
    charts = GameCharts(CHARTS.get(game.name, {}), dark)
    charts.update(game)
    return charts
