"""Hidden information in Exploding Git Commits: twin games that differ only in what one seat cannot
see must look the same to that seat, move after move (``devgames.core.harness.play_twins``).

The twins are physical-deck games, so the test chooses every card. They are dealt the same cards,
but the hands of the seats other than the watching seat are mixed differently between them. Then
every move that looks the same to the watching seat may differ in what it hides: the card another
player gives, the card a pair takes from another player, the place where a Mitigate hides the
Exploding Git Commit. The watching seat's view, the prompt, the choices on the screen and what the
table hears must stay the same in both twins.

This catches a prompt that depends on a hidden card: a Peek prompt skipping the place where a card
was hidden, a give step skipped when the giver holds one title, the Nope question put only to the
players holding a Nope, a list of cards that shows what another player holds.
"""

import random
from collections.abc import Hashable
from typing import Any

import pytest

from devgames.core.actions import Action, given
from devgames.core.game import Game
from devgames.core.harness import InvariantError, play_twins, seen_by
from devgames.core.wording import choices
from devgames.exploding import ExplodingGame, ExplodingOptions, new_game
from devgames.exploding.cards import COMPOSITION, EXPLODING, MITIGATE
from tests.exploding.helpers import (
    DEALT,
    enter,
    known_top,
    let_it_happen,
    scripted_game,
)

ABC = ["Ada", "Bob", "Cy"]

TWINS_PER_CASE = 150


def public_key(game: Game, action: Action, seat: int) -> Hashable:
    """What ``seat`` sees of ``action``: equal keys for moves it cannot tell apart.

    Moves whose public outcome depends on a hand that may differ between the twins (a hand put
    face up by an explosion, a card named by three of a kind) carry that hand in their key, so
    they are only played when both twins agree. So does a card entered of which the engine
    believes no copy is among the unknown cards of the stack: the engine then takes the copy
    from a place it thought it knew, or from a hand, and the player who believed that place, or
    that hand's player, sees the change (documented in docs/rules/exploding.md). A card given or
    taken between two other players keeps only whether it is a Mitigate: both twins then hold as
    many Mitigates in each hand, and an Exploding Git Commit drawn has the same public
    outcome.
    """
    assert isinstance(game, ExplodingGame)
    kind, player = action.kind, action.player
    if kind == "mitigate" and player != seat:
        return ("mitigate", player)
    if kind == "give" and seat not in (player, game.turn_player):
        return (game.phase, player, action.card == MITIGATE)
    if kind == "explode":
        return (action, tuple(sorted(game.hands[player])))
    card = action.card
    if kind == "deal" and card is not None and not game.pool[card]:
        return (action, tuple(tuple(sorted(hand)) for hand in game.hands), tuple(game.deck))
    if kind == "deal" and game.chance and game.chance[0] == "draw" and action.card == EXPLODING:
        drawer = game.hands[game.chance[1]]
        return (action, MITIGATE in drawer or tuple(sorted(drawer)))
    if kind == "combo" and len(action.cards or ()) == 3:
        return (action, game.hands[given(action.target)].count(given(action.card)))
    return action


def make_twins(seed: int, options: dict[str, Any]) -> tuple[ExplodingGame, ExplodingGame, int]:
    """Two physical-deck games of 2-5 players and the seat watching them: the same cards dealt,
    the hands of the other seats mixed differently."""
    rng = random.Random(seed)
    players = 2 + seed % 4
    names = [f"P{i + 1}" for i in range(players)]
    seat = rng.randrange(players)
    first_player = rng.randrange(players)
    cards = [c for c in COMPOSITION if c not in (EXPLODING, MITIGATE)]
    rng.shuffle(cards)
    hands = [cards[p * DEALT:(p + 1) * DEALT] for p in range(players)]
    others = [p for p in range(players) if p != seat]
    mixed = [card for p in others for card in hands[p]]
    rng.shuffle(mixed)
    twin_hands = list(hands)
    for i, p in enumerate(others):
        twin_hands[p] = mixed[i * DEALT:(i + 1) * DEALT]
    games = []
    for dealt in (hands, twin_hands):
        game = new_game(names, seed=seed, deck="physical", first_player=first_player, **options)
        for hand in dealt:
            for card in hand:
                game.deal(card)
        games.append(game)
    return games[0], games[1], seat


def random_options(rng: random.Random) -> dict[str, Any]:
    """A random value for every option (choices, booleans) but the deck and ``nope_asks``, left
    at "everyone": "holders" tells the table who holds a Nope, as documented (see the test
    below)."""
    options: dict[str, Any] = {}
    for name, field in ExplodingOptions.__dataclass_fields__.items():
        choices = field.metadata.get("choices")
        if name not in ("deck", "nope_asks") and choices:
            options[name] = rng.choice(choices)
        elif isinstance(field.default, bool):
            options[name] = rng.random() < 0.5
    return options


