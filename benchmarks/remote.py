"""A remote workshop under a room's load, through the real HTTPS proxy: how soon the audience
sees a move made on a team's phone, and what 40 audience viewers and 8 devices cost.

`devgames serve --public-url` runs behind Debian's Caddy with a certificate issued here
(:func:`tests.e2e.proxy.remote_workshop`, as the tests start it). A Scrumkin session of 8 teams
is played from the teams' devices; the facilitator's app is open on its table in headless
Chromium (logged in with the password, its kernel following the store), and so are
:data:`BROWSERS` audience pages and phones; the other viewers and devices are HTTP clients doing
what those pages do (each keeps a state request waiting through the proxy, asked again at every
change). Measured:

- **device move to audience view**: from a device's move being sent (``POST .../move``) until
  each HTTP viewer's waiting request returns the new table, p50 and p95 over every viewer and
  move, against a budget of 1 s;
- **memory**: resident memory of ``devgames serve`` and every process under it (Voilà, its
  kernels) and of Caddy, before anyone joined and with everyone connected, against a budget of
  2 GB.

Run from the repository root (needs Debian's caddy and chromium)::

    .venv/bin/python benchmarks/remote.py
    .venv/bin/python benchmarks/remote.py --viewers 80 --moves 60 --json remote.json
"""

import argparse
import asyncio
import json
import ssl
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Page, async_playwright
from tornado.httpclient import AsyncHTTPClient, HTTPRequest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``tests.e2e`` importable
    sys.path.insert(0, str(ROOT))

from benchmarks.devices import megabytes  # noqa: E402
from devgames import scrumkin  # noqa: E402
from devgames.dashboards.serve import descendants  # noqa: E402
from devgames.sessions import SessionStore  # noqa: E402
from tests.e2e.harness import chromium_launch_options  # noqa: E402
from tests.e2e.proxy import PASSWORD, Workshop, caddy_missing, remote_workshop  # noqa: E402

LATENCY_BUDGET_MS = 1000.0
MEMORY_BUDGET_MB = 2048.0
TEAMS = 8
#: Audience pages and phones that are real browsers (the others are HTTP clients).
BROWSERS = 2
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True}


class Client:
    """One page's requests through the proxy, from the person's own address (``source``): its
    cookies and its last state."""

    def __init__(self, client: AsyncHTTPClient, base: str, context: ssl.SSLContext,
                 source: str) -> None:
        self.client, self.base, self.context, self.source = client, base, context, source
        self.cookies: dict[str, str] = {}
        self.state: dict[str, Any] = {}
        self.changed = asyncio.Event()
        self.seen_at = 0.0

    def _headers(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                "X-XSRFToken": self.cookies.get("_xsrf", ""), "Content-Type": "application/json"}

    async def fetch(self, path: str, **kwargs: Any) -> dict[str, Any]:
        answer = await self.client.fetch(HTTPRequest(
            self.base + path, headers=self._headers(), request_timeout=60,
            ssl_options=self.context, network_interface=self.source, **kwargs),
            raise_error=False)
        for header in answer.headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        return json.loads(answer.body) if answer.body.startswith(b"{") else {}

    async def look(self) -> dict[str, Any]:
        state = await self.fetch(f"/state?known={self.state.get('etag', '')}")
        if state.get("etag") != self.state.get("etag"):
            self.state, self.seen_at = state, time.perf_counter()
            self.changed.set()
        return state

    async def follow(self) -> None:
        """What the page does all along: ask again as soon as its state changed."""
        while True:
            await self.look()


async def open_projector(browser: Browser, shop: Workshop, session: int) -> Page:
    """The facilitator logs in and opens the session's table."""
    page = await (await browser.new_context(ignore_https_errors=True,
                                            viewport={"width": 1280, "height": 720})).new_page()
    await page.goto(shop.url + "/")
    await page.locator("#password").fill(PASSWORD)
    await page.locator("button[type=submit]").click()
    await page.locator(".dg-app").first.wait_for(timeout=120_000)
    await page.evaluate("(id) => { location.hash = `#session=${id}`; }", session)
    await page.locator(".dg-waiting, .dg-bot, .dg-on-device").first.wait_for(timeout=90_000)
    return page


def memory(shop: Workshop) -> dict[str, float]:
    """Resident memory of devgames serve with everything under it, and of Caddy, in MB."""
    serving = [shop.serve.pid, *descendants(shop.serve.pid)]
    proxy = [shop.caddy.pid, *descendants(shop.caddy.pid)]
    return {"devgames": round(megabytes(serving), 1), "caddy": round(megabytes(proxy), 1),
            "total": round(megabytes(serving + proxy), 1), "processes": len(serving)}


