"""IT Startup rules, one scripted physical-deck game per rule and per card.

Every expected number is worked out by hand from the rulebook (``../shared/rules/it-startup.md``),
its clarifications (``it-startup-clarifications.md``) and the printed card figures, in the
comments beside it. Unless a test says otherwise Ada (seat 0) starts and the d6 shows 6, so the
first player has 6 + 1 = 7 resources in turn 1.
"""

from collections import Counter
from random import Random
from typing import Any

import pytest

from devgames.core.actions import CHANCE, Action
from devgames.core.errors import IllegalMove
from devgames.core.wording import public_lines
from devgames.itstartup import CARDS, new_game
from devgames.itstartup.game import ItStartupGame
from devgames.itstartup.metrics import EMPLOYEE_FIELDS, ROUND_FIELDS
from tests.itstartup.helpers import (
    CODE_MONKEY,
    bottom,
    burnout_of,
    deal,
    deal_to,
    draws_waiting,
    employee,
    filler,
    finish_turn,
    knowledge_of,
    names,
    pass_turn,
    pending,
    points,
    resources,
    scripted_game,
    staff_of,
)

AB = ["Ada", "Bob"]
ABC = ["Ada", "Bob", "Cy"]
ABCD = ["Ada", "Bob", "Cy", "Dee"]


def efficiency_of(game: ItStartupGame, card: str, player: str | None = None) -> int:
    """The efficiency the projector shows for an employee on the table."""
    return game.efficiency(employee(game, card, player))


def hand_size(game: ItStartupGame, player: str) -> int:
    """How many cards a player holds."""
    return len(game.hand(player))


def sell_fillers(game: ItStartupGame, player: str, count: int, keep: tuple[str, ...]) -> None:
    """``player`` sells ``count`` cards of the hand, never one named in ``keep``."""
    for _ in range(count):
        card = next(c for c in game.hand(player) if c not in keep)
        game.sell(player, card)


# ----- set-up -------------------------------------------------------------------------------------
def test_physical_deck_keeps_the_printed_order_and_waits_for_the_cards() -> None:
    """With a physical deck nothing is shuffled; the table enters Ada's first card."""
    game = new_game(AB, deck="physical", seed=99)
    assert list(game.deck) == list(range(1, 65))
    assert game.current_player == CHANCE
    assert game.step == ("draw", 0, "hand")
    assert "Ada" in game.waiting_for
    assert game.hands == [[], []]


def test_setup_order_deal_roll_mulligans_then_the_first_turn() -> None:
    """5 cards to each seat in turn, the d6, each seat's mulligan with its replacement draws, then
    the first player's draw and income of 1."""
    game = new_game(ABC, deck="physical")
    dealt = {
        "Ada": ["Intern", "Investor", "TDD", "Head Hunter", "Scrum Master"],
        "Bob": ["Lead Developer", "Clean code", "SOLID", "Investor", "Monster Bug"],
        "Cy": ["Office Manager", "Crunch Time", "Debugging", "Intern", "BI Developer"],
    }
    for player in ABC:
        for card in dealt[player]:
            assert game.current_player == CHANCE
            assert player in game.waiting_for
            game.deal(card)
    assert {player: game.hand(player) for player in ABC} == dealt
    assert len(game.deck) == 64 - 15
    assert game.step == ("roll",)
    assert "d6" in game.waiting_for
    game.roll(4)
    # Every player starts with the number rolled.
    assert game.resources == [4, 4, 4] and game.start_roll == 4
    assert pending(game) == "mulligan" and game.current_player == 0
    game.mulligan("Ada", ["Intern", "Head Hunter"])
    # The two cards go under the deck; Ada draws two right away, before Bob's mulligan.
    assert sorted(bottom(game, 2)) == ["Head Hunter", "Intern"]
    assert game.step == ("draw", 0, "mulligan")
    deal(game, "Unit tests", "Vacation Time")
    assert sorted(game.hand("Ada")) == sorted(
        ["Investor", "TDD", "Scrum Master", "Unit tests", "Vacation Time"])
    assert pending(game) == "mulligan" and game.current_player == 1
    game.mulligan("Bob", [])
    game.mulligan("Cy", [])
    # Ada's turn starts with her draw; the income comes after it.
    assert game.resources == [4, 4, 4] and hand_size(game, "Ada") == 5
    assert game.step == ("draw", 0, "hand")
    game.deal("Polymorphism")
    assert game.turns == [1, 0, 0]
    assert game.resources == [5, 4, 4]
    assert hand_size(game, "Ada") == 6
    assert game.waiting_for == "Ada's turn 1: play cards, plan, sell, buy, or end the turn."


@pytest.mark.parametrize("count", [0, 1, 2, 3, 4, 5])
def test_mulligan_any_number_of_cards(count: int) -> None:
    """Ada may put back none, some or all five cards; she draws as many new ones."""
    opening = ["Intern", "Investor", "TDD", "Head Hunter", "Scrum Master"]
    fresh = ["Lead Developer", "Clean code", "SOLID", "Monster Bug", "Crunch Time"]
    game = new_game(AB, deck="physical")
    deal(game, *opening)
    for _ in range(5):
        game.deal(filler(game, avoid=opening + fresh))
    game.roll(2)
    game.mulligan("Ada", [*opening[:count]])
    assert draws_waiting(game, "Ada") == count
    if count:
        assert sorted(bottom(game, count)) == sorted(opening[:count])
    deal(game, *fresh[:count])
    assert sorted(game.hand("Ada")) == sorted(opening[count:] + fresh[:count])
    assert pending(game) == "mulligan" and game.current_player == 1


def test_mulligan_two_copies_of_a_card_by_name() -> None:
    """Ada puts back both Investors, named as the facilitator types them."""
    game = new_game(AB, deck="physical")
    opening = ["Investor", "Investor", "Intern", "TDD", "Head Hunter"]
    deal(game, *opening)
    for _ in range(5):
        game.deal(filler(game, avoid=opening))
    game.roll(2)
    game.mulligan("Ada", ["Investor", "Investor"])
    assert draws_waiting(game, "Ada") == 2
    assert bottom(game, 2) == ["Investor", "Investor"]


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_the_d6_gives_everybody_the_same_starting_resources(value: int) -> None:
    """Whatever the d6 shows, every player starts with that many resources."""
    game = scripted_game(ABCD, roll=value)
    # Ada (first) has already had her income of 1; the others wait for their first turn.
    assert game.resources == [value + 1, value, value, value]


def test_a_digital_game_rolls_deals_and_waits_for_the_mulligans() -> None:
    """The engine shuffles and rolls; the players decide their mulligans."""
    game = new_game(AB, seed=11)
    roll = game.start_roll
    assert 1 <= roll <= 6
    assert game.resources == [roll, roll]
    assert [len(hand) for hand in game.hands] == [5, 5]
    assert game.step == ("mulligan", 0)
    game.mulligan("Ada", [])
    game.mulligan("Bob", [])
    assert pending(game) == "main" and game.current_player == 0
    assert [len(hand) for hand in game.hands] == [6, 5]
    assert game.resources == [roll + 1, roll]


@pytest.mark.parametrize(("first_player", "order"),
                         [(0, ["Ada", "Bob", "Cy"]), (1, ["Bob", "Cy", "Ada"]),
                          (2, ["Cy", "Ada", "Bob"])])
def test_first_player_option_and_clockwise_turns(first_player: int, order: list[str]) -> None:
    """The chosen seat plays first, then the turns go clockwise."""
    game = scripted_game(ABC, first_player=first_player)
    played = []
    for _ in range(6):
        who = game.players[game.current_player]  # type: ignore[index]
        played.append(who)
        pass_turn(game, who)
    assert played == order + order


def test_the_first_player_can_be_rolled() -> None:
    """first_player=-1: after the mulligans the table enters who starts."""
    game = new_game(ABC, deck="physical", first_player=-1)
    for _ in range(15):
        game.deal(names(game.deck)[0])
    game.roll(3)
    for player in ABC:
        game.mulligan(player, [])
    assert game.step == ("first",)
    assert game.current_player == CHANCE
    assert "starts" in game.waiting_for
    game.apply(Action("first", CHANCE, target=2))
    assert game.step == ("draw", 2, "hand")
    game.deal(names(game.deck)[0])
    assert game.current_player == 2 and game.turns == [0, 0, 1]
    assert game.resources == [3, 3, 4]


def test_a_scripted_mulligan_and_a_rolled_first_player() -> None:
    """Bob puts back TDD for an Intern; the roll says Bob starts: he draws and gets 1."""
    game = scripted_game(AB, hands={"Bob": ["TDD", "Lead Developer"]}, roll=5,
                         mulligans={"Bob": (["TDD"], ["Intern"])}, first_player=-1,
                         first="Bob", draw="Clean code")
    assert game.current_player == 1 and game.turns == [0, 1]
    assert "TDD" not in game.hand("Bob")
    assert {"Intern", "Lead Developer", "Clean code"} <= set(game.hand("Bob"))
    assert resources(game) == {"Ada": 5, "Bob": 6}


def test_default_options_follow_the_clarifications() -> None:
    """Standard goal 64, digital deck, seat 0 first, no planning bonus, hoard cap at the end of
    your turn, Agent once per card, no Agent counter, Vacation cancels the normal burnout only,
    HR draws after burnout, Coffee machine and Crunch Time count the developers on play,
    knowledge played on an outsourced developer goes home with it, a help token's -4 stops at
    0."""
    options = new_game(AB).options
    assert (options.goal, options.deck, options.first_player) == (64, "digital", 0)
    assert options.planning_bonus is False
    assert options.hoard_cap_timing == "end_of_turn"
    assert (options.agent_uses, options.agent_counter) == ("per_card", False)
    assert (options.vacation_cancels, options.hr_draws) == ("normal", "after_burnout")
    assert options.coffee_crunch_count == "on_play"
    assert options.outsourced_knowledge == "goes_home"
    assert options.help_below_zero is False


# ----- a turn: draw, income, selling, buying ------------------------------------------------------
def test_each_turn_starts_with_a_draw() -> None:
    """Ada draws at the start of her turn 1, Bob at the start of his."""
    game = scripted_game(AB, draw="TDD")
    assert hand_size(game, "Ada") == 6 and "TDD" in game.hand("Ada")
    assert hand_size(game, "Bob") == 5
    game.end_turn("Ada")
    assert game.step == ("draw", 1, "hand")
    game.deal("Lead Developer")
    assert hand_size(game, "Bob") == 6 and "Lead Developer" in game.hand("Bob")
    assert pending(game) == "main" and game.current_player == 1


def test_income_is_your_own_turn_number_up_to_eight() -> None:
    """1, 2, 3 ... 8 resources, then 8 every turn (measured against the resources each player
    kept after the hoard cap at the end of the previous turn)."""
    game = scripted_game(AB, roll=1)
    kept = {"Ada": 1, "Bob": 1}
    incomes: dict[str, list[int]] = {"Ada": [], "Bob": []}
    for _ in range(10):
        for player in AB:
            incomes[player].append(resources(game)[player] - kept[player])
            pass_turn(game, player)
            kept[player] = resources(game)[player]
    assert incomes["Ada"] == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    assert incomes["Bob"] == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]


def test_the_second_player_gets_income_for_his_own_first_turn() -> None:
    """Bob plays after Ada in round 1: his first income is 1, not 2."""
    game = scripted_game(ABC, roll=2)
    pass_turn(game, "Ada")
    assert resources(game) == {"Ada": 3, "Bob": 3, "Cy": 2}
    pass_turn(game, "Bob")
    assert resources(game) == {"Ada": 3, "Bob": 3, "Cy": 3}


