"""Debrief questions drawn from this session's rows and log, then the game's general prompts,
sorted into the debrief's three phases, and the line announcing the winners.

- **what**: the facts (what happened, where, to whom);
- **so_what**: their meaning (why, and what it says about how we work);
- **now_what**: what we will change at work.

The questions know what each card stands for (:mod:`devgames.core.meanings`): a drop in velocity
is not blamed on an investment that is still costing (its payoff is asked about instead), a
shortcut that came due is named as one, and bugs that came with the leader's action card are not
asked about as if a team could have kept them out. A general prompt that a question drawn from the
data already asks is left out, so nothing is asked twice.

Each game's own questions live in its package (``SPEC.debrief``, e.g.
``devgames.scrumkin.debrief``), as a :class:`GameDebrief` built with the helpers here. This is
plain Python: the dashboards' debrief panel (:mod:`devgames.dashboards.debrief_panel`) and the
device pages show what it gives.

Names are plain text here: whoever displays a question escapes it. The questions are drawn in
the language in use (a general prompt is kept in English, in the spec, and translated here); a
note keeps the question it was written to as it was shown.

>>> from devgames import scrumkin
>>> from devgames.core.bots import play_out
>>> game = scrumkin.new_game(["Red", "Blue"], seed=3)
>>> _ = play_out(game, {seat: scrumkin.BOTS["heuristic"](seat) for seat in range(2)})
>>> winner_line(game) in ("Red wins!", "Blue wins!", "Red and Blue win!")
True
>>> debrief_questions(game)[0].startswith("Sprint ")
True
>>> sorted(debrief_phases(game))
['now_what', 'so_what', 'what']
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from devgames import SpecTable
from devgames.core.spec import GameSpec, resolve
from devgames.core.wording import label
from devgames.i18n import N_, _, ngettext

Row = Mapping[str, Any]
#: The debrief's phases, in the order they are run.
PHASES = ("what", "so_what", "now_what")
#: A question drawn from the data: (phase, question, the general prompt it makes redundant).
Question = tuple[str, str, str | None]


def names_text(names: Sequence[str]) -> str:
    """Names as a sentence says them, in the language in use.

    >>> names_text(["Red"]), names_text(["Red", "Blue"]), names_text(["Red", "Blue", "Green"])
    ('Red', 'Red and Blue', 'Red, Blue and Green')
    """
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


@dataclass(frozen=True)
class GameDebrief:
    """What one game adds to the debrief (its ``SPEC.debrief`` points at one, in the game's own
    package): questions drawn from a session, its own "Now what?" prompts, the phase of each of
    its general prompts (``SPEC.debrief_prompts``, "so_what" when not given), the general prompts
    that go only with some options (``when``), and why nobody won, by the game's
    ``view(None)["result"]``.

    >>> GameDebrief(lambda game: [("what", "Who won?", None)]).phases
    {}
    """

    #: (phase, question, the general prompt it makes redundant) for a game with rows.
    questions: Callable[[Any], list[Question]]
    now_what: tuple[str, ...] = ()
    phases: Mapping[str, str] = field(default_factory=dict)
    nobody_won: Mapping[str, Callable[[Any], str]] = field(default_factory=dict)
    #: General prompts asked only when this holds of the game's options (a prompt about one
    #: variant of the rules); the prompts not named here are always asked.
    when: Mapping[str, Callable[[Any], bool]] = field(default_factory=dict)
    #: The game's own "Reveal & map" pages, (title, HTML), in place of the grid of the cards
    #: each team got (Release!: what the Tools & Methods cards paid, the face cards).
    reveal: Callable[[Any], list[tuple[str, str]]] | None = None
    #: The cards the room may tag "we have this at work" (default: every card dealt).
    tagged: Callable[[Any], list[str]] | None = None


def _game_debrief(spec: GameSpec) -> GameDebrief:
    """The :class:`GameDebrief` at the game's ``SPEC.debrief`` (a TypeError naming the path when
    it is something else)."""
    found = resolve(spec.debrief)
    if not isinstance(found, GameDebrief):
        raise TypeError(f"{spec.name}: {spec.debrief} must be a "
                        "devgames.screens.debrief.GameDebrief.")
    return found


#: Each game's part of the debrief, read from its spec when asked for.
GAME_DEBRIEFS: Mapping[str, GameDebrief] = SpecTable(_game_debrief)
#: Each game's own "Now what?" prompts.
GAME_NOW_WHAT: Mapping[str, tuple[str, ...]] = SpecTable(
    lambda spec: _game_debrief(spec).now_what)
#: Our own "Now what?" prompts, for every game (after the game's own), in English: the debrief
#: asks them in the language in use.
NOW_WHAT: tuple[str, ...] = (
    N_("What one change will we try at work before the next retrospective, who owns it, and by "
       "when?"),
)
#: The questions asked when the data and the game ask nothing in a phase.
SURPRISED_YOU = N_("What happened in this game that surprised you?")
WHERE_AT_WORK = N_("Why did it happen, and where have we seen that at work?")


def winner_line(game: Any) -> str:
    """Who won, for the end of the game, in the language in use.

    >>> from devgames import scrumkin
    >>> winner_line(scrumkin.new_game(["Red", "Blue"], seed=1))
    'No winner yet: the game is still on.'
    """
    winners = list(game.winners)
    if winners:
        return ngettext("{names} wins!", "{names} win!", len(winners)).format(
            names=names_text(winners))
    if not game.is_over:
        return _("No winner yet: the game is still on.")
    result = game.view(None).get("result", "")
    own = GAME_DEBRIEFS.get(game.name)
    why = own.nobody_won.get(result) if own else None
    reason = why(game) if why else label(result) if result else _("the game ended")
    return _("Nobody won: {why}.").format(why=reason)


def debrief_phases(game: Any) -> dict[str, list[str]]:
    """The debrief's questions by phase ("what", "so_what", "now_what"), each list never empty,
    in the language in use: questions drawn from this session first, then the general prompts no
    question already asks; no question twice.

    >>> from devgames import itstartup
    >>> phases = debrief_phases(itstartup.new_game(["Ada", "Bob"], seed=1))
    >>> [len(phases[phase]) > 0 for phase in PHASES]
    [True, True, True]
    """
    from devgames import game_spec

    own = GAME_DEBRIEFS.get(game.name)
    found = own.questions(game) if own and game.rounds else []
    asked = {replaced for _phase, _question, replaced in found if replaced}
    prompts = game_spec(game.name).debrief_prompts if own else ()
    general = [prompt for prompt in prompts if prompt not in asked
               and (own is None or prompt not in own.when or own.when[prompt](game.options))]
    phases: dict[str, list[str]] = {phase: [] for phase in PHASES}
    for phase, question, _replaced in found:
        if question:
            phases[phase].append(question)
    for prompt in general:
        phases[own.phases.get(prompt, "so_what") if own else "so_what"].append(_(prompt))
    phases["now_what"] += [_(prompt) for prompt in (*(own.now_what if own else ()), *NOW_WHAT)]
    if not phases["what"]:
        phases["what"].append(_(SURPRISED_YOU))
    if not phases["so_what"]:
        phases["so_what"].append(_(WHERE_AT_WORK))
    seen: set[str] = set()
    for phase in PHASES:  # each question once, in the first phase that asks it
        fresh = [q for q in dict.fromkeys(phases[phase]) if q not in seen]
        seen.update(fresh)
        phases[phase] = fresh
    return phases


def debrief_questions(game: Any) -> list[str]:
    """Every question of :func:`debrief_phases` in one list: "what", then "so_what", then
    "now_what"; in a fixed order, without duplicates.

    >>> from devgames import itstartup
    >>> questions = debrief_questions(itstartup.new_game(["Ada", "Bob"], seed=1))
    >>> questions[0]
    'Who burnt out first, and what was asked of them just before?'
    >>> questions[-1].startswith("What one change will we try at work")
    True
    """
    phases = debrief_phases(game)
    return [question for phase in PHASES for question in phases[phase]]


def totals(rows: Iterable[Row], key: str, value: str) -> dict[Any, int]:
    """``value`` summed per ``row[key]``, keys in the order they first appear.

    >>> totals([{"team": "Red", "n": 2}, {"team": "Blue", "n": 1}, {"team": "Red", "n": 1}],
    ...        "team", "n")
    {'Red': 3, 'Blue': 1}
    """
    found: dict[Any, int] = {}
    for row in rows:
        found[row[key]] = found.get(row[key], 0) + row[value]
    return found


def top(found: Mapping[Any, int]) -> tuple[list[Any], int]:
    """The keys with the highest total (at least 1), and that total.

    >>> top({"Red": 3, "Blue": 3, "Gold": 1}), top({"Red": 0})
    ((['Red', 'Blue'], 3), ([], 0))
    """
    best = max(found.values(), default=0)
    return ([key for key, total in found.items() if total == best] if best > 0 else []), best
