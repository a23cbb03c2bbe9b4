"""A builder for scripted IT Startup games played with a physical deck.

With ``deck="physical"`` the engine never shuffles, rolls or flips: the facilitator enters every
card drawn, the d6 and each coin. These helpers enter what a test names, in the order the table
does it, so that a rule test reads like a page of the rulebook::

    game = scripted_game(
        ["Ada", "Bob"],
        hands={"Ada": ["Intern", "Clean code"]},
        roll=6,
    )                                   # Ada's turn 1: 6 + 1 resources, her turn-1 draw made
    game.play("Ada", "Intern")
    game.play("Ada", "Clean code", target="Intern")
    finish_turn(game, "Ada")            # score, burnout, HR draws, hoard cap; Bob draws

Cards a test does not name are filled in with "filler" cards, chosen from :data:`FILLERS` and
never among the names the test reserves.
"""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from devgames.core.actions import CHANCE, Action
from devgames.itstartup import CARDS, ItStartupGame, new_game

OPENING_HAND = 5
CODE_MONKEY = 'Code Monkey "Mike"'

#: Cards used to fill hands and draws a test does not care about, in order of preference. They
#: sit in hand doing nothing (knowledge needs a developer, Investor is only played on purpose).
FILLERS = (
    "Polymorphism", "Defensive programming", "Version control", "Debugging",
    "Dependency injection", "SOLID", "Design patterns", "Investor", "Domain knowledge",
    "Continuous integration", "Unit tests",
)


def name_of(card: int) -> str:
    """The printed name of a card id."""
    return CARDS[card].name


def names(cards: Iterable[int]) -> list[str]:
    """The printed names of card ids, in order."""
    return [CARDS[card].name for card in cards]


def seat(game: ItStartupGame, player: str) -> int:
    """The seat of a player named at the table."""
    return game.players.index(player)


def reserved(game: ItStartupGame) -> set[str]:
    """Names the test said it needs later: fillers never use them."""
    return set(game.meta.get("reserved", ()))


def reserve(game: ItStartupGame, *cards: str) -> None:
    """Keep these card names out of the filler cards from now on."""
    game.meta["reserved"] = sorted(reserved(game) | set(cards))


def filler(game: ItStartupGame, avoid: Iterable[str] = ()) -> str:
    """A card still in the deck that no test step needs: a filler first, else any other card."""
    avoid = set(avoid) | reserved(game)
    in_deck = names(game.deck)
    for name in FILLERS:
        if name in in_deck and name not in avoid:
            return name
    for name in in_deck:
        if name not in avoid and CARDS[game.card_id(name)].kind != "action":
            return name
    raise AssertionError("no filler card left in the deck")


def deal(game: ItStartupGame, *cards: str) -> None:
    """Enter the cards really drawn, one after the other (the table must be waiting for them)."""
    for card in cards:
        assert game.current_player == CHANCE and game.step and game.step[0] == "draw", (
            f"the table should be waiting for a card ({card!r}): {game.waiting_for}"
        )
        game.deal(card)


def deal_to(game: ItStartupGame, player: str, cards: Sequence[str] = (),
            why: str | None = None) -> None:
    """Enter every card ``player`` draws now (only draws for ``why`` when given: "hand",
    "mulligan", "look"...): ``cards`` first, then fillers while such draws remain."""
    p = seat(game, player)
    queue = list(cards)
    while (game.step and game.step[0] == "draw" and game.step[1] == p
           and why in (None, game.step[2])):
        game.deal(queue.pop(0) if queue else filler(game))
    assert not queue, f"{player} should have drawn {queue} too: {game.waiting_for}"


