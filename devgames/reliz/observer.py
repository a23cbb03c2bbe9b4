"""What each player of РЕЛИЗ sees: the view of the table (the projector's, or a seat's with its
own hand), a team's secrets, the big line saying what the table waits for, and the sentences
for a move (``describe``) and for an event (``narrate``), each from a table by kind (of phase,
piece to enter, action, event card's target, event). Plain functions of the game, which its
methods of the same names call; nothing here changes the game. Every sentence is said in the
language in use (the catalogue's); names of players, tiles, zones and cards are as the game has
them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Required, TypedDict

from devgames.core.actions import Action, Event
from devgames.i18n import N_, _, ngettext
from devgames.reliz.cards import BLOCKS, CARDS, EVENTS, TILES
from devgames.reliz.event_cards import SELF_BELIEF, does_text, held_face_up, playable
from devgames.reliz.setup import SCENARIOS
from devgames.reliz.terms import (
    ATTACH,
    BLOCK,
    DAILY,
    OVER,
    PARTNER,
    PLAY,
    UNKNOWN_EVENT,
    UNKNOWN_TILE,
    card_name,
)

if TYPE_CHECKING:
    from devgames.reliz.game import RelizGame


class SeatView(TypedDict, total=False):
    """A seat in the view, a row of the projector's table (short keys: its column headings;
    "events": event cards held, "sick": turns left to miss with Sick Leave)."""

    name: Required[str]
    team: str  # Team Development: who plays with whom
    tiles: Required[int]
    events: Required[int]
    face_up: Required[list[str]]
    sick: Required[int]
    releases: Required[int]
    shown_hand: list[str]  # IT Audit: the hand shown this turn
    member: int  # teams whose members hold their own hands: who plays this round, from 1
    member_tiles: list[int]
    merged: bool  # Cooperation
    linked: bool  # Tender
    closed: bool  # Tender with a shared win
    this_round: str  # rounds played together: "playing" or "done" (its turn ended)


class _TeamOfSeat(TypedDict, total=False):
    team: str


class RelizView(TypedDict, total=False):
    """The table as a player sees it (:func:`view`); the keys after ``aside`` are in a seat's
    view only, or with Team Development (``teams``)."""

    game: Required[str]
    scenario: Required[str]
    scenario_ru: Required[str]
    scenario_en: Required[str]
    scenario_name: Required[str]
    blitz: Required[bool]
    phase: Required[str]
    waiting_for: Required[str]
    current_player: Required[str | None]
    turn: Required[int]
    round: Required[int]
    rounds: Required[int | None]
    turn_minutes: Required[int | None]
    playing: list[str]  # rounds played together: the teams still playing their turn
    done: list[str]  # and those that have ended it
    turn_player: Required[str]
    hand_limit: Required[int]
    blocks: Required[list[dict[str, Any]]]
    integrations: Required[list[dict[str, Any]]]
    zones_total: Required[int]
    zones_free: Required[int]
    stock: Required[list[int]]
    event_deck: Required[list[int]]
    discard: Required[list[list[str]]]
    featured: Required[list[dict[str, Any]]]
    extras: Required[list[str]]
    extras_left: Required[int]
    attach: Required[dict[str, Any] | None]
    deck: Required[str]
    players: Required[list[SeatView]]
    is_over: Required[bool]
    winners: Required[list[str]]
    result: Required[str]
    aside: Required[list[str]]
    teams: list[dict[str, Any]]
    you: str
    hand: list[dict[str, Any]]
    event_cards: list[dict[str, Any]]
    crutches: list[str]
    members: list[list[int]]
    active_member: int


def waiting_for(game: RelizGame) -> str:
    """What the table waits for: a sentence for the projector.

    >>> from devgames import reliz
    >>> waiting_for(reliz.new_game(["Ada", "Bob"], seed=3))
    'Ada chooses one of two block cards and where it joins the board.'
    """
    if game.to_enter and game.phase != OVER:
        return entering_words(game)
    if game.together and game.playing and game.phase != OVER:
        return round_words(game)
    return WAITING[game.phase](game)


def round_words(game: RelizGame) -> str:
    """A round played together: who still plays, who has ended its turn.

    >>> from devgames import reliz
    >>> game = reliz.new_game(["Red", "Blue", "Green"], seed=1, scenario="cooperation")
    >>> game.apply(game.moves_of(1)[0])  # Blue meets its daily event, then ends its turn
    >>> game.end_turn("Blue")
    >>> round_words(game)
    'Round 1: Red and Green are playing; Blue has ended its turn.'
    """
    playing = [game.players[p] for p in game.playing]
    done = [game.players[p] for p in game.seats_in_order() if p not in game.playing]
    one = len(playing) == 1
    if not done:
        words = (_("Round {round}: {playing} is playing.") if one
                 else _("Round {round}: {playing} are playing."))
    elif len(done) == 1:
        words = (_("Round {round}: {playing} is playing; {done} has ended its turn.") if one
                 else _("Round {round}: {playing} are playing; {done} has ended its turn."))
    else:
        words = (_("Round {round}: {playing} is playing; {done} have ended their turns.") if one
                 else _("Round {round}: {playing} are playing; {done} have ended their "
                        "turns."))
    return words.format(round=game.round_no, playing=_and(playing), done=_and(done))


def _and(names: list[str]) -> str:
    """Names in a sentence, in the language in use: "Red", "Red and Blue", "Red, Blue and
    Green"."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _waiting_over(game: RelizGame) -> str:
    return _("The game is over: {result}").format(result=game.result_sentence())


