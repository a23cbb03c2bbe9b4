"""Physical deck: the list the facilitator enters a card from gives no card away.

The list is on the projector. The hands dealt so far and a card given in a Kent Beck swap are
secret: they must not change it. A card dealt is chosen among every play card of the table, the
card a swap took among every card of anybody's artifacts (the iterations collected, which all
saw), the Tools & Methods card among those not revealed yet. An entry that contradicts what the
engine believes is accepted, keeps every card counted and is told to nobody (see "Physical-deck
mode" in docs/rules/release.md).
"""

import copy
import random
from collections import Counter
from typing import Any

import pytest

from devgames.core.actions import CHANCE
from devgames.core.game import Game
from devgames.core.harness import fuzz_game
from devgames.core.harness import invariant_failed as fail
from devgames.core.wording import choices
from devgames.release import ReleaseGame, ReleaseOptions, new_game
from tests.refusals import assert_refused
from tests.release.helpers import decline_all, iteration, scripted
from tests.release.test_release_fuzz import ReleaseInvariants

ABC = ["Ada", "Bob", "Cy"]
P5 = ["Ada", "Bob", "Cy", "Dee", "Eve"]
KENT = "Kent Beck (11 of Doors)"


def expected_cards(game: ReleaseGame) -> Counter[int]:
    """Every copy of every play card of the game."""
    return Counter({c: game.decks for c in game.deck.play_ids})


def test_a_deal_offers_the_same_list_whatever_was_dealt_before() -> None:
    """Ada is dealt the twelve lowest cards, or twelve others: Bob's first card is chosen from
    the same list, every play card in card order."""
    shown = []
    for lowest in (True, False):
        game = new_game(ABC, seed=1, deck="physical")
        game.deal("Waterfall")
        cards = sorted(game.pool.elements())
        for card in cards[:12] if lowest else cards[-12:]:
            game.deal(card)
        assert "Bob" in game.waiting_for
        shown.append((game.waiting_for, choices(game)))
        assert [a.card for a in choices(game)[0]] == sorted(game.deck.play_ids)
    assert shown[0] == shown[1]


def test_a_card_dealt_twice_is_accepted_and_told_to_nobody() -> None:
    """The 2 of Doors is entered for Ada, then again for Bob: the cards on the table are the
    truth, Ada's copy becomes the lowest card not entered yet, every card is counted, and
    nothing is said to the room."""
    game = new_game(ABC, seed=1, deck="physical")
    game.deal("Waterfall")
    for card in ("2 of Doors", "3 of Doors", "4 of Doors", "5 of Doors"):
        game.deal(card)
    dealt = [game.cards[c].label for c in sorted(game.pool.elements())][:8]
    for card in dealt:  # the rest of Ada's hand: 6 of Doors...
        game.deal(card)
    start = len(game.events)
    game.deal("2 of Doors")  # Bob's first card
    assert game.hand("Bob") == ["2 of Doors"]
    assert "2 of Doors" not in game.hand("Ada") and len(game.hand("Ada")) == 12
    (mismatch,) = [e for e in game.events[start:] if e.kind == "mismatch"]
    assert mismatch.private and mismatch.player is None and game.narrate(mismatch) is None
    assert mismatch.data["seat"] == 0 and mismatch.data["believed"] == game.card_id("2 of Doors")
    assert game.cards[mismatch.data["card"]].label == "2 of Fruits"  # lowest not entered then
    assert "2 of Fruits" in game.hand("Ada")
    assert game.card_counts() == expected_cards(game)


def kent_twin(gift: str) -> ReleaseGame:
    """Five players, two decks, Ada holding both Kent Becks: Ada wins iteration 1, Bob
    iteration 2; in iteration 3 Ada's Kent Beck gives Bob ``gift`` (secret) for his 9 of Birds,
    and she wins; she leads iteration 4 with her second Kent Beck and swaps with Bob again."""
    game = scripted(P5, "Waterfall", {
        "Ada": ["9 of Doors", "2 of Birds", KENT, KENT],
        "Bob": ["2 of Doors", "9 of Birds", "6 of Doors"],
        "Cy": ["3 of Doors", "3 of Birds", "7 of Doors"],
        "Dee": ["4 of Doors", "4 of Birds", "7 of Doors"],
        "Eve": ["5 of Doors", "5 of Birds", "8 of Doors"]}, leader="Ada", decks=2)
    iteration(game, "9 of Doors", "2 of Doors", "3 of Doors", "4 of Doors", "5 of Doors")
    decline_all(game)
    iteration(game, "2 of Birds", "9 of Birds", "3 of Birds", "4 of Birds", "5 of Birds")
    decline_all(game)
    iteration(game, "6 of Doors", "7 of Doors", "7 of Doors", "8 of Doors", KENT)
    game.swap("Ada", gift, "Bob")
    game.deal("9 of Birds")
    decline_all(game)
    game.commit("Ada", KENT)
    game.swap("Ada", "2 of Doors", "Bob")
    assert game.current_player == CHANCE
    return game


