"""What a team's device is shown, for every game: its own hand and moves, never another's hand."""

import json
import re
from collections.abc import Mapping
from random import Random
from typing import Any

import pytest

from devgames import game_module, game_specs, scrumkin
from devgames.core.actions import CHANCE
from devgames.core.bots import RandomBot, play_out
from devgames.core.game import Game
from devgames.core.wording import choices
from devgames.devices.state import chosen_action, device_state, window_moves
from devgames.i18n import speaking

GAMES = [spec.name for spec in game_specs()]


def names_in(view: Mapping[str, Any]) -> set[str]:
    """The names of the cards (and tiles) in the hand of a seat's view."""
    found = set()
    for item in [*(view.get("hand") or ()), *(view.get("event_cards") or ())]:
        if isinstance(item, dict):
            found |= {str(value) for key, value in item.items() if key in ("card", "name")}
        else:
            found.add(str(item))
    return {name for name in found if len(name) >= 3}  # a digit alone says nothing


def mentions(text: str, name: str) -> bool:
    """Whether ``text`` names the card ``name`` (as a whole: "3 of Doors" is not in "13 of
    Doors").

    >>> mentions("Gene Kim (13 of Doors)", "3 of Doors"), mentions("a 3 of Doors", "3 of Doors")
    (False, True)
    """
    return re.search(rf"(?<![\w|]){re.escape(name)}(?![\w|])", text) is not None


def games_along_the_way(name: str, seats: int, seed: int, every: int = 7) -> list[Game]:
    """Copies of a random game at every ``every`` moves, up to 400 moves."""
    module = game_module(name)
    game = module.new_game([f"Team{i}" for i in range(seats)], seed=seed)
    rng = Random(seed)
    out = []
    for step in range(400):
        if game.is_over:
            break
        if step % every == 0:
            out.append(game.session().replay())
        game.apply(rng.choice(game.legal_actions()))
    out.append(game)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_no_device_is_shown_a_card_only_another_team_holds(name: str) -> None:
    spec = next(s for s in game_specs() if s.name == name)
    seats = max(spec.min_players, min(3, spec.max_players))
    checked = 0
    for game in games_along_the_way(name, seats, seed=11):
        public = json.dumps(game.view(None), ensure_ascii=False)
        hands = [names_in(game.view(seat)) for seat in range(seats)]
        for seat in range(seats):
            shown = json.dumps(device_state(game, seat, 0, {}, []), ensure_ascii=False)
            known = public + json.dumps(game.secrets(seat), ensure_ascii=False)
            for other in range(seats):
                secret = hands[other] - hands[seat]
                leaked = {card for card in secret
                          if not mentions(known, card) and mentions(shown, card)}
                assert not leaked, f"{name}: seat {seat} is shown {leaked} of seat {other}"
                checked += len(secret)
    assert checked > 0  # the game did have cards only one team held


@pytest.mark.parametrize("name", GAMES)
def test_only_the_seat_to_play_gets_moves_and_they_are_the_tables_moves(name: str) -> None:
    spec = next(s for s in game_specs() if s.name == name)
    seats = max(spec.min_players, min(3, spec.max_players))
    for game in games_along_the_way(name, seats, seed=5, every=13):
        current = game.current_player
        window = window_moves(game, 0) is not None  # Exploding's open Nope window
        for seat in range(seats):
            state = device_state(game, seat, 0, {}, [])
            if window:  # a holder's own Nope, nothing else, on every device
                assert [m["label"] for m in state["moves"]] == [
                    game.describe(action) for action in window_moves(game, seat) or []]
                continue
            if seat != current or game.is_over:
                assert state["moves"] == []
                continue
            actions, labels, _heading = choices(game)
            assert [m["label"] for m in state["moves"]] == labels
            index = len(labels) // 2
            assert chosen_action(game, seat, index, labels[index]) == actions[index]
        if current == CHANCE and not window:
            assert all("facilitator to enter" in device_state(game, s, 0, {}, [])["status"]
                       for s in range(seats))


def test_the_etag_changes_with_what_the_device_shows_and_only_then() -> None:
    from devgames import scrumkin

    game = scrumkin.new_game(["Red", "Blue"], seed=2)
    first = device_state(game, 1, 0, {}, [])
    assert device_state(game, 1, 0, {}, [])["etag"] == first["etag"]
    assert device_state(game, 1, 0, {"room": {"paused": True}}, [])["etag"] != first["etag"]
    game.apply(game.legal_actions()[0])
    assert device_state(game, 1, 1, {}, ["Red moved."])["etag"] != first["etag"]


