"""Scrumkin's moves and phases as tables.

``MOVES`` maps each kind of action to its check (raises :class:`IllegalMove`, changes nothing)
and its effect (carries out a move its check passed): a card laid into a game, a card dropped,
a counter, a pass, backlog items taken over, a card drawn entered from a physical deck.
``PHASES`` maps each phase of a sprint to who acts in it, the kinds of move it takes, and the
refusal of any other kind; ``LEGAL`` to the actions open in it.

>>> from devgames import scrumkin
>>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
>>> phase = PHASES[game.phase]
>>> game.players[phase.to_act(game)], sorted(phase.takes)
('Red', ['drop', 'play', 'take_over'])
>>> MOVES["counter"].check(game, Action("counter", 1, card=5))
Traceback (most recent call last):
...
devgames.core.errors.IllegalMove: Threat Talk has no shield: only defensive cards can counter.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from devgames.core.actions import CHANCE, Action, Event, quick_event
from devgames.core.errors import IllegalMove
from devgames.core.moves import Move, MoveTable
from devgames.i18n import N_, _
from devgames.scrumkin.cards import SPRINT_CARDS
from devgames.scrumkin.rules import (
    ACTION_CARD,
    COPIES,
    COUNTER,
    DEAL,
    DEALS,
    DEFENSIVE,
    DROP,
    MOVING,
    NAME,
    OTHER,
    OVER,
    OWN,
    SPRINT_DEAL,
)
from devgames.scrumkin.sprints import give, remove_items, reveal_action_card

if TYPE_CHECKING:
    from devgames.scrumkin.game import ScrumkinGame


# ----- checks (never change anything) ---------------------------------------------------------
def check_play(game: "ScrumkinGame", action: Action) -> None:
    """A card from the team's hand into a game at the table, unless it has made that move."""
    p, card, target = action.player, action.card, action.target
    if card not in game.hands[p]:
        require_in_hand(game, p, card)
    if type(target) is not int or not 0 <= target < game.n:
        raise IllegalMove("unknown_player",
                          _("There is no team {target} to play into.").format(target=repr(target)))
    kind = OWN if target == p else OTHER
    if game.moves & kind:
        raise _move_made(game, p, kind)


def check_drop(game: "ScrumkinGame", action: Action) -> None:
    """A card from the team's hand, where the rulebook lets it drop one, once a sprint."""
    p = action.player
    require_in_hand(game, p, action.card)
    if not drop_allowed(game, p):
        reason = (
            _("Cards cannot be dropped only against a bug, and this team has no bug in its "
              "backlog.")
            if game.options.drop_against_bugs
            else _("Cards cannot be dropped not in the collaborative game.")
        )
        raise IllegalMove("drop_not_allowed", reason)
    if game.moves & DROP:
        raise _move_made(game, p, DROP)


#: The refusal of each kind of move a team has already made this sprint.
MOVE_MADE = {
    OWN: N_("{team} has already played a card into its own game this sprint; the two moves "
            "must be different."),
    OTHER: N_("{team} has already played a card into another team's game this sprint; the two "
              "moves must be different."),
    DROP: N_("{team} has already dropped a card this sprint; the two moves must be different."),
}


def _move_made(game: "ScrumkinGame", p: int, kind: int) -> IllegalMove:
    """The refusal of a move of ``kind`` (own, other, drop) team ``p`` has already made this
    sprint."""
    return IllegalMove("move_already_made", _(MOVE_MADE[kind]).format(team=game.players[p]))


def drop_allowed(game: "ScrumkinGame", p: int) -> bool:
    """Whether team ``p`` may drop a card at all (in the collaborative game, against a bug)."""
    return game.drops_allowed and (not game.drops_need_bug or game.bugs[p] > 0)


