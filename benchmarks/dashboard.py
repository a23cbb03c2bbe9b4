"""The dashboard benchmark: a dashboard page against a minimal page, measured in one run.

Each page is a notebook served by its own Voilà server, configured exactly as ``devgames serve``
configures it (preheated kernels), and opened in Debian's headless Chromium. A page keeps one
contract: a button with the CSS class ``dg-bench-click`` whose click changes the data of a plotly
chart (``.js-plotly-plot``) on the page. For each page the benchmark measures

- **click**: from the button's click to the last change of any chart's data, once no chart has
  changed for 300 ms, in the page (``performance.now()``, checked on every DOM change of a chart
  and every animation frame);
- **load**: page-to-interactive, from navigation start to the button visible and a chart drawn
  (with the browser's cache warmed by one visit of each page that is not counted: both pages
  load the same Voilà and plotly bundles, which would only add the same time and noise to both);
- **kernel**: resident memory (``VmRSS``) of the page's kernel after its clicks.

The pages take turns in rounds, the order flipped every round, so that a busy machine slows them
alike; before each visit the servers are left to settle. The figures of each page after the first
are divided by the first page's (the anchor, ``minimal`` by default), and compared with targets.

Run from the repository root::

    .venv/bin/python benchmarks/dashboard.py                        # minimal vs scrumkin
    .venv/bin/python benchmarks/dashboard.py --pages minimal,minimal --rounds 3 --clicks 6
    .venv/bin/python benchmarks/dashboard.py --json results.json
"""

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``tests.e2e.harness`` importable
    sys.path.insert(0, str(ROOT))

from tests.e2e.harness import (  # noqa: E402
    Server,
    chromium_launch_options,
    chromium_missing_reason,
    rss_bytes,
    served,
    wait_for_kernel_idle,
    wait_until_gone,
    wait_until_quiet,
)

HERE = Path(__file__).resolve().parent

#: Pages by name; ``--pages`` also takes paths of notebooks.
PAGES = {
    "minimal": HERE / "minimal.ipynb",
    "scrumkin": HERE / "scrumkin_dashboard.ipynb",
}

#: Most a page may cost, as a multiple of the anchor page's figure.
TARGETS = {"click_ms": 1.3, "load_ms": 1.2, "kernel_mb": 1.3}

LABELS = {"click_ms": "click to chart updated", "load_ms": "page to interactive",
          "kernel_mb": "kernel memory"}
UNITS = {"click_ms": "ms", "load_ms": "ms", "kernel_mb": "MB"}

#: In the page: click the button; resolve with the ms until the last change of any chart's data,
#: once no chart has changed for ``settleMs`` (a dashboard may update several charts in turn).
CLICK_JS = """async ([settleMs, timeoutMs]) => {
    const plots = Array.from(document.querySelectorAll(".js-plotly-plot"));
    const button = document.querySelector(".dg-bench-click");
    if (!plots.length || !button) {
        throw new Error("the page lacks a .dg-bench-click button or a .js-plotly-plot chart");
    }
    const snapshot = () => plots.map((plot) => JSON.stringify(plot.data || [],
        (k, v) => ArrayBuffer.isView(v) ? Array.from(v) : v)).join("\\n");
    let last = snapshot();
    let changed = null;
    return await new Promise((resolve, reject) => {
        const start = performance.now();
        const observer = new MutationObserver(() => check());
        const check = () => {
            const now = performance.now();
            const current = snapshot();
            if (current !== last) {
                last = current;
                changed = now;
            }
            if (changed !== null && now - changed >= settleMs) {
                observer.disconnect();
                resolve(changed - start);
            } else if (changed === null && now - start > timeoutMs) {
                observer.disconnect();
                reject(new Error("no chart changed within " + timeoutMs + " ms of the click"));
            } else {
                requestAnimationFrame(check);
            }
        };
        plots.forEach((plot) => observer.observe(plot,
            {subtree: true, childList: true, attributes: true}));
        button.click();
        requestAnimationFrame(check);
    });
}"""

#: In the page: ms since navigation start once the button and a drawn chart are visible.
INTERACTIVE_JS = """() => {
    const shown = (el) => el && el.getClientRects().length > 0
        && getComputedStyle(el).visibility !== "hidden";
    const drawn = (plot) => shown(plot) && plot.data && plot.querySelector(".main-svg");
    const plots = Array.from(document.querySelectorAll(".js-plotly-plot"));
    return shown(document.querySelector(".dg-bench-click")) && plots.some(drawn)
        ? performance.now() : false;
}"""

