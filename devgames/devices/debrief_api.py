"""The participants' debrief over HTTP: what a person's phone asks and sends, next to the team
devices' addresses in the same server (:mod:`devgames.devices.server`).

- ``/d/<code>``: the person's page (:func:`~devgames.devices.page.debrief_page`, then its
  script ``debrief.js``);
- ``/d/<code>/state?known=<etag>``: the person's debrief (:func:`person_state`): the phase the
  facilitator leads, the notes the person may read (the revealed ones and their own), their dots
  left, their rating; at once when it differs from the one the page knows, else when the store
  changes (at most :data:`~devgames.devices.server.WAIT_SECONDS` later).
- ``POST /d/<code>/do``: one change, a JSON object naming it (:func:`read_change`): ``note``,
  ``dot``, ``undot``, ``suggest`` (a group for a note), ``rate``, ``name``, ``tag`` (a card of
  the game the room has at work) or ``surprise`` (a key moment that surprised the person), the
  last two in Reveal & map.

``<code>`` is the session's join code (:meth:`SessionStore.open_debrief`), typed in any case;
wrong codes from one address are answered ever more slowly, as wrong team links are. The first
request of a browser makes it a participant: the store gives it a secret, kept in an HTTP-only
cookie of its own for that session; a cookie the store does not know (the session's people were
cleared) makes a new participant. A person sends at most :data:`REQUESTS` requests in
:data:`PER_SECONDS` seconds (and :data:`LOOKS` state requests); beyond, the answer is a refusal
saying to wait. Every rule of the debrief (steps, dots, notes hidden until revealed, note length
and pace) is the store's (:mod:`devgames.sessions.participants`).
"""

import asyncio
import hashlib
import json
import time
from collections import deque
from typing import Any
from weakref import WeakKeyDictionary

from devgames.core.game import Game
from devgames.dashboards.debrief_notes import debrief_of, phase_of
from devgames.devices.page import debrief_page
from devgames.devices.server import (
    MAX_BODY,
    TOKEN,
    WAIT_SECONDS,
    DeviceHandler,
    Hub,
    Refused,
)
from devgames.devices.state import room_timer
from devgames.i18n import _, language, ngettext
from devgames.retro import Moment, cards_to_tag, key_moments
from devgames.sessions.participants import (
    DebriefRefused,
    dots_allowed,
    step_of,
    step_titles,
)

#: What each change carries besides its name (``"do"``), and the type of each field.
CHANGES: dict[str, dict[str, type]] = {
    "note": {"prompt": str, "content": str, "signed": bool},
    "dot": {"note": str},
    "undot": {"note": str},
    "suggest": {"note": str, "group": str},
    "surprise": {"move": int, "surprised": bool},
    "rate": {"score": int},
    "name": {"name": str},
    "tag": {"card": str, "at_work": bool},
}
#: A person's changes allowed within a window of seconds, and their state requests (a page asks
#: again after every change in the room: 30 people voting at once make many).
REQUESTS = 30
LOOKS = 300
PER_SECONDS = 10.0


def read_change(body: bytes) -> tuple[str, dict[str, Any]]:
    """The change a body asks for: ``{"do": kind, ...its fields}``, exactly the fields of
    :data:`CHANGES` with their types; anything else raises ValueError.

    >>> read_change(b'{"do": "dot", "note": "a1"}')
    ('dot', {'note': 'a1'})
    >>> read_change(b'{"do": "rate", "score": "5"}')
    Traceback (most recent call last):
    ...
    ValueError: Not a change: score must be int.
    """
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise ValueError("Not a change: unreadable.") from None
    if not isinstance(data, dict) or data.get("do") not in CHANGES:
        raise ValueError("Not a change: it must name one of " + ", ".join(CHANGES) + ".")
    kind = data.pop("do")
    fields = CHANGES[kind]
    if data.keys() != fields.keys():
        raise ValueError(f"Not a change: {kind} takes exactly {sorted(fields)}.")
    for key, wanted in fields.items():
        if type(data[key]) is not wanted:
            raise ValueError(f"Not a change: {key} must be {wanted.__name__}.")
    return kind, data