def test_selling_gives_one_resource_a_card_and_puts_it_under_the_deck() -> None:
    """Ada sells TDD then Intern: +2 resources, the cards go to the bottom in that order."""
    game = scripted_game(AB, hands={"Ada": ["TDD", "Intern"]}, roll=3)
    assert resources(game)["Ada"] == 4
    game.sell("Ada", "TDD")
    game.sell("Ada", "Intern")
    assert resources(game)["Ada"] == 6
    assert bottom(game, 2) == ["TDD", "Intern"]
    assert hand_size(game, "Ada") == 4
    assert "TDD" not in game.hand("Ada") and "Intern" not in game.hand("Ada")


def test_buying_costs_two_a_card_as_often_as_you_can_pay() -> None:
    """Ada (4 resources) buys twice: 2 each, each card drawn at once."""
    game = scripted_game(AB, roll=3, reserve_cards=["TDD", "Intern"])
    game.buy("Ada")
    assert resources(game)["Ada"] == 2
    assert game.step == ("draw", 0, "hand")
    game.deal("TDD")
    game.buy("Ada")
    deal(game, "Intern")
    assert resources(game)["Ada"] == 0
    assert hand_size(game, "Ada") == 8
    assert {"TDD", "Intern"} <= set(game.hand("Ada"))
    assert pending(game) == "main"
    assert not game.can_apply(Action("buy", 0))


# ----- planning -----------------------------------------------------------------------------------
def test_planning_is_free_and_face_down() -> None:
    """The planned card leaves the hand, costs nothing, and only its owner sees which it is."""
    game = scripted_game(AB, hands={"Ada": ["Monster Bug"]}, roll=6)
    game.plan("Ada", "Monster Bug")
    assert resources(game)["Ada"] == 7
    assert "Monster Bug" not in game.hand("Ada")
    assert game.planned[0] is not None and CARDS[game.planned[0][0]].name == "Monster Bug"
    assert game.view(None)["players"][0]["planned"] is True
    planned = game.view("Ada")["planned"]
    assert planned is not None and planned["card"] == "Monster Bug"
    assert "Monster Bug" not in str(game.view("Bob"))
    assert game.secrets("Ada") == [
        "Planned face down: Monster Bug (from a later turn, it costs 1 less)."]
    assert game.secrets("Bob") == []


@pytest.mark.parametrize(("later", "paid"), [(False, 3), (True, 2)])
def test_a_planned_card_costs_one_less_only_from_a_later_turn(later: bool, paid: int) -> None:
    """Monster Bug (3) planned in turn 1: 3 if played the same turn, 2 from turn 2 on."""
    game = scripted_game(AB, hands={"Ada": ["Monster Bug"]}, roll=6)
    game.plan("Ada", "Monster Bug")
    before = 7
    if later:
        pass_turn(game, "Ada")
        pass_turn(game, "Bob")
        before = 7 + 2  # nothing spent in turn 1, income 2
        assert game.secrets("Ada") == ["Planned face down: Monster Bug (it costs 1 less now)."]
    game.play("Ada", "Monster Bug")
    assert resources(game)["Ada"] == before - paid
    assert game.planned[0] is None
    assert bottom(game, 1) == ["Monster Bug"]


def test_the_rulebook_example_head_hunter_planned_costs_four() -> None:
    """Head Hunter (5) planned in one turn is played for 4 in a later turn."""
    game = scripted_game(AB, hands={"Ada": ["Head Hunter"], "Bob": ["Intern"]}, roll=6,
                         first_player=1)
    game.play("Bob", "Intern")  # Bob: 7 - 1 = 6
    pass_turn(game, "Bob")
    game.plan("Ada", "Head Hunter")  # Ada keeps her 7
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")  # Bob: 6 + 2 = 8
    game.play("Ada", "Head Hunter", target="Intern")
    assert resources(game)["Ada"] == 7 + 2 - 4
    game.decline("Bob")
    assert staff_of(game, "Ada") == ["Intern"]


def test_another_copy_from_hand_costs_full_price_and_a_new_card_is_planned_after_playing() -> None:
    """With Monster Bug planned, the second Monster Bug from hand costs 3; once the planned one is
    played (for 2), another action card can be planned."""
    game = scripted_game(AB, hands={"Ada": ["Monster Bug", "Monster Bug", "Investor"]}, roll=6)
    planned, in_hand = [c for c in game.hands[0] if CARDS[c].name == "Monster Bug"]
    game.apply(Action("plan", 0, card=planned))
    assert not game.can_apply(Action("plan", 0, card=in_hand))
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    # 7 + 2 = 9 resources.
    game.apply(Action("play", 0, card=in_hand))
    assert resources(game)["Ada"] == 6
    assert game.planned[0] == (planned, 1)
    game.apply(Action("play", 0, card=planned))
    assert resources(game)["Ada"] == 4
    game.plan("Ada", "Investor")
    assert game.planned[0] is not None and CARDS[game.planned[0][0]].name == "Investor"


# ----- the end of a turn: score, burnout, HR draws ------------------------------------------------
def test_score_comes_before_burnout_and_an_employee_leaves_at_three() -> None:
    """An Intern scores 1 in each of its three turns, then leaves with its third burnout point
    and goes under the deck."""
    game = scripted_game(AB, hands={"Ada": ["Intern"]}, roll=3)
    game.play("Ada", "Intern")
    intern = employee(game, "Intern")
    for turn in (1, 2, 3):
        game.end_turn("Ada")
        assert points(game)["Ada"] == turn
        if turn < 3:
            assert game.employees[intern].burnout == turn
        else:
            assert intern not in game.employees and staff_of(game, "Ada") == []
            assert bottom(game, 1) == ["Intern"]
        deal_to(game, "Bob")
        pass_turn(game, "Bob")
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 3


LIMITS = [
    ("Intern", 3),  # no shield
    ("The Nice HR Lady", 4),  # shield 1
    ("Scrum Master", 4),  # shield 1
    ("Database Developer", 4),  # shield 1
    ("BI Developer", 4),  # shield 1
    ("Downer Dave", 5),  # shield 2
]


@pytest.mark.parametrize(("card", "limit"), LIMITS)
def test_an_employee_leaves_at_three_plus_its_resistance(card: str, limit: int) -> None:
    """One burnout point at the end of each turn; the employee leaves with point 3 + shield."""
    game = scripted_game(AB, hands={"Ada": [card]}, roll=6)
    game.play("Ada", card)
    deal_to(game, "Ada")  # Database and BI Developer draw on play
    e = employee(game, card)
    for turn in range(1, limit + 1):
        game.end_turn("Ada")
        if turn < limit:
            assert game.employees[e].burnout == turn
        else:
            assert e not in game.employees and staff_of(game, "Ada") == []
            assert e in game.deck
        deal_to(game, "Ada")
        deal_to(game, "Bob")
        pass_turn(game, "Bob")


def test_knowledge_leaves_with_its_burnt_out_developer() -> None:
    """Intern with Clean code burns out: both go under the deck, the Intern first."""
    game = scripted_game(AB, hands={"Ada": ["Intern", "Clean code"]}, roll=6)
    game.play("Ada", "Intern")
    game.play("Ada", "Clean code", target="Intern")
    for _ in range(2):
        pass_turn(game, "Ada")
        pass_turn(game, "Bob")
    game.end_turn("Ada")
    # Three turns of 1 + 2 = 3 points, then the third burnout point.
    assert points(game)["Ada"] == 9
    assert staff_of(game, "Ada") == []
    assert bottom(game, 2) == ["Intern", "Clean code"]


@pytest.mark.parametrize(("timing", "last_draws"), [("after_burnout", 0), ("before_burnout", 1)])
def test_hr_draws_come_after_burnout_unless_the_option_says_before(timing: str,
                                                                   last_draws: int) -> None:
    """Office Manager draws at the end of each turn; in its third turn it burns out first (no
    draw), or draws first with hr_draws=before_burnout."""
    game = scripted_game(AB, hands={"Ada": ["Office Manager"]}, roll=6, hr_draws=timing)
    game.play("Ada", "Office Manager")
    for turn in (1, 2, 3):
        game.end_turn("Ada")
        expected = 1 if turn < 3 else last_draws
        assert draws_waiting(game, "Ada") == expected
        if turn == 3:
            assert staff_of(game, "Ada") == []
        size = hand_size(game, "Ada")
        deal_to(game, "Ada")
        assert hand_size(game, "Ada") == size + expected
        deal_to(game, "Bob")
        pass_turn(game, "Bob")


def test_scoring_and_burnout_happen_before_the_hr_draws_are_entered() -> None:
    """While the table enters The Nice HR Guy's draw, the score and burnout are already done."""
    game = scripted_game(AB, hands={"Ada": ["Intern", "The Nice HR Guy"]}, roll=6)
    game.play("Ada", "Intern")
    game.play("Ada", "The Nice HR Guy")
    game.end_turn("Ada")
    assert game.step == ("draw", 0, "hand")
    assert points(game)["Ada"] == 1
    assert burnout_of(game, "Intern") == 1 and burnout_of(game, "The Nice HR Guy") == 1


# ----- hoard cap ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "cap"), [(AB, 12), (ABC, 10), (ABCD, 8)])
def test_hoard_cap_by_player_count_at_the_end_of_the_turn(players: list[str], cap: int) -> None:
    """Ada sells her 6 cards: 7 + 6 = 13 during the turn, cut to the cap when it ends."""
    game = scripted_game(players, roll=6)
    for card in list(game.hand("Ada")):
        game.sell("Ada", card)
    assert resources(game)["Ada"] == 13
    pass_turn(game, "Ada")
    assert resources(game)["Ada"] == cap
    assert game.view(None)["hoard_cap"] == cap


def test_hoard_cap_always_cuts_every_gain_at_once() -> None:
    """hoard_cap_timing=always, 2 players: selling stops paying at 12."""
    game = scripted_game(AB, roll=6, hoard_cap_timing="always")
    seen = []
    for card in list(game.hand("Ada")):
        game.sell("Ada", card)
        seen.append(resources(game)["Ada"])
    assert seen == [8, 9, 10, 11, 12, 12]


@pytest.mark.parametrize(("timing", "during", "own_turn"),
                         [("end_of_turn", 14, 16), ("always", 12, 12)])
def test_resources_received_on_another_turn_and_the_cap(timing: str, during: int,
                                                        own_turn: int) -> None:
    """Bob ends his turn on 12; Ada's Outsourcing pays him 2: 14 until his own turn ends (or
    capped at once with hoard_cap_timing=always)."""
    game = scripted_game(
        AB, hands={"Bob": ["Intern", "Investor"], "Ada": ["Outsourcing"]}, roll=6,
        first_player=1, hoard_cap_timing=timing,
    )
    game.play("Bob", "Intern")  # 7 - 1 = 6
    game.play("Bob", "Investor")  # 8
    sell_fillers(game, "Bob", 4, keep=())  # 12
    assert resources(game)["Bob"] == 12
    pass_turn(game, "Bob")
    assert resources(game)["Bob"] == 12
    game.play("Ada", "Outsourcing", target="Intern")
    assert resources(game)["Bob"] == during
    pass_turn(game, "Ada")
    assert resources(game)["Bob"] == own_turn  # his income of 2 on top
    pass_turn(game, "Bob")
    assert resources(game)["Bob"] == 12


