"""Setting up a session: team or player names, who is a bot, the game's options, the seed and
the deck. The same form serves every game: its options come from the game's options dataclass.
"""

import dataclasses
from collections.abc import Callable
from types import ModuleType
from typing import Any, NamedTuple

import ipywidgets as widgets

from devgames import game_module
from devgames.core.errors import SetupError
from devgames.core.game import Game
from devgames.core.wording import game_title, label
from devgames.dashboards.components import Notice
from devgames.sessions.store import check_title

#: Names offered for a new session, by game.
DEFAULT_NAMES = {"scrumkin": ("Red", "Blue", "Green"), "itstartup": ("Ada", "Bob", "Cy"),
                 "exploding": ("Ada", "Bob", "Cy", "Dee")}
FALLBACK_NAMES = ("North", "East", "South", "West", "Centre", "Left", "Right", "Back")
HUMAN = "human"
#: Options shown on their own, outside "More rules" (the deck is chosen with its own buttons).
MAIN_OPTIONS = ("rulebook", "goal")
#: The choice of deck, as the buttons say it.
#: Option labels that are not simply the option's name in words.
OPTION_LABELS = {
    "hr_draws": "HR draws",
    "goal": "Goal (points: 32, 64 or 128)",
    "coffee_crunch_count": "Coffee/Crunch count devs",
    "outsourced_knowledge": "Knowledge on a borrowed dev",
    "help_below_zero": "A help token's -4 may go below 0",
}
DECK_LABELS = {"digital": "Digital deck (the app deals)",
               "physical": "Physical deck (enter the cards drawn)"}


class NewSession(NamedTuple):
    """What the form produced: the game, its title, the bot of each bot seat, hidden hands."""

    game: Game
    title: str | None
    bots: dict[int, str]
    hidden_hands: bool


def parse_seed(text: str) -> int | None:
    """The seed typed (blank: a random one), or SetupError.

    >>> parse_seed(" 42 "), parse_seed("")
    (42, None)
    >>> parse_seed("abc")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    devgames.core.errors.SetupError: The seed must be a whole number (or left blank for a ...
    """
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or len(text) > 12:
        raise SetupError("The seed must be a whole number (or left blank for a random one).")
    return int(text)


def option_widget(option: dataclasses.Field, value: Any) -> widgets.Widget:
    """An input for one option: a list for choices, a tick box for yes/no, a number box."""
    description = OPTION_LABELS.get(option.name, label(option.name).capitalize())
    style = {"description_width": "16em"}
    layout = widgets.Layout(width="34em")
    if "choices" in option.metadata:
        return widgets.Dropdown(options=[(label(c), c) for c in option.metadata["choices"]],
                                value=value, description=description, style=style,
                                layout=layout)
    if isinstance(value, bool):
        return widgets.Checkbox(value=value, description=description, indent=False,
                                layout=widgets.Layout(width="auto"))
    return widgets.IntText(value=value, description=description, style=style, layout=layout)


