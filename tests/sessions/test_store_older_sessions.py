"""A session saved by an older devgames (before an option was added, or under older rules of its
game) opens, replays and is played on: its next moves are saved, not refused as another game."""

import json
from typing import Any

from devgames import release, scrumkin
from devgames.core.game import Game
from devgames.sessions.store import SessionStore


def saved_as_older(store: SessionStore, game: Game, rules_version: str,
                   options: dict[str, Any]) -> int:
    """A session of ``game`` whose header reads as an older devgames wrote it."""
    number = store.create(game)
    store._db.execute("UPDATE sessions SET rules_version = ?, options = ? WHERE id = ?",
                      (rules_version, json.dumps(options), number))
    store._db.commit()
    return number


def play_two_moves(store: SessionStore, number: int) -> Game:
    game, revision = store.checkout(number)
    for _ in range(2):
        game.apply(game.legal_actions()[0])
        revision = store.sync(number, game, expected=revision)
    return game


def test_a_session_saved_before_an_option_existed_is_played_on() -> None:
    store = SessionStore(":memory:")
    game = scrumkin.new_game(["Red", "Blue"], seed=5)
    options = game.session().options
    del options["backlog"]
    number = saved_as_older(store, game, game.rules_version, options)
    played = play_two_moves(store, number)
    assert store.checkout(number)[0].snapshot() == played.snapshot()
    assert played.options.backlog == scrumkin.new_game(["A", "B"]).options.backlog


def test_a_release_session_of_rules_version_1_is_played_on_as_it_was_played() -> None:
    store = SessionStore(":memory:")
    game = release.new_game(["Ada", "Bob", "Cy"], seed=5, deck="physical")
    options = {k: v for k, v in game.session().options.items()
               if k not in ("first_lead", "card_set", "jez_humble")}
    number = saved_as_older(store, game, "1", options)
    played = play_two_moves(store, number)
    assert played.options.first_lead == "app"  # the coin was the app's under rules version 1
    assert store.checkout(number)[0].snapshot() == played.snapshot()


def test_another_game_is_still_refused() -> None:
    store = SessionStore(":memory:")
    number = store.create(scrumkin.new_game(["Red", "Blue"], seed=5))
    other = scrumkin.new_game(["Red", "Blue"], seed=6)
    other.apply(other.legal_actions()[0])
    try:
        store.sync(number, other, expected=0)
    except ValueError as error:
        assert "not the one saved" in str(error)
    else:
        raise AssertionError("the moves of another game were saved")


def test_an_exploding_session_of_rules_version_1_is_asked_in_turn_as_it_was() -> None:
    from devgames import exploding

    store = SessionStore(":memory:")
    game = exploding.new_game(["Ada", "Bob", "Cy"], seed=5)
    options = {k: v for k, v in game.session().options.items() if k != "nope_window"}
    number = saved_as_older(store, game, "1", options)
    played = play_two_moves(store, number)
    assert played.options.nope_window == "in_turn"
    assert store.checkout(number)[0].snapshot() == played.snapshot()
