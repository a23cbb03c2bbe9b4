"""The contract every registered game keeps, checked over ``devgames.game_specs()`` (the tests'
plugin game included), from its spec, its options dataclass and the game protocol alone.

- Random play (:func:`devgames.core.harness.fuzz_game`, seeded): 48 games or more a game, every
  player count, both decks where the game has a physical one, and option variants read from its
  options dataclass. After every action the legal actions are all ``can_apply`` and all the
  current player's (none once the game is over), the cards are all there (where the game counts
  them: :meth:`devgames.core.game.Game.card_counts`), every action replays through JSON; the
  game ends within a bound; the saved session replays exactly and undo matches the shorter log.
- Forged moves of every kind the game knows, unknown cards, players who are not at the table and
  players out of turn are refused with a typed :class:`IllegalMove` and a sentence, the state
  unchanged; so is any move at all once the game is over.
- Twins: a seat cannot tell apart two games whose other hands hold the same cards differently.
- Replay through JSON and ``undo``; a seed alone decides a digital deal, whatever the global
  ``random`` does, and a physical deck does not use it.
- A property test (hypothesis): any action at all, in any reachable position, is applied if it
  is allowed and refused without change if not.

Per-game tests keep what is specific to a game: its rules' invariants, its scenarios, its
refusal sentences and twins built on what its players see.
"""

import copy
import dataclasses
import itertools
import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from devgames import game_module, game_specs
from devgames.core.actions import CHANCE, Action
from devgames.core.errors import IllegalMove, SetupError
from devgames.core.game import Game
from devgames.core.harness import (
    check_illegal_is_harmless,
    fuzz_game,
    invariant_failed,
    play_seeded,
    same_game,
)
from devgames.core.session import Session

SPECS = {spec.name: spec for spec in game_specs()}
#: Random games of each game through the full harness, at least (spread over its variants).
GAMES_PER_GAME = 48
#: Most actions of one random game (the longest games here take a few thousand).
MAX_ACTIONS = 20_000


# ----- what the contract reads of a game --------------------------------------------------------
def _other_value(field: dataclasses.Field[Any]) -> Any:
    """A value of an option other than its default: the next of its ``choices``, or the other
    boolean; ``dataclasses.MISSING`` for an option that has neither."""
    choices = field.metadata.get("choices")
    if choices and field.default in choices and len(choices) > 1:
        return choices[(choices.index(field.default) + 1) % len(choices)]
    if isinstance(field.default, bool):
        return not field.default
    return dataclasses.MISSING


@cache
def variants(name: str) -> dict[str, dict[str, Any]]:
    """Option sets to play ``name`` with: the benchmark's options (which keep games short), then
    every other option with a choice set to another value, in two halves; each with a physical
    deck too when the game has one.

    >>> sorted(variants("standup"))
    ['default']
    >>> variants("scrumkin")["physical"]
    {'deck': 'physical'}
    """
    spec = SPECS[name]
    base = dict(spec.bench or {})
    toggles = [(field.name, value) for field in dataclasses.fields(spec.options)
               if field.name != "deck" and field.name not in base
               and (value := _other_value(field)) is not dataclasses.MISSING]
    sets = {"default": base, "odd": base | dict(toggles[0::2]),
            "even": base | dict(toggles[1::2])}
    decks = next((field.metadata.get("choices", ()) for field in dataclasses.fields(spec.options)
                  if field.name == "deck"), ())
    if "physical" in decks:
        sets |= {("physical" if key == "default" else f"physical-{key}"):
                 options | {"deck": "physical"} for key, options in list(sets.items())}
    unique: dict[str, dict[str, Any]] = {}
    for key, options in sets.items():
        if options not in unique.values():
            unique[key] = options
    return unique


def new(name: str, players: int, seed: int, options: dict[str, Any]) -> Game:
    """A game of ``name`` for ``players`` seats (or the next count its options allow)."""
    spec = SPECS[name]
    counts = range(spec.min_players, spec.max_players + 1)
    start = counts.index(min(max(players, spec.min_players), spec.max_players))
    for count in [*counts[start:], *counts[:start]]:
        try:
            game: Game = game_module(name).new_game([f"P{i + 1}" for i in range(count)],
                                                    seed=seed, **options)
        except SetupError:
            continue
        return game
    raise AssertionError(f"{name}: no player count accepts the options {options}")


