"""The planner's pace comes from the real sessions of the store: finished sessions of the game,
their time from creation to last move over their moves; bot-only, unfinished, too short and
left-open sessions do not count; without any, the game's documented default."""

import sqlite3
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import cast

import pytest

from devgames import exploding, reliz, scrumkin
from devgames.core.bots import RandomBot, play_out
from devgames.core.game import Game
from devgames.sessions.store import SessionStore
from devgames.sessions.table import seats_meta
from devgames.sim.planner import (
    DEFAULT_SECONDS_PER_MOVE,
    MAX_SECONDS_PER_MOVE,
    Calibration,
    calibrate,
    make_plan,
    session_pace,
)
from devgames.sim.runner import game_seed, make_bot, player_names
from devgames.sim.stats import percentile, wilson

START = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)


def finished(module: object, seed: int, humans: bool = True) -> Game:
    game = module.new_game(["Red", "Blue", "Green"], seed=seed)  # type: ignore[attr-defined]
    play_out(game, {seat: RandomBot(seed + seat) for seat in range(3)})
    bots = {} if humans else {seat: "random" for seat in range(3)}
    game.meta["seats"] = seats_meta(game, bots, hidden_hands=False)
    return game


def save(store: SessionStore, game: Game, seconds_per_move: float | None) -> int:
    """Save a game as the app does, then date its creation and last move as the store writes
    them (ISO text in UTC), ``seconds_per_move`` apart on average."""
    number = store.create(game)
    if seconds_per_move is not None:
        last = START + timedelta(seconds=seconds_per_move * len(game.log))
        with sqlite3.connect(store.path) as db:
            db.execute("UPDATE sessions SET created_at = ?, updated_at = ? WHERE id = ?",
                       (START.isoformat(timespec="microseconds"),
                        last.isoformat(timespec="microseconds"), number))
    return number


def save_timed(store: SessionStore, game: Game, gaps: list[float]) -> int:
    """Save a game whose moves were saved ``gaps`` seconds apart (the first gap from its start),
    as a store of schema version 3 times them."""
    number = save(store, game, None)
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE sessions SET created_at = ? WHERE id = ?",
                   (START.isoformat(timespec="microseconds"), number))
        at = START
        for move, gap in enumerate(gaps, 1):
            at += timedelta(seconds=gap)
            db.execute("UPDATE actions SET saved_at = ? WHERE session_id = ? AND number = ?",
                       (at.isoformat(timespec="microseconds"), number, move))
    return number


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SessionStore]:
    with SessionStore(tmp_path / "sessions.sqlite") as opened:
        yield opened


def test_the_pace_is_the_median_of_the_finished_sessions(store: SessionStore) -> None:
    for seed, seconds in ((1, 10.0), (2, 30.0), (3, 20.0), (4, 50.0)):
        save(store, finished(scrumkin, seed), seconds)
    unfinished = scrumkin.new_game(["Red", "Blue"], seed=9)
    for _ in range(20):
        unfinished.apply(unfinished.legal_actions()[0])
    save(store, unfinished, 300.0)  # not over: does not count
    save(store, finished(scrumkin, 5, humans=False), 1.0)  # bots alone: not a room's pace
    save(store, finished(scrumkin, 6), MAX_SECONDS_PER_MOVE * 3)  # left open overnight
    save(store, finished(exploding, 7), 5.0)  # another game

    pace = calibrate("scrumkin", store)
    assert (pace.sessions, pace.seconds_per_move, pace.source) == (4, 25.0, "store")
    assert (pace.low, pace.high) == (10.0, 30.0)
    assert "median pace of 4 finished Scrumkin sessions" in pace.sentence()
    assert calibrate("exploding", store).seconds_per_move == 5.0


def test_the_plan_times_every_game_at_the_measured_pace(store: SessionStore) -> None:
    save(store, finished(scrumkin, 1), 18.0)
    plan = make_plan("scrumkin", 3, 40, seed=2, bots="random", store=store,
                     cluster="in-process")
    assert plan.calibration.seconds_per_move == 18.0
    moves = [outcome[1] for outcome in plan.outcomes]
    assert plan.minutes() == [count * 18.0 / 60 for count in moves]
    assert plan.minutes_at(80) == percentile([count * 18.0 / 60 for count in moves], 80)
    budget = plan.minutes_at(50)
    done, games = plan.fits(budget)
    assert games == 40 and done == sum(count * 18.0 / 60 <= budget for count in moves) >= 20
    low, high = wilson(done, games)
    assert f"({low * 100:.1f}-{high:.1%})" in plan.sentences(minutes=budget)[2]


def test_with_no_finished_session_the_default_pace_is_said(store: SessionStore) -> None:
    save(store, finished(scrumkin, 1, humans=False), 4.0)
    pace = calibrate("scrumkin", store)
    assert (pace.sessions, pace.seconds_per_move) == (0, DEFAULT_SECONDS_PER_MOVE["scrumkin"])
    assert "the default for Scrumkin" in pace.sentence()
    assert calibrate("scrumkin", None) == pace


def test_more_teams_play_more_sprints_and_moves_than_fewer() -> None:
    two = make_plan("scrumkin", 2, 60, seed=1, bots="random", cluster="in-process")
    six = make_plan("scrumkin", 6, 60, seed=1, bots="random", cluster="in-process")
    assert six.minutes_at(50) > two.minutes_at(50)
    assert six.table().columns.tolist() == ["percentile", "sprints", "minutes"]


