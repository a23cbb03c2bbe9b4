"""Every text a phone shows in the debrief comes from the catalogue: a real server runs with a
pseudo-language whose every message is marked (⟦...⟧), made from ``devgames.pot``, and a real
Chromium phone goes through every step of a phase; every visible text, label and placeholder
must carry the mark, except what people wrote themselves (``.user-text``), the game's own words
(``.game-text``), numbers and the language's own names. Then the same page in Russian at a
phone's width: nothing clipped, nothing wider than the screen, type large enough."""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, Page, expect

from devgames import scrumkin
from devgames.dashboards.serve import LAUNCHER_SOURCE
from devgames.i18n import LOCALE_DIR
from devgames.sessions import SessionStore
from devgames.sessions.participants import STEPS
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.harness import Server, served, wait_for_app, wait_for_kernel_idle
from tests.e2e.readability import summary, unreadable
from tests.e2e.test_e2e_readable import SCREENSHOTS

pytestmark = pytest.mark.e2e

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True}
OPEN, CLOSE = "⟦", "⟧"
#: Every text inside ``roots`` (a selector) that does not come from the catalogue and is not
#: ``exempt`` (a selector); with ``title``, the page's title too.
UNMARKED = """([open, roots, exempt, title]) => {
  const close = "⟧";  // a text node may hold the end of a message marked around markup
  const shown = (el) => el && el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== "hidden";
  const exempted = (el) => el.closest(exempt);
  const plain = (text) => /^[\\d\\s:+().\\-\\/%]*$/.test(text);  // numbers, a clock, 1/4, 5%
  const found = [];
  for (const root of document.querySelectorAll(roots)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const el = node.parentElement;
      if (text && !plain(text) && shown(el) && !exempted(el) && !text.includes(open)
          && !text.includes(close)) {
        found.push(text);
      }
    }
    for (const el of root.querySelectorAll("[placeholder], [aria-label], [title]")) {
      for (const name of ["placeholder", "aria-label", "title"]) {
        const text = el.getAttribute(name);
        if (text && shown(el) && !exempted(el) && !text.includes(open)) {
          found.push(`${name} of .${[...el.classList].join('.')}: ${text}`);
        }
      }
    }
  }
  if (title && !document.title.includes(open)) found.push(`title: ${document.title}`);
  return found;
}"""
#: What a phone's page shows that is not the kit's text: what people wrote, the game's words,
#: the languages' own names.
PHONE_EXEMPT = ".user-text, .game-text, #language, script, style"
#: The same on the facilitator's app: the kit's name and version, the languages' names, names
#: and titles typed at the set-up.
APP_EXEMPT = ".dg-header h1, .dg-about h3, .dg-language, .user-text, .game-text, script, style"


def po_text(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def write_pseudo(folder: Path) -> None:
    """The pseudo-language ``qps``: every message of the template, marked."""
    with (LOCALE_DIR / "devgames.pot").open("rb") as file:
        template = [message for message in read_po(file) if message.id]
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=utf-8\\n"',
             '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', ""]
    for message in template:
        lines += [f"#: {place}" for place, _line in message.locations]
        if isinstance(message.id, tuple):
            singular, plural = message.id
            lines += [f"msgid {po_text(singular)}", f"msgid_plural {po_text(plural)}",
                      f"msgstr[0] {po_text(OPEN + singular + CLOSE)}",
                      f"msgstr[1] {po_text(OPEN + plural + CLOSE)}", ""]
        else:
            text = str(message.id)
            lines += [f"msgid {po_text(text)}", f"msgstr {po_text(OPEN + text + CLOSE)}", ""]
    target = folder / "qps" / "LC_MESSAGES"
    target.mkdir(parents=True)
    (target / "devgames.po").write_text("\n".join(lines), encoding="utf-8")


