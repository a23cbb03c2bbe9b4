"""What each player of Exploding Git Commits sees, and the sentences the table reads.

The view of the table (``view(None)``, for the projector) or of one seat (their hand and what
they know of the draw stack besides), its typed shape (:class:`ExplodingView`), a seat's
secrets, the sentence of what the table waits for, of each move and of each public event.
Functions of the game, which its methods of the same names call.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypedDict

from devgames.core.actions import CHANCE, Action, Event
from devgames.core.wording import percent
from devgames.exploding.cards import EXPLODING
from devgames.exploding.rules import (
    DEAL,
    DEALT,
    DEFUSE,
    GIVE,
    HAND_KIND,
    NAME,
    NOPE_WINDOW,
    OVER,
    PICK,
    PLAY,
    STEAL,
    card_name,
    position_words,
)
from devgames.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from devgames.exploding.game import ExplodingGame


class _Seat(TypedDict):
    name: str
    alive: bool
    hand_size: int
    turns_owed: int


class SeatView(_Seat, total=False):
    """A player as the table sees them; ``eliminated_order`` only for players out."""

    eliminated_order: int


class PendingView(TypedDict):
    """The card or combo waiting for Nopes: in words, who played it, the Nopes said so far."""

    card: str
    by: str
    nopes: int
    stands: bool


class HandCard(TypedDict):
    """A card in a player's hand: its id, name and how it is labelled."""

    id: int
    card: str
    kind: str


class KnownCard(TypedDict):
    """A card a player knows in the draw stack, and its place from the top (0)."""

    position: int
    card: str


class _TableView(TypedDict):
    game: str
    phase: str
    waiting_for: str
    current_player: str | None
    turn: int
    turn_player: str
    turns_owed: int
    deck_size: int
    exploding_in_deck: int
    chance_next_explodes: float
    discard_top: str | None
    discard_size: int
    discard: list[str]
    removed_from_game: list[str]
    players: list[SeatView]
    eliminated: list[str]
    pending: PendingView | None
    is_over: bool
    winners: list[str]
    result: str
    aside: list[str]


class ExplodingView(_TableView, total=False):
    """The table as a player sees it: the public view, and for a seat its own hand and what
    it knows of the draw stack (the keys from ``you`` on)."""

    you: str
    hand: list[HandCard]
    known_top: list[KnownCard]
    your_chance_next_explodes: float


def view(game: "ExplodingGame", player: int | str | None) -> ExplodingView:
    """The table as ``player`` sees it (:meth:`devgames.exploding.game.ExplodingGame.view`).

    >>> from devgames import exploding
    >>> game = exploding.new_game(["Ada", "Bob"], seed=1)
    >>> view(game, None)["deck_size"], [card["kind"] for card in view(game, "Ada")["hand"]][-1]
    (41, 'rescue')
    """
    current = game.current_player
    pending = game.pending
    out: ExplodingView = {
        "game": game.name,
        "phase": game.phase,
        "waiting_for": waiting_for(game),
        "current_player": game.players[current] if current is not None and current >= 0
        else ("deck" if current == CHANCE else None),
        "turn": game.turn_no,
        "turn_player": game.players[game.turn_player],
        "turns_owed": 0 if game.is_over else game.turns_left,
        "deck_size": len(game.deck),
        "exploding_in_deck": game.exploding_in_deck,
        "chance_next_explodes": round(chance_next_explodes(game), 4),
        "discard_top": NAME[game.discard[-1]] if game.discard else None,
        "discard_size": len(game.discard),
        "discard": [NAME[c] for c in reversed(game.discard)],
        "removed_from_game": [NAME[c] for c in game.removed],
        "players": [_seat_view(game, p) for p in range(game.n)],
        "eliminated": [game.players[p] for p in game.eliminated],
        "pending": {
            "card": pending_words(game),
            "by": game.players[pending.player],
            "nopes": game.nopes,
            "stands": game.nopes % 2 == 0,
        } if pending is not None else None,
        "is_over": game.is_over,
        "winners": game.winners,
        "result": game.result,
        # Kept for notebooks and tests, left off the projector: the big line says whose
        # turn it is, the players' rows the turns owed and who is out; the discard pile is
        # told by its top card and its size.
        "aside": ["phase", "turn_player", "turns_owed", "discard", "eliminated"],
    }
    if player is not None:
        p = game.seat(player)
        out["you"] = game.players[p]
        out["hand"] = [{"id": c, "card": NAME[c], "kind": HAND_KIND[c]} for c in game.hands[p]]
        out["known_top"] = [{"position": i, "card": NAME[c]}
                            for i, c in enumerate(game.known[p]) if c is not None]
        out["your_chance_next_explodes"] = round(chance_next_explodes(game, p), 4)
    return out


