"""The cards the facilitator may enter as drawn (physical deck) give nothing away.

The list is on the projector. For a sprint card it offers every sprint card of the box in the
table's order but those face up on the table, whatever the engine believes of the others: in the
deck, in a hand, or dropped face down. For the action card it offers the whole action deck, which
is always whole (each action card is revealed and put back at once). A sprint card the engine
believed in a hand is accepted, and the engine puts its books right without a word to the room
(see docs/rules/scrumkin.md).
"""

import random

import pytest

from devgames.core.actions import CHANCE, Action
from devgames.core.game import Game
from devgames.core.harness import fuzz_game
from devgames.core.wording import choices, public_lines
from devgames.scrumkin import ScrumkinGame, new_game
from devgames.scrumkin.cards import ACTION_CARDS, SPRINT_CARDS
from tests.scrumkin.helpers import scripted_game
from tests.scrumkin.test_scrumkin_fuzz import ScrumkinInvariants

TEAMS = ["Red", "Blue", "Green"]


def public_entries(game: ScrumkinGame) -> list[Action]:
    """The cards to enter, made from public facts only."""
    if game.phase == "deal":
        shown = {c for cards in game.table for c in cards}
        return [Action("deal", CHANCE, card=c) for c in sorted(SPRINT_CARDS) if c not in shown]
    return [Action("deal", CHANCE, card=c) for c in sorted(ACTION_CARDS)]


def twin_with_other_hand(game: ScrumkinGame, seat: int, rng: random.Random) -> ScrumkinGame:
    """The same game (replayed), but one card of ``seat``'s hand trades places with a card of
    the sprint deck: the two differ only in that hidden hand (and so in the deck)."""
    twin = game.session().replay()
    assert isinstance(twin, ScrumkinGame)
    hand, deck = twin.hands[seat], twin.deck
    i, j = rng.randrange(len(hand)), rng.randrange(len(deck))
    hand[i], deck[j] = deck[j], hand[i]
    return twin


def test_twins_that_differ_in_a_hidden_hand_offer_the_same_cards() -> None:
    """Red holds Fairy dust, Blue's cards come next: a twin where Red holds another card
    instead shows the facilitator the very same list and labels."""
    game = new_game(TEAMS, seed=1, deck="physical")
    for name in ("Fairy dust", "Flu", "Stress"):
        game.deal(name)
    twin = twin_with_other_hand(game, 0, random.Random(1))
    assert game.hands[0] != twin.hands[0] and game.current_player == CHANCE
    assert game.legal_actions() == twin.legal_actions() == public_entries(game)
    assert choices(game) == choices(twin)


def fairy_dust_played_and_flu_dropped() -> ScrumkinGame:
    """Red plays Fairy dust face up and drops Flu face down; Blue plays on, to the next deal."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Fairy dust", "Flu", "Stress"]})
    game.deal("Gummy-Bear")
    game.play("Red", "Fairy dust")
    game.drop("Red", "Flu")
    game.play("Blue", game.hand("Blue")[0])
    game.play("Blue", game.hand("Blue")[0], target="Red")
    return game


def test_a_dropped_card_is_not_told_by_the_list() -> None:
    """Red drops a card face down under the deck: the next sprint's list is the same whatever
    card it was (before, the dropped card came back into the list, and the room saw which)."""
    game = fairy_dust_played_and_flu_dropped()
    assert game.phase == "deal"
    assert game.legal_actions() == public_entries(game)


def test_the_action_deck_is_always_whole() -> None:
    """The action card list never changes: each one is shown and put back under the deck."""
    game = new_game(["Red", "Blue"], seed=1, deck="physical")
    while game.phase == "deal":
        game.apply(game.legal_actions()[0])
    assert game.phase == "action_card"
    assert game.legal_actions() == public_entries(game)
    assert sorted(game.action_deck) == sorted(ACTION_CARDS)


def test_a_card_believed_in_a_hand_is_accepted_without_telling_the_room() -> None:
    """Fairy dust (one in the box) is in Red's hand as far as the engine knows; the table says
    Blue drew it. The entry is accepted, the room hears nothing more than for any card dealt,
    and only Red's screen learns that its card was another (the deck's top card)."""
    game = new_game(["Red", "Blue"], seed=1, deck="physical")
    for name in ("Fairy dust", "Flu", "Stress"):
        game.deal(name)
    fairy = game.card_id("Fairy dust", game.hands[0])
    top = game.deck[0]
    action = next(a for a in choices(game)[0] if a.card == fairy)
    before = len(game.events)
    game.apply(action)
    events = game.events[before:]
    assert game.hands[1] == [fairy] and top in game.hands[0] and fairy not in game.hands[0]
    assert [(e.kind, e.player, e.private) for e in events] == [
        ("mismatch", 0, True), ("draw", 1, True)]
    assert public_lines(game, action, events) == []
    ScrumkinInvariants()(game)
    assert game.session().replay().snapshot() == game.snapshot()


def test_a_card_face_up_on_the_table_is_not_offered() -> None:
    """Fairy dust lies face up in Red's game: it is left out of the list and refused."""
    game = fairy_dust_played_and_flu_dropped()
    fairy = game.card_id("Fairy dust", game.table[0])
    assert fairy not in [a.card for a in game.legal_actions()]
    assert not game.can_deal("Fairy dust")


# ----- random play --------------------------------------------------------------------------------
class EntryChecks(ScrumkinInvariants):
    """The rules' invariants, plus: whenever a card is to be entered, the list is made of public
    facts only, and a twin differing in a hidden hand offers the same list."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.rng = random.Random(seed)

    def __call__(self, game: Game) -> None:
        super().__call__(game)
        assert isinstance(game, ScrumkinGame)
        if game.current_player != CHANCE:
            return
        assert game.legal_actions() == public_entries(game)
        holders = [p for p, hand in enumerate(game.hands) if hand]
        if holders and len(game.deck) and self.rng.random() < 0.2:
            twin = twin_with_other_hand(game, self.rng.choice(holders), self.rng)
            assert twin.legal_actions() == game.legal_actions()
            assert choices(twin) == choices(game)


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"rulebook": "collaborative"}, {"counter_chains": True}])
def test_random_physical_play_entering_any_card_keeps_the_rules(options: dict[str, str]) -> None:
    """30 physical games of 2-6 teams, every card entered at random from the full list (often
    one the engine believed in a hand): cards conserved, rules kept after every move, every move
    replayed through JSON, save and undo exact."""
    recounts = 0
    def make(seed: int) -> ScrumkinGame:
        names = [f"T{i + 1}" for i in range(2 + seed % 5)]
        return new_game(names, seed=seed, deck="physical", **options)

    for seed in range(30):
        game = fuzz_game(make, seed, EntryChecks(seed))
        assert game.is_over
        recounts += sum(1 for e in game.events if e.kind == "mismatch")
    assert recounts > 30  # believed-held cards were entered
