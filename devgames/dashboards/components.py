"""Widgets every game's dashboard shares: the public table, inline notices, the move picker (tick
boxes when the move is a choice of cards) and the curtain in front of a team's hand.

Every text a user typed (team names, titles, notes) is escaped here before it becomes HTML. A card
shows what it stands for (its kind and line from :mod:`devgames.core.meanings`): under its name in
the hand, on hover or tap on the table, as the tooltip of a move that plays it.
"""

import re
from collections.abc import Callable, Collection, Sequence
from functools import cache
from html import escape
from importlib import import_module
from typing import Any

import ipywidgets as widgets

from devgames import GAMES, game_module
from devgames.core.actions import Action, given
from devgames.core.meanings import Meaning, meaning_of
from devgames.core.wording import (
    common_prefix,
    describe_item,
    format_fact,
    format_value,
    is_empty,
    label,
)

#: View keys the public table does not list as facts (shown elsewhere, or private).
NOT_FACTS = frozenset({
    "game", "you", "hand", "waiting_for", "current_player", "is_over", "winners", "result",
    "featured",
})
#: More moves than this are offered as a filterable list instead of one button each.
MAX_BUTTONS = 10


def unseen_label(field: widgets.Widget) -> widgets.Widget:
    """Keep ``field``'s description for screen readers only: the page says it otherwise.

    >>> "dg-unseen-label" in unseen_label(widgets.IntText(description="minutes"))._dom_classes
    True
    """
    field.add_class("dg-unseen-label")
    return field


def html(text: Any) -> str:
    """Any value as HTML text, escaped.

    >>> html("<b>Red</b> & co")
    '&lt;b&gt;Red&lt;/b&gt; &amp; co'
    """
    return escape(str(text), quote=True)


class Notice(widgets.HTML):
    """A line that tells the room what went wrong (or right), in plain words.

    >>> notice = Notice()
    >>> notice.error("It is <Blue>'s turn.")
    >>> notice.value, "dg-error" in notice._dom_classes
    ('It is &lt;Blue&gt;&#x27;s turn.', True)
    >>> notice.clear(); notice.value
    ''
    """

    def __init__(self) -> None:
        super().__init__("")
        self.add_class("dg-notice")

    def error(self, text: str) -> None:
        self.add_class("dg-error")
        self.value = html(text)

    def info(self, text: str) -> None:
        self.remove_class("dg-error")
        self.value = html(text)

    def clear(self) -> None:
        self.remove_class("dg-error")
        self.value = ""


def show_drawer(drawer: widgets.Box, toggle: widgets.ToggleButton, shown: bool) -> None:
    """Open or close a drawer (a box styled ``dg-drawer``), its toggle button kept in step.

    >>> drawer, toggle = widgets.VBox(), widgets.ToggleButton()
    >>> show_drawer(drawer, toggle, True); "dg-open" in drawer._dom_classes, toggle.value
    (True, True)
    """
    if shown:
        drawer.add_class("dg-open")
    else:
        drawer.remove_class("dg-open")
    if toggle.value != shown:
        toggle.value = shown


def chip_html(color: str) -> str:
    """A small square of a team's colour, put before its name.

    >>> chip_html("#c0392b")
    '<span class="dg-chip" style="background:#c0392b"></span>'
    """
    return f'<span class="dg-chip" style="background:{html(color)}"></span>'


def with_chips(text: str, colors: dict[str, str]) -> str:
    """``text`` as HTML, each team name in it (a whole word) after a chip of its colour.

    >>> with_chips("Red wins! <b>", {"Red": "#c0392b", "Re": "#000000"})
    '<span class="dg-chip" style="background:#c0392b"></span>Red wins! &lt;b&gt;'
    """
    escaped = html(text)
    names = sorted((html(name) for name in colors if name), key=len, reverse=True)
    if not names:
        return escaped
    chips = {html(name): chip_html(color) for name, color in colors.items()}
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, names)) + r")(?!\w)")
    return pattern.sub(lambda found: chips[found.group(1)] + found.group(1), escaped)


def card_meaning(game: str | None, name: Any) -> Meaning | None:
    """The meaning of the card called ``name`` in ``game``; None when either is unknown.

    >>> card_meaning("scrumkin", "3 Amigos").kind
    'investment'
    >>> card_meaning(None, "3 Amigos"), card_meaning("chess", "Rook"), card_meaning("scrumkin", 3)
    (None, None, None)
    """
    if game is None or game not in GAMES or not isinstance(name, str):
        return None
    return meaning_of(game, name)


