"""IT Startup's moves: which are possible now, each kind's check and its effect, as tables.

- :data:`LEGAL`: what each step (``game.step``) accepts, listed (``legal_actions``);
- :data:`TAKES`: the kinds of move each step takes (any other is refused by :func:`refuse`);
- :data:`MOVES`: each kind of move's check (raises :class:`IllegalMove` with a sentence for the
  room, changes nothing) and its effect.

The listing and the checks read the same rules (costs, targets, readiness). A move of the player
whose turn it is leaves the turn waiting; an answer to any other step takes that step off the
queue. The chance moves (a card, the d6, a coin, who starts, entered from a physical deck) are in
:mod:`devgames.itstartup.chance`.

>>> from devgames.itstartup.game import ItStartupGame
>>> set(MOVES) == ItStartupGame.action_kinds
True
"""

from collections.abc import Callable, Sequence
from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn

from devgames.core.actions import Action, Event, ShapeCheck, given, quick_event
from devgames.core.errors import IllegalMove
from devgames.core.moves import Move, MoveTable
from devgames.i18n import _
from devgames.itstartup import abilities, chance, setup, turns
from devgames.itstartup.cards import CARDS, EMPLOYEE_KINDS, Card
from devgames.itstartup.observer import card_name
from devgames.itstartup.printed import KEY, KIND, NAME, PRICE
from devgames.itstartup.steps import CHANCE_STEPS, DRAW_HAND, MAIN, AgentCounter, Headhunt, Keep

if TYPE_CHECKING:
    from devgames.itstartup.game import ItStartupGame
    from devgames.itstartup.operations import ItStartupTable
    from devgames.itstartup.steps import Bonus, Main, Mulligan, Order

SELL_PRICE = 1
DRAW_PRICE = 2

_NONE: frozenset[str] = frozenset()
#: The fields each kind of move carries.
check_shape = ShapeCheck({
    "deal": frozenset({"card"}), "roll": frozenset({"count"}), "flip": frozenset({"count"}),
    "first": frozenset({"target"}), "mulligan": frozenset({"cards"}),
    "play": frozenset({"card", "target"}), "plan": frozenset({"card"}),
    "sell": frozenset({"card"}), "buy": _NONE, "end_turn": _NONE,
    "activate": frozenset({"card", "target", "count"}), "transfer": frozenset({"card", "target"}),
    "keep": frozenset({"cards"}), "order": frozenset({"cards"}), "pay": _NONE,
    "decline": _NONE, "choose": frozenset({"card"}), "skip": _NONE,
    "help": frozenset({"target", "card"}),
}, "IT Startup")

# The most common actions, made once and shared (actions are immutable), indexed by seat and card.
_SEATS, _IDS = range(4), range(len(CARDS) + 1)
_SELL = [[Action("sell", p, card=c) for c in _IDS] for p in _SEATS]
_PLAN = [[Action("plan", p, card=c) for c in _IDS] for p in _SEATS]
_PLAY = [[Action("play", p, card=c) for c in _IDS] for p in _SEATS]
_END = [Action("end_turn", p) for p in _SEATS]
_BUY = [Action("buy", p) for p in _SEATS]
#: Cards played with a target: knowledge, and the TARGETED keys of abilities.
_HAS_TARGET = frozenset(
    c for c, card in CARDS.items() if card.kind == "knowledge" or card.key in abilities.TARGETED
)
_EMPLOYEES = [c for c in CARDS if KIND[c] in EMPLOYEE_KINDS]
#: Plays of the cards with a target, by seat, card and target (None for the cards that may be
#: played on nothing).
_PLAY_ON = [
    {c: {t: Action("play", p, c, t) for t in (None, *_EMPLOYEES)} for c in _HAS_TARGET}
    for p in _SEATS
]
#: Knowledge moved between developers, by seat, knowledge card and developer.
_TRANSFER = [
    {k: {d: Action("transfer", p, k, d) for d in _EMPLOYEES if KIND[d] == "developer"}
     for k in CARDS if KIND[k] == "knowledge"}
    for p in _SEATS
]
#: Undercover HR Agents sent, by seat, agent and target.
_SEND = [
    {a: {t: Action("activate", p, card=a, target=t) for t in _EMPLOYEES}
     for a in CARDS if KEY[a] == "undercover_hr_agent"}
    for p in _SEATS
]
#: Shy Frontend Developer's payments, by seat and card: ``[x - 1]`` pays x (made when first
#: needed: what a player holds has no fixed bound).
_PAYMENTS: list[dict[int, list[Action]]] = [
    {e: [] for e in CARDS if KEY[e] == "shy_frontend_developer"} for _ in _SEATS
]


