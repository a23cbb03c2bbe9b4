"""Exploding Git Commits' Nope window, open to everybody at once (the default): a card played costs
the table one interaction when nobody says Nope, any holder may claim the window (on the
projector, behind the curtain, or on their own device), the table closes it when its time runs
out, and nothing on any screen tells who holds a Nope."""

from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from devgames.core.actions import CHANCE
from devgames.core.errors import IllegalMove
from devgames.core.harness import seen_by
from devgames.dashboards import FacilitatorApp
from devgames.dashboards.components import NOPE_SECONDS
from devgames.dashboards.table import SessionTable
from devgames.devices.state import chosen_action, device_state
from devgames.exploding import new_game
from devgames.exploding.bots import HeuristicBot
from devgames.exploding.cards import NOPE
from devgames.exploding.game import CLOSE, ExplodingGame
from devgames.sessions import SessionStore
from tests.exploding.helpers import scripted_game

ABC = ["Ada", "Bob", "Cy"]
#: Seed 12 deals Ada a Shuffle and Bob a Nope; Cy holds none.
SEED = 12


def moves_until_played(game: ExplodingGame) -> int:
    """Ada plays Shuffle and nobody says Nope: the moves the table makes until it happened."""
    game.play("Ada", "Shuffle")
    moves = 0
    while game.phase == "nope":
        if game.window_open:
            game.close_window()
        else:
            game.pass_nope(game.current_player)  # type: ignore[arg-type]
        moves += 1
    assert game.events[-1].kind == "shuffle"
    return moves


def test_a_card_costs_one_interaction_when_nobody_nopes() -> None:
    """By default the window is open to everybody at once: one move (the table's) settles the
    card, where asking in turn takes one answer from each other player."""
    assert new_game(ABC).options.nope_window == "open"
    assert moves_until_played(new_game(ABC, seed=SEED)) == 1
    assert moves_until_played(new_game(ABC, seed=SEED, nope_window="in_turn")) == 2


def test_the_window_is_the_same_whoever_holds_a_nope() -> None:
    """Bob holds a Nope in one game and not in its twin: the prompt, the choices and every
    seat's view but Bob's own are the same; only Bob's own list has a Nope."""
    games = [new_game(ABC, seed=SEED) for _ in range(2)]
    games[1].hands[1][games[1].hands[1].index(NOPE)] = 9  # a Spaghetti Code instead
    for game in games:
        game.play("Ada", "Shuffle")
    assert games[0].waiting_for == "Anyone may say Nope to Ada's Shuffle."
    assert games[0].current_player == CHANCE and games[0].legal_actions() == [CLOSE]
    for seat in (0, 2):
        assert seen_by(games[0], seat) == seen_by(games[1], seat)
    assert [len(game.nope_moves("Bob")) for game in games] == [1, 0]


def test_a_holder_claims_the_window_and_a_new_one_opens_for_the_yup() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Skip", "Nope"], "Bob": ["Nope"]},
                         nope_window="open")
    game.play("Ada", "Skip")
    assert not game.can_nope("Ada") and not game.can_nope("Cy")  # her own card; no Nope
    with pytest.raises(IllegalMove, match="Cy holds no Nope"):
        game.nope("Cy")
    with pytest.raises(IllegalMove, match="Ada played the card waiting"):
        game.nope("Ada")
    with pytest.raises(IllegalMove, match="closes by itself"):
        game.pass_nope("Cy")
    game.nope("Bob")
    assert game.window_open and nopes_said(game) == 1
    assert game.waiting_for.startswith("Anyone may say Yup")
    assert not game.can_nope("Bob") and game.can_nope("Ada")  # Ada may say Yup
    game.nope("Ada")
    game.close_window()
    assert game.phase == "play" and game.view(None)["turn_player"] == "Bob"  # the Skip held
    with pytest.raises(IllegalMove, match="No card is waiting for a Nope"):
        game.apply(CLOSE._replace(player=1))


def test_asking_in_turn_has_no_window_to_close() -> None:
    game = new_game(ABC, seed=SEED, nope_window="in_turn")
    game.play("Ada", "Shuffle")
    assert not game.window_open and not game.can_close_window()
    with pytest.raises(IllegalMove, match="asked in turn"):
        game.close_window()


def test_a_bot_claims_only_from_its_own_hand() -> None:
    """A heuristic bot says Nope to a pair taking a card from it when it holds a Nope."""
    game = scripted_game(ABC, hands={"Ada": ["Dead Code", "Dead Code"], "Bob": ["Nope"]},
                         nope_window="open")
    game.combo("Ada", ["Dead Code", "Dead Code"], target="Bob")
    bot = HeuristicBot(seed=1)
    assert bot.claim(game, 1) == game.nope_moves("Bob")[0]
    assert bot.claim(game, 2) is None


# ----- the projector and the devices -----------------------------------------------------------
def texts(widget: widgets.Widget) -> list[str]:
    """What a widget and those inside it show: its HTML and its buttons' words."""
    out = [str(getattr(widget, attribute)) for attribute in ("value", "description")
           if isinstance(getattr(widget, attribute, None), str)]
    for child in getattr(widget, "children", ()):
        out += texts(child)
    return out


def start_table(store: SessionStore, seats: list[tuple[str, str]]) -> SessionTable:
    app = FacilitatorApp(store=store)
    app.show_setup("exploding")
    app.setup.set_seats(seats)
    app.setup.seed.value = str(SEED)
    app.setup.start.click()
    assert app.table is not None
    return app.table