def card_name(game: str | None, card: Any) -> str | None:
    """The name of the card ``card`` (an id of the game's card table) in ``game``, or None.

    >>> card_name("scrumkin", 62), card_name("scrumkin", 999), card_name(None, 62)
    ('3 Amigos', None, None)
    """
    if game is None or game not in GAMES:
        return None
    found = getattr(import_module(GAMES[game]), "CARDS", {}).get(card)
    return getattr(found, "name", None)


def move_meaning(game: str | None, action: Action) -> Meaning | None:
    """The meaning of the card ``action`` plays (its ``card``, or its ``cards`` when they are
    copies of one card); None for a move of no card, or of several different cards.

    >>> move_meaning("scrumkin", Action("play", 0, card=28, target=1)).kind
    'investment'
    >>> move_meaning("exploding", Action("combo", 0, cards=(7, 7), target=1)).kind
    'help'
    >>> move_meaning("exploding", Action("combo", 0, cards=(2, 5))), move_meaning("scrumkin",
    ...     Action("end_turn", 0))
    (None, None)
    """
    cards = (action.card,) if action.card is not None else action.cards or ()
    names = {card_name(game, card) for card in cards}
    return card_meaning(game, names.pop()) if len(names) == 1 else None


def meaning_text(meaning: Meaning) -> str:
    """A meaning as one plain line: its kind, then what the card stands for.

    >>> meaning_text(Meaning("harm", "A bug."))
    'harm: A bug.'
    """
    return f"{meaning.kind}: {meaning.line}"


def card_html(name: Any, game: str | None) -> str:
    """A card's name as HTML, escaped: with a meaning in ``game``, it shows that meaning on hover
    (``title``) and, focused by a tap or the keyboard, in a bubble under it (``data-meaning``).

    >>> print(card_html("Flu", "scrumkin").replace('" ', '"\\n'))  # doctest: +ELLIPSIS
    <span class="dg-meant"
    tabindex="0"
    title="harm: Illness goes round the team: fewer people at work, less done this sprint."
    data-meaning="harm: Illness goes round ...">Flu</span>
    >>> card_html("<i>Flu</i>", "scrumkin"), card_html("Flu", None)
    ('&lt;i&gt;Flu&lt;/i&gt;', 'Flu')
    """
    meaning = card_meaning(game, name)
    shown = names_html(name, other_name(game, name))
    if meaning is None:
        return shown
    text = html(meaning_text(meaning))
    return (f'<span class="dg-meant" tabindex="0" title="{text}" data-meaning="{text}">'
            f"{shown}</span>")


def names_html(name: Any, russian: str | None) -> str:
    """A card's name, with its Russian name beside it when it has one: the app's language
    switch (class ``dg-lang-ru`` on the app) puts the Russian one first.

    >>> names_html("Flu", None), names_html("<b>", "Кофе")
    ('Flu', '<span class="dg-names"><span class="dg-name-en">&lt;b&gt;</span><span \
class="dg-name-ru" lang="ru">Кофе</span></span>')
    """
    if not russian:
        return html(name)
    return (f'<span class="dg-names"><span class="dg-name-en">{html(name)}</span>'
            f'<span class="dg-name-ru" lang="ru">{html(russian)}</span></span>')


@cache
def _russian_names(game: str) -> dict[str, str]:
    try:
        cards = game_module(game).CARDS
    except (ValueError, AttributeError, ImportError):
        return {}
    return {card.name: card.name_ru for card in cards.values()
            if getattr(card, "name_ru", "") and card.name_ru != card.name}


def other_name(game: str | None, name: Any) -> str | None:
    """The Russian name of the card called ``name`` in ``game`` (a card of РЕЛИЗ), or None.

    >>> other_name("reliz", "Coffee Machine"), other_name("scrumkin", "Flu"), other_name(None, 1)
    ('Кофемашина', None, None)
    """
    if game is None or not isinstance(name, str):
        return None
    return _russian_names(game).get(name)


def _name_key(item: dict[str, Any]) -> str | None:
    return next((key for key in ("card", "name", "title") if key in item), None)