class Shared(NamedTuple):
    """The actions made once (by seat, then card, then target), for a bot that makes its moves
    without listing them: the engine knows these very objects are well formed moves of their
    seat's turn (:data:`SHAPED`) and checks the rest of such a move as of any other."""

    end: list[Action]
    buy: list[Action]
    sell: list[list[Action]]
    plan: list[list[Action]]
    play: list[list[Action]]
    play_on: list[dict[int, dict[int | None, Action]]]
    transfer: list[dict[int, dict[int, Action]]]
    send: list[dict[int, dict[int, Action]]]


SHARED = Shared(_END, _BUY, _SELL, _PLAN, _PLAY, _PLAY_ON, _TRANSFER, _SEND)


#: What a card in hand offers its holder, by seat and card: (its sale, its play when it takes
#: no target, its planning when it is an action card, its printed price, its plays by
#: developer when it is knowledge).
_HAND_ROWS = [
    {c: (_SELL[p][c], None if c in _HAS_TARGET else _PLAY[p][c],
         _PLAN[p][c] if KIND[c] == "action" else None, PRICE[c],
         _PLAY_ON[p][c] if KIND[c] == "knowledge" else None) for c in CARDS}
    for p in _SEATS
]


# ----- what is possible now ---------------------------------------------------------------------
# What a card costs now never exceeds its printed price (``ItStartupTable.cost`` only takes
# off), so a player holding the printed price can afford it without working out the cost:
# ``PRICE[card] <= money or cost(...) <= money``.
def legal_turn(game: "ItStartupGame", step: "Main") -> list[Action]:
    """Every move of a player's turn: end it, sell, play, plan, buy, activate, transfer, help."""
    p = step[1]
    hand = game.hands[p]
    rows = _HAND_ROWS[p]
    money = game.resources[p]
    planned = game.planned[p]
    out = [_END[p]]  # the end of the turn, every sale, then
    more: list[Action] = []  # the plays and plans of the cards in hand, in one pass
    developers = None  # where knowledge can go: found once for the whole hand
    for card in hand:
        sell, play, plan, price, on = rows[card]
        out.append(sell)
        # Most cards take no target: one shared action when affordable (no helper call).
        if play is not None:
            if price <= money or game.cost(p, card) <= money:
                more.append(play)
        elif on is not None:  # knowledge, on each developer where affordable
            if developers is None:
                developers = play_targets(game, p, CARDS[card])
            if price <= money:
                more += map(on.__getitem__, developers)
            elif developers:
                more += _knowledge_plays(game, p, card, developers)
        else:
            more += _legal_plays(game, p, card)
        if plan is not None and planned is None:
            more.append(plan)
    out += more
    if planned is not None:
        out += _legal_plays(game, p, planned[0])
    if money >= DRAW_PRICE and len(game.deck):
        out.append(_BUY[p])
    crew = game.crews[p]
    if crew.activators:
        out += _legal_activations(game, p)
    if crew.knowledge:
        out += _legal_transfers(game, p)
    if game.tokens[p]:
        out += _legal_help(game, p)
    return out


def _legal_help(game: "ItStartupGame", p: int) -> list[Action]:
    """Tournament help tokens: +2 points to yourself, -4 to another player, or (two tokens)
    an employee of a player who has no token."""
    out = [Action("help", p)]
    out.extend(Action("help", p, target=q) for q in range(game.n) if q != p)
    if game.tokens[p] >= 2:
        out.extend(
            Action("help", p, card=e) for e in opponent_employees(game, p)
            if not game.tokens[game.controller(e)]
        )
    return out


