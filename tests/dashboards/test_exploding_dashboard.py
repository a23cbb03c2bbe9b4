"""Exploding Git Commits in the facilitator app: a whole game of bots, its charts, debrief and
export, checked against the game's own rows."""

import csv
import html
import io
from pathlib import Path

from devgames.core.wording import percent
from devgames.dashboards import FacilitatorApp
from devgames.exploding.game import ROUND_FIELDS, ExplodingGame
from devgames.exploding.rules import card_name
from devgames.export import export_session, session_from_events
from devgames.sessions import SessionStore
from tests.dashboards.tables import table_of


def test_a_peek_shows_the_cards_behind_the_curtain_only(tmp_path: Path) -> None:
    """Ada plays Peek into the Future: the three cards appear with her hand, behind the curtain,
    and nowhere on the public table; the public chance is a percentage."""
    with SessionStore(tmp_path / "sessions.sqlite") as store:
        app = FacilitatorApp(store=store)
        app.show_setup("exploding")
        app.setup.set_seats([("Ada", "human"), ("Bob", "human")])
        app.setup.seed.value = "2"  # Ada starts with a Peek into the Future
        app.setup.options["nope_window"].value = "in_turn"
        app.setup.start.click()
        table = table_of(app)
        table.curtain.reveal.click()
        table.picker.pick_label("Ada plays Peek into the Future")
        game = table.game
        assert isinstance(game, ExplodingGame)
        while game.view(None)["pending"]:  # a player holding a Nope lets it through
            table.curtain.reveal.click()
            table.picker._pick([action.kind for action in table.picker.actions].index("pass"))
            table.curtain.reveal.click()
        top = [card_name(card) for card in game.deck[:3]]
        [known, chance] = game.secrets("Ada")
        assert all(card in known for card in top) and "%" in chance
        assert table.curtain.owner == "Ada" and table.curtain.is_open  # still Ada's turn
        assert html.escape(known, quote=True) in table.hand.value
        public = [table.scoreboard.value, table.news_box.value]
        assert not any(known in text or "You know" in text for text in public)
        assert f"<b>chance next explodes</b> {percent(game.chance_next_explodes())}" in public[0]
        table.curtain.hide.click()
        assert "You know" not in "".join(w.value for w in table.turn.children
                                          if hasattr(w, "value"))


def test_a_bots_only_game_charts_debrief_and_export(tmp_path: Path) -> None:
    with SessionStore(tmp_path / "sessions.sqlite") as store:
        app = FacilitatorApp(store=store)
        app.show_setup("exploding")
        app.setup.set_seats([("Ada", "heuristic"), ("Bob", "random"), ("Cy", "heuristic")])
        app.setup.seed.value = "5"
        app.setup.start.click()
        table = table_of(app)
        table.pace_choice.value = 0.0
        game = table.game
        assert game.is_over and len(game.winners) == 1
        assert store.load(table.session_id).log == game.log

        by_turn = {row["turn"]: row for row in game.rounds}
        risk = table.charts.traces("risk")[0]
        assert list(risk.x)[1:] == list(by_turn)
        assert list(risk.y)[1:] == [round(100 * r["chance_next_explodes"], 1)
                                    for r in by_turn.values()]
        left, exploding = table.charts.traces("cards_left")
        assert list(left.y)[1:] == [r["deck_size"] for r in by_turn.values()]
        assert (exploding.y[0], exploding.y[-1]) == (2, 0)  # players - 1, then none left
        for trace in table.charts.traces("hands"):
            alive_turns = [r["turn"] for r in game.rounds
                           if r["player"] == trace.name and r["alive"]]
            assert [round(x) for x in trace.x] == alive_turns  # lines are set a little apart

        first_out = game.view(None)["eliminated"][0]
        assert any(first_out in question for questions in table.debrief.questions.values()
                   for question in questions)

        files = export_session(game)
        rows = list(csv.DictReader(io.StringIO(files["rounds.csv"].lstrip("\ufeff"))))
        assert list(rows[0]) == list(ROUND_FIELDS) and len(rows) == len(game.rounds)
        assert session_from_events(files["events.csv"]).replay().snapshot() == game.snapshot()


def test_a_nope_prompt_goes_to_the_player_asked_behind_the_curtain(tmp_path: Path) -> None:
    """Bob plays Skip; Ada, who holds a Nope, is asked at the screen whether to Nope it."""
    with SessionStore(tmp_path / "sessions.sqlite") as store:
        app = FacilitatorApp(store=store)
        app.show_setup("exploding")
        app.setup.set_seats([("Ada", "human"), ("Bob", "human")])
        app.setup.seed.value = "1"  # Ada holds a Nope; Ada starts, Bob then holds two Skips
        app.setup.options["first_player"].value = 1
        app.setup.options["nope_window"].value = "in_turn"  # each holder asked in turn
        app.setup.start.click()
        table = table_of(app)
        assert table.curtain.owner == "Bob" and not table.curtain.is_open
        table.curtain.reveal.click()
        table.picker.pick_label("Bob plays Skip")
        assert table.game.view(None)["pending"]["card"]
        assert table.curtain.owner == "Ada" and not table.curtain.is_open  # Bob's hand hid
        table.curtain.reveal.click()
        kinds = {action.kind for action in table.picker.actions}
        assert kinds == {"nope", "pass"}
        nope = next(label for label, action in zip(table.picker.labels, table.picker.actions,
                                                  strict=True) if action.kind == "nope")
        table.picker.pick_label(nope)
        # Bob is asked too (everyone is, by default), holds no Nope and can only let it happen.
        assert table.curtain.owner == "Bob" and not table.curtain.is_open
        table.curtain.reveal.click()
        assert {action.kind for action in table.picker.actions} == {"pass"}
        table.picker.pick_label(table.picker.labels[0])
        view = table.game.view(None)  # the Skip is cancelled
        assert view["pending"] is None and view["discard_top"] == "Nope"
        assert view["current_player"] == "Bob" and table.curtain.owner == "Bob"