# ----- planning bonus (optional) ------------------------------------------------------------------
def test_planning_bonus_removes_one_burnout_at_a_power_of_two() -> None:
    """Ada has 1 point (2 to the 0) at the start of turn 2: she removes her Intern's burnout."""
    game = scripted_game(AB, hands={"Ada": ["Intern"]}, roll=6, planning_bonus=True)
    game.play("Ada", "Intern")
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    assert pending(game) == "bonus" and game.current_player == 0
    assert "planning bonus" in game.waiting_for
    intern = employee(game, "Intern")
    game.apply(Action("choose", 0, card=intern))
    assert burnout_of(game, "Intern") == 0
    assert pending(game) == "main"


def test_planning_bonus_can_be_skipped() -> None:
    """The bonus is a choice: skipping keeps the burnout."""
    game = scripted_game(AB, hands={"Ada": ["Intern"]}, roll=6, planning_bonus=True)
    game.play("Ada", "Intern")
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    game.apply(Action("skip", 0))
    assert burnout_of(game, "Intern") == 1 and pending(game) == "main"


def test_no_planning_bonus_without_the_option() -> None:
    """By default the bonus is off: 1 point, a tired Intern, and still straight to the turn."""
    game = scripted_game(AB, hands={"Ada": ["Intern"]}, roll=6)
    game.play("Ada", "Intern")
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    assert pending(game) == "main" and burnout_of(game, "Intern") == 1


def test_no_planning_bonus_when_the_score_is_not_a_power_of_two() -> None:
    """Intern and Copy Paste Developer score 3 in turn 1: 3 is not a power of two."""
    game = scripted_game(AB, hands={"Ada": ["Intern", "Copy Paste Developer"]}, roll=6,
                         planning_bonus=True)
    game.play("Ada", "Intern")
    game.play("Ada", "Copy Paste Developer")
    pass_turn(game, "Ada")
    assert points(game)["Ada"] == 3
    pass_turn(game, "Bob")
    assert pending(game) == "main"
    assert burnout_of(game, "Intern") == 2


# ----- winning ------------------------------------------------------------------------------------
def test_the_win_is_checked_only_after_a_full_round() -> None:
    """Goal 4: Ada's Lead Developer scores 5 in turn 1, but Bob still plays his turn 1."""
    game = scripted_game(AB, hands={"Ada": ["Lead Developer"], "Bob": ["Intern"]}, roll=6,
                         goal=4)
    game.play("Ada", "Lead Developer")
    finish_turn(game, "Ada")
    assert points(game) == {"Ada": 5, "Bob": 0}
    assert not game.is_over and pending(game) == "main" and game.current_player == 1
    game.play("Bob", "Intern")
    game.end_turn("Bob")
    assert game.is_over
    assert game.winners == ["Ada"] and game.result == "goal_reached"
    assert game.waiting_for == "The game is over: Ada won."
    assert game.legal_actions() == []


def test_the_highest_score_wins_when_several_reach_the_goal() -> None:
    """Goal 4: Ada 5, then Bob 5 + 1 = 6: Bob wins although Ada got there first."""
    game = scripted_game(
        AB, hands={"Ada": ["Lead Developer"], "Bob": ["Lead Developer", "Intern"]}, roll=6,
        goal=4,
    )
    game.play("Ada", "Lead Developer")
    finish_turn(game, "Ada")
    game.play("Bob", "Lead Developer")
    game.play("Bob", "Intern")
    game.end_turn("Bob")
    assert points(game) == {"Ada": 5, "Bob": 6}
    assert game.is_over and game.winners == ["Bob"]


def test_an_exact_tie_at_the_top_plays_another_round() -> None:
    """Goal 4: 5 each after round 1 is a tie; in round 2 Ada adds an Intern: 11 to 10."""
    game = scripted_game(
        AB, hands={"Ada": ["Lead Developer", "Intern"], "Bob": ["Lead Developer"]}, roll=6,
        goal=4,
    )
    game.play("Ada", "Lead Developer")
    finish_turn(game, "Ada")
    game.play("Bob", "Lead Developer")
    finish_turn(game, "Bob")
    assert points(game) == {"Ada": 5, "Bob": 5}
    assert not game.is_over and game.round == 2
    assert any(event.kind == "tie" for event in game.events)
    game.play("Ada", "Intern")  # 2 + 2 = 4 resources
    finish_turn(game, "Ada")
    game.end_turn("Bob")
    assert points(game) == {"Ada": 11, "Bob": 10}
    assert game.is_over and game.winners == ["Ada"]


def test_the_highest_of_three_wins() -> None:
    """Goal 4, three players: Ada and Bob reach 5, Cy reaches 6 and wins."""
    game = scripted_game(
        ABC,
        hands={"Ada": ["Lead Developer"], "Bob": ["Lead Developer"],
               "Cy": ["Full Stack Ninja", "Design patterns"]},
        roll=6, goal=4,
    )
    game.play("Ada", "Lead Developer")
    finish_turn(game, "Ada")
    game.play("Bob", "Lead Developer")
    finish_turn(game, "Bob")
    game.play("Cy", "Full Stack Ninja")  # 7 - 4 = 3
    game.play("Cy", "Design patterns", target="Full Stack Ninja")  # 2 - 2 = 0
    game.end_turn("Cy")
    assert points(game) == {"Ada": 5, "Bob": 5, "Cy": 6}
    assert game.is_over and game.winners == ["Cy"]


#: Ada's long game: her turn draws, and what she plays each turn (the card, its target).
GOAL_SCRIPT: list[tuple[str | None, list[tuple[str, str | None]]]] = [
    ("Clean code", [("Lead Developer", None)]),  # 7 - 5 = 2; scores 5
    ("Coffee machine", [("TDD", "Lead Developer")]),  # 4 - 4 = 0; scores 10 (15)
    ("Domain knowledge", [("Vacation Time", None)]),  # 3 - 3 = 0; scores 10 (25)
    ("Polymorphism", [("Unit tests", "Lead Developer")]),  # 4 - 3 = 1; scores 14 (39)
    ("Continuous integration",
     [("Vacation Time", None), ("Clean code", "Lead Developer")]),  # 6 - 4 = 2; 16 (55)
    ("Defensive programming",
     [("Coffee machine", None), ("Domain knowledge", "Lead Developer"),
      ("Polymorphism", "Lead Developer")]),  # 8 - 6 = 2; 22 + 1 (78)
    ("Version control",
     [("Continuous integration", "Lead Developer"),
      ("Defensive programming", "Lead Developer"),
      ("Version control", "Lead Developer")]),  # 9 - 5 = 4; 30 (108)
    (None, []),  # 12; scores 30 (138), then the Lead Developer burns out
]
GOAL_POINTS = [5, 15, 25, 39, 55, 78, 108, 138]


@pytest.mark.parametrize(("goal", "rounds"), [(32, 4), (64, 6), (128, 8)])
def test_fast_standard_and_long_goals(goal: int, rounds: int) -> None:
    """The same game ends after round 4 at 32 points, round 6 at 64 and round 8 at 128."""
    draws: list[str | None] = [draw for draw, _ in GOAL_SCRIPT]
    plays = {card for _, moves in GOAL_SCRIPT for card, _ in moves}
    game = scripted_game(
        AB, hands={"Ada": ["Lead Developer", "TDD", "Vacation Time", "Vacation Time",
                           "Unit tests"]},
        roll=6, goal=goal, draw=draws[0], reserve_cards=sorted(plays),
    )
    for turn, (_, moves) in enumerate(GOAL_SCRIPT, start=1):
        for card, target in moves:
            game.play("Ada", card, target=target)
        finish_turn(game, "Ada")
        assert points(game)["Ada"] == GOAL_POINTS[turn - 1]
        assert not game.is_over
        nxt = draws[turn] if turn < len(draws) else None
        game.end_turn("Bob")
        if turn == rounds:
            assert game.is_over and game.winners == ["Ada"]
            return
        assert not game.is_over
        deal_to(game, "Bob")
        deal_to(game, "Ada", [nxt] if nxt else [])
    raise AssertionError("the game should have ended")


def test_a_custom_goal() -> None:
    """Goal 10: a Lead Developer alone needs two turns."""
    game = scripted_game(AB, hands={"Ada": ["Lead Developer"]}, roll=6, goal=10)
    game.play("Ada", "Lead Developer")
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    assert not game.is_over
    pass_turn(game, "Ada")
    game.end_turn("Bob")
    assert points(game) == {"Ada": 10, "Bob": 0}
    assert game.is_over and game.winners == ["Ada"] and game.view(None)["goal"] == 10


def test_metrics_rows_after_each_turn() -> None:
    """One row per player per turn, written after the hoard cap; and one per employee."""
    game = scripted_game(AB, hands={"Ada": ["Intern", "The Nice HR Lady"]}, roll=6)
    game.play("Ada", "Intern")
    game.play("Ada", "The Nice HR Lady")
    finish_turn(game, "Ada")
    pass_turn(game, "Bob")
    ada, bob = game.rounds
    assert set(ada) == set(ROUND_FIELDS)
    # Ada: 7 - 1 - 2 = 4 left; 6 cards - 2 played + 1 HR draw = 5 in hand.
    expected = {"round": 1, "turn": 1, "player": "Ada", "points": 1, "points_gained": 1,
                "resources": 4, "hand_size": 5, "developers": 1, "hr": 1, "coaches": 0,
                "employees": 2}
    assert {field: ada[field] for field in expected} == expected
    assert bob["player"] == "Bob" and bob["points"] == 0 and bob["resources"] == 7
    rows = [row for row in game.employee_rows if row["card"] == "Intern"]
    assert rows and set(rows[0]) == set(EMPLOYEE_FIELDS)
    assert rows[0]["burnout"] == 1 and rows[0]["leaves_at"] == 3
    assert rows[0]["player"] == "Ada" and rows[0]["turn"] == 1 and rows[0]["round"] == 1
    assert rows[0]["efficiency"] == 1 and rows[0]["left"] == ""


# ----- tournament help tokens --------------------------------------------------------------------
def second_tournament_game(**options: Any) -> ItStartupGame:
    """A tournament to 2 wins with goal 1: Ada wins game 1 with an Intern, Bob and Cy get a help
    token each; game 2 is dealt and Bob (after the winner) starts it, every score back at 0."""
    game = scripted_game(ABC, hands={"Ada": ["Intern"]}, roll=6, first="Ada", goal=1,
                         tournament_wins=2, **options)
    game.play("Ada", "Intern")
    finish_turn(game, "Ada")
    pass_turn(game, "Bob")
    game.end_turn("Cy")  # the round is over: Ada has won game 1
    assert game.wins == [1, 0, 0] and game.tokens == [0, 1, 1]
    for player in ABC:
        deal_to(game, player)
    game.roll(6)
    for player in ABC:
        game.mulligan(player, [])
    deal_to(game, "Bob")
    assert game.game_no == 2 and game.current_player == 1
    return game


@pytest.mark.parametrize("below_zero, ada", [(False, 0), (True, -4)])
def test_a_help_token_takes_four_points_down_to_zero_or_below(below_zero: bool,
                                                              ada: int) -> None:
    """Bob's token gives Ada (0 points in game 2) -4: she stays at 0, or goes to -4 with
    help_below_zero."""
    game = second_tournament_game(help_below_zero=below_zero)
    game.apply(Action("help", 1, target=0))
    assert points(game) == {"Ada": ada, "Bob": 0, "Cy": 0}
    assert game.tokens == [0, 0, 1]
    finish_turn(game, "Bob")
    finish_turn(game, "Cy")
    assert points(game) == {"Ada": ada, "Bob": 0, "Cy": 0}


