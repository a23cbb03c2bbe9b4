"""Checking the names of players or teams typed at set-up."""

import unicodedata

from devgames.core.errors import SetupError
from devgames.core.wording import count_refusal
from devgames.i18n import N_, _

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
        return _(TOO_LONG.get(what, TOO_LONG[""])).format(
            what=what, start=repr(text[:20]), length=len(text), limit=limit)
    if any(unicodedata.category(ch)[0] == "C" for ch in text):
        return _(CONTROL.get(what, CONTROL[""])).format(what=what, text=repr(text))
    return None


#: The refusal of a text too long, by what the text is ("": anything else).
TOO_LONG = {
    "name": N_("The name {start}... is {length} characters long; use at most {limit}."),
    "title": N_("The title {start}... is {length} characters long; use at most {limit}."),
    "note": N_("The note {start}... is {length} characters long; use at most {limit}."),
    "group": N_("The group {start}... is {length} characters long; use at most {limit}."),
    "question": N_("The question {start}... is {length} characters long; use at most {limit}."),
    "card": N_("The card {start}... is {length} characters long; use at most {limit}."),
    "": N_("The {what} {start}... is {length} characters long; use at most {limit}."),
}
#: The refusal of a text with control characters, by what the text is.
CONTROL = {
    "name": N_("The name {text} contains control characters; type a plain name."),
    "title": N_("The title {text} contains control characters; type a plain title."),
    "note": N_("The note {text} contains control characters; type a plain note."),
    "group": N_("The group {text} contains control characters; type a plain group."),
    "question": N_("The question {text} contains control characters; type a plain question."),
    "card": N_("The card {text} contains control characters; type a plain card."),
    "": N_("The {what} {text} contains control characters; type a plain {what}."),
}


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
        raise SetupError(_("Give the teams as a list of names, not one piece of text.")
                         if noun == "team" else
                         _("Give the players as a list of names, not one piece of text."))
    cleaned = tuple(str(name).strip() for name in names)
    if not minimum <= len(cleaned) <= maximum:
        raise SetupError(count_refusal(minimum, maximum, len(cleaned), noun))
    seen: set[str] = set()
    for name in cleaned:
        if not name:
            raise SetupError(_("A team has an empty name; give every team a name.")
                             if noun == "team" else
                             _("A player has an empty name; give every player a name."))
        problem = text_problem(name, "name", MAX_NAME_LENGTH)
        if problem:
            raise SetupError(problem)
        key = name.casefold()
        if key in seen:
            raise SetupError((_("Two teams are both called {name}; give each a different name.")
                              if noun == "team" else
                              _("Two players are both called {name}; give each a different "
                                "name.")).format(name=repr(name)))
        seen.add(key)
    return cleaned
