"""A game's board on the projector, played by clicking: the base of every game's board.

A game whose table is a board (РЕЛИЗ's block cards) names its board in its spec
(``GameSpec.board``, a ``"module:attribute"`` path). The table then draws it above the charts
after every move (:meth:`Board.show`, the public board only), and puts the seat's own pieces,
to pick before clicking a place (:meth:`Board.tray`), with that seat's moves: behind the curtain
when hands are hidden. A click becomes an action of ``game.legal_actions()`` given to
``on_pick`` (the table saves it through the store like any other move); a click on a place
that is not legal gives ``on_refusal`` the engine's sentence saying why.

>>> from devgames import scrumkin
>>> board = Board(on_pick=print, on_refusal=print)
>>> board.show(scrumkin.new_game(["Red", "Blue"], seed=1))
>>> board.tray(scrumkin.new_game(["Red", "Blue"], seed=1), 0) is None
True
"""

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from devgames.core.actions import Action
from devgames.core.game import Game


class Board(widgets.VBox):
    """The base of a game's board: it draws nothing; a game's board overrides :meth:`show`
    and, when the seat picks a piece before a place, :meth:`tray`, and names in :attr:`draws`
    the keys of the public view it draws (the scoreboard then leaves them out)."""

    #: The keys of ``game.view(None)`` this board draws, left out of the scoreboard.
    draws: frozenset[str] = frozenset()
    #: The drawing, for the projector and for pages outside a kernel (the audience view): an
    #: ES module whose default export draws the model's ``scene`` and ``label`` (anywidget's
    #: ``render({model, el})``), and its style on the theme's colours (``--dg-*``); "" for a
    #: board drawn by widgets alone, which the audience view does not show.
    script: str = ""
    style: str = ""

    def __init__(self, on_pick: Callable[[Action], object],
                 on_refusal: Callable[[str], None]) -> None:
        super().__init__()
        self.add_class("dg-board")
        self.on_pick = on_pick
        self.on_refusal = on_refusal
        #: The drawing's style, to show inside the board (hidden, as the theme's own).
        self.sheet = widgets.HTML(f"<style>{self.style}</style>",
                                  layout=widgets.Layout(display="none"))

    @classmethod
    def public_scene(cls, game: Game) -> dict[str, Any]:
        """What :attr:`script` draws of ``game`` for everyone (its ``scene`` and ``label``),
        with nothing to click; {} when the board has no script."""
        return {}

    def show(self, game: Game) -> None:
        """Draw the public board of ``game`` (called after every move and every catch-up)."""

    def tray(self, game: Game, seat: int) -> widgets.Widget | None:
        """The seat's own pieces to pick before a place, or None (shown only to that seat)."""
        return None
