"""Release!'s part of the debrief's reveal and map (:class:`devgames.retro.parts.GameRetro`),
named by ``SPEC.retro`` and imported only by :mod:`devgames.retro`.

Dealt to (:func:`devgames.retro.dealt_matrix`): the cards committed to an iteration go to the
winner's artifacts, each a row from the player who committed it to the winner (``how`` "won";
the winner's own card is no row); a card passed goes from its player to the neighbour ("pass");
a Kent Beck swap trades two artifacts ("swap"); a card revealed and swapped in goes to the
winner ("reveal"). ``when`` is the release.

Key moments (:func:`devgames.retro.key_moments`): the first lead of each release with what the
leader held under the new Tools & Methods card; a Kent Beck swap and the cards it traded; a card
revealed and what its player kept; a pass and the cards that went round. The moments are told in
the language in use; the cards keep their printed names.
"""

from collections.abc import Sequence
from typing import Any

from devgames.core.actions import Action, given
from devgames.i18n import _
from devgames.retro.dealt import replayed
from devgames.retro.moments import names_text
from devgames.retro.parts import Candidate, Dealt, GameRetro, Moment


def deal(game: Any, action: Action, memo: list[Any]) -> Dealt:
    """No card is dealt by a move itself: the cards change hands when an iteration is won (see
    :func:`handed_over`).

    >>> from devgames.release import new_game
    >>> deal(new_game(["Ada", "Bob"], seed=1), Action("commit", 0, card=1), [])
    []
    """
    return []


def handed_over(game: Any, events: Sequence[Any]) -> Dealt:
    """The cards that changed hands with a move, read from ``game`` just after it and the move's
    ``events``: (release, from seat, to seat, card, how).

    >>> from devgames.core.actions import Event
    >>> from devgames.release import new_game
    >>> game = new_game(["Ada", "Bob"], seed=1)
    >>> handed_over(game, [Event("won", 1, {"card": 2, "iteration": 1,
    ...                                     "committed": [(0, 1), (1, 2)]})])
    [(1, 0, 1, '2 of Doors', 'won')]
    """
    rows: Dealt = []
    when = game.release
    name = {c: card.name for c, card in game.cards.items()}
    for event in events:
        data, p = event.data, event.player
        if event.kind == "won":
            rows += [(when, q, p, name[card], "won") for q, card in data["committed"] if q != p]
        elif event.kind == "passed":
            rows.append((when, data["from"], p, name[data["card"]], "pass"))
        elif event.kind == "swapped":
            rows.append((when, p, data["with"], name[data["given"]], "swap"))
            rows.append((when, data["with"], p, name[data["taken"]], "swap"))
        elif event.kind == "reveal" and p != game.winner:
            rows.append((when, p, game.winner, name[data["card"]], "reveal"))
    return rows


def moments(game: Any) -> list[Candidate]:
    """The candidate key moments of ``game``: (kind, how telling, moment), kinds "lead",
    "swap", "reveal" and "pass".

    >>> from devgames.core.bots import play_out
    >>> from devgames.release import BOTS, new_game
    >>> game = new_game(["Ada", "Bob", "Cy"], seed=4, releases=2)
    >>> _ = play_out(game, {seat: BOTS["heuristic"](seat) for seat in range(3)})
    >>> {kind for kind, _, _ in moments(game)} >= {"lead"}
    True
    """
    found: list[Candidate] = []
    names = game.players
    for index, action, fresh, before in replayed(game):
        p = action.player
        if action.kind == "commit" and fresh.iteration == 1 and not fresh.trick:
            method = fresh.methods[fresh.method]
            held = [fresh.cards[c].label for c in sorted(fresh.hands[p])]
            found.append(("lead", 1.0, Moment(
                index, _("Release {release}: {method}").format(release=fresh.release,
                                                               method=method.name),
                _("{player} leads the release's first iteration under {method} "
                  "({rule}).").format(player=names[p], method=method.name, rule=method.sentence),
                _("{player} held {cards}.").format(player=names[p], cards=names_text(held)))))
        if action.kind == "reveal":
            kept = [fresh.cards[c].label for c in fresh.hands[p] if c != action.card]
            taken = fresh.cards[fresh.trick[given(action.count)][1]].label
            found.append(("reveal", 2.0, Moment(
                index, _("A card revealed and swapped in"),
                _("{player} reveals {card} and takes {taken}.").format(
                    player=names[p], card=fresh.cards[given(action.card)].label, taken=taken),
                _("{player} kept {cards} in hand.").format(
                    player=names[p], cards=names_text(kept)))))
        fresh.apply(action)
        for event in fresh.events[before:]:
            if event.kind == "swapped":
                data = event.data
                found.append(("swap", 2.5, Moment(
                    index, _("Kent Beck's swap"),
                    _("{player} swaps a card of their artifacts with {other}'s, face "
                      "down.").format(player=names[p], other=names[data["with"]]),
                    _("{player} gave {given} and got {taken}.").format(
                        player=names[p], given=fresh.cards[data["given"]].label,
                        taken=fresh.cards[data["taken"]].label))))
        passed = [e for e in fresh.events[before:] if e.kind == "passed"]
        if passed:
            went = [_("{player} passed {card} to {other}").format(
                player=names[e.data["from"]], card=fresh.cards[e.data["card"]].label,
                other=names[e.player]) for e in passed]
            found.append(("pass", 1.5, Moment(
                index, _("Cards passed round the table"), _("Every player passes a card."),
                "; ".join(went) + ".")))
    return found


RETRO = GameRetro(deal=deal, moments=moments, handed_over=handed_over)
