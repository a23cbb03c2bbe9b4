"""The short-game preset really fits a workshop: bot games of 3-6 teams end with an empty backlog
within its 7-sprint cap at least 4 times in 5, where the standard game rarely does.

Fixed seeds, so the games (and the figures) are the same on every run; the guide's table comes
from ``python -m devgames.scrumkin.timing`` with more games.
"""

import statistics

from devgames import scrumkin
from devgames.scrumkin.options import PRESETS, ScrumkinOptions, preset_options
from devgames.scrumkin.timing import SLOT_SPRINTS, TEAMS, finished_in_slot, markdown, timing_rows
from devgames.sim.runner import simulate

SEED = 1
GAMES = 100  # per number of teams: 400 short games in all


def test_the_short_preset_ends_within_its_cap_at_least_4_times_in_5() -> None:
    table = timing_rows(games=GAMES, seed=SEED, teams=TEAMS, presets=("short",))
    by_teams = {row["teams"]: row for row in table}
    assert set(by_teams) == {*map(str, TEAMS), "3-6"}
    low = {teams: row["finished"] for teams, row in by_teams.items() if row["finished"] < 0.8}
    assert not low, f"the short preset ends too rarely within 7 sprints:\n{markdown(table)}"
    assert by_teams["3-6"]["median_sprints"] <= 5, markdown(table)


def test_the_short_preset_is_short_and_stops_at_its_cap() -> None:
    short = preset_options("short")
    assert short["sprint_cap"] == SLOT_SPRINTS == 7
    rows, _rounds = simulate("scrumkin", 60, 4, seed=SEED + 1, bots="heuristic", options=short)
    sprints = [row["sprints"] for row in rows]
    assert max(sprints) <= 7 and statistics.median(sprints) <= 7
    assert {row["result"] for row in rows} <= {"backlog_done", "sprint_cap"}


def test_the_standard_game_rarely_ends_within_7_sprints() -> None:
    rows, _rounds = simulate("scrumkin", 60, 4, seed=SEED, bots="heuristic",
                             options=preset_options("standard"))
    within = sum(finished_in_slot(row) for row in rows) / len(rows)
    assert within < 0.5
    assert statistics.median(row["sprints"] for row in rows) > SLOT_SPRINTS


def test_the_presets_are_valid_options_and_standard_is_the_defaults() -> None:
    assert set(PRESETS) == {"standard", "short"}
    assert len({frozenset(options) for options in PRESETS.values()}) == 1  # same fields
    defaults = ScrumkinOptions()
    assert all(getattr(defaults, name) == value for name, value in PRESETS["standard"].items())
    for options in PRESETS.values():
        game = scrumkin.new_game(["Red", "Blue", "Green"], seed=3, **options)
        assert all(getattr(game.options, name) == value for name, value in options.items())
