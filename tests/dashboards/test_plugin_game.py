"""A game from another package (tests/plugin_game) in the facilitator app: the launcher offers
it, its set-up form starts it, bots play a whole game at once on the table, with its chart panel,
its debrief and its export, while its handouts say there are none."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from devgames.dashboards import FacilitatorApp
from devgames.export import export_session
from devgames.screens.debrief import debrief_questions
from devgames.sessions import SessionStore
from tests.dashboards.tables import table_of
from tests.dashboards.test_app import all_html, start


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SessionStore]:
    with SessionStore(tmp_path / "sessions.sqlite") as opened:
        yield opened


def test_the_launcher_offers_a_new_session_of_the_plugin_game(store: SessionStore) -> None:
    app = FacilitatorApp(store=store)
    assert "New Stand-up session" in all_html(app)
    assert "race to close their tasks" in all_html(app)


def test_bots_play_a_whole_plugin_game_at_once(store: SessionStore) -> None:
    app = start(store, "standup", seats=[("Ada", "heuristic"), ("Bob", "random"),
                                         ("Cy", "heuristic")])
    table = table_of(app)
    assert table.charts.panels == ("left",)
    table.pace_choice.value = 0.0
    assert table.game.is_over and table.game.winners
    assert store.load(table.session_id).log == table.game.log
    assert "has no handouts" in all_html(table)
    assert debrief_questions(table.game)[-1].startswith("What one change will we try at work")
    files = export_session(table.game)
    assert sorted(files) == ["events.csv", "retro.csv", "rounds.csv"]
    assert files["rounds.csv"].splitlines()[0].endswith("turn,player,done,left")