def _waiting_attach(game: RelizGame) -> str:
    seat, candidates, *_rest = game.attach_queue[0]
    if len(candidates) > 1:
        return _("{who} chooses one of two block cards and where it joins the board.").format(
            who=game.players[seat])
    return _("{who} chooses where block {block} joins the board.").format(
        who=game.players[seat], block=candidates[0])


def _waiting_daily(game: RelizGame) -> str:
    assert game.daily is not None
    words = (_("{who} plays the daily event, {card} (or keeps it: blitz).")
             if game.options.blitz else _("{who} plays the daily event, {card}."))
    return words.format(who=game.players[game.turn_player], card=card_name(game.daily & 63))


def _waiting_partner(game: RelizGame) -> str:
    return _("{partner} may play event cards in {who}'s turn.").format(
        partner=game.players[(game.turn_player + 2) % game.n],
        who=game.players[game.turn_player])


def _waiting_play(game: RelizGame) -> str:
    who = game.players[game.turn_player]
    if game.frozen_now:
        return _("{who} is off sick this turn: end the turn.").format(who=who)
    return _("{who}'s turn: place, replace or rotate tiles, play event cards, or end the "
             "turn.").format(who=who)


#: What the table waits for in each phase (a piece drawn at the table to enter comes first).
WAITING: dict[str, Callable[[RelizGame], str]] = {
    OVER: _waiting_over, ATTACH: _waiting_attach, DAILY: _waiting_daily,
    PARTNER: _waiting_partner, PLAY: _waiting_play,
}


def entering_words(game: RelizGame) -> str:
    """What the facilitator enters now, in words: the sentence of the first piece drawn at the
    table and not entered yet.

    >>> from devgames import reliz
    >>> entering_words(reliz.new_game(["Ada", "Bob"], seed=3, deck="physical"))
    'Enter the first block card of the board.'
    """
    what, who, _where = game.to_enter[0]
    return ENTERING[what](game, what, who)


def _enter_central(game: RelizGame, what: str, who: int) -> str:
    if game.code == "tender":
        return _("Enter the central block card (one with {n} ports or more).").format(n=game.n)
    return _enter_drawn_for(game, what, who)


def _enter_drawn_for(game: RelizGame, what: str, who: int) -> str:
    """The central or the integration block card drawn for a seat."""
    words = (_("Enter the central block card drawn for {who}.") if what == "central"
             else _("Enter the integration block card drawn for {who}."))
    return words.format(who=game.players[who])


def _enter_block(game: RelizGame, what: str, who: int) -> str:
    """A block card to join the board: ``who`` is the place in the queue of block cards to join."""
    size = game._entry_size(what, who)
    seat = game.players[game.attach_queue[who][0]]
    if size is not None:
        return _("Enter the {size}-zone block card drawn for {who}.").format(size=size, who=seat)
    return _("Enter the block card drawn for {who}.").format(who=seat)


def _entering(sentence: str) -> Callable[[RelizGame, str, int], str]:
    """What to enter, from a sentence (marked with ``N_``) naming the seat it is drawn for,
    ``{who}``; translated when said."""
    return lambda game, what, who: _(sentence).format(who=game.players[who])


