"""Random-play fuzzing of the Scrumkin engine.
Determinism of seeded games, forged moves, replay through JSON and save/undo are checked for
every game by ``tests/contract``.

``fuzz_game`` plays random legal actions and checks the legal moves after every action;
:class:`ScrumkinInvariants` checks the rules' own invariants after every action. 2,000 games in 20
cases of 100, across 2-8 teams, both rulebooks, both decks and the options that change play.
"""

from collections import Counter
from typing import Any

import pytest

from devgames.core.game import Game
from devgames.core.harness import InvariantError, fuzz_game
from devgames.core.harness import invariant_failed as fail
from devgames.scrumkin import CARDS, ScrumkinGame, new_game
from devgames.scrumkin.cards import ACTION_CARDS, SPRINT_CARDS

ALL_ACTION = sorted(ACTION_CARDS)
ALL_CARDS = Counter([*SPRINT_CARDS, *ACTION_CARDS])
LAST_AGE = {card.id: len(card.values) - 1 for card in CARDS.values()}
PERMANENT = {card.id: card.permanent for card in CARDS.values()}
MOVES_PER_SPRINT = 2
HAND_SIZE = 3


class ScrumkinInvariants:
    """Checks one game after every action; make a fresh one for each game."""

    def __init__(self) -> None:
        self.seen = 0  # actions of the log already looked at
        self.sprint = 0  # the sprint those actions were made in
        self.moves: dict[int, list[str]] = {}

    def __call__(self, game: Game) -> None:
        assert isinstance(game, ScrumkinGame)
        self.cards_accounted_for(game)
        self.backlogs(game)
        self.table(game)
        self.hands(game)
        self.two_different_moves(game)
        if game.is_over:
            self.ending(game)

    def cards_accounted_for(self, game: ScrumkinGame) -> None:
        """All 86 sprint cards (deck, hands, tables, a card being laid and its counters) and
        the 22 action cards, the action deck holding them all."""
        cards = game.card_counts()
        if cards != ALL_CARDS:
            extra, missing = cards - ALL_CARDS, ALL_CARDS - cards
            fail(game, f"cards: extra {dict(extra)}, missing {dict(missing)}")
        if sorted(game.action_deck) != ALL_ACTION:
            fail(game, "the action deck does not hold the 22 action cards")

    def backlogs(self, game: ScrumkinGame) -> None:
        """Backlogs on the board; bugs and taken-over items are part of the backlog."""
        board = game.options.board
        for p in range(len(game.players)):
            backlog, bugs, taken = game.backlog[p], game.bugs[p], game.taken_over[p]
            if not 0 <= backlog <= board:
                fail(game, f"seat {p} backlog {backlog} is off the board (0-{board})")
            if bugs < 0 or taken < 0 or bugs + taken > backlog:
                fail(game, f"seat {p}: {bugs} bugs + {taken} taken over > {backlog} items")
            if taken and game.options.rulebook != "collaborative":
                fail(game, "items were taken over in a competitive game")

    def table(self, game: ScrumkinGame) -> None:
        """Every card on the table is within its values, unless its last value is permanent."""
        for p, (cards, ages) in enumerate(zip(game.table, game.ages, strict=False)):
            if len(cards) != len(ages):
                fail(game, f"seat {p}: {len(cards)} cards on the table, {len(ages)} ages")
            for card, age in zip(cards, ages, strict=False):
                if age < 0 or (not PERMANENT[card] and age > LAST_AGE[card]):
                    fail(game, f"seat {p}: {CARDS[card].name} at age {age} is still in play")

    def hands(self, game: ScrumkinGame) -> None:
        """No hand over 3; at the start of a sprint's moves, 3 each unless the deck ran out."""
        if any(len(hand) > HAND_SIZE for hand in game.hands):
            fail(game, f"a hand holds more than 3 cards: {game.hands}")
        sprint_starts = (
            game.events and game.events[-1].kind == "action_card"
            and game.phase == "moves"
        )
        if sprint_starts and len(game.deck) and any(len(h) != HAND_SIZE for h in game.hands):
            fail(game, f"sprint {game.sprint} starts with hands {game.hands}")

    def two_different_moves(self, game: ScrumkinGame) -> None:
        """No team makes more than 2 moves in a sprint, and never the same kind twice."""
        for action in game.log[self.seen:]:
            if action.kind not in ("play", "drop"):
                continue
            if action.kind == "drop":
                kind = "drop"
            else:
                kind = "own" if action.target == action.player else "other"
            made = self.moves.setdefault(action.player, [])
            made.append(kind)
            if len(made) > MOVES_PER_SPRINT or len(set(made)) != len(made):
                fail(game, f"seat {action.player} moved {made} in sprint {self.sprint}")
        self.seen = len(game.log)
        if game.sprint != self.sprint:
            self.sprint = game.sprint
            self.moves = {}

    @staticmethod
    def ending(game: ScrumkinGame) -> None:
        """The winners are the ones the rules name for the way the game ended."""
        n = len(game.players)
        backlog = game.backlog
        winners = [game.players.index(name) for name in game.winners]
        if game.result == "backlog_done":
            done = [p for p in range(n) if backlog[p] == 0]
            if game.options.tie_break == "velocity":
                best = max(game.velocity[p] for p in done)
                done = [p for p in done if game.velocity[p] == best]
            assert done and winners == done, game.summary()
        elif game.result == "sprint_cap":
            assert game.sprint == game.options.sprint_cap
            assert winners == [p for p in range(n) if backlog[p] == min(backlog)]
        elif game.result == "all_backlogs_done":
            assert winners == list(range(n)) and not any(backlog)
        elif game.result == "out_of_sprints":
            assert winners == [] and any(backlog)
            assert game.sprint == game.options.collaborative_sprints
        else:
            raise InvariantError(f"unknown result {game.result!r}")
        assert len(game.rounds) == n * game.sprint


