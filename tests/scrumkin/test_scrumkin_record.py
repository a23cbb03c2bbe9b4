"""A game kept only for its outcome (``game.record = False`` once started, as the planner plays
its bot games) plays exactly the same game, and keeps no further events and no metrics rows."""

from typing import Any

import pytest

from devgames import scrumkin
from devgames.core.bots import RandomBot, play_out
from devgames.scrumkin.cards import SCRUM_OF_SCRUMS
from devgames.scrumkin.sprints import ROUND_FIELDS


@pytest.mark.parametrize("options", [
    {},
    {"rulebook": "collaborative", "drop_against_bugs": True},
    {"deck": "physical", "counter_chains": True},
    {"counter_asks": "holders", "tie_break": "velocity"},
])
def test_a_game_kept_for_its_outcome_only_is_the_same_game_without_events(
        options: dict[str, Any]) -> None:
    for seed in range(12):
        kept, lean = (scrumkin.new_game(["Red", "Blue", "Green", "Gold"], seed=seed, **options)
                      for _ in range(2))
        lean.record = False
        dealt = len(kept.events)  # the events of the set-up, before recording was turned off
        for game in (kept, lean):
            play_out(game, {seat: RandomBot(seed * 10 + seat) for seat in range(4)})
        assert lean.log == kept.log
        assert lean.summary() == kept.summary()
        assert lean.winners == kept.winners
        assert lean.events == kept.events[:dealt] and lean.rounds == []
        assert len(kept.events) > dealt and kept.rounds


def test_each_sprints_velocity_counts_the_cards_its_metrics_row_lists() -> None:
    """Velocity is boost + penalty + the values of the cards in play, as the row lists them
    (Scrum of Scrums counting the table), in games where every card comes out."""
    checked_sos = 0
    for seed in range(30):
        game = scrumkin.new_game(["Red", "Blue", "Green", "Gold", "Teal"], seed=seed)
        play_out(game, {seat: RandomBot(seed * 10 + seat) for seat in range(5)})
        for row in game._rows:
            record = dict(zip(ROUND_FIELDS, row, strict=True))
            listed = sum(value for _, value in record["cards_in_play"])
            assert record["velocity"] == record["boost"] + record["penalty"] + listed
            checked_sos += any(card in SCRUM_OF_SCRUMS for card, _ in record["cards_in_play"])
    assert checked_sos > 0  # the Scrum of Scrums case was met
