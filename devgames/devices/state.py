"""What a team's device is shown: built from what that team may see, and nothing else.

The state of a device is plain data sent to the team's browser: its hand and what it secretly
knows (``game.view(seat)``'s hand, ``game.secrets(seat)``), its own legal moves when it is to
play, the public line of whose turn it is and the public news of the table, and in a timed round
(РЕЛИЗ's Tender and Cooperation) the room's timer and who still plays the round. No other team's
hand is read: another device's and the projector's hands never reach this one.
"""

import hashlib
import json
import math
import re
from collections.abc import Mapping
from typing import Any

from devgames.core.actions import CHANCE, Action
from devgames.core.game import Game
from devgames.core.wording import common_prefix, game_title
from devgames.devices.room import bot_seats, is_paused
from devgames.i18n import DEFAULT, N_, _, language
from devgames.screens.cards import hand_html, name_key, subset_choice
from devgames.screens.colors import team_colors
from devgames.screens.debrief import winner_line
from devgames.sessions.participants import step_of, step_titles

#: Keys of a seat's view holding more cards of its hand than ``hand`` (РЕЛИЗ's event cards).
MORE_HAND_KEYS = ("event_cards",)

#: The moves of a device when its team is not to play.
NO_MOVES: dict[str, Any] = {"heading": "", "moves": [], "subset": None, "groups": []}
#: The numbers of the room's timer the projector saves in the session's settings under "timer":
#: seconds of the span timed, seconds spent before its last start, the epoch ms of that start by
#: the server's clock (0 while paused).
TIMER_KEYS = ("duration", "elapsed", "started_at")
#: The line of a team that has ended its turn of a round the teams play at the same time.
TURN_OVER = N_("Your turn is over; the round ends when every team has ended.")
#: Verbs whose imperative is not the third person without its "s".
IRREGULAR_VERBS = {"does": "do", "goes": "go", "has": "have", "is": "be"}


