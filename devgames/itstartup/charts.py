"""IT Startup's live chart panels: project points racing to the goal, burnout per employee, and
resources. Plain data the dashboards draw (through ``SPEC.charts``): it imports no plotly.

>>> from devgames import itstartup
>>> game = itstartup.new_game(["Ada", "Bob"], seed=1)
>>> {name: len(chart.traces(game, ["red", "blue"])) for name, chart in CHARTS.items()}
{'points': 3, 'burnout': 1, 'resources': 2}
"""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from devgames.i18n import N_, ngettext
from devgames.screens.charts import FONT_SIZE, Chart, Row, Trace, glyph, guide, label, lines


def latest_game(rows: Sequence[Row]) -> list[Row]:
    """The rows of the tournament game being played (all rows outside a tournament).

    >>> latest_game([{"tournament_game": 1, "turn": 5}, {"tournament_game": 2, "turn": 1}])
    [{'tournament_game': 2, 'turn': 1}]
    """
    last = rows[-1]["tournament_game"] if rows else None
    return [row for row in rows if row["tournament_game"] == last]


def _points(game: Any, colors: Sequence[str]) -> list[Trace]:
    rows, goal = latest_game(game.rounds), game.options.goal
    last_turn = max((row["turn"] for row in rows), default=0)
    players = lines(rows, "player", "turn", "points", game.players, colors, start=(0, 0))
    return [*players, guide(ngettext("goal ({goal} point)", "goal ({goal} points)", goal).format(
        goal=goal), [0, max(last_turn, 1)], [goal, goal])]


def _resources(game: Any, colors: Sequence[str]) -> list[Trace]:
    return lines(latest_game(game.rounds), "player", "turn", "resources", game.players, colors)


def employee_stints(rows: Iterable[Row]) -> dict[str, dict[int, Row]]:
    """Each stay of an employee with a player, labelled "Player: card" ("Player: card (2)" for
    the next one of that name), with its row per turn: the last row of a turn wins, so a turn it
    left in shows it as it left, and nothing comes after. Two employees of the same name with the
    same player are told apart by their order in each turn's rows; which of them left cannot be
    told from the rows, so the one hired first is taken.

    >>> rows = [{"player": "Ada", "card": "Intern", "turn": 1, "left": "", "burnout": 1},
    ...         {"player": "Ada", "card": "Intern", "turn": 1, "left": "", "burnout": 1},
    ...         {"player": "Ada", "card": "Intern", "turn": 2, "left": "burnout", "burnout": 3},
    ...         {"player": "Ada", "card": "Intern", "turn": 2, "left": "", "burnout": 2}]
    >>> {name: sorted(turns) for name, turns in employee_stints(rows).items()}
    {'Ada: Intern': [1, 2], 'Ada: Intern (2)': [1, 2]}
    """
    stints: dict[str, dict[int, Row]] = {}
    staying: dict[tuple[str, str], list[str]] = {}  # (player, card) -> labels, oldest first
    seen: dict[tuple[str, str, int], int] = {}  # staff rows so far per (player, card, turn)
    for row in rows:
        key = (row["player"], row["card"])
        here = staying.setdefault(key, [])
        index = 0
        if not row["left"]:
            index = seen.get((*key, row["turn"]), 0)
            seen[(*key, row["turn"])] = index + 1
        if index >= len(here):
            here.append(_new_label(f"{key[0]}: {key[1]}", stints))
            stints[here[-1]] = {}
        name = here[index]
        stints[name][row["turn"]] = row
        if row["left"]:
            here.remove(name)
    return stints


def _new_label(base: str, taken: Mapping[str, Any]) -> str:
    """``base``, or ``base (2)``, ``base (3)``... whichever is not taken yet."""
    number, name = 1, base
    while name in taken:
        number += 1
        name = f"{base} ({number})"
    return name


def _cell(row: Row | None) -> tuple[Any, str, str]:
    """A heatmap cell: how near the employee is to leaving (burnout over its limit, 0 to 1), the
    text shown in it, the hover line."""
    if row is None:
        return None, "", ""
    burnout, limit = row["burnout"], row["leaves_at"]
    left = f"<br>left: {row['left'].replace('_', ' ')}" if row["left"] else ""
    mark = " ✕" if row["left"] else ""
    hover = f"turn {row['turn']}: burnout {burnout} of {limit}{left}"
    return round(min(burnout / limit, 1), 2) if limit else 1, f"{burnout}/{limit}{mark}", hover


def row_name(name: str, players: Sequence[str], colors: Sequence[str]) -> str:
    """An employee's row: its player's shape in the player's colour (the key names the player),
    then the card, made safe for plotly.

    >>> row_name("Ada: Intern (2)", ["Bob", "Ada"], ["red", "blue"])
    '<span style="color:blue">■</span> Intern (2)'
    """
    player, _, card = name.partition(": ")
    if player not in players:
        return label(name)
    seat = list(players).index(player)
    return f"{glyph(seat, colors[seat])} {label(card)}"


def _burnout(game: Any, colors: Sequence[str]) -> list[Trace]:
    """Each employee's burnout over the turns, coloured by how near it is to leaving (the text
    of a cell says how much of how much: no colour bar is needed)."""
    rows = latest_game(game.employee_rows)
    stints = employee_stints(rows)
    turns = sorted({turn for cells in stints.values() for turn in cells})
    grid = [[_cell(cells.get(turn)) for turn in turns] for cells in stints.values()]
    names = [row_name(name, game.players, colors) for name in stints]
    return [{
        "type": "heatmap", "name": "burnout", "x": turns, "y": names,
        "z": [[cell[0] for cell in line] for line in grid],
        "text": [[cell[1] for cell in line] for line in grid],
        "hovertext": [[f"<b>{label(name)}</b><br>{cell[2]}" if cell[2] else "" for cell in line]
                      for name, line in zip(stints, grid, strict=True)],
        "texttemplate": "%{text}", "hovertemplate": "%{hovertext}<extra></extra>",
        "textfont": {"size": FONT_SIZE}, "zmin": 0, "zmax": 1, "colorscale": "YlOrRd",
        "xgap": 2, "ygap": 2, "showscale": False, "showlegend": False,
    }]


#: The panels, top down (left to right, then down, when two go side by side).
CHARTS: dict[str, Chart] = {
    "points": Chart(N_("Project points by turn"), N_("points"), _points),
    "burnout": Chart(N_("Burnout per employee"), "", _burnout,
                     {"autorange": "reversed"}),
    "resources": Chart(N_("Resources by turn"), N_("chips"), _resources),
}
