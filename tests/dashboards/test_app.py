"""The facilitator app driven from Python, as its buttons would: set-up, moves, hidden hands,
bots, undo, resume, physical decks, the debrief and the export. The store is a real SQLite file.
"""

import base64
import re
from collections.abc import Callable, Iterator
from html import unescape
from pathlib import Path

import ipywidgets as widgets
import pytest

from devgames.core.actions import CHANCE, Action, given
from devgames.dashboards import FacilitatorApp
from devgames.dashboards.table import SessionTable
from devgames.export import session_from_events
from devgames.sessions import SessionStore
from tests.dashboards.tables import table_of

HOSTILE = '<img src=x onerror="alert(1)">'


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SessionStore]:
    with SessionStore(tmp_path / "sessions.sqlite") as opened:
        yield opened


def start(store: SessionStore, game: str = "scrumkin", seats: list[tuple[str, str]] | None = None,
          hidden: bool = True, seed: str = "7", **options: object) -> FacilitatorApp:
    """An app with a session started through the set-up form."""
    app = FacilitatorApp(store=store)
    app.show_setup(game)
    form = app.setup
    if seats is not None:
        form.set_seats(seats)
    form.hidden_hands.value = hidden
    form.seed.value = seed
    for name, value in options.items():
        if name == "deck":
            form.deck.value = value
        else:
            form.options[name].value = value
    form.start.click()
    assert app.table is not None, form.notice.value
    return app


def all_html(widget: widgets.Widget, markup_only: bool = False) -> str:
    """Every HTML text inside ``widget``, and unless ``markup_only`` the button and list labels
    (which the browser shows as plain text, never as markup)."""
    parts = []
    if isinstance(widget, widgets.HTML):
        parts.append(widget.value)
    if not markup_only and isinstance(widget, widgets.Button):
        parts.append(widget.description)
    for child in getattr(widget, "children", ()):
        parts.append(all_html(child, markup_only))
    return "\n".join(parts)


def humans_play_until(table: SessionTable, done: Callable[[], bool], limit: int = 400) -> None:
    """Pick the first move offered until ``done()``, lifting the curtain when asked."""
    for _ in range(limit):
        if done():
            return
        if (table.controller.hidden_hands and not table.curtain.is_open
                and given(table.game.current_player) >= 0):
            table.curtain.reveal.click()
        table.picker._pick(0)
    raise AssertionError("the condition was never reached")


# ----- launcher and set-up ----------------------------------------------------------------------
def test_new_session_is_saved_with_its_seats(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "heuristic"), ("Green", "human")])
    (row,) = store.list()
    assert row.players == ("Red", "Blue", "Green")
    saved = store.load(row.id)
    assert saved.meta["seats"]["bots"] == {"Blue": "heuristic"}
    assert saved.meta["seats"]["humans"] == ["Red", "Green"]
    assert app.address.session_id == row.id
    assert set(table_of(app).controller.bots) == {1}


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Red", ""], "empty name"),
        (["Red", "red"], "both called"),
        (["Red", "x" * 41], "at most 40"),
        (["Red", "Tab\there"], "control characters"),
    ],
)
def test_bad_names_are_refused_and_the_form_keeps_them(store: SessionStore, names: list[str],
                                                      message: str) -> None:
    app = FacilitatorApp(store=store)
    app.show_setup("scrumkin")
    app.setup.set_seats([(name, "human") for name in names])
    app.setup.start.click()
    assert app.table is None
    assert message in unescape(app.setup.notice.value)
    assert "dg-error" in app.setup.notice._dom_classes
    assert [name for name, _ in app.setup.rows()] == names
    assert store.list() == []


def test_bad_seed_and_bad_option_are_explained(store: SessionStore) -> None:
    app = FacilitatorApp(store=store)
    app.show_setup("scrumkin")
    app.setup.seed.value = "twelve"
    app.setup.start.click()
    assert "seed must be a whole number" in app.setup.notice.value
    app.setup.seed.value = ""
    app.setup.options["backlog"].value = 0
    app.setup.start.click()
    assert "starting backlog" in app.setup.notice.value
    assert app.table is None


