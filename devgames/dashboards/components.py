"""Widgets every game's dashboard shares: the public table, inline notices, the move picker (tick
boxes when the move is a choice of cards) and the curtain in front of a team's hand.

Every text a user typed (team names, titles, notes) is escaped here before it becomes HTML. A card
shows what it stands for (its kind and line from :mod:`devgames.core.meanings`): under its name in
the hand, on hover or tap on the table, as the tooltip of a move that plays it. The cards as HTML
that the devices show too (a hand, a card's names and meaning) are in :mod:`devgames.screens.cards`.
"""

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from importlib import import_module
from typing import Any

import ipywidgets as widgets

from devgames import GAMES
from devgames.core.actions import Action
from devgames.core.meanings import Meaning
from devgames.core.wording import (
    common_prefix,
    describe_item,
    format_fact,
    format_value,
    is_empty,
    label,
)
from devgames.i18n import _
from devgames.screens.cards import (
    card_html,
    card_meaning,
    hand_card_html,
    html,
    meaning_text,
    name_key,
    subset_choice,
)

#: View keys the public table does not list as facts (shown elsewhere, or private).
NOT_FACTS = frozenset({
    "game", "you", "hand", "waiting_for", "current_player", "is_over", "winners", "result",
    "featured",
})
#: More rows than this in a table of teams: the cards listed under each row are left out.
MAX_DETAILED = 4
#: More moves than this are offered as a filterable list instead of one button each.
MAX_BUTTONS = 10


def unseen_label(field: widgets.Widget) -> widgets.Widget:
    """Keep ``field``'s description for screen readers only: the page says it otherwise.

    >>> "dg-unseen-label" in unseen_label(widgets.IntText(description="minutes"))._dom_classes
    True
    """
    field.add_class("dg-unseen-label")
    return field


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


def item_html(item: Any, game: str | None) -> str:
    """One entry of a list of cards as HTML: :func:`describe_item`'s words, escaped, the card's
    name wrapped by :func:`card_html`.

    >>> item_html({"card": "Flu", "value": -1}, "scrumkin")  # doctest: +ELLIPSIS
    '<span class="dg-meant game-text" ...>Flu</span> (value -1)'
    >>> item_html({"card": "<b>", "age": 2}, "scrumkin"), item_html(3, "scrumkin")
    ('&lt;b&gt; (age 2)', '3')
    """
    text = describe_item(item)
    key = name_key(item) if isinstance(item, dict) else None
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


def facts_html(view: dict[str, Any], in_table: Collection[str] = ()) -> str:
    """The single facts of a public view (sprint, leader, deck size...) as one line of HTML. A
    count and its total (``release`` and ``releases``) read as one fact: "release 3 of 5". A
    fact a column of the table also says (``in_table``) is marked ``dg-in-table``: the room reads
    it in the table, and in the facts only while the table is hidden (theme.py).

    A value the view gives as words is the game's (a card: ``game-text``) or a name typed at the
    set-up (``user-text``), never the kit's: screens and tests tell them from the kit's texts.

    >>> facts_html({"sprint": 2, "leader": "<Red>", "teams": [{"name": "<Red>"}], "is_over": 0})
    '<div class="dg-facts"><span><b>sprint</b> 2</span><span><b>leader</b> <span \
class="user-text">&lt;Red&gt;</span></span></div>'
    >>> facts_html({"round": 11, "rounds": 40})
    '<div class="dg-facts"><span><b>round</b> 11 of 40</span></div>'
    >>> facts_html({"committed": ["Ada: 7 of Birds"]}, in_table={"committed"})
    '<div class="dg-facts"><span class="dg-in-table"><b>committed</b> <span class="game-text">Ada: \
7 of Birds</span></span></div>'
    """
    names = {str(name) for rows in view.values() if is_records(rows) for row in rows
             for name in (row.get("name") if isinstance(row.get("name"), tuple)
                          else (row.get("name"),))}
    parts = []
    for key, value in view.items():
        if key in NOT_FACTS or is_empty(value) or is_records(value):
            continue
        if is_count(view.get(key.removesuffix("s")), value) and key.endswith("s"):
            continue  # said with its count: "release 3 of 5"
        text = format_fact(key, value)
        total = view.get(f"{key}s")
        if is_count(value, total):
            text = _("{count} of {total}").format(count=text, total=total)
        shown = html(text)
        words = value if isinstance(value, list | tuple) else [value]
        if words and all(isinstance(word, str) for word in words):
            whose = "user-text" if all(word in names for word in words) else "game-text"
            shown = f'<span class="{whose}">{shown}</span>'
        marked = ' class="dg-in-table"' if key in in_table else ""
        parts.append(f"<span{marked}><b>{html(label(key))}</b> {shown}</span>")
    return f'<div class="dg-facts">{"".join(parts)}</div>'