def test_the_card_a_swap_took_is_chosen_from_every_pile_of_artifacts() -> None:
    """Whether Ada's first swap gave Bob the 3 or the 4 of Doors, the list for her second swap
    is the same: every card of the four iterations collected, not Bob's pile (which would show
    the card she gave him)."""
    first, second = kent_twin("3 of Doors"), kent_twin("4 of Doors")
    assert first.artifacts[1] != second.artifacts[1]
    assert choices(first) == choices(second)
    collected = sorted({c for pile in first.artifacts for c in pile})
    assert [a.card for a in choices(first)[0]] == collected
    assert first.view(None) == second.view(None)


def test_a_card_taken_that_the_engine_believes_elsewhere_is_accepted() -> None:
    """Ada's second swap is entered as the 9 of Doors, which the engine believes is in her own
    pile: accepted (she sees the card taken anyway), every pile keeps its size, every card is
    counted, and the room is told only that a swap happened. A card nobody collected cannot
    have been taken."""
    game = kent_twin("3 of Doors")
    assert_refused(game, lambda: game.deal("Gene Kim (13 of Doors)"), "card_not_in_deck")
    sizes = [len(pile) for pile in game.artifacts]
    bob = Counter(game.artifacts[1])
    start = len(game.events)
    game.deal("9 of Doors")
    assert [len(pile) for pile in game.artifacts] == sizes
    assert Counter(game.artifacts[1]) == bob  # the copy came from Ada's own pile
    assert game.card_counts() == expected_cards(game)
    told = [text for e in game.events[start:] if (text := game.narrate(e))]
    assert told[0] == "Ada swaps a card of their artifacts with Bob's."
    assert [e.kind for e in game.events[start:] if e.private] == ["mismatch", "swapped"]


# ----- random play: any card entered, the rules kept --------------------------------------------
def mixed(game: ReleaseGame, rng: random.Random) -> ReleaseGame:
    """A twin of ``game`` that the room cannot tell apart: the cards of the hands, of the cards
    not entered yet and of the face-down discards mixed anew, and the artifacts mixed among
    the piles, every hand and pile keeping its size."""
    twin = copy.copy(game)
    hidden = [c for hand in game.hands for c in hand] + list(game.pool.elements())
    hidden += game.discarded
    rng.shuffle(hidden)
    twin.hands = [[hidden.pop() for _ in hand] for hand in game.hands]
    twin.discarded = [hidden.pop() for _ in game.discarded]
    twin.pool = Counter(hidden)
    piles = [c for pile in game.artifacts for c in pile]
    rng.shuffle(piles)
    twin.artifacts = [[piles.pop() for _ in pile] for pile in game.artifacts]
    return twin


class EntryListInvariants(ReleaseInvariants):
    """The rules' invariants, and: the list offered is the same in a twin with the hidden cards
    mixed anew, and is what the room knows could be there."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng

    def __call__(self, game: Game) -> None:
        super().__call__(game)
        assert isinstance(game, ReleaseGame)
        if game.current_player != CHANCE:
            return
        cards = [a.card for a in game.legal_actions()]
        if cards != [a.card for a in mixed(game, self.rng).legal_actions()]:
            fail(game, "the entry list depends on hidden cards")
        assert game.chance is not None
        reason = game.chance[0]
        if reason == "hand" and cards != sorted(set(game.composition)):
            fail(game, "a card dealt is not chosen among every play card of the table")
        if reason == "taken" and cards != sorted({c for pile in game.artifacts for c in pile}):
            fail(game, "a card taken is not chosen among every card collected")


GAMES = 150


@pytest.mark.slow
def test_random_physical_games_entering_any_card_keep_the_rules() -> None:
    """150 physical games, 2 to 10 players, random options; each card entered is any card of
    the list, so many contradict what the engine believes. After every move: the rules'
    invariants (every card counted, hand sizes, scores), a list that does not depend on the
    hidden cards, and a replay through JSON to the same state."""
    fields = ReleaseOptions.__dataclass_fields__
    reconciled = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        options: dict[str, Any] = {
            name: rng.choice(field.metadata["choices"]) for name, field in fields.items()
            if field.metadata.get("choices") and name not in ("deck", "decks")}
        players = 2 + seed % 9

        def make(seed: int, players: int = players, options: dict[str, Any] = options) -> Game:
            return new_game([f"P{i}" for i in range(players)], seed=seed, deck="physical",
                            releases=2, **options)

        game = fuzz_game(make, seed, EntryListInvariants(rng))
        assert game.is_over
        reconciled += sum(1 for e in game.events if e.kind == "mismatch")
    assert reconciled > GAMES  # entries the engine believed elsewhere were really tried
