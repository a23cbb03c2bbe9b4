"""The Release! cards, read from our own table ``cards.csv`` beside this module, and the small
vocabulary their effects are written in.

A card id names one card of a deck; with two decks combined, the two copies of a card share an
id. The play deck has 36 cards (3 suits x ranks 2 to 13), twelve of them face cards with an
ability; the Tools & Methods deck has 18 scoring cards.

>>> CARDS[10].name, CARDS[10].figures, CARDS[10].ability.effect
('Kent Beck', '11 of Doors', 'swap_artifacts')
>>> len(BASE.play_ids), len(BASE.method_ids)
(36, 18)
>>> BASE.methods[43].rule
'+1 per card rank 10-13; -1 per card rank 2-9'

**Abilities** (the ``effect`` of a play card): a trigger, then an effect.

- ``on_commit score N [if_last]``: the player who commits it scores N at once (only in the last
  iteration of a release with ``if_last``); ``on_commit swap_artifacts``: the player may swap a
  card of their artifacts with a random card of another player's artifacts;
- ``end_of_iteration winner_scores N``: the winner of the iteration scores N at once;
  ``end_of_iteration pass left|right``: every player passes one card of their hand that way;
- ``after_winning reveal_swap`` (held in hand by the winner) and ``after_other_wins reveal_swap``
  (held in hand by another player): the holder may reveal it and swap it with a card committed
  to that iteration;
- ``after_losing score N``: committed to an iteration its player did not win: N at once;
- ``during_scoring double``: in the artifacts of a player or team, their Tools & Methods points
  count twice;
- ``rank previous_plus X led Y`` and ``rank fixed X led Y``: during iterations only, the card
  ranks X above the card committed just before it (or X), and Y when it is led.

**Scoring rules** (the ``effect`` of a Tools & Methods card): terms separated by ``;``, each
``<points> per <unit> [of <Suit>] [rank <low>[-<high>]]``, where the unit is ``card``,
``straight a-b-c`` (that run of ranks), ``longest_straight_card`` (each card of the longest
run), ``kind N`` (each N-of-a-kind), ``unmatched_rank`` or ``iteration_won``. The terms are
counted in order and a card counts in one term only.
"""

import csv
import re
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path

from devgames.core.errors import SetupError
from devgames.i18n import N_, _

CARDS_FILE = Path(__file__).with_name("cards.csv")
SUITS = ("Doors", "Fruits", "Birds")
COLUMNS = ("id", "deck", "name", "suit", "rank", "person", "effect", "reconstructed", "does")
#: What a ``reconstructed`` cell may name.
#: ``sign``: the sign of the card's number is our reading (the ``jez_humble`` option has the
#: other one).
RECONSTRUCTED = ("person", "suit", "rank", "ability", "name", "rule", "card", "sign")
TRIGGERS = ("on_commit", "end_of_iteration", "after_winning", "after_other_wins",
            "after_losing", "during_scoring", "rank")
UNITS = ("card", "straight", "longest_straight_card", "kind", "unmatched_rank", "iteration_won")
MIN_RANK, MAX_RANK = 1, 20


class DeckFileError(SetupError):
    """A deck file that cannot be used: the message names the line and the problem.

    >>> str(DeckFileError(7, "the rank 'x' is not a whole number"))
    "Deck file, line 7: the rank 'x' is not a whole number."
    """

    def __init__(self, line: int, problem: str) -> None:
        where = f"Deck file, line {line}: " if line else "Deck file: "
        super().__init__(where + problem.rstrip(".") + ".")
        self.line = line


@dataclass(frozen=True)
class Ability:
    """A face card's ability: when it triggers (``trigger``), what it does (``effect``), its
    number (``value``: points, or a rank), and the details of some effects."""

    trigger: str
    effect: str
    value: float = 0
    if_last: bool = False
    direction: int = 0  # pass: +1 to the left (clockwise), -1 to the right
    led: float = 0  # rank effects: the rank when led


@dataclass(frozen=True)
class PlayCard:
    """One card of the play deck."""

    id: int
    name: str
    suit: int
    rank: int
    person: str
    ability: Ability | None
    effect: str
    reconstructed: tuple[str, ...]
    does: str

    @property
    def suit_name(self) -> str:
        """The suit in words."""
        return SUITS[self.suit]

    @property
    def figures(self) -> str:
        """Rank and suit: "11 of Doors"."""
        return f"{self.rank} of {SUITS[self.suit]}"

    @property
    def label(self) -> str:
        """The card as moves and sentences name it: "Kent Beck (11 of Doors)", "7 of Birds"."""
        return f"{self.name} ({self.figures})" if self.person else self.name


