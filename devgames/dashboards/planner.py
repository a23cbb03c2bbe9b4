"""The planner page of the facilitator app: "with 6 teams, will Scrumkin fit in 60 minutes?"

The facilitator picks a game, the number of teams, the bots standing in for the room, the game's
main options (and preset), a budget in minutes and, optionally, a number of rounds; "Plan" plays
the bot games (:mod:`devgames.sim.planner`) in batches with a progress bar, showing the figures
of the games so far after each batch, until the answer is known well enough (at most the games
chosen): the rounds and minutes at P50, P80 and P95 with their intervals, how often a game fits
the budget (with its interval), how sure the answer is, where the pace comes from (the store's
finished sessions or the game's default), and the spread drawn. "More games" plays as many again
for a tighter answer. The first games of a plan run in the kernel; the local Dask cluster starts
when a plan has enough games left, and serves the page's later plans.

>>> from devgames.sessions.store import SessionStore
>>> page = PlannerPage(SessionStore(":memory:"), scheduler="in-process")
>>> page.game.value, page.teams.value, page.games.value
('scrumkin', 4, 1000)
>>> page.teams.value, page.bots.value, page.games.value = 3, "random", 100
>>> page.plan_now()
>>> page.result.value.count("P50") > 0, page.progress.value == page.progress.max
(True, True)
"""

import dataclasses
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from devgames import GAMES, game_module, game_spec
from devgames.core.errors import SetupError
from devgames.core.wording import counted, game_title, label
from devgames.dashboards.components import Notice
from devgames.dashboards.setup_form import game_presets, option_widget, preset_labels
from devgames.i18n import _, format_number, ngettext
from devgames.screens.cards import html
from devgames.sessions.store import SessionStore
from devgames.sim.dask_runner import Cluster, ClusterError, played_where
from devgames.sim.planner import (
    DEFAULT_GAMES,
    PERCENTILES,
    Calibration,
    Plan,
    bots_text,
    calibrate,
    done_of,
    interval_text,
    make_plan,
    plan_figure,
    play_more,
)
from devgames.sim.stats import share_text

#: The most games the page offers to play (the planner stops sooner when the answer is known).
GAME_COUNTS = (100, 300, 1000, 3000, 10000)
#: Pixels: the charts' width, within a 1280-pixel-wide projector screen.
CHART_WIDTH = 1180
#: The budget the page starts with, in minutes.
DEFAULT_MINUTES = 60

#: The page's own look, on top of the app's style sheet.
CSS = """<style>
.dg-app .dg-body > .dg-planner, .dg-planner > *, .dg-planner .widget-vbox > *,
.dg-planner .widget-hbox > * { flex-shrink: 0; }
.dg-app .dg-body > .dg-back { align-self: flex-start; }
.dg-planner .dg-plan-chart { width: 100%; }
.dg-planner .dg-plan-chart > * { width: 100%; }
.dg-planner .dg-plan-answer { font-size: 24px; line-height: 1.4; }
.dg-planner .dg-plan-columns { display: flex; flex-wrap: wrap; gap: 6px 28px;
  align-items: flex-start; }
.dg-planner .dg-plan-lines { flex: 1 1 30em; font-size: 21px; }
.dg-planner .dg-plan-answer b { font-size: 28px; }
.dg-planner table.dg-plan-table { border-collapse: collapse; font-size: 22px; margin: 6px 0; }
.dg-planner table.dg-plan-table th, .dg-planner table.dg-plan-table td {
  padding: 4px 18px; border-bottom: 1px solid var(--dg-border); text-align: right; }
.dg-planner .dg-plan-form .widget-inline-hbox { margin: 2px 14px 2px 0; }
.dg-planner table.dg-plan-table small { display: block; font-size: 16px; color: var(--dg-muted); }
.dg-planner .dg-plan-progress { width: min(12em, 95%); }
.dg-planner .dg-plan-progress .progress-bar { background: var(--dg-accent); }
</style>"""

#: Shared by every page of this kernel: the local cluster outlives one plan (starting it costs
#: seconds), and stops with the kernel.
_CLUSTERS: dict[str | None, Cluster] = {}