def check_take_over(game: "ScrumkinGame", action: Action) -> None:
    """Collaborative game: 1 or more items another team has, as many as the board leaves room
    for, once a sprint."""
    p, giver, count = action.player, action.target, action.count
    if not game.collaborative:
        raise IllegalMove(
            "take_over_not_allowed",
            _("Backlog items can only be taken over in the collaborative game."),
        )
    if game.took_over:
        raise IllegalMove(
            "take_over_done",
            _("{team} has already taken over items this sprint.").format(team=game.players[p])
        )
    if type(giver) is not int or not 0 <= giver < game.n or giver == p:
        raise IllegalMove("unknown_player",
                          _("Choose another team to take backlog items from."))
    room = game.options.board - game.backlog[p]
    most = min(game.backlog[giver], room)
    if type(count) is not int or not 1 <= count <= most:
        raise IllegalMove(
            "bad_count",
            _("{team} can take 1 to {most} items from {giver}, not {count}.").format(
                team=game.players[p], most=most, giver=game.players[giver], count=repr(count))
            if most else _("{team} cannot take items from {giver} now.").format(
                team=game.players[p], giver=game.players[giver]),
        )


def check_counter(game: "ScrumkinGame", action: Action) -> None:
    """A defensive card from the hand of the team asked."""
    card = require_in_hand(game, action.player, action.card)
    if card not in DEFENSIVE:
        raise IllegalMove(
            "not_defensive",
            _("{card} has no shield: only defensive cards can counter.").format(card=NAME[card]),
        )


def check_pass(game: "ScrumkinGame", action: Action) -> None:
    """Letting the card through is always open to the team asked."""


def check_deal(game: "ScrumkinGame", action: Action) -> None:
    """A card of the deck to be drawn from (a sprint card may also be one the engine believes in
    a hand: see :func:`recount`)."""
    sprint = game.phase == DEAL
    pile = game.deck if sprint else game.action_deck
    if sprint and action.card in SPRINT_CARDS and action in sprint_entries(game):
        return  # in the deck, or in a hand as far as the engine knows (see recount)
    if action.card not in pile:
        if action.card is None:
            raise IllegalMove("card_expected", _("Name the sprint card that was really drawn.")
                              if sprint else _("Name the action card that was really drawn."))
        if sprint and action.card in SPRINT_CARDS:  # public: the card lies face up
            raise IllegalMove(
                "card_face_up",
                _("{card} is face up on the table; enter the sprint card that was really "
                  "drawn.").format(card=card_name(action.card)),
            )
        raise IllegalMove(
            "card_not_in_deck",
            (_("{card} is not in the sprint deck now; enter the sprint card that was really "
               "drawn.") if sprint else
             _("{card} is not in the action deck now; enter the action card that was really "
               "drawn.")).format(card=card_name(action.card)),
        )


def require_in_hand(game: "ScrumkinGame", p: int, card: Any) -> int:
    """The card, once known to be in ``p``'s hand."""
    if card not in game.hands[p]:
        raise IllegalMove(
            "card_not_in_hand",
            _("{team} does not hold {card}.").format(team=game.players[p], card=card_name(card)),
        )
    return card


def card_name(card: Any) -> str:
    """A card's name in a sentence, or what was given for a card that does not exist."""
    return NAME.get(card) or _("card {card}").format(card=repr(card))


# ----- effects (carry out a move its check passed) --------------------------------------------
def lay_down(game: "ScrumkinGame", action: Action) -> None:
    """The card is laid into the target's game; the teams that may counter it are asked."""
    p, card, target = action.player, action.card or 0, action.target or 0
    game.hands[p].remove(card)
    game.moves |= OWN if target == p else OTHER
    game.laid_target = target
    if game.record:
        game.events.append(quick_event(("play", p, {"card": card, "target": target}, False)))
    # The other teams (holding a defensive card) may counter it, clockwise from the layer.
    asked = list(game.clockwise[p]) if game.ask_everyone else askable(game, p)
    if asked:
        game.chain = [(card, p)]
        game.asked = asked
        game.phase = COUNTER
    else:  # nobody can counter: the card stands at once (what resolve_chain would do)
        game.table[target].append(card)
        game.ages[target].append(0)


def drop(game: "ScrumkinGame", action: Action) -> None:
    """The card goes face down under the sprint deck (and fixes a bug, where drops do)."""
    p, card = action.player, action.card or 0
    game.hands[p].remove(card)
    game.deck.put_bottom(card)
    game.moves |= DROP
    fixed = game.options.drop_against_bugs and game.bugs[p] > 0
    if fixed:
        game.bugs[p] -= 1
        game.backlog[p] -= 1
    if game.record:
        game.events.append(quick_event(("drop", p, {"card": card, "bug_fixed": fixed}, True)))


