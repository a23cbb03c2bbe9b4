"""What each team sees of a Scrumkin game: the view of the table (public, plus a team's own hand),
the sentence the table waits for, a sentence for each action and for each public event.

Plain functions of the game; the game's ``view``, ``waiting_for``, ``describe`` and ``narrate``
call them. Scrumkin keeps no secret besides the hands, so a team's ``secrets`` are none.

>>> from devgames import scrumkin
>>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
>>> waiting_for(game)
'Red makes move 1 of 2.'
>>> seen = view(game, "Blue")
>>> seen["you"], [card["card"] for card in seen["hand"]], seen["teams"][0]["hand_size"]
('Blue', ['Feature flags', 'Git-Introduction', 'Threat Talk'], 3)
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypedDict

from devgames.core.actions import CHANCE, Action, Event
from devgames.core.wording import label
from devgames.i18n import _, ngettext
from devgames.scrumkin.cards import CARDS
from devgames.scrumkin.rules import (
    ACTION_CARD,
    COUNTER,
    DEAL,
    DEFENSIVE,
    MOVES_PER_SPRINT,
    MOVING,
    NAME,
    OVER,
)

if TYPE_CHECKING:
    from devgames.scrumkin.game import ScrumkinGame


class CardInPlay(TypedDict):
    """A card on the table in front of a team, with its current value and age in sprints."""

    card: str
    id: int
    value: int
    age: int


class TeamView(TypedDict):
    """A team as the whole room sees it."""

    name: str
    backlog: int
    bugs: int
    taken_over: int
    velocity: int
    hand_size: int
    in_play: list[CardInPlay]


class BeingLaid(TypedDict):
    """The card being laid down while the teams may counter it, with the counters so far."""

    card: str
    by: str
    into: str
    counters: list[str]


class CardInHand(TypedDict):
    """A card in the team's own hand."""

    id: int
    card: str
    figures: str
    defensive: bool


class PublicView(TypedDict):
    """The table as the projector shows it (``view(None)``)."""

    game: str
    rulebook: str
    sprint: int
    leader: str
    phase: str
    waiting_for: str
    current_player: str | None
    action_card: str | None
    boost: int
    deck_size: int
    teams: list[TeamView]
    being_laid: BeingLaid | None
    is_over: bool
    winners: list[str]
    result: str
    aside: list[str]


class ScrumkinView(PublicView, total=False):
    """The table as a team sees it: the public view, plus its name and hand."""

    you: str
    hand: list[CardInHand]


# ----- what the table waits for ---------------------------------------------------------------
def _over(game: "ScrumkinGame") -> str:
    return _("The game is over.")


def _sprint_card(game: "ScrumkinGame") -> str:
    return _("Enter the sprint card {team} drew.").format(team=game.players[game.to_deal[0]])


def _action_card(game: "ScrumkinGame") -> str:
    leader = game.players[game.leader]
    return _("Enter the action card {team} drew for sprint {sprint}.").format(
        team=leader, sprint=game.sprint)


def _counter(game: "ScrumkinGame") -> str:
    return _("{team} may counter {card}.").format(team=game.players[game.asked[0]],
                                                  card=NAME[game.chain[-1][0]])


def _move(game: "ScrumkinGame") -> str:
    done = game.moves.bit_count()
    return _("{team} makes move {n} of {moves}.").format(team=game.players[game.mover],
                                                         n=done + 1, moves=MOVES_PER_SPRINT)


#: The sentence for the projector's big line, by phase.
WAITING: dict[str, Callable[["ScrumkinGame"], str]] = {
    OVER: _over, DEAL: _sprint_card, ACTION_CARD: _action_card, COUNTER: _counter, MOVING: _move,
}


def waiting_for(game: "ScrumkinGame") -> str:
    """What the table waits for: a sentence for the projector."""
    return WAITING[game.phase](game)