#: What Reveal & map asks about each finished game (its cards to tag, its key moments), worked
#: out once a game and language: every phone of the room asks again at every change, and two
#: phones may read two languages.
_ASKED: WeakKeyDictionary[Game, dict[str, tuple[list[str], list[Moment]]]] = WeakKeyDictionary()


def map_questions(game: Game) -> tuple[list[str], list[Moment]]:
    """The cards a phone may tag and the key moments it may answer, for ``game``, in the
    language in use.

    >>> from devgames import scrumkin
    >>> map_questions(scrumkin.new_game(["Red", "Blue"], seed=1))
    ([], [])
    """
    asked = _ASKED.setdefault(game, {})
    if language() not in asked:
        asked[language()] = (cards_to_tag(game), key_moments(game))
    return asked[language()]


def person_state(hub: Hub, session_id: int, person: str) -> dict[str, Any]:
    """What a person's phone shows, with its ``etag`` (a digest of the rest) and the server's
    clock (``now``, epoch ms, left out of the etag): the phase's time-box is counted down on
    the phone by the room's timer as the projector saved it."""
    store = hub.store
    meta = store.load(session_id).meta
    settings = debrief_of(meta)
    dots = store.dots_of(session_id, person)
    suggested = store.suggestions_of(session_id, person)
    now = phase_of(settings)
    left = max(0, dots_allowed(settings) - sum(dots.values()))
    state = {
        "language": language(),
        "phase": now.key,
        "phase_title": _(now.title),
        "ask": _(now.ask),
        "step": step_of(settings, now.key),
        "steps": step_titles(now.key),
        "notes": [{key: note[key] for key in ("id", "phase", "prompt", "content", "group",
                                             "votes", "name", "mine", "revealed")}
                  | {"my_dots": dots.get(note["id"], 0), "suggested": suggested.get(note["id"]),
                     "votes_text": ngettext("{n} dot", "{n} dots", note["votes"]).format(
                         n=note["votes"])}
                  for note in store.notes_for(session_id, person)],
        "dots_left": left,
        "dots_text": ngettext("You have {n} dot left.", "You have {n} dots left.",
                              left).format(n=left),
        "stack": bool(settings.get("stack")),
        "signed": bool(settings.get("signed")),
        "name": next((p.name for p in store.participants(session_id) if p.id == person), None),
        "rating": store.rating_of(session_id, person),
        "timer": room_timer(meta),
        "cards": [],
        "moments": [],
    }
    if state["phase"] == "map":  # the key moments and the cards, with this person's answers
        cards, moments = map_questions(hub.table(session_id).game)
        mine, surprised = store.tags_of(session_id, person), store.surprises_of(session_id, person)
        state["cards"] = [{"name": name, "at_work": name in mine} for name in cards]
        state["moments"] = [{"move": m.move, "title": m.title, "public": m.public,
                             "hidden": m.hidden, "surprised": m.move in surprised}
                            for m in moments]
    text = json.dumps(state, sort_keys=True, ensure_ascii=False)
    return {**state, "etag": hashlib.sha256(text.encode()).hexdigest()[:16],
            "now": round(time.time() * 1000)}


class PersonHandler(DeviceHandler):
    """An address of the debrief: the join code's session, and the person asking."""

    #: The requests of this address counted against the person's pace, and how many are allowed.
    counted, allowed = "looks", LOOKS

    async def person(self, code: str) -> tuple[int, str]:
        """The (session, person) of the request; a browser without a known cookie joins. A
        wrong code is answered ever more slowly to the address that keeps trying."""
        store = self.hub.store
        session_id = store.debrief_session(code)
        if session_id is None:
            await asyncio.sleep(self.hub.delay_for(self.hub.client(self.request)))
            raise Refused("debrief_closed")
        cookie = f"dg-person-{session_id}"
        secret = self.get_cookie(cookie)
        person = store.participant(session_id, secret) if secret else None
        if person is None:
            try:
                secret, person = store.join(session_id)
            except DebriefRefused as error:
                raise Refused("refused", str(error)) from None
            self.set_cookie(cookie, secret, path="/d/", httponly=True, samesite="Strict",
                            expires_days=2)
        self._pace(person)
        self.xsrf_token  # noqa: B018 - sets the XSRF cookie the person's changes must carry
        return session_id, person

    def _pace(self, person: str) -> None:
        now = time.monotonic()
        times = self.hub.paces.setdefault(f"{self.counted} {person}", deque())
        while times and times[0] < now - PER_SECONDS:
            times.popleft()
        if len(times) >= self.allowed:
            raise Refused("too_many")
        times.append(now)


