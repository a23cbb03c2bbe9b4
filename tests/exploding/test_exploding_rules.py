"""Exploding Git Commits rules, one scripted game per rule of the rulebook (and each option).

Most tests use the physical deck: the test enters every card dealt and drawn, so that each
position reads like the rulebook. The digital deck is checked where the engine's own chance
matters (set-up counts, shuffles, random steals, what a Peek shows).
"""

import json
from collections import Counter
from typing import cast

import pytest

from devgames.core.actions import CHANCE, Action, given
from devgames.core.session import Session
from devgames.exploding import CARDS, new_game
from devgames.exploding.cards import COMPOSITION, EXPLODING, MITIGATE
from devgames.exploding.game import ROUND_FIELDS, ExplodingGame
from tests.exploding.helpers import (
    asked,
    discard_names,
    enter,
    known_top,
    let_it_happen,
    say_taken,
    scripted_game,
    whose_turn,
)
from tests.refusals import assert_refused

AB = ["Ada", "Bob"]
ABC = ["Ada", "Bob", "Cy"]
ABCD = ["Ada", "Bob", "Cy", "Dee"]
ID = {card.name: card.id for card in CARDS.values()}


def known(deck: list[int | None]) -> list[int]:
    """The cards of a digital game's deck, where every card is known."""
    return [given(card) for card in deck]


# ----- set-up -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "deck_size", "mitigates_back", "removed"), [
    (2, 41, 2, ["Exploding Git Commit"] * 3 + ["Mitigate"] * 2),
    (3, 39, 3, ["Exploding Git Commit"] * 2),
    (4, 35, 2, ["Exploding Git Commit"]),
    (5, 31, 1, []),
])
def test_setup_counts(players: int, deck_size: int, mitigates_back: int,
                      removed: list[str]) -> None:
    """4 cards + 1 Mitigate each; the spare Mitigates (only 2 with two players) and players - 1
    Exploding Git Commits go into the stack; the rest leave the game."""
    game = new_game([f"P{i}" for i in range(players)], seed=players)
    assert all(len(hand) == 5 and MITIGATE in hand for hand in game.hands)
    assert all(EXPLODING not in hand for hand in game.hands)
    assert len(game.deck) == deck_size
    assert game.deck.count(EXPLODING) == players - 1 == game.exploding_in_deck
    assert game.deck.count(MITIGATE) == mitigates_back
    view = game.view(None)
    assert view["removed_from_game"] == removed
    assert view["deck_size"] == deck_size and view["exploding_in_deck"] == players - 1
    assert game.card_counts() == Counter(COMPOSITION)
    assert sum(game.card_counts().values()) == 56
    assert game.chance_steps == 4 * players  # each card dealt
    assert view["turn_player"] == "P0" and view["turns_owed"] == 1
    assert "spare Mitigates" in (game.narrate(next(e for e in game.events if e.kind == "setup"))
                                 or "")


def test_two_player_setup_puts_back_only_two_spare_mitigates() -> None:
    game = new_game(AB, seed=11)
    assert game.deck.count(MITIGATE) == 2
    assert game.removed.count(MITIGATE) == 2
    assert sum(hand.count(MITIGATE) for hand in game.hands) == 2


def test_physical_setup_deals_four_each_then_gives_the_mitigates() -> None:
    game = new_game(ABC, deck="physical", seed=3)
    assert game.current_player == CHANCE
    assert game.waiting_for == "Enter the card dealt to Ada (1 of 4)."
    assert [game.players[p] for p in game.to_deal] == ["Ada"] * 4 + ["Bob"] * 4 + ["Cy"] * 4
    # Exploding Git Commits and Mitigates are out of the deal: they cannot be entered.
    assert Action("deal", CHANCE, card=EXPLODING) not in game.legal_actions()
    assert not game.can_apply(Action("deal", CHANCE, card=MITIGATE))
    enter(game, "Skip", "Nope", "Nope", "Legacy Code")
    assert game.waiting_for == "Enter the card dealt to Bob (1 of 4)."
    enter(game, *["Dead Code"] * 4, "Bail", "Shuffle", "Ask for Help", "Peek into the Future")
    assert game.hand("Ada") == ["Skip", "Nope", "Nope", "Legacy Code", "Mitigate"]
    assert game.hand("Bob") == ["Dead Code"] * 4 + ["Mitigate"]
    assert game.hand("Cy") == ["Bail", "Shuffle", "Ask for Help", "Peek into the Future",
                               "Mitigate"]
    # 46 - 12 dealt + 3 spare Mitigates + 2 Exploding Git Commits, order unknown.
    assert game.deck == [None] * 39
    assert game.pool[MITIGATE] == 3 and game.pool[EXPLODING] == 2
    assert game.exploding_in_deck == 2
    assert game.card_counts() == Counter(COMPOSITION)
    assert game.chance_steps == 0
    assert whose_turn(game) == ("Ada", 1)


def test_first_player_option() -> None:
    game = new_game(ABC, seed=1, first_player=2)
    assert whose_turn(game) == ("Cy", 1)
    game.draw("Cy")
    assert whose_turn(game) == ("Ada", 1)


# ----- a turn ----------------------------------------------------------------------------------
def test_a_turn_is_any_number_of_cards_then_a_draw() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Shuffle", "Shuffle", "Ask for Help"]})
    game.play("Ada", "Shuffle")
    game.play("Ada", "Shuffle")
    assert whose_turn(game) == ("Ada", 1)
    game.draw("Ada")
    enter(game, "Skip")
    assert game.hand("Ada")[0] == "Ask for Help" and game.hand("Ada")[-2:] == ["Mitigate", "Skip"]
    assert whose_turn(game) == ("Bob", 1)
    game.draw("Bob")  # no card played at all
    enter(game, "Nope")
    assert whose_turn(game) == ("Cy", 1)
    assert len(game.deck) == 39 - 2