#: What the facilitator enters, by kind of piece drawn at the table: (game, the kind, the seat it
#: is drawn for, or a block card's place in the queue of block cards to join) -> sentence.
ENTERING: dict[str, Callable[[RelizGame, str, int], str]] = {
    "tile": _entering(N_("Enter the tile {who} drew.")),
    "daily": _entering(N_("Enter {who}'s daily event card.")),
    "event": _entering(N_("Enter the event card {who} drew.")),
    "first": lambda game, what, who: _("Enter the first block card of the board."),
    "central": _enter_central,
    "integration": _enter_drawn_for,
    "module": _entering(N_("Enter the block card drawn for {who}'s module.")),
    "block": _enter_block,
}


def view(game: RelizGame, player: int | str | None) -> RelizView:
    """The table as ``player`` sees it: the board (every block's zones with their tiles and
    orientation, the integration zones), the public counts, and that player's own hand."""
    current = game.current_player
    sc = game.scenario
    turns = turns_shown(game, None if player is None else game.seat(player))
    out: RelizView = {
        "game": game.name,
        "scenario": sc.code, "scenario_ru": sc.name_ru, "scenario_en": sc.name_en,
        "scenario_name": f"{sc.name_en} · {sc.name_ru}",
        "blitz": game.options.blitz,
        "phase": game.phase,
        "waiting_for": game.waiting_for,
        "current_player": game.players[current] if current is not None else None,
        "turn": game.turn_no, "round": game.round_no,
        # Cooperation's deadline: the room reads "round 11 of 40".
        "rounds": game.options.coop_rounds if sc.code == "cooperation" else None,
        # Tender and Cooperation: the minutes of the room's timer (option round_timer), wound
        # again with each turn (in_turn) or each round (together); None with no timer.
        "turn_minutes": game.options.round_timer or None if game.teams_mode else None,
        "turn_player": game.players[turns[0][0] if len(turns) == 1 else game.turn_player],
        "hand_limit": hand_limit(game, turns[0][0] if player is None else game.seat(player)),
        "blocks": [block_view(game, s) for s in range(len(game.blocks))],
        "integrations": [zone_view(game, z) | {"ports": list(game.zports[z])}
                         for z in range(len(game.chip)) if game.zkind[z] != BLOCK],
        "zones_total": len(game.chip),
        "zones_free": sum(1 for c in game.chip if not c),
        "stock": [len(pool) for pool in game.pool],
        "event_deck": [len(d) for d in game.decks],
        "discard": [[CARDS[c & 63].name for c in d] for d in game.discards],
        # The daily event of the turn shown, large: its names and what it does (in a round
        # played together each team reads its own on its screen; the projector shows none).
        "featured": [{"heading": _("Daily event"), "card": CARDS[chip & 63].name,
                      "lines": [does_text(chip & 63)], "own_words": True}
                     for _q, turn in turns if len(turns) == 1
                     and (chip := turn["daily"]) is not None and chip & 63 != UNKNOWN_EVENT],
        "extras": [TILES[c & 31].name for _q, turn in turns for c in turn["extras"]
                   if c & 31 != UNKNOWN_TILE],
        "extras_left": sum(turn["extras_left"] for _q, turn in turns),
        "attach": ({"seat": game.players[game.attach_queue[0][0]],
                    "blocks": list(game.attach_queue[0][1])}
                   if game.phase == ATTACH and not game.to_enter else None),
        "deck": game.options.deck,
        "players": [seat_view(game, q) for q in range(game.n)],
        "is_over": game.is_over,
        "winners": game.winners,
        "result": game.result,
        # Kept for notebooks and tests, left off the projector (the board, the big line
        # and the scenario's name say them, or they are the set-up). The room counts
        # rounds (every team once), against the deadline when there is one, not turns.
        # Which member of a team plays, and the others' tiles, are the team's to read.
        "aside": ["scenario", "scenario_ru", "scenario_en", "blitz", "phase", "turn_player",
                  "turn_minutes", "turn", "hand_limit", "zones_total", "event_deck",
                  "discard", "extras_left", "deck", "member", "member_tiles"],
    }
    if not any(game.frozen):  # nobody misses turns: the "sick" column would say nothing
        out["aside"].append("sick")
    if game.together and game.playing:  # who still plays the round (the big line says it)
        out["playing"] = [game.players[q] for q in game.playing]
        out["done"] = [game.players[q] for q in game.seats_in_order() if q not in game.playing]
        out["phase"] = turns[0][1]["phase"] if player is not None else game.phase
        out["aside"] += ["playing", "done", "this_round"]  # the big line says who plays
    if game.partnered:  # the projector's table: a row a team, its players one a line
        out["teams"] = team_rows(game)
        out["aside"].append("players")
    if player is not None:
        p = game.seat(player)
        out["you"] = game.players[p]
        # (a physical deck's pieces drawn but not entered yet are left out)
        out["hand"] = [{"id": c & 31, "card": TILES[c & 31].name,
                        "locked": c in game.locked[p]} for c in game.hands[p]
                       if c & 31 != UNKNOWN_TILE]
        out["event_cards"] = [{"id": c & 63, "card": CARDS[c & 63].name,
                               "name_ru": CARDS[c & 63].name_ru,
                               "playable": playable(game, p, c)}
                              for c in game.cards[p] if c & 63 != UNKNOWN_EVENT]
        wild, extras = turns[0][1]["wild"], turns[0][1]["extras"]
        out["crutches"] = [TILES[c & 31].name for c in wild
                           if c in game.hands[p] or c in extras]
        if game.members_apart(p):  # the team sees each member's hand
            out["members"] = [[c & 31 for c in game.member_hand(p, m)
                               if c & 31 != UNKNOWN_TILE]
                              for m in range(game.options.team_size)]
            out["active_member"] = game.active_member[p]
    return out


