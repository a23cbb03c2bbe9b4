"""Every key a game shows on a screen (its views, as every seat and the room see them) and every
option (its name and each of its choices) has its words in the catalogue, so that a heading never
shows in English on a Russian screen: the engines are played at random, at each number of seats,
and every key met is looked up."""

import dataclasses
from random import Random
from typing import Any

import pytest

from devgames import game_module, game_specs
from devgames.core.key_words import KEY_WORDS
from devgames.core.wording import label
from devgames.i18n import speaking

NAMES = ["Ada", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]
#: The kit's own games (another package's game brings its own words).
OURS = [spec for spec in game_specs() if spec.module.split(".")[0] == "devgames"]


def keys_of(value: Any, names: set[str], found: set[str]) -> None:
    """Add every key of ``value``'s dicts (at any depth) but the players' names (some views
    are keyed by name, as typed) to ``found``."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if isinstance(key, str) and key not in names and "&" not in key:  # "Ada & Cy": a pair
                found.add(key)
            keys_of(inner, names, found)
    elif isinstance(value, list | tuple):
        for inner in value:
            keys_of(inner, names, found)


@pytest.mark.parametrize("spec", OURS, ids=[spec.name for spec in OURS])
def test_every_key_a_game_shows_has_its_words(spec: Any) -> None:
    module = game_module(spec.name)
    found: set[str] = set()
    for players in range(spec.min_players, min(spec.max_players, spec.min_players + 3) + 1):
        for seed in range(2):
            names = NAMES[:players]
            game = module.new_game(names, seed=seed)
            for option in dataclasses.fields(game.options):
                found.add(option.name)
                found.update(c for c in option.metadata.get("choices", ()) if isinstance(c, str))
            rng = Random(seed)
            for step in range(3000):
                if step % 5 == 0 or game.is_over:
                    for seat in (None, *range(len(game.players))):
                        keys_of(game.view(seat), set(names), found)
                if game.is_over:
                    break
                game.apply(rng.choice(game.legal_actions()))
    missing = sorted(found - set(KEY_WORDS))
    assert not missing, f"keys without words in devgames/core/key_words.py: {missing}"


def test_a_key_shows_in_the_language_in_use() -> None:
    assert label("backlog") == "backlog"
    with speaking("ru"):
        assert label("backlog") == "бэклог"
        assert label("Ada") == "Ada"  # a name (some views are keyed by name) stays as typed
