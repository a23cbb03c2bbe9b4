"""How long the planner takes to answer, before and after a change, against an anchor measured in
the same run.

Six questions a coach asks (:data:`QUESTIONS`), each answered by ``devgames plan`` at its
defaults (at most 1,000 games, heuristic bots, a local Dask cluster of this machine's cores,
the game's default pace) in a fresh process, as a coach would type it: the time to answer runs
from the start of the process to its end (imports, the cluster's start, the games). Each
question runs with the code under test and with the code of ``--before`` (another checkout, run
from there in a subprocess), in turns, the order flipped every other round, and an **anchor**
between them: a fixed pure-Python loop (:func:`anchor_seconds`) whose time moves with the
machine's load, so a busy machine is seen. The figures are medians over the rounds.

The answers are compared too: P50, P80 and P95 in rounds and in minutes with their 95% intervals
(:func:`devgames.sim.stats.percentile_interval`, from the games each run wrote with ``--out``);
the two answers agree when the interval of the answer from fewer games holds the figure of the
answer from more (the closer to the truth). Not a test: nothing fails when a target is missed.

    .venv/bin/python benchmarks/planner.py                      # 2 rounds against /tmp/before
    .venv/bin/python benchmarks/planner.py --rounds 3 --questions scrumkin6,reliz2
    .venv/bin/python benchmarks/planner.py --before /path/to/old/checkout --json out.json
"""

import argparse
import csv
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from devgames.sim.stats import percentile, percentile_interval

#: The questions: a name, and the arguments of ``devgames plan`` after the game.
QUESTIONS: dict[str, list[str]] = {
    "scrumkin6": ["scrumkin", "--players", "6"],
    "itstartup3": ["itstartup", "--players", "3"],
    "exploding4": ["exploding", "--players", "4"],
    "release4": ["release", "--players", "4"],
    "reliz2": ["reliz", "--players", "2"],
    "reliz3coop": ["reliz", "--players", "3", "--option", "scenario=cooperation"],
}
#: The time to answer the issue asks for, on a 2-core machine.
TARGET_SECONDS = 5.0
PERCENTILES = (50, 80, 95)
HERE = Path(__file__).resolve().parents[1]


def anchor_seconds(steps: int = 3_000_000) -> float:
    """Seconds a fixed pure-Python loop takes here and now (the same work in every run).

    >>> anchor_seconds(1000) > 0
    True
    """
    started = time.perf_counter()
    total = 0
    for step in range(steps):
        total = (total + step * step) % 1_000_003
    return time.perf_counter() - started


def answer(code: Path, question: list[str], out: Path) -> float:
    """Seconds ``devgames plan QUESTION`` takes with the code in ``code`` (its folder first on
    the path), writing its games into ``out``."""
    command = [sys.executable, "-m", "devgames.cli", "plan", *question, "--no-store",
               "--out", str(out)]
    started = time.perf_counter()
    subprocess.run(command, cwd=code, check=True, capture_output=True, timeout=600)
    return time.perf_counter() - started


def figures(out: Path) -> dict[str, Any]:
    """The answer written in ``out``: games played, and rounds and minutes at each percentile
    with their 95% intervals."""
    with (out / "plan-games.csv").open(encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    noun = next(key for key in rows[0] if key not in ("game", "seed", "moves", "minutes",
                                                      "winners"))
    found: dict[str, Any] = {"games": len(rows), "noun": noun}
    for key, kind in ((noun, int), ("minutes", float)):
        values = [kind(row[key]) for row in rows]
        found[key] = {p: (percentile(values, p), *percentile_interval(values, p))
                      for p in PERCENTILES}
    return found


def agree(rough: tuple[float, float, float], fine: tuple[float, float, float]) -> bool:
    """Whether two answers (figure, low, high) agree: the interval of the ``rough`` one (from
    fewer games) holds the figure of the ``fine`` one (from more games).

    >>> agree((91, 87, 95), (94.7, 92, 97)), agree((12, 12, 13), (15, 14, 16))
    (True, False)
    """
    return rough[1] <= fine[0] <= rough[2]


def measure(names: list[str], rounds: int, before: Path) -> dict[str, Any]:
    """Every question ``rounds`` times with each code, the anchor between them."""
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            times: dict[str, list[float]] = {"before": [], "after": []}
            anchors: list[float] = []
            for turn in range(rounds):
                order = [("before", before), ("after", HERE)]
                for label, code in order if turn % 2 == 0 else order[::-1]:
                    anchors.append(anchor_seconds())
                    times[label].append(answer(code, QUESTIONS[name],
                                               Path(folder) / name / label))
            anchor = statistics.median(anchors)
            results[name] = {
                "anchor_s": anchor,
                **{f"{label}_s": statistics.median(values) for label, values in times.items()},
                **{label: figures(Path(folder) / name / label) for label in times},
            }
    return results


def report(results: dict[str, Any]) -> str:
    """The table of times and ratios, then the answers side by side."""
    lines = [f"{'question':<12}{'before s':>10}{'after s':>9}{'after/before':>14}"
             f"{'before/anchor':>15}{'after/anchor':>14}{'games':>13}  within 5 s"]
    for name, row in results.items():
        games = f"{row['before']['games']} -> {row['after']['games']}"
        lines.append(
            f"{name:<12}{row['before_s']:>10.1f}{row['after_s']:>9.1f}"
            f"{row['after_s'] / row['before_s']:>13.2f}x{row['before_s'] / row['anchor_s']:>14.1f}x"
            f"{row['after_s'] / row['anchor_s']:>13.1f}x{games:>13}  "
            f"{'yes' if row['after_s'] <= TARGET_SECONDS else 'no'}")
    lines += ["", "the anchor: a fixed pure-Python loop, "
              f"{statistics.median(row['anchor_s'] for row in results.values()):.2f} s (median)",
              "", "answers, before -> after: figure (95% interval); = when the interval of the "
              "answer from fewer games holds the other's figure"]
    for name, row in results.items():
        before, after = row["before"], row["after"]
        for key in (before["noun"], "minutes"):
            said = []
            for p in PERCENTILES:
                one, other = before[key][p], after[key][p]
                rough, fine = (other, one) if after["games"] < before["games"] else (one, other)
                mark = "=" if agree(rough, fine) else "DIFFER"
                f = ".1f" if key == "minutes" else ".0f"
                said.append(f"P{p} {one[0]:{f}} ({one[1]:{f}}-{one[2]:{f}}) -> {other[0]:{f}} "
                            f"({other[1]:{f}}-{other[2]:{f}}) {mark}")
            lines.append(f"{name:<12}{key:<9}" + "; ".join(said))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, default=Path("/tmp/before"),
                        help="a checkout of the code before the change (default: /tmp/before)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each (default: 2)")
    parser.add_argument("--questions", default=",".join(QUESTIONS),
                        help="the questions to ask, by name (default: all six)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    results = measure(args.questions.split(","), args.rounds, args.before)
    print(report(results))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as stream:
            json.dump(results, stream, indent=2, default=str)
    return 0


if __name__ == "__main__":
    sys.exit(main())