def scripted_game(
    players: Sequence[str],
    hands: Mapping[str, Sequence[str]] | None = None,
    roll: int = 3,
    mulligans: Mapping[str, tuple[Sequence[str], Sequence[str]]] | None = None,
    first: str | None = None,
    draw: str | None = None,
    reserve_cards: Sequence[str] = (),
    **options: Any,
) -> ItStartupGame:
    """A physical-deck game set up as the table does it, up to the first player's ``main`` step.

    5 cards to each seat in seat order (``hands``, padded with fillers), the d6 (``roll``), each
    seat's mulligan (``mulligans[name] = (cards put back, cards drawn instead)``, keeping the hand
    otherwise), the rolled first player (``first``) when ``first_player=-1``, then the first
    player's turn-1 draw (``draw``, a filler by default) and income.
    """
    game = new_game(list(players), deck="physical", **options)
    hands = dict(hands or {})
    mulligans = dict(mulligans or {})
    named = {card for cards in hands.values() for card in cards}
    named |= {card for put, drawn in mulligans.values() for card in (*put, *drawn)}
    named |= set(reserve_cards)
    if draw is not None:
        named.add(draw)
    reserve(game, *named)
    for player in game.players:
        cards = list(hands.get(player, ()))
        assert len(cards) <= OPENING_HAND, f"{player} is given more than 5 cards"
        deal(game, *cards)
        for _ in range(OPENING_HAND - len(cards)):
            deal(game, filler(game))
    assert game.step == ("roll",), game.waiting_for
    game.roll(roll)
    for player in game.players:
        put_back, drawn = mulligans.get(player, ((), ()))
        game.mulligan(player, list(put_back))
        deal_to(game, player, drawn, why="mulligan")
    if first is not None:
        assert game.step == ("first",), game.waiting_for
        game.apply(Action("first", CHANCE, target=seat(game, first)))
    step = game.step
    assert step is not None and step[0] == "draw" and step[2] == "hand", game.waiting_for
    starter = game.players[step[1]]
    deal_to(game, starter, [draw] if draw is not None else [])
    for player, cards in hands.items():
        put_back, drawn = mulligans.get(player, ((), ()))
        expected = [card for card in cards if card not in put_back] + list(drawn)
        hand = game.hand(player)
        for card in expected:
            assert card in hand, f"{player} should hold {card!r} but holds {hand}"
    return game


def finish_turn(game: ItStartupGame, player: str, hr: Sequence[str] = (),
                draw: str | None = None) -> None:
    """``player`` ends the turn; the HR draws (``hr``, then fillers) and the next player's
    turn draw (``draw``, a filler by default) are entered, unless the game is over."""
    game.end_turn(player)
    deal_to(game, player, hr)
    step = game.step
    if step is not None and step[0] == "draw" and step[2] == "hand":
        nxt = game.players[step[1]]
        deal_to(game, nxt, [draw] if draw is not None else [])
    else:
        assert draw is None, f"no turn draw is expected now: {game.waiting_for}"


def pass_turn(game: ItStartupGame, player: str, draw: str | None = None) -> None:
    """``player`` does nothing this turn (see :func:`finish_turn`)."""
    finish_turn(game, player, draw=draw)


def employee(game: ItStartupGame, card: str, player: str | None = None) -> int:
    """The id of the employee called ``card`` on the table (controlled by ``player`` if given)."""
    seats = range(len(game.players)) if player is None else [seat(game, player)]
    for p in seats:
        for e in game.staff[p]:
            if CARDS[e].name == card:
                return e
    raise AssertionError(f"{card!r} is not on the table of {player or 'anybody'}")


def staff_of(game: ItStartupGame, player: str) -> list[str]:
    """The employees ``player`` controls, by name, in the order they arrived."""
    return names(game.staff[seat(game, player)])


def burnout_of(game: ItStartupGame, card: str, player: str | None = None) -> int:
    """The burnout points on an employee on the table."""
    return game.employees[employee(game, card, player)].burnout


def knowledge_of(game: ItStartupGame, card: str, player: str | None = None) -> list[str]:
    """The knowledge cards attached to an employee on the table."""
    return names(game.employees[employee(game, card, player)].knowledge)


def resources(game: ItStartupGame) -> dict[str, int]:
    """Every player's resources, by name."""
    return dict(zip(game.players, game.resources, strict=True))


def points(game: ItStartupGame) -> dict[str, int]:
    """Every player's project points, by name."""
    return dict(zip(game.players, game.points, strict=True))


def bottom(game: ItStartupGame, count: int) -> list[str]:
    """The names of the bottom ``count`` cards of the deck, the lowest last."""
    return names(list(game.deck)[-count:])


def pending(game: ItStartupGame) -> str | None:
    """The kind of the step the game waits on (None when over)."""
    return game.step[0] if game.step else None


def draws_waiting(game: ItStartupGame, player: str) -> int:
    """How many cards ``player`` is about to draw (the draws at the head of the queue)."""
    p = seat(game, player)
    count = 0
    for step in game.steps:
        if step[0] != "draw" or step[1] != p:
            break
        count += 1
    return count
