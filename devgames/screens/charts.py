"""What a game declares for its live charts: its panels (:class:`Chart`), each drawing traces
(:data:`Trace`, plotly's keyword arguments as plain data) from the rows a game emits, with the
helpers that build them (:func:`lines`, :func:`guide`, :func:`label`, :func:`glyph`). A game's
``charts.py`` builds its ``CHARTS`` from these alone, so it imports no plotly; the dashboards draw
them (:mod:`devgames.dashboards.charts`).

Every text a user typed (team, player and card names) goes through :func:`label` before plotly
sees it, because plotly reads a subset of HTML in names, ticks and hover text.

Each game's panels are read from its spec (``SPEC.charts``) when asked for:

>>> velocity = CHARTS["scrumkin"]["velocity"]
>>> velocity.title, velocity.live
('Velocity per sprint', False)
>>> from devgames import scrumkin
>>> [trace["name"] for trace in velocity.traces(scrumkin.new_game(["<Red>", "Blue"], seed=1),
...                                             ["#c0392b", "#0072b2"])]
['&lt;Red&gt;', 'Blue']
"""

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from devgames import SpecTable
from devgames.core.spec import GameSpec, resolve

Row = Mapping[str, Any]
#: One trace as plotly's keyword arguments, ``type`` included.
Trace = dict[str, Any]

FONT_SIZE = 20  # the page's body size: readable from the back of the room
#: A team's marker, by seat, in every panel (the team key shows the same shapes).
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "triangle-down", "cross", "x", "star",
           "hexagon", "pentagon")
GLYPHS = ("●", "■", "◆", "▲", "▼", "✚", "✖", "★", "⬢", "⬟")
#: How far apart (in sprints or turns) the lines of two neighbouring seats are drawn, at most;
#: all the lines of a panel stay within DODGE_SPREAD of the true x.
DODGE, DODGE_SPREAD = 0.07, 0.3
#: The grey of the reference lines (the ideal burn-down, the goal).
GUIDE = "#888888"


def label(value: object) -> str:
    """A user's text made safe for plotly: ``<``, ``>`` and ``&`` as entities, which plotly shows
    as the characters. Quotes stay as they are: plotly.js would show ``&quot;`` literally.

    >>> label('<b>x</b> & "Mike"')
    '&lt;b&gt;x&lt;/b&gt; &amp; "Mike"'
    """
    return html.escape(str(value), quote=False)


def lines(rows: Iterable[Row], who: str, x: str, y: str, names: Sequence[str],
          colors: Sequence[str], start: tuple[Any, Any] | None = None) -> list[Trace]:
    """One line per team or player (``names``, in that order, in ``colors``): ``(row[x], row[y])``
    of the rows where ``row[who]`` is that name, after an optional ``start`` point.

    >>> rows = [{"team": "A", "sprint": 1, "velocity": 2},
    ...         {"team": "B", "sprint": 1, "velocity": 0}]
    >>> traces = lines(rows, "team", "sprint", "velocity", ["A", "B"], ["red", "blue"],
    ...                start=(0, 5))
    >>> [(trace["name"], trace["customdata"], trace["y"]) for trace in traces]
    [('A', [0, 1], [5, 2]), ('B', [0, 1], [5, 0])]
    >>> [trace["x"] for trace in traces]  # set apart a little, so equal values stay visible
    [[-0.035, 0.965], [0.035, 1.035]]

    Each has its seat's colour and marker symbol, and the name as its legend group.
    """
    points: dict[str, tuple[list[Any], list[Any]]] = {
        name: ([start[0]], [start[1]]) if start else ([], []) for name in names
    }
    for row in rows:
        if row[who] in points:
            xs, ys = points[row[who]]
            xs.append(row[x])
            ys.append(row[y])
    step = min(DODGE, DODGE_SPREAD / max(len(names) - 1, 1))
    return [{"type": "scatter", "mode": "lines+markers", "name": label(name),
             "x": [round(value + step * (seat - (len(names) - 1) / 2), 3) for value in xs],
             "y": ys, "customdata": xs, "legendgroup": label(name), "showlegend": False,
             "hovertemplate": f"{label(name)}: %{{y}} ({x} %{{customdata}})<extra></extra>",
             "line": {"color": colors[seat], "width": 3},
             "marker": {"color": colors[seat], "size": 11,
                        "symbol": SYMBOLS[seat % len(SYMBOLS)]}}
            for seat, (name, (xs, ys)) in enumerate(points.items())]


@dataclass(frozen=True)
class Note:
    """A line or bar of the panels that is not a team's, as the key above them names it: its
    ``text``, and its ``mark`` ("dash" or "line": a line; "bar": a block) in ``color``."""

    text: str
    mark: str = "dash"
    color: str = GUIDE
    opacity: float = 1.0


def glyph(seat: int, color: str) -> str:
    """A team's marker shape in its colour, for a plotly label (tick, heatmap row).

    >>> glyph(1, "#0072b2")
    '<span style="color:#0072b2">■</span>'
    """
    return f'<span style="color:{color}">{GLYPHS[seat % len(GLYPHS)]}</span>'


def guide(name: str, x: list[Any], y: list[Any]) -> Trace:
    """A dashed grey reference line (the ideal burndown, the goal), named in the key."""
    return {"type": "scatter", "mode": "lines", "name": name, "x": x, "y": y,
            "line": {"dash": "dash", "width": 3, "color": GUIDE}}


@dataclass(frozen=True)
class Chart:
    """One panel of a game's figure: its titles and how its traces come from a game (and the
    teams' colours, in seat order)."""

    title: str
    y_title: str
    traces: Callable[[Any, Sequence[str]], list[Trace]]
    #: More of the panel's y axis.
    yaxis: Mapping[str, Any] = field(default_factory=dict)
    #: The x axis counts sprints or turns: integer ticks.
    counts: bool = True
    #: Room its y axis labels take left of the plot, in pixels, at least (a heatmap's panel
    #: gets the room its row names need).
    labels_width: int = 44
    #: Changes with most moves (not once a sprint or turn): stacked bars over fixed categories,
    #: whose y axis range grows by steps, so that a change of this panel alone moves its bars
    #: without redrawing the whole figure (see
    #: :func:`devgames.dashboards.charts.move`).
    live: bool = False
    #: What the key above the panels says of this one besides its traces (e.g. what the
    #: shades of its bars mean).
    notes: tuple[Note, ...] = ()


def _game_charts(spec: GameSpec) -> Mapping[str, Chart]:
    """The panels at the game's ``SPEC.charts`` (a TypeError naming the path when it is not a
    mapping of panel names to :class:`Chart`)."""
    found = resolve(spec.charts)
    if not isinstance(found, Mapping) or not all(
            isinstance(chart, Chart) for chart in found.values()):
        raise TypeError(f"{spec.name}: {spec.charts} must be a mapping of panel names to "
                        "devgames.screens.charts.Chart.")
    return found


#: Each game's panels, top down (left to right, then down, when two go side by side), read from
#: its spec's ``charts`` path when asked for.
CHARTS: Mapping[str, Mapping[str, Chart]] = SpecTable(_game_charts)