def shared_cluster(scheduler: str | None) -> Cluster:
    """The kernel's cluster for ``scheduler`` (None: the local one), made on first use.

    >>> shared_cluster("in-process") is shared_cluster("in-process")
    True
    """
    if scheduler not in _CLUSTERS:
        _CLUSTERS[scheduler] = Cluster(scheduler)
    return _CLUSTERS[scheduler]


def answer_html(plan: Plan, minutes: float, rounds: int | None) -> str:
    """The plan as the page says it: the main answer in bold, the sentences, the table.

    >>> from devgames.sim.planner import Calibration
    >>> plan = Plan("scrumkin", 2, ("random",) * 2, {}, 1,
    ...             Calibration("scrumkin", 12.0, 0, "default"), [(8, 200, 1), (10, 240, 2)])
    >>> text = answer_html(plan, 45, None)
    >>> "Fits in 45 minutes in 50.0%" in text, "<th>P50</th>" in text
    (True, True)
    """
    done, games = plan.fits(minutes)
    lines = plan.sentences(minutes, rounds)
    fits = ngettext("Fits in {n} minute in {share}", "Fits in {n} minutes in {share}",
                    int(minutes) if float(minutes).is_integer() else 2).format(
        n=f"{minutes:g}", share=share_text(done, games))
    simulated = ngettext("of {n} simulated game.", "of {n} simulated games.", games).format(
        n=format_number(games, 0))
    head = f"<b>{html(fits)}</b> {html(simulated)}"
    noun = plan.noun
    table = ("<table class='dg-plan-table'><tr><th></th>"
             + "".join(f"<th>P{p}</th>" for p in PERCENTILES) + "</tr>"
             + f"<tr><td>{html(label(noun + 's'))}</td>"
             + "".join(f"<td>{plan.rounds_at(p)}"
                       f"<small>{html(interval_text(*plan.rounds_interval(p)))}</small></td>"
                       for p in PERCENTILES) + "</tr>"
             + "<tr><td>" + html(_("minutes")) + "</td>"
             + "".join(f"<td>{plan.minutes_at(p):.0f}"
                       f"<small>{html(interval_text(*plan.minutes_interval(p)))}</small></td>"
                       for p in PERCENTILES)
             + "</tr></table>")
    body = "".join(f"<div>{html(line)}</div>" for line in lines)
    return (f"<div class='dg-plan-answer'><div>{head}</div><div class='dg-plan-columns'>"
            f"{table}<div class='dg-plan-lines'>{body}</div></div></div>")


