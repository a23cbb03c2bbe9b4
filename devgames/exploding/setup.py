"""Setting up a game of Exploding Git Commits: the deal and the draw stack.

Each player is dealt four cards from the deck without its Exploding Git Commits and Mitigates,
then given a Mitigate; the spare Mitigates (two with two players) and one Exploding Git Commit
fewer than the players are shuffled into the stack, the rest put out of the game. With a
physical deck the cards dealt are entered one by one, and the stack's order stays unknown.
"""

from typing import TYPE_CHECKING

from devgames.core.actions import Event
from devgames.core.piles import shuffle
from devgames.exploding.cards import CARDS, COMPOSITION, EXPLODING, MITIGATE
from devgames.exploding.rules import DEAL, DEALT
from devgames.exploding.turns import start_turn

if TYPE_CHECKING:
    from devgames.exploding.game import ExplodingGame


def deal(game: "ExplodingGame") -> None:
    """Deal the hands (physical deck: wait for the cards dealt to be entered).

    >>> from devgames import exploding
    >>> game = exploding.new_game(["Ada", "Bob"], seed=1)
    >>> [len(hand) for hand in game.hands], len(game.deck), game.phase
    ([5, 5], 41, 'play')
    """
    n = game.n
    dealt = [c for c in COMPOSITION if c not in (EXPLODING, MITIGATE)]
    if game.physical:
        game.aside = [c for c in COMPOSITION if c in (EXPLODING, MITIGATE)]
        for card in dealt:
            game.pool[card] += 1
        game.deck = [None] * len(dealt)
        game.to_deal = [p for p in range(n) for _ in range(DEALT)]
        game.phase = DEAL
        game.chance = ("setup", 0, 0)
        return
    shuffle(dealt, game.rng)
    game.chance_steps += DEALT * n
    for p in range(n):
        cards = dealt[p * DEALT:(p + 1) * DEALT]
        game.hands[p] = cards
        game.events.append(Event("deal", p, {"cards": list(cards)}, private=True))
    game.deck = list(dealt[n * DEALT:])
    finish_setup(game)


def finish_setup(game: "ExplodingGame") -> None:
    """Give each player a Mitigate, add the spare Mitigates and the Exploding Git Commits to
    the stack, shuffle it, and start the first turn."""
    n = game.n
    game.aside = []
    for hand in game.hands:
        hand.append(MITIGATE)
    spare = CARDS[MITIGATE].count - n
    back = 2 if n == 2 else spare  # with two players only 2 spare Mitigates go back
    exploding = n - 1
    game.removed = [EXPLODING] * (CARDS[EXPLODING].count - exploding) + [MITIGATE] * (
        spare - back)
    game.exploding_in_deck = exploding
    added = [MITIGATE] * back + [EXPLODING] * exploding
    if game.physical:
        for card in added:
            game.pool[card] += 1
        game.deck = [None] * sum(game.pool)
    else:
        deck = game.deck + added
        shuffle(deck, game.rng)
        game.deck = deck
    game.events.append(Event("setup", None, {
        "mitigates_back": back, "exploding": exploding, "removed": list(game.removed),
        "deck_size": len(game.deck)}))
    start_turn(game)
