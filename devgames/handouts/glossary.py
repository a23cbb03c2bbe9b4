"""The rows of a game's card glossary: every card name once, its figures, and its meaning.

Figures come from each game's card table; the kind and the one-line meaning from
:func:`devgames.core.meanings.meanings`. A card without a meaning yet (or a game whose
``meanings.csv`` has not been written) gets an empty kind and line: nothing is made up here.

>>> rows = glossary_rows("exploding")
>>> len(rows), rows[0].name, rows[0].kind
(13, 'Exploding Git Commit', 'harm')
>>> next(row.figures for row in glossary_rows("scrumkin") if row.name == "Fairy dust")
'+3 +2 +1 -2 for ever'
"""

import re
from collections import Counter
from dataclasses import dataclass

from devgames.core.meanings import KINDS, Meaning, meanings
from devgames.exploding.cards import CARDS as EXPLODING
from devgames.itstartup.cards import CARD_BY_KEY
from devgames.itstartup.cards import CARDS as ITSTARTUP
from devgames.itstartup.cards import Card as ItStartupCard
from devgames.scrumkin.cards import CARDS as SCRUMKIN

#: How each kind is headed in the glossary, in :data:`KINDS` order, then cards of no kind yet.
KIND_HEADINGS: dict[str, str] = {
    "investment": "Investments: cost now, pay later",
    "shortcut": "Shortcuts: pay now, cost later",
    "help": "Help: good for whoever gets it",
    "harm": "Harm: bad for whoever gets it",
    "": "Meaning still to come",
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
    """Every card name of ``game`` once, in card-table order.

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

    >>> [kind for kind, _ in grouped(glossary_rows("exploding"))]
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
    """(name, copies, figures, what it does) for each card name of ``game``."""
    if game == "scrumkin":
        copies = Counter(card.name for card in SCRUMKIN.values())
        seen: dict[str, tuple[str, int, str, str]] = {}
        for card in SCRUMKIN.values():
            if card.name not in seen:
                shield = ", shield" if card.defensive else ""
                seen[card.name] = (card.name, copies[card.name], card.label() + shield, "")
        return list(seen.values())
    if game == "itstartup":
        copies = Counter(card.key for card in ITSTARTUP.values())
        does = itstartup_abilities()
        return [
            (card.name, copies[key], _itstartup_figures(card), does.get(card.name, ""))
            for key, card in CARD_BY_KEY.items()
        ]
    if game == "exploding":
        return [(card.name, card.count, "", card.does) for card in EXPLODING.values()]
    raise ValueError(f"The glossary knows no game {game!r}.")


def _itstartup_figures(card: ItStartupCard) -> str:
    """The card's type and numbers: "developer, cost 2, efficiency 2"."""
    parts = [{"coach": "coach", "hr": "HR"}.get(card.kind, card.kind), f"cost {card.cost}"]
    if card.kind == "developer":
        parts.append(f"efficiency {card.power}")
    elif card.kind == "knowledge":
        parts.append(f"+{card.power} efficiency")
    if card.shield:
        parts.append(f"resistance {card.shield}")
    return ", ".join(parts)


_ABILITY = re.compile(r"^- (?P<name>[^:]+): (?P<does>.*)$")


def itstartup_abilities() -> dict[str, str]:
    """What each IT Startup card does on play, from the list atop ``abilities.py``.

    >>> itstartup_abilities()["Investor"]
    'Gain 2 resources.'
    """
    from devgames.itstartup import abilities

    found: dict[str, str] = {}
    name = ""
    for raw in (abilities.__doc__ or "").splitlines():
        match = _ABILITY.match(raw)
        if match:
            name = match["name"]
            found[name] = match["does"]
        elif name and raw.startswith("  ") and raw.strip():
            found[name] += " " + raw.strip()
        else:
            name = ""
    return {key: _sentence(value) for key, value in found.items()}


def _sentence(text: str) -> str:
    text = re.sub(r"\s*\([^()]*``[^()]*\)", "", text)  # asides naming options are for coders
    text = text.replace("``", "")
    return text[:1].upper() + text[1:]