def is_count(value: Any, total: Any) -> bool:
    """True when ``value`` counts up to ``total`` (both whole numbers, not yes/no).

    >>> is_count(3, 5), is_count(3, None), is_count(True, 5)
    (True, False, False)
    """
    return all(isinstance(v, int) and not isinstance(v, bool) for v in (value, total))


def featured_html(featured: Any, game: str | None = None) -> str:
    """The cards the whole room must read now, drawn large (a Release! Tools & Methods card, a
    РЕЛИЗ event card): a view's ``featured`` list, each ``{"heading", "card", "lines",
    "note"}`` (all optional but ``card``), with ``"own_words": True`` when the lines are the
    card's own (from its game's table, not the kit's: ``game-text``); every text escaped.

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
            own = ' class="game-text"' if item.get("own_words") else ""
            parts.append(f"<ul{own}>" + "".join(f"<li>{html(line)}</li>" for line in lines)
                         + "</ul>")
        boxes.append(f'<div class="dg-featured-card">{"".join(parts)}</div>')
    return f'<div class="dg-featured">{"".join(boxes)}</div>' if boxes else ""


def is_records(value: Any) -> bool:
    """True for a list of records (the teams, the players).

    >>> is_records([{"name": "Red"}]), is_records(["Flu"]), is_records([])
    (True, False, False)
    """
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def records_html(rows: list[dict[str, Any]], current: str | None = None,
                 colors: dict[str, str] | None = None, game: str | None = None,
                 title: str = "name", tags: Mapping[str, str] | None = None,
                 details: bool = True) -> str:
    """Teams or players as an HTML table: one column per number or word, and what each has in
    play (a list of cards) on a line of its own under the row (unless ``details`` is False).
    The row of ``current`` is marked; a name in ``colors`` gets a chip of its colour and one in
    ``tags`` a short word after it ("bot"); a card of ``game`` shows its meaning on hover and on
    tap (:func:`card_html`). ``title`` heads the names' column. A yes/no column that is "no" in
    every row says nothing and is left out.

    >>> table = records_html([{"name": "Red", "backlog": 9, "in_play": [{"card": "Flu"}]}], "Red")
    >>> '<tr class="dg-current" data-name="Red"><td><span class="user-text">Red</span>' in table
    True
    >>> "in play: Flu" in table
    True
    >>> rows = [{"name": "Red", "in_play": [{"card": "3 Amigos", "value": 1}, {"card": "<b>"}]}]
    >>> table = records_html(rows, game="scrumkin")
    >>> 'tabindex="0" title="investment: Business, development' in table
    True
    >>> '>3 Amigos</span> (value 1); &lt;b&gt;</td>' in table
    True
    >>> table = records_html([{"name": "Red", "planned": False}], title="Teams",
    ...                      tags={"Red": "bot"})
    >>> "<th>Teams</th>" in table, "planned" in table, '<span class="dg-tag">bot</span>' in table
    (True, False, True)
    """
    keys = list(dict.fromkeys(key for row in rows for key in row))
    flat = [k for k in keys if not any(isinstance(row.get(k), list | dict) for row in rows)
            and not all(row.get(k) is False for row in rows)]
    nested = [k for k in keys if k not in flat and any(isinstance(row.get(k), list | dict)
                                                        for row in rows)] if details else []
    head = "".join(f"<th>{html(title if key == 'name' else label(key))}</th>" for key in flat)
    body = []
    for row in rows:
        value = row.get("name", "")
        names = [str(name) for name in value] if isinstance(value, tuple) else [str(value)]
        marked = ' class="dg-current"' if current is not None and current in names else ""
        cells = [cell_html(row.get(key, "")) for key in flat]
        if flat and flat[0] == "name":
            cells[0] = names_cell(names, colors or {}, tags or {})
        body.append(f'<tr{marked} data-name="{html(format_value(value))}">{"".join(cells)}</tr>')
        lines = [
            f"{html(label(key))}: {value_html(row[key], game)}"
            for key in nested if not is_empty(row.get(key))
        ]
        if lines:
            body.append(f'<tr class="dg-details"><td class="dg-cards" colspan="{len(flat)}">'
                        f'{"<br>".join(lines)}</td></tr>')
    return f'<table class="dg-table"><tr>{head}</tr>{"".join(body)}</table>'


def names_cell(names: Sequence[str], colors: Mapping[str, str],
               tags: Mapping[str, str]) -> str:
    """The first cell of a row: its name, or a team's players one a line, each after the chip
    of its colour and before its tag ("bot").

    >>> names_cell(["Red"], {"Red": "#c0392b"}, {})
    '<td><span class="dg-chip" style="background:#c0392b"></span><span class="user-text">Red\
</span></td>'
    >>> names_cell(["Ada", "Bob"], {}, {"Bob": "bot"})
    '<td><span class="user-text">Ada</span><br><span class="user-text">Bob</span> <span \
class="dg-tag">bot</span></td>'
    """
    lines = [(chip_html(colors[name]) if name in colors else "")
             + f'<span class="user-text">{html(name)}</span>'
             + (f' <span class="dg-tag">{html(tags[name])}</span>' if name in tags else "")
             for name in names]
    return f"<td>{'<br>'.join(lines)}</td>"


def cell_html(value: Any) -> str:
    """One cell of a table: numbers right-aligned; a tuple one item a line (a team's players
    and what each did). Words the view gives (a card, a tile) are the game's: ``game-text``.

    >>> cell_html(3), cell_html(True)
    ('<td class="dg-num">3</td>', '<td>yes</td>')
    >>> cell_html(("a", "<b>")), cell_html((1, 2))
    ('<td class="game-text">a<br>&lt;b&gt;</td>', '<td class="dg-num">1<br>2</td>')
    """
    if isinstance(value, tuple):
        numbers = value and all(isinstance(item, int | float) and not isinstance(item, bool)
                                for item in value)
        lines = "<br>".join(html(format_value(item)) for item in value)
        if numbers:
            return f'<td class="dg-num">{lines}</td>'
        return f'<td class="game-text">{lines}</td>' if all(
            isinstance(item, str) for item in value) else f"<td>{lines}</td>"
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f'<td class="dg-num">{value}</td>'
    if isinstance(value, str) or (isinstance(value, list) and all(
            isinstance(item, str) for item in value)):
        return f'<td class="game-text">{html(format_value(value))}</td>'
    return f"<td>{html(format_value(value))}</td>"


class Scoreboard(widgets.HTML):
    """The public table for the projector: the facts, the teams or players (each with its colour
    when ``colors`` maps names to colours).

    >>> board = Scoreboard()
    >>> board.show({"teams": [{"name": "Red", "backlog": 9}]}, {"Red": "#c0392b"})
    >>> 'style="background:#c0392b"></span><span class="user-text">Red' in board.value
    True

    The cards in play show their meaning, found through the view's ``game``:

    >>> board.show({"game": "scrumkin", "teams": [{"name": "Red", "in_play": [{"card": "Flu"}]}]})
    >>> 'class="dg-meant game-text"' in board.value
    True

    What a view sets ``aside`` stays off the projector, as a fact or as a column:

    >>> board.show({"sprint": 2, "phase": "moves", "aside": ["phase", "bugs"],
    ...             "teams": [{"name": "Red", "bugs": 3}]})
    >>> "sprint" in board.value, "phase" in board.value, "bugs" in board.value
    (True, False, False)

    A bot's row says so; with more than :data:`MAX_DETAILED` rows the lists under each row are
    left to the charts (the room could not read them all at once):

    >>> rows = [{"name": str(n), "in_play": ["Flu"]} for n in range(5)]
    >>> board.show({"teams": rows}, bots={"1"})
    >>> "Flu" in board.value, '<span class="dg-tag">bot</span>' in board.value
    (False, True)
    """

    def __init__(self) -> None:
        super().__init__("")
        self.add_class("dg-scoreboard")

    def show(self, view: Mapping[str, Any], colors: dict[str, str] | None = None,
             skip: Collection[str] = (), bots: Collection[str] = ()) -> None:
        """Draw ``game.view(None)`` (:func:`scoreboard_html`)."""
        self.value = scoreboard_html(view, colors, skip, bots)


def scoreboard_html(view: Mapping[str, Any], colors: dict[str, str] | None = None,
                    skip: Collection[str] = (), bots: Collection[str] = ()) -> str:
    """The scoreboard of ``game.view(None)`` (HTML), but for the keys in ``skip`` (drawn on a
    board) and those the view itself sets ``aside`` (kept for notebooks and tests, not for the
    room), facts and columns alike; the teams named in ``bots`` are marked as played by a bot.
    The projector's :class:`Scoreboard` and the audience view show it.

    >>> html = scoreboard_html({"teams": [{"name": "<Red>", "backlog": 9}]}, {}, (), ["<Red>"])
    >>> "&lt;Red&gt;" in html, '<span class="dg-tag">bot</span>' in html
    (True, True)
    """
    aside = {*skip, "aside", *(view.get("aside") or ())}
    view = {key: value for key, value in view.items() if key not in aside}
    current = view.get("current_player")
    game = view.get("game")
    game = game if isinstance(game, str) else None
    tables = {key: [{k: v for k, v in row.items() if k not in aside} for row in value]
              for key, value in view.items() if is_records(value) and key != "featured"}
    columns = {k for rows in tables.values() for row in rows for k in row}
    parts = [featured_html(view.get("featured"), game), facts_html(view, columns)]
    for key, rows in tables.items():
        parts.append(records_html(
            rows, current if isinstance(current, str) else None, colors or {}, game,
            title=label(key).capitalize(), tags=dict.fromkeys(bots, _("bot")),
            details=len(rows) <= MAX_DETAILED))
    return "".join(parts)


def hand_line_html(hand: Sequence[Any], game: str | None) -> str:
    """A hand as one compact line of cards (when tick boxes name them to choose from): each
    card's name, its meaning on hover or tap (:func:`card_html`), and its figures.

    >>> hand_line_html([{"id": 3, "card": "Intern", "kind": "developer", "cost": 1}], None)
    '<div class="dg-hand dg-hand-line"><span class="dg-hand-card"><b>Intern</b> (developer, \
cost 1)</span></div>'
    """
    cards = []
    for item in hand:
        text = describe_item(item)
        key = name_key(item) if isinstance(item, dict) else None
        name = str(item[key]) if key else text
        figures = text[len(name):] if text.startswith(name) else ""
        cards.append(f'<span class="dg-hand-card"><b>{card_html(name, game)}</b>'
                     f"{html(figures)}</span>")
    return f'<div class="dg-hand dg-hand-line">{"".join(cards)}</div>'


def move_card(action: Action) -> int | None:
    """The card a move is made with: its ``card``, or its ``cards`` when they are copies of one
    card; None for a move of no card, or of several different cards.

    >>> move_card(Action("play", 0, card=3, target=1)), move_card(Action("combo", 0, cards=(7, 7)))
    (3, 7)
    >>> move_card(Action("combo", 0, cards=(2, 5))), move_card(Action("end_turn", 0))
    (None, None)
    """
    if action.card is not None:
        return action.card
    cards = set(action.cards or ())
    return cards.pop() if len(cards) == 1 else None


def card_words(item: Any) -> tuple[str, str]:
    """A card of a hand as its name and its figures (empty when it has none, or they only
    repeat its name).

    >>> card_words({"id": 9, "card": "Linda Rising", "figures": "10 of Doors", "does": "..."})
    ('Linda Rising', '10 of Doors')
    >>> card_words({"id": 7, "card": "8 of Doors", "figures": "8 of Doors"}), card_words("Nope")
    (('8 of Doors', ''), ('Nope', ''))
    """
    if not isinstance(item, dict):
        return str(item), ""
    key = name_key(item)
    name = str(item[key]) if key else describe_item(item)
    figures = str(item.get("figures") or "")
    return name, "" if figures == name else figures


def short_label(text: str, team: str, name: str = "", figures: str = "") -> str:
    """A move's label on a button under its card: without the team's name (the curtain says
    whose hand it is) nor the card's name and figures (the button is under that card).

    >>> short_label("Red plays Flu (-2 -1) into Blue's game", "Red", "Flu", "-2 -1")
    "Plays into Blue's game"
    >>> short_label("Red drops Flu (-2 -1)", "Red", "Flu", "-2 -1")
    'Drops'
    >>> short_label("Ada plays Investor (pays 0)", "Ada", "Investor")
    'Plays (pays 0)'
    >>> short_label("Ada ends the turn", "Ada")
    'Ends the turn'
    >>> short_label("Ada replaces the tile in B1.1 with 0|2", "Ada", "0|2")
    'Replaces the tile in B1.1 with 0|2'
    """
    if team and text.startswith(team + " "):
        text = text[len(team) + 1:]
    verb, _space, rest = text.partition(" ")
    for words in ([f"{name} ({figures})"] if figures else []) + ([name] if name else []):
        if rest.startswith(words):  # the card right after the verb; elsewhere it says which way
            text = f"{verb} {rest[len(words):]}"
            break
    text = " ".join(text.split())
    return text[:1].upper() + text[1:] if text else text


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

    Given the team's ``hand``, the moves are grouped by card instead (one line per card: the
    card, then its moves as short buttons, the words they share said once) and all are in view,
    with no filter:

    >>> game = scrumkin.new_game(["Red", "Blue", "Green"], seed=7)
    >>> picker.offer(*choices(game), game=game.name, hand=game.view(0)["hand"], team="Red")
    >>> [button.description for button in picker.shown][:4]
    ['its own game', "Blue's game", "Green's game", 'Drops']
    >>> "Plays into" in picker.children[0].children[0].value  # said once, above the cards
    True
    >>> picker.filter in picker.children, "dg-hand" in picker._dom_classes
    (False, True)
    """

    def __init__(self, on_pick: Callable[[Action], object]) -> None:
        super().__init__()
        self.add_class("dg-moves")
        self.on_pick = on_pick
        self.actions: list[Action] = []
        self.labels: list[str] = []
        self.buttons: list[widgets.Button] = []
        self.pool: list[widgets.Button] = []  # reused from move to move: new widgets cost time
        self.off: list[widgets.Button] = []  # cards of the hand with no move now (see offer)
        self.on_screen: tuple[widgets.Button, ...] = ()
        self.heading = widgets.HTML()
        self.filter = widgets.Text(placeholder=_("Type to filter: a card, a team..."),
                                   layout=widgets.Layout(width="min(40em, 95%)"))
        self.filter.add_class("dg-move-filter")
        self.filter.observe(lambda _change: self._show_matching(), "value")
        self.box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.box.add_class("dg-move-box")

    @property
    def shown(self) -> tuple[widgets.Button, ...]:
        """The move buttons on screen now."""
        return self.on_screen

    def offer(self, actions: list[Action], labels: list[str], heading: str,
              game: str | None = None, hand: Sequence[Any] | None = None,
              team: str = "") -> None:
        """Show these moves (labels in the same order) under a heading. A button's tooltip is the
        meaning of the card its move plays in ``game`` (a game's name), or else its label.

        Given the ``hand`` of the team to move, the moves are grouped by its cards (see
        :meth:`group`; ``team``, whose name starts the labels, is left out of the buttons); else
        they are one button each, filtered when there are many."""
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
        self.filter.value = ""
        if hand is not None:
            self.group(hand, game, team)
            return
        self.remove_class("dg-hand")
        long = len(actions) > MAX_BUTTONS
        self.box.layout.max_height = "22em" if long else None
        self.box.layout.overflow = "auto" if long else None
        self._show_matching()
        self.children = [self.heading, self.filter, self.box] if long else [self.heading, self.box]

    def group(self, hand: Sequence[Any], game: str | None, team: str = "") -> None:
        """The moves grouped by the cards of ``hand``: moves of no card first, then one line per
        card, its name and figures, then its moves as short buttons. When each card has one
        move (Release!'s commit) the cards themselves are the buttons, and a card with no move
        says why when clicked (the game's refusal, in the notice)."""
        self.add_class("dg-hand")
        cards: dict[int, tuple[str, str, Any, int]] = {}
        for item in hand:
            card = item.get("id") if isinstance(item, dict) else None
            if isinstance(card, int):
                name, figures, _item, copies = cards.get(card, (*card_words(item), item, 0))
                cards[card] = (name, figures, item, copies + 1)
        by_card: dict[int | None, list[int]] = {}
        for index, action in enumerate(self.actions):
            card = move_card(action)
            by_card.setdefault(card if card in cards else None, []).append(index)
        rows: list[widgets.Widget] = []
        loose = by_card.pop(None, [])
        if loose:
            for index in loose:
                self.buttons[index].description = short_label(self.labels[index], team)
            # a card the hand does not list (an event card beside the tiles) with several
            # moves: they go on a line of their own, the words they share said once ("Plays
            # Complaint on"); the other moves share one line
            lines: dict[Any, list[int]] = {}
            for index in loose:
                lines.setdefault(move_card(self.actions[index]), []).append(index)
            alone = [i for card, line in lines.items() if card is None or len(line) == 1
                     for i in line]
            rows += [_move_row(None, [self.buttons[i] for i in line])
                     for line in ([sorted(alone)] if alone else [])
                     + [line for card, line in lines.items()
                        if card is not None and len(line) > 1]]
        self.off = []
        kind = _one_kind_each([[self.actions[i] for i in moves] for moves in by_card.values()])
        if kind is not None:
            rows += self._card_buttons(cards, by_card, kind, game)
        else:
            idle = []
            for card, (name, figures, _item, _copies) in cards.items():
                for index in by_card.get(card, []):
                    self.buttons[index].description = short_label(
                        self.labels[index], team, name, figures)
                    self.buttons[index].tooltip = self.labels[index]
            # Words most of the cards' moves start with ("Replaces the tile in") are said once.
            said = shared_start([self.buttons[i].description for card in cards
                                 for i in by_card.get(card, [])], least=4)
            if said:
                verb = widgets.HTML(f'<span class="dg-move-verb">{html(said)}...</span>')
                verb.add_class("dg-move-said")
                rows.append(verb)
            for card, (name, figures, item, copies) in cards.items():
                moves = by_card.get(card, [])
                if not moves:
                    idle.append(idle_card_html(name, figures, copies, game))
                    continue
                label = hand_card_html(item, game) + (
                    f' <span class="dg-muted">×{copies}</span>' if copies > 1 else "")
                rows.append(_move_row(label, [self.buttons[i] for i in moves], said))
            if idle:
                line = widgets.HTML('<span class="dg-muted">' + html(_("No move now with"))
                                    + "</span> " + " ".join(idle))
                line.add_class("dg-move-idle")
                rows.append(line)
        self.on_screen = tuple(button for row in rows for button in _buttons_in(row)
                               if button not in self.off)
        listing = widgets.VBox(rows)
        listing.add_class("dg-move-groups")
        if len(cards) > 4 or len(self.actions) > 8:  # meanings on hover: the moves need room
            listing.add_class("dg-many-cards")
        self.children = [listing]  # the hand's heading says whose moves these are

    def _card_buttons(self, cards: dict[int, tuple[str, str, Any, int]],
                      by_card: dict[int | None, list[int]], kind: str,
                      game: str | None) -> list[widgets.Widget]:
        """The hand as one button per card (each card has one move, of ``kind``): a card with
        no move is a dashed button that says why, and what a card does (the figures' words
        after a colon) is listed under the buttons."""
        player = self.actions[0].player
        line: list[widgets.Widget] = []
        notes = []
        for card, (name, figures, _item, copies) in cards.items():
            short, _colon, does = figures.partition(": ")
            text = name + (f" ({short})" if short else "") + (f" ×{copies}" if copies > 1 else "")
            if does:
                notes.append(f"<li><b>{html(name)}</b>: {html(does)}</li>")
            meaning = card_meaning(game, name)
            about = does or (meaning_text(meaning) if meaning else "")
            if card in by_card:
                button = self.buttons[by_card[card][0]]
                button.tooltip = about or self.labels[by_card[card][0]]
            else:
                button = widgets.Button(layout=widgets.Layout(width="auto"))
                button.add_class("dg-move-off")
                button.tooltip = (about + " " if about else "") + _("(not playable now: why?)")
                button.on_click(lambda _b, c=card: self.on_pick(Action(kind, player, card=c)))
                self.off.append(button)
            button.description = text
            line.append(button)
        box = widgets.Box(line)
        box.add_class("dg-move-cards")
        rows: list[widgets.Widget] = [box]
        if self.off:
            rows.append(widgets.HTML('<span class="dg-muted">' + html(_(
                "Dashed cards cannot be played now: click one to see why.")) + "</span>"))
        if notes:
            rows.append(widgets.HTML(f'<ul class="dg-move-notes">{"".join(notes)}</ul>'))
        return rows

    def clear(self) -> None:
        self.actions, self.labels, self.buttons, self.off = [], [], [], []
        self.box.children = []
        self.on_screen = ()
        self.children = []

    def _show_matching(self) -> None:
        folded = self.filter.value.casefold().strip()
        self.box.children = self.on_screen = tuple(
            button for button, text in zip(self.buttons, self.labels, strict=True)
            if folded in text.casefold()
        )

    def _pick(self, index: int) -> None:
        if 0 <= index < len(self.actions):
            self.on_pick(self.actions[index])

    def pick_label(self, text: str) -> None:
        """Choose the move labelled ``text`` (what a click does; handy in notebooks and tests)."""
        self._pick(self.labels.index(text))


