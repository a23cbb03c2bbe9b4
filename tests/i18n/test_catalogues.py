"""The message catalogues: the template holds every text the code marks, Russian translates
every one of them (with its three plural forms and the same placeholders), and a phone's
debrief answers in the language the person chose, or their browser's, over real HTTP."""

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from tornado.testing import AsyncHTTPTestCase

from devgames import scrumkin
from devgames.devices import server
from devgames.i18n import DEFAULT, LANGUAGES, LOCALE_DIR, _, ngettext, speaking
from devgames.sessions.store import SessionStore

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


def test_russian_counts_with_its_three_plural_forms() -> None:
    with speaking("ru"):
        said = [ngettext("You have {n} dot left.", "You have {n} dots left.", n).format(n=n)
                for n in (1, 2, 5, 11, 21, 22, 25)]
        assert _("Send the note") == "Отправить заметку"
    assert said == ["Осталась 1 точка.", "Осталось 2 точки.", "Осталось 5 точек.",
                    "Осталось 11 точек.", "Осталась 21 точка.", "Осталось 22 точки.",
                    "Осталось 25 точек."]
    assert _("Send the note") == "Send the note"  # outside: the screen's language, English


class PhoneLanguageTest(AsyncHTTPTestCase):
    """The debrief's page, state and refusals in the person's language."""

    def setUp(self) -> None:
        self.store = SessionStore(":memory:")
        self.session = self.store.create(scrumkin.new_game(["Red", "Blue"], seed=4))
        self.code = self.store.open_debrief(self.session)
        super().setUp()

    def get_app(self) -> Any:
        return server.make_app(server.Hub(self.store))

    def fetch_as(self, path: str, method: str = "GET", body: str | None = None,
                 **headers: str) -> Any:
        return self.fetch(path, method=method, body=body, headers=headers, raise_error=False)

    def test_the_page_and_the_state_follow_the_choice_then_the_browser(self) -> None:
        page = self.fetch_as(f"/d/{self.code}", Cookie="dg-lang=ru").body.decode()
        assert '<html lang="ru">' in page and "Отправить заметку" in page
        assert '"Suggest": "Предложить"' in page  # the script's texts come with the page
        browser = self.fetch_as(f"/d/{self.code}", **{"Accept-Language": "ru-RU,ru;q=0.9"})
        assert "Отправить заметку" in browser.body.decode()
        english = self.fetch_as(f"/d/{self.code}", **{"Accept-Language": "de,en;q=0.5"})
        assert '<html lang="en">' in english.body.decode()
        assert '<option value="ru">Русский</option>' in english.body.decode()
        chosen = self.fetch_as(f"/d/{self.code}", Cookie="dg-lang=en",
                               **{"Accept-Language": "ru"})
        assert "Send the note" in chosen.body.decode()  # the person's choice wins
        state = json.loads(self.fetch_as(f"/d/{self.code}/state", Cookie="dg-lang=ru").body)
        assert (state["language"], state["phase_title"], state["steps"][0][0],
                state["dots_text"]) == ("ru", "Что?", "Думаем", "Осталось 3 точки.")

    def test_refusals_are_said_in_the_persons_language(self) -> None:
        wrong = self.fetch_as("/d/WRONGCODE", Cookie="dg-lang=ru")
        assert wrong.code == 403 and '<html lang="ru">' in wrong.body.decode()
        assert "Этот разбор закрыт" in wrong.body.decode()
        closed = json.loads(self.fetch_as("/d/WRONGCODE/state", Cookie="dg-lang=ru").body)
        assert closed["message"].startswith("Этот код больше не открывает разбор")
        look = self.fetch_as(f"/d/{self.code}/state", Cookie="dg-lang=ru")
        cookies = "; ".join(header.split(";")[0] for header in look.headers.get_list(
            "Set-Cookie")) + "; dg-lang=ru"
        xsrf = re.search(r"_xsrf=([^;]+)", cookies)
        assert xsrf
        self.store.set_meta(self.session, ("debrief", "phone_steps", "what"), "vote")
        answer = self.fetch_as(f"/d/{self.code}/do", "POST", json.dumps(
            {"do": "note", "prompt": "Что?", "content": "Поздно", "signed": False}),
            Cookie=cookies, **{"X-XSRFToken": xsrf.group(1)})
        assert answer.code == 409
        assert json.loads(answer.body)["message"] == (
            "Заметки пишут на шаге «Думаем», а сейчас шаг «Голосуем».")
