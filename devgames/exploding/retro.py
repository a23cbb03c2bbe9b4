"""Exploding Git Commits' part of the debrief's reveal and map
(:class:`devgames.retro.parts.GameRetro`), named by ``SPEC.retro`` and imported only by
:mod:`devgames.retro`.

Dealt to (:func:`devgames.retro.dealt_matrix`): a card played on a player (Ask for Help, a pair,
three of a kind) is dealt to that player; a Bail to the next player, who takes the turns; a Nope
to whoever played the card it stops; any other card (Skip, Shuffle, Peek, Mitigate, five
different) to oneself. Cards that change hands are rows too, dealt to the player who gets the
card: ``how`` "give" (given after an Ask for Help), "steal" (taken at random with a pair) or
"named" (three of a kind). ``when`` is the turn.

Key moments (:func:`devgames.retro.key_moments`): where a Mitigate hid the Exploding Git Commit,
and who drew it later; a draw that exploded, with the room's odds against the truth (the card
was on top), what the player held that could have avoided the draw and who knew; a Peek's cards;
a Nope held back while a card was played on its holder; the card given after an Ask for Help and
what the giver kept; and, as a last resort, every hand and the top of the stack at the end. The
moments are told in the language in use; the cards keep their printed names.
"""

from collections.abc import Sequence
from typing import Any

from devgames.core.actions import Action, given
from devgames.core.wording import percent
from devgames.exploding.cards import BAIL, CARDS, EXPLODING, MITIGATE, NOPE, SHUFFLE, SKIP
from devgames.exploding.rules import position_words
from devgames.i18n import _
from devgames.retro.dealt import replayed
from devgames.retro.moments import names_text
from devgames.retro.parts import Candidate, Dealt, GameRetro, Moment


def deal(game: Any, action: Action, last_played: list[int]) -> Dealt:
    """The cards ``action`` deals, read from ``game`` just before it: (turn, from seat, to seat,
    card, how); ``last_played`` (kept over the replay) holds who played the card a Nope would
    stop, then who played each Nope on it.

    >>> from devgames.exploding import new_game
    >>> game = new_game(["Ada", "Bob", "Cy"], seed=7)
    >>> memo = []
    >>> deal(game, Action("mitigate", 0), memo), deal(game, Action("nope", 1), [2])
    ([(1, 0, 0, 'Mitigate', 'play')], [(1, 1, 2, 'Nope', 'nope')])
    """
    p, when, kind = action.player, game.turn_no, action.kind
    if kind == "nope":
        stopped = last_played[-1] if last_played else p
        last_played.append(p)
        return [(when, p, stopped, CARDS[NOPE].name, "nope")]
    if kind == "mitigate":
        return [(when, p, p, "Mitigate", "play")]
    if kind not in ("play", "combo"):
        return []
    last_played[:] = [p]
    if kind == "combo":
        cards = action.cards or ()
        target = p if action.target is None else action.target
        return [(when, p, target, CARDS[card].name, "play") for card in cards]
    target = p if action.target is None else action.target
    if action.card == BAIL:
        target = next(q for q in game.others[p] if game.alive[q])
    return [(when, p, target, CARDS[given(action.card)].name, "play")]


def handed_over(game: Any, events: Sequence[Any]) -> Dealt:
    """The cards that changed hands with a move (given, stolen, named), read from ``game`` just
    after it and the move's ``events``: (turn, from seat, to seat, card, how).

    >>> from devgames.core.actions import Event
    >>> from devgames.exploding import new_game
    >>> game = new_game(["Ada", "Bob", "Cy"], seed=7)
    >>> handed_over(game, [Event("steal", 0, {"from": 2, "card": NOPE})])
    [(1, 2, 0, 'Nope', 'steal')]
    """
    rows = []
    for event in events:
        if event.kind in ("give", "steal", "named"):
            giver, taker = event.data["from"], event.player
            rows.append((game.turn_no, giver, taker, CARDS[event.data["card"]].name, event.kind))
    return rows


