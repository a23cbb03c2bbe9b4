"""IT Startup bots: legal moves only, determinism, what the heuristic bot does in scripted
positions, that it only uses what its seat may know, and that it clearly beats random bots."""

import copy
from random import Random
from typing import Any

import pytest

from devgames import itstartup
from devgames.core.actions import CHANCE, Action
from devgames.core.bots import RandomBot, play_out
from devgames.core.errors import IllegalMove
from devgames.itstartup import BOTS, ItStartupGame, new_game
from devgames.itstartup.bots import HeuristicBot
from devgames.itstartup.cards import CARDS
from devgames.itstartup.moves import SHARED


class CheckedBot:
    """Wraps a bot and fails the test if it ever picks an action that is not legal."""

    def __init__(self, bot: HeuristicBot) -> None:
        self.bot = bot
        self.choices = 0

    def choose(self, game: ItStartupGame) -> Action:
        legal = game.legal_actions()
        action = self.bot.choose(game)
        assert action in legal, f"{action} is not legal: {game.waiting_for}"
        self.choices += 1
        return action


def scripted(hands: dict[str, list[str]], roll: int, draw: str) -> ItStartupGame:
    """A two-player physical-deck game: these opening hands, the d6, no mulligan, then the first
    player's (Ada's) draw; Ada's first turn is waiting."""
    game = new_game(list(hands), seed=1, deck="physical")
    for cards in hands.values():
        for card in cards:
            game.deal(card)
    game.roll(roll)
    for name in hands:
        game.mulligan(name, [])
    game.deal(draw)
    return game


def next_turn(game: ItStartupGame, draws: list[str]) -> None:
    """End the turn of the player to act, and the next player's, dealing ``draws`` in order."""
    cards = iter(draws)
    for _ in range(2):
        game.end_turn(game.current_player)  # type: ignore[arg-type]
        while game.current_player == CHANCE:
            game.deal(next(cards))


def card(game: ItStartupGame, name: str, where: list[int]) -> int:
    """The id of the copy of card ``name`` among ``where``."""
    return game.card_id(name, where)


