"""Playing with a physical deck: the cards really dealt, drawn and seen are entered.

The engine keeps a belief of the draw stack (``None`` where a card is not known, ``pool``
counting the titles at those places), offers the facilitator only the titles anybody could see
are possible, and follows every entry, even one that contradicts what it believed (see "An entry
that contradicts what the engine knows" in docs/rules/exploding.md).
"""

from typing import TYPE_CHECKING

from devgames.core.actions import Action, Event
from devgames.exploding.card_effects import peek
from devgames.exploding.cards import CARDS, EXPLODING, TITLES
from devgames.exploding.rules import MAX_ID
from devgames.exploding.setup import finish_setup
from devgames.exploding.turns import drawn

if TYPE_CHECKING:
    from devgames.exploding.game import ExplodingGame


def enterable(game: "ExplodingGame") -> list[int]:
    """Physical deck: the titles the facilitator may enter now, in card order.

    The list is on the projector, so it never depends on what the engine knows and the room
    does not (the hands, the cards already entered for this Peek, where a card was hidden):
    every title, less only what anybody can see. A title whose every copy lies face up (on
    the discard pile, out of the game, set aside for the deal) cannot be there; when every
    card of the stack is an Exploding Git Commit (the counts are public) nothing else can.
    An entry that contradicts what the engine believes is reconciled by :func:`reveal`.

    >>> from devgames import exploding
    >>> game = exploding.new_game(["Ada", "Bob"], seed=1, deck="physical")
    >>> enterable(game)[:3]    # every Exploding Git Commit and Mitigate is set aside
    [3, 4, 5]
    """
    if game.exploding_in_deck == len(game.deck):
        return [EXPLODING]
    face_up = _face_up(game)
    return [c for c in TITLES if face_up[c] < CARDS[c].count]


def _face_up(game: "ExplodingGame") -> list[int]:
    """How many copies of each title everybody can see: the discard pile, the cards out of
    the game and the cards set aside during a physical deal."""
    counts = [0] * MAX_ID
    for pile in (game.discard, game.removed, game.aside):
        for card in pile:
            counts[card] += 1
    return counts


def enter(game: "ExplodingGame", action: Action) -> None:
    """Physical deck: a card entered by the facilitator (dealt, drawn or seen)."""
    card = action.card or 0  # checked: an entry names its card
    assert game.chance is not None  # a card is entered only when one is awaited
    reason, p, detail = game.chance
    if reason == "setup":
        reveal(game, len(game.deck) - 1, card, p)
        game.deck.pop()
        game.to_deal.pop(0)
        game.hands[p].append(card)
        game.events.append(Event("deal", p, {"cards": [card]}, private=True))
        if game.to_deal:
            game.chance = ("setup", game.to_deal[0], 0)
        else:
            game.chance = None
            finish_setup(game)
    elif reason == "draw":
        game.chance = None
        reveal(game, 0, card, p)
        del game.deck[0]
        drawn(game, p, card)
    else:  # a card seen with a Peek
        reveal(game, detail, card, p)
        peek(game, p, detail + 1)


def reveal(game: "ExplodingGame", place: int, card: int, p: int) -> None:
    """Physical deck: ``card`` is really at ``place`` of the stack (dealt, drawn or seen by
    ``p``). The cards on the table are the truth; the engine follows the entry, keeps every
    count right and tells nobody (see "An entry that contradicts what the engine knows" in
    docs/rules/exploding.md).

    Where the engine believed another card was there (a hidden card not put back where the
    player said, or an earlier entry that was a slip), that card goes back among the unknown
    cards of the stack. When no copy of ``card`` is among them, one is found where the
    engine's belief is least sure: a place of the stack it thought it knew (below, then
    above), else a hand (:func:`_swap_from_hand`).
    """
    deck, pool = game.deck, game.pool
    believed = deck[place]
    if believed == card:
        return
    if believed is not None:
        pool[believed] += 1
        deck[place] = None
        _forget(game, place)
        game.events.append(Event("mismatch", None, {"place": place, "believed": believed,
                                                    "card": card}, private=True))
    if not pool[card]:
        places = [*range(place + 1, len(deck)), *range(place)]
        other = next((j for j in places if deck[j] == card), None)
        if other is None:
            _swap_from_hand(game, card, p)
        else:
            deck[other] = None
            _forget(game, other)
        pool[card] += 1
    pool[card] -= 1
    deck[place] = card


def _swap_from_hand(game: "ExplodingGame", card: int, p: int) -> None:
    """Physical deck: ``card`` was entered from the stack, but the engine believes every copy
    left is in a hand: one of those copies was in fact another card of the stack.

    The copy is taken from ``p``'s hand (they see the card entered anyway), else from the
    first hand in seat order after them that holds one, the copy received last. In its place
    goes the card of the stack the engine finds likeliest: the title with the most copies
    among its unknown cards (the first in card order on a tie), never an Exploding Git
    Commit (their count in the stack is public); when every unknown card is one, the known
    card nearest the top, whose place becomes unknown. An Exploding Git Commit is always in
    the stack, and a title whose every copy lies face up is never entered
    (:func:`enterable`), so a hand always holds the copy.
    """
    deck, pool, n = game.deck, game.pool, game.n
    likeliest = max((c for c in TITLES if c != EXPLODING), key=lambda c: pool[c])
    if pool[likeliest]:
        pool[likeliest] -= 1
        instead = likeliest
    else:
        j, instead = next((j, c) for j, c in enumerate(deck)
                          if c is not None and c != EXPLODING)
        deck[j] = None
        _forget(game, j)
    seat = next(q for q in ((p + i) % n for i in range(n)) if card in game.hands[q])
    hand = game.hands[seat]
    hand[len(hand) - 1 - hand[::-1].index(card)] = instead
    game.events.append(Event("mismatch", None, {"seat": seat, "believed": card,
                                                "card": instead}, private=True))


def _forget(game: "ExplodingGame", place: int) -> None:
    """Nobody knows what lies at ``place`` of the stack any more."""
    for known in game.known:
        if place < len(known):
            known[place] = None