def _legal_plays(game: "ItStartupGame", p: int, card: int) -> list[Action]:
    """Plays of a card that is not knowledge (its cost does not depend on the target)."""
    money = game.resources[p]
    if PRICE[card] > money and game.cost(p, card) > money:
        return []
    if card not in _HAS_TARGET:
        return [_PLAY[p][card]]
    return list(map(_PLAY_ON[p][card].__getitem__, play_targets(game, p, CARDS[card])))


def _knowledge_plays(game: "ItStartupGame", p: int, card: int,
                     developers: Sequence[int | None]) -> list[Action]:
    """Plays of a knowledge card dearer than player ``p`` holds at its printed price, on those
    of ``developers`` where a discount brings it within reach (the cost depends on the
    developer)."""
    money = game.resources[p]
    on = _PLAY_ON[p][card]
    return [on[d] for d in developers if game.cost(p, card, d) <= money]


def play_targets(game: "ItStartupTable", p: int, info: Card) -> Sequence[int | None]:
    """Who a card can be played on: [None] when it takes no target."""
    kind, key = info.kind, info.key
    if kind == "knowledge":  # on an outsourced developer too, unless the option forbids it
        crew = game.crews[p]
        developers = crew.developer_cards
        if not crew.borrowed or game.options.outsourced_knowledge != "not_allowed":
            return developers
        return _not_borrowed(game, developers)
    if key in ("outsourcing", "head_hunter"):
        return opponent_employees(game, p) or []
    if key == "downer_dave":
        return opponent_employees(game, p, borrowed_too=True) or [None]
    if key == "rockstar_recruiter":
        return opponent_employees(game, p, minimum=4) or [None]
    if key == "code_monkey":
        return [None, *_not_borrowed(game, game.staff[p])]
    return [None]


def opponent_employees(game: "ItStartupTable", p: int, minimum: int = 1,
                       borrowed_too: bool = False) -> list[int]:
    """Employees of other players (of players with at least ``minimum`` employees)."""
    out: list[int] = []
    crews = game.crews
    for q, staff in enumerate(game.staff):
        if q != p and len(staff) >= minimum:
            out += staff if borrowed_too or not crews[q].borrowed else _not_borrowed(game, staff)
    return out


# The filters of the listing are plain loops: a comprehension would make the names it reads
# closure cells of the whole function, paid at every call.
def _not_borrowed(game: "ItStartupTable", employees: Sequence[int]) -> list[int]:
    """Those of ``employees`` that are not held through Outsourcing."""
    states = game.employees
    out = []
    for e in employees:
        if states[e].home is None:
            out.append(e)
    return out


def _legal_activations(game: "ItStartupGame", p: int) -> list[Action]:
    out: list[Action] = []
    money = game.resources[p]
    for e in game.staff[p]:
        key = KEY[e]
        if key == "shy_frontend_developer":
            out += _payments(p, e, money)
        elif key == "undercover_hr_agent" and money >= 1 and _agent_ready(game, p, e):
            out += map(_SEND[p][e].__getitem__, opponent_employees(game, p))
    return out


def _payments(p: int, e: int, money: int) -> list[Action]:
    """Shy Frontend Developer ``e`` of seat ``p`` activated for 1 to ``money``."""
    paid = _PAYMENTS[p][e]
    while len(paid) < money:
        paid.append(Action("activate", p, card=e, count=len(paid) + 1))
    return paid[:money]


def _agent_ready(game: "ItStartupGame", p: int, agent: int) -> bool:
    if game.options.agent_uses == "per_player":
        return not game.agents_used
    return agent not in game.agents_used


