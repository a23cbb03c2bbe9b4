"""Setting up a Scrumkin game: the teams' seats, what the rulebook and options fix for the whole
game, the two decks (shuffled, unless the cards are drawn from a physical deck), and the table
before the first deal: full backlogs, empty hands, three cards to deal to each team.

The game's ``__init__`` calls these functions in this order; the first deal and the first action
card then follow as any sprint's do.

>>> from devgames import scrumkin
>>> game = scrumkin.new_game(["Red", "Blue", "Green"], seed=1, deck="physical")
>>> game.clockwise, game.to_deal
(((1, 2), (2, 0), (0, 1)), [0, 0, 0, 1, 1, 1, 2, 2, 2])
"""

from typing import TYPE_CHECKING

from devgames.core.piles import Pile, shuffle
from devgames.scrumkin.cards import ACTION_CARDS, SPRINT_CARDS
from devgames.scrumkin.rules import DEAL, HAND_SIZE, MOVE_ROWS, SEATS_FROM

if TYPE_CHECKING:
    from devgames.scrumkin.game import ScrumkinGame


def seat_teams(game: "ScrumkinGame") -> None:
    """Every seat a team can play into (its own game first, then the others clockwise), and the
    other seats clockwise from each seat."""
    game.n = n = len(game.players)
    game.targets = SEATS_FROM[n]
    game.move_rows = MOVE_ROWS[n]
    game.clockwise = tuple(seats[1:] for seats in game.targets)


def read_rulebook(game: "ScrumkinGame") -> None:
    """What the rulebook and the options fix for the whole game."""
    options = game.options
    game.collaborative = collaborative = options.rulebook == "collaborative"
    game.physical = options.deck == "physical"
    game.ask_everyone = options.counter_asks == "everyone"
    # Whether a team may drop a card, fixed for the game except for needing a bug.
    game.drops_allowed = not collaborative or options.drop_against_bugs
    game.drops_need_bug = collaborative and options.drop_against_bugs


def shuffle_decks(game: "ScrumkinGame") -> None:
    """The sprint deck and the action deck; a physical deck's order is the room's, not known."""
    sprint_cards, action_cards = list(SPRINT_CARDS), list(ACTION_CARDS)
    if not game.physical:
        # The same shuffles as Pile.shuffle, done on the lists the piles are built from.
        shuffle(sprint_cards, game.rng)
        shuffle(action_cards, game.rng)
    game.deck = Pile(sprint_cards)
    game.action_deck = Pile(action_cards)


def lay_out_table(game: "ScrumkinGame") -> None:
    """Sprint 1 before its deal: full backlogs, nothing in hand or on the table, the first
    leader to lead, three cards to deal to each team."""
    n, options = game.n, game.options
    game.hands = [[] for _ in range(n)]
    game.table = [[] for _ in range(n)]
    game.ages = [[] for _ in range(n)]
    game.backlog = [options.backlog] * n
    game.bugs = [0] * n
    game.taken_over = [0] * n
    game.velocity = [0] * n
    game.sprint = 1
    game.leader = options.first_leader
    game.phase = DEAL
    game.mover = game.leader
    game.movers_done = 0
    game.moves = 0
    game.took_over = False
    game.action_card = None
    game.boost = 0
    game.laid_target = -1
    game.chain = []
    game.asked = []
    game.to_deal = [p for p in range(n) for _ in range(HAND_SIZE)]
    game.backlog_start = list(game.backlog)
    game.bugs_added = [0] * n
    game.counters_made = [0] * n
    game._rows = []
    game.result = ""
    game.is_over = False
