"""Saved sessions in one SQLite file: every move is written as it happens, so nothing is lost.

A session is a header (game, rules version, players, options, seed, notes, title) and its log of
actions, one row per action. Resuming a session and undoing moves are replays of that log.

Several screens may show one session (two tabs, the projector and a team's phone), each possibly
behind the others. So every change to the log says which **revision** of the session it was made
from, and is refused with :class:`StaleSession` when another screen has changed the log since:
the check and the write are one transaction, so of two screens moving at once exactly one wins,
and the other catches up (:meth:`SessionStore.checkout`) instead of overwriting it. Notes and
settings (``meta``) are merged key by key with :meth:`SessionStore.set_meta`, so they never undo
a move and a move never undoes them.

The usual life of a session in the facilitator app:

>>> from devgames import scrumkin
>>> store = SessionStore(":memory:")
>>> game = scrumkin.new_game(["Red", "Blue"], seed=7)
>>> number = store.create(game, title="Monday workshop")
>>> game, revision = store.checkout(number)
>>> for _ in range(5):
...     game.apply(game.legal_actions()[0])
...     revision = store.sync(number, game, expected=revision)
>>> [(row.title, row.players, row.actions) for row in store.list()]
[('Monday workshop', ('Red', 'Blue'), 5)]

A second screen still showing the start cannot overwrite those moves:

>>> stale = scrumkin.new_game(["Red", "Blue"], seed=7)
>>> stale.apply(stale.legal_actions()[-1])
>>> store.sync(number, stale, expected=0)
Traceback (most recent call last):
...
devgames.sessions.store.StaleSession: The table has moved on: another screen saved a move in \
session 1 since this screen last looked. Here is the table as it is now.
>>> store.resume(number).snapshot() == game.snapshot()
True
>>> store.close()
"""

import functools
import hmac
import json
import os
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from devgames.core.actions import Action
from devgames.core.game import Game
from devgames.core.players import text_problem
from devgames.core.session import Session
from devgames.sessions.participants import MORE_TABLES, ParticipantRecords, digest
from devgames.sessions.participants import TABLES as PARTICIPANT_TABLES

T = TypeVar("T")

#: Version of the tables below, kept in ``PRAGMA user_version``; bumped on every change.
SCHEMA_VERSION = 7

#: Longest title a session may have.
MAX_TITLE_LENGTH = 100

#: Team devices' links (schema version 3): a token per seat of a session.
DEVICES_TABLE = """CREATE TABLE devices (
    digest TEXT PRIMARY KEY,        -- SHA-256 of the token: how a device's request is looked up
    token TEXT NOT NULL,            -- the secret of the team's link, shown again on the table
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    issued_at TEXT NOT NULL,        -- ISO 8601, UTC
    seen_at TEXT,                   -- ISO 8601, UTC: the device last asked (NULL: never yet)
    UNIQUE (session_id, seat)
)"""

#: The audience view's link (schema version 7): one token per session, read-only.
AUDIENCE_TABLE = """CREATE TABLE audience_links (
    digest TEXT PRIMARY KEY,        -- SHA-256 of the token: how a viewer's request is looked up
    token TEXT NOT NULL,            -- the secret of the session's audience link
    session_id INTEGER NOT NULL UNIQUE REFERENCES sessions (id) ON DELETE CASCADE,
    issued_at TEXT NOT NULL         -- ISO 8601, UTC
)"""

SCHEMA = """
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    players TEXT NOT NULL,          -- JSON list of names
    options TEXT NOT NULL,          -- JSON object
    seed TEXT NOT NULL,             -- decimal text: a seed may not fit in 64 bits
    meta TEXT NOT NULL,             -- JSON object of free notes (e.g. seats played by bots)
    title TEXT,
    created_at TEXT NOT NULL,       -- ISO 8601, UTC
    updated_at TEXT NOT NULL,       -- ISO 8601, UTC
    is_over INTEGER NOT NULL DEFAULT 0,
    winners TEXT NOT NULL DEFAULT '[]',  -- JSON list of names
    actions INTEGER NOT NULL DEFAULT 0,  -- number of rows in ``actions`` for this session
    revision INTEGER NOT NULL DEFAULT 0, -- one more at every change of the log (moves, undo)
    cut_at INTEGER NOT NULL DEFAULT 0    -- the last revision that took moves off the log (undo)
);
CREATE INDEX sessions_by_update ON sessions (updated_at);
CREATE TABLE actions (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,        -- 1 for the first action of the log
    action TEXT NOT NULL,           -- JSON of Action.to_json()
    saved_at TEXT,                  -- ISO 8601, UTC, when a screen saved it (NULL: not timed)
    revision INTEGER NOT NULL DEFAULT 0,  -- the session's revision that saved it
    PRIMARY KEY (session_id, number)
) WITHOUT ROWID;
""" + DEVICES_TABLE + "".join(f";\n{table}" for table in (*PARTICIPANT_TABLES, *MORE_TABLES,
                                                            AUDIENCE_TABLE))

