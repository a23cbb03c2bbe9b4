"""The room's settings a team's device obeys, kept with the session (``meta``): paused by the
facilitator, and the seats bots play."""

from typing import Any

from devgames.core.game import Game

#: The key of the session's settings (``meta``) saying the facilitator paused the room.
PAUSED = ("room", "paused")


def is_paused(meta: dict[str, Any]) -> bool:
    """Whether the facilitator paused the room (devices then make no move).

    >>> is_paused({"room": {"paused": True}}), is_paused({})
    (True, False)
    """
    room = meta.get(PAUSED[0])
    return bool(isinstance(room, dict) and room.get(PAUSED[1]))


def bot_seats(game: Game, meta: dict[str, Any]) -> set[int]:
    """The seats a bot plays, from the session's settings.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
    >>> bot_seats(game, {"seats": {"bots": {"Blue": "random"}}})
    {1}
    """
    bots = meta.get("seats", {}).get("bots", {})
    return {seat for seat, name in enumerate(game.players) if name in bots}
