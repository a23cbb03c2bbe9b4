"""What the room reads of РЕЛИЗ's events: every kind of event the engine logs is told on the
projector (or is meant to stay silent), and each sentence says what the table knows, in its
words."""

import random
from collections.abc import Iterator
from typing import Any

import pytest

from devgames.core.actions import Event
from devgames.reliz import RelizGame, new_game
from devgames.reliz.cards import EVENT_ID
from devgames.reliz.observer import NARRATE, NARRATE_PRIVATE
from tests.reliz.helpers import SEATS, new

#: The events the table is not told of, by kind and privacy, and why.
SILENT = {
    ("end", False): "the next turn's line says whose turn it is",
    ("back", False): "the turn's line says that the turn player plays on",
    ("mismatch", True): "a piece entered that the engine believed in a hand: a private swap",
}

#: The games played: every scenario with each kind of deck, a blitz duel (a daily event may be
#: kept), and a Tender of two teams that may share the win, with loose integration zones so
#: that teams close their whole layout.
CASES: list[tuple[str, dict[str, Any]]] = [
    *((scenario, {"deck": deck}) for scenario in SEATS for deck in ("digital", "physical")),
    ("duel", {"blitz": True}),
    ("tender", {"seats": 2, "tender_shared_win": True, "integration_match": "one_end",
                "turn_cap": 600}),
]


def random_games(seeds: int) -> Iterator[RelizGame]:
    """Each case of :data:`CASES` played to its end by random moves (joining blocks and placing
    tiles nine times in ten when it can; in a round played together, the time up now and
    then), for each seed in turn."""
    for seed in range(seeds):
        for scenario, options in CASES:
            rng = random.Random(seed)
            game = new(scenario, seed=seed, **options)
            while not game.is_over:
                if game.together and rng.random() < 0.02 and game.can_time_up():
                    game.time_up()
                    continue
                legal = game.legal_actions()
                builds = [a for a in legal if a.kind in ("place", "link", "attach")]
                game.apply(rng.choice(builds) if builds and rng.random() < 0.9
                           else rng.choice(legal))
            yield game


def test_every_event_the_engine_logs_is_told_or_meant_to_stay_silent() -> None:
    """Random games of every scenario log every kind of event the observer tells (played until
    each has come up): each event logged is told in a sentence, from its own data, unless the
    table is not told of it; and nothing told is a kind the engine never logs."""
    expected = ({(kind, False) for kind in NARRATE} | {(kind, True) for kind in NARRATE_PRIVATE}
                | set(SILENT))
    seen: set[tuple[str, bool]] = set()
    for game in random_games(seeds=20):
        for event in game.events:
            key = (event.kind, event.private)
            said = game.narrate(event)
            if key in SILENT:
                assert said is None, (key, said)
            else:
                assert key in expected, f"{key} is logged but neither told nor silent"
                assert isinstance(said, str) and said and "{" not in said, (key, said)
            seen.add(key)
        if seen == expected:
            break
    assert seen == expected, f"never logged: {sorted(expected - seen)}"


GAME = new_game(["Ada", "Bob"], seed=1)
COFFEE, AUDIT = EVENT_ID["coffee"], EVENT_ID["audit"]


@pytest.mark.parametrize(("event", "sentence"), [
    (Event("setup", None, {"scenario": "tender"}), "Scenario: Tender (Тендер)."),
    (Event("turn", 1, {"turn": 4, "round": 2, "frozen": 0}), "Turn 4: Bob."),
    (Event("turn", 1, {"turn": 5, "round": 3, "frozen": 2}), "Turn 5: Bob (off sick)."),
    (Event("daily", 0, {"card": COFFEE}), "Ada's daily event: Coffee Machine."),
    (Event("place", 0, {"tile": 9, "zone": 1, "pips": (3, 1)}), "Ada places 3|1 in B1.2."),
    (Event("replace", 1, {"tile": 9, "zone": 0, "pips": (1, 3)}),
     "Bob replaces a tile with 1|3 in B1.1."),
    (Event("rotate", 0, {"zone": 2}), "Ada turns the tile in B1.3 round."),
    (Event("release", 0, {"zone": 2, "card": True}),
     "RELEASE! Ada closes B1.3 and draws an event card."),
    (Event("release", 1, {"zone": 0, "card": False}), "RELEASE! Bob closes B1.1."),
    (Event("play", 1, {"card": AUDIT, "target": 0}), "Bob plays IT Audit."),
    (Event("keep", 0, {}), "Ada keeps the daily event."),
    (Event("over_limit", 1, {"tiles": 9, "limit": 8}),
     "Bob holds 9 tiles, over the limit of 8: the whole hand goes back to the stock."),
    (Event("attach", 0, {"block": 12, "reason": "setup"}), "Ada joins block 12 to the board."),
    (Event("block_drawn", None, {"block": 7}), "Block card 7 is drawn."),
    (Event("refresh", None, {"deck": 0, "size": 20}),
     "The event deck is used up: its discard pile is shuffled into a new deck."),
    (Event("link", 1, {}), "Bob's module is joined to its integration block."),
    (Event("closed", 0, {"round": 6}), "Ada's team has closed everything: the round is played "
     "to its end, and every team that closes in it shares the win."),
    (Event("merged", 1, {}), "Bob's module is closed: the team now plays as one."),
    (Event("central", None, {}), "Every module is closed: the central integration opens."),
    (Event("call", 0, {}), "Ada lets the partner play event cards."),
    (Event("game_over", None, {"winners": [0], "result": "Every zone is filled: Ada wins."}),
     "Game over: Every zone is filled: Ada wins."),
    (Event("draw", 0, {"tile": 9}, private=True), "Ada draws a tile."),
    (Event("event_drawn", 1, {"card": COFFEE}, private=True), "Bob draws an event card."),
    (Event("end", 0, {}), None),
    (Event("back", 1, {}), None),
    (Event("mismatch", 0, {"tile": 9, "instead_of": 10}, private=True), None),
    (Event("daily", 0, {"card": COFFEE}, private=True), None),
])
def test_each_event_is_told_in_the_rooms_words(event: Event, sentence: str | None) -> None:
    """The sentence the projector shows for each kind of event, word for word; a private
    event tells only that something was drawn, and some events are not told at all."""
    assert GAME.narrate(event) == sentence