def moments(game: Any) -> list[Candidate]:
    """The candidate key moments of ``game``: (kind, how telling, moment), kinds "draw",
    "nope", "give", "peek" and "mitigate".

    >>> from devgames.core.bots import play_out
    >>> from devgames.exploding import BOTS, new_game
    >>> game = new_game(["Ada", "Bob", "Cy"], seed=4)
    >>> _ = play_out(game, {seat: BOTS["heuristic"](seat) for seat in range(3)})
    >>> {kind for kind, _, _ in moments(game)} >= {"draw", "mitigate"}
    True
    """
    found: list[Candidate] = []
    names = game.players
    hidden_at: list[tuple[int, int, str]] = []  # Mitigates: (move, seat, where in words)
    tracked: list[list[Any]] = []  # their Exploding Git Commits: [move, place, fate]
    for index, action, fresh, before in replayed(game):
        p = action.player
        if action.kind == "draw":
            odds = fresh.chance_next_explodes()
            top = fresh.deck[0] if fresh.deck else None
            if top == EXPLODING:
                hand = [CARDS[c].name for c in fresh.hands[p]]
                ways = [CARDS[c].name for c in fresh.hands[p] if c in (SKIP, BAIL, SHUFFLE)]
                knew = [names[q] for q in range(fresh.n)
                        if q != p and fresh.known[q][:1] == [EXPLODING]]
                hidden = (_("The top card was an Exploding Git Commit. {player} held {cards}; "
                            "{ways} could have avoided the draw.") if ways
                          else _("The top card was an Exploding Git Commit. {player} held "
                                 "{cards}.")).format(player=names[p], cards=names_text(hand),
                                                     ways=names_text(ways))
                if knew:
                    hidden += " " + _("{players} knew it was there.").format(
                        players=names_text(knew))
                doomed = MITIGATE not in fresh.hands[p]
                found.append(("draw", 2 + doomed + (1 - odds), Moment(
                    index, _("The Exploding Git Commit on top"),
                    _("{player} draws a card, at {odds} odds for the room.").format(
                        player=names[p], odds=percent(odds)), hidden)))
        if action.kind == "pass" and fresh.pending is not None and \
                fresh.pending.target == p and NOPE in fresh.hands[p] and fresh.nopes % 2 == 0:
            found.append(("nope", 1, Moment(
                index, _("A Nope held back"),
                _("{player} lets {card} happen.").format(player=names[p],
                                                         card=fresh._pending_words()),
                _("{player} held a Nope and did not use it.").format(player=names[p]))))
        if action.kind == "give" and fresh.phase == "give":
            given_card = given(action.card)
            card = CARDS[given_card].name
            kept = list(fresh.hands[p])
            kept.remove(given_card)
            found.append(("give", 1, Moment(
                index, _("What Ask for Help got"),
                _("{player} gives {other} a card.").format(player=names[p],
                                                          other=names[fresh.turn_player]),
                _("{player} gave {card} and kept {cards}.").format(
                    player=names[p], card=card, cards=names_text([CARDS[c].name for c in kept])))))
        size = len(fresh.deck)
        fresh.apply(action)
        new = fresh.events[before:]
        _follow(tracked, new, fresh)
        if action.kind == "mitigate":
            place = given(action.count)
            words = _("{where} of a stack of {size}").format(where=position_words(place, size),
                                                              size=size + 1)
            hidden_at.append((index, p, words))
            tracked.append([index, place, None])
        for event in new:
            if event.kind == "peek" and event.data["cards"]:
                seen = [CARDS[c].name if c is not None else _("an unknown card")
                        for c in event.data["cards"]]
                found.append(("peek", 1.5, Moment(
                    index, _("What the Peek showed"),
                    _("{player} looks at the top of the stack.").format(player=names[p]),
                    _("{player} saw {cards}, top first.").format(player=names[p],
                                                                 cards=names_text(seen)))))
    for index, p, words in hidden_at:
        fate = next((t[2] for t in tracked if t[0] == index), None)
        found.append(("mitigate", 3 if fate else 2, Moment(
            index, _("Where the Mitigate hid it"),
            _("{player} plays a Mitigate and hides the Exploding Git Commit back in the "
              "stack.").format(player=names[p]),
            _("{player} put it {where}.").format(player=names[p], where=words) + " "
            + (fate or _("Nobody drew it again.")))))
    return found


def _follow(tracked: list[list[Any]], events: Sequence[Any], game: Any) -> None:
    """Follow each hidden Exploding Git Commit down the stack with the events of a move:
    [move, place, fate], fate the sentence of who drew it (or of the Shuffle that lost it)."""
    for event in events:
        for entry in tracked:
            _move, place, fate = entry
            if place is None or fate is not None:
                continue
            if event.kind in ("draw", "exploding"):
                if place == 0:
                    name = game.players[event.player]
                    entry[2] = _("{player} drew it in turn {turn}.").format(player=name,
                                                                          turn=game.turn_no)
                else:
                    entry[1] = place - 1
            elif event.kind == "shuffle":
                entry[2] = _("Then a Shuffle hid it from its owner too.")
            elif event.kind == "reinsert" and event.data["position"] <= place:
                entry[1] = place + 1


def end_note(game: Any) -> str:
    """The top of the draw stack (up to three cards), for the moment of every hand at the end.

    >>> from devgames.exploding import new_game
    >>> end_note(new_game(["Ada", "Bob"], seed=1)).startswith("The top of the draw stack: ")
    True
    """
    top = [CARDS[c].name for c in game.deck[:3] if c is not None]
    return _("The top of the draw stack: {cards}.").format(cards=names_text(top)) if top else ""


RETRO = GameRetro(deal=deal, moments=moments, handed_over=handed_over, end_note=end_note)
