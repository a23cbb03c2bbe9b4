"""Release! (Inedo): a trick-taking game about software releases, scored by a new Tools &
Methods card every release.

>>> from devgames import release
>>> game = release.new_game(["Ada", "Bob", "Cy", "Dee"], seed=7)
>>> view = game.view(None)
>>> view["play_style"], sorted(view["scores"]), view["iterations"]
('pair programming', ['Ada & Cy', 'Bob & Dee'], 9)
"""

from collections.abc import Callable
from typing import Any

from devgames.core.bots import Bot
from devgames.core.errors import SetupError
from devgames.core.options import build_options
from devgames.core.players import clean_names
from devgames.core.spec import Credit, GameSpec
from devgames.release.bots import HeuristicBot, RandomBot
from devgames.release.cards import BASE, CARDS, DeckFileError, Method, PlayCard, load_deck
from devgames.release.game import ROUND_FIELDS, RULES_VERSION, ReleaseGame
from devgames.release.options import ReleaseOptions

MIN_PLAYERS, MAX_PLAYERS = 2, 10

#: Bot kinds by name; each is built as ``BOTS[kind](seed)`` and has ``choose(game)``.
BOTS: dict[str, Callable[[int], Bot[ReleaseGame]]] = {
    "random": RandomBot, "heuristic": HeuristicBot,
}


def new_game(players: list[str] | tuple[str, ...], seed: int | None = None,
             **options: Any) -> ReleaseGame:
    """Start a game for 2-10 players; see :class:`ReleaseOptions` for the options.

    One play deck serves 2 to 5 players, two decks combined 5 to 10. A deck file of our card
    table's columns (``deck_file``: its name or its text) replaces the base game's cards; a bad
    one is refused with a :class:`DeckFileError` naming the line and the problem.

    >>> new_game(["Ada", "Bob"], seed=1, releases=3).options.releases
    3
    >>> new_game([f"P{i}" for i in range(7)], seed=1).hand_size   # two decks, no 2 of Fruits
    10
    >>> new_game(["Ada", "Bob", "Cy"], decks=2)
    Traceback (most recent call last):
    ...
    devgames.core.errors.SetupError: Two play decks are combined for 5 to 10 players, not 3.
    >>> new_game(["Ada", "Bob"], deck_file="id,deck\\n1,play\\n")
    Traceback (most recent call last):
    ...
    devgames.release.cards.DeckFileError: Deck file, line 1: the header lacks the columns \
name, suit, rank, person, effect, reconstructed, does.
    """
    opts = build_options(ReleaseOptions, options)
    names = clean_names(players, MIN_PLAYERS, MAX_PLAYERS)
    n = len(names)
    decks = opts.decks or (1 if n <= 5 else 2)
    if decks == 1 and n > 5:
        raise SetupError(f"One play deck serves 2 to 5 players, not {n}: combine two decks.")
    if decks == 2 and n < 5:
        raise SetupError(f"Two play decks are combined for 5 to 10 players, not {n}.")
    if not 1 <= opts.releases <= 36:
        raise SetupError("A game has 1 to 36 releases.")
    if opts.points_target < 0:
        raise SetupError("The points target is a whole number from 1 (or 0: no target).")
    deck = load_deck(opts.deck_file) if opts.deck_file else BASE
    game = ReleaseGame(names, seed, opts, deck, decks) if _enough(deck, n, decks) else None
    if game is None:
        raise DeckFileError(0, f"it has too few play cards to deal {n} players")
    return game


def _enough(deck: Any, players: int, decks: int) -> bool:
    """True if the deck deals at least one card to each player (after the 2-player discard)."""
    discard = 12 if players == 2 else 0
    return len(deck.cards) * decks - 2 - discard >= players


#: What the shared code knows of Release!.
SPEC = GameSpec(
    name="release",
    title="Release!",
    module=__name__,
    blurb="2-10 players (pairs at 4, 6, 8, 10) play tricks over five releases; each release a "
          "new Tools & Methods card changes what the cards you win are worth.",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_names=("Ada", "Bob", "Cy"),
    bots=BOTS,
    options=ReleaseOptions,
    round_columns=ROUND_FIELDS,
    debrief_prompts=(
        "When the Tools & Methods card changed, how fast did you change the way you played?",
        "When did you try to lose an iteration on purpose, and why?",
        "Pair programming: how did you and your teammate stay in sync without talking?",
        "Which of our own tools or methods would reward, or punish, what we do today?",
    ),
    charts="devgames.release.charts:CHARTS",
    debrief="devgames.release.debrief:DEBRIEF",
    credit=Credit(
        game="Release!",
        authors="Patrick Roach (lead) and Alex Papadimoulis, illustrated by Mark Bowytz (Inedo)",
        source="Release! Print & Play edition (Inedo, 2014)",
        link="https://inedo.com/release",
        licence="no licence stated (© 2014 Inedo, all rights reserved)",
        allows="nothing beyond playing the game; its text and art stay Inedo's",
    ),
    seat_targets=frozenset({"lead", "swap"}),
    bench={},
    handouts="devgames.release.handouts:game_text",
    glossary="devgames.release.handouts:glossary_cards",
    glossary_pages=3,
    retro="devgames.release.retro:RETRO",
)

__all__ = ["BOTS", "CARDS", "MAX_PLAYERS", "MIN_PLAYERS", "RULES_VERSION", "SPEC",
           "DeckFileError", "Method", "PlayCard", "ReleaseGame", "ReleaseOptions", "new_game"]