def hand_limit(game: RelizGame, p: int) -> int:
    """The most tiles seat ``p`` may hold at the end of its turn, as the engine checks it: the
    scenario's limit (a merged Cooperation team: 2 x team size), one more after Self-Belief in
    the turn being played.

    >>> from devgames import reliz
    >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
    >>> hand_limit(game, 0)
    3
    """
    turn = game.turn_of(p)
    own = game.together or p == game.turn_player  # Self-Belief is the turn player's
    believes = (own and turn["superman"]) or SELF_BELIEF in game.waiting[p]  # or waits for p
    return game._hand_limit(p) + (1 if believes else 0)


def turns_shown(game: RelizGame, seat: int | None) -> list[tuple[int, dict[str, Any]]]:
    """The turns a view shows (their daily events, side pools, crutches), each with its seat:
    the turn being played; in a round played together, every team's still playing, or in a
    team's own view its own.

    >>> from devgames import reliz
    >>> game = reliz.new_game(["Red", "Blue"], seed=1, scenario="cooperation")
    >>> [q for q, _turn in turns_shown(game, None)], [q for q, _turn in turns_shown(game, 1)]
    ([0, 1], [1])
    """
    if not (game.together and game.playing):
        return [(game.turn_player, game.turn_of(game.turn_player))]
    if seat is not None:
        return [(seat, game.turn_of(seat))]
    return [(q, game.turn_of(q)) for q in game.playing]


def zone_view(game: RelizGame, z: int) -> dict[str, Any]:
    chip = game.chip[z]
    return {"id": z, "label": game.zlabel[z], "kind": game.zkind[z],
            "double": game.zdouble[z],
            "tile": TILES[chip & 31].name if chip else None,
            "pips": list(game.pips[z]) if chip else None,
            "crutch": game.crutch[z],
            "owner": game.players[game.zowner[z]] if game.zowner[z] >= 0 else None,
            "stage": game.zstage[z],
            "touches": [{"half": h + 1, "zone": game.zlabel[oz], "its_half": oh + 1}
                        for h, oz, oh in game.zlinks[z]]}


def block_view(game: RelizGame, slot: int) -> dict[str, Any]:
    block = game.blocks[slot]
    card = BLOCKS[block["card"]]
    zones = []
    for (number, vertical, _double), z in zip(card.zones, block["zones"], strict=True):
        zones.append({**zone_view(game, z), "zone": number, "vertical": vertical})
    return {"slot": slot + 1, "card": block["card"], "size": card.size,
            "owner": game.players[block["owner"]] if block["owner"] >= 0 else None,
            "stage": block["stage"], "zones": zones,
            "ports": [{"port": port.port, "side": port.side, "code": slot * 10 + port.port,
                       "used": port.port in block["used"]} for port in card.ports]}


def secrets(game: RelizGame, player: int | str) -> list[str]:
    """What a team knows besides the hand in play: its members waiting for their round, and
    their tiles (Tender and Cooperation, each member's own hand).

    >>> from devgames import reliz
    >>> game = reliz.new_game(["Red", "Blue"], seed=2, scenario="cooperation")
    >>> game.secrets("Red")
    ['Member 1 plays this round (the tiles above).', 'Member 2 waits with 4|5, 0|1.']
    >>> reliz.new_game(["Red", "Blue"], seed=2).secrets("Red")
    []
    """
    p = game.seat(player)
    if not game.members_apart(p):
        return []
    active = game.active_member[p]
    lines = [_("Member {member} plays this round (the tiles above).").format(member=active + 1)]
    for m, hand in enumerate(game.member_hands[p]):
        if m != active:
            tiles = ", ".join(TILES[c & 31].name for c in hand if c & 31 != UNKNOWN_TILE)
            words = (_("Member {member} waits with {tiles}.") if tiles
                     else _("Member {member} waits with no tile."))
            lines.append(words.format(member=m + 1, tiles=tiles))
    return lines


