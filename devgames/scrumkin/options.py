"""Scrumkin's options: each interpretation of the rulebook that changes the game is one of these."""

from dataclasses import dataclass, field

from devgames.core.options import ASKED, DECKS

RULEBOOKS = ("competitive", "collaborative")
TIE_BREAKS = ("velocity", "shared")


@dataclass(frozen=True)
class ScrumkinOptions:
    """The rules a Scrumkin game is played with (defaults follow docs/rules/scrumkin.md).

    >>> ScrumkinOptions().backlog, ScrumkinOptions().board
    (10, 20)
    """

    #: "competitive" (first to an empty backlog wins) or "collaborative" (everyone, 10 sprints).
    rulebook: str = field(default="competitive", metadata={"choices": RULEBOOKS})
    #: "digital": the engine shuffles and deals; "physical": the real cards drawn are entered.
    deck: str = field(default="digital", metadata={"choices": DECKS})
    #: Most teams allowed at the table (the box says 4; workshops often run up to 8).
    max_players: int = 8
    #: Backlog items each team starts with.
    backlog: int = 10
    #: Length of the game board: bugs that would go beyond it are lost.
    board: int = 20
    #: Seat of the first sprint's leader.
    first_leader: int = 0
    #: Several teams finishing in one sprint: "velocity" (higher velocity wins, then shared)
    #: or "shared" (all of them win).
    tie_break: str = field(default="velocity", metadata={"choices": TIE_BREAKS})
    #: House rule: a competitive game stops after this many sprints; the lowest backlog wins.
    sprint_cap: int = 60
    #: Sprints the collaborative game allows to finish every backlog.
    collaborative_sprints: int = 10
    #: The rulebook's tweak: dropping a card removes 1 bug from your backlog (and drops are then
    #: allowed in the collaborative game, as long as you have a bug to remove).
    drop_against_bugs: bool = False
    #: A counter can itself be countered by another defensive card (off: a counter is final).
    counter_chains: bool = False
    #: Who is asked whether to counter a card laid down: "holders" (only the teams holding a
    #: defensive card: quick, but the room learns who holds one) or "everyone" (every other team,
    #: so that a pass gives nothing away).
    counter_asks: str = field(default="everyone", metadata={"choices": ASKED})
