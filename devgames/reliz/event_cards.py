"""РЕЛИЗ's event cards: what each card does when played (:data:`EVENT_CARDS`, a card's code to
its handler), and what each may aim at (its targets: an opponent, a block, a zone, a port, a tile
of the hand). A handler takes the game, the seat playing and the move; the card has left the hand
by then (:func:`play_event`). What a card does, in the language in use: :func:`does_text`.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from functools import cache
from itertools import compress
from pathlib import Path
from typing import TYPE_CHECKING

from devgames.core.actions import Action
from devgames.i18n import language
from devgames.reliz.cards import CARDS, EVENTS, EVENTS_FILE
from devgames.reliz.terms import (
    BLOCK,
    CARD_ZONE,
    DAILY,
    DECK_BITS,
    MODULE,
    PLAY,
    PLAY_EVENTS,
    SHARED,
)

if TYPE_CHECKING:
    from devgames.reliz.game import RelizGame

#: The columns ``events.csv`` must have for :func:`does_ru` (the engine reads the others).
DOES_COLUMNS = ("code", "does", "does_ru")


@cache
def does_ru(path: Path = EVENTS_FILE) -> dict[str, str]:
    """What each event card does in Russian, by its code: the ``does_ru`` column of
    ``events.csv`` (the rulebook's wording), read once, the first time it is shown.

    >>> does_ru()["insight"]
    'Вы берёте костяшку из запаса.'
    """
    with path.open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(line for line in handle if not line.startswith("#"))
        missing = [column for column in DOES_COLUMNS if column not in (rows.fieldnames or ())]
        if missing:
            raise ValueError(f"events.csv: no column {', '.join(missing)}")
        found = {row["code"]: row["does_ru"] for row in rows}
    empty = sorted(code for code, does in found.items() if not does)
    if empty:
        raise ValueError(f"events.csv: no does_ru for {', '.join(empty)}")
    return found


def does_text(card: int) -> str:
    """What a card does, in the language in use: an event card's ``does_ru`` in Russian, its
    ``does`` (our English words) otherwise; a tile's line is its ``does``.

    >>> from devgames.i18n import speaking
    >>> from devgames.reliz.cards import EVENT_ID
    >>> does_text(EVENT_ID["insight"])
    'You draw a tile from the stock.'
    >>> with speaking("ru"):
    ...     does_text(EVENT_ID["insight"])
    'Вы берёте костяшку из запаса.'
    """
    info = CARDS[card]
    if info.kind == "event" and language() == "ru":
        return does_ru().get(info.code) or info.does
    return info.does


@cache
def _play_move(p: int, c: int, target: int | None = None, count: int | None = None,
               cards: tuple[int, ...] | None = None) -> Action:
    """Seat ``p`` plays event card ``c`` (made once: moves are shared)."""
    return Action("play", p, card=c, target=target, count=count, cards=cards)


@cache
def _tile_plays(p: int, c: int) -> tuple[tuple[Action, ...], ...]:
    """Seat ``p`` plays event card ``c`` on a tile of the hand, by tile id: the moves naming its
    half 1 and its half 2 (made once).

    >>> [(a.cards, a.count) for a in _tile_plays(0, 32)[3]]  # Crutch on 0|2
    [((3,), 1), ((3,), 2)]
    """
    return tuple(tuple(_play_move(p, c, None, h, (t,)) for h in (1, 2)) for t in range(32))


#: The moves of seat ``p`` playing event card ``c`` at each target (a zone, a block or a port
#: code), at ``[p][c][target]`` (see ``_plays_at``).
_AIMED_AT: list[list[list[Action]]] = [[[] for _card in range(64)] for _seat in range(4)]


def _plays_at(p: int, c: int, targets: int) -> list[Action]:
    """The ``_AIMED_AT`` entry of seat ``p`` and card ``c``, made long enough for ``targets``
    targets.

    >>> _plays_at(1, 34, 3)[2] is _play_move(1, 34, 2)
    True
    """
    plays = _AIMED_AT[p][c]
    for target in range(len(plays), targets):
        plays.append(_play_move(p, c, target))
    return plays


@cache
def _gifts(p: int, c: int) -> tuple[tuple[Action, ...], ...]:
    """Seat ``p`` plays event card ``c`` giving a tile of the hand to a seat: at ``[seat][tile]``
    (made once).

    >>> _gifts(0, 37)[1][3] is _play_move(0, 37, 1, None, (3,))
    True
    """
    return tuple(tuple(_play_move(p, c, q, None, (t,)) for t in range(32)) for q in range(4))


# ----- event targets --------------------------------------------------------------------------


def playable(game: RelizGame, p: int, chip: int) -> bool:
    """False for a card of a team's own deck once Cooperation's central stage is on."""
    return not (game.code == "cooperation" and game.central_open and
                chip >> DECK_BITS != game.n)


def opponents(game: RelizGame, p: int) -> list[int]:
    """The seats an "opponent" card of seat ``p`` may choose (alone: the player)."""
    return list(rivals(game, p))


def rivals(game: RelizGame, p: int) -> tuple[int, ...]:
    """:func:`opponents` as a tuple: the other teams' seats (alone: the player; Cooperation's
    central stage: the player too, last)."""
    if game.n == 1:
        return (p,)
    if game.code == "cooperation" and game.central_open:
        return (*game.rivals[p], p)
    return game.rivals[p]


@cache
def _aimed_plays(p: int, c: int, seats: tuple[int, ...]) -> tuple[Action, ...]:
    """Seat ``p`` plays event card ``c`` at each of these seats, in order (made once)."""
    return tuple(_play_move(p, c, q) for q in seats)


def _own_zone(game: RelizGame, p: int, z: int) -> bool:
    """True if zone ``z`` is of seat ``p``'s team (every zone, out of Tender and Cooperation)."""
    return not game.teams_mode or game.zowner[z] == game.team[p]