def team_rows(game: RelizGame) -> list[dict[str, Any]]:
    """Team Development: a row a team, its players and what each holds one a line (a
    tuple a column), the tiles they laid face up together.

    >>> from devgames import reliz
    >>> game = reliz.new_game(["Ada", "Bob", "Cy", "Di"], seed=3, scenario="team")
    >>> [row["name"] for row in team_rows(game)]
    [('Ada', 'Cy'), ('Bob', 'Di')]
    """
    seats = [seat_view(game, q) for q in range(game.n)]
    teams = list(dict.fromkeys(game.team[q] for q in range(game.n)))
    rows = []
    for t in teams:
        members = [seats[q] for q in range(game.n) if game.team[q] == t]
        rows.append({"name": tuple(seat["name"] for seat in members)}
                    | {key: tuple(seat[key] for seat in members)
                       for key in ("tiles", "events", "sick", "releases")}
                    | {"face_up": [tile for seat in members for tile in seat["face_up"]]})
    return rows


def seat_view(game: RelizGame, q: int) -> SeatView:
    """Seat ``q``'s row of the projector's table: what it holds, in counts, and what is public.

    >>> from devgames import reliz
    >>> seat_view(reliz.new_game(["Ada", "Bob"], seed=3), 1)["name"]
    'Bob'
    """
    # Team Development: who plays with whom, after the name.
    team: _TeamOfSeat = {"team": game._team_name(q)} if game.partnered else {}
    seat: SeatView = {
        "name": game.players[q], **team,
        "tiles": len(game.hands[q]), "events": len(game.cards[q]),
        "face_up": [TILES[c & 31].name for c in held_face_up(game, q)],
        "sick": game.frozen[q], "releases": game.releases[q],
    }
    if q in game.revealed:
        seat["shown_hand"] = sorted(TILES[c & 31].name for c in game.hands[q]
                                    if c & 31 != UNKNOWN_TILE)
    if game.members_apart(q):  # the other members' hands: counts only
        seat["member"] = game.active_member[q] + 1  # who plays this round, counted from 1
        seat["member_tiles"] = [len(game.member_hand(q, m))
                                for m in range(game.options.team_size)]
    if game.code == "cooperation":
        seat["merged"] = game.merged[q]
    if game.together and game.playing:
        seat["this_round"] = "playing" if q in game.playing else "done"
    if game.code == "tender":
        seat["linked"] = game.linked[q]
        if game.options.tender_shared_win:
            seat["closed"] = q in game.closed
    return seat


# ----- each move in words, by kind -------------------------------------------------------------
def describe(game: RelizGame, action: Action) -> str:
    """A sentence for an action, as a facilitator would say it.

    >>> from devgames import reliz
    >>> game = reliz.new_game(["Ada", "Bob"], seed=1)
    >>> game.describe(Action("end", 0))
    'Ada ends the turn'
    """
    p = action.player
    who = game.players[p] if 0 <= p < game.n else "?"
    said = DESCRIBE.get(action.kind)
    return f"{who} {action.kind}" if said is None else said(game, action, who)


def _zone_named(game: RelizGame, z: Any) -> str | None:
    """A zone's label, None for what is not a zone of the board."""
    return game.zlabel[z] if isinstance(z, int) and 0 <= z < len(game.zlabel) else None


def _tile_laid(action: Action) -> str:
    """The tile of a move, its halves in the order laid (``count`` 1: turned the other way)."""
    tile = card_name(action.card)
    if action.count == 1 and "|" in tile:
        return "|".join(reversed(tile.split("|")))
    return tile


def _describe_deal(game: RelizGame, action: Action, who: str) -> str:
    if action.count is not None:
        return _("The block card drawn is block {block}").format(block=action.count)
    if isinstance(action.card, int) and action.card in TILES:
        return _("The tile drawn is {card}").format(card=card_name(action.card))
    return _("The event card drawn is {card}").format(card=card_name(action.card))


