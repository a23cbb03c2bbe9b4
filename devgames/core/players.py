"""Checking the names of players or teams typed at set-up."""

import unicodedata

from devgames.core.errors import SetupError

MAX_NAME_LENGTH = 40


def clean_names(names: list[str] | tuple[str, ...], minimum: int, maximum: int) -> tuple[str, ...]:
    """Return the names trimmed, or raise SetupError with a sentence saying what is wrong.

    Names must be non-empty, at most 40 characters, free of control characters and different from
    each other (ignoring case). Markup is allowed here and escaped wherever a name is shown.

    >>> clean_names([" Red ", "Blue"], 2, 4)
    ('Red', 'Blue')
    >>> clean_names(["Red", "red"], 2, 4)
    Traceback (most recent call last):
    ...
    devgames.core.errors.SetupError: Two players are both called 'red'; give each a different name.
    """
    if isinstance(names, str):
        raise SetupError("Give the players as a list of names, not one piece of text.")
    cleaned = tuple(str(name).strip() for name in names)
    if not minimum <= len(cleaned) <= maximum:
        raise SetupError(
            f"This game needs {minimum} to {maximum} players; {len(cleaned)} were given."
        )
    seen: set[str] = set()
    for name in cleaned:
        if not name:
            raise SetupError("A player has an empty name; give every player a name.")
        if len(name) > MAX_NAME_LENGTH:
            raise SetupError(
                f"The name {name[:20]!r}... is {len(name)} characters long; "
                f"use at most {MAX_NAME_LENGTH}."
            )
        if any(unicodedata.category(ch)[0] == "C" for ch in name):
            raise SetupError(f"The name {name!r} contains control characters; type a plain name.")
        key = name.casefold()
        if key in seen:
            raise SetupError(
                f"Two players are both called {name!r}; give each a different name."
            )
        seen.add(key)
    return cleaned
