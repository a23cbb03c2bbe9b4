"""Random-play fuzzing shared by every game's tests.

:func:`fuzz_game` plays one game with random legal actions and checks, after every action, the
game's own invariants, that the action log replays to the same state (a shadow game fed each
action through its JSON form), and now and then that a forged illegal action raises
:class:`IllegalMove` and changes nothing. At the end it checks the saved session round-trips
through JSON and replays exactly, and that undo by replay matches the state before the last move.

:func:`play_twins` checks hidden information: two games that differ only in what one seat cannot
see (other hands, a card hidden back in secret...) must show that seat the same table, the same
prompts and the same choices, move after move.
"""

import json
import random
from collections.abc import Callable, Hashable
from random import Random
from typing import Any

from devgames.core.actions import CHANCE, Action
from devgames.core.errors import IllegalMove
from devgames.core.game import Game
from devgames.core.session import Session
from devgames.core.wording import choices


class InvariantError(AssertionError):
    """A rule invariant failed during random play."""


def invariant_failed(game: Game, what: str) -> None:
    """Raise InvariantError saying ``what`` broke, with what it takes to replay the game."""
    raise InvariantError(f"{what} (seed {game.seed}, options {game.options}, "
                         f"{len(game.log)} actions)")


def _made_elsewhere(game: Game, action: Action) -> bool:
    """Whether ``action`` is a move of another seat acting now on its own turn (a РЕЛИЗ team
    playing its turn of a round at the same time, :meth:`Game.moves_of`), or of the table."""
    seat = action.player
    return (seat != game.current_player and (seat == CHANCE or seat in game.acting_seats)
            and action in game.moves_of(seat))


def forge_illegal(game: Game, rng: Random, legal: list[Action]) -> Action | None:
    """A variation of a legal action (other player, card, target or kind) that is not legal,
    for any seat."""
    base = rng.choice(legal)
    seats = [*range(len(game.players)), CHANCE, len(game.players)]
    for _ in range(6):
        field = rng.randrange(5)
        if field == 0:
            forged = base._replace(player=rng.choice(seats))
        elif field == 1:
            forged = base._replace(card=rng.choice([*game.card_ids, -1, None]))
        elif field == 2:
            forged = base._replace(target=rng.choice(seats))
        elif field == 3:
            forged = base._replace(count=rng.choice([-1, 0, 1, 2, 99]))
        else:
            forged = base._replace(kind=rng.choice([*sorted(game.action_kinds), "no-such-move"]))
        if forged not in legal and not _made_elsewhere(game, forged):
            return forged
    return None


def check_illegal_is_harmless(game: Game, action: Action) -> None:
    """``action`` is not legal: applying it must raise IllegalMove and leave the state as it was."""
    before = game.snapshot()
    log_length = len(game.log)
    try:
        game.apply(action)
    except IllegalMove as error:
        if not str(error) or not error.code:
            raise InvariantError(f"{action} raised an IllegalMove with no sentence") from None
    else:
        raise InvariantError(f"{action} is not among the legal actions but was accepted")
    if game.snapshot() != before or len(game.log) != log_length:
        raise InvariantError(f"the illegal {action} changed the state")


def fuzz_game(
    factory: Callable[[int], Game],
    seed: int,
    invariants: Callable[[Game], None],
    max_actions: int = 100_000,
    illegal_every: int = 7,
    protocol: bool = True,
) -> Game:
    """Play one random game from ``factory(seed)``, checking everything after each action.

    With ``protocol=False`` only the legal moves and ``invariants`` are checked after each
    action: the game's own rules, for a game's many random games, while the contract test
    (``tests/contract``) checks the protocol of every game (forged moves refused without change,
    every action replayed through JSON, the saved session and undo).
    """
    game = factory(seed)
    shadow = game.session().replay() if protocol else None
    rng = Random(seed * 7919 + 1)
    invariants(game)
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        if not legal:
            raise InvariantError("the game is not over but nobody has a legal action")
        if any(action.player != game.current_player for action in legal):
            raise InvariantError("a legal action belongs to a player who is not to act")
        if protocol and steps % illegal_every == 0:
            forged = forge_illegal(game, rng, legal)
            if forged is not None:
                check_illegal_is_harmless(game, forged)
        action = rng.choice(legal)
        game.apply(action)
        invariants(game)
        if shadow is not None:
            shadow.apply(Action.from_json(json.loads(json.dumps(action.to_json()))))
            if shadow.snapshot() != game.snapshot():
                raise InvariantError(f"replaying {action} through JSON gave a different state")
        steps += 1
        if steps > max_actions:
            raise InvariantError(f"the game did not end within {max_actions} actions")
    if game.legal_actions():
        raise InvariantError("the game is over but still offers legal actions")
    if not protocol:
        return game
    text = game.session().to_json()
    restored = Session.from_json(text)
    if restored.to_json() != text:
        raise InvariantError("the session JSON does not round-trip exactly")
    if restored.replay().snapshot() != game.snapshot():
        raise InvariantError("replaying the saved session gives a different final state")
    undone = game.session().replay(len(game.log) - 1)
    redone = undone.session().replay()
    redone.apply(game.log[-1])
    if redone.snapshot() != game.snapshot():
        raise InvariantError("undo then redo of the last action gives a different state")
    return game


