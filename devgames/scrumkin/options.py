"""Scrumkin's options: each interpretation of the rulebook that changes the game is one of these."""

from dataclasses import dataclass, field
from typing import Any

from devgames.core.options import ASKED, DECKS
from devgames.i18n import N_

RULEBOOKS = ("competitive", "collaborative")
TIE_BREAKS = ("velocity", "shared")


@dataclass(frozen=True)
class ScrumkinOptions:
    """The rules a Scrumkin game is played with (defaults follow docs/rules/scrumkin.md).

    >>> ScrumkinOptions().backlog, ScrumkinOptions().board
    (10, 20)
    """

    #: "competitive" (first to an empty backlog wins) or "collaborative" (everyone, 10 sprints).
    rulebook: str = field(default="competitive",
                          metadata={"choices": RULEBOOKS, "main": True})
    #: "digital": the engine shuffles and deals; "physical": the real cards drawn are entered.
    deck: str = field(default="digital", metadata={"choices": DECKS})
    #: Most teams allowed at the table (the box says 4; workshops often run up to 8).
    max_players: int = field(default=8, metadata={
        "label": N_("Most teams at the table"), "offered": {n: str(n) for n in range(2, 9)}})
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
    sprint_cap: int = field(default=60, metadata={"hints": ("sprint",)})
    #: Sprints the collaborative game allows to finish every backlog.
    collaborative_sprints: int = field(default=10, metadata={"hints": ("sprint",)})
    #: The rulebook's tweak: dropping a card removes 1 bug from your backlog (and drops are then
    #: allowed in the collaborative game, as long as you have a bug to remove).
    drop_against_bugs: bool = False
    #: A counter can itself be countered by another defensive card (off: a counter is final).
    counter_chains: bool = False
    #: Who is asked whether to counter a card laid down: "holders" (only the teams holding a
    #: defensive card: quick, but the room learns who holds one) or "everyone" (every other team,
    #: so that a pass gives nothing away).
    counter_asks: str = field(default="everyone", metadata={"choices": ASKED})


#: Named sets of options a facilitator picks from (the set-up form's "Preset"). Each names the
#: same options, so that picking one after another sets every field it touches.
#: "standard" is the defaults; "short" fits a 90-minute workshop: a backlog of 3, drops that fix
#: bugs (the rulebook's tweak) and at most 7 sprints. Bot games of 3-6 teams end with an empty
#: backlog within the 7 sprints about 9 times in 10 (regenerate the figures with
#: ``python -m devgames.scrumkin.timing``; docs/rules/scrumkin.md has them).
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {"backlog": 10, "drop_against_bugs": False, "sprint_cap": 60},
    "short": {"backlog": 3, "drop_against_bugs": True, "sprint_cap": 7},
}
#: How the set-up form's "Preset" list names each preset.
PRESET_LABELS = {
    "standard": N_("standard (the rulebook's game)"),
    "short": N_("short (a 90-minute workshop: at most 7 sprints)"),
}


def preset_options(name: str) -> dict[str, Any]:
    """The options of the preset ``name`` (a copy), or ValueError naming the presets.

    >>> preset_options("short")
    {'backlog': 3, 'drop_against_bugs': True, 'sprint_cap': 7}
    >>> defaults = ScrumkinOptions()
    >>> all(getattr(defaults, key) == value for key, value in preset_options("standard").items())
    True
    >>> preset_options("tiny")
    Traceback (most recent call last):
    ...
    ValueError: Unknown preset 'tiny'; the presets are: standard, short.
    """
    try:
        return dict(PRESETS[name])
    except KeyError:
        raise ValueError(
            f"Unknown preset {name!r}; the presets are: {', '.join(PRESETS)}.") from None