#: Longest wait for a page to become interactive, and for a click to change the chart.
LOAD_TIMEOUT_MS = 120_000
CLICK_TIMEOUT_MS = 30_000
#: A click's update is over when no chart has changed for this long.
SETTLE_MS = 300


@dataclass
class Samples:
    """What was measured on one page."""

    name: str
    notebook: str
    click_ms: list[float] = field(default_factory=list)
    load_ms: list[float] = field(default_factory=list)
    kernel_mb: list[float] = field(default_factory=list)

    def medians(self) -> dict[str, float]:
        """The median of each measure.

        >>> Samples("p", "p.ipynb", [1.0, 3.0, 2.0], [10.0], [100.0, 120.0]).medians()
        {'click_ms': 2.0, 'load_ms': 10.0, 'kernel_mb': 110.0}
        """
        return {key: statistics.median(getattr(self, key)) for key in TARGETS}


def resolve_pages(text: str) -> list[tuple[str, Path]]:
    """Names and notebooks of ``--pages`` (names of :data:`PAGES` or paths), names made unique.

    >>> [name for name, _ in resolve_pages("minimal,minimal")]
    ['minimal', 'minimal#2']
    """
    pages: list[tuple[str, Path]] = []
    for item in (part.strip() for part in text.split(",") if part.strip()):
        path = PAGES.get(item, Path(item))
        if not path.is_file():
            hint = " (run with --pages minimal,minimal to check the harness)" \
                if item == "scrumkin" else ""
            raise SystemExit(f"dashboard.py: there is no notebook {path}{hint}.")
        name = Path(item).stem if item not in PAGES else item
        taken = [n for n, _ in pages if n == name or n.startswith(name + "#")]
        pages.append((f"{name}#{len(taken) + 1}" if taken else name, path))
    return pages


def visit(context: BrowserContext, server: Server, clicks: int, samples: Samples) -> None:
    """Open the page once: its load time, ``clicks`` click times, then its kernel's memory."""
    page = context.new_page()
    try:
        page.set_default_timeout(LOAD_TIMEOUT_MS)
        page.goto(server.url, wait_until="commit")
        loaded = page.wait_for_function(INTERACTIVE_JS, polling="raf")
        samples.load_ms.append(float(loaded.json_value()))
        wait_for_kernel_idle(page, timeout_ms=LOAD_TIMEOUT_MS)
        for _ in range(clicks):
            figure = page.evaluate(CLICK_JS, [SETTLE_MS, CLICK_TIMEOUT_MS])
            samples.click_ms.append(float(figure))
            wait_for_kernel_idle(page, timeout_ms=CLICK_TIMEOUT_MS)
        kernel = server.page_kernel_pid(page)
        samples.kernel_mb.append(rss_bytes(kernel) / 2**20)
        leave(page, kernel)
    except PlaywrightError as error:
        raise RuntimeError(f"page {samples.name}: {error.message.splitlines()[0]}") from None
    finally:
        page.close()


def leave(page: Page, kernel: int) -> None:
    """Leave the page as a facilitator would (Voilà then shuts its kernel down) and wait."""
    page.goto("about:blank")
    wait_until_gone(kernel, timeout=30)


def run(pages: Sequence[tuple[str, Path]], rounds: int = 5, clicks: int = 20,
        browser: Browser | None = None) -> list[Samples]:
    """Measure ``pages`` in ``rounds`` rounds, ``clicks`` clicks per page in all.

    Uses ``browser`` if given (Playwright's sync API runs once per process), else launches one.
    """
    per_round = [clicks // rounds + (i < clicks % rounds) for i in range(rounds)]
    samples = [Samples(name, str(path)) for name, path in pages]
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="devgames-bench-")))
        servers = [stack.enter_context(served(path, folder / f"page{i}", name=path.name))
                   for i, (_, path) in enumerate(pages)]
        if browser is None:
            playwright = stack.enter_context(sync_playwright())
            browser = playwright.chromium.launch(**chromium_launch_options())
            stack.callback(browser.close)
        contexts = [browser.new_context() for _ in pages]
        for context in contexts:
            stack.callback(context.close)
        for context, server, (name, path) in zip(contexts, servers, pages, strict=True):
            wait_until_quiet(servers, quiet=1.0)
            visit(context, server, 1, Samples(name, str(path)))  # warm-up: fills the cache
        for number, count in enumerate(per_round):
            order = range(len(pages)) if number % 2 == 0 else reversed(range(len(pages)))
            for index in order:
                wait_until_quiet(servers, quiet=1.0)
                visit(contexts[index], servers[index], count, samples[index])
    return samples


