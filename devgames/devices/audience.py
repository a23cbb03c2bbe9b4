"""The audience view: the projector's table as a light page, for the people who are not in the
room or cannot see the screen (:mod:`devgames.devices.audience_api` serves it).

What it shows is built from the public view alone (``game.view(None)``), by the projector's own
code: the big line saying whose move it is, the scoreboard
(:func:`~devgames.dashboards.components.scoreboard_html`), the charts (the panels of
:mod:`devgames.dashboards.charts`, as plotly figure data the page draws), the news, the room's
timer, the pause and the end. Never a hand, nor anything a team alone knows.

The state is the same for every viewer of a session in one language and one size of the charts'
box, so it is built once per change of the session (:class:`AudienceStates`), however many
viewers wait.
"""

import hashlib
import json
from functools import cache
from html import escape as esc
from typing import Any

from devgames import GAMES, game_spec
from devgames.core.game import Game
from devgames.core.spec import resolve
from devgames.core.wording import game_title
from devgames.dashboards.board import Board
from devgames.dashboards.components import scoreboard_html
from devgames.devices.page import language_options, page_head
from devgames.devices.room import is_paused
from devgames.devices.state import room_timer
from devgames.i18n import _, language
from devgames.screens.cards import NAMES_STYLE
from devgames.screens.colors import seat_colors
from devgames.screens.debrief import winner_line
from devgames.sessions.table import TableController

#: The scripts of the audience page, in the order they run (plotly.js before the page's own,
#: which draws with it from its first state); the texts of ours are sent with the page.
AUDIENCE_SCRIPTS = ("plotly.min.js", "clock.js", "waits.js", "audience.js")
#: The charts are laid out for the page's box in steps of this many pixels (every viewer of a
#: step shares one state), within these bounds.
SIZE_STEP = 80
SMALLEST, LARGEST = (320, 360), (1920, 1600)
#: The size the charts are laid out for when the page has not said its own.
DEFAULT_SIZE = (960, 720)


