"""Checking the names of players or teams typed at set-up."""

import unicodedata

from devgames.core.errors import SetupError
from devgames.core.wording import count_refusal

MAX_NAME_LENGTH = 40


def text_problem(text: str, what: str, limit: int) -> str | None:
    r"""Why a name or title typed by a user cannot be used (too long, control characters), as a
    sentence; None when it is fine. Markup is fine: it is escaped wherever it is shown.

    >>> text_problem("Red", "name", 40) is None
    True
    >>> print(text_problem("Tab\there", "name", 40))
    The name 'Tab\there' contains control characters; type a plain name.
    """
    if len(text) > limit:
        return f"The {what} {text[:20]!r}... is {len(text)} characters long; use at most {limit}."
    if any(unicodedata.category(ch)[0] == "C" for ch in text):
        return f"The {what} {text!r} contains control characters; type a plain {what}."
    return None


def clean_names(names: list[str] | tuple[str, ...], minimum: int, maximum: int,
                noun: str = "player") -> tuple[str, ...]:
    """Return the names trimmed, or raise SetupError with a sentence saying what is wrong.

    Names must be non-empty, at most 40 characters, free of control characters and different from
    each other (ignoring case). Markup is allowed here and escaped wherever a name is shown.
    ``noun`` is what the game calls a seat ("player", "team").

    >>> clean_names([" Red ", "Blue"], 2, 4)
    ('Red', 'Blue')
    >>> clean_names(["Red", "red"], 2, 4)
    Traceback (most recent call last):
    ...
    devgames.core.errors.SetupError: Two players are both called 'red'; give each a different name.
    >>> clean_names(["Red", "Blue", "Green"], 2, 2, "team")
    Traceback (most recent call last):
    ...
    devgames.core.errors.SetupError: This game needs exactly 2 teams; 3 were given.
    """
    if isinstance(names, str):
        raise SetupError(f"Give the {noun}s as a list of names, not one piece of text.")
    cleaned = tuple(str(name).strip() for name in names)
    if not minimum <= len(cleaned) <= maximum:
        raise SetupError(count_refusal(minimum, maximum, len(cleaned), noun))
    seen: set[str] = set()
    for name in cleaned:
        if not name:
            raise SetupError(f"A {noun} has an empty name; give every {noun} a name.")
        problem = text_problem(name, "name", MAX_NAME_LENGTH)
        if problem:
            raise SetupError(problem)
        key = name.casefold()
        if key in seen:
            raise SetupError(
                f"Two {noun}s are both called {name!r}; give each a different name."
            )
        seen.add(key)
    return cleaned
