"""Our card table (``devgames/exploding/cards.csv``) against the published deck composition.

The deck composition ``exploding-git-commits-deck.md`` lives in ``../shared/rules`` beside the
checkout; the comparison is skipped where that file is absent. The other checks need no reference.
"""

import re
from collections import Counter
from pathlib import Path

import pytest

from devgames.exploding import CARDS
from devgames.exploding.cards import (
    CARDS_FILE,
    CODE_CARDS,
    COMPOSITION,
    DECK_SIZE,
    EXPLODING,
    KINDS,
    MITIGATE,
    TITLES,
    load_cards,
)

DECK_FILE = Path(__file__).resolve().parents[2].parent / "shared" / "rules" / \
    "exploding-git-commits-deck.md"


def published_counts() -> dict[str, int]:
    """card -> count from the deck composition table; skips the test when it is not here."""
    if not DECK_FILE.is_file():
        pytest.skip(f"no deck composition at {DECK_FILE}")
    counts = {}
    for line in DECK_FILE.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[1].isdigit():
            name = re.sub(r"\s*\(\d+x\)$", "", cells[0])  # "Bail (2x)" is the Bail card
            counts[name] = int(cells[1])
    return counts


def test_counts_match_the_published_deck() -> None:
    published = published_counts()
    code = published.pop("Code Cards")
    ours = {card.name: card.count for card in CARDS.values() if card.kind != "code"}
    assert ours == published
    assert sum(CARDS[c].count for c in CODE_CARDS) == code


def test_56_cards_in_13_titles() -> None:
    assert DECK_SIZE == len(COMPOSITION) == 56
    assert len(TITLES) == 13 and TITLES[0] == 1 and TITLES[-1] == 13
    assert Counter(COMPOSITION)[EXPLODING] == 4 and Counter(COMPOSITION)[MITIGATE] == 6


def test_five_code_titles_of_four_cards_each() -> None:
    assert len(CODE_CARDS) == 5
    assert all(CARDS[c].count == 4 for c in CODE_CARDS)
    assert len({CARDS[c].name for c in CODE_CARDS}) == 5


def test_names_are_unique_and_kinds_known() -> None:
    names = [card.name for card in CARDS.values()]
    assert len(set(names)) == len(names)
    assert {card.kind for card in CARDS.values()} == set(KINDS)
    assert all(card.does and card.does.endswith(".") for card in CARDS.values())


def test_the_table_reads_back_the_same() -> None:
    assert load_cards(CARDS_FILE) == CARDS


def test_an_unknown_kind_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "cards.csv"
    bad.write_text("id,name,kind,count,does\n1,Cat,kitten,4,Meow.\n", encoding="utf-8")
    with pytest.raises(ValueError, match="kitten"):
        load_cards(bad)
