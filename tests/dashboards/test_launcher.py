"""The launcher driven from Python, as its buttons would, on a real SQLite file: every saved
session is reachable (search, pages), and can be renamed or deleted (after a confirmation)."""

from collections.abc import Iterator
from html import unescape
from pathlib import Path

import ipywidgets as widgets
import pytest

from devgames import exploding, itstartup, scrumkin
from devgames.dashboards import FacilitatorApp
from devgames.dashboards.launcher import PAGE_SIZE, Launcher
from devgames.sessions import SessionStore
from tests.dashboards.test_app import HOSTILE, all_html, all_widgets


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SessionStore]:
    """A store in a real SQLite file, as the app's."""
    with SessionStore(tmp_path / "sessions.sqlite") as opened:
        yield opened


def widgets_with(widget: widgets.Widget, css_class: str) -> list[widgets.Widget]:
    """The widgets inside ``widget`` that have the CSS class ``css_class``."""
    return [w for w in all_widgets(widget) if css_class in getattr(w, "_dom_classes", ())]


def fill(store: SessionStore, count: int) -> list[int]:
    """``count`` Scrumkin sessions titled "Day 1", "Day 2"... (the last one is the newest)."""
    return [store.create(scrumkin.new_game(["Red", f"Team {n}"], seed=n), title=f"Day {n}")
            for n in range(1, count + 1)]


def launcher_of(app: FacilitatorApp) -> Launcher:
    assert isinstance(app.launcher, Launcher) and app.body.children[-1] is app.launcher
    return app.launcher


def titles(launcher: Launcher) -> list[str | None]:
    return [row.title for row in launcher.shown]


def test_every_session_is_reachable_page_by_page(store: SessionStore) -> None:
    fill(store, 8)
    launcher = launcher_of(FacilitatorApp(store=store))
    assert PAGE_SIZE == 3  # what 1280x720 shows below the games (test_e2e_setup_readable)
    assert titles(launcher) == ["Day 8", "Day 7", "Day 6"]
    assert len(launcher.resume_buttons) == 3
    assert launcher.count.value == "Sessions 1 to 3 of 8 (newest first)"
    assert launcher.newer.disabled and not launcher.older.disabled
    launcher.older.click()
    launcher.older.click()
    assert titles(launcher) == ["Day 2", "Day 1"]
    assert launcher.count.value == "Sessions 7 to 8 of 8 (newest first)"
    assert launcher.older.disabled and not launcher.newer.disabled
    launcher.newer.click()
    assert titles(launcher)[0] == "Day 5"
    seen = set()
    launcher.go_to(0)
    while True:
        seen |= {row.id for row in launcher.shown}
        if launcher.older.disabled:
            break
        launcher.older.click()
    assert seen == {row.id for row in store.list()}


def test_search_by_title_team_game_and_number(store: SessionStore) -> None:
    ids = fill(store, 14)
    startup = store.create(itstartup.new_game(["Ada", "Grace"], seed=1), title="Board game club")
    kittens = store.create(exploding.new_game(["Zoé", "Bob"], seed=1))
    app = FacilitatorApp(store=store)
    launcher = launcher_of(app)

    def search(text: str) -> list[int]:
        launcher.search.value = text
        return [row.id for row in launcher.shown]

    assert search("day 12") == [ids[11]]
    assert search("grace") == [startup]
    assert search("IT STARTUP") == [startup]
    assert search("exploding git") == [kittens]
    assert search("zoé") == [kittens]
    assert search(f"#{ids[4]}") == [ids[4]]
    assert search("team 3 red") == [ids[12], ids[2]]  # every word, anywhere: Team 13 too
    assert search("nobody here") == []
    assert "No saved session matches" in launcher.count.value
    assert search("") == [kittens, startup, *ids[::-1]][:PAGE_SIZE]
    launcher.search.value = "grace"
    launcher.resume_buttons[0].click()
    assert app.table is not None and app.table.session_id == startup


def test_search_goes_back_to_the_first_page(store: SessionStore) -> None:
    fill(store, 12)
    launcher = launcher_of(FacilitatorApp(store=store))
    launcher.older.click()
    launcher.older.click()
    launcher.search.value = "day 2"  # Day 2 and Day 12: one page
    assert launcher.page == 0 and len(launcher.shown) == 2
    assert launcher.newer.disabled and launcher.older.disabled


def test_rename_a_session(store: SessionStore) -> None:
    first, second = fill(store, 2)
    launcher = launcher_of(FacilitatorApp(store=store))
    launcher.search.value = f"#{first}"
    rename = widgets_with(launcher, "dg-rename")
    assert len(rename) == 1
    rename[0].click()
    assert launcher.editing == ("rename", first)
    assert launcher.new_title.value == "Day 1"
    launcher.new_title.value = "Retro <b>=1+1</b>"
    widgets_with(launcher, "dg-rename-save")[0].click()
    assert store.list()[-1].title == "Retro <b>=1+1</b>"
    assert launcher.editing is None and not widgets_with(launcher, "dg-rename-title")
    assert "now called" in unescape(launcher.notice.value)
    assert "<b>" not in launcher.notice.value  # escaped
    launcher.search.value = "retro"
    assert [row.id for row in launcher.shown] == [first]
    assert launcher.resume_buttons[0].description.startswith(f"#{first} Retro <b>=1+1</b>:")
    # A blank title takes the title away.
    assert launcher.rename(second, "   ")
    assert {row.id: row.title for row in store.list()}[second] is None


