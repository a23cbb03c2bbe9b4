"""Random-play fuzzing of the РЕЛИЗ engine across every scenario and option.

2,100 quick games (300 per scenario, options drawn per game) check the cheap invariants of
:func:`tests.reliz.helpers.check`, every tile and event card by chip
(:meth:`~devgames.reliz.RelizGame.card_counts`) and what the engine keeps of each zone for the
legal moves against a recomputation (:func:`check_kept_board`) after every move, and refuse a
forged illegal move now and then (nothing changed); half the games are played by an eager
chooser that places tiles whenever it can, so that games reach their end. A sample of 70 games
goes through the full harness (:func:`devgames.core.harness.fuzz_game`): every move replayed
through JSON, save and undo.
Tender and Cooperation are played besides with each value of ``team_hands`` in turn (each
member's own hand, or one a team), quick and through the full harness; and in rounds played
together, the teams' moves in random interleavings (each team's own moves, ``moves_of``, or
those of the team brought into focus) with the timer's time up now and then, every game
replayed at its end. Tender's rule 7 (a team locked out of its link swaps or adds a block) is
fuzzed from the positions heuristic bots lock a team out in, every block card counted.
"""

import copy
import random
from collections import Counter
from typing import Any

import pytest

from devgames.core.actions import CHANCE, Action
from devgames.core.game import Game
from devgames.core.harness import check_illegal_is_harmless, forge_illegal, fuzz_game
from devgames.core.harness import invariant_failed as fail
from devgames.core.session import Session
from devgames.reliz import RelizGame, new_game
from devgames.reliz.bots import HeuristicBot
from devgames.reliz.options import (
    COOP_ROUNDS,
    FIRST_TILE,
    INTEGRATION_MATCH,
    PARTNER_CARDS,
    PILOT,
    SOLO_POOL,
    TEAM_HANDS,
    TEAM_TURNS,
)
from tests.reliz.helpers import NAMES, SEATS, check, check_all

SCENARIOS = list(SEATS)


class RelizInvariants:
    """:func:`tests.reliz.helpers.check` after every move, and the tiles and event cards the
    game started with, each still there by chip; make a fresh one for each game."""

    def __init__(self) -> None:
        self.cards: Counter[int] | None = None

    def __call__(self, game: Game) -> None:
        assert isinstance(game, RelizGame)
        check_kept_board(game)  # first: ``check`` reads ``fresh`` whole
        check(game)
        cards = game.card_counts()
        if self.cards is None:
            self.cards = cards
        elif cards != self.cards:
            fail(game, f"cards: extra {dict(cards - self.cards)}, "
                       f"missing {dict(self.cards - cards)}")


def check_kept_board(game: RelizGame) -> None:
    """What the engine keeps of each zone for the legal moves, changed zone by zone as tiles
    come and go (``need``, ``zfit``, ``rotatable``), equals what it works out afresh from the
    whole board; and the zones a placement finds fresh for a RELEASE (``_is_fresh``, which
    never makes the set whole) are the set ``fresh`` made whole, every empty zone among them
    when the teams play in turn (played together, a zone another team emptied or added this
    round is not fresh for the team in focus: see the rules)."""
    again = copy.copy(game)
    again.need, again.zfit = list(game.need), list(game.zfit)
    again._refresh(range(len(game.chip)))
    for name in ("need", "zfit", "rotatable"):
        if getattr(again, name) != getattr(game, name):
            fail(game, f"the kept {name} differs from the board's")
    again._fresh_set = set(game._fresh_set)  # made whole on the copy alone
    fresh = again.fresh
    if any(game._is_fresh(z) != (z in fresh) or not (chip or z in fresh or game.together)
           for z, chip in enumerate(game.chip)):
        fail(game, "the zones fresh for a RELEASE differ from the board's")


