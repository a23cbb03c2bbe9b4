"""The Nope window: a card or combo laid down waits for Nopes before it happens.

By default (option ``nope_window="open"``) one window is open to everybody else in the game at
once: any of them holding a Nope may claim it (a Nope on a Nope, a Yup, brings the card back),
and the table closes it when nobody says Nope in time. Otherwise the players are asked in turn,
in the direction of play or in a random order (``nope_first``), every one of them or only the
holders of a Nope (``nope_asks``), each saying nope or pass. When the window closes, the card
happens unless an odd number of Nopes stopped it.
"""

from typing import TYPE_CHECKING

from devgames.core.actions import CHANCE, Action, Event
from devgames.core.errors import IllegalMove
from devgames.core.piles import shuffle
from devgames.exploding.card_effects import go_ahead
from devgames.exploding.cards import NOPE
from devgames.exploding.observer import pending_words
from devgames.exploding.rules import NOPE_MOVE, NOPE_WINDOW, PLAY
from devgames.i18n import _

if TYPE_CHECKING:
    from devgames.exploding.game import ExplodingGame


def open_window(game: "ExplodingGame", last: int) -> None:
    """Ask the other players in the game, in the direction of play from ``last`` (who played
    the last card) or in a random order, whether to Nope; only those holding a Nope when the
    holders are asked. An open window is open to everybody else in the game, whatever they
    hold, so that it tells nothing."""
    alive, hands = game.alive, game.hands
    if game.open_window:
        game.asked = [q for q in game.others[last] if alive[q]]
        game.phase = NOPE_WINDOW
        return
    if game.everyone:
        asked = [q for q in game.others[last] if alive[q]]
    else:
        asked = [q for q in game.others[last] if alive[q] and NOPE in hands[q]]
    if game.random_nopes:
        shuffle(asked, game.rng)
    if asked:
        game.asked = asked
        game.phase = NOPE_WINDOW
    else:
        resolve(game)


def resolve(game: "ExplodingGame") -> None:
    """Nobody else says Nope: the card or combo happens, unless it is noped."""
    action = game.pending
    assert action is not None  # a window is open only on a card or combo laid down
    game.pending = None
    game.asked = []
    game.phase = PLAY
    if game.nopes % 2:
        game.nopes = 0
        game.events.append(Event("noped", action.player, {"card": action.card,
                                                          "cards": list(action.cards or ())}))
        return
    game.nopes = 0
    go_ahead(game, action)


def nope_moves(game: "ExplodingGame", p: int) -> list[Action]:
    """The Nope (or Yup) seat ``p`` may say now: one move, or none
    (:meth:`devgames.exploding.game.ExplodingGame.nope_moves`)."""
    if game.phase != NOPE_WINDOW or NOPE not in game.hands[p]:
        return []
    if p == game.asked[0] or (game.open_window and p in game.asked):
        return [NOPE_MOVE[p]]
    return []


# ----- the moves of the window: nope, pass and close -------------------------------------------
def say_nope(game: "ExplodingGame", action: Action) -> None:
    """A Nope (or a Yup) goes on the discard pile; the window opens again on it."""
    p = action.player
    game.hands[p].remove(NOPE)
    game.discard.append(NOPE)
    game.played[p] += 1
    game.noped[p] += 1
    game.nopes += 1
    game.events.append(Event("nope", p, {"count": game.nopes}))
    open_window(game, p)


def pass_nope(game: "ExplodingGame", action: Action) -> None:
    """The player asked lets it happen; once the last one passed, the window closes."""
    asked = game.asked
    del asked[0]
    if not asked:
        resolve(game)


def close(game: "ExplodingGame", action: Action) -> None:
    """The table closes the window open to everybody: nobody said Nope in time."""
    resolve(game)


