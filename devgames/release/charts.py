"""Release!'s live chart panels: the score race by release, and each release's points split
into the Tools & Methods points and the points scored at once. Plain data the dashboards draw
(through ``SPEC.charts``): it imports no plotly.

>>> from devgames import release
>>> game = release.new_game(["Ada", "Bob"], seed=1)
>>> {name: len(chart.traces(game, ["red", "blue"])) for name, chart in CHARTS.items()}
{'score': 2, 'release_points': 4}
"""

from collections.abc import Sequence
from typing import Any

from devgames.i18n import N_
from devgames.screens.charts import Chart, Note, Trace, label, lines


def _score(game: Any, colors: Sequence[str]) -> list[Trace]:
    """Each player's or team's score after every release, from 0 before the first; the
    release under way, live, as its last point (the points scored at once so far)."""
    rows = list(game.rounds)
    done = len(rows) // max(len(game.team_names), 1)
    if not game.is_over and game.release > done:
        rows += [{"team": name, "release": game.release, "score": score}
                 for name, score in zip(game.team_names, game.scores, strict=True)]
    return lines(rows, "team", "release", "score", game.team_names, colors, start=(0, 0))


def _release_points(game: Any, colors: Sequence[str]) -> list[Trace]:
    """Stacked bars per release: the Tools & Methods points and the points scored at once."""
    traces: list[Trace] = []
    for seat, name in enumerate(game.team_names):
        rows = [row for row in game.rounds if row["team"] == name]
        color = colors[seat % len(colors)]
        traces.append({"type": "bar", "name": label(f"{name}: Tools & Methods"),
                       "x": [row["release"] for row in rows],
                       "y": [row["rule_points"] for row in rows], "offsetgroup": str(seat),
                       "marker": {"color": color}, "showlegend": False})
        traces.append({"type": "bar", "name": label(f"{name}: scored at once"),
                       "x": [row["release"] for row in rows],
                       "y": [row["immediate_points"] for row in rows],
                       "offsetgroup": str(seat), "base": [row["rule_points"] for row in rows],
                       "marker": {"color": color, "opacity": 0.45}, "showlegend": False})
    return traces


#: The panels, top down.
CHARTS: dict[str, Chart] = {
    "score": Chart(N_("Score race by release"), N_("points"), _score),
    "release_points": Chart(N_("Points of each release"), N_("points"), _release_points, notes=(
        Note(N_("Tools & Methods points (solid)"), "bar", "#777777"),
        Note(N_("points scored at once (faded)"), "bar", "#777777", 0.45))),
}
