"""The participants' debrief as the store keeps it: the session's join code, the people who
joined from their phones, their notes, dots and ROTI votes.

Everyone in the room may join the debrief of a session with its join code (one per session, a
secret in the address, renewed or closed by the facilitator). A person is a random secret kept
by their browser: the store knows only its digest, and a public participant id (random too) is
what the notes, dots and exports carry. A name is optional.

The rules are checked here, in the write that saves them, so that every screen (however stale)
meets the same answer:

- the facilitator leads each phase through its steps (:data:`STEPS`): a note is written in
  Think, a group suggested in Group, a dot put in Vote; the step is kept in the session's
  settings (``meta["debrief"]["phone_steps"]``) and read in the same write as the change it allows;
- a note is private to its author until the facilitator reveals its phase; the projector reads
  only revealed notes and how many are still hidden;
- a note is at most :data:`LONGEST` characters, and a person
  writes at most :data:`NOTES_PER_MINUTE` a minute;
- a person has the dots the session allows (``meta["debrief"]["dots"]``, 3 unless set) and may
  put several on one note only when ``meta["debrief"]["stack"]`` is true; dots go on revealed
  notes only;
- a note shows its author's name only when the session is signed (``meta["debrief"]["signed"]``,
  anonymous unless set), the author gave a name and chose to sign the note;
- each person may say which of the game's cards the room has at work, and which key moments of
  the game surprised them;
- each person rates the session once (ROTI, 1 to 5), and may change the rating.

Text is kept as typed (it is escaped by the screens that show it and neutralised in the CSV
exports). Every refusal is a :class:`DebriefRefused` with a sentence for the person, and saves
nothing.
"""

import hashlib
import hmac
import json
import secrets
import sqlite3
import threading
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from devgames.core.players import text_problem
from devgames.i18n import N_, _, ngettext

#: The tables of the participants' debrief (schema version 5; version 6 adds MORE_TABLES).
TABLES = [
    """CREATE TABLE debrief_codes (
    session_id INTEGER PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
    digest TEXT NOT NULL UNIQUE,    -- SHA-256 of the join code: how a request is looked up
    token TEXT NOT NULL,            -- the join code, shown again on the projector
    issued_at TEXT NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0
)""",
    """CREATE TABLE participants (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    id TEXT NOT NULL,               -- public and random: what notes, dots and exports carry
    digest TEXT NOT NULL UNIQUE,    -- SHA-256 of the secret the person's browser keeps
    name TEXT,                      -- optional
    joined_at TEXT NOT NULL,
    PRIMARY KEY (session_id, id)
) WITHOUT ROWID""",
    """CREATE TABLE debrief_notes (
    id TEXT PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    author TEXT NOT NULL,           -- the participant's public id
    phase TEXT NOT NULL,
    prompt TEXT NOT NULL,
    content TEXT NOT NULL,
    signed INTEGER NOT NULL DEFAULT 0,
    revealed INTEGER NOT NULL DEFAULT 0,
    grouped TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
)""",
    "CREATE INDEX debrief_notes_by_session ON debrief_notes (session_id, created_at)",
    """CREATE TABLE debrief_dots (
    note_id TEXT NOT NULL REFERENCES debrief_notes (id) ON DELETE CASCADE,
    participant TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (note_id, participant)
) WITHOUT ROWID""",
    """CREATE TABLE debrief_tags (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    participant TEXT NOT NULL,
    card TEXT NOT NULL,             -- a card's name: "we have this at work"
    PRIMARY KEY (session_id, participant, card)
) WITHOUT ROWID""",
    """CREATE TABLE roti (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    participant TEXT NOT NULL,
    score INTEGER NOT NULL CHECK (score BETWEEN 1 AND 5),
    PRIMARY KEY (session_id, participant)
) WITHOUT ROWID""",
]
#: A person's group suggested for a revealed note, and the key moments that surprised a person
#: (schema version 6).
MORE_TABLES = [
    """CREATE TABLE debrief_suggestions (
    note_id TEXT NOT NULL REFERENCES debrief_notes (id) ON DELETE CASCADE,
    participant TEXT NOT NULL,
    grouped TEXT NOT NULL,
    PRIMARY KEY (note_id, participant)
) WITHOUT ROWID""",
    """CREATE TABLE debrief_surprises (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    participant TEXT NOT NULL,
    move INTEGER NOT NULL,          -- the key moment: its move's index in the log
    PRIMARY KEY (session_id, participant, move)
) WITHOUT ROWID""",
]

