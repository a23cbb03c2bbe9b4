"""Random-play fuzzing of the IT Startup engine.
Determinism of seeded games, forged moves, replay through JSON and save/undo are checked for
every game by ``tests/contract``.

``fuzz_game`` plays random legal actions and checks the legal moves after every action;
:class:`ItStartupInvariants` checks the rules' own invariants after every action. 2,400 games in 24
cases of 100, across 2-4 players, both decks, goals 32 and 64, tournaments and the options that
change play; the options in ``RANDOM_OPTIONS`` take a value chosen by each game's seed.
"""

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from devgames.core.game import Game
from devgames.core.harness import InvariantError, fuzz_game
from devgames.core.harness import invariant_failed as fail
from devgames.itstartup import CARDS, ItStartupGame, ItStartupOptions, new_game
from devgames.itstartup.abilities import ACTIVATED, END_OF_TURN_DRAW
from devgames.itstartup.metrics import ROUND_FIELDS

ALL_CARDS = Counter(range(1, 65))
HOARD_CAP = {2: 12, 3: 10, 4: 8}
LIMIT = {card.id: 3 + card.shield for card in CARDS.values()}
KIND = {card.id: card.kind for card in CARDS.values()}
ROW_PLAYER = ROUND_FIELDS.index("player")
ROW_RESOURCES = ROUND_FIELDS.index("resources")
LOOK_STEPS = ("draw", "keep", "order")


