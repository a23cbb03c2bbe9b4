"""Scrumkin's part of the debrief's reveal and map (:class:`devgames.retro.parts.GameRetro`),
named by ``SPEC.retro`` and imported only by :mod:`devgames.retro`.

Dealt to (:func:`devgames.retro.dealt_matrix`): a card played into a team's game (``to_team``
the team whose game it entered, ``how`` "play"; into its own game it is self-inflicted), and a
defensive card played to counter a card being laid down (``how`` "counter", dealt to the team
whose game the card was for). Action cards are not dealt by anybody: the leader draws them by
rule. ``when`` is the sprint.

Key moments (:func:`devgames.retro.key_moments`): a shield held back (a team let a harmful card
into its own game while it held a defensive card that could have countered it); a card dropped
face down (a good card given up, or a bad one kept out of every game); the biggest velocity
swing, with the cards the team still held then; and, as a last resort, every team's hand at the
end. The moments are told in the language in use; the cards keep their printed names.
"""

from typing import Any

from devgames.core.actions import Action, given
from devgames.i18n import _
from devgames.retro.dealt import KIND_WORDS, card_kind, replayed
from devgames.retro.moments import names_text
from devgames.retro.parts import Candidate, Dealt, GameRetro, Moment
from devgames.scrumkin.cards import CARDS


def deal(game: Any, action: Action, memo: list[Any]) -> Dealt:
    """The cards ``action`` deals, read from ``game`` just before it: (sprint, from seat,
    to seat, card, how); ``memo`` is not used.

    >>> from devgames.scrumkin import new_game
    >>> game = new_game(["Red", "Blue", "Green"], seed=7)
    >>> game.play("Red", "Scope creep", target="Blue")
    >>> deal(game.session().replay(0), game.log[0], [])
    [(1, 0, 1, 'Scope creep', 'play')]
    """
    if action.kind == "play":
        target, card = given(action.target), CARDS[given(action.card)]
        return [(game.sprint, action.player, target, card.name, "play")]
    if action.kind == "counter":
        stopped = game.chain[-1][1]  # who laid the card (or the counter) this one stops
        return [(game.sprint, action.player, stopped, CARDS[given(action.card)].name, "counter")]
    return []


def moments(game: Any) -> list[Candidate]:
    """The candidate key moments of ``game``: (kind, how telling, moment), kinds "shield",
    "drop" and "swing".

    >>> from devgames.core.bots import play_out
    >>> from devgames.scrumkin import BOTS, new_game
    >>> game = new_game(["Red", "Blue", "Green"], seed=7)
    >>> _ = play_out(game, {seat: BOTS["heuristic"](seat) for seat in range(3)})
    >>> sorted({kind for kind, _, _ in moments(game)})
    ['drop', 'shield', 'swing']
    """
    found: list[Candidate] = []
    names = game.players
    sprint_end: dict[int, int] = {}  # sprint -> the move that ended it
    hands_at_end: dict[int, list[list[int]]] = {}
    for index, action, fresh, before in replayed(game):
        if action.kind == "pass" and len(fresh.chain) == 1 and action.player == fresh.laid_target:
            card, layer = fresh.chain[0]
            shields = [CARDS[c].name for c in fresh.hands[action.player] if CARDS[c].defensive]
            value = CARDS[card].values[0] or 0
            if shields and value < 0 and layer != action.player:
                who = names[action.player]
                found.append(("shield", -value, Moment(
                    index, _("A shield held back"),
                    _("{player} lays {card} into {team}'s game; {team} lets it through.").format(
                        player=names[layer], card=CARDS[card].name, team=who),
                    _("{team} held {cards}, which could have countered it.").format(
                        team=who, cards=names_text(shields)))))
        if action.kind == "drop":
            info = CARDS[given(action.card)]
            kind = card_kind(game.name, info.name)
            found.append(("drop", 2 if kind in ("help", "investment") else 1, Moment(
                index, _("A card dropped face down"),
                _("{team} drops a card face down.").format(team=names[action.player]),
                _("{team} dropped {card} ({label}, {kind}) face down, out of every "
                  "game.").format(team=names[action.player], card=info.name, label=info.label(),
                                  kind=_(KIND_WORDS.get(kind or "a card", kind))))))
        sprint = fresh.sprint
        hands = [list(hand) for hand in fresh.hands]
        fresh.apply(action)
        if any(event.kind == "velocity" for event in fresh.events[before:]):
            sprint_end[sprint] = index
            hands_at_end[sprint] = hands
    found += _velocity_swing(game, sprint_end, hands_at_end)
    return found


def _velocity_swing(game: Any, sprint_end: dict[int, int],
                    hands: dict[int, list[list[int]]]) -> list[Candidate]:
    """The biggest change of a team's velocity from one sprint to the next."""
    last: dict[str, int] = {}
    best: tuple[int, int, dict[str, Any]] | None = None
    for row in game.rounds:
        before = last.get(row["team"])
        last[row["team"]] = row["velocity"]
        if before is not None and (best is None or abs(row["velocity"] - before) > best[0]):
            best = (abs(row["velocity"] - before), before, row)
    if best is None or not best[0] or best[2]["sprint"] not in sprint_end:
        return []
    swing, before, row = best
    seat = game.players.index(row["team"])
    held = [f"{CARDS[c].name} ({CARDS[c].label()})" for c in hands[row["sprint"]][seat]]
    swung = (_("Sprint {sprint}: {team}'s velocity rose from {before} to {after}.")
             if row["velocity"] > before
             else _("Sprint {sprint}: {team}'s velocity fell from {before} to {after}."))
    return [("swing", swing, Moment(
        sprint_end[row["sprint"]], _("The biggest velocity swing"),
        swung.format(sprint=row["sprint"], team=row["team"], before=before,
                     after=row["velocity"]),
        _("{team} still held {cards} when the sprint ended.").format(
            team=row["team"], cards=names_text(held))))]


RETRO = GameRetro(deal=deal, moments=moments)
