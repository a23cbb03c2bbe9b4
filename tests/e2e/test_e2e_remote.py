"""A remote workshop through a real HTTPS proxy: `devgames serve --public-url` behind Debian's
Caddy on this machine, with a certificate issued here (:mod:`tests.e2e.proxy`).

What people anywhere rely on: the facilitator's app answers nothing without its password, then
runs through the proxy (its kernel's websocket included); a team's phone plays, a participant
writes a debrief note and the audience follows the table, all over HTTPS at the public address;
and the limits per person count the person's real address, whatever forwarded headers a request
carries.
"""

import http.client
import re
import time
from collections.abc import Iterator
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from devgames import scrumkin
from devgames.devices.server import FREE_FAILURES, HEADERS
from devgames.sessions import SessionStore
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.harness import wait_for_app
from tests.e2e.proxy import PASSWORD, PREFIX, Workshop, caddy_missing, remote_workshop

pytestmark = pytest.mark.e2e

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True}
#: A token of the right shape that opens no seat.
WRONG_TOKEN = "A" * 22


@pytest.fixture(scope="module")
def workshop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workshop]:
    reason = caddy_missing()
    if reason:
        pytest.fail(reason, pytrace=False)
    with remote_workshop(tmp_path_factory.mktemp("remote")) as shop:
        yield shop


@pytest.fixture
def remote_context(browser: Browser) -> Iterator[BrowserContext]:
    """A browser context for the workshop's address. Chromium does not know the test's
    authority: the certificate is checked by the HTTP tests (:meth:`Workshop.context`)."""
    context = browser.new_context(ignore_https_errors=True)
    context.set_default_timeout(TIMEOUT_MS)
    yield context
    context.close()


def ask(shop: Workshop, method: str, path: str, body: str | None = None,
        headers: dict[str, str] | None = None,
        source: str = "127.0.0.1") -> tuple[int, dict[str, str], str]:
    """One HTTPS request to the proxy: (status, headers, body)."""
    connection = shop.connection(source)
    try:
        connection.request(method, PREFIX + path, body, headers or {})
        answer = connection.getresponse()
        text = answer.read().decode(errors="replace")
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, text
    finally:
        connection.close()


