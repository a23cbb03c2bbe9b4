"""The texts people read, in their language: gettext catalogues, managed with Babel.

Every text a screen shows is written in English in the code, marked for translation, and looked
up in the catalogue of the language it is shown in (``devgames/locale/<language>/LC_MESSAGES/
devgames.po``, compiled to ``.mo`` by ``scripts/setup``; ``docs/translating.md`` says how to
add a language):

- ``_("Send the note")``: a text, translated in the language in use now;
- ``ngettext("You have {n} dot left.", "You have {n} dots left.", n)``: a text that depends on
  a number, with the plural forms of the language (Russian has three: 1 ход, 2 хода, 5 ходов);
- ``N_("What?")``: marks a text kept in a constant, translated where it is shown (``_(title)``).

The language in use is the screen's: the facilitator's app sets its kernel's
(:func:`set_language`), and a server answering many phones sets each request's
(:func:`speaking`), which wins within it.

>>> with speaking("ru"):
...     [ngettext("{n} dot", "{n} dots", n).format(n=n) for n in (1, 2, 5, 21)]
['1 точка', '2 точки', '5 точек', '21 точка']
>>> with speaking("ru"):
...     _("Send the note")
'Отправить заметку'
>>> _("Send the note")
'Send the note'
"""

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from functools import cache
from io import BytesIO
from pathlib import Path

#: The languages of the kit: code -> its own name.
LANGUAGES = {"en": "English", "ru": "Русский"}
DEFAULT = "en"
DOMAIN = "devgames"
#: Where the catalogues are (the tests point ``DEVGAMES_LOCALE_DIR`` at a pseudo-language's).
LOCALE_DIR = Path(os.environ.get("DEVGAMES_LOCALE_DIR") or Path(__file__).parent / "locale")

_kernel = DEFAULT
_request: ContextVar[str | None] = ContextVar("devgames_language", default=None)


def known(code: str) -> bool:
    """Whether ``code`` is a language the kit speaks (English, or one with a catalogue).

    >>> known("ru"), known("en"), known("xx"), known("../etc")
    (True, True, False, False)
    """
    return code == DEFAULT or (code.isalpha() and (LOCALE_DIR / code / "LC_MESSAGES"
                                                   / f"{DOMAIN}.po").is_file())


def language() -> str:
    """The language in use now: the request's, else the screen's."""
    return _request.get() or _kernel


def set_language(code: str) -> None:
    """Make ``code`` the language of this process's screen (an unknown one: English)."""
    global _kernel
    _kernel = code if known(code) else DEFAULT


def use_language(code: str) -> None:
    """Use ``code`` (an unknown one: English) for the rest of this context: a server's request,
    which runs in a task of its own."""
    _request.set(code if known(code) else DEFAULT)


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Use ``code`` (an unknown one: English) for what runs inside, in this context only."""
    token = _request.set(code if known(code) else DEFAULT)
    try:
        yield
    finally:
        _request.reset(token)


@cache
def catalogue(code: str) -> gettext.NullTranslations:
    """The translations of ``code``: its compiled catalogue, or the ``.po`` file read when it
    is not compiled (yet); English and an unknown language: the texts as written."""
    if code == DEFAULT or not known(code):
        return gettext.NullTranslations()
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    compiled, source = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    if compiled.is_file() and compiled.stat().st_mtime >= source.stat().st_mtime:
        with compiled.open("rb") as file:
            return gettext.GNUTranslations(file)
    return gettext.GNUTranslations(_compiled(source))


def _compiled(source: Path) -> BytesIO:
    """A ``.po`` file compiled in memory (a checkout not set up yet: ``scripts/setup`` compiles
    the catalogues)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as file:
        messages = read_po(file)
    out = BytesIO()
    write_mo(out, messages)
    out.seek(0)
    return out