class SetupForm(widgets.VBox):
    """The set-up of a new session of one game; ``on_start(NewSession)`` when it is valid."""

    def __init__(self, game: str, on_start: Callable[[NewSession], None]) -> None:
        super().__init__()
        self.add_class("dg-setup")
        self.game_name = game
        self.module: ModuleType = game_module(game)
        self.on_start = on_start
        defaults = self.module.new_game(list(DEFAULT_NAMES.get(game, FALLBACK_NAMES[:2])),
                                        seed=0).options
        self.bot_kinds = list(self.module.BOTS)
        self.minimum = getattr(self.module, "MIN_PLAYERS", 2)
        self.maximum = getattr(self.module, "MAX_PLAYERS", getattr(defaults, "max_players", 8))
        self.title = widgets.Text(description="Session title", placeholder="optional",
                                  style={"description_width": "16em"},
                                  layout=widgets.Layout(width="34em"))
        self.title.add_class("dg-title")
        self.seats = widgets.VBox()
        self.seats.add_class("dg-seats")
        self.add_seat = widgets.Button(description="Add a seat")
        self.add_seat.add_class("dg-add-seat")
        self.add_seat.on_click(lambda _button: self._add_row(self._spare_name(), HUMAN))
        self.deck = widgets.ToggleButtons(
            options=[(DECK_LABELS.get(d, d), d) for d in self._choices(defaults, "deck")],
            value=getattr(defaults, "deck", "digital"))
        self.deck.add_class("dg-deck")
        self.hidden_hands = widgets.Checkbox(
            value=True, indent=False, layout=widgets.Layout(width="auto"),
            description="Hide each hand behind a curtain (players take turns at the screen)")
        self.hidden_hands.add_class("dg-hidden-hands")
        self.seed = widgets.Text(description="Seed", placeholder="random",
                                 style={"description_width": "16em"},
                                 layout=widgets.Layout(width="34em"))
        self.seed.add_class("dg-seed")
        self.options: dict[str, widgets.Widget] = {
            option.name: option_widget(option, getattr(defaults, option.name))
            for option in dataclasses.fields(defaults) if option.name != "deck"
        }
        main = [w for name, w in self.options.items() if name in MAIN_OPTIONS]
        more = widgets.Accordion([widgets.VBox(
            [w for name, w in self.options.items() if name not in MAIN_OPTIONS])])
        more.set_title(0, "More rules (the interpretations, see the rules docs)")
        more.selected_index = None
        self.notice = Notice()
        self.start = widgets.Button(description="Start the session", button_style="primary")
        self.start.add_class("dg-start")
        self.start.on_click(lambda _button: self.submit())
        for name in DEFAULT_NAMES.get(game, FALLBACK_NAMES[:2]):
            self._add_row(name, HUMAN)
        self.children = [
            widgets.HTML(f"<h2>New {game_title(game)} session</h2>"),
            self.title,
            widgets.HTML(f"<h3>Seats</h3><span class='dg-muted'>{self.minimum} to "
                         f"{self.maximum} names; any seat can be a bot.</span>"),
            self.seats, self.add_seat,
            widgets.HTML("<h3>Deck and table</h3>"), self.deck, self.hidden_hands,
            *main, self.seed, more, self.notice, self.start,
        ]

    @staticmethod
    def _choices(defaults: Any, name: str) -> tuple[str, ...]:
        for option in dataclasses.fields(defaults):
            if option.name == name:
                return tuple(option.metadata.get("choices", ("digital",)))
        return ("digital",)

    def _spare_name(self) -> str:
        taken = {name.casefold() for name, _kind in self.rows()}
        return next((n for n in FALLBACK_NAMES if n.casefold() not in taken), "")

    def _add_row(self, name: str, kind: str) -> None:
        if len(self.seats.children) >= self.maximum:
            self.notice.error(f"This game seats at most {self.maximum}.")
            return
        name_box = widgets.Text(value=name, placeholder="name",
                                layout=widgets.Layout(width="18em"))
        name_box.add_class("dg-seat-name")
        who = widgets.Dropdown(
            options=[("plays here", HUMAN)] + [(f"{kind} bot", kind) for kind in self.bot_kinds],
            value=kind, layout=widgets.Layout(width="12em"))
        who.add_class("dg-seat-kind")
        remove = widgets.Button(description="Remove", layout=widgets.Layout(width="auto"))
        remove.add_class("dg-remove-seat")
        row = widgets.HBox([name_box, who, remove])
        remove.on_click(lambda _button: self._remove_row(row))
        self.seats.children = [*self.seats.children, row]

    def _remove_row(self, row: widgets.HBox) -> None:
        if len(self.seats.children) <= self.minimum:
            self.notice.error(f"This game needs at least {self.minimum} seats.")
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

    def build(self) -> NewSession:
        """The new game as set up, or SetupError / ValueError saying what to correct."""
        rows = self.rows()
        options = {name: box.value for name, box in self.options.items()}
        options["deck"] = self.deck.value
        game = self.module.new_game([name for name, _kind in rows], seed=parse_seed(
            self.seed.value), **options)
        bots = {seat: kind for seat, (_name, kind) in enumerate(rows) if kind != HUMAN}
        title = check_title(self.title.value.strip() or None)
        return NewSession(game, title, bots, self.hidden_hands.value)

    def submit(self) -> None:
        """Start the session, or say what to correct (nothing is lost from the form)."""
        try:
            started = self.build()
        except (SetupError, ValueError) as error:
            self.notice.error(str(error))
            return
        self.notice.clear()
        self.on_start(started)
