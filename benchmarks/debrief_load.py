"""The participants' debrief under a room's load: 30 people on their phones (HTTP clients doing
what their pages do: each keeps a state request waiting, asked again at every change, and sends
its changes), in the real Voilà
server and its device server, on a real SQLite store.

Each person joins by the session's code, writes two notes; the facilitator reveals them; each
puts three dots. Measured:

- **a change shown**: a note, from sending it until its writer's page has it back (a note is
  private until revealed); a dot, from sending it until another person's page, waiting on
  ``/state?known=<etag>``, shows it: p50 and p95 of both (budget 1 s at p95);
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

from tornado.httpclient import AsyncHTTPClient, HTTPRequest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``tests.e2e.harness`` importable
    sys.path.insert(0, str(ROOT))

from devgames import scrumkin  # noqa: E402
from devgames.dashboards.serve import LAUNCHER_SOURCE  # noqa: E402
from devgames.sessions import SessionStore  # noqa: E402
from tests.e2e.harness import rss_bytes, served  # noqa: E402

LATENCY_BUDGET_MS = 1000.0
MEMORY_BUDGET_MB = 500.0


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


async def room(base: str, db: Path, session: int, people: int) -> dict[str, Any]:
    client = AsyncHTTPClient(max_clients=people + 4)
    persons = [Person(client, base) for _ in range(people)]
    await asyncio.gather(*(person.look() for person in persons))
    watcher = Person(client, base)
    await watcher.look()
    followers = [asyncio.ensure_future(follow(person)) for person in persons]
    latencies: list[float] = []
    for n, person in enumerate(persons):  # notes: the writer's own, seen by the writer's page
        for k in range(2):
            start = time.perf_counter()
            await person.do(do="note", prompt="What?", content=f"Note {k} of {n}", signed=False)
            latencies.append((time.perf_counter() - start) * 1000)
    with SessionStore(db) as store:
        store.reveal(session, "what")
    await watcher.look()
    notes = [note["id"] for note in watcher.state["notes"]]
    for n, person in enumerate(persons):  # dots: from one phone to the watcher's, long-polled
        for k in range(3):
            note = notes[(2 * n + k + 1) % len(notes)]
            before = sum(x["votes"] for x in watcher.state["notes"])
            start = time.perf_counter()
            waiting = asyncio.ensure_future(watch_for(
                watcher, lambda s, b=before: sum(x["votes"] for x in s["notes"]) > b))
            await person.do(do="dot", note=note)
            latencies.append((await waiting - start) * 1000)
    for follower in followers:
        follower.cancel()
    await asyncio.gather(*followers, return_exceptions=True)
    client.close()
    return {"changes": len(latencies), "p50_ms": statistics.median(latencies),
            "p95_ms": statistics.quantiles(latencies, n=20)[-1]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=30)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder, served(
            LAUNCHER_SOURCE, Path(folder), name="devgames.ipynb") as server:
        with SessionStore(server.db) as store:
            session = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
            code = store.open_debrief(session)
        before = rss_bytes(server.process.pid) / 1e6
        figures = asyncio.run(room(f"{server.device_url}d/{code}", server.db, session,
                                   args.people))
        figures["memory_mb_more"] = rss_bytes(server.process.pid) / 1e6 - before
    figures["people"] = args.people
    figures["latency_met"] = figures["p95_ms"] <= LATENCY_BUDGET_MS
    figures["memory_met"] = figures["memory_mb_more"] <= MEMORY_BUDGET_MB
    print(f"{args.people} people, {figures['changes']} notes and dots: "
          f"p50 {figures['p50_ms']:.0f} ms, p95 {figures['p95_ms']:.0f} ms "
          f"(budget {LATENCY_BUDGET_MS:.0f} ms: {'met' if figures['latency_met'] else 'NOT met'})"
          f"; server memory +{figures['memory_mb_more']:.1f} MB (budget {MEMORY_BUDGET_MB:.0f}"
          f" MB: {'met' if figures['memory_met'] else 'NOT met'})")
    print(json.dumps(figures))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0 if figures["latency_met"] and figures["memory_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