@dataclass(frozen=True)
class Term:
    """One term of a scoring rule: ``points`` per ``unit`` among the cards that match."""

    points: int
    unit: str
    suit: int | None = None
    low: int = MIN_RANK
    high: int = MAX_RANK
    sequence: tuple[int, ...] = ()
    n: int = 0

    def matches(self, card: PlayCard) -> bool:
        """True if ``card`` is of the term's suit and rank band."""
        return (self.suit is None or card.suit == self.suit) and self.low <= card.rank <= self.high

    @property
    def sentence(self) -> str:
        """The term as the printed cards say it, for the table and the handouts.

        >>> [t.sentence for t in parse_rule("+1 per card of Birds rank 2-9; -2 per card rank 13"
        ...                                 "; +1 per straight 4-5-6; +3 per kind 3")]
        ['+1 for each 2 to 9 of Birds', '-2 for each 13', '+1 for each 4-5-6 run', \
'+3 for each three of a kind']
        >>> [t.sentence for t in parse_rule("-1 per unmatched_rank; +1 per iteration_won; "
        ...                                 "+1 per longest_straight_card; +2 per kind 2")]
        ['-1 for each rank held only once', '+1 for each iteration won', \
'+1 for each card of the longest run of ranks', '+2 for each pair']
        """
        points = f"{self.points:+d}"
        if self.unit == "straight":
            return _("{points} for each {run} run").format(points=points,
                                                           run="-".join(map(str, self.sequence)))
        if self.unit == "kind":
            kind = _KINDS.get(self.n)
            if kind is None:
                return _("{points} for each {n} of a kind").format(points=points, n=self.n)
            return _(kind).format(points=points)
        if self.unit in _UNIT_SENTENCES:
            return _(_UNIT_SENTENCES[self.unit]).format(points=points)
        ranks = ("" if (self.low, self.high) == (MIN_RANK, MAX_RANK)
                 else f"{self.low}" if self.low == self.high
                 else _("{low} to {high}").format(low=self.low, high=self.high))
        suit = SUITS[self.suit] if self.suit is not None else ""
        if ranks and suit:
            return _("{points} for each {ranks} of {suit}").format(points=points, ranks=ranks,
                                                                   suit=suit)
        if suit:
            return _("{points} for each {suit}").format(points=points, suit=suit.removesuffix("s"))
        if ranks:
            return _("{points} for each {ranks}").format(points=points, ranks=ranks)
        return _("{points} for each card").format(points=points)


#: A scoring term's words by the size of its "of a kind" (pairs and threes).
_KINDS = {2: N_("{points} for each pair"), 3: N_("{points} for each three of a kind"),
          4: N_("{points} for each four of a kind")}
#: A scoring term's words by its unit, for the units that need no more.
_UNIT_SENTENCES = {
    "unmatched_rank": N_("{points} for each rank held only once"),
    "iteration_won": N_("{points} for each iteration won"),
    "longest_straight_card": N_("{points} for each card of the longest run of ranks"),
}


@dataclass(frozen=True)
class Method:
    """One Tools & Methods card: its scoring rule (``rule``, parsed into ``terms``)."""

    id: int
    name: str
    rule: str
    terms: tuple[Term, ...]
    reconstructed: tuple[str, ...]
    does: str

    @property
    def label(self) -> str:
        """The card as sentences name it."""
        return self.name

    @property
    def sentence(self) -> str:
        """The scoring rule as the printed cards say it.

        >>> BASE.methods[45].sentence
        '+1 for each 4-5-6 run; -2 for each 13'
        """
        return "; ".join(term.sentence for term in self.terms)


@dataclass(frozen=True)
class Deck:
    """A whole set of cards: the play deck and the Tools & Methods deck, by id."""

    cards: dict[int, PlayCard]
    methods: dict[int, Method]
    source: str = "cards.csv"

    @property
    def play_ids(self) -> tuple[int, ...]:
        """Every play card id, in card order."""
        return tuple(sorted(self.cards))

    @property
    def method_ids(self) -> tuple[int, ...]:
        """Every Tools & Methods card id, in card order."""
        return tuple(sorted(self.methods))


