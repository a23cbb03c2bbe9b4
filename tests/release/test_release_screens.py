"""Release! in the facilitator app: the launcher offers it, its set-up form starts it, bots play
a whole game at once on the table, with its chart panels, its debrief and its export."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from devgames.dashboards import FacilitatorApp
from devgames.dashboards.charts import charts_for
from devgames.export import export_session
from devgames.release import new_game
from devgames.release.scoring import ROUND_FIELDS
from devgames.screens.debrief import debrief_phases, debrief_questions
from devgames.sessions import SessionStore
from tests.dashboards.games import played
from tests.dashboards.tables import table_of
from tests.dashboards.test_app import all_html, start


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SessionStore]:
    with SessionStore(tmp_path / "sessions.sqlite") as opened:
        yield opened


def test_the_launcher_offers_a_release_session(store: SessionStore) -> None:
    app = FacilitatorApp(store=store)
    assert "New Release! session" in all_html(app)


def test_bots_play_a_whole_game_at_once(store: SessionStore) -> None:
    app = start(store, "release", seats=[("Ada", "heuristic"), ("Bob", "random"),
                                         ("Cy", "heuristic"), ("Dee", "random")])
    table = table_of(app)
    assert table.charts.panels == ("score", "release_points")
    table.pace_choice.value = 0.0
    game = table.game
    assert game.is_over and game.winners
    assert store.load(table.session_id).log == game.log
    assert debrief_questions(game)[-1].startswith("What one change will we try at work")
    files = export_session(game)
    assert files["rounds.csv"].splitlines()[0].lstrip("\ufeff") == ",".join(ROUND_FIELDS)
    assert len(files["rounds.csv"].splitlines()) == 1 + 5 * 2  # pairs: two teams, five releases


def test_the_score_race_has_a_line_per_team_from_zero() -> None:
    from devgames import release

    game = played(release, ["Ada", "Bob", "Cy", "Dee"], seed=3)
    traces = charts_for(game).traces("score")
    assert [trace.name for trace in traces] == ["Ada &amp; Cy", "Bob &amp; Dee"]
    assert all(list(trace.customdata) == [0, 1, 2, 3, 4, 5] for trace in traces)
    assert [trace.y[-1] for trace in traces] == game.scores


def test_the_live_score_shows_the_release_under_way() -> None:
    game = new_game(["Ada", "Bob", "Cy"], seed=1)
    traces = charts_for(game).traces("score")
    assert [list(trace.customdata) for trace in traces] == [[0, 1]] * 3


def test_the_debrief_asks_about_the_swing_the_suit_breaks_and_the_doubling() -> None:
    from devgames import release

    asked = []
    for seed in range(4):
        game = played(release, ["Ada", "Bob", "Cy"], seed=seed)
        phases = debrief_phases(game)
        asked += phases["what"] + phases["so_what"]
        assert all(phases.values())
    text = " ".join(asked)
    assert "swung the score most" in text and "broke suit most" in text
