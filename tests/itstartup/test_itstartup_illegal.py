"""Illegal moves and bad set-ups: a typed error, a sentence for the room, and nothing changed.

A facilitator at the projector types what the table does; a mistyped or out-of-turn move must be
refused with a reason that can be read out, and must leave the game exactly as it was.
"""

from itertools import permutations
from random import Random
from typing import Any

import pytest

from devgames.core.actions import CHANCE, Action
from devgames.core.errors import SetupError
from devgames.itstartup import new_game
from devgames.itstartup.game import ItStartupGame
from tests.itstartup.helpers import (
    CODE_MONKEY,
    deal,
    employee,
    filler,
    finish_turn,
    pass_turn,
    pending,
    scripted_game,
)
from tests.refusals import assert_readable, assert_refused

AB = ["Ada", "Bob"]


def ada_bob(**options: Any) -> ItStartupGame:
    """Ada's turn 1 (d6 of 1: 2 resources) holding Intern, TDD, Lead Developer, Monster Bug and
    Shy Frontend Developer; Bob holds Clean code and Head Hunter."""
    return scripted_game(
        AB,
        hands={"Ada": ["Intern", "TDD", "Lead Developer", "Monster Bug",
                       "Shy Frontend Developer"],
               "Bob": ["Clean code", "Head Hunter"]},
        roll=1, **options,
    )


# ----- whose turn, which card ---------------------------------------------------------------------
def test_not_your_turn() -> None:
    """Bob plays, sells, buys or ends a turn during Ada's turn."""
    game = ada_bob()
    assert_refused(game, lambda: game.play("Bob", "Clean code", target="Intern"),
                   "not_your_turn", "Ada", "Bob")
    assert_refused(game, lambda: game.sell("Bob", "Clean code"), "not_your_turn", "Ada", "Bob")
    assert_refused(game, lambda: game.buy("Bob"), "not_your_turn", "Ada")
    assert_refused(game, lambda: game.end_turn("Bob"), "not_your_turn", "Ada")
    assert_refused(game, lambda: game.mulligan("Bob", []), "not_your_turn", "Ada")


@pytest.mark.parametrize("player", ["Zoe", 2, -3])
def test_unknown_player(player: str | int) -> None:
    """A player who is not at the table, by name or seat."""
    game = ada_bob()
    assert_refused(game, lambda: game.end_turn(player), "unknown_player", str(player))


def test_card_not_in_hand() -> None:
    """Ada plays or sells Head Hunter, which Bob holds (by name and by id)."""
    game = ada_bob()
    assert_refused(game, lambda: game.play("Ada", "Head Hunter", target="Intern"),
                   "card_not_in_hand", "Ada", "Head Hunter")
    assert_refused(game, lambda: game.sell("Ada", "Clean code"),
                   "card_not_in_hand", "Ada", "Clean code")
    bobs = game.card_id("Head Hunter", game.hands[1])
    assert_refused(game, lambda: game.apply(Action("play", 0, card=bobs)),
                   "card_not_in_hand", "Head Hunter")
    assert_refused(game, lambda: game.plan("Ada", "Head Hunter"),
                   "card_not_in_hand", "Head Hunter")


def test_unknown_card_name() -> None:
    """A name IT Startup does not have."""
    game = ada_bob()
    assert_refused(game, lambda: game.play("Ada", "Interns"), "unknown_card", "Interns")


def test_unaffordable_card() -> None:
    """Ada has 2 resources; Lead Developer costs 5."""
    game = ada_bob()
    assert_refused(game, lambda: game.play("Ada", "Lead Developer"),
                   "not_enough_resources", "Lead Developer", "5", "2")
    game.play("Ada", "Intern")
    assert_refused(game, lambda: game.play("Ada", "TDD", target="Intern"),
                   "not_enough_resources", "TDD", "4", "1")


def test_a_listed_move_is_checked_again_after_another_move() -> None:
    """The actions ``legal_actions`` listed are taken as they are only until the next move:
    once Ada has sold Intern, its listed sale and play are refused."""
    game = ada_bob()
    intern = game.card_id("Intern", game.hands[0])
    listed = game.legal_actions()
    sale = next(a for a in listed if a.kind == "sell" and a.card == intern)
    hire = next(a for a in listed if a.kind == "play" and a.card == intern)
    game.apply(sale)
    assert_refused(game, lambda: game.apply(sale), "card_not_in_hand", "Intern")
    assert_refused(game, lambda: game.apply(hire), "card_not_in_hand", "Intern")


