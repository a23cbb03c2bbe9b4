"""The README's "Rules as implemented" paragraph names every option of every game, and only those.

The paragraph lists each game's options class as ``module.ClassName``: field, field, ...; the
list must be the dataclass's fields, in their order, so a new option cannot go unmentioned.
"""

import dataclasses
import re
from pathlib import Path

import pytest

from devgames import BUILTIN_GAMES, game_module

README = Path(__file__).resolve().parents[1] / "README.md"
#: A game's options class and the fields named after it, up to the next ";" or the closing ")".
LISTED = re.compile(r"`(\w+)\.(\w+Options)`:\s*([\w,\s]+?)\s*[;)]")


def rules_paragraph() -> str:
    """The text of the README section "Rules as implemented", up to the next heading."""
    text = README.read_text(encoding="utf-8")
    start = text.index("## Rules as implemented")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def listed_options() -> dict[str, tuple[str, list[str]]]:
    """For each game the paragraph lists: its options class name and the fields it names.

    >>> listed_options()["scrumkin"][0]
    'ScrumkinOptions'
    """
    return {game: (cls, [name.strip() for name in names.split(",")])
            for game, cls, names in LISTED.findall(rules_paragraph())}


def options_class(game: str) -> type:
    """The options dataclass a game's module exports."""
    module = game_module(game)
    found = [value for name, value in vars(module).items()
             if name.endswith("Options") and dataclasses.is_dataclass(value)]
    assert len(found) == 1, f"{game} should export one options dataclass: {found}"
    (options,) = found
    assert isinstance(options, type), f"{game} exports an options instance, not its class"
    return options


def test_the_paragraph_lists_every_game() -> None:
    assert sorted(listed_options()) == sorted(BUILTIN_GAMES)


@pytest.mark.parametrize("game", sorted(BUILTIN_GAMES))
def test_every_option_of_the_game_is_named_in_the_readme(game: str) -> None:
    cls = options_class(game)
    name, listed = listed_options()[game]
    assert name == cls.__name__
    fields = [field.name for field in dataclasses.fields(cls)]
    missing = [field for field in fields if field not in listed]
    unknown = [option for option in listed if option not in fields]
    assert not missing, f"README.md does not name these {name} options: {missing}"
    assert not unknown, f"README.md names {name} options that do not exist: {unknown}"
    assert listed == fields, f"README.md should list the {name} options in their order"
