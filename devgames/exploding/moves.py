"""The moves of Exploding Git Commits: what each phase allows (:data:`ACTING`,
:data:`LEGAL_ACTIONS`, :data:`KINDS`, :data:`REFUSALS`) and, for each kind of action, its check
and its effect (:data:`MOVES`).

A check raises :class:`devgames.core.errors.IllegalMove` with a sentence for the facilitator and
changes nothing; it runs once the phase allows the kind and the player may act. An effect carries
out a move its check passed: the turn's rules (:mod:`devgames.exploding.turns`), the Nope window
(:mod:`devgames.exploding.nope_window`), what cards do (:mod:`devgames.exploding.card_effects`)
and the cards entered from a physical deck (:mod:`devgames.exploding.physical`).

>>> from devgames import exploding
>>> game = exploding.new_game(["Ada", "Bob", "Cy"], seed=4)
>>> sorted(MOVES) == sorted(game.action_kinds), sorted(KINDS[game.phase])
(True, ['combo', 'draw', 'play'])
"""

from collections.abc import Callable, Mapping
from itertools import combinations
from typing import TYPE_CHECKING, Any

from devgames.core.actions import CHANCE, Action, Event
from devgames.core.errors import IllegalMove
from devgames.core.moves import Move, MoveTable
from devgames.exploding.card_effects import given
from devgames.exploding.cards import (
    BAIL,
    CODE_CARDS,
    EXPLODING,
    HELP,
    NOPE,
    PEEK,
    SHUFFLE,
    SKIP,
    TITLES,
)
from devgames.exploding.nope_window import (
    check_close,
    check_nope,
    check_pass,
    close,
    open_window,
    pass_nope,
    refuse_in_window,
    say_nope,
)
from devgames.exploding.physical import enter, enterable
from devgames.exploding.rules import (
    CARD_DRAWN,
    CARD_TO_GIVE,
    CARD_TO_PLAY,
    CARD_TO_TAKE,
    CLOSE,
    COMBO_CARDS,
    DEAL,
    DEAL_CARD,
    DEFUSE,
    DRAW,
    EXPLODE,
    GIVE,
    GIVE_CARD,
    KIND,
    MAX_ID,
    MITIGATE_AT,
    NAME,
    NOPE_MOVE,
    NOPE_WINDOW,
    OVER,
    PAIR,
    PASS,
    PICK,
    PICK_CARD,
    PLAY,
    PLAY_AT,
    PLAY_CARD,
    STEAL,
    THREE,
    five,
    unknown_card,
)
from devgames.exploding.turns import draw, explode, mitigate
from devgames.i18n import N_, _

if TYPE_CHECKING:
    from devgames.exploding.game import ExplodingGame

#: Action cards played alone, without a target.
_SIMPLE = (BAIL, SKIP, SHUFFLE, PEEK)


# ----- what each phase allows -------------------------------------------------------------------
def legal_play(game: "ExplodingGame") -> list[Action]:
    """The turn player's moves: draw, each card played alone, each combo."""
    p = game.turn_player
    hand = game.hands[p]
    out = [DRAW[p]]
    if not hand:
        return out
    counts = [0] * MAX_ID
    for c in hand:
        counts[c] += 1
    plays = PLAY_CARD[p]
    for c in _SIMPLE:
        if counts[c]:
            out.append(plays[c])
    alive, hands = game.alive, game.hands
    targets = [q for q in game.others[p] if alive[q] and hands[q]]
    if counts[HELP]:
        at = PLAY_AT[p]
        asked = [q for q in game.others[p] if alive[q]] if game.ask_empty else targets
        out += [at[q] for q in asked]
    if targets:
        special = game.special
        pairs = PAIR[p]
        for c in TITLES if special else CODE_CARDS:
            if counts[c] >= 2:
                row = pairs[c]
                out += [row[q] for q in targets]
                if special and counts[c] >= 3:
                    threes = THREE[p][c]
                    for q in targets:
                        row = threes[q]
                        out += [row[named] for named in game.nameable]
    if game.special:
        distinct = [c for c in TITLES if counts[c]]
        if len(distinct) >= 5:
            out += [five(p, cards) for cards in combinations(distinct, 5)]
    return out


def _legal_in_window(game: "ExplodingGame") -> list[Action]:
    if game.open_window:  # the holders' Nopes are theirs to see: nope_moves(seat)
        return [CLOSE]
    q = game.asked[0]
    return [PASS[q], NOPE_MOVE[q]] if NOPE in game.hands[q] else [PASS[q]]


def _legal_defuse(game: "ExplodingGame") -> list[Action]:
    p = game.turn_player
    row = MITIGATE_AT[p]
    out = [row[k] for k in range(len(game.deck) + 1)]
    if game.choice:
        out.append(EXPLODE[p])
    return out


