"""Property-based checks for every engine: any action at all, in any reachable position, is either
one of the legal actions (and is applied) or refused with IllegalMove, changing nothing."""

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from devgames import game_module
from devgames.core import CHANCE, Action, IllegalMove

GAMES = {"scrumkin": {}, "itstartup": {"goal": 32}}

actions = st.builds(
    Action,
    kind=st.sampled_from(["play", "drop", "pass", "counter", "deal", "take_over", "mulligan",
                          "plan", "sell", "buy", "activate", "transfer", "end_turn", "keep",
                          "order", "pay", "decline", "choose", "skip", "roll", "flip", "first",
                          "help", "dance"]),
    player=st.integers(min_value=-2, max_value=4),
    card=st.none() | st.integers(min_value=-1, max_value=110),
    target=st.none() | st.integers(min_value=-1, max_value=70),
    count=st.none() | st.integers(min_value=-1, max_value=8),
    cards=st.none() | st.lists(st.integers(min_value=0, max_value=70), max_size=5).map(tuple),
)


@settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from(sorted(GAMES)),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=10_000),
    steps=st.integers(min_value=0, max_value=120),
    physical=st.booleans(),
    tries=st.lists(actions | st.integers(min_value=0, max_value=999), min_size=1, max_size=12),
)
def test_any_action_is_legal_and_applied_or_refused_without_change(
        name: str, players: int, seed: int, steps: int, physical: bool,
        tries: list[Action | int]) -> None:
    """A number among the tries picks a legal action (so legal ones are applied too)."""
    module = game_module(name)
    deck = "physical" if physical else "digital"
    game = module.new_game([f"P{i}" for i in range(players)], seed=seed, deck=deck,
                           **GAMES[name])
    rng = Random(seed)
    for _ in range(steps):  # walk to a random reachable position
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    for attempt in tries:
        legal = game.legal_actions()
        if isinstance(attempt, int):
            if not legal:
                continue
            attempt = legal[attempt % len(legal)]
        action = attempt
        before = game.snapshot()
        try:
            game.apply(action)
        except IllegalMove as error:
            assert action not in legal, f"{action} is legal but was refused: {error}"
            assert str(error) and error.code
            assert game.snapshot() == before
        else:
            assert action in legal, f"{action} is not legal but was applied"
            assert game.log[-1] == action
            assert game.current_player == CHANCE or game.current_player is None or \
                0 <= game.current_player < players
