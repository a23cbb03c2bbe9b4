"""Who made the games devgames plays, where they come from, and what their licences allow.

The same facts as ``CREDITS.md`` at the root, as data, for the app's about box.

>>> [credit.game for credit in GAME_CREDITS]
['Scrumkin', 'IT Startup', 'Exploding Git Commits']
>>> credit_for("scrumkin").licence
'CC BY-NC-SA 4.0'
"""

from dataclasses import dataclass
from html import escape

from devgames.core.wording import game_title


@dataclass(frozen=True)
class Credit:
    """One game (or our code): its authors, where it comes from, its licence, what that allows."""

    game: str
    authors: str
    source: str
    link: str
    licence: str
    allows: str


#: The games the app plays, in the order of ``devgames.GAMES``.
GAME_CREDITS: tuple[Credit, ...] = (
    Credit(
        game="Scrumkin",
        authors="@timothep",
        source="the Scrumkin rulebook and card data, version 0.1 (2017); "
               "contact info@scrumkingame.info",
        link="",
        licence="CC BY-NC-SA 4.0",
        allows="non-commercial use only; credit the author; share changes under the same licence",
    ),
    Credit(
        game="IT Startup",
        authors="Mateusz Kupilas",
        source="IT Startup – The Card Game, English rulebook and print-and-play beta v1 cards",
        link="https://playitstartup.com/beta-cards-v1.pdf",
        licence="no licence stated (all rights reserved)",
        allows="the author offers the beta cards to print and play; other uses need his consent",
    ),
    Credit(
        game="Exploding Git Commits",
        authors="authors not named in its rulebook (a take on Exploding Kittens "
                "by Elan Lee, Matthew Inman and Shane Small)",
        source="the Exploding Git Commits rulebook",
        link="",
        licence="no licence stated (all rights reserved)",
        allows="nothing beyond playing the game; its text and art stay their authors'",
    ),
)

#: devgames itself.
CODE_CREDIT = Credit(
    game="devgames",
    authors="the devgames developers",
    source="this repository: engines, bots, app, notebooks, guides",
    link="LICENSE",
    licence="MIT",
    allows="any use, commercial too, keeping the copyright and licence notice",
)

#: Every credit the about box shows: the games, then our code.
CREDITS: tuple[Credit, ...] = (*GAME_CREDITS, CODE_CREDIT)


def credit_for(game: str) -> Credit:
    """The credit of the game called ``game`` on the command line (KeyError if none).

    >>> credit_for("itstartup").authors
    'Mateusz Kupilas'
    """
    title = game_title(game)
    for credit in GAME_CREDITS:
        if credit.game == title:
            return credit
    raise KeyError(game)


def credits_html() -> str:
    """The credits as a short HTML list for the about box, every text escaped.

    >>> html = credits_html()
    >>> html.startswith("<ul class='dg-credits'>"), html.count("<li>") == len(CREDITS)
    (True, True)
    >>> "<b>Scrumkin</b> by @timothep: CC BY-NC-SA 4.0" in html
    True
    """
    items = []
    for credit in CREDITS:
        name = f"<b>{escape(credit.game)}</b>"
        if credit.link.startswith("https://"):
            name = (f"<a href='{escape(credit.link, quote=True)}' target='_blank' "
                    f"rel='noopener'>{name}</a>")
        items.append(f"<li>{name} by {escape(credit.authors)}: {escape(credit.licence)} "
                     f"<span class='dg-muted'>({escape(credit.allows)})</span></li>")
    return "<ul class='dg-credits'>" + "".join(items) + "</ul>"
