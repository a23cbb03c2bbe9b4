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
    seen = [f"{NAME[c]} {position_words(i, size)}"
            for i, c in enumerate(game.known[p]) if c is not None]
    if not seen:
        return []
    chance = percent(chance_next_explodes(game, p))
    return [f"You know the draw stack: {', '.join(seen)}.",
            f"So the chance that the next card drawn explodes is {chance}."]


def pending_words(game: "ExplodingGame") -> str:
    """The card or combo waiting for Nopes, in words: "Ada's Shuffle".

    >>> from devgames import exploding
    >>> game = exploding.new_game(["Ada", "Bob"], seed=12)
    >>> game.play("Ada", "Shuffle"); pending_words(game)
    "Ada's Shuffle"
    """
    action = game.pending
    if action is None:
        return "nothing"
    who = game.players[action.player]
    if action.kind == "play":
        what = card_name(action.card)
        if action.target is not None:
            what += f" on {game.players[action.target]}"
        return f"{who}'s {what}"
    return f"{who}'s {combo_words(game, action.cards or (), action.target, action.card)}"


def combo_words(game: "ExplodingGame", cards: tuple[int, ...], target: int | None,
                named: int | None) -> str:
    """A combo in words: "pair of Spaghetti Code against Bob"."""
    size = len(cards)
    if size == 5:
        return "five-card combo (" + ", ".join(NAME[c] for c in cards) + ")"
    victim = game.players[target] if target is not None and 0 <= target < game.n else "?"
    if size == 2:
        return f"pair of {NAME[cards[0]]} against {victim}"
    return f"three {NAME[cards[0]]} asking {victim} for {card_name(named)}"


# ----- what the table waits for, by phase ------------------------------------------------------
def waiting_for(game: "ExplodingGame") -> str:
    """What the table waits for: a sentence for the projector
    (:attr:`~devgames.exploding.game.ExplodingGame.waiting_for`)."""
    return _WAITING[game.phase](game)


def _game_over(game: "ExplodingGame") -> str:
    return f"The game is over: {', '.join(game.winners)} won."


def _turn_play(game: "ExplodingGame") -> str:
    turns = f" (1 of {game.turns_left} turns to take)" if game.turns_left > 1 else ""
    return f"{game.players[game.turn_player]}'s turn{turns}: play cards, or draw to end the turn."


def _nopes_wanted(game: "ExplodingGame") -> str:
    who = "Anyone" if game.open_window else game.players[game.asked[0]]
    if game.nopes % 2:
        return f"{who} may say Yup (a Nope on the Nope) to bring back {pending_words(game)}."
    return f"{who} may say Nope to {pending_words(game)}."


def _exploding_drawn(game: "ExplodingGame") -> str:
    return (f"{game.players[game.turn_player]} drew an Exploding Git Commit: mitigate (and hide "
            "it back) or explode.")


def _card_to_give(game: "ExplodingGame") -> str:
    return f"{game.players[game.giver]} chooses a card to give to " \
           f"{game.players[game.turn_player]}."


def _card_taken(game: "ExplodingGame") -> str:
    return f"{game.players[game.giver]} says which card {game.players[game.turn_player]} " \
           "took at random."


def _card_to_pick(game: "ExplodingGame") -> str:
    return f"{game.players[game.turn_player]} takes a card from the discard pile."


def _card_to_enter(game: "ExplodingGame") -> str:
    assert game.chance is not None  # a card to enter is awaited for a reason
    reason, p, detail = game.chance
    who = game.players[p]
    if reason == "setup":
        dealt = DEALT - game.to_deal.count(p)
        return f"Enter the card dealt to {who} ({dealt + 1} of {DEALT})."
    if reason == "draw":
        return f"Enter the card {who} drew."
    return f"Enter the card {who} sees {position_words(detail, len(game.deck))}."


_WAITING: dict[str, Callable[["ExplodingGame"], str]] = {
    OVER: _game_over, PLAY: _turn_play, NOPE_WINDOW: _nopes_wanted, DEFUSE: _exploding_drawn,
    GIVE: _card_to_give, STEAL: _card_taken, PICK: _card_to_pick, DEAL: _card_to_enter,
}


# ----- each move in words, by kind -------------------------------------------------------------
def describe(game: "ExplodingGame", action: Action) -> str:
    """A sentence for an action, naming its cards
    (:meth:`~devgames.exploding.game.ExplodingGame.describe`)."""
    p = action.player
    who = game.players[p] if 0 <= p < game.n else "The deck"
    return _DESCRIBE.get(action.kind, _describe_deal)(game, action, who)


def _describe_draw(game: "ExplodingGame", action: Action, who: str) -> str:
    return f"{who} draws a card to end the turn"


def _describe_play(game: "ExplodingGame", action: Action, who: str) -> str:
    card = card_name(action.card)
    if action.target is not None and 0 <= action.target < game.n:
        return f"{who} plays {card} on {game.players[action.target]}"
    return f"{who} plays {card}"


