"""Game options: every rule interpretation that changes the game is a named, checked option."""

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from devgames.core.errors import SetupError
from devgames.i18n import _

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")

DECKS = ("digital", "physical")
#: Who is asked whether to answer a card (a Scrumkin counter, an Exploding Git Commits Nope):
#: only the players holding a card that can answer it, or every other player.
ASKED = ("holders", "everyone")


def build_options(cls: type[T], given: dict[str, Any]) -> T:
    """Build the options dataclass ``cls`` from keyword arguments, refusing unknown names.

    Values are checked against the field's default type (ints stay ints, bools stay bools), and a
    field's ``metadata["choices"]``, when present, lists the allowed values (of any type): a value
    outside them is refused with a sentence naming them.

    >>> from dataclasses import dataclass, field
    >>> @dataclass(frozen=True)
    ... class Opts:
    ...     backlog: int = 10
    ...     deck: str = field(default="digital", metadata={"choices": DECKS})
    >>> build_options(Opts, {"backlog": 12})
    Opts(backlog=12, deck='digital')
    >>> build_options(Opts, {"backlogg": 12})
    Traceback (most recent call last):
    ...
    devgames.core.errors.SetupError: Unknown option 'backlogg'; the options are: backlog, deck.
    >>> build_options(Opts, {"deck": "wooden"})
    Traceback (most recent call last):
    ...
    devgames.core.errors.SetupError: Option 'deck' must be one of digital or physical, not 'wooden'.
    """
    fields = {f.name: f for f in dataclasses.fields(cls)}
    for name, value in given.items():
        if name not in fields:
            known = ", ".join(fields)
            raise SetupError(_("Unknown option {name}; the options are: {known}.").format(
                name=repr(name), known=known))
        field = fields[name]
        expected = type(field.default)
        if expected is bool and not isinstance(value, bool):
            raise SetupError(_("Option {name} must be true or false, not {value}.").format(
                name=repr(name), value=repr(value)))
        if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise SetupError(_("Option {name} must be a whole number, not {value}.").format(
                name=repr(name), value=repr(value)))
        if expected is str and not isinstance(value, str):
            raise SetupError(_("Option {name} must be text, not {value}.").format(
                name=repr(name), value=repr(value)))
        choices = field.metadata.get("choices")
        if choices is not None and value not in choices:
            raise SetupError(_("Option {name} must be one of {choices}, not {value}.").format(
                name=repr(name), choices=one_of(choices), value=repr(value)))
    return cls(**given)


def one_of(choices: Sequence[Any]) -> str:
    """Allowed values as words: "32, 64 or 128".

    >>> one_of((32, 64, 128)), one_of(("digital", "physical")), one_of(("shared",))
    ('32, 64 or 128', 'digital or physical', 'shared')
    """
    words = [str(choice) for choice in choices]
    if len(words) < 2:
        return "".join(words)
    return _("{some} or {last}").format(some=", ".join(words[:-1]), last=words[-1])


def options_dict(options: Any) -> dict[str, Any]:
    """The options as a plain JSON-able dict."""
    return dataclasses.asdict(options)


def parse_option_value(text: str) -> Any:
    """Read an option value typed on a command line: true/false, whole numbers, else text.

    >>> parse_option_value("true"), parse_option_value("12"), parse_option_value("shared")
    (True, 12, 'shared')
    """
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(lowered)
    except ValueError:
        return text.strip()