#: How a store of an older schema version is brought up to date: the statements by old version.
MIGRATIONS = {
    1: [
        "ALTER TABLE sessions ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
        "UPDATE sessions SET revision = actions",
    ],
    2: ["ALTER TABLE actions ADD COLUMN saved_at TEXT", DEVICES_TABLE],
    # The moves saved before are not known by revision: as if the log had been cut then.
    3: ["ALTER TABLE actions ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE sessions ADD COLUMN cut_at INTEGER NOT NULL DEFAULT 0",
        "UPDATE sessions SET cut_at = revision"],
    4: PARTICIPANT_TABLES,
    5: MORE_TABLES,
    6: [AUDIENCE_TABLE],
}

#: Random bytes in the token of a team's link (128 bits).
TOKEN_BYTES = 16


class StaleSession(Exception):
    """A change made from an older position of a session than the saved one: it was not saved.

    The screen that made it should show the session as it now is (:meth:`SessionStore.checkout`).
    """

    def __init__(self, session_id: int, expected: int, revision: int) -> None:
        self.session_id = session_id
        self.expected = expected
        self.revision = revision
        super().__init__(
            f"The table has moved on: another screen saved a move in session {session_id} "
            "since this screen last looked. Here is the table as it is now."
        )


def default_path() -> Path:
    """Where sessions are kept unless told otherwise.

    ``$DEVGAMES_DB`` if set, else ``devgames/sessions.sqlite`` under ``$XDG_DATA_HOME``
    (``~/.local/share`` by default).

    >>> import os
    >>> os.environ.get("DEVGAMES_DB") is not None or default_path().name == "sessions.sqlite"
    True
    """
    explicit = os.environ.get("DEVGAMES_DB")
    if explicit:
        return Path(explicit).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME")
    # The XDG specification says a relative XDG_DATA_HOME is to be ignored.
    if not data_home or not Path(data_home).is_absolute():
        data_home = str(Path.home() / ".local" / "share")
    return Path(data_home) / "devgames" / "sessions.sqlite"


def check_title(title: str | None) -> str | None:
    """Return ``title`` if it can be a session title, else raise ValueError with a sentence.

    Titles are stored as typed (markup included; escaping is the display's job).

    >>> check_title("<b>Sprint</b> =1+1")
    '<b>Sprint</b> =1+1'
    >>> check_title("Line\\nbreak")
    Traceback (most recent call last):
    ...
    ValueError: The title 'Line\\nbreak' contains control characters; type a plain title.
    """
    if title is None:
        return None
    if not isinstance(title, str):
        raise ValueError(f"A title must be text, not {type(title).__name__}.")
    problem = text_problem(title, "title", MAX_TITLE_LENGTH)
    if problem:
        raise ValueError(problem)
    return title


@dataclass(frozen=True)
class SessionSummary:
    """One line of the launcher: what a saved session is and how far it got."""

    id: int
    game: str
    rules_version: str
    title: str | None
    players: tuple[str, ...]
    created_at: datetime
    updated_at: datetime
    actions: int
    is_over: bool
    winners: tuple[str, ...]


def _encode(action: Action) -> str:
    """An action as compact JSON text.

    >>> _encode(Action("play", 0, card=27))
    '{"kind":"play","player":0,"card":27}'
    """
    try:
        return _encode_cached(action)
    except TypeError:  # an action holding a list cannot be a cache key
        return json.dumps(action.to_json(), separators=(",", ":"))