@pytest.fixture(scope="module")
def pseudo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The kit served with the catalogues of the pseudo-language and Russian only."""
    folder = tmp_path_factory.mktemp("locale")
    write_pseudo(folder)
    russian = folder / "ru" / "LC_MESSAGES"
    russian.mkdir(parents=True)
    (russian / "devgames.po").write_bytes(
        (LOCALE_DIR / "ru" / "LC_MESSAGES" / "devgames.po").read_bytes())
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DEVGAMES_LOCALE_DIR", str(folder))
        with served(LAUNCHER_SOURCE, tmp_path_factory.mktemp("voila"),
                    name="devgames.ipynb") as server:
            yield server


def phone(browser: Browser, server: Server, language: str) -> Page:
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": "dg-lang", "value": language, "url": server.device_url}])
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return page


def lead(server: Server, number: int, step: str) -> None:
    with SessionStore(server.db) as store:
        store.set_meta(number, ("debrief", "phone_steps", "what"), step)
        store.reveal(number, "what")


def test_every_text_of_a_phones_debrief_comes_from_the_catalogue(
        pseudo_server: Server, browser: Browser) -> None:
    with SessionStore(pseudo_server.db) as store:
        number = store.create(scrumkin.new_game(["Red", "Blue"], seed=2), title="Pseudo")
        code = store.open_debrief(number)
        store.set_meta(number, ("timer",), {"duration": 300, "elapsed": 0, "started_at": 0})
    page = phone(browser, pseudo_server, "qps")
    page.goto(f"{pseudo_server.device_url}d/{code}")
    expect(page.locator(".steps .now")).to_have_text(f"{OPEN}Think{CLOSE}")
    for count, note in enumerate(("<b>We never paired</b>", "Bugs piled up"), start=1):
        page.locator("#note").fill(note)
        page.locator(".send").click()
        expect(page.locator(".note")).to_have_count(count)
    page.locator("#name").fill("Ana")
    page.locator(".named button").click()
    problems: dict[str, list[str]] = {}
    for step in STEPS:
        if step != "think":
            lead(pseudo_server, number, step)
            expect(page.locator(".steps .now")).to_contain_text(OPEN)
            expect(page.locator(".steps li").nth(STEPS.index(step))).to_have_class("now")
        if step == "vote":
            page.locator("button.dot").first.click()
            expect(page.locator("button.undot")).to_have_count(1)
        unmarked = page.evaluate(UNMARKED, [OPEN, "body", PHONE_EXEMPT, True])
        if unmarked:
            problems[step] = unmarked
    assert not problems, f"texts not from the catalogue: {problems}"


def test_the_debrief_in_russian_reads_on_a_phone(pseudo_server: Server,
                                                 browser: Browser) -> None:
    with SessionStore(pseudo_server.db) as store:
        number = store.create(scrumkin.new_game(["Red", "Blue"], seed=3), title="Русский")
        code = store.open_debrief(number)
    page = phone(browser, pseudo_server, "ru")
    page.goto(f"{pseudo_server.device_url}d/{code}")
    expect(page.locator(".steps .now")).to_have_text("Думаем")
    page.locator("#note").fill("Мы ни разу не работали в паре")
    page.locator(".send").click()
    expect(page.locator(".note")).to_have_count(1)
    for step in ("group", "vote"):
        lead(pseudo_server, number, step)
        expect(page.locator(".steps .now")).to_have_text(
            {"group": "Группируем", "vote": "Голосуем"}[step])
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390
        problems = [problem for problem in unreadable(page, min_px=16)
                    if problem["kind"] not in ("page scroll", "off screen")]  # a phone scrolls
        assert not problems, summary(problems)
    expect(page.locator(".dots")).to_have_text("Осталось 3 точки.")
    page.locator("#language").select_option("en")  # the person's own choice, kept
    expect(page.locator(".steps .now")).to_have_text("Vote")
    page.reload()
    expect(page.locator(".steps .now")).to_have_text("Vote")
    page.locator("#language").select_option("ru")
    expect(page.locator(".steps .now")).to_have_text("Голосуем")
    page.screenshot(path=SCREENSHOTS / "debrief-phone-ru.png", full_page=True)


def facilitator(browser: Browser, language: str, width: int = 1280,
                height: int = 720) -> Page:
    """The facilitator's page in a browser that chose ``language`` before (the app keeps the
    choice in the browser)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(f"localStorage.setItem('devgames-language', '{language}');")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return page


