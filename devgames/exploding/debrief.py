"""Exploding Git Commits' debrief questions, drawn from a session's rows: who went out when, at
what odds; the first Mitigate; who was aimed at most. Imported by the dashboards only (through
``SPEC.debrief``).

>>> from devgames import exploding
>>> DEBRIEF.questions(exploding.new_game(["Ada", "Bob"], seed=1))
[]
"""

from typing import Any

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
            questions.append(("what",
                f"Turn {row['turn']}: {row['player']} exploded drawing at {odds:.0%} odds. "
                "What could have been played before that draw?", None))
            break
    survived = [row for row in game.rounds if row["player"] == row["turn_player"]
                and row["ended_by"] == "mitigate"]
    if survived:
        row = survived[0]
        questions.append(("what", f"Turn {row['turn']}: {row['player']} drew an Exploding Git "
                          "Commit and mitigated it. Where did it go back, and who paid for it?",
                          "Where did you hide the Exploding Git Commit after a Mitigate, and why "
                          "there?"))
    aimed = [row for row in dealt_matrix(game) if not row.self_inflicted and row.how == "play"]
    teams, count = top(totals(({"team": row.to_team, "n": 1} for row in aimed), "team", "n"))
    if teams:
        givers = totals(({"team": row.from_team, "n": 1} for row in aimed
                          if row.to_team == teams[0]), "team", "n")
        by = ", ".join(f"{n} from {giver}" for giver, n in givers.items())
        questions.append(("so_what", f"{teams[0]} had the most cards played on them: {count} "
                          f"({by}). What made {teams[0]} the one to aim at?", None))
    return questions


#: Exploding Git Commits' part of the debrief.
DEBRIEF = GameDebrief(
    questions=_exploding,
    now_what=(
        "Which risky change waits in our own stack, and what will we do before someone draws "
        "it?",
    ),
    phases={
        "Where did you hide the Exploding Git Commit after a Mitigate, and why there?": "what",
        "What is our Mitigate at work: what stops a bad commit from taking production down?":
            "now_what",
    },
)