class ItStartupInvariants:
    """Checks one game after every action; make a fresh one for each game."""

    def __init__(self) -> None:
        self.rows_seen = 0  # metrics rows already checked (one is written as each turn ends)
        self.points: list[int] | None = None
        self.game_no = 1  # the tournament game the points belong to
        self.events_seen = 0

    def __call__(self, game: Game) -> None:
        assert isinstance(game, ItStartupGame)
        self.cards_accounted_for(game)
        self.resources(game)
        if len(game.log) % 8 == 0:  # (costly: at every eighth position)
            self.prices(game)
        self.table(game)
        self.counts(game)
        self.planned(game)
        self.turns_and_points(game)
        if game.is_over != (not game.steps):
            fail(game, f"the game says it is over: {game.is_over}, with {game.steps} waiting")
        if game.is_over:
            self.ending(game)

    def cards_accounted_for(self, game: ItStartupGame) -> None:
        """All 64 cards (see ``ItStartupGame.card_counts``); cards looked at only during a
        look."""
        cards = game.card_counts()
        if cards != ALL_CARDS:
            extra, missing = cards - ALL_CARDS, ALL_CARDS - cards
            fail(game, f"cards: extra {dict(extra)}, missing {dict(missing)}")
        if game.looking and (game.step is None or game.step[0] not in LOOK_STEPS):
            fail(game, f"cards looked at {game.looking} outside a look")

    def resources(self, game: ItStartupGame) -> None:
        """Never negative; at most the hoard cap when a player's turn has just ended (and at all
        times with hoard_cap_timing=always)."""
        cap = HOARD_CAP[len(game.players)]
        if any(r < 0 for r in game.resources):
            fail(game, f"negative resources {game.resources}")
        if game.options.hoard_cap_timing == "always" and max(game.resources) > cap:
            fail(game, f"resources {game.resources} above the cap {cap} (always)")
        for row in game.rows[self.rows_seen:]:
            p = game.players.index(row[ROW_PLAYER])
            if row[ROW_RESOURCES] > cap or game.resources[p] > cap:
                fail(game, f"{row[ROW_PLAYER]} ends a turn with {game.resources[p]} "
                                f"resources (cap {cap})")
        self.rows_seen = len(game.rows)

    def prices(self, game: ItStartupGame) -> None:
        """What a card costs never exceeds its printed price, on any target, played or moved
        (the listing of the legal moves takes a player holding the printed price at its word)."""
        employees = [None, *game.employees]
        for p, hand in enumerate(game.hands):
            for card in hand:
                for target in employees:
                    for moved in (False, True):
                        if game.cost(p, card, target, transfer=moved) > CARDS[card].cost:
                            fail(game, f"{CARDS[card].name} costs seat {p} more than printed")

    def table(self, game: ItStartupGame) -> None:
        """Employees: each on exactly one table, below its burnout limit; knowledge on developers
        only; a borrowed employee's home is another player."""
        on_tables = [e for staff in game.staff for e in staff]
        if len(on_tables) != len(set(on_tables)) or set(on_tables) != set(game.employees):
            fail(game, f"staff {game.staff} against employees {sorted(game.employees)}")
        for p, staff in enumerate(game.staff):
            for e in staff:
                state = game.employees[e]
                if KIND[e] not in ("developer", "hr", "coach"):
                    fail(game, f"{CARDS[e].name} is on the table as an employee")
                if not 0 <= state.burnout < LIMIT[e]:
                    fail(game, f"{CARDS[e].name} has {state.burnout} burnout (leaves at "
                                    f"{LIMIT[e]})")
                if state.knowledge and KIND[e] != "developer":
                    fail(game, f"knowledge on {CARDS[e].name}")
                if any(KIND[k] != "knowledge" for k in state.knowledge):
                    fail(game, f"{CARDS[e].name} holds a card that is not knowledge")
                if state.home is not None and state.home == p:
                    fail(game, f"{CARDS[e].name} is borrowed from its own controller")

    def counts(self, game: ItStartupGame) -> None:
        """What the engine keeps counted for each player (its employees by card and by kind,
        those who draw at the end of the turn, the knowledge attached) equals a fresh
        recount of the table."""
        for p, staff in enumerate(game.staff):
            kinds = Counter(KIND[e] for e in staff)
            recount = (kinds["developer"], kinds["hr"], kinds["coach"],
                       sum(1 for e in staff if CARDS[e].key in END_OF_TURN_DRAW),
                       sum(1 for e in staff if CARDS[e].key in ACTIVATED),
                       sum(1 for e in staff if game.employees[e].home is not None),
                       sum(len(game.employees[e].knowledge) for e in staff))
            if game.crews[p].counts() != recount:
                fail(game, f"seat {p} counted {game.crews[p].counts()} (developers, hr, "
                           f"coaches, drawers, activators, borrowed, knowledge), the table "
                           f"holds {recount}")
            developers = tuple(e for e in staff if KIND[e] == "developer")
            if game.crews[p].developer_cards != developers:
                fail(game, f"seat {p} listed the developers {game.crews[p].developer_cards}, "
                           f"the table holds {developers}")
            power = sum(CARDS[e].power + sum(CARDS[k].power for k in game.employees[e].knowledge)
                        for e in developers)
            if game.crews[p].power != power:
                fail(game, f"seat {p} counted its developers' power {game.crews[p].power}, "
                           f"the table holds {power}")
            held = {key: count for key, count in game.held[p].items() if count}
            if held != Counter(CARDS[e].key for e in staff):
                fail(game, f"seat {p} counted the employees {held}, the table holds {staff}")

    def planned(self, game: ItStartupGame) -> None:
        """At most one planned card per player: an action card, planned in an earlier or this
        turn of its owner."""
        if len(game.planned) != len(game.players):
            fail(game, f"planned slots {game.planned}")
        for p, planned in enumerate(game.planned):
            if planned is None:
                continue
            card, turn = planned
            if KIND[card] != "action" or not 0 <= turn <= game.turns[p]:
                fail(game, f"seat {p} planned {CARDS[card].name} in turn {turn}")

    def turns_and_points(self, game: ItStartupGame) -> None:
        """Turn numbers stay within one of each other; project points never go down, except
        by 4 for each help token aimed at the player (never below 0 without help_below_zero),
        or to 0 when a new tournament game starts."""
        if max(game.turns) - min(game.turns) > 1:
            fail(game, f"turns {game.turns}")
        if not game.options.help_below_zero and min(game.points) < 0:
            fail(game, f"points below 0: {game.points}")
        helped = Counter(event.data["target"] for event in game.events[self.events_seen:]
                         if event.kind == "help" and event.data["points"] < 0)
        if game.game_no != self.game_no:
            self.game_no, self.points = game.game_no, None
        if self.points is not None and any(
            now < before - 4 * helped[p]
            for p, (now, before) in enumerate(zip(game.points, self.points, strict=True))
        ):
            fail(game, f"points went down from {self.points} to {game.points}")
        self.points = list(game.points)
        self.events_seen = len(game.events)

    def ending(self, game: ItStartupGame) -> None:
        """A full round was played; the single winner has the highest score, at the goal (and
        in a tournament, the wins it needed)."""
        wins = game.options.tournament_wins
        if game.result != ("tournament_won" if wins else "goal_reached"):
            fail(game, f"unknown result {game.result!r}")
        if wins and (game.wins.count(wins) != 1 or max(game.wins) != wins):
            fail(game, f"the tournament ended with wins {game.wins}")
        if len(set(game.turns)) != 1:
            fail(game, f"the game ended in the middle of a round: turns {game.turns}")
        best = max(game.points)
        top = [name for name, pts in zip(game.players, game.points, strict=True) if pts == best]
        if best < game.options.goal or len(top) != 1 or game.winners != top:
            fail(game, f"winners {game.winners} with points {game.points}")
        rows = [row for row in game.rounds if row["tournament_game"] == game.game_no]
        if len(rows) != len(game.players) * game.turns[0]:
            fail(game, f"{len(rows)} metrics rows for {game.turns} turns")


