"""Chance in IT Startup: the card drawn, the d6, the Undercover HR Agent's coin, who starts.

With a digital deck the engine draws them itself (:data:`RESOLVE`); with a physical deck the
facilitator enters what the table drew, as a move of the deck (``deal``, ``roll``, ``flip``,
``first``): the possible entries, their checks and their effects are here, with the card entry's
bookkeeping (:func:`recount`): the room knows only the cards face up, so any other card of the
box may be entered as drawn, and the engine corrects what it believed held in secret.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from devgames.core.actions import CHANCE, Action, Event, quick_event
from devgames.core.errors import IllegalMove
from devgames.i18n import _
from devgames.itstartup import abilities, setup
from devgames.itstartup.cards import CARDS
from devgames.itstartup.printed import COPIES, KEY, KIND
from devgames.itstartup.steps import Draw, Flip, Headhunt, Keep, Order

if TYPE_CHECKING:
    from devgames.itstartup.game import ItStartupGame
    from devgames.itstartup.operations import ItStartupTable

#: Physical deck: what the facilitator may enter as the card drawn, by card id. Every card of the
#: box in the table's order, but those face up on the table (see :func:`face_up`): the list never
#: depends on where the engine believes the others are (in the deck, a hand, planned face down,
#: looked at), which the room does not see. See :func:`recount` for a card the engine believed
#: held.
DEALS = [Action("deal", CHANCE, card=c) for c in CARDS]


def drawn(game: "ItStartupTable", step: Draw, card: int) -> None:
    """``card`` is drawn for the step's player: into the hand (with the free play or discount
    its purpose gives) or, for a look, among the cards looked at."""
    p, purpose = step.player, step.why
    if purpose == "look":
        game.looking.append(card)
        if game.record:
            game.events.append(quick_event(("look", p, {"card": card}, True)))
        return
    game.hands[p].append(card)
    if game.record:
        game.events.append(quick_event(("draw", p, {"card": card, "why": purpose}, True)))
    if purpose == "hand":  # the most common draw: nothing more to it
        return
    kind = KIND[card]
    if purpose == "cto" and kind == "developer":
        game.free_developers.add(card)
    elif purpose == "database" and kind == "action":
        game.free_actions.add(card)
    elif purpose == "bi" and kind == "knowledge":
        game.knowledge_discount.add(card)


def draw_now(game: "ItStartupTable", step: Draw) -> None:
    """A digital deck: the engine draws the step's card itself (nothing when the deck is
    empty).

    >>> from devgames import itstartup
    >>> from devgames.itstartup.steps import Draw
    >>> game = itstartup.new_game(["Ada", "Bob"], seed=1)
    >>> top, held = game.deck[0], len(game.hands[1])
    >>> draw_now(game, Draw("draw", 1, "hand"))
    >>> game.hands[1][-1] == top, len(game.hands[1]) - held
    (True, 1)
    """
    if len(game.deck):
        game.chance_steps += 1
        drawn(game, step, game.deck.draw())


Resolve = Callable[["ItStartupTable", Any], None]


def _counted(resolve: Resolve) -> Resolve:
    """``resolve``, counting the outcome it draws in ``game.chance_steps``."""

    def counted(game: "ItStartupTable", step: Any) -> None:
        game.chance_steps += 1
        resolve(game, step)

    return counted


#: How the engine resolves each chance step itself (digital deck), by step kind; each counts
#: the outcome drawn in ``game.chance_steps``.
RESOLVE: dict[str, Resolve] = {
    "draw": draw_now,
    "roll": _counted(lambda game, step: setup.rolled(game, game.rng.randint(1, 6))),
    "flip": _counted(
        lambda game, step: abilities.agent_flipped(game, step, game.rng.randrange(2))),
    "first": _counted(lambda game, step: setup.set_first(game, game.rng.randrange(game.n))),
}


# ----- what may be entered ------------------------------------------------------------------------
def legal_deals(game: "ItStartupGame", step: Draw) -> list[Action]:
    """Every card not face up on the table."""
    up = face_up(game)
    return [deal for deal in DEALS if deal.card not in up]


def legal_rolls(game: "ItStartupGame", step: Any) -> list[Action]:
    return [Action("roll", CHANCE, count=v) for v in range(1, 7)]


def legal_flips(game: "ItStartupGame", step: Flip) -> list[Action]:
    return [Action("flip", CHANCE, count=v) for v in (0, 1)]


def legal_firsts(game: "ItStartupGame", step: Any) -> list[Action]:
    return [Action("first", CHANCE, target=p) for p in range(game.n)]


def check_deal(game: "ItStartupGame", action: Action) -> None:
    """A card of the deck, or one the engine believed held in secret that can trade places
    with one of the deck; never a card face up."""
    card = action.card
    if card in game.deck:
        return
    if card not in CARDS:
        raise IllegalMove("unknown_card", _("IT Startup has no card {card}.").format(
            card=repr(card)))
    if card in face_up(game):  # public: the card lies face up
        raise IllegalMove(
            "card_face_up",
            _("That card ({card}) is face up on the table; enter the card really drawn.")
            .format(card=CARDS[card].name),
        )
    if not recount(game, card, swap=False):
        raise IllegalMove(
            "card_not_in_deck",
            _("By the table's count that card ({card}) cannot be in the deck now; check the "
              "card drawn.").format(card=CARDS[card].name),
        )


def check_value(game: "ItStartupGame", action: Action) -> None:
    """The d6, the coin or the first player: one of the possible results."""
    if action not in game.legal_actions():
        raise IllegalMove("bad_value", _("That is not a possible result. {waiting}").format(
            waiting=game.waiting_for))


# ----- what an entry does (each takes the step it answers off the queue) --------------------------
def deal(game: "ItStartupGame", action: Action) -> None:
    step = game.steps.pop(0)
    assert isinstance(step, Draw)  # a deal answers a draw
    card = action.card or 0
    recount(game, card)
    game.deck.take(card)
    drawn(game, step, card)


def roll(game: "ItStartupGame", action: Action) -> None:
    del game.steps[0]
    setup.rolled(game, action.count or 0)


def flip(game: "ItStartupGame", action: Action) -> None:
    step = game.steps.pop(0)
    assert isinstance(step, Flip)
    abilities.agent_flipped(game, step, action.count or 0)


def first(game: "ItStartupGame", action: Action) -> None:
    del game.steps[0]
    setup.set_first(game, action.target or 0)


# ----- the card entered -------------------------------------------------------------------------
def face_up(game: "ItStartupTable") -> set[int]:
    """The cards face up on the table (employees, their knowledge, a Head Hunter waiting for
    its counter): public facts, so these cards are left out of the cards to enter."""
    up = {e for staff in game.staff for e in staff}
    up.update(*(game.employees[e].knowledge for e in up))
    up.update(step.card for step in game.steps if isinstance(step, Headhunt))
    return up


def recount(game: "ItStartupTable", card: int, swap: bool = True) -> bool:
    """Make sure the card entered, not face up, is in the deck; False when it cannot be
    (checked with ``swap=False``, which changes nothing).

    The engine may believe the card is held in secret (a hand in seat order, the cards looked
    at, a planned card): the table is right. If a copy of the same title is in the deck, the
    two copies trade places (nothing changes but their ids). Otherwise the card trades places
    with the deck's top card (a planned card with the deck's first action card: the entry is
    refused only when the deck has none), which the engine then believes that player holds;
    a private event records it. Either way every card stays in one place.

    >>> from devgames import itstartup
    >>> game = itstartup.new_game(["Ada", "Bob"], seed=1, deck="physical")
    >>> intern = game.card_id("Intern")
    >>> for _ in range(5):
    ...     game.deal(intern)  # five Interns entered for Ada: the box has two
    >>> game.hand("Ada").count("Intern"), len(game.hand("Ada")), game.hands[0][-1] == intern
    (2, 5, True)
    """
    deck = game.deck
    if card in deck:
        return True
    # The cards looked at belong to the player of the keep or order decision that follows.
    looker = next((step[1] for step in game.steps if isinstance(step, Keep | Order)), 0)
    copies = [c for c in COPIES[KEY[card]] if c in deck]
    for p, place in [*enumerate(game.hands), (looker, game.looking)]:
        if card in place:
            substitute = copies[0] if copies else deck[0]
            if swap:
                place[place.index(card)] = _swap_with_deck(game, p, card, substitute)
            return True
    for p, planned in enumerate(game.planned):
        if planned is not None and planned[0] == card:
            action = copies[0] if copies else next(
                (c for c in deck if KIND[c] == "action"), None)
            if action is not None and swap:
                game.planned[p] = (_swap_with_deck(game, p, card, action), planned[1])
            return action is not None
    return False


def _swap_with_deck(game: "ItStartupTable", p: int, card: int, substitute: int) -> int:
    """``card``, believed held by ``p``, goes into the deck in the place of ``substitute``,
    which ``p`` holds from now on (with the free play or discount ``card`` had)."""
    deck = game.deck
    deck[deck.index(substitute)] = card
    for marked in (game.free_developers, game.free_actions, game.knowledge_discount):
        if card in marked:
            marked.discard(card)
            marked.add(substitute)
    if KEY[substitute] != KEY[card]:
        game.events.append(Event("mismatch", p, {"card": substitute, "instead_of": card},
                                 private=True))
    return substitute
