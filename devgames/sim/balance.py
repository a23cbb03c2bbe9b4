"""The balance lab: sweeps of bot games over options, player counts and bot line-ups, on Dask,
read as tidy pandas tables with their uncertainty.

A sweep plays the same number of games for every combination (a **cell**) of the options'
values, the player counts and the bot line-ups. Game ``i`` of every cell has the same seed
(``game_seed(seed, i)``), so cells differ by their settings, not by their luck. The tables:

- :meth:`Sweep.summary`: per cell, rounds at P50/P80/P95, moves at P50, and how often a game
  ends with a winner;
- :meth:`Sweep.seats`: per cell and seat, the share of games the seat wins, with its Wilson
  95% interval, next to the fair share (1 / players);
- :meth:`Sweep.bots`: per cell (line-ups pooled), each kind of bot's wins per seat it held;
- :meth:`Sweep.cards`: per cell, the card moves (a kind of move with a card, "play Scope creep")
  made more often by the seats that won than by the others.

>>> sweep = run_sweep("scrumkin", games=8, players=[2, 3], seed=1, bots=["random"],
...                   grid={"backlog": [8, 10]}, cluster="in-process")
>>> len(sweep.summary()), list(sweep.seats().columns)[:5]
(4, ['backlog', 'players', 'bots', 'seat', 'wins'])
"""

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devgames import game_module
from devgames.sim.dask_runner import Cluster, JobResult, make_job, run_jobs
from devgames.sim.runner import Progress
from devgames.sim.stats import percentile, share_text, wilson

#: Decimals kept in the tables' shares (so the CSV files are the same on every machine).
DECIMALS = 4
#: Card moves listed per cell in :meth:`Sweep.cards` unless told otherwise.
TOP_CARDS = 10


@dataclass(frozen=True)
class Cell:
    """One combination of a sweep: option values, a player count, a bot line-up."""

    options: tuple[tuple[str, Any], ...]
    players: int
    lineup: tuple[str, ...]

    def columns(self, keys: Sequence[str]) -> dict[str, Any]:
        """The cell as the first columns of a table row.

        >>> Cell((("backlog", 8),), 3, ("random",)).columns(["backlog"])
        {'backlog': 8, 'players': 3, 'bots': 'random'}
        """
        options = dict(self.options)
        return {**{key: options.get(key) for key in keys}, "players": self.players,
                "bots": ";".join(self.lineup)}


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """Every rotation of a line-up, so that each kind of bot sits in every seat in turn (a duel
    of bot against bot that the first seat's advantage cannot tilt).

    >>> rotations(["heuristic", "random"])
    [('heuristic', 'random'), ('random', 'heuristic')]
    """
    kinds = tuple(lineup)
    return [kinds[shift:] + kinds[:shift] for shift in range(len(kinds))] if kinds else []


