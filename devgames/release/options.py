"""Release!'s options: each interpretation of the rulebook, and each of its house rules, that
changes the game (see docs/rules/release.md)."""

from dataclasses import dataclass, field

from devgames.core.options import DECKS
from devgames.i18n import N_

STYLES = ("rulebook", "remote")
DECK_COUNTS = (0, 1, 2)
TEAM_LEADS = ("choose", "random")
ARTIFACTS = ("combined", "separate")
REVEAL_ASKS = ("holders", "everyone")
DOUBLING = ("each_copy", "once")
LOSING = ("not_won", "team_lost")
FIRST_LEADS = ("table", "app")
CARD_SETS = ("ours", "rulebook")
SIGNS = ("plus", "minus")


@dataclass(frozen=True)
class ReleaseOptions:
    """The rules a Release! game is played with.

    >>> ReleaseOptions().releases, ReleaseOptions().style
    (5, 'rulebook')
    """

    #: "digital": the engine shuffles and deals; "physical": the facilitator enters each Tools &
    #: Methods card revealed and each card really dealt.
    deck: str = field(default="digital", metadata={"choices": DECKS, "label": N_("Deck")})
    #: Releases in a game (the rulebook: 5). With a points target, the most releases played
    #: (36: as good as no limit).
    releases: int = field(default=5, metadata={
        "label": N_("Releases"),
        "offered": {2: N_("2 (quick)"), 3: N_("3 (short)"), 5: N_("5 (the rulebook)"),
                    7: N_("7 (long)"), 36: N_("36 (the most: to a points target)")}})
    #: A house rule: the game ends after the first release in which a player or team reaches
    #: this score (the rulebook suggests 35), or after the releases set; 0: play the releases.
    points_target: int = field(default=0, metadata={
        "label": N_("Points target"), "offered": {0: N_("off (play the releases)"),
                                              35: N_("35 points (within the releases set)")}})
    #: "rulebook": pair programming at 4, 6, 8 and 10 players (teams of two seated alternately,
    #: sharing a score), working remotely otherwise; "remote": everyone on their own.
    style: str = field(default="rulebook", metadata={"choices": STYLES, "label": N_("Play style")})
    #: Play decks combined: 0 as the rulebook has it (one deck up to 5 players, two from 6),
    #: or 1 or 2 (two decks need 5 players or more; one deck at most 5).
    decks: int = field(default=0, metadata={
        "choices": DECK_COUNTS, "label": N_("Play decks"),
        "offered": {0: N_("by the rulebook (two from 6 players)"), 1: N_("one"),
                    2: N_("two combined")}})
    #: Pair programming: which teammate leads a team's first iteration of a release: "choose"
    #: (the team's first seat says which, a move of its own) or "random".
    team_lead: str = field(default="choose", metadata={"choices": TEAM_LEADS,
                                                       "label": N_("Team's first lead")})
    #: Physical deck: who flips the coin when the lowest scores tie for the first lead (and
    #: draws the teammate who leads with ``team_lead="random"``): "table" (the table flips it
    #: and enters who won, a card entry of its own) or "app" (the game's random source).
    first_lead: str = field(default="table", metadata={
        "choices": FIRST_LEADS, "label": N_("Coin for the first lead"),
        "labels": {"table": N_("the table flips it (printed deck: enter who won)"),
                   "app": N_("the app flips it")}})
    #: Pair programming: "combined" (teammates' artifacts scored as one set, the rulebook) or
    #: "separate" (each teammate's artifacts scored alone, the points added; a house rule).
    artifacts: str = field(default="combined", metadata={"choices": ARTIFACTS,
                                                          "label": N_("Teammates' artifacts")})
    #: Who is asked whether to reveal a card held in hand (Kenji Hiranabe, Elisabeth
    #: Hendrickson) at the end of an iteration: "holders" (only players holding one: quick, but
    #: the table learns who holds one) or "everyone" (every player who could, so a no gives
    #: nothing away).
    reveal_asks: str = field(default="holders", metadata={"choices": REVEAL_ASKS,
                                                          "label": N_("Asked to reveal")})
    #: Two doubling cards (two decks) in one set of artifacts: "each_copy" (each doubles: x4)
    #: or "once" (x2).
    doubling: str = field(default="each_copy", metadata={"choices": DOUBLING,
                                                         "label": N_("Two doubling cards")})
    #: Who "loses an iteration" for an ability triggered after losing: "not_won" (every
    #: player who did not win it) or "team_lost" (a player whose teammate won it did not lose).
    losing: str = field(default="not_won", metadata={"choices": LOSING,
                                                     "label": N_("Losing an iteration")})
    #: "ours": the base game's cards as our table completes them (the Tools & Methods cards and
    #: face abilities marked reconstructed included); "rulebook": only the Tools & Methods cards
    #: whose rule the rulebook prints, and the face cards whose ability is ours play without it.
    card_set: str = field(default="ours", metadata={
        "choices": CARD_SETS, "label": N_("Card set"),
        "labels": {"ours": N_("the rulebook's and ours (reconstructed, marked)"),
                   "rulebook": N_("rulebook cards only")}})
    #: Jez Humble's "immediately scores 2" (a number printed without a sign): "plus" (our
    #: reading: +2 to the winner, like Patrick Debois's "+2") or "minus" (a minus sign lost:
    #: -2 to the winner). Applies to every card marked ``sign``.
    jez_humble: str = field(default="plus", metadata={
        "choices": SIGNS, "label": N_("Jez Humble's points"),
        "labels": {"plus": N_("+2 to the winner (our reading)"),
                   "minus": N_("-2 to the winner (a minus sign lost)")}})
    #: A deck file of our card table's columns (its name, or its text) to play instead of the
    #: base game's cards: a printed copy typed in, or a house-rule plug-in deck. "": the base game.
    deck_file: str = field(default="", metadata={
        "label": N_("Cards"), "file": True, "accept": ".csv,.txt", "hints": ("deck file",),
        "default_text": N_("the base game's cards (cards.csv; a file of its columns replaces "
                           "it)")})


#: Named sets of options a facilitator picks from (the set-up form's "Preset"); each names the
#: same options. "standard" is the rulebook's five releases; "short" (3 releases) ends within the
#: 35 minutes of play of a 90-minute workshop, "quick" (2 releases) within the 25 of a 60-minute
#: one, with 4 players (facilitation/release.md has the planner's figures:
#: ``python -m devgames.sim.durations``).
PRESETS: dict[str, dict[str, int]] = {
    "standard": {"releases": 5, "points_target": 0},
    "short": {"releases": 3, "points_target": 0},
    "quick": {"releases": 2, "points_target": 0},
}
#: How the set-up form's "Preset" list names each preset.
PRESET_LABELS = {
    "standard": N_("standard (the rulebook's 5 releases)"),
    "short": N_("short (a 90-minute workshop: 3 releases)"),
    "quick": N_("quick (a 60-minute workshop: 2 releases)"),
}
