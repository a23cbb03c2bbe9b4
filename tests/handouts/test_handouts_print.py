"""The handouts printed to PDF by headless Chromium, on A4 and on Letter: each fits its page
budget, the glossary even with every meaning as long as a meaning may be. One browser for the
module; skipped without Chromium (failed on CI, like the browser tests)."""

import os
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from devgames import BUILTIN_GAMES as GAMES  # the games with handouts
from devgames.core.meanings import Meaning
from devgames.handouts import HANDOUTS, handout_html, page_budget
from devgames.handouts import glossary as glossary_module
from devgames.i18n import speaking
from tests.e2e.harness import chromium_missing_reason, save_screenshot

pytestmark = pytest.mark.e2e

#: Paper name -> Playwright's page format.
FORMATS = {"a4": "A4", "letter": "Letter"}
#: Points per page, width and height, as Chromium writes them in each page's MediaBox.
MEDIA_BOX = {"a4": (595, 842), "letter": (612, 792)}
#: The longest line tests/core/test_meanings.py allows a meaning.
LONGEST_MEANING = 110

_PAGE = re.compile(rb"/Type\s*/Page(?![A-Za-z])")
_MEDIA_BOX = re.compile(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]")


def page_count(pdf: bytes) -> int:
    """The pages of a PDF from Chromium: its ``/Type /Page`` objects (not ``/Pages``)."""
    return len(_PAGE.findall(pdf))


def page_size(pdf: bytes) -> tuple[int, int]:
    """The size in points of the first page's MediaBox."""
    match = _MEDIA_BOX.search(pdf)
    assert match, "no MediaBox in the PDF"
    return round(float(match[1])), round(float(match[2]))


@pytest.fixture(scope="module")
def print_browser(request: pytest.FixtureRequest) -> Browser:
    """Debian's headless Chromium: pytest-playwright's ``browser`` of the session (one
    Playwright per test process: a second one would find the first one's event loop)."""
    reason = chromium_missing_reason()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    browser: Browser = request.getfixturevalue("browser")
    return browser


@pytest.fixture(scope="module")
def tab(print_browser: Browser) -> Iterator[Page]:
    """One tab for every printout."""
    opened = print_browser.new_page()
    yield opened
    opened.close()


def print_pdf(tab: Page, html: str, paper: str) -> bytes:
    """``html`` printed by Chromium as the browser's print would, on ``paper``."""
    tab.set_content(html)
    return tab.pdf(format=FORMATS[paper], prefer_css_page_size=True, print_background=True)


def test_page_count_reads_chromium_pdfs(tab: Page) -> None:
    html = "<style>@page { size: A4 }</style>" + "<p style='break-after: page'>x</p>" * 3
    pdf = print_pdf(tab, html, "a4")
    assert page_count(pdf) == 3
    assert re.search(rb"/Type\s*/Pages\b.*?/Count 3\b", pdf, re.S)


@pytest.mark.parametrize("paper", sorted(FORMATS))
@pytest.mark.parametrize("kind", list(HANDOUTS))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_handout_fits_its_page_budget(tab: Page, game: str, kind: str, paper: str) -> None:
    pdf = print_pdf(tab, handout_html(game, kind, paper), paper)
    assert page_size(pdf) == MEDIA_BOX[paper]
    assert 1 <= page_count(pdf) <= page_budget(game, kind), (game, kind, paper)


#: The options that make each game's rules and turn aid longest.
LONGEST_OPTIONS: dict[str, dict[str, Any]] = {
    "scrumkin": {"rulebook": "collaborative", "drop_against_bugs": True, "counter_chains": True},
    "itstartup": {"tournament_wins": 2, "planning_bonus": True, "agent_counter": True},
    "exploding": {"direction": "counterclockwise", "mitigate": "automatic"},
    "reliz": {"scenario": "cooperation", "blitz": True},
    "release": {"points_target": 35, "style": "rulebook"},
}


@pytest.mark.parametrize("paper", sorted(FORMATS))
@pytest.mark.parametrize("kind", ["rules", "turn-aid"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_rules_fit_with_the_wordiest_options(tab: Page, game: str, kind: str,
                                                 paper: str) -> None:
    pdf = print_pdf(tab, handout_html(game, kind, paper, **LONGEST_OPTIONS[game]), paper)
    assert page_count(pdf) == 1, (game, kind, paper)


@pytest.mark.parametrize("paper", sorted(FORMATS))
@pytest.mark.parametrize("kind", list(HANDOUTS))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_handout_fits_its_page_budget_in_russian(tab: Page, game: str, kind: str,
                                                      paper: str) -> None:
    """Russian runs longer than English: every handout still fits its budget, the rules and the
    turn aid with the wordiest options."""
    options = LONGEST_OPTIONS[game] if kind in ("rules", "turn-aid") else {}
    with speaking("ru"):
        html = handout_html(game, kind, paper, **options)
    assert '<html lang="ru">' in html
    pdf = print_pdf(tab, html, paper)
    assert 1 <= page_count(pdf) <= page_budget(game, kind), (game, kind, paper)


@pytest.mark.parametrize("paper", sorted(FORMATS))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_glossary_fits_with_the_longest_meanings(
        tab: Page, game: str, paper: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real = glossary_module.meanings(game)
    words = " ".join(m.line for m in real.values())  # the game's own words, at full length
    longest = {card: Meaning(m.kind, words[i * 7:i * 7 + LONGEST_MEANING].strip())
               for i, (card, m) in enumerate(real.items())}
    assert max(len(m.line) for m in longest.values()) == LONGEST_MEANING
    monkeypatch.setattr(glossary_module, "meanings", lambda name: longest)
    pdf = print_pdf(tab, handout_html(game, "glossary", paper), paper)
    assert page_count(pdf) <= page_budget(game, "glossary"), (game, paper)


def test_a_glossary_and_a_rules_page_as_pictures(print_browser: Browser) -> None:
    """Screenshots (test-artifacts/) to judge by eye how the printed pages read."""
    tab = print_browser.new_page(viewport={"width": 703, "height": 1032}, device_scale_factor=1.5)
    try:
        tab.emulate_media(media="print")
        for game, kind in (("scrumkin", "glossary"), ("itstartup", "rules")):
            tab.set_content(handout_html(game, kind, "a4"))
            width = tab.evaluate("document.body.scrollWidth")
            assert width <= 703, (game, kind, width)  # nothing wider than the printable width
            assert save_screenshot(tab, f"handout-{game}-{kind}-a4").stat().st_size > 10_000
    finally:
        tab.close()