class Sweep:
    """The cells of a sweep and their games' results (see the module's text)."""

    def __init__(self, game: str, keys: Sequence[str], cells: Sequence[Cell],
                 results: Sequence[JobResult], seed: int) -> None:
        self.game = game
        self.keys = list(keys)
        self.cells = list(cells)
        self.results = list(results)
        self.seed = seed
        module = game_module(game)
        self._card_names = {card_id: getattr(card, "name", str(card_id))
                            for card_id, card in getattr(module, "CARDS", {}).items()}

    @property
    def games(self) -> int:
        """Games per cell."""
        return len(self.results[0].outcomes) if self.results else 0

    def summary(self) -> Any:
        """One row per cell: rounds at P50, P80 and P95, moves at P50, the share of decided
        games (with a winner) and its interval."""
        import pandas as pd

        rows = []
        for cell, result in zip(self.cells, self.results, strict=True):
            rounds = [outcome[0] for outcome in result.outcomes]
            moves = [outcome[1] for outcome in result.outcomes]
            decided = sum(1 for outcome in result.outcomes if outcome[2])
            row = {**cell.columns(self.keys), "games": len(rounds)}
            if rounds:
                row.update({f"rounds_p{p}": percentile(rounds, p) for p in (50, 80, 95)})
                row["moves_p50"] = percentile(moves, 50)
            row.update(_share("decided", decided, len(rounds)))
            rows.append(row)
        return pd.DataFrame(rows)

    def seats(self) -> Any:
        """One row per cell and seat: wins, games, the win rate with its 95% interval, and the
        fair share. A game with several winners counts as a win for each."""
        import pandas as pd

        rows = []
        for cell, result in zip(self.cells, self.results, strict=True):
            games = len(result.outcomes)
            for seat in range(cell.players):
                wins = sum(1 for outcome in result.outcomes if outcome[2] >> seat & 1)
                rows.append({**cell.columns(self.keys), "seat": seat + 1,
                             "bot": cell.lineup[seat % len(cell.lineup)], "wins": wins,
                             "games": games, **_share("win_rate", wins, games),
                             "fair": round(1 / cell.players, DECIMALS)})
        frame = pd.DataFrame(rows)
        return frame[[*self.keys, "players", "bots", "seat", "wins", "games", "win_rate",
                      "win_rate_low", "win_rate_high", "fair", "bot"]] if rows else frame

    def bots(self) -> Any:
        """One row per cell (line-ups pooled) and kind of bot: seats held, wins, and the win
        rate per seat held with its interval, against the fair share."""
        import pandas as pd

        pooled: dict[tuple[Any, ...], dict[str, list[int]]] = {}
        for cell, result in zip(self.cells, self.results, strict=True):
            tally = pooled.setdefault((cell.options, cell.players), {})
            for seat in range(cell.players):
                kind = cell.lineup[seat % len(cell.lineup)]
                counts = tally.setdefault(kind, [0, 0])
                counts[0] += sum(1 for outcome in result.outcomes if outcome[2] >> seat & 1)
                counts[1] += len(result.outcomes)
        rows = []
        for (options, players), tally in pooled.items():
            base = Cell(options, players, ()).columns(self.keys)
            base.pop("bots")
            for kind, (wins, seats) in sorted(tally.items()):
                rows.append({**base, "bot": kind, "seats_held": seats, "wins": wins,
                             **_share("win_rate", wins, seats),
                             "fair": round(1 / players, DECIMALS)})
        return pd.DataFrame(rows)

    def cards(self, top: int = TOP_CARDS) -> Any:
        """Per cell, the ``top`` card moves most present in winning games: the share of winning
        seats (one per game and winner) that made the move at least once, against the share of
        the other seats, each with its interval, and the difference ("lift")."""
        import pandas as pd

        rows = []
        for cell, result in zip(self.cells, self.results, strict=True):
            won_seats = sum(bin(outcome[2]).count("1") for outcome in result.outcomes)
            other_seats = cell.players * len(result.outcomes) - won_seats
            moves = sorted({(kind, card) for (_, kind, card) in result.cards})
            found = []
            for kind, card in moves:
                by_winners = result.cards.get((True, kind, card), 0)
                by_others = result.cards.get((False, kind, card), 0)
                winners = _share("winners", by_winners, won_seats)
                others = _share("others", by_others, other_seats)
                lift = round(winners["winners"] - others["others"], DECIMALS)
                found.append({**cell.columns(self.keys), "move": kind,
                              "card": self._card_names.get(card, str(card)), **winners,
                              **others, "lift": lift})
            found.sort(key=lambda row: (-row["lift"], row["move"], row["card"]))
            rows.extend(found[:top])
        return pd.DataFrame(rows)

    def findings(self) -> list[str]:
        """The seats' win rates in words, one line per cell, with their intervals; seats whose
        interval leaves out the fair share are marked.

        >>> sweep = run_sweep("scrumkin", 40, [2], seed=3, bots=["random"], cluster="in-process")
        >>> sweep.findings()[0].startswith("2 teams, random bots (40 games): seat 1 wins ")
        True
        """
        from devgames import game_spec

        noun = game_spec(self.game).seat_noun
        lines = []
        for cell, result in zip(self.cells, self.results, strict=True):
            games = len(result.outcomes)
            parts = []
            for seat in range(cell.players):
                wins = sum(1 for outcome in result.outcomes if outcome[2] >> seat & 1)
                low, high = wilson(wins, games)
                fair = 1 / cell.players
                mark = "" if low <= fair <= high else (" (above the fair share)" if low > fair
                                                        else " (below the fair share)")
                kind = f" ({cell.lineup[seat]})" if len(set(cell.lineup)) > 1 else ""
                parts.append(f"seat {seat + 1}{kind} wins {share_text(wins, games)}{mark}")
            options = ", ".join(f"{key}={value}" for key, value in cell.options)
            head = f"{cell.players} {noun}s, {'/'.join(dict.fromkeys(cell.lineup))} bots" + (
                f", {options}" if options else "")
            lines.append(f"{head} ({games} games): " + ", ".join(parts) + ".")
        return lines

    def write_csv(self, folder: str | Path) -> list[Path]:
        """Write summary.csv, seats.csv, bots.csv and cards.csv (UTF-8) into ``folder``.

        >>> import tempfile
        >>> sweep = run_sweep("scrumkin", 4, [2], seed=1, bots=["random"], cluster="in-process")
        >>> with tempfile.TemporaryDirectory() as out:
        ...     [path.name for path in sweep.write_csv(out)]
        ['summary.csv', 'seats.csv', 'bots.csv', 'cards.csv']
        """
        from devgames.core.cells import spreadsheet_safe

        out = Path(folder)
        out.mkdir(parents=True, exist_ok=True)
        paths = []
        for name, table in (("summary", self.summary()), ("seats", self.seats()),
                            ("bots", self.bots()), ("cards", self.cards())):
            path = out / f"{name}.csv"
            safe = table.map(spreadsheet_safe) if len(table) else table
            safe.to_csv(path, index=False, lineterminator="\n", encoding="utf-8")
            paths.append(path)
        return paths


