"""The audience view: the projector's table for people away from the screen, read-only. What
it shows (never a card only a team holds, in every game), and its addresses over real HTTP:
the page, the long wait for the table, wrong links, the cap on viewers, a proxy's path."""

import asyncio
import json
import time
from random import Random
from typing import Any

import pytest
from tornado.httpclient import HTTPResponse
from tornado.testing import AsyncHTTPTestCase, gen_test

from devgames import game_module, game_specs, reliz, scrumkin
from devgames.core.game import Game
from devgames.core.wording import recent_news
from devgames.devices import audience_api, server
from devgames.devices.audience import AudienceStates, audience_state
from devgames.devices.room import PAUSED
from devgames.screens.charts import CHARTS
from devgames.screens.colors import team_colors
from devgames.sessions.store import SessionStore
from devgames.sessions.table import TableController
from tests.devices.test_device_state import mentions, names_in

GAMES = [spec.name for spec in game_specs()]


def positions(name: str, seats: int, seed: int, every: int = 9) -> list[Game]:
    """Copies of a game played by random bots, every ``every`` moves (up to 300 moves)."""
    game = game_module(name).new_game([f"Team{i}" for i in range(seats)], seed=seed)
    rng = Random(seed)
    out = []
    for step in range(300):
        if game.is_over:
            break
        if step % every == 0 and step:
            out.append(game.session().replay())
        game.apply(rng.choice(game.legal_actions()))
    return [*out, game]


@pytest.mark.parametrize("name", GAMES)
def test_the_audience_is_never_shown_a_card_only_a_team_holds(name: str) -> None:
    spec = next(s for s in game_specs() if s.name == name)
    seats = max(spec.min_players, min(3, spec.max_players))
    store = SessionStore(":memory:")
    checked = 0
    for game in positions(name, seats, seed=13):
        table = TableController(game, store, store.create(game), 0)
        news = recent_news(game, server.NEWS_LINES)
        shown = json.dumps(audience_state(table, news), ensure_ascii=False)
        charts = [chart.traces(game, team_colors(list(game.players)))  # the projector's too
                  for chart in CHARTS.get(name, {}).values()]
        public = json.dumps([game.view(None), news, charts], ensure_ascii=False)
        for seat in range(seats):
            private = {card for card in names_in(game.view(seat)) if not mentions(public, card)}
            leaked = {card for card in private if mentions(shown, card)}
            assert not leaked, f"{name}: the audience is shown {leaked} of seat {seat}"
            checked += len(private)
    assert checked > 0  # the game did have cards only a team held


def test_the_state_is_the_projectors_and_changes_only_with_the_table() -> None:
    store = SessionStore(":memory:")
    game = scrumkin.new_game(["Red", "<b>Blue</b>"], seed=2)
    table = TableController(game, store, store.create(game), 0)
    first = audience_state(table, [])
    assert first["line"] == game.view(None)["waiting_for"]
    assert "&lt;b&gt;Blue&lt;/b&gt;" in first["scoreboard"] and "<b>Blue" not in first["scoreboard"]
    assert first["charts"]["layout"]["showlegend"] is False
    assert first["charts"]["layout"]["font"]["size"] >= 16
    assert audience_state(table, [])["etag"] == first["etag"]
    table.apply(game.legal_actions()[0])
    assert audience_state(table, [])["etag"] != first["etag"]
    table.pause_room(True)
    paused = audience_state(table, [])
    assert paused["paused"] and paused["paused_note"]
    states = AudienceStates()
    assert states.of(table, [], (960, 720)) is states.of(table, [], (960, 720))


def test_the_end_says_who_won_and_a_board_game_is_shown_without_its_hands() -> None:
    store = SessionStore(":memory:")
    game = reliz.new_game(["Red", "Blue"], seed=3)
    rng = Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    state = audience_state(TableController(game, store, store.create(game), 0), [])
    assert state["over"] and state["winner"] and state["timer"] is None
    board = state["board"]  # the projector's drawing of the board, nothing lit to click
    assert board["game"] == "reliz" and board["label"].startswith("The board: ")
    assert board["scene"]["halves"] and all(half["state"] not in ("legal", "turnable")
                                            for half in board["scene"]["halves"])
    assert "blocks" not in state["scoreboard"].lower()  # drawn on the board, not as a table
    scrumkin_game = scrumkin.new_game(["Red", "Blue"], seed=3)
    assert audience_state(TableController(scrumkin_game, store, store.create(scrumkin_game), 0),
                          [])["board"] is None


