"""The body of each handout, as escaped HTML (the page around it is :func:`page.document`).

>>> "<h1>Turn aid</h1>" in turn_aid(game_text("exploding"))
True
"""

from devgames.handouts.content import (
    GameText,
    game_text,  # noqa: F401 (the doctests use it)
)
from devgames.handouts.glossary import KIND_HEADINGS, GlossaryRow, glossary_rows, grouped
from devgames.handouts.page import boxes, bullets, esc, header

#: A ruled line to write on.
BLANK = '<span class="blank"></span>'
#: Rows of the observer sheet's table of moments and of the debrief's actions table.
MOMENT_ROWS = 8
ACTION_ROWS = 5


def _footer(text: GameText, more: str = "") -> str:
    return (f"<footer>{esc(more)}{' ' if more else ''}The full rules, as devgames plays them: "
            f"{esc(text.doc)}.</footer>")


def rules(text: GameText) -> str:
    """One page of rules for a team: goal, set-up, the turn, the end.

    >>> "Goal" in rules(game_text("scrumkin"))
    True
    """
    return '<div class="rules">' + (
        header(f"{text.title}: the rules on one page", text.title, [text.seat.capitalize()])
        + f'<p class="lead"><b>Goal.</b> {esc(text.goal)}</p>'
        + "<h2>Set-up</h2>" + bullets(text.setup)
        + f"<h2>{esc(text.turn)}</h2>" + bullets(text.steps, "ol", "steps")
        + bullets(text.tips)
        + "<h2>The end</h2>" + bullets(text.end)
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
    return (
        header("Turn aid", text.title)
        + f"<h2>{esc(text.turn)}, step by step</h2>" + bullets(text.steps, "ol", "steps")
        + "<h2>Good to know</h2>" + bullets(text.tips)
        + "<h2>The cards</h2>"
        + f'<table class="types"><thead><tr><th style="width:34%">Card (copies)</th>'
        f"<th>What it does</th></tr></thead><tbody>{types}</tbody></table>"
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
    return (
        header("Observer sheet", text.title, ["Observer", "Table", "Started at"])
        + "<p>Watch one table. Tick a box each time you see a behaviour, and note who and when. "
        "Describe what people do, not what they are; these notes feed the debrief.</p>"
        + '<table class="watch"><thead><tr><th>Behaviour</th><th style="width:34mm">Seen</th>'
        f'<th style="width:46mm">Who, when</th></tr></thead><tbody>{rows}</tbody></table>'
        + "<h2>Moments to bring to the debrief</h2>"
        + '<table class="moments"><thead><tr><th style="width:18mm">Time</th>'
        f'<th style="width:38mm">Who</th><th>What happened, what was said</th></tr></thead>'
        f"<tbody>{moments}</tbody></table>"
        + _footer(text)
    )


def debrief(text: GameText) -> str:
    """The debrief canvas: What? So what? Now what?, an actions table and 1-2-4-All.

    >>> [word in debrief(game_text("exploding")) for word in ("What?", "So what?", "Now what?")]
    [True, True, True]
    """
    what, so_what, now_what = text.debrief
    panels = "".join(
        f'<section class="panel"><h2>{esc(title)}</h2><p class="small">{esc(hint)} '
        f"<i>{esc(prompt)}</i></p>{BLANK * lines}</section>"
        for title, hint, prompt, lines in (
            ("What?", "What happened? Facts, numbers, moments.", what, 4),
            ("So what?", "Why did it happen, and why does it matter to us?", so_what, 4),
            ("Now what?", "What will we try, starting when?", now_what, 3),
        )
    )
    actions = "<tr><td></td><td></td><td></td></tr>" * ACTION_ROWS
    return (
        header("Debrief canvas", text.title, [text.seat.capitalize(), "Date"])
        + '<p class="reminder"><b>1-2-4-All</b>, for each box in turn: <b>1</b> minute alone, '
        "writing your own thoughts; <b>2</b> minutes in pairs, building on both; <b>4</b> "
        "minutes in fours, keeping what stands out; then <b>All</b>: each group gives the room "
        "one idea, and it goes in the box.</p>"
        + f'<div class="canvas">{panels}</div>'
        + "<h2>Actions</h2>"
        + '<table class="actions"><thead><tr><th>Action</th><th style="width:40mm">Owner</th>'
        f'<th style="width:30mm">Due date</th></tr></thead><tbody>{actions}</tbody></table>'
        + _footer(text)
    )


def glossary(text: GameText) -> str:
    """Every card of the game by kind, with its figures and its one-line meaning.

    >>> "Peek into the Future" in glossary(game_text("exploding"))
    True
    """
    parts = [header("Card glossary", text.title)]
    rows = glossary_rows(text.game)
    parts.append(f"<p class=\"small\">Every card of {esc(text.title)} ({len(rows)} names), "
                 "by what it stands for at work, A to Z within each group.</p>")
    for kind, members in grouped(rows):
        body = "".join(_glossary_row(row) for row in members)
        parts.append(
            f"<h2>{esc(KIND_HEADINGS[kind])} ({len(members)})</h2>"
            f'<div class="entries">{body}</div>'
        )
    parts.append(_footer(text, "Meanings are our reading of each card, for the debrief."))
    return f'<div class="glossary">{"".join(parts)}</div>'


def _glossary_row(row: GlossaryRow) -> str:
    """One card: name, copies and figures; then its meaning (a ruled line when it has none)."""
    copies = f" (x{row.copies})" if row.copies > 1 else ""
    figures = f' <span class="figures">{esc(row.figures)}</span>' if row.figures else ""
    line = esc(row.line) if row.line else '<span class="line"></span>'
    does = f'<span class="does">{esc(row.does)}</span>' if row.does else ""
    return (f'<div class="entry"><span class="name">{esc(row.name)}</span>{copies}{figures}'
            f'<span class="meaning">{line}</span>{does}</div>')