def item_html(item: Any, game: str | None) -> str:
    """One entry of a list of cards as HTML: :func:`describe_item`'s words, escaped, the card's
    name wrapped by :func:`card_html`.

    >>> item_html({"card": "Flu", "value": -1}, "scrumkin")  # doctest: +ELLIPSIS
    '<span class="dg-meant" ...>Flu</span> (value -1)'
    >>> item_html({"card": "<b>", "age": 2}, "scrumkin"), item_html(3, "scrumkin")
    ('&lt;b&gt; (age 2)', '3')
    """
    text = describe_item(item)
    key = _name_key(item) if isinstance(item, dict) else None
    name = str(item[key]) if key else item
    if isinstance(name, str) and text.startswith(name):
        return card_html(name, game) + html(text[len(name):])
    return html(text)


def value_html(value: Any, game: str | None) -> str:
    """A value of a view as HTML, as :func:`format_value` words it, each card of a list wrapped
    by :func:`card_html`.

    >>> value_html(["Flu", "Stress"], None), value_html({"card": "<Flu>"}, "scrumkin")
    ('Flu, Stress', 'card &lt;Flu&gt;')
    """
    if isinstance(value, list | tuple):
        if any(isinstance(item, dict) for item in value):
            return "; ".join(item_html(item, game) for item in value)
        return ", ".join(item_html(item, game) for item in value)
    return html(format_value(value))


def facts_html(view: dict[str, Any]) -> str:
    """The single facts of a public view (sprint, leader, deck size...) as one line of HTML.

    >>> facts_html({"sprint": 2, "leader": "<Red>", "teams": [], "is_over": False})
    '<div class="dg-facts"><span><b>sprint</b> 2</span><span><b>leader</b> &lt;Red&gt;</span></div>'
    """
    parts = [
        f"<span><b>{html(label(key))}</b> {html(format_fact(key, value))}</span>"
        for key, value in view.items()
        if key not in NOT_FACTS and not is_empty(value) and not is_records(value)
    ]
    return f'<div class="dg-facts">{"".join(parts)}</div>'


def featured_html(featured: Any, game: str | None = None) -> str:
    """The cards the whole room must read now, drawn large (a Release! Tools & Methods card, a
    РЕЛИЗ event card): a view's ``featured`` list, each ``{"heading", "card", "lines",
    "note"}`` (all optional but ``card``); every text escaped.

    >>> print(featured_html([{"heading": "Tools & Methods", "card": "Senior <b>",
    ...                       "lines": ["+1 for each 10 to 13"], "note": "reconstructed"}]))
    <div class="dg-featured"><div class="dg-featured-card"><div class="dg-featured-heading">\
Tools &amp; Methods <span class="dg-featured-note">reconstructed</span></div><div \
class="dg-featured-name">Senior &lt;b&gt;</div><ul><li>+1 for each 10 to 13</li></ul></div></div>
    >>> featured_html([]), featured_html(None), featured_html([{"lines": ["no card"]}])
    ('', '', '')
    """
    if not isinstance(featured, list):
        return ""
    boxes = []
    for item in featured:
        if not isinstance(item, dict) or not item.get("card"):
            continue
        note = (f' <span class="dg-featured-note">{html(item["note"])}</span>'
                if item.get("note") else "")
        parts = [f'<div class="dg-featured-heading">{html(item.get("heading") or "")}{note}'
                 "</div>"] if item.get("heading") or note else []
        parts.append(f'<div class="dg-featured-name">{card_html(item["card"], game)}</div>')
        lines = [line for line in item.get("lines") or () if line]
        if lines:
            parts.append("<ul>" + "".join(f"<li>{html(line)}</li>" for line in lines) + "</ul>")
        boxes.append(f'<div class="dg-featured-card">{"".join(parts)}</div>')
    return f'<div class="dg-featured">{"".join(boxes)}</div>' if boxes else ""