def maker(name: str, options: dict[str, Any]) -> Callable[[int], Game]:
    """A game maker for ``fuzz_game``: the seed picks the player count, every count in turn."""
    spec = SPECS[name]
    counts = spec.max_players - spec.min_players + 1
    return lambda seed: new(name, spec.min_players + seed % counts, seed, options)


def allowed(game: Game) -> list[Action]:
    """The moves the game takes now: the legal actions and the moves any seat may claim."""
    return [*game.legal_actions(),
            *(claim for seat in range(len(game.players)) for claim in game.claims(seat))]


def walk(game: Game, rng: Random, steps: int) -> Game:
    """``game`` after up to ``steps`` random legal actions."""
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


class LegalState:
    """The invariants every game owes after every action (``fuzz_game`` checks the rest: the
    legal actions are the current player's, there are some until the game is over, none after).
    Make a fresh one for each game."""

    def __init__(self) -> None:
        self.cards: Counter[int] | None = None

    def __call__(self, game: Game) -> None:
        for action in game.legal_actions():
            if not game.can_apply(action):
                invariant_failed(game, f"the legal {action} is refused by can_apply")
        if game.is_over and game.current_player is not None:
            invariant_failed(game, "the game is over but someone is still to act")
        cards = game.card_counts()
        if cards is None:
            return
        if self.cards is None:
            self.cards = cards
        elif cards != self.cards:
            invariant_failed(game, f"cards: extra {dict(cards - self.cards)}, "
                                   f"missing {dict(self.cards - cards)}")