# ----- targets ------------------------------------------------------------------------------------
def test_knowledge_needs_one_of_your_developers() -> None:
    """Not on an HR card, not on an opponent's developer, not on nothing."""
    game = scripted_game(
        AB,
        hands={"Bob": ["Intern"],
               "Ada": ["The Nice HR Lady", "Clean code", "Intern"]},
        roll=6, first_player=1,
    )
    game.play("Bob", "Intern")
    pass_turn(game, "Bob")
    game.play("Ada", "The Nice HR Lady")  # 5
    bobs_intern = employee(game, "Intern", "Bob")
    assert_refused(game, lambda: game.play("Ada", "Clean code", target="The Nice HR Lady"),
                   "bad_target", "Knowledge")
    assert_refused(game, lambda: game.play("Ada", "Clean code", target=bobs_intern),
                   "bad_target")
    assert_refused(game, lambda: game.play("Ada", "Clean code"), "bad_target")
    game.play("Ada", "Intern")
    game.play("Ada", "Clean code", target=employee(game, "Intern", "Ada"))


def outsourced_intern() -> ItStartupGame:
    """Ada holds Bob's Intern (with Clean code) through Outsourcing; it is Bob's turn 2 and Bob
    holds Head Hunter, Outsourcing and Rockstar Recruiter, with an Undercover HR Agent on the
    table and 7 resources."""
    game = scripted_game(
        AB,
        hands={"Bob": ["Intern", "Clean code", "Undercover HR Agent", "Head Hunter",
                       "Outsourcing"],
               "Ada": ["Outsourcing", "Ambitious Apprentice", CODE_MONKEY, "Polymorphism"]},
        roll=6, first_player=1,
    )
    game.play("Bob", "Intern")  # 6
    game.play("Bob", "Clean code", target="Intern")  # 5
    game.play("Bob", "Undercover HR Agent")  # 2
    pass_turn(game, "Bob")
    game.play("Ada", "Outsourcing", target="Intern")  # Ada 5, Bob 4
    game.play("Ada", "Ambitious Apprentice")  # 4
    return game


def test_outsourcing_targets_an_opponents_employee() -> None:
    """Ada cannot outsource her own employee; with none to borrow the card cannot be played."""
    game = scripted_game(AB, hands={"Ada": ["Intern", "Outsourcing"]}, roll=6)
    game.play("Ada", "Intern")
    intern = employee(game, "Intern")
    assert_refused(game, lambda: game.play("Ada", "Outsourcing", target=intern), "bad_target",
                   "Outsourcing")
    assert_refused(game, lambda: game.play("Ada", "Outsourcing"), "bad_target", "Outsourcing")


def test_downer_dave_targets_an_opponents_employee() -> None:
    """Downer Dave cannot tire Ada's own Intern."""
    game = scripted_game(AB, hands={"Ada": ["Intern", "Downer Dave"]}, roll=6)
    game.play("Ada", "Intern")
    intern = employee(game, "Intern")
    assert_refused(game, lambda: game.play("Ada", "Downer Dave", target=intern), "bad_target",
                   "Downer Dave")


def test_an_outsourced_employee_cannot_be_taken_over() -> None:
    """Bob's own Intern, held by Ada through Outsourcing, is no target for Bob's Head Hunter,
    Outsourcing or Undercover HR Agent."""
    game = outsourced_intern()
    intern = employee(game, "Intern", "Ada")
    apprentice = employee(game, "Ambitious Apprentice", "Ada")
    finish_turn(game, "Ada")
    assert game.current_player == 1
    hunter = game.card_id("Head Hunter", game.hands[1])
    assert game.can_apply(Action("play", 1, card=hunter, target=apprentice))
    assert_refused(game, lambda: game.play("Bob", "Head Hunter", target=intern), "bad_target",
                   "Head Hunter")
    assert_refused(game, lambda: game.play("Bob", "Outsourcing", target=intern), "bad_target",
                   "Outsourcing")
    assert_refused(game, lambda: game.activate("Bob", "Undercover HR Agent", target=intern),
                   "bad_target", "Agent")