def _buttons_in(box: widgets.Widget) -> list[widgets.Button]:
    """The buttons in a box and the boxes in it, in the order they are shown."""
    if isinstance(box, widgets.Button):
        return [box]
    return [button for child in getattr(box, "children", ()) for button in _buttons_in(child)]


def idle_card_html(name: str, figures: str, copies: int, game: str | None) -> str:
    """A card of the hand with no move now, small: its name (its meaning on hover or tap, see
    :func:`card_html`), its figures, how many copies.

    >>> idle_card_html("Flu", "-2", 2, None)
    '<span class="dg-hand-card dg-idle-card"><b>Flu</b> (-2) ×2</span>'
    """
    return (f'<span class="dg-hand-card dg-idle-card"><b>{card_html(name, game)}</b>'
            + (f" ({html(figures)})" if figures else "")
            + (f" ×{copies}" if copies > 1 else "") + "</span>")


def _one_kind_each(groups: list[list[Action]]) -> str | None:
    """The kind of move of every group when each group is one move of a card and nothing else
    (Release!'s commit: one button per card is enough); else None.

    >>> _one_kind_each([[Action("commit", 0, card=3)], [Action("commit", 0, card=5)]])
    'commit'
    >>> _one_kind_each([[Action("play", 0, card=3, target=1)]]), _one_kind_each([])
    (None, None)
    """
    kinds = {moves[0].kind for moves in groups if len(moves) == 1}
    if len(kinds) != 1 or any(len(moves) != 1 or moves[0] != Action(
            moves[0].kind, moves[0].player, card=moves[0].card) for moves in groups):
        return None
    return kinds.pop()