@pytest.mark.parametrize("seed", range(3))
def test_a_digital_tournament_deals_the_next_game_itself(seed: int) -> None:
    """With a digital deck the engine deals the next tournament game as it dealt the first: the
    table never waits for a card to be entered, and game 2 opens on the mulligans with five
    cards in every hand."""
    game = new_game(ABC, seed=seed, goal=14, tournament_wins=2)
    players = Random(seed)
    while game.game_no == 1:
        assert game.current_player != CHANCE, game.waiting_for
        game.apply(players.choice(game.legal_actions()))
    assert game.current_player != CHANCE, game.waiting_for
    assert game.step == ("mulligan", 0)
    assert [hand_size(game, player) for player in ABC] == [5, 5, 5]
    assert game.waiting_for == "Ada may put back cards from the opening hand (mulligan)."


# ----- the 41 cards: knowledge --------------------------------------------------------------------
KNOWLEDGE = [
    ("Clean code", 1, 2), ("Design patterns", 2, 3), ("Polymorphism", 1, 2),
    ("Defensive programming", 1, 2), ("TDD", 4, 5), ("Unit tests", 3, 4), ("SOLID", 2, 3),
    ("Version control", 1, 2), ("Domain knowledge", 3, 4), ("Dependency injection", 2, 3),
    ("Debugging", 2, 3), ("Continuous integration", 3, 4),
]


@pytest.mark.parametrize(("card", "cost", "bonus"), KNOWLEDGE)
def test_each_knowledge_card_adds_its_efficiency(card: str, cost: int, bonus: int) -> None:
    """Attached to an Intern (1) for its printed cost, a knowledge card adds its bonus."""
    game = scripted_game(AB, hands={"Ada": ["Intern", card]}, roll=6)
    game.play("Ada", "Intern")  # 7 - 1 = 6
    game.play("Ada", card, target="Intern")
    assert resources(game)["Ada"] == 6 - cost
    assert knowledge_of(game, "Intern") == [card]
    assert card not in game.hand("Ada")
    assert efficiency_of(game, "Intern") == 1 + bonus
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 1 + bonus


def test_knowledge_stacks_and_is_transferred_for_its_cost_again() -> None:
    """No limit on knowledge; moving Design patterns to another developer costs 2 again."""
    game = scripted_game(
        AB, hands={"Ada": ["Intern", "Copy Paste Developer", "Design patterns", "Clean code"]},
        roll=6,
    )
    game.play("Ada", "Intern")  # 6
    game.play("Ada", "Design patterns", target="Intern")  # 4
    game.play("Ada", "Clean code", target="Intern")  # 3
    assert efficiency_of(game, "Intern") == 1 + 3 + 2
    game.play("Ada", "Copy Paste Developer")  # 2
    game.transfer("Ada", "Design patterns", "Copy Paste Developer")  # 0
    assert resources(game)["Ada"] == 0
    assert knowledge_of(game, "Intern") == ["Clean code"]
    assert knowledge_of(game, "Copy Paste Developer") == ["Design patterns"]
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == (1 + 2) + (2 + 3)


# ----- developers ---------------------------------------------------------------------------------
def test_intern_scores_one_and_has_no_ability() -> None:
    """Intern: cost 1, efficiency 1."""
    game = scripted_game(AB, hands={"Ada": ["Intern"]}, roll=3)
    size = hand_size(game, "Ada")
    game.play("Ada", "Intern")
    assert resources(game)["Ada"] == 3
    assert staff_of(game, "Ada") == ["Intern"] and hand_size(game, "Ada") == size - 1
    assert pending(game) == "main"
    finish_turn(game, "Ada")
    assert points(game) == {"Ada": 1, "Bob": 0}


def test_code_monkey_returns_an_employee_to_hand_with_its_knowledge_and_no_burnout() -> None:
    """The Intern (1 burnout, Clean code) comes back to hand with Clean code; played again it is
    fresh."""
    game = scripted_game(AB, hands={"Ada": ["Intern", "Clean code", CODE_MONKEY]}, roll=6)
    game.play("Ada", "Intern")  # 6
    game.play("Ada", "Clean code", target="Intern")  # 5
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    assert burnout_of(game, "Intern") == 1
    game.play("Ada", CODE_MONKEY, target="Intern")  # 5 + 2 - 2 = 5
    assert staff_of(game, "Ada") == [CODE_MONKEY]
    assert {"Intern", "Clean code"} <= set(game.hand("Ada"))
    game.play("Ada", "Intern")  # 4
    assert resources(game)["Ada"] == 4
    assert burnout_of(game, "Intern") == 0 and knowledge_of(game, "Intern") == []
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 3 + 2 + 1


def test_code_monkey_may_return_nobody() -> None:
    """The return is optional: Code Monkey simply joins the team."""
    game = scripted_game(AB, hands={"Ada": ["Intern", CODE_MONKEY]}, roll=6)
    game.play("Ada", "Intern")
    game.play("Ada", CODE_MONKEY)
    assert staff_of(game, "Ada") == ["Intern", CODE_MONKEY]
    assert resources(game)["Ada"] == 7 - 1 - 2


def test_ambitious_apprentice_takes_knowledge_for_two_less() -> None:
    """TDD (4) for 2, Clean code (1) for 0, Design patterns moved onto it for 0."""
    game = scripted_game(
        AB, hands={"Ada": ["Ambitious Apprentice", "TDD", "Clean code", "Intern",
                           "Design patterns"]},
        roll=6,
    )
    game.play("Ada", "Ambitious Apprentice")  # 7 - 1 = 6
    game.play("Ada", "TDD", target="Ambitious Apprentice")  # 4 - 2: 4
    assert resources(game)["Ada"] == 4
    game.play("Ada", "Clean code", target="Ambitious Apprentice")  # 1 - 2: never below 0
    assert resources(game)["Ada"] == 4
    game.play("Ada", "Intern")  # 3
    game.play("Ada", "Design patterns", target="Intern")  # full price 2: 1
    assert resources(game)["Ada"] == 1
    game.transfer("Ada", "Design patterns", "Ambitious Apprentice")  # 2 - 2 = 0
    assert resources(game)["Ada"] == 1
    assert efficiency_of(game, "Ambitious Apprentice") == 0 + 5 + 2 + 3
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 10 + 1


def test_the_assertive_cto_makes_a_drawn_developer_free_this_turn() -> None:
    """CTO (5) draws Lead Developer (5), played for 0."""
    game = scripted_game(AB, hands={"Ada": ["The Assertive CTO"]}, roll=6,
                         reserve_cards=["Lead Developer"])
    game.play("Ada", "The Assertive CTO")  # 7 - 5 = 2
    assert draws_waiting(game, "Ada") == 1
    deal(game, "Lead Developer")
    game.play("Ada", "Lead Developer")
    assert resources(game)["Ada"] == 2
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 4 + 5


def test_the_assertive_cto_free_play_lasts_only_this_turn() -> None:
    """The Full Stack Ninja drawn by the CTO but kept costs its 4 in the next turn."""
    game = scripted_game(AB, hands={"Ada": ["The Assertive CTO"]}, roll=6,
                         reserve_cards=["Full Stack Ninja"])
    game.play("Ada", "The Assertive CTO")  # 2
    deal(game, "Full Stack Ninja")
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    game.play("Ada", "Full Stack Ninja")  # 2 + 2 - 4
    assert resources(game)["Ada"] == 0


def test_the_assertive_cto_free_play_ends_when_the_card_leaves_the_hand() -> None:
    """The Lead Developer drawn by the CTO is sold, then bought back (the facilitator enters that
    very card): drawn by buying, not by the CTO, it costs its 5."""
    game = scripted_game(AB, hands={"Ada": ["The Assertive CTO", "Investor", "Investor"]},
                         roll=6, reserve_cards=["Lead Developer"])
    game.play("Ada", "The Assertive CTO")  # 2
    deal(game, "Lead Developer")
    lead = game.card_id("Lead Developer", game.hands[0])
    game.sell("Ada", "Lead Developer")  # 3
    game.play("Ada", "Investor")
    game.play("Ada", "Investor")  # 7
    game.buy("Ada")  # 5
    game.apply(Action("deal", CHANCE, card=lead))
    assert lead in game.hands[0]
    game.play("Ada", "Lead Developer")
    assert resources(game)["Ada"] == 0


def test_the_assertive_cto_draws_no_free_card_that_is_not_a_developer() -> None:
    """A knowledge card drawn by the CTO costs what it costs."""
    game = scripted_game(AB, hands={"Ada": ["The Assertive CTO"]}, roll=6,
                         reserve_cards=["Design patterns"])
    game.play("Ada", "The Assertive CTO")  # 2
    deal(game, "Design patterns")
    game.play("Ada", "Design patterns", target="The Assertive CTO")
    assert resources(game)["Ada"] == 0


def test_copy_paste_developer_tires_your_other_developers() -> None:
    """Copy Paste Developer: +1 burnout on each of your other developers (not on HR). The second
    one, a turn later, makes the Intern leave at once with its knowledge."""
    game = scripted_game(
        AB, hands={"Ada": ["Intern", "Clean code", "The Nice HR Guy", "Copy Paste Developer",
                           "Copy Paste Developer"]},
        roll=6,
    )
    game.play("Ada", "Intern")  # 6
    game.play("Ada", "Clean code", target="Intern")  # 5
    game.play("Ada", "The Nice HR Guy")  # 3
    first, second = [c for c in game.hands[0] if CARDS[c].name == "Copy Paste Developer"]
    game.apply(Action("play", 0, card=first))  # 2
    assert burnout_of(game, "Intern") == 1
    assert burnout_of(game, "The Nice HR Guy") == 0
    assert game.employees[first].burnout == 0
    finish_turn(game, "Ada")
    # Intern 1 + 2 and Copy Paste 2.
    assert points(game)["Ada"] == 5
    pass_turn(game, "Bob")
    assert burnout_of(game, "Intern") == 2 and game.employees[first].burnout == 1
    game.apply(Action("play", 0, card=second))
    assert staff_of(game, "Ada") == ["The Nice HR Guy", "Copy Paste Developer",
                                     "Copy Paste Developer"]
    assert bottom(game, 2) == ["Intern", "Clean code"]
    assert game.employees[first].burnout == 2 and game.employees[second].burnout == 0
    assert burnout_of(game, "The Nice HR Guy") == 1


def test_downer_dave_puts_burnout_on_an_opponents_employee() -> None:
    """Two Downer Daves on Bob's Intern (1 burnout): the second makes it leave at once."""
    game = scripted_game(
        AB, hands={"Bob": ["Intern", "Clean code"], "Ada": ["Downer Dave", "Downer Dave"]},
        roll=6, first_player=1,
    )
    game.play("Bob", "Intern")
    game.play("Bob", "Clean code", target="Intern")
    pass_turn(game, "Bob")
    game.play("Ada", "Downer Dave", target="Intern")  # 7 - 3 = 4
    assert burnout_of(game, "Intern", "Bob") == 2
    game.play("Ada", "Downer Dave", target="Intern")  # 1
    assert staff_of(game, "Bob") == []
    assert bottom(game, 2) == ["Intern", "Clean code"]
    assert staff_of(game, "Ada") == ["Downer Dave", "Downer Dave"]
    assert resources(game)["Ada"] == 1
    finish_turn(game, "Ada")
    assert points(game) == {"Ada": 2, "Bob": 3}


def test_downer_dave_without_an_opponents_employee_still_joins() -> None:
    """Nobody to tire: Downer Dave enters play without a target."""
    game = scripted_game(AB, hands={"Ada": ["Downer Dave"]}, roll=6)
    game.play("Ada", "Downer Dave")
    assert staff_of(game, "Ada") == ["Downer Dave"] and resources(game)["Ada"] == 4


