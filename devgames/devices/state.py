"""What a team's device is shown: built from what that team may see, and nothing else.

The state of a device is plain data sent to the team's browser: its hand and what it secretly
knows (``game.view(seat)``'s hand, ``game.secrets(seat)``), its own legal moves when it is to
play, the public line of whose turn it is and the public news of the table. No other team's hand
is read: another device's and the projector's hands never reach this one.
"""

import hashlib
import json
from typing import Any

from devgames.core.actions import CHANCE, Action
from devgames.core.game import Game
from devgames.core.wording import choices, game_title
from devgames.dashboards.colors import team_colors
from devgames.dashboards.components import hand_html, subset_choice
from devgames.dashboards.debrief import winner_line
from devgames.devices.room import bot_seats, is_paused

#: Keys of a seat's view holding more cards of its hand than ``hand`` (РЕЛИЗ's event cards).
MORE_HAND_KEYS = ("event_cards",)

#: The moves of a device when its team is not to play.
NO_MOVES: dict[str, Any] = {"heading": "", "moves": [], "subset": None}

def device_moves(game: Game, seat: int) -> dict[str, Any]:
    """The moves of ``seat`` now (none when another seat is to play): labels in the order of
    :func:`choices`, and the cards to tick when the moves choose any subset of some cards.

    >>> from devgames import itstartup
    >>> game = itstartup.new_game(["Ada", "Bob"], seed=11)
    >>> moves = device_moves(game, 0)
    >>> moves["subset"][0]["label"], len(moves["moves"]) == 2 ** len(moves["subset"])
    ('Downer Dave', True)
    >>> device_moves(game, 1)["moves"]
    []
    """
    if game.is_over or game.current_player != seat:
        return dict(NO_MOVES)
    actions, labels, heading = choices(game)
    moves: list[dict[str, Any]] = [{"label": text} for text in labels]
    cards = subset_choice(actions)
    subset = None
    if cards is not None:
        names = {a.cards[0]: text for a, text in zip(actions, labels, strict=True)
                 if a.cards is not None and len(a.cards) == 1}
        subset = [{"card": card, "label": card_label(names[card])} for card in cards]
        for move, action in zip(moves, actions, strict=True):
            move["cards"] = sorted(action.cards or ())
    return {"heading": heading, "moves": moves, "subset": subset}


def card_label(move_label: str) -> str:
    """A card's name from the label of the move that ticks it alone ("Ada puts back Downer
    Dave" gives "Downer Dave").

    >>> card_label("Ada puts back Downer Dave")
    'Downer Dave'
    """
    return move_label.split(" back ", 1)[-1]


def status_line(game: Game, seat: int, meta: dict[str, Any]) -> str:
    """One sentence for the top of the device: whose turn, paused, over, or played by a bot.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
    >>> status_line(game, 0, {}), status_line(game, 1, {})
    ('Your move, Red.', 'Waiting for Red.')
    """
    if game.is_over:
        return f"The game is over. {winner_line(game)}"
    if is_paused(meta):
        return "The facilitator has paused the game."
    if seat in bot_seats(game, meta):
        return "A bot plays for your team now; the facilitator can give the seat back."
    current = game.current_player
    if current == seat:
        return f"Your move, {game.players[seat]}."
    if current == CHANCE:
        return "Waiting for the card drawn at the table to be entered."
    if current is None:
        return "Waiting for the table."
    return f"Waiting for {game.players[current]}."


def device_state(game: Game, seat: int, revision: int, meta: dict[str, Any],
                 news: list[str]) -> dict[str, Any]:
    """Everything the device of ``seat`` shows, as plain data with an ``etag`` (a digest of the
    rest: a device asks again only for a state it has not seen).

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
    >>> state = device_state(game, 1, 0, {}, [])
    >>> state["team"], state["status"], state["moves"], "Blue's hand" in state["hand"]
    ('Blue', 'Waiting for Red.', [], True)
    """
    name = game.players[seat]
    view = game.view(seat)
    hand = view.get("hand")
    if hand is not None:
        hand = [*hand, *(card for key in MORE_HAND_KEYS for card in view.get(key) or ())]
    playing = not is_paused(meta) and seat not in bot_seats(game, meta)
    moves = device_moves(game, seat) if playing else dict(NO_MOVES)
    state: dict[str, Any] = {
        "game": game_title(game.name),
        "team": name,
        "color": team_colors(list(game.players))[seat],
        "revision": revision,
        "status": status_line(game, seat, meta),
        "your_move": bool(moves["moves"]),
        **moves,
        "hand": hand_html(name, hand, game.secrets(seat), game.name) if hand is not None
        else "",
        "news": list(news),
        "over": game.is_over,
        "paused": is_paused(meta),
    }
    state["etag"] = hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:20]
    return state


def chosen_action(game: Game, seat: int, index: int, label: str) -> Action | None:
    """The move a device chose: number ``index`` of its list, if that move still reads ``label``
    (else None: the list changed under the device).

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
    >>> first = device_moves(game, 0)["moves"][0]["label"]
    >>> chosen_action(game, 0, 0, first) == choices(game)[0][0], chosen_action(game, 0, 0, "x")
    (True, None)
    """
    if game.is_over or game.current_player != seat:
        return None
    actions, labels, _heading = choices(game)
    if not 0 <= index < len(actions) or labels[index] != label:
        return None
    return actions[index]