#: What each event card aims at, by title id (see ``event_actions``).
_TARGETS = [EVENTS[c].target if c in EVENTS else "" for c in range(64)]


def event_actions(game: RelizGame, p: int, chip: int, daily: bool = False) -> list[Action]:
    """Every way seat ``p`` may play this event card now (the daily one with no target left
    is played for nothing)."""
    c = chip & 63
    target = _TARGETS[c]
    if target == "none":
        return [_play_move(p, c)]
    out: list[Action] = []
    if target == "opponent":
        out += _aimed_plays(p, c, rivals(game, p))
    elif target == "block":
        blocks = game.blocks
        aimed = _plays_at(p, c, len(blocks))
        if game.teams_mode:
            team = game.team[p]
            out += [aimed[s] for s, b in enumerate(blocks) if b["owner"] == team]
        else:
            out += aimed[:len(blocks)]
    elif target == "zone":
        chips = game.chip
        aimed = _plays_at(p, c, len(chips))
        if game.teams_mode:
            team, owners = game.team[p], game.zowner
            out += [aimed[z] for z, chip in enumerate(chips) if chip and owners[z] == team]
        else:
            out += compress(aimed, chips)  # (the zones that hold a tile, in order)
    elif target == "port":
        slots = None if not game.teams_mode else [
            s for s, b in enumerate(game.blocks) if b["owner"] == game.team[p]]
        codes = game.free_ports(slots)
        if codes:
            aimed = _plays_at(p, c, max(codes) + 1)
            out += [aimed[code] for code in codes]
    elif target == "tile":
        locked = game.locked[p]
        tiles = sorted({chip & 31 for chip in (*game.hands[p], *game.extras)
                        if chip not in locked})
        plays = _tile_plays(p, c)
        for t in tiles:
            out += plays[t]
    elif target == "give":
        tiles = sorted({chip & 31 for chip in game.hands[p]})
        if game.n == 1:
            out += [_play_move(p, c, None, None, (t,)) for t in tiles]
        else:
            gifts = _gifts(p, c)
            out += [gifts[q][t] for q in rivals(game, p) if q != p for t in tiles]
    elif target == "take":
        if game.n == 1:
            out.append(_play_move(p, c))
        else:
            out += [_play_move(p, c, q, i)
                    for q in rivals(game, p) if q != p for i in range(len(game.hands[q]))]
    if not out and daily:
        out.append(_play_move(p, c))
    return out

# ----- playing an event card ------------------------------------------------------------------


def play_event(game: RelizGame, action: Action) -> None:
    """An event card is played, from the hand or as the daily event: it goes to its discard pile
    (or out of the game) and does what it says."""
    p, c = action.player, action.card
    assert c is not None
    if game.daily is not None and game.daily & 63 == c and (
            game.phase == DAILY or game.daily_open):
        chip = game.daily
        game.daily = None
    else:
        chip = next(ch for ch in game.cards[p] if ch & 63 == c and
                    playable(game, p, ch))
        game.cards[p].remove(chip)
    if game.record:
        game.events.append(PLAY_EVENTS[p][c, action.target])
    game._discard_event(chip)
    HANDLERS[c](game, p, action)
    if game.phase == DAILY or (game.phase == PLAY and game.attach_queue):
        game._resume()


def audit(game: RelizGame, p: int, action: Action) -> None:
    """IT Audit: an opponent shows their tiles to the table until their next turn ends."""
    if action.target is not None:
        game.revealed[action.target] = game.turn_no