def let_through(game: "ScrumkinGame", action: Action) -> None:
    """The team asked passes; after the last one, the chain is resolved."""
    del game.asked[0]
    if not game.asked:
        resolve_chain(game)


def counter(game: "ScrumkinGame", action: Action) -> None:
    """The defensive card counters the last card of the chain; with chains, the teams may
    counter the counter."""
    p, card = action.player, action.card or 0
    game.hands[p].remove(card)
    game.counters_made[p] += 1
    against = game.chain[-1][0]
    if game.record:
        game.events.append(
            quick_event(("counter", p, {"card": card, "against": against}, False)))
    game.chain.append((card, p))
    if game.options.counter_chains:
        _open_counter_window(game, p)
    else:
        resolve_chain(game)


def take_over(game: "ScrumkinGame", action: Action) -> None:
    """Collaborative game: the items move to the team's backlog (-1 velocity each)."""
    p, giver, count = action.player, action.target or 0, action.count or 0
    remove_items(game, giver, count)
    game.backlog[p] += count
    game.taken_over[p] += count
    game.took_over = True
    if game.record:
        game.events.append(Event("take_over", p, {"from": giver, "count": count}))


def enter_card(game: "ScrumkinGame", action: Action) -> None:
    """Physical deck: the sprint card drawn goes to the next team dealt one; the action card
    drawn is revealed."""
    card = action.card or 0
    if game.phase == DEAL:
        recount(game, card)
        game.deck.take(card)
        give(game, game.to_deal.pop(0), card)
    else:
        game.action_deck.take(card)
        reveal_action_card(game, card)


def askable(game: "ScrumkinGame", layer: int) -> list[int]:
    """The teams asked whether to counter a card laid by ``layer``, clockwise from it: those
    holding a defensive card, or every other team (``counter_asks="everyone"``)."""
    if game.ask_everyone:
        return list(game.clockwise[layer])
    hands = game.hands
    return [q for q in game.clockwise[layer] if not DEFENSIVE.isdisjoint(hands[q])]


def _open_counter_window(game: "ScrumkinGame", layer: int) -> None:
    """Offer a counter to the teams :func:`askable` for ``layer``, clockwise from it."""
    game.asked = askable(game, layer)
    if game.asked:
        game.phase = COUNTER
    else:
        resolve_chain(game)


def resolve_chain(game: "ScrumkinGame") -> None:
    """The laid card stands if it was countered an even number of times; counters go under."""
    chain = game.chain
    card, layer = chain[0]
    target = game.laid_target
    if len(chain) % 2:  # it stands (its "play" event already told the table)
        game.table[target].append(card)
        game.ages[target].append(0)
    else:
        game.deck.put_bottom(card)
        if game.record:
            game.events.append(
                quick_event(("countered", target, {"card": card, "by": layer}, False)))
    for counter_card, _layer in chain[1:]:
        game.deck.put_bottom(counter_card)
    game.chain = []
    game.asked = []
    game.phase = MOVING


def recount(game: "ScrumkinGame", card: int) -> None:
    """Make sure the sprint card entered, not face up, is in the deck.

    The engine may believe it is in a hand (the first holding it in seat order): the table is
    right. If a copy of the same title is in the deck, the two copies trade places (nothing
    changes but their ids); otherwise the card trades places with the deck's top card, which
    the engine believes that team holds from then on, and a private event records it. Every
    card stays in one place.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=1, deck="physical")
    >>> game.deal("Fairy dust")
    >>> game.deal("Fairy dust")  # one Fairy dust in the box: Red's first card was another
    >>> game.hand("Red")
    ['Scope creep', 'Fairy dust']
    """
    deck = game.deck
    if card in deck:
        return
    for p, hand in enumerate(game.hands):
        if card in hand:
            substitute = next((c for c in COPIES[NAME[card]] if c in deck), deck[0])
            deck[deck.index(substitute)] = card
            hand[hand.index(card)] = substitute
            if game.record and NAME[substitute] != NAME[card]:
                game.events.append(Event(
                    "mismatch", p, {"card": substitute, "instead_of": card}, private=True))
            return


