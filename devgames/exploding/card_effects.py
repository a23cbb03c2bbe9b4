"""What a card or combo does once the Nope window closed on it and nobody stopped it.

A Skip ends one turn, a Bail all of them (the next player takes two), a Shuffle shuffles the
draw stack, a Peek shows its top three cards, an Ask for Help makes the player asked choose a card
to give; a pair takes a random card from its target, three of a kind the card named (if held),
five different cards one from the discard pile. Tables by card and by combo size.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING

from devgames.core.actions import Action, Event
from devgames.core.piles import shuffle
from devgames.exploding.cards import BAIL, HELP, PEEK, SHUFFLE, SKIP
from devgames.exploding.rules import DEAL, GIVE, PEEK_DEPTH, PICK, PLAY, STEAL
from devgames.exploding.turns import bail, end_turn

if TYPE_CHECKING:
    from devgames.exploding.game import ExplodingGame

Effect = Callable[["ExplodingGame", Action], None]


def go_ahead(game: "ExplodingGame", action: Action) -> None:
    """The card or combo ``action`` happens.

    >>> from devgames import exploding
    >>> game = exploding.new_game(["Ada", "Bob"], seed=12)
    >>> go_ahead(game, Action("play", 0, card=5)); game.view(None)["turn_player"]   # a Skip
    'Bob'
    """
    if action.kind == "play":
        PLAYED[action.card or 0](game, action)  # checked: a play names a card
    else:
        COMBOS[len(action.cards or ())](game, action)  # checked: a combo names its cards


def skip(game: "ExplodingGame", action: Action) -> None:
    """A Skip ends one turn without drawing."""
    end_turn(game, "skip")


def bail_out(game: "ExplodingGame", action: Action) -> None:
    """A Bail ends all the player's turns (:func:`devgames.exploding.turns.bail`)."""
    bail(game, action.player)


def shuffle_stack(game: "ExplodingGame", action: Action) -> None:
    """A Shuffle: nobody knows anything of the draw stack's order any more."""
    deck = game.deck
    if game.physical:  # the real stack is shuffled: nothing of its order is known any more
        pool = game.pool
        for card in deck:
            if card is not None:
                pool[card] += 1
        game.deck = [None] * len(deck)
    else:
        shuffle(deck, game.rng)
        game.chance_steps += 1
    game.known = [[] for _ in range(game.n)]
    game.events.append(Event("shuffle", action.player, {}))


def peek_into_the_future(game: "ExplodingGame", action: Action) -> None:
    """A Peek into the Future (:func:`peek`)."""
    peek(game, action.player)


def peek(game: "ExplodingGame", p: int, place: int = 0) -> None:
    """The top 3 cards (fewer at the end of the stack), seen by ``p`` only. Physical deck:
    each of them is entered, from ``place`` on, known to the engine or not."""
    deck = game.deck
    depth = min(PEEK_DEPTH, len(deck))
    if game.physical:
        if place < depth:
            game.chance = ("peek", p, place)
            game.phase = DEAL
            return
        game.phase = PLAY
        game.chance = None
    seen = deck[:depth]
    game.known[p] = seen + game.known[p][depth:]
    game.events.append(Event("peek", p, {"cards": list(seen)}, private=True))


def ask_for_help(game: "ExplodingGame", action: Action) -> None:
    """An Ask for Help: the player asked chooses a card to give."""
    target = action.target or 0  # checked: an Ask for Help has a target
    if not game.hands[target]:  # an empty hand, or its last card was a Nope meanwhile
        game.events.append(Event("nothing", action.player, {"from": target}))
    else:  # a choice even from a hand of one title, so nobody learns it is one
        game.giver = target
        game.phase = GIVE


def steal(game: "ExplodingGame", action: Action) -> None:
    """A pair: a random card from the target's hand."""
    p, target = action.player, action.target or 0  # checked: a pair has a target
    hand = game.hands[target]
    if not hand:
        game.events.append(Event("nothing", p, {"from": target}))
        return
    if game.physical:  # the player robbed says which card was taken, behind the curtain
        game.giver = target
        game.phase = STEAL
        return
    card = hand[game.rng.randrange(len(hand))]
    game.chance_steps += 1
    given(game, target, p, card, "steal")


def ask_named(game: "ExplodingGame", action: Action) -> None:
    """Three of a kind: the named card if the target holds one, else nothing."""
    p, target, named = action.player, action.target or 0, action.card or 0  # checked
    if named in game.hands[target]:
        given(game, target, p, named, "named")
    else:
        game.events.append(Event("not_held", p, {"from": target, "card": named}))


def take_from_discard(game: "ExplodingGame", action: Action) -> None:
    """Five different cards: the player then picks a card from the discard pile."""
    game.phase = PICK


def given(game: "ExplodingGame", giver: int, taker: int, card: int, how: str) -> None:
    """``card`` goes from ``giver``'s hand to ``taker``'s (``how``: give, steal or named)."""
    game.hands[giver].remove(card)
    game.hands[taker].append(card)
    # A card named aloud changes hands in the open; others only the two players see.
    game.events.append(Event(how, taker, {"from": giver, "card": card},
                             private=how != "named"))


#: What each card played alone does.
PLAYED: dict[int, Effect] = {
    SKIP: skip, BAIL: bail_out, SHUFFLE: shuffle_stack, PEEK: peek_into_the_future,
    HELP: ask_for_help,
}
#: What each combo does, by its number of cards.
COMBOS: dict[int, Effect] = {2: steal, 3: ask_named, 5: take_from_discard}
