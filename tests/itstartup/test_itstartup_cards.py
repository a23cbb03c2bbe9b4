"""Our card table (``devgames/itstartup/cards.csv``) against the published card figures.

The reference ``it_startup_cards.csv`` lives in ``../shared/reference`` beside the checkout; the
comparison is skipped where that folder is absent. The other checks need no reference.
"""

import csv
from collections import Counter
from pathlib import Path

import pytest

from devgames.itstartup import CARDS
from devgames.itstartup.cards import CARD_BY_KEY, CARDS_FILE, Card, load_cards

REFERENCE = Path(__file__).resolve().parents[2].parent / "shared" / "reference"
REFERENCE_CARDS = REFERENCE / "it_startup_cards.csv"

#: The reference names the Scrum Master's type "agile_coach"; our table says "coach".
KIND_NAMES = {"agile_coach": "coach"}


def reference_rows() -> list[dict[str, str]]:
    """The published figures, one dict per distinct card; skips the test when they are absent."""
    if not REFERENCE_CARDS.is_file():
        pytest.skip(f"no reference card table at {REFERENCE_CARDS}")
    with REFERENCE_CARDS.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def copies_by_name() -> dict[str, list[Card]]:
    """Our cards grouped by printed name, one entry per physical copy."""
    grouped: dict[str, list[Card]] = {}
    for card in CARDS.values():
        grouped.setdefault(card.name, []).append(card)
    return grouped


def figures(copies: list[Card]) -> dict[str, object]:
    """What the reference records about one of our distinct cards."""
    card = copies[0]
    return {
        "type": card.kind,
        "count": len(copies),
        "cost": card.cost,
        "efficiency": card.power if card.kind in ("developer", "knowledge") else None,
        "resistance": card.shield if card.is_employee else None,
    }


def reference_figures(row: dict[str, str]) -> dict[str, object]:
    """The same figures read from a reference row (empty cells: the card has no such figure)."""
    return {
        "type": KIND_NAMES.get(row["type"], row["type"]),
        "count": int(row["count"]),
        "cost": int(row["cost"]),
        "efficiency": int(row["efficiency"]) if row["efficiency"] else None,
        "resistance": int(row["burnout_resistance"]) if row["burnout_resistance"] else None,
    }


# ----- against the reference ---------------------------------------------------------------------
def test_reference_has_the_same_card_names() -> None:
    """The same 41 names, none missing, none extra."""
    rows = reference_rows()
    assert sorted(row["name"] for row in rows) == sorted(copies_by_name())


def test_every_card_matches_the_reference() -> None:
    """Type, number of copies, cost, efficiency and burnout resistance, card by card."""
    ours = copies_by_name()
    mismatches = []
    for row in reference_rows():
        copies = ours.get(row["name"])
        expected = reference_figures(row)
        got = figures(copies) if copies else None
        if got != expected:
            mismatches.append(f"{row['name']}: ours {got}, published {expected}")
    assert not mismatches, "\n".join(mismatches)


def test_reference_deck_is_64_cards() -> None:
    """The published counts add up to the 64-card deck."""
    assert sum(int(row["count"]) for row in reference_rows()) == 64


# ----- checks that need no reference -------------------------------------------------------------
def test_our_file_read_again_gives_the_same_cards() -> None:
    """The engine's cards are exactly what cards.csv says (nothing patched in code)."""
    assert load_cards(CARDS_FILE) == CARDS


def test_64_cards_with_ids_1_to_64_and_41_distinct() -> None:
    """One id per physical copy; 41 distinct cards by key and by name."""
    assert len(CARDS) == 64
    assert sorted(CARDS) == list(range(1, 65))
    assert all(card.id == card_id for card_id, card in CARDS.items())
    assert len({card.key for card in CARDS.values()}) == 41
    assert len({card.name for card in CARDS.values()}) == 41
    assert len(CARD_BY_KEY) == 41


def test_kinds_counts() -> None:
    """15 developers (28 cards), 5 HR (8), the Scrum Master (2), 12 knowledge (12), 8 action
    cards (14)."""
    copies = Counter(card.kind for card in CARDS.values())
    distinct = Counter(card.kind for card in CARD_BY_KEY.values())
    assert copies == {"developer": 28, "hr": 8, "coach": 2, "knowledge": 12, "action": 14}
    assert distinct == {"developer": 15, "hr": 5, "coach": 1, "knowledge": 12, "action": 8}


def test_copies_of_a_card_share_every_figure() -> None:
    """Two copies differ only by id; names tell distinct cards apart (ignoring case)."""
    for copies in copies_by_name().values():
        first = copies[0]
        for card in copies[1:]:
            assert (card.key, card.kind, card.cost, card.power, card.shield) == (
                first.key, first.kind, first.cost, first.power, first.shield)
    folded = {card.name.casefold() for card in CARD_BY_KEY.values()}
    assert len(folded) == 41


def test_only_employees_have_a_shield_and_only_developers_and_knowledge_a_power() -> None:
    """HR, coaches and actions add no efficiency; knowledge and actions have no resistance."""
    for card in CARDS.values():
        if card.kind in ("hr", "coach", "action"):
            assert card.power == 0, card
        if card.kind in ("knowledge", "action"):
            assert card.shield == 0, card
        if card.kind == "knowledge":
            assert card.power >= 2, card
        assert card.cost >= 0, card


def test_burnout_limit_is_three_plus_the_shield() -> None:
    """An employee leaves at 3 burnout points plus its resistance."""
    limits = {key: card.burnout_limit for key, card in CARD_BY_KEY.items() if card.is_employee}
    assert limits["intern"] == 3
    assert limits["nice_hr_lady"] == limits["nice_hr_guy"] == 4
    assert limits["scrum_master"] == 4
    assert limits["downer_dave"] == 5
    assert limits["database_developer"] == limits["bi_developer"] == 4
    assert all(3 <= limit <= 5 for limit in limits.values())


@pytest.mark.parametrize(
    ("name", "kind", "cost", "power", "shield", "copies"),
    [
        ("Lead Developer", "developer", 5, 5, 0, 2),  # printed example of a 5-cost developer
        ("Database Developer", "developer", 4, 2, 1, 2),  # resistance 1 on the rulebook card
        ("Full Stack Ninja", "developer", 4, 3, 0, 2),
        ("TDD", "knowledge", 4, 5, 0, 1),  # the rulebook's knowledge example: cost 4
        ("Head Hunter", "action", 5, 0, 0, 1),  # the rulebook's planning example: 5, or 4
        ("Investor", "action", 0, 0, 0, 4),
        ("Scrum Master", "coach", 4, 0, 1, 2),
        ("Undercover HR Agent", "hr", 3, 0, 0, 2),
    ],
)
def test_worked_examples(name: str, kind: str, cost: int, power: int, shield: int,
                         copies: int) -> None:
    """Figures quoted in the rulebook and its examples."""
    cards = [card for card in CARDS.values() if card.name == name]
    assert len(cards) == copies
    card = cards[0]
    assert (card.kind, card.cost, card.power, card.shield) == (kind, cost, power, shield)
