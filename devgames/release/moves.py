"""The moves of Release!: the actions each phase allows (:data:`LEGAL_ACTIONS`, :data:`KINDS`)
and, for each kind of action, its check and its effect (:data:`MOVES`).

A check raises :class:`devgames.core.errors.IllegalMove` with a sentence for the facilitator
and changes nothing; an effect carries out a move its check passed, and hands the table on to
what follows (the end of the iteration, the reveals, the passes, the next release) through the
game's own steps.

>>> from devgames import release
>>> game = release.new_game(["Ada", "Bob", "Cy"], seed=4)
>>> sorted(MOVES) == sorted(game.action_kinds), KINDS[game.phase]
(True, ('commit',))
"""

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from devgames.core.actions import CHANCE, Action, Event
from devgames.core.errors import IllegalMove
from devgames.core.moves import Move, MoveTable
from devgames.i18n import _
from devgames.release.cards import SUITS
from devgames.release.observer import card_words, coin_name
from devgames.release.phases import COMMIT, DEAL, LEAD, OVER, PASS, REVEAL, SWAP

if TYPE_CHECKING:
    from devgames.release.game import ReleaseGame


# ----- what each phase allows -------------------------------------------------------------------
def enterable(game: "ReleaseGame") -> list[int]:
    """Physical deck: the cards the facilitator may enter now, in card order.

    The list is on the projector, so it never depends on what the engine knows and the room
    does not; only what everybody saw narrows it. A Tools & Methods card: those not revealed
    since the pile was last made up (the others were all shown face up). A card dealt: every
    play card of this table, whatever was entered before (the hands are secret). The card a
    Kent Beck swap took: every card in anybody's artifacts, that is the cards of the
    iterations collected this release, which everybody saw; not the other player's own pile,
    which an earlier swap may have changed in secret. An entry that contradicts what the
    engine believes is reconciled (:func:`swap_from_hand`, :meth:`ReleaseGame._swapped`).
    """
    assert game.chance is not None
    reason = game.chance[0]
    if reason == "method":
        return sorted(c for c, k in game.method_pool.items() if k)
    if reason == "hand":
        return game.dealable
    return sorted({c for pile in game.artifacts for c in pile})


def revealable(game: "ReleaseGame", p: int) -> list[int]:
    """The cards ``p`` holds that may be revealed now (after this iteration's winner is
    known): an ``after_winning`` card for the winner, ``after_other_wins`` for the others."""
    held = game._reveals["after_winning" if p == game.winner else "after_other_wins"]
    return [c for c in game.hands[p] if c in held]


def may_reveal(game: "ReleaseGame", p: int) -> bool:
    """Whether ``p`` holds a card that may be revealed now (see :func:`revealable`)."""
    held = game._reveals["after_winning" if p == game.winner else "after_other_wins"]
    return not held.isdisjoint(game.hands[p])


def _commit_actions(game: "ReleaseGame") -> list[Action]:
    """A card of the hand, of the suit led if the hand holds one."""
    p = game.turn
    row = game._commit_t[p]
    hand = game.hands[p]
    if game.trick:
        suit_of = game.suit_of
        led = game.led_suit
        follow = [c for c in hand if suit_of[c] == led]
        if follow:
            hand = follow
    return [row[c] for c in (sorted(hand) if game.decks == 1 else sorted(set(hand)))]


def _pass_actions(game: "ReleaseGame") -> list[Action]:
    p = game.passers[0]
    row = game._pass_t[p]
    return [row[c] for c in sorted(set(game.hands[p]))]


def _reveal_actions(game: "ReleaseGame") -> list[Action]:
    """Decline, or a card that may be revealed swapped with any card of the iteration."""
    p = game.asked[0]
    out = [game._decline_t[p]]
    for held in sorted(set(revealable(game, p))):
        out += [Action("reveal", p, card=held, count=i) for i in range(len(game.trick))]
    return out


