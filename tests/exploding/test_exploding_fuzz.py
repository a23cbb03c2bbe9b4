"""Random-play fuzzing of the Exploding Git Commits engine.
Determinism of seeded games, forged moves, replay through JSON and save/undo are checked for
every game by ``tests/contract``.

``fuzz_game`` plays random legal actions and checks the legal moves after every action;
:class:`ExplodingInvariants` checks the rules' own invariants after every action. 2,000 games in 20
cases of 100, across 2-5 players, both decks, both Bail variants, both ways of asking for Nopes,
with and without special combos; every game also draws its own values of the other options
(direction of play, turns owed on exploding, help asked of an empty hand, an Exploding Git Commit
taken from the discard pile, who is asked first whether to Nope).
"""

import random
from collections import Counter
from typing import Any

import pytest

from devgames.core.actions import CHANCE
from devgames.core.game import Game
from devgames.core.harness import InvariantError, fuzz_game
from devgames.core.harness import invariant_failed as fail
from devgames.exploding import ExplodingGame, ExplodingOptions, new_game
from devgames.exploding.cards import COMPOSITION, EXPLODING, MITIGATE, NOPE
from devgames.exploding.game import ROUND_FIELDS
from devgames.exploding.rules import DEFUSE, NOPE_WINDOW, OVER, PLAY

ALL_CARDS = Counter(COMPOSITION)


class ExplodingInvariants:
    """Checks one game after every action; make a fresh one for each game."""

    def __init__(self) -> None:
        self.seen = 0  # actions of the log already looked at
        self.turns_owed = 0
        self.turn = 0

    def __call__(self, game: Game) -> None:
        assert isinstance(game, ExplodingGame)
        self.cards_accounted_for(game)
        self.players(game)
        self.exploding_cards(game)
        self.knowledge(game)
        self.turns(game)
        self.public_view(game)
        if game.is_over:
            self.ending(game)

    @staticmethod
    def cards_accounted_for(game: ExplodingGame) -> None:
        """All 56 cards (see ``ExplodingGame.card_counts``); a physical pool as large as the
        unknown places of the stack."""
        cards = game.card_counts()
        if game.physical and game.phase != "deal" and sum(game.pool) != game.deck.count(None):
            fail(game, "the physical pool does not match the unknown places of the stack")
        if not game.physical and None in game.deck:
            fail(game, "a digital stack has an unknown card")
        if sum(cards.values()) != 56 or cards != ALL_CARDS:
            extra, missing = cards - ALL_CARDS, ALL_CARDS - cards
            fail(game, f"cards: extra {dict(extra)}, missing {dict(missing)}")
        if game.options.pick_exploding == "never" and any(EXPLODING in hand
                                                          for hand in game.hands):
            fail(game, "a hand holds an Exploding Git Commit")

    @staticmethod
    def players(game: ExplodingGame) -> None:
        """Alive players, the elimination order, and empty hands of the players out."""
        n = len(game.players)
        if game.alive_count != sum(game.alive) or game.alive_count < 1:
            fail(game, f"{game.alive_count} alive but flags {game.alive}")
        if len(game.eliminated) != n - game.alive_count or len(set(game.eliminated)) != len(
                game.eliminated):
            fail(game, f"elimination order {game.eliminated} for {game.alive_count} alive")
        for p in game.eliminated:
            if game.alive[p] or game.hands[p]:
                fail(game, f"seat {p} is out but alive or holding cards")
        if not game.is_over and not game.alive[game.turn_player]:
            fail(game, "the turn player has exploded")
        if game.phase == NOPE_WINDOW:
            if not game.asked or any(not game.alive[q] for q in game.asked):
                fail(game, f"bad Nope window {game.asked}")
            if game.options.nope_asks == "holders" and not game.window_open and any(
                    NOPE not in game.hands[q] for q in game.asked):
                fail(game, "a player without a Nope is asked in 'holders' mode")

    @staticmethod
    def exploding_cards(game: ExplodingGame) -> None:
        """Exploding cards in the stack = alive players - 1 (one less while one is drawn)."""
        if game.phase == "deal" and game.chance and game.chance[0] == "setup":
            return
        in_deck = sum(1 for c in game.deck if c == EXPLODING) + game.pool[EXPLODING]
        expected = game.alive_count - 1 - (game.phase == DEFUSE)
        if in_deck != game.exploding_in_deck or in_deck != expected:
            fail(game, f"{in_deck} exploding cards in the stack (counted "
                       f"{game.exploding_in_deck}), expected {expected}")
        if not game.is_over and not game.deck and game.phase != DEFUSE:
            fail(game, "the draw stack ran out")

    @staticmethod
    def knowledge(game: ExplodingGame) -> None:
        """What a player knows of the stack is true, and the public chance is the public count."""
        for p, known in enumerate(game.known):
            if len(known) > len(game.deck):
                fail(game, f"seat {p} knows more places than the stack has")
            for i, card in enumerate(known):
                if card is not None and game.deck[i] != card:
                    fail(game, f"seat {p} believes place {i} holds {card}, it is {game.deck[i]}")
            if not 0.0 <= game.chance_next_explodes(p) <= 1.0:
                fail(game, f"seat {p}'s chance is off")

    def turns(self, game: ExplodingGame) -> None:
        """Turns owed are positive; a Bail gives 2 (noob) or more (stacked); a Mitigate needs a
        Mitigate in hand; the players asked and the givers are others in the game."""
        if game.is_over:
            return
        if game.turns_left < 1:
            fail(game, f"{game.turns_left} turns owed")
        if game.options.bail_stacking == "noob" and game.turns_left > 2:
            fail(game, f"{game.turns_left} turns owed with noob Bails")
        if game.phase == DEFUSE and MITIGATE not in game.hands[game.turn_player]:
            fail(game, "a Mitigate is asked of a player who holds none")
        if game.phase in ("give", "steal") and (game.giver == game.turn_player
                                                 or not game.hands[game.giver]):
            fail(game, "a give is asked of the turn player or of an empty hand")
        if game.turn_no != len(game._rows) + 1:
            fail(game, f"turn {game.turn_no} after {len(game._rows)} finished turns")

    @staticmethod
    def public_view(game: ExplodingGame) -> None:
        """The projector view holds no hand and no card of the stack."""
        view = game.view(None)
        if "hand" in view or "known_top" in view:
            fail(game, "the public view shows private cards")
        if view["deck_size"] != len(game.deck):
            fail(game, "the public deck size is wrong")
        if game.current_player == CHANCE and game.phase != "deal" and not game.window_open:
            fail(game, "the table acts outside a deal and an open Nope window")

    @staticmethod
    def ending(game: ExplodingGame) -> None:
        """Exactly one winner, the last player standing; everyone else went out in order."""
        if game.phase != OVER or len(game.winners) != 1 or game.alive_count != 1:
            raise InvariantError(f"bad ending: {game.summary()}")
        (winner,) = game.winners
        if not game.alive[game.players.index(winner)]:
            raise InvariantError("the winner has exploded")
        if game.exploding_in_deck != 0:
            raise InvariantError("exploding cards are left at the end")
        rows = game.rounds
        n = len(game.players)
        assert len(rows) == n * len(game._rows)
        assert all(tuple(row) == ROUND_FIELDS for row in rows[:n])
        orders = sorted(row["eliminated_order"] for row in rows[-n:]
                        if row["eliminated_order"] is not None)
        assert orders == list(range(1, n))