def parse_ability(text: str) -> Ability | None:
    """A play card's ability from its words (None for a card without one); ValueError with the
    problem otherwise.

    >>> parse_ability("end_of_iteration pass right").direction
    -1
    >>> parse_ability("rank fixed 14 led 0")
    Ability(trigger='rank', effect='fixed', value=14.0, if_last=False, direction=0, led=0.0)
    >>> parse_ability("on_commit dance")
    Traceback (most recent call last):
    ...
    ValueError: the ability 'on_commit dance' is not one of the vocabulary (see cards.py)
    """
    words = text.split()
    if not words:
        return None
    trigger, rest = words[0], words[1:]
    if trigger not in TRIGGERS:
        raise ValueError(f"the ability trigger {trigger!r} is unknown; the triggers are "
                         f"{', '.join(TRIGGERS)}")
    try:
        if trigger == "on_commit" and rest[:1] == ["score"] and len(rest) in (2, 3):
            if len(rest) == 3 and rest[2] != "if_last":
                raise ValueError
            return Ability(trigger, "score", int(rest[1]), if_last=len(rest) == 3)
        if trigger == "on_commit" and rest == ["swap_artifacts"]:
            return Ability(trigger, "swap_artifacts")
        if trigger == "end_of_iteration" and len(rest) == 2 and rest[0] == "winner_scores":
            return Ability(trigger, "winner_scores", int(rest[1]))
        if trigger == "end_of_iteration" and len(rest) == 2 and rest[0] == "pass" and \
                rest[1] in ("left", "right"):
            return Ability(trigger, "pass", direction=1 if rest[1] == "left" else -1)
        if trigger in ("after_winning", "after_other_wins") and rest == ["reveal_swap"]:
            return Ability(trigger, "reveal_swap")
        if trigger == "after_losing" and len(rest) == 2 and rest[0] == "score":
            return Ability(trigger, "score", int(rest[1]))
        if trigger == "during_scoring" and rest == ["double"]:
            return Ability(trigger, "double")
        if trigger == "rank" and len(rest) == 4 and rest[0] in ("previous_plus", "fixed") and \
                rest[2] == "led":
            return Ability(trigger, rest[0], float(rest[1]), led=float(rest[3]))
    except ValueError:
        pass
    raise ValueError(f"the ability {text!r} is not one of the vocabulary (see cards.py)")


_TERM = re.compile(r"^([+-]?\d+) per (\w+)(?: ([\d-]+))?(?: of (\w+))?(?: rank (\d+)(?:-(\d+))?)?$")


def parse_rule(text: str) -> tuple[Term, ...]:
    """A Tools & Methods scoring rule from its words; ValueError with the problem otherwise.

    >>> rule = parse_rule("+1 per straight 4-5-6; -2 per card rank 13")
    >>> [(t.points, t.unit, t.sequence) for t in rule]
    [(1, 'straight', (4, 5, 6)), (-2, 'card', ())]
    >>> parse_rule("+1 per banana")
    Traceback (most recent call last):
    ...
    ValueError: the scoring term '+1 per banana' has the unknown unit 'banana'
    """
    terms = []
    for part in (p.strip() for p in text.split(";")):
        match = _TERM.match(part)
        if not part or match is None:
            raise ValueError(f"the scoring term {part!r} does not read '<points> per <unit> "
                             "[of <suit>] [rank <low>-<high>]'")
        points, unit, arg, suit, low, high = match.groups()
        if unit not in UNITS:
            raise ValueError(f"the scoring term {part!r} has the unknown unit {unit!r}")
        if suit is not None and suit not in SUITS:
            raise ValueError(f"the scoring term {part!r} names the unknown suit {suit!r}")
        sequence: tuple[int, ...] = ()
        n = 0
        if unit == "straight":
            if arg is None or not re.fullmatch(r"\d+(-\d+)+", arg):
                raise ValueError(f"the scoring term {part!r} needs its run, e.g. "
                                 "'straight 4-5-6'")
            sequence = tuple(int(r) for r in arg.split("-"))
            if any(b != a + 1 for a, b in pairwise(sequence)):
                raise ValueError(f"the run {arg} of {part!r} is not ranks in a row")
        elif unit == "kind":
            if arg is None or not arg.isdigit() or int(arg) < 2:
                raise ValueError(f"the scoring term {part!r} needs the size, e.g. 'kind 2'")
            n = int(arg)
        elif arg is not None:
            raise ValueError(f"the scoring term {part!r} has an unexpected {arg!r}")
        lo = int(low) if low else MIN_RANK
        hi = int(high) if high else (lo if low else MAX_RANK)
        if lo > hi:
            raise ValueError(f"the rank band {lo}-{hi} of {part!r} is empty")
        terms.append(Term(int(points), unit, None if suit is None else SUITS.index(suit),
                          lo, hi, sequence, n))
    return tuple(terms)