@pytest.mark.parametrize("name", GAMES)
def test_a_devices_moves_are_grouped_each_once_and_read_without_the_teams_name(
        name: str) -> None:
    spec = next(s for s in game_specs() if s.name == name)
    seats = min(8, spec.max_players)
    grouped = 0
    for game in games_along_the_way(name, seats, seed=3, every=5):
        seat = game.current_player
        if seat is None or seat == CHANCE or game.is_over:
            continue
        state = device_state(game, seat, 0, {}, [])
        team = game.players[seat]
        moves = state["moves"]
        assert all(not move["text"].startswith(team) for move in moves)
        if state["subset"] is not None:  # ticked card by card instead
            assert state["groups"] == []
            continue
        indices = [entry["move"] for group in state["groups"] for entry in group["moves"]]
        assert sorted(indices) == list(range(len(moves)))
        for group in state["groups"]:
            heading = group["heading"].removesuffix("...")
            assert group["heading"] == "" or len(group["moves"]) >= 2
            for entry in group["moves"]:
                text = moves[entry["move"]]["text"]
                said = f"{heading} {entry['text']}" if heading else entry["text"]
                assert said.lower() == text.lower(), (said, text)
        grouped += len(state["groups"]) < len(moves)
    assert grouped > 0  # some moves did share a group


def test_an_eight_team_scrumkin_device_shows_a_card_then_its_targets() -> None:
    from devgames import scrumkin

    game = scrumkin.new_game([f"Team{i}" for i in range(8)], seed=7)
    state = device_state(game, 0, 0, {}, [])
    hand = game.view(0)["hand"]
    assert len(state["moves"]) == 9 * len(hand)
    headings = [group["heading"] for group in state["groups"]]
    assert len(headings) == len(hand) + 1 and headings[-1] == "Drop..."
    for heading, card, group in zip(headings, hand, state["groups"], strict=False):
        assert heading.startswith(f"Play {card['card']} (") and heading.endswith(" into...")
        targets = [entry["text"] for entry in group["moves"]]
        assert targets == ["Your own game", *(f"Team{i}'s game" for i in range(1, 8))]
    drops = [entry["text"] for entry in state["groups"][-1]["moves"]]
    assert [text.split(" (")[0] for text in drops] == [card["card"] for card in hand]


def test_a_team_in_a_round_played_together_sees_the_rooms_timer_and_who_still_plays() -> None:
    from devgames import reliz, scrumkin

    game = reliz.new_game(["Red", "Blue", "Green"], seed=7, scenario="cooperation")
    timer = {"duration": 120, "elapsed": 12.5, "started_at": 1_700_000_000_000.0,
             "label": "<script>"}
    meta: dict[str, Any] = {"timer": timer}
    red = device_state(game, 0, 0, meta, [])
    assert red["round"] == {
        "timer": {"duration": 120.0, "elapsed": 12.5, "started_at": 1_700_000_000_000.0},
        "teams": "Round 1: Red, Blue and Green are playing."}
    assert red["status"] == "Your move, Red."
    while game.turn_of(0)["phase"] != "play":  # Red meets its daily event, then ends its turn
        game.apply(game.moves_of(0)[0])
    game.apply(next(a for a in game.moves_of(0) if a.kind == "end"))
    red, blue = device_state(game, 0, 1, meta, []), device_state(game, 1, 1, meta, [])
    assert red["status"] == "Your turn is over; the round ends when every team has ended."
    assert red["moves"] == [] and blue["status"] == "Your move, Blue."
    assert red["round"]["teams"] == blue["round"]["teams"] == \
        "Round 1: Blue and Green are playing; Red has ended its turn."
    paused = device_state(game, 0, 1, {"timer": {**timer, "started_at": 0}}, [])
    assert paused["round"]["timer"]["started_at"] == 0 and paused["etag"] != red["etag"]
    for bad in ({**timer, "elapsed": "12"}, {**timer, "duration": float("nan")},
                {**timer, "elapsed": True}, {**timer, "started_at": -5}, {"duration": 120},
                "2:00"):
        assert device_state(game, 0, 1, {"timer": bad}, [])["round"]["timer"] is None
    assert device_state(game, 0, 1, {}, [])["round"]["timer"] is None
    played = scrumkin.new_game(["Red", "Blue"], seed=1)  # a game with no timed rounds
    assert device_state(played, 0, 0, meta, [])["round"] is None


def test_in_the_debrief_a_teams_device_shows_its_phase_step_and_timer() -> None:
    """Once the game is over and the facilitator leads the debrief, every team's device shows
    the phase, its step and the room's timer, as the people's phones do."""
    game = scrumkin.new_game(["Red", "Blue"], seed=5)
    play_out(game, {0: RandomBot(1), 1: RandomBot(2)})
    assert device_state(game, 0, 0, {}, [])["round"] is None  # no debrief led yet
    meta = {"debrief": {"phase": "now_what", "phone_steps": {"now_what": "discuss"}},
            "timer": {"duration": 420, "elapsed": 0, "started_at": 1.7e12}}
    shown = device_state(game, 1, 0, meta, [])["round"]
    assert shown["teams"].startswith("Debrief: Now what?, step Actions.")
    assert shown["timer"]["duration"] == 420
    with speaking("ru"):
        russian = device_state(game, 1, 0, meta, [])["round"]["teams"]
    assert russian.startswith("Разбор: Что дальше?, шаг «Действия».")
