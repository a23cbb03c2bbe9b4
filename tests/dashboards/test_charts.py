"""The live charts: each game's panels are ONE FigureWidget (plotly 7 sends its JS bundle per
widget), every trace is the game's own rows and names its panel, the panels exist before the first
move, they are redrawn only when their data change, and no name reaches plotly unescaped."""

import html
import inspect
import json
import re
from itertools import combinations
from types import SimpleNamespace
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
import plotly.io as pio
import pytest

from devgames import game_module, itstartup, release, scrumkin
from devgames.core.actions import given
from devgames.core.bots import play_out
from devgames.dashboards.charts import GAP, STACK_STEP, GameCharts, charts_for, stack_top
from devgames.itstartup.charts import employee_stints, row_name
from devgames.screens.charts import CHARTS, FONT_SIZE, Chart, glyph
from devgames.screens.colors import team_colors
from tests.dashboards.games import PLAYERS, TEAMS, played

HOSTILE = "<b>x</b><script>alert(1)</script>"
@pytest.fixture(scope="module")
def sprints() -> scrumkin.ScrumkinGame:
    return played(scrumkin, TEAMS, 7, backlog=12, collaborative_sprints=8)


@pytest.fixture(scope="module")
def startup() -> itstartup.ItStartupGame:
    return played(itstartup, PLAYERS, 11, goal=32)


def line(charts: GameCharts, panel: str, name: str) -> list[tuple[Any, Any]]:
    """The (x, y) points of the trace called ``name`` in the panel ``panel``: the true x of a
    team's line (drawn a little aside, see ``lines``) is its ``customdata``."""
    [trace] = [trace for trace in charts.traces(panel) if trace.name == name]
    xs = trace.x if trace.customdata is None else trace.customdata
    return list(zip(xs, trace.y, strict=True))


def figure_of(charts: GameCharts) -> go.FigureWidget:
    """The one figure of ``charts``; fails the test when it has none (a game without charts)."""
    assert charts.figure is not None, "these charts have no figure"
    return charts.figure


def names(charts: GameCharts, panel: str) -> list[str]:
    return [trace.name for trace in charts.traces(panel)]


def figure_widgets(widget: widgets.Widget) -> list[go.FigureWidget]:
    """Every FigureWidget in this widget and the widgets it holds."""
    found = [widget] if isinstance(widget, go.FigureWidget) else []
    for child in getattr(widget, "children", ()):
        found += figure_widgets(child)
    return found


def series(rows: list[dict[str, Any]], who: str, name: str, x: str, y: str) -> list[tuple]:
    return [(row[x], row[y]) for row in rows if row[who] == name]


def test_every_panel_exists_with_its_traces_before_the_first_move() -> None:
    sprint_charts = charts_for(scrumkin.new_game(TEAMS, seed=1, backlog=9))
    startup_charts = charts_for(itstartup.new_game(PLAYERS, seed=1, goal=64))
    assert sprint_charts.panels == ("velocity", "burndown", "in_play")
    assert startup_charts.panels == ("points", "burnout", "resources")
    assert [line(sprint_charts, "velocity", team) for team in TEAMS] == [[], [], []]
    assert [line(sprint_charts, "burndown", team) for team in TEAMS] == [[(0, 9)]] * 3
    assert list(sprint_charts.traces("in_play")[0].y) == [0, 0, 0]
    assert [line(startup_charts, "points", name) for name in PLAYERS] == [[(0, 0)]] * 3
    assert line(startup_charts, "points", "goal (64 points)") == [(0, 64), (1, 64)]
    assert [line(startup_charts, "resources", name) for name in PLAYERS] == [[], [], []]
    assert startup_charts.traces("burnout")[0].z in (None, ())


@pytest.mark.parametrize("module", [scrumkin, itstartup])
def test_a_game_has_exactly_one_figure_widget(module: Any) -> None:
    for game in (module.new_game(TEAMS, seed=3), played(module, TEAMS, 3)):
        charts = charts_for(game)
        assert figure_widgets(charts.widget) == [charts.figure]
        assert all(figure is charts.figure for figure in charts.figures.values())