def _describe_place(game: RelizGame, action: Action, who: str) -> str:
    return _("{who} places {tile} in {zone}").format(
        who=who, tile=_tile_laid(action), zone=_zone_named(game, action.target) or "?")


def _describe_replace(game: RelizGame, action: Action, who: str) -> str:
    return _("{who} replaces the tile in {zone} with {tile}").format(
        who=who, zone=_zone_named(game, action.target) or "?", tile=_tile_laid(action))


def _describe_attach(game: RelizGame, action: Action, who: str) -> str:
    if action.target is None:
        return _("{who} starts the module with block {block}").format(who=who, block=action.card)
    return _("{who} joins block {block} by its port {port} to port {to}").format(
        who=who, block=action.card, port=action.count, to=port_words(game, action.target))


def _describe_play(game: RelizGame, action: Action, who: str) -> str:
    """An event card played, with what it is played on (:data:`TARGETS`)."""
    card = card_name(action.card)
    c = action.card
    kind = EVENTS[c].target if isinstance(c, int) and c in EVENTS else "none"
    if kind == "none":
        return _("{who} plays {card}").format(who=who, card=card)
    words = TARGETS.get(kind)
    said = words(game, action, who, card) if words is not None else None
    if said is None:
        return _("{who} plays {card} (no target: no effect)").format(who=who, card=card)
    return said


def _said(sentence: str) -> Callable[[RelizGame, Action, str], str]:
    """A move's sentence from a sentence (marked with ``N_``) naming who acts, ``{who}``, and
    the zone it aims at, ``{zone}``; translated when said."""
    return lambda game, action, who: _(sentence).format(
        who=who, zone=_zone_named(game, action.target) or "?")


def _describe_link(game: RelizGame, action: Action, who: str) -> str:
    return _("{who} joins the module at {port} to the integration block at {to}").format(
        who=who, port=port_words(game, action.target), to=port_words(game, action.count))


def _describe_swap(game: RelizGame, action: Action, who: str) -> str:
    return _("{who} swaps block {block} for block card {card} (rule 7: no free port for the "
             "link)").format(who=who, block=f"B{(action.target or 0) + 1}", card=action.card)


def _describe_add(game: RelizGame, action: Action, who: str) -> str:
    return _("{who} adds block card {card} to the integration block's side, joined to the "
             "module at {port} (rule 7: no block card to swap)").format(
        who=who, card=action.card, port=port_words(game, action.target))


#: A sentence for each kind of action: (game, action, who acts) -> sentence; a kind not here is
#: said as "who kind".
DESCRIBE: dict[str, Callable[[RelizGame, Action, str], str]] = {
    "deal": _describe_deal,
    "place": _describe_place,
    "replace": _describe_replace,
    "rotate": _said(N_("{who} turns the tile in {zone} round")),
    "play": _describe_play,
    "keep": _said(N_("{who} keeps the daily event in hand")),
    "end": _said(N_("{who} ends the turn")),
    "call": _said(N_("{who} lets the partner play event cards")),
    "back": _said(N_("{who} hands the turn back")),
    "attach": _describe_attach,
    "time_up": _said(N_("Time is up: every team still playing ends its turn")),
    "link": _describe_link,
    "swap": _describe_swap,
    "add": _describe_add,
}


def port_words(game: RelizGame, code: Any) -> str:
    """A port by its code (the block's slot times ten plus the port's number), in words.

    >>> from devgames import reliz
    >>> port_words(reliz.new_game(["Ada", "Bob"], seed=1), 12)
    '2 of B2'
    """
    if not isinstance(code, int):
        return "?"
    slot, number = divmod(code, 10)
    return _("{port} of {block}").format(port=number, block=f"B{slot + 1}")


def target_text(game: RelizGame, action: Action, who: str = "") -> str:
    """The sentence of an event card played, with what it is played on.

    >>> from devgames import reliz
    >>> from devgames.reliz.cards import EVENT_ID
    >>> game = reliz.new_game(["Ada", "Bob"], seed=1)
    >>> target_text(game, Action("play", 0, card=EVENT_ID["disease"], target=1), "Ada")
    'Ada plays Sick Leave on Bob'
    """
    return _describe_play(game, action, who)


#: The sentence of an event card played on a target: (game, action, who plays, the card's name)
#: -> sentence, None for a move that names no such target.
TargetWords = Callable[["RelizGame", Action, str, str], str | None]


