"""How long each game takes, said once: the timing tables of the guides and the README, made by
the planner.

Every duration the facilitation guides (``facilitation/*.md``) and the README state comes from
a block this module writes between the markers ``<!-- durations:NAME -->`` and
``<!-- /durations -->``: for each set-up a game's spec times for its guide
(:attr:`devgames.core.spec.GameSpec.guide_timings`: a number of seats, a preset or options), the
planner's minutes of play and rounds at P50 (P80), the minutes a round, the
share of games within the playing slot of a 60- and of a 90-minute workshop (:data:`SLOTS`) and
the share stopped by the game's cap. The games are played in this process with heuristic bots
and timed at each game's default pace (:func:`devgames.sim.planner.default_calibration`), so
the same arguments always give the same tables. After a change to an engine, the bots, a preset
or a pace, write them again (about a minute)::

    python -m devgames.sim.durations          # rewrites the blocks in place
    python -m devgames.sim.durations --check  # exit status 1 when a block is out of date

>>> row = measure(SetUp("release", 4, "quick"), games=5, seed=1)
>>> row.rounds_p50, row.within[60] >= 0.8
(2, True)
"""

import argparse
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from devgames import game_spec, game_specs
from devgames.core.spec import Timing, resolve
from devgames.core.wording import game_title
from devgames.sim.planner import Plan, default_calibration, make_plan
from devgames.sim.stats import percentile

#: Minutes of play a workshop keeps for the game: a 90-minute workshop (welcome 5, rules and a
#: bot demo 7, set-up 3, play 40 with a 5-minute mid-game check, debrief 30, close 5) keeps 35;
#: a 60-minute one (welcome 5, rules 3, set-up 2, play 25, debrief 20, close 5) keeps 25.
SLOTS = {60: 25, 90: 35}
#: The share of simulated games that must end within a slot for a set-up to fit it.
FITS = 0.8
#: Games played for each set-up, and the simulation seed, of the blocks in the files.
GAMES, SEED = 200, 2026
#: The bots that stand in for the people.
BOTS = "heuristic"
ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class SetUp:
    """A table to time: ``game`` with ``players`` seats and the preset ``preset`` (a name of
    game's presets, or "" for the standard game) plus ``options``; ``agenda`` marks the set-up
    the guide's 90-minute agenda plays."""

    game: str
    players: int
    preset: str = ""
    options: tuple[tuple[str, Any], ...] = ()
    agenda: bool = False

    @classmethod
    def timed(cls, game: str, timing: Timing) -> "SetUp":
        """The set-up of ``game`` that a timing of its spec names.

        >>> SetUp.timed("exploding", Timing(4, agenda=True))
        SetUp(game='exploding', players=4, preset='', options=(), agenda=True)
        """
        return cls(game, timing.players, timing.preset, timing.options, timing.agenda)

    def all_options(self) -> dict[str, Any]:
        """The preset's options, then the set-up's own.

        >>> SetUp("scrumkin", 4, "short", (("backlog", 4),)).all_options()["backlog"]
        4
        """
        return {**(presets(self.game).get(self.preset, {}) if self.preset else {}),
                **dict(self.options)}

    def label(self) -> str:
        """How a table's row names the set-up.

        >>> SetUp("itstartup", 3, "", (("goal", 32),)).label()
        'goal=32'
        >>> SetUp("reliz", 3, "standard", (("scenario", "cooperation"),)).label()
        'standard, scenario=cooperation'
        """
        words = [self.preset] if self.preset else []
        words += [f"{key}={value}" for key, value in self.options]
        return ", ".join(words) or "standard"


def presets(game: str) -> dict[str, dict[str, Any]]:
    """The named presets of a game (its spec's ``presets``; none when it has none).

    >>> sorted(presets("release")), presets("exploding")
    (['quick', 'short', 'standard'], {})
    """
    path = game_spec(game).presets
    return dict(resolve(path)) if path else {}


