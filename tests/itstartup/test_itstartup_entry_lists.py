"""The cards the facilitator may enter as drawn (physical deck) give nothing away.

The list is on the projector. It offers every card of the box in the table's order but those
face up on the table, whatever the engine believes of the others: in the deck, in a hand,
planned face down or looked at. A card the engine believed held in secret is accepted, and the
engine puts its books right without a word to the room (see docs/rules/itstartup.md).
"""

import random
from collections import Counter

import pytest

from devgames.core.actions import CHANCE, Action
from devgames.core.game import Game
from devgames.core.harness import fuzz_game
from devgames.core.wording import choices, public_lines
from devgames.itstartup import CARDS, ItStartupGame, new_game
from tests.itstartup.helpers import deal, filler, scripted_game
from tests.itstartup.test_itstartup_fuzz import ItStartupInvariants

AB = ["Ada", "Bob"]


def face_up(game: ItStartupGame) -> set[int]:
    """What the room sees lying face up: employees, their knowledge, a Head Hunter waiting."""
    cards = {e for staff in game.staff for e in staff}
    cards |= {k for e in cards for k in game.employees[e].knowledge}
    cards |= {step[4] for step in game.steps if step[0] == "headhunt"}
    return cards


def public_entries(game: ItStartupGame) -> list[Action]:
    """The cards to enter, made from public facts only: every card but those face up."""
    shown = face_up(game)
    return [Action("deal", CHANCE, card=c) for c in CARDS if c not in shown]


def twin_with_other_hand(game: ItStartupGame, seat: int, rng: random.Random) -> ItStartupGame:
    """The same game (replayed), but one card of ``seat``'s hand trades places with a card of
    the deck: the two differ only in that hidden hand (and so in the deck)."""
    twin = game.session().replay()
    assert isinstance(twin, ItStartupGame)
    hand, deck = twin.hands[seat], twin.deck
    i, j = rng.randrange(len(hand)), rng.randrange(len(deck))
    hand[i], deck[j] = deck[j], hand[i]
    return twin


def test_twins_that_differ_in_a_hidden_hand_offer_the_same_cards() -> None:
    """Ada holds Intern, Bob's draw comes next: a twin where Ada holds another card instead
    shows the facilitator the very same list and labels."""
    game = new_game(AB, seed=1, deck="physical")
    deal(game, "Intern", "Intern", "Polymorphism", "SOLID", "TDD")
    twin = twin_with_other_hand(game, 0, random.Random(1))
    assert game.hands[0] != twin.hands[0] and game.current_player == CHANCE
    assert game.legal_actions() == twin.legal_actions() == public_entries(game)
    assert choices(game) == choices(twin)


def test_the_cards_to_enter_after_a_private_look_tell_nothing() -> None:
    """Research Engineer: Ada looks at the top 3 and puts them back in her order; the next
    draw offers the same cards as it would have without the look."""
    game = scripted_game(AB, hands={"Ada": ["Research Engineer"]}, roll=6,
                         reserve_cards=["Intern", "SOLID", "TDD"])
    game.play("Ada", "Research Engineer")
    deal(game, "Intern", "SOLID", "TDD")
    assert game.current_player == 0 and game.step and game.step[0] == "order"
    game.order("Ada", ["TDD", "Intern", "SOLID"])
    game.buy("Ada")
    assert game.legal_actions() == public_entries(game)
    assert len(game.legal_actions()) == 64 - 1  # all but the Research Engineer on the table