# 2 decks x 12 option sets = 24 cases of 100 games, 2-4 players (by seed; 3-4 in tournaments),
# goal 32 unless set.
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"goal": 64},
    {"planning_bonus": True},
    {"hoard_cap_timing": "always"},
    {"agent_uses": "per_player", "agent_counter": True},
    {"vacation_cancels": "all", "hr_draws": "before_burnout"},
    {"first_player": -1},
    {"goal": 64, "planning_bonus": True, "hoard_cap_timing": "always"},
    {"agent_counter": True, "hr_draws": "before_burnout", "first_player": -1},
    {"planning_bonus": True, "hoard_cap_timing": "always", "agent_uses": "per_player",
     "agent_counter": True, "vacation_cancels": "all", "hr_draws": "before_burnout"},
    {"tournament_wins": 2},
    {"tournament_wins": 2, "help_below_zero": True, "outsourced_knowledge": "back_to_hand"},
]
CASES = [
    {"deck": deck, "goal": 32, **options}
    for deck in ("digital", "physical")
    for options in OPTION_SETS
]
GAMES_PER_CASE = 100
#: Options each game takes at random (by its seed) unless its case sets them.
RANDOM_OPTIONS = ("coffee_crunch_count", "outsourced_knowledge", "help_below_zero")
_FIELDS = {field.name: field for field in dataclasses.fields(ItStartupOptions)}


def values_of(option: str) -> tuple[Any, ...]:
    """The values an option of RANDOM_OPTIONS takes: its choices, or False and True.

    >>> values_of("help_below_zero")
    (False, True)
    """
    return _FIELDS[option].metadata.get("choices", (False, True))


def random_options(seed: int) -> dict[str, Any]:
    """A value for each of RANDOM_OPTIONS, chosen by ``seed``.

    >>> sorted(random_options(1)) == sorted(RANDOM_OPTIONS)
    True
    """
    rng = random.Random(seed)
    return {name: rng.choice(values_of(name)) for name in RANDOM_OPTIONS}


def players_for(case: dict[str, Any]) -> set[int]:
    """The numbers of players a case is played with (a tournament needs at least 3)."""
    return {3, 4} if case.get("tournament_wins") else {2, 3, 4}


