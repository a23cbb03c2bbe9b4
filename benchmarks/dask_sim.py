"""How fast bot games run as Dask tasks, against anchors measured in the same run.

Three runs of the same Scrumkin games (4 random-bot teams, the planner's lean path), one after
the other in this run:

1. **in process** (the anchor): the games played in this process, no Dask at all;
2. **1 worker**: the same games on a ``LocalCluster`` of one worker process;
3. **N workers**: the same games on a ``LocalCluster`` of N worker processes (one per core).

Parallel efficiency is speed-up over workers: (time on 1 worker / time on N workers) / N. The
same games give the same outcomes in every run (checked). Then the big run: ``--games`` games
(100,000 by default) on the N-worker cluster, timed from the submission of the first task to the
last result; the cluster's start is timed apart. Not a test: nothing fails when a target is
missed.

    .venv/bin/python benchmarks/dask_sim.py                       # 100,000 games, 2 workers
    .venv/bin/python benchmarks/dask_sim.py --games 20000 --json out.json
"""

import argparse
import json
import os
import sys
import time
from typing import Any

from devgames.sim.dask_runner import Cluster, make_job, run_jobs

#: Targets of the issue: 100,000 games within 60 s on a 2-core machine; efficiency >= 0.8.
TARGET_SECONDS, TARGET_GAMES, TARGET_EFFICIENCY = 60.0, 100_000, 0.8


def cpu_seconds(cluster: Cluster | str) -> float:
    """CPU time used so far by this process and, on a cluster, by every worker process."""
    used = time.process_time()
    if isinstance(cluster, Cluster):
        used += sum(cluster.client.run(time.process_time).values())
    return used


def timed_run(cluster: Cluster | str, games: int, seed: int) -> tuple[float, float, list[Any]]:
    """Wall seconds and CPU seconds (this process and the workers) to play ``games`` lean
    Scrumkin games (4 random teams) there, and their outcomes."""
    job = make_job("scrumkin", games, 4, seed, "random", cards=False)  # the planner's path
    cpu = cpu_seconds(cluster)
    started = time.perf_counter()
    [result] = run_jobs([job], cluster)
    wall = time.perf_counter() - started
    return wall, cpu_seconds(cluster) - cpu, result.outcomes


def local_cluster(workers: int) -> tuple[Cluster, float]:
    """A started local cluster of ``workers`` worker processes, and the seconds it took."""
    started = time.perf_counter()
    cluster = Cluster(None, workers)
    cluster.client.wait_for_workers(workers)
    # warm up each worker (imports, caches), not counted
    run_jobs([make_job("scrumkin", 20 * workers, 4, 999, "random")], cluster, chunk=20)
    return cluster, time.perf_counter() - started


def measure(games: int, efficiency_games: int, workers: int, seed: int) -> dict[str, Any]:
    """Every figure of the benchmark, as plain data."""
    figures: dict[str, Any] = {"workers": workers, "cpus": os.cpu_count(),
                               "load_average_before": os.getloadavg()[0],
                               "python": sys.version.split()[0]}
    timed_run("in-process", 50, seed + 1)  # warm up this process
    anchor_s, anchor_cpu, reference = timed_run("in-process", efficiency_games, seed)
    one, one_start = local_cluster(1)
    try:
        one_s, one_cpu, outcomes = timed_run(one, efficiency_games, seed)
    finally:
        one.close()
    many, many_start = local_cluster(workers)
    try:
        many_s, many_cpu, outcomes_many = timed_run(many, efficiency_games, seed)
        big_s, _, _ = timed_run(many, games, seed + 2) if games else (0.0, 0.0, [])
    finally:
        many.close()
    figures["same_outcomes"] = reference == outcomes == outcomes_many
    speedup = one_s / many_s
    figures.update({
        "efficiency_games": efficiency_games,
        "in_process_s": round(anchor_s, 2),
        "in_process_games_per_s": round(efficiency_games / anchor_s, 1),
        "one_worker_s": round(one_s, 2),
        "one_worker_games_per_s": round(efficiency_games / one_s, 1),
        "n_workers_s": round(many_s, 2),
        "n_workers_games_per_s": round(efficiency_games / many_s, 1),
        "one_worker_to_in_process": round(anchor_s / one_s, 3),
        "in_process_cpu_s": round(anchor_cpu, 2),
        "one_worker_cpu_s": round(one_cpu, 2),
        "n_workers_cpu_s": round(many_cpu, 2),
        # CPU work per game on 1 worker over CPU work per game on N: 1.0 when spreading the
        # games costs no extra work (what the wall-clock efficiency reaches on an idle machine)
        "cpu_efficiency": round(one_cpu / many_cpu, 3) if many_cpu else 0.0,
        "speedup": round(speedup, 3),
        "efficiency": round(speedup / workers, 3),
        "cluster_start_s": round(many_start, 2),
        "one_worker_cluster_start_s": round(one_start, 2),
        "games": games,
        "games_s": round(big_s, 2),
        "games_per_s": round(games / big_s, 1) if big_s else 0.0,
        "load_average_after": os.getloadavg()[0],
    })
    return figures


