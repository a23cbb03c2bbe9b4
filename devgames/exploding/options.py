"""Exploding Git Commits' options: each interpretation of the rulebook that changes the game."""

from dataclasses import dataclass, field

from devgames.core.options import ASKED, DECKS

BAIL_STACKING = ("rulebook", "noob")
MITIGATE_PLAYS = ("choice", "automatic")


@dataclass(frozen=True)
class ExplodingOptions:
    """The rules an Exploding Git Commits game is played with (see docs/rules/exploding.md).

    >>> ExplodingOptions().nope_asks, ExplodingOptions().bail_stacking
    ('holders', 'rulebook')
    """

    #: "digital": the engine shuffles and draws; "physical": the facilitator enters each card
    #: really dealt, drawn, seen with a Peek or taken from a hand.
    deck: str = field(default="digital", metadata={"choices": DECKS})
    #: Seat of the player who goes first.
    first_player: int = 0
    #: Who is asked whether to Nope a card just played: "holders" (only the players holding a
    #: Nope: quick, but the table learns who holds one) or "everyone" (every other player still
    #: in the game, so a pass gives nothing away).
    nope_asks: str = field(default="holders", metadata={"choices": ASKED})
    #: A Bail played by a player who is taking turns because of a Bail: "rulebook" (the next
    #: player takes the turns left plus 2) or "noob" (the next player always takes 2 turns).
    bail_stacking: str = field(default="rulebook", metadata={"choices": BAIL_STACKING})
    #: The special combos (two or three of a kind of any title, five different titles); off: only
    #: pairs of Code Cards.
    special_combos: bool = True
    #: After drawing an Exploding Git Commit while holding a Mitigate: "choice" (mitigate or
    #: explode, as "can use" reads) or "automatic" (a Mitigate is always played).
    mitigate: str = field(default="choice", metadata={"choices": MITIGATE_PLAYS})
