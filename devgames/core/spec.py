"""One description per game: everything the shared code needs to know about a game, declared once.

Each game package declares ``SPEC = GameSpec(...)``; :mod:`devgames` registers the built-in games
and those that other installed packages declare under the entry point group ``devgames.games``
(see ``docs/adding-a-game.md``). The shared CLI, dashboards, exports and benchmarks read the specs
and name no game.

What a game declares for its screens (the chart panels, the debrief questions: see
:mod:`devgames.screens`), and the debrief's reveal of the game (its key moments and dealt cards),
is given as a dotted path ``"module:attribute"``, imported only by the code that uses it through
:func:`resolve`, so that importing a game stays light.

>>> spec = GameSpec(
...     name="coin", title="Coin", module="mygames.coin", blurb="2 players toss a coin.",
...     min_players=2, max_players=2, default_names=("Ada", "Bob"), bots={"random": object},
...     options=Credit, round_columns=("turn", "player"), debrief_prompts=("Was it fair?",),
...     charts="mygames.coin.charts:CHARTS", debrief="mygames.coin.debrief:DEBRIEF",
...     credit=Credit("Coin", "us", "our rules", "", "MIT", "any use"))
>>> spec.name, spec.seat_noun
('coin', 'player')
>>> GameSpec(**{**spec.__dict__, "min_players": 3})
Traceback (most recent call last):
...
ValueError: The game spec 'coin' is incomplete or wrong: min_players (3) must be 1 to \
max_players (2).
>>> GameSpec(**{**spec.__dict__, "retro": "mygames.coin.retro"})
Traceback (most recent call last):
...
ValueError: The game spec 'coin' is incomplete or wrong: retro must be a dotted path \
'module:attribute', not 'mygames.coin.retro'.
>>> GameSpec(**{**spec.__dict__, "card_names": {"russian": {"Heads": "Орёл"}}})
Traceback (most recent call last):
...
ValueError: The game spec 'coin' is incomplete or wrong: card_names must map language codes \
('ru') to mappings of card names to non-empty names.
"""

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from types import MappingProxyType
from typing import Any

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_PATH = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")
_LANGUAGE = re.compile(r"^[a-z]{2}$")


@dataclass(frozen=True)
class Credit:
    """One game (or our code): its authors, where it comes from, its licence, what that allows."""

    game: str
    authors: str
    source: str
    link: str
    licence: str
    allows: str


@dataclass(frozen=True)
class Timing:
    """One set-up the game's facilitation guide (``facilitation/<name>.md``) times: ``players``
    seats, the preset ``preset`` (a name of the spec's ``presets``, or "" for the standard game)
    plus ``options`` (pairs of an option's name and its value); ``agenda`` marks the set-up the
    guide's 90-minute agenda plays.

    >>> Timing(4, "short", (("backlog", 4),), agenda=True).players
    4
    """

    players: int
    preset: str = ""
    options: tuple[tuple[str, Any], ...] = ()
    agenda: bool = False