def test_seat_limits(store: SessionStore) -> None:
    app = FacilitatorApp(store=store)
    app.show_setup("itstartup")
    form = app.setup
    while len(form.rows()) < 4:
        form.add_seat.click()
    form.add_seat.click()
    assert len(form.rows()) == 4 and "at most 4" in form.notice.value
    form.set_seats([("Ada", "human"), ("Bob", "human")])
    form.seats.children[0].children[2].click()
    assert len(form.rows()) == 2 and "at least 2" in form.notice.value


def test_hostile_names_are_escaped_everywhere(store: SessionStore) -> None:
    app = start(store, seats=[(HOSTILE, "human"), ("=1+1", "human")], hidden=False)
    markup = all_html(app, markup_only=True)
    assert HOSTILE not in markup
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in markup
    table_of(app).picker._pick(0)
    table_of(app).export.prepare()
    assert HOSTILE not in all_html(app, markup_only=True)


# ----- moves --------------------------------------------------------------------------------
def test_only_legal_moves_are_offered_and_each_is_saved(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "human")], hidden=False)
    table = table_of(app)
    for _ in range(12):
        assert set(table.picker.actions) == set(table.game.legal_actions())
        table.picker._pick(len(table.picker.actions) - 1)
        assert store.load(table.session_id).log == table.game.log


def test_an_illegal_move_is_explained_and_changes_nothing(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "human")])
    table = table_of(app)
    before = table.game.snapshot()
    assert not table.apply(Action("play", 1, card=0, target=0))
    assert "Red's turn" in unescape(table.notice.value)
    assert table.game.snapshot() == before and table.game.log == []
    assert store.load(table.session_id).log == []


def test_the_hand_stays_behind_the_curtain_until_asked_for(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "human")])
    table = table_of(app)
    hand = [item["card"] for item in table.game.view(0)["hand"]]
    assert not table.curtain.is_open
    assert not any(card in all_html(app) for card in hand)
    table.curtain.reveal.click()
    shown = all_html(app)
    assert all(card in shown for card in hand)
    table.curtain.hide.click()
    assert not any(card in all_html(app) for card in hand)
    table.curtain.reveal.click()
    drop = next(i for i, a in enumerate(table.picker.actions) if a.kind == "drop")
    table.picker._pick(drop)  # Red's first move (a drop cannot be countered): Red stays on
    assert table.curtain.is_open and table.curtain.owner == "Red"
    humans_play_until(table, lambda: table.game.current_player != 0)
    assert not table.curtain.is_open  # the turn passed: the hand is hidden again
    assert not any(card in all_html(table_of(app).turn) for card in hand)


def test_asking_everyone_to_counter_brings_each_team_to_the_screen(store: SessionStore) -> None:
    """counter_asks="everyone": after Red lays a card, Blue then Green are each asked behind the
    curtain, whatever they hold; a team without a defensive card may only let it through."""
    app = start(store, seats=[("Red", "human"), ("Blue", "human"), ("Green", "human")],
                counter_asks="everyone")
    table = table_of(app)
    table.curtain.reveal.click()
    play = next(i for i, a in enumerate(table.picker.actions) if a.kind == "play")
    table.picker._pick(play)
    without_shield = []
    for team in ("Blue", "Green"):
        assert table.curtain.owner == team and not table.curtain.is_open
        assert f"{team} may counter" in unescape(all_html(table))
        table.curtain.reveal.click()
        kinds = [action.kind for action in table.picker.actions]
        assert kinds[0] == "pass" and set(kinds) <= {"pass", "counter"}
        without_shield.append(kinds == ["pass"])
        table.picker._pick(0)  # let it through
    assert any(without_shield)  # seed 7: a team with nothing to counter with was asked too
    assert table.curtain.owner == "Red" and table.game.view(None)["being_laid"] is None


