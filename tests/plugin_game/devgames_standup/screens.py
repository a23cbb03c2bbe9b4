"""Stand-up on the projector: its chart panel and its debrief questions (imported by the
dashboards only, through ``SPEC.charts`` and ``SPEC.debrief``).

>>> from devgames_standup import new_game
>>> from devgames.dashboards.charts import charts_for
>>> charts_for(new_game(["Ada", "Bob"], seed=1)).panels
('left',)
"""

from collections.abc import Sequence
from typing import Any

from devgames.screens.charts import Chart, Trace, lines
from devgames.screens.debrief import GameDebrief, Question


def _left(game: Any, colors: Sequence[str]) -> list[Trace]:
    return lines(game.rounds, "player", "turn", "left", game.players, colors,
                 start=(0, game.options.tasks))


#: The panels, top down.
CHARTS = {"left": Chart("Tasks left by turn", "tasks", _left)}


def _questions(game: Any) -> list[Question]:
    """Who was blocked most."""
    blocked: dict[str, int] = {}
    for event in game.events:
        if event.data["target"] is not None:
            name = game.players[event.data["target"]]
            blocked[name] = blocked.get(name, 0) + 1
    if not blocked:
        return []
    name = max(blocked, key=blocked.__getitem__)
    return [("what", f"{name} was blocked {blocked[name]} times. What did it feel like?",
             "What blocked you most, and who could have unblocked it?")]


#: Stand-up's part of the debrief.
DEBRIEF = GameDebrief(questions=_questions,
                      now_what=("Which blocker will we raise at tomorrow's stand-up?",))