# ----- legal actions and determinism ----------------------------------------------------------
@pytest.mark.parametrize("deck", ["digital", "physical"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_legal_actions_in_many_games(players: int, deck: str) -> None:
    options: list[dict[str, Any]] = [{}, {"planning_bonus": True, "agent_counter": True},
               {"hoard_cap_timing": "always", "agent_uses": "per_player", "goal": 32},
               {"coffee_crunch_count": "end_of_turn", "outsourced_knowledge": "back_to_hand"},
               {"outsourced_knowledge": "not_allowed", "goal": 32}]
    if players >= 3:  # help tokens too
        options.append({"tournament_wins": 2, "goal": 32, "help_below_zero": True})
    for index in range(24):
        seed = 1000 * players + index
        game = new_game([f"P{i}" for i in range(players)], seed=seed, deck=deck,
                        **options[index % len(options)])
        bots = {
            seat: CheckedBot(HeuristicBot(seed + seat)) if (seat + index) % 3 else RandomBot(seed)
            for seat in range(players)
        }
        play_out(game, bots, chance=RandomBot(seed))
        assert game.is_over and game.winners
        assert all(bot.choices for bot in bots.values() if isinstance(bot, CheckedBot))


def test_a_seed_always_gives_the_same_game() -> None:
    def log(bot_seed: int) -> list[Action]:
        game = new_game(["Ada", "Bob", "Cy"], seed=8)
        play_out(game, {seat: HeuristicBot(bot_seed + seat) for seat in range(3)})
        return game.log

    assert log(1) == log(1)


def test_the_figures_of_a_turn_follow_the_game() -> None:
    """The figures the bot works out once per turn belong to one game: a bot that played
    another game at the same turn chooses as a new one."""
    compared = 0
    for seed in range(4):
        game = new_game(["Ada", "Bob", "Cy"], seed=seed)
        while not game.is_over:
            other = copy.deepcopy(game)  # the same turn, another game object...
            for q in range(other.n):  # ...near the goal: its final round
                other.points[q] = other.options.goal - 1
            warm = HeuristicBot(seed)
            warm.choose(game)
            warm.rng = Random(seed)
            assert warm.choose(other) == HeuristicBot(seed).choose(other)
            compared += 1
            game.apply(HeuristicBot(seed).choose(game))
    assert compared > 100


def test_it_is_registered_for_the_command_line() -> None:
    assert BOTS["heuristic"] is HeuristicBot and BOTS["random"] is RandomBot


def test_the_scrum_master_is_the_only_coach_it_counts_on() -> None:
    # The bot counts a crew's coaches as Scrum Masters (+1 for each developer): another coach
    # in the cards would need its own valuation.
    coaches = {card.key for card in CARDS.values() if card.kind == "coach"}
    assert coaches == {"scrum_master"}


def test_its_ready_made_moves_are_refused_like_any_other() -> None:
    # The bot plays the engine's shared actions, which the engine checks without their shape
    # and turn again on their own seat's turn: off it, or without the card, they are refused
    # with nothing changed.
    game = scripted({"Ada": ["Lead Developer", *FILLERS[:4]], "Bob": BOB}, roll=1,
                    draw="Technical debt")
    before = game.snapshot()
    lead = card(game, "Lead Developer", game.hands[0])
    held = card(game, "SOLID", game.hands[1])  # Bob's: not in Ada's hand
    for action in (SHARED.end[1], SHARED.sell[1][held], SHARED.sell[0][held],
                   SHARED.play[0][held], SHARED.play[0][lead]):  # Ada cannot pay 5
        with pytest.raises(IllegalMove):
            game.apply(action)
        assert game.snapshot() == before
    game.apply(SHARED.sell[0][lead])
    assert lead not in game.hands[0]


# ----- scripted positions ---------------------------------------------------------------------
#: Bob's opening hand when it does not matter.
BOB = ["SOLID", "Debugging", "Unit tests", "Domain knowledge", "Outsourcing"]
FILLERS = ["Intern", "Clean code", "Polymorphism", "Version control", "Defensive programming"]


def test_it_hires_a_developer_it_can_afford() -> None:
    game = scripted({"Ada": ["Lead Developer", 'Code Monkey "Mike"', "Clean code",
                             "Polymorphism", "Version control"],
                     "Bob": ["TDD", "SOLID", "Debugging", "Unit tests", "Domain knowledge"]},
                    roll=1, draw="Technical debt")
    assert game.resources[0] == 2  # the Lead Developer costs 5
    monkey = card(game, 'Code Monkey "Mike"', game.hands[0])
    assert HeuristicBot(seed=1).choose(game) == Action("play", 0, card=monkey)


def test_it_ends_the_turn_when_nothing_useful_is_left() -> None:
    game = scripted({"Ada": ['Code Monkey "Mike"', *FILLERS[:4]],
                     "Bob": ["TDD", "SOLID", "Debugging", "Unit tests", "Domain knowledge"]},
                    roll=1, draw="Defensive programming")
    bot = HeuristicBot(seed=1)
    game.apply(bot.choose(game))  # the Code Monkey: no resources are left
    assert game.resources[0] == 0 and game.staff[0]
    assert bot.choose(game) == Action("end_turn", 0)


def test_it_puts_knowledge_on_the_developer_with_most_turns_left() -> None:
    game = scripted({"Ada": ["Downer Dave", "Intern", "TDD", "Head Hunter", "Monster Bug"],
                     "Bob": BOB},
                    roll=6, draw="Lead Developer")
    game.play("Ada", "Downer Dave")  # burnout resistance 2: leaves after 5 burnout points
    game.play("Ada", "Intern")
    next_turn(game, draws=["Crunch Time", "Scrum Master"])
    tdd = card(game, "TDD", game.hands[0])
    dave = card(game, "Downer Dave", game.staff[0])
    assert HeuristicBot(seed=1).choose(game) == Action("play", 0, card=tdd, target=dave)


def test_it_uses_the_full_stack_ninja_discount_for_knowledge() -> None:
    game = scripted({"Ada": ["Full Stack Ninja", 'Code Monkey "Mike"', "TDD", "Monster Bug",
                             "Head Hunter"],
                     "Bob": BOB},
                    roll=6, draw="Technical debt")
    game.play("Ada", "Full Stack Ninja")
    game.play("Ada", 'Code Monkey "Mike"')
    next_turn(game, draws=["Crunch Time", "Scrum Master"])
    tdd = card(game, "TDD", game.hands[0])
    ninja = card(game, "Full Stack Ninja", game.staff[0])
    assert game.cost(0, tdd, ninja) == 2
    assert HeuristicBot(seed=1).choose(game) == Action("play", 0, card=tdd, target=ninja)


def test_it_moves_knowledge_off_a_developer_about_to_burn_out() -> None:
    game = scripted({"Ada": ["Intern", "Unit tests", "Downer Dave", "Monster Bug", "Head Hunter"],
                     "Bob": ["SOLID", "Debugging", "TDD", "Domain knowledge", "Outsourcing"]},
                    roll=6, draw="Technical debt")
    game.play("Ada", "Intern")
    game.play("Ada", "Unit tests", "Intern")
    next_turn(game, draws=["Crunch Time", "Scrum Master"])
    game.play("Ada", "Downer Dave")
    next_turn(game, draws=["Investor", "Investor"])
    intern = card(game, "Intern", game.staff[0])
    assert game.employees[intern].burnout == 2  # its last turn: it leaves at 3
    tests = card(game, "Unit tests", game.employees[intern].knowledge)
    dave = card(game, "Downer Dave", game.staff[0])
    assert HeuristicBot(seed=1).choose(game) == Action("transfer", 0, card=tests, target=dave)


def head_hunted(employee: str, knowledge: list[str]) -> ItStartupGame:
    """Ada hires ``employee`` (with ``knowledge``) and keeps 5 resources; Bob's Head Hunter
    targets it; Ada must decide whether to pay 5."""
    hand = [employee, *knowledge, "Investor", "Investor", "Vacation Time", "Coffee machine"]
    game = scripted({"Ada": hand[:5],
                     "Bob": ["Head Hunter", "SOLID", "Debugging", "Unit tests", "Monster Bug"]},
                    roll=6, draw="Investor")
    game.play("Ada", employee)
    for name in knowledge:
        game.play("Ada", name, employee)
    while game.resources[0] < 5:
        game.play("Ada", "Investor")
    game.end_turn("Ada")
    game.deal("Crunch Time")
    target = card(game, employee, game.staff[0])
    game.play("Bob", "Head Hunter", target)
    assert game.waiting_for == "Ada may pay 5 to stop the Head Hunter."
    return game


def test_it_pays_the_head_hunter_counter_for_a_valuable_employee() -> None:
    game = head_hunted("Downer Dave", ["TDD"])  # efficiency 6 for 4 more turns
    assert HeuristicBot(seed=1).choose(game) == Action("pay", 0)


def test_it_lets_the_head_hunter_take_a_cheap_employee() -> None:
    game = head_hunted("Intern", [])  # efficiency 1 for 2 more turns
    assert HeuristicBot(seed=1).choose(game) == Action("decline", 0)


def test_it_takes_a_rested_break_when_its_employees_are_near_their_limit() -> None:
    game = scripted({"Ada": ["Lead Developer", "Code Monkey \"Mike\"", "Vacation Time",
                             "Monster Bug", "Head Hunter"],
                     "Bob": ["SOLID", "Debugging", "TDD", "Domain knowledge", "Outsourcing"]},
                    roll=6, draw="Technical debt")
    game.play("Ada", "Lead Developer")
    game.play("Ada", 'Code Monkey "Mike"')
    next_turn(game, draws=["Crunch Time", "Scrum Master"])
    next_turn(game, draws=["Investor", "Investor"])
    assert {game.employees[e].burnout for e in game.staff[0]} == {2}  # their last turn
    vacation = card(game, "Vacation Time", game.hands[0])
    assert HeuristicBot(seed=1).choose(game) == Action("play", 0, card=vacation)


# ----- hidden information ---------------------------------------------------------------------
def scramble_hidden(game: ItStartupGame, seat: int, rng: Random) -> ItStartupGame:
    """A copy of ``game`` with the deck order and the other players' hands changed."""
    other = copy.deepcopy(game)
    pool = list(other.deck)
    for q in range(other.n):
        if q != seat:
            pool.extend(other.hands[q])
    rng.shuffle(pool)
    for q in range(other.n):
        if q != seat:
            size = len(other.hands[q])
            other.hands[q], pool = pool[:size], pool[size:]
    other.deck = type(other.deck)(pool)
    return other


def test_its_choices_do_not_depend_on_other_hands_or_the_deck_order() -> None:
    rng = Random(3)
    compared = 0
    for seed in range(6):
        game = new_game(["Ada", "Bob", "Cy"], seed=seed)
        while not game.is_over:
            seat = game.current_player
            bot_seed = len(game.log)
            action = HeuristicBot(bot_seed).choose(game)
            if seat == 0:
                blind = scramble_hidden(game, seat, rng)
                assert HeuristicBot(bot_seed).choose(blind) == action
                compared += 1
            game.apply(action)
    assert compared > 100


# ----- strength -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_clearly_beats_random_bots(players: int) -> None:
    """100 games with the heuristic bot in turn at each seat against random bots.

    A bot no better than random would win about 1/P of them (at most 50); winning 80 or more is
    then astronomically unlikely (binomial tail below 1e-9), while the heuristic bot wins about
    99 in 100.
    """
    games, wins = 100, 0
    for index in range(games):
        seat = index % players
        seed = 50_000 + 100 * players + index
        game = itstartup.new_game([f"P{i}" for i in range(players)], seed=seed)
        bots = {q: HeuristicBot(seed) if q == seat else RandomBot(seed + q)
                for q in range(players)}
        play_out(game, bots)
        wins += game.players[seat] in game.winners
    assert wins >= 80, f"{wins} wins in {games} games at {players} players"
