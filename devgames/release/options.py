"""Release!'s options: each interpretation of the rulebook, and each of its house rules, that
changes the game (see docs/rules/release.md)."""

from dataclasses import dataclass, field

from devgames.core.options import DECKS

STYLES = ("rulebook", "remote")
DECK_COUNTS = (0, 1, 2)
TEAM_LEADS = ("choose", "random")
ARTIFACTS = ("combined", "separate")
REVEAL_ASKS = ("holders", "everyone")
DOUBLING = ("each_copy", "once")
LOSING = ("not_won", "team_lost")


@dataclass(frozen=True)
class ReleaseOptions:
    """The rules a Release! game is played with.

    >>> ReleaseOptions().releases, ReleaseOptions().style
    (5, 'rulebook')
    """

    #: "digital": the engine shuffles and deals; "physical": the facilitator enters each Tools &
    #: Methods card revealed and each card really dealt.
    deck: str = field(default="digital", metadata={"choices": DECKS, "label": "Deck"})
    #: Releases in a game (the rulebook: 5). With a points target, the most releases played.
    releases: int = field(default=5, metadata={
        "label": "Releases", "offered": {3: "3 (short)", 5: "5 (the rulebook)", 7: "7 (long)"}})
    #: A house rule: the game ends after the first release in which a player or team reaches
    #: this score (the rulebook suggests 35); 0: play the set number of releases.
    points_target: int = field(default=0, metadata={
        "label": "Points target", "offered": {0: "off (play the releases)", 35: "35 points"}})
    #: "rulebook": pair programming at 4, 6, 8 and 10 players (teams of two seated alternately,
    #: sharing a score), working remotely otherwise; "remote": everyone on their own.
    style: str = field(default="rulebook", metadata={"choices": STYLES, "label": "Play style"})
    #: Play decks combined: 0 as the rulebook has it (one deck up to 5 players, two from 6),
    #: or 1 or 2 (two decks need 5 players or more; one deck at most 5).
    decks: int = field(default=0, metadata={
        "choices": DECK_COUNTS, "label": "Play decks",
        "offered": {0: "by the rulebook (two from 6 players)", 1: "one", 2: "two combined"}})
    #: Pair programming: which teammate leads a team's first iteration of a release: "choose"
    #: (the team's first seat says which, a move of its own) or "random".
    team_lead: str = field(default="choose", metadata={"choices": TEAM_LEADS,
                                                       "label": "Team's first lead"})
    #: Pair programming: "combined" (teammates' artifacts scored as one set, the rulebook) or
    #: "separate" (each teammate's artifacts scored alone, the points added; a house rule).
    artifacts: str = field(default="combined", metadata={"choices": ARTIFACTS,
                                                          "label": "Teammates' artifacts"})
    #: Who is asked whether to reveal a card held in hand (Kenji Hiranabe, Elisabeth
    #: Hendrickson) at the end of an iteration: "holders" (only players holding one: quick, but
    #: the table learns who holds one) or "everyone" (every player who could, so a no gives
    #: nothing away).
    reveal_asks: str = field(default="holders", metadata={"choices": REVEAL_ASKS,
                                                          "label": "Asked to reveal"})
    #: Two doubling cards (two decks) in one set of artifacts: "each_copy" (each doubles: x4)
    #: or "once" (x2).
    doubling: str = field(default="each_copy", metadata={"choices": DOUBLING,
                                                         "label": "Two doubling cards"})
    #: Who "loses an iteration" for an ability triggered after losing: "not_won" (every
    #: player who did not win it) or "team_lost" (a player whose teammate won it did not lose).
    losing: str = field(default="not_won", metadata={"choices": LOSING,
                                                     "label": "Losing an iteration"})
    #: A deck file of our card table's columns (its name, or its text) to play instead of the
    #: base game's cards: a printed copy typed in, or a house-rule plug-in deck. "": the base game.
    deck_file: str = field(default="", metadata={
        "label": "Cards", "file": True, "accept": ".csv,.txt", "hints": ("deck file",),
        "default_text": "the base game's cards (cards.csv; a file of its columns replaces it)"})
