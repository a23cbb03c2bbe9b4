"""The message catalogues: the template holds every text the code marks, and every language
translates every one of them (Russian with its three plural forms), with the same placeholders.
A phone answered in its language over HTTP: ``tests/devices/test_debrief_language.py``."""

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from devgames.i18n import DEFAULT, LANGUAGES, LOCALE_DIR, _, ngettext, speaking

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"\{\w+\}")


def messages(path: Path) -> list[Any]:
    with path.open("rb") as file:
        return [message for message in read_po(file) if message.id]


def test_the_template_holds_every_text_the_code_marks() -> None:
    """``scripts/translations --check`` extracts the marked texts afresh and compares them with
    ``devgames.pot``: a text added or changed in the code and not in the template fails."""
    done = subprocess.run(["bash", "scripts/translations", "--check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != DEFAULT])
def test_every_message_is_translated_with_the_same_placeholders(code: str) -> None:
    """Each language of the kit translates every message of the template, each plural form
    of its own (Russian has three), and keeps every ``{placeholder}``."""
    template = messages(LOCALE_DIR / "devgames.pot")
    catalogue = LOCALE_DIR / code / "LC_MESSAGES" / "devgames.po"
    with catalogue.open("rb") as file:
        nplurals = read_po(file).num_plurals
    translations = {message.id: message for message in messages(catalogue)}
    missing = []
    for message in template:
        found = translations.get(message.id)
        strings = found.string if found else ()
        forms = strings if isinstance(strings, tuple) else (strings,)
        if not found or found.fuzzy or not all(forms) or (
                message.pluralizable and len(forms) != nplurals):
            missing.append(message.id)
            continue
        wanted = set(PLACEHOLDER.findall(str(message.id)))
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) == wanted, (message.id, form)
    translated = len(template) - len(missing)
    print(f"{LANGUAGES[code]}: {translated} of {len(template)} messages translated "
          f"({100 * translated / len(template):.0f}%)")
    assert not missing, f"not translated into {LANGUAGES[code]}: {missing}"


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != DEFAULT])
def test_every_catalogue_compiles_cleanly(code: str) -> None:
    """Babel's checks pass on every message (a "%" in a text reads as a printf format, which a
    translation must then keep: the kit writes such figures as placeholders), so that the
    compiled catalogue holds every translation."""
    with (LOCALE_DIR / code / "LC_MESSAGES" / "devgames.po").open("rb") as file:
        catalogue = read_po(file)
    problems = [(message.id, [str(error) for error in errors])
                for message, errors in catalogue.check()]
    assert not problems, problems


def test_russian_counts_with_its_three_plural_forms() -> None:
    with speaking("ru"):
        said = [ngettext("You have {n} dot left.", "You have {n} dots left.", n).format(n=n)
                for n in (1, 2, 5, 11, 21, 22, 25)]
        assert _("Send the note") == "Отправить заметку"
    assert said == ["Осталась 1 точка.", "Осталось 2 точки.", "Осталось 5 точек.",
                    "Осталось 11 точек.", "Осталась 21 точка.", "Осталось 22 точки.",
                    "Осталось 25 точек."]
    assert _("Send the note") == "Send the note"  # outside: the screen's language, English
