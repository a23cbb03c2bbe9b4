"""Exploding Git Commits' debrief questions, drawn from a session's rows: who went out when, at
what odds; the first Mitigate; who was aimed at most. Imported by the dashboards only (through
``SPEC.debrief``). The questions are drawn in the language in use; the cards keep their printed
names.

>>> from devgames import exploding
>>> DEBRIEF.questions(exploding.new_game(["Ada", "Bob"], seed=1))
[]
"""

from typing import Any

from devgames.exploding import SPEC
from devgames.i18n import N_, _
from devgames.retro.dealt import dealt_matrix
from devgames.screens.debrief import GameDebrief, Question, top, totals


def _exploding(game: Any) -> list[Question]:
    """Who went out when, at what odds; the first Mitigate; who was aimed at most."""
    questions: list[Question] = []
    before = {row["turn"]: row for row in game.rounds}
    for row in game.rounds:
        if row["eliminated_order"] and row["ended_by"] == "explode" and \
                row["player"] == row["turn_player"]:
            odds = before.get(row["turn"] - 1, row)["chance_next_explodes"]
            questions.append(("what", _(
                "Turn {turn}: {player} exploded drawing at {odds} odds. What could have been "
                "played before that draw?").format(turn=row["turn"], player=row["player"],
                                                   odds=f"{odds:.0%}"), None))
            break
    survived = [row for row in game.rounds if row["player"] == row["turn_player"]
                and row["ended_by"] == "mitigate"]
    if survived:
        row = survived[0]
        questions.append(("what", _(
            "Turn {turn}: {player} drew an Exploding Git Commit and mitigated it. Where did it go "
            "back, and who paid for it?").format(turn=row["turn"], player=row["player"]),
            PROMPTS[2]))
    aimed = [row for row in dealt_matrix(game) if not row.self_inflicted and row.how == "play"]
    teams, count = top(totals(({"team": row.to_team, "n": 1} for row in aimed), "team", "n"))
    if teams:
        givers = totals(({"team": row.from_team, "n": 1} for row in aimed
                          if row.to_team == teams[0]), "team", "n")
        by = ", ".join(_("{n} from {team}").format(n=n, team=giver)
                       for giver, n in givers.items())
        questions.append(("so_what", _(
            "{player} had the most cards played on them: {count} ({by}). What made {player} the "
            "one to aim at?").format(player=teams[0], count=count, by=by), None))
    return questions


#: The game's general prompts, marked for the catalogue in its spec.
PROMPTS = SPEC.debrief_prompts

#: Exploding Git Commits' part of the debrief.
DEBRIEF = GameDebrief(
    questions=_exploding,
    now_what=(
        N_("Which risky change waits in our own stack, and what will we do before someone "
           "draws it?"),
    ),
    phases={PROMPTS[2]: "what", PROMPTS[3]: "now_what"},
)
