"""The planner counts rounds that mean time (РЕЛИЗ's turns, not its RELEASE cards), and says how
many games a cap on their rounds stopped."""

from devgames import reliz
from devgames.core.bots import RandomBot, play_out
from devgames.sim.dask_runner import round_cap, round_noun, rounds_of
from devgames.sim.planner import Calibration, make_plan


def test_a_reliz_game_is_counted_in_turns_not_in_release_cards() -> None:
    game = reliz.new_game(["Ada", "Bob"], seed=3)
    play_out(game, {0: RandomBot(1), 1: RandomBot(2)})
    summary = game.summary()
    assert summary["turns"] > summary["releases"]
    assert rounds_of(summary) == summary["turns"]
    assert round_noun("reliz") == "turn"


def test_the_plan_says_how_many_games_the_turn_cap_stopped() -> None:
    plan = make_plan("reliz", 2, games=12, seed=5, bots="heuristic", options={"turn_cap": 20},
                     calibration=Calibration("reliz", 20.0, 0, "default"), cluster="in-process")
    stopped, games = plan.capped()
    assert plan.cap == 20 == round_cap("reliz", {"turn_cap": 20})
    assert 0 < stopped <= games == 12
    assert max(plan.rounds()) == 20
    said = [line for line in plan.sentences() if line.startswith("Stopped by the cap")]
    assert said == [said[0]] and f"{stopped} of 12 games" in said[0] and "20 turns" in said[0]


def test_a_game_without_a_cap_says_nothing_of_one() -> None:
    plan = make_plan("exploding", 3, games=5, seed=1, bots="heuristic", cluster="in-process",
                     calibration=Calibration("exploding", 12.0, 0, "default"))
    assert plan.capped() == (0, 5)
    assert not any("cap" in line for line in plan.sentences())
