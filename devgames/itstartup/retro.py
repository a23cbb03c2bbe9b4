"""IT Startup's part of the debrief's reveal and map (:class:`devgames.retro.parts.GameRetro`),
named by ``SPEC.retro`` and imported only by :mod:`devgames.retro`.

Dealt to (:func:`devgames.retro.dealt_matrix`): a card played with a target employee is dealt to
that employee's controller (knowledge or Code Monkey on one's own people is self-inflicted;
Downer Dave, Rockstar Recruiter, Outsourcing and Head Hunter on another player's people are not);
Monster Bug is dealt to every opponent and Technical debt to every player (``how`` "area"); an
Undercover HR Agent activated on another player's employee is dealt to that player (``how``
"activate"); any other card played goes into the player's own game. ``when`` is the round.

Key moments (:func:`devgames.retro.key_moments`): a card planned face down and when it came out;
a card sold; the biggest single turn, with what the other players held that could have stopped
it; the first burnout, with the owner's hand then; the cards looked at and put back under the
deck; and, as a last resort, every player's hand at the end. The moments are told in the
language in use; the cards keep their printed names.
"""

from typing import Any

from devgames.core.actions import Action, given
from devgames.i18n import _, ngettext
from devgames.itstartup.cards import CARDS
from devgames.retro.dealt import replayed
from devgames.retro.moments import names_text, public_text
from devgames.retro.parts import Candidate, Dealt, GameRetro, Moment


def deal(game: Any, action: Action, memo: list[Any]) -> Dealt:
    """The cards ``action`` deals, read from ``game`` just before it: (round, from seat,
    to seat, card, how); ``memo`` is not used.

    >>> from devgames.itstartup import new_game
    >>> game = new_game(["Ada", "Bob", "Cy"], seed=1)
    >>> deal(game, Action("play", 0, card=next(
    ...     c for c in CARDS if CARDS[c].key == "monster_bug")), [])
    [(1, 0, 1, 'Monster Bug', 'area'), (1, 0, 2, 'Monster Bug', 'area')]
    """
    p, when = action.player, game.round
    if action.kind == "activate" and action.target is not None:
        name = CARDS[given(action.card)].name
        return [(when, p, game.controller(action.target), name, "activate")]
    if action.kind != "play":
        return []
    card = CARDS[given(action.card)]
    if card.key == "monster_bug":
        return [(when, p, q, card.name, "area") for q in range(game.n) if q != p]
    if card.key == "technical_debt":
        return [(when, p, q, card.name, "area") for q in range(game.n)]
    target = p if action.target is None else game.controller(action.target)
    return [(when, p, target, card.name, "play")]


def moments(game: Any) -> list[Candidate]:
    """The candidate key moments of ``game``: (kind, how telling, moment), kinds "plan",
    "sell", "look", "burnout" and "turn".

    >>> from devgames.core.bots import play_out
    >>> from devgames.itstartup import BOTS, new_game
    >>> game = new_game(["Ada", "Bob", "Cy"], seed=11, goal=32)
    >>> _ = play_out(game, {seat: BOTS["heuristic"](seat) for seat in range(3)})
    >>> {kind for kind, _, _ in moments(game)} >= {"burnout", "turn"}
    True
    """
    found: list[Candidate] = []
    names = game.players
    planned: dict[int, tuple[int, int]] = {}  # seat -> (move, card)
    best_turn = max(game.rounds, key=lambda r: r["points_gained"], default=None)
    burnt = False
    for index, action, fresh, before in replayed(game):
        p = action.player
        if action.kind == "plan":
            planned[p] = (index, given(action.card))
        elif action.kind == "play" and p in planned and planned[p][1] == action.card:
            move, card = planned.pop(p)
            found.append(("plan", 2, Moment(
                move, _("Planned face down"),
                _("{player} plans a card face down.").format(player=names[p]),
                _("{player} planned {card} and played it at move {move}.").format(
                    player=names[p], card=CARDS[card].name, move=index + 1))))
        elif action.kind == "sell":
            found.append(("sell", 1, Moment(
                index, _("A card sold"), _("{player} sells a card.").format(player=names[p]),
                _("{player} sold {card} for 1 resource.").format(
                    player=names[p], card=CARDS[given(action.card)].name))))
        elif action.kind == "keep":
            chosen = given(action.cards)
            back = [CARDS[c].name for c in fresh.looking if c not in chosen]
            found.append(("look", 1, Moment(
                index, _("Looked at and put back"),
                _("{player} keeps some of the cards looked at.").format(player=names[p]),
                _("{player} kept {cards} and put {back} under the deck.").format(
                    player=names[p], cards=names_text([CARDS[c].name for c in chosen]),
                    back=names_text(back)))))
        hands = {q: [CARDS[c].name for c in fresh.hands[q]] for q in range(fresh.n)}
        turn = (fresh.game_no, fresh.round, fresh.current_player)
        fresh.apply(action)
        new = fresh.events[before:]
        if not burnt and any(e.kind == "burnt_out" for e in new):
            burnt = True
            event = next(e for e in new if e.kind == "burnt_out")
            owner = event.player
            found.append(("burnout", 2, Moment(
                index, _("The first burnout"), public_text(fresh, action, before),
                _("{player} held {cards} then.").format(player=names[owner],
                                                        cards=names_text(hands[owner])))))
        if best_turn and action.kind == "end_turn" and best_turn["points_gained"] and (
                turn[0], turn[1], names[turn[2]]) == (best_turn["tournament_game"],
                                                      best_turn["round"], best_turn["player"]):
            others = [_("{player}: {cards}").format(player=names[q], cards=names_text(h))
                      for q, h in hands.items() if q != p]
            gained = best_turn["points_gained"]
            found.append(("turn", 3, Moment(
                index, _("The biggest turn"),
                ngettext("{player} gains {n} points in round {round}.",
                         "{player} gains {n} points in round {round}.", gained).format(
                    player=names[p], n=gained, round=best_turn["round"]),
                _("In the others' hands then: {hands}.").format(hands="; ".join(others)))))
            best_turn = None
    for p, (move, card) in planned.items():
        found.append(("plan", 1.5, Moment(
            move, _("Planned face down"),
            _("{player} plans a card face down.").format(player=names[p]),
            _("{player} planned {card} and never played it.").format(
                player=names[p], card=CARDS[card].name))))
    return found


RETRO = GameRetro(deal=deal, moments=moments)
