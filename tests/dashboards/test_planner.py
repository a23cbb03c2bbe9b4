"""The planner page at widget level: opened from the launcher and back; the form follows the
game (seats, bots, options, presets); a plan shows percentiles, the share of games within the
budget, the pace and where it comes from, the progress bar and the charts."""

import sqlite3
from datetime import UTC, datetime, timedelta

from devgames import scrumkin
from devgames.core.bots import RandomBot, play_out
from devgames.dashboards.app import FacilitatorApp
from devgames.dashboards.launcher import Launcher
from devgames.dashboards.planner import PlannerPage
from devgames.sessions.store import SessionStore


def test_the_launcher_opens_the_planner_and_back_returns() -> None:
    app = FacilitatorApp(store=SessionStore(":memory:"))
    assert isinstance(app.launcher, Launcher)
    assert app.launcher.plan_button in app.launcher.children
    app.launcher.plan_button.click()
    back, page = app.body.children
    assert isinstance(page, PlannerPage) and app.planner is page
    assert back.description == "Back"
    back.click()
    assert app.body.children[-1] is app.launcher


def test_a_plan_answers_with_percentiles_the_budget_and_the_pace() -> None:
    page = PlannerPage(SessionStore(":memory:"), scheduler="in-process")
    page.teams.value, page.bots.value, page.games.value, page.minutes.value = 3, "random", 100, 40
    page.rounds.value = 9
    page.plan_now()
    plan = page.plan
    assert plan is not None and plan.games == 100 and plan.players == 3
    text = page.result.value
    done, games = plan.fits(40)
    assert f"Fits in 40 minutes in {done / games:.1%}" in text
    for p in (50, 80, 95):
        assert f"<th>P{p}</th>" in text
    low, high = plan.rounds_interval(95)
    assert f"<td>{plan.rounds_at(95)}<small>{low}-{high}</small></td>" in text
    assert "Within 9 sprints:" in text
    assert "10 s a move: the default for Scrumkin" in page.pace.value
    assert (page.progress.value, page.progress.max) == (100, 100)
    assert "100 games played" in page.status.value
    assert [trace.type for trace in page.chart.data] == ["bar", "scatter"]
    assert sum(page.chart.data[0].y) == 100
    assert page.chart_box.layout.display == "flex"


def test_the_form_follows_the_game_and_its_presets() -> None:
    page = PlannerPage(None, scheduler="in-process")
    assert page.preset is not None and page.preset.value == "standard"
    assert page.option_boxes["backlog"].value == 10
    page.preset.value = "short"
    assert page.chosen_options()["sprint_cap"] == 7
    page.games.value = 100
    page.bots.value = "random"
    page.plan_now()
    assert page.plan is not None and max(page.plan.rounds()) <= 7  # the short preset's cap
    page.game.value = "itstartup"
    assert (page.teams.min, page.teams.max, page.teams.description) == (2, 4, "Players")
    assert page.teams.value == 4
    assert "goal" in page.option_boxes and page.bots.value == "heuristic"
    assert page.rounds.description.startswith("Within rounds")
    assert page.result.value == "" and page.chart_box.layout.display == "none"


def test_a_refused_option_is_said_and_nothing_is_drawn() -> None:
    page = PlannerPage(None, scheduler="in-process")
    page.option_boxes["backlog"].value = -3  # under "More options"
    page.plan_now()
    assert page.plan is None and "backlog" in page.notice.value.lower()
    assert not page.run.disabled


def test_the_pace_comes_from_the_finished_sessions_of_the_store(tmp_path) -> None:
    with SessionStore(tmp_path / "sessions.sqlite") as store:
        game = scrumkin.new_game(["Red", "<b>Blue</b>"], seed=4)
        play_out(game, {0: RandomBot(1), 1: RandomBot(2)})
        number = store.create(game)
        start = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
        with sqlite3.connect(store.path) as db:
            db.execute("UPDATE sessions SET created_at = ?, updated_at = ? WHERE id = ?",
                       (start.isoformat(), (start + timedelta(seconds=30 * len(game.log)))
                        .isoformat(), number))
        page = PlannerPage(store, scheduler="in-process")
        assert "30 s a move: the median pace of 1 finished Scrumkin session" in page.pace.value
        page.games.value, page.bots.value = 100, "random"
        page.plan_now()
        assert page.plan is not None and page.plan.calibration.seconds_per_move == 30.0


def test_the_figures_appear_after_each_batch_and_more_games_sharpen_them() -> None:
    page = PlannerPage(SessionStore(":memory:"), scheduler="in-process")
    page.teams.value, page.bots.value, page.games.value = 4, "random", 1000
    answers: list[str] = []
    page.result.observe(lambda change: answers.append(change["new"]), "value")
    page.plan_now()
    plan = page.plan
    assert plan is not None and 100 < plan.games < 1000  # stopped once known well enough
    said = [text for text in answers if "random bots, " in text]
    assert "(random bots, 100 games)" in said[0]  # the first batch's figures, early
    assert f"(random bots, {plan.games} games)" in said[-1] and len(said) >= 2
    assert "Known well enough after" in page.result.value
    assert page.more_games.layout.display != "none" and not page.more_games.disabled
    first = plan.games
    page.more_games.click()
    assert page.plan is not None and page.plan.games == 2 * first
    assert f"{2 * first:,} games played in this process." == page.status.value
    assert sum(page.chart.data[0].y) == 2 * first
    assert (page.progress.value, page.progress.max) == (2 * first, 2 * first)
