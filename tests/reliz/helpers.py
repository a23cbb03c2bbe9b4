"""Shared helpers of the РЕЛИЗ tests: invariants checked after every move, and games set up in a
known position."""

from collections import Counter
from functools import cache
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


def starting_cards(game: RelizGame) -> dict[int, int]:
    """Every tile and event card a game of this set-up holds, keyed as
    :meth:`~devgames.reliz.RelizGame.card_counts` counts them (a tile as minus its chip, an event
    card as its chip): the 28 tiles of each set, and each deck of event cards without the
    scenario's banned ones (Cooperation's central deck too, in the box until it opens). Not to
    be changed: one count serves every game of the same set-up."""
    return _cards_of(game.sets, len(game.decks), game.scenario.banned)


@cache
def _cards_of(sets: int, decks: int, banned_codes: tuple[str, ...]) -> dict[int, int]:
    banned = {EVENT_ID[code] for code in banned_codes}
    tiles = [-(t + (s << SET_BITS)) for s in range(sets) for t in TILES]
    events = [c + (d << DECK_BITS) for d in range(decks) for c in EVENT_DECK if c not in banned]
    return dict(Counter(tiles + events))


def check(game: Game) -> None:
    """The cheap invariants, after every move: each tile and event card the game started with
    still there once by chip (:func:`starting_cards`; a banned card is an extra), every filled
    link matching (save crutches and a loose integration), doubles in double zones, a sane phase
    and end."""
    assert isinstance(game, RelizGame)
    cards, expected = game.card_counts(), starting_cards(game)
    if dict(cards) != expected:  # as plain dicts: a quick comparison (no count is ever 0)
        extra, missing = cards - Counter(expected), Counter(expected) - cards
        fail(game, f"cards: extra {dict(extra)}, missing {dict(missing)}")
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
    """Every invariant, and each tile on the board showing its own pips (dearer: at the end of
    a game)."""
    assert isinstance(game, RelizGame)
    check(game)
    for z, chip in enumerate(game.chip):
        if chip and not game.crutch[z] and sorted(game.pips[z]) != list(TILES[chip & 31].pips):
            fail(game, f"zone {z} shows pips that are not its tile's")