def test_open_hands_show_the_moves_at_once(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "human")], hidden=False)
    assert table_of(app).picker in table_of(app).turn.children
    assert "Red's hand" in unescape(all_html(table_of(app).turn))


def test_a_long_list_of_moves_is_grouped_by_card(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "human"), ("Green", "human")],
                hidden=False)
    picker = table_of(app).picker
    assert len(picker.actions) > 10 and picker.filter not in picker.children
    assert len(picker.shown) == len(picker.actions)  # every move in view, none scrolled
    shown = [button.description for button in picker.shown]
    assert shown and not any("Red" in text for text in shown)  # the hand says whose it is
    into_green = [button for button in picker.shown if "Green's game" in button.description]
    assert len(into_green) == sum("Green's game" in label for label in picker.labels)
    chosen = picker.actions[picker.buttons.index(into_green[-1])]
    into_green[-1].click()
    assert table_of(app).game.log == [chosen]


# ----- bots -------------------------------------------------------------------------------
def test_bots_play_at_once_until_a_human_is_to_act(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "random"), ("Green", "heuristic")])
    table = table_of(app)
    table.pace_choice.value = 0.0
    humans_play_until(table, lambda: table.game.view(None)["sprint"] >= 3)
    assert table.game.current_player in (0, None) or table.game.is_over
    bot_moves = [a for a in table.game.log if a.player in (1, 2)]
    assert bot_moves
    assert store.load(table.session_id).log == table.game.log


@pytest.mark.parametrize("game", ["scrumkin", "itstartup"])
def test_bots_only_at_once_play_a_whole_game(store: SessionStore, game: str) -> None:
    names = ["Red", "Blue", "Green", "Pink"] if game == "scrumkin" else ["Ada", "Bob", "Cy"]
    app = start(store, game, seats=[(name, "heuristic") for name in names])
    table_of(app).pace_choice.value = 0.0
    assert table_of(app).game.is_over
    assert store.load(table_of(app).session_id).log == table_of(app).game.log


def test_paced_bots_wait_for_the_browser_tick(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "heuristic"), ("Blue", "human")])
    table = table_of(app)
    assert table.controller.pace == 0.7 and table.game.log == []
    token = table.pacer.token
    table.pacer._on_msg(table.pacer, {"tick": token - 1}, [])  # a stale tick does nothing
    assert table.game.log == []
    table.pacer._on_msg(table.pacer, {"tick": token}, [])
    assert len(table.game.log) == 1 and table.game.log[0].player == 0


def test_bots_one_move_per_click(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "heuristic"), ("Blue", "human")])
    table = table_of(app)
    table.pace_choice.value = None
    assert table.bot_step in table.turn.children
    table.bot_step.click()
    assert len(table.game.log) == 1


# ----- undo and resume ----------------------------------------------------------------------
def test_undo_takes_back_the_human_move_and_the_bot_moves_after_it(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "heuristic")])
    table = table_of(app)
    table.pace_choice.value = 0.0
    humans_play_until(table, lambda: len([a for a in table.game.log if a.player == 0]) >= 3)
    human_moves = [n for n, a in enumerate(table.game.log) if a.player == 0]
    snapshot_log = table.game.log[: human_moves[-1]]
    table.undo_last.click()
    assert table.game.log == snapshot_log
    assert store.load(table.session_id).log == snapshot_log
    assert table.controller.paused and table.game.current_player == 0
    table.undo_steps.value = 2
    table.undo(2)
    assert table.game.log == snapshot_log[:-2]
    table.undo(10_000)
    assert "cannot be taken back" in table.notice.value
    assert table.game.log == snapshot_log[:-2]


