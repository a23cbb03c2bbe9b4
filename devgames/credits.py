"""Who made the games devgames plays, where they come from, and what their licences allow.

The same facts as ``CREDITS.md`` at the root, as data, for the app's about box: each game's
credit is part of its spec (:class:`~devgames.core.spec.GameSpec`).

>>> [credit.game for credit in GAME_CREDITS][:3]
['Scrumkin', 'IT Startup', 'Exploding Git Commits']
>>> credit_for("scrumkin").licence
'CC BY-NC-SA 4.0'
"""

from html import escape

from devgames import game_spec, game_specs
from devgames.core.spec import Credit
from devgames.i18n import N_, _

#: Every registered game's credit (each from its spec), in the order of ``devgames.GAMES``.
GAME_CREDITS: tuple[Credit, ...] = tuple(spec.credit for spec in game_specs())

#: devgames itself.
CODE_CREDIT = Credit(
    game="devgames",
    authors=N_("the devgames developers"),
    source="this repository: engines, bots, app, notebooks, guides",
    link="LICENSE",
    licence="MIT",
    allows=N_("any use, commercial too, keeping the copyright and licence notice"),
)

#: Every credit the about box shows: the games, then our code.
CREDITS: tuple[Credit, ...] = (*GAME_CREDITS, CODE_CREDIT)


def credit_for(game: str) -> Credit:
    """The credit of the game called ``game`` on the command line (KeyError if none).

    >>> credit_for("itstartup").authors
    'Mateusz Kupilas'
    """
    try:
        return game_spec(game).credit
    except ValueError:
        raise KeyError(game) from None


def credits_html() -> str:
    """The credits as a short HTML list for the about box, every text escaped.

    >>> html = credits_html()
    >>> html.startswith("<ul class='dg-credits'>"), html.count("<li") == len(CREDITS)
    (True, True)
    >>> "<b class='game-text'>Scrumkin</b> by @timothep: CC BY-NC-SA 4.0" in html
    True
    """
    # Another package's game brings its own words; the kit's are in its catalogue.
    theirs = {spec.credit.game for spec in game_specs()
              if spec.module.split(".")[0] != "devgames"}
    items = []
    for credit in CREDITS:
        name = f"<b class='game-text'>{escape(credit.game)}</b>"
        if credit.link.startswith("https://"):
            name = (f"<a href='{escape(credit.link, quote=True)}' target='_blank' "
                    f"rel='noopener'>{name}</a>")
        if credit.game in theirs:
            items.append(f"<li class='game-text'>{name} by {escape(credit.authors)}: "
                         f"{escape(credit.licence)} <span class='dg-muted'>"
                         f"({escape(credit.allows)})</span></li>")
            continue
        by = escape(_("{game} by {authors}:")).format(game=name,
                                                      authors=escape(_(credit.authors)))
        items.append(f"<li>{by} {escape(_(credit.licence))} "
                     f"<span class='dg-muted'>({escape(_(credit.allows))})</span></li>")
    return "<ul class='dg-credits'>" + "".join(items) + "</ul>"
