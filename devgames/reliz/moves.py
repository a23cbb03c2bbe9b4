"""The moves of РЕЛИЗ as a table: each kind of action maps to its check and its effect
(:data:`MOVES`), and each phase to the check of who may act in it and which kinds it lets
through (:data:`PHASE_CHECKS`). A move's check is the one of its kind in any phase (an "attach"
out of the attach phase finds no block card waiting); a check raises IllegalMove with a sentence
for the table and changes nothing. The effects carry out a move its check passed. The event
cards' own effects are in :mod:`devgames.reliz.event_cards`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from devgames.core.actions import CHANCE, Action, Event, quick_event
from devgames.core.errors import IllegalMove
from devgames.core.moves import Move, MoveTable
from devgames.core.piles import shuffle
from devgames.i18n import N_, _
from devgames.reliz import observer
from devgames.reliz.cards import EVENT_DECK, EVENT_ID, EVENTS, TILES
from devgames.reliz.event_cards import _clear, event_actions, play_event, playable
from devgames.reliz.setup import after_setup_attach, lay
from devgames.reliz.terms import (
    ATTACH,
    BLOCK,
    CENTRAL,
    DAILY,
    DECK_BITS,
    END_EVENTS,
    INTEGRATION_BLOCK,
    LINK,
    MODULE,
    OVER,
    PARTNER,
    PLAY,
    ROTATE_EVENTS,
    SET_BITS,
    SHARED,
    UNKNOWN_EVENT,
    UNKNOWN_TILE,
    card_name,
)
from devgames.reliz.zones import TILE_PIPS

if TYPE_CHECKING:
    from devgames.reliz.game import RelizGame

# ----- who may act in each phase, and which kinds of move it lets through --------------------


def _check_attaching(game: RelizGame, action: Action) -> None:
    seat = game.attach_queue[0][0]
    if action.player != seat:
        raise IllegalMove("not_your_turn", _("{who} is choosing a block card now, not "
                                             "{other}.").format(
            who=game.players[seat], other=game.players[action.player]))
    if action.kind != "attach":
        raise IllegalMove("attach_first", _("{who} must first choose the block card to join "
                                            "the board.").format(who=game.players[seat]))
    check_attach(game, action)


def _check_daily(game: RelizGame, action: Action) -> None:
    game._require_turn(action.player)
    kind = action.kind
    if kind != "keep" and (kind != "play" or action.card != (game.daily or 0) & 63):
        raise IllegalMove("daily_first", _("{who} must first play the daily event, "
                                           "{card}.").format(
            who=game.players[action.player], card=card_name((game.daily or 0) & 63)))
    MOVES[kind].check(game, action)


def _check_partnering(game: RelizGame, action: Action) -> None:
    q = (game.turn_player + 2) % game.n
    if action.player != q:
        raise IllegalMove("partner_playing", _("{partner} is playing event cards in "
                                               "{who}'s turn now.").format(
            partner=game.players[q], who=game.players[game.turn_player]))
    if action.kind not in ("back", "play"):
        raise IllegalMove("cards_only", _("In a partner's turn only event cards are played."))
    MOVES[action.kind].check(game, action)


#: The kinds of move a seat off sick (Sick Leave) may still make, or is told why not.
_OFF_SICK_TOO = frozenset({"end", "keep", "back", "attach", "call"})


def _check_in_turn(game: RelizGame, action: Action) -> None:
    game._require_turn(action.player)
    if game.frozen_now and action.kind not in _OFF_SICK_TOO:
        raise IllegalMove("frozen", _("{who} is off sick this turn: no moves, only ending the "
                                      "turn.").format(who=game.players[action.player]))
    MOVES[action.kind].check(game, action)


#: The check of each phase but ``over`` (a physical deck's piece to enter comes first).
PHASE_CHECKS: dict[str, Callable[[RelizGame, Action], None]] = {
    ATTACH: _check_attaching, DAILY: _check_daily, PARTNER: _check_partnering,
    PLAY: _check_in_turn,
}

# ----- checking a move of each kind (never changes anything) --------------------------------


def _may_end(game: RelizGame, action: Action) -> None:
    """The turn may always be ended."""


def check_keep(game: RelizGame, action: Action) -> None:
    """Blitz: the daily event is kept in hand."""
    if game.phase != DAILY:
        raise IllegalMove("no_daily", _("No daily event waits to be kept."))
    if not game.options.blitz:
        raise IllegalMove("no_blitz", _("Only in blitz mode may the daily event be kept in "
                                        "hand."))


def check_call(game: RelizGame, action: Action) -> None:
    """Team Development: the partner is called to play event cards in the turn."""
    if not game.partnered:
        raise IllegalMove("no_partner", _("Only in Team Development does a partner play event "
                                          "cards in your turn."))
    if not game._partner_can_play():
        q = game.players[(action.player + 2) % game.n]
        raise IllegalMove("partner_cannot", _("{partner} holds no event card to play "
                                              "now.").format(partner=q))


def check_back(game: RelizGame, action: Action) -> None:
    """Team Development: the partner hands the turn back."""
    if game.phase != PARTNER:
        raise IllegalMove("no_partner_turn", _("{who} is not playing in a partner's "
                                               "turn.").format(who=game.players[action.player]))


def _zone(game: RelizGame, z: Any) -> int:
    if not isinstance(z, int) or isinstance(z, bool) or not 0 <= z < len(game.chip):
        raise IllegalMove("unknown_zone", _("There is no such zone on the board."))
    return z


def check_tile(game: RelizGame, action: Action) -> None:
    """A tile is placed into an empty zone, or replaces the tile of a filled one."""
    p, tile, flip = action.player, action.card, action.count
    who = game.players[p]
    if not isinstance(tile, int) or tile not in TILES:
        raise IllegalMove("not_a_tile", _("Name a domino tile, like 3|5."))
    if flip not in (0, 1):
        raise IllegalMove("bad_flip", _("A tile is placed as named (0) or turned round (1)."))
    z = _zone(game, action.target)
    name, label = TILES[tile].name, game.zlabel[z]
    found = game._tile_chip(p, tile)
    if found is None:
        if any(c & 31 == tile for c in game.locked[p]):
            raise IllegalMove("locked_tile", _("{who} took {tile} with Refactoring: it may be "
                                               "placed only from the next turn.").format(
                who=who, tile=name))
        for m, hand in enumerate(game.member_hands[p]):
            if any(c & 31 == tile for c in hand):
                raise IllegalMove("member_not_active", _(
                    "Tile {tile} is in the hand of {who}'s member {member}, who does not play "
                    "this round.").format(tile=name, who=who, member=m + 1))
        by = _in_round(game, lambda a: a.kind == "play" and a.card == _COMPLAINT and
                       a.target == p and a.player != p)
        if by is not None:  # played together: another team's Complaint came first
            raise IllegalMove("no_such_tile", _(
                "{by}'s Complaint sent {who}'s tiles back to the stock this round: {tile} is no "
                "longer in hand.").format(by=game.players[by], who=who, tile=name))
        raise IllegalMove("no_such_tile", _("{who} holds no {tile} to place.").format(
            who=who, tile=name))
    chip = found[0]
    low, high = TILES[tile].pips
    if flip == 1 and low == high and chip not in game.wild:
        raise IllegalMove("double_flip", _("Tile {tile} reads the same either way round: place "
                                           "it as named.").format(tile=name))
    if not game._owner_allows(p, z):
        raise IllegalMove("not_your_zone", _owner_words(game, p, z))
    if action.kind == "place":
        if game.chip[z]:
            by = _in_round(game, lambda a: a.kind in ("place", "replace") and a.target == z)
            if by is not None and by != p:  # played together: another team came first
                raise IllegalMove("zone_taken", _("Zone {zone} was filled by {by} this "
                                                  "round.").format(zone=label,
                                                                   by=game.players[by]))
            raise IllegalMove("zone_taken", _("Zone {zone} already holds {tile}; replace it "
                                              "instead.").format(
                zone=label, tile=TILES[game.chip[z] & 31].name))
        if game.zkind[z] != BLOCK and not game._neighbours_filled(z):
            raise IllegalMove("integration_not_ready", _(
                "Integration zone {zone} can be filled only once the zones next to it are "
                "filled.").format(zone=label))
        if not game._can_fill(p, z):
            raise IllegalMove("must_touch", _("A tile in {zone} must touch a tile already in "
                                              "its block.").format(zone=label))
    else:
        if not game.chip[z]:
            raise IllegalMove("zone_empty", _("Zone {zone} is empty: place the tile "
                                              "instead.").format(zone=label))
        if z in game.placed_now:
            raise IllegalMove("placed_this_turn", _(
                "The tile in {zone} was placed this turn and cannot be replaced until the "
                "next.").format(zone=label))
        if game.zkind[z] != BLOCK and not game._neighbours_filled(z):
            raise IllegalMove("integration_not_ready", _(
                "Integration zone {zone} can take a tile only while the zones next to it are "
                "filled.").format(zone=label))
    a, b, wild = game._orient(chip, flip)
    if not game._fits(z, a, b, wild):
        raise IllegalMove("no_match", _mismatch_words(game, z, a, b, wild, name))


_COMPLAINT = EVENT_ID["claim"]


def _in_round(game: RelizGame, made: Callable[[Action], bool]) -> int | None:
    """Played together: the seat of the last move of this round that ``made`` picks, or None
    (for the refusals that say which team's move came first)."""
    if not game.together:
        return None
    return next((a.player for a in reversed(game.log[game.round_began:]) if made(a)), None)


def _owner_words(game: RelizGame, p: int, z: int) -> str:
    label, stage = game.zlabel[z], game.zstage[z]
    if game.code == "tender":
        if game.zowner[z] not in (p, SHARED):
            return _("Zone {zone} belongs to {owner}'s team.").format(
                zone=label, owner=game.players[game.zowner[z]])
        if stage in (LINK, INTEGRATION_BLOCK):
            return _("{who} must close the module before zone {zone}.").format(
                who=game.players[p], zone=label)
        return _("{who} must close the integration block before zone {zone}.").format(
            who=game.players[p], zone=label)
    if stage == CENTRAL:
        return _("Zone {zone} is central: it opens once every team's module is "
                 "closed.").format(zone=label)
    return _("Zone {zone} belongs to {owner}; helping starts once {who}'s module is "
             "closed.").format(zone=label, owner=game.players[game.zowner[z]],
                               who=game.players[p])


def _mismatch_words(game: RelizGame, z: int, a: int, b: int, wild: int, name: str) -> str:
    label = game.zlabel[z]
    if game.zdouble[z] and a != b and wild < 0:
        return _("Zone {zone} takes only a double, and {tile} is not one.").format(
            zone=label, tile=name)
    if game.zkind[z] != BLOCK and not game.strict:
        return _("No end of {tile} matches the ports of {zone}.").format(tile=name, zone=label)
    for h, oz, oh in game.zlinks[z]:
        mine = a if h == 0 else b
        if game.chip[oz] and h != wild and mine != game.pips[oz][oh]:
            return _("Tile {tile} does not fit {zone}: its half with {mine} pips would touch "
                     "{theirs} pips in {other}.").format(
                tile=name, zone=label, mine=mine, theirs=game.pips[oz][oh],
                other=game.zlabel[oz])
    return _("Tile {tile} does not fit {zone}.").format(tile=name, zone=label)


def check_rotate(game: RelizGame, action: Action) -> None:
    """The tile of a block zone is turned round, and still matches its neighbours."""
    p = action.player
    z = _zone(game, action.target)
    label = game.zlabel[z]
    if not game.chip[z]:
        raise IllegalMove("zone_empty", _("Zone {zone} holds no tile to rotate.").format(
            zone=label))
    if game.zkind[z] != BLOCK:
        raise IllegalMove("integration_fixed", _("The tile in integration zone {zone} is never "
                                                 "rotated.").format(zone=label))
    if game.crutch[z]:
        raise IllegalMove("crutch_fixed", _("A crutch holds the tile in {zone}: it cannot be "
                                            "rotated.").format(zone=label))
    a, b = game.pips[z]
    if a == b:
        raise IllegalMove("double_rotate", _("The tile in {zone} is a double: turning it "
                                             "changes nothing.").format(zone=label))
    if not game._owner_allows(p, z):
        raise IllegalMove("not_your_zone", _owner_words(game, p, z))
    if not game._rotatable(p, z):
        raise IllegalMove("no_match", _("Turned round, the tile in {zone} would no longer "
                                        "match its neighbours.").format(zone=label))


def check_link(game: RelizGame, action: Action) -> None:
    """Tender: a closed module joins its team's integration block, port to port."""
    p = action.player
    if game.code != "tender":
        raise IllegalMove("no_link", _("Only in Tender does a team join its module to its "
                                       "integration block."))
    _require_closed_module(game, p)
    if Action("link", p, target=action.target, count=action.count) not in \
            game._link_actions(p):
        raise IllegalMove("bad_port", _("Join a free port of the module to a free port of "
                                        "the team's integration block."))


def _require_closed_module(game: RelizGame, p: int) -> None:
    """Tender: team ``p``'s module is closed and not joined to its integration block yet."""
    if game.linked[p]:
        raise IllegalMove("already_linked", _("{who}'s module is already joined to its "
                                              "integration block.").format(
            who=game.players[p]))
    if not game._closed(p, (MODULE,)):
        raise IllegalMove("module_open", _("{who} must close every zone of the module "
                                           "first.").format(who=game.players[p]))


def check_rebuild(game: RelizGame, action: Action) -> None:
    """Tender's rule 7: a team whose closed module has no free port for its link swaps a block
    of the side with no free port for a block card of its supply, or, when no card can be
    swapped so, adds one joined to its module."""
    p = action.player
    who = game.players[p]
    if game.code != "tender" or not game.options.tender_rebuild:
        raise IllegalMove("no_swap", _("Only in Tender (rule 7) does a team swap a block, when "
                                       "no free port is left to join its module to its "
                                       "integration block."))
    _require_closed_module(game, p)
    if game._link_actions(p):
        raise IllegalMove("not_locked", _("{who}'s module can still be joined to its "
                                          "integration block: a block is swapped only when no "
                                          "free port is left for that link.").format(who=who))
    moves = game._rebuild_actions(p)
    if action in moves:
        return
    if moves[0].kind == "swap":
        raise IllegalMove("bad_swap", _("Swap a block with no free port left (the integration "
                                        "block, or a block of the module when the module has "
                                        "none) for a block card of the team's supply with at "
                                        "least as many zones and more ports than the block "
                                        "has joins."))
    raise IllegalMove("bad_add", _("No block card of the team's supply can be swapped: add one "
                                   "of them, by one of its ports, to a free port of the "
                                   "module."))


def check_attach(game: RelizGame, action: Action) -> None:
    """A block card joins the board: one of those drawn, by one of its ports to a free one."""
    if game.phase != ATTACH:
        raise IllegalMove("no_block", _("No block card waits to join the board."))
    entry = game.attach_queue[0]
    if action.card not in entry[1]:
        raise IllegalMove("not_a_candidate", _candidates_words(entry[1]))
    if action not in game._legal_attach():
        raise IllegalMove("bad_port", _("Join the block by one of its ports to a free port of "
                                        "the board."))


def _candidates_words(candidates: tuple[int, ...]) -> str:
    """The refusal naming the block cards drawn to join (one, two, or more).

    >>> _candidates_words((12, 5))
    'The block card to join is block 12 or block 5.'
    """
    if len(candidates) == 1:
        return _("The block card to join is block {block}.").format(block=candidates[0])
    if len(candidates) == 2:
        return _("The block card to join is block {block} or block {other}.").format(
            block=candidates[0], other=candidates[1])
    return _("The block card to join is one of blocks {blocks}.").format(
        blocks=", ".join(str(b) for b in candidates))


def check_event(game: RelizGame, action: Action) -> None:
    """An event card is played: the daily one, or one held and still playable, on a target it
    may take."""
    p, c = action.player, action.card
    who = game.players[p]
    if not isinstance(c, int) or c not in EVENTS:
        raise IllegalMove("not_an_event", _("Name an event card, like Refactoring."))
    name = EVENTS[c].name
    daily = game.phase == DAILY
    if daily or (game.daily is not None and game.daily_open and game.daily & 63 == c):
        daily = True
        chip = game.daily
        assert chip is not None
    else:
        held = [chip for chip in game.cards[p] if chip & 63 == c]
        if not held:
            raise IllegalMove("no_such_card", _("{who} holds no {card}.").format(who=who,
                                                                              card=name))
        live = [chip for chip in held if playable(game, p, chip)]
        if not live:
            raise IllegalMove("dead_card", _("{card} came from the team's own deck: in the "
                                             "central stage it is no longer played.").format(
                card=name))
        chip = live[0]
    if action not in event_actions(game, p, chip, daily=daily):
        raise IllegalMove("bad_target", _target_words(EVENTS[c].target, name))


#: The refusal of an event card played on a target it does not take, by the kind of target.
TARGET_WORDS = {
    "none": N_("{card} takes no target."),
    "opponent": N_("{card} must name an opponent."),
    "block": N_("{card} must name a block on the board (of your own team)."),
    "zone": N_("{card} must name a zone that holds a tile (of your own team)."),
    "port": N_("{card} must name a free port of a block (of your own team)."),
    "tile": N_("{card} must name a tile in your hand and its half, 1 (low) or 2 (high)."),
    "give": N_("{card} must name a tile in your hand and an opponent to give it to."),
    "take": N_("{card} must name an opponent and a place in their hand."),
}


def _target_words(target: str, name: str) -> str:
    return _(TARGET_WORDS[target]).format(card=name)


def check_time_up(game: RelizGame, action: Action) -> None:
    """The room's timer ends a round played together (Tender, Cooperation), when there is a
    timer; it is the table's move, not a team's."""
    if action.player != CHANCE:
        raise IllegalMove("timer_only", _("Only the room's timer says that the time is up; a "
                                          "team ends its own turn."))
    if not game.together:
        raise IllegalMove("no_round", _("Time runs out only for rounds played together (Tender "
                                        "and Cooperation, the teams at the same time)."))
    if not game.options.round_timer:
        raise IllegalMove("no_timer", _("This game is played with no timer: each team ends its "
                                        "own turn."))
    if not game.playing:
        raise IllegalMove("no_round", _("The first round has not begun yet."))


def check_deal(game: RelizGame, action: Action) -> None:
    """Physical deck: the piece drawn at the table is entered, and only then."""
    if not game.to_enter:
        seat = game.current_player
        if seat is None or seat < 0:
            raise IllegalMove("no_card_expected", _("No card is to be entered now; nobody is to "
                                                    "play."))
        raise IllegalMove("no_card_expected", _("No card is to be entered now; {who} is to "
                                                "play.").format(who=game.players[seat]))
    if action.kind != "deal" or action.player != CHANCE:
        words = observer.entering_words(game)
        raise IllegalMove("card_expected", _("First the piece drawn: {what}").format(
            what=f"{words[0].lower()}{words[1:]}"))
    if action not in game._legal_deal():
        what = game.to_enter[0][0]
        if what == "tile":
            text = _("That tile cannot have been drawn: it lies face up (on the board, or "
                     "shown).")
        elif what in ("event", "daily"):
            text = _("That event card cannot have been drawn: every copy of it lies face up "
                     "(discard pile, played, or the daily event).")
        else:
            text = _("That block card cannot have been drawn: it is not in what is left to "
                     "draw.")
        raise IllegalMove("not_available", text)

# ----- carrying out a move ----------------------------------------------------------------


def rotate(game: RelizGame, action: Action) -> None:
    """The tile of a block zone turns round."""
    z = action.target
    assert z is not None
    a, b = game.pips[z]
    game.pips[z] = (b, a)
    game._refresh(game.znear[z][2], z)  # the zone and its neighbours
    if game.record:
        game.events.append(ROTATE_EVENTS[action.player][z])


def keep(game: RelizGame, action: Action) -> None:
    """Blitz: the daily event goes into the hand."""
    assert game.daily is not None
    game.cards[action.player].append(game.daily)
    game.events.append(Event("keep", action.player, {}))
    game.daily = None
    game._resume()


def end(game: RelizGame, action: Action) -> None:
    """The turn ends."""
    if game.record:
        game.events.append(END_EVENTS[action.player])
    game._end_turn()


def call(game: RelizGame, action: Action) -> None:
    """Team Development: the partner's turn to play event cards."""
    game.phase = PARTNER
    game.events.append(Event("call", action.player, {}))


def back(game: RelizGame, action: Action) -> None:
    """Team Development: the turn player plays on."""
    game.phase = PLAY
    game.events.append(Event("back", action.player, {}))


def link(game: RelizGame, action: Action) -> None:
    """Tender: an integration zone joins the module to the team's integration block."""
    assert action.target is not None and action.count is not None
    game._join(action.target, action.count, action.player, LINK)
    game.linked[action.player] = True
    game.events.append(Event("link", action.player, {}))


def swap(game: RelizGame, action: Action) -> None:
    """Tender's rule 7: a block becomes another block card of the team's supply; its tiles and
    those of the zones joined to it go back to the stock, and the joins are made again."""
    p, slot, card = action.player, action.target, action.card
    assert slot is not None and card is not None
    block = game.blocks[slot]
    old = block["card"]
    for z in (*block["zones"], *game.joined_at(slot)):
        _clear(game, z)
    supply = game.supply[game.team[p]]
    supply.remove(card)
    supply.append(old)
    game._swap_block(slot, card)
    game.events.append(Event("rebuild", p, {"slot": slot, "old": old, "block": card}))


def add(game: RelizGame, action: Action) -> None:
    """Tender's rule 7, when no block card can be swapped: a block card of the team's supply
    joins the integration block's side, by one of its ports, to a free port of the module (the
    module's link)."""
    p, card, code, port = action.player, action.card, action.target, action.count
    assert card is not None and code is not None and port is not None
    game.supply[game.team[p]].remove(card)
    slot = game._add_block(card, p, INTEGRATION_BLOCK)
    game._join(code, slot * 10 + port, p, LINK)
    game.linked[p] = True
    game.events.append(Event("rebuild", p, {"slot": slot, "old": None, "block": card}))


def time_up(game: RelizGame, action: Action) -> None:
    """The round's time is up: every team still playing ends its turn."""
    game._time_up()


def deal(game: RelizGame, action: Action) -> None:
    """Physical deck: the piece drawn at the table takes its place."""
    what, who, where = game.to_enter.pop(0)
    if what == "tile":
        tile = action.card
        assert tile is not None
        chip = tile + (where << SET_BITS)
        game._recount_tile(chip)
        game.pool[where].remove(chip)
        unknown = UNKNOWN_TILE + (where << SET_BITS)
        for place in (*game._aside(who), game.hands[who], game.extras):  # as drawn
            if unknown in place:
                place[place.index(unknown)] = chip
                break
        game.events.append(Event("draw", who, {"tile": chip}, private=True))
    elif what in ("event", "daily"):
        card = action.card
        assert card is not None
        chip = card + (where << DECK_BITS)
        game._recount_event(chip)
        game.decks[where].remove(chip)
        if what == "daily":
            game.daily = chip
            game.events.append(Event("daily", who, {"card": card}))
        else:
            hand = game.cards[who]
            hand[hand.index(UNKNOWN_EVENT + (where << DECK_BITS))] = chip
            game.events.append(Event("event_drawn", who, {"card": card}, private=True))
    else:
        block = action.count
        assert block is not None
        game.supply[where].remove(block)
        if what == "first":
            game._add_block(block, SHARED, "")
        elif what != "block":
            lay(game, what, who, block, last=what == "module" and not any(
                e[0] == "module" and e[1] == who for e in game.to_enter))
        else:
            seat, candidates, *rest = game.attach_queue[who]
            listed = list(candidates)
            listed[listed.index(0)] = block
            game.attach_queue[who] = (seat, tuple(listed), *rest)  # type: ignore[assignment]
        game.events.append(Event("block_drawn", None, {"block": block}))
    if not game.to_enter:
        game._resume()


#: The pips a tile shows on half 1 and half 2, by flip (0 as named, 1 turned round) and tile id.
_FACES: list[list[tuple[int, int]]] = [
    [TILE_PIPS.get(t, (0, 0)) for t in range(32)],
    [(high, low) for low, high in (TILE_PIPS.get(t, (0, 0)) for t in range(32))]]


def place(game: RelizGame, action: Action) -> None:
    """A tile goes into a zone (the old one back to the stock); a zone closing a block, or an
    integration or card zone, is a RELEASE: an event card into the hand."""
    kind, p, tile, z, flip, _cards = action
    assert tile is not None and z is not None and flip is not None
    locked = game.locked[p]
    for chip in game.hands[p]:  # (the hand first, as _tile_chip looks, without the call)
        if chip & 31 == tile and chip not in locked:
            where = "hand"
            break
    else:
        found = game._tile_chip(p, tile)
        assert found is not None
        chip, where = found
    # (what _orient says, worked out here: the most frequent move)
    shown = _FACES[flip][tile]
    a, b = shown
    wild = game.wild.get(chip, -1)
    if flip and wild >= 0:
        wild = 1 - wild
    if where == "hand":
        game.hands[p].remove(chip)
        if chip in game.face_up[p]:
            game.face_up[p].remove(chip)
    else:
        game.extras.remove(chip)
        game.extras_left -= 1
        if game.extras_left == 0:
            for rest in game.extras:
                game._to_pool(rest)
            game.extras = []
    old = game.chip[z]
    if old:
        game._to_pool(old)
        # replaced: only the neighbours touching a half that now shows other pips change
        before = game.pips[z]
        same1, same2 = before[0] == a, before[1] == b
        near = game.znear[z][same1] if same1 != same2 else () if same1 else game.znear[z][2]
    else:
        near = game.znear[z][2]
    game.chip[z] = chip
    game.pips[z] = shown
    game.crutch[z] = wild >= 0
    game._refresh(near, z)
    if wild >= 0:  # its crutch is spent
        del game.wild[chip]
    game.placed_now.add(z)
    if game.record:
        game.events.append(quick_event((kind, p, {"tile": tile, "zone": z, "pips": shown,
                                                  "old": old & 31}, False)))
    if old:
        return
    game.placed_turn[p] += 1
    game.placed_total[p] += 1
    if game._is_fresh(z) and _released(game, z):
        game.releases[p] += 1
        deck = game._deck_for(p)
        if game.code == "cooperation" and game.zowner[z] >= 0:
            deck = game.zowner[z]
        reward = game._draw_event(p, deck)
        game.events.append(Event("release", p, {"zone": z, "card": reward is not None}))
        if reward is not None:
            game.cards[p].append(reward)
    _check_end(game, p)
    if game.phase != OVER and game.attach_queue:
        game._resume()


def _released(game: RelizGame, z: int) -> bool:
    if game.zkind[z] != BLOCK:
        return True
    return all(game.chip[y] for y in game.blocks[game.zblock[z]]["zones"])


def _check_end(game: RelizGame, p: int) -> None:
    """After seat ``p`` filled a zone: a team closing its part (Tender, Cooperation), or the
    game's end."""
    filled = all(game.chip)
    code = game.code
    if code == "tender":
        if p in game.closed or not game._closed(p, (MODULE, LINK, INTEGRATION_BLOCK,
                                                    CENTRAL)):
            return
        if not game.options.tender_shared_win:
            game._finish([p], N_("{who}'s team closed its module, its integration block and "
                                 "its central release first."), who=game.players[p])
            return
        game.closed.append(p)
        game.events.append(Event("closed", p, {"round": game.round_no}))
        if game._round_ends_after(p):  # the last team of the round: nobody else can close
            game._share_win()
        return
    if code == "cooperation":
        for t in range(game.n):
            if not game.merged[t] and game._closed(t, (MODULE,)):
                game._merge_hands(t)
                game.merged[t] = True
                game.events.append(Event("merged", t, {}))
        if not game.central_open and all(game.merged):
            game.central_open = True
            deck = [c + (game.n << DECK_BITS) for c in EVENT_DECK
                    if c != EVENT_ID["audit"]]
            if not game.physical:
                shuffle(deck, game.rng)
                game.chance_steps += 1
            game.decks[game.n] = deck
            game.events.append(Event("central", None, {}))
        if filled and not any(game.crutch):
            game._finish(list(range(game.n)), N_("Every zone is closed with no crutch left: "
                                                 "the teams release together."))
        return
    if filled:
        winners = [q for q in range(game.n) if game.team[q] == game.team[p]]
        if code == "pet":
            game._finish(winners, N_("Every zone is filled: the pet project is released."))
        else:
            game._finish(winners, N_("Every zone is filled: {who} filled the last free zone."),
                         who=game.players[p])
    elif code == "pet" and len(game.chip) > len(TILES):
        game._finish([], _NO_PET)


#: The result of a Pet Project whose board outgrew the tiles.
_NO_PET = N_("The board has more zones than there are tiles: the pet project cannot be "
             "finished.")


def attach(game: RelizGame, action: Action) -> None:
    """A block card joins the board; the other one drawn goes back to its supply."""
    seat, candidates, reason, owner, stage, supply = game.attach_queue.pop(0)
    card = action.card
    assert card is not None
    for other in candidates:
        if other != card:
            game.supply[supply[0]].append(other)
    slot = game._add_block(card, owner, stage)
    if action.target is not None and action.count is not None:
        game._join(action.target, slot * 10 + action.count, owner, stage)
    game.events.append(Event("attach", seat, {"block": card, "reason": reason}))
    if reason in ("setup", "module"):
        after_setup_attach(game)
    elif game.phase != OVER:
        if game.code == "pet" and len(game.chip) > len(TILES):
            game._finish([], _NO_PET)
            return
        game._resume()


#: Every kind of move of РЕЛИЗ: its check and its effect.
MOVES: MoveTable[RelizGame] = {
    "place": Move(check_tile, place), "replace": Move(check_tile, place),
    "rotate": Move(check_rotate, rotate), "play": Move(check_event, play_event),
    "keep": Move(check_keep, keep), "end": Move(_may_end, end), "call": Move(check_call, call),
    "back": Move(check_back, back), "attach": Move(check_attach, attach),
    "link": Move(check_link, link), "swap": Move(check_rebuild, swap),
    "add": Move(check_rebuild, add),
    "deal": Move(check_deal, deal),
    "time_up": Move(check_time_up, time_up),
}
#: The effect of each kind of move, by kind (what ``apply`` calls).
EFFECTS: dict[str, Callable[[RelizGame, Action], None]] = {
    kind: move.effect for kind, move in MOVES.items()}