def test_the_pace_of_timed_moves_leaves_breaks_out(store: SessionStore) -> None:
    game = finished(scrumkin, 1)
    moves = len(game.log)
    # 15 s a move, but a coffee break of an hour in the middle and a night before the end.
    gaps = [15.0] * moves
    gaps[moves // 2] = 3600.0
    gaps[-1] = 14 * 3600.0
    save_timed(store, game, gaps)
    pace = calibrate("scrumkin", store)
    assert (pace.sessions, pace.seconds_per_move) == (1, 15.0)
    # Untimed (an older store), the same session's span over its moves is far too slow to count.
    assert session_pace(store.list("scrumkin")[0]) is None


def test_moves_saved_by_the_app_are_timed_in_order(store: SessionStore) -> None:
    number = store.create(scrumkin.new_game(["Red", "Blue"], seed=3))
    game, revision = store.checkout(number)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
        revision = store.sync(number, game, expected=revision)
    created, times = store.move_times(number)
    assert len(times) == 3 and None not in times
    stamps = cast(list[datetime], times)  # none is None, as just asserted
    assert created <= stamps[0] <= stamps[1] <= stamps[2]


COOPERATION = {"scenario": "cooperation"}


def rounds_from_the_log(game: Game) -> tuple[int, ...]:
    """The busiest team's moves in each round of ``game``, counted by replaying its log: each
    move of a team still playing its turn counts for that team in the round being played."""
    replay = cast(reliz.RelizGame, game.session().new_game())
    counts: dict[int, Counter[int]] = {}
    for action in game.log:
        if action.player in replay.playing:
            counts.setdefault(replay.round_no, Counter())[action.player] += 1
        replay.apply(action)
    return tuple(max(seats.values()) for _, seats in sorted(counts.items()))


def test_the_round_timer_caps_each_round_the_teams_play_together() -> None:
    pace = Calibration("reliz", 20.0, 0, "default")
    timed = make_plan("reliz", 3, 30, seed=4, options=COOPERATION, calibration=pace,
                      cluster="in-process", precision=None)
    untimed = make_plan("reliz", 3, 30, seed=4, options={**COOPERATION, "round_timer": 0},
                        calibration=pace, cluster="in-process", precision=None)
    assert timed.outcomes == untimed.outcomes  # the timer does not change how the bots play
    assert untimed.minutes() == [outcome[1] * 20.0 / 60 for outcome in untimed.outcomes]
    # A round lasts its busiest team's moves at 20 s a move, but at most the timer's 2 minutes.
    over = [sum(max(0.0, count * 20.0 - 120) for count in rounds) / 60
            for rounds in timed.busiest]
    assert timed.minutes() == pytest.approx(
        [length - cut for length, cut in zip(untimed.minutes(), over, strict=True)])
    assert sum(cut > 0 for cut in over) >= 10 and timed.minutes_at(50) < untimed.minutes_at(50)
    # The rounds are the game's own: game 0 played again, its rounds counted from its log.
    first = reliz.new_game(player_names(3), seed=game_seed(4, 0), **COOPERATION)
    play_out(first, {seat: make_bot(reliz, "heuristic", game_seed(first.seed, seat))
                     for seat in range(3)})
    assert timed.busiest[0] == rounds_from_the_log(first)
    assert sum(timed.busiest[0]) <= timed.outcomes[0][1] == first.waited_moves
    cut, rounds = timed.timer_cuts()
    assert 0 < cut < rounds == 30 * 40  # Cooperation's 40 rounds in every game
    said = [line for line in timed.sentences() if "round timer" in line]
    assert said == [f"The 2-minute round timer cut {cut:,} of {rounds:,} rounds "
                    f"({cut / rounds:.0%}) short at this pace: those last 2 minutes."]
    assert not any("timer" in line for line in untimed.sentences())


def test_a_session_played_together_is_paced_by_the_moves_the_room_waited_for(
        store: SessionStore) -> None:
    game = reliz.new_game(["Red", "Blue", "Green"], seed=2, scenario="cooperation")
    play_out(game, {seat: make_bot(reliz, "heuristic", seat) for seat in range(3)})
    game.meta["seats"] = seats_meta(game, {}, hidden_hands=False)
    moves = len(game.log)
    # A move saved every 10 s (the three teams' moves interleaved), and a lunch break.
    gaps = [10.0] * moves
    gaps[moves // 2] = 3600.0
    save_timed(store, game, gaps)
    assert moves > 2 * game.waited_moves
    pace = calibrate("reliz", store)
    # The playing time (the break left out) over the moves the room waited for.
    assert (pace.sessions, pace.seconds_per_move) == (
        1, round(10.0 * (moves - 1) / game.waited_moves, 2))
    # The same moves made one team after another are paced by their gaps.
    alone = reliz.new_game(["Red", "Blue", "Green"], seed=2, scenario="cooperation",
                           team_turns="in_turn")
    play_out(alone, {seat: make_bot(reliz, "heuristic", seat) for seat in range(3)})
    alone.meta["seats"] = seats_meta(alone, {}, hidden_hands=False)
    store.delete(store.list("reliz")[0].id)
    save_timed(store, alone, [10.0] * len(alone.log))
    assert calibrate("reliz", store).seconds_per_move == 10.0
