"""One source of truth for durations: every game length the guides and the README state is the
planner's (devgames/sim/durations.py writes it), each guide's agenda keeps the play the planner
gives its set-up, and every game fits a 60- and a 90-minute workshop. The set-ups a guide times
come from its game's spec, which refuses a bad one; a game without them has no table."""

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from devgames import game_spec, game_specs
from devgames.core.spec import Timing
from devgames.sim import durations
from devgames.sim.durations import SLOTS, files, filled, guides, rows

ROOT = Path(__file__).resolve().parents[1]
GAMES = guides()
FILES = files()
#: Named presets of the tests' own, for a spec's ``presets``.
PRESETS = {"brief": {"tasks": 3}}
#: A stated duration and the planner's may differ by this share of the planner's at most.
TOLERANCE = 0.2
AGENDA_ROW = re.compile(r"^\| (\d+)-(\d+) \| ([^|]+) \|", re.M)
#: A game's length said in words: "15-25 minutes a game", "2 hours and more", "8-12 minutes a
#: release", "20-30 minutes at the laptop", "about 40 minutes of play".
LENGTH = re.compile(
    r"\b\d+(?:-\d+)? (?:minutes?|min|seconds?) (?:a|per|each) (?:game|sprint|round|release|turn|"
    r"card|move)\b|\b\d+ hours?\b|\b\d+(?:-\d+)? minutes (?:of play|at the (?:laptop|table))")


