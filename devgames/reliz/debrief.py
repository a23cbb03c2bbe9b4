"""РЕЛИЗ's debrief questions, drawn from a session's rows: the longest stretch without a zone
closed, who drew the most events. Imported by the dashboards only (through ``SPEC.debrief``).

>>> from devgames import reliz
>>> DEBRIEF.questions(reliz.new_game(["Ada", "Bob"], seed=1))
[]
"""

from typing import Any

from devgames.screens.debrief import GameDebrief, Question


def _reliz(game: Any) -> list[Question]:
    """The longest run of turns where the board did not fill up, and the most events drawn."""
    questions: list[Question] = []
    rows = [row for row in game.rounds if row["player"] == row["turn_player"]]
    longest, start, run, last = 0, 0, 0, None
    for row in rows:
        if last is not None and row["zones_done"] <= last:
            run += 1
            if run > longest:
                longest, start = run, row["turn"] - run + 1
        else:
            run = 0
        last = row["zones_done"]
    if longest >= 3:
        questions.append(("what", f"From turn {start}, {longest} turns went by without a zone "
                          "more filled. What was blocking the board then?", None))
    if rows:
        final = {row["player"]: row["events_drawn"] for row in game.rounds}
        who = max(final, key=lambda name: final[name])
        if final[who]:
            questions.append(("so_what", f"{who} drew {final[who]} event cards. Which of them "
                              "changed the plan, and which could have been foreseen?", None))
    return questions


#: РЕЛИЗ's part of the debrief.
DEBRIEF = GameDebrief(
    questions=_reliz,
    now_what=(
        "Which integration in our own work waits for both sides to be done, and who starts it?",
    ),
    phases={
        "Where at work do two parts only fit once both sides are done, like an integration "
        "zone?": "now_what",
    },
)