def _legal_give(game: "ExplodingGame") -> list[Action]:
    row = GIVE_CARD[game.giver]
    return [row[c] for c in sorted(set(game.hands[game.giver]))]


def _legal_pick(game: "ExplodingGame") -> list[Action]:
    row = PICK_CARD[game.turn_player]
    return [row[c] for c in sorted(set(game.discard)) if c != EXPLODING or game.pick_exploding]


#: Who acts in each phase: a seat, CHANCE (the table or the deck) or nobody.
ACTING: Mapping[str, Callable[["ExplodingGame"], int | None]] = {
    PLAY: lambda game: game.turn_player,
    DEFUSE: lambda game: game.turn_player,
    PICK: lambda game: game.turn_player,
    NOPE_WINDOW: lambda game: CHANCE if game.open_window else game.asked[0],
    GIVE: lambda game: game.giver,
    STEAL: lambda game: game.giver,
    DEAL: lambda game: CHANCE,
    OVER: lambda game: None,
}
#: Every action allowed in each phase.
LEGAL_ACTIONS: Mapping[str, Callable[["ExplodingGame"], list[Action]]] = {
    PLAY: legal_play, NOPE_WINDOW: _legal_in_window, DEFUSE: _legal_defuse, GIVE: _legal_give,
    STEAL: _legal_give, PICK: _legal_pick,
    DEAL: lambda game: [DEAL_CARD[c] for c in enterable(game)],
    OVER: lambda game: [],
}
#: The kinds of action each phase allows.
KINDS: Mapping[str, frozenset[str]] = {
    PLAY: frozenset({"draw", "play", "combo"}), NOPE_WINDOW: frozenset({"nope", "pass", "close"}),
    DEFUSE: frozenset({"mitigate", "explode"}), GIVE: frozenset({"give"}),
    STEAL: frozenset({"give"}), PICK: frozenset({"pick"}), DEAL: frozenset({"deal"}),
    OVER: frozenset(),
}


# ----- why a phase refuses another kind of action ----------------------------------------------
def _wrong_move(game: "ExplodingGame", action: Action) -> IllegalMove:
    """Why a move of another phase is refused during the turn player's own play."""
    code, why = _NOT_NOW.get(action.kind, _NO_CARD_EXPECTED)
    return IllegalMove(code, _(why).format(who=game.players[action.player]))


_NOPE_LATER = ("nothing_to_nope", N_("No card is waiting for a Nope now."))
_NOT_DRAWN = ("no_exploding", N_("{who} has not drawn an Exploding Git Commit."))
_NO_CARD_EXPECTED = ("no_card_expected", N_("No card is to be entered now; it is {who}'s turn."))
#: The refusal of each kind of move of another phase during the turn player's own play.
_NOT_NOW = {
    "nope": _NOPE_LATER, "pass": _NOPE_LATER, "close": _NOPE_LATER,
    "mitigate": _NOT_DRAWN, "explode": _NOT_DRAWN,
    "give": ("nothing_asked", N_("Nobody has asked {who} for help now.")),
    "pick": ("nothing_to_pick", N_("Only a five-card combo takes a card from the discard pile.")),
}


def _card_to_give(game: "ExplodingGame", action: Action) -> IllegalMove:
    giver, taker = game.players[action.player], game.players[game.turn_player]
    if game.phase == GIVE:
        why = _("{giver} must first choose a card to give to {taker}.")
    else:
        why = _("{giver} must first say the card taken by {taker}.")
    return IllegalMove("give_pending", why.format(giver=giver, taker=taker))


#: The refusal of an action of a kind the phase does not allow.
REFUSALS: Mapping[str, Callable[["ExplodingGame", Action], IllegalMove]] = {
    PLAY: _wrong_move,
    NOPE_WINDOW: refuse_in_window,
    DEFUSE: lambda game, action: IllegalMove(
        "exploding_pending", _("{who} has drawn an Exploding Git Commit: mitigate or explode "
                               "first.").format(who=game.players[action.player])),
    GIVE: _card_to_give,
    STEAL: _card_to_give,
    PICK: lambda game, action: IllegalMove(
        "pick_pending", _("{who} must first take a card from the discard pile.").format(
            who=game.players[action.player])),
    DEAL: lambda game, action: IllegalMove(
        "card_expected", _("The table is waiting for the card that was really drawn to be "
                           "entered.")),
    OVER: lambda game, action: IllegalMove(
        "game_over", _("The game is over; no more moves can be made.")),
}


