"""Fixtures of the browser tests: real Voilà servers and Debian's headless Chromium.

- ``serve_notebook(notebook, name=...)``: serve a notebook (a path, or the source of its one
  code cell) on a free port, with a store of its own; every server stops at the end.
- ``voila_server``: the launcher, served as ``devgames serve`` serves it (one per worker).
- ``browser`` / ``context`` / ``page``: pytest-playwright's fixtures, made to launch
  ``/usr/bin/chromium``; a new context per test, and a screenshot in ``test-artifacts/`` when
  a test fails.

Without Chromium the browser tests are skipped, except on CI (``$CI`` set), where they fail.
"""

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from devgames.dashboards.serve import LAUNCHER_SOURCE
from tests.e2e.harness import (
    Server,
    chromium_launch_options,
    chromium_missing_reason,
    save_screenshot,
    served,
)

#: How long a browser step may take on a busy 2-core machine.
TIMEOUT_MS = 60_000

ServeNotebook = Callable[..., Server]
FAILED = pytest.StashKey[bool]()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test of this folder ``e2e``."""
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Remember whether the test itself failed, for the screenshot of the page."""
    report = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
    return report


@pytest.fixture(scope="session")
def serve_notebook(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeNotebook]:
    """A factory: ``serve_notebook(notebook_or_source, name="page.ipynb") -> Server``."""
    with contextlib.ExitStack() as servers:

        def start(notebook: Path | str, name: str = "page.ipynb") -> Server:
            folder = tmp_path_factory.mktemp("voila")
            return servers.enter_context(served(notebook, folder, name=name))

        yield start


@pytest.fixture(scope="session")
def voila_server(serve_notebook: ServeNotebook) -> Server:
    """The launcher notebook, served with ``DEVGAMES_DB`` in a temporary folder."""
    return serve_notebook(LAUNCHER_SOURCE, name="devgames.ipynb")


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    """Launch Debian's Chromium (pytest-playwright's ``browser`` fixture uses these)."""
    reason = chromium_missing_reason()
    if reason and os.environ.get("CI"):
        pytest.fail(reason + " On CI the browser tests must run.", pytrace=False)
    if reason:
        pytest.skip(reason)
    return chromium_launch_options()


@pytest.fixture(scope="session")
def browser_context_args() -> dict[str, Any]:
    """Plain contexts (no device emulation, video or base URL)."""
    return {}


@pytest.fixture
def page(context: BrowserContext, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A new page in a new context, screenshot into ``test-artifacts/`` if the test fails.

    At the end the page is left for ``about:blank``, so that Voilà shuts its kernel down.
    """
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    yield page
    with contextlib.suppress(Exception):
        if request.node.stash.get(FAILED, False):
            save_screenshot(page, request.node.nodeid.replace("/", "_"))
        page.goto("about:blank")