def test_database_developer_makes_drawn_action_cards_free_this_turn() -> None:
    """Database Developer draws Monster Bug (free now) and Vacation Time (kept: full price next
    turn); the Coffee machine already in hand costs its 2."""
    game = scripted_game(AB, hands={"Ada": ["Database Developer", "Coffee machine"]}, roll=6,
                         reserve_cards=["Monster Bug", "Vacation Time"])
    game.play("Ada", "Database Developer")  # 7 - 4 = 3
    assert draws_waiting(game, "Ada") == 2
    deal(game, "Monster Bug", "Vacation Time")
    game.play("Ada", "Monster Bug")
    assert resources(game)["Ada"] == 3
    game.play("Ada", "Coffee machine")
    assert resources(game)["Ada"] == 1
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 2 + 1  # Database Developer, Coffee machine's 1 developer
    pass_turn(game, "Bob")
    game.play("Ada", "Vacation Time")  # 1 + 2 - 3
    assert resources(game)["Ada"] == 0


def test_database_developer_does_not_make_other_drawn_cards_free() -> None:
    """An Intern drawn by Database Developer costs its 1."""
    game = scripted_game(AB, hands={"Ada": ["Database Developer"]}, roll=6,
                         reserve_cards=["Intern", "Investor"])
    game.play("Ada", "Database Developer")  # 3
    deal(game, "Intern", "Investor")
    game.play("Ada", "Intern")
    assert resources(game)["Ada"] == 2


def test_bi_developer_makes_a_drawn_knowledge_card_two_cheaper() -> None:
    """BI Developer draws TDD: 4 - 2 = 2; Clean code already in hand costs its 1."""
    game = scripted_game(AB, hands={"Ada": ["BI Developer", "Clean code"]}, roll=6,
                         reserve_cards=["TDD"])
    game.play("Ada", "BI Developer")  # 7 - 3 = 4
    deal(game, "TDD")
    game.play("Ada", "TDD", target="BI Developer")
    assert resources(game)["Ada"] == 2
    game.play("Ada", "Clean code", target="BI Developer")
    assert resources(game)["Ada"] == 1
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 2 + 5 + 2


def test_bi_developer_and_ambitious_apprentice_never_cost_below_zero() -> None:
    """Clean code (1) drawn by BI Developer onto the Apprentice: 1 - 2 - 2 is 0, not -3."""
    game = scripted_game(AB, hands={"Ada": ["BI Developer", "Ambitious Apprentice"]}, roll=6,
                         reserve_cards=["Clean code"])
    game.play("Ada", "Ambitious Apprentice")  # 6
    game.play("Ada", "BI Developer")  # 3
    deal(game, "Clean code")
    game.play("Ada", "Clean code", target="Ambitious Apprentice")
    assert resources(game)["Ada"] == 3


def test_bi_developer_discount_lasts_only_this_turn() -> None:
    """Domain knowledge drawn by BI Developer and kept costs its 3 in the next turn."""
    game = scripted_game(AB, hands={"Ada": ["BI Developer"]}, roll=6,
                         reserve_cards=["Domain knowledge"])
    game.play("Ada", "BI Developer")  # 4
    deal(game, "Domain knowledge")
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    game.play("Ada", "Domain knowledge", target="BI Developer")  # 4 + 2 - 3
    assert resources(game)["Ada"] == 3


def test_full_stack_ninja_takes_knowledge_for_two_less() -> None:
    """Design patterns moved onto the Ninja for 0, Clean code played on it for 0, TDD for 2."""
    game = scripted_game(
        AB, hands={"Ada": ["Full Stack Ninja", "TDD", "Clean code", "Intern",
                           "Design patterns"]},
        roll=6,
    )
    game.play("Ada", "Full Stack Ninja")  # 3
    game.play("Ada", "Intern")  # 2
    game.play("Ada", "Design patterns", target="Intern")  # full price: 0
    assert resources(game)["Ada"] == 0
    game.transfer("Ada", "Design patterns", "Full Stack Ninja")  # 2 - 2 = 0
    game.play("Ada", "Clean code", target="Full Stack Ninja")  # 1 - 2: 0
    assert resources(game)["Ada"] == 0
    assert efficiency_of(game, "Full Stack Ninja") == 3 + 3 + 2
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 8 + 1
    pass_turn(game, "Bob")
    game.play("Ada", "TDD", target="Full Stack Ninja")  # 0 + 2 - 2
    assert resources(game)["Ada"] == 0
    assert efficiency_of(game, "Full Stack Ninja") == 13


def test_qa_wizards_make_developers_cheaper_and_stack() -> None:
    """First QA Wizard 3, the second 3 - 1 = 2; then Intern and Code Monkey cost 0; an HR card
    is not a developer and keeps its price."""
    game = scripted_game(
        AB, hands={"Ada": ["QA Wizard Engineer", "QA Wizard Engineer", "Intern", CODE_MONKEY,
                           "The Nice HR Lady"]},
        roll=6,
    )
    game.play("Ada", "QA Wizard Engineer")
    assert resources(game)["Ada"] == 4
    game.play("Ada", "QA Wizard Engineer")
    assert resources(game)["Ada"] == 2
    game.play("Ada", "Intern")  # 1 - 2: 0
    game.play("Ada", CODE_MONKEY)  # 2 - 2: 0
    assert resources(game)["Ada"] == 2
    game.play("Ada", "The Nice HR Lady")
    assert resources(game)["Ada"] == 0
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 2 + 2 + 1 + 2


def test_senior_backend_developer_keeps_two_of_the_top_five() -> None:
    """The other three go under the deck."""
    looked = ["TDD", "Intern", "Head Hunter", "Monster Bug", "Scrum Master"]
    game = scripted_game(AB, hands={"Ada": ["Senior Backend Developer"]}, roll=6,
                         reserve_cards=looked)
    size = hand_size(game, "Ada")
    game.play("Ada", "Senior Backend Developer")  # 3
    assert draws_waiting(game, "Ada") == 5
    deal(game, *looked)
    assert pending(game) == "keep" and game.current_player == 0
    assert game.view("Ada")["looking"] == looked
    assert "2" in game.waiting_for
    game.keep("Ada", ["TDD", "Scrum Master"])
    assert hand_size(game, "Ada") == size - 1 + 2
    assert {"TDD", "Scrum Master"} <= set(game.hand("Ada"))
    assert sorted(bottom(game, 3)) == sorted(["Intern", "Head Hunter", "Monster Bug"])
    assert game.looking == [] and pending(game) == "main"


def test_senior_backend_developer_keeps_two_copies_by_name() -> None:
    """Both Interns are among the five cards: keeping "Intern", "Intern" keeps both."""
    looked = ["Intern", "Intern", "TDD", "Head Hunter", "Monster Bug"]
    game = scripted_game(AB, hands={"Ada": ["Senior Backend Developer"]}, roll=6,
                         reserve_cards=looked)
    game.play("Ada", "Senior Backend Developer")
    deal(game, *looked)
    game.keep("Ada", ["Intern", "Intern"])
    assert game.hand("Ada").count("Intern") == 2
    assert sorted(bottom(game, 3)) == ["Head Hunter", "Monster Bug", "TDD"]


def test_junior_backend_developer_keeps_one_of_the_top_three() -> None:
    """The other two go under the deck."""
    looked = ["TDD", "Intern", "Head Hunter"]
    game = scripted_game(AB, hands={"Ada": ["Junior Backend Developer"]}, roll=6,
                         reserve_cards=looked)
    size = hand_size(game, "Ada")
    game.play("Ada", "Junior Backend Developer")  # 5
    assert draws_waiting(game, "Ada") == 3
    deal(game, *looked)
    assert pending(game) == "keep"
    game.keep("Ada", ["Head Hunter"])
    assert hand_size(game, "Ada") == size
    assert "Head Hunter" in game.hand("Ada")
    assert sorted(bottom(game, 2)) == ["Intern", "TDD"]
    assert resources(game)["Ada"] == 5


def test_research_engineer_puts_the_top_three_back_in_any_order() -> None:
    """The three cards go back on top, the first named on top; the hand is unchanged."""
    looked = ["TDD", "Intern", "Head Hunter"]
    game = scripted_game(AB, hands={"Ada": ["Research Engineer"]}, roll=6,
                         reserve_cards=looked)
    size = hand_size(game, "Ada")
    game.play("Ada", "Research Engineer")  # 5
    deal(game, *looked)
    assert pending(game) == "order"
    chosen = tuple(game.card_id(name, game.looking) for name in ["Head Hunter", "TDD", "Intern"])
    game.apply(Action("order", 0, cards=chosen))
    assert names(list(game.deck)[:3]) == ["Head Hunter", "TDD", "Intern"]
    assert hand_size(game, "Ada") == size - 1
    assert len(game.deck) == 64 - 11  # 11 cards dealt, the 3 looked at are back


def test_research_engineer_order_by_name() -> None:
    """The facilitator's verb ``order(player, cards)`` puts the cards back, first named on top."""
    looked = ["TDD", "Intern", "Head Hunter"]
    game = scripted_game(AB, hands={"Ada": ["Research Engineer"]}, roll=6,
                         reserve_cards=looked)
    game.play("Ada", "Research Engineer")
    deal(game, *looked)
    game.order("Ada", ["Intern", "Head Hunter", "TDD"])
    assert names(list(game.deck)[:3]) == ["Intern", "Head Hunter", "TDD"]
    assert pending(game) == "main"


def test_lead_developer_makes_transfers_two_cheaper_but_not_plays() -> None:
    """Design patterns (2) played on the Intern costs 2; moved to the Lead Developer and back
    costs 0 each time."""
    game = scripted_game(AB, hands={"Ada": ["Lead Developer", "Intern", "Design patterns"]},
                         roll=6)
    game.play("Ada", "Lead Developer")  # 2
    game.play("Ada", "Intern")  # 1
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    game.play("Ada", "Design patterns", target="Intern")  # 1 + 2 - 2 = 1
    assert resources(game)["Ada"] == 1
    game.transfer("Ada", "Design patterns", "Lead Developer")
    assert resources(game)["Ada"] == 1
    assert efficiency_of(game, "Lead Developer") == 8
    game.transfer("Ada", "Design patterns", "Intern")
    assert resources(game)["Ada"] == 1
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 6 + 5 + 4


def test_lead_developer_and_ninja_discounts_stack_on_a_transfer() -> None:
    """TDD (4) moved onto the Full Stack Ninja with a Lead Developer: 4 - 2 - 2 = 0."""
    game = scripted_game(
        AB, hands={"Ada": ["Lead Developer", "Intern", "TDD", "Full Stack Ninja"]}, roll=6,
    )
    keep = ("Lead Developer", "Intern", "TDD", "Full Stack Ninja")
    game.play("Ada", "Lead Developer")  # 2
    game.play("Ada", "Intern")  # 1
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    sell_fillers(game, "Ada", 1, keep)  # 1 + 2 + 1 = 4
    game.play("Ada", "TDD", target="Intern")  # 0
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    sell_fillers(game, "Ada", 1, keep)  # 0 + 3 + 1 = 4
    game.play("Ada", "Full Stack Ninja")  # 0
    assert resources(game)["Ada"] == 0
    game.transfer("Ada", "TDD", "Full Stack Ninja")
    assert resources(game)["Ada"] == 0
    assert knowledge_of(game, "Full Stack Ninja") == ["TDD"]
    game.end_turn("Ada")
    # Turn 1: 5 + 1; turn 2: 5 + 6; turn 3: 5 + 1 + 8.
    assert points(game)["Ada"] == 6 + 11 + 14


