"""``devgames bench``: engine throughput as a ratio to an anchor measured in the same run.

Random legal games of each engine in :data:`BENCH_GAMES` and random rollouts of OpenSpiel's
``python_block_dominoes`` (the anchor) run in ONE process, in alternating slices of equal wall
time, so that machine noise hits both alike. Absolute figures depend on the machine; the ratio to
the anchor is what can be compared across machines.

>>> runner = Runner("scrumkin", scrumkin_rollouts(2))
>>> runner.run_for(0.01)
>>> runner.games >= 1 and runner.actions > runner.games
True
"""

import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import count
from random import Random
from typing import Any, TextIO

#: Plays one whole game with random legal actions; returns the number of actions applied.
Rollout = Callable[[], int]
#: Builds a rollout function for a number of players.
Factory = Callable[[int], Rollout]

ANCHOR = "python_block_dominoes"
#: Scrumkin's target: games per second at 4 players, in one process.
GAMES_PER_S_TARGET = {"scrumkin": 1000.0}
#: Target ratio of an engine's actions per second to the anchor's.
RATIO_TARGET = 2.0
INSTALL_HINT = 'OpenSpiel is needed for the anchor: pip install -e ".[bench]"'


def scrumkin_rollouts(players: int) -> Rollout:
    """Random legal Scrumkin games, a new seed for each game (the lean loop a simulation uses).

    >>> play = scrumkin_rollouts(4)
    >>> play() > 0
    True
    """
    from devgames import scrumkin

    names = [f"P{i + 1}" for i in range(players)]
    rng = Random(0)
    seeds = count()

    def play() -> int:
        game = scrumkin.new_game(names, seed=next(seeds))
        applied = 0
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            applied += 1
        return applied

    return play


def itstartup_rollouts(players: int) -> Rollout:
    """Random legal IT Startup games to the standard goal (64 points), a new seed for each game.

    >>> play = itstartup_rollouts(3)
    >>> play() > 0
    True
    """
    from devgames import itstartup

    names = [f"P{i + 1}" for i in range(players)]
    rng = Random(0)
    seeds = count()

    def play() -> int:
        game = itstartup.new_game(names, seed=next(seeds), goal=64)
        applied = 0
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            applied += 1
        return applied

    return play


#: The engines measured against the anchor: (name, factory). Add a game by adding an entry.
BENCH_GAMES: list[tuple[str, Factory]] = [
    ("scrumkin", scrumkin_rollouts),
    ("itstartup", itstartup_rollouts),
]
#: Players each engine's games can have; ``--players`` is brought within these bounds.
PLAYER_RANGE = {"scrumkin": (2, 8), "itstartup": (2, 4)}


def seats_for(name: str, players: int) -> int:
    """The number of players for an engine's games: ``players`` within the game's bounds.

    >>> seats_for("itstartup", 6), seats_for("scrumkin", 6), seats_for("itstartup", 3)
    (4, 6, 3)
    """
    low, high = PLAYER_RANGE.get(name, (players, players))
    return min(max(players, low), high)