def test_an_empty_hand_still_draws() -> None:
    game = scripted_game(AB, hands={"Ada": ["Skip", "Legacy Code", "Dead Code", "Magic Number"]})
    game.combo("Ada", ["Legacy Code", "Dead Code", "Magic Number", "Skip", "Mitigate"])
    game.pick("Ada", "Skip")
    game.play("Ada", "Skip")
    assert game.hand("Ada") == []
    game.draw("Bob")
    enter(game, "Nope")
    assert game.legal_actions() == [Action("draw", 0)]
    game.draw("Ada")
    enter(game, "Shuffle")
    assert game.hand("Ada") == ["Shuffle"]


# ----- Exploding Git Commits and Mitigates ------------------------------------------------------
def steal_mitigate(game: ExplodingGame, thief: str, victim: str, pair: str) -> None:
    """``thief`` plays a pair of ``pair`` against ``victim``; the card taken is the Mitigate."""
    game.combo(thief, [pair, pair], target=victim)
    let_it_happen(game)
    say_taken(game, "Mitigate")
    assert "Mitigate" not in game.hand(victim)


def test_an_exploding_card_without_a_mitigate_puts_the_player_out() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Legacy Code", "Legacy Code"],
                                     "Bob": ["Skip", "Nope"]})
    steal_mitigate(game, "Ada", "Bob", "Legacy Code")
    game.draw("Ada")
    enter(game, "Shuffle")
    game.draw("Bob")
    enter(game, "Exploding Git Commit")
    # Revealed, no Mitigate: out, with his hand and the card face up on the discard pile.
    assert not game.view(None)["players"][1]["alive"]
    assert game.view(None)["eliminated"] == ["Bob"]
    assert game.view(None)["players"][1]["eliminated_order"] == 1
    assert game.hand("Bob") == []
    assert discard_names(game)[0] == "Exploding Git Commit"
    assert {"Nope", "Skip"} <= set(discard_names(game)[1:5])
    assert game.exploding_in_deck == 1
    assert whose_turn(game) == ("Cy", 1)
    texts = [game.narrate(e) for e in game.events[-4:]]
    assert "Bob draws an Exploding Git Commit!" in texts
    assert "Bob explodes and is out of the game (number 1 out)." in texts
    # Bob is skipped from now on.
    game.draw("Cy")
    enter(game, "Skip")
    assert whose_turn(game) == ("Ada", 1)
    game.draw("Ada")
    enter(game, "Skip")
    assert whose_turn(game) == ("Cy", 1)


@pytest.mark.parametrize(("position", "words"), [(0, "on top"), (2, "3rd from the top"),
                                                 (40, "at the bottom")])
def test_mitigate_hides_the_card_where_the_player_chooses(position: int, words: str) -> None:
    game = scripted_game(AB)
    game.draw("Ada")
    enter(game, "Exploding Git Commit")
    assert game.phase == "exploding"
    assert game.waiting_for.startswith("Ada drew an Exploding Git Commit")
    # Every place from the top (0) to the bottom (40 cards left) is offered, and exploding.
    mitigations = [a.count for a in game.legal_actions() if a.kind == "mitigate"]
    assert mitigations == list(range(41))
    assert Action("explode", 0) in game.legal_actions()
    assert game.describe(Action("mitigate", 0, count=position)) == \
        f"Ada plays a Mitigate and hides the card {words}"
    game.mitigate("Ada", position)
    assert game.hand("Ada")[-1] != "Mitigate" and "Mitigate" not in game.hand("Ada")
    assert discard_names(game) == ["Mitigate"]
    assert game.deck[position] == EXPLODING and len(game.deck) == 41
    assert game.exploding_in_deck == 1
    # The mitigation ends the turn; only Ada knows where the card is.
    assert whose_turn(game) == ("Bob", 1)
    assert known_top(game, "Ada") == [(position, "Exploding Git Commit")]
    assert known_top(game, "Bob") == []
    assert game.view("Ada")["your_chance_next_explodes"] == (1.0 if position == 0 else 0.0)
    assert game.view("Bob")["your_chance_next_explodes"] == round(1 / 41, 4)
    public = [game.narrate(e) for e in game.events[-3:]]
    assert "Ada hides the Exploding Git Commit back in the draw stack." in public
    assert not any(words in (text or "") for text in public)
    # Bob's draw is entered wherever the card went, so the prompt tells nothing of the place.
    game.draw("Bob")
    assert game.waiting_for == "Enter the card Bob drew."
    if position == 0:
        enter(game, "Exploding Git Commit")
        assert game.phase == "exploding" and whose_turn(game) == ("Bob", 1)
    else:
        enter(game, "Nope")
        assert known_top(game, "Ada") == [(position - 1, "Exploding Git Commit")]


def test_a_player_holding_a_mitigate_may_choose_to_explode() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Skip"]})
    game.draw("Ada")
    enter(game, "Exploding Git Commit")
    assert game.can_explode("Ada")
    game.explode("Ada")
    assert game.view(None)["eliminated"] == ["Ada"]
    assert "Mitigate" in discard_names(game) and "Skip" in discard_names(game)
    assert whose_turn(game) == ("Bob", 1)


def test_automatic_mitigate_option() -> None:
    game = scripted_game(AB, mitigate="automatic")
    game.draw("Ada")
    enter(game, "Exploding Git Commit")
    assert not game.can_explode("Ada")
    assert all(a.kind == "mitigate" for a in game.legal_actions())
    game.mitigate("Ada", 5)
    assert whose_turn(game) == ("Bob", 1)


