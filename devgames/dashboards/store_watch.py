"""The kernel's own watch on the store: a screen catches up as soon as another one saves.

Each page's kernel checks SQLite's ``PRAGMA data_version`` a few times a second, on the
kernel's own event loop (between the messages it handles, never at the same time as one). The
check costs microseconds and sends nothing; only when another connection wrote to the file
does the screen look at what changed. The kernel stays idle in between: the page's status
light does not flicker, and a move made on a team's device reaches the projector in well under
a second.
"""

import asyncio
from collections.abc import Callable

from devgames.sessions.store import SessionStore


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop of the Jupyter kernel this code runs in; None outside a kernel.

    >>> kernel_loop() is None  # a doctest runs in no kernel
    True
    """
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipykernel
        return None
    shell = get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class StoreWatch:
    """Calls ``on_change`` after another connection has written to ``store``.

    Runs by itself on the event loop of the kernel it is made in, or on ``loop``; elsewhere
    ``check`` does the same when called.

    >>> watch = StoreWatch(SessionStore(":memory:"), lambda: print("changed"))
    >>> watch.check()
    False
    """

    def __init__(self, store: SessionStore, on_change: Callable[[], None],
                 every_s: float = 0.2, loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.store = store
        self.on_change = on_change
        self.every_s = every_s
        self.seen = store.data_version()
        self.loop = loop if loop is not None else kernel_loop()
        self.handle: asyncio.TimerHandle | None = None
        if self.loop is not None:
            self.handle = self.loop.call_later(every_s, self._tick)

    @property
    def running(self) -> bool:
        """Whether the watch checks by itself."""
        return self.handle is not None

    def check(self) -> bool:
        """Call ``on_change`` if the store changed since the last check; say whether it did."""
        version = self.store.data_version()
        if version == self.seen:
            return False
        self.seen = version
        self.on_change()
        return True

    def stop(self) -> None:
        """Stop checking by itself."""
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None

    def _tick(self) -> None:
        try:
            self.check()
        finally:  # a failing screen update must not end the watch
            if self.handle is not None and self.loop is not None:
                self.handle = self.loop.call_later(self.every_s, self._tick)
