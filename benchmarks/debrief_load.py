"""The participants' debrief under a room's load: 30 people on their phones, in the real Voilà
server and its device server, on a real SQLite store, with the projector open in a real browser.

Of the 30 people, 3 are real headless Chromium pages (``/d/<code>``, typing and tapping as a
person does) and the others HTTP clients doing what those pages do (each keeps a state request
waiting, asked again at every change, and sends its changes). The projector is the facilitator
app in a real Chromium page, on the session's debrief with the phones panel open. In Think each
person writes two notes; the facilitator clicks Vote on the projector (the notes are revealed);
each person puts three dots. Measured:

- **to the projector**: from a note or a dot sent on a phone (the browsers' from the tap) until
  the projector shows it (its count of notes written, then of dots put): p50 and p95 (budget
  1 s at p95);
- **to the phones**: a note back on its writer's page, a dot on another person's page waiting
  on ``/state?known=<etag>``: p50 and p95;
- **memory**: resident memory of the server process before anyone joined and with 30 people
  (budget: 500 MB more).

Run from the repository root::

    .venv/bin/python benchmarks/debrief_load.py
    .venv/bin/python benchmarks/debrief_load.py --people 60 --json debrief.json
"""

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.async_api import Page, async_playwright
from tornado.httpclient import AsyncHTTPClient, HTTPRequest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``tests.e2e.harness`` importable
    sys.path.insert(0, str(ROOT))

from devgames import scrumkin  # noqa: E402
from devgames.core.bots import RandomBot, play_out  # noqa: E402
from devgames.dashboards.serve import LAUNCHER_SOURCE  # noqa: E402
from devgames.sessions import SessionStore  # noqa: E402
from tests.e2e.harness import chromium_launch_options, rss_bytes, served  # noqa: E402

LATENCY_BUDGET_MS = 1000.0
MEMORY_BUDGET_MB = 500.0
#: The people who are real browsers (the others are HTTP clients).
BROWSERS = 3
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True}
#: The projector's counts, and what they say once ``n`` notes (dots) are in.
COUNTS = ".dg-phones-counts"
NOTES_SHOWN = """(n) => (document.querySelector('.dg-phones-counts') || {}).innerHTML
    ?.includes(`<b>${n}</b> note${n === 1 ? "" : "s"} of What? written`)"""
DOTS_SHOWN = """(n) => (document.querySelector('.dg-phones-counts') || {}).innerHTML
    ?.includes(`<b>${n}</b> of `)"""


class Person:
    """A phone: its cookies, its last state."""

    def __init__(self, client: AsyncHTTPClient, base: str) -> None:
        self.client, self.base = client, base
        self.cookies: dict[str, str] = {}
        self.state: dict[str, Any] = {}

    def _headers(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                "X-XSRFToken": self.cookies.get("_xsrf", ""), "Content-Type": "application/json"}

    def _keep(self, headers: Any) -> None:
        for header in headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]

    async def look(self, known: str = "") -> dict[str, Any]:
        answer = await self.client.fetch(HTTPRequest(
            f"{self.base}/state?known={known}", headers=self._headers(), request_timeout=60))
        self._keep(answer.headers)
        self.state = json.loads(answer.body)
        return self.state

    async def do(self, **change: Any) -> dict[str, Any]:
        answer = await self.client.fetch(HTTPRequest(
            f"{self.base}/do", method="POST", body=json.dumps(change), headers=self._headers()),
            raise_error=False)
        return json.loads(answer.body)


async def follow(person: Person) -> None:
    """What each phone's page does all along: ask again as soon as its state changed."""
    while True:
        await person.look(person.state.get("etag", ""))


async def watch_for(watcher: Person, seen: Any) -> float:
    """Wait until ``seen(state)`` holds for the watcher's state; the time then."""
    state = watcher.state
    while not seen(state):
        state = await watcher.look(state.get("etag", ""))
    return time.perf_counter()


async def shown_on(projector: Page, test: str, n: int, start: float) -> float:
    """Milliseconds from ``start`` until the projector's counts pass ``test`` for ``n``."""
    await projector.wait_for_function(test, arg=n, polling=20, timeout=30_000)
    return (time.perf_counter() - start) * 1000


async def open_projector(projector: Page, url: str, session: int) -> None:
    """The facilitator app on the session's debrief, the phones panel open."""
    await projector.goto(url)
    await projector.locator(".dg-app").first.wait_for(timeout=90_000)
    await projector.evaluate("(id) => { location.hash = `#session=${id}`; }", session)
    await projector.locator(".dg-phones-toggle").wait_for(timeout=60_000)
    await projector.locator(".dg-phones-toggle").click()
    await projector.locator(COUNTS).wait_for(timeout=60_000)