def _reconstructed(cell: str, line: int) -> tuple[str, ...]:
    parts = tuple(p.strip() for p in cell.split(",") if p.strip())
    for part in parts:
        if part not in RECONSTRUCTED:
            raise DeckFileError(line, f"'reconstructed' names {part!r}; it may name "
                                      f"{', '.join(RECONSTRUCTED)}")
    return parts


def _cells(line: str, number: int) -> list[str]:
    """The cells of one line of a deck file (a card is one line: a quote opened in a cell
    closes on that line); a :class:`DeckFileError` for a line that is not CSV.

    >>> _cells('1,play,"A, B",Doors', 2)
    ['1', 'play', 'A, B', 'Doors']
    >>> _cells('1,play,"A, B,Doors', 3)
    Traceback (most recent call last):
    ...
    devgames.release.cards.DeckFileError: Deck file, line 3: the quote that opens its cell 3 \
is not closed on this line (a card is one line; write a quote inside a quoted cell as "").
    """
    try:
        return next(csv.reader([line], strict=True))
    except csv.Error as error:
        if "unexpected end of data" in str(error):
            cell = len(next(csv.reader([line])))
            raise DeckFileError(number, f"the quote that opens its cell {cell} is not closed "
                                        "on this line (a card is one line; write a quote "
                                        'inside a quoted cell as "")') from None
        raise DeckFileError(number, f"it is not CSV ({error})") from None


def parse_deck(text: str, source: str = "deck file") -> Deck:
    """A deck from the text of a card table (the columns of ``cards.csv``); a
    :class:`DeckFileError` naming the line and the problem when it cannot be used.

    >>> parse_deck("id,deck,name,suit,rank,person,effect,reconstructed,does\\n"
    ...            "1,play,2 of Doors,Doors,two,,,,\\n")
    Traceback (most recent call last):
    ...
    devgames.release.cards.DeckFileError: Deck file, line 2: the rank 'two' is not a whole number.
    """
    lines = text.splitlines()
    numbered = [(i, line) for i, line in enumerate(lines, 1)
                if line.strip() and not line.lstrip().startswith("#")]
    if not numbered:
        raise DeckFileError(0, "it is empty")
    rows = [_cells(line, number) for number, line in numbered]
    header_line = numbered[0][0]
    header = [cell.strip() for cell in rows[0]]
    missing = [column for column in COLUMNS if column not in header]
    if missing:
        raise DeckFileError(header_line, f"the header lacks the columns {', '.join(missing)}")
    where = {column: header.index(column) for column in COLUMNS}
    cards: dict[int, PlayCard] = {}
    methods: dict[int, Method] = {}
    names: set[str] = set()
    for (line, _text), row in zip(numbered[1:], rows[1:], strict=True):
        if len(row) != len(header):
            raise DeckFileError(line, f"it has {len(row)} cells, the header {len(header)}")
        cell = {column: row[where[column]].strip() for column in COLUMNS}
        if not cell["id"].isdigit() or int(cell["id"]) < 1:
            raise DeckFileError(line, f"the id {cell['id']!r} is not a whole number from 1")
        card_id = int(cell["id"])
        if card_id in cards or card_id in methods:
            raise DeckFileError(line, f"the id {card_id} is used twice")
        name = cell["name"]
        if not name:
            raise DeckFileError(line, "the card has no name")
        if name.casefold() in names:
            raise DeckFileError(line, f"the name {name!r} is used twice")
        names.add(name.casefold())
        reconstructed = _reconstructed(cell["reconstructed"], line)
        if cell["deck"] == "play":
            if cell["suit"] not in SUITS:
                raise DeckFileError(line, f"the suit {cell['suit']!r} is not one of "
                                          f"{', '.join(SUITS)}")
            try:
                rank = int(cell["rank"])
            except ValueError:
                raise DeckFileError(line, f"the rank {cell['rank']!r} is not a whole "
                                          "number") from None
            if not MIN_RANK <= rank <= MAX_RANK:
                raise DeckFileError(line, f"the rank {rank} is not from {MIN_RANK} to "
                                          f"{MAX_RANK}")
            try:
                ability = parse_ability(cell["effect"])
            except ValueError as error:
                raise DeckFileError(line, str(error)) from None
            cards[card_id] = PlayCard(card_id, name, SUITS.index(cell["suit"]), rank,
                                      cell["person"], ability, cell["effect"], reconstructed,
                                      cell["does"])
        elif cell["deck"] == "methods":
            try:
                terms = parse_rule(cell["effect"])
            except ValueError as error:
                raise DeckFileError(line, str(error)) from None
            methods[card_id] = Method(card_id, name, cell["effect"], terms, reconstructed,
                                      cell["does"])
        else:
            raise DeckFileError(line, f"the deck {cell['deck']!r} is neither 'play' nor "
                                      "'methods'")
    if len(cards) < 4:
        raise DeckFileError(0, f"it has {len(cards)} play cards; a game needs at least 4")
    if not methods:
        raise DeckFileError(0, "it has no Tools & Methods card")
    return Deck(cards, methods, source)