def is_records(value: Any) -> bool:
    """True for a list of records (the teams, the players).

    >>> is_records([{"name": "Red"}]), is_records(["Flu"]), is_records([])
    (True, False, False)
    """
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def records_html(rows: list[dict[str, Any]], current: str | None = None,
                 colors: dict[str, str] | None = None, game: str | None = None) -> str:
    """Teams or players as an HTML table: one column per number or word, and what each has in
    play (a list of cards) on a line of its own under the row. The row of ``current`` is marked;
    a name in ``colors`` gets a chip of its colour; a card of ``game`` shows its meaning on hover
    and on tap (:func:`card_html`).

    >>> table = records_html([{"name": "Red", "backlog": 9, "in_play": [{"card": "Flu"}]}], "Red")
    >>> '<tr class="dg-current" data-name="Red"><td>Red</td><td class="dg-num">9</td>' in table
    True
    >>> "in play: Flu" in table
    True
    >>> rows = [{"name": "Red", "in_play": [{"card": "3 Amigos", "value": 1}, {"card": "<b>"}]}]
    >>> table = records_html(rows, game="scrumkin")
    >>> 'tabindex="0" title="investment: Business, development' in table
    True
    >>> '>3 Amigos</span> (value 1); &lt;b&gt;</td>' in table
    True
    """
    keys = list(dict.fromkeys(key for row in rows for key in row))
    flat = [k for k in keys if not any(isinstance(row.get(k), list | dict) for row in rows)]
    nested = [k for k in keys if k not in flat]
    head = "".join(f"<th>{html(label(key))}</th>" for key in flat)
    body = []
    for row in rows:
        name = str(row.get("name", ""))
        marked = ' class="dg-current"' if current is not None and name == current else ""
        cells = "".join(cell_html(row.get(key, "")) for key in flat)
        if name in (colors or {}) and flat and flat[0] == "name":
            cells = cells.replace("<td>", f"<td>{chip_html((colors or {})[name])}", 1)
        body.append(f'<tr{marked} data-name="{html(name)}">{cells}</tr>')
        details = [
            f"{html(label(key))}: {value_html(row[key], game)}"
            for key in nested if not is_empty(row.get(key))
        ]
        if details:
            body.append(f'<tr><td class="dg-cards" colspan="{len(flat)}">'
                        f'{"<br>".join(details)}</td></tr>')
    return f'<table class="dg-table"><tr>{head}</tr>{"".join(body)}</table>'


def cell_html(value: Any) -> str:
    """One cell of a table: numbers right-aligned.

    >>> cell_html(3), cell_html(["a", "b"])
    ('<td class="dg-num">3</td>', '<td>a, b</td>')
    """
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f'<td class="dg-num">{value}</td>'
    return f"<td>{html(format_value(value))}</td>"


class Scoreboard(widgets.HTML):
    """The public table for the projector: the facts, the teams or players (each with its colour
    when ``colors`` maps names to colours).

    >>> board = Scoreboard()
    >>> board.show({"teams": [{"name": "Red", "backlog": 9}]}, {"Red": "#c0392b"})
    >>> '<span class="dg-chip" style="background:#c0392b"></span>Red' in board.value
    True

    The cards in play show their meaning, found through the view's ``game``:

    >>> board.show({"game": "scrumkin", "teams": [{"name": "Red", "in_play": [{"card": "Flu"}]}]})
    >>> 'class="dg-meant"' in board.value
    True

    What a view sets ``aside`` stays off the projector:

    >>> board.show({"sprint": 2, "phase": "moves", "aside": ["phase"]})
    >>> "sprint" in board.value, "phase" in board.value
    (True, False)
    """

    def __init__(self) -> None:
        super().__init__("")
        self.add_class("dg-scoreboard")

    def show(self, view: dict[str, Any], colors: dict[str, str] | None = None,
             skip: Collection[str] = ()) -> None:
        """Draw ``game.view(None)``, but for the keys in ``skip`` (drawn on a board) and those
        the view itself sets ``aside`` (kept for notebooks and tests, not for the room)."""
        aside = {*skip, "aside", *(view.get("aside") or ())}
        view = {key: value for key, value in view.items() if key not in aside}
        current = view.get("current_player")
        game = view.get("game")
        game = game if isinstance(game, str) else None
        parts = [featured_html(view.get("featured"), game), facts_html(view)]
        for key, value in view.items():
            if is_records(value) and key != "featured":
                parts.append(f"<h3>{html(label(key).capitalize())}</h3>")
                parts.append(records_html(value, current if isinstance(current, str) else None,
                                          colors or {}, game))
        self.value = "".join(parts)