@lru_cache(maxsize=8192)
def _encode_cached(action: Action) -> str:
    # Games repeat the same few actions, and sync compares the whole log after every move.
    return json.dumps(action.to_json(), separators=(",", ":"))


def _decode(text: str) -> Action:
    return Action.from_json(json.loads(text))


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _header_of(session: Session) -> tuple[Any, ...]:
    """What says which game a session is: game, rules version, players and options (as JSON
    read back, as they are saved) and seed."""
    return (session.game, session.rules_version, json.loads(_dumps(session.players)),
            json.loads(_dumps(session.options)), str(session.seed))


@functools.lru_cache(maxsize=64)
def _game_header(game: str, rules_version: str, players: str, options: str,
                 seed: str) -> tuple[Any, ...]:
    """The header of the game a saved header rebuilds: a session saved before an option was
    added, or under older rules, is the game its replay is today (the option at its default, the
    options that play its older rules), so its moves can still be saved.

    >>> from devgames import scrumkin
    >>> header = _header_of(scrumkin.new_game(["Red", "Blue"], seed=1).session())
    >>> older = {k: v for k, v in header[3].items() if k != "backlog"}  # saved before "backlog"
    >>> _game_header("scrumkin", header[1], '["Red", "Blue"]', json.dumps(older), "1") == header
    True
    """
    saved = Session(game=game, rules_version=rules_version, players=json.loads(players),
                    options=json.loads(options), seed=int(seed))
    try:
        return _header_of(saved.new_game().session())
    except Exception:
        return _header_of(saved)


def _header(db: sqlite3.Connection, session_id: int) -> tuple[Any, ...]:
    """The stored header of a session, or KeyError with a sentence."""
    row = db.execute(
        "SELECT game, rules_version, players, options, seed, meta, actions, is_over, winners,"
        " revision FROM sessions WHERE id = ?",
        (session_id,),
    ).fetchone()
    if row is None:
        raise KeyError(f"There is no saved session number {session_id}.")
    return row


def _check_position(session_id: int, header: Sequence[Any], expected: int) -> None:
    """Refuse a change made from another revision than the saved one."""
    if header[9] != expected:
        raise StaleSession(session_id, expected, header[9])


def _check_same_game(session_id: int, header: Sequence[Any], game_obj: Game) -> None:
    """Refuse to write the moves of one game into another game's session."""
    if _game_header(*header[:5]) != _header_of(game_obj.session()):
        raise ValueError(
            f"This {game_obj.name} game is not the one saved as session {session_id} "
            "(the game, players, options or seed differ)."
        )


def _outcome(game_obj: Game) -> dict[str, Any]:
    """The columns that say whether a game is over and who won."""
    return {"is_over": int(game_obj.is_over), "winners": _dumps(list(game_obj.winners))}


def _update(db: sqlite3.Connection, session_id: int, fields: dict[str, Any]) -> None:
    """Set these columns of a session."""
    # Column names come from this module only, never from callers.
    columns = ", ".join(f"{name} = ?" for name in fields)
    db.execute(f"UPDATE sessions SET {columns} WHERE id = ?", (*fields.values(), session_id))


