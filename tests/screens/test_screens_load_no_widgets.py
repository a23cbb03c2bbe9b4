"""A game's screen modules and the device server load no widget library: importing every
registered game's chart and debrief modules (through its spec's paths, the plugin game included)
and the device server, in a fresh interpreter, leaves ipywidgets, plotly and anywidget out of
``sys.modules``."""

import json
import subprocess
import sys
from pathlib import Path

from devgames import game_specs

ROOT = Path(__file__).resolve().parents[2]
WIDGET_LIBRARIES = ("ipywidgets", "plotly", "anywidget")

#: Run in a fresh interpreter (the plugin game is on its PYTHONPATH: tests/conftest.py): import
#: the modules named, then each registered game's screen modules through its spec; print the
#: widget libraries loaded and the names of the games seen.
PROBE = """
import json, sys
from importlib import import_module
for name in {modules!r}:
    import_module(name)
from devgames import game_specs
from devgames.core.spec import resolve
games = []
for spec in game_specs():
    resolve(spec.charts)
    resolve(spec.debrief)
    games.append(spec.name)
loaded = sorted({{name.split(".")[0] for name in sys.modules}} & set({libraries!r}))
print(json.dumps({{"games": games, "loaded": loaded}}))
"""


def loaded_by(*modules: str) -> dict[str, list[str]]:
    """The widget libraries a fresh interpreter holds after importing ``modules`` and every
    registered game's screen modules, and the games it found."""
    code = PROBE.format(modules=modules, libraries=WIDGET_LIBRARIES)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_every_games_charts_and_debrief_load_no_widget_library() -> None:
    found = loaded_by()
    assert set(found["games"]) == {spec.name for spec in game_specs()}
    assert "standup" in found["games"], "the plugin game is checked too"
    assert found["loaded"] == []


def test_the_device_server_loads_no_widget_library() -> None:
    found = loaded_by("devgames.devices.server", "devgames.devices.state")
    assert found["loaded"] == []


def test_the_dashboards_charts_module_does_not_load_the_app() -> None:
    code = ("import sys, devgames.dashboards.charts; "
            "print('devgames.dashboards.app' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True, timeout=120)
    assert done.stdout.strip() == "False"