def hand_html(owner: str, hand: Sequence[Any], secrets: Sequence[str] = (),
              game: str | None = None) -> str:
    """A hand of cards as HTML, one box per card, then what only its owner knows besides.

    >>> hand_html("Red", [{"id": 3, "card": "Flu", "figures": "-2 -1"}])[-51:]
    '<span class="dg-hand-card">Flu (-2 -1)</span></div>'
    >>> hand_html("Ada", [], ["You know the draw stack: Nope on top."])[-74:]
    '<ul class="dg-secrets"><li>You know the draw stack: Nope on top.</li></ul>'

    Given its ``game``, each box shows the card's name in bold, its figures, a badge of its kind
    and, under them, what the card stands for (see :func:`hand_card_html`):

    >>> box = hand_html("Red", [{"id": 28, "card": "Architecture Change", "figures": "-3"}],
    ...                 game="scrumkin")
    >>> '<div class="dg-hand dg-hand-meant">' in box, "<b>Architecture Change</b> (-3)" in box
    (True, True)
    >>> 'dg-card-kind-investment">investment</span>' in box, "Reworking the system" in box
    (True, True)
    """
    if game is None:
        cards = "".join(f'<span class="dg-hand-card">{html(describe_item(c))}</span>'
                        for c in hand)
        classes = "dg-hand"
    else:
        cards = "".join(hand_card_html(card, game) for card in hand)
        classes = "dg-hand dg-hand-meant"
    known = "".join(f"<li>{html(line)}</li>" for line in secrets)
    return (f'<h3>{html(owner)}\'s hand</h3><div class="{classes}">{cards or "(no cards)"}</div>'
            + (f'<ul class="dg-secrets">{known}</ul>' if known else ""))


def hand_card_html(item: Any, game: str | None) -> str:
    """One card of a hand: its name in bold, its figures, a badge of its kind, and its meaning in
    a smaller line under them; a card with no meaning shows only its name and figures.

    >>> box = hand_card_html({"id": 97, "card": "Bug-topus", "figures": "1 bug"}, "scrumkin")
    >>> print(box.replace("><", ">\\n<"))  # doctest: +ELLIPSIS
    <span class="dg-hand-card dg-card-harm">
    <span class="dg-hand-top">
    <b>Bug-topus</b> (1 bug) <span class="dg-card-kind dg-card-kind-harm">harm</span>
    </span>
    <span class="dg-meaning">A bug with arms in several modules: ...</span>
    </span>
    >>> hand_card_html({"card": "<Joker>", "figures": "+9"}, "scrumkin")
    '<span class="dg-hand-card"><span class="dg-hand-top"><b>&lt;Joker&gt;</b> (+9)</span></span>'
    """
    text = describe_item(item)
    key = _name_key(item) if isinstance(item, dict) else None
    name = str(item[key]) if key else text
    figures = text[len(name):] if text.startswith(name) else ""
    meaning = card_meaning(game, name)
    if meaning is None:
        return (f'<span class="dg-hand-card"><span class="dg-hand-top"><b>{html(name)}</b>'
                f"{html(figures)}</span></span>")
    kind = html(meaning.kind)
    return (f'<span class="dg-hand-card dg-card-{kind}"><span class="dg-hand-top">'
            f"<b>{html(name)}</b>{html(figures)} "
            f'<span class="dg-card-kind dg-card-kind-{kind}">{kind}</span></span>'
            f'<span class="dg-meaning">{html(meaning.line)}</span></span>')