def _seat_view(game: "ExplodingGame", p: int) -> SeatView:
    """A player as the table sees them; ``eliminated_order`` only for players out."""
    seat: SeatView = {
        "name": game.players[p],
        "alive": game.alive[p],
        "hand_size": len(game.hands[p]),
        "turns_owed": game.turns_left if p == game.turn_player and not game.is_over else 0,
    }
    if not game.alive[p]:
        seat["eliminated_order"] = game.eliminated.index(p) + 1
    return seat


def chance_next_explodes(game: "ExplodingGame", player: int | str | None = None) -> float:
    """The chance that the next card drawn is an Exploding Git Commit, from the public counts
    or from what ``player`` knows besides
    (:meth:`~devgames.exploding.game.ExplodingGame.chance_next_explodes`)."""
    deck_size = len(game.deck)
    if not deck_size:
        return 0.0
    if player is None:
        return game.exploding_in_deck / deck_size
    known = game.known[game.seat(player)]
    if known and known[0] is not None:
        return 1.0 if known[0] == EXPLODING else 0.0
    seen = [c for c in known if c is not None]
    unknown = deck_size - len(seen)
    return (game.exploding_in_deck - seen.count(EXPLODING)) / unknown if unknown else 0.0


def secrets(game: "ExplodingGame", player: int | str) -> list[str]:
    """What the player knows of the draw stack, and then their own chance that the next card
    drawn explodes (:meth:`~devgames.exploding.game.ExplodingGame.secrets`)."""
    p = game.seat(player)
    size = len(game.deck)
    seen = [_("{card} {place}").format(card=NAME[c], place=position_words(i, size))
            for i, c in enumerate(game.known[p]) if c is not None]
    if not seen:
        return []
    chance = percent(chance_next_explodes(game, p))
    return [_("You know the draw stack: {cards}.").format(cards=", ".join(seen)),
            _("So the chance that the next card drawn explodes is {chance}.").format(
                chance=chance)]


def pending_words(game: "ExplodingGame") -> str:
    """The card or combo waiting for Nopes, in words: "Ada's Shuffle".

    >>> from devgames import exploding
    >>> game = exploding.new_game(["Ada", "Bob"], seed=12)
    >>> game.play("Ada", "Shuffle"); pending_words(game)
    "Ada's Shuffle"
    """
    action = game.pending
    if action is None:
        return _("nothing")
    who = game.players[action.player]
    if action.kind == "play":
        what = card_name(action.card)
        if action.target is not None:
            what = _("{card} on {target}").format(card=what, target=game.players[action.target])
    else:
        what = combo_words(game, action.cards or (), action.target, action.card)
    return _("{who}'s {what}").format(who=who, what=what)


def combo_words(game: "ExplodingGame", cards: tuple[int, ...], target: int | None,
                named: int | None) -> str:
    """A combo in words: "pair of Spaghetti Code against Bob"."""
    size = len(cards)
    if size == 5:
        return _("five-card combo ({cards})").format(cards=", ".join(NAME[c] for c in cards))
    victim = game.players[target] if target is not None and 0 <= target < game.n else "?"
    if size == 2:
        return _("pair of {card} against {victim}").format(card=NAME[cards[0]], victim=victim)
    return _("three {card} asking {victim} for {named}").format(
        card=NAME[cards[0]], victim=victim, named=card_name(named))


