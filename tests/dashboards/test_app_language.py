"""The facilitator app's language: chosen on the launcher (the browser's at first), shown in every
text the app has in its catalogue, and kept with each session in the store, so that a reload or
another screen opening the session finds it. The store is a real SQLite file."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from devgames import i18n
from devgames.dashboards import FacilitatorApp
from devgames.sessions import SessionStore
from tests.dashboards.test_app import all_html, start


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SessionStore]:
    with SessionStore(tmp_path / "sessions.sqlite") as opened:
        yield opened
    i18n.set_language(i18n.DEFAULT)  # the kernel's language, for the next test


def test_the_switch_draws_the_launcher_again_in_russian(store: SessionStore) -> None:
    app = FacilitatorApp(store=store)
    assert "Start a session" in all_html(app)
    app.language_switch.value = "ru"
    shown = all_html(app)
    assert "Начать сессию" in shown and "Start a session" not in shown
    assert app.new_buttons[1].description == "Новая сессия IT Startup"
    assert app.language.language == "ru"  # kept in the browser for next time
    assert "dg-lang-ru" in app._dom_classes  # РЕЛИЗ's Russian card names first


def test_a_session_keeps_its_language_in_the_store(store: SessionStore) -> None:
    app = FacilitatorApp(store=store)
    app.set_language("ru")
    app = start(store, seats=[("Red", "human"), ("Blue", "human")])
    session = app.table.session_id if app.table else 0
    assert store.checkout(session)[0].meta["language"] == "ru"
    i18n.set_language("en")  # another screen, in English
    other = FacilitatorApp(store=store)
    assert other.new_buttons[0].description == "New Scrumkin session"
    other.resume(session)
    assert i18n.language() == "ru" and other.table is not None
    assert other.table.session_id == session
    assert "Старт/пауза" in all_html(other)
    # The browser's own language, arriving once the page has loaded, leaves the session's.
    other.language.language = "en"
    assert i18n.language() == "ru" and other.language.language == "ru"


def test_changing_the_language_at_the_table_is_saved_with_the_session(
        store: SessionStore) -> None:
    app = start(store, seats=[("Red", "human"), ("Blue", "human")])
    assert app.table is not None
    session = app.table.session_id
    assert store.checkout(session)[0].meta["language"] == "en"
    app.set_language("ru")
    assert app.table is not None and app.table.session_id == session  # drawn again
    assert store.checkout(session)[0].meta["language"] == "ru"


def test_an_unknown_language_is_english(store: SessionStore) -> None:
    app = FacilitatorApp(store=store)
    app.language.language = "xx"  # a browser in a language the kit has no catalogue for
    assert i18n.language() == "en" and app.language_switch.value == "en"
    assert app.new_buttons[0].description == "New Scrumkin session"
