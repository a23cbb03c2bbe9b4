"""Debrief questions name what really happened in the session (worked out here again from the
rows), then the general prompts follow; and the winner line says who won."""

import re
from itertools import pairwise
from types import SimpleNamespace
from typing import Any

import pytest

from devgames import exploding, itstartup, scrumkin
from devgames.core.actions import given
from devgames.core.meanings import meaning_of
from devgames.export import DEBRIEF_PROMPTS
from devgames.screens.debrief import (
    GAME_NOW_WHAT,
    NOW_WHAT,
    PHASES,
    debrief_phases,
    debrief_questions,
    winner_line,
)
from devgames.scrumkin.debrief import most_bugs, velocity_drop
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
    question = asked(sprints, f"Sprint {row['sprint']}: {row['team']}'s velocity fell")
    assert question.startswith(f"Sprint {row['sprint']}: {row['team']}'s velocity fell from "
                               f"{before} to {row['velocity']} while ")
    assert all(card in question for card in against)
    assert not any(card in question for card in helping)
    for card in against:  # each named for its kind: a shortcut came due, harm was in play
        kind = meaning_of("scrumkin", card.rsplit(" (", 1)[0]).kind
        if kind == "shortcut":
            assert f"shortcut {card}" in question or "shortcuts " in question


def test_an_investment_is_not_blamed_for_a_drop():
    rows = [{"sprint": 1, "team": "Red", "velocity": 3, "cards_in_play": ""},
            {"sprint": 2, "team": "Red", "velocity": 0,
             "cards_in_play": "Architecture Change (-3); Daily Standup (+2); Flu (-1)"}]
    question = velocity_drop(rows)
    assert "while Flu (-1) was in play" in question
    assert "the investment Architecture Change (-3) was still costing" in question
    only = velocity_drop([rows[0], {**rows[1], "cards_in_play": "Architecture Change (-3)"}])
    assert "What happened?" not in only and "pay back" in only


def test_the_team_with_most_bugs_is_named(sprints):
    bugs = {team: sum(r["bugs_added"] for r in sprints.rounds if r["team"] == team)
            for team in TEAMS}
    most = max(bugs.values())
    [team] = [team for team, count in bugs.items() if count == most]
    question = asked(sprints, f"{team} got the most bugs: ")
    assert question.startswith(f"{team} got the most bugs: {most} over the game")
    # In the competitive game bugs only come with the action card the sprint leader draws: the
    # question does not ask what would have kept them out.
    leaders = sum(event.data["bugs"] for event in sprints.events if event.kind == "action_card"
                  and sprints.players[event.player] == team)
    assert leaders == most
    assert "kept" not in question and "action cards drawn as sprint leader" in question


def test_bugs_from_a_low_velocity_are_asked_about():
    rows = [{"team": "Red", "bugs_added": 5}]
    assert "What would have kept those out?" in most_bugs(rows, {"Red": 2})
    assert "kept" not in most_bugs(rows, {"Red": 5})


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
    phases = debrief_phases(game)
    questions = debrief_questions(game)
    burnt = next(row for row in game.employee_rows if row["left"] == "burnout")
    assert questions[0].startswith(f"{burnt['player']}'s {burnt['card']}")
    assert f"the first to burn out, in {burnt['player']}'s turn {burnt['turn']}." in questions[0]
    assert "Who burnt out first, and what was asked of them just before?" not in questions
    [winner] = game.winners
    start = lead_from(game)
    lead = next(q for q in phases["so_what"] if q.startswith(winner))
    if start == min(row["round"] for row in game.rounds):
        assert lead.startswith(f"{winner} led from the first round to the end.")
    else:
        assert lead.startswith(f"{winner} took the lead for good in round {start} (")
    best = max(row["points_gained"] for row in game.rounds)
    first_best = next(row for row in game.rounds if row["points_gained"] == best)
    assert phases["what"][1].startswith(f"The biggest single turn: {first_best['player']} "
                                        f"gained {best} points in round {first_best['round']}.")


def test_both_kinds_of_lead_are_covered():
    starts = {seed: lead_from(played(itstartup, PLAYERS, seed, goal=32)) for seed in (11, 12)}
    assert starts[11] == 1 < starts[12], "seeds 11 and 12 stopped covering both wordings"


@pytest.mark.parametrize("module", [scrumkin, itstartup, exploding])
def test_before_any_round_only_the_general_prompts_and_our_own(module: Any):
    game = module.new_game(PLAYERS, seed=3)
    general = [prompt for prompt in DEBRIEF_PROMPTS[game.name] if "collaborative" not in prompt]
    own = [*GAME_NOW_WHAT[game.name], *NOW_WHAT]
    questions = debrief_questions(game)
    assert sorted(questions) == sorted(general + own)
    assert questions[-len(NOW_WHAT):] == list(NOW_WHAT)


@pytest.mark.parametrize(("module", "names"), [(scrumkin, TEAMS), (itstartup, PLAYERS),
                                               (exploding, PLAYERS)])
def test_questions_are_unique_repeatable_and_in_three_phases(module, names):
    game = played(module, names, 4)
    phases = debrief_phases(game)
    questions = debrief_questions(game)
    assert list(phases) == list(PHASES) and all(phases[phase] for phase in PHASES)
    assert questions == [q for phase in PHASES for q in phases[phase]]
    assert len(questions) == len(set(questions))
    assert debrief_questions(game.session().replay()) == questions
    general = [prompt for prompt in DEBRIEF_PROMPTS[game.name] if "collaborative" not in prompt]
    assert set(general) - set(questions), "a question drawn from the data replaces a prompt"


def test_the_general_velocity_prompt_gives_way_to_the_data_question(sprints):
    questions = debrief_questions(sprints)
    assert any("'s velocity fell from" in q for q in questions)
    assert "When did your velocity drop, and what was in play then?" not in questions
    assert "When did your velocity drop, and what was in play then?" in debrief_questions(
        scrumkin.new_game(TEAMS, seed=1))


def test_who_dealt_what_to_whom_is_asked(sprints: scrumkin.ScrumkinGame) -> None:
    harm: dict[str, int] = {}
    for action in sprints.log:
        if action.kind == "play" and action.target != action.player:
            name = scrumkin.CARDS[given(action.card)].name
            if given(meaning_of("scrumkin", name)).kind == "harm":
                team = sprints.players[given(action.target)]
                harm[team] = harm.get(team, 0) + 1
    most = max(harm.values())
    [team] = [team for team, n in harm.items() if n == most]
    assert asked(sprints, f"{team} got the most harmful cards from other teams: {most} (")


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
