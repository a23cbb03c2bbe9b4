"""Shared helpers of the РЕЛИЗ tests: invariants checked after every move, and games set up in a
known position."""

from collections import Counter
from typing import Any

from devgames import reliz
from devgames.core.game import Game
from devgames.core.harness import invariant_failed as fail
from devgames.reliz import RelizGame
from devgames.reliz.cards import EVENT_DECK, EVENT_ID, TILES
from devgames.reliz.terms import BLOCK, DECK_BITS, SET_BITS

#: Seats each scenario is played by in the tests.
SEATS = {"duel": 2, "prototype": 2, "every_man": 3, "team": 4, "pet": 1, "tender": 3,
         "cooperation": 2}
NAMES = ["Ada", "Bob", "Cy", "Dee"]


def new(scenario: str, seed: int = 1, seats: int | None = None, **options: Any) -> RelizGame:
    """A new game of a scenario with the test names."""
    n = SEATS[scenario] if seats is None else seats
    return reliz.new_game(NAMES[:n], seed=seed, scenario=scenario, **options)


def settle(game: RelizGame) -> RelizGame:
    """Play the set-up choices (first block card, first port) and the daily events (played on
    their first target) until the turn player may place tiles."""
    steps = 0
    while game.phase in ("attach", "daily") and steps < 200:
        game.apply(game.legal_actions()[0])
        steps += 1
    return game


def tiles_everywhere(game: RelizGame) -> Counter[int]:
    """Every tile chip: stocks, hands, the side pool, the board, and tiles spent (solo)."""
    chips: Counter[int] = Counter()
    for pool in game.pool:
        chips.update(pool)
    for hand in game.hands:
        chips.update(hand)
    for aside in game.member_hands:  # Tender and Cooperation: the members' hands set aside
        for hand in aside:
            chips.update(hand)
    chips.update(game.extras)
    chips.update(c for c in game.chip if c)
    chips.update(-c for c in game.out_of_game if c < 0)
    return chips


def events_everywhere(game: RelizGame) -> Counter[int]:
    """Every event card chip: decks, discard piles, hands, the daily event, out of the game."""
    chips: Counter[int] = Counter()
    for deck in game.decks:
        chips.update(deck)
    for pile in game.discards:
        chips.update(pile)
    for cards in game.cards:
        chips.update(cards)
    if game.daily is not None:
        chips[game.daily] += 1
    chips.update(c for c in game.out_of_game if c > 0)
    return chips


def event_total(game: RelizGame) -> int:
    """The event cards in play: a deck per team (Cooperation's central deck once it opens)."""
    banned = {EVENT_ID[code] for code in game.scenario.banned}
    full = sum(1 for c in EVENT_DECK if c not in banned)
    decks = len(game.decks)
    if game.code == "cooperation" and not game.central_open:
        decks -= 1
    return full * decks


def check(game: Game) -> None:
    """The cheap invariants, after every move: as many tiles and event cards as at the start,
    every filled link matching (save crutches and a loose integration), doubles in double zones,
    a sane phase and end."""
    assert isinstance(game, RelizGame)
    tiles = (sum(map(len, game.pool)) + sum(map(len, game.hands)) + len(game.extras)
             + sum(len(hand) for aside in game.member_hands for hand in aside)
             + sum(1 for c in game.chip if c) + sum(1 for c in game.out_of_game if c < 0))
    events = (sum(map(len, game.decks)) + sum(map(len, game.discards))
              + sum(map(len, game.cards)) + (game.daily is not None)
              + sum(1 for c in game.out_of_game if c > 0))
    # a physical deck's pieces drawn but not entered yet are still counted where they came from
    tiles -= sum(1 for e in game.to_enter if e[0] == "tile")
    events -= sum(1 for e in game.to_enter if e[0] in ("event", "daily"))
    if tiles != len(TILES) * game.sets or events != event_total(game):
        fail(game, f"{tiles} tiles and {events} event cards are in the game")
    for z, chip in enumerate(game.chip):
        if not chip or game.crutch[z]:
            continue
        a, b = game.pips[z]
        if game.zdouble[z] and a != b:
            fail(game, f"double zone {z} holds a tile that is not a double")
        if game.zkind[z] != BLOCK and not game.strict:
            continue
        for h, oz, oh in game.zlinks[z]:
            if game.chip[oz] and not game.crutch[oz] and (
                    game.zkind[oz] == BLOCK or game.strict) and \
                    game.pips[z][h] != game.pips[oz][oh]:
                fail(game, f"zones {game.zlabel[z]} and {game.zlabel[oz]} touch with "
                           "different pips")
    if game.phase not in ("attach", "daily", "play", "partner", "over"):
        fail(game, f"unknown phase {game.phase}")
    if game.is_over != (game.phase == "over"):
        fail(game, "the game's end is not consistent")
    if game.extras_left < 0 or (game.extras_left and not game.extras):
        fail(game, "the side pool's count is wrong")
    check_members(game)


def check_members(game: RelizGame) -> None:
    """Tender and Cooperation with each member's own hand: the member of the round is active,
    the active member's place aside is empty, and a merged team keeps nothing aside."""
    for p, aside in enumerate(game.member_hands):
        if not aside:
            continue
        m = game.active_member[p]
        if game.merged[p]:
            if any(aside):
                fail(game, f"merged team {p} keeps tiles aside")
        elif m != (game.round_no - 1) % game.options.team_size or aside[m]:
            fail(game, f"team {p}'s active member {m} is not the round's or holds tiles aside")


def check_all(game: Game) -> None:
    """Every invariant, each tile and event card by name (dearer: at the end of a game)."""
    assert isinstance(game, RelizGame)
    check(game)
    expected = Counter(t + (s << SET_BITS) for s in range(game.sets) for t in TILES)
    if tiles_everywhere(game) != expected:
        fail(game, "a tile was lost or duplicated")
    banned = {EVENT_ID[code] for code in game.scenario.banned}
    per_deck: Counter[int] = Counter()
    for chip, count in events_everywhere(game).items():
        per_deck[chip >> DECK_BITS] += count
        if chip & 63 in banned:
            fail(game, "a banned event card is in the game")
    for z, chip in enumerate(game.chip):
        if chip and not game.crutch[z] and sorted(game.pips[z]) != list(TILES[chip & 31].pips):
            fail(game, f"zone {z} shows pips that are not its tile's")