#: Bytes of randomness in a person's secret (128 bits); in a public id.
SECRET_BYTES = 16
ID_BYTES = 6
#: A join code: CODE_LENGTH characters of CODE_LETTERS (no 0/O, 1/I/L or U to misread), about
#: 39 bits, short enough to type from the projector; wrong codes are slowed by the server.
CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 8
#: The marks a person puts on the game's things: (table, column) of the cards at work and of
#: the key moments that surprised them.
_TAGS = ("debrief_tags", "card")
_SURPRISES = ("debrief_surprises", "move")
#: The steps the facilitator leads each phase through on the phones, and what each is called.
STEPS = ("think", "reveal", "group", "vote", "discuss", "close")
STEP_TITLES = {"think": N_("Think"), "reveal": N_("Reveal"), "group": N_("Group"),
               "vote": N_("Vote"), "discuss": N_("Discuss"), "close": N_("Close")}
#: The most people in one session's debrief, and the longest name.
MAX_PARTICIPANTS = 200
MAX_NAME = 40
#: The notes a person may write in a minute (a flood is refused, a room's pace is not).
NOTES_PER_MINUTE = 6
#: Dots a person has unless the facilitator sets another number (``meta["debrief"]["dots"]``).
DEFAULT_DOTS = 3
#: Longest note, action or owner the debrief keeps (a sticky note, not an essay).
LONGEST = 300


class DebriefRefused(ValueError):
    """A participant's change the debrief's rules refuse: ``code`` names the rule, the message
    says it to the person. Nothing was saved.

    >>> error = DebriefRefused("no_dots", "You have used your 3 dots.")
    >>> error.code, str(error)
    ('no_dots', 'You have used your 3 dots.')
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Participant:
    """A person in a session's debrief: public id, optional name, when they joined."""

    id: str
    name: str | None
    joined_at: str


def digest(secret: str) -> str:
    """The SHA-256 of a secret (a team's link, a join code, a person's secret), by which the
    store finds it.

    >>> len(digest("abc"))
    64
    """
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def name_problem(name: str | None) -> str | None:
    """Why ``name`` cannot be a participant's name, or None (no name is fine).

    >>> name_problem(None), name_problem("Ana")
    (None, None)
    >>> name_problem("x" * 41)[:30]
    "The name 'xxxxxxxxxxxxxxxxxxxx"
    """
    return None if name is None else text_problem(name, "name", MAX_NAME)


def note_problem(text: str, noun: str = "note") -> str | None:
    """Why ``text`` cannot be kept as a note (or an action, an owner: ``noun``), or None.

    >>> note_problem("  "), note_problem("Pair on bugs")
    ('The note is empty: type it first.', None)
    >>> note_problem("x" * 301)[:44]
    "The note 'xxxxxxxxxxxxxxxxxxxx'... is 301 ch"
    """
    if not text.strip():
        return f"The {noun} is empty: type it first."
    return text_problem(text, noun, LONGEST)


def _settings(db: sqlite3.Connection, session_id: int) -> dict[str, Any]:
    """The debrief's settings of a session (``meta["debrief"]``), read in the caller's
    transaction; KeyError for a session that is not there."""
    row = db.execute("SELECT meta FROM sessions WHERE id = ?", (session_id,)).fetchone()
    if row is None:
        raise KeyError(f"There is no saved session number {session_id}.")
    found = json.loads(row[0]).get("debrief")
    return found if isinstance(found, dict) else {}