class MovePicker(widgets.VBox):
    """The moves open now, and only those, one button each; a long list gets a filter box and
    scrolls. ``on_pick(action)`` is called with the move chosen.

    >>> from devgames import scrumkin
    >>> from devgames.core.wording import choices
    >>> game = scrumkin.new_game(["Red", "Blue", "Green"], seed=7)
    >>> picker = MovePicker(game.apply)
    >>> picker.offer(*choices(game), game=game.name)
    >>> picker.filter.value = "Blue's game"
    >>> [button.description for button in picker.shown][:1]
    ["Red plays 20% Innovation Time (-2 -2 -1 +2 for ever) into Blue's game"]
    >>> picker.shown[0].tooltip  # doctest: +ELLIPSIS
    "investment: A fifth of the time for people's own ideas: ..."
    >>> picker.shown[0].click(); len(game.log)
    1
    """

    def __init__(self, on_pick: Callable[[Action], object]) -> None:
        super().__init__()
        self.add_class("dg-moves")
        self.on_pick = on_pick
        self.actions: list[Action] = []
        self.labels: list[str] = []
        self.buttons: list[widgets.Button] = []
        self.pool: list[widgets.Button] = []  # reused from move to move: new widgets cost time
        self.heading = widgets.HTML()
        self.filter = widgets.Text(placeholder="Type to filter: a card, a team...",
                                   layout=widgets.Layout(width="min(40em, 95%)"))
        self.filter.add_class("dg-move-filter")
        self.filter.observe(lambda _change: self._show_matching(), "value")
        self.box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.box.add_class("dg-move-box")

    @property
    def shown(self) -> tuple[widgets.Button, ...]:
        """The move buttons on screen now."""
        return self.box.children

    def offer(self, actions: list[Action], labels: list[str], heading: str,
              game: str | None = None) -> None:
        """Show these moves (labels in the same order) under a heading. A button's tooltip is the
        meaning of the card its move plays in ``game`` (a game's name), or else its label."""
        self.actions, self.labels = list(actions), list(labels)
        self.heading.value = f"<b>{html(heading)}</b>"
        for index in range(len(self.pool), len(labels)):
            button = widgets.Button(layout=widgets.Layout(width="auto"))
            button.add_class("dg-move")
            button.on_click(lambda _button, i=index: self._pick(i))
            self.pool.append(button)
        self.buttons = self.pool[:len(labels)]
        for button, text, action in zip(self.buttons, labels, self.actions, strict=True):
            meaning = move_meaning(game, action)
            button.description = text
            button.tooltip = meaning_text(meaning) if meaning else text
        long = len(actions) > MAX_BUTTONS
        self.box.layout.max_height = "22em" if long else None
        self.box.layout.overflow = "auto" if long else None
        self.filter.value = ""
        self._show_matching()
        self.children = [self.heading, self.filter, self.box] if long else [self.heading, self.box]

    def clear(self) -> None:
        self.actions, self.labels, self.buttons = [], [], []
        self.box.children = []
        self.children = []

    def _show_matching(self) -> None:
        folded = self.filter.value.casefold().strip()
        self.box.children = [
            button for button, text in zip(self.buttons, self.labels, strict=True)
            if folded in text.casefold()
        ]

    def _pick(self, index: int) -> None:
        if 0 <= index < len(self.actions):
            self.on_pick(self.actions[index])

    def pick_label(self, text: str) -> None:
        """Choose the move labelled ``text`` (what a click does; handy in notebooks and tests)."""
        self._pick(self.labels.index(text))


class Curtain(widgets.VBox):
    """What only one team may see (its hand and its moves), hidden until asked for.

    >>> curtain = Curtain()
    >>> curtain.close_for("Red"); curtain.is_open
    False
    >>> curtain.lift(); curtain.is_open
    True
    """

    def __init__(self) -> None:
        super().__init__()
        self.add_class("dg-curtain")
        self.owner = ""
        self.reveal = widgets.Button(button_style="primary")
        self.reveal.add_class("dg-reveal")
        self.reveal.on_click(lambda _button: self.lift())
        self.hide = widgets.Button(description="Hide the hand again")
        self.hide.add_class("dg-hide")
        self.hide.on_click(lambda _button: self.lower())
        self.inside = widgets.VBox()
        self.message = widgets.HTML()
        self.is_open = False
        self.colors: dict[str, str] = {}  # the teams' colours: the curtain wears its owner's
        #: Fills the curtain when it is lifted and empties it when it is lowered: nothing
        #: private is in the page while it is down.
        self.on_change: Callable[[], None] | None = None

    def close_for(self, owner: str) -> None:
        """Close the curtain; the button offers ``owner``'s hand."""
        self.owner = owner
        self.is_open = False
        self.reveal.description = f"{owner}: show your hand and moves"
        color = self.colors.get(owner)
        self.layout.border_left = f"10px solid {color}" if color else None
        self.message.value = (f'<span class="dg-muted">Only {with_chips(owner, self.colors)} '
                              "looks at the screen now.</span>")
        self.children = [self.message, self.reveal]

    def lift(self) -> None:
        self.is_open = True
        self.children = [self.inside, self.hide]
        if self.on_change is not None:
            self.on_change()

    def lower(self) -> None:
        """The "Hide the hand again" button."""
        self.close_for(self.owner)
        if self.on_change is not None:
            self.on_change()


