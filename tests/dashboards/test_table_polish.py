"""The table's polish, driven from Python as its buttons would be, with a real SQLite file: tick
boxes for a choice of cards (IT Startup's mulligan), seats changed between the screen and a bot
mid-game, and "what just happened" and the timer found again after a reload.
"""

import time
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import ipywidgets as widgets
import pytest

from devgames import itstartup, scrumkin
from devgames.core.actions import Action, given
from devgames.core.session import Session
from devgames.dashboards import FacilitatorApp
from devgames.dashboards.setup_form import NewSession
from devgames.dashboards.table import NEWS_LINES, SessionTable
from devgames.dashboards.theme import CSS
from devgames.release.observer import short_card
from devgames.sessions import SessionStore
from devgames.sessions.table import seats_meta
from tests.dashboards.tables import table_of


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SessionStore]:
    with SessionStore(tmp_path / "sessions.sqlite") as opened:
        yield opened


def open_session(store: SessionStore, game: object, bots: dict[int, str] | None = None,
                 hidden: bool = True) -> FacilitatorApp:
    """An app at the table of a new session, as the set-up form's Start button leaves it."""
    app = FacilitatorApp(store=store)
    app.start(NewSession(game, None, bots or {}, hidden))  # type: ignore[arg-type]
    assert app.table is not None
    return app


def reopened(store: SessionStore, table: SessionTable) -> SessionTable:
    """The same session in a new app, as a reload with ``#session=N`` opens it."""
    again = FacilitatorApp(store=store)
    again.address.session_id = table.session_id
    assert again.table is not None and again.table.session_id == table.session_id
    return again.table


def tree(widget: widgets.Widget) -> list[widgets.Widget]:
    """``widget`` and every widget shown inside it."""
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += tree(child)
    return found


def by_class(widget: widgets.Widget, name: str) -> widgets.Widget:
    (found,) = [w for w in tree(widget) if name in getattr(w, "_dom_classes", ())]
    return found


# ----- a choice of cards: tick boxes ------------------------------------------------------------
def test_the_mulligan_is_one_tick_box_per_card_behind_the_curtain(store: SessionStore) -> None:
    app = open_session(store, itstartup.new_game(["Ada", "Bob"], seed=11, goal=32))
    table = table_of(app)
    hand = {item["id"]: item["card"] for item in table.game.view(0)["hand"]}
    assert table.subsets not in tree(table)  # behind the curtain until Ada asks
    table.curtain.reveal.click()
    shown = tree(table.turn)
    assert table.subsets in shown and table.picker not in shown
    assert not [w for w in shown if "dg-move" in w._dom_classes and w is not table.subsets.go]
    assert [box.description for box in table.subsets.box.children] == [
        hand[card] for card in sorted(hand)]
    assert table.subsets.go.description == "Ada keeps the opening hand"
    first, third = sorted(hand)[0], sorted(hand)[2]
    table.subsets.boxes[2].value = True
    table.subsets.boxes[0].value = True
    assert table.subsets.go.description == f"Ada puts back {hand[first]}, {hand[third]}"
    table.subsets.go.click()
    move = Action("mulligan", 0, cards=(first, third))
    assert table.game.log[0] == move and store.load(table.session_id).log[0] == move

    # Bob's turn: the curtain is down again, and Bob's boxes start unticked.
    assert not table.curtain.is_open and table.curtain.owner == "Bob"
    table.curtain.reveal.click()
    assert not any(box.value for box in table.subsets.box.children)
    assert table.subsets.go.description == "Bob keeps the opening hand"
    table.subsets.go.click()
    assert table.game.log[-1] == Action("mulligan", 1, cards=())
    # The first real turn offers its moves as buttons again.
    while table.game.current_player != 0 or not table.game.legal_actions():
        table.picker._pick(0)
    if not table.curtain.is_open:
        table.curtain.reveal.click()
    assert table.picker in tree(table.turn) and table.subsets not in tree(table.turn)


