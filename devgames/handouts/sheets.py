"""The body of each handout, as escaped HTML (the page around it is :func:`page.document`),
in the language in use: every text here is looked up in the catalogue when the handout is made.

>>> "<h1>Turn aid</h1>" in turn_aid(game_text("exploding"))
True
"""

from devgames.handouts.content import (
    GameText,
    game_text,  # noqa: F401 (the doctests use it)
)
from devgames.handouts.glossary import KIND_HEADINGS, GlossaryRow, glossary_rows, grouped
from devgames.handouts.page import boxes, bullets, esc, header
from devgames.i18n import N_, _, ngettext

#: A ruled line to write on.
BLANK = '<span class="blank"></span>'
#: Rows of the observer sheet's table of moments and of the debrief's actions table.
MOMENT_ROWS = 8
ACTION_ROWS = 5
#: The field a team or a player writes its name in (``GameText.seat``).
SEAT_FIELDS = {"team": N_("Team"), "player": N_("Player")}
#: The debrief canvas's panels: title, what it asks, ruled lines to write on.
PANELS = (
    (N_("What?"), N_("What happened? Facts, numbers, moments."), 4),
    (N_("So what?"), N_("Why did it happen, and why does it matter to us?"), 4),
    (N_("Now what?"), N_("What will we try, starting when?"), 3),
)


def _seat(text: GameText) -> str:
    """The name field of who sits at a place: "Team", "Player"."""
    field = SEAT_FIELDS.get(text.seat)
    return _(field) if field else text.seat.capitalize()


def _footer(text: GameText, more: str = "") -> str:
    """The page's last line: where the full rules are (after ``more``, already translated)."""
    where = _("The full rules, as devgames plays them: {doc}.").format(doc=text.doc)
    return f"<footer>{esc(more)}{' ' if more else ''}{esc(where)}</footer>"


def rules(text: GameText) -> str:
    """One page of rules for a team: goal, set-up, the turn, the end.

    >>> "Goal" in rules(game_text("scrumkin"))
    True
    """
    title = _("{game}: the rules on one page").format(game=text.title)
    goal, setup, end = _("Goal."), _("Set-up"), _("The end")
    return '<div class="rules">' + (
        header(title, text.title, [_seat(text)])
        + f'<p class="lead"><b>{esc(goal)}</b> {esc(text.goal)}</p>'
        + f"<h2>{esc(setup)}</h2>" + bullets(text.setup)
        + f"<h2>{esc(text.turn)}</h2>" + bullets(text.steps, "ol", "steps")
        + bullets(text.tips)
        + f"<h2>{esc(end)}</h2>" + bullets(text.end)
        + _footer(text)
    ) + "</div>"


def turn_aid(text: GameText) -> str:
    """The steps of a turn in large type, and what each type of card does.

    >>> turn_aid(game_text("itstartup")).count("<li>") >= 6
    True
    """
    types = "".join(
        f"<tr><th scope=\"row\">{esc(kind)}</th><td>{esc(does)}</td></tr>"
        for kind, does in text.card_types
    )
    steps = _("{turn}, step by step").format(turn=text.turn)
    card, does = _("Card (copies)"), _("What it does")
    good, cards = _("Good to know"), _("The cards")
    return (
        header(_("Turn aid"), text.title)
        + f"<h2>{esc(steps)}</h2>" + bullets(text.steps, "ol", "steps")
        + f"<h2>{esc(good)}</h2>" + bullets(text.tips)
        + f"<h2>{esc(cards)}</h2>"
        + f'<table class="types"><thead><tr><th style="width:34%">{esc(card)}</th>'
        f"<th>{esc(does)}</th></tr></thead><tbody>{types}</tbody></table>"
        + _footer(text)
    )