@pytest.mark.parametrize("module", [scrumkin, itstartup])
def test_every_trace_names_its_panel_and_the_panels_come_in_order(module: Any) -> None:
    charts = charts_for(played(module, TEAMS, 3))
    panels = [trace.meta["panel"] for trace in figure_of(charts).data]
    assert sorted(set(panels), key=panels.index) == list(charts.panels)
    assert panels == sorted(panels, key=charts.panels.index)
    # The browser reads the same meta: what plotly sends names every trace's panel.
    sent = figure_of(charts).to_plotly_json()["data"]
    assert [trace["meta"] for trace in sent] == [{"panel": panel} for panel in panels]
    # A panel's traces are on its own axes, and none in a plotly legend (the key names them).
    for index, panel in enumerate(charts.panels):
        suffix = str(index + 1) if index else ""
        assert {(trace.xaxis, trace.yaxis, trace.showlegend)
                for trace in charts.traces(panel)} == {(f"x{suffix}", f"y{suffix}", False)}


def test_velocity_is_one_line_per_team_from_the_rounds_rows(sprints) -> None:
    charts = charts_for(sprints)
    assert names(charts, "velocity") == TEAMS
    for team in TEAMS:
        assert line(charts, "velocity", team) == series(sprints.rounds, "team", team, "sprint",
                                                        "velocity")


@pytest.mark.parametrize("dark", [False, True])
def test_a_team_has_its_colour_and_symbol_in_every_panel_and_in_the_key(sprints,
                                                                        dark: bool) -> None:
    charts = charts_for(sprints, dark)
    colors = team_colors(TEAMS, dark)
    symbols = set()
    for seat, team in enumerate(TEAMS):
        [velocity] = [trace for trace in charts.traces("velocity") if trace.name == team]
        [burndown] = [trace for trace in charts.traces("burndown") if trace.name == team]
        assert velocity.line.color == burndown.line.color == colors[seat]
        assert velocity.marker.symbol == burndown.marker.symbol
        symbols.add(velocity.marker.symbol)
        assert velocity.legendgroup == burndown.legendgroup == team
        assert charts.traces("in_play")[0].marker.color[seat] == colors[seat]
        assert f'style="color:{colors[seat]}"' in charts.key.value and team in charts.key.value
    assert len(symbols) == len(TEAMS)
    # Teams are named in the key, then the panels' other lines; plotly draws no legend.
    assert {trace.showlegend for trace in figure_of(charts).data} == {False}
    assert charts.key.value.index(TEAMS[-1]) < charts.key.value.index("ideal (8 sprints)")


def test_the_theme_switch_gives_each_team_its_shade_for_that_theme(sprints) -> None:
    charts = charts_for(sprints)
    charts.set_theme(True)
    assert [trace.line.color for trace in charts.traces("velocity")] == team_colors(TEAMS, True)
    assert without_uids(charts.figure) == without_uids(charts_for(sprints, True).figure)


def test_equal_values_stay_visible_side_by_side(sprints) -> None:
    charts = charts_for(sprints)
    xs = [trace.x for trace in charts.traces("burndown")[:len(TEAMS)]]
    firsts = [x[0] for x in xs]
    assert len(set(firsts)) == len(TEAMS)  # all start from the backlog at sprint 0: set apart
    assert all(abs(x) <= 0.3 for x in firsts)
    assert all(trace.customdata[0] == 0 for trace in charts.traces("burndown")[:len(TEAMS)])


def test_burndown_starts_from_the_backlog_and_follows_the_rows(sprints) -> None:
    charts = charts_for(sprints)
    assert names(charts, "burndown") == [*TEAMS, "ideal (8 sprints)"]
    for team in TEAMS:
        rows = series(sprints.rounds, "team", team, "sprint", "backlog_after")
        assert line(charts, "burndown", team) == [(0, sprints.options.backlog), *rows]


def test_burndown_has_an_ideal_line_to_zero_at_the_collaborative_sprints(sprints) -> None:
    charts = charts_for(sprints)
    sprints_allowed = sprints.options.collaborative_sprints
    name = f"ideal ({sprints_allowed} sprints)"
    assert line(charts, "burndown", name) == [(0, sprints.options.backlog), (sprints_allowed, 0)]
    [ideal] = [trace for trace in charts.traces("burndown") if trace.name == name]
    assert ideal.line.dash == "dash"


def test_a_capped_game_draws_its_ideal_line_over_the_cap() -> None:
    game = scrumkin.new_game(TEAMS, seed=3, backlog=6, sprint_cap=7)
    charts = charts_for(game)
    assert line(charts, "burndown", "ideal (7 sprints)") == [(0, 6), (7, 0)]