@pytest.mark.parametrize(
    ("typed", "reason"),
    [("x" * 101, "at most 100"), ("Tab\there", "control characters")],
)
def test_a_refused_title_is_explained_and_kept(store: SessionStore, typed: str,
                                               reason: str) -> None:
    (number,) = fill(store, 1)
    launcher = launcher_of(FacilitatorApp(store=store))
    widgets_with(launcher, "dg-rename")[0].click()
    launcher.new_title.value = typed
    widgets_with(launcher, "dg-rename-save")[0].click()
    assert reason in launcher.notice.value and "dg-error" in launcher.notice._dom_classes
    assert launcher.editing == ("rename", number)
    assert launcher.new_title.value == typed  # nothing lost: the box is still open
    assert "dg-invalid" in launcher.new_title._dom_classes
    assert store.list()[0].title == "Day 1"
    launcher.new_title.value = "Fixed"
    assert "dg-invalid" not in launcher.new_title._dom_classes
    widgets_with(launcher, "dg-rename-save")[0].click()
    assert store.list()[0].title == "Fixed"


def test_cancel_a_rename(store: SessionStore) -> None:
    fill(store, 1)
    launcher = launcher_of(FacilitatorApp(store=store))
    widgets_with(launcher, "dg-rename")[0].click()
    launcher.new_title.value = "Never saved"
    widgets_with(launcher, "dg-rename-cancel")[0].click()
    assert launcher.editing is None and store.list()[0].title == "Day 1"


def test_delete_asks_first_and_names_the_session(store: SessionStore) -> None:
    ids = fill(store, 3)
    store.rename(ids[1], HOSTILE)
    launcher = launcher_of(FacilitatorApp(store=store))
    assert not launcher.delete(ids[1])  # no confirmation on screen: nothing is deleted
    assert len(store.list()) == 3
    row = next(w for w in widgets_with(launcher, "dg-delete") if f"#{ids[1]}" in w.tooltip)
    row.click()
    assert len(store.list()) == 3  # one click deletes nothing
    (question,) = widgets_with(launcher, "dg-delete-question")
    assert f"session #{ids[1]}" in question.value and "for good" in question.value
    assert HOSTILE not in question.value and "&lt;img src=x" in question.value
    (confirm,) = widgets_with(launcher, "dg-delete-confirm")
    assert confirm.description == f"Delete #{ids[1]} for good"
    confirm.click()
    assert [r.id for r in store.list()] == [ids[2], ids[0]]
    assert f"Deleted session #{ids[1]}" in unescape(launcher.notice.value)
    assert [r.id for r in launcher.shown] == [ids[2], ids[0]]
    assert not widgets_with(launcher, "dg-delete-confirm")


def test_cancel_a_delete(store: SessionStore) -> None:
    ids = fill(store, 2)
    launcher = launcher_of(FacilitatorApp(store=store))
    widgets_with(launcher, "dg-delete")[0].click()
    widgets_with(launcher, "dg-delete-cancel")[0].click()
    assert launcher.editing is None and not widgets_with(launcher, "dg-delete-confirm")
    assert [r.id for r in store.list()] == ids[::-1]


def test_a_session_deleted_on_another_screen(store: SessionStore, tmp_path: Path) -> None:
    (number,) = fill(store, 1)
    app = FacilitatorApp(store=store)
    launcher = launcher_of(app)
    widgets_with(launcher, "dg-rename")[0].click()
    with SessionStore(tmp_path / "sessions.sqlite") as other:
        other.delete(number)
    widgets_with(launcher, "dg-rename-save")[0].click()
    assert f"no saved session number {number}" in launcher.notice.value
    assert launcher.shown == [] and "No saved sessions yet" in all_html(launcher)


def test_hostile_titles_and_names_stay_text(store: SessionStore) -> None:
    long = "W" * 100
    store.create(scrumkin.new_game([HOSTILE, "=HYPERLINK(1)"], seed=1), title=long)
    store.create(scrumkin.new_game(["Red", "Blue"], seed=2), title=HOSTILE)
    launcher = launcher_of(FacilitatorApp(store=store))
    markup = all_html(launcher, markup_only=True)
    assert HOSTILE not in markup
    labels = [button.description for button in launcher.resume_buttons]
    assert any(HOSTILE in label and "=HYPERLINK(1)" in label and long in label
               for label in labels)  # button labels are plain text in the browser
    launcher.search.value = "<img"
    assert len(launcher.shown) == 2
    launcher.search.value = "=hyperlink"
    assert [row.title for row in launcher.shown] == [long]


def test_a_launcher_drawn_in_advance_shows_what_was_saved_since(tmp_path) -> None:
    # Voila draws the launcher in a kernel before any page takes it: the page's first regular
    # check must bring the list up to date, and a check with nothing new changes nothing.
    from devgames import scrumkin
    from devgames.dashboards import FacilitatorApp
    from devgames.sessions import SessionStore

    path = tmp_path / "sessions.sqlite"
    app = FacilitatorApp(store=SessionStore(path))
    assert app.launcher is not None
    assert app.launcher.shown == []
    other = SessionStore(path)
    number = other.create(scrumkin.new_game(["Red", "Blue"], seed=1), title="Made elsewhere")
    app.connection._on_msg(app.connection, {"ping": 1}, [])
    assert [row.id for row in app.launcher.shown] == [number]
    drawn = app.launcher.sessions.children
    app.connection._on_msg(app.connection, {"ping": 2}, [])
    assert app.launcher.sessions.children == drawn
    setup_only = FacilitatorApp(game="scrumkin", store=SessionStore(path))
    setup_only.connection._on_msg(setup_only.connection, {"ping": 1}, [])  # no launcher: fine
