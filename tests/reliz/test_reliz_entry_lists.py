"""The pieces the facilitator may enter as drawn (physical deck) give nothing away.

The list is on the projector. For a tile it offers every tile of the set in id order but those
lying face up (on the board, taken face up with Refactoring, drawn as extras, spent); for an event
card every title of the deck but those whose every copy lies face up (discard pile, out of the
game, the daily event); whatever the engine believes of the others (in the stock, the deck or a
hand). Block cards are always drawn face up, so the supply left is public. A piece the engine
believed in a hand is accepted, and the engine puts its books right without a word to the room
(see docs/rules/reliz.md).
"""

import random
from collections import Counter

import pytest

from devgames.core.actions import CHANCE, Action
from devgames.core.game import Game
from devgames.core.harness import fuzz_game
from devgames.core.wording import choices
from devgames.reliz import RelizGame
from devgames.reliz.cards import EVENT_DECK, EVENT_ID, TILES
from devgames.reliz.terms import DECK_BITS, SET_BITS, UNKNOWN_TILE
from tests.reliz.helpers import check, check_all, new


def public_entries(game: RelizGame) -> list[Action]:
    """The pieces to enter, made from public facts only."""
    what, _who, where = game.to_enter[0]
    if what == "tile":
        shown = [c for c in game.chip if c] + [c for hand in game.face_up for c in hand]
        shown += game.extras + [-c for c in game.out_of_game if c < 0]
        face_up = {c & 31 for c in shown if c >> SET_BITS == where}
        return [Action("deal", CHANCE, card=t) for t in TILES if t not in face_up]
    if what in ("event", "daily"):
        banned = {EVENT_ID[code] for code in game.scenario.banned}
        public = Counter(c & 63 for c in (*game.discards[where], *game.out_of_game,
                                          *([game.daily] if game.daily is not None else []))
                         if c > 0 and c >> DECK_BITS == where)
        box = Counter(c for c in EVENT_DECK if c not in banned)
        return [Action("deal", CHANCE, card=t) for t in sorted(box) if public[t] < box[t]]
    return game.legal_actions()  # block cards: see test_block_cards_are_drawn_face_up


def tile_holders(game: RelizGame, tile_set: int) -> list[list[int]]:
    """The hands holding known tiles of a set, not face up."""
    return [hand for p in range(game.n) for hand in (game.hands[p], *game.member_hands[p])
            if any(c >> SET_BITS == tile_set and c & 31 != UNKNOWN_TILE
                   and c not in game.face_up[p] for c in hand)]


def twin_with_other_hand(game: RelizGame, rng: random.Random) -> RelizGame:
    """The same game (replayed), but one hidden tile of a hand (or event card) trades places
    with one of the stock (or deck) the next entry comes from."""
    twin = game.session().replay()
    assert isinstance(twin, RelizGame)
    what, _who, where = twin.to_enter[0]
    if what == "tile":
        pool = twin.pool[where]
        holders = tile_holders(twin, where)
        if not holders or not pool:
            return twin
        hand = rng.choice(holders)
        i = next(i for i, c in enumerate(hand) if c >> SET_BITS == where
                 and c & 31 != UNKNOWN_TILE and all(c not in shown for shown in twin.face_up))
        hand[i], pool[0] = pool[0], hand[i]
        pool.sort()
    elif what in ("event", "daily"):
        deck = twin.decks[where]
        for hand in twin.cards:
            for i, c in enumerate(hand):
                if c >> DECK_BITS == where and c & 63 in EVENT_ID.values() and deck:
                    hand[i], deck[0] = deck[0], hand[i]
                    return twin
    return twin


def first_tile_entry(scenario: str) -> RelizGame:
    """A physical game played (first piece offered) until a tile is to be entered while a
    hand already holds known tiles."""
    game = new(scenario, seed=1, deck="physical")
    for _ in range(500):
        if game.to_enter and game.to_enter[0][0] == "tile" and tile_holders(game, 0):
            return game
        game.apply(game.legal_actions()[0])
    raise AssertionError("no tile entry with a hand of tiles")


def test_twins_that_differ_in_a_hidden_hand_offer_the_same_tiles() -> None:
    """A hand holds other tiles in the twin: the facilitator sees the same list and labels."""
    game = first_tile_entry("duel")
    twin = twin_with_other_hand(game, random.Random(1))
    assert game.hands != twin.hands
    assert game.legal_actions() == twin.legal_actions() == public_entries(game)
    assert choices(game) == choices(twin)


