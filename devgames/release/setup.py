"""Setting up a game of Release!: the teams at the table, the cards the table plays with, and
the deal of each release.

The game's ``__init__`` seats the teams (:func:`seat_teams`), takes the play cards of its
number of players (:func:`table_cards`, :func:`hand_size`) and the tables its hot paths read
(:func:`suits_by_id`, :func:`reveal_cards`, :func:`action_tables`); every release starts with
:func:`deal`: the engine shuffles and deals, or with a physical deck the table enters the cards
really revealed and dealt.
"""

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from devgames.core.actions import CHANCE, Action, Event
from devgames.core.piles import shuffle
from devgames.release.cards import SUITS, Deck
from devgames.release.phases import DEAL

if TYPE_CHECKING:
    from devgames.release.game import ReleaseGame

#: Cards discarded face down before the deal of a 2-player game.
TWO_PLAYER_DISCARD = 12
#: The most seats of a table (two decks combined).
MAX_SEATS = 10


def seat_teams(players: tuple[str, ...],
               pairs: bool) -> tuple[list[tuple[int, ...]], list[int], list[str]]:
    """The seats of each team (pair programming: teammates seated alternately, across the
    table; working remotely: each player a team of one), the team of each seat, and the
    teams' names.

    >>> seat_teams(("Ada", "Bob", "Cy", "Di"), pairs=True)
    ([(0, 2), (1, 3)], [0, 1, 0, 1], ['Ada & Cy', 'Bob & Di'])
    >>> seat_teams(("Ada", "Bob"), pairs=False)[0]
    [(0,), (1,)]
    """
    n = len(players)
    count = n // 2 if pairs else n
    teams = [tuple(range(t, n, count)) for t in range(count)]
    names = [" & ".join(players[p] for p in seats) for seats in teams]
    return teams, [p % count for p in range(n)], names


def table_cards(deck: Deck, players: int, decks: int) -> tuple[list[int], list[int]]:
    """The play cards of a table, every copy in card order, and the copies removed from the
    game: every 2 of Fruits at 5, 7 or 10 players.

    >>> from devgames.release.cards import BASE
    >>> cards, removed = table_cards(BASE, 5, 1)
    >>> len(cards), [BASE.cards[c].name for c in removed]
    (35, ['2 of Fruits'])
    """
    removing = players in (5, 7, 10)
    cards: list[int] = []
    removed: list[int] = []
    for c in deck.play_ids:
        info = deck.cards[c]
        two_of_fruits = info.rank == 2 and SUITS[info.suit] == "Fruits"
        (removed if removing and two_of_fruits else cards).extend([c] * decks)
    return cards, removed


def hand_size(cards: int, players: int) -> int:
    """The cards dealt to each player: all of the table's, but the face-down discards of a
    2-player game.

    >>> hand_size(36, 2), hand_size(35, 5)
    (12, 7)
    """
    dealt = cards - (TWO_PLAYER_DISCARD if players == 2 else 0)
    return dealt // players


def suits_by_id(deck: Deck, top: int) -> list[int]:
    """Each play card's suit by id, up to ``top`` (-1: no play card), for the hot paths.

    >>> from devgames.release.cards import BASE
    >>> suits = suits_by_id(BASE, 54)
    >>> suits[10] == BASE.cards[10].suit, suits[0]
    (True, -1)
    """
    suit_of = [-1] * (top + 1)
    for c, info in deck.cards.items():
        suit_of[c] = info.suit
    return suit_of


def reveal_cards(deck: Deck) -> dict[str, frozenset[int]]:
    """The cards that may be revealed from a hand and swapped into an iteration, by when:
    ``after_winning`` (by the iteration's winner), ``after_other_wins`` (by the others).

    >>> from devgames.release.cards import BASE
    >>> sorted(len(cards) for cards in reveal_cards(BASE).values())
    [1, 1]
    """
    return {trigger: frozenset(
        c for c, info in deck.cards.items() if info.ability is not None
        and info.ability.trigger == trigger and info.ability.effect == "reveal_swap")
        for trigger in ("after_winning", "after_other_wins")}


@lru_cache(maxsize=8)
def action_tables(top: int) -> tuple[list[list[Action]], list[list[Action]], list[Action],
                                     list[Action]]:
    """Actions made once and shared by every game (actions are immutable): commit and pass of
    each seat and card, decline of each seat, deal of each card.

    >>> commit, passes, decline, deal = action_tables(54)
    >>> commit[1][10] == Action("commit", 1, card=10), decline[0].kind
    (True, 'decline')
    """
    ids = range(top + 1)
    commit = [[Action("commit", p, card=c) for c in ids] for p in range(MAX_SEATS)]
    passes = [[Action("pass", p, card=c) for c in ids] for p in range(MAX_SEATS)]
    decline = [Action("decline", p) for p in range(MAX_SEATS)]
    deal = [Action("deal", CHANCE, card=c) for c in ids]
    return commit, passes, decline, deal


def shuffle_methods(game: "ReleaseGame") -> None:
    """Digital deck: the Tools & Methods deck, every card of it, shuffled face down."""
    game.method_deck = list(game.deck.method_ids)
    shuffle(game.method_deck, game.rng)
    game.chance_steps += 1


def deal(game: "ReleaseGame") -> None:
    """A release's deal. Digital deck: reveal the next Tools & Methods card (a new shuffle
    once all were used), shuffle the play cards and deal them all (2 players: 12 face down
    first), then the first lead. Physical deck: ask for the card revealed, then each card
    dealt (the Tools & Methods pile made up again once all were revealed).

    >>> from devgames import release
    >>> game = release.new_game(["Ada", "Bob"], seed=1)
    >>> len(game.hands[0]), len(game.discarded), game.method == game.methods_used[-1]
    (12, 12, True)
    """
    n = game.n
    if game.physical:
        if not game.method_pool:
            game.method_pool = Counter(game.deck.method_ids)
        game.pool = Counter(game.composition)
        game.to_deal = [p for p in range(n) for _ in range(game.hand_size)]
        game.phase = DEAL
        game.chance = ("method", 0, 0)
        return
    if not game.method_deck:
        shuffle_methods(game)
    game._reveal_method(game.method_deck.pop(0))
    cards = list(game.composition)
    shuffle(cards, game.rng)
    game.chance_steps += len(cards)
    if n == 2:
        game.discarded = cards[:TWO_PLAYER_DISCARD]
        cards = cards[TWO_PLAYER_DISCARD:]
    size = game.hand_size
    for p in range(n):
        game.hands[p] = cards[p * size:(p + 1) * size]
        game.events.append(Event("deal", p, {"cards": list(game.hands[p])}, private=True))
    game._dealt()
