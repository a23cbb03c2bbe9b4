"""How a turn of Exploding Git Commits goes and ends.

A turn ends by drawing the top card of the draw stack (or with a Skip, a Bail, a Mitigate).
Drawing an Exploding Git Commit puts the player out unless they play a Mitigate and hide the card
back in the stack; turns owed after a Bail are taken one after the other; the metrics row of
each turn is recorded as it ends. Functions of the game, called by its moves.
"""

from typing import TYPE_CHECKING

from devgames.core.actions import Action, Event
from devgames.exploding.cards import EXPLODING, MITIGATE
from devgames.exploding.rules import BAIL_TURNS, DEAL, DEFUSE, OVER, PLAY

if TYPE_CHECKING:
    from devgames.exploding.game import ExplodingGame


def draw(game: "ExplodingGame", action: Action) -> None:
    """End the turn by drawing the top card (physical deck: the card drawn is entered)."""
    p = action.player
    if game.physical:  # every card drawn is entered, even one the engine knows
        game.chance = ("draw", p, 0)
        game.phase = DEAL
        return
    game.chance_steps += 1
    card = game.deck.pop(0)
    assert card is not None  # a digital deck knows every card
    drawn(game, p, card)


def drawn(game: "ExplodingGame", p: int, card: int) -> None:
    """``p`` drew ``card``: it goes to their hand and the turn ends, unless it explodes."""
    for known in game.known:
        if known:
            del known[0]
    if card != EXPLODING:
        game.hands[p].append(card)
        game.events.append(Event("draw", p, {"card": card}, private=True))
        game.phase = PLAY
        end_turn(game, "draw")
        return
    game.exploding_in_deck -= 1
    game.events.append(Event("exploding", p, {}))
    if MITIGATE in game.hands[p]:
        game.phase = DEFUSE
    else:
        explode(game, p)


def mitigate(game: "ExplodingGame", action: Action) -> None:
    """A Mitigate: the Exploding Git Commit goes back ``action.count`` cards from the top."""
    p = action.player
    position = action.count or 0  # checked: a mitigate gives its place
    game.hands[p].remove(MITIGATE)
    game.discard.append(MITIGATE)
    game.played[p] += 1
    game.deck.insert(position, EXPLODING)
    game.exploding_in_deck += 1
    known = game.known
    for q in range(game.n):
        if q != p:
            known[q] = []  # they do not know where it went: what they saw is unreliable
    mine = known[p]
    if position > len(mine):
        mine += [None] * (position - len(mine))
    mine.insert(position, EXPLODING)
    game.events.append(Event("mitigate", p, {}))
    game.events.append(Event("reinsert", p, {"position": position,
                                             "deck_size": len(game.deck)}, private=True))
    game.phase = PLAY
    end_turn(game, "mitigate")


def explode(game: "ExplodingGame", p: int) -> None:
    """``p`` explodes: their hand goes face up and they are out; the last one standing wins."""
    hand = sorted(game.hands[p])  # face up in card order: the order they came in is secret
    game.discard += hand
    game.discard.append(EXPLODING)
    game.events.append(Event("explode", p, {"cards": list(hand),
                                            "order": len(game.eliminated) + 1}))
    game.hands[p] = []
    game.known[p] = []
    game.alive[p] = False
    game.alive_count -= 1
    game.eliminated.append(p)
    game.out_turn[p] = game.turn_no
    record(game, "explode")
    turns = game.turns_left if game.owed_passed_on else 1
    if game.alive_count == 1:
        winner = game.alive.index(True)
        game._winners = [winner]
        game.result = "last_standing"
        game.phase = OVER
        game.events.append(Event("game_over", None, {"winners": [winner],
                                                     "reason": game.result}))
        return
    next_player(game, turns, turns > 1)


def record(game: "ExplodingGame", ended_by: str) -> None:
    """The metrics of the turn that just ended, for every player."""
    n = game.n
    game._rows.append((
        game.turn_no, game.turn_player, ended_by, len(game.deck), game.exploding_in_deck,
        tuple(game.alive), tuple(len(hand) for hand in game.hands), tuple(game.played),
        tuple(game.noped),
    ))
    game.played = [0] * n
    game.noped = [0] * n


def end_turn(game: "ExplodingGame", ended_by: str) -> None:
    """One turn of the turn player is over (a draw, a Skip, a Mitigate)."""
    record(game, ended_by)
    game.turns_left -= 1
    if game.turns_left:
        game.turn_no += 1
        start_turn(game)
    else:
        next_player(game, 1, False)


def bail(game: "ExplodingGame", p: int) -> None:
    """A Bail ends all the player's turns; the next player takes 2 (or more, stacked)."""
    record(game, "bail")
    turns = game.turns_left + BAIL_TURNS if game.under_bail and game.stacking else BAIL_TURNS
    next_player(game, turns, True)


def next_player(game: "ExplodingGame", turns: int, bailed: bool) -> None:
    """The next player in the game, in the direction of play, takes ``turns`` turns."""
    p = game.turn_player
    alive = game.alive
    for q in game.others[p]:
        if alive[q]:
            break
    game.turn_player = q
    game.turns_left = turns
    game.under_bail = bailed
    game.turn_no += 1
    start_turn(game)


def start_turn(game: "ExplodingGame") -> None:
    """The turn player starts a turn: they play cards, or draw."""
    game.phase = PLAY
    game.events.append(Event("turn", game.turn_player, {"turn": game.turn_no,
                                                        "turns_left": game.turns_left}))
