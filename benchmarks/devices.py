"""The team devices' benchmark: what 8 teams on their own devices cost, against a Voilà page per
device (the design not taken), measured in one run.

One Voilà server serves the facilitator app and, next to it, the devices' pages. A Scrumkin
session of 8 teams is set up on the projector's page; each team is given a link, and each link
is opened in a browser context of its own (a phone of 390x844, its cache empty), which then
follows its team's state. Measured:

- **memory**: resident memory (``VmRSS``) of the Voilà server process and of all its kernels
  (the projector's and the preheated one), before and after the 8 devices connected;
- **device page to interactive**: from navigation start until the page shows its team's status
  (and its move buttons, for the team to play), in the page (``performance.now()``);
- **a Voilà page per device**: the same, for ``minimal.ipynb`` (one button, one chart) served by
  a Voilà server of its own, opened as a device would first open it (a new context), and the
  memory of the kernel each such page needs.

Run from the repository root::

    .venv/bin/python benchmarks/devices.py
    .venv/bin/python benchmarks/devices.py --voila-pages 5 --json devices.json
"""

import argparse
import contextlib
import json
import math
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``tests.e2e.harness`` importable
    sys.path.insert(0, str(ROOT))

from benchmarks.dashboard import INTERACTIVE_JS, leave  # noqa: E402
from devgames.dashboards.join_panel import link_of  # noqa: E402
from devgames.dashboards.serve import LAUNCHER_SOURCE  # noqa: E402
from devgames.sessions import SessionStore  # noqa: E402
from tests.e2e.harness import (  # noqa: E402
    Server,
    chromium_launch_options,
    chromium_missing_reason,
    cpu_ticks,
    rss_bytes,
    served,
    wait_for_app,
    wait_for_kernel_idle,
)

HERE = Path(__file__).resolve().parent
TEAMS = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Pink", "Grey"]
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True}
#: Budgets: the server and its kernels with 8 devices, a device page's time to interactive.
MEMORY_BUDGET_MB = 2048.0
LOAD_BUDGET_MS = 3000.0
TIMEOUT_MS = 120_000

#: In a device page: ms since navigation start once the team's status is shown, with its moves
#: when the team is to play.
DEVICE_READY_JS = """() => {
    const status = document.querySelector(".status");
    if (!status || !status.textContent.trim()) return false;
    const mine = document.body.classList.contains("my-move");
    return !mine || document.querySelector(".moves button") ? performance.now() : false;
}"""


def megabytes(pids: Sequence[int]) -> float:
    """Resident memory of the live processes of ``pids``, in MB."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError, ValueError):
            total += rss_bytes(pid)
    return total / 2**20


def server_mb(server: Server) -> dict[str, float]:
    """Resident memory of a Voilà server process and of its kernels, in MB."""
    kernels = server.kernel_pids()
    return {"server": round(megabytes([server.process.pid]), 1),
            "kernels": round(megabytes(kernels), 1), "kernel_count": len(kernels),
            "total": round(megabytes([server.process.pid, *kernels]), 1)}


def wait_until_calm(servers: Sequence[Server], share: float = 0.05,
                    timeout: float = 90.0) -> None:
    """Wait until ``servers`` and their kernels use less than ``share`` of a core over a second.

    Never quite idle: the devices' server looks at the store ten times a second, and the
    projector's page asks its kernel twice a second whether the store moved on.
    """
    deadline = time.monotonic() + timeout
    per_second = os.sysconf("SC_CLK_TCK")
    while time.monotonic() < deadline:
        pids = [pid for server in servers for pid in (server.process.pid, *server.kernel_pids())]
        ticks = cpu_ticks(pids)
        time.sleep(1.0)
        if cpu_ticks(pids) - ticks <= share * per_second:
            return
    raise TimeoutError(f"the servers still use the CPU after {timeout:g} s")


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (nearest rank).

    >>> percentile([100.0, 300.0, 200.0, 400.0], 0.95), percentile([5.0], 0.5)
    (400.0, 5.0)
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def set_up_teams(page: Page, server: Server) -> int:
    """Start a Scrumkin session of :data:`TEAMS` on the projector's page; its number."""
    page.goto(server.url)
    wait_for_app(page, timeout_ms=TIMEOUT_MS)
    page.click(".dg-new-scrumkin")
    page.locator(".dg-setup").wait_for()
    names = page.locator(".dg-seat-name input")
    while names.count() < len(TEAMS):
        count = names.count()
        page.locator(".dg-add-seat").click()
        expect(names).to_have_count(count + 1)
    for index, name in enumerate(TEAMS):
        names.nth(index).fill(name)
        names.nth(index).press("Enter")
    wait_for_kernel_idle(page)
    page.click(".dg-start")
    page.locator(".dg-table-view").wait_for()
    wait_for_kernel_idle(page)
    found = re.search(r"#session=(\d+)", page.url)
    if found is None:
        raise RuntimeError(f"the address {page.url} names no session")
    return int(found.group(1))