def test_elimination_and_the_win() -> None:
    game = scripted_game(AB)
    game.draw("Ada")
    enter(game, "Exploding Git Commit")
    game.explode("Ada")
    assert game.is_over
    assert game.winners == ["Bob"]
    assert game.legal_actions() == []
    assert game.current_player is None
    assert game.waiting_for == "The game is over: Bob won."
    assert game.view(None)["turns_owed"] == 0
    assert game.summary() == {"turns": 1, "result": "last_standing", "winners": "Bob",
                              "elimination_order": "Ada", "cards_played": 0}
    last = game.rounds[-2:]
    assert [(r["player"], r["alive"], r["ended_by"], r["eliminated_order"]) for r in last] == [
        ("Ada", False, "explode", 1), ("Bob", True, "", None)]
    assert game.narrate(game.events[-1]) == \
        "Game over: Bob is the last player standing and wins."


def test_three_players_go_out_in_order() -> None:
    game = scripted_game(ABC)
    game.draw("Ada")
    enter(game, "Exploding Git Commit")
    game.explode("Ada")
    game.draw("Bob")
    enter(game, "Skip")
    game.draw("Cy")
    enter(game, "Exploding Git Commit")
    game.explode("Cy")
    assert game.winners == ["Bob"]
    assert game.view(None)["eliminated"] == ["Ada", "Cy"]
    assert game.exploding_in_deck == 0


# ----- Nope -------------------------------------------------------------------------------------
def test_nope_stops_a_card_and_the_card_stays_on_the_discard_pile() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Skip"], "Cy": ["Nope"]})
    game.play("Ada", "Skip")
    assert asked(game) == ["Cy"]  # only Cy holds a Nope
    assert game.waiting_for == "Cy may say Nope to Ada's Skip."
    assert game.view(None)["pending"] == {"card": "Ada's Skip", "by": "Ada", "nopes": 0,
                                          "stands": True}
    game.nope("Cy")
    assert discard_names(game) == ["Nope", "Skip"]
    assert game.phase == "play" and whose_turn(game) == ("Ada", 1)  # Ada must still draw
    assert game.narrate(game.events[-1]) == "Ada's card is noped: nothing happens."


def test_nope_yup_and_nope_again() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Skip", "Nope"], "Bob": ["Nope"],
                                     "Cy": ["Nope", "Nope"]})
    game.play("Ada", "Skip")
    assert asked(game) == ["Bob", "Cy"]
    game.pass_nope("Bob")
    game.nope("Cy")
    # The window opens again, clockwise from Cy: Ada (who may say Yup), then Bob.
    assert asked(game) == ["Ada", "Bob"]
    assert game.waiting_for == "Ada may say Yup (a Nope on the Nope) to bring back Ada's Skip."
    assert game.describe(Action("nope", 0)) == "Ada says Yup"
    game.nope("Ada")
    assert game.narrate(game.events[-1]) == "Ada says Yup!"
    assert asked(game) == ["Bob", "Cy"]
    game.nope("Bob")
    pending = game.view(None)["pending"]
    assert pending is not None
    assert pending["nopes"] == 3
    assert not pending["stands"]
    assert asked(game) == ["Cy"]  # Ada has no Nope left; Cy still has one
    let_it_happen(game)
    # Three Nopes: the Skip is noped; Ada must still draw.
    assert whose_turn(game) == ("Ada", 1) and game.phase == "play"
    assert discard_names(game) == ["Nope", "Nope", "Nope", "Skip"]


def test_a_yup_brings_the_card_back() -> None:
    game = scripted_game(AB, hands={"Ada": ["Skip", "Nope"], "Bob": ["Nope"]})
    game.play("Ada", "Skip")
    game.nope("Bob")
    game.nope("Ada")  # Yup; Bob holds no Nope any more: the Skip happens at once
    assert whose_turn(game) == ("Bob", 1)
    assert game.rounds[0]["ended_by"] == "skip"
    assert [r["nopes"] for r in game.rounds] == [1, 1]
    assert [r["cards_played"] for r in game.rounds] == [2, 1]


def test_everyone_is_asked_with_nope_asks_everyone() -> None:
    game = scripted_game(ABCD, hands={"Bob": ["Shuffle"], "Dee": ["Nope"]},
                         nope_asks="everyone", first_player=1)
    game.play("Bob", "Shuffle")
    assert asked(game) == ["Cy", "Dee", "Ada"]
    assert game.legal_actions() == [Action("pass", 2)]  # Cy holds no Nope
    game.pass_nope("Cy")
    game.nope("Dee")
    assert asked(game) == ["Ada", "Bob", "Cy"]
    let_it_happen(game)
    assert game.phase == "play" and whose_turn(game) == ("Bob", 1)


def test_nobody_holding_a_nope_means_the_card_happens_at_once() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Skip"]})
    game.play("Ada", "Skip")
    assert whose_turn(game) == ("Bob", 1)


def test_a_nope_cannot_stop_an_exploding_card_or_a_mitigate() -> None:
    game = scripted_game(AB, hands={"Bob": ["Nope"]})
    game.draw("Ada")
    enter(game, "Exploding Git Commit")
    assert game.current_player == 0 and not game.can_nope("Bob")
    game.mitigate("Ada", 0)
    assert whose_turn(game) == ("Bob", 1)  # nobody was asked