def options_for(scenario: str, rng: random.Random) -> dict[str, Any]:
    """Random options for one game (a small turn cap keeps the games short)."""
    physical = rng.random() < 0.4
    return {
        "deck": "physical" if physical else "digital",
        "scenario": scenario,
        "blitz": rng.random() < 0.3,
        "integration_match": rng.choice(INTEGRATION_MATCH),
        "first_tile": rng.choice(FIRST_TILE),
        "pilot": rng.choice(PILOT),
        "solo_pool": rng.choice(SOLO_POOL),
        "team_size": rng.choice((2, 3, 4)),
        "coop_rounds": rng.choice(COOP_ROUNDS),
        "turn_cap": rng.choice((6, 10, 16, 30)),
        "tender_shared_win": scenario == "tender" and rng.random() < 0.5,
        "team_hands": rng.choice(TEAM_HANDS),
        "team_turns": rng.choice(TEAM_TURNS),
        "partner_cards": rng.choice(PARTNER_CARDS),
    }


def seats_for(scenario: str, rng: random.Random) -> int:
    return rng.choice((2, 3, 4)) if scenario in ("tender", "cooperation") else SEATS[scenario]


def play_quick(scenario: str, seed: int, **fixed: Any) -> RelizGame:
    """One game with cheap checks after every move (``fixed``: options not drawn)."""
    rng = random.Random(seed)
    game = new_game(NAMES[:seats_for(scenario, rng)], seed=seed,
                    **options_for(scenario, rng) | fixed)
    eager = seed % 2 == 0
    invariants = RelizInvariants()
    invariants(game)
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, f"no legal action (seed {seed})"
        if steps % 11 == 0:
            forged = forge_illegal(game, rng, legal)
            if forged is not None and forged not in allowed(game):
                check_illegal_is_harmless(game, forged)
        places = [a for a in legal if a.kind == "place"] if eager else []
        game.apply(rng.choice(places) if places and rng.random() < 0.9 else rng.choice(legal))
        invariants(game)
        steps += 1
        assert steps < 20_000, f"endless game (seed {seed})"
    check_all(game)
    return game


def allowed(game: RelizGame) -> list[Action]:
    """Every move the game takes now: each acting team's own (played together, not only the
    team in focus's) and the timer's."""
    return [*game.legal_actions(),
            *(a for seat in (*game.acting_seats, CHANCE) for a in game.moves_of(seat))]


def play_together(scenario: str, seed: int) -> RelizGame:
    """One game of rounds played together: each move is a random acting team's, chosen from its
    own moves (``moves_of``) or after bringing it into focus, the time up now and then; the
    invariants after every move, the moves listed accepted, a focus that changes no snapshot,
    forged moves refused, and the game replayed at the end."""
    rng = random.Random(seed)
    game = new_game(NAMES[:seats_for(scenario, rng)], seed=seed,
                    **options_for(scenario, rng) | {"team_turns": "together", "turn_cap": 40})
    invariants = RelizInvariants()
    invariants(game)
    steps = 0
    while not game.is_over:
        seats = game.acting_seats
        if seats and rng.random() < 0.03 and game.can_time_up():
            game.time_up()
            invariants(game)
            continue
        seat = rng.choice(seats) if seats else game.current_player
        assert seat is not None
        if seats and rng.random() < 0.5:
            before = game.snapshot() if steps % 13 == 0 else None
            game.focus(seat)
            assert game.current_player == seat
            assert before is None or game.snapshot() == before
        moves = game.moves_of(seat) if seats else game.legal_actions()
        assert moves and {a.player for a in moves} == {seat}, (seed, seat, moves)
        if steps % 7 == 0:
            assert all(map(game.can_apply, moves))
            forged = forge_illegal(game, rng, moves)
            if forged is not None and forged not in allowed(game):
                check_illegal_is_harmless(game, forged)
        places = [a for a in moves if a.kind == "place"]
        game.apply(rng.choice(places) if places and rng.random() < 0.8 else rng.choice(moves))
        invariants(game)
        steps += 1
        assert steps < 20_000, f"endless game (seed {seed})"
    check_all(game)
    again = Session.from_json(game.session().to_json()).replay()
    assert again.snapshot() == game.snapshot() and again.log == game.log
    return game


