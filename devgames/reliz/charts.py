"""РЕЛИЗ's live chart panel, under the board: zones done per seat (or team) over the turns, the
progress the game is about (the tiles placed and the event cards drawn are in ``rounds.csv``;
one panel keeps its height under the board at 1280x720). Plain data the dashboards draw
(through ``SPEC.charts``): it imports no plotly.

>>> from devgames import reliz
>>> game = reliz.new_game(["Ada", "Bob"], seed=1)
>>> {name: len(chart.traces(game, ["red", "blue"])) for name, chart in CHARTS.items()}
{'zones': 2}
"""

from collections.abc import Sequence
from typing import Any

from devgames.i18n import N_
from devgames.screens.charts import Chart, Trace, lines


def _zones(game: Any, colors: Sequence[str]) -> list[Trace]:
    """Zones filled after every turn: of the whole board, or of each team's own field."""
    return lines(game.rounds, "player", "turn", "zones_done", game.players, colors)


#: The panel.
CHARTS: dict[str, Chart] = {
    "zones": Chart(N_("Zones done by turn"), N_("zones"), _zones),
}