# ----- what the table waits for, by phase ------------------------------------------------------
def waiting_for(game: "ExplodingGame") -> str:
    """What the table waits for: a sentence for the projector
    (:attr:`~devgames.exploding.game.ExplodingGame.waiting_for`)."""
    return _WAITING[game.phase](game)


def _game_over(game: "ExplodingGame") -> str:
    return _("The game is over: {winners} won.").format(winners=", ".join(game.winners))


def _turn_play(game: "ExplodingGame") -> str:
    who = game.players[game.turn_player]
    if game.turns_left > 1:
        return _("{who}'s turn (1 of {turns} turns to take): play cards, or draw to end the "
                 "turn.").format(who=who, turns=game.turns_left)
    return _("{who}'s turn: play cards, or draw to end the turn.").format(who=who)


def _nopes_wanted(game: "ExplodingGame") -> str:
    what = pending_words(game)
    if game.open_window:
        if game.nopes % 2:
            return _("Anyone may say Yup (a Nope on the Nope) to bring back {what}.").format(
                what=what)
        return _("Anyone may say Nope to {what}.").format(what=what)
    who = game.players[game.asked[0]]
    if game.nopes % 2:
        return _("{who} may say Yup (a Nope on the Nope) to bring back {what}.").format(
            who=who, what=what)
    return _("{who} may say Nope to {what}.").format(who=who, what=what)


def _exploding_drawn(game: "ExplodingGame") -> str:
    return _("{who} drew an Exploding Git Commit: mitigate (and hide it back) or explode.").format(
        who=game.players[game.turn_player])


def _card_to_give(game: "ExplodingGame") -> str:
    return _("{giver} chooses a card to give to {taker}.").format(
        giver=game.players[game.giver], taker=game.players[game.turn_player])


def _card_taken(game: "ExplodingGame") -> str:
    return _("{giver} says which card {taker} took at random.").format(
        giver=game.players[game.giver], taker=game.players[game.turn_player])


def _card_to_pick(game: "ExplodingGame") -> str:
    return _("{who} takes a card from the discard pile.").format(
        who=game.players[game.turn_player])


def _card_to_enter(game: "ExplodingGame") -> str:
    assert game.chance is not None  # a card to enter is awaited for a reason
    reason, p, detail = game.chance
    who = game.players[p]
    if reason == "setup":
        dealt = DEALT - game.to_deal.count(p)
        return _("Enter the card dealt to {who} ({number} of {dealt}).").format(
            who=who, number=dealt + 1, dealt=DEALT)
    if reason == "draw":
        return _("Enter the card {who} drew.").format(who=who)
    return _("Enter the card {who} sees {place}.").format(
        who=who, place=position_words(detail, len(game.deck)))


_WAITING: dict[str, Callable[["ExplodingGame"], str]] = {
    OVER: _game_over, PLAY: _turn_play, NOPE_WINDOW: _nopes_wanted, DEFUSE: _exploding_drawn,
    GIVE: _card_to_give, STEAL: _card_taken, PICK: _card_to_pick, DEAL: _card_to_enter,
}


# ----- each move in words, by kind -------------------------------------------------------------
def describe(game: "ExplodingGame", action: Action) -> str:
    """A sentence for an action, naming its cards
    (:meth:`~devgames.exploding.game.ExplodingGame.describe`)."""
    p = action.player
    who = game.players[p] if 0 <= p < game.n else _("The deck")
    return _DESCRIBE.get(action.kind, _describe_deal)(game, action, who)


def _describe_draw(game: "ExplodingGame", action: Action, who: str) -> str:
    return _("{who} draws a card to end the turn").format(who=who)


