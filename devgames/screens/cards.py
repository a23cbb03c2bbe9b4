"""Cards as HTML, for the projector's table and the teams' devices alike: a card's name (in two
languages when its game gives a second, ``SPEC.card_names``), what it stands for (its kind and
line from :mod:`devgames.core.meanings`), a team's hand, and the cards a move chooses among. Plain
Python and text: the widgets that show them are in :mod:`devgames.dashboards.components`.

Every text a user typed (team names, card names) is escaped here before it becomes HTML.

>>> print(hand_html("<Red>", [{"card": "Flu", "figures": "-2 -1"}]))
<h3>&lt;Red&gt;'s hand</h3><div class="dg-hand"><span class="dg-hand-card">Flu (-2 -1)</span></div>
"""

from collections.abc import Sequence
from html import escape
from typing import Any

from devgames import GAMES, game_spec
from devgames.core.actions import Action, given
from devgames.core.meanings import KIND_WORDS, Meaning, meaning_of
from devgames.core.wording import describe_item
from devgames.i18n import _


def html(text: Any) -> str:
    """Any value as HTML text, escaped.

    >>> html("<b>Red</b> & co")
    '&lt;b&gt;Red&lt;/b&gt; &amp; co'
    """
    return escape(str(text), quote=True)


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


def meaning_text(meaning: Meaning) -> str:
    """A meaning as one plain line: its kind, then what the card stands for.

    >>> meaning_text(Meaning("harm", "A bug."))
    'harm: A bug.'
    >>> from devgames.i18n import speaking
    >>> with speaking("ru"):
    ...     meaning_text(Meaning("harm", "Баг."))
    'вред: Баг.'
    """
    return f"{_(KIND_WORDS[meaning.kind])}: {meaning.line}"


def card_html(name: Any, game: str | None) -> str:
    """A card's name as HTML, escaped: with a meaning in ``game``, it shows that meaning on hover
    (``title``) and, focused by a tap or the keyboard, in a bubble under it (``data-meaning``).

    >>> print(card_html("Flu", "scrumkin").replace('" ', '"\\n'))  # doctest: +ELLIPSIS
    <span class="dg-meant game-text"
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
    return (f'<span class="dg-meant game-text" tabindex="0" title="{text}" '
            f'data-meaning="{text}">'
            f"{shown}</span>")


#: The style of :func:`names_html`, shared by the projector's theme and the audience page: the
#: English name first and the Russian one in brackets, the other way round inside an element of
#: class ``dg-lang-ru`` (the app's root, or the audience page's ``<html>``).
NAMES_STYLE = """
.dg-names { display: inline-flex; flex-wrap: wrap; column-gap: .35em; align-items: baseline; }
.dg-names > :last-child, .dg-lang-ru .dg-names .dg-name-en { font-weight: 400;
  color: var(--dg-muted); }
.dg-names > :last-child::before, .dg-lang-ru .dg-names .dg-name-en::before { content: "("; }
.dg-names > :last-child::after, .dg-lang-ru .dg-names .dg-name-en::after { content: ")"; }
.dg-lang-ru .dg-names .dg-name-ru { order: -1; font-weight: inherit; color: inherit; }
.dg-lang-ru .dg-names .dg-name-en { order: 1; }
.dg-lang-ru .dg-names .dg-name-ru::before, .dg-lang-ru .dg-names .dg-name-ru::after {
  content: none; }
