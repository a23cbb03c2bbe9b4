"""Setting up a session: team or player names, who is a bot, the game's options, the seed and
the deck. The same form serves every game: its options come from the game's options dataclass.
"""

import dataclasses
from collections.abc import Callable, Mapping
from importlib import import_module
from types import ModuleType
from typing import Any, NamedTuple

import ipywidgets as widgets
import traitlets

from devgames import SpecTable, game_module, game_spec
from devgames.core.errors import SetupError
from devgames.core.game import Game
from devgames.core.players import MAX_NAME_LENGTH, text_problem
from devgames.core.wording import game_title, how_many, label, seat_count, seat_noun
from devgames.dashboards.components import Notice, unseen_label
from devgames.dashboards.seats import HUMAN, bot_name
from devgames.i18n import N_, _, format_number, ngettext
from devgames.screens.cards import html
from devgames.sessions.store import check_title

#: Names offered for a new session, by game (from its spec).
DEFAULT_NAMES: SpecTable[tuple[str, ...]] = SpecTable(lambda spec: spec.default_names)
FALLBACK_NAMES = ("North", "East", "South", "West", "Centre", "Left", "Right", "Back")
#: The class of a field the last refusal was about (a red border), until it is changed.
INVALID = "dg-invalid"
#: Width of the labels in front of the form's fields (long labels still show whole). The set-up
#: form's style sheet lays its fields out to fit the screen (labels above the fields of "More
#: rules", narrower ones beside the table's).
LABEL_WIDTH = "16em"
#: What an option's ``metadata`` may say to the form, besides the ``"choices"`` the engine checks:
#: ``"label"`` (the field's label, else its name in words), ``"labels"`` (how the list names
#: each of the ``"choices"``), ``"offered"`` (the values the form lists, with their labels, where
#: the engine accepts others too), ``"main"`` (shown on its own, outside "More rules") and
#: ``"hints"`` (words by which a refusal points at it); ``"file"`` (the value is a file's text,
#: loaded with an upload button of the types ``"accept"``, the default called ``"default_text"``);
#: ``"roll"`` (an option naming a seat: how its list names -1, the game drawing the seat).
OPTION_METADATA = frozenset({"choices", "labels", "label", "offered", "main", "hints", "file",
                             "accept", "default_text", "roll"})
#: The most characters of a choice that a column of "More rules" shows whole: a list with a
#: longer choice takes two columns (class ``dg-option-wide``).
WIDE_CHOICE = 34
#: The "Preset" list's entry when the options match no preset.
CUSTOM = "custom"
#: The choice of deck, as the buttons say it.
DECK_LABELS = {"digital": N_("Digital deck (the app deals)"),
               "physical": N_("Physical deck (enter the cards drawn)")}
#: Options that name a seat (its number in the engine): the form lists the seats by name, under
#: the seats, with these labels.
SEAT_OPTIONS = {"first_player": N_("First player"),
                "first_leader": N_("First sprint's leader")}
#: A seat list's choice of no seat: the game draws it (an option's metadata "roll" names it).
ROLL = widgets.HBox()


def seat_label(name: str, seat: int) -> str:
    """How a list names a seat: its name as typed, else its number.

    >>> seat_label(" Ada ", 0), seat_label("", 2)
    ('Ada', 'seat 3')
    """
    return name.strip() or f"seat {seat + 1}"


def seat_teams(module: ModuleType, seats: int, options: Mapping[str, Any]) -> list[tuple[int, ...]]:
    """The teams of several seats (e.g. Release!'s pairs) the game makes of ``seats`` seats with
    these ``options``: its ``teams``; none when every seat plays alone or the set-up is refused.

    >>> from devgames import release, scrumkin
    >>> seat_teams(release, 4, {}), seat_teams(release, 3, {})
    ([(0, 2), (1, 3)], [])
    >>> seat_teams(release, 4, {"style": "remote"}), seat_teams(scrumkin, 4, {})
    ([], [])
    """
    try:
        game = module.new_game([f"Seat {seat + 1}" for seat in range(seats)], seed=0, **options)
    except (SetupError, ValueError):
        return []
    return [tuple(team) for team in getattr(game, "teams", ()) if len(team) > 1]