async def room(url: str, base: str, session: int, people: int) -> dict[str, Any]:
    client = AsyncHTTPClient(max_clients=people + 4)
    persons = [Person(client, base) for _ in range(people - BROWSERS)]
    to_projector: list[float] = []
    to_phones: list[float] = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(**chromium_launch_options())
        projector = await (await browser.new_context(
            viewport={"width": 1280, "height": 720})).new_page()
        await open_projector(projector, url, session)
        pages = [await (await browser.new_context(**PHONE)).new_page() for _ in range(BROWSERS)]
        for page in pages:
            await page.goto(base)
            await page.locator(".write").wait_for()
        await asyncio.gather(*(person.look() for person in persons))
        watcher = Person(client, base)
        await watcher.look()
        followers = [asyncio.ensure_future(follow(person)) for person in persons]
        written = 0
        for k in range(2):  # Think: two notes each, the browsers' typed and sent
            for n, page in enumerate(pages):
                await page.locator("#note").fill(f"Note {k} typed on phone {n}")
                start = time.perf_counter()
                await page.locator(".send").click()
                written += 1
                to_projector.append(await shown_on(projector, NOTES_SHOWN, written, start))
            for n, person in enumerate(persons):
                start = time.perf_counter()
                await person.do(do="note", prompt="What?", content=f"Note {k} of {n}",
                                signed=False)
                to_phones.append((time.perf_counter() - start) * 1000)
                written += 1
                to_projector.append(await shown_on(projector, NOTES_SHOWN, written, start))
        await projector.locator(".dg-phones-steps button", has_text="Vote").click()
        await projector.wait_for_function(DOTS_SHOWN, arg=0, polling=20, timeout=30_000)
        await watcher.look(watcher.state.get("etag", ""))
        notes = [note["id"] for note in watcher.state["notes"]]
        put = 0
        for k in range(3):  # Vote: three dots each, the browsers' tapped
            for page in pages:
                await page.locator("button.dot").nth(k).wait_for()
                start = time.perf_counter()
                await page.locator("button.dot").nth(k).click()
                put += 1
                to_projector.append(await shown_on(projector, DOTS_SHOWN, put, start))
            for n, person in enumerate(persons):
                note = notes[(2 * n + k + 1) % len(notes)]
                before = sum(x["votes"] for x in watcher.state["notes"])
                start = time.perf_counter()
                waiting = asyncio.ensure_future(watch_for(
                    watcher, lambda s, b=before: sum(x["votes"] for x in s["notes"]) > b))
                await person.do(do="dot", note=note)
                to_phones.append((await waiting - start) * 1000)
                put += 1
                to_projector.append(await shown_on(projector, DOTS_SHOWN, put, start))
        for follower in followers:
            follower.cancel()
        await asyncio.gather(*followers, return_exceptions=True)
        await browser.close()
    client.close()
    return {"changes": len(to_projector),
            "projector_p50_ms": statistics.median(to_projector),
            "projector_p95_ms": statistics.quantiles(to_projector, n=20)[-1],
            "phones_p50_ms": statistics.median(to_phones),
            "phones_p95_ms": statistics.quantiles(to_phones, n=20)[-1]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=30)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder, served(
            LAUNCHER_SOURCE, Path(folder), name="devgames.ipynb") as server:
        game = scrumkin.new_game(["Red", "Blue"], seed=1)
        play_out(game, {0: RandomBot(1), 1: RandomBot(2)})  # the debrief follows a game
        with SessionStore(server.db) as store:
            session = store.create(game, title="Debrief under load")
            code = store.open_debrief(session)
        before = rss_bytes(server.process.pid) / 1e6
        figures = asyncio.run(room(server.url, f"{server.device_url}d/{code}", session,
                                   args.people))
        figures["memory_mb_more"] = rss_bytes(server.process.pid) / 1e6 - before
    figures["people"] = args.people
    figures["latency_met"] = figures["projector_p95_ms"] <= LATENCY_BUDGET_MS
    figures["memory_met"] = figures["memory_mb_more"] <= MEMORY_BUDGET_MB
    print(f"{args.people} people ({BROWSERS} real browsers), {figures['changes']} notes and "
          f"dots; to the projector: p50 {figures['projector_p50_ms']:.0f} ms, p95 "
          f"{figures['projector_p95_ms']:.0f} ms (budget {LATENCY_BUDGET_MS:.0f} ms: "
          f"{'met' if figures['latency_met'] else 'NOT met'}); to the phones: p50 "
          f"{figures['phones_p50_ms']:.0f} ms, p95 {figures['phones_p95_ms']:.0f} ms"
          f"; server memory +{figures['memory_mb_more']:.1f} MB (budget {MEMORY_BUDGET_MB:.0f}"
          f" MB: {'met' if figures['memory_met'] else 'NOT met'})")
    print(json.dumps(figures))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0 if figures["latency_met"] and figures["memory_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