class SessionStore(ParticipantRecords):
    """Sessions saved in an SQLite file, written action by action.

    ``path`` is a file (folders are created as needed), ``":memory:"`` for a throw-away store, or
    None for :func:`default_path`. Several stores, in several kernels, may share one file: each
    write is one transaction and every read sees the others' committed writes.

    >>> from devgames import itstartup
    >>> store = SessionStore(":memory:")
    >>> game = itstartup.new_game(["Ada", "Bob"], seed=2)
    >>> number = store.create(game)
    >>> store.append(number, game.legal_actions()[0], expected=0)
    1
    >>> len(store.load(number).log)
    1
    >>> store.delete(number)
    >>> store.load(number)
    Traceback (most recent call last):
    ...
    KeyError: 'There is no saved session number 1.'
    """

    def __init__(self, path: str | Path | None = None) -> None:
        if path is None:
            path = default_path()
        if str(path) != ":memory:":
            path = Path(path).expanduser()
            path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.RLock()
        # Autocommit mode: transactions are opened explicitly by ``_write``.
        self._db = sqlite3.connect(
            path, timeout=30, isolation_level=None, check_same_thread=False
        )
        try:
            self._db.execute("PRAGMA foreign_keys = ON")
            self._db.execute("PRAGMA journal_mode = WAL")
            # With WAL, NORMAL loses no saved move when a process dies (only at a power cut may
            # the last moves go) and spares a disk flush per move (724 saves: 0.5-1.0 s, not
            # 0.8-3.3 s).
            self._db.execute("PRAGMA synchronous = NORMAL")
            self._prepare_schema()
        except sqlite3.OperationalError:
            self._db.close()
            raise
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise ValueError(f"{path} is not a devgames session store ({error}).") from None
        except ValueError:
            self._db.close()
            raise

    # ----- plumbing -----------------------------------------------------------------------------
    def close(self) -> None:
        """Close the file. Everything was already saved by each write."""
        with self._lock:
            self._db.close()

    def __enter__(self) -> "SessionStore":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SessionStore({str(self.path)!r})"

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction: all of it is saved, or none of it."""
        with self._lock:
            # IMMEDIATE takes the write lock at once, so what is read inside stays true.
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: what is read inside belongs together."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                yield self._db
            finally:
                self._db.execute("COMMIT")

    def _prepare_schema(self) -> None:
        with self._write() as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise ValueError(
                    f"The session store {self.path} was written by a newer devgames (schema "
                    f"version {version}; this one reads up to {SCHEMA_VERSION}). "
                    "Upgrade devgames to open it."
                )
            if version == 0:
                if db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                    raise ValueError(
                        f"{self.path} is an SQLite file but not a devgames session store."
                    )
                statements = [s for s in SCHEMA.split(";") if s.strip()]
            else:
                statements = [s for old in range(version, SCHEMA_VERSION) for s in MIGRATIONS[old]]
            for statement in statements:
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    # ----- writing --------------------------------------------------------------------------------
    def create(self, game_obj: Game, title: str | None = None) -> int:
        """Save a new session (header, notes and any actions already made); return its number.

        The new session is at revision 0.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> store.create(scrumkin.new_game(["Red", "Blue"], seed=1), title="Team A")
        1
        >>> store.revision(1)
        0
        """
        check_title(title)
        session = game_obj.session()
        now = _now()
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO sessions (game, rules_version, players, options, seed, meta, title,"
                " created_at, updated_at, is_over, winners, actions)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    session.game,
                    session.rules_version,
                    _dumps(session.players),
                    _dumps(session.options),
                    str(session.seed),
                    _dumps(session.meta),
                    title,
                    now,
                    now,
                    int(game_obj.is_over),
                    _dumps(list(game_obj.winners)),
                    len(session.log),
                ),
            )
            assert cursor.lastrowid is not None  # set by the INSERT just made
            session_id = int(cursor.lastrowid)
            db.executemany(
                "INSERT INTO actions (session_id, number, action) VALUES (?, ?, ?)",
                [(session_id, n, _encode(a)) for n, a in enumerate(session.log, 1)],
            )
        return session_id

    def append(self, session_id: int, action: Action, *, expected: int,
               game_obj: Game | None = None) -> int:
        """Save one more action at the end of the log, made from revision ``expected``.

        Returns the new revision; raises :class:`StaleSession` (and saves nothing) when the
        saved session is no longer at ``expected``. With ``game_obj`` (the game after the
        action), also save whether it is over, after checking that its log ends with this action
        at the same place.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
        >>> number = store.create(game)
        >>> game.apply(game.legal_actions()[0])
        >>> store.append(number, game.log[-1], expected=0, game_obj=game)
        1
        >>> store.append(number, game.log[-1], expected=0)
        Traceback (most recent call last):
        ...
        devgames.sessions.store.StaleSession: The table has moved on: another screen saved a \
