"""Who plays each seat, changed mid-game from the facilitator's controls: a team that leaves
hands its seat to a bot, a latecomer takes a bot's seat over.

The change is saved with the session at once (``meta["seats"]``, in the shape ``devgames play
--resume`` reads), a seat turned bot plays at once if it is its turn, and the heading names the
bots.
"""

from collections.abc import Mapping, Sequence
from typing import Protocol

import ipywidgets as widgets

from devgames import game_module
from devgames.i18n import N_, _
from devgames.screens.cards import html
from devgames.sessions.table import TableController

#: The choice of a seat played at the screen (as the set-up form says it).
HUMAN = "human"


#: The bots a seat can be played by, as the seat's list names them.
BOT_NAMES = {"random": N_("random bot"), "heuristic": N_("heuristic bot")}


def bot_name(kind: str) -> str:
    """How a seat's list names a kind of bot, in the language in use.

    >>> bot_name("heuristic"), bot_name("greedy")
    ('heuristic bot', 'greedy bot')
    """
    return _(BOT_NAMES[kind]) if kind in BOT_NAMES else _("{kind} bot").format(kind=kind)


def seat_choices(bot_kinds: Sequence[str]) -> list[tuple[str, str]]:
    """What a seat may be: played at the screen, or one of the game's bots.

    >>> seat_choices(["random", "heuristic"])
    [('plays here', 'human'), ('random bot', 'random'), ('heuristic bot', 'heuristic')]
    """
    return [(_("plays here"), HUMAN)] + [(bot_name(kind), kind) for kind in bot_kinds]


def players_line(players: Sequence[str], bot_kinds: Mapping[int, str]) -> str:
    """The players in seat order, each bot with its kind (plain text: escape it for HTML).

    >>> players_line(["Red", "Blue", "Green"], {1: "heuristic"})
    'Red, Blue (heuristic bot), Green'
    """
    return ", ".join(_("{name} ({bot})").format(name=name, bot=bot_name(bot_kinds[seat]))
                     if seat in bot_kinds else name for seat, name in enumerate(players))


class Seated(Protocol):
    """What the seats panel needs of its table: the session's controller, and what to do once a
    seat changed hands (redraw; a new bot plays)."""

    controller: TableController

    def seats_changed(self) -> None: ...


class SeatsPanel(widgets.VBox):
    """One list per seat: "plays here", or a bot. A change takes effect at once.

    >>> from devgames import scrumkin
    >>> from devgames.dashboards.table import SessionTable
    >>> from devgames.sessions import SessionStore
    >>> store = SessionStore(":memory:")
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=7)
    >>> table = SessionTable(game, store, store.create(game), 0)
    >>> table.seats_panel.choose("Blue", "random")
    >>> table.controller.bot_kinds, store.load(table.session_id).meta["seats"]["bots"]
    ({1: 'random'}, {'Blue': 'random'})
    """

    def __init__(self, table: Seated) -> None:
        super().__init__()
        self.add_class("dg-seats-panel")
        self.table = table
        self.showing = False  # the lists show the seats as saved: they change nothing
        game = table.controller.game
        options = seat_choices(list(game_module(game.name).BOTS))
        self.lists: dict[str, widgets.Dropdown] = {}
        for seat, name in enumerate(game.players):
            kinds = table.controller.bot_kinds
            choice = widgets.Dropdown(options=options, value=kinds.get(seat, HUMAN),
                                      description=name, style={"description_width": "initial"},
                                      layout=widgets.Layout(width="auto"))
            choice.add_class("dg-seat-choice")
            choice.observe(lambda change, s=seat: self._changed(s, change["new"]), "value")
            self.lists[name] = choice
        heading = _("Who plays each seat")
        self.children = [
            widgets.HTML(f"<b>{html(heading)}</b>"),
            widgets.Box(list(self.lists.values()), layout=widgets.Layout(flex_flow="row wrap")),
        ]

    def show_kinds(self) -> None:
        """Show the table's seats as they are (after another screen changed them)."""
        self.showing = True
        try:
            for seat, choice in enumerate(self.lists.values()):
                choice.value = self.table.controller.bot_kinds.get(seat, HUMAN)
        finally:
            self.showing = False

    def choose(self, name: str, kind: str) -> None:
        """Give seat ``name`` to the screen (``"human"``) or to a bot, as the list does."""
        self.lists[name].value = kind

    def _changed(self, seat: int, kind: str) -> None:
        if self.showing:
            return
        self.table.controller.set_seat(seat, None if kind == HUMAN else kind)
        self.table.seats_changed()
