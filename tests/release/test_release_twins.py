"""Hidden information in Release!: twin games that differ only in the hands a seat cannot see
must look the same to that seat, move after move (``devgames.core.harness.play_twins``).

The twins are physical-deck games: the watching seat is dealt the same cards in both, the other
seats' cards are split differently. Every move another seat makes in secret (a card chosen to
pass, a card dealt to another seat, the card a Kent Beck swap takes between two other players)
may differ between the twins; cards committed or revealed are public and must be the same.
With ``reveal_asks="everyone"`` the question whether to reveal a card tells nothing; with
"holders" (quicker) the table learns who holds a card that can be revealed, as documented.
"""

import random
from collections.abc import Hashable

import pytest

from devgames.core.actions import CHANCE, Action
from devgames.core.game import Game
from devgames.core.harness import InvariantError, play_twins
from devgames.release import ReleaseGame, new_game
from devgames.release.cards import BASE

TWINS = 30


def public_key(game: Game, action: Action, seat: int) -> Hashable:
    """What ``seat`` sees of ``action``.

    A card entered that the engine believes is elsewhere (dealt already, in another pile of
    artifacts) makes it correct a hand or a pile, which that player sees (documented in
    docs/rules/release.md): such an entry carries the hands and piles in its key, so it is only
    played when both twins agree.
    """
    assert isinstance(game, ReleaseGame)
    kind, player = action.kind, action.player
    if kind == "pass" and seat not in (player, (player + game.passes[0]) % game.n):
        return ("pass", player)  # a card passed between two other players
    if kind == "deal" and game.chance is not None:
        reason, p, q = game.chance
        card = action.card
        if (reason == "hand" and card is not None and not game.pool[card]) or (
                reason == "taken" and card not in (*game.artifacts[q], game.kent_card)):
            return (action, str(game.hands), str(game.artifacts))
        if reason == "hand" and p != seat:
            return ("deal", p)
        if reason == "taken" and seat not in (p, q):
            return ("taken", p, q)
    return action


def twins(players: int, seat: int, seed: int, **options: object) -> tuple[ReleaseGame,
                                                                           ReleaseGame]:
    """Two physical-deck games whose first deal gives ``seat`` the same hand and the other seats
    the rest of the deck, split two ways (two cards moved between two other seats)."""
    names = [f"P{i}" for i in range(players)]
    first, second = (new_game(names, seed=seed, deck="physical", **options) for _ in range(2))
    rng = random.Random(seed)
    method = rng.choice(BASE.method_ids)
    cards = list(first.pool.elements())
    rng.shuffle(cards)
    size = first.hand_size
    mine, rest = cards[:size], cards[size:]
    others = [p for p in range(players) if p != seat]
    mixed = list(rest)  # two cards change hands between the first two other seats
    for _ in range(2):
        i, j = rng.randrange(size), size + rng.randrange(size)
        mixed[i], mixed[j] = mixed[j], mixed[i]
    for game, split in ((first, rest), (second, mixed)):
        game.deal(method)
        hands = {seat: mine}
        for i, p in enumerate(others):
            hands[p] = split[i * size:(i + 1) * size]
        for p in range(players):
            for card in hands[p]:
                assert game.current_player == CHANCE
                game.deal(card)
    assert first.hands[seat] == second.hands[seat]
    return first, second


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_seat_cannot_tell_twins_apart(players: int) -> None:
    steps = 0
    for i in range(TWINS):
        seat = i % players
        first, second = twins(players, seat, seed=i, reveal_asks="everyone", releases=2)
        steps += play_twins(first, second, seat, public_key, seed=i)
    assert steps > TWINS * players * 3  # the twins play on for several iterations


def test_asking_only_the_holders_tells_the_table_who_holds_a_card_to_reveal() -> None:
    """The documented cost of ``reveal_asks="holders"``: the question itself is public."""
    caught = 0
    for i in range(TWINS):
        first, second = twins(3, 0, seed=i, reveal_asks="holders", releases=1)
        try:
            play_twins(first, second, 0, public_key, seed=i)
        except InvariantError as error:
            assert "may reveal" in str(error) or "choices" in str(error) or "view" in str(error)
            caught += 1
    assert caught > 0