def pseudo_launcher(browser: Browser, server: Server) -> Page:
    """The facilitator's launcher, drawn in the pseudo-language."""
    page = facilitator(browser, "qps")
    page.goto(server.url)
    wait_for_app(page, ".dg-launcher")
    expect(page.locator(".dg-launcher-heading")).to_contain_text(OPEN)
    return page


def unmarked(page: Page, root: str = ".dg-app") -> list[str]:
    """The texts inside ``root`` of the facilitator's page that are not the catalogue's."""
    return page.evaluate(UNMARKED, [OPEN, root, APP_EXEMPT, False])


def test_every_text_of_the_launcher_comes_from_the_catalogue(pseudo_server: Server,
                                                              browser: Browser) -> None:
    with SessionStore(pseudo_server.db) as store:
        store.create(scrumkin.new_game(["Red", "Blue"], seed=4), title="Launcher in qps")
    page = pseudo_launcher(browser, pseudo_server)
    wait_for_kernel_idle(page)
    problems = {"launcher": unmarked(page)}
    page.locator(".dg-rename").first.click()
    expect(page.locator(".dg-rename-title")).to_have_count(1)
    problems["rename"] = unmarked(page)
    page.locator(".dg-rename-cancel").click()
    page.locator(".dg-delete").first.click()
    expect(page.locator(".dg-delete-question")).to_contain_text(OPEN)
    problems["delete"] = unmarked(page)
    page.locator(".dg-about-toggle").click()
    expect(page.locator(".dg-about")).to_be_visible()
    problems["about"] = unmarked(page, ".dg-about")
    assert not any(problems.values()), f"texts not from the catalogue: {problems}"
    page.context.close()


def test_the_launcher_in_russian_reads_from_the_back_of_the_room(pseudo_server: Server,
                                                                  browser: Browser) -> None:
    with SessionStore(pseudo_server.db) as store:
        store.create(scrumkin.new_game(["Очень длинное название команды", "Синие"], seed=5),
                     title="Ретроспектива спринта")
    page = facilitator(browser, "ru")
    page.goto(pseudo_server.url)
    wait_for_app(page, ".dg-launcher")
    expect(page.locator(".dg-launcher-heading")).to_have_text("Начать сессию")
    wait_for_kernel_idle(page)
    problems = unreadable(page)
    assert not problems, summary(problems)
    page.screenshot(path=SCREENSHOTS / "launcher-ru.png")
    page.context.close()


@pytest.mark.parametrize("game", ["scrumkin", "itstartup", "exploding", "release", "reliz"])
def test_every_text_of_the_set_up_form_comes_from_the_catalogue(
        pseudo_server: Server, browser: Browser, game: str) -> None:
    page = pseudo_launcher(browser, pseudo_server)
    page.locator(f".dg-new-{game}").click()
    expect(page.locator(".dg-start")).to_contain_text(OPEN)
    wait_for_kernel_idle(page)
    problems = {"seats": unmarked(page)}
    page.locator(".dg-more .p-Accordion-child, .dg-more .lm-AccordionPanel-title, "
                 ".dg-more .jupyter-widget-Collapse-header").first.click()
    expect(page.locator(".dg-to-seats")).to_be_visible()
    problems["more rules"] = unmarked(page)
    assert not any(problems.values()), f"texts not from the catalogue: {problems}"
    page.context.close()


def test_every_text_of_the_planner_comes_from_the_catalogue(pseudo_server: Server,
                                                             browser: Browser) -> None:
    page = pseudo_launcher(browser, pseudo_server)
    page.locator(".dg-open-planner").click()
    # The first opening loads the simulation's libraries in the kernel: slow on a busy machine.
    expect(page.locator(".dg-plan-run")).to_contain_text(OPEN, timeout=60_000)
    expect(page.locator(".dg-plan-pace")).to_contain_text(OPEN)
    wait_for_kernel_idle(page)
    problems = unmarked(page)
    assert not problems, f"texts not from the catalogue: {problems}"
    page.context.close()