def _legal_transfers(game: "ItStartupGame", p: int) -> list[Action]:
    crew = game.crews[p]
    developers: Sequence[int] = crew.developer_cards
    if crew.borrowed:
        developers = _not_borrowed(game, developers)
    out = []
    money = game.resources[p]
    employees = game.employees
    for source in developers:
        for knowledge in employees[source].knowledge:
            moves = _TRANSFER[p][knowledge]
            affordable = PRICE[knowledge] <= money
            for d in developers:
                if d != source and (affordable
                                    or game.cost(p, knowledge, d, transfer=True) <= money):
                    out.append(moves[d])
    return out


# Many moves at once (every subset of a hand...): made with positional fields, which is quicker.
def _legal_mulligans(game: "ItStartupGame", step: "Mulligan") -> list[Action]:
    p = step.player
    hand = sorted(game.hands[p])
    return [
        Action("mulligan", p, None, None, None, chosen)
        for size in range(len(hand) + 1) for chosen in combinations(hand, size)
    ]


def _legal_keeps(game: "ItStartupGame", step: Keep) -> list[Action]:
    p, size = step.player, min(step.size, len(game.looking))
    return [Action("keep", p, None, None, None, c) for c in combinations(game.looking, size)]


def _legal_orders(game: "ItStartupGame", step: "Order") -> list[Action]:
    p = step.player
    return [Action("order", p, None, None, None, c) for c in permutations(game.looking)]


def _legal_bonus(game: "ItStartupGame", step: "Bonus") -> list[Action]:
    p = step.player
    tired = [e for e in game.staff[p] if game.employees[e].burnout > 0]
    return [Action("skip", p)] + [Action("choose", p, card=e) for e in tired]


def _legal_counter(game: "ItStartupGame", step: Headhunt | AgentCounter) -> list[Action]:
    return [Action("decline", step.player), Action("pay", step.player)]


#: Every move possible now, by the kind of step the game waits on.
LEGAL: dict[str, Callable[["ItStartupGame", Any], list[Action]]] = {
    "main": legal_turn,
    "draw": chance.legal_deals, "roll": chance.legal_rolls, "flip": chance.legal_flips,
    "first": chance.legal_firsts,
    "mulligan": _legal_mulligans, "keep": _legal_keeps, "order": _legal_orders,
    "bonus": _legal_bonus, "headhunt": _legal_counter, "agent_counter": _legal_counter,
}

#: The kinds of move each kind of step takes.
TAKES: dict[str, frozenset[str]] = {
    "main": frozenset({"play", "plan", "sell", "buy", "end_turn", "activate", "transfer",
                       "help"}),
    "draw": frozenset({"deal"}), "roll": frozenset({"roll"}), "flip": frozenset({"flip"}),
    "first": frozenset({"first"}), "mulligan": frozenset({"mulligan"}),
    "keep": frozenset({"keep"}), "order": frozenset({"order"}),
    "bonus": frozenset({"choose", "skip"}), "headhunt": frozenset({"pay", "decline"}),
    "agent_counter": frozenset({"pay", "decline"}),
}


def refuse(game: "ItStartupGame", waiting: str, action: Action) -> NoReturn:
    """Refuse a kind of move the step ``waiting`` does not take."""
    if waiting == "main":
        raise IllegalMove("not_now", _("That move ({kind}) is not possible now. {waiting}")
                          .format(kind=action.kind, waiting=game.waiting_for))
    if waiting in CHANCE_STEPS:
        raise IllegalMove("card_expected", game.waiting_for)
    who = game.players[action.player]
    raise IllegalMove("decision_pending", _("{waiting} ({who} tried {kind}).").format(
        waiting=game.waiting_for, who=who, kind=action.kind))


# ----- checks of the turn's moves ---------------------------------------------------------------
def _in_hand(game: "ItStartupGame", p: int, card: Any) -> None:
    if card not in game.hands[p]:
        raise IllegalMove("card_not_in_hand",
                          _("{who} does not hold {card}.").format(who=game.players[p],
                                                                  card=card_name(card)))


def check_sell(game: "ItStartupGame", action: Action) -> None:
    """Any card of the hand sells for SELL_PRICE."""
    _in_hand(game, action.player, action.card)