def claim(game: RelizGame, p: int, action: Action) -> None:
    """Complaint: an opponent's whole tile hand goes back to the stock."""
    q = action.target
    if q is None:
        return
    for chip in game.hands[q]:
        game._to_pool(chip)
    game.hands[q] = []
    game.locked[q] = []
    game.face_up[q] = []


def coffee(game: RelizGame, p: int, action: Action) -> None:
    """Coffee Machine, Worked the Weekend: another turn straight after this one."""
    game.extra_turns.append(p)


def crutch(game: RelizGame, p: int, action: Action) -> None:
    """Crutch: one half of a tile in hand counts as any pips this turn."""
    if action.cards is None:
        return
    tile, half = action.cards[0], action.count
    found = game._tile_chip(p, tile)
    chip = found[0] if found else next(c for c in (*game.hands[p], *game.extras)
                                       if c & 31 == tile)
    game.wild[chip] = 0 if half == 1 else 1


def disease(game: RelizGame, p: int, action: Action) -> None:
    """Sick Leave, Spilled on the Laptop: an opponent misses their next turn."""
    if action.target is not None:
        game.frozen[action.target] += 1


def dream(game: RelizGame, p: int, action: Action) -> None:
    """The Director Had a Dream: every tile of one block goes back to the stock."""
    if action.target is None:
        return
    for z in game.blocks[action.target]["zones"]:
        _clear(game, z)


def _clear(game: RelizGame, z: int, into: list[int] | None = None) -> None:
    """Zone ``z`` empties: its tile back to the stock (or ``into`` a list)."""
    chip = game.chip[z]
    if chip:
        if into is None:
            game._to_pool(chip)
        else:
            into.append(chip)
        game.chip[z] = 0
        game.pips[z] = (0, 0)
        game.crutch[z] = False
        game._refresh(game.znear[z][2], z)  # the zone and its neighbours
        game.placed_now.discard(z)
    game._fresh_set.add(z)


def emergency(game: RelizGame, p: int, action: Action) -> None:
    """All Hands on Deck: every seat fills its hand up to the hand limit."""
    for q in game.seats_in_order():
        while len(game.hands[q]) < game._hand_limit(q) and game._draw_tile(q):
            pass


def showoff(game: RelizGame, p: int, action: Action) -> None:
    """Impress the Boss: the player fills their hand up to the hand limit."""
    while len(game.hands[p]) < game._hand_limit(p) and game._draw_tile(p):
        pass


def _extras(game: RelizGame, p: int, draw: int, play: int) -> None:
    """``draw`` tiles to the side pool, of which ``play`` may be placed this turn."""
    got = 0
    for _ in range(draw):
        if game._draw_tile(p, game.extras):
            got += 1
    if got:
        game.extras_left += min(play, got)


def _waits(game: RelizGame, p: int, action: Action) -> bool:
    """True when seat ``p`` plays the card in its partner's turn and it waits for ``p``'s own
    next turn (Team Development, ``partner_cards="own"``); it is kept for then."""
    if p == game.turn_player or game.options.partner_cards != "own" or action.card is None:
        return False
    game.waiting[p].append(action.card)
    return True


def play_waiting(game: RelizGame, p: int) -> None:
    """Seat ``p``'s own turn starts: the cards it played in its partner's turn that waited for
    it act now (Team Development, ``partner_cards="own"``).

    >>> from devgames import reliz
    >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
    >>> play_waiting(game, 0); game.waiting[0]
    []
    """
    cards, game.waiting[p] = game.waiting[p], []
    for c in cards:
        HANDLERS[c](game, p, _play_move(p, c))


def flowstate(game: RelizGame, p: int, action: Action) -> None:
    """Flow State: three tiles to the side pool, two of them may be placed."""
    if not _waits(game, p, action):
        _extras(game, p, 3, 2)


def teamlead(game: RelizGame, p: int, action: Action) -> None:
    """Team Lead's Advice: five tiles to the side pool, one of them may be placed."""
    if not _waits(game, p, action):
        _extras(game, p, 5, 1)


def give_project(game: RelizGame, p: int, action: Action) -> None:
    """Hand Over Your Project: a tile from the hand to an opponent (alone: the stock)."""
    if action.cards is None:
        return
    chip = next(c for c in game.hands[p] if c & 31 == action.cards[0])
    game.hands[p].remove(chip)
    _leaves_hand(game, p, chip)
    if action.target is None:
        game._to_pool(chip)
    else:
        game.hands[action.target].append(chip)