def step_of(settings: dict[str, Any], phase: str | None = None) -> str:
    """The step of ``phase`` (the phase the facilitator leads when None) from the debrief's
    settings: Think until the facilitator moves on.

    >>> step_of({}), step_of({"phase": "so_what", "phone_steps": {"so_what": "vote"}})
    ('think', 'vote')
    >>> step_of({"phone_steps": {"what": "nonsense"}}, "what")
    'think'
    """
    steps = settings.get("phone_steps")
    key = settings.get("phase", "what") if phase is None else phase
    step = steps.get(key) if isinstance(steps, dict) else None
    return step if step in STEPS else STEPS[0]


def step_titles(phase: str) -> list[tuple[str, str]]:
    """The steps of a phase as every screen shows them, in the language in use: (title, key);
    in Now what? the room discusses the actions proposed.

    >>> step_titles("now_what")[4], step_titles("what")[0]
    (('Actions', 'discuss'), ('Think', 'think'))
    """
    return [(_("Actions") if (phase, step) == ("now_what", "discuss") else _(STEP_TITLES[step]),
             step) for step in STEPS]


def _in_step(settings: dict[str, Any], wanted: str, sentence: str, phase: str | None = None
             ) -> None:
    """Refuse with ``sentence`` (a message naming the step the room is at: ``{now}``) unless
    the phase is at step ``wanted``."""
    step = step_of(settings, phase)
    if step != wanted:
        raise DebriefRefused("step", _(sentence).format(now=_(STEP_TITLES[step])))


def new_code() -> str:
    """A fresh join code.

    >>> code = new_code()
    >>> len(code), set(code) <= set(CODE_LETTERS)
    (8, True)
    """
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def typed_code(code: str) -> str:
    """A join code as a person may type it (any case, with a dash or spaces), as it is kept.

    >>> typed_code("k7qx-2m9p "), typed_code("AbC_long-Old-Token")
    ('K7QX2M9P', 'AbC_long-Old-Token')
    """
    short = code.replace("-", "").replace(" ", "").upper()
    return short if len(short) == CODE_LENGTH else code


def _group_problem(group: str) -> None:
    problem = text_problem(group, "group", MAX_NAME) if group else None
    if problem:
        raise DebriefRefused("group", problem)


def dots_allowed(settings: dict[str, Any]) -> int:
    """The dots each person has, from the debrief's settings.

    >>> dots_allowed({}), dots_allowed({"dots": 5}), dots_allowed({"dots": "x"})
    (3, 5, 3)
    """
    dots = settings.get("dots")
    return dots if type(dots) is int and dots >= 0 else DEFAULT_DOTS


