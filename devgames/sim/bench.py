"""``devgames bench``: engine throughput as a ratio to an anchor measured in the same run.

Random legal games of each engine of :func:`bench_games` and random rollouts of OpenSpiel's
``python_block_dominoes`` (the anchor) run in ONE process, in alternating slices of equal wall
time, so that machine noise hits both alike. Absolute figures depend on the machine; the ratio to
the anchor is what can be compared across machines.

The bots of each game with a heuristic bot are measured too (:func:`bot_bench`), the planner's
way: whole games with that bot in every seat against whole games of random bots, and the cost of
one choice of each bot on the same positions, alternating in the same run.

>>> runner = Runner("scrumkin", engine_rollouts("scrumkin")(2))
>>> runner.run_for(0.01)
>>> runner.games >= 1 and runner.actions > runner.games
True
"""

import copy
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import count
from random import Random
from typing import Any, TextIO

from devgames import SpecTable, game_module, game_specs
from devgames.core.actions import CHANCE
from devgames.core.bots import Bot, RandomBot, play_out
from devgames.core.game import Game
from devgames.sim.dask_runner import make_job, play_chunk
from devgames.sim.runner import PREFERRED_BOT, game_seed, make_bot, player_names

#: Plays one whole game with random legal actions; returns the actions applied (decisions) and
#: the chance outcomes resolved on the way (OpenSpiel counts both as actions).
Rollout = Callable[[], tuple[int, int]]
#: Builds a rollout function for a number of players.
Factory = Callable[[int], Rollout]

ANCHOR = "python_block_dominoes"
#: Each game's target, if any (from its spec): games per second at 4 players, in one process.
GAMES_PER_S_TARGET: SpecTable[float | None] = SpecTable(lambda spec: spec.games_per_s_target)
#: Target ratio of an engine's actions per second to the anchor's.
RATIO_TARGET = 2.0
#: Target ratio of an engine's decisions per second to the anchor's decisions per second.
DECISIONS_TARGET = 5.0
INSTALL_HINT = 'OpenSpiel is needed for the anchor: pip install -e ".[bench]"'


def engine_rollouts(name: str, **options: Any) -> Factory:
    """A factory of random legal games of the game ``name`` with these options, a new seed for
    each game (the lean loop a simulation uses). A rollout returns the actions applied and the
    chance outcomes (cards drawn, dice, coins) the engine resolved itself.

    >>> play = engine_rollouts("scrumkin")(4)
    >>> decisions, chance = play()
    >>> decisions > 0 and chance > 0
    True
    """

    def factory(players: int) -> Rollout:
        module = game_module(name)
        names = [f"P{i + 1}" for i in range(players)]
        rng = Random(0)
        seeds = count()

        def play() -> tuple[int, int]:
            game = module.new_game(names, seed=next(seeds), **options)
            applied = 0
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
                applied += 1
            return applied, game.chance_steps

        return play

    return factory


def bench_games() -> list[tuple[str, Factory]]:
    """The engines measured against the anchor: (name, factory), every registered game whose
    spec gives ``bench`` options (None leaves a game out).

    >>> [name for name, _ in bench_games()][:3]
    ['scrumkin', 'itstartup', 'exploding']
    """
    return [(spec.name, engine_rollouts(spec.name, **spec.bench))
            for spec in game_specs() if spec.bench is not None]


#: Players each engine's games can have (from its spec); ``--players`` is brought within these.
PLAYER_RANGE: SpecTable[tuple[int, int]] = SpecTable(
    lambda spec: (spec.min_players, spec.max_players))


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

    def play() -> tuple[int, int]:
        state = game.new_initial_state()
        decisions = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, weights=probabilities)[0]
                chance += 1
            else:
                action = rng.choice(state.legal_actions())
                decisions += 1
            state.apply_action(action)
        return decisions, chance

    return play