def test_shy_frontend_developer_pays_x_for_x_efficiency_this_turn() -> None:
    """Pay 3 then 2: efficiency 1 + 5 = 6 for this turn's scoring; back to 1 afterwards."""
    game = scripted_game(AB, hands={"Ada": ["Shy Frontend Developer"]}, roll=6)
    game.play("Ada", "Shy Frontend Developer")  # 5
    game.activate("Ada", "Shy Frontend Developer", amount=3)
    assert resources(game)["Ada"] == 2
    assert efficiency_of(game, "Shy Frontend Developer") == 4
    game.activate("Ada", "Shy Frontend Developer", amount=2)
    assert resources(game)["Ada"] == 0
    assert efficiency_of(game, "Shy Frontend Developer") == 6
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 6
    assert efficiency_of(game, "Shy Frontend Developer") == 1
    pass_turn(game, "Bob")
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 7


# ----- HR and the agile coach ---------------------------------------------------------------------
def test_office_manager_rests_your_employees_and_draws_at_the_end_of_your_turn() -> None:
    """Intern at 2 burnout, Copy Paste at 0: Office Manager takes 1 from each (not below 0)."""
    game = scripted_game(
        AB, hands={"Ada": ["Intern", "Copy Paste Developer", "Office Manager"]}, roll=6,
    )
    game.play("Ada", "Intern")  # 6
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    game.play("Ada", "Copy Paste Developer")  # 6 + 2 - 1 = 7; Intern 2
    assert burnout_of(game, "Intern") == 2
    game.play("Ada", "Office Manager")  # 4
    assert resources(game)["Ada"] == 4
    assert burnout_of(game, "Intern") == 1
    assert burnout_of(game, "Copy Paste Developer") == 0
    assert burnout_of(game, "Office Manager") == 0
    size = hand_size(game, "Ada")
    game.end_turn("Ada")
    assert points(game)["Ada"] == 1 + (1 + 2)
    assert draws_waiting(game, "Ada") == 1
    deal_to(game, "Ada")
    assert hand_size(game, "Ada") == size + 1
    assert [burnout_of(game, c) for c in staff_of(game, "Ada")] == [2, 1, 1]


@pytest.mark.parametrize("card", ["The Nice HR Lady", "The Nice HR Guy"])
def test_nice_hr_draws_a_card_at_the_end_of_every_turn(card: str) -> None:
    """No efficiency, one card at the end of each of your turns."""
    game = scripted_game(AB, hands={"Ada": [card]}, roll=3)
    game.play("Ada", card)  # 4 - 2
    assert resources(game)["Ada"] == 2
    for _ in range(2):
        size = hand_size(game, "Ada")
        game.end_turn("Ada")
        assert draws_waiting(game, "Ada") == 1
        deal_to(game, "Ada")
        assert hand_size(game, "Ada") == size + 1
        deal_to(game, "Bob")
        pass_turn(game, "Bob")
    assert points(game)["Ada"] == 0


def test_every_drawing_hr_card_draws_and_the_agent_and_scrum_master_do_not() -> None:
    """Nice HR Lady and Guy: 2 draws; the Undercover HR Agent and Scrum Master draw nothing at
    the end of the turn."""
    game = scripted_game(
        AB, hands={"Ada": ["The Nice HR Lady", "The Nice HR Guy", "Undercover HR Agent",
                           "Investor"]},
        roll=6,
    )
    game.play("Ada", "Investor")  # 9
    game.play("Ada", "The Nice HR Lady")  # 7
    game.play("Ada", "The Nice HR Guy")  # 5
    game.play("Ada", "Undercover HR Agent")  # 2
    game.end_turn("Ada")
    assert draws_waiting(game, "Ada") == 2
    game2 = scripted_game(AB, hands={"Ada": ["Undercover HR Agent", "Scrum Master"]}, roll=6)
    game2.play("Ada", "Undercover HR Agent")  # 4
    game2.play("Ada", "Scrum Master")  # 0; no developer, no draw
    assert draws_waiting(game2, "Ada") == 0
    game2.end_turn("Ada")
    assert draws_waiting(game2, "Ada") == 0
    assert game2.step == ("draw", 1, "hand")


def test_rockstar_recruiter_takes_an_employee_from_an_opponent_with_four() -> None:
    """Bob has 4 employees: Ada takes his Intern with its burnout and Clean code; the second
    Recruiter finds Bob down to 3 and joins without taking anybody."""
    game = scripted_game(
        AB,
        hands={"Bob": ["Intern", "Intern", "Ambitious Apprentice", "The Nice HR Guy",
                       "Clean code"],
               "Ada": ["Rockstar Recruiter", "Rockstar Recruiter"]},
        roll=6, first_player=1,
    )
    game.play("Bob", "Intern")
    game.play("Bob", "Intern")
    game.play("Bob", "Ambitious Apprentice")
    game.play("Bob", "The Nice HR Guy")
    star = game.staff[1][0]
    game.apply(Action("play", 1, card=game.card_id("Clean code", game.hands[1]), target=star))
    finish_turn(game, "Bob")
    assert len(game.staff[1]) == 4
    game.play("Ada", "Rockstar Recruiter", target=star)  # 7 - 3 = 4
    assert star in game.staff[0] and star not in game.staff[1]
    assert game.employees[star].burnout == 1
    assert names(game.employees[star].knowledge) == ["Clean code"]
    assert resources(game)["Ada"] == 4
    second = game.card_id("Rockstar Recruiter", game.hands[0])
    other_intern = game.staff[1][0]
    assert not game.can_apply(Action("play", 0, card=second, target=other_intern))
    game.apply(Action("play", 0, card=second))
    assert resources(game)["Ada"] == 1
    assert staff_of(game, "Ada") == ["Rockstar Recruiter", "Intern", "Rockstar Recruiter"]
    assert len(game.staff[1]) == 3
    game.end_turn("Ada")
    assert points(game) == {"Ada": 3, "Bob": 4}
    assert draws_waiting(game, "Ada") == 2


def test_rockstar_recruiter_with_nobody_to_take_still_joins_and_draws() -> None:
    """No opponent with 4 employees: the Recruiter enters play and draws at the end."""
    game = scripted_game(AB, hands={"Ada": ["Rockstar Recruiter"]}, roll=6)
    game.play("Ada", "Rockstar Recruiter")
    assert staff_of(game, "Ada") == ["Rockstar Recruiter"]
    game.end_turn("Ada")
    assert draws_waiting(game, "Ada") == 1


def agent_game(**options: Any) -> ItStartupGame:
    """Bob has an Intern and an Ambitious Apprentice (1 burnout each, 5 resources left); Ada has
    two Undercover HR Agents on the table and 5 resources."""
    game = scripted_game(
        AB,
        hands={"Bob": ["Intern", "Ambitious Apprentice"],
               "Ada": ["Undercover HR Agent", "Undercover HR Agent", "Investor", "Investor"]},
        roll=6, first_player=1, **options,
    )
    game.play("Bob", "Intern")
    game.play("Bob", "Ambitious Apprentice")
    pass_turn(game, "Bob")
    game.play("Ada", "Investor")
    game.play("Ada", "Investor")
    game.play("Ada", "Undercover HR Agent")
    game.play("Ada", "Undercover HR Agent")
    assert resources(game) == {"Ada": 7 + 4 - 6, "Bob": 5}
    return game


@pytest.mark.parametrize("won", [True, False])
def test_undercover_hr_agent_pays_one_and_flips_a_coin(won: bool) -> None:
    """Heads: Ada takes Bob's Intern (with its burnout); tails: the 1 resource is lost."""
    game = agent_game()
    agent = game.staff[0][0]
    intern = employee(game, "Intern", "Bob")
    game.apply(Action("activate", 0, card=agent, target=intern))
    assert resources(game)["Ada"] == 4
    assert pending(game) == "flip" and game.current_player == CHANCE
    assert "coin" in game.waiting_for
    game.flip(won)
    assert (intern in game.staff[0]) is won
    assert (intern in game.staff[1]) is not won
    assert game.employees[intern].burnout == 1
    assert resources(game)["Ada"] == 4 and pending(game) == "main"


def test_undercover_hr_agent_once_per_card_per_turn() -> None:
    """The same Agent cannot go twice; the other Agent can; next turn the first one again."""
    game = agent_game()
    first, second = game.staff[0]
    intern = employee(game, "Intern", "Bob")
    apprentice = employee(game, "Ambitious Apprentice", "Bob")
    game.apply(Action("activate", 0, card=first, target=intern))
    game.flip(False)
    assert not game.can_apply(Action("activate", 0, card=first, target=intern))
    game.apply(Action("activate", 0, card=second, target=apprentice))
    game.flip(True)
    assert resources(game)["Ada"] == 3
    assert apprentice in game.staff[0]
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    assert game.can_apply(Action("activate", 0, card=first, target=intern))


def test_undercover_hr_agent_once_per_player_with_the_option() -> None:
    """agent_uses=per_player: after one Agent, the other cannot go this turn."""
    game = agent_game(agent_uses="per_player")
    first, second = game.staff[0]
    intern = employee(game, "Intern", "Bob")
    game.apply(Action("activate", 0, card=first, target=intern))
    game.flip(False)
    assert not game.can_apply(Action("activate", 0, card=second, target=intern))
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    assert game.can_apply(Action("activate", 0, card=second, target=intern))


def test_undercover_hr_agent_revision_counter_paid() -> None:
    """agent_counter=True: Bob pays Ada 3 before the flip; no coin, the Intern stays."""
    game = agent_game(agent_counter=True)
    agent = game.staff[0][0]
    intern = employee(game, "Intern", "Bob")
    game.apply(Action("activate", 0, card=agent, target=intern))
    assert pending(game) == "agent_counter" and game.current_player == 1
    assert "Bob" in game.waiting_for and "3" in game.waiting_for
    game.pay_counter("Bob")
    assert resources(game) == {"Ada": 4 + 3, "Bob": 5 - 3}
    assert intern in game.staff[1] and pending(game) == "main"
    assert not any(event.kind == "coin" for event in game.events)
    assert not game.can_apply(Action("activate", 0, card=agent, target=intern))


def test_undercover_hr_agent_revision_counter_declined() -> None:
    """Bob does not pay: the coin is flipped as usual."""
    game = agent_game(agent_counter=True)
    agent = game.staff[0][0]
    intern = employee(game, "Intern", "Bob")
    game.apply(Action("activate", 0, card=agent, target=intern))
    game.decline("Bob")
    assert pending(game) == "flip"
    game.flip(True)
    assert intern in game.staff[0]
    assert resources(game) == {"Ada": 4, "Bob": 5}


def test_undercover_hr_agent_revision_counter_not_offered_to_who_cannot_pay() -> None:
    """Bob has 2 resources: straight to the coin."""
    game = scripted_game(
        AB,
        hands={"Bob": ["Intern", "Ambitious Apprentice", "Lead Developer"],
               "Ada": ["Undercover HR Agent"]},
        roll=6, first_player=1, agent_counter=True,
    )
    game.play("Bob", "Intern")
    game.play("Bob", "Lead Developer")  # 7 - 1 - 5 = 1
    pass_turn(game, "Bob")
    assert resources(game)["Bob"] < 3
    game.play("Ada", "Undercover HR Agent")
    game.activate("Ada", "Undercover HR Agent", target="Intern")
    assert pending(game) == "flip"