class PersonPageHandler(PersonHandler):
    as_page = True

    async def get(self, code: str) -> None:
        await self.person(code)
        self.finish(debrief_page(self.xsrf_token.decode(), self.prefix))


class PersonStateHandler(PersonHandler):
    gone = False

    def on_connection_close(self) -> None:
        self.gone = True

    async def get(self, code: str) -> None:
        session_id, person = await self.person(code)
        known = self.get_argument("known", "")
        deadline = time.monotonic() + WAIT_SECONDS
        state = person_state(self.hub, session_id, person)
        with self.hub.waiters.slot(self.hub.client(self.request)):
            while state["etag"] == known and time.monotonic() < deadline:
                await self.hub.moved(deadline - time.monotonic())
                if self.gone:
                    return
                if self.hub.store.debrief_session(code) is None:
                    raise Refused("debrief_closed")
                state = person_state(self.hub, session_id, person)
        self.send(state)


class ChangeHandler(PersonHandler):
    """A person's change (a note, a dot, a rating, a name), refused with the store's sentence."""

    counted, allowed = "changes", REQUESTS

    def check_xsrf_cookie(self) -> None:
        try:
            super().check_xsrf_cookie()
        except Exception:
            raise Refused("cookies") from None

    async def post(self, code: str) -> None:
        session_id, person = await self.person(code)
        if len(self.request.body) > MAX_BODY:
            raise Refused("too_large")
        try:
            kind, fields = read_change(self.request.body)
        except ValueError:
            raise Refused("unreadable") from None
        store = self.hub.store
        try:
            if kind == "note":
                phase = phase_of(debrief_of(store.load(session_id).meta)).key
                store.add_note(session_id, person, phase, fields["prompt"], fields["content"],
                               fields["signed"])
            elif kind in ("dot", "undot"):
                store.dot(session_id, person, fields["note"], 1 if kind == "dot" else -1)
            elif kind == "suggest":
                store.suggest_group(session_id, person, fields["note"], fields["group"].strip())
            elif kind == "tag":
                if fields["card"] not in map_questions(self.hub.table(session_id).game)[0]:
                    raise DebriefRefused("card", _("This card is not among the game's cards."))
                store.tag_card(session_id, person, fields["card"], fields["at_work"])
            elif kind == "surprise":
                moments = map_questions(self.hub.table(session_id).game)[1]
                if fields["move"] not in {m.move for m in moments}:
                    raise DebriefRefused("moment",
                                         _("This is not one of the game's key moments."))
                store.surprise(session_id, person, fields["move"], fields["surprised"])
            elif kind == "rate":
                store.rate(session_id, person, fields["score"])
            else:
                store.set_name(session_id, person, fields["name"].strip() or None)
        except DebriefRefused as error:
            self.send({"reason": error.code, "message": str(error),
                       "state": person_state(self.hub, session_id, person)}, 409)
            return
        self.hub.wake()
        self.send({"message": None, "state": person_state(self.hub, session_id, person)})


def routes(hub: Hub) -> list[Any]:
    """The debrief's addresses in the device application."""
    return [
        (rf"{hub.prefix}/d/({TOKEN}|[^/]*)", PersonPageHandler, {"hub": hub}),
        (rf"{hub.prefix}/d/({TOKEN}|[^/]*)/state", PersonStateHandler, {"hub": hub}),
        (rf"{hub.prefix}/d/({TOKEN}|[^/]*)/do", ChangeHandler, {"hub": hub}),
    ]