def check_buy(game: "ItStartupGame", action: Action) -> None:
    """A card costs DRAW_PRICE, and the deck must not be empty."""
    if game.resources[action.player] < DRAW_PRICE or not len(game.deck):
        raise IllegalMove(
            "cannot_buy",
            _("Buying a card costs {price} resources and needs cards in the deck.").format(
                price=DRAW_PRICE),
        )


def check_plan(game: "ItStartupGame", action: Action) -> None:
    """One action card of the hand may be planned face down at a time."""
    p = action.player
    card: Any = action.card  # any value: refused below unless held
    _in_hand(game, p, card)
    if KIND[card] != "action":
        raise IllegalMove("not_an_action", _("Only action cards can be planned."))
    if game.planned[p] is not None:
        raise IllegalMove(
            "already_planned",
            _("{who} already has a planned card; play it before planning another.").format(
                who=game.players[p]),
        )


def check_play(game: "ItStartupGame", action: Action) -> None:
    """A card of the hand (or the planned one), on one of its targets, paid in full."""
    p, target = action.player, action.target
    card: Any = action.card  # any value: refused below unless held
    if card not in game.hands[p]:
        planned = game.planned[p]
        if planned is None or planned[0] != card:
            _in_hand(game, p, card)
    if card in _HAS_TARGET:
        info = CARDS[card]
        targets = play_targets(game, p, info)
        if target not in targets:
            if info.kind == "knowledge":
                text = (_("Knowledge is played on one of your own developers (not on one held "
                          "through Outsourcing, at this table).")
                        if game.options.outsourced_knowledge == "not_allowed" else
                        _("Knowledge is played on one of your own developers."))
            elif targets in ([], [None]) and info.key in ("outsourcing", "head_hunter"):
                text = _("{card} needs an opponent's employee to target, and there is "
                         "none.").format(card=info.name)
            else:
                text = _("{target} is not a target of {card} now.").format(
                    target=card_name(target) if target else _("No target"), card=info.name)
            raise IllegalMove("bad_target", text)
    elif target is not None:  # a card without a target is played on nothing
        raise IllegalMove("bad_target",
                          _("{target} is not a target of {card} now.").format(
                              target=card_name(target), card=NAME[card]))
    money = game.resources[p]
    if PRICE[card] <= money:  # what a card costs now is never more than printed
        return
    price = game.cost(p, card, target)
    if price > money:
        raise IllegalMove(
            "not_enough_resources",
            _("{card} costs {price} now; {who} has {money}.").format(
                card=NAME[card], price=price, who=game.players[p], money=money),
        )


def check_activate(game: "ItStartupGame", action: Action) -> None:
    """Shy Frontend Developer (pay X from 1 to what you have) or an Undercover HR Agent
    (ready, 1 resource, an opponent's own employee)."""
    p, e = action.player, action.card
    if action in _legal_activations(game, p):
        return
    if e not in game.staff[p]:
        raise IllegalMove("not_your_employee", _("{who} does not employ that card.").format(
            who=game.players[p]))
    key = KEY[e]
    if key == "shy_frontend_developer":
        raise IllegalMove(
            "bad_amount",
            _("Pay between 1 and {most} resources for Shy Frontend Developer.").format(
                most=game.resources[p]),
        )
    if key == "undercover_hr_agent":
        if not _agent_ready(game, p, e):
            raise IllegalMove("agent_used", _("This Undercover HR Agent was used this turn."))
        raise IllegalMove(
            "bad_target",
            _("The Agent costs {price} and targets an opponent's employee (not an outsourced "
              "one).").format(price=abilities.AGENT_PRICE),
        )
    raise IllegalMove("no_ability", _("{card} has no ability to activate.").format(card=NAME[e]))


def check_transfer(game: "ItStartupGame", action: Action) -> None:
    """Knowledge moves between two of the player's own developers, paying its cost."""
    if action not in _legal_transfers(game, action.player):
        raise IllegalMove(
            "bad_transfer",
            _("Knowledge moves between two of your own developers (not outsourced ones), "
              "paying its cost."),
        )