# ----- checks -----------------------------------------------------------------------------------
def _require_in_hand(game: "ExplodingGame", p: int, card: Any,
                     what: str = CARD_TO_PLAY) -> int:
    """The card, once known to be one of the game's and in ``p``'s hand."""
    if card not in NAME:
        raise unknown_card(card, what)
    if card not in game.hands[p]:
        raise IllegalMove("card_not_in_hand", _("{who} does not hold {card}.").format(
            who=game.players[p], card=NAME[card]))
    return card


def _check_target(game: "ExplodingGame", p: int, target: Any, what: str,
                  empty_hand: bool = False) -> None:
    """A player to ask for help or take a card from: another player in the game with cards
    (or without, when ``empty_hand`` allows it); ``what`` is the card's name or the combo, in
    words."""
    if type(target) is not int or not 0 <= target < game.n:
        if target is None:
            raise IllegalMove("target_needed", _("Choose a player for {what}.").format(what=what))
        raise IllegalMove("unknown_player", _("There is no player {player} at this table.")
                          .format(player=repr(target)))
    name = game.players[target]
    if target == p:
        raise IllegalMove("own_seat", _("Choose another player than {name} for {what}.").format(
            name=name, what=what))
    if not game.alive[target]:
        raise IllegalMove("player_out", _("{name} has exploded and is out of the game.").format(
            name=name))
    if not game.hands[target] and not empty_hand:
        raise IllegalMove("empty_hand", _("{name} holds no card to take.").format(name=name))


def check_draw(game: "ExplodingGame", action: Action) -> None:
    """The turn player may always end the turn by drawing."""


#: Why a card of each of these kinds is not played alone.
_NOT_PLAYED_ALONE = {
    "exploding": N_("An Exploding Git Commit taken from the discard pile does nothing alone: "
                    "play it in a combo, or keep it."),
    "mitigate": N_("A Mitigate is only played just after drawing an Exploding Git Commit."),
    "nope": N_("A Nope is played against a card just played, when the table is asked."),
    "code": N_("{card} does nothing alone: play Code Cards as a pair (a combo)."),
}


def check_play(game: "ExplodingGame", action: Action) -> None:
    """One card played alone: an action card in hand (an Ask for Help names whom it asks)."""
    p, target = action.player, action.target
    card = _require_in_hand(game, p, action.card)
    if card == HELP:
        _check_target(game, p, target, NAME[HELP], game.ask_empty)
        return
    why = _NOT_PLAYED_ALONE.get(KIND[card])
    if why is not None:
        raise IllegalMove("not_playable", _(why).format(card=NAME[card]))
    if target is not None:
        raise IllegalMove("bad_action", _("{card} is played without a target.").format(
            card=NAME[card]))


def check_combo(game: "ExplodingGame", action: Action) -> None:
    """A combo: a pair or three of a kind against another player, or five different cards."""
    p, cards, target, named = action.player, action.cards, action.target, action.card
    if not cards or len(cards) not in (2, 3, 5):
        raise IllegalMove("bad_combo", _("A combo is 2 or 3 cards of one title, or 5 cards "
                                         "of different titles."))
    hand = game.hands[p]
    for card in set(cards):
        _require_in_hand(game, p, card, COMBO_CARDS)
        if hand.count(card) < cards.count(card):
            raise IllegalMove("card_not_in_hand", _("{who} does not hold {count} {card} cards.")
                              .format(who=game.players[p], count=cards.count(card),
                                      card=NAME[card]))
    size = len(cards)
    special_off = _("Special combos are not played in this game: only pairs of Code Cards.")
    if size == 5:
        if len(set(cards)) != 5:
            raise IllegalMove("bad_combo", _("The five cards of a combo must have five "
                                             "different titles."))
        if not game.special:
            raise IllegalMove("special_combos_off", special_off)
        if list(cards) != sorted(cards):
            raise IllegalMove("bad_combo", _("Give the five cards of a combo in card order "
                                             "(the combo verb does this)."))
        if target is not None or named is not None:
            raise IllegalMove("bad_combo", _("A five-card combo takes a card from the discard "
                                             "pile: it has no target and names no card."))
        return
    title = cards[0]
    if any(card != title for card in cards):
        raise IllegalMove("bad_combo", _("The {count} cards of a combo must share one title.")
                          .format(count=size))
    if not game.special and (size == 3 or KIND[title] != "code"):
        raise IllegalMove("special_combos_off", special_off)
    _check_target(game, p, target, _("the combo"))
    if size == 2:
        if named is not None:
            raise IllegalMove("bad_combo", _("A pair takes a random card: it names no card."))
        return
    if named is None:
        raise IllegalMove("name_a_card", _("Three of a kind names the card wanted; name one."))
    if named not in NAME:
        raise unknown_card(named)
    if named not in game.nameable:
        raise IllegalMove("name_a_card", _("Nobody holds an Exploding Git Commit; name "
                                           "another card."))