def anchor_rollouts() -> Rollout:
    """Random rollouts of OpenSpiel's ``python_block_dominoes``; chance outcomes are drawn by
    their probabilities and count as actions. Raises ImportError when OpenSpiel is missing."""
    import pyspiel
    from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)

    game = pyspiel.load_game(ANCHOR)
    rng = Random(0)

    def play() -> int:
        state = game.new_initial_state()
        applied = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, weights=probabilities)[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            applied += 1
        return applied

    return play


@dataclass
class Runner:
    """Plays whole games with one rollout function and adds up actions, games and time."""

    name: str
    rollout: Rollout
    players: int | None = None
    actions: int = 0
    games: int = 0
    seconds: float = 0.0

    def run_for(self, budget: float) -> None:
        """Play whole games until ``budget`` seconds have passed (the last game is finished)."""
        start = time.perf_counter()
        deadline = start + budget
        while True:
            self.actions += self.rollout()
            self.games += 1
            now = time.perf_counter()
            if now >= deadline:
                break
        self.seconds += now - start

    def figures(self) -> dict[str, Any]:
        """Actions and games per second, with the raw counts."""
        seconds = max(self.seconds, 1e-9)
        players = {} if self.players is None else {"players": self.players}
        return {
            "name": self.name,
            **players,
            "actions_per_s": round(self.actions / seconds, 1),
            "games_per_s": round(self.games / seconds, 2),
            "actions": self.actions,
            "games": self.games,
            "seconds": round(self.seconds, 3),
        }


def run_bench(seconds: float = 5.0, players: int = 4, slices: int = 10) -> dict[str, Any]:
    """Measure every engine and the anchor for ``seconds`` each, in alternating slices.

    Returns the figures as plain data; ``ratio_to_anchor`` is engine actions/s over anchor
    actions/s; each engine plays ``players`` players, within its game's bounds (its own
    ``players`` figure). Raises ImportError when OpenSpiel is missing.
    """
    engines = [
        Runner(name, factory(seats_for(name, players)), seats_for(name, players))
        for name, factory in BENCH_GAMES
    ]
    anchor = Runner(ANCHOR, anchor_rollouts())
    runners = [*engines, anchor]
    for runner in runners:  # warm up (imports, caches), not counted
        runner.rollout()
    budget = seconds / slices
    for index in range(slices):
        order = runners if index % 2 == 0 else runners[::-1]
        for runner in order:
            runner.run_for(budget)
    anchor_rate = anchor.actions / max(anchor.seconds, 1e-9)
    results = []
    for engine in engines:
        figures = engine.figures()
        rate = engine.actions / max(engine.seconds, 1e-9)
        figures["ratio_to_anchor"] = round(rate / anchor_rate, 3)
        target = GAMES_PER_S_TARGET.get(engine.name)
        if target is not None:
            figures["games_per_s_target"] = target
            figures["share_of_games_target"] = round(figures["games_per_s"] / target, 3)
        figures["ratio_target"] = RATIO_TARGET
        figures["share_of_ratio_target"] = round(figures["ratio_to_anchor"] / RATIO_TARGET, 3)
        results.append(figures)
    return {
        "seconds_each": seconds,
        "slices": slices,
        "players": players,
        "python": sys.version.split()[0],
        "anchor": anchor.figures(),
        "engines": results,
    }


def report(figures: dict[str, Any]) -> str:
    """The figures as a short text report.

    >>> print(report({"seconds_each": 1, "slices": 10, "players": 4, "python": "3.11",
    ...     "anchor": {"name": "dominoes", "actions_per_s": 50000.0, "games_per_s": 2000.0},
    ...     "engines": [{"name": "scrumkin", "actions_per_s": 100000.0, "games_per_s": 990.0,
    ...     "ratio_to_anchor": 2.0, "games_per_s_target": 1000.0, "share_of_games_target": 0.99,
    ...     "ratio_target": 2.0, "share_of_ratio_target": 1.0}]}))
    devgames bench: 1 s each, in 10 alternating slices, one process, Python 3.11
    <BLANKLINE>
    engine                         players     actions/s     games/s
    scrumkin                             4       100,000       990.0
    dominoes (anchor)                    -        50,000     2,000.0
    <BLANKLINE>
    scrumkin / anchor (actions/s): 2.00x  (target 2x: 100% of target, met)
    scrumkin games/s at 4 players: 990.0  (target 1,000: 99% of target, not met)
    """
    lines = [
        f"devgames bench: {figures['seconds_each']:g} s each, in {figures['slices']} alternating "
        f"slices, one process, Python {figures['python']}",
        "",
        f"{'engine':<30} {'players':>7} {'actions/s':>13} {'games/s':>11}",
    ]
    anchor = figures["anchor"]
    for engine in figures["engines"]:
        lines.append(_row(engine["name"], str(engine.get("players", figures["players"])), engine))
    lines.append(_row(f"{anchor['name']} (anchor)", "-", anchor))
    lines.append("")
    for engine in figures["engines"]:
        name, share = engine["name"], engine["share_of_ratio_target"]
        lines.append(
            f"{name} / anchor (actions/s): {engine['ratio_to_anchor']:.2f}x  "
            f"(target {engine['ratio_target']:g}x: {share:.0%} of target, {_met(share)})"
        )
        if "games_per_s_target" in engine:
            share = engine["share_of_games_target"]
            seats = engine.get("players", figures["players"])
            lines.append(
                f"{name} games/s at {seats} players: {engine['games_per_s']:,.1f}  "
                f"(target {engine['games_per_s_target']:,.0f}: {share:.0%} of target, "
                f"{_met(share)})"
            )
    return "\n".join(lines)


def _row(name: str, players: str, figures: dict[str, Any]) -> str:
    return (
        f"{name:<30} {players:>7} {figures['actions_per_s']:>13,.0f} "
        f"{figures['games_per_s']:>11,.1f}"
    )


def _met(share: float) -> str:
    return "met" if share >= 1 else "not met"


def command(seconds: float, players: int, as_json: bool, out: TextIO | None = None,
            slices: int = 10) -> int:
    """Run the bench and print the figures (text or JSON); 2 when OpenSpiel is missing."""
    out = out if out is not None else sys.stdout
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    figures = run_bench(seconds, players, slices)
    if as_json:
        print(json.dumps(figures, indent=2), file=out)
    else:
        print(report(figures), file=out)
    return 0
