"""The handouts of the table's game, to download and print from the facilitator's controls:
the rules for each team, a turn aid, an observer sheet, a debrief canvas and the card glossary,
made for this session's options (see :mod:`devgames.handouts`)."""

import base64
import dataclasses
from html import escape
from typing import Any

import ipywidgets as widgets

from devgames import game_spec
from devgames.i18n import _


def html_link(name: str, page: str) -> str:
    """An ``<a download>`` link offering the HTML page ``page`` as the file ``name``.

    >>> html_link("a&b.html", "<p>Hi</p>")[:61]
    '<a download="a&amp;b.html" href="data:text/html;charset=utf-8'
    """
    data = base64.b64encode(page.encode("utf-8")).decode()
    return (f'<a download="{escape(name, quote=True)}" '
            f'href="data:text/html;charset=utf-8;base64,{data}">{escape(name)}</a>')


class HandoutsPanel(widgets.VBox):
    """A paper size and a button; the links to the game's handouts, made on request.

    >>> from devgames import exploding
    >>> panel = HandoutsPanel(exploding.new_game(["Ada", "Bob"], seed=1))
    >>> panel.paper.value = "letter"; panel.prepare()
    >>> links = panel.links.value
    >>> links.count("<a download="), "exploding-glossary-letter.html" in links
    (5, True)
    """

    def __init__(self, game: Any) -> None:
        super().__init__()
        self.add_class("dg-handouts")
        self.game = game
        self.paper = widgets.Dropdown(options=[("A4", "a4"), (_("Letter"), "letter")],
                                      value="a4", description=_("Paper"),
                                      layout=widgets.Layout(width="12em"))
        self.paper.observe(lambda _change: self.clear(), "value")
        prepare = widgets.Button(description=_("Prepare the handouts"))
        prepare.add_class("dg-handouts-prepare")
        prepare.on_click(lambda _button: self.prepare())
        self.links = widgets.HTML()
        self.links.add_class("dg-export-links")
        heading = _("Handouts to print")
        if not game_spec(game.name).handouts:  # a game that brings no handouts
            none = _("This game has no handouts.")
            self.children = [widgets.HTML(f"<h3>{heading}</h3><div class='dg-muted'>{none}</div>")]
            return
        what = _("Rules for each team, a turn aid, an observer sheet, a debrief canvas and the "
                 "card glossary, for this session's options. Open a file and print it.")
        self.children = [
            widgets.HTML(f"<h3>{heading}</h3><div class='dg-muted'>{what}</div>"),
            widgets.HBox([self.paper, prepare]), self.links]

    def prepare(self) -> None:
        from devgames.handouts import handout_files

        options = dataclasses.asdict(self.game.options)
        self.links.value = " ".join(
            html_link(name, page)
            for name, page in handout_files(self.game.name, self.paper.value, **options))

    def clear(self) -> None:
        self.links.value = ""
