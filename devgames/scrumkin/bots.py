"""Scrumkin bots: the random bot and a heuristic bot that plays like a sensible team."""

from devgames.core.bots import RandomBot

__all__ = ["RandomBot"]