@dataclass
class Runner:
    """Plays whole games with one rollout function and adds up actions, games and time."""

    name: str
    rollout: Rollout
    players: int | None = None
    actions: int = 0  # decisions and chance outcomes, as OpenSpiel counts actions
    decisions: int = 0
    games: int = 0
    seconds: float = 0.0

    def run_for(self, budget: float) -> None:
        """Play whole games until ``budget`` seconds have passed (the last game is finished)."""
        start = time.perf_counter()
        deadline = start + budget
        while True:
            decisions, chance = self.rollout()
            self.decisions += decisions
            self.actions += decisions + chance
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
            "decisions_per_s": round(self.decisions / seconds, 1),
            "games_per_s": round(self.games / seconds, 2),
            "actions": self.actions,
            "decisions": self.decisions,
            "games": self.games,
            "seconds": round(self.seconds, 3),
        }


#: Target of the heuristic bots: a decision (the bot's choice and the move applied, as the
#: planner plays) costs at most this many random decisions, in whole games.
BOT_COST_TARGET = 2.0
#: Positions (seats to decide) the bots' choices are timed on, at least, per game.
BOT_POSITIONS = 200


def bot_rollouts(name: str, kind: str, players: int, **options: Any) -> Rollout:
    """Whole games of ``name`` with a ``kind`` bot in every seat, played as the planner plays
    them (:func:`devgames.sim.dask_runner.play_chunk`), a new game for each call. A rollout
    returns the actions applied and 0 (the planner's games do not count chance outcomes).

    >>> play = bot_rollouts("scrumkin", "heuristic", 2)
    >>> decisions, _ = play()
    >>> decisions > 0
    True
    """
    job = make_job(name, 1, players, seed=0, bots=kind, options=options, cards=False)
    games = count()

    def play() -> tuple[int, int]:
        index = next(games)
        [(_rounds, actions, _winners)] = play_chunk(job, index, index + 1).outcomes
        return actions, 0

    return play


def bot_positions(name: str, players: int, at_least: int = BOT_POSITIONS,
                  **options: Any) -> list[Game]:
    """Copies of the positions a seat decides in, met in whole games of heuristic bots (as many
    whole games as give ``at_least`` positions), to time the bots' choices on.

    >>> positions = bot_positions("scrumkin", 2, at_least=5)
    >>> len(positions) >= 5, all(p.current_player not in (None, CHANCE) for p in positions)
    (True, True)
    """
    module = game_module(name)
    positions: list[Game] = []
    # The tables an engine shares between its games (the same object in two new games, so never
    # changed by one) are shared by the copies too: copying them would take most of the time.
    one, two = (vars(module.new_game(player_names(players), seed=seed, **options))
                for seed in (1, 2))
    shared = {id(value): value for key, value in one.items() if two.get(key) is value}

    def keep(game: Game, _action: object = None) -> None:
        if not game.is_over and game.current_player not in (None, CHANCE):
            positions.append(copy.deepcopy(game, dict(shared)))

    for seed in count():
        game = module.new_game(player_names(players), seed=seed, **options)
        game.record = False  # as the planner plays
        bots = {seat: make_bot(module, PREFERRED_BOT, game_seed(seed, seat))
                for seat in range(players)}
        keep(game)
        play_out(game, bots, on_action=keep)
        if len(positions) >= at_least:
            return positions
    raise AssertionError("unreachable")  # pragma: no cover - count() never ends


@dataclass
class Chooser:
    """Times one bot's choices over the same positions, pass after pass."""

    bot: Bot[Any]
    positions: Sequence[Game]
    choices: int = 0
    seconds: float = 0.0

    def run_for(self, budget: float) -> None:
        """Choose on every position, pass after pass, until ``budget`` seconds have passed."""
        choose, positions = self.bot.choose, self.positions
        start = time.perf_counter()
        deadline = start + budget
        while True:
            for position in positions:
                choose(position)
            self.choices += len(positions)
            now = time.perf_counter()
            if now >= deadline:
                break
        self.seconds += now - start

    @property
    def micros(self) -> float:
        """Microseconds per choice."""
        return self.seconds / max(self.choices, 1) * 1e6


