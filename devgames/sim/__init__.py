"""Simulations: many games played by bots, as tidy rows ready for CSV or a notebook.

>>> from devgames.sim import simulate
>>> game_rows, round_rows = simulate("scrumkin", games=2, players=3, seed=1, bots="random")
>>> len(game_rows)
2
"""

from devgames.sim.runner import game_seed, simulate, write_results

__all__ = ["game_seed", "simulate", "write_results"]