def test_an_outsourced_employee_cannot_be_taken_over_by_a_third_player() -> None:
    """Three players: Cy's Head Hunter cannot take the Intern Ada borrowed from Bob."""
    game = scripted_game(
        ["Ada", "Bob", "Cy"],
        hands={"Ada": ["Intern"], "Bob": ["Outsourcing"], "Cy": ["Head Hunter"]},
        roll=6,
    )
    game.play("Ada", "Intern")
    finish_turn(game, "Ada")
    game.play("Bob", "Outsourcing", target="Intern")
    finish_turn(game, "Bob")
    intern = employee(game, "Intern", "Bob")
    assert_refused(game, lambda: game.play("Cy", "Head Hunter", target=intern), "bad_target")


def test_an_outsourced_employee_cannot_go_back_to_hand() -> None:
    """Code Monkey cannot return the Intern Ada holds through Outsourcing."""
    game = outsourced_intern()
    intern = employee(game, "Intern", "Ada")
    assert_refused(game, lambda: game.play("Ada", CODE_MONKEY, target=intern), "bad_target",
                   CODE_MONKEY)


def test_no_transfer_to_or_from_an_outsourced_employee() -> None:
    """Clean code cannot leave the outsourced Intern, nor can Ada's knowledge move onto it."""
    game = outsourced_intern()
    game.play("Ada", "Polymorphism", target="Ambitious Apprentice")  # 1 - 2: free
    intern = employee(game, "Intern", "Ada")
    apprentice = employee(game, "Ambitious Apprentice")
    clean_code = game.employees[intern].knowledge[0]
    own = game.employees[apprentice].knowledge[0]
    assert_refused(game, lambda: game.transfer("Ada", clean_code, apprentice), "bad_transfer",
                   "outsourced")
    assert_refused(game, lambda: game.transfer("Ada", own, intern), "bad_transfer")


def test_bad_transfers() -> None:
    """Knowledge moves only between two different developers of yours: not onto an HR card,
    not onto the developer it is on (Ada could pay for a move to Copy Paste Developer)."""
    game = scripted_game(
        AB, hands={"Ada": ["Intern", "The Nice HR Guy", "Clean code", "Copy Paste Developer"]},
        roll=6,
    )
    game.play("Ada", "Intern")  # 6
    game.play("Ada", "Clean code", target="Intern")  # 5
    game.play("Ada", "Copy Paste Developer")  # 4
    game.play("Ada", "The Nice HR Guy")  # 2
    intern = employee(game, "Intern")
    clean_code = game.employees[intern].knowledge[0]
    guy = employee(game, "The Nice HR Guy")
    copy_paste = employee(game, "Copy Paste Developer")
    assert game.can_transfer("Ada", clean_code, copy_paste)
    assert not game.can_transfer("Ada", clean_code, guy)
    assert_refused(game, lambda: game.transfer("Ada", clean_code, guy), "bad_transfer",
                   "developers")
    assert_refused(game, lambda: game.transfer("Ada", clean_code, intern), "bad_transfer")


def test_a_transfer_needs_its_cost() -> None:
    """Moving TDD costs 4 again: with 1 resource it is refused."""
    game = scripted_game(
        AB, hands={"Ada": ["Intern", "TDD", "Copy Paste Developer"]}, roll=6,
    )
    game.play("Ada", "Intern")  # 6
    game.play("Ada", "TDD", target="Intern")  # 2
    game.play("Ada", "Copy Paste Developer")  # 1
    tdd = game.employees[employee(game, "Intern")].knowledge[0]
    assert_refused(game, lambda: game.transfer("Ada", tdd, "Copy Paste Developer"),
                   "bad_transfer")


# ----- planning, buying, activated abilities ------------------------------------------------------
def test_only_action_cards_can_be_planned() -> None:
    """Intern is a developer."""
    game = ada_bob()
    assert_refused(game, lambda: game.plan("Ada", "Intern"), "not_an_action", "action")


def test_one_planned_card_that_cannot_be_taken_back() -> None:
    """With Monster Bug planned, Investor cannot be planned too, nor Monster Bug sold."""
    game = scripted_game(AB, hands={"Ada": ["Monster Bug", "Investor"]}, roll=6)
    game.plan("Ada", "Monster Bug")
    assert_refused(game, lambda: game.plan("Ada", "Investor"), "already_planned", "Ada")
    planned = game.planned[0][0]  # type: ignore[index]
    assert_refused(game, lambda: game.apply(Action("sell", 0, card=planned)),
                   "card_not_in_hand", "Monster Bug")
    assert_refused(game, lambda: game.apply(Action("plan", 0, card=planned)),
                   "card_not_in_hand", "Monster Bug")