class AudienceServerTest(AsyncHTTPTestCase):
    """A Scrumkin session (Red, Blue), its audience link; a device link for Red."""

    prefix = ""

    def setUp(self) -> None:
        self.store = SessionStore(":memory:")
        self.session = self.store.create(scrumkin.new_game(["Red", "Blue"], seed=4))
        self.token = self.store.audience_link(self.session)
        self.hub = server.Hub(self.store, prefix=self.prefix)
        super().setUp()

    def get_app(self) -> Any:
        return server.make_app(self.hub)

    def viewers(self) -> server.Slots:
        """The count of the audience's requests under way."""
        return next(rule.target_kwargs["viewers"] for rule in self._app.wildcard_router.rules
                    if rule.target is audience_api.AudienceStateHandler)

    def url(self, known: str = "", token: str | None = None) -> str:
        """The address of the state, for a page whose charts' box is 900 x 700 pixels."""
        return f"{self.prefix}/a/{token or self.token}/state?known={known}&w=900&h=700"

    def state(self, known: str = "", token: str | None = None) -> HTTPResponse:
        return self.fetch(self.url(known, token), raise_error=False)

    def move(self) -> None:
        game, revision = self.store.checkout(self.session)
        game.apply(game.legal_actions()[0])
        self.store.sync(self.session, game, expected=revision)
        self.hub.wake()  # the watch of the store does this for other processes' writes

    def test_the_page_and_its_files_carry_the_servers_headers(self) -> None:
        answer = self.fetch(f"{self.prefix}/a/{self.token}")
        assert answer.code == 200
        page = answer.body.decode()
        for asset in ("audience.js", "audience.css", "clock.js", "plotly.min.js"):
            assert f'src="{self.prefix}/static/{asset}"' in page or \
                f'href="{self.prefix}/static/{asset}"' in page
            served = self.fetch(f"{self.prefix}/static/{asset}",
                                headers={"Accept-Encoding": "gzip"}, decompress_response=False)
            assert served.code == 200, asset
        policy = answer.headers["Content-Security-Policy"]
        assert "script-src 'self';" in policy and "style-src 'self' 'unsafe-inline'" in policy
        assert answer.headers["Referrer-Policy"] == "no-referrer"
        assert answer.headers["Cache-Control"] == "no-store"
        plotly = self.fetch(f"{self.prefix}/static/plotly.min.js",
                            headers={"Accept-Encoding": "gzip"}, decompress_response=False)
        assert plotly.headers["Content-Encoding"] == "gzip"
        assert "max-age=86400" in plotly.headers["Cache-Control"]
        assert len(plotly.body) < 2_000_000  # of about 4.8 MB

    def test_a_boards_drawing_is_served_for_the_game_that_has_one(self) -> None:
        script = self.fetch(f"{self.prefix}/static/board-reliz.js")
        assert script.code == 200 and b"export default" in script.body
        assert script.headers["Content-Type"].startswith("text/javascript")
        assert "max-age=86400" in script.headers["Cache-Control"]
        assert script.headers["X-Content-Type-Options"] == "nosniff"
        style = self.fetch(f"{self.prefix}/static/board-reliz.css")
        assert style.code == 200 and b".dg-board-half" in style.body
        for missing in ("board-scrumkin.js", "board-chess.css", "board-reliz.html"):
            assert self.fetch(f"{self.prefix}/static/{missing}", raise_error=False).code == 404

    def test_the_state_is_public_and_json(self) -> None:
        answer = self.state()
        data = json.loads(answer.body)
        assert answer.code == 200 and data["line"] == "Red makes move 1 of 2."
        assert data["charts"]["data"] and "hand" not in data and data["now"] > 0
        assert answer.headers["Content-Security-Policy"].startswith("default-src 'none'")

    def test_a_waiting_page_answers_as_soon_as_the_table_moves(self) -> None:
        known = json.loads(self.state().body)["etag"]

        @gen_test(timeout=10)
        async def scenario(self: AudienceServerTest) -> None:
            started = time.monotonic()
            waiting = self.http_client.fetch(
                self.get_url(self.url(known)))
            await asyncio.sleep(0.2)
            self.move()
            answer = await waiting
            assert json.loads(answer.body)["revision"] == 1
            assert time.monotonic() - started < 2

        scenario(self)

    def test_a_wrong_or_replaced_link_gets_a_page_that_says_so(self) -> None:
        for token in ("x" * 22, "<script>"):
            answer = self.fetch(f"{self.prefix}/a/{token}", raise_error=False)
            assert answer.code == 403 and "does not open the table" in answer.body.decode()
        new = self.store.new_audience_link(self.session)
        refused = self.state()
        assert refused.code == 403 and json.loads(refused.body)["reason"] == "audience_closed"
        assert self.state(token=new).code == 200
        self.store.issue_link(self.session, 0)
        assert self.state(token=self.store.links(self.session)[0]).code == 403  # a team's link

    def test_a_link_replaced_while_its_page_waits_is_cut_off(self) -> None:
        known = json.loads(self.state().body)["etag"]

        @gen_test(timeout=10)
        async def scenario(self: AudienceServerTest) -> None:
            waiting = self.http_client.fetch(
                self.get_url(self.url(known)),
                raise_error=False)
            await asyncio.sleep(0.2)
            self.store.new_audience_link(self.session)
            self.hub.wake()
            assert (await waiting).code == 403

        scenario(self)

    def test_the_pause_reaches_the_audience(self) -> None:
        self.store.set_meta(self.session, PAUSED, True)
        data = json.loads(self.state().body)
        assert data["paused"] and data["paused_note"]

    def test_too_many_viewers_from_one_address_or_in_all_are_told_so(self) -> None:
        known = json.loads(self.state().body)["etag"]

        @gen_test(timeout=20)
        async def scenario(self: AudienceServerTest) -> None:
            url = self.get_url(self.url(known))
            waiting = [self.http_client.fetch(url, raise_error=False) for _ in range(3)]
            while self.viewers().total < 3:
                await asyncio.sleep(0.01)
            extra = await self.http_client.fetch(url, raise_error=False)
            assert extra.code == 429 and json.loads(extra.body)["reason"] == "too_many"
            self.move()
            for answer in await asyncio.gather(*waiting):
                assert answer.code == 200 and json.loads(answer.body)["etag"] != known

        viewers = self.viewers()
        viewers.per_person = 3
        scenario(self)
        viewers.most = 0
        assert self.state().code == 429


class ProxiedAudienceTest(AudienceServerTest):
    """The same, behind a reverse proxy serving the app under a path."""

    prefix = "/acme"

    def test_addresses_without_the_path_are_not_served(self) -> None:
        assert self.fetch(f"/a/{self.token}", raise_error=False).code == 404
        assert self.fetch("/static/audience.js", raise_error=False).code == 404
