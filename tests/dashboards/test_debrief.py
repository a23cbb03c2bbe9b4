"""Debrief questions name what really happened in the session (worked out here again from the
rows), then the general prompts follow; and the winner line says who won."""

import re
from itertools import pairwise
from types import SimpleNamespace
from typing import Any

import pytest

from devgames import itstartup, scrumkin
from devgames.dashboards.debrief import debrief_questions, winner_line
from devgames.export import DEBRIEF_PROMPTS
from tests.dashboards.games import PLAYERS, TEAMS, played


@pytest.fixture(scope="module")
def sprints() -> scrumkin.ScrumkinGame:
    return played(scrumkin, TEAMS, 7)


def asked(game: Any, start: str) -> str:
    """The one question that starts with ``start``."""
    [question] = [q for q in debrief_questions(game) if q.startswith(start)]
    return question


def test_the_biggest_velocity_drop_names_its_sprint_team_and_the_cards_against_it(sprints):
    drops = []  # (fall, order in the rows, row, velocity before)
    for team in TEAMS:
        rows = [(i, row) for i, row in enumerate(sprints.rounds) if row["team"] == team]
        for (_, before), (i, row) in pairwise(rows):
            drops.append((before["velocity"] - row["velocity"], -i, row, before["velocity"]))
    fall, _, row, before = max(drops, key=lambda drop: drop[:2])
    assert fall > 0
    cards = row["cards_in_play"].split("; ")
    against = [card for card in cards if re.search(r"\(-\d+\)$", card)]
    helping = [card for card in cards if card and card not in against]
    assert against and helping, "the seeded game should have both kinds of card in play then"
    question = asked(sprints, f"Sprint {row['sprint']}: ")
    assert question.startswith(f"Sprint {row['sprint']}: {row['team']}'s velocity fell from "
                               f"{before} to {row['velocity']} while ")
    assert all(card in question for card in against)
    assert not any(card in question for card in helping)


def test_the_team_with_most_bugs_is_named(sprints):
    bugs = {team: sum(r["bugs_added"] for r in sprints.rounds if r["team"] == team)
            for team in TEAMS}
    most = max(bugs.values())
    [team] = [team for team, count in bugs.items() if count == most]
    assert asked(sprints, f"{team} got the most bugs: ").startswith(
        f"{team} got the most bugs: {most} over the game.")


def test_the_sprint_with_most_counters_is_named_with_who_countered(sprints):
    last = sprints.rounds[-1]["sprint"]
    totals = [sum(r["counters_made"] for r in sprints.rounds if r["sprint"] == sprint)
              for sprint in range(1, last + 1)]
    sprint = totals.index(max(totals)) + 1
    question = asked(sprints, f"Sprint {sprint} had the most counters: {max(totals)}, by ")
    for row in sprints.rounds:
        if row["sprint"] == sprint:
            assert (f"{row['team']} ({row['counters_made']})" in question) == (
                row["counters_made"] > 0)


def test_who_finished_first_and_when(sprints):
    assert sprints.result == "backlog_done" and len(sprints.winners) == 1
    [winner] = sprints.winners
    finished = [r["sprint"] for r in sprints.rounds
                if r["team"] == winner and not r["backlog_after"]]
    assert asked(sprints, f"{winner} finished").startswith(
        f"{winner} finished the backlog first, in sprint {finished[0]}.")


def test_the_collaborative_outcome_is_told():
    won = played(scrumkin, TEAMS, 7, rulebook="collaborative")
    lost = played(scrumkin, TEAMS, 7, rulebook="collaborative", collaborative_sprints=2)
    assert won.result == "all_backlogs_done" and lost.result == "out_of_sprints"
    assert asked(won, "Together").startswith(
        f"Together you finished every backlog in sprint {won.rounds[-1]['sprint']} of "
        f"{won.options.collaborative_sprints}.")
    still_open = sum(r["backlog_after"] for r in lost.rounds if r["sprint"] == 2)
    assert asked(lost, "After").startswith(
        f"After 2 sprints, {still_open} backlog items were still open.")
    assert winner_line(won) == "Red, Blue and Green win!"
    assert winner_line(lost).startswith("Nobody won: 2 sprints went by")


def lead_from(game: Any) -> int:
    """The first round of the winner's final run of strict leads, worked out backwards."""
    [winner] = game.winners
    points: dict[int, dict[str, int]] = {}
    for row in game.rounds:
        points.setdefault(row["round"], {})[row["player"]] = row["points"]
    assert all(len(table) == len(game.players) for table in points.values())
    start = max(points)
    while start - 1 in points and all(
            points[start - 1][winner] > p for name, p in points[start - 1].items()
            if name != winner):
        start -= 1
    return start


@pytest.mark.parametrize("seed", [11, 12])
def test_itstartup_questions_name_the_first_burnout_the_lead_and_the_best_turn(seed: int):
    game = played(itstartup, PLAYERS, seed, goal=32)
    questions = debrief_questions(game)
    burnt = next(row for row in game.employee_rows if row["left"] == "burnout")
    assert questions[0].startswith(f"{burnt['player']}'s {burnt['card']}")
    assert f"the first to burn out, in {burnt['player']}'s turn {burnt['turn']}." in questions[0]
    [winner] = game.winners
    start = lead_from(game)
    if start == min(row["round"] for row in game.rounds):
        assert questions[1].startswith(f"{winner} led from the first round to the end.")
    else:
        assert questions[1].startswith(f"{winner} took the lead for good in round {start} (")
    best = max(row["points_gained"] for row in game.rounds)
    first_best = next(row for row in game.rounds if row["points_gained"] == best)
    assert questions[2].startswith(f"The biggest single turn: {first_best['player']} gained "
                                   f"{best} points in round {first_best['round']}.")


def test_both_kinds_of_lead_are_covered():
    starts = {seed: lead_from(played(itstartup, PLAYERS, seed, goal=32)) for seed in (11, 12)}
    assert starts[11] == 1 < starts[12], "seeds 11 and 12 stopped covering both wordings"


@pytest.mark.parametrize("module", [scrumkin, itstartup])
def test_before_any_round_only_the_general_prompts(module: Any):
    game = module.new_game(PLAYERS, seed=3)
    assert debrief_questions(game) == [
        prompt for prompt in DEBRIEF_PROMPTS[game.name] if "collaborative" not in prompt]


@pytest.mark.parametrize(("module", "names"), [(scrumkin, TEAMS), (itstartup, PLAYERS)])
def test_questions_are_unique_repeatable_and_end_with_the_general_prompts(module, names):
    game = played(module, names, 4)
    questions = debrief_questions(game)
    general = [prompt for prompt in DEBRIEF_PROMPTS[game.name] if "collaborative" not in prompt]
    assert len(questions) == len(set(questions)) > len(general)
    assert questions[-len(general):] == general
    assert debrief_questions(game.session().replay()) == questions


def test_the_collaborative_prompt_only_after_a_collaborative_game():
    def asks(rulebook: str) -> bool:
        game = scrumkin.new_game(TEAMS, seed=1, rulebook=rulebook)
        return any("collaborative game" in q for q in debrief_questions(game))

    assert asks("collaborative") and not asks("competitive")


def test_winner_line_names_the_winners_as_plain_text(sprints):
    hostile = "<b>x</b>"
    both = SimpleNamespace(winners=[hostile, "Blue"], is_over=True)
    assert winner_line(sprints) == f"{sprints.winners[0]} wins!"
    assert winner_line(both) == "<b>x</b> and Blue win!"
    assert winner_line(scrumkin.new_game(TEAMS, seed=1)) == "No winner yet: the game is still on."
