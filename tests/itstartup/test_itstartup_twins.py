"""Hidden information in IT Startup: twin games that differ only in what one player cannot see
must look the same to that player, move after move (``devgames.core.harness.play_twins``).

The twins are physical-deck games, so the test chooses every card, d6 and coin. They are dealt
the same opening cards, but the hands of the players other than the watching one are mixed
differently between them. The watching player's view, the prompt, the choices on the screen
(the cards to enter, the watching player's own moves) and what the table hears must stay the
same in both twins, with random values of every option that changes the game.

Every move is the same in both twins but a card planned face down by another player, which may
differ: the twins then differ in the planned cards too. A move that names a hidden card (a card
played, sold or put back) is only played when both twins can make it, so the cards entered from
the deck stay the same in both.
"""

import random
from collections.abc import Hashable
from typing import Any

import pytest

from devgames.core.actions import Action
from devgames.core.game import Game
from devgames.core.harness import InvariantError, play_twins
from devgames.itstartup import ItStartupGame, ItStartupOptions, new_game
from devgames.itstartup.setup import OPENING_HAND

TWINS_PER_CASE = 40
CASES = ["defaults", "random options"]


def public_key(game: Game, action: Action, seat: int) -> Hashable:
    """What ``seat`` sees of ``action``: a card another player plans face down is hidden, and a
    card played is seen to come from the hand or to be the planned card turned face up."""
    assert isinstance(game, ItStartupGame)
    if action.kind == "deal" and held_by(game, seat, action.card):
        # Every card can be entered, but the twins never enter one the watching player holds:
        # that player would see the mistake (the card it trades places with is the deck's).
        return ("held", id(game))
    if action.kind == "plan" and action.player != seat:
        return ("plan", action.player)
    if action.kind == "play":
        planned = game.planned[action.player]
        return (action, planned is not None and planned[0] == action.card)
    return action


def held_by(game: ItStartupGame, seat: int, card: int | None) -> bool:
    """True if ``seat`` holds ``card`` (in hand, planned, or looked at in its own look)."""
    planned = game.planned[seat]
    return (card in game.hands[seat] or (planned is not None and planned[0] == card)
            or card in game.looking)


def random_options(rng: random.Random, players: int) -> dict[str, Any]:
    """A random value for every option with choices (but the deck) and every yes/no option,
    a tournament to 2 wins now and then (3 or 4 players), and the short goal."""
    options: dict[str, Any] = {"goal": 32}
    for name, field in ItStartupOptions.__dataclass_fields__.items():
        choices = field.metadata.get("choices")
        if name != "deck" and choices:
            options[name] = rng.choice(choices)
        elif isinstance(field.default, bool):
            options[name] = rng.random() < 0.5
    if players >= 3 and rng.random() < 0.25:
        options["tournament_wins"] = 2
    return options


def make_twins(seed: int, random_rules: bool) -> tuple[ItStartupGame, ItStartupGame, int]:
    """Two physical-deck games of 2-4 players and the player watching them: the same cards
    dealt, the cards of the other players mixed differently among them."""
    rng = random.Random(seed)
    players = 2 + seed % 3
    names = [f"P{i + 1}" for i in range(players)]
    seat = rng.randrange(players)
    options = random_options(rng, players) if random_rules else {"goal": 32}
    probe = new_game(names, seed=seed, deck="physical", **options)
    deal = rng.sample(sorted(probe.deck), OPENING_HAND * players)  # dealt seat by seat
    hidden = [i for i in range(len(deal)) if i // OPENING_HAND != seat]
    mixed = rng.sample([deal[i] for i in hidden], len(hidden))
    twin_deal = list(deal)
    for i, card in zip(hidden, mixed, strict=True):
        twin_deal[i] = card
    games = []
    for cards in (deal, twin_deal):
        game = new_game(names, seed=seed, deck="physical", **options)
        for card in cards:
            game.deal(card)
        games.append(game)
    return games[0], games[1], seat


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES)
def test_a_player_cannot_tell_twin_games_apart(case: str) -> None:
    """40 pairs of twins per case, each played until the game ends or no move looks the same
    in both."""
    moves = 0
    for seed in range(TWINS_PER_CASE):
        first, second, seat = make_twins(seed, case == "random options")
        moves += play_twins(first, second, seat, public_key, seed)
    assert moves > TWINS_PER_CASE * 20  # the twins really play, not stop at once


def test_the_twins_really_differ_and_the_check_can_fail() -> None:
    """The twins hold different hands, and a prompt that names a hidden card is caught."""
    first, second, seat = make_twins(1, True)
    assert first.hands[seat] == second.hands[seat]
    assert first.hands != second.hands
    other = (seat + 1) % len(first.players)

    class Leaky(ItStartupGame):
        @property
        def waiting_for(self) -> str:
            return f"{super().waiting_for} {sorted(self.hands[other])}"

    for game in (first, second):
        game.__class__ = Leaky
    with pytest.raises(InvariantError, match="can tell the twins apart"):
        play_twins(first, second, seat, public_key, 1)
