"""A РЕЛИЗ game kept only for its outcome (``game.record = False`` once started, as the planner
plays its bot games) plays exactly the same game, keeps no metrics rows, and keeps only some of
the events (never one the recorded game does not have)."""

import pytest

from devgames import reliz
from devgames.core.actions import Event
from devgames.core.bots import play_out
from tests.reliz.helpers import NAMES, SEATS


def kept_in_order(few: list[Event], many: list[Event]) -> bool:
    """True when every event of ``few`` is in ``many``, in the same order."""
    rest = iter(many)
    return all(any(event == other for other in rest) for event in few)


@pytest.mark.parametrize("scenario", ["duel", "team", "cooperation", "tender", "pet"])
def test_a_game_kept_for_its_outcome_only_is_the_same_game_without_metrics(
        scenario: str) -> None:
    n = SEATS[scenario]
    for seed in range(4):
        kept, lean = (reliz.new_game(NAMES[:n], seed=seed, scenario=scenario, turn_cap=80)
                      for _ in range(2))
        lean.record = False
        for game in (kept, lean):
            play_out(game, {seat: reliz.BOTS["heuristic"](seed * 10 + seat)
                            for seat in range(n)})
        assert lean.log == kept.log
        assert lean.summary() == kept.summary()
        assert lean.winners == kept.winners and lean.result == kept.result
        assert lean.card_counts() == kept.card_counts()
        assert lean.rounds == [] and kept.rounds
        assert len(lean.events) < len(kept.events) / 2
        assert kept_in_order(lean.events, kept.events)