def chart_size(width: int, height: int) -> tuple[int, int]:
    """The size the charts are laid out for, for a box of ``width`` x ``height`` pixels: rounded
    down to :data:`SIZE_STEP`, within :data:`SMALLEST` and :data:`LARGEST`.

    >>> chart_size(1013, 700), chart_size(10, 10 ** 9)
    ((960, 640), (320, 1600))
    """
    return tuple(min(max(value // SIZE_STEP * SIZE_STEP, low), high)  # type: ignore[return-value]
                 for value, low, high in zip((width, height), SMALLEST, LARGEST, strict=True))


@cache
def _base_layout(name: str, code: str) -> dict[str, Any]:
    """The layout of the projector's figure of the game ``name`` in language ``code`` (its axes,
    titles, fonts and theme: :func:`devgames.dashboards.charts._figure`), as plain data."""
    from devgames.dashboards.charts import CHARTS, charts_figure

    figure = charts_figure(CHARTS[name], False)
    try:
        return dict(figure.to_plotly_json()["layout"])
    finally:
        figure.close()


def charts_data(game: Game, size: tuple[int, int]) -> dict[str, Any] | None:
    """The projector's charts of ``game`` laid out for ``size`` (pixels), as plotly's figure
    data (``data``, ``layout``) and the key of teams above them (HTML); None for a game with
    no charts. Drawn by :mod:`devgames.dashboards.charts`, never computed again here.

    >>> from devgames import scrumkin
    >>> charts = charts_data(scrumkin.new_game(["Red", "Blue"], seed=1), (960, 720))
    >>> sorted(charts), charts["layout"]["width"], charts["layout"]["showlegend"]
    (['data', 'key', 'layout'], 960, False)
    >>> sorted({trace["meta"]["panel"] for trace in charts["data"]})
    ['burndown', 'in_play', 'velocity']
    """
    import plotly.graph_objects as go

    from devgames.dashboards.charts import (
        CHARTS,
        chart_notes,
        key_teams,
        panels_layout,
        placed_traces,
        team_key_html,
    )
    from devgames.screens.colors import team_colors

    charts = CHARTS.get(game.name, {})
    if not charts:
        return None
    colors = team_colors(list(game.players))
    traces = {name: chart.traces(game, colors) for name, chart in charts.items()}
    layout = panels_layout(charts, traces, size)
    figure = go.Figure(layout=_base_layout(game.name, language()))
    figure.update_layout(layout)
    figure.add_traces([trace for index, name in enumerate(charts)
                       for trace in placed_traces(name, index, traces[name], layout)])
    data = json.loads(figure.to_json())
    return {"data": data["data"], "layout": data["layout"],
            "key": team_key_html(*key_teams(game, colors), chart_notes(charts, traces))}


@cache
def board_class(game: str) -> type[Board] | None:
    """The board ``game``'s table draws (РЕЛИЗ's), or None (a game without one, or no game).

    >>> board_class("reliz").__name__, board_class("scrumkin"), board_class("chess")
    ('RelizBoard', None, None)
    """
    path = game_spec(game).board if game in GAMES else ""
    return resolve(path) if path else None


def board_keys(game: str) -> frozenset[str]:
    """The keys of the public view that ``game``'s board draws (its blocks and integration
    zones for РЕЛИЗ): on the board, never as raw tables in the scoreboard.

    >>> sorted(board_keys("reliz")), sorted(board_keys("scrumkin"))
    (['blocks', 'integrations'], [])
    """
    board = board_class(game)
    return board.draws if board else frozenset()


def board_state(game: Game) -> dict[str, Any] | None:
    """The board as the projector draws it for everyone (its scene and label, and the game
    whose drawing script draws it), or None for a game without a drawn board."""
    board = board_class(game.name)
    if board is None or not board.script:
        return None
    return {"game": game.name, **board.public_scene(game)}


def audience_state(table: TableController, news: list[str],
                   size: tuple[int, int] = DEFAULT_SIZE) -> dict[str, Any]:
    """What the audience page shows of ``table``, as plain data with an ``etag`` (a digest of
    the rest): only the public view and what the projector shows of it.

    >>> from devgames import scrumkin
    >>> from devgames.sessions.store import SessionStore
    >>> store = SessionStore(":memory:")
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
    >>> table = TableController(game, store, store.create(game), 0)
    >>> state = audience_state(table, ["Red passes."])
    >>> state["line"], state["over"], state["news"], len(state["etag"])
    ('Red makes move 1 of 2.', False, ['Red passes.'], 20)
    """
    game, meta = table.game, table.game.meta
    view = game.view(None)
    colors = seat_colors(game)
    state: dict[str, Any] = {
        "language": language(),
        "game": game_title(game.name),
        "session": table.session_id,
        "heading": _("Session {number}").format(number=table.session_id),
        "revision": table.revision,
        "line": str(view.get("waiting_for") or ""),
        "scoreboard": scoreboard_html(view, colors, board_keys(game.name),
                                      [game.players[seat] for seat in table.bot_kinds]),
        "colors": colors,
        "board": board_state(game),
        "charts": charts_data(game, size),
        "news": list(news),
        "timer": None if game.is_over else room_timer(meta),
        "paused": is_paused(meta),
        "paused_note": _("The facilitator has paused the game.") if is_paused(meta) else "",
        "over": game.is_over,
        "winner": winner_line(game) if game.is_over else "",
    }
    text = json.dumps(state, sort_keys=True, ensure_ascii=False)
    state["etag"] = hashlib.sha256(text.encode()).hexdigest()[:20]
    return state


class AudienceStates:
    """The last audience state of each session, language and size of the charts: built again
    only when the session's revision or settings changed (every viewer then asks at once).

    >>> from devgames import scrumkin
    >>> from devgames.sessions.store import SessionStore
    >>> store = SessionStore(":memory:")
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
    >>> table = TableController(game, store, store.create(game), 0)
    >>> states = AudienceStates()
    >>> states.of(table, [], DEFAULT_SIZE) is states.of(table, [], DEFAULT_SIZE)
    True
    """

    def __init__(self) -> None:
        self.kept: dict[tuple[int, str, tuple[int, int]], tuple[Any, dict[str, Any]]] = {}

    def of(self, table: TableController, news: list[str],
           size: tuple[int, int]) -> dict[str, Any]:
        """The state of ``table`` for charts of ``size``, built once per change."""
        key = (table.session_id, language(), size)
        made = (table.revision, json.dumps(table.game.meta, sort_keys=True, default=str), news)
        kept = self.kept.get(key)
        if kept is None or kept[0] != made:
            kept = (made, audience_state(table, news, size))
            self.kept[key] = kept
        return kept[1]

    def forget(self, session_id: int) -> None:
        """Drop what is kept of a session (deleted, or its link replaced)."""
        for key in [key for key in self.kept if key[0] == session_id]:
            del self.kept[key]


def audience_page(prefix: str = "") -> str:
    """The audience page, in the language in use: its script fills it with the table's state
    and keeps it up to date; its addresses start with ``prefix`` (the public path behind a
    proxy).

    >>> from devgames.i18n import speaking
    >>> with speaking("ru"):
    ...     page = audience_page("/acme")
    >>> '<html lang="ru">' in page, 'src="/acme/static/plotly.min.js"' in page
    (True, True)
    >>> 'href="/acme/static/audience.css"' in page, "Что только что произошло" in page
    (True, True)
    """
    say = {key: esc(text) for key, text in {
        "title": _("devgames: the table"),
        "joining": _("Joining the table..."),
        "timer": _("The room's timer"),
        "scores": _("Scores"),
        "charts": _("Charts"),
        "news": _("What just happened"),
        "language": _("Language"),
    }.items()}
    head = page_head("", say["title"], AUDIENCE_SCRIPTS, prefix).replace(
        "</head>", f'<link rel="stylesheet" href="{prefix}/static/audience.css">\n'
        f"<style>{NAMES_STYLE}</style>\n</head>")
    return f"""{head}<body class="audience">
<header class="top"><span class="game"></span><span class="session"></span>
<form class="language"><label for="language">{say['language']}</label>
<select id="language">{language_options()}</select></form></header>
<main>
<section class="left">
<p class="line" role="status" aria-live="polite">{say['joining']}</p>
<p class="paused-note" hidden></p>
<p class="notice" role="alert" hidden></p>
<p class="winner" hidden></p>
<section class="round" aria-label="{say['timer']}" hidden><p class="clock" role="timer"></p>
<p class="clock-note"></p></section>
<section class="scores" aria-label="{say['scores']}"></section>
<section class="news" aria-label="{say['news']}"><h2>{say['news']}</h2><ol></ol></section>
</section>
<section class="right" aria-label="{say['charts']}"><div class="board" hidden></div>
<div class="key"></div><div class="chart"></div></section>
</main>
</body></html>
"""
