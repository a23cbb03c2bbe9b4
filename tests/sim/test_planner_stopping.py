"""The planner stops playing games once its answer is known well enough: early on a narrow
distribution, later (or never before the most games) on a wide one; it decides on whole prefixes
of the games, so the same seed gives the same games and the same answer; the intervals it says
are the distribution-free intervals of order statistics, checked on known distributions."""

import math
from random import Random

from devgames.sim.planner import (
    FIRST_GAMES,
    Calibration,
    Plan,
    Precision,
    make_plan,
    next_stop,
    play_more,
)
from devgames.sim.stats import percentile, percentile_interval, rank_bounds

HERE = "in-process"


def binomial_between(n: int, p: float, low: int, high: int) -> float:
    """P(low <= B < high) for B ~ Binomial(n, p): the coverage of the ranks (low, high)."""
    return sum(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(low, high))


def test_the_ranks_are_the_textbook_ones_and_cover_at_least_95_percent() -> None:
    assert rank_bounds(20, 0.5) == (6, 15)  # the median of 20 values: 6th to 15th
    assert rank_bounds(100, 0.5) == (40, 61)
    for n in (72, 100, 250, 1000):
        for p in (0.5, 0.8, 0.95):
            low, high = rank_bounds(n, p)
            assert 1 <= low <= math.ceil(p * n) <= high <= n
            assert binomial_between(n, p, low, high) >= 0.95
            # and no tighter pair would do: one rank closer on either side covers too little
            assert binomial_between(n, p, low + 1, high) < 0.975 + 1e-9 or \
                binomial_between(n, p, low, high - 1) < 0.975 + 1e-9
    assert rank_bounds(71, 0.95)[1] == 72  # too few values to bound the P95 from above


def test_the_intervals_hold_the_true_percentile_95_times_in_100() -> None:
    rng = Random(7)
    trials, held = 2000, {50: 0, 80: 0, 95: 0}
    for _ in range(trials):
        values = [rng.expovariate(1.0) for _ in range(120)]  # a skewed, known distribution
        for p in held:
            truth = -math.log(1 - p / 100)  # the exponential's quantile
            low, high = percentile_interval(values, p)
            held[p] += low <= truth <= high
    for p, count in held.items():
        assert 0.94 <= count / trials <= 0.99, (p, count)


def test_a_narrow_distribution_stops_after_the_first_batch() -> None:
    plan = make_plan("release", 4, games=1000, seed=3, bots="random", cluster=HERE)
    assert plan.games == FIRST_GAMES and plan.most == 1000
    assert plan.shortfall() <= 1
    assert plan.certainty().startswith("Known well enough after 100 games (at most 1,000)")


def test_a_wide_distribution_plays_more_and_each_stop_follows_the_figures() -> None:
    plan = make_plan("scrumkin", 4, games=1000, seed=1, bots="random", cluster=HERE)
    assert FIRST_GAMES < plan.games <= 1000
    # The looks fall where the figures of the games before them say, never in between.
    looks, stop = [], FIRST_GAMES
    while True:
        looks.append(stop)
        prefix = Plan(plan.game, 4, plan.bots, {}, 1, plan.calibration, plan.outcomes[:stop],
                      precision=Precision())
        if stop == plan.games:
            break
        assert prefix.shortfall() > 1  # not known yet: go on
        stop = next_stop(stop, prefix.shortfall(), 1000)
    assert plan.games == looks[-1] and (plan.shortfall() <= 1 or plan.games == 1000)
    # Wider wanted: more games, the same first ones.
    tight = make_plan("scrumkin", 4, games=3000, seed=1, bots="random", cluster=HERE,
                      precision=Precision().scaled(0.5))
    assert tight.games > plan.games and tight.outcomes[:plan.games] == plan.outcomes


def test_when_the_most_games_are_not_enough_the_answer_says_so() -> None:
    plan = make_plan("scrumkin", 2, games=300, seed=1, bots="random", cluster=HERE)
    assert plan.games == 300 and plan.shortfall() > 1
    assert "Not known that well yet after 300 games (at most 300)" in plan.sentences()[-2]


def test_the_same_seed_gives_the_same_games_and_answer() -> None:
    one = make_plan("exploding", 4, seed=5, bots="random", cluster=HERE, minutes=15)
    two = make_plan("exploding", 4, seed=5, bots="random", cluster=HERE, minutes=15)
    assert one.games == two.games and one.outcomes == two.outcomes
    assert one.sentences(15) == two.sentences(15)
    every = make_plan("exploding", 4, games=one.games, seed=5, bots="random", cluster=HERE,
                      precision=None)
    assert every.outcomes == one.outcomes  # the games of a prefix, as if all played at once


def test_a_budget_asks_for_its_share_within_3_points() -> None:
    plan = make_plan("exploding", 4, seed=5, bots="random", cluster=HERE)
    median = plan.minutes_at(50)  # about half the games fit: the widest share there is
    budgeted = make_plan("exploding", 4, seed=5, bots="random", cluster=HERE, minutes=median)
    assert budgeted.games > plan.games
    done, games = budgeted.fits(median)
    assert budgeted.shortfall(median) <= 1 or games == 1000
    assert f"Within {median:g} minutes: {done:,} of {games:,} games" in "\n".join(
        budgeted.sentences(median))


def test_more_games_go_on_with_the_next_seeds() -> None:
    plan = make_plan("scrumkin", 3, games=1000, seed=2, bots="random", cluster=HERE)
    first = plan.games
    play_more(plan, 2 * first, HERE)
    again = make_plan("scrumkin", 3, games=2 * first, seed=2, bots="random", cluster=HERE,
                      precision=None)
    assert plan.games == 2 * first and plan.outcomes == again.outcomes
    assert plan.most == 2 * first
    assert plan.rounds_at(80) == percentile(again.rounds(), 80)


def test_the_answer_carries_each_figure_with_its_interval() -> None:
    plan = make_plan("scrumkin", 4, seed=1, bots="random", cluster=HERE,
                     calibration=Calibration("scrumkin", 10.0, 0, "default"))
    first, minutes = plan.sentences()[:2]
    low, high = plan.rounds_interval(80)
    assert f"{plan.rounds_at(80)} at P80 ({low}-{high})" in first
    low_m, high_m = plan.minutes_interval(95)
    assert f"{plan.minutes_at(95):.0f} at P95 ({low_m:.0f}-{high_m:.0f})" in minutes
