"""The projector's side of team devices: the Join panel, following moves made on devices (the
bots then play on), playing a device team's move at the table, and pausing the room."""

from pathlib import Path

import pytest

from devgames.dashboards import FacilitatorApp
from devgames.dashboards.join_panel import link_of
from devgames.dashboards.serve import DEVICE_URL_VARIABLE
from devgames.devices.room import is_paused
from devgames.devices.state import chosen_action, device_state
from devgames.sessions import SessionStore
from tests.dashboards.tables import table_of

from .test_app import all_html, start


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FacilitatorApp:
    """Red and Blue play on devices (once given codes), Green is a bot playing at once."""
    monkeypatch.setenv(DEVICE_URL_VARIABLE, "http://192.168.1.5:8867/")
    app = start(SessionStore(tmp_path / "s.sqlite"),
                seats=[("Red", "human"), ("Blue", "human"), ("Green", "random")])
    assert app.table is not None
    app.table.set_pace(0.0)
    return app


def move_on_device(store: SessionStore, session_id: int, seat: int) -> None:
    """What the devices' server does for a team's first move: saved from the saved revision."""
    game, revision = store.checkout(session_id)
    state = device_state(game, seat, revision, {}, [])
    action = chosen_action(game, seat, 0, state["moves"][0]["label"])
    assert action is not None
    game.apply(action)
    store.append(session_id, action, expected=revision, game_obj=game)


def test_a_team_gets_a_code_of_its_own_and_a_new_link_cuts_the_old_one(app) -> None:
    table = table_of(app)
    panel = table.join
    table.show_join(True)
    panel.show_code(0)
    token = table.controller.store.links(table.session_id)[0]
    assert link_of("http://192.168.1.5:8867/", token) in panel.code.value
    assert "<svg" in panel.code.value and "Red: scan to join" in panel.code.value
    assert table.device_seats == {0}
    assert "has a code, not opened yet" in all_html(panel)
    table.controller.store.saw(token)  # the phone opened its page
    app.connection._on_msg(app.connection, {"ping": 1}, [])
    assert "Red</b> <span class='dg-muted'>plays on its device</span>" in all_html(panel)
    panel.renew(0)
    assert table.controller.store.seat_of(token) is None  # the old device is cut off at once
    assert table.controller.store.links(table.session_id)[0] != token
    panel.revoke(0)
    assert table.controller.store.links(table.session_id) == {} and table.device_seats == set()
    assert "plays at the table" in all_html(panel)


def test_without_the_devices_server_the_panel_says_how_to_start_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DEVICE_URL_VARIABLE, raising=False)
    app = start(SessionStore(tmp_path / "s.sqlite"), seats=[("Red", "human"), ("Blue", "human")])
    assert "devgames serve --lan" in all_html(table_of(app).join)
    assert all(button.disabled for row in table_of(app).join.rows.children
               for button in row.children[1:])


def test_a_device_teams_turn_waits_for_its_device_or_is_played_here(app) -> None:
    table = table_of(app)
    table.join.show_code(0)
    assert "Red plays on its own device." in table.bot_line.value
    assert table.play_here_button in table.turn.children
    table.play_here_button.click()  # the facilitator plays Red's move at the table
    assert table.curtain in table.turn.children


def test_moves_made_on_devices_show_on_the_projector_and_the_bots_play_on(app) -> None:
    table = table_of(app)
    store, number = table.controller.store, table.session_id
    table.join.show_code(0)
    table.join.show_code(1)
    for _ in range(12):  # Red's and Blue's moves on their devices; Green's from the projector
        game = store.resume(number)
        if game.is_over or game.current_player not in (0, 1):
            break
        move_on_device(store, number, game.current_player)
        app.connection._on_msg(app.connection, {"ping": 1}, [])  # the page's regular check
    saved = store.resume(number)
    assert table.game.log == saved.log and len(saved.log) > 2
    assert any(action.player == 2 for action in saved.log)  # the bot played in between
    assert table.notice.value == ""  # moves that follow on are news, not a warning
    assert table.controller.news and table.controller.news[-1] in all_html(table)


def test_pausing_the_room_pauses_devices_bots_and_the_timer(app) -> None:
    table = table_of(app)
    app.timer.start()
    table.pause_toggle.value = True
    assert is_paused(table.controller.store.position(table.session_id)[1])
    assert not app.timer.running and table.controller.paused
    table.pause_toggle.value = False
    assert not is_paused(table.controller.store.position(table.session_id)[1])
    assert app.timer.running


def test_a_room_paused_on_another_screen_stops_the_bots_here(app, tmp_path: Path) -> None:
    other = FacilitatorApp(store=SessionStore(tmp_path / "s.sqlite"))
    other.address.session_id = app.table.session_id
    table_of(other).pause_toggle.value = True
    app.connection._on_msg(app.connection, {"ping": 1}, [])
    assert app.table.pause_toggle.value and app.table.controller.paused


def test_a_hand_behind_the_curtain_reaches_the_page_only_when_lifted(tmp_path: Path) -> None:
    app = start(SessionStore(tmp_path / "s.sqlite"), seats=[("Red", "human"), ("Blue", "human")])
    table = table_of(app)
    red_only = {card["card"] for card in table.game.view(0)["hand"]} - {
        card["card"] for card in table.game.view(1)["hand"]}
    assert red_only
    before = all_html(table)
    assert not any(card in before for card in red_only)
    assert table.picker.labels == [] and table.hand.value == ""
    table.curtain.reveal.click()  # Red lifts the curtain
    after = all_html(table)
    assert all(card in after for card in red_only) and table.picker.labels
    table.curtain.hide.click()
    assert not any(card in all_html(table) for card in red_only)
