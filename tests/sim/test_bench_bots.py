"""`devgames bench` measures the bots: heuristic against random, in whole games and per choice
(the figures are checked for sense; speed itself is not asserted)."""

import io
import json
import re

import pytest

from devgames import game_module
from devgames.sim.bench import (
    BOT_COST_TARGET,
    BOT_POSITIONS,
    bot_bench,
    bot_games,
    bot_positions,
    command,
)
from devgames.sim.runner import PREFERRED_BOT, make_bot


def test_every_game_with_a_heuristic_bot_is_measured() -> None:
    assert [name for name, _ in bot_games()] == [
        "scrumkin", "itstartup", "exploding", "release", "reliz"]


@pytest.mark.parametrize("name", ["release", "exploding", "scrumkin"])
def test_the_bots_are_timed_on_the_same_positions_which_choosing_leaves_as_they_were(
        name: str) -> None:
    positions = bot_positions(name, 4, at_least=40)
    before = [position.snapshot() for position in positions]
    bot = make_bot(game_module(name), PREFERRED_BOT, 1)
    for position in positions:
        assert bot.choose(position) in position.legal_actions()
    assert [position.snapshot() for position in positions] == before


def test_the_figures_of_one_game_are_sane() -> None:
    figures = bot_bench("release", 4, seconds=0.2, slices=2)
    assert figures["name"] == "release" and figures["players"] == 4
    assert figures["positions"] >= BOT_POSITIONS
    assert figures["heuristic_decisions_per_s"] > 0 and figures["random_decisions_per_s"] > 0
    assert figures["heuristic_games_per_s"] > 0 and figures["random_games_per_s"] > 0
    assert figures["choice_cost_ratio"] == pytest.approx(
        figures["heuristic_choice_us"] / figures["random_choice_us"], rel=0.02)
    # The target is on whole games: random decisions/s over heuristic decisions/s.
    assert figures["decision_cost_ratio"] == pytest.approx(
        figures["random_decisions_per_s"] / figures["heuristic_decisions_per_s"], rel=0.02)
    assert figures["decision_cost_target"] == BOT_COST_TARGET
    assert figures["decision_cost_met"] == (figures["decision_cost_ratio"] <= BOT_COST_TARGET)
    assert "choice_cost_target" not in figures


def test_the_bench_reports_the_bots_in_text_and_json() -> None:
    pytest.importorskip("pyspiel")
    out = io.StringIO()
    assert command(0.4, 4, as_json=True, out=out, slices=2) == 0
    figures = json.loads(out.getvalue())
    assert figures["seconds_each"] == 0.4  # the time asked for, not the last engine's
    assert [bot["name"] for bot in figures["bots"]] == [name for name, _ in bot_games()]
    assert all(bot["players"] == 4 for bot in figures["bots"][:1])

    out = io.StringIO()
    assert command(0.2, 4, as_json=False, out=out, slices=2) == 0
    text = out.getvalue()
    for name, _ in bot_games():
        assert re.search(rf"^{name}\s+\d+\s+[\d,]+\s+[\d,]+\s+[\d,.]+\s+[\d,.]+$", text,
                         re.MULTILINE)
        assert re.search(rf"^{name} random decisions/s / heuristic decisions/s: \d+\.\d\dx  "
                         r"\(target at most 2x, (met|not met)\)$", text, re.MULTILINE)
        assert re.search(rf"^{name} heuristic choice / random choice: \d+\.\d\dx  "
                         r"\(the choice alone, on \d+ positions\)$", text, re.MULTILINE)
