"""The tests' own game, Stand-up (``tests/plugin_game``), for the tests only.

It registers through the entry point group ``devgames.games`` like any game from another
package, but it is never installed into ``.venv``: the facilitator's app lists the facilitator's
games. When the tests start, a distribution of it (its ``dist-info``, generated from its
``pyproject.toml`` into a temporary folder) and its source go on the path of the test process and,
through ``PYTHONPATH``, of every process the tests start (`devgames` commands, Voilà servers and
their kernels). The folder goes when the test process ends.
"""

import atexit
import os
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path

#: The tests' plugin game: its source and its pyproject.toml.
PLUGIN_GAME = Path(__file__).resolve().parent / "plugin_game"


def plugin_distribution(folder: Path) -> Path:
    """Write the ``dist-info`` of the plugin game (name, version, entry points) into ``folder``
    and return it: what ``importlib.metadata`` reads to find the game's entry point.

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     info = plugin_distribution(Path(folder))
    ...     info.name, (info / "entry_points.txt").read_text().splitlines()
    ('devgames_standup-0.1.0.dist-info', ['[devgames.games]', 'standup = devgames_standup'])
    """
    project = tomllib.loads((PLUGIN_GAME / "pyproject.toml").read_text(encoding="utf-8"))
    meta = project["project"]
    info = folder / f"{meta['name'].replace('-', '_')}-{meta['version']}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {meta['version']}\n",
        encoding="utf-8")
    groups = meta.get("entry-points", {})
    (info / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{name} = {value}\n" for name, value in points.items())
        for group, points in groups.items()), encoding="utf-8")
    return info


def _put_the_plugin_game_on_the_path() -> None:
    """Generate the distribution and put it and the game's source on this process's path and
    on ``PYTHONPATH`` (for the processes the tests start)."""
    folder = Path(tempfile.mkdtemp(prefix="devgames-plugin-game-"))
    atexit.register(shutil.rmtree, folder, True)
    plugin_distribution(folder)
    added = [str(PLUGIN_GAME), str(folder)]
    sys.path.extend(added)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [*filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep)), *added])


if str(PLUGIN_GAME) not in sys.path:
    _put_the_plugin_game_on_the_path()

# The tests read the kit's texts in English, whatever the locale of the machine they run on
# (the command line speaks the locale's language); a test that wants another language asks.
os.environ["LANGUAGE"] = "en"
