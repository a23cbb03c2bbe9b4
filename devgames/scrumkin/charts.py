"""Scrumkin's live chart panels: velocity per sprint, the backlog burn-down with its ideal line,
and the cards in play. Plain data the dashboards draw (through ``SPEC.charts``): it imports no
plotly.

>>> from devgames import scrumkin
>>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
>>> {name: len(chart.traces(game, ["red", "blue"])) for name, chart in CHARTS.items()}
{'velocity': 2, 'burndown': 3, 'in_play': 2}
"""

from collections.abc import Mapping, Sequence
from typing import Any

from devgames.i18n import N_, _, ngettext
from devgames.screens.charts import FONT_SIZE, Chart, Trace, guide, label, lines


def _velocity(game: Any, colors: Sequence[str]) -> list[Trace]:
    return lines(game.rounds, "team", "sprint", "velocity", game.players, colors)


def ideal_sprints(options: Any) -> int:
    """The sprints the ideal burn-down runs over: the collaborative game's sprints, or the
    competitive game's cap when it is shorter (a short game must look short).

    >>> from devgames.scrumkin.options import ScrumkinOptions
    >>> ideal_sprints(ScrumkinOptions()), ideal_sprints(ScrumkinOptions(sprint_cap=7))
    (10, 7)
    """
    if options.rulebook == "collaborative":
        return options.collaborative_sprints
    return min(options.sprint_cap, options.collaborative_sprints)


def _burndown(game: Any, colors: Sequence[str]) -> list[Trace]:
    backlog, sprints = game.options.backlog, ideal_sprints(game.options)
    teams = lines(game.rounds, "team", "sprint", "backlog_after", game.players, colors,
                  start=(0, backlog))
    ideal = ngettext("ideal ({n} sprint)", "ideal ({n} sprints)", sprints).format(n=sprints)
    return [*teams, guide(ideal, [0, sprints], [backlog, 0])]


def _in_play(game: Any, colors: Sequence[str]) -> list[Trace]:
    """Cards in play per team, and the card being laid (waiting for counters) stacked on top,
    hatched; each bar in its team's colour."""
    view = game.view(None)
    teams, laid = view["teams"], view["being_laid"]
    names = [label(team["name"]) for team in teams]
    cards = [[f"{c['card']} ({c['value']:+d})" for c in team["in_play"]] for team in teams]
    pending = [laid is not None and laid["into"] == team["name"] for team in teams]
    colors = list(colors)
    hover = "<b>{}</b><br>%{{hovertext}}<extra></extra>"  # under the team, in the unified hover
    in_play, none, being_laid = _("in play"), _("no cards in play"), _("being laid")
    return [
        {"type": "bar", "name": in_play, "x": names, "y": [len(held) for held in cards],
         "text": [_net(team["in_play"]) for team in teams],
         "hovertext": ["<br>".join(map(label, held)) or none for held in cards],
         "hovertemplate": hover.format(label(in_play)), "marker": {"color": colors},
         "textangle": 0, "constraintext": "none", "textfont": {"size": FONT_SIZE},
         "showlegend": False},
        {"type": "bar", "name": being_laid, "x": names, "y": [int(here) for here in pending],
         "hovertext": [_laid_text(laid) if here else "" for here in pending],
         "hovertemplate": hover.format(label(being_laid)),
         "marker": {"color": colors, "opacity": 0.6,
                    "pattern": {"shape": "/", "fgcolor": "#ffffff", "fgopacity": 0.8}},
         "showlegend": False},
    ]


def _net(in_play: list[Mapping[str, Any]]) -> str:
    """'net -1': what a team's cards in play do to its velocity now (nothing without cards)."""
    if not in_play:
        return ""
    return _("net {value}").format(value=f"{sum(card['value'] for card in in_play):+d}")


def _laid_text(laid: Mapping[str, Any]) -> str:
    """'Flu, from Red, countered by Daily Standup': the card waiting for counters."""
    if laid["counters"]:
        return label(_("{card}, from {team}, countered by {counters}").format(
            card=laid["card"], team=laid["by"], counters=", ".join(laid["counters"])))
    return label(_("{card}, from {team}").format(card=laid["card"], team=laid["by"]))


#: The panels, top down (left to right, then down, when two go side by side).
CHARTS: dict[str, Chart] = {
    "velocity": Chart(N_("Velocity per sprint"), N_("items"), _velocity),
    "burndown": Chart(N_("Backlog left by sprint"), N_("items"), _burndown),
    "in_play": Chart(N_("Cards in play now (hatched: being laid)"), N_("cards"), _in_play,
                     counts=False, live=True),
}