@pytest.mark.parametrize("scenario", ["tender", "cooperation"])
def test_rounds_played_together_keep_every_invariant_in_any_interleaving(scenario: str) -> None:
    rounds: set[int] = set()
    time_ups = 0
    for seed in range(120):
        game = play_together(scenario, 2000 + seed)
        rounds.add(game.round_no)
        time_ups += sum(1 for action in game.log if action.kind == "time_up")
    assert max(rounds) >= 5 and time_ups >= 20


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_quick_random_games_keep_every_invariant(scenario: str) -> None:
    ends: set[str] = set()
    for seed in range(300):
        game = play_quick(scenario, seed)
        ends.add(game.result.split(":")[0][:20])
    if scenario not in ("tender", "cooperation"):  # these need more turns than the caps here
        assert len(ends) >= 2, ends  # the games end in more than one way


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_full_harness_on_a_sample(scenario: str) -> None:
    for seed in range(10):
        rng = random.Random(seed)
        seats = seats_for(scenario, rng)
        options = options_for(scenario, rng) | {"turn_cap": 6}
        fuzz_game(lambda s, seats=seats, options=options: new_game(  # type: ignore[misc]
            NAMES[:seats], seed=s, **options), seed, RelizInvariants(), illegal_every=5)


@pytest.mark.parametrize("team_hands", TEAM_HANDS)
@pytest.mark.parametrize("scenario", ["tender", "cooperation"])
def test_team_hands_both_ways_keep_every_invariant(scenario: str, team_hands: str) -> None:
    rounds: set[int] = set()
    for seed in range(60):
        game = play_quick(scenario, 1000 + seed, team_hands=team_hands, turn_cap=40)
        rounds.add(game.round_no)
        assert bool(any(game.member_hands)) == (team_hands == "members")
    assert max(rounds) >= 5  # the members' turns come round several times
    for seed in range(6):
        rng = random.Random(seed)
        seats = seats_for(scenario, rng)
        options = options_for(scenario, rng) | {"turn_cap": 12, "team_hands": team_hands}
        fuzz_game(lambda s, seats=seats, options=options: new_game(  # type: ignore[misc]
            NAMES[:seats], seed=s, **options), seed, RelizInvariants(), illegal_every=5)


def _block_cards(game: RelizGame) -> Counter[int]:
    """Every block card, on the board, drawn and waiting to join it, or in a supply."""
    cards = Counter(block["card"] for block in game.blocks)
    for _seat, drawn, *_rest in game.attach_queue:
        cards.update(drawn)
    for supply in game.supply.values():
        cards.update(supply)
    return cards


@pytest.mark.parametrize("team_turns", TEAM_TURNS)
def test_tender_rule7_keeps_every_invariant(team_turns: str) -> None:
    """Tender played by heuristic bots until a team is locked out of its link (rule 7), then by
    random moves, the rule-7 move of any team taken whenever it is offered: the invariants and
    every block card after every move, forged moves refused, and the game replayed at its end."""
    rebuilt = 0
    for seed in range(40):
        rng = random.Random(seed)
        game = new_game(NAMES[:3], seed=seed, scenario="tender", team_turns=team_turns,
                        round_timer=0, turn_cap=300)
        bots = {t: HeuristicBot(seed * 10 + t) for t in range(game.n)}
        invariants, blocks = RelizInvariants(), Counter[int]()
        locked = False
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            legal = game.legal_actions()
            rebuilds = [a for a in legal if a.kind in ("swap", "add")]
            if rebuilds and not locked:
                locked, blocks = True, _block_cards(game)
            if rebuilds:
                action = rng.choice(rebuilds)
                rebuilt += 1
            elif locked or seat < 0:
                forged = forge_illegal(game, rng, legal)
                if forged is not None and forged not in allowed(game):
                    check_illegal_is_harmless(game, forged)
                places = [a for a in legal if a.kind == "place"]
                action = rng.choice(places) if places and rng.random() < 0.8 else \
                    rng.choice(legal)
            else:
                action = bots[seat].choose(game)
            game.apply(action)
            if locked:
                invariants(game)
                assert _block_cards(game) == blocks, (seed, action)
        again = Session.from_json(game.session().to_json()).replay()
        assert again.snapshot() == game.snapshot() and again.log == game.log
    assert rebuilt >= 5
