"""What the debrief's reveal and map need to know of one game: its :class:`GameRetro`.

A game gives its parts in its own package (``devgames/<game>/retro.py`` for the built-in games)
and names them in its spec, ``GameSpec(retro="<package>.retro:RETRO")``; the shared code
(:mod:`devgames.retro.dealt`, :mod:`devgames.retro.moments`) finds them with :func:`retro_of`
and names no game. A game without them gets no dealt rows and, as key moments, only every hand
at the end.

>>> retro_of("scrumkin").handed_over is None, retro_of("no such game")
(True, None)
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from devgames.core.actions import Action


@dataclass(frozen=True)
class Moment:
    """A move worth replaying: its index in the log, a short title, what the room saw then and
    what was hidden then (revealed now that the game is over)."""

    move: int
    title: str
    public: str
    hidden: str


#: A candidate: (kind of moment, how telling it is (higher first), the moment).
Candidate = tuple[str, float, Moment]
#: Cards dealt by one move: (when, from seat, to seat, card name, how).
Dealt = list[tuple[int, int, int, str, str]]


@dataclass(frozen=True)
class GameRetro:
    """One game's parts of the reveal and map.

    - ``deal(game_before, action, memo)``: the cards ``action`` deals, read from the game just
      before it (see :func:`devgames.retro.dealt.dealt_matrix`); ``memo`` is one list kept over
      the whole replay, for what a move needs to know of the moves before it (else unused).
      ``how`` is the game's word ("play", "area"...); "counter" and "nope" mark a card that
      stops another rather than going into a game (:data:`devgames.retro.dealt.STOPPERS`).
    - ``handed_over(game_after, events)``: the cards that changed hands with the move, read from
      the game just after it and the move's events, as rows of ``deal``'s shape (never
      self-inflicted); ``None`` for a game whose cards never change hands.
    - ``moments(game)``: the finished (or unfinished) game's candidate key moments, each
      ``(kind, how telling, Moment)`` (see :func:`devgames.retro.moments.key_moments`).
    - ``end_note(game)``: one more hidden sentence for the moment "What nobody showed" (every
      hand at the end), or "" for none; ``None`` for no sentence at all.

    >>> quiet = GameRetro(deal=lambda game, action, memo: [], moments=lambda game: [])
    >>> quiet.handed_over is None and quiet.end_note is None
    True
    """

    deal: Callable[[Any, Action, list[Any]], Dealt]
    moments: Callable[[Any], list[Candidate]]
    handed_over: Callable[[Any, Sequence[Any]], Dealt] | None = None
    end_note: Callable[[Any], str] | None = None


def retro_of(game_name: str) -> GameRetro | None:
    """The :class:`GameRetro` named by the spec of the game called ``game_name``, or None for a
    game without one (or a game that is not registered).

    >>> type(retro_of("exploding")).__name__
    'GameRetro'
    """
    from devgames import game_spec
    from devgames.core.spec import resolve

    try:
        path = game_spec(game_name).retro
    except ValueError:  # not a registered game
        return None
    if not path:
        return None
    retro = resolve(path)
    if not isinstance(retro, GameRetro):
        raise TypeError(f"{path} is a {type(retro).__name__}, not a "
                        "devgames.retro.parts.GameRetro.")
    return retro