def test_open_hands_show_the_tick_boxes_at_once_and_other_games_keep_buttons(
        store: SessionStore) -> None:
    app = open_session(store, itstartup.new_game(["Ada", "Bob", "Cy"], seed=3), hidden=False)
    assert table_of(app).subsets in tree(table_of(app).turn)
    table_of(app).subsets.boxes[1].value = True
    table_of(app).subsets.go.click()
    assert (len(given(table_of(app).game.log[0].cards)) == 1
            and table_of(app).game.current_player == 1)
    other = open_session(store, scrumkin.new_game(["Red", "Blue"], seed=7), hidden=False)
    assert table_of(other).picker in tree(table_of(other).turn)
    assert table_of(other).subsets not in tree(table_of(other).turn)


# ----- seats: the screen or a bot, mid-game ----------------------------------------------------
def test_a_seat_turned_bot_plays_at_once_and_is_remembered(store: SessionStore) -> None:
    app = open_session(store, scrumkin.new_game(["Red", "Blue", "Green"], seed=7))
    table = table_of(app)
    table.pace_choice.value = 0.0
    assert table.game.current_player == 0 and not table.game.log
    table.curtain.reveal.click()
    table.seats_panel.choose("Red", "heuristic")
    assert not table.curtain.is_open  # Red's hand is not left on the screen
    assert table.game.log and {a.player for a in table.game.log} == {0}
    assert table.game.current_player != 0
    assert "Red (heuristic bot), Blue, Green" in unescape(table.heading.value)  # its tooltip
    assert '<tr data-name="Red">' in table.scoreboard.value  # the room reads: Red is a bot
    assert 'Red</span> <span class="dg-tag">bot</span>' in table.scoreboard.value
    assert 'Blue</span> <span class="dg-tag">' not in table.scoreboard.value
    saved = store.load(table.session_id)
    assert saved.log == table.game.log
    assert saved.meta["seats"] == {**seats_meta(table.game, {0: "heuristic"}, True), "pace": 0.0}
    again = reopened(store, table)
    assert again.controller.bot_kinds == {0: "heuristic"}
    assert again.seats_panel.lists["Red"].value == "heuristic"
    assert again.seats_panel.lists["Blue"].value == "human"
    assert "Red (heuristic bot)" in unescape(again.heading.value)
    # A terminal resume reads the same seats: Blue and Green are the humans.
    session = Session.from_json(saved.to_json())
    assert session.meta["seats"]["humans"] == ["Blue", "Green"]
    assert session.meta["seats"]["bot"] == "heuristic"


def test_a_bot_seat_handed_back_to_the_screen(store: SessionStore) -> None:
    game = scrumkin.new_game(["Red", "Blue"], seed=7)
    app = open_session(store, game, bots={1: "random"})
    table = table_of(app)
    assert "Blue (random bot)" in unescape(table.heading.value)
    table.seats_panel.choose("Blue", "human")
    assert table.controller.bot_kinds == {} and table.controller.bots == {}
    assert "bot" not in table.heading.value
    seats = store.load(table.session_id).meta["seats"]
    assert seats["humans"] == ["Red", "Blue"] and seats["bots"] == {} and "bot" not in seats
    humans_moves = 0
    while table.game.current_player == 0 and humans_moves < 20:  # Red plays; Blue is asked
        if not table.curtain.is_open:
            table.curtain.reveal.click()
        table.picker._pick(len(table.picker.actions) - 1)
        humans_moves += 1
    assert table.game.current_player == 1
    assert table.curtain.owner == "Blue" and not table.curtain.is_open  # no bot plays Blue
    assert reopened(store, table).controller.bot_kinds == {}


def test_a_paced_bot_taking_over_waits_for_the_browser_tick(store: SessionStore) -> None:
    app = open_session(store, scrumkin.new_game(["Red", "Blue"], seed=7))
    table = table_of(app)
    assert table.controller.pace == 0.7
    table.seats_panel.choose("Red", "random")
    assert not table.game.log
    assert table.bot_line in table.turn.children and "(bot) is playing" in table.bot_line.value
    table.pacer._on_msg(table.pacer, {"tick": table.pacer.token}, [])
    assert len(table.game.log) == 1 and table.game.log[0].player == 0