def test_a_nope_stops_a_combo() -> None:
    game = scripted_game(AB, hands={"Ada": ["Dead Code", "Dead Code"], "Bob": ["Nope"]})
    game.combo("Ada", ["Dead Code", "Dead Code"], target="Bob")
    assert game.waiting_for == "Bob may say Nope to Ada's pair of Dead Code against Bob."
    game.nope("Bob")
    assert len(game.hands[1]) == 4 and len(game.hands[0]) == 3
    assert discard_names(game) == ["Nope", "Dead Code", "Dead Code"]


# ----- Bail and Skip -------------------------------------------------------------------------
def test_bail_gives_the_next_player_two_turns() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Bail"]})
    game.play("Ada", "Bail")
    assert whose_turn(game) == ("Bob", 2)
    assert game.waiting_for == "Bob's turn (1 of 2 turns to take): play cards, or draw to end " \
        "the turn."
    game.draw("Bob")
    enter(game, "Shuffle")
    assert whose_turn(game) == ("Bob", 1)
    game.draw("Bob")
    enter(game, "Shuffle")
    assert whose_turn(game) == ("Cy", 1)
    assert [r["ended_by"] for r in game.rounds if r["player"] == r["turn_player"]] == [
        "bail", "draw", "draw"]


def test_bail_stacking_as_the_rulebook_says() -> None:
    game = scripted_game(ABCD, hands={"Ada": ["Bail"], "Bob": ["Bail"], "Cy": ["Bail", "Bail"]})
    game.play("Ada", "Bail")
    assert whose_turn(game) == ("Bob", 2)
    game.play("Bob", "Bail")  # on the first of his 2 turns: 2 left + 2
    assert whose_turn(game) == ("Cy", 4)
    game.play("Cy", "Bail")
    assert whose_turn(game) == ("Dee", 6)


def test_a_bail_on_the_last_of_two_turns_passes_one_plus_two() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Bail"], "Bob": ["Bail"]})
    game.play("Ada", "Bail")
    game.draw("Bob")
    enter(game, "Skip")
    assert whose_turn(game) == ("Bob", 1)
    game.play("Bob", "Bail")
    assert whose_turn(game) == ("Cy", 3)


def test_noob_bails_always_give_two_turns() -> None:
    game = scripted_game(ABCD, hands={"Ada": ["Bail"], "Bob": ["Bail"], "Cy": ["Bail"]},
                         bail_stacking="noob")
    game.play("Ada", "Bail")
    game.play("Bob", "Bail")
    assert whose_turn(game) == ("Cy", 2)
    game.play("Cy", "Bail")
    assert whose_turn(game) == ("Dee", 2)


def test_a_bail_by_a_player_not_under_a_bail_gives_two() -> None:
    game = scripted_game(ABC, hands={"Bob": ["Bail"]})
    game.draw("Ada")
    enter(game, "Skip")
    game.play("Bob", "Bail")
    assert whose_turn(game) == ("Cy", 2)


def test_skip_against_a_bail_ends_one_of_the_turns() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Bail"], "Bob": ["Skip", "Skip"]})
    game.play("Ada", "Bail")
    game.play("Bob", "Skip")
    assert whose_turn(game) == ("Bob", 1)
    game.play("Bob", "Skip")  # a second Skip ends the second turn
    assert whose_turn(game) == ("Cy", 1)
    assert len(game.deck) == 39  # nobody drew


def test_a_mitigate_ends_one_of_two_turns() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Bail"]})
    game.play("Ada", "Bail")
    game.draw("Bob")
    enter(game, "Exploding Git Commit")
    game.mitigate("Bob", 10)
    assert whose_turn(game) == ("Bob", 1)


def test_exploding_loses_the_turns_still_owed() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Bail"]})
    game.play("Ada", "Bail")
    game.draw("Bob")
    enter(game, "Exploding Git Commit")
    game.explode("Bob")
    assert whose_turn(game) == ("Cy", 1)


# ----- Ask for Help, Shuffle, Peek --------------------------------------------------------------
def test_ask_for_help_the_target_chooses_the_card() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Ask for Help"], "Cy": ["Skip", "Bail"]})
    game.play("Ada", "Ask for Help", target="Cy")
    assert game.current_player == 2 and game.phase == "give"
    assert game.waiting_for == "Cy chooses a card to give to Ada."
    assert sorted(given(a.card) for a in game.legal_actions()) == sorted(
        {ID[name] for name in game.hand("Cy")})
    game.give("Cy", "Skip")
    assert "Skip" in game.hand("Ada") and "Skip" not in game.hand("Cy")
    assert game.narrate(game.events[-1]) == "Cy gives Ada a card."
    assert whose_turn(game) == ("Ada", 1) and game.phase == "play"


def test_ask_for_help_with_one_title_in_hand_still_asks_the_giver() -> None:
    """Bob holds four Dead Codes: he still has a give step, so the table does not learn that his
    hand is all one title."""
    game = scripted_game(AB, hands={"Ada": ["Ask for Help", "Legacy Code", "Legacy Code"],
                                    "Bob": ["Dead Code"] * 4})
    steal_mitigate(game, "Ada", "Bob", "Legacy Code")
    assert game.hand("Bob") == ["Dead Code"] * 4
    game.play("Ada", "Ask for Help", target="Bob")
    assert game.phase == "give" and game.waiting_for == "Bob chooses a card to give to Ada."
    assert game.legal_actions() == [Action("give", 1, card=ID["Dead Code"])]
    game.give("Bob", "Dead Code")
    assert game.hand("Bob") == ["Dead Code"] * 3 and game.hand("Ada")[-1] == "Dead Code"