def bot_bench(name: str, players: int, seconds: float = 1.0, slices: int = 10,
              **options: Any) -> dict[str, Any]:
    """The heuristic bot of ``name`` against the random bot, ``seconds`` for each of four
    figures, alternating in ``slices``: decisions per second of whole games with that bot in
    every seat (the planner's loop), and microseconds per choice on the same positions met in
    heuristic games. ``decision_cost_ratio`` (random decisions/s over heuristic decisions/s in
    whole games) is the figure with a target: at most :data:`BOT_COST_TARGET`;
    ``choice_cost_ratio`` (one choice, heuristic over random) tells where the time goes.

    >>> figures = bot_bench("scrumkin", 2, seconds=0.04, slices=2)
    >>> figures["decision_cost_ratio"] > 0, figures["decision_cost_met"] in (True, False)
    (True, True)
    >>> figures["choice_cost_ratio"] > 0
    True
    >>> figures["heuristic_decisions_per_s"] > 0 and figures["random_decisions_per_s"] > 0
    True
    """
    positions = bot_positions(name, players, **options)
    module = game_module(name)
    heuristic_games = Runner(PREFERRED_BOT, bot_rollouts(name, PREFERRED_BOT, players, **options))
    random_games = Runner("random", bot_rollouts(name, "random", players, **options))
    heuristic = Chooser(make_bot(module, PREFERRED_BOT, 1), positions)
    random = Chooser(RandomBot(1), positions)
    timed: list[Runner | Chooser] = [heuristic_games, random_games, heuristic, random]
    for each in timed:  # warm up (imports, caches), not counted
        each.run_for(0.0)
    budget = seconds / slices
    for index in range(slices):
        for each in timed if index % 2 == 0 else timed[::-1]:
            each.run_for(budget)
    games = {kind: runner.figures() for kind, runner in
             ((PREFERRED_BOT, heuristic_games), ("random", random_games))}
    ratio = heuristic.micros / max(random.micros, 1e-9)
    decisions = (random_games.decisions / max(random_games.seconds, 1e-9)
                 / max(heuristic_games.decisions / max(heuristic_games.seconds, 1e-9), 1e-9))
    return {
        "name": name,
        "players": players,
        "heuristic_decisions_per_s": games[PREFERRED_BOT]["decisions_per_s"],
        "heuristic_games_per_s": games[PREFERRED_BOT]["games_per_s"],
        "random_decisions_per_s": games["random"]["decisions_per_s"],
        "random_games_per_s": games["random"]["games_per_s"],
        "heuristic_choice_us": round(heuristic.micros, 2),
        "random_choice_us": round(random.micros, 2),
        "positions": len(positions),
        "decision_cost_ratio": round(decisions, 3),
        "decision_cost_target": BOT_COST_TARGET,
        "decision_cost_met": decisions <= BOT_COST_TARGET,
        "choice_cost_ratio": round(ratio, 3),
    }


def bot_games() -> list[tuple[str, dict[str, Any]]]:
    """The games whose bots are measured: (name, options) of every engine of :func:`bench_games`
    that has a heuristic bot, with its bench options.

    >>> [name for name, _ in bot_games()][:3]
    ['scrumkin', 'itstartup', 'exploding']
    """
    return [(spec.name, dict(spec.bench)) for spec in game_specs()
            if spec.bench is not None and PREFERRED_BOT in spec.bots]