def observer(text: GameText) -> str:
    """Behaviours to watch for, with tick boxes, and room for the moments worth a debrief.

    >>> observer(game_text("scrumkin")).count('class="box"') >= 8 * 6
    True
    """
    rows = "".join(
        f"<tr><td>{esc(item)}</td><td class=\"ticks\">{boxes(6)}</td><td></td></tr>"
        for item in text.watch
    )
    moments = "<tr><td></td><td></td><td></td></tr>" * MOMENT_ROWS
    how = _("Watch one table. Tick a box each time you see a behaviour, and note who and when. "
            "Describe what people do, not what they are; these notes feed the debrief.")
    behaviour, seen, who_when = _("Behaviour"), _("Seen"), _("Who, when")
    bring = _("Moments to bring to the debrief")
    time, who, what = _("Time"), _("Who"), _("What happened, what was said")
    return (
        header(_("Observer sheet"), text.title, [_("Observer"), _("Table"), _("Started at")])
        + f"<p>{esc(how)}</p>"
        + f'<table class="watch"><thead><tr><th>{esc(behaviour)}</th>'
        f'<th style="width:34mm">{esc(seen)}</th>'
        f'<th style="width:46mm">{esc(who_when)}</th></tr></thead><tbody>{rows}</tbody></table>'
        + f"<h2>{esc(bring)}</h2>"
        + f'<table class="moments"><thead><tr><th style="width:18mm">{esc(time)}</th>'
        f'<th style="width:38mm">{esc(who)}</th><th>{esc(what)}</th></tr></thead>'
        f"<tbody>{moments}</tbody></table>"
        + _footer(text)
    )


def debrief(text: GameText) -> str:
    """The debrief canvas: What? So what? Now what?, an actions table and 1-2-4-All.

    >>> [word in debrief(game_text("exploding")) for word in ("What?", "So what?", "Now what?")]
    [True, True, True]
    """
    what, so_what, now_what = text.debrief
    panels = ""
    for (title, hint, lines), prompt in zip(PANELS, (what, so_what, now_what), strict=True):
        heading, asks = _(title), _(hint)
        panels += (f'<section class="panel"><h2>{esc(heading)}</h2><p class="small">{esc(asks)} '
                   f"<i>{esc(prompt)}</i></p>{BLANK * lines}</section>")
    actions = "<tr><td></td><td></td><td></td></tr>" * ACTION_ROWS
    # Our own markup inside the sentence (the bold figures of 1-2-4-All), nothing of a user's.
    reminder = _("<b>1-2-4-All</b>, for each box in turn: <b>1</b> minute alone, writing your "
                 "own thoughts; <b>2</b> minutes in pairs, building on both; <b>4</b> minutes "
                 "in fours, keeping what stands out; then <b>All</b>: each group gives the room "
                 "one idea, and it goes in the box.")
    actions_heading, action, owner, due = _("Actions"), _("Action"), _("Owner"), _("Due date")
    return (
        header(_("Debrief canvas"), text.title, [_seat(text), _("Date")])
        + f'<p class="reminder">{reminder}</p>'
        + f'<div class="canvas">{panels}</div>'
        + f"<h2>{esc(actions_heading)}</h2>"
        + f'<table class="actions"><thead><tr><th>{esc(action)}</th>'
        f'<th style="width:40mm">{esc(owner)}</th>'
        f'<th style="width:30mm">{esc(due)}</th></tr></thead><tbody>{actions}</tbody></table>'
        + _footer(text)
    )


def glossary(text: GameText) -> str:
    """Every card of the game by kind, with its figures and its one-line meaning.

    >>> "Peek into the Future" in glossary(game_text("exploding"))
    True
    """
    parts = [header(_("Card glossary"), text.title)]
    rows = glossary_rows(text.game)  # the meanings of the language in use, read now
    intro = ngettext(
        "Every card of {game} ({n} name), by what it stands for at work, A to Z within each "
        "group.",
        "Every card of {game} ({n} names), by what it stands for at work, A to Z within each "
        "group.", len(rows)).format(game=text.title, n=len(rows))
    parts.append(f'<p class="small">{esc(intro)}</p>')
    for kind, members in grouped(rows):
        body = "".join(_glossary_row(row) for row in members)
        heading = _(KIND_HEADINGS[kind])
        parts.append(
            f"<h2>{esc(heading)} ({len(members)})</h2>"
            f'<div class="entries">{body}</div>'
        )
    parts.append(_footer(text, _("Meanings are our reading of each card, for the debrief.")))
    return f'<div class="glossary">{"".join(parts)}</div>'


def _glossary_row(row: GlossaryRow) -> str:
    """One card: name, copies and figures; then its meaning (a ruled line when it has none)."""
    copies = f" (x{row.copies})" if row.copies > 1 else ""
    figures = f' <span class="figures">{esc(row.figures)}</span>' if row.figures else ""
    line = esc(row.line) if row.line else '<span class="line"></span>'
    does = f'<span class="does">{esc(row.does)}</span>' if row.does else ""
    return (f'<div class="entry"><span class="name">{esc(row.name)}</span>{copies}{figures}'
            f'<span class="meaning">{line}</span>{does}</div>')
