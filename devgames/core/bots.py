"""Bots that fill empty seats, and a loop that plays a game out with them."""

import copy
from collections.abc import Callable, Mapping
from random import Random
from typing import Protocol, TypeVar

from devgames.core.actions import CHANCE, Action
from devgames.core.game import Game

#: A game, as the bots of one game take it.
G = TypeVar("G", bound=Game)
G_contra = TypeVar("G_contra", bound=Game, contravariant=True)


class Bot(Protocol[G_contra]):
    """Anything that picks one of the legal actions for the player to act (``Bot[ScrumkinGame]``
    for a bot of one game; a plain ``Bot`` takes any)."""

    def choose(self, game: G_contra) -> Action:
        """Return an action for ``game.current_player``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded random source.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=4)
    >>> RandomBot(seed=1).choose(game) in game.legal_actions()
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())

    def claim(self, game: Game, seat: int) -> Action | None:
        """A move out of turn (:meth:`Game.claims`), one time in two when there is one."""
        moves = game.claims(seat)
        return self.rng.choice([None, *moves]) if moves else None


def first_claim(game: Game, bots: Mapping[int, object]) -> Action | None:
    """The first move out of turn a bot makes while the table is to act (a Nope in an open
    window), asking the bots in seat order; bots without a ``claim`` method make none.

    >>> from devgames import exploding
    >>> game = exploding.new_game(["Ada", "Bob", "Cy"], seed=12)
    >>> game.play("Ada", "Shuffle")
    >>> [first_claim(game, {1: RandomBot(seed)}) is not None for seed in range(4)]
    [True, False, False, False]
    """
    if game.is_over or game.current_player != CHANCE:
        return None
    for seat in sorted(bots):
        action = claim_of(bots[seat], game, seat)
        if action is not None:
            return action
    return None


def claim_of(bot: object, game: Game, seat: int) -> Action | None:
    """The move out of turn ``bot`` makes now for ``seat`` (its ``claim`` method), or None."""
    claim = getattr(bot, "claim", None)
    return claim(game, seat) if claim is not None else None


#: The kind of the private event an engine adds when a card entered from a printed deck
#: contradicts what it believed (the table is the truth; the engine puts its books right).
MISMATCH = "mismatch"


def likely_entry(game: Game, rng: Random) -> Action | None:
    """A card to enter from a printed deck at random, as a real draw would give it: the first,
    in random order, of the offered entries the engine believes possible (one that makes it
    put its books right, a private ``mismatch``, only when there is no other); None when no card
    is to be entered. ``game`` is not changed, nor its own random source.

    >>> from devgames import exploding
    >>> game = exploding.new_game(["Ada", "Bob"], seed=1, deck="physical")
    >>> entry = likely_entry(game, Random(2))
    >>> entry in game.legal_actions(), likely_entry(exploding.new_game(["Ada", "Bob"]), Random(2))
    (True, None)
    """
    if game.is_over or game.current_player != CHANCE:
        return None
    entries = game.legal_actions()
    rng.shuffle(entries)
    for entry in entries:
        trial = copy.deepcopy(game)
        seen = len(trial.events)
        trial.apply(entry)
        if all(event.kind != MISMATCH for event in trial.events[seen:]):
            return entry
    return entries[0] if entries else None


def play_out(
    game: G,
    bots: Mapping[int, Bot[G]],
    chance: Bot[G] | None = None,
    max_actions: int = 1_000_000,
    on_action: Callable[[G, Action], None] | None = None,
) -> int:
    """Let bots play until the game ends; return the number of actions applied.

    ``bots`` maps seat indices to bots; ``chance`` enters cards in physical-deck mode (a RandomBot
    by default). Stops early, without error, at a seat that has no bot (a human's turn).
    """
    chance = chance or RandomBot(game.seed)
    applied = 0
    while not game.is_over and applied < max_actions:
        seat = game.current_player
        if seat is None:  # nobody to act
            break
        bot = chance if seat == CHANCE else bots.get(seat)
        if bot is None:
            break
        action = (seat == CHANCE and first_claim(game, bots)) or bot.choose(game)
        game.apply(action)
        applied += 1
        if on_action is not None:
            on_action(game, action)
    return applied
