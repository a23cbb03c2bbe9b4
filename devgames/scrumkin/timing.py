"""How long Scrumkin runs, measured with heuristic bots: the timing table of the facilitator guide.

For each preset of :data:`devgames.scrumkin.options.PRESETS` and each number of teams, many bot
games are played; the table gives the median number of sprints played and the share of games in
which a team emptied its backlog within the workshop's time-box (7 sprints). Run it again after
changing the engine, the bots or a preset, and copy the table into ``facilitation/scrumkin.md``::

    python -m devgames.scrumkin.timing --games 500 --seed 2026

>>> rows = timing_rows(games=4, seed=1, teams=(3,), presets=("short",))
>>> [(row["preset"], row["teams"], row["games"]) for row in rows]
[('short', '3', 4)]
>>> 0 <= rows[0]["finished"] <= 1 and rows[0]["median_sprints"] <= 7
True
"""

import argparse
import statistics
from collections.abc import Sequence
from typing import Any

from devgames.scrumkin.options import PRESETS
from devgames.sim.runner import Row, simulate

#: Sprints a 90-minute workshop holds (5-8 minutes a sprint with 3-4 teams).
SLOT_SPRINTS = 7
#: The numbers of teams the guide's figures are for.
TEAMS = (3, 4, 5, 6)
#: The bots that play the measured games.
BOTS = "heuristic"


def finished_in_slot(row: Row, slot: int = SLOT_SPRINTS) -> bool:
    """Whether a game (a row of ``simulate``) ended with an empty backlog within ``slot`` sprints.

    >>> finished_in_slot({"result": "backlog_done", "sprints": 6})
    True
    >>> finished_in_slot({"result": "sprint_cap", "sprints": 7})
    False
    """
    return row["result"] == "backlog_done" and row["sprints"] <= slot


def summarise(preset: str, teams: str, rows: Sequence[Row]) -> dict[str, Any]:
    """One line of the table from the games' rows.

    >>> summarise("short", "3", [{"result": "backlog_done", "sprints": 4},
    ...                           {"result": "sprint_cap", "sprints": 7}])
    {'preset': 'short', 'teams': '3', 'games': 2, 'median_sprints': 5.5, 'finished': 0.5}
    """
    return {
        "preset": preset,
        "teams": teams,
        "games": len(rows),
        "median_sprints": statistics.median(row["sprints"] for row in rows),
        "finished": sum(finished_in_slot(row) for row in rows) / len(rows),
    }


def timing_rows(games: int = 500, seed: int = 2026, teams: Sequence[int] = TEAMS,
                presets: Sequence[str] = tuple(PRESETS), workers: int = 1
                ) -> list[dict[str, Any]]:
    """The table: for each preset, a line per number of teams and one for them all together.

    ``games`` are played for each number of teams, with the simulation seed ``seed`` (so the
    same arguments give the same table).
    """
    table = []
    for preset in presets:
        pooled: list[Row] = []
        for count in teams:
            rows, _rounds = simulate("scrumkin", games, count, seed=seed, bots=BOTS,
                                     workers=workers, options=PRESETS[preset])
            pooled.extend(rows)
            table.append(summarise(preset, str(count), rows))
        if len(teams) > 1:
            table.append(summarise(preset, f"{min(teams)}-{max(teams)}", pooled))
    return table


def markdown(table: Sequence[dict[str, Any]]) -> str:
    """The table as Markdown, as the guide shows it.

    >>> print(markdown([{"preset": "short", "teams": "3", "games": 10, "median_sprints": 4,
    ...                  "finished": 0.9}]))
    | Preset | Teams | Games | Median sprints | Ended within 7 sprints |
    |---|---|---|---|---|
    | short | 3 | 10 | 4 | 90% |
    """
    lines = [f"| Preset | Teams | Games | Median sprints | Ended within {SLOT_SPRINTS} sprints |",
             "|---|---|---|---|---|"]
    lines += [f"| {row['preset']} | {row['teams']} | {row['games']} | "
              f"{row['median_sprints']:g} | {row['finished']:.0%} |" for row in table]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the timing table (the command ``python -m devgames.scrumkin.timing``)."""
    parser = argparse.ArgumentParser(
        prog="python -m devgames.scrumkin.timing",
        description="How long Scrumkin runs with each preset, measured with heuristic bots.")
    parser.add_argument("--games", type=int, default=500, help="games per number of teams")
    parser.add_argument("--seed", type=int, default=2026, help="simulation seed")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    table = timing_rows(games=args.games, seed=args.seed, workers=args.workers)
    print(markdown(table))
    print(f"\n{args.games} games per line, heuristic bots, seed {args.seed}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