def test_a_target_who_played_their_last_card_gives_nothing() -> None:
    game = scripted_game(AB, hands={
        "Ada": ["Ask for Help", "Nope"],
        "Bob": ["Nope", "Skip", "Spaghetti Code", "Legacy Code"]})
    game.draw("Ada")
    enter(game, "Shuffle")
    game.draw("Bob")
    enter(game, "Copy-Paste Code")
    game.draw("Ada")
    enter(game, "Shuffle")
    game.combo("Bob", ["Spaghetti Code", "Legacy Code", "Copy-Paste Code", "Mitigate", "Nope"])
    game.pass_nope("Ada")
    game.pick("Bob", "Nope")  # takes his Nope back from the discard pile
    game.play("Bob", "Skip")
    game.pass_nope("Ada")
    assert game.hand("Bob") == ["Nope"]
    game.play("Ada", "Ask for Help", target="Bob")
    game.nope("Bob")  # his last card
    game.nope("Ada")  # Yup
    assert game.hand("Bob") == []
    assert game.narrate(game.events[-1]) == "Bob has no card left: Ada gets nothing."
    assert game.phase == "play" and whose_turn(game) == ("Ada", 1)


def test_shuffle_digital_reorders_the_stack_and_forgets_what_was_seen() -> None:
    game = new_game(AB, seed=5)
    game.hands[0][0] = ID["Peek into the Future"]  # a test-only hand: Peek, then Shuffle
    game.hands[0][1] = ID["Shuffle"]
    game.play("Ada", "Peek into the Future")
    let_it_happen(game)
    assert len(known_top(game, "Ada")) == 3
    before = list(game.deck)
    steps = game.chance_steps
    game.play("Ada", "Shuffle")
    let_it_happen(game)
    assert sorted(known(game.deck)) == sorted(known(before)) and game.deck != before
    assert game.chance_steps == steps + 1
    assert known_top(game, "Ada") == []
    assert game.narrate(game.events[-1]) == "The draw stack is shuffled."


def test_shuffle_physical_needs_no_entry_and_forgets_the_order() -> None:
    game = scripted_game(AB, hands={"Ada": ["Peek into the Future", "Shuffle"]})
    game.play("Ada", "Peek into the Future")
    enter(game, "Skip", "Exploding Git Commit", "Nope")
    assert game.deck[:3] == [ID["Skip"], EXPLODING, ID["Nope"]]
    game.play("Ada", "Shuffle")
    assert game.phase == "play"
    assert game.deck == [None] * 41
    assert game.pool[EXPLODING] == 1
    assert known_top(game, "Ada") == []


def test_peek_shows_the_top_three_to_the_player_only() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Peek into the Future"]})
    game.play("Ada", "Peek into the Future")
    assert game.waiting_for == "Enter the card Ada sees on top."
    enter(game, "Skip")
    assert game.waiting_for == "Enter the card Ada sees 2nd from the top."
    enter(game, "Exploding Git Commit", "Nope")
    assert known_top(game, "Ada") == [(0, "Skip"), (1, "Exploding Git Commit"), (2, "Nope")]
    assert known_top(game, "Bob") == []
    assert game.view("Ada")["your_chance_next_explodes"] == 0.0
    assert game.secrets("Ada") == [
        "You know the draw stack: Skip on top, Exploding Git Commit 2nd from the top, "
        "Nope 3rd from the top.",
        "So the chance that the next card drawn explodes is 0%."]
    assert game.secrets("Bob") == []
    peek = next(e for e in game.events if e.kind == "peek")
    assert peek.private and game.narrate(peek) == "Ada looks at the top of the draw stack."
    # The engine knows the top now, yet the draw is entered as any other; Ada's knowledge moves
    # up.
    game.draw("Ada")
    assert game.waiting_for == "Enter the card Ada drew."
    enter(game, "Skip")
    assert game.hand("Ada")[-1] == "Skip"
    assert known_top(game, "Ada") == [(0, "Exploding Git Commit"), (1, "Nope")]
    assert game.view("Ada")["your_chance_next_explodes"] == 1.0
    assert game.secrets("Ada")[1] == "So the chance that the next card drawn explodes is 100%."
    game.draw("Bob")
    enter(game, "Exploding Git Commit")
    assert game.phase == "exploding"


def test_hiding_a_card_keeps_what_the_player_saw() -> None:
    game = scripted_game(AB, hands={"Ada": ["Peek into the Future"]})
    game.play("Ada", "Peek into the Future")
    enter(game, "Exploding Git Commit", "Skip", "Nope")
    game.draw("Ada")
    enter(game, "Exploding Git Commit")
    game.mitigate("Ada", 1)
    # Ada hid it under the Skip: she knows the top three still.
    assert known_top(game, "Ada") == [(0, "Skip"), (1, "Exploding Git Commit"), (2, "Nope")]
    game.draw("Bob")
    enter(game, "Skip")
    assert game.hand("Bob")[-1] == "Skip"
    assert known_top(game, "Ada") == [(0, "Exploding Git Commit"), (1, "Nope")]


def test_another_players_mitigate_makes_a_peek_unreliable() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Peek into the Future"]})
    game.play("Ada", "Peek into the Future")
    enter(game, "Skip", "Exploding Git Commit", "Nope")
    game.draw("Ada")
    enter(game, "Skip")
    game.draw("Bob")
    enter(game, "Exploding Git Commit")
    assert game.phase == "exploding"
    game.mitigate("Bob", 3)
    # Ada cannot know where Bob hid the card: what she saw is dropped from her view.
    assert known_top(game, "Ada") == []
    assert known_top(game, "Bob") == [(3, "Exploding Git Commit")]
    assert known_top(game, "Cy") == []


def test_a_peek_near_the_end_shows_what_is_left() -> None:
    game = new_game(AB, seed=8)
    game.hands[0][0] = ID["Peek into the Future"]
    game.deck = game.deck[-2:]  # a test-only stack of two cards
    game.play("Ada", "Peek into the Future")
    let_it_happen(game)
    assert len(known_top(game, "Ada")) == 2