# 2 decks x 10 option sets = 20 cases of 100 games.
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"nope_asks": "everyone"},
    {"bail_stacking": "noob"},
    {"special_combos": False},
    {"mitigate": "automatic"},
    {"nope_asks": "everyone", "bail_stacking": "noob"},
    {"special_combos": False, "nope_asks": "everyone"},
    {"bail_stacking": "noob", "special_combos": False, "mitigate": "automatic"},
    {"nope_asks": "everyone", "mitigate": "automatic"},
    {"nope_asks": "everyone", "bail_stacking": "noob", "special_combos": False},
]
CASES = [{"deck": deck, **options} for deck in ("digital", "physical") for options in OPTION_SETS]
GAMES_PER_CASE = 100
#: Options each game draws at random, whatever its case.
RANDOM_OPTIONS = ("direction", "owed_turns", "ask_empty_hand", "pick_exploding", "nope_first")


def factory_for(case: dict[str, Any]) -> Any:
    """A game maker for ``fuzz_game``: the seed also picks 2-5 players, the first player and a
    value of each of the ``RANDOM_OPTIONS``."""

    def make(seed: int) -> ExplodingGame:
        players = 2 + seed % 4
        names = [f"P{i + 1}" for i in range(players)]
        rng = random.Random(seed)
        fields = ExplodingOptions.__dataclass_fields__
        drawn = {name: rng.choice(fields[name].metadata["choices"]) for name in RANDOM_OPTIONS}
        return new_game(names, seed=seed, first_player=(seed // 4) % players, **drawn, **case)

    return make


@pytest.mark.slow
@pytest.mark.parametrize("case", range(len(CASES)), ids=[f"case{i}" for i in range(len(CASES))])
def test_random_play_keeps_the_rules(case: int) -> None:
    """100 random games of one option set, every action checked."""
    make = factory_for(CASES[case])
    players_seen = set()
    values_seen = set()
    for i in range(GAMES_PER_CASE):
        game = fuzz_game(make, case * 10_000 + i, ExplodingInvariants(), protocol=False)
        assert game.is_over
        players_seen.add(len(game.players))
        values_seen |= {(name, getattr(game.options, name)) for name in RANDOM_OPTIONS}
    assert players_seen == {2, 3, 4, 5}
    assert len(values_seen) == 2 * len(RANDOM_OPTIONS)


def test_a_physical_game_does_not_use_the_seed() -> None:
    first = new_game(["Ada", "Bob"], seed=1, deck="physical")
    second = new_game(["Ada", "Bob"], seed=2, deck="physical")
    assert first.deck == second.deck == [None] * 46
    assert first.current_player == second.current_player == CHANCE


def test_the_invariants_catch_a_broken_state() -> None:
    """The checker is not vacuous: a lost card, a wrong exploding count and a false peek."""
    ExplodingInvariants()(new_game(["Ada", "Bob"], seed=3))
    lost = new_game(["Ada", "Bob"], seed=3)
    lost.deck.pop()
    with pytest.raises(InvariantError, match="missing"):
        ExplodingInvariants()(lost)
    miscounted = new_game(["Ada", "Bob"], seed=3)
    miscounted.exploding_in_deck = 2
    with pytest.raises(InvariantError, match="exploding cards in the stack"):
        ExplodingInvariants()(miscounted)
    believer = new_game(["Ada", "Bob"], seed=3)
    believer.known[0] = [EXPLODING if believer.deck[0] != EXPLODING else NOPE]
    with pytest.raises(InvariantError, match="believes"):
        ExplodingInvariants()(believer)
    assert believer.phase == PLAY
