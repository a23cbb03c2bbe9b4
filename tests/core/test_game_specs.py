"""Every registered game is complete: its spec resolves (chart panels, debrief, handouts), its
engine starts with the spec's names and options, its bots play it to the end, its rows have the
spec's columns, its cards have meanings, and importing it stays light. A spec missing a part is
refused with a sentence when it is made, and a bad registration too."""

import dataclasses
import subprocess
import sys
from collections.abc import Mapping
from importlib import import_module

import pytest

import devgames
from devgames import BUILTIN_GAMES, GAMES, game_module, game_spec, game_specs, register
from devgames.core.bots import play_out
from devgames.core.meanings import meanings
from devgames.core.spec import GameSpec, resolve

SPECS = {spec.name: spec for spec in game_specs()}


def test_the_built_in_games_and_the_plugin_game_are_registered() -> None:
    assert list(GAMES)[:len(BUILTIN_GAMES)] == list(BUILTIN_GAMES)
    assert "standup" in GAMES, "tests/conftest.py puts the plugin game on the path"
    assert game_spec("standup").module == GAMES["standup"] == "devgames_standup"


@pytest.mark.parametrize("name", SPECS)
def test_every_registered_game_is_complete(name: str) -> None:
    from devgames.dashboards.charts import charts_for
    from devgames.screens.charts import Chart
    from devgames.screens.debrief import GameDebrief, debrief_phases

    spec = SPECS[name]
    module = game_module(name)
    assert module.SPEC is spec and dict(spec.bots) == module.BOTS
    charts = resolve(spec.charts)
    assert isinstance(charts, Mapping) and charts
    assert all(isinstance(chart, Chart) for chart in charts.values())
    assert isinstance(resolve(spec.debrief), GameDebrief)
    game = module.new_game(list(spec.default_names), seed=3)
    assert game.name == name and isinstance(game.options, spec.options)
    assert game.rules_version == module.RULES_VERSION
    for kind in spec.bots:
        game = module.new_game(list(spec.default_names), seed=3)
        seats = range(len(game.players))
        play_out(game, {seat: spec.bots[kind](seat) for seat in seats}, max_actions=200_000)
        assert game.is_over, f"{name}: {kind} bots did not finish a game"
    assert game.rounds  # rounds.csv: the spec's rounds table if it has one, else game.rounds
    rows = resolve(spec.rounds_table)(game) if spec.rounds_table else game.rounds
    assert set(rows[0]) >= set(spec.round_columns)
    if spec.rounds_table:
        assert list(rows[0]) == list(spec.round_columns)
    assert charts_for(game).panels == tuple(charts)
    assert all(debrief_phases(game).values())
    names = {card.name for card in module.CARDS.values()}
    assert names <= set(meanings(name)), f"{name}: cards without a meaning"
    if spec.handouts:
        assert resolve(spec.handouts)({}).game == name and resolve(spec.glossary)()
    if spec.retro:  # the debrief's key moments and who dealt what, from the game's own parts
        from devgames.retro import dealt_matrix, key_moments
        from devgames.retro.parts import GameRetro

        assert isinstance(resolve(spec.retro), GameRetro)
        assert key_moments(game) and all(row.card for row in dealt_matrix(game))
    low, high = spec.min_players, spec.max_players
    assert len(module.new_game([f"P{i}" for i in range(high)], seed=1).players) == high
    assert len(module.new_game([f"P{i}" for i in range(low)], seed=1).players) == low
    assert dataclasses.is_dataclass(spec.options)


@pytest.mark.parametrize("name", SPECS)
def test_importing_a_game_does_not_import_the_dashboards_libraries(name: str) -> None:
    heavy = ("ipywidgets", "plotly", "pandas", "IPython")
    code = (f"import sys, importlib, devgames; importlib.import_module({GAMES[name]!r}); "
            f"devgames.game_spec({name!r}); sys.exit(str([m for m in {heavy!r} "
            "if m in sys.modules]) if any(m in sys.modules for m in " + repr(heavy) + ") else 0)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=False)
    assert run.returncode == 0, run.stderr


def test_a_spec_missing_a_part_is_refused_with_a_sentence() -> None:
    parts = {field.name: getattr(SPECS["exploding"], field.name)
             for field in dataclasses.fields(GameSpec)}
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'charts'"):
        GameSpec(**{key: value for key, value in parts.items() if key != "charts"})
    with pytest.raises(ValueError, match="debrief must be a dotted path 'module:attribute'"):
        GameSpec(**parts | {"debrief": "devgames.exploding.debrief.DEBRIEF"})
    with pytest.raises(ValueError, match="bots must map at least one kind"):
        GameSpec(**parts | {"bots": {}})
    with pytest.raises(ValueError, match="default_names must be 2 to 5 different names"):
        GameSpec(**parts | {"default_names": ("Ada",)})
    with pytest.raises(ValueError, match=r"credit must be a devgames\.core\.spec\.Credit"):
        GameSpec(**parts | {"credit": "us"})


def test_a_bad_registration_is_refused_with_a_sentence() -> None:
    with pytest.raises(TypeError, match=r"gives the module json, not a devgames\.core\.spec"):
        register(import_module("json"), "the entry point 'json'")
    with pytest.raises(ValueError, match="declares the game 'standup' again"):
        register(devgames.game_module("standup"), "a second package")
    with pytest.raises(ValueError, match="Unknown game 'chess'"):
        game_spec("chess")