def _move_row(label: str | None, buttons: list[widgets.Button], said: str = "") -> widgets.Box:
    """One line of the grouped moves: a card (HTML), then its buttons; the words most of the
    buttons start with ("Plays into") are said once, before them, or were ``said`` above every
    row (then left out of each button here)."""
    parts: list[widgets.Widget] = []
    if label is not None:
        card = widgets.HTML(label)
        card.add_class("dg-move-card")
        parts.append(card)
    start = said or shared_start([button.description for button in buttons])
    shown: list[widgets.Widget] = list(buttons)
    if start:
        first = [b for b in buttons if b.description.startswith(start + " ")]
        for button in first:
            button.description = button.description[len(start) + 1:]
        verb = widgets.HTML(f'<span class="dg-move-verb">{html(start)}</span>')
        shown = [*([] if said else [verb]), *first, *(b for b in buttons if b not in first)]
    box = widgets.Box(shown or [widgets.HTML(
        '<span class="dg-muted">No move with this card now.</span>')])
    box.add_class("dg-move-row-buttons")
    parts.append(box)
    row = widgets.Box(parts)
    row.add_class("dg-move-row")
    if len(buttons) > 3:
        row.add_class("dg-move-row-long")  # the card on a line of its own, its moves under it
    return row


def shared_start(texts: Sequence[str], least: int = 3) -> str:
    """The longest first words (two or more) that most of ``texts`` (at least ``least`` of them)
    start with and go on after; '' when there are none.

    >>> shared_start(["Plays into its own game", "Plays into Red's game",
    ...               "Plays into Blue's game", "Drops"])
    'Plays into'
    >>> shared_start(["Plays (pays 2)", "Plays on Ada (pays 2)", "Plays on Bob (pays 2)"])
    ''
    """
    counts: dict[str, int] = {}
    for text in texts:
        words = text.split(" ")
        for end in range(2, len(words)):  # two words at least: "Plays into", not "Plays"
            start = " ".join(words[:end])
            counts[start] = counts.get(start, 0) + 1
    most = max(counts.values(), default=0)
    if most < least:
        return ""
    return max((start for start, count in counts.items() if count == most), key=len)


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
        self.hide = widgets.Button(description=_("Hide the hand again"))
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
        self.reveal.description = _("{name}: show your hand and moves").format(name=owner)
        color = self.colors.get(owner)
        self.layout.border_left = f"10px solid {color}" if color else None
        self.message.value = ('<span class="dg-muted">' + html(
            _("Only {name} looks at the screen now.")).format(
                name=with_chips(owner, self.colors)) + "</span>")
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