# ----- combos ------------------------------------------------------------------------------------
def test_a_pair_of_code_cards_takes_a_random_card_digital() -> None:
    game = new_game(AB, seed=21)
    game.hands[0][:2] = [ID["Legacy Code"], ID["Legacy Code"]]
    bob = sorted(game.hands[1])
    steps = game.chance_steps
    game.combo("Ada", ["Legacy Code", "Legacy Code"], target="Bob")
    let_it_happen(game)
    assert game.chance_steps == steps + 1
    taken = game.hands[0][-1]
    assert sorted(game.hands[1] + [taken]) == bob
    event = game.events[-1]
    assert event.private and game.narrate(event) == "Ada takes a random card from Bob."


def test_a_pair_of_code_cards_physical_the_player_robbed_says_the_card_taken() -> None:
    """Bob, behind his curtain, says which card Ada took: the choices are his own titles, seen
    by him only (a prompt for the facilitator would show them to the room)."""
    game = scripted_game(AB, hands={"Ada": ["Legacy Code", "Legacy Code"],
                                    "Bob": ["Skip", "Bail"]})
    game.combo("Ada", ["Legacy Code", "Legacy Code"], target="Bob")
    assert game.current_player == 1 and game.phase == "steal"
    assert game.waiting_for == "Bob says which card Ada took at random."
    assert sorted(given(a.card) for a in game.legal_actions()) == sorted(
        ID[name] for name in set(game.hand("Bob")))
    assert game.describe(Action("give", 1, card=ID["Skip"])) == "Ada took Skip from Bob"
    say_taken(game, "Skip")
    assert game.hand("Ada")[-1] == "Skip" and len(game.hand("Bob")) == 4
    assert game.narrate(game.events[-1]) == "Ada takes a random card from Bob."
    assert game.phase == "play"


def test_special_combos_any_pair_and_the_instructions_are_ignored() -> None:
    game = scripted_game(AB, hands={"Ada": ["Skip", "Skip"], "Bob": ["Nope"]})
    game.combo("Ada", ["Skip", "Skip"], target="Bob")
    game.pass_nope("Bob")
    say_taken(game, "Nope")
    assert whose_turn(game) == ("Ada", 1)  # the Skips did not end the turn
    assert "Nope" in game.hand("Ada")


def test_without_special_combos_only_pairs_of_code_cards() -> None:
    game = scripted_game(AB, hands={"Ada": ["Skip", "Skip", "Dead Code", "Dead Code"]},
                         special_combos=False)
    kinds = {(a.kind, a.cards) for a in game.legal_actions()}
    assert ("combo", (ID["Dead Code"],) * 2) in kinds
    assert ("combo", (ID["Skip"],) * 2) not in kinds
    assert not game.can_combo("Ada", ["Skip", "Skip"], target="Bob")
    game.combo("Ada", ["Dead Code", "Dead Code"], target="Bob")
    say_taken(game, "Mitigate")
    assert "Mitigate" in game.hand("Ada")


def test_three_of_a_kind_takes_the_card_named() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Dead Code"] * 3, "Cy": ["Nope"]})
    game.combo("Ada", ["Dead Code"] * 3, target="Cy", name="Nope")
    assert game.waiting_for == "Cy may say Nope to Ada's three Dead Code asking Cy for Nope."
    game.pass_nope("Cy")
    assert game.hand("Ada")[-2:] == ["Mitigate", "Nope"] and len(game.hand("Ada")) == 3
    assert "Nope" not in game.hand("Cy")
    assert game.narrate(game.events[-1]) == "Cy gives Ada a Nope."


def test_three_of_a_kind_for_a_card_not_held_gives_nothing() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Dead Code"] * 3})
    cy = game.hand("Cy")
    game.combo("Ada", ["Dead Code"] * 3, target="Cy", name="Skip")
    assert game.hand("Cy") == cy and len(game.hand("Ada")) == 2
    assert game.narrate(game.events[-1]) == "Cy has no Skip: Booo."


def test_five_different_cards_take_any_card_from_the_discard_pile() -> None:
    game = scripted_game(AB, hands={"Ada": ["Spaghetti Code", "Legacy Code", "Skip",
                                            "Copy-Paste Code"]})
    game.combo("Ada", ["Spaghetti Code", "Legacy Code", "Skip", "Copy-Paste Code", "Mitigate"])
    assert game.phase == "pick" and game.waiting_for == "Ada takes a card from the discard pile."
    assert sorted(given(a.card) for a in game.legal_actions()) == sorted(
        ID[n] for n in ("Spaghetti Code", "Legacy Code", "Skip", "Copy-Paste Code", "Mitigate"))
    game.pick("Ada", "Mitigate")
    assert game.hand("Ada") == ["Mitigate"]
    assert game.narrate(game.events[-1]) == "Ada takes Mitigate from the discard pile."


def test_an_exploding_card_is_never_taken_from_the_discard_pile() -> None:
    game = scripted_game(ABC, hands={"Bob": ["Spaghetti Code", "Legacy Code", "Skip",
                                            "Copy-Paste Code"]})
    game.draw("Ada")
    enter(game, "Exploding Git Commit")
    game.explode("Ada")
    game.combo("Bob", ["Spaghetti Code", "Legacy Code", "Skip", "Copy-Paste Code", "Mitigate"])
    assert "Exploding Git Commit" in discard_names(game)
    assert Action("pick", 1, card=EXPLODING) not in game.legal_actions()
    assert not game.can_pick("Bob", "Exploding Git Commit")


