"""A builder for scripted Scrumkin games played with a physical deck.

In physical-deck mode the engine never shuffles: every card is entered as it is really drawn. These
helpers enter the cards a test names, in the order the table deals them, so that a rule test reads
like a page of the rulebook::

    game = scripted_game(
        ["Red", "Blue"],
        hands={"Red": ["Fairy dust", "Flu", "Stress"], "Blue": ["Ghost PO", "Proxy PO", "Decaf'"]},
        action_card="Bug-topus",
    )
    game.play("Red", "Fairy dust")
    ...
    next_sprint(game, refills={"Blue": [...], "Red": [...]}, action_card="Team Event")
"""

from collections.abc import Mapping, Sequence
from typing import Any

from devgames.core.actions import CHANCE
from devgames.scrumkin import CARDS, ScrumkinGame, new_game

HAND_SIZE = 3

#: Plain sprint cards used to fill hands a test does not care about: -1 velocity for one sprint
#: only, no shield, so they never open a counter window. (Should they run out, as at a table of
#: 8, any other card without a shield still in the deck is used.)
FILLERS = (
    "Scope creep", "AC is broken", "Windows Update", "Tab vs Spaces", "Merge chaos", "Stress",
    "Silent refactoring", "Ghost PO", "Fire drill", "Proxy PO", "Technical Debt",
    "Horizontal slicing", "Waiting for delivery", "Flu", "Regulatory changes",
    "Venn Diagram overuse", "Agility assessment", "Performance Review",
)


def deck_names(game: ScrumkinGame) -> list[str]:
    """The names of the cards left in the sprint deck, top first."""
    return [CARDS[card].name for card in game.deck]


def _fill(game: ScrumkinGame, cards: Sequence[str], wanted: int, taken: list[str]) -> list[str]:
    """``cards`` padded with filler cards still in the deck (and not named elsewhere)."""
    cards = list(cards)
    available = deck_names(game)
    plain = [CARDS[card].name for card in game.deck if not CARDS[card].defensive]
    for name in (*FILLERS, *plain):
        if len(cards) >= wanted:
            break
        if name in available and name not in taken and name not in cards:
            cards.append(name)
            taken.append(name)
    return cards


def _deal_in_order(
    game: ScrumkinGame, teams: Sequence[str], cards: Mapping[str, list[str]]
) -> None:
    """Enter each team's cards, team after team in the order given."""
    for team in teams:
        for card in cards[team]:
            assert game.current_player == CHANCE, (
                f"the table should be waiting for {team}'s card {card!r}: {game.waiting_for}"
            )
            game.deal(card)


def _check_hands(game: ScrumkinGame, expected: Mapping[str, list[str]]) -> None:
    """Every team holds the cards it was dealt (so the deal order was the one we followed)."""
    for team, cards in expected.items():
        hand = game.hand(team)
        for card in cards:
            assert card in hand, f"{team} should hold {card!r} but holds {hand}"


def scripted_game(
    players: Sequence[str],
    hands: Mapping[str, Sequence[str]] | None = None,
    action_card: str | None = None,
    **options: Any,
) -> ScrumkinGame:
    """A physical-deck game with the given hands dealt and (if given) sprint 1's action card.

    Hands a test leaves out, or gives fewer than 3 cards, are filled with plain filler cards. The
    initial deal goes 3 cards to the first seat, then 3 to the next, and so on. The scripts ask
    only the teams holding a defensive card (``counter_asks="holders"``) unless a test says
    otherwise, so that a card laid down stays put at once when nobody can counter it.
    """
    options = {"counter_asks": "holders", **options}
    game = new_game(list(players), deck="physical", **options)
    hands = dict(hands or {})
    named = [card for cards in hands.values() for card in cards]
    full = {team: _fill(game, hands.get(team, ()), HAND_SIZE, named) for team in game.players}
    _deal_in_order(game, game.players, full)
    _check_hands(game, full)
    if action_card is not None:
        reveal(game, action_card)
    return game


def reveal(game: ScrumkinGame, action_card: str) -> None:
    """Enter the action card the leader really drew."""
    assert game.current_player == CHANCE, game.waiting_for
    game.deal(action_card)


def clockwise_from_leader(game: ScrumkinGame) -> list[str]:
    """The teams in order: the current leader first, then clockwise."""
    names = list(game.players)
    start = names.index(game.view(None)["leader"])
    return names[start:] + names[:start]


def next_sprint(
    game: ScrumkinGame,
    refills: Mapping[str, Sequence[str]] | None = None,
    action_card: str | None = None,
) -> None:
    """Refill every hand to 3 (from the new leader, clockwise), then reveal the action card.

    Teams left out of ``refills``, or given too few cards, get filler cards.
    """
    refills = dict(refills or {})
    order = clockwise_from_leader(game)
    named = [card for cards in refills.values() for card in cards]
    full = {
        team: _fill(game, refills.get(team, ()), HAND_SIZE - len(game.hand(team)), named)
        for team in order
    }
    _deal_in_order(game, order, full)
    _check_hands(game, full)
    if action_card is not None:
        reveal(game, action_card)


def let_through(game: ScrumkinGame) -> None:
    """Every team asked whether to counter the card being laid down passes."""
    while game.view(None)["phase"] == "counter":
        game.pass_counter(game.current_player)  # type: ignore[arg-type]


def table_of(game: ScrumkinGame, team: str) -> list[tuple[str, int]]:
    """The cards in front of ``team`` with their current values, as the projector shows them."""
    teams = {row["name"]: row for row in game.view(None)["teams"]}
    return [(item["card"], item["value"]) for item in teams[team]["in_play"]]


def backlog_of(game: ScrumkinGame, team: str) -> int:
    """Backlog items ``team`` has left, as the projector shows it."""
    return next(row["backlog"] for row in game.view(None)["teams"] if row["name"] == team)


def rows_for(game: ScrumkinGame, sprint: int) -> dict[str, dict[str, object]]:
    """The metrics rows of one sprint, by team."""
    return {row["team"]: row for row in game.rounds if row["sprint"] == sprint}


def filler_turn(game: ScrumkinGame, team: str, into: str | None = None, then: str = "drop") -> None:
    """``team`` makes its two moves with the first cards of its hand.

    The first card goes into ``into``'s game (the team's own game by default); the second is
    dropped, or, when ``then`` names a team, played into that team's game. Nobody counters.
    """
    game.play(team, game.hand(team)[0], target=into or team)
    let_through(game)
    second = game.hand(team)[0]
    if then == "drop":
        game.drop(team, second)
    else:
        game.play(team, second, target=then)
    let_through(game)


def velocities(game: ScrumkinGame) -> dict[str, int]:
    """Each team's velocity in the last sprint counted, as the projector shows it."""
    return {row["name"]: row["velocity"] for row in game.view(None)["teams"]}