def _describe_play(game: "ExplodingGame", action: Action, who: str) -> str:
    card = card_name(action.card)
    if action.target is not None and 0 <= action.target < game.n:
        return _("{who} plays {card} on {target}").format(who=who, card=card,
                                                         target=game.players[action.target])
    return _("{who} plays {card}").format(who=who, card=card)


def _describe_combo(game: "ExplodingGame", action: Action, who: str) -> str:
    cards = action.cards or ()
    if len(cards) == 5:
        return _("{who} plays five different cards ({cards}) to take one from the discard "
                 "pile").format(who=who, cards=", ".join(map(card_name, cards)))
    victim = game.players[action.target] if action.target is not None and \
        0 <= action.target < game.n else "?"
    if len(cards) == 3:
        return _("{who} plays three {card} asking {victim} for {named}").format(
            who=who, card=card_name(cards[0]), victim=victim, named=card_name(action.card))
    first = card_name(cards[0]) if cards else "?"
    return _("{who} plays a pair of {card} against {victim} (a random card)").format(
        who=who, card=first, victim=victim)


def _describe_nope(game: "ExplodingGame", action: Action, who: str) -> str:
    if game.nopes % 2:
        return _("{who} says Yup").format(who=who)
    return _("{who} says Nope").format(who=who)


def _describe_pass(game: "ExplodingGame", action: Action, who: str) -> str:
    return _("{who} lets it happen").format(who=who)


def _describe_close(game: "ExplodingGame", action: Action, who: str) -> str:
    if game.nopes % 2:
        return _("Nobody says Yup: {what} stays noped").format(what=pending_words(game))
    return _("Nobody says Nope: {what} goes ahead").format(what=pending_words(game))


def _describe_mitigate(game: "ExplodingGame", action: Action, who: str) -> str:
    where = position_words(action.count or 0, len(game.deck))
    return _("{who} plays a Mitigate and hides the card {place}").format(who=who, place=where)


def _describe_explode(game: "ExplodingGame", action: Action, who: str) -> str:
    return _("{who} explodes (keeps the Mitigate)").format(who=who)


def _describe_give(game: "ExplodingGame", action: Action, who: str) -> str:
    card, taker = card_name(action.card), game.players[game.turn_player]
    if game.phase == STEAL:
        return _("{taker} took {card} from {giver}").format(taker=taker, card=card, giver=who)
    return _("{giver} gives {card} to {taker}").format(giver=who, card=card, taker=taker)


def _describe_pick(game: "ExplodingGame", action: Action, who: str) -> str:
    return _("{who} takes {card} from the discard pile").format(who=who,
                                                                card=card_name(action.card))


#: The card the deck's move enters, by why it is entered.
_ENTERED = {"setup": N_("The card dealt is {card}"), "draw": N_("The card drawn is {card}"),
            "peek": N_("The card seen is {card}")}


def _describe_deal(game: "ExplodingGame", action: Action, who: str) -> str:
    reason = game.chance[0] if game.chance else "draw"
    return _(_ENTERED[reason]).format(card=card_name(action.card))


_DESCRIBE: dict[str, Callable[["ExplodingGame", Action, str], str]] = {
    "draw": _describe_draw, "play": _describe_play, "combo": _describe_combo,
    "nope": _describe_nope, "pass": _describe_pass, "close": _describe_close,
    "mitigate": _describe_mitigate, "explode": _describe_explode, "give": _describe_give,
    "pick": _describe_pick, "deal": _describe_deal,
}


# ----- each event in words, by kind ------------------------------------------------------------
def narrate(game: "ExplodingGame", event: Event) -> str | None:
    """A public sentence for an event, None for what the table does not see
    (:meth:`~devgames.exploding.game.ExplodingGame.narrate`)."""
    who = game.players[event.player] if event.player is not None else ""
    told = (_NARRATE_PRIVATE if event.private else _NARRATE).get(event.kind)
    return None if told is None else told(game, who, event.data)


Told = Callable[["ExplodingGame", str, dict[str, Any]], str]