# ----- physical deck, views, rows, sessions -----------------------------------------------------
def test_physical_mode_counts_no_engine_chance() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Shuffle", "Legacy Code", "Legacy Code"]})
    game.play("Ada", "Shuffle")
    game.combo("Ada", ["Legacy Code", "Legacy Code"], target="Bob")
    say_taken(game, "Magic Number")
    game.draw("Ada")
    enter(game, "Nope")
    assert game.chance_steps == 0
    assert [a.kind for a in game.log[-3:]] == ["give", "draw", "deal"]


def test_the_public_view_shows_counts_and_never_a_hand() -> None:
    game = new_game(ABC, seed=9)
    view = game.view(None)
    for key in ("deck_size", "exploding_in_deck", "chance_next_explodes", "players",
                "eliminated", "discard_top", "turn_player", "turns_owed", "waiting_for"):
        assert key in view
    assert "hand" not in view and "known_top" not in view
    assert view["chance_next_explodes"] == round(2 / 39, 4)
    assert [p["hand_size"] for p in view["players"]] == [5, 5, 5]
    mine = game.view("Bob")
    assert mine["you"] == "Bob" and [c["card"] for c in mine["hand"]] == game.hand("Bob")
    assert mine["known_top"] == []


def test_private_events_are_narrated_without_their_cards() -> None:
    game = new_game(ABC, seed=9)
    game.draw("Ada")
    draw = next(e for e in game.events if e.kind == "draw")
    assert draw.private and game.narrate(draw) == "Ada draws a card."
    assert all(game.narrate(e) is None for e in game.events if e.kind == "deal")


def test_rounds_have_a_row_per_player_per_turn() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Skip"]})
    game.play("Ada", "Skip")
    game.draw("Bob")
    enter(game, "Nope")
    rows = game.rounds
    assert len(rows) == 6 and tuple(rows[0]) == ROUND_FIELDS
    assert [(r["turn"], r["turn_player"], r["player"], r["ended_by"]) for r in rows] == [
        (1, "Ada", "Ada", "skip"), (1, "Ada", "Bob", ""), (1, "Ada", "Cy", ""),
        (2, "Bob", "Ada", ""), (2, "Bob", "Bob", "draw"), (2, "Bob", "Cy", "")]
    assert rows[0]["cards_played"] == 1 and rows[0]["hand_size"] == 4
    assert rows[3]["deck_size"] == 38 and rows[3]["exploding_in_deck"] == 2
    assert rows[3]["chance_next_explodes"] == round(2 / 38, 4)


def test_a_scripted_physical_game_saves_and_replays_exactly() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Peek into the Future", "Bail"], "Bob": ["Nope"]})
    game.play("Ada", "Peek into the Future")
    game.pass_nope("Bob")
    enter(game, "Skip", "Exploding Git Commit", "Nope")
    game.play("Ada", "Bail")
    game.nope("Bob")
    game.draw("Ada")
    enter(game, "Skip")
    game.draw("Bob")
    enter(game, "Exploding Git Commit")
    game.mitigate("Bob", 0)
    text = game.session().to_json()
    assert json.loads(text)["game"] == "exploding"
    again = Session.from_json(text).replay()
    assert again.snapshot() == game.snapshot()
    game.undo(1)
    assert game.phase == "exploding"


def test_describe_reads_well() -> None:
    game = new_game(ABC, seed=1)
    assert game.describe(Action("draw", 0)) == "Ada draws a card to end the turn"
    assert game.describe(Action("play", 0, card=ID["Ask for Help"], target=2)) == \
        "Ada plays Ask for Help on Cy"
    assert game.describe(Action("combo", 0, cards=(13, 13, 13), target=1, card=MITIGATE)) == \
        "Ada plays three Dead Code asking Bob for Mitigate"
    assert game.describe(Action("combo", 0, cards=(4, 5, 6, 7, 8))).startswith(
        "Ada plays five different cards (Bail, Skip, Ask for Help, Shuffle, Peek")
    assert game.describe(Action("pass", 1)) == "Bob lets it happen"
    assert game.describe(Action("explode", 0)) == "Ada explodes (keeps the Mitigate)"


@pytest.mark.parametrize("deck", ["digital", "physical"])
def test_every_move_and_event_reads_as_a_sentence(deck: str) -> None:
    """Random games: every move offered is described, every event narrated; a private event's
    sentence never names a card (only the hidden Exploding Git Commit, which everybody saw)."""
    from devgames.core.bots import RandomBot

    secret = [card.name for card in CARDS.values() if card.id != EXPLODING]
    for seed in range(30):
        game = new_game(ABCD[: 2 + seed % 3], seed=seed, deck=deck)
        bot = RandomBot(seed)
        while not game.is_over:
            for action in game.legal_actions():
                text: str | None = game.describe(action)
                assert text and text[0].isupper() and "None" not in text
            assert game.waiting_for.endswith(".")
            game.apply(bot.choose(game))
        for event in game.events:
            text = game.narrate(event)
            if event.private:
                assert not any(name in (text or "") for name in secret), text
            if text is not None:
                assert text[0].isupper() or text[0].isdigit(), text
                assert text.endswith((".", "!")), text