"""


def names_html(name: Any, russian: str | None) -> str:
    """A card's name, with its Russian name beside it when it has one: the app's language
    switch (class ``dg-lang-ru``) puts the Russian one first, laid out by :data:`NAMES_STYLE`.

    >>> names_html("Flu", None), names_html("<b>", "Кофе")
    ('Flu', '<span class="dg-names game-text"><span class="dg-name-en">&lt;b&gt;</span><span \
class="dg-name-ru" lang="ru">Кофе</span></span>')
    """
    if not russian:
        return html(name)
    return (f'<span class="dg-names game-text"><span class="dg-name-en">{html(name)}</span>'
            f'<span class="dg-name-ru" lang="ru">{html(russian)}</span></span>')


def other_name(game: str | None, name: Any, language: str = "ru") -> str | None:
    """The name in ``language`` of the card called ``name`` in ``game`` (its spec's
    ``card_names``), or None when it has none.

    >>> other_name("reliz", "Coffee Machine"), other_name("scrumkin", "Flu"), other_name(None, 1)
    ('Кофемашина', None, None)
    """
    if game is None or game not in GAMES or not isinstance(name, str):
        return None
    return game_spec(game).card_names.get(language, {}).get(name)


def name_key(item: dict[str, Any]) -> str | None:
    """The key of an entry of a list of cards that holds its name.

    >>> name_key({"id": 3, "card": "Flu"}), name_key({"title": "Zone A"}), name_key({"id": 3})
    ('card', 'title', None)
    """
    return next((key for key in ("card", "name", "title") if key in item), None)


def hand_html(owner: str, hand: Sequence[Any], secrets: Sequence[str] = (),
              game: str | None = None, with_cards: bool = True) -> str:
    """A hand of cards as HTML, one box per card, then what only its owner knows besides.

    >>> hand_html("Red", [{"id": 3, "card": "Flu", "figures": "-2 -1"}])[-51:]
    '<span class="dg-hand-card">Flu (-2 -1)</span></div>'
    >>> hand_html("Ada", [], ["You know the draw stack: Nope on top."])[-74:]
    '<ul class="dg-secrets"><li>You know the draw stack: Nope on top.</li></ul>'

    Given its ``game``, each box shows the card's name in bold, its figures, a badge of its kind
    and, under them, what the card stands for (see :func:`hand_card_html`):

    >>> box = hand_html("Red", [{"id": 28, "card": "Architecture Change", "figures": "-3"}],
    ...                 game="scrumkin")
    >>> '<div class="dg-hand dg-hand-meant">' in box, "Architecture Change</b> (-3)" in box
    (True, True)
    >>> 'dg-card-kind-investment">investment</span>' in box, "Reworking the system" in box
    (True, True)

    Without its cards (``with_cards=False``: the moves show them, card by card), only the
    heading and the secrets:

    >>> print(hand_html("Red", [], ["A secret."], with_cards=False))
    <h3>Red's hand and moves</h3><ul class="dg-secrets"><li>A secret.</li></ul>
    """
    if game is None:
        cards = "".join(f'<span class="dg-hand-card">{html(describe_item(c))}</span>'
                        for c in hand)
        classes = "dg-hand"
    else:
        cards = "".join(hand_card_html(card, game) for card in hand)
        classes = "dg-hand dg-hand-meant"
    known = "".join(f"<li>{html(line)}</li>" for line in secrets)
    secret = f'<ul class="dg-secrets">{known}</ul>' if known else ""
    if not with_cards:
        heading = escape(_("{team}'s hand and moves"), quote=False).format(team=html(owner))
        return "<h3>" + heading + "</h3>" + secret
    heading = escape(_("{team}'s hand"), quote=False).format(team=html(owner))
    return (f'<h3>{heading}</h3><div class="{classes}">{cards or html(_("(no cards)"))}</div>'
            + secret)


def hand_card_html(item: Any, game: str | None) -> str:
    """One card of a hand: its name in bold, its figures, a badge of its kind, and its meaning in
    a smaller line under them; a card with no meaning shows only its name and figures.

    >>> box = hand_card_html({"id": 97, "card": "Bug-topus", "figures": "1 bug"}, "scrumkin")
    >>> print(box.replace("><", ">\\n<"))  # doctest: +ELLIPSIS
    <span class="dg-hand-card dg-card-harm">
    <span class="dg-hand-top">
    <b class="game-text">Bug-topus</b> (1 bug) <span class="dg-card-kind ...">harm</span>
    </span>
    <span class="dg-meaning game-text">A bug with arms in several modules: ...</span>
    </span>
    >>> hand_card_html({"card": "<Joker>", "figures": "+9"}, "scrumkin")
    '<span class="dg-hand-card"><span class="dg-hand-top"><b class="game-text">&lt;Joker&gt;</b> \
(+9)</span></span>'
    """
    text = describe_item(item)
    key = name_key(item) if isinstance(item, dict) else None
    name = str(item[key]) if key else text
    figures = text[len(name):] if text.startswith(name) else ""
    meaning = card_meaning(game, name)
    if meaning is None:
        return (f'<span class="dg-hand-card"><span class="dg-hand-top">'
                f'<b class="game-text">{html(name)}</b>{html(figures)}</span></span>')
    kind, word = html(meaning.kind), html(_(KIND_WORDS[meaning.kind]))
    return (f'<span class="dg-hand-card dg-card-{kind}"><span class="dg-hand-top">'
            f'<b class="game-text">{html(name)}</b>{html(figures)} '
            f'<span class="dg-card-kind dg-card-kind-{kind}">{word}</span></span>'
            f'<span class="dg-meaning game-text">{html(meaning.line)}</span></span>')


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