def open_device(browser: Browser, address: str) -> tuple[BrowserContext, float]:
    """Open a team's address in a new phone context; the page's ms to interactive."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(address, wait_until="commit")
    ready = page.wait_for_function(DEVICE_READY_JS, polling="raf")
    return context, float(ready.json_value())


def voila_page(browser: Browser, server: Server) -> tuple[float, float]:
    """Open the Voilà page as a device would (a new context); its ms to interactive and the MB
    of the kernel it needs. The page is left afterwards and its kernel shut down."""
    context = browser.new_context(**PHONE)
    try:
        context.set_default_timeout(TIMEOUT_MS)
        page = context.new_page()
        page.goto(server.url, wait_until="commit")
        ready = float(page.wait_for_function(INTERACTIVE_JS, polling="raf").json_value())
        wait_for_kernel_idle(page, timeout_ms=TIMEOUT_MS)
        kernel = server.page_kernel_pid(page)
        memory = rss_bytes(kernel) / 2**20
        leave(page, kernel)
        return ready, memory
    finally:
        context.close()


def run(voila_pages: int = 3, settle: float = 5.0) -> dict[str, Any]:
    """Measure the devices and the Voilà pages; every figure, as plain data."""
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="devgames-dev-")))
        app = stack.enter_context(served(LAUNCHER_SOURCE, folder / "app", name="devgames.ipynb"))
        minimal = stack.enter_context(served(HERE / "minimal.ipynb", folder / "minimal"))
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(**chromium_launch_options())
        stack.callback(browser.close)
        projector = browser.new_context(viewport={"width": 1280, "height": 720})
        stack.callback(projector.close)
        projector.set_default_timeout(TIMEOUT_MS)
        page = projector.new_page()
        session = set_up_teams(page, app)
        with SessionStore(app.db) as store:
            tokens = [store.issue_link(session, seat) for seat in range(len(TEAMS))]
        page.locator(".dg-on-device").wait_for()  # the projector follows the links
        wait_until_calm([app, minimal])
        before = server_mb(app)
        loads = []
        for token in tokens:
            context, load = open_device(browser, link_of(app.device_url, token))
            stack.callback(context.close)
            loads.append(load)
        time.sleep(settle)  # every device now waits on its state
        wait_until_calm([app, minimal])
        after = server_mb(app)
        voila_loads, voila_kernels = [], []
        for _ in range(voila_pages):
            wait_until_calm([app, minimal])
            load, memory = voila_page(browser, minimal)
            voila_loads.append(load)
            voila_kernels.append(memory)
    device_load = statistics.median(loads)
    voila_load = statistics.median(voila_loads)
    voila_kernel = statistics.median(voila_kernels)
    return {
        "teams": len(TEAMS),
        "memory_mb": {"before_devices": before, "with_devices": after,
                      "devices_cost": round(after["total"] - before["total"], 1),
                      "budget": MEMORY_BUDGET_MB},
        "device_load_ms": {"samples": [round(value) for value in loads],
                           "median": round(device_load), "p95": round(percentile(loads, 0.95)),
                           "budget": LOAD_BUDGET_MS},
        "voila_page": {"load_ms": [round(value) for value in voila_loads],
                       "load_median_ms": round(voila_load),
                       "kernel_mb": [round(value, 1) for value in voila_kernels],
                       "kernel_median_mb": round(voila_kernel, 1),
                       "eight_pages_mb": round(len(TEAMS) * voila_kernel, 1)},
        "device_over_voila_load": round(device_load / voila_load, 3),
    }


def report(result: dict[str, Any]) -> str:
    """The figures as printed.

    >>> print(report({"teams": 8, "memory_mb": {
    ...     "before_devices": {"server": 90.0, "kernels": 300.0, "kernel_count": 2,
    ...                        "total": 390.0},
    ...     "with_devices": {"server": 95.0, "kernels": 300.0, "kernel_count": 2, "total": 395.0},
    ...     "devices_cost": 5.0, "budget": 2048.0},
    ...     "device_load_ms": {"samples": [200, 300], "median": 250, "p95": 300,
    ...                        "budget": 3000.0},
    ...     "voila_page": {"load_ms": [4000], "load_median_ms": 4000, "kernel_mb": [130.0],
    ...                    "kernel_median_mb": 130.0, "eight_pages_mb": 1040.0},
    ...     "device_over_voila_load": 0.0625}))
    figure                                            measured      budget
    server + kernels, 8 devices connected (MB)           395.0       2,048  within
      of which the server process (MB)                    95.0
      of which 2 kernels (MB)                            300.0
      the 8 devices' cost to the server (MB)               5.0
    device page to interactive, median (ms)                250       3,000  within
    device page to interactive, p95 (ms)                   300       3,000  within
    <BLANKLINE>
    a Voila page per device (minimal.ipynb, 1 visits)
    page to interactive, median (ms)                     4,000       3,000  over
    kernel per page, median (MB)                         130.0
    8 such pages' kernels (MB)                          1040.0
    device page / Voila page, time to interactive        0.06x
    """
    memory, load, voila = result["memory_mb"], result["device_load_ms"], result["voila_page"]
    after = memory["with_devices"]

    def line(label: str, value: str, budget: float | None = None, ok: bool = True) -> str:
        tail = f"{budget:>12,.0f}  {'within' if ok else 'over'}" if budget is not None else ""
        return f"{label:<46}{value:>12}{tail}".rstrip()

    teams = result["teams"]
    return "\n".join([
        f"{'figure':<46}{'measured':>12}{'budget':>12}",
        line(f"server + kernels, {teams} devices connected (MB)", f"{after['total']:.1f}",
             memory["budget"], after["total"] <= memory["budget"]),
        line("  of which the server process (MB)", f"{after['server']:.1f}"),
        line(f"  of which {after['kernel_count']} kernels (MB)", f"{after['kernels']:.1f}"),
        line(f"  the {teams} devices' cost to the server (MB)", f"{memory['devices_cost']:.1f}"),
        line("device page to interactive, median (ms)", f"{load['median']:,}",
             load["budget"], load["median"] <= load["budget"]),
        line("device page to interactive, p95 (ms)", f"{load['p95']:,}",
             load["budget"], load["p95"] <= load["budget"]),
        "",
        f"a Voila page per device (minimal.ipynb, {len(voila['load_ms'])} visits)",
        line("page to interactive, median (ms)", f"{voila['load_median_ms']:,}",
             load["budget"], voila["load_median_ms"] <= load["budget"]),
        line("kernel per page, median (MB)", f"{voila['kernel_median_mb']:.1f}"),
        line(f"{teams} such pages' kernels (MB)", f"{voila['eight_pages_mb']:.1f}"),
        line("device page / Voila page, time to interactive",
             f"{result['device_over_voila_load']:.2f}x"),
    ])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print its table and its JSON; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--voila-pages", type=int, default=3,
                        help="visits of the Voilà page per device (default: 3)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures here")
    args = parser.parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(f"devices.py: {reason}", file=sys.stderr)
        return 2
    result = run(max(1, args.voila_pages))
    print(report(result))
    print(json.dumps(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