def test_resume_after_a_restart_finds_every_move(store: SessionStore, tmp_path: Path) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "heuristic"), ("Green", "human")])
    table = table_of(app)
    table.pace_choice.value = 0.0
    humans_play_until(table, lambda: len(table.game.log) >= 15)
    snapshot, session_id = table.game.snapshot(), table.session_id
    with SessionStore(tmp_path / "sessions.sqlite") as reopened:  # a new kernel
        again = FacilitatorApp(store=reopened)
        resume_buttons = [b for b in all_widgets(again) if "dg-resume" in b._dom_classes]
        assert len(resume_buttons) == 1 and "in progress" in resume_buttons[0].description
        again.address.session_id = session_id  # what a reload with #session=N does
        assert again.table is not None and again.table.game.snapshot() == snapshot
        seats = again.table.controller
        assert seats.bot_kinds == {1: "heuristic"} and seats.hidden_hands


def test_resuming_a_missing_session_says_so(store: SessionStore) -> None:
    app = FacilitatorApp(store=store)
    app.resume(99)
    assert app.table is None and "99" in app.notice.value


def all_widgets(widget: widgets.Widget) -> list[widgets.Widget]:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += all_widgets(child)
    return found


# ----- physical deck ------------------------------------------------------------------------
def test_physical_deck_the_facilitator_enters_the_real_cards(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "human")], deck="physical")
    table = table_of(app)
    assert table.game.current_player == CHANCE
    picker = table.picker
    assert "drawn" in picker.heading.value
    picker.filter.value = "Flu"
    shown = [button.description for button in picker.shown]
    assert shown and all("Flu" in label for label in shown)
    picker.shown[0].click()
    assert table.game.log[0].player == CHANCE
    assert shown[0].split(" (x")[0] in table.game.describe(table.game.log[0])
    table.random_card.click()
    assert len(table.game.log) == 2


# ----- end, debrief and export ---------------------------------------------------------------
def finished(store: SessionStore, game: str = "scrumkin") -> FacilitatorApp:
    seats = [("Red", "human"), ("Blue", "heuristic")] if game == "scrumkin" else \
        [("Ada", "human"), ("Bob", "heuristic")]
    app = start(store, game, seats=seats, hidden=False)
    table_of(app).pace_choice.value = 0.0
    humans_play_until(table_of(app), lambda: table_of(app).game.is_over, limit=3000)
    return app


def decode_links(value: str) -> dict[str, str]:
    files = {}
    for name, data in re.findall(r'download="([\w-]+\.csv)" href="data:text/csv;'
                                 r'charset=utf-8;base64,([^"]+)"', value):
        files[name] = base64.b64decode(data).decode("utf-8")
    return files


@pytest.mark.parametrize("game", ["scrumkin", "itstartup"])
def test_the_end_shows_the_winner_and_the_export_replays(store: SessionStore, game: str) -> None:
    app = finished(store, game)
    table = table_of(app)
    end = all_html(table.end)
    assert table.game.winners and all(name in end for name in table.game.winners)
    questions = table.debrief.questions["what"]
    assert questions
    table.debrief.add_note("what", questions[0], "We kept the shield too long")
    table.debrief.add_note("what", questions[0], "=cmd|' /C calc'!A0")
    table.export.prepare()
    files = decode_links(table.export.links.value)
    assert {"events.csv", "rounds.csv", "retro.csv"} <= set(files)
    assert all(text.startswith("\ufeff") for text in files.values())
    rebuilt = session_from_events(files["events.csv"]).replay()
    assert rebuilt.snapshot() == table.game.snapshot()
    assert "We kept the shield too long" in files["retro.csv"]
    assert "\n=cmd" not in files["retro.csv"] and ",=cmd" not in files["retro.csv"]
    rows = files["rounds.csv"].splitlines()
    assert len(rows) - 1 == len(table.game.rounds)


def test_debrief_notes_survive_a_resume(store: SessionStore) -> None:
    app = finished(store)
    question = table_of(app).debrief.questions["what"][0]
    table_of(app).debrief.add_note("what", question, "Velocity fell when Flu hit us")
    again = FacilitatorApp(store=store)
    again.resume(table_of(app).session_id)
    assert "Velocity fell when Flu hit us" in all_html(table_of(again).debrief)