def pairs_html(names: list[str], teams: list[tuple[int, ...]]) -> str:
    """Who plays with whom, as the set-up form shows it while the names are typed.

    >>> pairs_html(["Ada", "Bob", "Cy", ""], [(0, 2), (1, 3)])
    "<b>Pairs</b> (each pair shares a score): <span class='dg-pair'>Ada &amp; Cy</span>, \
<span class='dg-pair'>Bob &amp; seat 4</span>"
    >>> pairs_html(["Ada", "Bob"], [])
    ''
    """
    if not teams:
        return ""
    return "<b>Pairs</b> (each pair shares a score): " + ", ".join(
        "<span class='dg-pair'>" + html(" & ".join(seat_label(names[seat], seat)
                                                   for seat in team)) + "</span>"
        for team in teams)


def game_presets(module: ModuleType) -> dict[str, dict[str, Any]]:
    """The named sets of options of a game (``PRESETS`` in its options module), or none.

    >>> from devgames import exploding, scrumkin
    >>> list(game_presets(scrumkin)), game_presets(exploding)
    (['standard', 'short'], {})
    """
    return dict(getattr(_options_module(module), "PRESETS", {}))


def preset_labels(module: ModuleType) -> dict[str, str]:
    """How the "Preset" list names each preset (``PRESET_LABELS`` beside ``PRESETS``; else its
    name).

    >>> from devgames import scrumkin
    >>> preset_labels(scrumkin)["short"]
    'short (a 90-minute workshop: at most 7 sprints)'
    """
    labels = dict(getattr(_options_module(module), "PRESET_LABELS", {}))
    return {name: _(labels[name]) if name in labels else name for name in game_presets(module)}


def _options_module(module: ModuleType) -> ModuleType | None:
    try:
        return import_module(f"{module.__name__}.options")
    except ImportError:
        return None


def matching_preset(presets: Mapping[str, Mapping[str, Any]], values: Mapping[str, Any]) -> str:
    """The preset whose every option has the value in ``values``, else ``"custom"``.

    >>> presets = {"standard": {"backlog": 10}, "short": {"backlog": 3}}
    >>> matching_preset(presets, {"backlog": 3}), matching_preset(presets, {"backlog": 5})
    ('short', 'custom')
    """
    for name, options in presets.items():
        if all(values.get(key) == value for key, value in options.items()):
            return name
    return CUSTOM


class NewSession(NamedTuple):
    """What the form produced: the game, its title, the bot of each bot seat, hidden hands."""

    game: Game
    title: str | None
    bots: dict[int, str]
    hidden_hands: bool


#: The most digits a typed seed may have: enough for any seed the app draws (128 bits), so the
#: seed of an exported session can be typed again to deal the same game.
SEED_DIGITS = 39


def parse_seed(text: str) -> int | None:
    """The seed typed (blank: a random one), or SetupError.

    >>> parse_seed(" 42 "), parse_seed(""), parse_seed(str(2**128 - 1)) == 2**128 - 1
    (42, None, True)
    >>> parse_seed("abc")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    devgames.core.errors.SetupError: The seed must be a whole number of at most 39 digits ...
    """
    text = text.strip()
    if not text:
        return None
    if not text.isascii() or not text.isdigit() or len(text) > SEED_DIGITS:
        raise SetupError(_("The seed must be a whole number of at most {digits} digits (or "
                           "left blank for a random one).").format(digits=SEED_DIGITS))
    return int(text)


def option_choices(option: dataclasses.Field) -> list[tuple[str, Any]] | None:
    """The values the form offers for an option, with their labels; None for a free value.

    >>> from devgames.itstartup.options import ItStartupOptions
    >>> goal, timing = (f for f in dataclasses.fields(ItStartupOptions)
    ...                 if f.name in ("goal", "hoard_cap_timing"))
    >>> option_choices(goal)[2:]
    [('32 (fast)', 32), ('64 (standard)', 64), ('128 (long)', 128)]
    >>> option_choices(timing)
    [('end of turn', 'end_of_turn'), ('always', 'always')]
    """
    if "offered" in option.metadata:
        return [(_(text), value) for value, text in option.metadata["offered"].items()]
    if "choices" in option.metadata:
        labels = option.metadata.get("labels", {})
        return [(_(labels[c]) if c in labels else label(str(c)), c)
                for c in option.metadata["choices"]]
    return None