def check_mitigate(game: "ExplodingGame", action: Action) -> None:
    """A Mitigate hides the Exploding Git Commit at a place of the stack, top to bottom."""
    position, size = action.count, len(game.deck)
    if type(position) is not int or not 0 <= position <= size:
        raise IllegalMove("bad_position", _("Put the card back at a place from 0 (the top) to "
                                            "{size} (the bottom).").format(size=size))


def check_explode(game: "ExplodingGame", action: Action) -> None:
    """Exploding while holding a Mitigate: only where the option lets the player choose."""
    if not game.choice:
        raise IllegalMove("must_mitigate", _("{who} holds a Mitigate, and in this game a "
                                             "Mitigate is always played.").format(
                                                 who=game.players[action.player]))


def check_give(game: "ExplodingGame", action: Action) -> None:
    """The card given (or said taken) is in the giver's hand."""
    _require_in_hand(game, action.player, action.card, CARD_TO_GIVE)


def check_pick(game: "ExplodingGame", action: Action) -> None:
    """A card of the discard pile (an Exploding Git Commit only where the option allows)."""
    card = action.card
    if card not in NAME:
        raise unknown_card(card, CARD_TO_TAKE)
    if card == EXPLODING and not game.pick_exploding:
        raise IllegalMove("cannot_take_exploding", _("An Exploding Git Commit cannot be taken "
                                                     "from the discard pile."))
    if card not in game.discard:
        raise IllegalMove("not_in_discard", _("There is no {card} in the discard pile.").format(
            card=NAME[card]))


def check_deal(game: "ExplodingGame", action: Action) -> None:
    """Physical deck: a card that can be in the draw stack, as far as anybody can see."""
    card = action.card
    if card not in NAME:
        raise unknown_card(card, CARD_DRAWN)
    if card not in enterable(game):
        if game.exploding_in_deck == len(game.deck):
            raise IllegalMove("card_not_in_deck", _("Every card left in the draw stack is an "
                                                    "Exploding Git Commit; enter the card that "
                                                    "was really drawn."))
        raise IllegalMove("card_not_in_deck", _("No {card} can be there: every copy is on the "
                                                "discard pile, set aside or out of the game; "
                                                "enter the card that was really drawn.").format(
                                                    card=NAME[card]))


# ----- effects ----------------------------------------------------------------------------------
def lay_down(game: "ExplodingGame", action: Action) -> None:
    """Cards go face up on the discard pile; the table may then Nope them."""
    p = action.player
    hand = game.hands[p]
    if action.kind == "play":
        card = action.card or 0  # checked: a play names a card
        hand.remove(card)
        game.discard.append(card)
        game.played[p] += 1
        game.events.append(Event("play", p, {"card": card, "target": action.target}))
    else:
        cards = action.cards or ()  # checked: a combo names its cards
        for card in cards:
            hand.remove(card)
        game.discard += cards
        game.played[p] += len(cards)
        game.events.append(Event("combo", p, {"cards": list(cards), "target": action.target,
                                              "named": action.card}))
    game.pending = action
    game.nopes = 0
    open_window(game, p)


def choose_to_explode(game: "ExplodingGame", action: Action) -> None:
    """The player keeps the Mitigate and explodes."""
    explode(game, action.player)


def give(game: "ExplodingGame", action: Action) -> None:
    """The card asked for (or taken at random, physical deck) goes to the turn player."""
    how = "give" if game.phase == GIVE else "steal"
    given(game, action.player, game.turn_player, action.card or 0, how)  # checked: a card
    game.phase = PLAY


def pick(game: "ExplodingGame", action: Action) -> None:
    """After five different cards: the card taken from the discard pile (its highest copy)."""
    p, card = action.player, action.card or 0  # checked: a pick names its card
    discard = game.discard
    index = len(discard) - 1 - discard[::-1].index(card)  # the highest copy in the pile
    del discard[index]
    game.hands[p].append(card)
    game.phase = PLAY
    game.events.append(Event("pick", p, {"card": card}))


#: Each kind of action: its check and its effect.
MOVES: MoveTable["ExplodingGame"] = {
    "draw": Move(check_draw, draw),
    "play": Move(check_play, lay_down),
    "combo": Move(check_combo, lay_down),
    "nope": Move(check_nope, say_nope),
    "pass": Move(check_pass, pass_nope),
    "close": Move(check_close, close),
    "mitigate": Move(check_mitigate, mitigate),
    "explode": Move(check_explode, choose_to_explode),
    "give": Move(check_give, give),
    "pick": Move(check_pick, pick),
    "deal": Move(check_deal, enter),
}
