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
from devgames.core.spec import Credit, GameSpec, Timing
from devgames.i18n import N_
from devgames.release.bots import HeuristicBot, RandomBot
from devgames.release.cards import (
    BASE,
    CARDS,
    Deck,
    DeckFileError,
    Method,
    PlayCard,
    load_deck,
    other_sign,
    rulebook_only,
)
from devgames.release.game import RULES_VERSION, TARGET_RELEASES, ReleaseGame
from devgames.release.options import ReleaseOptions
from devgames.release.scoring import ROUND_FIELDS
from devgames.release.setup import TWO_PLAYER_DISCARD, table_cards

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
    one is refused with a :class:`DeckFileError` naming the line and the problem, and so is one
    whose play cards do not deal evenly (the rulebook deals all of them, the same number to
    each player).

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
    if opts.card_set == "rulebook":
        deck = rulebook_only(deck)
    if opts.jez_humble == "minus":
        deck = other_sign(deck)
    _check_deal(deck, n, decks)
    return ReleaseGame(names, seed, opts, deck, decks)


def _check_deal(deck: Deck, players: int, decks: int) -> None:
    """Refuse a deck that cannot deal all of its play cards, the same number to each player
    (after the 2-player discard and without the 2 of Fruits at 5, 7 or 10 players), as the
    rulebook deals them.

    >>> _check_deal(BASE, 4, 1)
    >>> from dataclasses import replace
    >>> _check_deal(replace(BASE, cards={c: BASE.cards[c] for c in range(1, 36)}), 4, 1)
    Traceback (most recent call last):
    ...
    devgames.release.cards.DeckFileError: Deck file: the rulebook deals all of the play cards, \
the same number to each player, and 35 cards do not divide among 4 players: add 1 play card \
or remove 3.
    """
    composition, removed = table_cards(deck, players, decks)
    discard = TWO_PLAYER_DISCARD if players == 2 else 0
    dealt = len(composition) - discard
    if dealt < players:
        raise DeckFileError(0, f"it has too few play cards to deal {players} players")
    short = dealt % players
    if short:
        why = (f" (after the {discard} discarded face down)" if discard else
               " (without the 2 of Fruits)" if removed else "")
        add = players - short
        raise DeckFileError(0, f"the rulebook deals all of the play cards, the same number to "
                               f"each player, and {dealt} cards{why} do not divide among "
                               f"{players} players: add {add} play card{'s' * (add > 1)} "
                               f"or remove {short}")


def _from_rules_1(options: dict[str, Any]) -> dict[str, Any]:
    """The options that replay a session saved with rules version 1 under today's rules: the
    app flipped the coin for the first lead, and a points target played up to 36 releases.

    >>> _from_rules_1({"deck": "physical", "releases": 5, "points_target": 35})
    {'deck': 'physical', 'releases': 36, 'points_target': 35, 'first_lead': 'app'}
    """
    upgraded = dict(options)
    if upgraded.get("points_target"):
        upgraded["releases"] = TARGET_RELEASES
    upgraded["first_lead"] = "app"
    return upgraded


#: How a session saved with an older rules version replays under today's rules: the options
#: that make it play as it did then, from its saved options (by rules version).
OLDER_RULES: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {"1": _from_rules_1}


#: What the shared code knows of Release!.
SPEC = GameSpec(
    name="release",
    title="Release!",
    module=__name__,
    blurb=N_("2-10 players (pairs at 4, 6, 8, 10) play tricks over five releases; each release a "
             "new Tools & Methods card changes what the cards you win are worth."),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_names=("Ada", "Bob", "Cy"),
    bots=BOTS,
    options=ReleaseOptions,
    round_columns=ROUND_FIELDS,
    debrief_prompts=(
        N_("When the Tools & Methods card changed, how fast did you change the way you played?"),
        N_("When did you try to lose an iteration on purpose, and why?"),
        N_("Pair programming: how did you and your teammate stay in sync without talking?"),
        N_("Which of our own tools or methods would reward, or punish, what we do today?"),
    ),
    charts="devgames.release.charts:CHARTS",
    debrief="devgames.release.debrief:DEBRIEF",
    credit=Credit(
        game="Release!",
        authors="Patrick Roach (lead) and Alex Papadimoulis, illustrated by Mark Bowytz (Inedo)",
        source="Release! Print & Play edition (Inedo, 2014)",
        link="https://inedo.com/release",
        licence="no licence stated (© 2014 Inedo, all rights reserved)",
        allows=N_("nothing beyond playing the game; its text and art stay Inedo's"),
    ),
    seat_targets=frozenset({"lead", "swap"}),
    bench={},
    handouts="devgames.release.handouts:game_text",
    glossary="devgames.release.handouts:glossary_cards",
    glossary_pages=3,
    retro="devgames.release.retro:RETRO",
    # A release of 4 players is 36 cards committed, 48 moves with the passes and the deal; at
    # 10-20 s a card that is 8-12 minutes, 10 min / 48 = 12.5 s a move.
    seconds_per_move=12.5,
    presets="devgames.release.options:PRESETS",
    guide_timings=(Timing(4, "standard"), Timing(4, "short", agenda=True), Timing(4, "quick"),
                   Timing(6, "short")),
)

__all__ = ["BOTS", "CARDS", "MAX_PLAYERS", "MIN_PLAYERS", "OLDER_RULES", "RULES_VERSION", "SPEC",
           "DeckFileError", "Method", "PlayCard", "ReleaseGame", "ReleaseOptions", "new_game"]