def test_in_play_bars_are_the_public_view(sprints) -> None:
    charts = charts_for(sprints)
    assert names(charts, "in_play") == ["in play", "being laid"]
    bars = charts.traces("in_play")[0]
    teams = sprints.view(None)["teams"]
    assert list(bars.x) == TEAMS
    assert list(bars.y) == [len(team["in_play"]) for team in teams]
    for team, hover in zip(teams, bars.hovertext, strict=True):
        assert all(html.escape(card["card"], quote=False) in hover for card in team["in_play"])


def test_a_single_play_changes_the_in_play_chart() -> None:
    game = scrumkin.new_game(TEAMS, seed=7)
    charts = charts_for(game)
    game.play("Red", "20% Innovation Time")  # into Red's own game: Blue may counter it first
    charts.update(game)
    assert line(charts, "in_play", "being laid") == [("Red", 1), ("Blue", 0), ("Green", 0)]
    assert "20% Innovation Time" in charts.traces("in_play")[1].hovertext[0]
    while game.view(None)["being_laid"]:
        game.pass_counter(game.players[given(game.current_player)])
    charts.update(game)
    assert line(charts, "in_play", "in play") == [("Red", 1), ("Blue", 0), ("Green", 0)]
    assert line(charts, "in_play", "being laid") == [("Red", 0), ("Blue", 0), ("Green", 0)]


def test_points_race_to_the_goal_line(startup) -> None:
    charts = charts_for(startup)
    assert names(charts, "points") == [*PLAYERS, "goal (32 points)"]
    for name in PLAYERS:
        assert line(charts, "points", name) == [(0, 0), *series(startup.rounds, "player", name,
                                                                "turn", "points")]
    goal = line(charts, "points", "goal (32 points)")
    assert {y for _, y in goal} == {32}
    assert goal[-1][0] == max(row["turn"] for row in startup.rounds)


def test_resources_per_player_over_turns(startup) -> None:
    charts = charts_for(startup)
    assert names(charts, "resources") == PLAYERS
    for name in PLAYERS:
        assert line(charts, "resources", name) == series(startup.rounds, "player", name, "turn",
                                                         "resources")


def test_the_burnout_heatmap_is_one_row_per_employee_stay_over_turns(startup) -> None:
    charts = charts_for(startup)
    charts.resize(3000, 3000)  # room for every row and column
    [heatmap] = charts.traces("burnout")
    rows = startup.employee_rows
    assert list(heatmap.x) == sorted({row["turn"] for row in rows})
    assert len(heatmap.z) == len(heatmap.y) == len(set(heatmap.y))
    assert all(len(cells) == len(heatmap.x) for cells in heatmap.z)
    # Every departure is one marked cell, and nothing follows it on its row.
    marked = [(r, c) for r, texts in enumerate(heatmap.text) for c, text in enumerate(texts)
              if text.endswith("✕")]
    assert len(marked) == sum(1 for row in rows if row["left"])
    assert all(cell is None for r, c in marked for cell in heatmap.z[r][c + 1:])
    # The last column holds the staff of the last turn, by player and card.
    last = heatmap.x[-1]
    colors = team_colors(PLAYERS)
    staff = sorted(row_name(f"{row['player']}: {row['card']}", PLAYERS, colors) for row in rows
                   if row["turn"] == last and not row["left"])
    shown = sorted(name.split(" (")[0] for name, texts in zip(heatmap.y, heatmap.text, strict=True)
                   if texts[-1] and not texts[-1].endswith("✕"))
    assert shown == staff


def test_a_departed_employee_shows_nothing_after_it_left_and_a_new_hire_gets_a_new_row() -> None:
    def row(turn: int, card: str, burnout: int, left: str = "") -> dict[str, Any]:
        return {"tournament_game": 1, "turn": turn, "player": "Ada", "card": card,
                "burnout": burnout, "leaves_at": 3, "left": left}

    rows = [row(1, "Intern", 1), row(1, "Intern", 1), row(2, "Intern", 2),
            row(2, "Intern", 2), row(2, "Intern", 3, "burnout"), row(3, "Intern", 3),
            row(3, "Intern", 1)]
    game = SimpleNamespace(name="itstartup", players=("Ada",), options=SimpleNamespace(goal=32),
                           rounds=[], employee_rows=rows)
    [heatmap] = charts_for(game).traces("burnout")
    ada = f'<span style="color:{team_colors(["Ada"])[0]}">●</span>'  # the key names her
    assert list(heatmap.y) == [f"{ada} Intern", f"{ada} Intern (2)", f"{ada} Intern (3)"]
    # Coloured by how near each is to leaving: burnout over the limit.
    assert [list(cells) for cells in heatmap.z] == [[0.33, 1, None], [0.33, 0.67, 1],
                                                    [None, None, 0.33]]
    assert heatmap.text[0][1] == "3/3 ✕"
    assert "left: burnout" in heatmap.hovertext[0][1]