def _swap_actions(game: "ReleaseGame") -> list[Action]:
    """Decline, or a card of one's artifacts given for a card of another player's."""
    p = game.kent
    out = [game._decline_t[p]]
    targets = [q for q in range(game.n) if q != p and game.artifacts[q]]
    for card in sorted(set(game.artifacts[p])):
        out += [Action("swap", p, card=card, target=q) for q in targets]
    return out


def _lead_actions(game: "ReleaseGame") -> list[Action]:
    return [Action("lead", game.chooser, target=q)
            for q in game.teams[game.team_of[game.chooser]]]


def _deal_actions(game: "ReleaseGame") -> list[Action]:
    """Who won the coin for the first lead, or a card to enter."""
    if game.coin:
        return [Action("deal", CHANCE, target=q) for q in game.coin]
    return [game._deal_t[c] for c in enterable(game)]


#: Every action allowed now, by phase.
LEGAL_ACTIONS: Mapping[str, Callable[["ReleaseGame"], list[Action]]] = {
    COMMIT: _commit_actions,
    PASS: _pass_actions,
    REVEAL: _reveal_actions,
    SWAP: _swap_actions,
    LEAD: _lead_actions,
    DEAL: _deal_actions,
    OVER: lambda game: [],
}

#: The kinds of action each phase allows (the game over allows none).
KINDS: Mapping[str, tuple[str, ...]] = {
    DEAL: ("deal",), LEAD: ("lead",), COMMIT: ("commit",), SWAP: ("swap", "decline"),
    REVEAL: ("reveal", "decline"), PASS: ("pass",),
}


# ----- checks (never change anything) ----------------------------------------------------------
def require_held(game: "ReleaseGame", p: int, card: Any, verb: str) -> int:
    """``card`` if ``p`` holds it; IllegalMove otherwise."""
    if card not in game.cards:
        if card is None:
            raise IllegalMove("card_expected", _("Name the card to commit.") if verb == "commit"
                              else _("Name the card to pass."))
        raise IllegalMove("unknown_card", _("Release! has no play card with the id {card}.")
                          .format(card=repr(card)))
    if card not in game.hands[p]:
        raise IllegalMove("card_not_in_hand",
                          _("{who} does not hold {card}.").format(
                              who=game.players[p], card=game.cards[card].label))
    return card


def check_commit(game: "ReleaseGame", action: Action) -> None:
    """A card held, of the suit led when the hand holds one."""
    p = action.player
    card = require_held(game, p, action.card, "commit")
    if game.trick:
        suit, suit_of = game.led_suit, game.suit_of
        if suit_of[card] != suit and any(suit_of[c] == suit for c in game.hands[p]):
            raise IllegalMove("follow_suit", _("{who} holds {suit} and must commit one: {suit} "
                                               "were led.").format(who=game.players[p],
                                                                   suit=SUITS[suit]))


def check_deal(game: "ReleaseGame", action: Action) -> None:
    """A seat the coin may give the first lead to, or a card that may be entered now."""
    if game.coin:
        if action.card is not None or action.target not in game.coin:
            names = " or ".join(coin_name(game, q) for q in game.coin)
            raise IllegalMove("not_tied", _("Not now: enter who won the coin toss for the "
                                            "first lead: {names}.").format(names=names))
    elif action.target is not None or action.card not in enterable(game):
        what = card_words(game, action.card)
        raise IllegalMove("card_not_in_deck", _("Not now: {card} cannot be entered; enter the "
                                                "card really revealed, dealt or taken.").format(
                                                    card=what))


def check_lead(game: "ReleaseGame", action: Action) -> None:
    """A teammate of the chooser."""
    team = game.teams[game.team_of[action.player]]
    if action.target not in team:
        names = " or ".join(game.players[q] for q in team)
        raise IllegalMove("not_a_teammate", _("The team's first lead is {names}.").format(
            names=names))


def check_pass(game: "ReleaseGame", action: Action) -> None:
    require_held(game, action.player, action.card, "pass")


