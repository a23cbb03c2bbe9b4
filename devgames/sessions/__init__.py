"""Saved sessions: an SQLite store that keeps every game move by move, to resume or undo later.

>>> from devgames.sessions import SessionStore
>>> with SessionStore(":memory:") as store:
...     store.list()
[]
"""

from devgames.sessions.store import (
    MAX_TITLE_LENGTH,
    SCHEMA_VERSION,
    SessionStore,
    SessionSummary,
    StaleSession,
    check_title,
    default_path,
)

__all__ = [
    "MAX_TITLE_LENGTH",
    "SCHEMA_VERSION",
    "SessionStore",
    "SessionSummary",
    "StaleSession",
    "check_title",
    "default_path",
]
