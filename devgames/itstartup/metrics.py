"""IT Startup's metrics rows: one per player per turn, and one per employee per turn.

The rows are kept as tuples while the game is played (cheap to add and to snapshot) and turned
into records with named columns when read (``game.rounds``, ``game.employee_rows``), for the
charts, the debrief and the CSV export.

>>> from devgames import itstartup
>>> game = itstartup.new_game(["Ada", "Bob"], seed=1)
>>> for seat in (0, 1):
...     game.mulligan(seat, [])
>>> game.end_turn(game.current_player)
>>> sorted(game.rounds[0]) == sorted(ROUND_FIELDS)
True
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from devgames.itstartup.cards import CARDS
from devgames.itstartup.printed import BURNOUT_LIMIT, KIND, POWER

if TYPE_CHECKING:
    from devgames.itstartup.operations import ItStartupTable

#: Columns of the per-player, per-turn metrics rows (``game.rounds``).
ROUND_FIELDS = (
    "tournament_game", "round", "turn", "player", "points", "points_gained", "resources",
    "hand_size", "developers", "hr", "coaches", "employees",
)
#: Columns of the per-employee, per-turn rows (``game.employee_rows``).
EMPLOYEE_FIELDS = (
    "tournament_game", "round", "turn", "player", "card", "burnout", "leaves_at", "left",
    "knowledge", "efficiency",
)


def employee_rows(game: "ItStartupTable", owner: int, staff: Sequence[int],
                  left: str) -> list[tuple[Any, ...]]:
    """The rows of employees ``staff`` of ``owner`` now (``left``: why they leave, "" if they
    stay).

    >>> from devgames import itstartup
    >>> game = itstartup.new_game(["Ada", "Bob"], seed=1)
    >>> intern = next(c for c in game.deck if CARDS[c].name == "Intern")
    >>> game.deck.take(intern); game.hire(0, intern)
    >>> dict(zip(EMPLOYEE_FIELDS, employee_rows(game, 0, [intern], "")[0]))["efficiency"]
    1
    """
    number, round_, turn = game.game_no, game.round, game.turns[owner]
    employees, shy = game.employees, game.shy_bonus
    masters = game.held[owner].get("scrum_master", 0)
    rows = []
    for e in staff:  # a plain loop: a comprehension would capture seven names
        state = employees[e]
        knowledge = state.knowledge
        efficiency = 0
        if KIND[e] == "developer":  # ``game.efficiency(e, owner)``, written out
            efficiency = POWER[e] + masters + shy.get(e, 0)
            for k in knowledge:
                efficiency += POWER[k]
        rows.append((number, round_, turn, owner, e, state.burnout, BURNOUT_LIMIT[e], left,
                     tuple(knowledge), efficiency))
    return rows


def record_turn(game: "ItStartupTable", p: int) -> None:
    """At the end of ``p``'s turn: its row, the rows of employees that left, one per employee."""
    staff = game.staff[p]
    crew = game.crews[p]
    game.rows.append((
        game.game_no, game.round, game.turns[p], game.players[p], game.points[p],
        game.points[p] - game.points_at_start, game.resources[p], len(game.hands[p]),
        crew.developers, crew.hr, crew.coaches, len(staff),
    ))
    game._employee_rows += game.left_this_turn
    game.left_this_turn = []
    game._employee_rows += employee_rows(game, p, staff, "")


def round_records(game: "ItStartupTable") -> list[dict[str, Any]]:
    """One record per player per turn: points, points gained, resources, hand, employees."""
    return [dict(zip(ROUND_FIELDS, row, strict=True)) for row in game.rows]


def employee_records(game: "ItStartupTable") -> list[dict[str, Any]]:
    """One record per employee at the end of each of its controller's turns, and one for each
    employee that left during a turn, named (players, cards and knowledge by name)."""
    rows = []
    for row in game._employee_rows:
        record = dict(zip(EMPLOYEE_FIELDS, row, strict=True))
        record["player"] = game.players[row[3]]
        record["card"] = CARDS[row[4]].name
        record["knowledge"] = "; ".join(CARDS[k].name for k in row[8])
        rows.append(record)
    return rows