def _on(sentence: str, named: Callable[[RelizGame, Any], str | None]) -> TargetWords:
    """The sentence for a card played on a seat, a block, a zone or a port: ``sentence``
    (marked with ``N_``, translated when said) with who plays, the card and the target's name,
    None when the move's target names none."""
    def said(game: RelizGame, action: Action, who: str, card: str) -> str | None:
        name = named(game, action.target)
        return None if name is None else _(sentence).format(who=who, card=card, target=name)
    return said


def _seat_named(game: RelizGame, seat: Any) -> str | None:
    """A seat's player, None for what is not a seat at the table."""
    return game.players[seat] if isinstance(seat, int) and 0 <= seat < game.n else None


def _block_named(game: RelizGame, slot: Any) -> str | None:
    return f"B{slot + 1}" if isinstance(slot, int) else None


def _port_named(game: RelizGame, code: Any) -> str | None:
    return port_words(game, code) if isinstance(code, int) else None


def _first_tile(action: Action) -> str:
    return card_name(action.cards[0]) if action.cards else "?"


def _giving(game: RelizGame, action: Action, who: str, card: str) -> str | None:
    seat = _seat_named(game, action.target)
    if seat is not None:
        return _("{who} plays {card}, giving {tile} to {target}").format(
            who=who, card=card, tile=_first_tile(action), target=seat)
    if not action.cards:
        return None
    return _("{who} plays {card}, sending {tile} back to the stock").format(
        who=who, card=card, tile=_first_tile(action))


def _on_half(game: RelizGame, action: Action, who: str, card: str) -> str | None:
    if not action.cards:
        return None
    words = (_("{who} plays {card} on the low half of {tile}") if action.count == 1
             else _("{who} plays {card} on the high half of {tile}"))
    return words.format(who=who, card=card, tile=_first_tile(action))


#: What an event card is played on, by the kind of target it takes: (game, action, who, card)
#: -> the move's sentence, None for a move that names no such target (said "no target: no
#: effect").
TARGETS: dict[str, TargetWords] = {
    "opponent": _on(N_("{who} plays {card} on {target}"), _seat_named),
    "give": _giving,
    "take": _on(N_("{who} plays {card}, taking a tile from {target}"), _seat_named),
    "block": _on(N_("{who} plays {card} on block {target}"), _block_named),
    "zone": _on(N_("{who} plays {card} on {target}"), _zone_named),
    "port": _on(N_("{who} plays {card} at port {target}"), _port_named),
    "tile": _on_half,
}


# ----- each event in words, by kind ------------------------------------------------------------
def narrate(game: RelizGame, event: Event) -> str | None:
    """A public sentence for an event (None for what the table does not see: the end of a turn,
    the next turn's line says it; a turn handed back; a piece entered that was believed in a
    hand).

    >>> from devgames import reliz
    >>> game = reliz.new_game(["Ada", "Bob"], seed=1)
    >>> narrate(game, game.events[0])
    'Scenario: Duel (Дуэль).'
    """
    who = game.players[event.player] if event.player is not None else ""
    told = (NARRATE_PRIVATE if event.private else NARRATE).get(event.kind)
    return None if told is None else told(game, who, event.data)


Told = Callable[["RelizGame", str, dict[str, Any]], str]


def _says(sentence: str) -> Told:
    """An event's sentence from a format string of its data's fields and ``who``, the player it
    is about.

    >>> _says("{who} joins block {block} to the board.")(None, "Ada", {"block": 7})
    'Ada joins block 7 to the board.'
    """
    return lambda game, who, data: _(sentence).format(who=who, **data)


def _narrate_setup(game: RelizGame, who: str, data: dict[str, Any]) -> str:
    scenario = SCENARIOS[data["scenario"]]
    return _("Scenario: {name_en} ({name_ru}).").format(name_en=scenario.name_en,
                                                          name_ru=scenario.name_ru)


def _narrate_turn(game: RelizGame, who: str, data: dict[str, Any]) -> str:
    words = _("Turn {turn}: {who} (off sick).") if data["frozen"] else _("Turn {turn}: {who}.")
    return words.format(turn=data["turn"], who=who)


def _narrate_laid(game: RelizGame, who: str, data: dict[str, Any]) -> str:
    a, b = data["pips"]
    return _("{who} places {tile} in {zone}.").format(who=who, tile=f"{a}|{b}",
                                                      zone=game.zlabel[data["zone"]])


def _narrate_replaced(game: RelizGame, who: str, data: dict[str, Any]) -> str:
    a, b = data["pips"]
    return _("{who} replaces a tile with {tile} in {zone}.").format(
        who=who, tile=f"{a}|{b}", zone=game.zlabel[data["zone"]])


