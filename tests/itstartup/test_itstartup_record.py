"""An IT Startup game kept only for its outcome (``game.record = False`` once started, as the
planner plays its bot games) plays exactly the same game, keeps no metrics rows, and keeps only
some of the events (never one the recorded game does not have)."""

from typing import Any

import pytest

from devgames import itstartup
from devgames.core.actions import Event
from devgames.core.bots import play_out
from devgames.itstartup.bots import HeuristicBot


def kept_in_order(few: list[Event], many: list[Event]) -> bool:
    """True when every event of ``few`` is in ``many``, in the same order."""
    rest = iter(many)
    return all(any(event == other for other in rest) for event in few)


@pytest.mark.parametrize("options", [
    {},
    {"tournament_wins": 2, "goal": 24, "help_below_zero": True},
    {"planning_bonus": True, "agent_counter": True, "hoard_cap_timing": "always"},
])
def test_a_game_kept_for_its_outcome_only_is_the_same_game_without_metrics(
        options: dict[str, Any]) -> None:
    for seed in range(6):
        kept, lean = (itstartup.new_game(["Ada", "Bob", "Cy"], seed=seed, **options)
                      for _ in range(2))
        lean.record = False
        for game in (kept, lean):
            play_out(game, {seat: HeuristicBot(seed * 10 + seat) for seat in range(3)})
        assert lean.log == kept.log
        assert lean.summary() == kept.summary()
        assert (lean.points, lean.wins, lean.tokens) == (kept.points, kept.wins, kept.tokens)
        assert lean.rounds == [] and lean.employee_rows == []
        assert kept.rounds and kept.employee_rows
        assert len(lean.events) < len(kept.events) / 2
        assert kept_in_order(lean.events, kept.events)