def option_widget(option: dataclasses.Field, value: Any) -> widgets.Widget:
    """An input for one option: a list for choices, a tick box for yes/no, a number box.

    >>> from devgames.itstartup.options import ItStartupOptions
    >>> goal = next(f for f in dataclasses.fields(ItStartupOptions) if f.name == "goal")
    >>> box = option_widget(goal, 64)
    >>> box.description, box.options[0], box.value
    ('Goal (project points)', ('14 (quick)', 14), 64)
    """
    named = option.metadata.get("label")
    description = _(named) if named else label(option.name).capitalize()
    style = {"description_width": LABEL_WIDTH}
    layout = widgets.Layout(width="34em")
    offered = option_choices(option)
    if option.metadata.get("file"):
        default = option.metadata.get("default_text", "")
        box: widgets.Widget = FileOption(description, _(default) if default else "",
                                         option.metadata.get("accept", ""))
    elif offered is not None:
        box = widgets.Dropdown(options=offered, value=value, description=description,
                               tooltip=description, style=style, layout=layout)
    elif isinstance(value, bool):
        box = widgets.Checkbox(value=value, description=description, indent=False,
                               tooltip=description, layout=widgets.Layout(width="auto"))
    else:
        box = widgets.IntText(value=value, description=description, tooltip=description,
                              style=style, layout=layout)
    box.add_class(f"dg-option-{option.name.replace('_', '-')}")
    return box


class FileOption(widgets.HBox):
    """An option given as a file's text (a deck of cards of one's own): an upload button, the
    file's name once loaded, and a button back to the default. ``value`` is the text ("" for
    the default); a file that is too big or not UTF-8 text is refused in words.

    >>> box = FileOption("Cards", "the base cards", ".csv")
    >>> box.value, box.status.value
    ('', 'the base cards')
    >>> box.load("my deck.csv", "id,deck\\n1,play\\n".encode())
    >>> box.value.splitlines()[0], box.status.value
    ('id,deck', 'my deck.csv (2 lines)')
    >>> box.load("photo.png", b"\\xff\\xd8"); box.value, box.status.value
    ('', 'photo.png is not a text file (UTF-8): export the table as CSV.')
    """

    #: The text of the file loaded ("" for the default).
    value = traitlets.Unicode("")
    #: The largest file taken (a deck of cards is a few kilobytes).
    MAX_BYTES = 200_000

    def __init__(self, description: str, default: str, accept: str) -> None:
        self.default = default or _("none")
        self.status = widgets.HTML(html(self.default))
        self.upload = widgets.FileUpload(accept=accept, multiple=False,
                                         description=_("Load a file"),
                                         tooltip=_("A CSV file of the same columns"))
        self.upload.observe(self._uploaded, "value")
        reset = widgets.Button(description=_("Use the default"))
        reset.on_click(lambda _button: self.load("", b""))
        super().__init__([widgets.HTML(f"<b>{html(description)}</b>",
                                       layout=widgets.Layout(width=LABEL_WIDTH)),
                          self.upload, reset, self.status])
        self.add_class("dg-file-option")

    def _uploaded(self, change: dict[str, Any]) -> None:
        for item in change["new"]:
            self.load(str(item["name"]), bytes(item["content"]))

    def load(self, name: str, content: bytes) -> None:
        """Take the file ``name`` with these bytes (an empty name: back to the default)."""
        if not name:
            self.value, self.status.value = "", html(self.default)
            return
        if len(content) > self.MAX_BYTES:
            self.value = ""
            self.status.value = html(_("{name} is too big ({size} bytes; at most {most}).")
                                     .format(name=name, size=format_number(len(content)),
                                             most=format_number(self.MAX_BYTES)))
            return
        try:
            text = content.decode("utf-8-sig")
        except UnicodeDecodeError:
            self.value = ""
            self.status.value = html(_("{name} is not a text file (UTF-8): export the table "
                                       "as CSV.").format(name=name))
            return
        self.value = text
        lines = len(text.splitlines())
        self.status.value = html(ngettext("{name} ({n} line)", "{name} ({n} lines)", lines)
                                 .format(name=name, n=lines))


