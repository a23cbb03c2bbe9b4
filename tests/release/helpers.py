"""Builders for scripted Release! games played with a physical deck.

In physical-deck mode the engine never shuffles: the Tools & Methods card revealed and every
card dealt are entered. These helpers deal the hands a test names, so that a rule test reads like
a page of the rulebook::

    game = scripted(["Ada", "Bob", "Cy"], "Senior Level Development",
                    {"Ada": ["Kent Beck", "2 of Doors"], "Bob": ["9 of Doors"]})
    iteration(game, "2 of Doors", "9 of Doors", "3 of Birds")
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from devgames.core.actions import CHANCE
from devgames.release import ReleaseGame, new_game


def scripted(players: Sequence[str], method: str,
             hands: Mapping[str, Sequence[str]] | None = None, leader: str | None = None,
             **options: Any) -> ReleaseGame:
    """A physical-deck game, first release under ``method``, with the named cards in the named
    hands; the rest of each hand is filled with the lowest cards left, in card order. The first
    leader (the coin flipped for the tied scores) is ``leader`` (the first player if not named):
    the table enters it (with ``first_lead="app"``, the helper takes the first seed that makes
    it so; with pair programming, the team's choice names the leader)."""
    wanted = leader or players[0]
    for seed in range(100):
        game = new_game(list(players), seed=seed, deck="physical", **options)
        deal_release(game, method, hands or {})
        if game.coin:
            game.coin_toss(wanted)
        if game.phase == "lead" and wanted in [game.players[q] for q in
                                               game.teams[game.team_of[game.chooser]]]:
            game.lead(game.chooser, wanted)
        if game.phase == "commit" and game.players[game.turn] == wanted:
            return game
    raise AssertionError(f"no seed makes {wanted} lead")


def deal_release(game: ReleaseGame, method: str, hands: Mapping[str, Sequence[str]]) -> None:
    """Enter the Tools & Methods card and the hands of a release (physical deck)."""
    assert game.current_player == CHANCE and game.chance and game.chance[0] == "method"
    game.deal(method)
    left = Counter(game.pool)
    wanted = {game.seat(name): [game.card_id(card) for card in cards]
              for name, cards in hands.items()}
    for cards in wanted.values():
        for card in cards:
            assert left[card] > 0, f"{card} is not in the deck twice"
            left[card] -= 1
    size = game.hand_size
    for p in range(len(game.players)):
        hand = list(wanted.get(p, []))
        for card in sorted(left):
            while len(hand) < size and left[card] > 0:
                hand.append(card)
                left[card] -= 1
        assert len(hand) == size, f"cannot fill seat {p}'s hand"
        for card in hand:
            assert game.current_player == CHANCE, game.waiting_for
            game.deal(card)


def iteration(game: ReleaseGame, *cards: str) -> None:
    """The players commit these cards, in turn from the leader."""
    for card in cards:
        p = game.current_player
        assert p is not None and p >= 0 and game.phase == "commit", game.waiting_for
        game.commit(p, card)


def decline_all(game: ReleaseGame) -> None:
    """Everybody asked whether to reveal a card (or swap artifacts) says no."""
    while game.phase in ("reveal", "swap"):
        p = game.current_player
        assert p is not None
        game.decline(p)


def labels(game: ReleaseGame, cards: list[int]) -> list[str]:
    """Card labels, sorted."""
    return sorted(game.cards[c].label for c in cards)