def rulebook_only(deck: Deck) -> Deck:
    """The deck as far as the rulebook prints it: the Tools & Methods cards whose scoring rule
    is readable (not marked ``rule`` or ``card``), and every play card, those whose ability is
    ours (marked ``ability`` or ``card``) played without it.

    >>> cards = rulebook_only(BASE)
    >>> sorted(m.name for m in cards.methods.values())  # doctest: +NORMALIZE_WHITESPACE
    ['Boilerplate Code: Birds', 'Boilerplate Code: Doors', 'Cutting Corners',
     'Platform Zealot: Birds', 'Platform Zealot: Doors', 'Senior Level Development']
    >>> [c.name for c in cards.cards.values() if c.person and c.ability is None]
    ['Linda Rising', 'Gojko Adzic']
    >>> len(cards.cards)
    36
    """
    ours = {"ability", "card"}
    cards = {c: replace(card, ability=None, effect="", does="Played without an ability: "
                        "the rulebook does not print one.")
             if ours & set(card.reconstructed) and card.ability else card
             for c, card in deck.cards.items()}
    methods = {m: method for m, method in deck.methods.items()
               if not {"rule", "card"} & set(method.reconstructed)}
    if not methods:
        raise DeckFileError(0, "every Tools & Methods card of it is marked reconstructed: none "
                               "is left for \"rulebook cards only\"")
    return replace(deck, cards=cards, methods=methods)


def other_sign(deck: Deck) -> Deck:
    """The deck with the other reading of every number whose sign is ours (marked ``sign``): a
    bare "scores 2" read as -2 instead of +2.

    >>> jez = other_sign(BASE).cards[23]
    >>> jez.name, jez.ability.value, jez.does
    ('Jez Humble', -2, 'When this iteration ends, whoever won it loses 2 points at once.')
    """
    cards = {}
    for c, card in deck.cards.items():
        if "sign" in card.reconstructed and card.ability is not None:
            value = -card.ability.value
            card = replace(card, ability=replace(card.ability, value=value),
                           effect=" ".join(f"{value:g}" if word == f"{-value:g}" else word
                                           for word in card.effect.split()),
                           does=re.sub(r"\bscores (\d+) point", r"loses \1 point", card.does))
        cards[c] = card
    return replace(deck, cards=cards)


def load_deck(path_or_text: str) -> Deck:
    """A deck from a file name, or from the text of a card table itself (text with a line
    break). A missing file is a :class:`DeckFileError` too.

    >>> load_deck("no/such/file.csv")
    Traceback (most recent call last):
    ...
    devgames.release.cards.DeckFileError: Deck file: there is no file 'no/such/file.csv'.
    """
    if "\n" in path_or_text:
        return parse_deck(path_or_text)
    path = Path(path_or_text)
    if not path.is_file():
        raise DeckFileError(0, f"there is no file {path_or_text!r}")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise DeckFileError(0, f"{path_or_text!r} cannot be read ({error})") from None
    return parse_deck(text, path.name)


#: The base game (our own table).
BASE: Deck = parse_deck(CARDS_FILE.read_text(encoding="utf-8"), CARDS_FILE.name)
#: Every card of the base game by id, play cards and Tools & Methods cards (each has a ``name``).
CARDS: dict[int, PlayCard | Method] = {**BASE.cards, **BASE.methods}