# ----- the room: theme and timer -------------------------------------------------------------
def test_debrief_can_open_before_the_end_and_pace_is_remembered(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "human")])
    table = table_of(app)
    table.pace_choice.value = 2.0
    buttons = [w for w in all_widgets(table) if "dg-debrief-now" in w._dom_classes]
    buttons[0].click()
    assert table.debrief in table.end.children and "still on" in all_html(table.end)
    again = FacilitatorApp(store=store)
    again.resume(table.session_id)
    assert table_of(again).controller.pace == 2.0 and table_of(again).pace_choice.value == 2.0


def test_dark_theme_switches_the_page_and_the_charts(store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "human")])
    app.dark.value = True
    assert "dg-dark" in app._dom_classes
    templates = {fig.layout.template.layout.paper_bgcolor for fig in
                 table_of(app).charts.figures.values()}
    app.dark.value = False
    assert "dg-dark" not in app._dom_classes
    assert templates != {fig.layout.template.layout.paper_bgcolor for fig in
                         table_of(app).charts.figures.values()}


def test_timer_controls(store: SessionStore) -> None:
    app = FacilitatorApp(store=store)
    timer = app.timer
    assert timer.duration == 300 and not timer.running
    buttons = {b.description: b for b in all_widgets(app) if isinstance(b, widgets.Button)}
    buttons["Start/pause"].click()
    assert timer.running
    buttons["+1 min"].click()
    assert timer.duration == 360 and 355 < timer.remaining() <= 360
    buttons["Start/pause"].click()
    assert not timer.running
    app.timer_minutes.value = 10
    buttons["Reset to"].click()
    assert timer.duration == 600 and timer.remaining() == 600


def test_the_language_switch_puts_the_russian_card_names_first(store: SessionStore) -> None:
    """РЕЛИЗ's cards carry both names; the switch on the launcher (first from the browser's
    language) orders them everywhere in the app, and is kept in the browser."""
    app = FacilitatorApp(store=store)
    assert app.language_switch in app.body.children
    assert "dg-lang-en" in app._dom_classes and app.language.language == "en"
    app.language.language = "ru"  # the browser says Russian (or the room chose it before)
    assert "dg-lang-ru" in app._dom_classes and "dg-lang-en" not in app._dom_classes
    assert app.language_switch.value == "ru"
    app.language_switch.value = "en"  # the room's choice goes back to the browser to keep
    assert app.language.language == "en" and "dg-lang-en" in app._dom_classes


def test_a_timed_turn_starts_the_rooms_timer_again(store: SessionStore) -> None:
    """РЕЛИЗ's Tender: each team's turn has the rulebook's 2 minutes on the room's timer,
    started again whenever a move begins a new turn (and kept with the session)."""
    app = start(store, "reliz", [("Red", "human"), ("Blue", "human")], hidden=False,
                scenario="tender")
    table = table_of(app)
    assert table is not None
    game = table.game
    assert game.view(None)["turn_minutes"] == 2
    turn = game.view(None)["turn"]
    for _ in range(200):
        if game.view(None)["turn"] != turn:
            break
        actions = game.legal_actions()
        table.apply(next((a for a in actions if a.kind == "end"), actions[0]))
    assert game.view(None)["turn"] != turn
    assert app.timer.duration == 120 and app.timer.running
    saved = store.resume(table.session_id).meta["timer"]
    assert saved["duration"] == 120 and saved["started_at"] > 0


def test_an_untimed_game_leaves_the_timer_alone(store: SessionStore) -> None:
    app = start(store, "scrumkin", [("Red", "human"), ("Blue", "human")], hidden=False)
    table = table_of(app)
    assert table is not None
    for _ in range(6):
        table.apply(table.game.legal_actions()[0])
    assert app.timer.duration == 300 and not app.timer.running