def play_seeded(make: Callable[[], Game], seed: int, disturb: bool) -> Game:
    """A game made by ``make`` and played to its end by a chooser seeded with ``seed``.

    With ``disturb``, the global ``random`` module is reseeded and drawn from before the game is
    made and before every step: a game that depends on it plays differently.

    >>> from devgames import scrumkin
    >>> make = lambda: scrumkin.new_game(["Red", "Blue"], seed=5)
    >>> play_seeded(make, 1, False).log == play_seeded(make, 1, True).log
    True
    """
    if disturb:
        random.seed(seed + 12345)
    game = make()
    chooser = Random(seed)
    step = 0
    while not game.is_over:
        if disturb:
            random.seed(step * 31 + 7)
            random.shuffle(list(range(20)))
            random.random()
        game.apply(chooser.choice(game.legal_actions()))
        step += 1
    return game


def same_game(first: Game, second: Game) -> bool:
    """True when two games have the same log, events, state and metrics rows."""
    return (first.log == second.log and first.events == second.events
            and first.snapshot() == second.snapshot() and first.rounds == second.rounds)


#: What a seat sees of an action: ``public_key(game, action, seat)`` is equal for two actions the
#: seat cannot tell apart (a card given between two other players, the place a card is hidden),
#: and is the action itself when the seat sees all of it.
PublicKey = Callable[[Game, Action, int], Hashable]


def seen_by(game: Game, seat: int) -> dict[str, Any]:
    """Everything ``seat`` is shown now: its view, the prompt, and the choices on the screen when
    a card is to be entered or when the decision is the seat's own.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
    >>> sorted(seen_by(game, 1))
    ['choices', 'view', 'waiting_for']
    """
    shown: dict[str, Any] = {"view": game.view(seat),
                             "waiting_for": getattr(game, "waiting_for", None)}
    current = game.current_player
    if current in (CHANCE, seat):
        _actions, labels, heading = choices(game)
        shown["choices"] = (heading, labels)
    else:
        shown["choices"] = None
    return shown


def _differences(first: dict[str, Any], second: dict[str, Any]) -> str:
    """The entries of two dicts that differ, for a failure message."""
    keys = [key for key in first if first[key] != second.get(key)]
    return "; ".join(f"{key}: {first[key]!r} / {second.get(key)!r}" for key in keys)


def _by_key(game: Game, seat: int, public_key: PublicKey) -> dict[Hashable, list[Action]]:
    """The legal actions grouped by what ``seat`` sees of them."""
    groups: dict[Hashable, list[Action]] = {}
    for action in game.legal_actions():
        groups.setdefault(public_key(game, action, seat), []).append(action)
    return groups


def play_twins(first: Game, second: Game, seat: int, public_key: PublicKey, seed: int,
               max_actions: int = 100_000) -> int:
    """Play two twin games to the end and check that ``seat`` can never tell them apart.

    The twins start with the same public history and differ only in what ``seat`` cannot see.
    Each step takes a move that looks the same to ``seat`` in both (same ``public_key``); where
    several moves look the same (which card another player gives, where a card is hidden), each
    twin picks its own at random, so the hidden differences grow. After every move, the seat's
    view, the prompt, the choices on the screen (see :func:`seen_by`) and the public sentences of
    the new events must be equal. The play stops early when no move looks the same in both: the
    hidden difference has come out in the open, as the rules want (a hand shown when its player
    explodes...); ``public_key`` keeps such moves apart. Returns the number of moves played.

    >>> from devgames import scrumkin
    >>> same = lambda game, action, seat: action
    >>> make = lambda: scrumkin.new_game(["Red", "Blue"], seed=3)
    >>> play_twins(make(), make(), 0, same, seed=1) > 0
    True
    """
    rng = Random(seed)
    steps = 0
    while True:
        shown, other = seen_by(first, seat), seen_by(second, seat)
        if shown != other:
            invariant_failed(first, f"seat {seat} can tell the twins apart after {steps} moves: "
                                    f"{_differences(shown, other)}")
        if first.is_over:
            return steps
        mine, theirs = _by_key(first, seat, public_key), _by_key(second, seat, public_key)
        common = [key for key in mine if key in theirs]
        if not common or steps >= max_actions:
            return steps
        key = rng.choice(common)
        told = []
        for game, groups in ((first, mine), (second, theirs)):
            start = len(game.events)
            game.apply(rng.choice(groups[key]))
            told.append([text for event in game.events[start:] if (text := game.narrate(event))])
        if told[0] != told[1]:
            invariant_failed(first, f"the table hears different things in the twins after "
                                    f"{steps} moves: {told[0]} / {told[1]}")
        steps += 1
