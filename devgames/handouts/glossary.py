"""The rows of a game's card glossary: every card name once, its figures, and its meaning.

Figures come from each game's card table (``SPEC.glossary``); the kind and the one-line meaning from
:func:`devgames.core.meanings.meanings`. A card without a meaning yet (or a game whose
``meanings.csv`` has not been written) gets an empty kind and line: nothing is made up here.

>>> rows = glossary_rows("exploding")
>>> len(rows), rows[0].name, rows[0].kind
(13, 'Exploding Git Commit', 'harm')
>>> next(row.figures for row in glossary_rows("scrumkin") if row.name == "Fairy dust")
'+3 +2 +1 -2 for ever'
"""

from dataclasses import dataclass

from devgames import game_spec
from devgames.core.meanings import KINDS, Meaning, meanings
from devgames.core.spec import resolve
from devgames.i18n import N_, _

#: How each kind is headed in the glossary, in :data:`KINDS` order, then cards of no kind yet
#: (marked: the glossary says ``_(KIND_HEADINGS[kind])``).
KIND_HEADINGS: dict[str, str] = {
    "investment": N_("Investments: cost now, pay later"),
    "shortcut": N_("Shortcuts: pay now, cost later"),
    "help": N_("Help: good for whoever gets it"),
    "harm": N_("Harm: bad for whoever gets it"),
    "": N_("Meaning still to come"),
}


@dataclass(frozen=True)
class GlossaryRow:
    """One card name: its copies, figures, what it does (when the card table says), meaning."""

    name: str
    copies: int
    figures: str
    does: str
    kind: str  # one of KINDS, or "" without a meaning
    line: str  # "" without a meaning


def card_meanings(game: str) -> dict[str, Meaning]:
    """The meanings of ``game``'s cards; empty while its ``meanings.csv`` does not exist yet.

    >>> card_meanings("exploding")["Nope"].kind
    'help'
    """
    try:
        return meanings(game)
    except FileNotFoundError:
        return {}


def glossary_rows(game: str) -> list[GlossaryRow]:
    """Every card name of ``game`` once, in card-table order, with the meanings of the language
    in use (read at each call).

    >>> [row.copies for row in glossary_rows("itstartup")][:3]
    [2, 2, 1]
    """
    known = card_meanings(game)
    rows = []
    for name, copies, figures, does in _cards(game):
        meaning = known.get(name)
        kind, line = (meaning.kind, meaning.line) if meaning else ("", "")
        rows.append(GlossaryRow(name, copies, figures, does, kind, line))
    return rows


def grouped(rows: list[GlossaryRow]) -> list[tuple[str, list[GlossaryRow]]]:
    """The rows by kind (in :data:`KIND_HEADINGS` order, empty kinds left out), each group
    sorted by name.

    >>> [kind for kind, members in grouped(glossary_rows("exploding"))]
    ['investment', 'shortcut', 'help', 'harm']
    """
    order = [*KINDS, ""]
    groups = []
    for kind in order:
        members = sorted((r for r in rows if r.kind == kind), key=lambda r: r.name.casefold())
        if members:
            groups.append((kind, members))
    return groups


def _cards(game: str) -> list[tuple[str, int, str, str]]:
    """(name, copies, figures, what it does) for each card name of ``game`` (its
    ``SPEC.glossary``)."""
    spec = game_spec(game)
    if not spec.glossary:
        raise ValueError(_("The glossary knows no game {game}.").format(game=repr(game)))
    return resolve(spec.glossary)()