def summarise(samples: Sequence[Samples]) -> dict[str, Any]:
    """Medians of every page, and each page's ratios to the first page against the targets.

    >>> result = summarise([Samples("a", "a.ipynb", [100.0], [1000.0], [100.0]),
    ...                     Samples("b", "b.ipynb", [120.0], [1300.0], [120.0])])
    >>> result["ratios"]["b"]["load_ms"]
    {'ratio': 1.3, 'target': 1.2, 'met': False}
    """
    anchor = samples[0].medians()
    ratios = {
        page.name: {
            key: {"ratio": round(value / anchor[key], 3), "target": TARGETS[key],
                  "met": value / anchor[key] <= TARGETS[key]}
            for key, value in page.medians().items()
        }
        for page in samples[1:]
    }
    return {"anchor": samples[0].name, "targets": TARGETS, "ratios": ratios,
            "pages": [{**asdict(page), "medians": page.medians()} for page in samples]}


def report(result: dict[str, Any]) -> str:
    """The table of medians and the ratios to the anchor, as printed.

    >>> print(report(summarise([Samples("a", "a.ipynb", [100.0, 90.0], [1000.0], [100.0]),
    ...                         Samples("b", "b.ipynb", [120.0], [1100.0], [140.0])])))
    page                  clicks   click (ms)  loads    load (ms)  kernel (MB)
    a                          2         95.0      1        1,000        100.0
    b                          1        120.0      1        1,100        140.0
    <BLANKLINE>
    b / a: click to chart updated 1.26x (target at most 1.3x: met)
    b / a: page to interactive 1.10x (target at most 1.2x: met)
    b / a: kernel memory 1.40x (target at most 1.3x: not met)
    """
    lines = [f"{'page':<20}{'clicks':>8}{'click (ms)':>13}{'loads':>7}{'load (ms)':>13}"
             f"{'kernel (MB)':>13}"]
    for page in result["pages"]:
        medians = page["medians"]
        lines.append(f"{page['name']:<20}{len(page['click_ms']):>8}{medians['click_ms']:>13.1f}"
                     f"{len(page['load_ms']):>7}{medians['load_ms']:>13,.0f}"
                     f"{medians['kernel_mb']:>13.1f}")
    if result["ratios"]:
        lines.append("")
    for name, ratios in result["ratios"].items():
        for key, figure in ratios.items():
            verdict = "met" if figure["met"] else "not met"
            lines.append(f"{name} / {result['anchor']}: {LABELS[key]} {figure['ratio']:.2f}x "
                         f"(target at most {figure['target']:g}x: {verdict})")
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line of the benchmark."""
    parser = argparse.ArgumentParser(
        description="Click-to-chart time, page-to-interactive time and kernel memory of a "
        "dashboard page, as ratios to a minimal page measured in the same run.")
    parser.add_argument("--pages", default="minimal,scrumkin",
                        help="comma-separated pages, the first being the anchor: names "
                        f"({', '.join(PAGES)}) or notebook paths (default: minimal,scrumkin)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="visits of each page, taking turns (default: 5)")
    parser.add_argument("--clicks", type=int, default=20,
                        help="clicks measured on each page, spread over the rounds (default: 20)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the results here")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.clicks < args.rounds:
        parser.error("give at least 1 round and at least as many clicks as rounds")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its table; return the exit status."""
    args = parse_args(argv)
    pages = resolve_pages(args.pages)
    reason = chromium_missing_reason()
    if reason:
        print(f"dashboard.py: {reason}", file=sys.stderr)
        return 2
    try:
        result = summarise(run(pages, args.rounds, args.clicks))
    except RuntimeError as error:
        print(f"dashboard.py: {error}", file=sys.stderr)
        return 1
    print(report(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