def imperative(verb: str) -> str:
    """The imperative of a verb in the third person ("plays" gives "play").

    >>> [imperative(v) for v in ("plays", "passes", "replaces", "does", "pushes", "end")]
    ['play', 'pass', 'replace', 'do', 'push', 'end']
    """
    if verb in IRREGULAR_VERBS:
        return IRREGULAR_VERBS[verb]
    if verb.endswith(("sses", "shes", "ches", "xes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def move_text(label: str, team: str) -> str:
    """A move's label as its own team reads it: without the team's name, as an order in English
    ("Red plays Flu into its own game" gives "Play Flu into your own game"); in another language,
    the rest of the sentence as it is ("Red играет Flu в свою игру": "Играет Flu в свою игру").

    >>> move_text("Red plays a Mitigate and hides the card on top", "Red")
    'Play a Mitigate and hide the card on top'
    >>> move_text("Red plays Flu into its own game", "Red"), move_text("Blue wins", "Red")
    ('Play Flu into your own game', 'Blue wins')
    >>> from devgames.i18n import speaking
    >>> with speaking("ru"):
    ...     move_text("Red играет Flu в свою игру", "Red")
    'Играет Flu в свою игру'
    """
    if not label.startswith(f"{team} "):
        return label
    if language() != DEFAULT:
        return capitalized(label[len(team) + 1:])
    verb, _space, rest = label[len(team) + 1:].partition(" ")
    rest = re.sub(r"(?<= and )[a-z]+s\b", lambda found: imperative(found.group()), rest)
    text = f"{imperative(verb)} {rest}".strip().replace(" its own ", " your own ")
    return capitalized(text)


def capitalized(text: str) -> str:
    """``text`` with its first letter in upper case (the rest as it is).

    >>> capitalized("your own game"), capitalized("0|3 in B1.1")
    ('Your own game', '0|3 in B1.1')
    """
    return text[:1].upper() + text[1:]


def move_groups(actions: list[Action], texts: list[str]) -> list[dict[str, Any]]:
    """The moves in groups, for a short screen: the moves of one card (same kind and card), or
    else of one kind, under the words they all begin with, each then named by the rest of its
    text ("Play Flu into..." then "Your own game", "Blue's game"); the moves alone in their kind
    in one group with no heading. Each entry keeps the move's index in ``actions``.

    >>> from devgames.core.actions import Action
    >>> actions = [Action("play", 0, card=3, target=0), Action("play", 0, card=3, target=1),
    ...            Action("drop", 0, card=3), Action("drop", 0, card=4), Action("pass", 0)]
    >>> texts = ["Play Flu into your own game", "Play Flu into Blue's game", "Drop Flu",
    ...          "Drop Crunch", "Let it through"]
    >>> for group in move_groups(actions, texts):
    ...     print(repr(group["heading"]), [(m["move"], m["text"]) for m in group["moves"]])
    'Play Flu into...' [(0, 'Your own game'), (1, "Blue's game")]
    'Drop...' [(2, 'Flu'), (3, 'Crunch')]
    '' [(4, 'Let it through')]
    """
    by_card: dict[tuple[Any, ...], list[int]] = {}
    by_kind: dict[str, list[int]] = {}
    for index, action in enumerate(actions):
        by_card.setdefault((action.kind, action.card, action.cards), []).append(index)
        by_kind.setdefault(action.kind, []).append(index)
    prefixes = []
    for action in actions:
        prefix = ""
        for same in (by_card[(action.kind, action.card, action.cards)], by_kind[action.kind]):
            prefix = shared_words([texts[other] for other in same])
            if prefix:
                break
        prefixes.append(prefix)
    groups: dict[str, list[dict[str, Any]]] = {}
    for index, prefix in enumerate(prefixes):
        if prefixes.count(prefix) == 1:  # a group of one move is a move alone
            prefix = ""
        groups.setdefault(prefix, []).append(
            {"move": index, "text": capitalized(texts[index][len(prefix):])})
    return [{"heading": f"{prefix.strip()}..." if prefix else "", "moves": moves}
            for prefix, moves in groups.items()]


def shared_words(texts: list[str]) -> str:
    """The words all ``texts`` begin with (:func:`common_prefix`), less the capitalised words
    that end them after the first (the start of a name the texts go on differently).

    >>> shared_words(["Play Flu on The Nice HR Guy", "Play Flu on The Nice HR Lady"])
    'Play Flu on '
    >>> shared_words(["Drop Flu", "Drop Crunch"]), shared_words(["Drop Flu"])
    ('Drop ', '')
    """
    words = common_prefix(texts).split(" ")[:-1]
    while len(words) > 1 and words[-1][:1].isupper():
        words.pop()
    return "".join(f"{word} " for word in words)


def window_moves(game: Game, seat: int) -> list[Action] | None:
    """While a window is open to every seat (Exploding Git Commits' Nope window): the claims
    ``seat`` may make (none when it holds no Nope); None when no such window is open.

    >>> from devgames import exploding
    >>> game = exploding.new_game(["Ada", "Bob", "Cy"], seed=12)
    >>> window_moves(game, 1) is None
    True
    >>> game.play("Ada", "Shuffle")
    >>> [action.kind for action in window_moves(game, 1)], window_moves(game, 2)
    (['nope'], [])
    """
    return game.claims(seat) if game.claim_window is not None else None


def device_moves(game: Game, seat: int) -> dict[str, Any]:
    """The moves of ``seat`` now (none when another seat is to play): labels in the order of
    :func:`seat_choices` (the page sends a move's label back with it) and the text the team reads
    (:func:`move_text`); the cards to tick when the moves choose any subset of some cards, else
    the moves in groups (:func:`move_groups`).

    >>> from devgames import itstartup
    >>> game = itstartup.new_game(["Ada", "Bob"], seed=11)
    >>> moves = device_moves(game, 0)
    >>> moves["subset"][0]["label"], len(moves["moves"]) == 2 ** len(moves["subset"])
    ('Downer Dave', True)
    >>> moves["moves"][0], moves["groups"]
    ({'label': 'Ada keeps the opening hand', 'text': 'Keep the opening hand', 'cards': []}, [])
    >>> device_moves(game, 1)["moves"]
    []
    """
    claims = window_moves(game, seat)
    if claims:  # a Nope said from the device, while the window is open to everybody
        actions, labels, heading = claims, [game.describe(a) for a in claims], _("Your options")
    elif claims is not None or game.is_over or seat not in game.acting_seats:
        return dict(NO_MOVES)
    else:
        actions, labels, heading = seat_choices(game, seat)
    texts = [move_text(label, game.players[seat]) for label in labels]
    moves: list[dict[str, Any]] = [{"label": label, "text": text}
                                   for label, text in zip(labels, texts, strict=True)]
    cards = subset_choice(actions)
    subset = None
    if cards is not None:
        names = card_names(game.view(seat).get("hand") or ())
        subset = [{"card": card, "label": names.get(card, str(card))} for card in cards]
        for move, action in zip(moves, actions, strict=True):
            move["cards"] = sorted(action.cards or ())
    groups = move_groups(actions, texts) if subset is None else []
    return {"heading": heading, "moves": moves, "subset": subset, "groups": groups}


def seat_choices(game: Game, seat: int) -> tuple[list[Action], list[str], str]:
    """The moves of acting seat ``seat`` (:meth:`Game.moves_of`: its own turn, when several
    seats play theirs at once), each once, a label for each, and a heading for the list.

    >>> from devgames import scrumkin
    >>> from devgames.core.wording import choices
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
    >>> seat_choices(game, 0) == choices(game), seat_choices(game, 1)
    (True, ([], [], 'Your options'))
    """
    actions = list(dict.fromkeys(game.moves_of(seat)))
    return actions, [game.describe(action) for action in actions], _("Your options")


def card_names(hand: Any) -> dict[Any, str]:
    """The names of the cards of a hand (a view's ``hand``), by id.

    >>> card_names([{"id": 3, "card": "Downer Dave", "cost": 1}, {"id": 5, "card": "Intern"}])
    {3: 'Downer Dave', 5: 'Intern'}
    """
    return {item["id"]: str(item[key]) for item in hand
            if isinstance(item, dict) and "id" in item and (key := name_key(item))}


def status_line(game: Game, seat: int, meta: dict[str, Any],
                playing: list[str] | None = None) -> str:
    """One sentence for the top of the device: whose turn, paused, over, played by a bot, or
    (in a round the teams play at the same time: ``playing`` names the teams still playing it)
    the team's turn over.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
    >>> status_line(game, 0, {}), status_line(game, 1, {})
    ('Your move, Red.', 'Waiting for Red.')
    >>> status_line(game, 1, {}, playing=["Red"])
    'Your turn is over; the round ends when every team has ended.'
    """
    if game.is_over:
        return _("The game is over. {winners}").format(winners=winner_line(game))
    if is_paused(meta):
        return _("The facilitator has paused the game.")
    if seat in bot_seats(game, meta):
        return _("A bot plays for your team now; the facilitator can give the seat back.")
    if window_moves(game, seat) is not None:  # the same line on every device
        return game.waiting_for
    if playing is not None and game.players[seat] not in playing:
        return _(TURN_OVER)
    current = game.current_player
    if seat in game.acting_seats:
        return _("Your move, {team}.").format(team=game.players[seat])
    if len(game.acting_seats) > 1:  # the others play their turns at once
        return game.waiting_for
    if current == CHANCE:
        return _("Waiting for the facilitator to enter what the table drew or tossed.")
    if current is None:
        return _("Waiting for the table.")
    return _("Waiting for {team}.").format(team=game.players[current])


def room_timer(meta: Mapping[str, Any]) -> dict[str, float] | None:
    """The room's timer as the projector saved it in the session's settings (:data:`TIMER_KEYS`),
    numbers only; None when none is saved or what is saved is not a timer.

    >>> room_timer({"timer": {"duration": 120, "elapsed": 3.5, "started_at": 0, "x": "<b>"}})
    {'duration': 120.0, 'elapsed': 3.5, 'started_at': 0.0}
    >>> room_timer({"timer": {"duration": "2 min", "elapsed": 0, "started_at": 0}}), room_timer({})
    (None, None)
    """
    saved = meta.get("timer")
    if not isinstance(saved, Mapping):
        return None
    numbers = [saved.get(key) for key in TIMER_KEYS]
    kept = [float(n) for n in numbers if isinstance(n, int | float) and not isinstance(n, bool)]
    if len(kept) != len(TIMER_KEYS) or not all(math.isfinite(n) and n >= 0 for n in kept):
        return None
    return dict(zip(TIMER_KEYS, kept, strict=True))


def timed_round(game: Game, view: Mapping[str, Any],
                meta: Mapping[str, Any]) -> dict[str, Any] | None:
    """While the game's turns or rounds are timed (its view gives ``turn_minutes``: РЕЛИЗ's
    Tender and Cooperation): the room's timer (:func:`room_timer`) and, in a round the teams
    play at the same time (the view lists who is ``playing``), the table's line saying who still
    plays it and who has ended; None otherwise.

    >>> from devgames import reliz
    >>> game = reliz.new_game(["Red", "Blue"], seed=1, scenario="cooperation")
    >>> meta = {"timer": {"duration": 120, "elapsed": 0, "started_at": 0}}
    >>> shown = timed_round(game, game.view(0), meta)
    >>> shown["timer"]["duration"], shown["teams"]
    (120.0, 'Round 1: Red and Blue are playing.')
    >>> duel = reliz.new_game(["Red", "Blue"], seed=1)
    >>> timed_round(duel, duel.view(0), meta) is None
    True
    """
    if not view.get("turn_minutes") or game.is_over:
        return None
    return {"timer": room_timer(meta), "teams": game.waiting_for if "playing" in view else ""}


def debrief_round(meta: Mapping[str, Any]) -> dict[str, Any] | None:
    """Once the facilitator leads the debrief: the room's timer and the line saying its phase
    and step, for every team's device as for the people's phones; None before.

    >>> meta = {"debrief": {"phase": "so_what", "phone_steps": {"so_what": "vote"}}}
    >>> debrief_round(meta)["teams"][:28], debrief_round({}) is None
    ('Debrief: So what?, step Vote', True)
    """
    from devgames.dashboards.debrief_notes import debrief_of, phase_of  # (the debrief's, once)

    settings = debrief_of(meta)
    if "phase" not in settings:
        return None
    phase = phase_of(settings)
    step = dict((key, title) for title, key in step_titles(phase.key))[step_of(settings)]
    return {"timer": room_timer(meta),
            "teams": _("Debrief: {phase}, step {step}. Take part from your own phone: scan the "
                       "code on the screen.").format(phase=_(phase.title), step=step)}


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
        "status": status_line(game, seat, meta, view.get("playing")),
        "round": debrief_round(meta) if game.is_over else timed_round(game, view, meta),
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
    >>> chosen_action(game, 0, 0, first) == game.legal_actions()[0], chosen_action(game, 0, 0, "x")
    (True, None)
    """
    claims = window_moves(game, seat)
    if claims is not None:
        actions, labels = claims, [game.describe(action) for action in claims]
    elif game.is_over or seat not in game.acting_seats:
        return None
    else:
        actions, labels, _heading = seat_choices(game, seat)
    if not 0 <= index < len(actions) or labels[index] != label:
        return None
    return actions[index]
