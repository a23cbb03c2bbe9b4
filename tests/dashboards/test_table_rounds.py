"""The projector in a round that teams play at the same time (РЕЛИЗ's Cooperation): the room's
timer winds to the round's minutes as each round begins, and "Time is up" ends every turn
still being played."""

from pathlib import Path

from devgames.reliz import RelizGame
from devgames.sessions import SessionStore
from tests.dashboards.tables import table_of

from .test_app import start


def test_time_is_up_ends_every_turn_and_the_timer_winds_for_the_next_round(
        tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "s.sqlite")
    app = start(store, "reliz", seats=[("Red", "human"), ("Blue", "human")],
                scenario="cooperation", round_timer=3)
    table = table_of(app)
    assert app.timer.duration == 3 * 60 and not app.timer.running  # wound for the first round
    assert store.load(table.session_id).meta["timer"]["duration"] == 3 * 60  # phones read it
    wound: list[int] = []
    table.on_time_box = wound.append
    game = table.game
    assert isinstance(game, RelizGame)
    assert game.playing == [0, 1] and table.time_up.layout.display == ""
    round_no = game.round_no
    table.time_up.click()
    game = table.game
    assert isinstance(game, RelizGame)
    assert game.round_no == round_no + 1 and game.playing == [0, 1]
    assert wound == [3]  # the next round's 3 minutes
    saved = store.load(table.session_id)
    assert saved.log[-1].kind == "time_up" and saved.log == game.log


def test_no_time_up_button_when_the_teams_play_one_after_another(tmp_path: Path) -> None:
    app = start(SessionStore(tmp_path / "s.sqlite"), "reliz",
                seats=[("Red", "human"), ("Blue", "human")], scenario="cooperation",
                team_turns="in_turn")
    assert table_of(app).time_up.layout.display == "none"
