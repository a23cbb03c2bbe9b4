"""Sessions: JSON save, exact replay, undo of any number of steps, clear errors on bad files."""

import json
import random

import pytest

from devgames import scrumkin
from devgames.core import Action, IllegalMove, Session
from devgames.core.bots import RandomBot, play_out


def played(seed: int, steps: int, **options: object) -> scrumkin.ScrumkinGame:
    """A 3-team game after ``steps`` random actions."""
    game = scrumkin.new_game(["Red", "Blue", "Green"], seed=seed, **options)
    bot = RandomBot(seed)
    play_out(game, {0: bot, 1: bot, 2: bot}, max_actions=steps)
    return game


@pytest.mark.parametrize("deck", ["digital", "physical"])
def test_saved_session_replays_to_the_same_state(deck: str) -> None:
    game = played(5, 60, deck=deck)
    text = game.session().to_json()
    again = Session.from_json(text).replay()
    assert again.snapshot() == game.snapshot()
    assert again.log == game.log
    assert Session.from_json(text).to_json() == text


def test_undo_of_any_number_of_steps_matches_the_earlier_state() -> None:
    game = played(8, 0)
    snapshots = [game.snapshot()]
    bot = RandomBot(3)
    for _ in range(40):
        game.apply(bot.choose(game))
        snapshots.append(game.snapshot())
    for steps in (1, 7, 25):
        copy = Session.from_json(game.session().to_json()).replay()
        copy.undo(steps)
        assert copy.snapshot() == snapshots[-1 - steps]
    game.undo(40)
    assert game.snapshot() == snapshots[0]
    assert game.log == []


def test_undo_then_the_same_moves_give_the_same_game() -> None:
    game = played(11, 50)
    tail = game.log[-10:]
    final = game.snapshot()
    game.undo(10)
    for action in tail:
        game.apply(action)
    assert game.snapshot() == final


def test_undo_more_steps_than_were_made_is_refused_and_changes_nothing() -> None:
    game = played(2, 5)
    before = game.snapshot()
    with pytest.raises(IllegalMove) as error:
        game.undo(6)
    assert error.value.code == "cannot_undo"
    assert "5 moves" in str(error.value)
    assert game.snapshot() == before


def test_a_game_started_without_seed_records_one_and_replays() -> None:
    game = scrumkin.new_game(["Red", "Blue"])
    assert isinstance(game.seed, int)
    bot = RandomBot(1)
    play_out(game, {0: bot, 1: bot}, max_actions=30)
    assert game.session().replay().snapshot() == game.snapshot()


def test_replay_does_not_depend_on_the_global_random_module() -> None:
    game = played(21, 80)
    random.seed(12345)
    first = game.session().replay().snapshot()
    random.seed(999)
    random.random()
    assert game.session().replay().snapshot() == first == game.snapshot()


def test_a_file_that_is_not_a_session_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="not a devgames session"):
        Session.from_json(json.dumps({"hello": 1}))


def test_a_session_from_another_rules_version_is_refused_clearly() -> None:
    data = played(1, 3).session().to_dict()
    data["rules_version"] = "0-old"
    with pytest.raises(ValueError, match="rules version 0-old"):
        Session.from_dict(data).replay()


def test_an_unknown_game_is_refused_with_the_list_of_games() -> None:
    data = played(1, 3).session().to_dict()
    data["game"] = "chess"
    with pytest.raises(ValueError, match="scrumkin"):
        Session.from_dict(data).replay()


def test_actions_refuse_unknown_fields() -> None:
    with pytest.raises(ValueError, match="unknown fields: colour"):
        Action.from_json({"kind": "play", "player": 0, "colour": "red"})


def test_a_log_with_an_illegal_action_stops_replay_with_a_sentence() -> None:
    session = played(4, 10).session()
    session.log.append(Action("drop", 0, card=9999))
    with pytest.raises(IllegalMove) as error:
        session.replay()
    assert str(error.value)


def test_session_notes_are_kept_through_save_and_replay() -> None:
    game = played(6, 10)
    game.meta["bots"] = {"1": "heuristic"}
    again = Session.from_json(game.session().to_json()).replay()
    assert again.meta == {"bots": {"1": "heuristic"}}
    again.undo(2)
    assert again.meta == {"bots": {"1": "heuristic"}}


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("seed"),
        lambda d: d.update(seed="abc"),
        lambda d: d.update(log=[{"kind": "play"}]),
        lambda d: d.update(log=5),
        lambda d: d.update(options=[1, 2]),
    ],
)
def test_a_damaged_session_is_refused_with_a_sentence(damage) -> None:
    data = played(1, 4).session().to_dict()
    damage(data)
    with pytest.raises(ValueError, match="damaged"):
        Session.from_dict(data)