def report(figures: dict[str, Any]) -> str:
    """The figures as a short text report.

    >>> print(report({"workers": 2, "cpus": 2, "python": "3.11", "load_average_before": 0.5,
    ...     "load_average_after": 2.0, "efficiency_games": 20000, "in_process_s": 40.0,
    ...     "in_process_games_per_s": 500.0, "one_worker_s": 41.0,
    ...     "one_worker_games_per_s": 487.8, "n_workers_s": 22.0, "n_workers_games_per_s": 909.1,
    ...     "one_worker_to_in_process": 0.976, "speedup": 1.864, "efficiency": 0.932,
    ...     "in_process_cpu_s": 39.5, "one_worker_cpu_s": 40.8, "n_workers_cpu_s": 41.0,
    ...     "cpu_efficiency": 0.995,
    ...     "cluster_start_s": 3.1, "one_worker_cluster_start_s": 2.5, "games": 100000,
    ...     "games_s": 110.0, "games_per_s": 909.1, "same_outcomes": True}))
    Scrumkin, 4 random-bot teams, lean path; Python 3.11, 2 CPUs, load 0.5 before, 2.0 after
    <BLANKLINE>
    run                        games     seconds     games/s   vs anchor     CPU s
    in process (anchor)       20,000        40.0       500.0       1.00x      39.5
    1 worker                  20,000        41.0       487.8       0.98x      40.8
    2 workers                 20,000        22.0       909.1       1.82x      41.0
    <BLANKLINE>
    parallel efficiency: 1.86x on 2 workers against 1 worker = 0.93 per worker (target 0.8: met)
    CPU work per game, 1 worker against 2: 0.99 (1.00: spreading the games costs no extra work)
    share of its cores each run got (CPU s / wall s / workers):
      in process 0.99, 1 worker 1.00, 2 workers 0.93 (below 1: other programs took the rest)
    same outcomes in the three runs: yes
    100,000 games on 2 workers: 110.0 s, 909 games/s (target 60 s: not met); cluster start 3.1 s
    """
    workers = figures["workers"]
    anchor = figures["in_process_games_per_s"]
    lines = [
        f"Scrumkin, 4 random-bot teams, lean path; Python {figures['python']}, "
        f"{figures['cpus']} CPUs, load {figures['load_average_before']:.1f} before, "
        f"{figures['load_average_after']:.1f} after",
        "",
        f"{'run':<22} {'games':>9} {'seconds':>11} {'games/s':>11} {'vs anchor':>11} "
        f"{'CPU s':>9}",
    ]
    for name, key in (("in process (anchor)", "in_process"), ("1 worker", "one_worker"),
                      (f"{workers} workers", "n_workers")):
        rate = figures[f"{key}_games_per_s"]
        lines.append(f"{name:<22} {figures['efficiency_games']:>9,} {figures[f'{key}_s']:>11.1f} "
                     f"{rate:>11,.1f} {rate / anchor:>10.2f}x {figures[f'{key}_cpu_s']:>9.1f}")
    met = "met" if figures["efficiency"] >= TARGET_EFFICIENCY else "not met"
    lines += [
        "",
        f"parallel efficiency: {figures['speedup']:.2f}x on {workers} workers against 1 worker "
        f"= {figures['efficiency']:.2f} per worker (target {TARGET_EFFICIENCY}: {met})",
        f"CPU work per game, 1 worker against {workers}: {figures['cpu_efficiency']:.2f} (1.00: "
        "spreading the games costs no extra work)",
        "share of its cores each run got (CPU s / wall s / workers):",
        "  in process "
        f"{figures['in_process_cpu_s'] / figures['in_process_s']:.2f}, 1 worker "
        f"{figures['one_worker_cpu_s'] / figures['one_worker_s']:.2f}, {workers} workers "
        f"{figures['n_workers_cpu_s'] / figures['n_workers_s'] / workers:.2f} (below 1: other "
        "programs took the rest)",
        f"same outcomes in the three runs: {'yes' if figures['same_outcomes'] else 'NO'}",
    ]
    if figures["games"]:
        met = "met" if figures["games_s"] <= TARGET_SECONDS else "not met"
        lines.append(
            f"{figures['games']:,} games on {workers} workers: {figures['games_s']:.1f} s, "
            f"{figures['games_per_s']:,.0f} games/s (target {TARGET_SECONDS:g} s: {met}); "
            f"cluster start {figures['cluster_start_s']:.1f} s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=TARGET_GAMES,
                        help="games of the big run (default: 100,000; 0 to skip it)")
    parser.add_argument("--efficiency-games", type=int, default=10_000,
                        help="games of each of the three efficiency runs (default: 10,000)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="workers of the parallel runs (default: one per CPU)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    figures = measure(args.games, args.efficiency_games, args.workers, args.seed)
    print(report(figures))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as stream:
            json.dump(figures, stream, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