class ParticipantRecords:
    """The participants' debrief in :class:`~devgames.sessions.store.SessionStore` (a part of
    it: the store's transactions are these methods' transactions)."""

    _lock: threading.RLock
    _db: sqlite3.Connection

    def _write(self) -> AbstractContextManager[sqlite3.Connection]:
        raise NotImplementedError  # the store's

    def _read(self) -> AbstractContextManager[sqlite3.Connection]:
        raise NotImplementedError  # the store's

    # ----- the join code ------------------------------------------------------------------------
    def open_debrief(self, session_id: int) -> str:
        """A new join code for the session's debrief; an older code stops working at once.

        >>> from devgames import scrumkin
        >>> from devgames.sessions import SessionStore
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> first = store.open_debrief(number)
        >>> second = store.open_debrief(number)
        >>> store.debrief_session(first), store.debrief_session(second) == number
        (None, True)
        """
        token = new_code()
        with self._write() as db:
            _settings(db, session_id)
            db.execute("DELETE FROM debrief_codes WHERE session_id = ?", (session_id,))
            db.execute("INSERT INTO debrief_codes (session_id, digest, token, issued_at)"
                       " VALUES (?, ?, ?, ?)",
                       (session_id, digest(token), token, _now().isoformat()))
        return token

    def close_debrief(self, session_id: int) -> None:
        """Close the session's debrief to phones: its code no longer opens it."""
        with self._write() as db:
            db.execute("UPDATE debrief_codes SET closed = 1 WHERE session_id = ?", (session_id,))

    def debrief_code(self, session_id: int) -> str | None:
        """The session's open join code, or None (never opened, or closed)."""
        with self._lock:
            row = self._db.execute("SELECT token FROM debrief_codes WHERE session_id = ?"
                                   " AND NOT closed", (session_id,)).fetchone()
        return row[0] if row else None

    def debrief_session(self, token: str) -> int | None:
        """The session a join code opens, or None for a code that is wrong, renewed or closed
        (found by its digest, then compared in constant time); typed in any case, with a dash.
        """
        token = typed_code(token)
        with self._lock:
            row = self._db.execute("SELECT token, session_id FROM debrief_codes"
                                   " WHERE digest = ? AND NOT closed",
                                   (digest(token),)).fetchone()
        if row is None or not hmac.compare_digest(row[0].encode(),
                                                  token.encode("utf-8", "replace")):
            return None
        return int(row[1])

    # ----- participants -------------------------------------------------------------------------
    def join(self, session_id: int, name: str | None = None) -> tuple[str, str]:
        """A new person in the session's debrief: (the secret their browser keeps, their public
        id). Refused beyond :data:`MAX_PARTICIPANTS`, or for a name that cannot be one.

        >>> from devgames import scrumkin
        >>> from devgames.sessions import SessionStore
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> secret, person = store.join(number)
        >>> store.participant(number, secret) == person, store.participant(number, "guess")
        (True, None)
        """
        problem = name_problem(name)
        if problem:
            raise DebriefRefused("name", problem)
        secret, person = secrets.token_urlsafe(SECRET_BYTES), secrets.token_hex(ID_BYTES)
        with self._write() as db:
            _settings(db, session_id)
            (count,) = db.execute("SELECT count(*) FROM participants WHERE session_id = ?",
                                  (session_id,)).fetchone()
            if count >= MAX_PARTICIPANTS:
                raise DebriefRefused("full", _("This debrief already has {count} people: ask "
                                               "the facilitator.").format(count=count))
            db.execute("INSERT INTO participants (session_id, id, digest, name, joined_at)"
                       " VALUES (?, ?, ?, ?, ?)",
                       (session_id, person, digest(secret), name, _now().isoformat()))
        return secret, person

    def participant(self, session_id: int, secret: str) -> str | None:
        """The public id of the person holding ``secret`` in this session, or None."""
        with self._lock:
            row = self._db.execute("SELECT id FROM participants WHERE digest = ?"
                                   " AND session_id = ?", (digest(secret), session_id)).fetchone()
        return row[0] if row else None

    def set_name(self, session_id: int, person: str, name: str | None) -> None:
        """Give a person a name, or take it away (None)."""
        problem = name_problem(name)
        if problem:
            raise DebriefRefused("name", problem)
        with self._write() as db:
            self._check_person(db, session_id, person)
            db.execute("UPDATE participants SET name = ? WHERE session_id = ? AND id = ?",
                       (name, session_id, person))

    def participants(self, session_id: int) -> list[Participant]:
        """The people in the session's debrief, in the order they joined."""
        with self._lock:
            rows = self._db.execute("SELECT id, name, joined_at FROM participants WHERE"
                                    " session_id = ? ORDER BY joined_at, id",
                                    (session_id,)).fetchall()
        return [Participant(*row) for row in rows]

    @staticmethod
    def _check_person(db: sqlite3.Connection, session_id: int, person: str) -> None:
        if db.execute("SELECT 1 FROM participants WHERE session_id = ? AND id = ?",
                      (session_id, person)).fetchone() is None:
            raise DebriefRefused("stranger", _("You are not in this debrief any more: open "
                                               "its code again."))

    # ----- notes --------------------------------------------------------------------------------
    def add_note(self, session_id: int, person: str, phase: str, prompt: str, content: str,
                 signed: bool = False) -> str:
        """Save a person's note to ``prompt``, hidden from everyone else until its phase is
        revealed; its id. Refused when empty, too long, beyond :data:`NOTES_PER_MINUTE`, or
        when ``phase`` is past Think.

        >>> from devgames import scrumkin
        >>> from devgames.sessions import SessionStore
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> (_, ana), (_, bo) = store.join(number), store.join(number)
        >>> note = store.add_note(number, ana, "what", "What happened?", "Bugs piled up")
        >>> [n["content"] for n in store.notes_for(number, ana)], store.notes_for(number, bo)
        (['Bugs piled up'], [])
        >>> store.hidden_count(number, "what"), store.reveal(number, "what")
        (1, 1)
        >>> [n["content"] for n in store.notes_for(number, bo)]
        ['Bugs piled up']
        """
        problem = note_problem(content) or text_problem(prompt, "question", 500)
        if problem:
            raise DebriefRefused("note", problem)
        now = _now()
        note = secrets.token_hex(ID_BYTES)
        with self._write() as db:
            self._check_person(db, session_id, person)
            _in_step(_settings(db, session_id), "think",
                     N_("Notes are written in Think: the room is at {now} now."), phase)
            (recent,) = db.execute(
                "SELECT count(*) FROM debrief_notes WHERE session_id = ? AND author = ?"
                " AND created_at > ?",
                (session_id, person, (now - timedelta(minutes=1)).isoformat())).fetchone()
            if recent >= NOTES_PER_MINUTE:
                raise DebriefRefused("too_fast", _("That is {n} notes in a minute: wait a "
                                                   "moment, then send this one.").format(
                                                       n=NOTES_PER_MINUTE))
            db.execute("INSERT INTO debrief_notes (id, session_id, author, phase, prompt,"
                       " content, signed, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (note, session_id, person, phase, prompt, content, int(signed),
                        now.isoformat(timespec="microseconds")))
        return note

    def reveal(self, session_id: int, phase: str) -> int:
        """Reveal every note of ``phase`` (to the projector and to everyone); how many were
        hidden."""
        with self._write() as db:
            return db.execute("UPDATE debrief_notes SET revealed = 1 WHERE session_id = ?"
                              " AND phase = ? AND NOT revealed", (session_id, phase)).rowcount

    def hidden_count(self, session_id: int, phase: str) -> int:
        """How many notes of ``phase`` are written and not revealed yet."""
        with self._lock:
            (count,) = self._db.execute(
                "SELECT count(*) FROM debrief_notes WHERE session_id = ? AND phase = ?"
                " AND NOT revealed", (session_id, phase)).fetchone()
        return int(count)

    def notes_for(self, session_id: int, person: str | None) -> list[dict[str, Any]]:
        """The notes ``person`` may read: the revealed ones and their own (``mine``), oldest
        first; with None, the projector's: the revealed ones only. Each note is a dict like the
        facilitator's notes (id, phase, prompt, content, group, votes, created_at) with
        ``author`` (a public id), ``name`` (None unless signed and shown) and ``mine``."""
        with self._read() as db:
            signed_session = bool(_settings(db, session_id).get("signed"))
            rows = db.execute(
                "SELECT n.id, n.phase, n.prompt, n.content, n.grouped, n.created_at, n.author,"
                " n.signed, n.revealed, p.name,"
                " (SELECT coalesce(sum(count), 0) FROM debrief_dots d WHERE d.note_id = n.id)"
                " FROM debrief_notes n JOIN participants p"
                " ON p.session_id = n.session_id AND p.id = n.author"
                " WHERE n.session_id = ? AND (n.revealed OR n.author = ?)"
                " ORDER BY n.created_at, n.id", (session_id, person)).fetchall()
        return [{"id": note, "phase": phase, "prompt": prompt, "content": content,
                 "group": group, "votes": votes, "created_at": created, "author": author,
                 "name": name if signed_session and signed and name else None,
                 "revealed": bool(revealed), "mine": author == person}
                for (note, phase, prompt, content, group, created, author, signed, revealed,
                     name, votes) in rows]

    def set_group(self, session_id: int, note: str, group: str) -> None:
        """Put a revealed note in a group (the facilitator's grouping; "" for none)."""
        _group_problem(group)
        with self._write() as db:
            if not db.execute("UPDATE debrief_notes SET grouped = ? WHERE session_id = ?"
                              " AND id = ? AND revealed", (group, session_id, note)).rowcount:
                raise DebriefRefused("no_note", _("This note is not on the board (yet)."))

    def suggest_group(self, session_id: int, person: str, note: str, group: str) -> None:
        """A person suggests a group for a revealed note, in the Group step ("" takes the
        suggestion back); the facilitator decides (:meth:`suggestions`).

        >>> from devgames import scrumkin
        >>> from devgames.sessions import SessionStore
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> (_, ana), (_, bo) = store.join(number), store.join(number)
        >>> note = store.add_note(number, ana, "what", "What happened?", "Flu")
        >>> store.set_meta(number, ("debrief", "phone_steps", "what"), "group")
        >>> _ = store.reveal(number, "what")
        >>> store.suggest_group(number, ana, note, "Health")
        >>> store.suggest_group(number, bo, note, "Health")
        >>> store.suggestions(number) == {note: [("Health", 2)]}
        True
        >>> store.suggestions_of(number, bo) == {note: "Health"}
        True
        """
        _group_problem(group)
        with self._write() as db:
            self._check_person(db, session_id, person)
            _in_step(_settings(db, session_id), "group",
                     N_("Groups are suggested in Group: the room is at {now} now."))
            if db.execute("SELECT 1 FROM debrief_notes WHERE id = ? AND session_id = ?"
                          " AND revealed", (note, session_id)).fetchone() is None:
                raise DebriefRefused("no_note", _("This note is not on the board (yet)."))
            if group:
                db.execute("INSERT INTO debrief_suggestions (note_id, participant, grouped)"
                           " VALUES (?, ?, ?) ON CONFLICT (note_id, participant) DO UPDATE"
                           " SET grouped = excluded.grouped", (note, person, group))
            else:
                db.execute("DELETE FROM debrief_suggestions WHERE note_id = ? AND"
                           " participant = ?", (note, person))

    def suggestions(self, session_id: int) -> dict[str, list[tuple[str, int]]]:
        """The groups suggested for each note: (group, how many people), the most first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT s.note_id, s.grouped, count(*) FROM debrief_suggestions s JOIN"
                " debrief_notes n ON n.id = s.note_id WHERE n.session_id = ?"
                " GROUP BY s.note_id, s.grouped ORDER BY count(*) DESC, s.grouped",
                (session_id,)).fetchall()
        found: dict[str, list[tuple[str, int]]] = {}
        for note, group, count in rows:
            found.setdefault(note, []).append((group, count))
        return found

    def suggestions_of(self, session_id: int, person: str) -> dict[str, str]:
        """The group ``person`` suggested for each note."""
        return self._per_note_of(("debrief_suggestions", "grouped"), session_id, person)

    # ----- dots -----------------------------------------------------------------------------------
    def dot(self, session_id: int, person: str, note: str, delta: int = 1) -> int:
        """Put a dot on a revealed note (``delta`` 1) or take one back (-1); the dots the
        person has left. The limit is read and checked in the same write, so two screens voting
        at once never give a person more dots than the session allows.

        >>> from devgames import scrumkin
        >>> from devgames.sessions import SessionStore
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> _, ana = store.join(number)
        >>> note = store.add_note(number, ana, "what", "What happened?", "Flu")
        >>> store.dot(number, ana, note)
        Traceback (most recent call last):
        ...
        devgames.sessions.participants.DebriefRefused: Dots are put in Vote: the room is at \
