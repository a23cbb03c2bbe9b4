"""A real Voilà server and a real Chromium, for the browser tests and the dashboard benchmark.

Servers are configured by :func:`devgames.dashboards.serve.voila_command`, exactly as
``devgames serve`` configures them. Pages are driven by Playwright's sync API in Debian's
``/usr/bin/chromium`` (never a browser downloaded by Playwright).
"""

import contextlib
import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from devgames.dashboards import serve

ROOT = Path(__file__).resolve().parents[2]

#: Where screenshots of failures (and any other test artifact) go; ignored by git.
ARTIFACTS = ROOT / "test-artifacts"

#: The only browser the tests use.
CHROMIUM = Path("/usr/bin/chromium")

#: Flags for Chromium on a machine with no display, no GPU and a closed network.
CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)

#: JSON of a value in the page, typed arrays (as plotly keeps them) written as lists.
_TO_JSON = "(value) => JSON.stringify(value, (k, v) => ArrayBuffer.isView(v) ? Array.from(v) : v)"

#: In the page: the kernel connection of the widgets (Voilà 0.5 keeps it on its app object).
_KERNEL = "(window.jupyterapp && window.jupyterapp._widgetManager " \
          "&& window.jupyterapp._widgetManager.kernel)"

#: True once the page's kernel has been idle for ``quiet`` ms (status changes are watched).
_KERNEL_SETTLED = f"""(quiet) => {{
    const kernel = {_KERNEL};
    if (!kernel) return false;
    if (window.__dgKernel !== kernel) {{
        window.__dgKernel = kernel;
        window.__dgKernelChanged = performance.now();
        kernel.statusChanged.connect(() => {{ window.__dgKernelChanged = performance.now(); }});
    }}
    return kernel.status === "idle" && kernel.connectionStatus === "connected"
        && performance.now() - window.__dgKernelChanged >= quiet;
}}"""


def chromium_launch_options() -> dict[str, Any]:
    """Keyword arguments of ``playwright.chromium.launch`` for Debian's Chromium.

    Each launch gets a fresh, empty user-data-dir from Playwright.

    >>> chromium_launch_options()["executable_path"]
    '/usr/bin/chromium'
    """
    return {"executable_path": str(CHROMIUM), "args": list(CHROMIUM_FLAGS), "headless": True}


def chromium_missing_reason() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if CHROMIUM.exists() and os.access(CHROMIUM, os.X_OK):
        return None
    return f"{CHROMIUM} is missing: the browser tests need Debian's chromium " \
           "(bash scripts/setup installs it as root; or apt-get install chromium)."


def save_screenshot(page: Page, name: str) -> Path:
    """Save a full-page screenshot as ``test-artifacts/<name>.png``; return its path."""
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)[:120]
    path = ARTIFACTS / f"{safe}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=True)
    return path


def wait_for_kernel_idle(page: Page, quiet_ms: int = 250, timeout_ms: float = 60_000) -> None:
    """Wait until the page's kernel is connected and has been idle for ``quiet_ms``."""
    page.wait_for_function(_KERNEL_SETTLED, arg=quiet_ms, timeout=timeout_ms, polling=50)


def wait_for_app(page: Page, selector: str = ".dg-app", timeout_ms: float = 60_000) -> None:
    """Wait until the Voilà page shows ``selector`` (the app's root) and its kernel is idle."""
    page.locator(selector).first.wait_for(state="visible", timeout=timeout_ms)
    page.locator("#loading").wait_for(state="detached", timeout=timeout_ms)
    wait_for_kernel_idle(page, timeout_ms=timeout_ms)


def plot_data(page: Page, index: int = 0) -> list[dict[str, Any]]:
    """The traces (``element.data``) of the ``index``-th plotly chart of the page."""
    text = page.evaluate(
        f"""(index) => {{
            const plot = document.querySelectorAll(".js-plotly-plot")[index];
            if (!plot) throw new Error("no plotly chart number " + index + " on the page");
            return ({_TO_JSON})(plot.data || []);
        }}""", index)
    return json.loads(text)


def page_kernel_id(page: Page) -> str:
    """The id of the kernel Voilà gave this page (from the page's configuration)."""
    config = page.evaluate(
        "() => document.getElementById('jupyter-config-data').textContent")
    return json.loads(config)["kernelId"]


# ----- processes -------------------------------------------------------------------------------
def cpu_ticks(pids: Sequence[int]) -> int:
    """CPU time (user + system, in clock ticks) used so far by the live processes of ``pids``.

    >>> cpu_ticks([os.getpid()]) >= 0
    True
    """
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total


def rss_bytes(pid: int) -> int:
    """Resident memory of a process (``VmRSS`` of ``/proc/<pid>/status``), in bytes.

    >>> rss_bytes(os.getpid()) > 1_000_000
    True
    """
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise ValueError(f"process {pid} reports no VmRSS")