#: Every kind of move: its check and its effect.
MOVES: MoveTable["ScrumkinGame"] = {
    "play": Move(check_play, lay_down),
    "drop": Move(check_drop, drop),
    "take_over": Move(check_take_over, take_over),
    "counter": Move(check_counter, counter),
    "pass": Move(check_pass, let_through),
    "deal": Move(check_deal, enter_card),
}


# ----- the actions open in each phase ---------------------------------------------------------
def mover_moves(game: "ScrumkinGame") -> list[Action]:
    """The mover's moves: its cards into each game it has not played into yet, its drop, and
    in the collaborative game the items it may take over."""
    p = game.mover
    hand = game.hands[p]
    rows = game.move_rows[p][game.moves][drop_allowed(game, p)]
    out = [row[c] for row in rows for c in hand]
    if game.collaborative and not game.took_over:
        room = game.options.board - game.backlog[p]
        for giver in game.clockwise[p]:
            for count in range(1, min(game.backlog[giver], room) + 1):
                out.append(Action("take_over", p, target=giver, count=count))
    return out


def sprint_entries(game: "ScrumkinGame") -> list[Action]:
    """The sprint cards that may be entered: every one but those face up on the table (a
    public fact)."""
    face_up = {c for cards in game.table for c in cards}
    return [deal for deal in SPRINT_DEAL if deal.card not in face_up]


def action_entries(game: "ScrumkinGame") -> list[Action]:
    """Every action card is always in the action deck: each is revealed face up and goes back
    under the deck at once, so this list is the whole action deck and tells nothing."""
    return [DEALS[c] for c in sorted(game.action_deck)]


def no_actions(game: "ScrumkinGame") -> list[Action]:
    """The game is over."""
    return []


#: The actions open in each phase but COUNTER: the game's ``legal_actions`` answers the most
#: frequent question (counter the card laid, or pass) itself, without a further call.
LEGAL: dict[str, Callable[["ScrumkinGame"], list[Action]]] = {
    MOVING: mover_moves, DEAL: sprint_entries, ACTION_CARD: action_entries, OVER: no_actions,
}


# ----- who acts in each phase, and the refusal of a move the phase does not take -------------
def the_mover(game: "ScrumkinGame") -> int:
    return game.mover


def the_team_asked(game: "ScrumkinGame") -> int:
    return game.asked[0]


def the_deck(game: "ScrumkinGame") -> int:
    return CHANCE


def nobody(game: "ScrumkinGame") -> None:
    return None


def counter_pending(game: "ScrumkinGame") -> IllegalMove:
    """The team asked must answer first."""
    who, card = game.players[game.asked[0]], NAME[game.chain[-1][0]]
    return IllegalMove(
        "counter_pending",
        _("{team} must first say whether to counter {card} (counter or pass).").format(
            team=who, card=card))


def no_counter_pending(game: "ScrumkinGame") -> IllegalMove:
    return IllegalMove("no_counter_pending", _("No card is being laid down to counter now."))


def card_expected(game: "ScrumkinGame") -> IllegalMove:
    return IllegalMove(
        "card_expected", "The table is waiting for the card that was really drawn to be entered."
    )


def game_over(game: "ScrumkinGame") -> IllegalMove:
    return IllegalMove("game_over", "The game is over; no more moves can be made.")


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase of the sprint: who acts (a seat, ``CHANCE`` for a card drawn to be entered, None
    at the end), the kinds of move it takes, and the refusal of any other kind by the one to
    act."""

    to_act: Callable[["ScrumkinGame"], int | None]
    takes: frozenset[str]
    refusal: Callable[["ScrumkinGame"], IllegalMove]


_DEAL = frozenset({"deal"})
#: Every phase of a sprint.
PHASES: dict[str, Phase] = {
    DEAL: Phase(the_deck, _DEAL, card_expected),
    ACTION_CARD: Phase(the_deck, _DEAL, card_expected),
    MOVING: Phase(the_mover, frozenset({"play", "drop", "take_over"}), no_counter_pending),
    COUNTER: Phase(the_team_asked, frozenset({"counter", "pass"}), counter_pending),
    OVER: Phase(nobody, frozenset(), game_over),
}
