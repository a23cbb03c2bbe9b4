"""Exploding Git Commits' options: each interpretation of the rulebook that changes the game."""

from dataclasses import dataclass, field

from devgames.core.options import ASKED, DECKS
from devgames.i18n import N_

BAIL_STACKING = ("rulebook", "noob")
MITIGATE_PLAYS = ("choice", "automatic")
DIRECTIONS = ("clockwise", "counterclockwise")
OWED_TURNS = ("lost", "passed_on")
ASK_EMPTY = ("refused", "allowed")
PICK_EXPLODING = ("never", "allowed")
NOPE_FIRST = ("left", "random")
NOPE_WINDOWS = ("open", "in_turn")


@dataclass(frozen=True)
class ExplodingOptions:
    """The rules an Exploding Git Commits game is played with (see docs/rules/exploding.md).

    >>> ExplodingOptions().nope_asks, ExplodingOptions().bail_stacking
    ('everyone', 'rulebook')
    """

    #: "digital": the engine shuffles and draws; "physical": the facilitator enters each card
    #: really dealt, drawn or seen with a Peek.
    deck: str = field(default="digital", metadata={"choices": DECKS})
    #: Seat of the player who goes first.
    first_player: int = 0
    #: Who is asked whether to Nope a card just played: "everyone" (every other player still in
    #: the game, so a pass gives nothing away) or "holders" (only the players holding a Nope:
    #: quick, but the table learns who holds one).
    nope_asks: str = field(default="everyone", metadata={"choices": ASKED})
    #: A Bail played by a player who is taking turns because of a Bail: "rulebook" (the next
    #: player takes the turns left plus 2) or "noob" (the next player always takes 2 turns).
    bail_stacking: str = field(default="rulebook", metadata={"choices": BAIL_STACKING})
    #: The special combos (two or three of a kind of any title, five different titles); off: only
    #: pairs of Code Cards.
    special_combos: bool = True
    #: After drawing an Exploding Git Commit while holding a Mitigate: "choice" (mitigate or
    #: explode, as "can use" reads) or "automatic" (a Mitigate is always played).
    mitigate: str = field(default="choice", metadata={"choices": MITIGATE_PLAYS})
    #: The way play goes round the table (turns, Bails, the Nope questions): "clockwise" or
    #: "counterclockwise" (the rulebook allows it "to confuse everyone at the table").
    direction: str = field(default="clockwise", metadata={
        "choices": DIRECTIONS, "label": N_("Play direction")})
    #: A player who explodes while still owing turns from a Bail: "lost" (the next player takes
    #: one normal turn) or "passed_on" (the next player takes the turns left, this one included).
    owed_turns: str = field(default="lost", metadata={
        "choices": OWED_TURNS, "label": N_("Bail turns owed on exploding")})
    #: Ask for Help of a player with no card in hand: "refused" (choose a player who holds a
    #: card) or "allowed" (the card is played and the asker gets nothing).
    ask_empty_hand: str = field(default="refused", metadata={
        "choices": ASK_EMPTY, "label": N_("Ask for Help of an empty hand")})
    #: Whether the five-card combo may take an Exploding Git Commit from the discard pile:
    #: "never", or "allowed" (it is then a card without instructions in the hand).
    pick_exploding: str = field(default="never", metadata={
        "choices": PICK_EXPLODING, "label": N_("5-card combo takes Exploding")})
    #: Who is asked first whether to Nope: "left" (the player next in the direction of play,
    #: then on round the table) or "random" (the order is drawn each time: nobody has priority by
    #: seat, standing in for the race to shout Nope first).
    nope_first: str = field(default="left", metadata={
        "choices": NOPE_FIRST, "label": N_("Who is asked to Nope first")})
    #: How the table may Nope a card just played: "open" (one public window for everybody at
    #: once: any player holding a Nope may claim it, and the table closes it when nobody does,
    #: as the rulebook's "at any time ... even if it's not your turn") or "in_turn" (the players
    #: are asked one by one; ``nope_asks`` and ``nope_first`` then say who and in which order).
    nope_window: str = field(default="open", metadata={
        "choices": NOPE_WINDOWS, "label": N_("Nope window")})