def test_buying_needs_two_resources() -> None:
    """Ada has 2: one card, then no more."""
    game = ada_bob()
    game.buy("Ada")
    deal(game, filler(game))
    assert game.resources[0] == 0
    assert_refused(game, lambda: game.buy("Ada"), "cannot_buy", "2")


@pytest.mark.parametrize("amount", [3, 0, -1])
def test_shy_frontend_x_between_one_and_your_resources(amount: int) -> None:
    """Ada has 2 resources after two sales: X is 1 or 2."""
    game = ada_bob()
    game.play("Ada", "Shy Frontend Developer")  # 0
    game.sell("Ada", "TDD")
    game.sell("Ada", "Monster Bug")  # 2
    assert_refused(game, lambda: game.activate("Ada", "Shy Frontend Developer", amount=amount),
                   "bad_amount", "2")


def test_an_employee_without_an_ability_cannot_be_activated() -> None:
    """The Intern has no activated ability."""
    game = ada_bob()
    game.play("Ada", "Intern")
    assert_refused(game, lambda: game.activate("Ada", "Intern", amount=1), "no_ability",
                   "Intern")


def test_an_agent_used_twice_in_a_turn() -> None:
    """The same Undercover HR Agent cannot go again this turn, whatever the coin said."""
    game = scripted_game(
        AB, hands={"Bob": ["Intern"], "Ada": ["Undercover HR Agent"]}, roll=6, first_player=1,
    )
    game.play("Bob", "Intern")
    pass_turn(game, "Bob")
    game.play("Ada", "Undercover HR Agent")  # 4
    game.activate("Ada", "Undercover HR Agent", target="Intern")  # 3
    game.flip(False)
    assert_refused(game, lambda: game.activate("Ada", "Undercover HR Agent", target="Intern"),
                   "agent_used", "Agent")


def test_an_agent_needs_one_resource() -> None:
    """With no resources left the Agent cannot be sent."""
    game = scripted_game(
        AB, hands={"Bob": ["Intern"], "Ada": ["Undercover HR Agent", "Lead Developer"]}, roll=1,
        first_player=1,
    )
    game.play("Bob", "Intern")
    pass_turn(game, "Bob")
    for card in list(game.hand("Ada")):
        if card != "Undercover HR Agent":
            game.sell("Ada", card)  # 2 + 5 = 7
    game.play("Ada", "Undercover HR Agent")  # 4
    game.buy("Ada")
    deal(game, filler(game))
    game.buy("Ada")
    deal(game, filler(game))  # 0
    assert_refused(game, lambda: game.activate("Ada", "Undercover HR Agent", target="Intern"),
                   "bad_target", "1")


# ----- decisions and chance -----------------------------------------------------------------------
def test_answering_a_decision_that_is_not_pending() -> None:
    """No Head Hunter, no look, no planning bonus, no mulligan is waiting in Ada's turn."""
    game = ada_bob()
    assert_refused(game, lambda: game.pay_counter("Ada"), "not_now")
    assert_refused(game, lambda: game.decline("Ada"), "not_now")
    assert_refused(game, lambda: game.apply(Action("keep", 0, cards=())), "not_now")
    assert_refused(game, lambda: game.apply(Action("skip", 0)), "not_now")
    assert_refused(game, lambda: game.mulligan("Ada", ["Intern"]), "not_now")


def test_nothing_else_while_the_head_hunter_counter_is_pending() -> None:
    """Bob must say whether he pays 5: Ada waits; Bob cannot make another move."""
    game = scripted_game(AB, hands={"Bob": ["Intern", "Investor"], "Ada": ["Head Hunter"]},
                         roll=6, first_player=1)
    game.play("Bob", "Intern")
    pass_turn(game, "Bob")
    game.play("Ada", "Head Hunter", target="Intern")
    assert pending(game) == "headhunt"
    assert_refused(game, lambda: game.end_turn("Ada"), "not_your_turn", "Bob")
    assert_refused(game, lambda: game.pay_counter("Ada"), "not_your_turn", "Bob")
    assert_refused(game, lambda: game.sell("Bob", "Investor"), "decision_pending", "Bob", "5")
    assert_refused(game, lambda: game.deal("TDD"), "no_card_expected", "Bob")