def split_kinds(lineup: str | Sequence[str] | None) -> str | list[str] | None:
    """A line-up as given: None, one kind, or a list (``"heuristic,random"`` is split).

    >>> split_kinds("heuristic,random"), split_kinds("random"), split_kinds(None)
    (['heuristic', 'random'], 'random', None)
    """
    if isinstance(lineup, str):
        kinds = [kind.strip() for kind in lineup.split(",") if kind.strip()]
        return kinds if len(kinds) > 1 else (kinds[0] if kinds else None)
    return list(lineup) if lineup is not None else None


def _share(name: str, successes: int, trials: int) -> dict[str, float]:
    """A share and its interval as three columns.

    >>> _share("win_rate", 1, 4)
    {'win_rate': 0.25, 'win_rate_low': 0.0456, 'win_rate_high': 0.6994}
    """
    low, high = wilson(successes, trials)
    return {name: round(successes / trials if trials else 0.0, DECIMALS),
            f"{name}_low": round(low, DECIMALS), f"{name}_high": round(high, DECIMALS)}


def run_sweep(game: str, games: int, players: Sequence[int], seed: int = 0,
              bots: Sequence[str | Sequence[str]] | None = None,
              grid: Mapping[str, Sequence[Any]] | None = None,
              options: Mapping[str, Any] | None = None,
              cluster: "Cluster | str | None" = None,
              progress: Progress | None = None) -> Sweep:
    """Play ``games`` games in every cell of options ``grid`` x ``players`` x ``bots`` line-ups
    (each a kind for every seat or a list repeated round the table; the game's preferred bot
    when None), with fixed ``options`` besides, as Dask tasks on ``cluster``.
    """
    grid = dict(grid or {})
    keys = list(grid)
    lineups = [split_kinds(lineup) for lineup in bots] if bots else [None]
    cells: list[Cell] = []
    jobs = []
    for values in itertools.product(*(grid[key] for key in keys)):
        chosen = {**dict(options or {}), **dict(zip(keys, values, strict=True))}
        for count in players:
            for lineup in lineups:
                job = make_job(game, games, count, seed, lineup, chosen)
                cells.append(Cell(tuple(zip(keys, values, strict=True)), count, job.kinds))
                jobs.append(job)
    results = run_jobs(jobs, cluster, progress)
    return Sweep(game, keys, cells, results, seed)


# ----- charts -----------------------------------------------------------------------------------
FONT_SIZE = 20
COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442",
           "#000000")  # Okabe-Ito: colour-blind safe


def _cell_label(row: Mapping[str, Any], keys: Sequence[str]) -> str:
    return ", ".join(f"{key}={row[key]}" for key in keys) or "all"