# ----- the options for the rulebook's open points ------------------------------------------------
def test_counterclockwise_play_turns_bails_and_nope_questions() -> None:
    """direction="counterclockwise": Ada's next player is Dee; a Bail goes to Dee; the table is
    asked whether to Nope from Ada's right."""
    game = scripted_game(ABCD, hands={"Ada": ["Bail", "Skip"]}, nope_asks="everyone",
                         direction="counterclockwise")
    game.play("Ada", "Skip")
    assert asked(game) == ["Dee", "Cy", "Bob"]
    let_it_happen(game)
    assert whose_turn(game) == ("Dee", 1)
    game.draw("Dee")
    enter(game, "Nope")
    assert whose_turn(game) == ("Cy", 1)
    clockwise = scripted_game(ABCD, hands={"Ada": ["Bail"]}, nope_asks="everyone")
    clockwise.play("Ada", "Bail")
    assert asked(clockwise) == ["Bob", "Cy", "Dee"]
    let_it_happen(clockwise)
    assert whose_turn(clockwise) == ("Bob", 2)


@pytest.mark.parametrize(("owed_turns", "cy_turns"), [("lost", 1), ("passed_on", 2)])
def test_exploding_while_owing_turns(owed_turns: str, cy_turns: int) -> None:
    """Bob explodes on the first of the 2 turns Ada's Bail gave him: the turn still owed is
    lost, or passed on to Cy, who then counts as taking turns because of a Bail."""
    game = scripted_game(ABC, hands={"Ada": ["Bail"], "Cy": ["Bail"]}, owed_turns=owed_turns)
    game.play("Ada", "Bail")
    game.draw("Bob")
    enter(game, "Exploding Git Commit")
    game.explode("Bob")
    assert whose_turn(game) == ("Cy", cy_turns)
    game.play("Cy", "Bail")  # rulebook stacking: the turns left plus 2 when under a Bail
    assert whose_turn(game) == ("Ada", cy_turns + 2 if cy_turns > 1 else 2)


def test_exploding_on_the_last_owed_turn_passes_on_nothing() -> None:
    game = scripted_game(ABC, hands={"Ada": ["Bail"]}, owed_turns="passed_on")
    game.play("Ada", "Bail")
    game.draw("Bob")
    enter(game, "Skip")
    game.draw("Bob")
    enter(game, "Exploding Git Commit")
    game.explode("Bob")
    assert whose_turn(game) == ("Cy", 1)


@pytest.mark.parametrize("ask_empty_hand", ["refused", "allowed"])
def test_asking_help_of_an_empty_hand(ask_empty_hand: str) -> None:
    game = scripted_game(ABC, hands={"Ada": ["Ask for Help"]}, ask_empty_hand=ask_empty_hand)
    game.hands[1] = []  # a test-only hand: Bob has nothing left
    ask_bob = Action("play", 0, card=ID["Ask for Help"], target=1)
    if ask_empty_hand == "refused":
        assert ask_bob not in game.legal_actions()
        assert_refused(game, lambda: game.play("Ada", "Ask for Help", target="Bob"),
                       "empty_hand", "Bob")
        return
    assert ask_bob in game.legal_actions()
    game.play("Ada", "Ask for Help", target="Bob")
    assert game.phase == "play" and whose_turn(game) == ("Ada", 1)
    assert discard_names(game) == ["Ask for Help"]
    assert game.narrate(game.events[-1]) == "Bob has no card left: Ada gets nothing."


def test_the_five_card_combo_may_take_an_exploding_card_when_allowed() -> None:
    """pick_exploding="allowed": Bob takes the Exploding Git Commit Ada exploded with. In his
    hand it does nothing alone; it can be named by three of a kind and played in combos."""
    game = scripted_game(ABC, hands={"Bob": ["Spaghetti Code", "Legacy Code", "Skip",
                                             "Copy-Paste Code"],
                                     "Cy": ["Dead Code"] * 3},
                         pick_exploding="allowed")
    game.draw("Ada")
    enter(game, "Exploding Git Commit")
    game.explode("Ada")
    game.combo("Bob", ["Spaghetti Code", "Legacy Code", "Skip", "Copy-Paste Code", "Mitigate"])
    assert Action("pick", 1, card=EXPLODING) in game.legal_actions()
    game.pick("Bob", "Exploding Git Commit")
    assert game.hand("Bob") == ["Exploding Git Commit"]
    assert game.view("Bob")["hand"][0]["kind"] == "exploding"
    assert game.exploding_in_deck == 1  # the stack still holds one fewer than the players
    assert_refused(game, lambda: game.play("Bob", "Exploding Git Commit"), "not_playable")
    game.draw("Bob")
    enter(game, "Skip")
    game.combo("Cy", ["Dead Code"] * 3, target="Bob", name="Exploding Git Commit")
    assert game.hand("Cy")[-1] == "Exploding Git Commit" and game.hand("Bob") == ["Skip"]
    assert sum(game.card_counts().values()) == 56


@pytest.mark.parametrize("seed", range(3))
def test_nope_first_left_asks_from_the_players_left(seed: int) -> None:
    game = scripted_game(ABCD, hands={"Ada": ["Skip"]}, nope_asks="everyone", seed=seed)
    game.play("Ada", "Skip")
    assert asked(game) == ["Bob", "Cy", "Dee"]


def test_nope_first_random_draws_the_order_each_time() -> None:
    """nope_first="random": nobody has priority by seat; the order is drawn from the game's seed,
    so a replay asks in the same order."""
    firsts = set()
    for seed in range(12):
        game = scripted_game(ABCD, hands={"Ada": ["Skip"], "Cy": ["Nope"]},
                             nope_asks="everyone", nope_first="random", seed=seed)
        game.play("Ada", "Skip")
        order = asked(game)
        assert sorted(order) == ["Bob", "Cy", "Dee"]
        firsts.add(order[0])
        assert asked(cast(ExplodingGame, game.session().replay())) == order
        while game.current_player != 2:
            game.pass_nope(game.current_player)  # type: ignore[arg-type]
        game.nope("Cy")
        assert sorted(asked(game)) == ["Ada", "Bob", "Dee"]
    assert len(firsts) > 1