def test_keeping_the_wrong_cards_after_a_look() -> None:
    """Junior Backend Developer: exactly one of the three cards looked at."""
    looked = ["TDD", "Intern", "Head Hunter"]
    game = scripted_game(AB, hands={"Ada": ["Junior Backend Developer"]}, roll=6,
                         reserve_cards=[*looked, "Scrum Master"])
    game.play("Ada", "Junior Backend Developer")
    deal(game, *looked)
    assert_refused(game, lambda: game.keep("Ada", ["TDD", "Intern"]), "bad_choice", "exactly 1",
                   "TDD, Intern, Head Hunter")
    assert_refused(game, lambda: game.keep("Ada", []), "bad_choice", "exactly 1")
    other = game.card_id("Scrum Master")
    assert_refused(game, lambda: game.apply(Action("keep", 0, cards=(other,))), "bad_choice")
    assert_refused(game, lambda: game.end_turn("Ada"), "decision_pending")


def test_entering_a_card_that_cannot_be_in_the_deck() -> None:
    """The Assertive CTO (one copy) is face up on Ada's table: it cannot have been drawn. (A
    card the engine believes is in a hand is accepted: a hand is secret, and a refusal would
    tell the room; see test_itstartup_entry_lists.py.)"""
    game = scripted_game(AB, hands={"Ada": ["The Assertive CTO"]}, roll=6)
    game.play("Ada", "The Assertive CTO")
    deal(game, filler(game))  # the CTO's draw
    game.end_turn("Ada")
    assert game.current_player == CHANCE
    assert_refused(game, lambda: game.deal("The Assertive CTO"), "card_face_up",
                   "The Assertive CTO", "face up")
    assert_refused(game, lambda: game.apply(Action("deal", CHANCE, card=99)),
                   "unknown_card", "99")
    assert_refused(game, lambda: game.deal("Unicorn"), "unknown_card", "Unicorn")


def test_a_player_move_while_a_card_must_be_entered() -> None:
    """The table waits for Bob's turn draw: nobody may move."""
    game = ada_bob()
    game.end_turn("Ada")
    assert game.current_player == CHANCE
    assert_refused(game, lambda: game.end_turn("Bob"), "card_expected")
    assert_refused(game, lambda: game.roll(3), "card_expected")


@pytest.mark.parametrize("value", [0, 7, -1])
def test_a_bad_d6_value(value: int) -> None:
    """The d6 shows 1 to 6."""
    game = new_game(AB, deck="physical")
    for _ in range(10):
        game.deal(game.card(next(iter(game.deck))).name)
    assert game.step == ("roll",)
    assert_refused(game, lambda: game.roll(value), "bad_value", "d6")
    assert_refused(game, lambda: game.deal("TDD"), "card_expected", "d6")


def test_a_bad_coin_value() -> None:
    """The coin is 0 (the agent loses) or 1 (the agent wins)."""
    game = scripted_game(
        AB, hands={"Bob": ["Intern"], "Ada": ["Undercover HR Agent"]}, roll=6, first_player=1,
    )
    game.play("Bob", "Intern")
    pass_turn(game, "Bob")
    game.play("Ada", "Undercover HR Agent")
    game.activate("Ada", "Undercover HR Agent", target="Intern")
    assert_refused(game, lambda: game.apply(Action("flip", CHANCE, count=2)), "bad_value",
                   "coin")


def test_moves_after_the_game_is_over() -> None:
    """Goal 1: Ada's Intern wins after round 1; nothing more can be played."""
    game = scripted_game(AB, hands={"Ada": ["Intern"]}, roll=6, goal=1)
    game.play("Ada", "Intern")
    finish_turn(game, "Ada")
    game.end_turn("Bob")
    assert game.is_over
    assert_refused(game, lambda: game.end_turn("Ada"), "game_over")
    assert_refused(game, lambda: game.sell("Bob", game.hand("Bob")[0]), "game_over")
    assert_refused(game, lambda: game.apply(Action("deal", CHANCE, card=1)), "game_over")


def test_an_action_with_a_field_its_kind_does_not_use() -> None:
    """end_turn takes no card; buy takes no target."""
    game = ada_bob()
    assert_refused(game, lambda: game.apply(Action("end_turn", 0, card=1)), "bad_action")
    assert_refused(game, lambda: game.apply(Action("buy", 0, target=1)), "bad_action")


def test_an_action_of_an_unknown_kind() -> None:
    """IT Startup has no 'discard' move."""
    game = ada_bob()
    assert_refused(game, lambda: game.apply(Action("discard", 0, card=1)), "unknown_action",
                   "discard")


