"""Exploding Git Commits' live chart panels: the chance the next draw explodes, the cards left,
and the hands. Plain data the dashboards draw (through ``SPEC.charts``): it imports no plotly.

>>> from devgames import exploding
>>> game = exploding.new_game(["Ada", "Bob"], seed=1)
>>> {name: len(chart.traces(game, ["red", "blue"])) for name, chart in CHARTS.items()}
{'risk': 1, 'cards_left': 2, 'hands': 2}
"""

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from devgames.i18n import N_, _
from devgames.screens.charts import Chart, Row, Trace, lines


def _per_turn(rows: Sequence[Row], key: str) -> tuple[list[Any], list[Any]]:
    """A table-wide figure at the end of each turn (the rows repeat it for every player).

    >>> _per_turn([{"turn": 1, "deck_size": 30}, {"turn": 1, "deck_size": 30},
    ...            {"turn": 2, "deck_size": 29}], "deck_size")
    ([1, 2], [30, 29])
    """
    seen: dict[Any, Any] = {}
    for row in rows:
        seen.setdefault(row["turn"], row[key])
    return list(seen), list(seen.values())


def _risk(game: Any, colors: Sequence[str]) -> list[Trace]:
    """The chance that the next card drawn explodes, in percent, from the public counts; the
    first point is the table before the first turn. The panel's title names it: not in the key."""
    turns, chances = _per_turn(game.rounds, "chance_next_explodes")
    start = game.rounds[0]["exploding_in_deck"] if game.rounds else None
    first = game.view(None)["chance_next_explodes"] if start is None else _opening_chance(game)
    return [{"type": "scatter", "mode": "lines+markers", "name": "next draw explodes (%)",
             "x": [0, *turns], "y": [round(100 * c, 1) for c in (first, *chances)],
             "line": {"color": "#b3261e", "width": 3}, "showlegend": False}]


def _opening_chance(game: Any) -> float:
    """Before the first turn: every exploding card (players - 1) in the whole draw stack."""
    size = _opening_deck(game)
    return (len(game.players) - 1) / size if size else 0.0


def _opening_deck(game: Any) -> int:
    """Cards in the draw stack before the first turn (the deck of a new game of these seats)."""
    return _new_deck_size(game.name, len(game.players))


@lru_cache(maxsize=16)
def _new_deck_size(name: str, players: int) -> int:
    from devgames import game_module

    fresh = game_module(name).new_game([f"P{seat}" for seat in range(players)], seed=0)
    return int(fresh.view(None)["deck_size"])


def _cards_left(game: Any, colors: Sequence[str]) -> list[Trace]:
    turns, left = _per_turn(game.rounds, "deck_size")
    _turns, exploding = _per_turn(game.rounds, "exploding_in_deck")
    return [
        {"type": "bar", "name": _("cards in the draw stack"), "x": [0, *turns],
         "y": [_opening_deck(game), *left], "marker": {"color": "#8ab4f8"}},
        {"type": "scatter", "mode": "lines+markers", "name": _("exploding cards in it"),
         "x": [0, *turns], "y": [len(game.players) - 1, *exploding],
         "line": {"color": "#b3261e"}},
    ]


def _hands(game: Any, colors: Sequence[str]) -> list[Trace]:
    """Cards in each player's hand after every turn, while the player is in the game."""
    alive = [row for row in game.rounds if row["alive"]]
    return lines(alive, "player", "turn", "hand_size", game.players, colors)


#: The panels, top down (left to right, then down, when two go side by side).
CHARTS: dict[str, Chart] = {
    "risk": Chart(N_("Chance next draw explodes"), "%", _risk),
    "cards_left": Chart(N_("Cards left by turn"), N_("cards"), _cards_left),
    "hands": Chart(N_("Cards in hand by turn"), N_("cards"), _hands),
}