class PlannerPage(widgets.VBox):
    """The planner page; ``scheduler`` is where the games run (None: a local Dask cluster);
    ``game`` is the game it opens on ("": the first registered game)."""

    def __init__(self, store: SessionStore | None, scheduler: str | None = None,
                 game: str = "") -> None:
        super().__init__()
        self.add_class("dg-planner")
        self.store = store
        self.scheduler = scheduler
        self.dark = False
        self.plan: Plan | None = None
        style = {"description_width": "initial"}
        self.game = widgets.Dropdown(options=[(game_title(name), name) for name in GAMES],
                                     value=game if game in GAMES else next(iter(GAMES)),
                                     description=_("Game"), style=style)
        self.game.add_class("dg-plan-game")
        self.teams = widgets.BoundedIntText(value=4, min=2, max=8, description=_("Teams"),
                                            style=style, layout=widgets.Layout(width="10em"))
        self.teams.add_class("dg-plan-teams")
        self.bots = widgets.Dropdown(description=_("Played by"), style=style)
        self.bots.add_class("dg-plan-bots")
        self.games = widgets.Dropdown(
            options=[(counted("game", count, format_number(count, 0)), count)
                     for count in GAME_COUNTS],
            value=DEFAULT_GAMES, description=_("At most"), style=style)
        self.games.add_class("dg-plan-games")
        self.minutes = widgets.BoundedIntText(value=DEFAULT_MINUTES, min=5, max=600,
                                              description=_("Minutes for play"), style=style,
                                              layout=widgets.Layout(width="14em"))
        self.minutes.add_class("dg-plan-minutes")
        self.rounds = widgets.BoundedIntText(value=0, min=0, max=500, style=style,
                                             layout=widgets.Layout(width="16em"))
        self.rounds.add_class("dg-plan-rounds")
        self.options_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.option_boxes: dict[str, widgets.Widget] = {}
        self.run = widgets.Button(description=_("Plan"), button_style="primary", icon="play")
        self.run.add_class("dg-plan-run")
        self.run.on_click(lambda _button: self.plan_now())
        self.more_games = widgets.Button(description=_("More games"), icon="plus",
                                         tooltip=_("play as many games again, for a tighter "
                                                   "answer"),
                                         layout=widgets.Layout(display="none"))
        self.more_games.add_class("dg-plan-more-games")
        self.more_games.on_click(lambda _button: self.play_more_now())
        self.progress = widgets.IntProgress(value=0, min=0, max=1)
        self.progress.add_class("dg-plan-progress")
        self.status = widgets.HTML()
        self.status.add_class("dg-plan-status")
        self.pace = widgets.HTML()
        self.pace.add_class("dg-plan-pace")
        self.notice = Notice()
        self.result = widgets.HTML()
        self.result.add_class("dg-plan-result")
        self.chart = go.FigureWidget()
        self.chart_box = widgets.Box([self.chart], layout=widgets.Layout(display="none",
                                                                          width="100%"))
        self.chart_box.add_class("dg-plan-chart")
        self.game.observe(lambda _change: self._game_changed(), "value")
        form = widgets.VBox([
            widgets.HBox([self.game, self.teams, self.bots, self.games],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.options_box,
            widgets.HBox([self.minutes, self.rounds, self.run, self.more_games, self.progress,
                          self.status],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
        ])
        form.add_class("dg-plan-form")
        self.children = [
            widgets.HTML(CSS + "<h2>" + html(_("Plan a workshop")) + "</h2><div class='dg-muted'>"
                         + html(_("How many rounds and minutes a game takes with your teams and "
                                  "options: bot games played many times, timed at the pace of "
                                  "your finished sessions.")) + "</div>"),
            form, self.pace, self.notice, self.result, self.chart_box,
        ]
        self._game_changed()

    # ----- the form -----------------------------------------------------------------------------
    def _game_changed(self) -> None:
        name = self.game.value
        spec = game_spec(name)
        module = game_module(name)
        low, high = spec.min_players, spec.max_players
        wanted = min(max(self.teams.value, low), high)
        self.teams.max = max(high, self.teams.max)  # widen first: min may never pass max
        self.teams.min = low
        self.teams.max = high
        self.teams.value = wanted
        self.teams.description = label(f"{spec.seat_noun}s").capitalize()
        kinds = list(spec.bots)
        self.bots.options = [(bots_text([kind]), kind) for kind in kinds]
        self.bots.value = "heuristic" if "heuristic" in kinds else kinds[0]
        noun = _round_noun(name)
        self.rounds.description = _("Within {rounds} (0: any)").format(
            rounds=label(f"{noun}s"))
        self.rounds.value = 0
        for box in (self.game, self.teams, self.bots, self.games, self.minutes, self.rounds):
            box.tooltip = box.description  # without one, the browser's tooltip says "null"
        defaults = module.new_game(list(spec.default_names), seed=0).options
        fields = [option for option in dataclasses.fields(defaults) if option.name != "deck"]
        self.option_boxes = {option.name: option_widget(option, getattr(defaults, option.name))
                             for option in fields}
        boxes = [self.option_boxes[option.name] for option in fields if option.metadata.get("main")]
        more = widgets.Accordion([widgets.VBox([self.option_boxes[option.name] for option in fields
                                                if not option.metadata.get("main")])])
        more.set_title(0, _("More options (backlog, caps, the rules' interpretations)"))
        more.selected_index = None
        more.add_class("dg-plan-more")
        presets = game_presets(module)
        self.preset: widgets.Dropdown | None = None
        if presets:
            self.preset = widgets.Dropdown(
                options=[(text, key) for key, text in preset_labels(module).items()],
                value=next(iter(presets)), description=_("Preset"),
                style={"description_width": "initial"}, layout=widgets.Layout(width="34em"))
            self.preset.add_class("dg-plan-preset")
            self.preset.observe(lambda change: self._apply_preset(change["new"]), "value")
            boxes.insert(0, self.preset)
        self.options_box.children = [*boxes, more]
        self.more = more
        self.pace.value = self._pace_html(self.calibration())
        self.result.value = ""
        self.chart_box.layout.display = "none"
        self.more_games.layout.display = "none"
        self.plan = None

    def _apply_preset(self, name: str) -> None:
        for key, value in game_presets(game_module(self.game.value)).get(name, {}).items():
            if key in self.option_boxes:
                self.option_boxes[key].value = value

    def chosen_options(self) -> dict[str, Any]:
        """The options set on the page (a preset sets its options' boxes)."""
        return {name: box.value for name, box in self.option_boxes.items()}

    def calibration(self) -> Any:
        return calibrate(self.game.value, self.store)

    def set_theme(self, dark: bool) -> None:
        """Draw the chart for the light or the dark theme."""
        self.dark = dark
        if self.plan is not None:
            self._draw(self.plan)

    # ----- planning -----------------------------------------------------------------------------
    def plan_now(self) -> None:
        """Play the games until the answer is known well enough, showing the figures so far
        after each batch; then the answer, how sure it is, and the spread."""
        self.plan = None
        self.more_games.layout.display = "none"
        self._play(lambda cluster: make_plan(
            self.game.value, int(self.teams.value), int(self.games.value), seed=0,
            bots=self.bots.value, options=self.chosen_options(), calibration=self.calibration(),
            cluster=cluster, progress=self._progress, minutes=float(self.minutes.value),
            rounds=int(self.rounds.value) or None, on_batch=self._show))

    def play_more_now(self) -> None:
        """Play as many games again as the plan has (the next games of the same seed), for a
        tighter answer."""
        plan = self.plan
        if plan is not None:
            self._play(lambda cluster: play_more(plan, 2 * plan.games, cluster, self._progress))

    def _play(self, playing: Callable[[Cluster], Plan]) -> None:
        """Run ``playing`` on the kernel's cluster with the buttons off; say its answer, or its
        error as the page's notice."""
        self.notice.clear()
        self.run.disabled = self.more_games.disabled = True
        self.progress.value = 0
        try:
            cluster = shared_cluster(self.scheduler)  # a malformed address is refused here
            self.status.value = html(_("Playing..."))
            plan = playing(cluster)
        except (SetupError, ValueError, TypeError, ClusterError) as error:
            # ClusterError: no scheduler answers, it has no workers, or it was lost during the
            # run; the next "Plan" connects again
            self.notice.error(str(error))
            self.status.value = ""
            return
        finally:
            self.run.disabled = self.more_games.disabled = False
        self._show(plan)
        self.progress.value = self.progress.max
        self.status.value = html(ngettext("{n} game played {where}.", "{n} games played {where}.",
                                          plan.games).format(
            n=format_number(plan.games, 0), where=played_where(plan.games, plan.here, cluster)))
        self.more_games.layout.display = "inline-flex"

    def _show(self, plan: Plan) -> None:
        """The figures of the games played so far: the answer and the spread."""
        self.plan = plan
        rounds = int(self.rounds.value) or None
        self.result.value = answer_html(plan, float(self.minutes.value), rounds)
        self.pace.value = self._pace_html(plan.calibration)
        self._draw(plan)

    @staticmethod
    def _pace_html(calibration: Calibration) -> str:
        """Where the pace comes from, as the page says it."""
        return ("<div class='dg-muted'>" + html(_("Pace: {pace}").format(
            pace=calibration.sentence())) + "</div>")

    def _progress(self, done: int, total: int) -> None:
        self.progress.max, self.progress.value = max(total, 1), done
        self.status.value = html(done_of(done, total))

    def _draw(self, plan: Plan) -> None:
        figure = plan_figure(plan, float(self.minutes.value), dark=self.dark)
        figure.update_layout(width=CHART_WIDTH)
        with self.chart.batch_update():
            self.chart.data = ()
            self.chart.add_traces(list(figure.data))
            self.chart.layout = figure.layout
        self.chart_box.layout.display = "flex"


def _round_noun(game: str) -> str:
    from devgames.sim.dask_runner import round_noun

    return round_noun(game)


def planner_screen(store: SessionStore | None, on_back: Callable[[], None],
                   scheduler: str | None = None) -> tuple[widgets.Button, PlannerPage]:
    """The "Back" button and the page, as the app shows them.

    >>> back, page = planner_screen(None, lambda: None, "in-process")
    >>> back.description, type(page).__name__
    ('Back', 'PlannerPage')
    """
    back = widgets.Button(description=_("Back"))
    back.add_class("dg-back")
    back.on_click(lambda _button: on_back())
    return back, PlannerPage(store, scheduler)
