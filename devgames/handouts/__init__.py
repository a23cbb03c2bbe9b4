"""Printable handouts for a session, generated from the card tables, the card meanings and the
engine's options, so that they never drift from the game the app plays.

Each handout is one self-contained HTML page (inline CSS, no external assets) that the browser
prints on A4 or Letter: the rules on one page for each team, a turn aid, an observer sheet, a
debrief canvas and the card glossary. Every text is in the language in use
(:func:`devgames.i18n.language`, also the page's ``lang``); the card names stay as printed.

>>> html = handout_html("scrumkin", "rules", paper="letter")
>>> "@page { size: letter" in html, "Scrumkin" in html
(True, True)
>>> [name for name, html in handout_files("exploding")][:2]
['exploding-rules-a4.html', 'exploding-turn-aid-a4.html']
>>> from devgames.i18n import speaking
>>> with speaking("ru"):
...     '<html lang="ru">' in handout_html("exploding", "rules")
True
"""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devgames import GAMES, SpecTable
from devgames.handouts import sheets
from devgames.handouts.content import GameText, game_text
from devgames.handouts.page import PAPERS, document
from devgames.handouts.pdf import print_pdf
from devgames.i18n import N_, _, language


@dataclass(frozen=True)
class Handout:
    """One kind of handout: its title, what it is for, how many copies, and its page budget
    (the texts in English, marked: ``_(handout.title)`` says them in the language in use)."""

    kind: str
    title: str
    purpose: str
    copies: str
    pages: int  # the most pages it may print on, for every game but where GLOSSARY_PAGES says
    render: Callable[[GameText], str]


#: Every handout, in the order a session uses them.
HANDOUTS: dict[str, Handout] = {h.kind: h for h in (
    Handout("rules", N_("Rules on one page"),
            N_("the goal, set-up, turn and end, for the players"),
            N_("one per team"), 1, sheets.rules),
    Handout("turn-aid", N_("Turn aid"),
            N_("the steps of a turn and what each type of card does"),
            N_("one per table"), 1, sheets.turn_aid),
    Handout("observer", N_("Observer sheet"),
            N_("behaviours to tick, with who and when, for the debrief"),
            N_("one per observer"), 1, sheets.observer),
    Handout("debrief", N_("Debrief canvas"),
            N_("What? So what? Now what?, actions with owner and date"),
            N_("one per team, or one large for the room"), 1, sheets.debrief),
    Handout("glossary", N_("Card glossary"),
            N_("every card with its figures and what it stands for"),
            N_("one per table"), 1, sheets.glossary),
)}

#: The glossary's page budget per game, from its spec (every other handout fits on one page).
GLOSSARY_PAGES: SpecTable[int] = SpecTable(lambda spec: spec.glossary_pages)


def page_budget(game: str, kind: str) -> int:
    """The most pages the handout ``kind`` of ``game`` may print on (A4 or Letter).

    >>> page_budget("scrumkin", "glossary"), page_budget("scrumkin", "rules")
    (4, 1)
    """
    if kind == "glossary":
        return GLOSSARY_PAGES.get(game, HANDOUTS[kind].pages)
    return HANDOUTS[kind].pages


def handout_html(game: str, kind: str, paper: str = "a4", **options: Any) -> str:
    """The handout ``kind`` of ``game`` as a complete HTML document for ``paper``.

    ``options`` are the game's options (as for ``new_game``); the rules then say what this
    game will be played with.

    >>> "32 project points" in handout_html("itstartup", "rules", goal=32)
    True
    >>> handout_html("scrumkin", "poster")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Unknown handout 'poster'; the handouts are: rules, turn-aid, observer, ...
    """
    if game not in GAMES:
        raise ValueError(_("Unknown game {game}; the games are: {games}.").format(
            game=repr(game), games=", ".join(sorted(GAMES))))
    if kind not in HANDOUTS:
        raise ValueError(_("Unknown handout {kind}; the handouts are: {kinds}.").format(
            kind=repr(kind), kinds=", ".join(HANDOUTS)))
    if paper not in PAPERS:
        raise ValueError(_("Unknown paper {paper}; the papers are: {papers}.").format(
            paper=repr(paper), papers=", ".join(PAPERS)))
    text = game_text(game, **options)
    handout = HANDOUTS[kind]
    title = _(handout.title)
    return document(f"{text.title}: {title}", handout.render(text), paper, language())


def handout_name(game: str, kind: str, paper: str = "a4") -> str:
    """The file name of a handout.

    >>> handout_name("scrumkin", "turn-aid", "letter")
    'scrumkin-turn-aid-letter.html'
    """
    return f"{game}-{kind}-{paper}.html"


def handout_files(game: str, paper: str = "a4", **options: Any) -> list[tuple[str, str]]:
    """Every handout of ``game`` as (file name, HTML) pairs, ready to offer as downloads.

    >>> len(handout_files("itstartup", "letter"))
    5
    """
    return [
        (handout_name(game, kind, paper), handout_html(game, kind, paper, **options))
        for kind in HANDOUTS
    ]


def write_handouts(game: str, folder: str | Path, paper: str = "a4",
                   **options: Any) -> list[Path]:
    """Write every handout of ``game`` into ``folder`` (made if need be); return the paths.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     [path.name for path in write_handouts("exploding", folder, "letter")][-1]
    'exploding-glossary-letter.html'
    """
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, html in handout_files(game, paper, **options):
        path = out / name
        path.write_text(html, encoding="utf-8")
        paths.append(path)
    return paths


__all__ = ["GLOSSARY_PAGES", "HANDOUTS", "PAPERS", "Handout", "handout_files", "handout_html",
           "handout_name", "page_budget", "print_pdf", "write_handouts"]