def guides() -> tuple[str, ...]:
    """The games whose guides have a timing table (their specs' ``guide_timings``), in the
    order of the games.

    >>> guides()[:3]
    ('scrumkin', 'itstartup', 'exploding')
    """
    return tuple(spec.name for spec in game_specs() if spec.guide_timings)


def setups(game: str) -> tuple[SetUp, ...]:
    """The set-ups the guide of ``game`` times, in the order of its table.

    >>> [setup.label() for setup in setups("release")][:2]
    ['standard', 'short']
    """
    return tuple(SetUp.timed(game, timing) for timing in game_spec(game).guide_timings)


@dataclass(frozen=True)
class Row:
    """The planner's figures for one set-up."""

    setup: SetUp
    noun: str
    minutes_p50: float
    minutes_p80: float
    rounds_p50: int
    rounds_p80: int
    minutes_a_round: float
    within: dict[int, float] = field(default_factory=dict)
    capped: float = 0.0
    cap: int = 0

    def fits(self, workshop: int) -> bool:
        """Whether at least :data:`FITS` of the games end within the workshop's slot."""
        return self.within[workshop] >= FITS


def measure(setup: SetUp, games: int = GAMES, seed: int = SEED) -> Row:
    """Play ``games`` games of ``setup`` in this process and read the planner's figures."""
    plan: Plan = make_plan(setup.game, setup.players, games=games, seed=seed, bots=BOTS,
                           options=setup.all_options(),
                           calibration=default_calibration(setup.game), cluster="in-process",
                           precision=None)  # every game: the tables stay the same
    per_round = [minutes / max(1, rounds)
                 for minutes, rounds in zip(plan.minutes(), plan.rounds(), strict=True)]
    stopped, played = plan.capped()
    return Row(setup, plan.noun, plan.minutes_at(50), plan.minutes_at(80), plan.rounds_at(50),
               plan.rounds_at(80), percentile(per_round, 50),
               {workshop: plan.fits(slot)[0] / played for workshop, slot in SLOTS.items()},
               stopped / played, plan.cap)


def rows(game: str, games: int = GAMES, seed: int = SEED) -> tuple[Row, ...]:
    """The figures of every set-up of ``game`` (kept for the process: the same arguments give
    the same games)."""
    return _rows(game, games, seed)


@cache
def _rows(game: str, games: int, seed: int) -> tuple[Row, ...]:
    return tuple(measure(setup, games, seed) for setup in setups(game))


def percent(share: float) -> str:
    """A share as the tables say it.

    >>> percent(0.815), percent(1.0)
    ('82%', '100%')
    """
    return f"{share:.0%}"


