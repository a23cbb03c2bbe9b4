"""Release!'s debrief questions, drawn from a session's rows: which Tools & Methods card swung
the score most, who broke suit most, who won the most iterations for the fewest points.
Imported by the dashboards only (through ``SPEC.debrief``).

>>> from devgames import release
>>> DEBRIEF.questions(release.new_game(["Ada", "Bob"], seed=1))
[]
"""

from typing import Any

from devgames.dashboards.debrief import GameDebrief, Question, names_text, top, totals


def _release(game: Any) -> list[Question]:
    """Questions from the rows of every release played."""
    rows = game.rounds
    if not rows:
        return []
    questions: list[Question] = []
    by_release: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        by_release.setdefault(row["release"], []).append(row)
    spread = {number: max(r["points"] for r in group) - min(r["points"] for r in group)
              for number, group in by_release.items()}
    swing = max(spread, key=lambda number: spread[number])
    group = by_release[swing]
    best = max(group, key=lambda r: r["points"])
    worst = min(group, key=lambda r: r["points"])
    if spread[swing] > 0:
        questions.append((
            "what", f"Release {swing} ({group[0]['method']}) swung the score most: "
            f"{best['team']} {best['points']:+d}, {worst['team']} {worst['points']:+d}. "
            "What did you see in that card, and when?",
            "When the Tools & Methods card changed, how fast did you change the way you "
            "played?"))
    teams, count = top(totals(rows, "team", "suit_breaks"))
    if teams:
        questions.append((
            "what", f"{names_text(teams)} broke suit most ({count} times). Was that bad luck "
            "in the deal, or a way out of iterations you did not want?", None))
    wins = totals(rows, "team", "iterations_won")
    points = totals(rows, "team", "rule_points")
    busy = max(wins, key=lambda team: (wins[team], -points[team]))
    if wins[busy] and points[busy] < max(points.values()):
        questions.append((
            "so_what", f"{busy} won {wins[busy]} iterations but scored {points[busy]} by the "
            "Tools & Methods cards. When is winning more work the wrong goal?",
            "When did you try to lose an iteration on purpose, and why?"))
    doubled = [row for row in rows if row["doubled"] > 1]
    if doubled:
        row = doubled[0]
        questions.append((
            "so_what", f"Release {row['release']}: {row['team']} held the doubling card and "
            f"scored {row['rule_points']:+d}. What at work multiplies whatever we already do, "
            "good or bad?", None))
    return questions


#: Release!'s part of the debrief.
DEBRIEF = GameDebrief(
    questions=_release,
    now_what=(
        "Which of our tools or methods will we change, and how will we know it rewards what we "
        "want?",
    ),
    phases={
        "Which of our own tools or methods would reward, or punish, what we do today?":
            "now_what",
    },
)