#: On a table besides: the values of the charts' axes (teams, sprints) and a seat's team name
#: heading its list in the facilitator's drawer, as typed.
TABLE_EXEMPT = (f"{APP_EXEMPT}, .js-plotly-plot .xaxislayer-above, "
                ".js-plotly-plot .yaxislayer-above, .dg-seat-choice > label")


#: A mid-game table of each game: its teams and how many moves are played first.
TABLES = {"scrumkin": (["Red", "Blue", "Green"], 12), "itstartup": (["Ada", "Bob", "Cy"], 12),
          "exploding": (["Ada", "Bob", "Cy"], 10), "release": (["Ada", "Bob", "Cy", "Di"], 10),
          "reliz": (["Red", "Blue", "Green"], 12)}


def pseudo_session(server: Server, browser: Browser, game: str, names: list[str],
                   ready: str, moves: int = 1_000_000) -> Page:
    """A session of ``game`` played at random for ``moves`` moves (by default to its end),
    every seat at the screen, opened in the pseudo-language at 1920x1080 once ``ready`` shows."""
    from devgames import game_module
    from devgames.core.bots import RandomBot, play_out
    from devgames.sessions.table import seats_meta

    table = game_module(game).new_game(names, seed=8)
    play_out(table, {seat: RandomBot(seat) for seat in range(len(names))}, max_actions=moves)
    table.meta["seats"] = seats_meta(table, {}, True)
    with SessionStore(server.db) as store:
        number = store.create(table, title=f"Pseudo {game}")
    page = facilitator(browser, "qps", 1920, 1080)
    page.goto(f"{server.url}#session={number}")
    wait_for_app(page, ready)
    return page


@pytest.mark.parametrize("game", list(TABLES))
def test_every_text_of_a_table_comes_from_the_catalogue(pseudo_server: Server, browser: Browser,
                                                          game: str) -> None:
    """A table mid-game, its hand open, then the facilitator's drawer: every text is the
    catalogue's, a card's printed name (``.game-text``) or a team's name as typed
    (``.user-text``)."""
    names, moves = TABLES[game]
    page = pseudo_session(pseudo_server, browser, game, names, ".dg-table-view", moves)
    expect(page.locator(".dg-admin-toggle")).to_contain_text(OPEN)
    wait_for_kernel_idle(page)
    problems = {"table": page.evaluate(UNMARKED, [OPEN, ".dg-app", TABLE_EXEMPT, False])}
    if page.locator(".dg-reveal").count():
        page.locator(".dg-reveal").first.click()
        expect(page.locator(".dg-hide")).to_be_visible()
        problems["hand"] = page.evaluate(UNMARKED, [OPEN, ".dg-app", TABLE_EXEMPT, False])
    page.locator(".dg-admin-toggle").click()
    problems["drawer"] = page.evaluate(UNMARKED, [OPEN, ".dg-admin", TABLE_EXEMPT, False])
    assert not any(problems.values()), f"texts not from the catalogue: {problems}"
    page.context.close()


def test_every_text_of_the_facilitators_debrief_comes_from_the_catalogue(
        pseudo_server: Server, browser: Browser) -> None:
    """A finished game's debrief on the projector, phase by phase: every text is the
    catalogue's, the game's or the people's."""
    page = pseudo_session(pseudo_server, browser, "scrumkin", ["Red", "Blue", "Green"],
                          ".dg-debrief-tabs")
    problems = {}
    tabs = page.locator(".dg-debrief-tabs button")
    for index in range(tabs.count()):
        tabs.nth(index).click()
        wait_for_kernel_idle(page)
        problems[f"phase {index + 1}"] = page.evaluate(UNMARKED, [OPEN, ".dg-app", TABLE_EXEMPT,
                                                                  False])
    assert not any(problems.values()), f"texts not from the catalogue: {problems}"
    page.context.close()