def test_undercover_hr_agent_revision_counter_goes_round_the_table() -> None:
    """Three players: Bob (next clockwise) declines, then Cy pays Ada 3."""
    game = scripted_game(
        ABC, hands={"Bob": ["Intern"], "Ada": ["Undercover HR Agent"]}, roll=6,
        first_player=1, agent_counter=True,
    )
    game.play("Bob", "Intern")  # 6
    pass_turn(game, "Bob")
    pass_turn(game, "Cy")  # 7
    game.play("Ada", "Undercover HR Agent")  # 4
    game.activate("Ada", "Undercover HR Agent", target="Intern")  # 3
    assert game.current_player == 1
    game.decline("Bob")
    assert pending(game) == "agent_counter" and game.current_player == 2
    game.pay_counter("Cy")
    assert resources(game) == {"Ada": 3 + 3, "Bob": 6, "Cy": 7 - 3}
    assert staff_of(game, "Bob") == ["Intern"]


def test_scrum_master_draws_per_developer_and_adds_one_to_each() -> None:
    """Intern and Code Monkey: each Scrum Master draws 2 and gives +1 to both; the Scrum
    Masters score nothing themselves."""
    game = scripted_game(
        AB, hands={"Ada": ["Intern", CODE_MONKEY, "Scrum Master", "Scrum Master", "Investor"]},
        roll=6, draw="Investor",
    )
    game.play("Ada", "Investor")
    game.play("Ada", "Investor")  # 11
    game.play("Ada", "Intern")  # 10
    game.play("Ada", CODE_MONKEY)  # 8
    size = hand_size(game, "Ada")
    game.play("Ada", "Scrum Master")  # 4
    assert draws_waiting(game, "Ada") == 2
    deal_to(game, "Ada")
    assert efficiency_of(game, "Intern") == 2 and efficiency_of(game, CODE_MONKEY) == 3
    game.play("Ada", "Scrum Master")  # 0
    assert draws_waiting(game, "Ada") == 2
    deal_to(game, "Ada")
    assert hand_size(game, "Ada") == size - 2 + 4
    assert resources(game)["Ada"] == 0
    assert efficiency_of(game, "Intern") == 3 and efficiency_of(game, CODE_MONKEY) == 4
    assert efficiency_of(game, "Scrum Master") == 0
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 7


def test_scrum_master_does_not_count_hr_as_developers() -> None:
    """Intern and The Nice HR Lady: one card drawn."""
    game = scripted_game(AB, hands={"Ada": ["Intern", "The Nice HR Lady", "Scrum Master"]},
                         roll=6)
    game.play("Ada", "Intern")
    game.play("Ada", "The Nice HR Lady")
    game.play("Ada", "Scrum Master")
    assert draws_waiting(game, "Ada") == 1
    assert resources(game)["Ada"] == 0


# ----- action cards -------------------------------------------------------------------------------
def test_investor_gives_two_resources_for_free() -> None:
    """Investor costs 0 and gives 2; it goes under the deck."""
    game = scripted_game(AB, hands={"Ada": ["Investor"]}, roll=3)
    game.play("Ada", "Investor")
    assert resources(game)["Ada"] == 6
    assert bottom(game, 1) == ["Investor"]


def outsourcing_game(**options: Any) -> ItStartupGame:
    """Bob's Intern (1 burnout, Clean code) is outsourced by Ada for 2; Ada also holds an
    Ambitious Apprentice and a Code Monkey."""
    game = scripted_game(
        AB,
        hands={"Bob": ["Intern", "Clean code"],
               "Ada": ["Outsourcing", "Ambitious Apprentice", CODE_MONKEY]},
        roll=6, first_player=1, **options,
    )
    game.play("Bob", "Intern")  # 6
    game.play("Bob", "Clean code", target="Intern")  # 5
    pass_turn(game, "Bob")
    game.play("Ada", "Outsourcing", target="Intern")  # 5
    return game


def test_outsourcing_borrows_an_employee_and_pays_its_owner() -> None:
    """Bob receives the 2 Ada paid; the Intern works and tires for Ada until her next turn."""
    game = outsourcing_game()
    intern = employee(game, "Intern")
    assert resources(game) == {"Ada": 5, "Bob": 7}
    assert staff_of(game, "Ada") == ["Intern"] and staff_of(game, "Bob") == []
    assert game.employees[intern].home == 1
    assert game.view(None)["players"][0]["employees"][0]["outsourced_from"] == "Bob"
    assert bottom(game, 1) == ["Outsourcing"]
    game.play("Ada", "Ambitious Apprentice")  # 4
    game.play("Ada", CODE_MONKEY)  # 2
    finish_turn(game, "Ada")
    assert points(game) == {"Ada": 3 + 0 + 2, "Bob": 3}
    assert game.employees[intern].burnout == 2
    game.end_turn("Bob")
    assert points(game)["Bob"] == 3 and intern in game.staff[0]
    deal_to(game, "Bob")
    # Ada's next turn: the Intern is hers until her turn starts, then goes back.
    assert game.step == ("draw", 0, "hand") and intern in game.staff[0]
    deal_to(game, "Ada")
    assert staff_of(game, "Bob") == ["Intern"]
    assert game.employees[intern].home is None
    assert game.employees[intern].burnout == 2
    assert knowledge_of(game, "Intern") == ["Clean code"]
    assert staff_of(game, "Ada") == ["Ambitious Apprentice", CODE_MONKEY]


def test_an_outsourced_employee_cannot_be_returned_or_lend_its_knowledge() -> None:
    """Code Monkey cannot send it to Ada's hand; Clean code cannot move off it."""
    game = outsourcing_game()
    intern = employee(game, "Intern")
    clean_code = game.employees[intern].knowledge[0]
    game.play("Ada", "Ambitious Apprentice")  # 4
    apprentice = employee(game, "Ambitious Apprentice")
    monkey = game.card_id(CODE_MONKEY, game.hands[0])
    assert not game.can_apply(Action("play", 0, card=monkey, target=intern))
    assert not game.can_apply(Action("transfer", 0, card=clean_code, target=apprentice))
    assert all(a.kind != "transfer" for a in game.legal_actions())


def outsourced_knowledge_game(rule: str) -> ItStartupGame:
    """Bob's Intern (Clean code) is outsourced by Ada in her turn 1; she holds Version control."""
    game = scripted_game(
        AB, hands={"Bob": ["Intern", "Clean code"], "Ada": ["Outsourcing", "Version control"]},
        roll=6, first_player=1, outsourced_knowledge=rule,
    )
    game.play("Bob", "Intern")  # 7 - 1
    game.play("Bob", "Clean code", target="Intern")  # 6 - 1
    pass_turn(game, "Bob")  # Intern 1 burnout
    game.play("Ada", "Outsourcing", target="Intern")  # 7 - 2
    return game


@pytest.mark.parametrize("rule, bob_keeps, ada_gets_back, intern_scores", [
    ("goes_home", ["Clean code", "Version control"], [], 1 + 2 + 2),
    ("back_to_hand", ["Clean code"], ["Version control"], 1 + 2),
])
def test_knowledge_played_on_an_outsourced_developer(rule: str, bob_keeps: list[str],
                                                     ada_gets_back: list[str],
                                                     intern_scores: int) -> None:
    """Ada teaches the borrowed Intern Version control (1): it scores for her this turn; when
    the Intern goes home it takes the knowledge with it ("goes_home"), or Ada's own teaching
    comes back to her hand and Bob's Clean code stays on it ("back_to_hand")."""
    game = outsourced_knowledge_game(rule)
    game.play("Ada", "Version control", target="Intern")  # 5 - 1
    assert knowledge_of(game, "Intern", "Ada") == ["Clean code", "Version control"]
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 1 + 2 + 2
    pass_turn(game, "Bob")  # the Intern is still Ada's during Bob's turn; Ada draws
    assert staff_of(game, "Bob") == ["Intern"]
    assert knowledge_of(game, "Intern", "Bob") == bob_keeps
    assert burnout_of(game, "Intern") == 2
    assert game.hand("Ada").count("Version control") == len(ada_gets_back)
    returned = next(e for e in reversed(game.events) if e.kind == "returns")
    assert names(returned.data["knowledge"]) == ada_gets_back
    told = game.narrate(returned)
    assert told is not None
    assert ("Ada takes Version control back to hand" in told) == bool(ada_gets_back)
    finish_turn(game, "Ada")
    game.end_turn("Bob")  # the Intern scores for Bob again, then burns out (3)
    assert points(game)["Bob"] == (1 + 2) + intern_scores


def test_knowledge_cannot_be_played_on_an_outsourced_developer_with_not_allowed() -> None:
    """With outsourced_knowledge="not_allowed" Version control has no target: the move is
    refused with a sentence and nothing changes."""
    game = outsourced_knowledge_game("not_allowed")
    intern = employee(game, "Intern", "Ada")
    before = game.snapshot()
    with pytest.raises(IllegalMove, match="not on one held through Outsourcing"):
        game.play("Ada", "Version control", target="Intern")
    assert game.snapshot() == before
    assert not any(a.kind == "play" and a.target == intern for a in game.legal_actions())
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 1 + 2


def test_knowledge_back_in_hand_is_told_and_comes_back_again_with_code_monkey() -> None:
    """With "back_to_hand", the table hears the borrowed Intern go home and Ada's Version control
    come back to her hand. Taught again to her own Ambitious Apprentice (free: 1 - 2), it comes
    back to hand once more with Code Monkey, and the table hears which knowledge came back."""
    game = scripted_game(
        AB, hands={"Bob": ["Intern", "Clean code"],
                   "Ada": ["Outsourcing", "Version control", CODE_MONKEY, "Ambitious Apprentice"]},
        roll=6, first_player=1, outsourced_knowledge="back_to_hand",
    )
    game.play("Bob", "Intern")
    game.play("Bob", "Clean code", target="Intern")
    pass_turn(game, "Bob")
    game.play("Ada", "Outsourcing", target="Intern")
    game.play("Ada", "Version control", target="Intern")
    game.play("Ada", "Ambitious Apprentice")
    finish_turn(game, "Ada")
    game.end_turn("Bob")
    before = len(game.events)
    deal_to(game, "Ada")  # Ada's turn begins: the Intern goes home
    told = [game.narrate(event) for event in game.events[before:]]
    assert "Intern goes back to Bob. Ada takes Version control back to hand." in told
    assert "Version control" in game.hand("Ada")
    game.play("Ada", "Version control", target="Ambitious Apprentice")
    before = len(game.events)
    game.play("Ada", CODE_MONKEY, target="Ambitious Apprentice")
    assert public_lines(game, game.log[-1], game.events[before:]) == [
        'Ada plays Code Monkey "Mike" on Ambitious Apprentice for 2.',
        "Ada takes Ambitious Apprentice back to hand, with Version control.",
    ]
    assert {"Ambitious Apprentice", "Version control"} <= set(game.hand("Ada"))


def test_a_planned_outsourcing_pays_the_owner_what_was_paid() -> None:
    """Planned in turn 1, played in turn 2 for 1: Bob receives 1."""
    game = scripted_game(AB, hands={"Bob": ["Intern"], "Ada": ["Outsourcing"]}, roll=6,
                         first_player=1)
    game.play("Bob", "Intern")  # 6
    pass_turn(game, "Bob")
    game.plan("Ada", "Outsourcing")
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")  # 8
    game.play("Ada", "Outsourcing", target="Intern")  # 9 - 1
    assert resources(game) == {"Ada": 8, "Bob": 9}