def mark(boxes: list[widgets.Widget], at_fault: list[widgets.Widget]) -> None:
    """Mark the fields ``at_fault`` (class ``dg-invalid``) and unmark the other ``boxes``.

    >>> good, bad = widgets.Text(), widgets.Text()
    >>> mark([good, bad], [bad])
    >>> INVALID in bad._dom_classes, INVALID in good._dom_classes
    (True, False)
    """
    for box in boxes:
        if any(box is wrong for wrong in at_fault):
            box.add_class(INVALID)
        else:
            box.remove_class(INVALID)


def unmark_when_changed(box: widgets.Widget) -> None:
    """Take the mark off ``box`` as soon as its value changes (the fix is under way).

    >>> box = widgets.Text(); unmark_when_changed(box); mark([box], [box])
    >>> box.value = "fixed"; INVALID in box._dom_classes
    False
    """
    box.observe(lambda _change: box.remove_class(INVALID), "value")


def deck_choices(fields: dict[str, dataclasses.Field]) -> tuple[str, ...]:
    """The decks a game can be played with, from its options' fields by name.

    >>> from devgames.scrumkin.options import ScrumkinOptions
    >>> deck_choices({f.name: f for f in dataclasses.fields(ScrumkinOptions)})
    ('digital', 'physical')
    >>> deck_choices({})
    ('digital',)
    """
    deck = fields.get("deck")
    return tuple(deck.metadata.get("choices", ("digital",))) if deck else ("digital",)


