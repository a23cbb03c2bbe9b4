"""Our card table (``devgames/scrumkin/cards.csv``) against the published card figures.

The reference ``scrumkin_cards.csv`` lives in ``../shared/reference`` beside the checkout; the
comparison is skipped where that folder is absent. The other checks need no reference.
"""

import csv
from pathlib import Path

import pytest

from devgames.scrumkin import CARDS
from devgames.scrumkin.cards import (
    ACTION_CARDS,
    CARDS_FILE,
    SCRUM_OF_SCRUMS,
    SPRINT_CARDS,
    Card,
    load_cards,
)

REFERENCE = Path(__file__).resolve().parents[2].parent / "shared" / "reference"
REFERENCE_CARDS = REFERENCE / "scrumkin_cards.csv"

#: The green-shield cards of the printed game.
DEFENSIVE = {
    "Priorizing", "Refinement Meeting", "Cross functional teams", "Vertical slices",
    "Feature flags", "Daily Standup", "Client on site", "Hands-on", "Continuous Integration",
    "Collocated Teams", "Management Champion", "Interested management", "I kan-ban",
    "Delegation level 7", "Story mapping", "Shu-Ha-Ri",
}


def reference_rows() -> list[dict[str, str]]:
    """The published figures, one dict per card; skips the test when they are not here."""
    if not REFERENCE_CARDS.is_file():
        pytest.skip(f"no reference card table at {REFERENCE_CARDS}")
    with REFERENCE_CARDS.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def reference_values(text: str) -> tuple[int | None, ...]:
    """'3 2 1 -2' -> (3, 2, 1, -2); 'n' (Scrum of Scrums) -> None."""
    return tuple(None if part == "n" else int(part) for part in text.split())


def figures(card: Card) -> dict[str, object]:
    """What the reference records about one of our cards."""
    return {
        "name": card.name,
        "deck": card.deck,
        "kind": card.kind,
        "defensive": card.defensive,
        "bug_count": card.bugs,
        "values": card.values,
        "permanent": card.permanent,
    }


def reference_figures(row: dict[str, str]) -> dict[str, object]:
    """The same figures read from a reference row."""
    return {
        "name": row["name"],
        "deck": row["deck"],
        "kind": row["kind"],
        "defensive": row["defensive"] == "yes",
        "bug_count": int(row["bug_count"] or 0),
        "values": reference_values(row["values_in_play_order"]),
        "permanent": row["last_value_permanent"] == "yes",
    }


# ----- against the reference ---------------------------------------------------------------------
def test_reference_has_the_same_card_ids() -> None:
    """Same 108 ids, no card missing, none extra."""
    rows = reference_rows()
    assert sorted(int(row["id"]) for row in rows) == sorted(CARDS)


def test_every_card_matches_the_reference() -> None:
    """Name, deck, kind, shield, bug count, values in play order (with n) and permanence."""
    mismatches = []
    for row in reference_rows():
        card = CARDS.get(int(row["id"]))
        expected = reference_figures(row)
        got = figures(card) if card else None
        if got != expected:
            mismatches.append(f"card {row['id']}: ours {got}, published {expected}")
    assert not mismatches, "\n".join(mismatches)


def test_our_file_read_again_gives_the_same_cards() -> None:
    """The engine's cards are exactly what cards.csv says (nothing patched in code)."""
    assert load_cards(CARDS_FILE) == CARDS


# ----- checks that need no reference -------------------------------------------------------------
def test_108_cards_86_sprint_and_22_action() -> None:
    """The printed deck: 86 sprint cards and 22 action cards."""
    assert len(CARDS) == 108
    assert sorted(CARDS) == list(range(1, 109))
    assert len(SPRINT_CARDS) == 86 and len(ACTION_CARDS) == 22
    assert {CARDS[c].deck for c in SPRINT_CARDS} == {"sprint"}
    assert {CARDS[c].deck for c in ACTION_CARDS} == {"action"}


def test_ten_boosts_and_twelve_bug_cards() -> None:
    """Action cards: 10 boosts of +1, 12 bug cards adding 1 to 5 bugs."""
    boosts = [CARDS[c] for c in ACTION_CARDS if CARDS[c].kind == "boost"]
    bugs = [CARDS[c] for c in ACTION_CARDS if CARDS[c].kind == "bug"]
    assert len(boosts) == 10 and len(bugs) == 12
    assert all(card.values == (1,) and card.bugs == 0 for card in boosts)
    assert sorted(card.bugs for card in bugs) == [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 5, 5]
    assert not any(card.defensive or card.permanent for card in boosts + bugs)


def test_four_scrum_of_scrums() -> None:
    """Four Scrum of Scrums, each worth n (1 per other team with one) for ever."""
    sos = [CARDS[c] for c in sorted(SCRUM_OF_SCRUMS)]
    assert len(sos) == 4
    assert {card.name for card in sos} == {"Scrum of Scrums"}
    assert all(card.values == (None,) and card.permanent and not card.defensive for card in sos)
    assert [c.name for c in CARDS.values()].count("Scrum of Scrums") == 4


def test_the_defensive_cards() -> None:
    """16 shield cards, all sprint cards worth +1 or +2 for ever."""
    shields = [card for card in CARDS.values() if card.defensive]
    assert {card.name for card in shields} == DEFENSIVE
    assert len(shields) == 16
    for card in shields:
        assert card.deck == "sprint" and card.permanent
        assert card.values in ((1,), (2,))


def test_names_other_than_scrum_of_scrums_are_unique() -> None:
    """A facilitator enters a card by name: names must tell cards apart."""
    names = [card.name.casefold() for card in CARDS.values() if card.name != "Scrum of Scrums"]
    assert len(names) == len(set(names))


def test_sprint_cards_have_one_to_four_values() -> None:
    """Each sprint card has 1 to 4 circles; only Scrum of Scrums has the 'n' value."""
    for card_id in SPRINT_CARDS:
        card = CARDS[card_id]
        assert 1 <= len(card.values) <= 4, card
        assert card.bugs == 0
        assert (None in card.values) == (card_id in SCRUM_OF_SCRUMS)


@pytest.mark.parametrize(
    ("name", "values", "permanent"),
    [
        ("Fairy dust", (3, 2, 1, -2), True),  # the clarifications' example
        ("License issues", (2, -2), False),  # the clarifications' second example
        ("Scope creep", (-1,), False),
        ("Architecture Change", (-3, -2, -1, 1), True),
        ("Competitor steals your staff", (-2, -2, -1), False),
    ],
)
def test_worked_examples(name: str, values: tuple[int, ...], permanent: bool) -> None:
    """The figures quoted in the rules."""
    card = next(card for card in CARDS.values() if card.name == name)
    assert (card.values, card.permanent) == (values, permanent)