def insight(game: RelizGame, p: int, action: Action) -> None:
    """Sudden Insight, Found a New Library: a tile from the stock."""
    game._draw_tile(p)


def pilot(game: RelizGame, p: int, action: Action) -> None:
    """Changes After the Pilot: two block cards drawn, one joins the board."""
    owner = game.team[p] if game.teams_mode else SHARED
    if game.pilot_used and game.options.pilot == "once":
        return
    game.pilot_used = True
    game._queue_attach(p, 2, "pilot", owner, MODULE if game.teams_mode else "", None)


def refactoring(game: RelizGame, p: int, action: Action) -> None:
    """Refactoring: a tile off the board into the hand, face up until it is placed or leaves
    the hand; it may be placed from the player's next turn."""
    z = action.target
    if z is None:
        return
    taken: list[int] = []
    _clear(game, z, taken)
    game.hands[p] += taken
    game.locked[p] += taken
    game.face_up[p] = held_face_up(game, p) + taken


def held_face_up(game: RelizGame, p: int) -> list[int]:
    """The tiles seat ``p`` holds face up, taken with Refactoring and neither placed nor gone
    from its hands since (a team's members' hands set aside too).

    >>> from devgames import reliz
    >>> held_face_up(reliz.new_game(["Ada", "Bob"], seed=3), 0)
    []
    """
    held = {*game.hands[p], *(c for hand in game.member_hands[p] for c in hand)}
    return [chip for chip in game.face_up[p] if chip in held]


def _leaves_hand(game: RelizGame, p: int, chip: int) -> None:
    """A tile leaves seat ``p``'s hand for another's or the stock: no longer face up, nor
    waiting for the next turn."""
    for tiles in (game.locked[p], game.face_up[p]):
        if chip in tiles:
            tiles.remove(chip)


def req(game: RelizGame, p: int, action: Action) -> None:
    """Government and Tax Office Requirements: a card zone at a free port."""
    code = action.target
    if code is None:
        return
    game.card_zones += 1
    owner = game.team[p] if game.teams_mode else SHARED
    z = game._new_zone(CARD_ZONE, -1, False, owner,
                       game.blocks[code // 10]["stage"], f"C{game.card_zones}")
    game.blocks[code // 10]["used"].append(code % 10)
    for zone, h in game.port_halves(code):
        game._link(z, 0, zone, h)
    game._refresh((z, *game.znear[z][2]))
    game.zports[z] = (code,)
    game._fresh_set.add(z)


def security(game: RelizGame, p: int, action: Action) -> None:
    """New Security Officer: the tiles of every integration zone go back to the stock."""
    for z in range(len(game.chip)):
        if game.zkind[z] != BLOCK and _own_zone(game, p, z):
            _clear(game, z)


def superman(game: RelizGame, p: int, action: Action) -> None:
    """Self-Belief: one tile over the hand limit at the end of this turn."""
    if not _waits(game, p, action):
        game.superman = True


def take_project(game: RelizGame, p: int, action: Action) -> None:
    """Took Over a Project: a tile, unseen, from an opponent's hand (alone: a draw)."""
    q, i = action.target, action.count
    if q is None or i is None:
        game._draw_tile(p)
        return
    chip = game.hands[q].pop(i)
    _leaves_hand(game, q, chip)
    game.hands[p].append(chip)


def transfer(game: RelizGame, p: int, action: Action) -> None:
    """Moved to a New Department: the tile hand to the stock, as many drawn again."""
    count = len(game.hands[p])
    for chip in game.hands[p]:
        game._to_pool(chip)
    game.hands[p] = []
    game.locked[p] = []
    game.face_up[p] = []
    for _ in range(count):
        game._draw_tile(p)


Handler = Callable[["RelizGame", int, Action], None]

#: What each event card does, by its code (cards that do the same share a handler).
EVENT_CARDS: dict[str, Handler] = {
    "audit": audit, "claim": claim, "coffee": coffee, "weekend": coffee, "crutch": crutch,
    "disease": disease, "water": disease, "dream": dream, "emergency": emergency,
    "showoff": showoff, "flowstate": flowstate, "teamlead": teamlead,
    "give_project": give_project, "insight": insight, "lib": insight, "pilot": pilot,
    "refactoring": refactoring, "req_legal": req, "req_tax": req, "security": security,
    "superman": superman, "take_project": take_project, "transfer": transfer,
}
#: The same by card id, as moves name the cards.
HANDLERS: dict[int, Handler] = {c: EVENT_CARDS[card.code] for c, card in EVENTS.items()}
#: Self-Belief's card id (a hand limit shown counts it while it waits for a partner's turn).
SELF_BELIEF = next(c for c, card in EVENTS.items() if card.code == "superman")