def game_table(game: str, games: int = GAMES, seed: int = SEED) -> str:
    """The timing table of one game's guide, with the lines that say how it was made."""
    measured = rows(game, games, seed)
    noun = measured[0].noun
    lines = [
        f"| Set-up | Seats | Minutes of play, P50 (P80) | {noun.capitalize()}s, P50 (P80) | "
        f"Minutes a {noun} | Within {SLOTS[60]} min (60-minute workshop) | "
        f"Within {SLOTS[90]} min (90-minute workshop) | Stopped by the cap |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in measured:
        mark = " (the agenda's)" if row.setup.agenda else ""
        lines.append(
            f"| {row.setup.label()}{mark} | {row.setup.players} | {row.minutes_p50:.0f} "
            f"({row.minutes_p80:.0f}) | {row.rounds_p50} ({row.rounds_p80}) | "
            f"{row.minutes_a_round:.1f} | {percent(row.within[60])} | "
            f"{percent(row.within[90])} | {cap_text(row)} |")
    pace = default_calibration(game).seconds_per_move
    lines += ["", f"The planner, {games} games of heuristic bots for each line (seed {seed}), "
              f"at the default pace of {game_title(game)}, {pace:g} s a move "
              "([docs/planner.md](../docs/planner.md)); made by `python -m "
              "devgames.sim.durations`."]
    return "\n".join(lines)


def cap_text(row: Row) -> str:
    """The share of games stopped by the cap, with the cap ("-" without one).

    >>> cap_text(Row(SetUp("reliz", 2), "turn", 1, 1, 1, 1, 1, {}, 0.07, 300))
    '7% (at 300 turns)'
    """
    if not row.cap:
        return "-"
    return f"{percent(row.capped)} (at {row.cap} {row.noun}s)"


def summary_table(games: int = GAMES, seed: int = SEED) -> str:
    """One line per game for the README and the guides' index: the set-up of each guide's
    agenda and the shortest set-up that fits each workshop."""
    lines = [f"| Game | The agenda's set-up: minutes of play, P50 (P80) | "
             f"A 60-minute workshop ({SLOTS[60]} min of play) | "
             f"A 90-minute workshop ({SLOTS[90]} min of play) |",
             "|---|---|---|---|"]
    for game in guides():
        measured = rows(game, games, seed)
        agenda = next(row for row in measured if row.setup.agenda)
        cells = []
        for workshop in sorted(SLOTS):
            fitting = [row for row in measured
                       if row.fits(workshop) and row.setup.players == agenda.setup.players]
            best = max(fitting, key=lambda row: row.minutes_p50) if fitting else None
            cells.append(f"{best.setup.label()}: {best.minutes_p50:.0f} ({best.minutes_p80:.0f}), "
                         f"{percent(best.within[workshop])} within" if best else "does not fit")
        lines.append(f"| [{game_title(game)}]({game}.md), {agenda.setup.players} seats | "
                     f"{agenda.setup.label()}: {agenda.minutes_p50:.0f} "
                     f"({agenda.minutes_p80:.0f}) | {cells[0]} | {cells[1]} |")
    return "\n".join(lines)


def files() -> tuple[str, ...]:
    """The files with timing blocks: each timed game's guide, then the guides' index and the
    README (which hold the summary).

    >>> files()[0], files()[-2:]
    ('facilitation/scrumkin.md', ('facilitation/README.md', 'README.md'))
    """
    return (*(f"facilitation/{game}.md" for game in guides()), "facilitation/README.md",
            "README.md")


BLOCK = re.compile(r"(<!-- durations:(\w+) -->\n)(.*?)(<!-- /durations -->)", re.S)


def block_text(name: str, games: int = GAMES, seed: int = SEED) -> str:
    """What the block ``name`` (a game, or "summary") holds."""
    return summary_table(games, seed) if name == "summary" else game_table(name, games, seed)


def filled(text: str, games: int = GAMES, seed: int = SEED, links: str = "") -> str:
    """``text`` with every block written again (``links``: the path from the file's folder to
    facilitation/, for the summary's links).

    >>> filled("a\\n<!-- durations:none -->\\nold\\n<!-- /durations -->\\n")
    Traceback (most recent call last):
    ...
    KeyError: 'none'
    """
    def write(match: re.Match[str]) -> str:
        name = match[2]
        if name != "summary" and name not in guides():
            raise KeyError(name)
        body = block_text(name, games, seed)
        if name == "summary" and links:
            body = re.sub(r"\]\((\w+\.md)\)", rf"]({links}\1)", body)
        return f"{match[1]}{body}\n{match[4]}"

    return BLOCK.sub(write, text)


def main(argv: Sequence[str] | None = None) -> int:
    """Write the blocks again (``--check``: only say which are out of date)."""
    parser = argparse.ArgumentParser(
        prog="python -m devgames.sim.durations",
        description="Write the timing tables of the guides and the README from the planner.")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit with 1 when a block is out of date")
    args = parser.parse_args(argv)
    stale = []
    for name in files():
        path = ROOT / name
        text = path.read_text(encoding="utf-8")
        new = filled(text, links="facilitation/" if name == "README.md" else "")
        if new != text:
            stale.append(name)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    verb = "out of date" if args.check else "written again"
    print(f"{', '.join(stale)}: {verb}." if stale else "Every timing block is up to date.")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