def check_help(game: "ItStartupGame", action: Action) -> None:
    """Tournament help tokens (see :func:`_legal_help`)."""
    if not (game.tokens[action.player] and action in _legal_help(game, action.player)):
        raise IllegalMove(
            "no_help_token",
            _("Help tokens are for tournaments: one gives +2 points to you or -4 to another "
              "player; two take an employee of a player without tokens."),
        )


def check_end_turn(game: "ItStartupGame", action: Action) -> None:
    """The player whose turn it is may end it at any time."""


# ----- checks of the answers to a decision ------------------------------------------------------
def _listed(game: "ItStartupGame", action: Action) -> bool:
    return action in game.legal_actions()


def _who(game: "ItStartupGame", action: Action) -> str:
    return game.players[action.player]


def _seen(game: "ItStartupGame") -> str:
    return ", ".join(NAME[c] for c in game.looking)


def _picked(cards: Any, pool: list[int], size: int | None = None) -> bool | None:
    """Whether ``cards`` are ``size`` (any number, for None) of the distinct cards of ``pool``,
    in their order there: the answers the listing holds, found without listing them. None when
    ``cards`` is not a tuple of ints (the caller asks the listing, which compares any value).

    >>> _picked((3, 9), [1, 3, 5, 9]), _picked((9, 3), [1, 3, 5, 9]), _picked([3], [3])
    (True, False, None)
    """
    if type(cards) is not tuple:
        return None
    if size is not None and len(cards) != size:
        return False
    start = 0
    for card in cards:
        if type(card) is not int:
            return None
        try:
            start = pool.index(card, start) + 1
        except ValueError:
            return False
    return True


def check_mulligan(game: "ItStartupGame", action: Action) -> None:
    """Cards of the opening hand, each once, smallest id first (as listed)."""
    legal = _picked(action.cards, sorted(game.hands[action.player]))
    if not (_listed(game, action) if legal is None else legal):
        raise IllegalMove("bad_choice", _("{who} can put back only cards of the opening hand, "
                                          "each once.").format(who=_who(game, action)))


def check_keep(game: "ItStartupGame", action: Action) -> None:
    """As many cards as the step keeps (or all looked at, when fewer), in the order looked at."""
    step = game.steps[0]
    assert isinstance(step, Keep)  # taken only by a keep step
    size = min(step.size, len(game.looking))
    legal = _picked(action.cards, game.looking, size)
    if not (_listed(game, action) if legal is None else legal):
        raise IllegalMove("bad_choice",
                          _("{who} keeps exactly {n} of: {cards}.").format(
                              who=_who(game, action), n=size, cards=_seen(game)))


def check_order(game: "ItStartupGame", action: Action) -> None:
    """Every card looked at, each once, in any order."""
    cards, looking = action.cards, game.looking
    if type(cards) is tuple and all(type(card) is int for card in cards):
        legal = len(cards) == len(looking) and sorted(cards) == sorted(looking)
    else:
        legal = _listed(game, action)
    if not legal:
        raise IllegalMove("bad_choice",
                          _("Name each card looked at once, top first: {cards}.").format(
                              cards=_seen(game)))


def check_choose(game: "ItStartupGame", action: Action) -> None:
    if not _listed(game, action):
        raise IllegalMove("bad_choice", _("Choose one of your employees with burnout."))


def check_pay(game: "ItStartupGame", action: Action) -> None:
    if not _listed(game, action):
        raise IllegalMove("not_enough_resources",
                          _("{who} cannot pay that much.").format(who=_who(game, action)))


def check_listed(game: "ItStartupGame", action: Action) -> None:
    """An answer that is one of the listed moves (to skip or to decline)."""
    if not _listed(game, action):
        who = _who(game, action)
        raise IllegalMove("decision_pending",
                          _("{waiting} ({who} tried {kind}).").format(
                              waiting=game.waiting_for, who=who, kind=action.kind))