CASES = ["defaults", "random options"]


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES)
def test_a_seat_cannot_tell_twin_games_apart(case: int) -> None:
    """150 pairs of twins per case, each played until the game ends or the hidden difference
    comes out in the open as the rules want."""
    moves = 0
    for seed in range(TWINS_PER_CASE):
        options = {} if case == "defaults" else random_options(random.Random(seed))
        first, second, seat = make_twins(seed, options)
        moves += play_twins(first, second, seat, public_key, seed)
    assert moves > TWINS_PER_CASE * 20  # the twins really play, not stop at once


def test_asking_only_the_holders_of_a_nope_is_told_apart() -> None:
    """Asking in turn only the players holding a Nope (``nope_asks="holders"``) is the option
    that shows who holds one: the twins catch it."""
    with pytest.raises(InvariantError, match=r"may say (Nope|Yup)"):
        for seed in range(20):
            first, second, seat = make_twins(seed, {"nope_window": "in_turn",
                                                    "nope_asks": "holders"})
            play_twins(first, second, seat, public_key, seed)


def test_the_twins_really_differ_and_the_check_can_fail() -> None:
    """The twins hold different hands, and a prompt that names a hidden card is caught."""
    first, second, seat = make_twins(3, {})
    assert first.hands[seat] == second.hands[seat]
    assert first.hands != second.hands

    class Leaky(ExplodingGame):
        @property
        def waiting_for(self) -> str:
            return f"{super().waiting_for} {self.hands[(seat + 1) % len(self.players)]}"

    for game in (first, second):
        game.__class__ = Leaky
    with pytest.raises(InvariantError, match="can tell the twins apart"):
        play_twins(first, second, seat, public_key, 3)


@pytest.mark.parametrize("nope_asks", ["holders", "everyone"])
def test_a_hidden_place_changes_no_prompt(nope_asks: str) -> None:
    """Ada hides the Exploding Git Commit on top, 3rd or at the bottom: Bob's Peek asks for the
    same three places with the same choices, and his draw is entered all the same. Where the
    entries contradict the place Ada gave, the cards entered win and Ada's belief is dropped."""
    shown: list[list[Any]] = []
    for place in (0, 2, 38):
        game = scripted_game(ABC, hands={"Bob": ["Peek into the Future"]}, nope_asks=nope_asks)
        game.draw("Ada")
        enter(game, "Exploding Git Commit")
        game.mitigate("Ada", place)
        game.play("Bob", "Peek into the Future")
        let_it_happen(game)
        seen: list[object] = []
        for card in ("Skip", "Nope", "Bail", "Skip"):
            if game.phase == "play":
                game.draw("Bob")
            seen.append((game.waiting_for, choices(game)[1:], game.view("Cy")))
            enter(game, card)
        seen.append(game.view("Cy"))
        shown.append(seen)
        assert game.exploding_in_deck == 2 and sum(game.card_counts().values()) == 56
        mismatches = [e for e in game.events if e.kind == "mismatch"]
        assert len(mismatches) == (place < 3)
        assert all(game.narrate(event) is None for event in mismatches)
        believed = [(i, card) for i, card in known_top(game, "Ada")]
        assert believed == ([] if place < 3 else [(place - 1, "Exploding Git Commit")])
    assert shown[0] == shown[1] == shown[2]
    assert shown[0][0][0] == "Enter the card Bob sees on top."
    assert shown[0][3][0] == "Enter the card Bob drew."


def test_a_giver_with_one_title_gets_a_give_step_too() -> None:
    """Bob holds four Dead Codes in one twin and four different cards in the other: when Ada asks
    him for help, Cy sees the same give step in both."""
    shown = []
    for bob in (["Dead Code"] * 4, ["Skip", "Bail", "Shuffle", "Dead Code"]):
        hands = {"Ada": ["Ask for Help", "Peek into the Future", "Nope", "Skip"], "Bob": bob,
                 "Cy": ["Spaghetti Code", "Legacy Code", "Copy-Paste Code", "Magic Number"]}
        game = scripted_game(ABC, hands=hands, nope_asks="everyone")
        game.hands[1].remove(MITIGATE)  # a test-only hand: only Bob's four cards
        game.play("Ada", "Ask for Help", target="Bob")
        let_it_happen(game)
        shown.append(seen_by(game, 2))
        game.give("Bob", "Dead Code")
        shown.append(seen_by(game, 2))
    assert shown[0] == shown[2] and shown[1] == shown[3]
    assert shown[0]["waiting_for"] == "Bob chooses a card to give to Ada."


def test_everyone_is_asked_whether_to_nope_whoever_holds_one() -> None:
    """Bob holds a Nope in one twin, not in the other: by default Cy sees the same questions."""
    shown = []
    for bob in (["Nope"], ["Skip"]):
        game = scripted_game(ABC, hands={"Ada": ["Shuffle"], "Bob": bob}, nope_asks="everyone")
        game.play("Ada", "Shuffle")
        while game.phase == "nope":
            shown.append(seen_by(game, 2))
            game.pass_nope(game.current_player)  # type: ignore[arg-type]
        shown.append(seen_by(game, 2))
    assert shown[:3] == shown[3:]
    assert new_game(ABC).options.nope_asks == "everyone"