def bot_report(bots: list[dict[str, Any]]) -> list[str]:
    """The bots' figures as lines of the text report. A decision is the bot's choice and the
    move applied, in whole games as the planner plays them.

    >>> print("\\n".join(bot_report([{"name": "scrumkin", "players": 4,
    ...     "heuristic_decisions_per_s": 20000.0, "random_decisions_per_s": 60000.0,
    ...     "heuristic_choice_us": 30.0, "random_choice_us": 20.0, "positions": 300,
    ...     "decision_cost_ratio": 3.0, "decision_cost_target": 2.0, "decision_cost_met": False,
    ...     "choice_cost_ratio": 1.5}])))
    bots: whole games with the bot in every seat, and one choice on the same positions
    engine                         players  heuristic dec/s random dec/s  heuristic us   random us
    scrumkin                             4           20,000       60,000          30.0        20.0
    scrumkin random decisions/s / heuristic decisions/s: 3.00x  (target at most 2x, not met)
    scrumkin heuristic choice / random choice: 1.50x  (the choice alone, on 300 positions)
    """
    lines = [
        "bots: whole games with the bot in every seat, and one choice on the same positions",
        f"{'engine':<30} {'players':>7} {'heuristic dec/s':>16} {'random dec/s':>12} "
        f"{'heuristic us':>13} {'random us':>11}",
    ]
    for bot in bots:
        lines.append(
            f"{bot['name']:<30} {bot['players']:>7} {bot['heuristic_decisions_per_s']:>16,.0f} "
            f"{bot['random_decisions_per_s']:>12,.0f} {bot['heuristic_choice_us']:>13,.1f} "
            f"{bot['random_choice_us']:>11,.1f}")
    for bot in bots:
        lines.append(
            f"{bot['name']} random decisions/s / heuristic decisions/s: "
            f"{bot['decision_cost_ratio']:.2f}x  (target at most {bot['decision_cost_target']:g}x, "
            f"{'met' if bot['decision_cost_met'] else 'not met'})")
        lines.append(
            f"{bot['name']} heuristic choice / random choice: {bot['choice_cost_ratio']:.2f}x  "
            f"(the choice alone, on {bot['positions']} positions)")
    return lines