# ----- random play ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", SPECS)
def test_random_play_keeps_a_legal_state_replays_and_ends(name: str) -> None:
    """48 games or more through the full harness, spread over the variants and player counts."""
    sets = variants(name)
    per_variant = -(-GAMES_PER_GAME // len(sets))
    counts: set[int] = set()
    for index, options in enumerate(sets.values()):
        for i in range(per_variant):
            game = fuzz_game(maker(name, options), index * 1000 + i, LegalState(),
                             max_actions=MAX_ACTIONS, illegal_every=5)
            assert game.is_over
            counts.add(len(game.players))
    spec = SPECS[name]
    assert counts == set(range(spec.min_players, spec.max_players + 1))


@pytest.mark.parametrize("name", SPECS)
def test_the_card_count_catches_a_lost_card(name: str) -> None:
    """Every game counts its cards, and the conservation check is not vacuous: a card gone from
    a hand in a game under way is reported."""
    rng = Random(5)
    game = maker(name, variants(name)["default"])(5)
    check = LegalState()
    check(game)
    hands: list[Any] = getattr(game, "hands", [])
    while not any(hands) or len(game.log) < 10:
        assert not game.is_over, f"{name}: no card in hand along a whole game"
        walk(game, rng, 1)
        check(game)
        hands = getattr(game, "hands", [])
    next(hand for hand in hands if hand).pop()
    with pytest.raises(AssertionError, match="missing"):
        check(game)


# ----- illegal moves ----------------------------------------------------------------------------
def forgeries(game: Game) -> list[Action]:
    """Moves the game must refuse now: a legal move made of every kind the game knows (and one
    it does not), with cards it does not have, by players not at the table and by every seat
    out of turn."""
    legal = game.legal_actions()
    base = legal[0] if legal else Action("no-such-move", 0)
    seats = range(len(game.players))
    unknown_cards = [-1, max(game.card_ids) + 1, 10**6]
    forged = [base._replace(kind=kind) for kind in [*sorted(game.action_kinds), "no-such-move"]]
    forged += [base._replace(card=card) for card in unknown_cards]
    forged += [base._replace(cards=(card,)) for card in unknown_cards]
    forged += [base._replace(player=player) for player in (len(game.players), -2, 99)]
    forged += [action._replace(player=seat) for action in legal[:3] for seat in seats
               if seat != action.player]
    if game.current_player != CHANCE:
        forged.append(base._replace(player=CHANCE))
    taken = allowed(game)
    return [action for action in dict.fromkeys(forged) if action not in taken]


#: Refusals known to name a card the game does not have by its raw id, in lower case
#: ("card -1 is not in the sprint deck now; ..."): (game, code). To be worded by the engine.
RAW_CARD_REFUSALS = {("scrumkin", "card_not_in_deck")}


def assert_sentence(error: IllegalMove, game: str = "") -> None:
    """A refusal has a code and a sentence: a capital first letter and a final full stop."""
    message = str(error)
    assert error.code and message.rstrip().endswith("."), message
    assert message[:1].isupper() or (game, error.code) in RAW_CARD_REFUSALS, message


def refused_without_change(game: Game, action: Action) -> None:
    """``action`` raises a typed IllegalMove with a sentence for the room, changing nothing."""
    check_illegal_is_harmless(game, action)
    try:
        game.apply(action)
    except IllegalMove as error:
        assert_sentence(error, game.name)


@pytest.mark.parametrize("name", SPECS)
def test_forged_moves_are_refused_with_a_sentence_and_change_nothing(name: str) -> None:
    forged = 0
    for index, options in enumerate(variants(name).values()):
        for seed in range(3):
            rng = Random(seed)
            game = maker(name, options)(index * 100 + seed)
            while True:
                for action in forgeries(game):
                    refused_without_change(game, action)
                    forged += 1
                if game.is_over:
                    break
                walk(game, rng, rng.randrange(1, 40))
            last = game.log[-1]
            refused_without_change(game, last)
    assert forged > 100


# ----- hidden information -----------------------------------------------------------------------
def twin_of(game: Game, watcher: int) -> Game | None:
    """A copy of ``game`` with the first cards of two other seats' hands swapped (with one other
    hand, that hand in reverse order); None if no other hand can differ."""
    twin = copy.deepcopy(game)
    hands: list[Any] = [hand for seat, hand in enumerate(getattr(twin, "hands", []))
                        if seat != watcher and hand]
    for first, second in itertools.pairwise(hands):
        if first[0] != second[0]:
            first[0], second[0] = second[0], first[0]
            return twin
    if hands and list(hands[0]) != list(reversed(hands[0])):
        hands[0].reverse()
        return twin
    return None


def seen(game: Game, seat: int) -> tuple[Any, ...]:
    """What ``seat`` is shown of the table: its view and its secrets."""
    return game.view(seat), game.secrets(seat)


@pytest.mark.parametrize("name", SPECS)
def test_a_seat_cannot_tell_apart_games_that_differ_in_other_hands(name: str) -> None:
    """Along random digital games, every seat in turn: the game and its twin look the same to
    it. (Twins played on, and prompts that ask only the holders of a card, are the per-game
    twin tests': which moves a seat sees depends on the game.)"""
    twins = 0
    for seed in range(4):
        rng = Random(seed)
        game = maker(name, variants(name)["default"])(seed)
        for _position in range(4):
            for watcher in range(len(game.players)):
                twin = twin_of(game, watcher)
                if twin is not None:
                    twins += 1
                    assert seen(twin, watcher) == seen(game, watcher), (
                        f"seat {watcher} sees another hand (seed {seed}, {len(game.log)} moves)")
            walk(game, rng, 10)
    assert twins >= 8


# ----- sessions, undo and seeds -----------------------------------------------------------------
@pytest.mark.parametrize("name", SPECS)
def test_a_game_saved_as_json_replays_and_undo_equals_the_shorter_log(name: str) -> None:
    for index, options in enumerate(variants(name).values()):
        rng = Random(index)
        game = walk(maker(name, options)(index), rng, 60)
        text = game.session().to_json()
        assert Session.from_json(text).replay().snapshot() == game.snapshot()
        steps = rng.randrange(1, min(len(game.log), 10) + 1)
        shorter = Session.from_json(text).replay(len(game.log) - steps)
        game.undo(steps)
        assert game.snapshot() == shorter.snapshot() and game.log == shorter.log
        with pytest.raises(IllegalMove) as refused:
            game.undo(len(game.log) + 1)
        assert_sentence(refused.value)


@pytest.mark.parametrize(("name", "variant"),
                         [(name, variant) for name in SPECS for variant in variants(name)])
def test_same_seed_same_game_whatever_the_global_random_module_does(name: str,
                                                                    variant: str) -> None:
    """Same seed and options: identical logs, events, snapshots and rows."""
    options = variants(name)[variant]
    spec = SPECS[name]
    players = min(spec.max_players, max(spec.min_players, 3))

    def make() -> Game:
        return new(name, players, 2024, options)

    assert same_game(play_seeded(make, 2024, disturb=False), play_seeded(make, 2024, disturb=True))


def unseeded(game: Game) -> dict[str, Any]:
    """The game's snapshot but for the seed itself."""
    return {**game.snapshot(), "seed": None}


@pytest.mark.parametrize("name", SPECS)
def test_the_seed_alone_decides_a_digital_deal_and_a_physical_deck_ignores_it(name: str) -> None:
    options = variants(name)["default"]
    random.seed(1)
    first = new(name, 2, 77, options)
    random.seed(2)
    random.random()
    assert new(name, 2, 77, options).snapshot() == first.snapshot()
    assert unseeded(new(name, 2, 78, options)) != unseeded(first)
    if "physical" in variants(name):
        physical = variants(name)["physical"]
        one, two = new(name, 2, 1, physical), new(name, 2, 2, physical)
        assert one.current_player == two.current_player == CHANCE
        assert unseeded(one) == unseeded(two)


# ----- any action at all ------------------------------------------------------------------------
@cache
def kinds() -> list[str]:
    """Every action kind of every game, and one no game knows."""
    return sorted({kind for spec in SPECS.values()
                   for kind in game_module(spec.name).new_game(
                       list(spec.default_names), seed=1).action_kinds} | {"dance"})


actions = st.builds(
    Action,
    kind=st.deferred(lambda: st.sampled_from(kinds())),
    player=st.integers(min_value=-2, max_value=10),
    card=st.none() | st.integers(min_value=-1, max_value=110),
    target=st.none() | st.integers(min_value=-1, max_value=70),
    count=st.none() | st.integers(min_value=-1, max_value=8),
    cards=st.none() | st.lists(st.integers(min_value=0, max_value=70), max_size=5).map(tuple),
)


@pytest.mark.parametrize("name", SPECS)
@settings(max_examples=75, deadline=None)
@given(
    variant=st.integers(min_value=0, max_value=7),
    players=st.integers(min_value=1, max_value=10),
    seed=st.integers(min_value=0, max_value=10_000),
    steps=st.integers(min_value=0, max_value=120),
    tries=st.lists(actions | st.integers(min_value=0, max_value=999), min_size=1, max_size=12),
)
def test_any_action_is_applied_if_allowed_or_refused_without_change(
        name: str, variant: int, players: int, seed: int, steps: int,
        tries: list[Action | int]) -> None:
    """A number among the tries picks a legal action (so legal ones are applied too)."""
    sets = list(variants(name).values())
    game = walk(new(name, players, seed, sets[variant % len(sets)]), Random(seed), steps)
    for attempt in tries:
        legal = game.legal_actions()
        if isinstance(attempt, int):
            if not legal:
                continue
            attempt = legal[attempt % len(legal)]
        action = attempt
        taken = allowed(game)
        before = game.snapshot()
        try:
            game.apply(action)
        except IllegalMove as error:
            assert action not in taken, f"{action} is allowed but was refused: {error}"
            assert_sentence(error, name)
            assert game.snapshot() == before
        else:
            assert action in taken, f"{action} is not allowed but was applied"
            assert game.log[-1] == action
            assert game.current_player in (CHANCE, None) or \
                0 <= game.current_player < len(game.players)
