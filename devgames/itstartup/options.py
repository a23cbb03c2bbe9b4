"""IT Startup's options: each interpretation of the rules that changes the game is one of these."""

from dataclasses import dataclass, field

from devgames.core.options import DECKS
from devgames.i18n import N_


@dataclass(frozen=True)
class ItStartupOptions:
    """The rules an IT Startup game is played with (defaults follow docs/rules/itstartup.md).

    >>> ItStartupOptions().goal
    64
    """

    #: Project points to reach: 32 (fast), 64 (standard), 128 (long) or any other target.
    goal: int = field(default=64, metadata={
        "label": N_("Goal (project points)"), "main": True,
        "offered": {14: N_("14 (quick)"), 24: N_("24 (short)"), 32: N_("32 (fast)"),
                    64: N_("64 (standard)"), 128: N_("128 (long)")}})
    #: "digital": the engine shuffles, rolls and flips; "physical": the facilitator enters them.
    deck: str = field(default="digital", metadata={"choices": DECKS})
    #: Seat of the first player, or -1 to roll for it.
    first_player: int = field(default=0, metadata={"roll": "roll the die for it"})
    #: The optional planning bonus: at the start of your turn, with 1, 2, 4, 8... points, remove
    #: 1 burnout from one of your employees.
    planning_bonus: bool = False
    #: When the hoard cap applies: at the end of your own turn, or to every gain at once.
    hoard_cap_timing: str = field(
        default="end_of_turn", metadata={"choices": ("end_of_turn", "always")}
    )
    #: Undercover HR Agent: used once per Agent card per turn, or once per player per turn.
    agent_uses: str = field(default="per_card", metadata={"choices": ("per_card", "per_player")})
    #: The later card revision: before an Agent's coin flip, any opponent may pay its owner 3 to
    #: cancel it.
    agent_counter: bool = False
    #: Vacation Time cancels only the normal end-of-turn burnout ("normal"), or Crunch Time's
    #: extra burnout too ("all").
    vacation_cancels: str = field(default="normal", metadata={"choices": ("normal", "all")})
    #: End of turn: HR draws after burnout (a burnt-out HR card draws nothing), or before it.
    hr_draws: str = field(default="after_burnout", metadata={
        "choices": ("after_burnout", "before_burnout"), "label": N_("HR draws")})
    #: Coffee machine and Crunch Time: count your developers when the card is played
    #: ("on_play"), or at the end-of-turn scoring ("end_of_turn").
    coffee_crunch_count: str = field(default="on_play", metadata={
        "choices": ("on_play", "end_of_turn"), "label": N_("Coffee/Crunch count devs")})
    #: Knowledge played on an employee held through Outsourcing: it stays on the employee and
    #: goes home with it ("goes_home"), comes back to the borrower's hand when the employee goes
    #: home ("back_to_hand"), or cannot be played on it at all ("not_allowed").
    outsourced_knowledge: str = field(default="goes_home", metadata={
        "choices": ("goes_home", "back_to_hand", "not_allowed"),
        "label": N_("Knowledge on a borrowed dev")})
    #: Tournament mode: games are repeated until a player has this many wins (0: one game;
    #: 2 or 3 for best of 3 or best of 5 with help tokens; needs at least 3 players).
    tournament_wins: int = field(default=0, metadata={
        "label": N_("Tournament"), "hints": ("tournament",),
        "offered": {0: N_("no tournament: one game"), 2: N_("best of 3 (2 wins)"),
                    3: N_("best of 5 (3 wins)")}})
    #: Tournament mode: a help token's -4 can take a player below 0 points (off: it stops at 0).
    help_below_zero: bool = field(default=False, metadata={
        "label": N_("A help token's -4 may go below 0")})


#: Named sets of options a facilitator picks from (the set-up form's "Preset"); each names the
#: same options. "standard" is the rulebook's goal of 64; "short" (goal 24) ends within the 35
#: minutes of play of a 90-minute workshop, and "quick" (goal 14) within the 25 of a 60-minute
#: one, in at least 4 games in 5 with 3 seats (facilitation/itstartup.md has the planner's
#: figures: ``python -m devgames.sim.durations``).
PRESETS: dict[str, dict[str, int]] = {
    "standard": {"goal": 64},
    "short": {"goal": 24},
    "quick": {"goal": 14},
}
#: How the set-up form's "Preset" list names each preset.
PRESET_LABELS = {
    "standard": N_("standard (the rulebook's goal of 64)"),
    "short": N_("short (a 90-minute workshop: goal 24)"),
    "quick": N_("quick (a 60-minute workshop: goal 14)"),
}