def factory_for(case: dict[str, Any]) -> Any:
    """A game maker for ``fuzz_game``: the seed also picks the number of players, the first
    player and the RANDOM_OPTIONS the case does not set."""
    counts = sorted(players_for(case))

    def make(seed: int) -> ItStartupGame:
        players = counts[seed % len(counts)]
        names = ["Ada", "Bob", "Cy", "Dee"][:players]
        options = {**random_options(seed), **case}
        options.setdefault("first_player", (seed // 3) % players)
        return new_game(names, seed=seed, **options)

    return make


@pytest.mark.slow
@pytest.mark.parametrize("case", range(len(CASES)), ids=[f"case{i}" for i in range(len(CASES))])
def test_random_play_keeps_the_rules(case: int) -> None:
    """100 random games of one option set, every action checked."""
    make = factory_for(CASES[case])
    players_seen = set()
    chosen: dict[str, set[Any]] = {name: set() for name in RANDOM_OPTIONS}
    for i in range(GAMES_PER_CASE):
        game = fuzz_game(make, case * 10_000 + i, ItStartupInvariants(), protocol=False)
        assert game.is_over and game.winners
        players_seen.add(len(game.players))
        for name in RANDOM_OPTIONS:
            chosen[name].add(getattr(game.options, name))
    assert players_seen == players_for(CASES[case])
    for name, values in chosen.items():  # every value of each random option was played
        expected = {CASES[case][name]} if name in CASES[case] else set(values_of(name))
        assert values == expected, name


def past_the_mulligans(*keys: str) -> tuple[ItStartupGame, list[int]]:
    """A game of Ada and Bob (seed 3) past their mulligans, and a card of each of ``keys``
    taken out of the deck for the test to place."""
    game = new_game(["Ada", "Bob"], seed=3)
    game.mulligan("Ada", [])
    game.mulligan("Bob", [])
    cards = [next(c for c in game.deck if CARDS[c].key == key) for key in keys]
    for card in cards:
        game.deck.take(card)
    return game, cards


def test_the_invariants_catch_a_broken_state() -> None:
    """The checker is not vacuous: a lost card, negative resources, an employee past its limit
    and a second copy of an employee on another table are each reported."""
    ItStartupInvariants()(new_game(["Ada", "Bob"], seed=3))
    lost = new_game(["Ada", "Bob"], seed=3)
    lost.deck.draw()
    with pytest.raises(InvariantError, match="missing"):
        ItStartupInvariants()(lost)
    broke = new_game(["Ada", "Bob"], seed=3)
    broke.resources[1] = -1
    with pytest.raises(InvariantError, match="negative"):
        ItStartupInvariants()(broke)
    tired, [intern] = past_the_mulligans("intern")
    tired.hire(0, intern)
    tired.employees[intern].burnout = 3
    with pytest.raises(InvariantError, match="burnout"):
        ItStartupInvariants()(tired)
    tired.employees[intern].burnout = 0
    ItStartupInvariants()(tired)
    tired.staff[1].append(intern)
    with pytest.raises(InvariantError, match="extra"):
        ItStartupInvariants()(tired)


def test_the_invariants_catch_a_count_out_of_date() -> None:
    """The counts kept for each player are checked against the table: knowledge attached
    behind the engine's back (its count, then its power), or an employee counted twice, is
    reported."""
    game, [intern, tdd] = past_the_mulligans("intern", "tdd")
    game.hire(0, intern)
    game.teach(0, intern, tdd)
    ItStartupInvariants()(game)
    game.employees[intern].knowledge.remove(tdd)
    game.deck.put_bottom(tdd)
    with pytest.raises(InvariantError, match="knowledge"):
        ItStartupInvariants()(game)
    game.crews[0].knowledge -= 1
    with pytest.raises(InvariantError, match="power"):
        ItStartupInvariants()(game)
    game.crews[0].power -= CARDS[tdd].power
    ItStartupInvariants()(game)
    game.held[0]["intern"] += 1
    with pytest.raises(InvariantError, match="counted the employees"):
        ItStartupInvariants()(game)


def test_the_invariants_follow_a_borrowed_developer_there_and_home() -> None:
    """An employee held through Outsourcing is counted with its borrower's developers until it
    goes home at the borrower's next turn; a list of developers or an end of the game out of
    date is reported."""
    game, [intern] = past_the_mulligans("intern")
    game.hire(1, intern)
    game.take_employee(0, intern, "outsourcing", borrowed=True)
    ItStartupInvariants()(game)
    assert (game.crews[0].developer_cards, game.crews[0].borrowed) == ((intern,), 1)
    assert game.crews[1].developer_cards == ()
    game.end_turn("Ada")
    game.end_turn("Bob")
    ItStartupInvariants()(game)
    assert (game.crews[1].developer_cards, game.crews[1].borrowed) == ((intern,), 0)
    assert game.crews[0].developer_cards == () and game.staff[1] == [intern]
    game.crews[1].developer_cards = ()
    with pytest.raises(InvariantError, match="listed the developers"):
        ItStartupInvariants()(game)
    game.crews[1].developer_cards = (intern,)
    game.is_over = True
    with pytest.raises(InvariantError, match="says it is over"):
        ItStartupInvariants()(game)