# ----- after a reload ----------------------------------------------------------------------------
def test_what_just_happened_is_the_same_after_a_reload(store: SessionStore) -> None:
    app = open_session(store, scrumkin.new_game(["Red", "Blue", "Green"], seed=7),
                       bots={1: "heuristic"}, hidden=False)
    table = table_of(app)
    table.pace_choice.value = 0.0
    while len(table.controller.news) < NEWS_LINES + 4:
        table.picker._pick(len(table.picker.actions) - 1)
    assert any("Blue" in line for line in table.controller.news[-NEWS_LINES:])
    again = reopened(store, table)
    assert again.controller.news == table.controller.news[-NEWS_LINES:]
    assert again.news_box.value == table.news_box.value and again.news_box.value


def test_the_timer_runs_on_across_a_reload(store: SessionStore) -> None:
    app = open_session(store, scrumkin.new_game(["Red", "Blue"], seed=7))
    start, more = by_class(app, "dg-timer-start"), by_class(app, "dg-timer-more")
    start.click()
    more.click()
    started = app.timer.started_at
    assert started > 0
    time.sleep(0.2)
    again = FacilitatorApp(store=store)
    assert not again.timer.running  # the launcher: no session, a fresh timer
    again.address.session_id = table_of(app).session_id
    assert again.timer.running and again.timer.started_at == started
    assert again.timer.duration == 360
    assert again.timer.remaining() < 359.8
    by_class(again, "dg-timer-start").click()  # paused after the reload
    left = again.timer.remaining()
    paused = FacilitatorApp(store=store)
    paused.resume(app.table.session_id)
    assert not paused.timer.running and paused.timer.remaining() == pytest.approx(left)
    paused.timer_minutes.value = 10
    by_class(paused, "dg-timer-reset").click()
    last = FacilitatorApp(store=store)
    last.resume(app.table.session_id)
    assert last.timer.state() == {"duration": 600, "elapsed": 0.0, "started_at": 0.0}


def test_a_session_opened_with_no_timer_saved_keeps_the_running_one(store: SessionStore) -> None:
    app = FacilitatorApp(store=store)
    by_class(app, "dg-timer-start").click()  # started on the launcher, before any session
    app.start(NewSession(scrumkin.new_game(["Red", "Blue"], seed=7), None, {}, True))
    assert app.timer.running
    saved = store.load(table_of(app).session_id).meta["timer"]
    assert saved == app.timer.state()


# ----- one colour for a team everywhere ---------------------------------------------------------
def test_a_team_wears_its_colour_on_the_curtain_the_winner_line_and_the_debrief(
        store: SessionStore) -> None:
    from devgames.screens.colors import team_colors

    game = scrumkin.new_game(["Red", "Blue"], seed=3)
    table = table_of(open_session(store, game, hidden=True))
    red, blue = team_colors(["Red", "Blue"], dark=False)
    owner = table.curtain.owner
    color = {"Red": red, "Blue": blue}[owner]
    assert table.curtain.layout.border_left == f"10px solid {color}"
    assert f'background:{color}"></span>{owner}' in table.curtain.message.value
    table.set_pace(0.0)
    for seat in (0, 1):
        table.seats_panel.choose(game.players[seat], "heuristic")
    assert table.game.is_over
    winner = table.end.children[0].value
    (name,) = table.game.winners
    assert f'background:{ {"Red": red, "Blue": blue}[name]}"></span>{name}' in winner
    questions = " ".join(w.value for w in tree(table.debrief) if isinstance(w, widgets.HTML))
    assert f'background:{red}"></span>Red' in questions  # seed 3: Red's velocity fell
    assert f'background:{blue}"></span>Blue' in questions  # and Blue got the most bugs