# ----- effects of the turn's moves (the turn stays the step waited on) ---------------------------
def play(game: "ItStartupGame", action: Action) -> None:
    """Pay, take the card from the hand (or the plan), hire or teach, then the card's ability;
    an action card goes under the deck (unless its effect decides when)."""
    p, target = action.player, action.target
    card = action.card or 0
    price = game.cost(p, card, target)
    game.resources[p] -= price
    planned = game.planned[p]
    if planned is not None and planned[0] == card:
        game.planned[p] = None
    else:
        game.hands[p].remove(card)
    _forget_marks(game, card)
    kind = KIND[card]
    if game.record:
        game.events.append(quick_event(("play", p, {"card": card, "target": target, "paid": price},
                                              False)))
    if kind in EMPLOYEE_KINDS:
        game.hire(p, card)
    elif kind == "knowledge":
        game.teach(p, given(target), card)
    abilities.on_play(game, p, card, target, price)
    if kind == "action" and KEY[card] not in abilities.KEPT_BY_EFFECT:
        game.deck.put_bottom(card)


def _forget_marks(game: "ItStartupGame", card: int) -> None:
    """A free play or discount belongs to the card drawn while it stays in the hand."""
    if game.free_developers or game.free_actions or game.knowledge_discount:  # seldom any
        game.free_developers.discard(card)
        game.free_actions.discard(card)
        game.knowledge_discount.discard(card)


def plan(game: "ItStartupGame", action: Action) -> None:
    p, card = action.player, action.card or 0
    game.hands[p].remove(card)
    _forget_marks(game, card)
    game.planned[p] = (card, game.turns[p])
    if game.record:
        game.events.append(Event("plan", p, {"card": card}, private=True))


def sell(game: "ItStartupGame", action: Action) -> None:
    p, card = action.player, action.card or 0
    game.hands[p].remove(card)
    _forget_marks(game, card)
    game.deck.put_bottom(card)
    game.gain(p, SELL_PRICE)
    if game.record:
        game.events.append(quick_event(("sell", p, {"card": card}, True)))


def buy(game: "ItStartupGame", action: Action) -> None:
    p = action.player
    game.resources[p] -= DRAW_PRICE
    if game.record:
        game.events.append(quick_event(("buy", p, {}, False)))
    if game.physical:  # the card drawn is entered
        game.steps.insert(0, DRAW_HAND[p])
    else:
        chance.draw_now(game, DRAW_HAND[p])


def activate(game: "ItStartupGame", action: Action) -> None:
    """Shy Frontend Developer: +X efficiency this turn for X; or an Undercover HR Agent."""
    p, e, amount = action.player, action.card or 0, action.count
    if amount is not None:
        game.resources[p] -= amount
        game.shy_bonus[e] = game.shy_bonus.get(e, 0) + amount
        game.events.append(Event("activate", p, {"card": e, "paid": amount}))
        return
    abilities.send_agent(game, p, e, action.target)


def transfer(game: "ItStartupGame", action: Action) -> None:
    p, knowledge, target = action.player, action.card or 0, action.target or 0
    price = game.cost(p, knowledge, target, transfer=True)
    game.resources[p] -= price
    source = next(e for e in game.staff[p] if knowledge in game.employees[e].knowledge)
    game.unteach(p, source, knowledge)
    game.teach(p, target, knowledge)
    game.events.append(Event("transfer", p, {"card": knowledge, "from": source,
                                             "to": target, "paid": price}))


def help_token(game: "ItStartupGame", action: Action) -> None:
    """Two tokens take an employee; one gives -4 points to another player, or +2 to oneself."""
    p, target, employee = action.player, action.target, action.card
    if employee is not None:
        game.tokens[p] -= 2
        game.take_employee(p, employee, "help_tokens")
    elif target is not None:
        game.tokens[p] -= 1
        lowered = game.points[target] - 4
        game.points[target] = lowered if game.options.help_below_zero else max(0, lowered)
        game.events.append(Event("help", p, {"target": target, "points": -4}))
    else:
        game.tokens[p] -= 1
        game.points[p] += 2
        game.events.append(Event("help", p, {"target": p, "points": 2}))


