"""РЕЛИЗ's part of the debrief's reveal and map (:class:`devgames.retro.parts.GameRetro`), named
by ``SPEC.retro`` and imported only by :mod:`devgames.retro`.

Dealt to (:func:`devgames.retro.dealt_matrix`): an event card played on an opponent (IT Audit,
Complaint, Sick Leave, Spilled on the Laptop, Hand Over Your Project, Took Over a Project) is dealt
to that opponent; any other event card played, the daily event included, goes into the player's
own game. Tiles are work, not cards dealt. ``when`` is the turn.

Key moments (:func:`devgames.retro.key_moments`): the first RELEASE, with the tiles the player
held then; a daily event aimed at an opponent, with what that opponent held; a crutch placed,
with the real pips it hid; and, as a last resort, every hand at the end. Their words are said
in the language in use.
"""

from typing import Any

from devgames.core.actions import Action
from devgames.i18n import _
from devgames.reliz.cards import EVENTS, TILES
from devgames.retro.dealt import replayed
from devgames.retro.moments import names_text, public_text
from devgames.retro.parts import Candidate, Dealt, GameRetro, Moment

#: Event cards that name an opponent.
AIMED = frozenset({"opponent", "give", "take"})


def deal(game: Any, action: Action, memo: list[Any]) -> Dealt:
    """The event cards ``action`` deals, read from ``game`` just before it: (turn, from seat,
    to seat, card, how); ``memo`` is not used.

    >>> from devgames.reliz import new_game
    >>> from devgames.reliz.cards import EVENT_ID
    >>> game = new_game(["Ada", "Bob"], seed=1)
    >>> deal(game, Action("play", 0, card=EVENT_ID["claim"], target=1), [])
    [(0, 0, 1, 'Complaint', 'play')]
    >>> deal(game, Action("end", 0), [])
    []
    """
    if action.kind != "play" or action.card not in EVENTS:
        return []
    card = EVENTS[action.card]
    p = action.player
    target = action.target if card.target in AIMED and action.target is not None else p
    return [(game.turn_no, p, target, card.name, "play")]


def _tiles(game: Any, seat: int) -> list[str]:
    return [TILES[c & 31].name for c in game.hands[seat] if c & 31 in TILES]


def moments(game: Any) -> list[Candidate]:
    """The candidate key moments of ``game``: (kind, how telling, moment), kinds "release",
    "aimed" and "crutch".

    >>> from devgames.core.bots import play_out
    >>> from devgames.reliz import BOTS, new_game
    >>> game = new_game(["Ada", "Bob"], seed=2, turn_cap=60)
    >>> _ = play_out(game, {seat: BOTS["heuristic"](seat) for seat in range(2)})
    >>> "release" in {kind for kind, _rank, _moment in moments(game)}
    True
    """
    found: list[Candidate] = []
    names = game.players
    released = False
    for index, action, fresh, before in replayed(game):
        p = action.player
        held = _tiles(fresh, p) if 0 <= p < fresh.n else []
        aimed_at = None
        if action.kind == "play" and action.card in EVENTS and action.target is not None and \
                EVENTS[action.card].target in AIMED and fresh.phase == "daily":
            aimed_at = action.target
        target_held = _tiles(fresh, aimed_at) if aimed_at is not None else []
        fresh.apply(action)
        new = fresh.events[before:]
        if not released and any(e.kind == "release" for e in new):
            released = True
            found.append(("release", 3, Moment(
                index, _("The first RELEASE"), public_text(fresh, action, before),
                _("{who} held {tiles} then.").format(who=names[p], tiles=names_text(held)))))
        if aimed_at is not None and aimed_at != p:
            found.append(("aimed", 2, Moment(
                index, _("A daily event aimed at an opponent"),
                public_text(fresh, action, before),
                _("{who} held {tiles} then.").format(who=names[aimed_at],
                                                     tiles=names_text(target_held)))))
        if action.kind in ("place", "replace") and action.target is not None and \
                fresh.crutch[action.target]:
            a, b = fresh.pips[action.target]
            found.append(("crutch", 2, Moment(
                index, _("A crutch"), public_text(fresh, action, before),
                _("The tile {tile} in {zone} only fits thanks to a Crutch card: one of its "
                  "halves does not match.").format(tile=f"{a}|{b}",
                                                   zone=fresh.zlabel[action.target]))))
    return found


RETRO = GameRetro(deal=deal, moments=moments)