def check_nope(game: "ExplodingGame", action: Action) -> None:
    """A Nope: from a player in the game holding one, who did not play the card or Nope
    waiting (open window), or from the player asked now."""
    p = action.player
    if game.open_window:
        _require_seat(game, p)
        if p == CHANCE:
            raise _window_pending(game)
        who = game.players[p]
        if not game.alive[p]:
            raise IllegalMove("player_out", _("{name} has exploded and is out of the game.")
                              .format(name=who))
        if p not in game.asked:
            raise IllegalMove("own_card", _("{who} played the card waiting; another player may "
                                            "say Nope to {what}.").format(
                                                who=who, what=pending_words(game)))
        if NOPE not in game.hands[p]:
            raise IllegalMove("card_not_in_hand", _("{who} holds no Nope.").format(who=who))
        return
    if p == game.asked[0]:
        if NOPE not in game.hands[p]:
            raise IllegalMove("card_not_in_hand", _("{who} holds no Nope.").format(
                who=game.players[p]))
        return
    raise _not_asked_now(game, p)


def check_pass(game: "ExplodingGame", action: Action) -> None:
    """A pass: only from the player asked now, when the players are asked in turn."""
    p = action.player
    if game.open_window:
        _require_seat(game, p)
        raise IllegalMove("nobody_asked", _("Nobody is asked in turn: the window on {what} "
                                            "closes by itself when nobody says Nope.").format(
                                                what=pending_words(game)))
    if p != game.asked[0]:
        raise _not_asked_now(game, p)


def check_close(game: "ExplodingGame", action: Action) -> None:
    """Closing the window: the table's move, when the window is open to everybody."""
    what = pending_words(game)
    if not game.open_window:
        raise IllegalMove("asked_in_turn", _("The players are asked in turn in this game: {who} "
                                             "says whether to Nope {what} (nope or pass).")
                          .format(who=game.players[game.asked[0]], what=what))
    if action.player != CHANCE:
        raise IllegalMove("table_closes", _("The table closes the window on {what} when nobody "
                                            "says Nope in time, not a player.").format(what=what))


def refuse_in_window(game: "ExplodingGame", action: Action) -> IllegalMove:
    """Why a move other than nope, pass or close is refused while the window is open."""
    p = action.player
    if game.open_window:
        _require_seat(game, p)
        return _window_pending(game)
    if p != game.asked[0]:
        _require_seat(game, p)
        if p == CHANCE:
            return _no_card_expected(game)
    return _asked_pending(game)


def _require_seat(game: "ExplodingGame", p: int) -> None:
    """Refuse a player who is not at this table (the table itself, CHANCE, passes)."""
    if p != CHANCE and not (type(p) is int and 0 <= p < game.n):
        raise IllegalMove("unknown_player", _("There is no player {player} at this table.")
                          .format(player=repr(p)))


def _not_asked_now(game: "ExplodingGame", p: int) -> IllegalMove:
    """Why a nope or pass from ``p`` is refused while another player is asked."""
    _require_seat(game, p)
    if p == CHANCE:
        return _no_card_expected(game)
    q, what = game.players[game.asked[0]], pending_words(game)
    if p in game.asked:
        return IllegalMove("not_your_turn", _("{first} is asked first whether to Nope {what}; "
                                              "{who} is asked after.").format(
                                                  first=q, what=what, who=game.players[p]))
    return IllegalMove("not_asked", _("{who} is not asked about {what} now.").format(
        who=game.players[p], what=what))


def _no_card_expected(game: "ExplodingGame") -> IllegalMove:
    return IllegalMove("no_card_expected", _("No card is to be entered now; {who} may say Nope "
                                             "to {what}.").format(who=game.players[game.asked[0]],
                                                                  what=pending_words(game)))


def _asked_pending(game: "ExplodingGame") -> IllegalMove:
    return IllegalMove("nope_pending", _("{who} must first say whether to Nope {what} (nope or "
                                         "pass).").format(who=game.players[game.asked[0]],
                                                          what=pending_words(game)))


def _window_pending(game: "ExplodingGame") -> IllegalMove:
    return IllegalMove("nope_pending", _("The table first lets anyone say Nope to {what} (a "
                                         "Nope, or the window closes).").format(
                                             what=pending_words(game)))