def seats_figure(sweep: Sweep, players: int | None = None) -> Any:
    """Each seat's win rate with its 95% interval as error bars, one line per cell (of
    ``players`` players, else of every count), and the fair share dashed.

    >>> sweep = run_sweep("scrumkin", 10, [2, 3], seed=1, bots=["random"], cluster="in-process")
    >>> [trace.name for trace in seats_figure(sweep).data if trace.showlegend is not False]
    ['2 teams', '3 teams']
    """
    import plotly.graph_objects as go

    from devgames import game_spec

    noun = game_spec(sweep.game).seat_noun
    table = sweep.seats()
    if players is not None:
        table = table[table["players"] == players]
    figure = go.Figure()
    groups = [*sweep.keys, "players", "bots"]
    lines = list(table.groupby(groups, sort=False))
    for number, (_, rows) in enumerate(lines):
        # lines set apart sideways a little, so that equal rates stay visible
        shift = 0.08 * (number - (len(lines) - 1) / 2) if len(lines) > 1 else 0.0
        first = rows.iloc[0]
        name = f"{first['players']} {noun}s" + (
            f", {_cell_label(first, sweep.keys)}" if sweep.keys else "") + (
            f", {first['bots']}" if len(set(str(first["bots"]).split(";"))) > 1 else "")
        colour = COLOURS[number % len(COLOURS)]
        figure.add_trace(go.Scatter(
            x=rows["seat"] + shift, y=rows["win_rate"], mode="lines+markers", name=name,
            customdata=rows["seat"],
            line={"color": colour, "width": 3}, marker={"size": 10, "color": colour},
            error_y={"type": "data", "symmetric": False,
                     "array": rows["win_rate_high"] - rows["win_rate"],
                     "arrayminus": rows["win_rate"] - rows["win_rate_low"]},
            hovertemplate="seat %{customdata}: %{y:.1%}<extra>" + name + "</extra>"))
        figure.add_trace(go.Scatter(
            x=rows["seat"], y=rows["fair"], mode="lines", showlegend=False,
            line={"color": colour, "width": 1, "dash": "dash"}, hoverinfo="skip"))
    figure.data = tuple(trace for trace in figure.data if trace.showlegend is not False) + \
        tuple(trace for trace in figure.data if trace.showlegend is False)
    figure.update_layout(template="plotly_white", font={"size": FONT_SIZE},
                         title="Win rate by seat (95% interval); dashed: the fair share",
                         xaxis_title="seat (1 leads first)", yaxis_title="games won",
                         yaxis_tickformat=".0%", height=480)
    figure.update_xaxes(dtick=1)
    return figure


def rounds_figure(sweep: Sweep) -> Any:
    """Rounds at P50 (line) and P80-P95 (band ends) by player count, one line per combination
    of the options varied.

    >>> sweep = run_sweep("scrumkin", 10, [2, 3], seed=1, bots=["random"],
    ...                   grid={"backlog": [8, 12]}, cluster="in-process")
    >>> [trace.name for trace in rounds_figure(sweep).data]
    ['backlog=8', 'backlog=12']
    """
    import plotly.graph_objects as go

    from devgames.sim.dask_runner import round_noun

    noun = round_noun(sweep.game)
    table = sweep.summary()
    figure = go.Figure()
    groups = sweep.keys or ["bots"]
    for number, (_, rows) in enumerate(table.groupby(groups, sort=False)):
        rows = rows.groupby("players", as_index=False).first()
        name = _cell_label(rows.iloc[0], sweep.keys) if sweep.keys else str(rows.iloc[0]["bots"])
        colour = COLOURS[number % len(COLOURS)]
        figure.add_trace(go.Scatter(
            x=rows["players"], y=rows["rounds_p50"], mode="lines+markers", name=name,
            line={"color": colour, "width": 3}, marker={"size": 10},
            error_y={"type": "data", "symmetric": False,
                     "array": rows["rounds_p95"] - rows["rounds_p50"],
                     "arrayminus": [0] * len(rows)},
            customdata=rows[["rounds_p80", "rounds_p95"]],
            hovertemplate=f"%{{x}} players: P50 %{{y}}, P80 %{{customdata[0]}}, "
                          f"P95 %{{customdata[1]}} {noun}s<extra>{name}</extra>"))
    figure.update_layout(template="plotly_white", font={"size": FONT_SIZE},
                         title=f"{noun.capitalize()}s a game lasts: P50, bar up to P95",
                         xaxis_title="players", yaxis_title=f"{noun}s", height=480)
    figure.update_xaxes(dtick=1)
    return figure