def log_in(shop: Workshop) -> str:
    """The facilitator's cookie, given for the password."""
    status, headers, _body = ask(shop, "POST", "/login", urlencode({"password": PASSWORD}),
                                 {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 302, status
    cookie = SimpleCookie(headers["set-cookie"])
    return "; ".join(f"{name}={morsel.value}" for name, morsel in cookie.items())


def test_the_facilitators_app_answers_nothing_without_its_password(workshop: Workshop) -> None:
    status, headers, _body = ask(workshop, "GET", "/")
    assert status == 302 and headers["location"].endswith(f"{PREFIX}/login")
    status, headers, _body = ask(workshop, "GET", "/login")
    assert status == 200 and headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["strict-transport-security"].startswith("max-age=")
    kernel = "/api/kernels/1b2c3d4e-0000-4000-8000-000000000000"
    for path in ("/api/kernels", kernel, kernel + "/channels", "/voila/static/voila.js",
                 "/voila/render/devgames.ipynb", "/api/contents"):
        assert ask(workshop, "GET", path)[0] == 403, path
    # Nor by the app's own port, bypassing the proxy.
    direct = http.client.HTTPConnection("127.0.0.1", workshop.app_port, timeout=30)
    direct.request("GET", f"{PREFIX}/api/kernels")
    assert direct.getresponse().status == 403
    direct.close()
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    status, headers, body = ask(workshop, "POST", "/login", "password=guess", form)
    assert status == 403 and "Wrong password" in body and "set-cookie" not in headers
    status, headers, _body = ask(workshop, "GET", "/login?key=not-the-key")
    assert status == 403 and "set-cookie" not in headers  # no one-time link: a password is set
    status, headers, _body = ask(workshop, "POST", "/login",
                                 urlencode({"password": PASSWORD}), form)
    assert status == 302 and headers["location"] == f"{PREFIX}/"
    cookie = headers["set-cookie"]
    for attribute in ("Secure", "HttpOnly", "SameSite=Strict", f"Path={PREFIX}/"):
        assert attribute in cookie, cookie
    status, _headers, body = ask(workshop, "GET", "/", headers={"Cookie": log_in(workshop)})
    assert status == 200 and "voila" in body.lower()
    forged = {"Cookie": "dg-facilitator=" + "2|1:0|10:1800000000|14:dg-facilitator|4:MQ==|00"}
    assert ask(workshop, "GET", "/api/kernels", headers=forged)[0] == 403


def test_the_facilitator_logs_in_and_runs_the_app_through_the_proxy(
        workshop: Workshop, remote_context: BrowserContext) -> None:
    page = remote_context.new_page()
    page.goto(workshop.url + "/")
    expect(page.locator("h1")).to_have_text("The facilitator's app")
    page.locator("#password").fill("not it")
    page.locator("button[type=submit]").click()
    expect(page.locator(".error")).to_have_text("Wrong password.")
    page.locator("#password").fill(PASSWORD)
    page.locator("button[type=submit]").click()
    wait_for_app(page)  # the page's kernel answers through the proxy's websocket
    expect(page.locator(".dg-app")).to_contain_text("devgames")
    page.goto("about:blank")


def test_a_team_moves_a_viewer_follows_and_a_participant_writes_over_https(
        workshop: Workshop, browser: Browser) -> None:
    with SessionStore(workshop.db) as store:
        number = store.create(scrumkin.new_game(["Red", "Blue"], seed=3), title="Remote")
        token = store.issue_link(number, 0)
        audience_token = store.audience_link(number)
        before = store.revision(number)
    context = browser.new_context(ignore_https_errors=True, **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    failed: list[str] = []
    context.on("requestfailed", lambda request: failed.append(request.url) if
               request.resource_type in ("document", "script", "stylesheet") else None)
    viewer = context.new_page()  # someone at home, following the table
    viewer.goto(f"{workshop.url}/a/{audience_token}")
    expect(viewer.locator(".line")).to_have_text("Red makes move 1 of 2.")
    phone = context.new_page()
    phone.goto(f"{workshop.url}/t/{token}")
    expect(phone.locator(".team")).to_have_text("Red")
    phone.locator(".moves button.move").first.click()
    deadline = time.monotonic() + 10
    with SessionStore(workshop.db) as store:
        while store.revision(number) == before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert store.revision(number) > before
        waiting = str(store.resume(number).view(None)["waiting_for"])
        code = store.open_debrief(number)
    expect(viewer.locator(".line")).to_have_text(waiting, timeout=2_000)
    viewer.wait_for_function("() => document.querySelector('.chart .main-svg')")
    phone.goto(f"{workshop.url}/d/{code}")
    phone.locator("#note").fill("We waited for the <b>other</b> team")
    phone.locator(".send").click()
    expect(phone.locator(".note.mine")).to_have_count(1)
    with SessionStore(workshop.db) as store:
        assert store.hidden_count(number, "what") == 1
    assert failed == []  # every script and style came through the proxy, under its path
    context.close()


def slowed(shop: Workshop, source: str, forged: str | None, times: int) -> list[float]:
    """Seconds of ``times`` wrong tokens sent from ``source`` through the proxy, each with a new
    forged ``X-Forwarded-For`` (``forged`` with a count) if given."""
    spent = []
    for n in range(times):
        headers = {"X-Forwarded-For": f"{forged}{n}"} if forged else {}
        start = time.monotonic()
        status = ask(shop, "GET", f"/t/{WRONG_TOKEN}", headers=headers, source=source)[0]
        spent.append(time.monotonic() - start)
        assert status == 403
    return spent


def test_limits_count_the_persons_real_address_and_forged_headers_are_ignored(
        workshop: Workshop) -> None:
    # Behind the proxy, each person is the address the proxy saw: a forged X-Forwarded-For
    # (a new one at each try) does not make a new person.
    tries = slowed(workshop, "127.0.0.5", "203.0.113.", FREE_FAILURES + 1)
    assert max(tries[:FREE_FAILURES]) < 0.4 and tries[-1] >= 0.45, tries
    assert slowed(workshop, "127.0.0.6", None, 1)[0] < 0.4  # another person is not slowed
    # Straight to the devices' port from an address that is not the proxy's: its forwarded
    # header is not believed either.
    spent = []
    for n in range(FREE_FAILURES + 1):
        direct = http.client.HTTPConnection("127.0.0.1", workshop.device_port, timeout=30,
                                            source_address=("127.0.0.7", 0))
        start = time.monotonic()
        direct.request("GET", f"{PREFIX}/t/{WRONG_TOKEN}",
                       headers={"X-Forwarded-For": f"198.51.100.{n}"})
        assert direct.getresponse().status == 403
        spent.append(time.monotonic() - start)
        direct.close()
    assert spent[-1] >= 0.45, spent
    # A page of another site is refused; the public address's own pages are not.
    assert ask(workshop, "GET", f"/t/{WRONG_TOKEN}", source="127.0.0.8",
               headers={"Origin": "https://evil.example"})[0] == 403
    status, headers, body = ask(workshop, "GET", f"/t/{WRONG_TOKEN}", source="127.0.0.9",
                                headers={"Origin": workshop.public.origin})
    assert status == 403 and "does not open a team" in body
    assert f'href="{PREFIX}/static/device.css"' in body
    for name, value in HEADERS.items():  # the same headers as on this machine, and HSTS
        assert headers[name.lower()] == value, name
    assert headers["strict-transport-security"].startswith("max-age=")


def test_a_one_time_login_link_works_once(tmp_path: Path) -> None:
    reason = caddy_missing()
    if reason:
        pytest.fail(reason, pytrace=False)
    with remote_workshop(tmp_path, password=None) as shop:
        log = (tmp_path / "serve.log").read_text()
        found = re.search(r"logs in once at (\S+)", log)
        assert found, log
        link = found.group(1)
        assert link.startswith(shop.url + "/login?key=")
        path = link[len(shop.url):]
        status, headers, _body = ask(shop, "GET", path)
        assert status == 302 and "Secure" in headers["set-cookie"]
        status, headers, body = ask(shop, "GET", path)  # the second time: refused
        assert status == 403 and "set-cookie" not in headers and "used already" in body
        assert ask(shop, "POST", "/login", "password=", {
            "Content-Type": "application/x-www-form-urlencoded"})[0] == 403
