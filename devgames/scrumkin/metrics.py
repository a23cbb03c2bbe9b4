"""Scrumkin's ``rounds.csv``: one row per team per sprint, a sprint report (Jira-like columns)
before the engine's own metrics columns. Plain Python: the export makes the table of it.

>>> from devgames import scrumkin
>>> from devgames.core.bots import RandomBot, play_out
>>> game = scrumkin.new_game(["Red", "Blue"], seed=2)
>>> _ = play_out(game, {0: RandomBot(1), 1: RandomBot(2)})
>>> list(sprint_report(game)[0])[:8]
['sprint', 'team', 'committed', 'added', 'taken_over', 'bugs_fixed', 'completed', 'remaining']
"""

from typing import Any

from devgames.scrumkin.sprints import ROUND_FIELDS

#: The sprint report's columns, put before the engine's own metrics columns.
#: ``remaining = committed + added + taken_over - bugs_fixed - completed`` on every row.
JIRA_COLUMNS = ("committed", "added", "taken_over", "bugs_fixed", "completed", "remaining")
#: The columns of Scrumkin's ``rounds.csv``, in order.
ROUND_COLUMNS: tuple[str, ...] = (
    "sprint", "team", *JIRA_COLUMNS,
    *(name for name in ROUND_FIELDS if name not in ("sprint", "team", "completed")),
)


def _scope_moves(game: Any) -> list[tuple[int, int]]:
    """(items taken over, less those given away; bugs fixed by drops) per team per finished
    sprint, in the order of ``game.rounds``."""
    n = len(game.players)
    taken, fixed = [0] * n, [0] * n
    out: list[tuple[int, int]] = []
    for event in game.events:
        if event.kind == "take_over":
            taken[event.player] += event.data["count"]
            taken[event.data["from"]] -= event.data["count"]
        elif event.kind == "drop" and event.data["bug_fixed"]:
            fixed[event.player] += 1
        elif event.kind == "velocity":  # the end of a sprint
            out += zip(taken, fixed, strict=True)
            taken, fixed = [0] * n, [0] * n
    return out


def sprint_report(game: Any) -> list[dict[str, Any]]:
    """The rows of ``rounds.csv``: ``committed`` (backlog when the sprint started), ``added``
    (bugs added), ``taken_over`` (items taken over from other teams, less those given away),
    ``bugs_fixed`` (by dropped cards), ``completed`` and ``remaining`` (backlog after), then the
    engine's metrics."""
    rows = []
    for row, (taken, fixed) in zip(game.rounds, _scope_moves(game), strict=False):
        report = {"sprint": row["sprint"], "team": row["team"],
                  "committed": row["backlog_before"], "added": row["bugs_added"],
                  "taken_over": taken, "bugs_fixed": fixed, "completed": row["completed"],
                  "remaining": row["backlog_after"]}
        rows.append(report | {name: row[name] for name in ROUND_COLUMNS if name not in report})
    return rows