def subset_choice(actions: Sequence[Action]) -> tuple[int, ...] | None:
    """The cards that ``actions`` choose among, when the moves are exactly every subset of them
    (an opening hand's mulligan: put back any of these cards); None for any other list.

    >>> moves = [Action("mulligan", 0, cards=c) for c in [(), (3,), (5,), (3, 5)]]
    >>> subset_choice(moves)
    (3, 5)
    >>> subset_choice(moves[1:]) is None, subset_choice([Action("keep", 0, cards=(3,))]) is None
    (True, True)
    """
    if not actions or any(a.cards is None or a._replace(cards=None) != actions[0]._replace(
            cards=None) or len(set(a.cards)) != len(a.cards) for a in actions):
        return None
    cards = sorted({card for action in actions for card in given(action.cards)})
    sets = {frozenset(given(action.cards)) for action in actions}
    if len(cards) < 2 or len(sets) != len(actions) or len(actions) != 2 ** len(cards):
        return None
    return tuple(cards)


class SubsetPicker(widgets.VBox):
    """Moves that choose any subset of some cards (see :func:`subset_choice`): one tick box per
    card and one button, which names the move the ticks make and makes it with ``on_pick``.

    A mulligan of five cards is thus five tick boxes, not 32 buttons.

    >>> from devgames import itstartup
    >>> from devgames.core.wording import choices
    >>> game = itstartup.new_game(["Ada", "Bob"], seed=11)
    >>> picker = SubsetPicker(game.apply)
    >>> picker.offer(*choices(game))
    True
    >>> [box.description for box in picker.boxes][:2]
    ['Downer Dave', 'Junior Backend Developer']
    >>> picker.go.description
    'Ada keeps the opening hand'
    >>> picker.boxes[0].value = True
    >>> picker.go.description
    'Ada puts back Downer Dave'
    >>> picker.go.click(); game.log[0].cards
    (9,)
    """

    def __init__(self, on_pick: Callable[[Action], object]) -> None:
        super().__init__()
        self.add_class("dg-subsets")
        self.on_pick = on_pick
        self.cards: tuple[int, ...] = ()
        self.moves: dict[frozenset[int], tuple[Action, str]] = {}
        self.heading = widgets.HTML()
        self.boxes: list[widgets.Checkbox] = []
        self.box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.go = widgets.Button(button_style="primary", layout=widgets.Layout(width="auto"))
        self.go.add_class("dg-move")  # the move of this screen, as a move button is
        self.go.add_class("dg-subset-go")
        self.go.on_click(lambda _button: self._go())
        self.children = [self.heading, self.box, self.go]

    def offer(self, actions: list[Action], labels: list[str], heading: str) -> bool:
        """Show these moves (labels in the same order) if they choose a subset; else False."""
        cards = subset_choice(actions)
        if cards is None:
            return False
        self.cards = cards
        self.moves = {frozenset(a.cards or ()): (a, text)
                      for a, text in zip(actions, labels, strict=True)}
        singles = [self.moves[frozenset({card})][1] for card in cards]
        cut = len(common_prefix(singles))
        self.heading.value = f"<b>{html(heading)}</b>"
        for _ in range(len(self.boxes), len(cards)):
            box = widgets.Checkbox(indent=False, layout=widgets.Layout(width="auto"))
            box.add_class("dg-subset-card")
            box.observe(lambda _change: self._show_move(), "value")
            self.boxes.append(box)
        with self.hold_trait_notifications():
            for box, text in zip(self.boxes, singles, strict=False):
                box.value = False
                box.description = text[cut:]
        self.box.children = self.boxes[:len(cards)]
        self._show_move()
        return True

    def clear(self) -> None:
        """Forget the moves and the cards' names (another team's turn)."""
        self.cards, self.moves = (), {}
        self.heading.value = self.go.description = ""
        with self.hold_trait_notifications():
            for box in self.boxes:
                box.value, box.description = False, ""
        self.box.children = []

    def ticked(self) -> frozenset[int]:
        """The cards ticked now."""
        return frozenset(card for card, box in zip(self.cards, self.boxes, strict=False)
                         if box.value)

    def _show_move(self) -> None:
        move = self.moves.get(self.ticked())
        self.go.description = move[1] if move else ""

    def _go(self) -> None:
        move = self.moves.get(self.ticked())
        if move is not None:
            self.on_pick(move[0])
