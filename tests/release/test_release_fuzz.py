"""Random-play fuzzing of the Release! engine.

2,000 random games (4 cases of 500: both play styles, both decks), 2 to 10 players, each game
drawing its own values of the other options: every action is checked by the cheap invariants
of :class:`ReleaseInvariants` (cards conserved with one and two decks, hand sizes, one score
per team, the scores the sum of the releases' points), and every 9th step a forged illegal
action is refused with a sentence and changes nothing. Replay through JSON, saves, undo and
determinism are checked for every game by ``tests/contract``.
"""

import random
from collections import Counter
from typing import Any

import pytest

from devgames.core.actions import CHANCE
from devgames.core.game import Game
from devgames.core.harness import (
    InvariantError,
    check_illegal_is_harmless,
    forge_illegal,
)
from devgames.core.harness import invariant_failed as fail
from devgames.release import ReleaseGame, ReleaseOptions, new_game
from devgames.release.phases import COMMIT, DEAL, OVER, PASS
from devgames.release.scoring import ROUND_FIELDS

#: Options each game draws at random, whatever its case.
RANDOM_OPTIONS = ("team_lead", "artifacts", "reveal_asks", "doubling", "losing")
CASES = [{"style": style, "deck": deck} for style in ("rulebook", "remote")
         for deck in ("digital", "physical")]
GAMES_PER_CASE = 500


class ReleaseInvariants:
    """Checks one game after every action (the teams and the public view at the start and the
    end: they cannot change in between without a card or score going astray)."""

    def __init__(self) -> None:
        self.started = False

    def __call__(self, game: Game) -> None:
        assert isinstance(game, ReleaseGame)
        self.cards(game)
        self.hands(game)
        self.scores(game)
        if not self.started or game.is_over:
            self.started = True
            self.teams(game)
        if game.is_over:
            self.ending(game)

    @staticmethod
    def cards(game: ReleaseGame) -> None:
        """Every copy of every play card is somewhere, one deck or two (see
        ``ReleaseGame.card_counts``); 12 discarded face down with 2 players."""
        expected = Counter({c: game.decks for c in game.deck.play_ids})
        found = game.card_counts()
        if found != expected:
            fail(game, f"cards: extra {dict(found - expected)}, missing {dict(expected - found)}")
        if game.n == 2 and game.phase != DEAL and len(game.discarded) != 12:
            fail(game, f"{len(game.discarded)} cards discarded face down with 2 players")

    @staticmethod
    def hands(game: ReleaseGame) -> None:
        """Everyone holds the cards of the iterations left (less the card committed or chosen
        to pass); the table has fewer cards than players while committing."""
        if game.phase in (DEAL, OVER):
            return
        base = game.hand_size - game.iteration + 1
        committed = {p for p, _c, _r in game.trick}
        for p, hand in enumerate(game.hands):
            size = base - (1 if game.phase == PASS else p in committed) - (p in game.passing)
            if len(hand) != size:
                fail(game, f"seat {p} holds {len(hand)} cards, not {size} ({game.phase})")
        if game.phase == COMMIT and len(game.trick) >= game.n:
            fail(game, "a full iteration waits for a card")
        if game.current_player == CHANCE and game.phase != DEAL:
            fail(game, "chance acts outside a deal")

    @staticmethod
    def teams(game: ReleaseGame) -> None:
        """Teams of two seated alternately when pair programming, else everyone alone; one
        score per team."""
        n = game.n
        pairs = game.options.style == "rulebook" and n in (4, 6, 8, 10)
        if sorted(p for seats in game.teams for p in seats) != list(range(n)):
            fail(game, f"teams {game.teams} do not seat everyone once")
        if any(len(seats) != (2 if pairs else 1) for seats in game.teams):
            fail(game, f"teams {game.teams} with pairs={pairs}")
        if pairs and any(abs(a - b) != n // 2 for a, b in game.teams):
            fail(game, f"teammates {game.teams} are not seated across")
        if len(game.scores) != len(game.teams) or "hand" in game.view(None):
            fail(game, "scores or the public view are off")

    @staticmethod
    def scores(game: ReleaseGame) -> None:
        """A score is the sum of its team's release points, plus the points scored at once in
        the release under way."""
        totals = [0] * len(game.teams)
        for row in game._rows:
            totals[game.team_names.index(row["team"])] += row["points"]
        if not game.is_over:
            totals = [a + b for a, b in zip(totals, game.immediate, strict=True)]
        if totals != game.scores:
            fail(game, f"scores {game.scores}, releases add up to {totals}")

    @staticmethod
    def ending(game: ReleaseGame) -> None:
        target = game.options.points_target
        if not (game.release == game.options.releases or (target and max(game.scores) >= target)):
            fail(game, f"the game ended after release {game.release}")
        best = max(game.scores)
        winners = {p for t, seats in enumerate(game.teams) if game.scores[t] == best
                   for p in seats}
        if set(game._winners) != winners:
            fail(game, "the winners are not the best score")
        rows = game.rounds
        if len(rows) != game.release * len(game.teams) or tuple(rows[0]) != ROUND_FIELDS:
            fail(game, "the rows are not one per team per release")


def factory_for(case: dict[str, Any], releases: int) -> Any:
    """A game maker: the seed picks 2-10 players and a value of each random option."""

    def make(seed: int) -> ReleaseGame:
        players = 2 + seed % 9
        rng = random.Random(seed)
        fields = ReleaseOptions.__dataclass_fields__
        drawn = {name: rng.choice(fields[name].metadata["choices"]) for name in RANDOM_OPTIONS}
        return new_game([f"P{i + 1}" for i in range(players)], seed=seed, releases=releases,
                        **drawn, **case)

    return make


def lean_game(make: Any, seed: int) -> ReleaseGame:
    """One random game, the invariants checked after every action and a forged illegal action
    refused every 9th step."""
    game = make(seed)
    check = ReleaseInvariants()
    rng = random.Random(seed * 31 + 7)
    steps = 0
    check(game)
    while not game.is_over:
        legal = game.legal_actions()
        if steps % 9 == 0:
            forged = forge_illegal(game, rng, legal)
            if forged is not None:
                check_illegal_is_harmless(game, forged)
        game.apply(rng.choice(legal))
        check(game)
        steps += 1
        if steps > 20_000:
            fail(game, "the game does not end")
    return game


@pytest.mark.slow
@pytest.mark.parametrize("case", range(len(CASES)), ids=[f"{c['style']}-{c['deck']}"
                                                         for c in CASES])
def test_random_play_keeps_the_rules(case: int) -> None:
    """500 random games of one case, every action checked (most of one release, some of two)."""
    seen = set()
    values = set()
    for i in range(GAMES_PER_CASE):
        make = factory_for(CASES[case], 2 if i % 10 == 0 else 1)
        game = lean_game(make, case * 10_000 + i)
        seen.add(len(game.players))
        values |= {(name, getattr(game.options, name)) for name in RANDOM_OPTIONS}
    assert seen == set(range(2, 11))
    assert len(values) == 2 * len(RANDOM_OPTIONS)


def test_the_invariants_catch_a_broken_state() -> None:
    ReleaseInvariants()(new_game(["Ada", "Bob", "Cy"], seed=3))
    lost = new_game(["Ada", "Bob", "Cy"], seed=3)
    lost.hands[0].pop()
    with pytest.raises(InvariantError, match="missing"):
        ReleaseInvariants()(lost)
    rich = new_game(["Ada", "Bob", "Cy"], seed=3)
    rich.scores[0] += 1
    with pytest.raises(InvariantError, match="scores"):
        ReleaseInvariants()(rich)