def test_the_about_box_credits_every_game_and_its_licence(store: SessionStore) -> None:
    from devgames.credits import CREDITS

    app = FacilitatorApp(store=store)
    assert "dg-open" not in app.about._dom_classes
    app.about_toggle.value = True
    assert "dg-open" in app.about._dom_classes
    text = unescape(" ".join(w.value for w in tree(app.about) if isinstance(w, widgets.HTML)))
    assert all(credit.game in text and credit.licence in text for credit in CREDITS)
    assert "CC BY-NC-SA 4.0" in text and "MIT" in text
    by_class(app.about, "dg-about-close").click()
    assert "dg-open" not in app.about._dom_classes and not app.about_toggle.value


# ----- the left column: read whole at 1280x720 ---------------------------------------------------
def test_the_top_line_names_the_game_whole_and_the_scoreboard_who_plays(
        store: SessionStore) -> None:
    names = ["Data & Analytics", "Platform Team", "Mobile Squad", "Customer Success", "Red",
             "Payments Crew", "Site Reliability", "Growth Hackers"]
    table = table_of(open_session(store, scrumkin.new_game(names, seed=7),
                                  bots={seat: "heuristic" for seat in range(1, 8)}))
    heading = unescape(table.heading.value)
    assert ">Scrumkin</h2>" in heading and "dg-muted" not in heading  # no line cut short
    assert "Platform Team (heuristic bot)" in heading  # the players, as the title's tooltip
    board = table.scoreboard.value
    assert board.count('<span class="dg-tag">bot</span>') == 7
    assert "<th>Teams</th>" in board and "<h3>" not in board
    assert "rulebook" not in board and "phase" not in board  # the set-up stays off the screen


def test_eight_teams_leave_the_cards_in_play_to_the_chart(store: SessionStore) -> None:
    names = [f"Team {n}" for n in range(8)]
    table = table_of(open_session(store, scrumkin.new_game(names, seed=7), hidden=False))
    while not any(row["in_play"] for row in table.game.view(None)["teams"]):
        table.picker._pick(0)
    assert "in play:" not in table.scoreboard.value
    few = table_of(open_session(store, scrumkin.new_game(names[:3], seed=7), hidden=False))
    while not any(row["in_play"] for row in few.game.view(None)["teams"]):
        few.picker._pick(0)
    assert "in play:" in few.scoreboard.value


def test_it_startup_players_have_no_line_of_employees(store: SessionStore) -> None:
    table = table_of(open_session(store, itstartup.new_game(["Ada", "Bob"], seed=11), hidden=False))
    while not any(row["employees"] for row in table.game.view(None)["players"]):
        table.picker._pick(len(table.picker.actions) - 1)
    board = table.scoreboard.value
    assert "employees" not in board and "dg-cards" not in board  # the burnout heatmap's rows
    assert "goal" not in board and "<th>points</th>" in board


def test_cooperation_counts_rounds_against_its_deadline(store: SessionStore) -> None:
    from devgames import reliz

    game = reliz.new_game(["Ada", "Bob"], seed=3, scenario="cooperation", coop_rounds=30)
    table = table_of(open_session(store, game))
    assert "<b>round</b> 1 of 30" in table.scoreboard.value
    assert "<b>turn</b>" not in table.scoreboard.value


def test_release_says_who_leads_once(store: SessionStore) -> None:
    from devgames import release

    table = table_of(open_session(store, release.new_game(["Ada", "Bob", "Cy"], seed=1)))
    assert "leads" in table.waiting.value or "commits" in table.waiting.value
    assert "<b>leader</b>" not in table.scoreboard.value


