"""The seed is the game's secret: with it and the team names, anyone could deal every hand again.
New sessions draw 128 bits, and no screen of the app (launcher, set-up form, table, drawers,
charts, debrief) nor any team's device ever holds its digits; the old sessions' short seeds still
open and replay. The app is driven from Python on a real SQLite store, and everything its widgets
send towards a browser is recorded on the way (``comm.create_comm`` is the hook that a kernel
replaces with its own comms).
"""

import json
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

import comm
import ipywidgets as widgets
import pytest
from comm.base_comm import BaseComm

from devgames import GAMES, game_module, game_specs
from devgames.core.game import Game
from devgames.dashboards import FacilitatorApp
from devgames.dashboards.table import SessionTable
from devgames.devices.state import device_state
from devgames.sessions import SessionStore
from devgames.sessions.table import seats_meta

#: A seed of 128 bits, as a new session draws, and the 32-bit seed of an older session.
SECRET = 260299456221816779509151915227237864890
OLD_SEED = 2_876_543_219
SEEDS = (SECRET, OLD_SEED)


class RecordingComm(BaseComm):
    """A comm that keeps, as JSON text, every message its widget sends to the browsers."""

    def __init__(self, sent: list[str], *args: Any, **kwargs: Any) -> None:
        self.sent = sent
        super().__init__(*args, **kwargs)

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        self.sent.append(json.dumps(data, default=str))


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every message the widgets made from now on send towards a browser."""
    messages: list[str] = []
    monkeypatch.setattr(comm, "create_comm",
                        lambda *args, **kwargs: RecordingComm(messages, *args, **kwargs))
    return messages


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SessionStore]:
    with SessionStore(tmp_path / "sessions.sqlite") as opened:
        yield opened


def widgets_in(value: Any) -> list[widgets.Widget]:
    if isinstance(value, widgets.Widget):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list | tuple):
        return [found for item in value for found in widgets_in(item)]
    return []


def reachable(root: widgets.Widget) -> list[widgets.Widget]:
    """``root`` and every widget its synced state leads to (children, layouts, styles...)."""
    seen: dict[str, widgets.Widget] = {}
    waiting = [root]
    while waiting:
        widget = waiting.pop()
        if widget.model_id in seen:
            continue
        seen[widget.model_id] = widget
        for key in widget.keys:
            waiting += widgets_in(getattr(widget, key, None))
    return list(seen.values())


def states(root: widgets.Widget) -> str:
    """The synced state of every widget reachable from ``root`` (values, descriptions, tooltips,
    HTML, placeholders, the plotly figures' data and layout), as JSON text."""
    return "\n".join(json.dumps(widget.get_state(), default=str) for widget in reachable(root))


def assert_secret(seed: int, *texts: str) -> None:
    digits = str(seed)
    for text in texts:
        at = text.find(digits)
        assert at < 0, f"the seed is shown: ...{text[max(0, at - 80):at + 60]}..."


def played(name: str, seed: int, moves: int = 12) -> Game:
    """A game of ``name`` with this seed, ``moves`` random legal moves in."""
    spec = next(spec for spec in game_specs() if spec.name == name)
    names = list(spec.default_names)[:max(spec.min_players, 3)]
    game = game_module(name).new_game(names, seed=seed)
    rng = Random(5)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    game.meta["seats"] = seats_meta(game, {}, True)
    return game


def every_screen(app: FacilitatorApp, table: SessionTable) -> None:
    """Open everything the facilitator may open at the table, as its buttons do."""
    table.admin_toggle.value = True
    table.join_toggle.value = True
    table.join_toggle.value = False
    table.open_debrief()
    table.scores_toggle.value = True
    table.admin_toggle.value = True


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("seed", SEEDS, ids=["128-bit", "old-32-bit"])
def test_no_screen_shows_the_seed(name: str, seed: int, store: SessionStore,
                                  sent: list[str]) -> None:
    game = played(name, seed)
    number = store.create(game, title="Friday")
    app = FacilitatorApp(store=store)  # the launcher lists the session
    assert "Friday" in states(app)
    app.resume(number)
    table = app.table
    assert table is not None and table.game.seed == seed
    assert f"{len(game.log)} move" in table.info.value  # the line without the seed
    every_screen(app, table)
    assert table.debrief in reachable(app)
    assert_secret(seed, states(app))
    assert any(game.players[0] in message for message in sent)  # the recording hears the app
    assert_secret(seed, *sent)


def test_a_seed_typed_in_the_form_is_not_shown(store: SessionStore, sent: list[str]) -> None:
    app = FacilitatorApp(store=store)
    app.show_setup("scrumkin")
    assert isinstance(app.setup.seed, widgets.Password)  # the room sees dots
    app.setup.seed.value = str(SECRET)
    app.setup.start.click()
    assert app.table is not None and app.table.game.seed == SECRET
    assert app.setup.seed.value == ""  # emptied once the game started
    assert store.load(app.table.session_id).seed == SECRET
    every_screen(app, app.table)
    assert_secret(SECRET, states(app), states(app.setup))
    app.show_launcher()
    assert_secret(SECRET, states(app))


def test_a_typed_seed_that_is_not_a_number_is_explained(store: SessionStore) -> None:
    app = FacilitatorApp(store=store)
    app.show_setup("scrumkin")
    for typed in ("12a", "-3", "²", "1" * 40):
        app.setup.seed.value = typed
        app.setup.start.click()
        assert "The seed must be a whole number of at most 39 digits" in app.setup.notice.value
        assert app.table is None and app.setup.seed.value == typed
    assert store.list() == []


def test_new_sessions_draw_seeds_of_128_bits(store: SessionStore) -> None:
    app = FacilitatorApp(store=store)
    app.show_setup("exploding")
    seeds = [app.setup.build().game.seed for _ in range(20)]
    # Each seed is below 2**64 with a chance of 2**-64: all 20 are above it, and all differ.
    assert min(seeds) >= 2**64 and max(seeds) < 2**128 and len(set(seeds)) == 20
    app.setup.start.click()
    assert app.table is not None
    assert store.load(app.table.session_id).seed == app.table.game.seed >= 2**64


def test_an_old_session_with_a_short_seed_opens_and_plays_on(store: SessionStore) -> None:
    game = played("scrumkin", OLD_SEED)
    number = store.create(game)
    app = FacilitatorApp(store=store)
    app.address.session_id = number  # as a reload with #session=N opens it
    table = app.table
    assert table is not None and table.game.seed == OLD_SEED
    assert table.game.snapshot() == game.snapshot()
    if table.controller.hidden_hands and not table.curtain.is_open:
        table.curtain.reveal.click()
    table.picker._pick(0)
    saved = store.load(number)
    assert saved.seed == OLD_SEED and len(saved.log) == len(game.log) + 1
    assert saved.replay().snapshot() == table.game.snapshot()


@pytest.mark.parametrize("name", list(GAMES))
def test_no_device_is_sent_the_seed(name: str) -> None:
    for seed in SEEDS:
        game = played(name, seed, moves=0)
        rng = Random(3)
        for step in range(40):
            if step % 8 == 0 or game.is_over:
                for seat in range(len(game.players)):
                    state = device_state(game, seat, step, game.meta, [f"move {step}"])
                    assert_secret(seed, json.dumps(state))
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