@dataclass(frozen=True, kw_only=True)
class GameSpec:
    """What the shared code knows of one game. Required parts have no default; a missing one is
    a ``TypeError`` and a wrong one a ``ValueError`` (or ``TypeError``) when the spec is made."""

    #: The name on the command line, in sessions and files: lower case, letters, digits, "_".
    name: str
    #: The name in headings ("IT Startup").
    title: str
    #: The dotted name of the module with ``new_game``, ``BOTS``, ``RULES_VERSION`` and ``CARDS``
    #: (and ``meanings.csv`` next to its file).
    module: str
    #: One or two sentences for the launcher.
    blurb: str
    min_players: int
    max_players: int
    #: The seat names the set-up form offers (at least ``min_players`` of them).
    default_names: tuple[str, ...]
    #: Bot kinds by name, each built as ``bots[kind](seed)`` with a ``choose(game)`` method.
    bots: Mapping[str, Callable[[int], Any]]
    #: The options dataclass of ``new_game``.
    options: type
    #: The columns of ``rounds.csv``, in order.
    round_columns: tuple[str, ...]
    #: The general debrief prompts (``retro.csv`` offers them when the room wrote no notes).
    debrief_prompts: tuple[str, ...]
    #: "module:attribute" of the chart panels: a mapping of panel name to
    #: :class:`devgames.screens.charts.Chart`.
    charts: str
    #: "module:attribute" of a :class:`devgames.screens.debrief.GameDebrief`.
    debrief: str
    #: Who made the game and what its licence allows (the about box).
    credit: Credit
    #: What the game calls one seat: "player" or "team".
    seat_noun: str = "player"
    #: Action kinds whose ``target`` is a seat (else a card) in ``events.csv``.
    seat_targets: frozenset[str] = frozenset()
    #: "module:attribute" of a function ``(game) -> list of rows`` for ``rounds.csv`` in place of
    #: ``game.rounds`` (e.g. with a sprint report's columns); "" for ``game.rounds``.
    rounds_table: str = ""
    #: More tables of the export: file name -> (the game's attribute with the rows, columns).
    extra_tables: Mapping[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    #: Options of the benchmark's random games, or None to leave the game out of ``bench``.
    bench: Mapping[str, Any] | None = field(default_factory=dict)
    #: Games per second the benchmark aims at, at 4 players (None: no target).
    games_per_s_target: float | None = None
    #: "module:attribute" of the handouts' words: a function ``(options) -> GameText``, and of
    #: the glossary's cards: ``() -> [(name, copies, figures, does)]``; "" for no handouts.
    handouts: str = ""
    glossary: str = ""
    #: The most pages the card glossary may print on.
    glossary_pages: int = 1
    #: "module:attribute" of the game's :class:`devgames.retro.parts.GameRetro`: who dealt what
    #: to whom and the key moments of the debrief; "" for none (no dealt cards, and only every
    #: hand at the end as a key moment).
    retro: str = ""
    #: "module:attribute" of a board the table draws above the charts and plays by clicking
    #: (a class built as ``board(on_pick, on_refusal)``, with ``show(game)`` and
    #: ``tray(game, seat)``; see :class:`devgames.dashboards.board.Board`); "" for none.
    board: str = ""
    #: Seconds a move takes at a real table: the planner's pace for the game while the session
    #: store has no finished session of it (docs/planner.md, "The default pace of each game").
    seconds_per_move: float = 20.0
    #: The cards' names in other languages, by language code ("ru"): each a mapping of a card's
    #: name to its name in that language, which the table and the hands show beside it; empty
    #: for a game whose cards have one name.
    card_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: "module:attribute" of the game's named presets (preset name -> options), which the
    #: guide's timings name; "" for none.
    presets: str = ""
    #: The set-ups the timing table of the game's guide, ``facilitation/<name>.md``, times, in
    #: the table's order, exactly one of them the agenda's (``python -m devgames.sim.durations``);
    #: empty for a game without a guide.
    guide_timings: tuple[Timing, ...] = ()

    def __post_init__(self) -> None:
        for problem in self._problems():
            raise ValueError(f"The game spec {self.name!r} is incomplete or wrong: {problem}.")
        object.__setattr__(self, "bots", MappingProxyType(dict(self.bots)))
        object.__setattr__(self, "extra_tables", MappingProxyType(dict(self.extra_tables)))
        object.__setattr__(self, "card_names", MappingProxyType({
            language: MappingProxyType(dict(names))
            for language, names in self.card_names.items()}))
        if self.bench is not None:
            object.__setattr__(self, "bench", MappingProxyType(dict(self.bench)))

    def _problems(self) -> list[str]:
        """What is wrong with this spec, in words (nothing when it is complete)."""
        problems = []
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            problems.append("name must be lower case letters, digits and '_', e.g. 'planning'")
        for part in ("title", "module", "blurb"):
            if not isinstance(getattr(self, part), str) or not getattr(self, part).strip():
                problems.append(f"{part} must be a non-empty text")
        low, high = self.min_players, self.max_players
        if not (isinstance(low, int) and isinstance(high, int) and 1 <= low <= high):
            problems.append(f"min_players ({low}) must be 1 to max_players ({high})")
        elif not (low <= len(self.default_names) <= high
                  and len(set(self.default_names)) == len(self.default_names)):
            problems.append(f"default_names must be {low} to {high} different names")
        if not isinstance(self.bots, Mapping) or not self.bots or not all(
                isinstance(kind, str) and callable(bot) for kind, bot in self.bots.items()):
            problems.append("bots must map at least one kind (a text) to a bot class")
        if not isinstance(self.options, type) or not dataclasses.is_dataclass(self.options):
            problems.append("options must be the options dataclass of new_game")
        for part in ("default_names", "round_columns", "debrief_prompts"):
            value = getattr(self, part)
            if not isinstance(value, tuple) or not value or not all(
                    isinstance(item, str) and item for item in value):
                problems.append(f"{part} must be a non-empty tuple of texts")
        for part in ("charts", "debrief", "rounds_table", "handouts", "glossary", "retro",
                     "board", "presets"):
            value = getattr(self, part)
            required = part in ("charts", "debrief")
            if not isinstance(value, str) or ((value or required) and not _PATH.match(value)):
                problems.append(f"{part} must be a dotted path 'module:attribute', not {value!r}")
        if bool(self.handouts) != bool(self.glossary):
            problems.append("handouts and glossary go together: give both or neither")
        if not isinstance(self.credit, Credit):
            problems.append("credit must be a devgames.core.spec.Credit")
        if self.seat_noun not in ("player", "team"):
            problems.append(f"seat_noun must be 'player' or 'team', not {self.seat_noun!r}")
        if (not isinstance(self.seconds_per_move, int | float)
                or isinstance(self.seconds_per_move, bool) or not self.seconds_per_move > 0):
            problems.append(f"seconds_per_move must be a number of seconds above 0, not "
                            f"{self.seconds_per_move!r}")
        if not isinstance(self.card_names, Mapping) or not all(
                isinstance(language, str) and _LANGUAGE.match(language)
                and isinstance(names, Mapping) and all(
                    isinstance(name, str) and name and isinstance(other, str) and other
                    for name, other in names.items())
                for language, names in self.card_names.items()):
            problems.append("card_names must map language codes ('ru') to mappings of card "
                            "names to non-empty names")
        return problems or self._timing_problems()

    def _timing_problems(self) -> list[str]:
        """What is wrong with the guide's timings, in words, once the rest of the spec is right."""
        timings = self.guide_timings
        if not isinstance(timings, tuple) or not all(
                isinstance(timing, Timing) for timing in timings):
            return ["guide_timings must be a tuple of devgames.core.spec.Timing"]
        if not timings:
            return []
        problems = []
        if sum(timing.agenda is True for timing in timings) != 1:
            problems.append("exactly one of guide_timings must be the agenda's (agenda=True)")
        low, high = self.min_players, self.max_players
        names = {option.name for option in dataclasses.fields(self.options)}
        for timing in timings:
            if not isinstance(timing.players, int) or not low <= timing.players <= high:
                problems.append(f"a guide timing's players ({timing.players!r}) must be "
                                f"min_players ({low}) to max_players ({high})")
            if not isinstance(timing.options, tuple) or not all(
                    isinstance(pair, tuple) and len(pair) == 2 and pair[0] in names
                    for pair in timing.options):
                problems.append(f"a guide timing's options must be pairs of an option of "
                                f"{self.options.__name__} and its "
                                f"value, not {timing.options!r}")
        named = [timing.preset for timing in timings if timing.preset]
        if named and not self.presets:
            problems.append(f"a guide timing names the preset {named[0]!r}, but the spec gives "
                            "no presets ('module:attribute' of the named presets)")
        elif named:
            try:
                known = list(resolve(self.presets))
            except (ImportError, TypeError, ValueError) as error:
                return [*problems, f"presets {self.presets!r} cannot be read: {error}"]
            problems += [f"a guide timing names the preset {name!r}, which is not one of "
                         f"presets ({', '.join(known) or 'none'})"
                         for name in named if name not in known]
        return problems


def resolve(path: str) -> Any:
    """The object at a dotted path ``"module:attribute"`` (the attribute may be dotted too).

    >>> resolve("devgames.core.spec:Credit.__name__")
    'Credit'
    >>> resolve("devgames.core.spec:Nothing")
    Traceback (most recent call last):
    ...
    ValueError: devgames.core.spec:Nothing: module devgames.core.spec has no attribute Nothing.
    """
    module_name, _, attribute = path.partition(":")
    found: Any = import_module(module_name)
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise ValueError(
                f"{path}: module {module_name} has no attribute {attribute}.") from None
    return found