def test_release_pairs_are_rows_of_two_lines_with_the_cards_committed(
        store: SessionStore) -> None:
    from devgames import release

    names = ["Data & Analytics", "Platform Team", "Mobile Squad", "Customer Success", "Red",
             "Payments Crew", "Site Reliability", "Growth Hackers", "Blue", "QA Guild"]
    table = table_of(open_session(store, release.new_game(names, seed=11)))
    while len(table.game.view(None)["committed"]) < 2:
        table.game.apply(table.game.legal_actions()[0])
    table.refresh()
    board = table.scoreboard.value
    assert board.count("<tr data-name=") + board.count("<tr class=") == 5  # a row a pair
    assert "Data &amp; Analytics</span><br>" in board and "Payments Crew" in board
    assert "<th>committed</th>" in board and "suit breaks" not in board
    game = table.game
    assert isinstance(game, release.ReleaseGame)
    seat, card, rank = game.trick[1]
    short = short_card(game, card, rank)  # its figures, on its player's line of the row
    assert (f'<td class="game-text">{short}<br>' if seat < 5 else f"<br>{short}</td>") in board
    # The full sentence stays in the facts, read while a hand is open (the table is hidden).
    assert '<span class="dg-in-table"><b>committed</b>' in board
    assert ".dg-table-view:not(.dg-hand-open) .dg-facts > .dg-in-table" in CSS


def test_reliz_team_development_is_a_row_a_team(store: SessionStore) -> None:
    from devgames import reliz

    names = ["Data & Analytics", "Platform Team", "Mobile Squad", "Customer Success"]
    table = table_of(open_session(store, reliz.new_game(names, seed=3, scenario="team")))
    board = table.scoreboard.value
    assert "<th>Teams</th>" in board and "<th>Players</th>" not in board
    assert "Data &amp; Analytics</span><br>" in board and "<th>team</th>" not in board
    assert "<th>member</th>" not in board and "sick" not in board  # nobody is sick yet


# ----- an open hand: one screen, moves by card ---------------------------------------------------
def test_an_open_hand_takes_the_charts_room_and_groups_its_moves_by_card(
        store: SessionStore) -> None:
    names = ["Data & Analytics", "Platform Team", "Mobile Squad", "Customer Success"]
    app = open_session(store, scrumkin.new_game(names, seed=7))
    table = table_of(app)
    assert "dg-hand-open" not in table._dom_classes
    table.curtain.reveal.click()
    assert "dg-hand-open" in table._dom_classes  # theme.py: the charts give way
    picker = table.picker
    assert "dg-hand" in picker._dom_classes and picker.filter not in tree(table)
    assert len(picker.shown) == len(picker.actions) > 10  # every move in view, none filtered
    assert not [b for b in picker.shown if "Data & Analytics" in b.description]
    rows = [w for w in tree(picker) if "dg-move-row" in w._dom_classes]
    assert len(rows) == len({a.card for a in picker.actions})  # a line per card
    assert "Data & Analytics's hand and moves" in unescape(table.hand.value)
    target = next(b for b in picker.shown if b.description == "Mobile Squad's game")
    chosen = picker.actions[picker.buttons.index(target)]
    target.click()
    assert table.game.log == [chosen] and chosen.target == 2
    if table.curtain.is_open:  # the same team moves again: it hides its hand itself
        table.curtain.hide.click()
    assert "dg-hand-open" not in table._dom_classes


def test_a_release_card_that_does_not_follow_suit_says_why(store: SessionStore) -> None:
    from devgames import release

    game = release.new_game(["Ada", "Bob", "Cy"], seed=11)
    while True:  # to a turn where the seat to play must follow suit and cannot play every card
        seat = game.current_player
        hand = {item["id"] for item in game.view(seat)["hand"]}
        if {a.card for a in game.legal_actions()} != hand:
            break
        game.apply(game.legal_actions()[0])
    app = open_session(store, game)
    table = table_of(app)
    table.curtain.reveal.click()
    picker = table.picker
    assert picker.off and len(picker.shown) == len(game.legal_actions())
    assert not [b for b in picker.off if "dg-move" in b._dom_classes]  # not a move: tests skip it
    moves = len(table.game.log)
    picker.off[0].click()
    assert len(table.game.log) == moves  # nothing played
    assert "dg-error" in table.notice._dom_classes and "must" in table.notice.value
    assert table.curtain.is_open  # the team still looks at its hand