# ----- set-up ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "mentions"),
    [(["Ada"], "1"), (["Ada", "Bob", "Cy", "Dee", "Eve"], "5"), ([], "0"),
     (["Ada", "ada"], "ada"), (["Ada", ""], "empty")],
)
def test_bad_player_counts_and_names(players: list[str], mentions: str) -> None:
    """2 to 4 players, each with a different name."""
    with pytest.raises(SetupError) as caught:
        new_game(players)
    assert_readable(str(caught.value), mentions)


@pytest.mark.parametrize(
    ("options", "mentions"),
    [
        ({"goal": 0}, "goal"),
        ({"goal": -32}, "goal"),
        ({"first_player": 2}, "first player"),
        ({"first_player": -2}, "first player"),
        ({"goall": 64}, "goall"),
        ({"goal": "64"}, "goal"),
        ({"deck": "paper"}, "deck"),
        ({"planning_bonus": 1}, "planning_bonus"),
        ({"hoard_cap_timing": "never"}, "hoard_cap_timing"),
        ({"agent_uses": "twice"}, "agent_uses"),
        ({"vacation_cancels": "some"}, "vacation_cancels"),
        ({"hr_draws": "never"}, "hr_draws"),
    ],
)
def test_bad_options(options: dict[str, Any], mentions: str) -> None:
    """Unknown options, wrong types, values that are not among the choices or out of range."""
    with pytest.raises(SetupError) as caught:
        new_game(AB, **options)
    assert_readable(str(caught.value), mentions)


def test_every_verb_has_a_twin_that_answers_like_the_verb() -> None:
    """A physical game from the first card: each ``can_*`` says False before its moment and
    True at it, without changing anything, and the verb then does what its twin allowed."""
    game = new_game(AB, seed=4, deck="physical", first_player=-1)
    assert not game.can_roll(3) and not game.can_mulligan("Ada", [])
    for _ in range(10):  # the opening hands
        card = sorted(game.deck)[0]
        assert game.can_deal(card)
        game.deal(card)
    before = game.snapshot()
    assert game.can_roll(3) and not game.can_roll(7) and not game.can_deal(sorted(game.deck)[0])
    assert game.snapshot() == before
    game.roll(3)
    assert game.can_mulligan("Ada", []) and not game.can_mulligan("Bob", [])
    game.mulligan("Ada", [])
    game.mulligan("Bob", [])
    assert game.can_choose_first("Bob") and not game.can_flip(True)
    game.choose_first("Bob")
    while game.current_player == CHANCE:  # Bob's turn-1 draw
        game.deal(sorted(game.deck)[0])
    assert game.current_player == 1
    assert game.can_end_turn("Bob") and not game.can_end_turn("Ada")
    assert not game.can_keep("Bob", []) and not game.can_order("Bob", [])
    assert not game.can_activate("Bob", sorted(game.hands[1])[0])


def _answers(pool: list[int], other: int) -> list[Any]:
    """Answers to try on a mulligan, keep or order of ``pool``: every subset of its cards in
    their order and reversed, every order of small pools, a card not in it, repeats, a list
    and values that are not card ids."""
    subsets = [tuple(c for i, c in enumerate(pool) if mask >> i & 1)
               for mask in range(1 << len(pool))]
    answers: list[Any] = [*subsets, *(s[::-1] for s in subsets)]
    if len(pool) <= 4:
        answers += permutations(pool)
    answers += [(*pool, other), (other,), pool[:1] * 2, list(pool), (float(c) for c in pool),
                tuple(float(c) for c in pool), tuple(str(c) for c in pool), None, ()]
    return answers


def test_the_answers_of_a_look_or_a_mulligan_are_those_listed() -> None:
    """Mulligans, cards kept and cards ordered are checked without listing them: each answer is
    accepted exactly when an equal one is listed."""
    tried = set()
    for seed in range(40):
        game = new_game(["Ada", "Bob", "Cy"][:2 + seed % 2], seed=seed, deck="physical")
        rng = Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            kind = game.step.kind if game.step is not None else ""
            if kind in ("mulligan", "keep", "order"):
                p = legal[0].player
                pool = sorted(game.hands[p]) if kind == "mulligan" else list(game.looking)
                other = next(c for c in game.card_ids if c not in pool)
                for cards in _answers(pool, other):
                    action = Action(kind, p, cards=cards)
                    assert game.can_apply(action) == (action in legal), (kind, pool, cards)
                tried.add(kind)
            game.apply(rng.choice(legal))
    assert tried == {"mulligan", "keep", "order"}