def check_swap(game: "ReleaseGame", action: Action) -> None:
    """A card of one's artifacts, and another player who has artifacts."""
    p, card, target = action.player, action.card, action.target
    if card not in game.cards:
        raise IllegalMove("card_expected", _("Name the card of your artifacts to swap."))
    if card not in game.artifacts[p]:
        raise IllegalMove("not_in_artifacts", _("{who} has no {card} in their artifacts.")
                          .format(who=game.players[p], card=game.cards[card].label))
    if type(target) is not int or not 0 <= target < game.n or target == p:
        raise IllegalMove("bad_target", _("Choose another player whose artifacts to swap "
                                          "with."))
    if not game.artifacts[target]:
        raise IllegalMove("no_artifacts", _("{who} has no artifacts yet.").format(
            who=game.players[target]))


def check_reveal(game: "ReleaseGame", action: Action) -> None:
    """A card that may be revealed now, and a place in the iteration."""
    p, card, position = action.player, action.card, action.count
    if card not in game.cards:
        raise IllegalMove("card_expected", _("Name the card to reveal."))
    if card not in revealable(game, p):
        raise IllegalMove("cannot_reveal", _("{who} holds no {card} that can be revealed now.")
                          .format(who=game.players[p], card=game.cards[card].label))
    if type(position) is not int or not 0 <= position < len(game.trick):
        raise IllegalMove("bad_position", _("Choose a card of this iteration, from 0 to {last} "
                                            "in the order committed.").format(
                                                last=len(game.trick) - 1))


def _may_decline(game: "ReleaseGame", action: Action) -> None:
    """A Kent Beck swap and a reveal are a "may": declining is always allowed."""


# ----- effects ----------------------------------------------------------------------------------
def commit(game: "ReleaseGame", action: Action) -> None:
    """The card joins the iteration with its rank; a face card's ability on commit (points at
    once, a Kent Beck swap); the next player, or the end of the iteration."""
    p, card = action.player, action.card or 0
    game.hands[p].remove(card)
    info = game.cards[card]
    trick = game.trick
    suit = info.suit
    if not trick:
        led = game.led_suit = suit
    else:
        led = game.led_suit
        if suit != led:
            game.breaks[p] += 1
    rank: float = info.rank
    ability = info.ability
    if ability is not None and ability.trigger == "rank":
        if not trick:
            rank = ability.led
        elif ability.effect == "fixed":
            rank = ability.value
        else:
            rank = trick[-1][2] + ability.value
    trick.append((p, card, rank))
    game.events.append(Event("commit", p, {"card": card, "rank": rank,
                                           "broke_suit": suit != led}))
    if ability is not None and ability.trigger == "on_commit":
        if ability.effect == "score":
            if not ability.if_last or game.iteration == game.hand_size:
                game._immediate(p, int(ability.value), card)
        elif any(game.artifacts[q] for q in range(game.n) if q != p) and game.artifacts[p]:
            game.kent = p
            game.phase = SWAP
            return
        else:
            game.events.append(Event("no_swap", p, {"card": card}))
    if len(trick) == game.n:
        game.kent = -1
        game._end_iteration()
    else:
        game.turn = (game.turn + 1) % game.n


def pass_card(game: "ReleaseGame", action: Action) -> None:
    """The card chosen is set aside; once everybody chose, all pass at once."""
    p, card = action.player, action.card or 0
    game.hands[p].remove(card)
    game.passing[p] = card
    del game.passers[0]
    if game.passers:
        return
    step = game.passes.pop(0)
    n = game.n
    for q, passed in game.passing.items():
        to = (q + step) % n
        game.hands[to].append(passed)
        game.events.append(Event("passed", to, {"from": q, "card": passed}, private=True))
    game.events.append(Event("pass", None, {"direction": step}))
    game.passing = {}
    game._next_pass()


def decline(game: "ReleaseGame", action: Action) -> None:
    """No Kent Beck swap (the iteration goes on), or no card revealed (the next one asked)."""
    game.events.append(Event("decline", action.player, {"phase": game.phase}))
    if game.phase == SWAP:
        game._after_commit()
    else:
        game._next_reveal()