def wait_until_gone(pid: int, timeout: float = 10.0) -> None:
    """Wait until process ``pid`` no longer runs (a zombie counts as gone)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return
        if state in ("Z", "X"):
            return
        time.sleep(0.05)
    raise TimeoutError(f"process {pid} still runs after {timeout:g} s")


def kill_groups(pids: Iterable[int]) -> None:
    """SIGKILL each process of ``pids`` and its process group, if they still run.

    For clean-ups that must leave nothing behind: servers and kernels lead groups of their own.

    >>> sleeper = subprocess.Popen(["sleep", "10"], start_new_session=True)
    >>> kill_groups([sleeper.pid]), sleeper.wait()
    (None, -9)
    """
    for pid in pids:
        for kill in (os.killpg, os.kill):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                kill(pid, signal.SIGKILL)


@dataclass
class Server:
    """A Voilà server started by :func:`served`, its notebook, store and log, and the address
    of its team devices' server."""

    url: str
    process: subprocess.Popen[bytes]
    notebook: Path
    db: Path
    log: Path
    device_url: str = ""

    def kernel_pids(self) -> list[int]:
        """Every kernel of the server: one per open page, plus the preheated one."""
        return serve.kernel_pids(self.process.pid)

    def page_kernel_pid(self, page: Page) -> int:
        """The process of the kernel behind ``page``."""
        kernel_id = page_kernel_id(page)
        pids = serve.kernel_pids(self.process.pid, kernel_id)
        if len(pids) != 1:
            raise LookupError(f"kernel {kernel_id} has {len(pids)} processes: {pids}")
        return pids[0]

    def kill_page_kernel(self, page: Page) -> int:
        """Kill (SIGKILL) the kernel behind ``page``, as a crash would; return its pid."""
        pid = self.page_kernel_pid(page)
        os.kill(pid, signal.SIGKILL)
        wait_until_gone(pid)
        return pid

    def wait_until_quiet(self, quiet: float = 1.0, timeout: float = 90.0) -> None:
        """Wait until the server and its kernels have used no CPU for ``quiet`` seconds.

        After a page is opened, Voilà starts the next preheated kernel and runs the notebook
        in it; this waits for that to end.
        """
        wait_until_quiet([self], quiet, timeout)

    def log_text(self) -> str:
        """What the server and its kernels have written so far."""
        return self.log.read_text(encoding="utf-8", errors="replace")


def wait_until_quiet(servers: Sequence[Server], quiet: float = 1.0,
                     timeout: float = 90.0) -> None:
    """Wait until ``servers`` and their kernels have used no CPU for ``quiet`` seconds."""
    deadline = time.monotonic() + timeout
    step = 0.1
    calm = 0.0
    last = -1
    while calm < quiet:
        if time.monotonic() > deadline:
            raise TimeoutError(f"the servers still use the CPU after {timeout:g} s")
        pids = [pid for s in servers for pid in (s.process.pid, *s.kernel_pids())]
        ticks = cpu_ticks(pids)
        calm = calm + step if ticks == last else 0.0
        last = ticks
        time.sleep(step)


@contextlib.contextmanager
def served(notebook: Path | str, folder: Path, *, name: str = "page.ipynb",
           timeout: float = 90.0) -> Iterator[Server]:
    """Serve a notebook (a path, or the source of its one code cell) from ``folder``.

    The notebook is copied into ``folder``, which also holds the server's log and the
    session store (``DEVGAMES_DB``). The server and its kernels are stopped on exit.
    """
    folder.mkdir(parents=True, exist_ok=True)
    if isinstance(notebook, Path):
        path = folder / notebook.name
        shutil.copyfile(notebook, path)
    else:
        path = serve.write_notebook(folder, notebook, name)
    db, log = folder / "sessions.sqlite", folder / "server.log"
    port, device_port = serve.free_port(), serve.free_port()
    with log.open("w", encoding="utf-8") as output:
        process = serve.start_server(path, port, db, output=output, log_level="WARN",
                                     device_port=device_port)
    try:
        try:
            url = serve.wait_until_serving(process, port, timeout)
        except RuntimeError as error:
            raise RuntimeError(f"{error}\n{log.read_text(errors='replace')[-3000:]}") from None
        yield Server(url, process, path, db, log, serve.device_addresses(device_port)[1])
    finally:
        serve.stop_server(process)


def moves_saved(count: int) -> str:
    """The projector's line of the moves saved, as the facilitator's drawer says it.

    >>> moves_saved(1), moves_saved(3)
    ('1 move saved', '3 moves saved')
    """
    return f"{count} move saved" if count == 1 else f"{count} moves saved"
