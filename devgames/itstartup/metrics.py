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

from typing import TYPE_CHECKING, Any

from devgames.itstartup.cards import CARDS
from devgames.itstartup.printed import BURNOUT_LIMIT

if TYPE_CHECKING:
    from devgames.itstartup.operations import Employee, ItStartupTable

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


def employee_row(game: "ItStartupTable", e: int, owner: int, state: "Employee",
                 left: str) -> tuple[Any, ...]:
    """The row of employee ``e`` of ``owner`` now (``left``: why it leaves, "" if it stays)."""
    return (
        game.game_no, game.round, game.turns[owner], owner, e, state.burnout,
        BURNOUT_LIMIT[e], left, tuple(state.knowledge),
        game.efficiency(e, owner) if e in game.employees else 0,
    )


def record_turn(game: "ItStartupTable", p: int) -> None:
    """At the end of ``p``'s turn: its row, the rows of employees that left, one per employee."""
    staff = game.staff[p]
    crew = game.crews[p]
    game.rows.append((
        game.game_no, game.round, game.turns[p], game.players[p], game.points[p],
        game.points[p] - game.points_at_start, game.resources[p], len(game.hands[p]),
        crew.developers, crew.hr, crew.coaches, len(staff),
    ))
    game._employee_rows.extend(game.left_this_turn)
    game.left_this_turn = []
    employees = game.employees
    game._employee_rows.extend(employee_row(game, e, p, employees[e], "") for e in staff)


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
