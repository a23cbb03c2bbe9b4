"""devgames: faithful rules engines, dashboards and notebooks for software-development card games.

Each game lives in its own package and is started the same way:

>>> from devgames import scrumkin
>>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
>>> game.players
('Red', 'Blue')

Each game describes itself once, in a :class:`~devgames.core.spec.GameSpec` (its ``SPEC``). The
registry holds the built-in games and every game another installed package declares under the
entry point group ``devgames.games`` (see ``docs/adding-a-game.md``):

>>> game_spec("itstartup").title, game_spec("itstartup").max_players
('IT Startup', 4)
>>> list(GAMES)[:3]
['scrumkin', 'itstartup', 'exploding']
"""

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from importlib.metadata import entry_points
from types import ModuleType
from typing import Any, TypeVar

from devgames.core.spec import GameSpec

__version__ = "0.1.0"

#: The games that come with devgames, each the package ``devgames.<name>`` with its ``SPEC``.
BUILTIN_GAMES: tuple[str, ...] = ("scrumkin", "itstartup", "exploding", "release", "reliz")
#: The entry point group under which other packages declare their games: each entry point names
#: a module with a ``SPEC`` or the spec itself.
ENTRY_POINT_GROUP = "devgames.games"

_registry: dict[str, GameSpec] = {}
_loading: list[bool] = []  # not empty once the registry is being (or has been) filled

T = TypeVar("T")


def register(spec: Any, source: str = "") -> GameSpec:
    """Add a game to the registry; a module with a ``SPEC`` stands for its spec.

    Anything else, or a second game of one name, is refused with a sentence saying what is
    wrong and where it came from (``source``).

    >>> register(object(), "the entry point 'chess'")
    Traceback (most recent call last):
    ...
    TypeError: the entry point 'chess' gives an object, not a devgames.core.spec.GameSpec (nor a \
module with SPEC = GameSpec(...)).
    >>> register(game_spec("scrumkin"), "a test")
    Traceback (most recent call last):
    ...
    ValueError: a test declares the game 'scrumkin' again (devgames.scrumkin has it already).
    """
    if isinstance(spec, ModuleType) and hasattr(spec, "SPEC"):
        spec = spec.SPEC
    where = source or "a registration"
    if not isinstance(spec, GameSpec):
        what = f"the module {spec.__name__}" if isinstance(spec, ModuleType) else "an object"
        raise TypeError(f"{where} gives {what}, not a devgames.core.spec.GameSpec (nor a module "
                        "with SPEC = GameSpec(...)).")
    known = _specs()
    if spec.name in known:
        raise ValueError(f"{where} declares the game {spec.name!r} again "
                         f"({known[spec.name].module} has it already).")
    known[spec.name] = spec
    return spec


def _specs() -> dict[str, GameSpec]:
    """The registry, filled on first use: the built-in games, then the entry points' games."""
    if not _loading:
        _loading.append(True)
        try:
            for name in BUILTIN_GAMES:
                _registry[name] = import_module(f"devgames.{name}").SPEC
            for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
                where = f"the entry point {point.name!r} ({point.value})"
                spec = register(point.load(), where)
                if spec.name != point.name:
                    raise ValueError(f"{where} declares a game called {spec.name!r}: name the "
                                     "entry point after the game.")
        except BaseException:
            _registry.clear()
            _loading.clear()
            raise
    return _registry


def game_specs() -> tuple[GameSpec, ...]:
    """Every registered game's spec: the built-in games first.

    >>> [spec.name for spec in game_specs()][:3]
    ['scrumkin', 'itstartup', 'exploding']
    """
    return tuple(_specs().values())


def game_spec(name: str) -> GameSpec:
    """The spec of the game called ``name`` (as used on the command line).

    >>> game_spec("exploding").title
    'Exploding Git Commits'
    >>> game_spec("poker")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Unknown game 'poker'; the games are: exploding, itstartup, ...
    """
    try:
        return _specs()[name]
    except KeyError:
        known = ", ".join(sorted(_specs()))
        raise ValueError(f"Unknown game {name!r}; the games are: {known}.") from None


def game_module(name: str) -> ModuleType:
    """Return the module of the game called ``name`` (as used on the command line).

    >>> game_module("scrumkin").__name__
    'devgames.scrumkin'
    """
    return import_module(game_spec(name).module)


class SpecTable(Mapping[str, T]):
    """A read-only table by game name, each value read from the game's spec when asked for:
    ``SpecTable(lambda spec: spec.title)["itstartup"] == "IT Startup"``. It follows the
    registry, so tables made at import time know the games registered later.

    >>> titles = SpecTable(lambda spec: spec.title)
    >>> titles["scrumkin"], titles.get("chess", "?"), "exploding" in titles
    ('Scrumkin', '?', True)
    """

    def __init__(self, read: Callable[[GameSpec], T]) -> None:
        self._read = read

    def __getitem__(self, name: str) -> T:
        spec = _specs().get(name)
        if spec is None:
            raise KeyError(name)
        return self._read(spec)

    def __iter__(self) -> Iterator[str]:
        return iter(list(_specs()))

    def __len__(self) -> int:
        return len(_specs())

    def __repr__(self) -> str:
        return repr(dict(self))


#: CLI and session name -> module implementing ``new_game``, for every registered game.
GAMES: Mapping[str, str] = SpecTable(lambda spec: spec.module)

__all__ = ["BUILTIN_GAMES", "ENTRY_POINT_GROUP", "GAMES", "GameSpec", "SpecTable", "game_module",
           "game_spec", "game_specs", "register"]
