"""Shared checks for refused moves: a typed error, a sentence for the room, nothing changed."""

from collections.abc import Callable
from typing import Any

import pytest

from devgames.core.errors import IllegalMove
from devgames.core.game import Game

#: What a sentence for the room must never show.
INTERNALS = ("Action(", "None", "card -1", "Traceback", "'main'", "step")


def assert_readable(message: str, *mentions: str) -> None:
    """A sentence: capital first letter, final full stop, no raw internals, naming what matters."""
    assert message, "the error has no sentence"
    assert message[0].isupper(), message
    assert message.rstrip().endswith("."), message
    for internal in INTERNALS:
        assert internal not in message, f"{message!r} shows {internal!r}"
    for word in mentions:
        assert word in message, f"{message!r} should mention {word!r}"


def assert_refused(game: Game, attempt: Callable[[], Any], code: str,
                   *mentions: str) -> IllegalMove:
    """``attempt`` raises IllegalMove with ``code`` and a readable sentence, changing nothing."""
    before = game.snapshot()
    log_length = len(game.log)
    events = len(game.events)
    with pytest.raises(IllegalMove) as caught:
        attempt()
    error = caught.value
    assert error.code == code, f"expected {code!r}, got {error.code!r}: {error}"
    assert_readable(str(error), *mentions)
    assert game.snapshot() == before
    assert len(game.log) == log_length
    assert len(game.events) == events
    return error