def reveal(game: "ReleaseGame", action: Action) -> None:
    """The card revealed takes the place (and the rank) of a card of the iteration, which goes
    to the hand."""
    p, held = action.player, action.card or 0
    seat, taken, rank = game.trick[action.count or 0]
    game.hands[p].remove(held)
    game.hands[p].append(taken)
    game.trick[action.count or 0] = (seat, held, rank)
    game.events.append(Event("reveal", p, {"card": held, "taken": taken}))
    game._next_reveal()


def swap(game: "ReleaseGame", action: Action) -> None:
    """Kent Beck: a random card of the target's artifacts (physical deck: entered by the
    table) for the card given."""
    p, target = action.player, action.target or 0
    game.kent_card = action.card or 0
    if game.physical:
        game.chance = ("taken", p, target)
        game.phase = DEAL
        return
    pile = game.artifacts[target]
    taken = pile[game.rng.randrange(len(pile))]
    game.chance_steps += 1
    game._swapped(p, target, game.kent_card, taken)


def lead(game: "ReleaseGame", action: Action) -> None:
    """The teammate named leads the first iteration."""
    target = action.target or 0
    game.events.append(Event("lead", action.player, {"leader": target}))
    game._start_iteration(target)


def deal(game: "ReleaseGame", action: Action) -> None:
    """Physical deck: who won the coin leads first; a card entered is the Tools & Methods card
    revealed, a card dealt, or the card a Kent Beck swap took."""
    if game.coin:
        seat = action.target or 0
        game.coin = []
        game.chance = None
        game.events.append(Event("coin", None, {"seat": seat}))
        game._lead_from(seat)
        return
    card = action.card or 0
    assert game.chance is not None
    reason, p, q = game.chance
    if reason == "method":
        game.method_pool[card] -= 1
        game._reveal_method(card)
        game.chance = ("hand", game.to_deal[0], 0)
    elif reason == "hand":
        if not game.pool[card]:
            swap_from_hand(game, card, p)
        game.pool[card] -= 1
        seat = game.to_deal.pop(0)
        game.hands[seat].append(card)
        game.events.append(Event("deal", seat, {"cards": [card]}, private=True))
        if game.to_deal:
            game.chance = ("hand", game.to_deal[0], 0)
        else:
            game._dealt()
    else:  # the card a Kent Beck swap really took
        game.chance = None
        game._swapped(p, q, game.kent_card, card)


def swap_from_hand(game: "ReleaseGame", card: int, p: int) -> None:
    """Physical deck: ``card`` is dealt to ``p``, but every copy was entered already: one of
    those entries was a slip, and that hand holds another card not entered yet. The cards on
    the table are the truth; the engine keeps every count right and tells nobody.

    The copy is taken from ``p``'s own hand (they see the card dealt anyway), else from the
    first hand in seat order after theirs that holds one, the copy entered last. In its
    place goes the likeliest card not entered yet: the one with the most copies left (the
    first in card order on a tie).
    """
    pool, n = game.pool, game.n
    instead = max(sorted(c for c, k in pool.items() if k), key=pool.__getitem__)
    pool[instead] -= 1
    pool[card] += 1
    seat = next(q for q in ((p + i) % n for i in range(n)) if card in game.hands[q])
    hand = game.hands[seat]
    hand[len(hand) - 1 - hand[::-1].index(card)] = instead
    game.events.append(Event("mismatch", None, {"seat": seat, "believed": card,
                                                "card": instead}, private=True))


#: Each kind of action: its check (after the turn and the phase's kinds) and its effect.
MOVES: MoveTable["ReleaseGame"] = {
    "commit": Move(check_commit, commit),
    "pass": Move(check_pass, pass_card),
    "decline": Move(_may_decline, decline),
    "reveal": Move(check_reveal, reveal),
    "swap": Move(check_swap, swap),
    "lead": Move(check_lead, lead),
    "deal": Move(check_deal, deal),
}