#: Seconds an open Nope window (Exploding Git Commits) waits for a claim before it closes.
NOPE_SECONDS = 5


class NopeWindow(widgets.VBox):
    """Exploding Git Commits' public Nope window: "Anyone to Nope? 5 s" for the whole room, a
    "Nope!" button that opens a curtain to choose who says it (only the players holding a Nope
    are listed, and only once the curtain is lifted), and a button to go on at once. Nothing it
    shows before the curtain is lifted depends on a hand.

    >>> window = NopeWindow(lambda seat: None, lambda: None)
    >>> window.open_for(5, yup=False); window.line.value
    '<div class="dg-waiting dg-nope-line">Anyone to Nope? 5 s</div>'
    >>> window.ask_who([(1, "Bob")], hidden=True); window.holders.children
    ()
    """

    def __init__(self, on_claim: Callable[[int], object], on_close: Callable[[], object]) -> None:
        super().__init__()
        self.add_class("dg-nope-window")
        self.on_claim = on_claim
        #: Called with True when someone starts choosing who says Nope (the clock stops), and
        #: with False when they go back without a Nope (the clock goes on).
        self.on_hold: Callable[[bool], None] | None = None
        self.word = "Nope"
        self.line = widgets.HTML()
        self.claim = widgets.Button(description=_("Nope!"), button_style="danger")
        self.claim.add_class("dg-nope-claim")
        self.claim.on_click(lambda _button: self._hold())
        self.go_on = widgets.Button(description=_("Go on: nobody says {card}").format(
            card="Nope"))
        self.go_on.add_class("dg-nope-close")
        self.go_on.on_click(lambda _button: on_close())
        self.message = widgets.HTML()
        self.reveal = widgets.Button(button_style="primary")
        self.reveal.add_class("dg-reveal")
        self.back = widgets.Button(description=_("Nobody after all"))
        self.back.add_class("dg-nope-back")
        self.back.on_click(lambda _button: self._release())
        self.holders = widgets.HBox()
        self.holders.add_class("dg-nope-holders")
        self._who: list[tuple[int, str]] = []
        self.reveal.on_click(lambda _button: self._show_holders())

    def open_for(self, seconds: int, yup: bool) -> None:
        """Show the open window with ``seconds`` left (a Yup window after a Nope)."""
        self.word = "Yup" if yup else "Nope"
        self.claim.description = _("Yup!") if yup else _("Nope!")
        self.go_on.description = _("Go on: nobody says {card}").format(card=self.word)
        self.tick(seconds)
        self.holders.children = []
        self.children = [self.line, widgets.HBox([self.claim, self.go_on])]

    def tick(self, seconds: int) -> None:
        """The countdown: the seconds left before the window closes by itself."""
        self.line.value = ('<div class="dg-waiting dg-nope-line">' + html(
            _("Anyone to {card}? {seconds} s").format(card=self.word, seconds=seconds))
            + "</div>")

    def ask_who(self, holders: list[tuple[int, str]], hidden: bool) -> None:
        """Choose who says it among ``holders`` (seat, name): behind a curtain when hands are
        hidden, so that the room does not see who holds a Nope."""
        self._who = holders
        self.holders.children = []
        self.message.value = ('<span class="dg-muted">' + html(
            _("Only the player saying {card} looks at the screen now.").format(card=self.word))
            + "</span>")
        self.reveal.description = _("Show who may say {card}").format(card=self.word)
        self.children = [self.message, widgets.HBox([self.reveal, self.back])]
        if not hidden:
            self._show_holders()

    def _show_holders(self) -> None:
        buttons = []
        for seat, name in self._who:
            button = widgets.Button(description=_("{name} says {card}").format(name=name,
                                                                                card=self.word))
            button.add_class("dg-nope-holder")
            button.on_click(lambda _button, seat=seat: self.on_claim(seat))
            buttons.append(button)
        self.holders.children = buttons
        none = widgets.HTML('<span class="dg-muted">' + html(
            _("Nobody at the screen holds a {card}.").format(card="Nope")) + "</span>")
        self.children = [self.holders if buttons else none, self.back]

    def _hold(self) -> None:
        if self.on_hold is not None:
            self.on_hold(True)

    def _release(self) -> None:
        if self.on_hold is not None:
            self.on_hold(False)


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
        for _missing in range(len(self.boxes), len(cards)):
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
