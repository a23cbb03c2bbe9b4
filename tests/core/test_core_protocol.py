"""The shared pieces: piles, options, player names, bots and the engine import rule."""

import inspect
import subprocess
import sys
from random import Random

import pytest

from devgames import BUILTIN_GAMES, game_module, game_spec, scrumkin
from devgames.core import CHANCE, IllegalMove, Pile
from devgames.core.bots import RandomBot, play_out
from devgames.core.errors import SetupError
from devgames.core.piles import shuffle
from devgames.core.players import clean_names


def test_pile_draws_from_the_top_and_puts_under() -> None:
    pile = Pile([1, 2, 3])
    assert pile.draw() == 1
    pile.put_bottom(1)
    pile.put_top(7)
    assert list(pile) == [7, 2, 3, 1]
    assert pile.peek(2) == [7, 2]
    pile.take(3)
    assert list(pile) == [7, 2, 1]
    with pytest.raises(ValueError):
        pile.take(3)


def test_pile_shuffle_uses_only_the_given_random_source() -> None:
    a, b = Pile(range(50)), Pile(range(50))
    a.shuffle(Random(4))
    b.shuffle(Random(4))
    assert a == b
    assert list(a) != list(range(50))
    assert sorted(a) == list(range(50))


def test_shuffle_gives_the_order_and_the_random_state_of_random_shuffle() -> None:
    for length in (0, 1, 2, 3, 22, 86, 200):
        for seed in range(25):
            ours, theirs = Random(seed), Random(seed)
            cards, same = list(range(length)), list(range(length))
            shuffle(cards, ours)
            theirs.shuffle(same)
            assert cards == same
            assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Red", ""], "empty name"),
        (["Red", "   "], "empty name"),
        (["Red", "RED"], "both called"),
        (["Red", "x" * 41], "at most 40"),
        (["Red", "Blue\x00"], "control characters"),
        (["Red"], "2 to 4 players"),
        ("Red,Blue", "list of names"),
    ],
)
def test_bad_names_are_refused_with_a_sentence(names: list[str], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        clean_names(names, 2, 4)


def test_markup_in_names_is_kept_as_text() -> None:
    names = clean_names(["<b>Red</b>", "=1+1", "Команда"], 2, 4)
    assert names == ("<b>Red</b>", "=1+1", "Команда")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"backlogg": 3}, "Unknown option 'backlogg'"),
        ({"backlog": "ten"}, "whole number"),
        ({"backlog": True}, "whole number"),
        ({"counter_chains": 1}, "true or false"),
        ({"rulebook": "chaos"}, "competitive or collaborative"),
        ({"deck": "paper"}, "digital or physical"),
        ({"backlog": 0}, "starting backlog"),
        ({"backlog": 30}, "starting backlog"),
        ({"first_leader": 5}, "first leader"),
        ({"max_players": 9}, "2 to 8"),
    ],
)
def test_bad_options_are_refused_with_a_sentence(options: dict, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        scrumkin.new_game(["Red", "Blue"], seed=1, **options)


def test_the_game_registry_names_its_games() -> None:
    assert game_module("scrumkin") is scrumkin
    with pytest.raises(ValueError, match=r"the games are: exploding, itstartup, .*scrumkin"):
        game_module("poker")


def test_seats_resolve_by_name_in_any_case_or_by_index() -> None:
    game = scrumkin.new_game(["Red", "Blue"], seed=1)
    assert game.seat("blue") == game.seat(1) == 1
    with pytest.raises(IllegalMove, match="no player 'Green'"):
        game.seat("Green")
    with pytest.raises(IllegalMove):
        game.seat(True)


def test_play_out_stops_at_a_human_seat_and_bots_play_legal_moves() -> None:
    game = scrumkin.new_game(["Human", "Bot"], seed=3)
    applied = play_out(game, {1: RandomBot(1)})
    assert game.current_player == 0 or game.is_over
    assert applied == len(game.log)


def test_play_out_enters_physical_cards_with_a_chance_bot() -> None:
    game = scrumkin.new_game(["Red", "Blue"], seed=3, deck="physical")
    assert game.current_player == CHANCE
    bot = RandomBot(2)
    play_out(game, {0: bot, 1: bot}, chance=RandomBot(9))
    assert game.is_over
    assert any(action.player == CHANCE for action in game.log)


def test_importing_an_engine_does_not_import_jupyter_plotly_or_pandas() -> None:
    code = (
        "import sys, devgames.scrumkin, devgames.core.harness; "
        "heavy = {'pandas', 'plotly', 'ipywidgets', 'IPython', 'jupyter_core', 'voila', 'numpy'}; "
        "print(sorted(heavy & {name.split('.')[0] for name in sys.modules}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("name", BUILTIN_GAMES)
def test_every_verb_of_an_engine_has_a_can_twin(name: str) -> None:
    """Each public method that makes a move (it calls ``apply``) has a ``can_*`` twin, so a
    notebook or a screen can ask before it acts."""
    cls = type(game_module(name).new_game(list(game_spec(name).default_names), seed=1))
    verbs = [verb for klass in cls.__mro__ if klass.__module__.startswith(f"devgames.{name}")
             for verb, member in vars(klass).items()
             if inspect.isfunction(member) and not verb.startswith(("_", "can_"))
             and "self.apply(" in inspect.getsource(member)]
    assert verbs, f"{name}: no verb found"
    missing = [verb for verb in verbs if not callable(getattr(cls, f"can_{verb}", None))]
    assert not missing, f"{name}: verbs without a can_ twin: {missing}"
