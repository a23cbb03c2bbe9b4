"""Saving the moves of teams that play their turns at the same time (РЕЛИЗ's Tender and
Cooperation, rounds played together): a screen a few moves behind still saves its team's move
when the moves saved since left that team alone; otherwise the save is refused and the screen
catches up. Bots of the other teams play their own turns meanwhile."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from devgames.core.actions import CHANCE, Action
from devgames.reliz import RelizGame
from devgames.sessions.store import SessionStore, StaleSession
from devgames.sessions.table import TableController
from tests.reliz.helpers import new
from tests.reliz.test_reliz_rounds import begin, first_place


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SessionStore]:
    with SessionStore(tmp_path / "sessions.sqlite") as opened:
        yield opened


def two_screens(store: SessionStore) -> tuple[TableController, TableController]:
    """A Tender round under way, seen from two screens at the same revision."""
    number = store.create(begin(new("tender", seed=1, seats=2)))
    return TableController.checkout(store, number), TableController.checkout(store, number)


def placing(table: TableController, seat: int) -> Action:
    game = table.game
    assert isinstance(game, RelizGame)
    return first_place(game, seat)


def test_a_team_saves_its_move_from_a_screen_behind_another_teams_move(
        store: SessionStore) -> None:
    red_screen, blue_screen = two_screens(store)
    red, blue = placing(red_screen, 0), placing(blue_screen, 1)
    red_lines = red_screen.apply(red)
    lines = blue_screen.apply(blue)  # saved after Red's, which it had not seen
    saved, revision = store.checkout(red_screen.session_id)
    assert saved.log[-2:] == [red, blue]
    assert blue_screen.revision == revision and blue_screen.game.snapshot() == saved.snapshot()
    assert blue_screen.news[-len(red_lines) - len(lines):] == red_lines + lines
    assert not blue_screen.paused  # nothing was lost: the bots go on


def test_a_move_of_a_team_whose_turn_changed_meanwhile_is_refused(store: SessionStore) -> None:
    red_screen, late_screen = two_screens(store)
    red_screen.apply(placing(red_screen, 0))
    with pytest.raises(StaleSession):
        late_screen.apply(placing(late_screen, 0))  # chosen before Red's own move
    saved, revision = store.checkout(red_screen.session_id)
    assert late_screen.revision == revision and late_screen.game.log == saved.log
    assert late_screen.paused


def test_a_bot_plays_its_teams_turn_while_a_human_team_is_in_focus(
        store: SessionStore) -> None:
    table, _ = two_screens(store)
    table.set_seat(1, "heuristic")
    table.game.focus(0)  # the human team's turn on the screen
    assert table.game.current_player == 0 and table.game.acting_seats == (0, 1)
    assert table.bot_to_play()
    move = table.bot_move()
    assert move is not None and move.player == 1
    table.apply(move)
    assert store.checkout(table.session_id)[0].log[-1] == move


def test_the_tables_own_move_from_a_screen_behind_is_refused(store: SessionStore) -> None:
    red_screen, late_screen = two_screens(store)
    red_screen.apply(placing(red_screen, 0))
    with pytest.raises(StaleSession):  # called on a screen that missed Red's move
        late_screen.apply(Action("time_up", CHANCE))
    saved, _ = store.checkout(red_screen.session_id)
    assert late_screen.game.log == saved.log and saved.log[-1].kind == "place"