def run_bench(seconds: float = 5.0, players: int = 4, slices: int = 10) -> dict[str, Any]:
    """Measure every engine and the anchor for ``seconds`` each, in alternating slices.

    Returns the figures as plain data. ``ratio_to_anchor`` is engine actions/s over anchor
    actions/s, both counting chance outcomes as actions (like for like);
    ``decisions_ratio_to_anchor`` counts only the engine's decisions (the stricter figure). Each
    engine plays ``players`` players, within its game's bounds (its own ``players`` figure).
    ``bots`` has the figures of :func:`bot_bench` for each game of :func:`bot_games`. Raises
    ImportError when OpenSpiel is missing.
    """
    engines = [
        Runner(name, factory(seats_for(name, players)), seats_for(name, players))
        for name, factory in bench_games()
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
    anchor_decisions = anchor.decisions / max(anchor.seconds, 1e-9)
    results = []
    for engine in engines:
        figures = engine.figures()
        spent = max(engine.seconds, 1e-9)
        figures["ratio_to_anchor"] = round(engine.actions / spent / anchor_rate, 3)
        # Stricter: the engine's decisions alone against every action of the anchor.
        figures["decisions_ratio_to_anchor"] = round(engine.decisions / spent / anchor_rate, 3)
        # Like for like on decisions: the engine's decisions against the anchor's decisions.
        figures["decisions_to_decisions"] = round(
            engine.decisions / spent / max(anchor_decisions, 1e-9), 3)
        target = GAMES_PER_S_TARGET.get(engine.name)
        if target is not None:
            figures["games_per_s_target"] = target
            figures["share_of_games_target"] = round(figures["games_per_s"] / target, 3)
        figures["ratio_target"] = RATIO_TARGET
        figures["decisions_target"] = DECISIONS_TARGET
        figures["share_of_ratio_target"] = round(figures["ratio_to_anchor"] / RATIO_TARGET, 3)
        results.append(figures)
    # The bots: a quarter of ``seconds`` for each of their four figures, in the same slices.
    bots = [bot_bench(name, seats_for(name, players), seconds / 4, slices, **options)
            for name, options in bot_games()]
    return {
        "seconds_each": seconds,
        "slices": slices,
        "players": players,
        "python": sys.version.split()[0],
        "anchor": anchor.figures(),
        "engines": results,
        "bots": bots,
    }


def report(figures: dict[str, Any]) -> str:
    """The figures as a short text report.

    >>> print(report({"seconds_each": 1, "slices": 10, "players": 4, "python": "3.11",
    ...     "anchor": {"name": "dominoes", "actions_per_s": 50000.0, "decisions_per_s": 30000.0,
    ...     "games_per_s": 2000.0}, "engines": [{"name": "scrumkin", "actions_per_s": 180000.0,
    ...     "decisions_per_s": 90000.0, "games_per_s": 990.0, "ratio_to_anchor": 3.6,
    ...     "decisions_ratio_to_anchor": 1.8, "decisions_to_decisions": 3.0,
    ...     "games_per_s_target": 1000.0,
    ...     "share_of_games_target": 0.99, "ratio_target": 2.0, "decisions_target": 5.0,
    ...     "share_of_ratio_target": 1.8}]}))
    devgames bench: 1 s each, in 10 alternating slices, one process, Python 3.11
    <BLANKLINE>
    engine                         players     actions/s   decisions/s     games/s
    scrumkin                             4       180,000        90,000       990.0
    dominoes (anchor)                    -        50,000        30,000     2,000.0
    <BLANKLINE>
    actions count chance outcomes (cards drawn, dice), as OpenSpiel does; decisions do not.
    scrumkin / anchor (actions/s): 3.60x  (target 2x: 180% of target, met)
    scrumkin decisions/s / anchor actions/s: 1.80x  (stricter; target 2x: 90% of target, not met)
    scrumkin decisions/s / anchor decisions/s: 3.00x  (same kind; target 5x: 60% of target, not met)
    scrumkin games/s at 4 players: 990.0  (target 1,000: 99% of target, not met)
    """
    lines = [
        f"devgames bench: {figures['seconds_each']:g} s each, in {figures['slices']} alternating "
        f"slices, one process, Python {figures['python']}",
        "",
        f"{'engine':<30} {'players':>7} {'actions/s':>13} {'decisions/s':>13} {'games/s':>11}",
    ]
    anchor = figures["anchor"]
    for engine in figures["engines"]:
        lines.append(_row(engine["name"], str(engine.get("players", figures["players"])), engine))
    lines.append(_row(f"{anchor['name']} (anchor)", "-", anchor))
    lines.append("")
    lines.append("actions count chance outcomes (cards drawn, dice), as OpenSpiel does; "
                 "decisions do not.")
    for engine in figures["engines"]:
        name, share = engine["name"], engine["share_of_ratio_target"]
        target = engine["ratio_target"]
        lines.append(
            f"{name} / anchor (actions/s): {engine['ratio_to_anchor']:.2f}x  "
            f"(target {target:g}x: {share:.0%} of target, {_met(share)})"
        )
        strict = engine["decisions_ratio_to_anchor"] / target
        lines.append(
            f"{name} decisions/s / anchor actions/s: {engine['decisions_ratio_to_anchor']:.2f}x  "
            f"(stricter; target {target:g}x: {strict:.0%} of target, {_met(strict)})"
        )
        if "decisions_to_decisions" in engine:
            wanted = engine.get("decisions_target", target)
            same = engine["decisions_to_decisions"] / wanted
            lines.append(
                f"{name} decisions/s / anchor decisions/s: "
                f"{engine['decisions_to_decisions']:.2f}x  (same kind; target {wanted:g}x: "
                f"{same:.0%} of target, {_met(same)})"
            )
        if "games_per_s_target" in engine:
            share = engine["share_of_games_target"]
            seats = engine.get("players", figures["players"])
            lines.append(
                f"{name} games/s at {seats} players: {engine['games_per_s']:,.1f}  "
                f"(target {engine['games_per_s_target']:,.0f}: {share:.0%} of target, "
                f"{_met(share)})"
            )
    if figures.get("bots"):
        lines += ["", *bot_report(figures["bots"])]
    return "\n".join(lines)


def _row(name: str, players: str, figures: dict[str, Any]) -> str:
    return (
        f"{name:<30} {players:>7} {figures['actions_per_s']:>13,.0f} "
        f"{figures['decisions_per_s']:>13,.0f} {figures['games_per_s']:>11,.1f}"
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