# ----- the view -------------------------------------------------------------------------------
def view(game: "ScrumkinGame", player: int | str | None) -> ScrumkinView:
    """The table as ``player`` sees it: everything public, plus that player's own hand."""
    in_play = game.values_in_play()
    current = game.current_player
    players = game.players
    teams: list[TeamView] = []
    for p, name in enumerate(players):
        teams.append({
            "name": name,
            "backlog": game.backlog[p],
            "bugs": game.bugs[p],
            "taken_over": game.taken_over[p],
            "velocity": game.velocity[p],
            "hand_size": len(game.hands[p]),
            "in_play": [
                {"card": NAME[c], "id": c, "value": v, "age": age}
                for (c, v), age in zip(in_play[p], game.ages[p], strict=True)
            ],
        })
    chain = game.chain
    out: ScrumkinView = {
        "game": game.name,
        "rulebook": game.options.rulebook,
        "sprint": game.sprint,
        "leader": players[game.leader],
        "phase": game.phase,
        "waiting_for": waiting_for(game),
        "current_player": players[current] if current is not None and current >= 0
        else ("deck" if current == CHANCE else None),
        "action_card": NAME[game.action_card] if game.action_card else None,
        "boost": game.boost,
        "deck_size": len(game.deck),
        "teams": teams,
        "being_laid": {
            "card": NAME[chain[0][0]],
            "by": players[chain[0][1]],
            "into": players[game.laid_target],
            "counters": [NAME[c] for c, _ in chain[1:]],
        } if chain else None,
        "is_over": game.is_over,
        "winners": game.winners,
        "result": game.result,
        # Kept for notebooks and tests, left off the projector: the set-up, the phase the
        # big line says, and the items taken over (the collaborative game's only).
        "aside": ["rulebook", "phase", "boost",
                  *(["taken_over"] if game.options.rulebook != "collaborative" else [])],
    }
    if player is not None:
        p = game.seat(player)
        out["you"] = players[p]
        out["hand"] = [
            {"id": c, "card": NAME[c], "figures": CARDS[c].label(), "defensive": c in DEFENSIVE}
            for c in game.hands[p]
        ]
    return out


# ----- a sentence for each action -------------------------------------------------------------
def _team(game: "ScrumkinGame", seat: int | None) -> str:
    """A team's name in a sentence (``?`` for a move that names none)."""
    return game.players[seat] if seat is not None else "?"


def _plays(game: "ScrumkinGame", action: Action, who: str, named: str) -> str:
    if action.target == action.player:
        return _("{team} plays {card} into its own game").format(team=who, card=named)
    return _("{team} plays {card} into {target}'s game").format(
        team=who, card=named, target=_team(game, action.target))


def _drops(game: "ScrumkinGame", action: Action, who: str, named: str) -> str:
    if game.options.drop_against_bugs:
        return _("{team} drops {card} (fixing a bug)").format(team=who, card=named)
    return _("{team} drops {card}").format(team=who, card=named)


def _counters(game: "ScrumkinGame", action: Action, who: str, named: str) -> str:
    return _("{team} counters with {card}").format(team=who, card=named)


def _passes(game: "ScrumkinGame", action: Action, who: str, named: str) -> str:
    return _("{team} lets it through").format(team=who)


def _takes_over(game: "ScrumkinGame", action: Action, who: str, named: str) -> str:
    return ngettext("{team} takes over {n} item from {target}",
                    "{team} takes over {n} items from {target}", action.count or 0).format(
        team=who, n=action.count, target=_team(game, action.target))


def _drawn(game: "ScrumkinGame", action: Action, who: str, named: str) -> str:
    return _("The card drawn is {card}").format(card=named)


#: A sentence for an action by kind, given the team acting and the card named with its figures.
DESCRIBE: dict[str, Callable[["ScrumkinGame", Action, str, str], str]] = {
    "play": _plays, "drop": _drops, "counter": _counters, "pass": _passes,
    "take_over": _takes_over, "deal": _drawn,
}