def test_a_card_believed_in_a_hand_is_accepted_without_telling_the_room() -> None:
    """Both Interns are in Ada's hand as far as the engine knows; the table says Bob drew one.
    The entry is accepted, the room hears what any draw tells it, and only Ada's screen learns
    that her first Intern was another card (the deck's top card)."""
    game = new_game(AB, seed=1, deck="physical")
    deal(game, "Intern", "Intern", "Polymorphism", "SOLID", "TDD")
    intern = game.card_id("Intern")
    top = game.deck[0]
    before = len(game.events)
    action = next(a for a in choices(game)[0] if a.card == intern)
    game.apply(action)
    events = game.events[before:]
    assert game.hand("Bob") == ["Intern"] and game.hands[1] == [intern]
    assert game.hand("Ada").count("Intern") == 1 and top in game.hands[0]
    assert all(event.private for event in events)
    assert [(e.kind, e.player) for e in events] == [("mismatch", 0), ("draw", 1)]
    assert public_lines(game, action, events) == ["Bob draws a card."]  # as any draw
    ItStartupInvariants()(game)  # every card in one place
    assert game.session().replay().snapshot() == game.snapshot()


def test_a_planned_card_entered_as_drawn_is_put_right_with_an_action_card() -> None:
    """Ada planned the Coffee machine (one in the box) face down; the table says her bought card
    is the Coffee machine. Her planned card was another action card: the deck's first."""
    game = scripted_game(AB, hands={"Ada": ["Coffee machine"]}, roll=6)
    coffee = game.card_id("Coffee machine")
    game.plan("Ada", coffee)
    game.buy("Ada")
    first_action = next(c for c in game.deck if CARDS[c].kind == "action")
    assert coffee in [a.card for a in game.legal_actions()]
    game.deal(coffee)
    assert game.planned[0] == (first_action, 1) and game.hands[0][-1] == coffee
    assert [e.kind for e in game.events[-2:]] == ["mismatch", "draw"]
    ItStartupInvariants()(game)


def test_a_card_face_up_on_the_table_is_not_offered() -> None:
    """The Assertive CTO lies face up on Ada's table: it is left out of the list (a public
    fact) and refused with a sentence that says only that."""
    game = scripted_game(AB, hands={"Ada": ["The Assertive CTO"]}, roll=6)
    game.play("Ada", "The Assertive CTO")
    deal(game, filler(game))
    game.end_turn("Ada")
    cto = game.card_id("The Assertive CTO")
    assert game.current_player == CHANCE
    assert cto not in [a.card for a in game.legal_actions()]
    assert game.legal_actions() == public_entries(game)
    assert not game.can_deal(cto)


# ----- random play --------------------------------------------------------------------------------
class EntryChecks(ItStartupInvariants):
    """The rules' invariants, plus: whenever a card is to be entered, the list is made of public
    facts only, and a twin differing in a hidden hand offers the same list."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.rng = random.Random(seed)
        self.recounts = 0

    def __call__(self, game: Game) -> None:
        super().__call__(game)
        assert isinstance(game, ItStartupGame)
        self.recounts = sum(1 for e in game.events if e.kind == "mismatch")
        if game.current_player != CHANCE or not game.step or game.step[0] != "draw":
            return
        assert game.legal_actions() == public_entries(game)
        holders = [p for p, hand in enumerate(game.hands) if hand]
        if holders and self.rng.random() < 0.2:
            twin = twin_with_other_hand(game, self.rng.choice(holders), self.rng)
            assert twin.legal_actions() == game.legal_actions()
            assert choices(twin) == choices(game)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_physical_play_entering_any_card_keeps_the_rules(players: int) -> None:
    """12 physical games per table size, every card entered at random from the full list
    (often one the engine believed held): cards conserved, rules kept after every move, every
    move replayed through JSON, save and undo exact."""
    names = ["Ada", "Bob", "Cy", "Dee"][:players]
    recounts = Counter[str]()
    for seed in range(12):
        checks = EntryChecks(seed)
        game = fuzz_game(lambda s: new_game(names, seed=s, deck="physical", goal=32,
                                            planning_bonus=s % 2 == 0),
                         seed, checks)
        assert game.is_over
        recounts["games"] += 1
        recounts["recounts"] += checks.recounts
    assert recounts["recounts"] > recounts["games"]  # believed-held cards were entered
