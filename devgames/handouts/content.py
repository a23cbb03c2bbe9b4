"""What the handouts say about each game, in our own short words.

Each game's words live in its package (``SPEC.handouts``, e.g. ``devgames.scrumkin.handouts``).
The rules are summarised from ``docs/rules/<game>.md``; every number comes from the engine (its
options, with the defaults or the options given, its constants and its card tables), so a change
there shows on the next printout. The steps of a turn follow the numbered list of the doc's turn
section one for one (a test checks they stay as many).

>>> text = game_text("scrumkin")
>>> text.title, len(text.steps), text.steps[0].startswith("**Action card**")
('Scrumkin', 7, True)
>>> game_text("itstartup", goal=32).goal.startswith("Be the first to 32 project points")
True
"""

from dataclasses import dataclass
from typing import Any

from devgames import SpecTable, game_spec
from devgames.core.spec import resolve
from devgames.i18n import _

#: Each game's name as printed (from its spec).
TITLES: SpecTable[str] = SpecTable(lambda spec: spec.title)


@dataclass(frozen=True)
class GameText:
    """The words of one game's handouts (items may start with a ``**bold**`` lead)."""

    game: str
    title: str
    seat: str  # "team" or "player": who sits at a place of the table
    goal: str
    setup: tuple[str, ...]
    turn: str  # the heading of the turn section: "A sprint", "A turn"
    steps: tuple[str, ...]
    end: tuple[str, ...]
    card_types: tuple[tuple[str, str], ...]  # (card type, what it does)
    tips: tuple[str, ...]  # short reminders printed under the turn
    watch: tuple[str, ...]  # behaviours for the observer sheet
    debrief: tuple[str, str, str]  # a prompt for What?, So what?, Now what?
    doc: str  # the full rules, as devgames plays them


def game_text(game: str, **options: Any) -> GameText:
    """The handout words of ``game`` played with ``options`` (the engine's defaults otherwise).

    >>> game_text("exploding").card_types[0][0]
    'Exploding Git Commit (4)'
    >>> game_text("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Unknown game 'chess'; the games are: exploding, itstartup, ...scrumkin...
    """
    spec = game_spec(game)
    if not spec.handouts:
        raise ValueError(_("{game} has no handouts.").format(game=spec.title))
    return resolve(spec.handouts)(options)