def _(message: str) -> str:
    """``message`` in the language in use."""
    return catalogue(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n``, in the language in use."""
    return catalogue(language()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (yet)."""
    return message


def available() -> list[str]:
    """The languages a screen may be shown in: English, then every one with a catalogue.

    >>> available()[:2]
    ['en', 'ru']
    """
    found = sorted(folder.name for folder in LOCALE_DIR.iterdir() if known(folder.name)) \
        if LOCALE_DIR.is_dir() else []
    return [DEFAULT, *(code for code in found if code != DEFAULT)]


def name_of(code: str) -> str:
    """A language's name in that language (its code when the kit has no name for it).

    >>> name_of("ru"), name_of("qps")
    ('Русский', 'qps')
    """
    return LANGUAGES.get(code, code)


def _locale() -> str:
    """The Babel locale of the language in use (English for a language Babel does not know,
    such as a test's pseudo-language)."""
    code = language()
    return code if code in LANGUAGES else DEFAULT


def format_when(when: datetime) -> str:
    """A date and time, as the language in use writes them.

    >>> when = datetime(2026, 11, 22, 9, 30)
    >>> format_when(when)
    'Nov 22, 2026, 09:30'
    >>> with speaking("ru"):
    ...     format_when(when)
    '22 нояб. 2026\\u202fг., 09:30'
    """
    from babel import Locale
    from babel.dates import format_skeleton

    locale = Locale.parse(_locale())
    glue = str(locale.datetime_formats["medium"])
    return glue.replace("{1}", format_skeleton("yMMMd", when, locale=locale)).replace(
        "{0}", format_skeleton("Hm", when, locale=locale))


def format_tenths(number: float) -> str:
    """A number with one decimal, always shown, as the language in use writes it.

    >>> format_tenths(3), format_tenths(12.345)
    ('3.0', '12.3')
    >>> with speaking("ru"):
    ...     format_tenths(0.25)
    '0,2'
    """
    from babel.numbers import format_decimal

    return format_decimal(round(number, 1), format="0.0", locale=_locale())


def format_number(number: float, digits: int = 1) -> str:
    """A number as the language in use writes it, with at most ``digits`` decimals.

    >>> format_number(12345.25), format_number(3)
    ('12,345.2', '3')
    >>> with speaking("ru"):
    ...     format_number(12345.25)
    '12\xa0345,2'
    """
    from babel.numbers import format_decimal

    return format_decimal(round(number, digits), format=f"#,##0.{'#' * digits}" if digits
                          else "#,##0", locale=_locale())


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of a command line: the first of ``LANGUAGE`` (a list, as gettext reads it),
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set, if the kit speaks it; else English.

    >>> from_environment({"LANG": "ru_RU.UTF-8"}), from_environment({"LANG": "C.UTF-8"})
    ('ru', 'en')
    >>> from_environment({"LANGUAGE": "de:ru", "LANG": "en_GB.UTF-8"}), from_environment({})
    ('ru', 'en')
    """
    environ = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if not value:
            continue
        for part in value.split(":"):
            code = part.split(".")[0].split("_")[0].split("@")[0].lower()
            if code != "c" and code != "posix" and code in LANGUAGES and known(code):
                return code
        if name != "LANGUAGE":
            return DEFAULT  # the locale set names a language the kit does not speak
    return DEFAULT


def best_match(accept: str | None) -> str:
    """The language of the kit a browser prefers, from its ``Accept-Language`` header.

    >>> best_match("ru-RU,ru;q=0.9,en;q=0.8"), best_match("de,en;q=0.5"), best_match(None)
    ('ru', 'en', 'en')
    >>> best_match("de, ru;q=0.3")
    'ru'
    """
    ranked = []
    for order, part in enumerate((accept or "").split(",")):
        tag, _sep, rest = part.strip().partition(";")
        weight = 1.0
        if rest.strip().startswith("q="):
            try:
                weight = float(rest.strip()[2:])
            except ValueError:
                weight = 0.0
        ranked.append((-weight, order, tag.split("-")[0].lower()))
    for _weight, _order, code in sorted(ranked):
        if code in LANGUAGES and known(code):
            return code
    return DEFAULT


__all__ = ["DEFAULT", "LANGUAGES", "N_", "_", "available", "best_match", "catalogue",
           "format_number", "format_when", "from_environment", "known", "language", "name_of",
           "ngettext", "set_language", "speaking", "use_language"]