def _describe_combo(game: "ExplodingGame", action: Action, who: str) -> str:
    cards = action.cards or ()
    if len(cards) == 5:
        return f"{who} plays five different cards ({', '.join(map(card_name, cards))}) " \
               "to take one from the discard pile"
    victim = game.players[action.target] if action.target is not None and \
        0 <= action.target < game.n else "?"
    if len(cards) == 3:
        return f"{who} plays three {card_name(cards[0])} asking {victim} for " \
               f"{card_name(action.card)}"
    first = card_name(cards[0]) if cards else "?"
    return f"{who} plays a pair of {first} against {victim} (a random card)"


def _describe_nope(game: "ExplodingGame", action: Action, who: str) -> str:
    return f"{who} says {'Yup' if game.nopes % 2 else 'Nope'}"


def _describe_pass(game: "ExplodingGame", action: Action, who: str) -> str:
    return f"{who} lets it happen"


def _describe_close(game: "ExplodingGame", action: Action, who: str) -> str:
    if game.nopes % 2:
        return f"Nobody says Yup: {pending_words(game)} stays noped"
    return f"Nobody says Nope: {pending_words(game)} goes ahead"


def _describe_mitigate(game: "ExplodingGame", action: Action, who: str) -> str:
    where = position_words(action.count or 0, len(game.deck))
    return f"{who} plays a Mitigate and hides the card {where}"


def _describe_explode(game: "ExplodingGame", action: Action, who: str) -> str:
    return f"{who} explodes (keeps the Mitigate)"


def _describe_give(game: "ExplodingGame", action: Action, who: str) -> str:
    card, taker = card_name(action.card), game.players[game.turn_player]
    if game.phase == STEAL:
        return f"{taker} took {card} from {who}"
    return f"{who} gives {card} to {taker}"


def _describe_pick(game: "ExplodingGame", action: Action, who: str) -> str:
    return f"{who} takes {card_name(action.card)} from the discard pile"


def _describe_deal(game: "ExplodingGame", action: Action, who: str) -> str:
    reason = game.chance[0] if game.chance else "draw"
    verb = {"setup": "dealt", "draw": "drawn", "peek": "seen"}[reason]
    return f"The card {verb} is {card_name(action.card)}"


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
    "steal": lambda game, who, data: f"{who} takes a random card from "
                                     f"{game.players[data['from']]}.",
    "give": lambda game, who, data: f"{game.players[data['from']]} gives {who} a card.",
    "reinsert": lambda game, who, data: f"{who} hides the Exploding Git Commit back in the "
                                        "draw stack.",
    "draw": lambda game, who, data: f"{who} draws a card.",
    "peek": lambda game, who, data: f"{who} looks at the top of the draw stack.",
}


def _narrate_turn(game: "ExplodingGame", who: str, data: dict[str, Any]) -> str:
    more = f" ({data['turns_left']} turns to take)" if data["turns_left"] > 1 else ""
    return f"Turn {data['turn']}: {who}{more}."


def _narrate_play(game: "ExplodingGame", who: str, data: dict[str, Any]) -> str:
    target = data["target"]
    on = f" on {game.players[target]}" if target is not None else ""
    return f"{who} plays {NAME[data['card']]}{on}."


_NARRATE: dict[str, Told] = {
    "turn": _narrate_turn,
    "setup": lambda game, who, data: f"{data['exploding']} Exploding Git Commits and "
    f"{data['mitigates_back']} spare Mitigates are shuffled into the draw stack "
    f"({data['deck_size']} cards).",
    "play": _narrate_play,
    "combo": lambda game, who, data: f"{who} plays a "
    f"{combo_words(game, tuple(data['cards']), data['target'], data['named'])}.",
    "nope": lambda game, who, data: f"{who} says {'Nope' if data['count'] % 2 else 'Yup'}!",
    "noped": lambda game, who, data: f"{who}'s card is noped: nothing happens.",
    "shuffle": lambda game, who, data: "The draw stack is shuffled.",
    "nothing": lambda game, who, data: f"{game.players[data['from']]} has no card left: {who} "
                                       "gets nothing.",
    "named": lambda game, who, data: f"{game.players[data['from']]} gives {who} a "
                                     f"{NAME[data['card']]}.",
    "not_held": lambda game, who, data: f"{game.players[data['from']]} has no "
                                        f"{NAME[data['card']]}: Booo.",
    "pick": lambda game, who, data: f"{who} takes {NAME[data['card']]} from the discard pile.",
    "exploding": lambda game, who, data: f"{who} draws an Exploding Git Commit!",
    "mitigate": lambda game, who, data: f"{who} plays a Mitigate.",
    "explode": lambda game, who, data: f"{who} explodes and is out of the game (number "
                                       f"{data['order']} out).",
    "game_over": lambda game, who, data: "Game over: "
    f"{', '.join(game.players[p] for p in data['winners'])} is the last player standing and "
    "wins.",
}