def text(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


#: What the length check leaves out: the workshops' slots (their own test) and the timer's
#: time-boxes ("Reset to" 5 minutes a sprint), which pace the room and do not time the game.
NOT_A_LENGTH = re.compile(r'keeps \d+ minutes of play|"Reset to" \d+ minutes[^.|]*')
SLOT_WORDS = re.compile(
    r"90-minute\s+workshop\s+keeps\s+(\d+)(?: minutes of play)?,\s+a\s+60-minute\s+one\s+(\d+)")


def outside_blocks(body: str) -> str:
    return NOT_A_LENGTH.sub("", durations.BLOCK.sub("", body))


@pytest.mark.parametrize("name", FILES)
def test_every_timing_block_is_what_the_planner_says_now(name: str) -> None:
    body = text(name)
    assert durations.BLOCK.search(body), f"{name} has no timing block"
    links = "facilitation/" if name == "README.md" else ""
    assert filled(body, links=links) == body, (
        f"the timing tables of {name} are not the planner's figures any more: run "
        "`python -m devgames.sim.durations`")


@pytest.mark.parametrize("name", FILES)
def test_no_game_length_is_stated_outside_the_planners_tables(name: str) -> None:
    stated = LENGTH.findall(outside_blocks(text(name)))
    assert not stated, f"{name} states {stated} by hand: let the planner's table say it"


@pytest.mark.parametrize("name", FILES)
def test_the_workshops_slots_are_said_as_the_planner_counts_them(name: str) -> None:
    said = SLOT_WORDS.findall(text(name))
    assert said, f"{name} does not say how much play a workshop keeps"
    assert all((int(ninety), int(sixty)) == (SLOTS[90], SLOTS[60]) for ninety, sixty in said)


def agenda_play(game: str) -> tuple[int, int]:
    """(minutes of the agenda's "Play" rows, games they play) in the game's guide."""
    body = text(f"facilitation/{game}.md")
    agenda = body[body.index("## The 90-minute agenda"):]
    agenda = agenda[:agenda.index("\n## ", 3)]
    minutes, games = 0, set()
    for start, end, block in AGENDA_ROW.findall(agenda):
        if block.strip().lower().startswith("play"):
            minutes += int(end) - int(start)
            games |= set(re.findall(r"game (\d)", block))
    return minutes, max(1, len(games))


@pytest.mark.parametrize("game", GAMES)
def test_the_agenda_keeps_the_play_the_planner_gives_its_set_up(game: str) -> None:
    agenda = next(row for row in rows(game) if row.setup.agenda)
    minutes, games = agenda_play(game)
    planned = agenda.minutes_p80 * games
    assert abs(minutes - planned) <= TOLERANCE * planned, (
        f"the agenda of facilitation/{game}.md keeps {minutes} minutes of play for {games} "
        f"game(s); the planner's P80 is {planned:.0f}")
    assert agenda.fits(90), f"the agenda's set-up of {game} ends within the slot too rarely"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("workshop", sorted(SLOTS))
def test_every_game_fits_a_workshop_with_a_named_set_up(game: str, workshop: int) -> None:
    agenda = next(row for row in rows(game) if row.setup.agenda)
    fitting = [row.setup.label() for row in rows(game)
               if row.fits(workshop) and row.setup.players == agenda.setup.players]
    assert fitting, f"no set-up of {game} ends within a {workshop}-minute workshop's play"
    named = [label for label in fitting
             if label.split(",")[0] in durations.presets(game) or label == "standard"]
    assert named, f"{game} fits a {workshop}-minute workshop only with options no preset names"


def test_the_guides_say_where_the_pace_comes_from() -> None:
    body = text("docs/planner.md")
    table = body[body.index("### The default pace of each game"):]
    for game, pace in (("Scrumkin", "10"), ("Release!", "12.5"), ("РЕЛИЗ", "20")):
        assert re.search(rf"^\| {re.escape(game)} \| {re.escape(pace)} \|", table, re.M), game
    assert "about 45 min" in table
    readme = text("README.md")
    assert "mean gap between one move and the next" in readme
    assert "gaps over 600 s" in readme


def test_a_game_whose_spec_times_nothing_has_no_table_and_no_presets() -> None:
    plugin = game_spec("standup")
    assert plugin.guide_timings == () and plugin.presets == ""
    assert [spec.name for spec in game_specs() if spec.guide_timings] == list(GAMES)
    assert "standup" not in GAMES and "facilitation/standup.md" not in FILES
    assert durations.presets("standup") == {} and durations.setups("standup") == ()
    with pytest.raises(KeyError):
        filled("<!-- durations:standup -->\nold\n<!-- /durations -->\n")


def test_each_guide_times_the_set_ups_of_its_games_spec() -> None:
    assert FILES[:len(GAMES)] == tuple(f"facilitation/{game}.md" for game in GAMES)
    setups = durations.setups("itstartup")
    assert [(setup.players, setup.label(), setup.agenda) for setup in setups] == [
        (3, "standard", False), (3, "goal=32", False), (3, "short", True), (3, "quick", False),
        (4, "short", False)]
    assert setups[2].all_options() == {"goal": 24}


def test_a_plugin_games_spec_may_time_its_guide_with_its_own_presets() -> None:
    spec = dataclasses.replace(game_spec("standup"), presets=f"{__name__}:PRESETS",
                               guide_timings=(Timing(2), Timing(4, "brief", agenda=True)))
    assert [timing.players for timing in spec.guide_timings] == [2, 4]


@pytest.mark.parametrize(("parts", "sentence"), [
    ({"guide_timings": (Timing(5, agenda=True),)},
     "a guide timing's players (5) must be min_players (2) to max_players (4)"),
    ({"guide_timings": (Timing(2, "brief", agenda=True),)},
     "a guide timing names the preset 'brief', but the spec gives no presets"),
    ({"presets": f"{__name__}:PRESETS", "guide_timings": (Timing(2, "long", agenda=True),)},
     "a guide timing names the preset 'long', which is not one of presets (brief)"),
    ({"guide_timings": (Timing(2, "", (("speed", 3),), agenda=True),)},
     "a guide timing's options must be pairs of an option of StandupOptions and its value"),
    ({"guide_timings": (Timing(2), Timing(3))},
     "exactly one of guide_timings must be the agenda's (agenda=True)"),
    ({"presets": "devgames_standup.PRESETS"},
     "presets must be a dotted path 'module:attribute'"),
])
def test_a_bad_guide_timing_is_refused_with_a_sentence(parts: dict[str, Any],
                                                       sentence: str) -> None:
    with pytest.raises(ValueError, match=re.escape(
            f"The game spec 'standup' is incomplete or wrong: {sentence}")):
        dataclasses.replace(game_spec("standup"), **parts)
