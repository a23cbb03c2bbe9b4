"""The Voilà server of `devgames serve`: the launcher renders, and nothing else is served."""

import html
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page

from devgames.dashboards.serve import LAUNCHER_SOURCE, command_line, port_is_free, stop_server
from tests.e2e.conftest import ServeNotebook
from tests.e2e.harness import (
    ROOT,
    Server,
    kill_groups,
    page_kernel_id,
    wait_for_app,
    wait_for_kernel_idle,
    wait_until_gone,
)


@dataclass(frozen=True)
class Answer:
    """What the server sent back for one GET, after redirects."""

    status: int
    url: str
    headers: dict[str, str]
    body: str


def get(url: str) -> Answer:
    """GET ``url`` following redirects, error statuses included."""
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return Answer(response.status, response.url, dict(response.headers),
                          response.read().decode("utf-8", "replace"))
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.url, dict(error.headers),
                      error.read().decode("utf-8", "replace"))


@pytest.fixture(scope="module")
def launcher_page(voila_server: Server) -> Answer:
    """The launcher page as the server sends it (one GET: each one costs a kernel)."""
    return get(voila_server.url)


def test_the_launcher_renders_in_chromium(voila_server: Server, page: Page) -> None:
    page.goto(voila_server.url)
    wait_for_app(page)
    assert page.locator(".dg-app").is_visible()
    assert voila_server.page_kernel_pid(page) in voila_server.kernel_pids()


def test_a_killed_kernel_is_found_and_a_reload_gets_a_new_one(voila_server: Server,
                                                             page: Page) -> None:
    page.goto(voila_server.url)
    wait_for_app(page)
    first = page_kernel_id(page)
    pid = voila_server.kill_page_kernel(page)
    assert pid not in voila_server.kernel_pids()
    page.reload()
    wait_for_app(page)
    assert page_kernel_id(page) != first
    assert page.locator(".dg-app").is_visible()


def test_leaving_the_page_shuts_its_kernel_down(voila_server: Server, page: Page) -> None:
    page.goto(voila_server.url)
    wait_for_app(page)
    kernel = voila_server.page_kernel_pid(page)
    page.goto("about:blank")  # Voilà's page asks the server to shut its kernel down on unload
    wait_until_gone(kernel, timeout=30)


def test_the_page_forbids_framing_by_other_sites(launcher_page: Answer) -> None:
    assert launcher_page.status == 200
    policy = launcher_page.headers["Content-Security-Policy"]
    assert "frame-ancestors 'self'" in [part.strip() for part in policy.split(";")]
    assert launcher_page.headers["X-Frame-Options"] == "SAMEORIGIN"


def test_the_app_asks_nothing_of_another_host(voila_server: Server, page: Page) -> None:
    """A workshop's network may be slow, captive or absent: from the launcher to a table with
    its charts, the page fetches nothing from another host. What Voilà's page links elsewhere
    (icons on a CDN) is refused by the page's own policy before any network is involved."""
    here = voila_server.url.rstrip("/")
    elsewhere: list[str] = []
    refused: list[str] = []

    def local(url: str) -> bool:
        return url.startswith((here, "data:", "blob:"))

    page.on("request", lambda request: None if local(request.url)
            else elsewhere.append(request.url))
    page.on("requestfailed", lambda request: refused.append(request.url)
            if "csp" in (request.failure or "").lower() else None)
    page.goto(voila_server.url)
    wait_for_app(page)
    page.click(".dg-new-scrumkin")
    page.locator(".dg-setup").wait_for()
    wait_for_kernel_idle(page)
    page.click(".dg-start")
    page.locator(".dg-table-view .js-plotly-plot .main-svg").first.wait_for()
    wait_for_kernel_idle(page)
    assert sorted(elsewhere) == sorted(refused)


def test_the_page_carries_no_notebook_source(launcher_page: Answer) -> None:
    assert "jupyter-config-data" in launcher_page.body  # a rendered Voilà page
    # Shown sources are highlighted, one <span> per token: compare the text without tags.
    text = html.unescape(re.sub(r"<[^>]+>", "", launcher_page.body))
    for line in filter(None, LAUNCHER_SOURCE.splitlines()):
        assert line not in text


@pytest.mark.parametrize("path", [
    "voila/files/devgames.ipynb",       # the notebook itself
    "voila/files/sessions.sqlite",      # the store, in the served folder
    "voila/files/server.log",
    "voila/files/picture.png",          # Voilà's default allowlist would serve images
    "devgames.ipynb",                   # any other path redirects to /voila/files/
    "api/contents",
    "api/contents/devgames.ipynb",
    "voila/render/devgames.ipynb",
    "voila/tree",
    "voila/api/contents",
    "api/kernels",
    "api/sessions",
    "voila/static/..%2F..%2F..%2F..%2Fetc%2Fpasswd",
    "voila/templates/..%2F..%2F..%2F..%2Fetc%2Fpasswd",
])
def test_no_file_is_served(voila_server: Server, path: str) -> None:
    (voila_server.notebook.parent / "picture.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    answer = get(voila_server.url + path)
    assert answer.status >= 400, (answer.status, answer.url)
    for secret in ('"nbformat"', "SQLite format", "root:", "PNG", "Traceback"):
        assert secret not in answer.body


def test_stopping_the_server_stops_its_kernels(serve_notebook: ServeNotebook) -> None:
    server = serve_notebook("print('hello')")
    server.wait_until_quiet(quiet=0.3)
    kernels = server.kernel_pids()
    assert kernels, "the preheated kernel is missing"
    stop_server(server.process)
    assert server.process.returncode is not None
    for pid in kernels:
        wait_until_gone(pid, timeout=5)


#: A test run in a process of its own: it serves a notebook with the harness, prints the pids of
#: the server and its kernels, and waits.
TEST_RUN = """\
import sys, time
from pathlib import Path
from tests.e2e.harness import served
with served("print('hello')", Path(sys.argv[1])) as server:
    while not server.kernel_pids():
        time.sleep(0.05)
    print(server.process.pid, *server.kernel_pids(), flush=True)
    time.sleep(600)
"""


def test_a_test_run_killed_hard_leaves_no_server(tmp_path: Path) -> None:
    """A test run killed by a timeout cleans nothing up: its server and kernels stop anyway."""
    run = subprocess.Popen([sys.executable, "-c", TEST_RUN, str(tmp_path)], cwd=ROOT,
                           stdout=subprocess.PIPE, text=True, start_new_session=True)
    processes: list[int] = []
    try:
        assert run.stdout is not None
        processes = [int(pid) for pid in run.stdout.readline().split()]
        assert len(processes) >= 2, "the server and its preheated kernel"
        port = int(next(part[7:] for part in command_line(processes[0])
                        if part.startswith("--port=")))

        run.kill()
        run.wait()
        for pid in processes:
            wait_until_gone(pid, timeout=20)
        deadline = time.monotonic() + 10  # the kernel closes a dead server's socket just after
        while not port_is_free(port):
            assert time.monotonic() < deadline, f"port {port} still busy"
            time.sleep(0.05)
    finally:
        kill_groups([run.pid, *processes])
        run.wait()
