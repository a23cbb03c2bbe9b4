"""The kernel's watch on the store: a screen hears of what another connection saved, at once and
by itself on the kernel's event loop, and not of its own saves."""

import asyncio
from pathlib import Path

from devgames import scrumkin
from devgames.dashboards import FacilitatorApp
from devgames.dashboards.store_watch import StoreWatch
from devgames.sessions import SessionStore
from tests.dashboards.tables import table_of

from .test_app import start


def test_a_save_on_another_connection_is_heard_once_and_an_own_save_never(tmp_path: Path) -> None:
    path = tmp_path / "sessions.sqlite"
    here, elsewhere = SessionStore(path), SessionStore(path)
    heard: list[str] = []
    watch = StoreWatch(here, lambda: heard.append("changed"))
    assert not watch.running  # in no kernel: it checks only when asked

    here.create(scrumkin.new_game(["Red", "Blue"], seed=1))
    assert watch.check() is False and heard == []
    elsewhere.create(scrumkin.new_game(["Red", "Blue"], seed=2))
    assert watch.check() is True and heard == ["changed"]
    assert watch.check() is False and heard == ["changed"]


def test_in_a_running_loop_the_watch_checks_by_itself_and_survives_a_failing_screen(
        tmp_path: Path) -> None:
    path = tmp_path / "sessions.sqlite"
    here, elsewhere = SessionStore(path), SessionStore(path)
    heard: list[int] = []

    def on_change() -> None:
        heard.append(len(heard))
        if len(heard) == 1:
            raise RuntimeError("a screen update that fails")

    async def scenario() -> None:
        watch = StoreWatch(here, on_change, every_s=0.01, loop=asyncio.get_running_loop())
        assert watch.running
        asyncio.get_running_loop().set_exception_handler(lambda _loop, _context: None)
        for seed in (1, 2):
            elsewhere.create(scrumkin.new_game(["Red", "Blue"], seed=seed))
            for _ in range(1000):  # up to 10 s on a busy machine; at once on a quiet one
                await asyncio.sleep(0.01)
                if len(heard) == seed:
                    break
        watch.stop()
        assert not watch.running

    asyncio.run(scenario())
    assert heard == [0, 1]  # the second save was heard after the first update failed


def test_a_tab_follows_a_move_saved_by_another_tab_when_its_watch_checks(tmp_path: Path) -> None:
    path = tmp_path / "sessions.sqlite"
    tab_a = start(SessionStore(path), seats=[("Red", "human"), ("Blue", "human")], hidden=False)
    tab_b = FacilitatorApp(store=SessionStore(path))
    tab_b.address.session_id = table_of(tab_a).session_id
    assert tab_a.table is not None and tab_b.table is not None

    tab_a.table.picker._pick(0)
    assert tab_b.table.game.log == []
    assert tab_b.watch.check() is True
    assert tab_b.table.game.log == tab_a.table.game.log
    assert tab_b.table.game.snapshot() == tab_a.table.game.snapshot()