def nopes_said(game: ExplodingGame) -> int:
    """How many Nopes were said on the card now pending."""
    pending = game.view(None)["pending"]
    assert pending is not None, "no card is pending"
    return pending["nopes"]


def game_at(table: SessionTable) -> ExplodingGame:
    """The exploding game at ``table`` (every table of these tests plays it)."""
    assert isinstance(table.game, ExplodingGame)
    return table.game


def play_shuffle(table: SessionTable) -> None:
    table.curtain.reveal.click()
    table.picker.pick_label("Ada plays Shuffle")


def projector(table: SessionTable) -> list[str]:
    return [table.waiting.value, table.scoreboard.value, *texts(table.turn)]


def test_the_projector_and_devices_show_the_same_window_whoever_holds_a_nope(
        tmp_path: Path) -> None:
    shown: list[Any] = []
    for twin in range(2):
        with SessionStore(tmp_path / f"twin{twin}.sqlite") as store:
            table = start_table(store, [(name, "human") for name in ABC])
            if twin:  # Bob holds no Nope
                bob = game_at(table).hands[1]
                bob[bob.index(NOPE)] = 9
            play_shuffle(table)
            shown.append((projector(table), device_state(table.game, 2, 0, {}, []),
                          device_state(table.game, 0, 0, {}, [])))
            bob_moves = device_state(table.game, 1, 0, {}, [])["moves"]
            assert [move["text"] for move in bob_moves] == (["Say Nope"] if not twin else [])
    assert shown[0] == shown[1]
    screen, cy_device, _ada_device = shown[0]
    assert f"Anyone to Nope? {NOPE_SECONDS} s" in " ".join(screen)
    assert "Nope!" in screen and not any("Bob says" in text for text in screen)
    assert cy_device["status"] == "Anyone may say Nope to Ada's Shuffle."
    assert cy_device["moves"] == []


def test_the_window_closes_after_its_time(tmp_path: Path) -> None:
    with SessionStore(tmp_path / "sessions.sqlite") as store:
        table = start_table(store, [(name, "human") for name in ABC])
        play_shuffle(table)
        for left in range(NOPE_SECONDS - 1, 0, -1):
            table.claims.step()  # a second passes in the browser
            assert game_at(table).window_open
            assert f"Anyone to Nope? {left} s" in table.claims.face.line.value
        table.claims.step()
        game = game_at(table)
        assert game.phase == "play" and game.log[-1] == CLOSE
        assert store.load(table.session_id).log == game.log
        assert "The draw stack is shuffled." in table.news_box.value


def test_a_holder_says_nope_behind_the_curtain_at_the_projector(tmp_path: Path) -> None:
    with SessionStore(tmp_path / "sessions.sqlite") as store:
        table = start_table(store, [(name, "human") for name in ABC])
        play_shuffle(table)
        table.claims.face.claim.click()  # the clock stops; the list is behind the curtain
        assert not any("says Nope" in text for text in texts(table.turn))
        table.claims.step()
        assert game_at(table).window_open  # a held window does not run out under the chooser
        table.claims.face.reveal.click()
        holders = [button.description for button in table.claims.face.holders.children]
        assert holders == ["Bob says Nope"]
        table.claims.face.holders.children[0].click()
        game = game_at(table)
        assert nopes_said(game) == 1 and game.window_open
        assert "Anyone to Yup?" in table.claims.face.line.value


def test_a_holder_says_nope_from_their_device(tmp_path: Path) -> None:
    with SessionStore(tmp_path / "sessions.sqlite") as store:
        table = start_table(store, [(name, "human") for name in ABC])
        play_shuffle(table)
        game = game_at(table)
        state = device_state(game, 1, 0, {}, [])
        [move] = state["moves"]
        action = chosen_action(game, 1, 0, move["label"])
        assert action is not None and action.kind == "nope"
        assert chosen_action(game, 2, 0, move["label"]) is None  # Cy holds none
        game.apply(action)
        assert nopes_said(game) == 1


def test_bots_claim_at_their_pace_and_a_bots_only_window_closes_at_once(tmp_path: Path) -> None:
    """Only bots may claim: the window takes the bots' pace, not the human countdown."""
    with SessionStore(tmp_path / "sessions.sqlite") as store:
        table = start_table(store, [("Ada", "human"), ("Bob", "heuristic"),
                                    ("Cy", "heuristic")])
        play_shuffle(table)
        assert game_at(table).window_open and table.claims.clock.delay_ms == 700
        table.claims.step()
        assert not game_at(table).window_open and game_at(table).log[-1] == CLOSE


def test_bots_say_nope_in_open_windows_when_they_play_a_game_out() -> None:
    """Simulations and the planner play the default open window: the bots holding a Nope claim
    it there, so a simulated game has Nopes as a game at the table does."""
    from devgames import exploding
    from devgames.core.bots import play_out
    from devgames.sim.runner import make_bot

    nopes = 0
    for seed in range(6):
        game = exploding.new_game(["Ada", "Bob", "Cy"], seed=seed)
        bots = {seat: make_bot(exploding, kind, seed * 10 + seat)
                for seat, kind in enumerate(("heuristic", "random", "heuristic"))}
        play_out(game, bots)
        assert game.is_over
        nopes += sum(action.kind == "nope" for action in game.log)
    assert nopes > 0