class SetupForm(widgets.VBox):
    """The set-up of a new session of one game; ``on_start(NewSession)`` when it is valid."""

    def __init__(self, game: str, on_start: Callable[[NewSession], None]) -> None:
        super().__init__()
        self.add_class("dg-setup")
        self.game_name = game
        self.game_name = game
        self.module: ModuleType = game_module(game)
        spec = game_spec(game)
        self.on_start = on_start
        defaults = self.module.new_game(list(spec.default_names), seed=0).options
        fields = {option.name: option for option in dataclasses.fields(defaults)}
        self.bot_kinds = list(spec.bots)
        self.minimum, self.maximum = spec.min_players, spec.max_players
        self.noun = seat_noun(game)
        self.title = widgets.Text(description=_("Session title"), placeholder=_("optional"),
                                  style={"description_width": LABEL_WIDTH})
        self.title.add_class("dg-title")
        self.seats = widgets.VBox()
        self.seats.add_class("dg-seats")
        self.add_seat = widgets.Button(description=_("Add a seat"))
        self.add_seat.add_class("dg-add-seat")
        self.add_seat.on_click(lambda _button: self._add_row(self._spare_name(), HUMAN))
        self.deck = widgets.ToggleButtons(
            options=[(_(DECK_LABELS[d]) if d in DECK_LABELS else d, d)
                     for d in deck_choices(fields)],
            value=getattr(defaults, "deck", "digital"))
        self.deck.add_class("dg-deck")
        self.hidden_hands = widgets.Checkbox(
            value=True, indent=False, layout=widgets.Layout(width="auto"),
            description=_("Hide each hand behind a curtain (players take turns at the "
                          "screen)"))
        self.hidden_hands.add_class("dg-hidden-hands")
        # The form is on the projector: a typed seed shows as dots, as the room must not read
        # it (with the seed, the hands can be dealt again), and is emptied once the game starts.
        self.seed = widgets.Password(description=_("Seed"), placeholder=_("random"),
                                     style={"description_width": LABEL_WIDTH})
        self.seed.add_class("dg-seed")
        self.options: dict[str, widgets.Widget] = {
            name: option_widget(option, getattr(defaults, name))
            for name, option in fields.items() if name != "deck"
        }
        #: The options naming a seat, as lists of the seats by name (kept to the names typed).
        self.seat_lists: dict[str, widgets.Dropdown] = {}
        self.chosen: dict[str, widgets.HBox | None] = {}  # the row each list has chosen
        self._listing = False
        self._teams: dict[tuple[Any, ...], list[tuple[int, ...]]] = {}
        for name, text in SEAT_OPTIONS.items():
            if isinstance(getattr(defaults, name, None), int):
                self.options[name] = self.seat_lists[name] = self._seat_list(name, _(text))
        #: Who pairs with whom (Release!'s pair programming), as the names are typed.
        self.pairs = widgets.HTML()
        self.pairs.add_class("dg-pairs")
        #: The options' metadata (label, hints, shown on its own), by name.
        self.option_info = {name: option.metadata for name, option in fields.items()}
        for box in (self.title, self.seed, *self.options.values()):
            unmark_when_changed(box)
        main = [w for name, w in self.options.items()
                if name in self.main_options and name not in self.seat_lists]
        self.presets = game_presets(self.module)
        self.preset: widgets.Dropdown | None = None
        self._applying = False
        if self.presets:
            main.append(self._preset_list())
        for name in self.folded_options:
            if max(map(len, (text for text, _value in option_choices(fields[name]) or ())),
                   default=0) > WIDE_CHOICE:
                self.options[name].add_class("dg-option-wide")
        rules = widgets.VBox([self.options[name] for name in self.folded_options])
        rules.add_class("dg-more-rules")
        self.more = more = widgets.Accordion([rules])
        more.add_class("dg-more")
        more.set_title(0, _("More rules (the interpretations, see the rules docs)"))
        more.selected_index = None
        more.observe(lambda _change: self._show_step(), "selected_index")
        #: Back from "More rules" (which takes the seats' place on the screen) to the seats.
        self.to_seats = widgets.Button(description=_("Back to the seats"), icon="arrow-left",
                                       layout=widgets.Layout(display="none"))
        self.to_seats.add_class("dg-to-seats")
        self.to_seats.on_click(lambda _button: setattr(self.more, "selected_index", None))
        self.notice = Notice()
        self.start = widgets.Button(description=_("Start the session"), button_style="primary")
        self.start.add_class("dg-start")
        self.start.on_click(lambda _button: self.submit())
        self.seats.observe(lambda _change: self._seats_changed(), "children")
        for box in self.options.values():
            if box not in self.seat_lists.values():
                box.observe(lambda _change: self._show_pairs(), "value")
        self.deck.observe(lambda _change: self._show_pairs(), "value")
        for name in spec.default_names:
            self._add_row(name, HUMAN)
        # On the projector the form is one screen: the seats on the left, the table and the
        # main options on the right, Start below; "More rules" opened takes the columns' place.
        #: "Seats" and how many the game takes.
        self.seats_heading = widgets.HTML(
            "<h3>" + html(_("Seats")) + "</h3> <span class='dg-muted'>" + html(
                _("{how_many}; any seat can be a bot.").format(
                    how_many=how_many(self.minimum, self.maximum, self.noun).capitalize()))
            + "</span>")
        top = widgets.HBox([self.seats_heading, self.add_seat])
        top.add_class("dg-seats-top")
        seats = widgets.VBox([top, self.seats])
        seats.add_class("dg-setup-seats")
        table = widgets.VBox([self.title, widgets.HTML("<h3>" + html(_("Deck and table"))
                                                       + "</h3>"), self.deck,
                              self.hidden_hands, self.pairs, *self.seat_lists.values(), *main,
                              self.seed])
        table.add_class("dg-setup-table")
        self.columns = widgets.HBox([seats, table])
        self.columns.add_class("dg-setup-columns")
        go = widgets.HBox([self.start, self.to_seats, self.notice])
        go.add_class("dg-setup-go")
        self.children = [widgets.HTML("<h2>" + html(_("New {game} session").format(
                             game=game_title(game))) + "</h2>"),
                         self.columns, more, go]

    def _show_step(self) -> None:
        """Show the seats and the table, or (with "More rules" open) the rules in their place."""
        folded = self.more.selected_index is None
        self.columns.layout.display = "" if folded else "none"
        self.to_seats.layout.display = "none" if folded else ""
        if folded:
            self.remove_class("dg-more-open")
        else:
            self.add_class("dg-more-open")

    @property
    def main_options(self) -> list[str]:
        """The options shown on their own, outside "More rules"."""
        return [name for name, info in self.option_info.items() if info.get("main")]

    @property
    def folded_options(self) -> list[str]:
        """The options under "More rules": neither main nor naming a seat."""
        return [name for name in self.options
                if name not in self.main_options and name not in self.seat_lists]

    def _seat_list(self, name: str, text: str) -> widgets.Dropdown:
        """The list of an option naming a seat: the seats by name; it follows its player when
        seats are added or removed (the first seat when that seat goes)."""
        box = widgets.Dropdown(options=[], description=text,
                               style={"description_width": LABEL_WIDTH})
        box.add_class(f"dg-option-{name.replace('_', '-')}")
        self.chosen[name] = None

        def chose(change: dict[str, Any]) -> None:
            if not self._listing and change["new"] is not None:
                self.chosen[name] = (ROLL if change["new"] < 0
                                     else self.seats.children[change["new"]])

        box.observe(chose, "value")
        return box

    def _seats_changed(self) -> None:
        """The seats' names or number changed: list them again, show the pairs again."""
        rows = list(self.seats.children)
        labels = [(seat_label(row.children[0].value, seat), seat)
                  for seat, row in enumerate(rows)]
        for name, box in self.seat_lists.items():
            row = self.chosen[name]
            seat = next((i for i, r in enumerate(rows) if r is row), 0 if rows else None)
            if row is ROLL:
                seat = -1
            roll = self.option_info[name].get("roll")  # -1: the game draws the seat itself
            self._listing = True
            try:
                box.options = [*labels, *([(roll, -1)] if roll else [])]
                box.value = seat
            finally:
                self._listing = False
            self.chosen[name] = (ROLL if seat == -1 else rows[seat] if seat is not None
                                 else None)
        self._show_pairs()

    def _show_pairs(self) -> None:
        options = {name: box.value for name, box in self.options.items()}
        options["deck"] = self.deck.value
        key = (len(self.seats.children), tuple(sorted(options.items())))
        if key not in self._teams:  # the names change more often than the teams
            self._teams[key] = seat_teams(self.module, key[0], options)
        teams = self._teams[key]
        self.pairs.value = pairs_html([name for name, _kind in self.rows()], teams)
        self.pairs.layout.display = "" if teams else "none"

    def _preset_list(self) -> widgets.Dropdown:
        """The "Preset" list: picking a preset sets its options; changing one of those options
        by hand shows the preset it now matches, or custom."""
        values = {name: box.value for name, box in self.options.items()}
        self.preset = preset = widgets.Dropdown(
            options=[(text, name) for name, text in preset_labels(self.module).items()]
            + [(CUSTOM, CUSTOM)],
            value=matching_preset(self.presets, values), description=_("Preset"),
            style={"description_width": LABEL_WIDTH})
        preset.add_class("dg-preset")
        preset.observe(lambda change: self.apply_preset(change["new"]), "value")
        for name in {key for options in self.presets.values() for key in options}:
            if name in self.options:
                self.options[name].observe(lambda _change: self._show_preset(), "value")
        return preset

    def apply_preset(self, name: str) -> None:
        """Set the options of the preset ``name`` in the form (custom: leave them)."""
        self._applying = True
        try:
            for key, value in self.presets.get(name, {}).items():
                if key in self.options:
                    self.options[key].value = value
        finally:
            self._applying = False
        self._show_preset()

    def _show_preset(self) -> None:
        if self.preset is not None and not self._applying:
            values = {name: box.value for name, box in self.options.items()}
            self.preset.value = matching_preset(self.presets, values)

    def _spare_name(self) -> str:
        taken = {name.casefold() for name, _kind in self.rows()}
        return next((n for n in FALLBACK_NAMES if n.casefold() not in taken), "")

    def _add_row(self, name: str, kind: str) -> None:
        if len(self.seats.children) >= self.maximum:
            self.notice.error(_("This game seats at most {seats}.").format(
                seats=seat_count(self.game_name, self.maximum)))
            return
        name_box = widgets.Text(value=name, placeholder=_("name"),
                                layout=widgets.Layout(width="13em"))
        name_box.add_class("dg-seat-name")
        unmark_when_changed(name_box)
        name_box.observe(lambda _change: self._seats_changed(), "value")
        who = unseen_label(widgets.Dropdown(
            options=[(_("plays here"), HUMAN)] + [(bot_name(kind), kind)
                                                  for kind in self.bot_kinds],
            value=kind, description=_("who plays this seat"),
            layout=widgets.Layout(width="10em")))
        who.add_class("dg-seat-kind")
        remove = widgets.Button(description=_("Remove"), layout=widgets.Layout(width="auto"))
        remove.add_class("dg-remove-seat")
        row = widgets.HBox([name_box, who, remove])
        remove.on_click(lambda _button: self._remove_row(row))
        self.seats.children = [*self.seats.children, row]

    def _remove_row(self, row: widgets.HBox) -> None:
        if len(self.seats.children) <= self.minimum:
            self.notice.error(_("This game needs at least {seats}.").format(
                seats=seat_count(self.game_name, self.minimum)))
            return
        self.seats.children = [r for r in self.seats.children if r is not row]

    def rows(self) -> list[tuple[str, str]]:
        """Each seat's name (as typed) and who plays it."""
        return [(row.children[0].value, row.children[1].value) for row in self.seats.children]

    def set_seats(self, seats: list[tuple[str, str]]) -> None:
        """Replace the seats (names with ``"human"`` or a bot kind)."""
        self.seats.children = []
        for name, kind in seats:
            self._add_row(name, kind)

    @property
    def fields(self) -> list[widgets.Widget]:
        """Every field a refusal may be about: title, seats, each name, seed, each option."""
        names = [row.children[0] for row in self.seats.children]
        return [self.title, self.seats, *names, self.seed, *self.options.values()]

    def build(self) -> NewSession:
        """The new game as set up, or SetupError / ValueError saying what to correct; the
        fields at fault are marked ``dg-invalid`` (and the others unmarked)."""
        mark(self.fields, [])
        rows = self.rows()
        options = {name: box.value for name, box in self.options.items()}
        options["deck"] = self.deck.value
        try:
            title = check_title(self.title.value.strip() or None)
        except ValueError:
            mark(self.fields, [self.title])
            raise
        try:
            seed = parse_seed(self.seed.value)
        except SetupError:
            mark(self.fields, [self.seed])
            raise
        try:
            game = self.module.new_game([name for name, _kind in rows], seed=seed, **options)
        except (SetupError, ValueError) as error:
            at_fault = self.at_fault(str(error))
            mark(self.fields, at_fault)
            folded = [self.options[name] for name in self.folded_options]
            if any(box is wrong for box in folded for wrong in at_fault):
                self.more.selected_index = 0  # the field at fault is in "More rules": show it
            raise
        bots = {seat: kind for seat, (_name, kind) in enumerate(rows) if kind != HUMAN}
        return NewSession(game, title, bots, self.hidden_hands.value)

    def at_fault(self, refusal: str) -> list[widgets.Widget]:
        """The fields a refusal of the game's set-up is about: the options it names, else the
        names that cannot be used (empty, too long, twice), else the seats as a whole."""
        words = refusal.casefold()
        options = [box for name, box in self.options.items()
                   if any(hint in words for hint in (
                       name, label(name), *self.option_info[name].get("hints", ())))]
        if options:
            return options
        names = [row.children[0] for row in self.seats.children]
        keys = [box.value.strip().casefold() for box in names]
        bad = [box for box, key in zip(names, keys, strict=True)
               if not key or keys.count(key) > 1
               or text_problem(box.value.strip(), "name", MAX_NAME_LENGTH)]
        return bad or [self.seats]

    def submit(self) -> None:
        """Start the session, or say what to correct (nothing is lost from the form)."""
        try:
            started = self.build()
        except (SetupError, ValueError) as error:
            self.notice.error(str(error))
            return
        self.notice.clear()
        self.on_start(started)
        self.seed.value = ""  # the seed is the game's secret from now on
