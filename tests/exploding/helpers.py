"""Builders for scripted Exploding Git Commits games played with a physical deck.

In physical-deck mode the engine never shuffles: every card is entered as it is really dealt or
drawn. These helpers deal the hands a test names, so that a rule test reads like a page of the
rulebook::

    game = scripted_game(["Ada", "Bob"], hands={"Ada": ["Skip", "Nope"], "Bob": ["Bail"]})
    game.play("Ada", "Skip")
    let_it_happen(game)
    game.draw("Bob")
    enter(game, "Shuffle")          # the card Bob really drew
"""

from collections.abc import Mapping, Sequence
from typing import Any

from devgames.core.actions import CHANCE
from devgames.exploding import CARDS, ExplodingGame, new_game
from devgames.exploding.cards import CODE_CARDS, EXPLODING, MITIGATE

DEALT = 4
#: Cards that fill hands a test does not care about: Code Cards, a different title for each card
#: of a hand, so that nobody holds a pair by accident.
CODE_NAMES = [CARDS[c].name for c in CODE_CARDS]


def _fill(game: ExplodingGame, seat: int, cards: Sequence[str], left: dict[str, int]) -> list[str]:
    """``cards`` padded with Code Cards of titles not in the hand yet (still to be dealt)."""
    hand = list(cards)
    for offset in range(len(CODE_NAMES)):
        if len(hand) >= DEALT:
            break
        name = CODE_NAMES[(seat + offset) % len(CODE_NAMES)]
        if name not in hand and left.get(name, 0) > 0:
            hand.append(name)
            left[name] -= 1
    assert len(hand) == DEALT, f"cannot fill {game.players[seat]}'s hand {hand}"
    return hand


def scripted_game(players: Sequence[str], hands: Mapping[str, Sequence[str]] | None = None,
                  **options: Any) -> ExplodingGame:
    """A physical-deck game with the given hands dealt (4 cards each, then the Mitigate).

    Hands a test leaves out, or gives fewer than 4 cards, are filled with Code Cards of different
    titles. The deal goes 4 cards to the first seat, then 4 to the next, and so on. The scripts
    ask the players in turn, only those holding a Nope (``nope_window="in_turn"``,
    ``nope_asks="holders"``), unless a test says otherwise, so that a card played happens at once
    when nobody can Nope it.
    """
    options = {"nope_window": "in_turn", "nope_asks": "holders", **options}
    game = new_game(list(players), deck="physical", **options)
    hands = dict(hands or {})
    left = {CARDS[c].name: game.pool[c] for c in CARDS if c not in (EXPLODING, MITIGATE)}
    for cards in hands.values():
        for name in cards:
            left[name] -= 1
    full = {p: _fill(game, p, hands.get(name, ()), left) for p, name in enumerate(game.players)}
    for p in range(len(game.players)):
        for card in full[p]:
            assert game.current_player == CHANCE, game.waiting_for
            assert game.players[p] in game.waiting_for
            game.deal(card)
    for p, cards in full.items():
        assert sorted(game.hand(p)) == sorted([*cards, "Mitigate"])
    return game


def enter(game: ExplodingGame, *cards: str) -> None:
    """The facilitator enters the cards really drawn, seen or taken, in order."""
    for card in cards:
        assert game.current_player == CHANCE, f"no card is expected for {card}: {game.waiting_for}"
        game.deal(card)


def say_taken(game: ExplodingGame, card: str) -> None:
    """Physical deck: the player a pair took a random card from says which card it was."""
    assert game.phase == "steal", f"no card taken is expected for {card}: {game.waiting_for}"
    game.give(game.current_player, card)  # type: ignore[arg-type]


def let_it_happen(game: ExplodingGame) -> None:
    """Nobody says Nope to the card just played: each player asked passes, or the table closes
    the open window."""
    while game.phase == "nope":
        if game.window_open:
            game.close_window()
        else:
            game.pass_nope(game.current_player)  # type: ignore[arg-type]


def whose_turn(game: ExplodingGame) -> tuple[str, int]:
    """The turn player's name and the turns they owe, as the projector shows them."""
    view = game.view(None)
    return view["turn_player"], view["turns_owed"]


def asked(game: ExplodingGame) -> list[str]:
    """The players still to be asked whether to Nope, in order."""
    return [game.players[q] for q in game.asked] if game.phase == "nope" else []


def known_top(game: ExplodingGame, player: str) -> list[tuple[int, str]]:
    """What ``player`` knows of the draw stack: (place from the top, card)."""
    return [(item["position"], item["card"]) for item in game.view(player)["known_top"]]


def discard_names(game: ExplodingGame) -> list[str]:
    """The discard pile, top first, as the projector shows it."""
    return game.view(None)["discard"]