# 2 rulebooks x 2 decks x 5 option sets = 20 cases of 100 games. Small backlogs, boards and caps
# make the rarer endings happen: several teams finishing at once, the sprint cap, a collaborative
# win.
COMPETITIVE: list[dict[str, Any]] = [
    {},
    {"counter_chains": True},
    {"drop_against_bugs": True, "backlog": 3},
    {"tie_break": "shared", "backlog": 4, "max_players": 4, "counter_asks": "everyone"},
    {"counter_chains": True, "drop_against_bugs": True, "tie_break": "shared", "board": 14,
     "sprint_cap": 6},
]
COLLABORATIVE: list[dict[str, Any]] = [
    {},
    {"counter_chains": True},
    {"drop_against_bugs": True},
    {"backlog": 1, "collaborative_sprints": 6},
    {"counter_chains": True, "drop_against_bugs": True, "board": 14, "backlog": 3,
     "counter_asks": "everyone"},
]
CASES = [
    {"rulebook": rulebook, "deck": deck, **options}
    for rulebook, option_sets in (("competitive", COMPETITIVE), ("collaborative", COLLABORATIVE))
    for deck in ("digital", "physical")
    for options in option_sets
]
GAMES_PER_CASE = 100


def factory_for(case: dict[str, Any]) -> Any:
    """A game maker for ``fuzz_game``: the seed also picks 2-8 teams and the first leader."""
    most = case.get("max_players", 8)

    def make(seed: int) -> ScrumkinGame:
        teams = 2 + seed % (most - 1)
        names = [f"Team {chr(65 + i)}" for i in range(teams)]
        return new_game(names, seed=seed, first_leader=(seed // 7) % teams, **case)

    return make


@pytest.mark.slow
@pytest.mark.parametrize("case", range(len(CASES)),
                         ids=[f"case{i}" for i in range(len(CASES))])
def test_random_play_keeps_the_rules(case: int) -> None:
    """100 random games of one option set, every action checked."""
    options = CASES[case]
    make = factory_for(options)
    players_seen = set()
    for i in range(GAMES_PER_CASE):
        game = fuzz_game(make, case * 10_000 + i, ScrumkinInvariants(), protocol=False)
        assert game.is_over
        players_seen.add(len(game.players))
    assert players_seen == set(range(2, options.get("max_players", 8) + 1))


def test_the_invariants_catch_a_broken_state() -> None:
    """The checker is not vacuous: a card lost from the deck, a fourth card in hand and a
    backlog beyond the board are each reported."""
    check = ScrumkinInvariants()
    game = new_game(["Red", "Blue"], seed=3)
    check(game)
    lost = new_game(["Red", "Blue"], seed=3)
    lost.deck.draw()
    with pytest.raises(InvariantError, match="missing"):
        ScrumkinInvariants()(lost)
    extra = new_game(["Red", "Blue"], seed=3)
    extra.hands[0].append(extra.deck.draw())
    with pytest.raises(InvariantError, match="more than 3"):
        ScrumkinInvariants()(extra)
    off_board = new_game(["Red", "Blue"], seed=3)
    off_board.backlog[1] = 21
    with pytest.raises(InvariantError, match="off the board"):
        ScrumkinInvariants()(off_board)