def head_hunter_game(bob_extra: list[str]) -> ItStartupGame:
    """Bob's Intern (1 burnout, Clean code) and Ada's Head Hunter played on it for 5."""
    game = scripted_game(
        AB, hands={"Bob": ["Intern", "Clean code", *bob_extra], "Ada": ["Head Hunter"]},
        roll=6, first_player=1,
    )
    game.play("Bob", "Intern")  # 6
    game.play("Bob", "Clean code", target="Intern")  # 5
    for card in bob_extra:
        game.play("Bob", card, target="Intern")
    pass_turn(game, "Bob")
    game.play("Ada", "Head Hunter", target="Intern")  # 2
    return game


def test_head_hunter_declined_takes_the_employee() -> None:
    """Bob could pay 5 but declines: Ada takes the Intern with burnout and knowledge; the Head
    Hunter goes under the deck."""
    game = head_hunter_game([])
    intern = employee(game, "Intern")
    assert pending(game) == "headhunt" and game.current_player == 1
    assert "Bob" in game.waiting_for and "5" in game.waiting_for
    game.decline("Bob")
    assert staff_of(game, "Ada") == ["Intern"] and staff_of(game, "Bob") == []
    assert game.employees[intern].burnout == 1
    assert knowledge_of(game, "Intern") == ["Clean code"]
    assert resources(game) == {"Ada": 2, "Bob": 5}
    assert bottom(game, 1) == ["Head Hunter"]
    assert pending(game) == "main" and game.current_player == 0
    finish_turn(game, "Ada")
    assert points(game) == {"Ada": 3, "Bob": 3}


def test_head_hunter_countered_by_paying_five() -> None:
    """Bob pays Ada 5: the Intern stays, the Head Hunter goes under the deck."""
    game = head_hunter_game([])
    game.pay_counter("Bob")
    assert staff_of(game, "Bob") == ["Intern"] and staff_of(game, "Ada") == []
    assert resources(game) == {"Ada": 2 + 5, "Bob": 0}
    assert bottom(game, 1) == ["Head Hunter"]
    assert pending(game) == "main" and game.current_player == 0


def test_head_hunter_is_automatic_when_the_owner_cannot_pay() -> None:
    """Bob has only 4: no question, Ada takes the Intern at once."""
    game = head_hunter_game(["Polymorphism"])
    assert pending(game) == "main" and game.current_player == 0
    assert staff_of(game, "Ada") == ["Intern"]
    assert knowledge_of(game, "Intern") == ["Clean code", "Polymorphism"]
    assert resources(game) == {"Ada": 2, "Bob": 4}
    assert bottom(game, 1) == ["Head Hunter"]


def test_coffee_machine_scores_per_developer_and_rests_every_employee() -> None:
    """Two developers when it is played: +2 points; every employee loses 1 burnout; Code Monkey
    played afterwards adds no coffee point."""
    game = scripted_game(
        AB, hands={"Ada": ["Intern", "Copy Paste Developer", "The Nice HR Guy",
                           "Coffee machine", CODE_MONKEY]},
        roll=6,
    )
    game.play("Ada", "Intern")  # 6
    game.play("Ada", "Copy Paste Developer")  # 5; Intern 1
    game.play("Ada", "The Nice HR Guy")  # 3
    finish_turn(game, "Ada")
    assert points(game)["Ada"] == 3
    pass_turn(game, "Bob")
    assert [burnout_of(game, c) for c in staff_of(game, "Ada")] == [2, 1, 1]
    game.play("Ada", "Coffee machine")  # 3 + 2 - 2 = 3
    assert [burnout_of(game, c) for c in staff_of(game, "Ada")] == [1, 0, 0]
    game.play("Ada", CODE_MONKEY)  # 1
    assert resources(game)["Ada"] == 1
    game.end_turn("Ada")
    assert points(game)["Ada"] == 3 + (1 + 2 + 2) + 2
    assert [burnout_of(game, c) for c in staff_of(game, "Ada")] == [2, 1, 1, 1]


@pytest.mark.parametrize("count, developers", [("on_play", 1), ("end_of_turn", 3)])
def test_coffee_machine_and_crunch_time_count_developers_on_play_or_at_the_scoring(
    count: str, developers: int
) -> None:
    """Ada has 1 developer when she plays Coffee machine and Crunch Time, 3 at the scoring:
    1 + 2 points per developer counted on play ("on_play"), or at the scoring
    ("end_of_turn")."""
    game = scripted_game(
        AB, hands={"Ada": ["Intern", "Coffee machine", "Crunch Time", "Ambitious Apprentice",
                           "Copy Paste Developer"]},
        roll=6, coffee_crunch_count=count,
    )
    game.play("Ada", "Intern")  # 7 - 1
    game.play("Ada", "Coffee machine")  # 6 - 2
    game.play("Ada", "Crunch Time")  # 4 - 2
    game.play("Ada", "Ambitious Apprentice")  # 2 - 1
    game.play("Ada", "Copy Paste Developer")  # 1 - 1
    assert resources(game)["Ada"] == 0
    game.end_turn("Ada")
    assert points(game)["Ada"] == (1 + 0 + 2) + (1 + 2) * developers


@pytest.mark.parametrize("count, crunch_points", [("on_play", 2), ("end_of_turn", 0)])
def test_crunch_time_and_a_developer_gone_before_the_scoring(count: str,
                                                            crunch_points: int) -> None:
    """Crunch Time with the Intern on the table, then Technical debt sends it into the deck:
    counted on play it still gives 2; counted at the scoring, no developer is left."""
    game = scripted_game(AB, hands={"Ada": ["Intern", "Crunch Time", "Technical debt"]},
                         roll=6, coffee_crunch_count=count)
    game.play("Ada", "Intern")  # 7 - 1
    game.play("Ada", "Crunch Time")  # 6 - 2
    game.play("Ada", "Technical debt")  # 4 - 4
    assert staff_of(game, "Ada") == []
    game.end_turn("Ada")
    assert points(game)["Ada"] == crunch_points


def test_crunch_time_scores_double_per_developer_and_adds_burnout() -> None:
    """Two developers: +4 points; developers take 1 extra burnout, HR does not. The Intern
    (already at 1) leaves after scoring."""
    game = scripted_game(
        AB, hands={"Ada": ["Intern", "Copy Paste Developer", "The Nice HR Guy",
                           "Crunch Time"]},
        roll=6,
    )
    game.play("Ada", "Intern")  # 6
    game.play("Ada", "Copy Paste Developer")  # 5; Intern 1
    game.play("Ada", "The Nice HR Guy")  # 3
    game.play("Ada", "Crunch Time")  # 1
    assert resources(game)["Ada"] == 1
    game.end_turn("Ada")
    assert points(game)["Ada"] == 1 + 2 + 4
    assert staff_of(game, "Ada") == ["Copy Paste Developer", "The Nice HR Guy"]
    assert burnout_of(game, "Copy Paste Developer") == 2
    assert burnout_of(game, "The Nice HR Guy") == 1


def test_vacation_time_rests_and_skips_the_end_of_turn_burnout() -> None:
    """Intern at 1: Vacation Time takes it to 0, and it stays 0 after the turn; the next turn
    the burnout comes back as usual."""
    game = scripted_game(AB, hands={"Ada": ["Intern", "The Nice HR Guy", "Vacation Time"]},
                         roll=6)
    game.play("Ada", "Intern")  # 6
    game.play("Ada", "The Nice HR Guy")  # 4
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    game.play("Ada", "Vacation Time")  # 4 + 2 - 3 = 3
    assert resources(game)["Ada"] == 3
    assert [burnout_of(game, c) for c in staff_of(game, "Ada")] == [0, 0]
    pass_turn(game, "Ada")
    assert [burnout_of(game, c) for c in staff_of(game, "Ada")] == [0, 0]
    pass_turn(game, "Bob")
    pass_turn(game, "Ada")
    assert [burnout_of(game, c) for c in staff_of(game, "Ada")] == [1, 1]


@pytest.mark.parametrize(("cancels", "intern_after"), [("normal", 1), ("all", 0)])
def test_vacation_time_with_crunch_time(cancels: str, intern_after: int) -> None:
    """Vacation cancels the normal burnout; Crunch Time's extra point stays unless
    vacation_cancels=all."""
    game = scripted_game(
        AB, hands={"Ada": ["Intern", "The Nice HR Guy", "Vacation Time", "Crunch Time"]},
        roll=6, vacation_cancels=cancels,
    )
    game.play("Ada", "Intern")  # 6
    game.play("Ada", "The Nice HR Guy")  # 4
    pass_turn(game, "Ada")
    pass_turn(game, "Bob")
    game.play("Ada", "Vacation Time")  # 3
    game.play("Ada", "Crunch Time")  # 1
    game.end_turn("Ada")
    assert points(game)["Ada"] == 1 + (1 + 2)
    assert burnout_of(game, "Intern") == intern_after
    assert burnout_of(game, "The Nice HR Guy") == 0


def test_technical_debt_sends_every_employee_back_to_the_deck() -> None:
    """Everybody's employees (an outsourced one too) and their knowledge go into the deck; the
    planned card and the hands stay."""
    game = scripted_game(
        AB,
        hands={"Bob": ["Intern", "Clean code", "Monster Bug", "Copy Paste Developer"],
               "Ada": ["Intern", "Outsourcing", "Technical debt"]},
        roll=6, first_player=1,
    )
    game.play("Bob", "Intern")  # 6
    game.play("Bob", "Clean code", target="Intern")  # 5
    game.play("Bob", "Copy Paste Developer")  # 4
    game.plan("Bob", "Monster Bug")
    pass_turn(game, "Bob")
    game.play("Ada", "Outsourcing", target="Copy Paste Developer")  # 5
    game.play("Ada", "Intern")  # 4
    bob_hand = list(game.hands[1])
    game.play("Ada", "Technical debt")  # 0
    assert resources(game)["Ada"] == 0
    assert game.staff == [[], []] and game.employees == {}
    assert game.planned[1] is not None and CARDS[game.planned[1][0]].name == "Monster Bug"
    assert game.hands[1] == bob_hand
    assert Counter(bottom(game, 5)) == Counter(
        ["Intern", "Intern", "Clean code", "Copy Paste Developer", "Technical debt"])
    assert bottom(game, 1) == ["Technical debt"]
    finish_turn(game, "Ada")
    assert points(game) == {"Ada": 0, "Bob": 5}


def test_monster_bug_tires_every_opponent_employee() -> None:
    """Three players: Bob's Intern (2) leaves at once, his Copy Paste goes to 2, Cy's Nice HR
    Lady to 2; Ada's own Intern is untouched."""
    game = scripted_game(
        ABC,
        hands={"Bob": ["Intern", "Copy Paste Developer"], "Cy": ["The Nice HR Lady"],
               "Ada": ["Intern", "Monster Bug"]},
        roll=6, first_player=1,
    )
    game.play("Bob", "Intern")
    game.play("Bob", "Copy Paste Developer")  # Intern 1
    pass_turn(game, "Bob")  # Intern 2, Copy Paste 1
    game.play("Cy", "The Nice HR Lady")
    finish_turn(game, "Cy")  # Lady 1
    game.play("Ada", "Intern")  # 6
    game.play("Ada", "Monster Bug")  # 3
    assert resources(game)["Ada"] == 3
    assert staff_of(game, "Bob") == ["Copy Paste Developer"]
    assert burnout_of(game, "Copy Paste Developer", "Bob") == 2
    assert burnout_of(game, "The Nice HR Lady", "Cy") == 2
    assert burnout_of(game, "Intern", "Ada") == 0
    assert bottom(game, 2) == ["Intern", "Monster Bug"]