async def workshop_load(shop: Workshop, viewers: int, moves: int) -> dict[str, Any]:
    with SessionStore(shop.db) as store:
        names = [f"Team {n + 1}" for n in range(TEAMS)]
        session = store.create(scrumkin.new_game(names, seed=5), title="Remote under load")
        tokens = [store.issue_link(session, seat) for seat in range(TEAMS)]
        audience = store.audience_link(session)
    context = shop.context()
    client = AsyncHTTPClient(max_clients=viewers + TEAMS + 8)
    # Each person from an address of their own (127.0.x.y), as the proxy sees them.
    devices = [Client(client, f"{shop.url}/t/{token}", context, f"127.0.2.{n + 1}")
               for n, token in enumerate(tokens)]
    watchers = [Client(client, f"{shop.url}/a/{audience}", context, f"127.0.1.{n + 1}")
                for n in range(viewers - BROWSERS)]
    latencies: list[float] = []
    before = memory(shop)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(**chromium_launch_options())
        projector = await open_projector(browser, shop, session)
        pages = []
        for n in range(BROWSERS):
            page = await (await browser.new_context(ignore_https_errors=True)).new_page()
            await page.goto(f"{shop.url}/a/{audience}")
            phone = await (await browser.new_context(ignore_https_errors=True, **PHONE)).new_page()
            await phone.goto(f"{shop.url}/t/{tokens[TEAMS - 1 - n]}")
            pages += [page, phone]
        for device in devices:
            await device.fetch("")  # the page: its XSRF cookie
        await asyncio.gather(*(page.look() for page in devices + watchers))
        followers = [asyncio.ensure_future(page.follow()) for page in devices + watchers]
        await asyncio.sleep(2)
        during = memory(shop)
        for _ in range(moves):
            mover = next((d for d in devices if d.state.get("moves")), None)
            if mover is None:
                break
            for watcher in watchers:
                watcher.changed.clear()
            state = mover.state
            start = time.perf_counter()
            answer = await mover.fetch("/move", method="POST", body=json.dumps({
                "revision": state["revision"], "move": 0,
                "label": state["moves"][0]["label"]}))
            if answer.get("message") is not None:
                raise RuntimeError(f"a move was refused: {answer}")
            await asyncio.wait_for(asyncio.gather(*(w.changed.wait() for w in watchers)), 30)
            latencies += [(w.seen_at - start) * 1000 for w in watchers]
            revision = answer["state"]["revision"]
            while any(d.state.get("revision", -1) < revision for d in devices):
                await asyncio.sleep(0.01)  # every device has the new table (its follower)
        for follower in followers:
            follower.cancel()
        await asyncio.gather(*followers, return_exceptions=True)
        await projector.close()
        await browser.close()
    client.close()
    return {"viewers": viewers, "devices": TEAMS, "moves": len(latencies) // max(
        1, len(watchers)), "audience_p50_ms": round(statistics.median(latencies), 1),
            "audience_p95_ms": round(statistics.quantiles(latencies, n=20)[-1], 1),
            "memory_before_mb": before, "memory_with_everyone_mb": during}


def report(result: dict[str, Any]) -> str:
    ok = result["audience_p95_ms"] <= LATENCY_BUDGET_MS
    memory_ok = result["memory_with_everyone_mb"]["total"] <= MEMORY_BUDGET_MB
    return "\n".join([
        f"{result['viewers']} audience viewers ({BROWSERS} of them browsers), {TEAMS} teams' "
        f"devices (and {BROWSERS} phones in a browser beside them), the projector logged in, "
        f"{result['moves']} moves, through Caddy over HTTPS",
        f"device move -> audience view: p50 {result['audience_p50_ms']:.0f} ms, p95 "
        f"{result['audience_p95_ms']:.0f} ms (budget {LATENCY_BUDGET_MS:.0f} ms: "
        f"{'met' if ok else 'NOT met'})",
        f"memory before anyone joined: {result['memory_before_mb']['total']:.0f} MB; with "
        f"everyone: {result['memory_with_everyone_mb']['total']:.0f} MB (devgames "
        f"{result['memory_with_everyone_mb']['devgames']:.0f} MB in "
        f"{result['memory_with_everyone_mb']['processes']} processes, Caddy "
        f"{result['memory_with_everyone_mb']['caddy']:.0f} MB; budget "
        f"{MEMORY_BUDGET_MB:.0f} MB: {'met' if memory_ok else 'NOT met'})",
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--viewers", type=int, default=40)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    reason = caddy_missing()
    if reason:
        print(reason, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder, remote_workshop(Path(folder)) as shop:
        result = asyncio.run(workshop_load(shop, args.viewers, args.moves))
    print(report(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