def test_a_tile_believed_in_a_hand_is_accepted_without_telling_the_room() -> None:
    """The tile entered is one the engine believed in a hand: accepted; that hand now holds the
    stock's first tile instead, told privately; every tile is in one place."""
    game = first_tile_entry("duel")
    hand = tile_holders(game, 0)[0]
    chip = next(c for c in hand if c & 31 != UNKNOWN_TILE)
    first = game.pool[0][0]
    before = len(game.events)
    game.apply(Action("deal", CHANCE, card=chip & 31))
    events = game.events[before:]
    assert first in hand and all(event.private for event in events)
    assert events[0].kind == "mismatch" and events[0].data == {"tile": first, "instead_of": chip}
    told = [game.narrate(event) for event in events]
    drawer = game.players[events[1].player or 0]
    assert told[0] is None and told[1:] == [f"{drawer} draws a tile."]
    check(game)
    assert game.session().replay().snapshot() == game.snapshot()


def event_entry_with_a_held_card() -> RelizGame:
    """A physical duel played at random until an event card is to be entered while a hand
    holds an event card whose title is not in the deck."""
    for seed in range(200):
        game, rng = new("duel", seed=seed, deck="physical"), random.Random(seed)
        while not game.is_over:
            if game.to_enter and game.to_enter[0][0] == "event":
                deck = game.decks[game.to_enter[0][2]]
                if any(c & 63 != 63 and c not in deck for hand in game.cards for c in hand):
                    return game
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("no event card entry while a hand holds an event card")


def test_an_event_card_believed_in_a_hand_is_accepted_without_telling_the_room() -> None:
    """An event title whose only copy the engine believes in a hand is entered as drawn: it is
    still offered, accepted, and that hand now holds the deck's top card instead."""
    game = event_entry_with_a_held_card()
    deck = game.decks[game.to_enter[0][2]]
    held = next((p, c) for p, hand in enumerate(game.cards) for c in hand if c & 63 != 63
                and c not in deck)
    seat, chip = held
    top = deck[-1]
    assert chip & 63 in [a.card for a in game.legal_actions()] and chip not in deck
    before = len(game.events)
    game.apply(Action("deal", CHANCE, card=chip & 63))
    events = game.events[before:]
    assert top in game.cards[seat] and events[0].kind == "mismatch" and events[0].private
    assert game.narrate(events[0]) is None
    check(game)
    assert game.session().replay().snapshot() == game.snapshot()


def test_block_cards_are_drawn_face_up() -> None:
    """The block cards offered are those left in the supply; every block drawn is told to the
    room, so the list is a public fact."""
    game = new("duel", seed=1, deck="physical")
    drawn: list[int] = []
    while game.to_enter and game.to_enter[0][0] not in ("tile", "event", "daily"):
        action = game.legal_actions()[0]
        before = len(game.events)
        game.apply(action)
        told = [e for e in game.events[before:] if e.kind == "block_drawn"]
        assert told and not told[0].private
        drawn.append(told[0].data["block"])
        if game.to_enter and game.to_enter[0][0] not in ("tile", "event", "daily"):
            supply = game.supply[game.to_enter[0][2]]
            assert {a.count for a in game.legal_actions()} <= set(supply)
    assert drawn


# ----- random play --------------------------------------------------------------------------------
class EntryChecks:
    """The cheap invariants, every tile and event card once when nothing waits to be entered,
    and whenever a piece is to be entered: the list is made of public facts only, and a twin
    differing in a hidden hand offers the same list."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self, game: Game) -> None:
        assert isinstance(game, RelizGame)
        check(game)
        if not game.to_enter:
            check_all(game)
            return
        assert game.legal_actions() == public_entries(game)
        if self.rng.random() < 0.2:
            twin = twin_with_other_hand(game, self.rng)
            assert twin.legal_actions() == game.legal_actions()
            assert choices(twin) == choices(game)


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["duel", "every_man", "team", "tender", "cooperation"])
def test_random_physical_play_entering_any_piece_keeps_the_rules(scenario: str) -> None:
    """8 short physical games per scenario, every piece entered at random from the full list
    (often one the engine believed in a hand): pieces conserved, rules kept after every move,
    every move replayed through JSON, save and undo exact."""
    recounts = 0
    for seed in range(8):
        game = fuzz_game(lambda s: new(scenario, seed=s, deck="physical", turn_cap=10),
                         seed, EntryChecks(seed))
        assert game.is_over
        recounts += sum(1 for e in game.events if e.kind == "mismatch")
    assert recounts > 8  # believed-held pieces were entered