def _narrate_release(game: RelizGame, who: str, data: dict[str, Any]) -> str:
    words = (_("RELEASE! {who} closes {zone} and draws an event card.") if data["card"]
             else _("RELEASE! {who} closes {zone}."))
    return words.format(who=who, zone=game.zlabel[data["zone"]])


def _time_up_words(round_no: int, teams: list[str]) -> str:
    """The timer ended a round played together.

    >>> _time_up_words(3, ["Red", "Green"])
    'Time is up in round 3: Red and Green end their turns; what they did not place stays in hand.'
    """
    words = (_("Time is up in round {round}: {teams} ends its turn; what it did not place stays "
               "in hand.") if len(teams) == 1
             else _("Time is up in round {round}: {teams} end their turns; what they did not "
                    "place stays in hand."))
    return words.format(round=round_no, teams=_and(teams))


def _over_limit(game: RelizGame, who: str, data: dict[str, Any]) -> str:
    """A hand over the limit at the end of a turn goes back to the stock.

    >>> _over_limit(None, "Ada", {"tiles": 4, "limit": 3})
    'Ada holds 4 tiles, over the limit of 3: the whole hand goes back to the stock.'
    """
    return ngettext("{who} holds {tiles} tile, over the limit of {limit}: the whole hand goes "
                    "back to the stock.",
                    "{who} holds {tiles} tiles, over the limit of {limit}: the whole hand goes "
                    "back to the stock.", data["tiles"]).format(who=who, **data)


def _narrate_rebuild(game: RelizGame, who: str, data: dict[str, Any]) -> str:
    """Tender's rule 7: a block swapped (``old``: the card it was) or added.

    >>> _narrate_rebuild(None, "Red", {"slot": 1, "old": 6, "block": 17})  # doctest: +ELLIPSIS
    'Red has no free port for its link: block B2 becomes block card 17; its tiles and ...'
    """
    slot = f"B{data['slot'] + 1}"
    if data["old"] is None:
        return _("{who} has no free port for its link and no block card to swap: block card "
                 "{block} ({slot}) joins its module, on the integration block's side.").format(
            who=who, block=data["block"], slot=slot)
    return _("{who} has no free port for its link: block {slot} becomes block card {block}; its "
             "tiles and those of its integrations go back to the stock.").format(
        who=who, slot=slot, block=data["block"])


#: The public sentence of each kind of event: (game, who it is about, its data) -> sentence. The
#: kinds left out say nothing to the table.
NARRATE: dict[str, Told] = {
    "setup": _narrate_setup,
    "turn": _narrate_turn,
    "daily": lambda game, who, data: _("{who}'s daily event: {card}.").format(
        who=who, card=CARDS[data["card"]].name),
    "place": _narrate_laid,
    "replace": _narrate_replaced,
    "rotate": lambda game, who, data: _("{who} turns the tile in {zone} round.").format(
        who=who, zone=game.zlabel[data["zone"]]),
    "release": _narrate_release,
    "play": lambda game, who, data: _("{who} plays {card}.").format(
        who=who, card=CARDS[data["card"]].name),
    "keep": _says(N_("{who} keeps the daily event.")),
    "over_limit": _over_limit,
    "attach": _says(N_("{who} joins block {block} to the board.")),
    "block_drawn": _says(N_("Block card {block} is drawn.")),
    "refresh": _says(N_("The event deck is used up: its discard pile is shuffled into a new "
                        "deck.")),
    "link": _says(N_("{who}'s module is joined to its integration block.")),
    "rebuild": _narrate_rebuild,
    "closed": _says(N_("{who}'s team has closed everything: the round is played to its end, "
                       "and every team that closes in it shares the win.")),
    "merged": _says(N_("{who}'s module is closed: the team now plays as one.")),
    "central": _says(N_("Every module is closed: the central integration opens.")),
    "call": _says(N_("{who} lets the partner play event cards.")),
    "game_over": lambda game, who, data: _("Game over: {result}").format(
        result=game.result_sentence() if game.is_over else data["result"]),
    "time_up": lambda game, who, data: _time_up_words(data["round"], data["teams"]),
}

#: Private events as the table sees them: that a piece was drawn, not which.
NARRATE_PRIVATE: dict[str, Told] = {
    "draw": _says(N_("{who} draws a tile.")),
    "event_drawn": _says(N_("{who} draws an event card.")),
}
