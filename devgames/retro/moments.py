"""Key moments of a session, replayed with what was hidden at the time, for the debrief's reveal.

The log is replayed on a fresh game; at each move the hidden state (hands, the draw stack, a card
planned face down) is read from the engine, and the moves that teach most are kept. Each game
has its own kinds of moment, chosen because they show a decision taken with information the room
did not have, or information a player had and did not use: its
:class:`~devgames.retro.parts.GameRetro` (named by ``GameSpec.retro``, in the game's package)
finds them (``moments``), and its module says which they are and why. When a finished game
gives fewer than three, every seat's hand at the end is a moment too ("What nobody showed"),
with the game's ``end_note`` if it has one; a game without a ``GameRetro`` gets only that one.

At most one moment of each kind is taken first (the most telling), then more of the same kinds,
up to ``count``; they come back in the order of the log. An unfinished game gives what it has.
The moments are told in the language in use; the cards keep their printed names.

>>> from devgames import scrumkin
>>> from devgames.core.bots import play_out
>>> game = scrumkin.new_game(["Red", "Blue", "Green"], seed=7)
>>> _ = play_out(game, {seat: scrumkin.BOTS["heuristic"](seat) for seat in range(3)})
>>> moments = key_moments(game)
>>> 3 <= len(moments) <= 5, all(m.hidden and m.public for m in moments)
(True, True)
"""

from collections.abc import Callable, Sequence
from typing import Any

from devgames.core.wording import public_lines
from devgames.i18n import _
from devgames.retro.parts import Candidate, Moment, retro_of

__all__ = ["Candidate", "Moment", "key_moments", "names_text", "public_text"]


def names_text(names: Sequence[str]) -> str:
    """Names as a sentence says them, in the language in use.

    >>> names_text(["a"]), names_text(["a", "b", "c"]), names_text([])
    ('a', 'a, b and c', 'nothing')
    """
    if not names:
        return _("nothing")
    if len(names) < 2:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def key_moments(game: Any, count: int = 5) -> list[Moment]:
    """Up to ``count`` key moments of ``game``, in the order of the log (see the game's
    ``GameRetro`` for its choice).

    >>> from devgames import exploding
    >>> key_moments(exploding.new_game(["Ada", "Bob"], seed=1))
    []
    """
    if not game.log:
        return []
    retro = retro_of(game.name)
    # A game without a GameRetro: only the hands at the end.
    candidates = _with_end(retro.moments if retro else lambda _game: [])(game)
    order = list(dict.fromkeys(kind for kind, _value, _moment in candidates))
    best = sorted(candidates, key=lambda c: -c[1])
    chosen: list[Moment] = []
    for rank in range(len(best)):  # the best of each kind, then the second best of each...
        for kind in order:
            of_kind = [m for k, _value, m in best if k == kind]
            if rank < len(of_kind) and len(chosen) < count and of_kind[rank] not in chosen:
                chosen.append(of_kind[rank])
        if len(chosen) >= count:
            break
    if len(chosen) < 3 and "end" not in order:  # an unfinished game: the hands now, too
        chosen += [m for m in _end_moment(game) if len(chosen) < count]
    return sorted(chosen, key=lambda m: m.move)


def public_text(fresh: Any, action: Any, before: int) -> str:
    """What the room was told of the move just applied to ``fresh`` (``before``: the number of
    events before it), in one text.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=7)
    >>> before = len(game.events)
    >>> game.play("Red", "Scope creep", target="Blue")
    >>> public_text(game, game.log[-1], before)
    "Red lays Scope creep into Blue's game."
    """
    return " ".join(public_lines(fresh, action, fresh.events[before:]))


def _end_moment(game: Any) -> list[Moment]:
    """Every seat's hand at the end (and the game's ``end_note``: what else was hidden)."""
    hands = [_("{player}: {cards}").format(player=name, cards=names_text(_hand_names(game, seat)))
             for seat, name in enumerate(game.players)]
    hidden = _("In hand: {hands}.").format(hands="; ".join(hands))
    retro = retro_of(game.name)
    note = retro.end_note(game) if retro is not None and retro.end_note is not None else ""
    if note:
        hidden += f" {note}"
    public = game.view(None).get("waiting_for") or _("The game so far.")
    return [Moment(len(game.log) - 1, _("What nobody showed"), str(public), hidden)]


def _hand_names(game: Any, seat: int) -> list[str]:
    return [card["card"] for card in game.view(seat)["hand"]]


def _with_end(finder: Callable[[Any], list[Candidate]]) -> Callable[[Any], list[Candidate]]:
    """A game's finder, plus every hand at the end when it finds fewer than three moments."""
    def find(game: Any) -> list[Candidate]:
        found = finder(game)
        if len({id(m) for _kind, _value, m in found}) < 3 and game.is_over:
            found += [("end", 0, moment) for moment in _end_moment(game)]
        return found
    return find