#: Private events as the table sees them: that something happened, not which card.
_NARRATE_PRIVATE: dict[str, Told] = {
    "steal": lambda game, who, data: _("{who} takes a random card from {giver}.").format(
        who=who, giver=game.players[data["from"]]),
    "give": lambda game, who, data: _("{giver} gives {who} a card.").format(
        giver=game.players[data["from"]], who=who),
    "reinsert": lambda game, who, data: _("{who} hides the Exploding Git Commit back in the "
                                          "draw stack.").format(who=who),
    "draw": lambda game, who, data: _("{who} draws a card.").format(who=who),
    "peek": lambda game, who, data: _("{who} looks at the top of the draw stack.").format(
        who=who),
}


def _narrate_turn(game: "ExplodingGame", who: str, data: dict[str, Any]) -> str:
    turns = data["turns_left"]
    if turns > 1:
        return _("Turn {turn}: {who} ({turns} turns to take).").format(turn=data["turn"],
                                                                      who=who, turns=turns)
    return _("Turn {turn}: {who}.").format(turn=data["turn"], who=who)


def _narrate_play(game: "ExplodingGame", who: str, data: dict[str, Any]) -> str:
    target, card = data["target"], NAME[data["card"]]
    if target is not None:
        return _("{who} plays {card} on {target}.").format(who=who, card=card,
                                                          target=game.players[target])
    return _("{who} plays {card}.").format(who=who, card=card)


def _narrate_setup(game: "ExplodingGame", who: str, data: dict[str, Any]) -> str:
    return ngettext("{exploding} Exploding Git Commits and {mitigates} spare Mitigates are "
                    "shuffled into the draw stack ({cards} card).",
                    "{exploding} Exploding Git Commits and {mitigates} spare Mitigates are "
                    "shuffled into the draw stack ({cards} cards).", data["deck_size"]).format(
        exploding=data["exploding"], mitigates=data["mitigates_back"], cards=data["deck_size"])


def _narrate_nope(game: "ExplodingGame", who: str, data: dict[str, Any]) -> str:
    if data["count"] % 2:
        return _("{who} says Nope!").format(who=who)
    return _("{who} says Yup!").format(who=who)


def _narrate_over(game: "ExplodingGame", who: str, data: dict[str, Any]) -> str:
    winners = ", ".join(game.players[p] for p in data["winners"])
    return _("Game over: {winners} is the last player standing and wins.").format(
        winners=winners)


_NARRATE: dict[str, Told] = {
    "turn": _narrate_turn,
    "setup": _narrate_setup,
    "play": _narrate_play,
    "combo": lambda game, who, data: _("{who} plays a {combo}.").format(
        who=who, combo=combo_words(game, tuple(data["cards"]), data["target"], data["named"])),
    "nope": _narrate_nope,
    "noped": lambda game, who, data: _("{who}'s card is noped: nothing happens.").format(who=who),
    "shuffle": lambda game, who, data: _("The draw stack is shuffled."),
    "nothing": lambda game, who, data: _("{giver} has no card left: {who} gets nothing.").format(
        giver=game.players[data["from"]], who=who),
    "named": lambda game, who, data: _("{giver} gives {who} a {card}.").format(
        giver=game.players[data["from"]], who=who, card=NAME[data["card"]]),
    "not_held": lambda game, who, data: _("{giver} has no {card}: Booo.").format(
        giver=game.players[data["from"]], card=NAME[data["card"]]),
    "pick": lambda game, who, data: _("{who} takes {card} from the discard pile.").format(
        who=who, card=NAME[data["card"]]),
    "exploding": lambda game, who, data: _("{who} draws an Exploding Git Commit!").format(
        who=who),
    "mitigate": lambda game, who, data: _("{who} plays a Mitigate.").format(who=who),
    "explode": lambda game, who, data: _("{who} explodes and is out of the game (number {order} "
                                         "out).").format(who=who, order=data["order"]),
    "game_over": _narrate_over,
}