def end_turn(game: "ItStartupGame", action: Action) -> None:
    del game.steps[0]
    turns.end(game, action.player)


# ----- effects of the answers (each takes the step it answers off the queue) --------------------
def mulligan(game: "ItStartupGame", action: Action) -> None:
    del game.steps[0]
    setup.mulligan(game, action.player, action.cards or ())


def keep(game: "ItStartupGame", action: Action) -> None:
    """The cards kept go to the hand; the others under the deck."""
    del game.steps[0]
    p, cards = action.player, action.cards or ()
    for card in cards:
        game.hands[p].append(card)
    for card in game.looking:
        if card not in cards:
            game.deck.put_bottom(card)
    _looked(game, action)


def order(game: "ItStartupGame", action: Action) -> None:
    """Back on top, the first named on top."""
    del game.steps[0]
    for card in reversed(action.cards or ()):
        game.deck.put_top(card)
    _looked(game, action)


def _looked(game: "ItStartupGame", action: Action) -> None:
    game.events.append(Event(action.kind, action.player, {"cards": list(action.cards or ())},
                             private=True))
    game.looking = []


def _counter(pays: bool) -> Callable[["ItStartupGame", Action], None]:
    """Paying or not paying a pending counter (Head Hunter, Undercover HR Agent)."""

    def answer(game: "ItStartupGame", action: Action) -> None:
        step = game.steps.pop(0)
        assert isinstance(step, Headhunt | AgentCounter)
        abilities.answer_counter(game, step, pays)

    return answer


def choose(game: "ItStartupGame", action: Action) -> None:
    """The planning bonus: 1 burnout off the employee chosen."""
    del game.steps[0]
    card = action.card or 0
    game.rest(card, 1)
    game.events.append(Event("planning_bonus", action.player, {"card": card}))


def skip(game: "ItStartupGame", action: Action) -> None:
    del game.steps[0]


#: Each kind of move: its check and its effect.
MOVES: MoveTable["ItStartupGame"] = {
    "play": Move(check_play, play),
    "plan": Move(check_plan, plan),
    "sell": Move(check_sell, sell),
    "buy": Move(check_buy, buy),
    "activate": Move(check_activate, activate),
    "transfer": Move(check_transfer, transfer),
    "help": Move(check_help, help_token),
    "end_turn": Move(check_end_turn, end_turn),
    "deal": Move(chance.check_deal, chance.deal),
    "roll": Move(chance.check_value, chance.roll),
    "flip": Move(chance.check_value, chance.flip),
    "first": Move(chance.check_value, chance.first),
    "mulligan": Move(check_mulligan, mulligan),
    "keep": Move(check_keep, keep),
    "order": Move(check_order, order),
    "choose": Move(check_choose, choose),
    "skip": Move(check_listed, skip),
    "pay": Move(check_pay, _counter(True)),
    "decline": Move(check_listed, _counter(False)),
}


def _shaped() -> dict[Action, tuple[Action, "Main", Callable[["ItStartupGame", Action], None]]]:
    """The actions of :data:`SHARED`, each checked for its shape once: by each, itself, the
    turn it is a move of (its seat's) and its kind's check."""
    actions: list[Action] = [*_END, *_BUY]
    for rows in (_SELL, _PLAN, _PLAY):
        for row in rows:
            actions += row
    tables: list[dict[int, dict[Any, Action]]] = [*_PLAY_ON, *_TRANSFER, *_SEND]
    for table in tables:
        for by_target in table.values():
            actions += by_target.values()
    for action in actions:
        check_shape(action)
        assert action.kind in TAKES["main"]  # a move of a player's turn
    return {action: (action, MAIN[action.player], MOVES[action.kind].check)
            for action in actions}


#: The shared actions: ``ItStartupGame._check`` does not check the shape of one of these very
#: objects again (an equal action made elsewhere is found here but is not the same object: its
#: shape is checked), and on its seat's turn it only runs its kind's check (the seat is the one
#: to act, and the turn takes every kind of them). Keyed by the action, not by its id: making
#: and hashing an id costs more.
SHAPED = _shaped()