def describe(game: "ScrumkinGame", action: Action) -> str:
    """A sentence for an action, naming its card (for the acting player or the facilitator).

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
    >>> describe(game, Action("play", 0, card=27, target=1))
    "Red plays Fairy dust (+3 +2 +1 -2 for ever) into Blue's game"
    """
    players = game.players
    who = players[action.player] if 0 <= action.player < len(players) else "Deck"
    card = CARDS.get(action.card) if action.card is not None else None
    named = f"{card.name} ({card.label()})" if card else ""
    return DESCRIBE.get(action.kind, _drawn)(game, action, who, named)


# ----- a public sentence for each event -------------------------------------------------------
def _action_card_drawn(game: "ScrumkinGame", who: str, data: dict[str, Any]) -> str:
    card = CARDS[data["card"]]
    effect = ngettext("{n} bug for {team}", "{n} bugs for {team}", data["bugs"]).format(
        n=data["bugs"], team=who) if card.bugs else _("{boost} velocity for everyone").format(
        boost=f"{data['boost']:+d}")
    return _("Sprint {sprint}: {team} leads and draws {card}: {effect}.").format(
        sprint=game.sprint, team=who, card=card.name, effect=effect)


def _laid(game: "ScrumkinGame", who: str, data: dict[str, Any]) -> str:
    return _("{team} lays {card} into {target}'s game.").format(
        team=who, card=NAME[data["card"]], target=game.players[data["target"]])


def _countered_with(game: "ScrumkinGame", who: str, data: dict[str, Any]) -> str:
    return _("{team} counters {card} with {counter}!").format(
        team=who, card=NAME[data["against"]], counter=NAME[data["card"]])


def _countered(game: "ScrumkinGame", who: str, data: dict[str, Any]) -> str:
    return _("{card} is countered; both cards go under the deck.").format(
        card=NAME[data["card"]])


def _taken_over(game: "ScrumkinGame", who: str, data: dict[str, Any]) -> str:
    return ngettext("{team} takes over {n} item from {giver}.",
                    "{team} takes over {n} items from {giver}.", data["count"]).format(
        team=who, n=data["count"], giver=game.players[data["from"]])


def _velocities(game: "ScrumkinGame", who: str, data: dict[str, Any]) -> str:
    return " ".join(
        _("{team}: velocity {velocity}, {done} done.").format(
            team=game.players[p], velocity=f"{v:+d}", done=done)
        for p, (v, done) in enumerate(zip(data["velocities"], data["completed"], strict=True))
    )


def _leaves_play(game: "ScrumkinGame", who: str, data: dict[str, Any]) -> str:
    return _("{card} leaves {team}'s game.").format(card=NAME[data["card"]], team=who)


def _game_over(game: "ScrumkinGame", who: str, data: dict[str, Any]) -> str:
    names = ", ".join(game.players[p] for p in data["winners"]) or _("nobody")
    return _("Game over ({reason}): {names} won.").format(reason=label(data["reason"]),
                                                         names=names)


#: A public sentence for each kind of public event, given the team it is about and its data.
NARRATE: dict[str, Callable[["ScrumkinGame", str, dict[str, Any]], str]] = {
    "action_card": _action_card_drawn, "play": _laid, "counter": _countered_with,
    "countered": _countered, "take_over": _taken_over, "velocity": _velocities,
    "leaves_play": _leaves_play, "game_over": _game_over,
}


def narrate(game: "ScrumkinGame", event: Event) -> str | None:
    """A public sentence for an event (None for what the table does not see)."""
    who = game.players[event.player] if event.player is not None else ""
    if event.private:
        return _("{team} drops a card face down.").format(team=who) \
            if event.kind == "drop" else None
    sentence = NARRATE.get(event.kind)
    return sentence(game, who, event.data) if sentence else None