Think now.
        >>> store.set_meta(number, ("debrief", "phone_steps", "what"), "vote")
        >>> _ = store.reveal(number, "what")
        >>> store.dot(number, ana, note)
        2
        >>> store.dot(number, ana, note)
        Traceback (most recent call last):
        ...
        devgames.sessions.participants.DebriefRefused: One dot a note in this debrief: put the \
next one on another note.
        """
        if delta not in (1, -1):
            raise DebriefRefused("dot", _("A dot is put on or taken back one at a time."))
        with self._write() as db:
            self._check_person(db, session_id, person)
            settings = _settings(db, session_id)
            _in_step(settings, "vote", N_("Dots are put in Vote: the room is at {now} now."))
            allowed = dots_allowed(settings)
            if db.execute("SELECT 1 FROM debrief_notes WHERE id = ? AND session_id = ?"
                          " AND revealed", (note, session_id)).fetchone() is None:
                raise DebriefRefused("no_note", _("This note is not on the board (yet)."))
            (used,) = db.execute(
                "SELECT coalesce(sum(d.count), 0) FROM debrief_dots d JOIN debrief_notes n"
                " ON n.id = d.note_id WHERE n.session_id = ? AND d.participant = ?",
                (session_id, person)).fetchone()
            row = db.execute("SELECT count FROM debrief_dots WHERE note_id = ? AND"
                             " participant = ?", (note, person)).fetchone()
            here = row[0] if row else 0
            if delta < 0 and not here:
                raise DebriefRefused("no_dot", _("You have no dot on this note to take back."))
            if delta > 0 and used >= allowed:
                raise DebriefRefused("no_dots", ngettext(
                    "You have used your {n} dot: take it back to vote again.",
                    "You have used your {n} dots: take one back to vote again.",
                    allowed).format(n=allowed))
            if delta > 0 and here and not settings.get("stack"):
                raise DebriefRefused("one_each", _("One dot a note in this debrief: put the "
                                                   "next one on another note."))
            if here + delta:
                db.execute("INSERT INTO debrief_dots (note_id, participant, count) VALUES"
                           " (?, ?, ?) ON CONFLICT (note_id, participant) DO UPDATE SET"
                           " count = excluded.count", (note, person, here + delta))
            else:
                db.execute("DELETE FROM debrief_dots WHERE note_id = ? AND participant = ?",
                           (note, person))
        return max(0, allowed - used - delta)  # none left when the facilitator took dots away

    def dots_put(self, session_id: int) -> int:
        """How many dots the room has put, on every note."""
        with self._lock:
            (put,) = self._db.execute(
                "SELECT coalesce(sum(d.count), 0) FROM debrief_dots d JOIN debrief_notes n"
                " ON n.id = d.note_id WHERE n.session_id = ?", (session_id,)).fetchone()
        return int(put)

    def dots_of(self, session_id: int, person: str) -> dict[str, int]:
        """The dots ``person`` has put, by note."""
        return self._per_note_of(("debrief_dots", "count"), session_id, person)

    def _per_note_of(self, kind: tuple[str, str], session_id: int,
                     person: str) -> dict[str, Any]:
        """What ``person`` gave each note of the session (``kind``: a table keyed by note and
        the column of its value, a constant, never a text from a request)."""
        table, column = kind
        with self._lock:
            rows = self._db.execute(
                f"SELECT m.note_id, m.{column} FROM {table} m JOIN debrief_notes n"
                " ON n.id = m.note_id WHERE n.session_id = ? AND m.participant = ?",
                (session_id, person)).fetchall()
        return dict(rows)

    # ----- cards at work -------------------------------------------------------------------------
    def tag_card(self, session_id: int, person: str, card: str, at_work: bool) -> None:
        """A person says the room has card ``card`` at work (or takes it back). Which cards may
        be tagged is the caller's to check (the game's, see :func:`devgames.retro.cards_to_tag`).

        >>> from devgames import scrumkin
        >>> from devgames.sessions import SessionStore
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> (_, ana), (_, bo) = store.join(number), store.join(number)
        >>> store.tag_card(number, ana, "Flu", True); store.tag_card(number, bo, "Flu", True)
        >>> store.tag_card(number, bo, "Flu", False); store.tag_counts(number)
        {'Flu': 1}
        """
        problem = text_problem(card, "card", 100) if card else "Which card?"
        if problem:
            raise DebriefRefused("card", problem)
        self._mark(_TAGS, session_id, person, card, at_work)

    def tags_of(self, session_id: int, person: str) -> set[str]:
        """The cards ``person`` says the room has at work."""
        return self._marks_of(_TAGS, session_id, person)

    def tag_counts(self, session_id: int) -> dict[str, int]:
        """How many people say the room has each card at work."""
        return self._mark_counts(_TAGS, session_id)

    # ----- key moments --------------------------------------------------------------------------
    def surprise(self, session_id: int, person: str, move: int, surprised: bool) -> None:
        """A person says the key moment at ``move`` (its index in the log) surprised them, or
        takes it back. Which moves are key moments is the caller's to check (the game's, see
        :func:`devgames.retro.key_moments`).

        >>> from devgames import scrumkin
        >>> from devgames.sessions import SessionStore
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> (_, ana), (_, bo) = store.join(number), store.join(number)
        >>> store.surprise(number, ana, 7, True); store.surprise(number, bo, 7, True)
        >>> store.surprise(number, bo, 7, False)
        >>> store.surprises(number), store.surprises_of(number, ana)
        ({7: 1}, {7})
        """
        if type(move) is not int or move < 0:
            raise DebriefRefused("moment", _("Which key moment?"))
        self._mark(_SURPRISES, session_id, person, move, surprised)

    def surprises_of(self, session_id: int, person: str) -> set[int]:
        """The key moments (their moves) that surprised ``person``."""
        return self._marks_of(_SURPRISES, session_id, person)

    def surprises(self, session_id: int) -> dict[int, int]:
        """How many people each key moment (its move) surprised."""
        return self._mark_counts(_SURPRISES, session_id)

    # ----- a person's marks on the game's cards and moments -----------------------------------
    def _mark(self, kind: tuple[str, str], session_id: int, person: str, thing: Any,
              on: bool) -> None:
        """Put (``on``) or take back a person's mark on ``thing`` (its table and column:
        ``kind``, one of the constants above, never a text from a request)."""
        table, column = kind
        with self._write() as db:
            self._check_person(db, session_id, person)
            if on:
                db.execute(f"INSERT OR IGNORE INTO {table} (session_id, participant, {column})"
                           " VALUES (?, ?, ?)", (session_id, person, thing))
            else:
                db.execute(f"DELETE FROM {table} WHERE session_id = ? AND participant = ?"
                           f" AND {column} = ?", (session_id, person, thing))

    def _marks_of(self, kind: tuple[str, str], session_id: int, person: str) -> set[Any]:
        table, column = kind
        with self._lock:
            rows = self._db.execute(f"SELECT {column} FROM {table} WHERE session_id = ? AND"
                                    " participant = ?", (session_id, person)).fetchall()
        return {thing for (thing,) in rows}

    def _mark_counts(self, kind: tuple[str, str], session_id: int) -> dict[Any, int]:
        table, column = kind
        with self._lock:
            rows = self._db.execute(f"SELECT {column}, count(*) FROM {table} WHERE"
                                    f" session_id = ? GROUP BY {column}",
                                    (session_id,)).fetchall()
        return dict(rows)

    # ----- ROTI ---------------------------------------------------------------------------------
    def rate(self, session_id: int, person: str, score: int) -> None:
        """A person's ROTI (return on time invested, 1 to 5); a new rating replaces theirs."""
        if type(score) is not int or not 1 <= score <= 5:
            raise DebriefRefused("score", _("Rate the session from 1 (wasted) to 5 (well "
                                            "worth it)."))
        with self._write() as db:
            self._check_person(db, session_id, person)
            db.execute("INSERT INTO roti (session_id, participant, score) VALUES (?, ?, ?)"
                       " ON CONFLICT (session_id, participant) DO UPDATE SET"
                       " score = excluded.score", (session_id, person, score))

    def rating_of(self, session_id: int, person: str) -> int | None:
        """The rating ``person`` gave the session, or None."""
        with self._lock:
            row = self._db.execute("SELECT score FROM roti WHERE session_id = ? AND"
                                   " participant = ?", (session_id, person)).fetchone()
        return row[0] if row else None

    def roti(self, session_id: int) -> tuple[int, int, int, int, int]:
        """How many people rated the session 1, 2, 3, 4 and 5 (the projector's histogram)."""
        with self._lock:
            rows = self._db.execute("SELECT score, count(*) FROM roti WHERE session_id = ?"
                                    " GROUP BY score", (session_id,)).fetchall()
        counts = dict(rows)
        ones, twos, threes, fours, fives = (counts.get(score, 0) for score in range(1, 6))
        return ones, twos, threes, fours, fives

