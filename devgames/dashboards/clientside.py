"""Small widgets that run in the browser (anywidget): the room's timer, the bots' pace, and the
session number kept in the page address so that a reload finds its session again.
"""

import time
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

TIMER_JS = """
function show(model, el) {
  const total = model.get("duration");
  let spent = model.get("elapsed");
  const started = model.get("started_at");
  if (started > 0) spent += (Date.now() - started) / 1000;
  const left = Math.round(total - spent);
  const abs = Math.abs(left);
  const text = Math.floor(abs / 60) + ":" + String(abs % 60).padStart(2, "0");
  el.textContent = left < 0 ? "+" + text : text;
  el.classList.toggle("dg-timer-over", left < 0);
  el.title = started > 0 ? "running" : "paused";
}
export default {
  render({ model, el }) {
    el.classList.add("dg-timer");
    const draw = () => show(model, el);
    draw();
    const every = setInterval(draw, 250);
    model.on("change", draw);
    return () => clearInterval(every);
  },
};
"""

PACER_JS = """
export default {
  render({ model }) {
    let waiting = null;
    const go = () => {
      const token = model.get("token");
      if (waiting) clearTimeout(waiting);
      if (token > 0) waiting = setTimeout(() => model.send({ tick: token }), model.get("delay_ms"));
    };
    model.on("change:token", go);
    go();
    return () => waiting && clearTimeout(waiting);
  },
};
"""

ADDRESS_JS = """
export default {
  render({ model }) {
    const found = /session=(\\d+)/.exec(window.location.hash);
    if (found && Number(found[1]) !== model.get("session_id")) {
      model.set("session_id", Number(found[1]));
      model.save_changes();
    }
    model.on("change:session_id", () => {
      const id = model.get("session_id");
      const here = window.location.pathname + window.location.search;
      window.history.replaceState(null, "", id > 0 ? here + "#session=" + id : here);
    });
  },
};
"""


class Timer(anywidget.AnyWidget):
    """The facilitator's timer, counting down in the browser (overtime shows as +m:ss).

    >>> timer = Timer(minutes=5)
    >>> timer.add_minute(); timer.duration
    360
    >>> timer.running
    False
    """

    _esm = TIMER_JS
    duration = traitlets.Int(300).tag(sync=True)  # seconds
    elapsed = traitlets.Float(0.0).tag(sync=True)  # seconds spent before the last start
    started_at = traitlets.Float(0.0).tag(sync=True)  # epoch ms of the last start; 0 = paused

    def __init__(self, minutes: int = 5, **kwargs: Any) -> None:
        super().__init__(duration=minutes * 60, **kwargs)

    @property
    def running(self) -> bool:
        return self.started_at > 0

    def remaining(self) -> float:
        """Seconds left (negative in overtime)."""
        spent = self.elapsed
        if self.running:
            spent += time.time() - self.started_at / 1000
        return self.duration - spent

    def start(self) -> None:
        if not self.running:
            self.started_at = time.time() * 1000

    def pause(self) -> None:
        if self.running:
            self.elapsed += time.time() - self.started_at / 1000
            self.started_at = 0.0

    def add_minute(self) -> None:
        self.duration += 60

    def reset(self, minutes: int | None = None) -> None:
        """Stop and wind back to the full time (or to ``minutes``)."""
        self.started_at = 0.0
        self.elapsed = 0.0
        if minutes is not None:
            self.duration = minutes * 60


class Pacer(anywidget.AnyWidget):
    """Calls back after a delay measured in the browser: bots play one move per tick, visibly.

    ``wait(callback)`` arms it; the browser answers ``delay_ms`` later; a newer ``wait`` or
    ``cancel`` makes an older answer count for nothing.
    """

    _esm = PACER_JS
    token = traitlets.Int(0).tag(sync=True)
    delay_ms = traitlets.Int(700).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._callback: Callable[[], None] | None = None
        self.on_msg(self._on_msg)

    def wait(self, callback: Callable[[], None]) -> None:
        self._callback = callback
        self.token += 1

    def cancel(self) -> None:
        self._callback = None
        self.token += 1

    def _on_msg(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if content.get("tick") == self.token and self._callback is not None:
            callback, self._callback = self._callback, None
            callback()


class Address(anywidget.AnyWidget):
    """The session number in the page address (``#session=12``), both ways."""

    _esm = ADDRESS_JS
    session_id = traitlets.Int(0).tag(sync=True)