move in session 1 since this screen last looked. Here is the table as it is now.
        """
        with self._write() as db:
            header = _header(db, session_id)
            _check_position(session_id, header, expected)
            number = header[6] + 1
            fields: dict[str, Any] = {
                "actions": number, "revision": expected + 1, "updated_at": _now()}
            if game_obj is not None:
                _check_same_game(session_id, header, game_obj)
                if len(game_obj.log) != number or game_obj.log[-1] != action:
                    raise ValueError(
                        f"Session {session_id} has {number - 1} saved actions, so the game given "
                        f"should have this action as number {number}; it has "
                        f"{len(game_obj.log)} actions. Use sync() to save the whole log."
                    )
                fields.update(_outcome(game_obj))
            db.execute(
                "INSERT INTO actions (session_id, number, action, saved_at, revision)"
                " VALUES (?, ?, ?, ?, ?)",
                (session_id, number, _encode(action), fields["updated_at"], expected + 1),
            )
            _update(db, session_id, fields)
        return expected + 1

    def sync(self, session_id: int, game_obj: Game, *, expected: int) -> int:
        """Make the saved log equal to the game's log, which was made from revision ``expected``.

        Missing actions are appended; saved actions the game no longer has (after an undo) are
        dropped. Returns the revision now saved: ``expected`` when nothing changed, one more when
        the log changed. Raises :class:`StaleSession`, saving nothing, when the saved session is
        no longer at ``expected``: another screen changed it since this game was checked out.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
        >>> number = store.create(game)
        >>> for _ in range(3):
        ...     game.apply(game.legal_actions()[0])
        >>> store.sync(number, game, expected=0)
        1
        >>> game.undo(2)
        >>> store.sync(number, game, expected=1)
        2
        >>> len(store.load(number).log)
        1
        """
        log = game_obj.log
        with self._write() as db:
            header = _header(db, session_id)
            _check_position(session_id, header, expected)
            _check_same_game(session_id, header, game_obj)
            saved = [
                text
                for (text,) in db.execute(
                    "SELECT action FROM actions WHERE session_id = ? ORDER BY number",
                    (session_id,),
                )
            ]
            same = 0
            for text, action in zip(saved, log, strict=False):
                if text != _encode(action):
                    break
                same += 1
            if same == len(saved) == len(log):
                return expected
            db.execute(
                "DELETE FROM actions WHERE session_id = ? AND number > ?", (session_id, same)
            )
            now = _now()
            db.executemany(
                "INSERT INTO actions (session_id, number, action, saved_at, revision)"
                " VALUES (?, ?, ?, ?, ?)",
                [(session_id, n, _encode(log[n - 1]), now, expected + 1)
                 for n in range(same + 1, len(log) + 1)],
            )
            cut = {"cut_at": expected + 1} if same < len(saved) else {}
            _update(db, session_id, {
                "actions": len(log), "revision": expected + 1, "updated_at": now,
                **_outcome(game_obj), **cut,
            })
        return expected + 1

    def undo(self, session_id: int, steps: int = 1, *, expected: int | None = None) -> Game:
        """Take back the last ``steps`` saved actions; return the game as it now is.

        With ``expected``, only if the session is still at that revision (else
        :class:`StaleSession`); without it, whatever was saved last is taken back.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
        >>> for _ in range(4):
        ...     game.apply(game.legal_actions()[0])
        >>> number = store.create(game)
        >>> len(store.undo(number, 3).log), len(store.load(number).log), store.revision(number)
        (1, 1, 1)
        """
        with self._lock:
            session, revision = self._load(session_id)
            if expected is not None and expected != revision:
                raise StaleSession(session_id, expected, revision)
            if not 0 <= steps <= len(session.log):
                raise ValueError(
                    f"Session {session_id} has {len(session.log)} saved moves; "
                    f"{steps} cannot be taken back."
                )
            game = session.replay(len(session.log) - steps)
            self.sync(session_id, game, expected=revision)
        return game

    def set_meta(self, session_id: int, path: Sequence[str], value: Any) -> None:
        """Save one note or setting of a session, leaving every other one and the log as they are.

        ``path`` names the key inside ``meta`` (``("seats", "pace")``); None removes it. Two
        screens saving different keys at once both keep theirs; no revision is used up.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> store.set_meta(number, ("notes", "What slowed us?"), "Bugs")
        >>> store.set_meta(number, ("seats", "pace"), 2.0)
        >>> store.load(number).meta, store.revision(number)
        ({'notes': {'What slowed us?': 'Bugs'}, 'seats': {'pace': 2.0}}, 0)
        """
        def put(here: dict[str, Any], last: str) -> None:
            if value is None:
                here.pop(last, None)
            else:
                here[last] = value

        self._edit_meta(session_id, path, put)

    def add_to_meta(self, session_id: int, path: Sequence[str], delta: int,
                    least: int = 0) -> int:
        """Add ``delta`` to the number kept at ``path`` in ``meta`` (0 when absent), never going
        below ``least``, in one transaction: two screens adding dots at once both count.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> store.add_to_meta(number, ("dots", "a"), 2)
        2
        >>> store.add_to_meta(number, ("dots", "a"), -5)
        0
        """
        def add(here: dict[str, Any], last: str) -> int:
            current = here.get(last)
            here[last] = max(least, (current if isinstance(current, int) else 0) + delta)
            return here[last]

        return self._edit_meta(session_id, path, add)

    def _edit_meta(self, session_id: int, path: Sequence[str],
                   change: Callable[[dict[str, Any], str], T]) -> T:
        """Apply ``change(parent, key)`` to the entry at ``path`` of ``meta``, in one write."""
        if not path:
            raise ValueError("A note or setting needs a name.")
        with self._write() as db:
            meta = json.loads(_header(db, session_id)[5])
            *parents, last = path
            here = meta
            for key in parents:
                if not isinstance(here.get(key), dict):
                    here[key] = {}
                here = here[key]
            result = change(here, last)
            _update(db, session_id, {"meta": _dumps(meta)})
        return result

    def rename(self, session_id: int, title: str | None) -> None:
        """Give a session a new title (None for no title); its date of last play is kept.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> store.rename(number, "Café <b>bold</b>")
        >>> store.list()[0].title
        'Café <b>bold</b>'
        """
        check_title(title)
        with self._write() as db:
            _header(db, session_id)
            _update(db, session_id, {"title": title})

    def delete(self, session_id: int) -> None:
        """Remove a session and its actions for good."""
        with self._write() as db:
            _header(db, session_id)
            db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))

    # ----- reading --------------------------------------------------------------------------------
    def _load(self, session_id: int) -> tuple[Session, int]:
        """The saved session and its revision, read together."""
        with self._read() as db:  # the header and the log belong together
            header = _header(db, session_id)
            texts = db.execute(
                "SELECT action FROM actions WHERE session_id = ? ORDER BY number",
                (session_id,),
            ).fetchall()
        try:
            session = Session(
                game=header[0],
                rules_version=header[1],
                players=json.loads(header[2]),
                options=json.loads(header[3]),
                seed=int(header[4]),
                log=[_decode(text) for (text,) in texts],
                meta=json.loads(header[5]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"Saved session {session_id} is damaged ({error}).") from None
        return session, header[9]

    def load(self, session_id: int) -> Session:
        """The saved session (header and log), ready to replay."""
        return self._load(session_id)[0]

    def resume(self, session_id: int) -> Game:
        """The saved game, rebuilt by replaying its log."""
        return self.load(session_id).replay()

    def checkout(self, session_id: int) -> tuple[Game, int]:
        """The saved game and its revision: what a screen shows, and the base of its next save.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> game, revision = store.checkout(number)
        >>> game.apply(game.legal_actions()[0])
        >>> store.sync(number, game, expected=revision)
        1
        """
        session, revision = self._load(session_id)
        return session.replay(), revision

    def move_times(self, session_id: int) -> tuple[datetime, list[datetime | None]]:
        """When the session was created, and when each saved move was saved (None for moves
        saved untimed: with the session, or by a store older than schema version 3).

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
        >>> number = store.create(game)
        >>> game.apply(game.legal_actions()[0])
        >>> revision = store.sync(number, game, expected=0)
        >>> created, times = store.move_times(number)
        >>> len(times), times[0] >= created
        (1, True)
        """
        with self._lock:
            created = self._db.execute("SELECT created_at FROM sessions WHERE id = ?",
                                       (session_id,)).fetchone()
            if created is None:
                raise KeyError(f"There is no saved session number {session_id}.")
            rows = self._db.execute(
                "SELECT saved_at FROM actions WHERE session_id = ? ORDER BY number",
                (session_id,)).fetchall()
        return (datetime.fromisoformat(created[0]),
                [datetime.fromisoformat(at) if at else None for (at,) in rows])

    def revision(self, session_id: int) -> int:
        """How many times the session's log has changed: a screen compares it to its own."""
        with self._lock:
            return int(_header(self._db, session_id)[9])

    def moves_since(self, session_id: int, revision: int) -> int | None:
        """How many moves were saved after ``revision``, the log having only grown since: a
        screen that last looked at ``revision`` has not seen the last ones. None when moves were
        taken off the log since (an undo), or the session never had that revision.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
        >>> number = store.create(game)
        >>> for _ in range(3):
        ...     game.apply(game.legal_actions()[0])
        ...     revision = store.append(number, game.log[-1], expected=len(game.log) - 1)
        >>> store.moves_since(number, 1), store.moves_since(number, 3), store.moves_since(number, 4)
        (2, 0, None)
        >>> store.undo(number, 1).log == game.log[:2]
        True
        >>> store.moves_since(number, 1), store.moves_since(number, 4)
        (None, 0)
        """
        with self._read() as db:
            row = db.execute("SELECT revision, cut_at FROM sessions WHERE id = ?",
                             (session_id,)).fetchone()
            if row is None:
                raise KeyError(f"There is no saved session number {session_id}.")
            now, cut_at = row
            if not cut_at <= revision <= now:
                return None
            return int(db.execute(
                "SELECT count(*) FROM actions WHERE session_id = ? AND revision > ?",
                (session_id, revision)).fetchone()[0])

    def position(self, session_id: int) -> tuple[int, dict[str, Any]]:
        """The session's revision and its notes and settings (``meta``), read together: what a
        screen compares with its own at each regular check.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> store.set_meta(number, ("seats", "pace"), 2.0)
        >>> store.position(number)
        (0, {'seats': {'pace': 2.0}})
        """
        with self._lock:
            header = _header(self._db, session_id)
        return int(header[9]), json.loads(header[5])

    def list(self, game: str | None = None) -> list[SessionSummary]:
        """Saved sessions, most recently played first; only those of ``game`` if given.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> first = store.create(scrumkin.new_game(["Red", "Blue"], seed=1), title="First")
        >>> second = store.create(scrumkin.new_game(["Ann", "Bea"], seed=2), title="Second")
        >>> [row.title for row in store.list()]
        ['Second', 'First']
        >>> store.list(game="itstartup")
        []
        """
        query = (
            "SELECT id, game, rules_version, title, players, created_at, updated_at, actions,"
            " is_over, winners FROM sessions"
        )
        parameters: tuple[Any, ...] = ()
        if game is not None:
            query += " WHERE game = ?"
            parameters = (game,)
        query += " ORDER BY updated_at DESC, id DESC"
        with self._lock:
            rows = self._db.execute(query, parameters).fetchall()
        return [
            SessionSummary(
                id=row[0],
                game=row[1],
                rules_version=row[2],
                title=row[3],
                players=tuple(json.loads(row[4])),
                created_at=datetime.fromisoformat(row[5]),
                updated_at=datetime.fromisoformat(row[6]),
                actions=row[7],
                is_over=bool(row[8]),
                winners=tuple(json.loads(row[9])),
            )
            for row in rows
        ]

    # ----- team devices -------------------------------------------------------------------------
    def issue_link(self, session_id: int, seat: int) -> str:
        """A new secret token for the device of ``seat``; the seat's earlier token, if any, stops
        working at once (a lost phone, a link shared too widely).

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> first = store.issue_link(number, 1)
        >>> store.seat_of(first)
        (1, 1)
        >>> second = store.issue_link(number, 1)
        >>> store.seat_of(first) is None, store.seat_of(second), len(second) >= 22
        (True, (1, 1), True)
        """
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self._write() as db:
            players = json.loads(_header(db, session_id)[2])
            if not 0 <= seat < len(players):
                raise ValueError(f"Session {session_id} has no seat {seat}.")
            db.execute("DELETE FROM devices WHERE session_id = ? AND seat = ?", (session_id, seat))
            db.execute(
                "INSERT INTO devices (digest, token, session_id, seat, issued_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (digest(token), token, session_id, seat, _now()),
            )
        return token

    def revoke_link(self, session_id: int, seat: int) -> None:
        """Cut the device of ``seat`` off: its token no longer works; the seat is played at the
        table again."""
        with self._write() as db:
            db.execute("DELETE FROM devices WHERE session_id = ? AND seat = ?", (session_id, seat))

    def links(self, session_id: int) -> dict[int, str]:
        """The token of each seat that has a device link: {seat: token}."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seat, token FROM devices WHERE session_id = ? ORDER BY seat",
                (session_id,),
            ).fetchall()
        return {seat: token for seat, token in rows}

    def link_seen(self, session_id: int) -> dict[int, datetime | None]:
        """When the device of each linked seat last asked for its table (None: not yet opened).

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> token = store.issue_link(number, 0)
        >>> store.link_seen(number)
        {0: None}
        >>> store.saw(token); store.link_seen(number)[0] is not None
        True
        """
        with self._lock:
            rows = self._db.execute(
                "SELECT seat, seen_at FROM devices WHERE session_id = ? ORDER BY seat",
                (session_id,),
            ).fetchall()
        return {seat: datetime.fromisoformat(at) if at else None for seat, at in rows}

    def saw(self, token: str) -> None:
        """Note that the device holding ``token`` asked for its table just now."""
        with self._write() as db:
            db.execute("UPDATE devices SET seen_at = ? WHERE digest = ?",
                       (_now(), digest(token)))

    def seat_of(self, token: str) -> tuple[int, int] | None:
        """The (session, seat) a device's token stands for, or None for a token that is wrong,
        replaced or revoked. The token is found by its digest and then compared in constant time.
        """
        with self._lock:
            row = self._db.execute(
                "SELECT token, session_id, seat FROM devices WHERE digest = ?",
                (digest(token),),
            ).fetchone()
        if row is None or not hmac.compare_digest(row[0].encode(), token.encode("utf-8",
                                                                                 "replace")):
            return None
        return int(row[1]), int(row[2])

    # ----- the audience view ---------------------------------------------------------------------
    def audience_link(self, session_id: int) -> str:
        """The token of the session's audience link (read-only: the table as the projector
        shows it), made at the first call and the same after.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> token = store.audience_link(number)
        >>> store.audience_link(number) == token, store.audience_session(token), len(token) >= 22
        (True, 1, True)
        """
        with self._write() as db:
            row = db.execute("SELECT token FROM audience_links WHERE session_id = ?",
                             (session_id,)).fetchone()
            if row is not None:
                return str(row[0])
            return self._new_audience_token(db, session_id)

    def new_audience_link(self, session_id: int) -> str:
        """A new token for the session's audience link; the old one stops working at once.

        >>> from devgames import scrumkin
        >>> store = SessionStore(":memory:")
        >>> number = store.create(scrumkin.new_game(["Red", "Blue"], seed=1))
        >>> old = store.audience_link(number)
        >>> new = store.new_audience_link(number)
        >>> store.audience_session(old), store.audience_session(new)
        (None, 1)
        >>> store.audience_link(number) == new
        True
        """
        with self._write() as db:
            return self._new_audience_token(db, session_id)

    @staticmethod
    def _new_audience_token(db: sqlite3.Connection, session_id: int) -> str:
        _header(db, session_id)  # KeyError for a session that is not there
        token = secrets.token_urlsafe(TOKEN_BYTES)
        db.execute("DELETE FROM audience_links WHERE session_id = ?", (session_id,))
        db.execute("INSERT INTO audience_links (digest, token, session_id, issued_at)"
                   " VALUES (?, ?, ?, ?)", (digest(token), token, session_id, _now()))
        return token

    def audience_session(self, token: str) -> int | None:
        """The session an audience token stands for, or None for a wrong or replaced one (or
        one of a deleted session). Found by its digest, then compared in constant time.

        >>> store = SessionStore(":memory:")
        >>> store.audience_session("x" * 22) is None
        True
        """
        with self._lock:
            row = self._db.execute(
                "SELECT token, session_id FROM audience_links WHERE digest = ?",
                (digest(token),),
            ).fetchone()
        if row is None or not hmac.compare_digest(row[0].encode(), token.encode("utf-8",
                                                                                 "replace")):
            return None
        return int(row[1])

    def data_version(self) -> int:
        """A number that changes whenever another connection has written to the file: the cheap
        check of a screen that waits for the table to move (SQLite's ``PRAGMA data_version``)."""
        with self._lock:
            return int(self._db.execute("PRAGMA data_version").fetchone()[0])
