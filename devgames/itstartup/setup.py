"""Setting up an IT Startup game: the table laid out, the deck, the deal, who starts.

:func:`lay_out` gives a new game its empty table and shuffled deck (left in the box's order for a
physical deck) and queues the first deal; :func:`deal_new_game` queues a game's set-up (five
cards each, the d6, the mulligans, then the first player); in a tournament,
:func:`next_tournament_game` gathers every card back for the next game.

>>> from devgames import itstartup
>>> game = itstartup.new_game(["Ada", "Bob"], seed=1, deck="physical")
>>> game.cap, len(game.deck), game.steps[0]
(12, 64, Draw(kind='draw', player=0, why='hand'))
"""

from typing import TYPE_CHECKING

from devgames.core.actions import Event
from devgames.core.piles import Pile
from devgames.itstartup.cards import CARDS
from devgames.itstartup.operations import Crew
from devgames.itstartup.steps import DRAW_HAND, FIRST, ROLL, START, Draw, Mulligan

if TYPE_CHECKING:
    from devgames.itstartup.operations import ItStartupTable

OPENING_HAND = 5
HOARD_CAP = {2: 12, 3: 10, 4: 8}


def lay_out(game: "ItStartupTable") -> None:
    """Give a new game its table: the deck (shuffled with a digital deck), nothing in hand or
    on the table, and the first game's set-up queued."""
    n = game.n = len(game.players)
    options = game.options
    game.physical = options.deck == "physical"
    game.cap = HOARD_CAP[n]
    game.deck = Pile(CARDS)
    if not game.physical:
        game.deck.shuffle(game.rng)
    game.hands = [[] for _ in range(n)]
    game.resources = [0] * n
    game.points = [0] * n
    game.turns = [0] * n
    game.staff = [[] for _ in range(n)]
    game.held = [{} for _ in range(n)]
    game.crews = [Crew() for _ in range(n)]
    game.employees = {}
    game.planned = [None] * n
    game.looking = []
    game.seating = list(range(n))
    game.current = 0
    game.round = 1
    game.turn_no = 0
    game.start_roll = 0
    game.reset_turn()
    game.rows = []
    game._employee_rows = []
    game.left_this_turn = []
    game.result = ""
    game.game_no = 1
    game.wins = [0] * n
    game.tokens = [0] * n
    game.steps = []
    tournament = options.tournament_wins > 0
    deal_new_game(game, None if tournament or options.first_player < 0 else options.first_player)


def deal_new_game(game: "ItStartupTable", first: int | None) -> None:
    """Queue a game's set-up: 5 cards each, the d6, mulligans, then the first player (rolled
    when ``first`` is None). The queue is changed in place: in a tournament this runs while the
    engine is carrying out the steps of that same queue, and goes on with the new game's."""
    n = game.n
    steps = game.steps
    steps.clear()
    steps.extend(DRAW_HAND[p] for p in range(n) for _ in range(OPENING_HAND))
    steps.append(ROLL)
    steps.extend(Mulligan("mulligan", p) for p in range(n))
    if first is None:
        game.steps.append(FIRST)
    else:
        set_first(game, first)


def rolled(game: "ItStartupTable", value: int) -> None:
    """The d6: everybody starts with ``value`` resources."""
    game.start_roll = value
    game.resources = [value] * game.n
    game.events.append(Event("roll", None, {"value": value}))


def mulligan(game: "ItStartupTable", p: int, cards: tuple[int, ...]) -> None:
    """Player ``p`` puts ``cards`` back under the deck and draws as many."""
    for card in cards:
        game.hands[p].remove(card)
        game.deck.put_bottom(card)
    game.events.append(Event("mulligan", p, {"count": len(cards)}))
    game.queue(*[Draw("draw", p, "mulligan")] * len(cards))


def set_first(game: "ItStartupTable", first: int) -> None:
    """Player ``first`` starts; the others follow clockwise."""
    game.seating = [(first + i) % game.n for i in range(game.n)]
    game.current = 0
    game.events.append(Event("first_player", first, {}))
    game.steps.append(START[first])


def next_tournament_game(game: "ItStartupTable", winner: int) -> None:
    """Tournament: losers get a help token; every card goes back; the player with most
    wins (the latest winner among equals) plays last."""
    n = game.n
    for p in range(n):
        if p != winner:
            game.tokens[p] += 1
    _collect_every_card(game)
    game.resources = [0] * n
    game.points = [0] * n
    game.turns = [0] * n
    game.round = 1
    game.game_no += 1
    most = max(game.wins)
    last = winner if game.wins[winner] == most else game.wins.index(most)
    deal_new_game(game, (last + 1) % n)


def _collect_every_card(game: "ItStartupTable") -> None:
    """All cards back into the deck (shuffled in digital mode) for a new game."""
    back = [c for hand in game.hands for c in hand]
    for staff in game.staff:
        for e in staff:
            back.append(e)
            back.extend(game.employees[e].knowledge)
    back.extend(planned[0] for planned in game.planned if planned)
    for card in back:
        game.deck.put_bottom(card)
    n = game.n
    game.hands = [[] for _ in range(n)]
    game.staff = [[] for _ in range(n)]
    game.held = [{} for _ in range(n)]
    game.crews = [Crew() for _ in range(n)]
    game.employees = {}
    game.planned = [None] * n
    if not game.physical:
        game.deck.shuffle(game.rng)