def test_employee_stints_follow_a_taken_over_employee_to_its_new_player() -> None:
    rows = [{"player": "Ada", "card": "CTO", "turn": 1, "left": ""},
            {"player": "Ada", "card": "CTO", "turn": 2, "left": "taken_over"},
            {"player": "Bob", "card": "CTO", "turn": 2, "left": ""}]
    assert {name: list(turns) for name, turns in employee_stints(rows).items()} == {
        "Ada: CTO": [1, 2], "Bob: CTO": [2]}


def every_string(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


@pytest.mark.parametrize(("module", "seats"), [(scrumkin, TEAMS), (itstartup, PLAYERS)])
def test_hostile_names_reach_plotly_escaped(module: Any, seats: list[str]) -> None:
    game = played(module, [HOSTILE, *seats[1:]], 5)
    charts = charts_for(game)
    assert "<script>" not in every_string(figure_of(charts).to_plotly_json())
    for panel in charts.panels:
        text = every_string([trace.to_plotly_json() for trace in charts.traces(panel)])
        assert "<script>" not in text and "<b>x" not in text
        assert "&lt;b&gt;x&lt;/b&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert figure_of(charts).data[0].name == html.escape(HOSTILE, quote=False)


def recorded(monkeypatch) -> list[tuple[str, dict[str, Any]]]:
    """The messages every FigureWidget sends to the browser from now on: (method, arguments)."""
    sent: list[tuple[str, dict[str, Any]]] = []
    for method in ("_send_update_msg", "_send_restyle_msg", "_send_relayout_msg",
                   "_send_addTraces_msg", "_send_deleteTraces_msg", "_send_moveTraces_msg",
                   "_send_animate_msg"):
        original = getattr(go.FigureWidget, method)

        def record(self: go.FigureWidget, *args: Any, _original: Any = original,
                   _method: str = method, **kw: Any) -> Any:
            arguments = inspect.signature(_original).bind(self, *args, **kw).arguments
            sent.append((_method, arguments))
            return _original(self, *args, **kw)

        monkeypatch.setattr(go.FigureWidget, method, record)
    return sent


def test_an_update_without_news_sends_nothing(monkeypatch) -> None:
    game = scrumkin.new_game(TEAMS, seed=7)
    charts = charts_for(game)
    before = figure_of(charts).to_plotly_json()
    sent = recorded(monkeypatch)
    charts.update(game)
    assert sent == [] and figure_of(charts).to_plotly_json() == before


def test_a_play_moves_the_cards_in_play_without_redrawing_the_figure(monkeypatch) -> None:
    game = scrumkin.new_game(TEAMS, seed=7)
    charts = charts_for(game)
    sent = recorded(monkeypatch)
    game.play("Red", "20% Innovation Time")
    charts.update(game)
    # One animation, with no redraw after it, naming every trace (plotly.js empties the panels
    # of the traces left out) and changing only those of the cards in play.
    [(method, arguments)] = sent
    assert method == "_send_animate_msg"
    assert arguments["animation_opts"]["frame"]["redraw"] is False
    assert arguments["animation_opts"]["transition"]["duration"] == 0
    assert arguments["trace_indexes"] == list(range(len(figure_of(charts).data)))
    changed = [figure_of(charts).data[index].meta["panel"]
               for index, style in zip(arguments["trace_indexes"], arguments["styles_data"],
                                       strict=True) if style]
    assert changed == ["in_play"]
    assert arguments["relayout_data"] == {}
    laid = [trace.name for trace in figure_of(charts).data].index("being laid")
    assert arguments["styles_data"][laid] == {
        "y": [1, 0, 0], "hovertext": [charts.traces("in_play")[1].hovertext[0], "", ""]}


def test_a_sprint_end_or_a_taller_stack_redraws_the_figure(monkeypatch) -> None:
    # The seed-7 game this was written around asks only the teams holding a counter.
    game = scrumkin.new_game(TEAMS, seed=7, counter_asks="holders")
    charts = charts_for(game)
    sent = recorded(monkeypatch)
    seen: dict[str, list[str]] = {"sprint end": [], "taller": []}
    drawn = {"rows": 0}

    def check(game: scrumkin.ScrumkinGame, _action: Any) -> None:
        top = figure_of(charts).layout.yaxis3.range[1]
        sent.clear()
        charts.update(game)
        methods = [method for method, _ in sent]
        rows, drawn["rows"] = drawn["rows"], len(game.rounds)
        if len(game.rounds) > rows:
            seen["sprint end"] += methods
        elif figure_of(charts).layout.yaxis3.range[1] != top:
            seen["taller"] += methods
            [(_, arguments)] = sent
            assert arguments["relayout_data"]["yaxis3.range"][1] > top
        else:
            assert set(methods) <= {"_send_animate_msg"}

    play_out(game, {seat: scrumkin.BOTS["random"](seat) for seat in range(len(TEAMS))},
             on_action=check)
    assert seen["sprint end"] and set(seen["sprint end"]) == {"_send_update_msg"}
    assert seen["taller"] and set(seen["taller"]) == {"_send_update_msg"}


def test_the_cards_in_play_axis_grows_in_steps() -> None:
    assert stack_top([{"y": [0, 0, 0]}, {"y": [0, 0, 0]}]) == STACK_STEP
    assert stack_top([{"y": [STACK_STEP - 2, 0]}, {"y": [1, 0]}]) == STACK_STEP
    assert stack_top([{"y": [STACK_STEP - 1, 0]}, {"y": [1, 0]}]) == 2 * STACK_STEP
    assert stack_top([{"y": [0, 2 * STACK_STEP]}, {"y": [0, 0]}]) == 3 * STACK_STEP


def test_move_by_move_the_figure_is_what_a_fresh_figure_draws() -> None:
    game = scrumkin.new_game(TEAMS, seed=3)
    charts = charts_for(game)
    checked = []

    def check(game: scrumkin.ScrumkinGame, _action: Any) -> None:
        charts.update(game)
        if len(game.log) % 7 == 0 or game.is_over:
            assert without_uids(charts.figure) == without_uids(charts_for(game).figure)
            checked.append(len(game.rounds))

    play_out(game, {seat: scrumkin.BOTS["heuristic"](seat) for seat in range(len(TEAMS))},
             on_action=check)
    assert game.is_over and len(set(checked)) > 3  # checked through several sprints


def without_uids(figure: go.FigureWidget) -> dict[str, Any]:
    drawn = figure.to_plotly_json()
    return {**drawn, "data": [{k: v for k, v in trace.items() if k != "uid"}
                              for trace in drawn["data"]]}


@pytest.mark.parametrize("module", [scrumkin, itstartup])
def test_updating_step_by_step_draws_what_a_fresh_figure_draws(module: Any, sprints,
                                                                startup) -> None:
    # The final game has other options: the guide line of one panel changes its name, and that
    # panel's traces are replaced in their place.
    final = {scrumkin: sprints, itstartup: startup}[module]
    start = module.new_game(list(final.players), seed=1)
    charts = charts_for(start)
    before = [trace.name for trace in figure_of(charts).data]
    charts.update(final)
    assert [trace.name for trace in figure_of(charts).data] != before
    fresh = charts_for(final)

    assert without_uids(charts.figure) == without_uids(fresh.figure)
    assert (figure_of(charts).get_state()["_widget_data"]
            == figure_of(charts).to_plotly_json()["data"])


def test_a_panel_whose_traces_change_in_number_is_rebuilt_in_its_place() -> None:
    def one(game: Any, _colors: Any) -> list[dict[str, Any]]:
        return [{"type": "scatter", "name": "one", "x": [1], "y": [game.n]}]

    def many(game: Any, _colors: Any) -> list[dict[str, Any]]:
        return [{"type": "scatter", "name": f"t{i}", "x": [1], "y": [i]} for i in range(game.n)]

    charts = GameCharts({"a": Chart("A", "a", one), "b": Chart("B", "b", many),
                         "c": Chart("C", "c", one)})
    for n in (1, 3, 2, 0, 2):
        charts.update(SimpleNamespace(n=n, players=["Red"]))
        assert [(trace.meta["panel"], trace.name) for trace in figure_of(charts).data] == [
            ("a", "one"), *[("b", f"t{i}") for i in range(n)], ("c", "one")]
        assert [trace.y[0] for trace in charts.traces("b")] == list(range(n))
        assert [trace.y[0] for trace in charts.traces("c")] == [n]
        assert (figure_of(charts).get_state()["_widget_data"]
            == figure_of(charts).to_plotly_json()["data"])


def test_the_state_a_browser_gets_on_connecting_is_the_current_figure() -> None:
    # A browser that connects late (Voila runs the notebook first) draws the widget state.
    game = scrumkin.new_game(TEAMS, seed=7)
    charts = charts_for(game)
    game.play("Red", "20% Innovation Time")
    charts.update(game)
    charts.set_theme(True)
    state = figure_of(charts).get_state()
    assert state["_widget_data"] == figure_of(charts).to_plotly_json()["data"]
    assert state["_widget_layout"] == figure_of(charts).to_plotly_json()["layout"]


def test_set_theme_switches_the_template_on_transparent_paper(sprints) -> None:
    charts = charts_for(sprints)
    for dark, template in ((True, "plotly_dark"), (False, "plotly_white")):
        charts.set_theme(dark)
        assert figure_of(charts).layout.template == pio.templates[template]
        assert figure_of(charts).layout.paper_bgcolor == "rgba(0,0,0,0)"
        assert figure_of(charts).get_state()["_widget_layout"]["template"] == pio.templates[
            template].to_plotly_json()
    # The compatible view: every panel's name leads to the same figure.
    assert {id(figure) for figure in charts.figures.values()} == {id(charts.figure)}


#: Sizes of the chart area: a 1920x1080 projector, and 1280x720 (or 1920x1080 at 150% zoom).
SIZES = [(1150, 900), (760, 560), (1250, 560)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("fixture", ["sprints", "startup"])
def test_the_panels_fill_the_figure_without_overlapping(fixture: str, size: tuple[int, int],
                                                        request: pytest.FixtureRequest) -> None:
    game = request.getfixturevalue(fixture)
    charts = charts_for(game)
    charts.resize(*size)
    figure = figure_of(charts)
    layout = figure.layout
    assert charts.widget.children[:2] == (charts.key, figure)
    assert {"dg-charts"} <= set(charts.widget._dom_classes)
    assert "dg-chart" in figure._dom_classes
    assert layout.font.size >= FONT_SIZE >= 20 and layout.uirevision is not None
    assert (layout.width, layout.height) == size  # as large as the box the page measured
    assert [title.text for title in layout.annotations] == [
        chart.title for chart in CHARTS[game.name].values()]
    assert all(title.font.size > FONT_SIZE for title in layout.annotations)
    width, height = size
    plot_height = height - layout.margin.t - layout.margin.b
    boxes = []
    for index in range(len(CHARTS[game.name])):
        suffix = str(index + 1) if index else ""
        xaxis, yaxis = layout[f"xaxis{suffix}"], layout[f"yaxis{suffix}"]
        assert xaxis.tickfont.size >= 20 and yaxis.tickfont.size >= 20
        (left, right), (bottom, top) = xaxis.domain, yaxis.domain
        assert 0 <= left < right <= 1 and 0 <= bottom < top <= 1
        assert (top - bottom) * plot_height >= 90  # a readable panel even at 1280x720
        assert layout.annotations[index].y == pytest.approx(top)
        boxes.append((left, right, bottom, top))
    for (l1, r1, b1, t1), (l2, r2, b2, t2) in combinations(boxes, 2):
        side_by_side = (r1 <= l2 or r2 <= l1) and (b1, t1) == (b2, t2)
        apart = max(b1 - t2, b2 - t1) * plot_height
        assert side_by_side or apart == pytest.approx(GAP)
    side = any(box[0] > 0 for box in boxes)
    assert side == (width >= 1.15 * height)  # two columns only when the space is wide


@pytest.mark.parametrize("fixture", ["sprints", "startup"])
def test_every_point_lies_inside_its_panels_ranges(fixture: str,
                                                   request: pytest.FixtureRequest) -> None:
    # Ranges are set from the data, never left to plotly's autorange: a quick run of updates
    # (bots playing at once) once left later sprints outside the velocity panel.
    game = request.getfixturevalue(fixture)
    charts = charts_for(game.session().new_game())
    for upto in range(0, len(game.log) + 1, max(1, len(game.log) // 25)):
        charts.update(game.session().replay(upto))
    charts.update(game)
    layout = figure_of(charts).layout
    for index, (panel, chart) in enumerate(CHARTS[game.name].items()):
        suffix = str(index + 1) if index else ""
        xaxis, yaxis = layout[f"xaxis{suffix}"], layout[f"yaxis{suffix}"]
        for trace in charts.traces(panel):
            if trace.type == "heatmap":
                continue
            if chart.counts:
                assert all(xaxis.range[0] < x < xaxis.range[1] for x in trace.x)
                if chart.counts and xaxis.dtick:
                    assert xaxis.dtick >= 1
            ys = [y for y in trace.y if y is not None]
            assert all(yaxis.range[0] <= y < yaxis.range[1] for y in ys), (panel, trace.name)


@pytest.mark.parametrize("size", SIZES)
def test_the_burnout_panel_gets_room_for_its_rows_and_shows_the_latest_that_fit(
        startup, size) -> None:
    charts = charts_for(startup)
    charts.resize(*size)
    [heatmap] = charts.traces("burnout")
    layout = figure_of(charts).layout
    assert len(startup.employee_rows) > 10  # this game's heatmap needs more than a panel
    heights = [layout[f"yaxis{s}"].domain[1] - layout[f"yaxis{s}"].domain[0]
               for s in ("", "2", "3")]
    assert heights[1] >= heights[0] and heights[1] > heights[2]  # its row is the taller
    assert layout.yaxis2.autorange == "reversed"
    # No colour bar on the data: each cell says its burnout of its limit.
    assert heatmap.showscale is False
    # Rows and columns stay large enough for their text: the latest ones that fit.
    (left, right), (bottom, top) = layout.xaxis2.domain, layout.yaxis2.domain
    width, height = size
    assert (top - bottom) * (height - layout.margin.t - layout.margin.b) >= 28 * len(heatmap.y)
    assert (right - left) * (width - layout.margin.r) >= 66 * len(heatmap.x)
    assert heatmap.x[-1] == max(row["turn"] for row in startup.employee_rows)
    # The row names have their room left of the panel (the panel is at the figure's left).
    longest = max(len(re.sub("<[^>]*>", "", name)) for name in heatmap.y)
    assert left * (width - layout.margin.r) >= 0.6 * FONT_SIZE * longest


def test_an_unknown_game_has_no_charts() -> None:
    charts = charts_for(SimpleNamespace(name="chess"))
    charts.update(SimpleNamespace(name="chess"))
    charts.set_theme(True)
    assert charts.figure is None and charts.panels == () and charts.traces("velocity") == []
    assert charts.figures == {} and charts.widget.children == ()
    assert "dg-charts" in charts.widget._dom_classes


def test_a_figure_renewed_for_a_page_that_never_showed_it_draws_the_same(sprints) -> None:
    # On a slow machine plotly's script can miss anywidget's start-up time: the page asks for a
    # new figure, which must show the game as the old one did, at the size the page measured.
    charts = charts_for(sprints)
    charts.resize(760, 560)
    old = charts.figure
    charts.fit._on_msg(charts.fit, {"missing": True}, [])
    assert charts.figure is not old and charts.widget.children == (charts.key, charts.figure,
                                                                   charts.fit)
    fresh = charts_for(sprints)
    fresh.resize(760, 560)
    assert without_uids(charts.figure) == without_uids(fresh.figure)
    assert (figure_of(charts).get_state()["_widget_data"]
            == figure_of(charts).to_plotly_json()["data"])


@pytest.mark.parametrize(("name", "players", "options"), [
    ("scrumkin", TEAMS, {}), ("itstartup", PLAYERS, {}), ("exploding", PLAYERS, {}),
    ("release", ["Ada", "Bob", "Cy", "Di"], {}), ("reliz", ["Ada", "Bob"], {})])
def test_no_legend_or_colour_bar_is_drawn_on_the_data(name: str, players: list[str],
                                                      options: dict[str, Any]) -> None:
    # Plotly draws legends and colour bars inside the figure, where they cover the lines: every
    # game's charts draw none, and the key above the figure names what is not a team.
    module = game_module(name)
    charts = charts_for(played(module, players, 5, **options))
    layout = figure_of(charts).to_plotly_json()["layout"]
    assert layout["showlegend"] is False
    assert not [key for key in layout if key.startswith("legend")]
    for trace in figure_of(charts).data:
        assert trace.showlegend is False, (name, trace.name)
        if trace.type == "heatmap":
            assert trace.showscale is False
    for index, panel in enumerate(charts.panels):
        suffix = str(index + 1) if index else ""
        drawn = [trace for trace in CHARTS[name][panel].traces(charts._game,
                                                                team_colors(players))]
        named = [trace["name"] for trace in drawn if trace.get("showlegend", True) is not False]
        assert all(html.escape(html.unescape(text), quote=False) in charts.key.value
                   for text in named), (panel, named)
        # Titles sit above their panel, not in it.
        title = layout["annotations"][index]
        assert title["yanchor"] == "bottom" and title["y"] == pytest.approx(
            layout[f"yaxis{suffix}"]["domain"][1])


def test_the_guide_lines_are_named_in_the_key_after_the_teams(sprints, startup) -> None:
    key = charts_for(sprints).key.value
    assert 'dg-key-dash" style="color:#888888' in key
    assert key.index("Green") < key.index("ideal (8 sprints)")
    assert "goal (32 points)" in charts_for(startup).key.value


def test_release_in_pairs_names_and_draws_the_teams_not_the_players() -> None:
    players = ["Ada", "Bob", "Cy", "Di", "Eve", "Fay"]
    game = played(release, players, 5)
    assert game.pairs and game.team_names == ["Ada & Di", "Bob & Eve", "Cy & Fay"]
    charts = charts_for(game)
    colors = team_colors(players)
    key = charts.key.value
    for seat, team in enumerate(game.team_names):
        assert f'<span class="user-text" style="color:{colors[seat]}">' in key
        assert html.escape(team) in key
    assert "Fay</span>" not in key.replace(html.escape("Cy & Fay"), "")  # no player alone
    assert key.count('<span class="user-text" style="color:') == 3
    assert [trace.name for trace in charts.traces("score")] == [
        html.escape(team, quote=False) for team in game.team_names]
    # The two shades of each release's bars are named.
    assert "Tools &amp; Methods points (solid)" in key and "points scored at once (faded)" in key


def test_release_remotely_names_each_player() -> None:
    game = played(release, ["Ada", "Bob", "Cy"], 5)
    key = charts_for(game).key.value
    assert all(f"{name}</span>" in key for name in ("Ada", "Bob", "Cy"))


def test_reliz_draws_one_panel_of_zones_done() -> None:
    game = played(game_module("reliz"), ["Ada", "Bob"], 5)
    charts = charts_for(game)
    assert charts.panels == ("zones",)
    assert [trace.name for trace in charts.traces("zones")] == ["Ada", "Bob"]


@pytest.mark.parametrize(("width", "shapes"), [(2400, False), (500, True)])
def test_team_bars_name_the_teams_when_they_fit_else_show_their_shapes(width: int,
                                                                        shapes: bool) -> None:
    teams = ["Data & Analytics", "Platform Team", "Mobile Squad", "Customer Success", "Red",
             "Payments Crew", "Site Reliability", "Growth Hackers"]
    charts = charts_for(scrumkin.new_game(teams, seed=1))
    charts.resize(500 if width > 500 else 2400, 700)  # from the other way of showing them
    charts.resize(width, 700)
    axis = figure_of(charts).layout.xaxis3
    assert axis.tickangle == 0  # never turned: turned names run off the figure
    if shapes:
        colors = team_colors(teams)
        assert list(axis.ticktext) == [glyph(seat, color) for seat, color in enumerate(colors)]
        assert list(axis.tickvals) == [html.escape(team, quote=False) for team in teams]
    else:
        assert axis.ticktext is None
    # The bars' text keeps its size, upright.
    [cards, _] = charts.traces("in_play")
    assert cards.textangle == 0 and cards.constraintext == "none"
    assert cards.textfont.size >= FONT_SIZE


def test_the_charts_speak_the_language_of_the_screen() -> None:
    """Titles, axes and the guides' names in the language the charts are drawn in."""
    from devgames.i18n import speaking

    with speaking("ru"):
        charts = charts_for(scrumkin.new_game(TEAMS, seed=1, backlog=9))
        shown = str([figure.layout.to_plotly_json() for figure in figure_widgets(charts.widget)])
    assert "Скорость по спринтам" in shown and "Остаток бэклога по спринтам" in shown
    assert "задачи" in shown and "Velocity per sprint" not in shown
    assert "идеал (10 спринтов)" in [trace.name for trace in charts.traces("burndown")]
