"""РЕЛИЗ's debrief questions, drawn from a session's rows: the longest stretch without a zone
closed, who drew the most events. Imported by the dashboards only (through ``SPEC.debrief``).
The questions are drawn in the language in use.

>>> from devgames import reliz
>>> DEBRIEF.questions(reliz.new_game(["Ada", "Bob"], seed=1))
[]
"""

from typing import Any

from devgames.i18n import N_, ngettext
from devgames.reliz import SPEC
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
        questions.append(("what", ngettext(
            "From turn {start}, {turns} turn went by without a zone more filled. What was "
            "blocking the board then?",
            "From turn {start}, {turns} turns went by without a zone more filled. What was "
            "blocking the board then?", longest).format(start=start, turns=longest), None))
    if rows:
        final = {row["player"]: row["events_drawn"] for row in game.rounds}
        who = max(final, key=lambda name: final[name])
        if final[who]:
            questions.append(("so_what", ngettext(
                "{who} drew {n} event card. Which of them changed the plan, and which could have "
                "been foreseen?",
                "{who} drew {n} event cards. Which of them changed the plan, and which could "
                "have been foreseen?", final[who]).format(who=who, n=final[who]), None))
    return questions


#: The game's general prompts, marked for the catalogue in its spec.
PROMPTS = SPEC.debrief_prompts

#: РЕЛИЗ's part of the debrief.
DEBRIEF = GameDebrief(
    questions=_reliz,
    now_what=(
        N_("Which integration in our own work waits for both sides to be done, and who starts "
           "it?"),
    ),
    phases={PROMPTS[3]: "now_what"},
)
