"""The fixed terms of Exploding Git Commits' rules, shared by every part of the engine.

The phases a game goes through, how many cards are dealt, how deep a Peek sees and how many turns
a Bail gives; each card's name and kind, and cards and places in words; and every action the
engine lists, made once and shared by all games (actions are immutable), so that listing legal
moves creates no objects.
"""

from functools import cache
from typing import Any

from devgames.core.actions import CHANCE, Action
from devgames.core.errors import IllegalMove
from devgames.exploding.cards import CARDS, COMPOSITION, EXPLODING, HELP, TITLES
from devgames.i18n import N_, _

DEALT = 4  # cards dealt to each player, before the Mitigate each is given
PEEK_DEPTH = 3
BAIL_TURNS = 2

# Phases.
DEAL, PLAY, NOPE_WINDOW, DEFUSE, GIVE, STEAL, PICK, OVER = (
    "deal", "play", "nope", "exploding", "give", "steal", "pick", "over")

NAME = {c: card.name for c, card in CARDS.items()}
KIND = {c: card.kind for c, card in CARDS.items()}
#: How a card in hand is labelled in a player's view.
HAND_KINDS = {"exploding": "exploding", "mitigate": "rescue", "nope": "reaction",
              "code": "code card"}
HAND_KIND = {c: HAND_KINDS.get(kind, "action") for c, kind in KIND.items()}
#: Titles a three-of-a-kind may name (nobody ever holds an Exploding Git Commit).
NAMEABLE = tuple(c for c in TITLES if c != EXPLODING)
MAX_SEATS = 5
MAX_ID = max(TITLES) + 1
_POSITIONS = range(len(COMPOSITION) + 1)

_SEATS, _IDS = range(MAX_SEATS), range(MAX_ID)
DRAW = [Action("draw", p) for p in _SEATS]
PASS = [Action("pass", p) for p in _SEATS]
NOPE_MOVE = [Action("nope", p) for p in _SEATS]
#: The table's move that closes an open Nope window when nobody claimed it in time.
CLOSE = Action("close", CHANCE)
EXPLODE = [Action("explode", p) for p in _SEATS]
PLAY_CARD = [[Action("play", p, card=c) for c in _IDS] for p in _SEATS]
PLAY_AT = [[Action("play", p, card=HELP, target=t) for t in _SEATS] for p in _SEATS]
MITIGATE_AT = [[Action("mitigate", p, count=k) for k in _POSITIONS] for p in _SEATS]
GIVE_CARD = [[Action("give", p, card=c) for c in _IDS] for p in _SEATS]
PICK_CARD = [[Action("pick", p, card=c) for c in _IDS] for p in _SEATS]
DEAL_CARD = [Action("deal", CHANCE, card=c) for c in _IDS]
PAIR = [[[Action("combo", p, cards=(c, c), target=t) for t in _SEATS] for c in _IDS]
        for p in _SEATS]
THREE = [[[[Action("combo", p, cards=(c, c, c), target=t, card=named) for named in _IDS]
           for t in _SEATS] for c in _IDS] for p in _SEATS]
#: For each direction of play, table size and seat: the other seats, in that direction from it.
OTHERS = {step: {n: tuple(tuple((p + step * i) % n for i in range(1, n)) for p in range(n))
                 for n in range(2, MAX_SEATS + 1)} for step in (1, -1)}


@cache
def five(p: int, cards: tuple[int, ...]) -> Action:
    """The five-different combo action of seat ``p`` (made once).

    >>> five(0, (1, 2, 3, 4, 5)) is five(0, (1, 2, 3, 4, 5))
    True
    """
    return Action("combo", p, cards=cards)


def card_name(card: Any) -> str:
    """A card's name, or a readable stand-in for an id that is not a card.

    >>> card_name(3), card_name(99)
    ('Nope', 'card 99')
    """
    if card in NAME:
        return NAME[card]
    return _("card {card}").format(card=repr(card))


#: The cards a refusal asks to be named (``unknown_card``'s ``what``), translated when shown.
CARD_TO_PLAY = N_("card to play")
CARD_TO_GIVE = N_("card to give")
CARD_TO_TAKE = N_("card to take")
CARD_DRAWN = N_("card that was really drawn")
COMBO_CARDS = N_("cards of the combo")


def unknown_card(card: Any, what: str | None = None) -> IllegalMove:
    """The refusal for a card id that is not a card (or no card at all); ``what`` is one of the
    marked phrases above (:data:`CARD_TO_GIVE`...).

    >>> str(unknown_card(-1)), str(unknown_card(None, CARD_TO_GIVE))
    ('Exploding Git Commits has no card with the id -1.', 'Name the card to give.')
    """
    if card is None:
        return IllegalMove("card_expected", _("Name the card.") if what is None
                           else _("Name the {what}.").format(what=_(what)))
    return IllegalMove("unknown_card", _("Exploding Git Commits has no card with the id {card}.")
                       .format(card=repr(card)))


#: A place in the draw stack counted from the top, by the English ordinal's ending.
_FROM_THE_TOP = {"st": N_("{number}st from the top"), "nd": N_("{number}nd from the top"),
                 "rd": N_("{number}rd from the top"), "th": N_("{number}th from the top")}


def position_words(position: int, size: int) -> str:
    """Where a card goes back into a stack of ``size`` cards, in words.

    >>> position_words(0, 9), position_words(2, 9), position_words(9, 9)
    ('on top', '3rd from the top', 'at the bottom')
    """
    if position == 0:
        return _("on top")
    if position >= size:
        return _("at the bottom")
    number = position + 1
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10,
                                                                                    "th")
    return _(_FROM_THE_TOP[suffix]).format(number=number)
