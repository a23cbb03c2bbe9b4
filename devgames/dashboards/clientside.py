"""Small widgets that run in the browser (anywidget): the room's timer, the bots' pace, the
session number kept in the page address so that a reload finds its session again, the language
of the card names, and the watch on the connection to the kernel.
"""

import time
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from devgames.i18n import _

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
  const words = model.get("words");
  el.title = started > 0 ? words.running : words.paused;
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
    const follow = () => {  // at load, and when the address is edited in the same tab
      const found = /session=(\\d+)/.exec(window.location.hash);
      if (found && Number(found[1]) !== model.get("session_id")) {
        model.set("session_id", Number(found[1]));
        model.save_changes();
      }
    };
    follow();
    window.addEventListener("hashchange", follow);
    model.on("change:session_id", () => {
      const id = model.get("session_id");
      const here = window.location.pathname + window.location.search;
      window.history.replaceState(null, "", id > 0 ? here + "#session=" + id : here);
    });
  },
};
"""

LANGUAGE_JS = """
const KEY = "devgames-language";
export default {
  render({ model }) {
    let saved = null;
    try { saved = window.localStorage.getItem(KEY); } catch (error) { saved = null; }
    const browser = (navigator.languages && navigator.languages[0]) || navigator.language || "";
    // The kernel takes a language it has a catalogue for, and English for any other.
    const chosen = saved || browser.toLowerCase().split("-")[0] || "en";
    if (chosen !== model.get("language")) {
      model.set("language", chosen);
      model.save_changes();
    }
    model.on("change:language", () => {
      try { window.localStorage.setItem(KEY, model.get("language")); } catch (error) { }
    });
  },
};
"""

CONNECTION_JS = """
export default {
  render({ model, el }) {
    el.classList.add("dg-connection");
    el.setAttribute("role", "alert");
    el.hidden = true;
    const words = () => model.get("words");
    const text = document.createElement("span");
    const status = document.createElement("span");
    status.className = "dg-connection-status";
    const reload = document.createElement("button");
    const say = () => {
      text.textContent = words().lost;
      reload.textContent = words().reload;
    };
    say();
    model.on("change:words", say);
    reload.className = "dg-connection-reload";
    reload.onclick = () => window.location.reload();
    el.append(text, " ", reload, " ", status);
    let lastPong = Date.now(), lost = false, busy = false, beat = 0, probing = null;

    const probe = async () => {
      // The page is served again once the server answers; a reload then finds the session
      // in the page address. A HEAD request starts no kernel.
      try {
        await fetch(window.location.pathname, { method: "HEAD", cache: "no-store" });
        status.textContent = words().reconnecting;
        window.location.reload();
      } catch (error) {
        status.textContent = words().waiting;
      }
    };
    const loseConnection = () => {
      if (lost) return;
      lost = true;
      el.hidden = false;
      document.body.classList.add("dg-disconnected");
      if (model.get("reconnect")) probing = setInterval(probe, model.get("probe_ms"));
    };
    model.on("msg:custom", (message) => {
      if (message.pong) lastPong = Date.now();
    });
    const kernel = model.widget_manager && model.widget_manager.kernel;
    if (kernel && kernel.statusChanged) {
      kernel.statusChanged.connect((_kernel, state) => {
        busy = state === "busy";
        if (state === "dead" || state === "restarting" || state === "autorestarting") {
          loseConnection();
        }
      });
    }
    if (kernel && kernel.connectionStatusChanged) {
      kernel.connectionStatusChanged.connect((_kernel, state) => {
        if (state === "disconnected") loseConnection();
      });
    }
    const every = setInterval(() => {
      if (lost) return;
      try {
        model.send({ ping: ++beat });
      } catch (error) {
        loseConnection();
      }
      // A kernel busy with a long move answers late; one that is idle and silent is gone.
      if (!busy && Date.now() - lastPong > model.get("timeout_ms")) loseConnection();
    }, model.get("interval_ms"));
    return () => {
      clearInterval(every);
      if (probing) clearInterval(probing);
    };
  },
};
"""


def timer_words() -> dict[str, str]:
    """The timer's words in the language in use (its tooltip).

    >>> timer_words()["paused"]
    'paused'
    """
    return {"running": _("running"), "paused": _("paused")}


def connection_words() -> dict[str, str]:
    """The connection banner's words in the language in use: it shows when the kernel is gone,
    so they are in the page before.

    >>> sorted(connection_words())
    ['lost', 'reconnecting', 'reload', 'waiting']
    """
    return {"lost": _("The connection to the table was lost: reload to resume; nothing is "
                      "lost."),
            "reload": _("Reload now"),
            "reconnecting": _("Reconnecting..."),
            "waiting": _("Waiting for the server to answer...")}


class Timer(anywidget.AnyWidget):
    """The facilitator's timer, counting down in the browser (overtime shows as +m:ss).

    Its :meth:`state` is kept with the session, so that a reload finds it as it was; a running
    timer goes on running, counted from its start.

    >>> timer = Timer(minutes=5)
    >>> timer.add_minute(); timer.duration
    360
    >>> timer.running
    False
    >>> again = Timer(minutes=1)
    >>> again.restore(timer.state()); again.duration
    360
    """

    _esm = TIMER_JS
    #: Its tooltip's words, in the app's language (see :func:`timer_words`).
    words = traitlets.Dict().tag(sync=True)
    duration = traitlets.Int(300).tag(sync=True)  # seconds
    elapsed = traitlets.Float(0.0).tag(sync=True)  # seconds spent before the last start
    started_at = traitlets.Float(0.0).tag(sync=True)  # epoch ms of the last start; 0 = paused

    def __init__(self, minutes: int = 5, **kwargs: Any) -> None:
        kwargs.setdefault("words", timer_words())
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

    def state(self) -> dict[str, float]:
        """Duration, time spent before the last start, and the start (epoch ms; 0 = paused).

        >>> Timer(minutes=2).state()
        {'duration': 120, 'elapsed': 0.0, 'started_at': 0.0}
        """
        return {"duration": self.duration, "elapsed": self.elapsed, "started_at": self.started_at}

    def restore(self, state: Any) -> None:
        """Take up a :meth:`state` saved earlier; anything that is not one changes nothing.

        >>> timer = Timer(minutes=5)
        >>> timer.restore({"duration": 600, "elapsed": 30.5, "started_at": 0})
        >>> timer.remaining()
        569.5
        >>> timer.restore({"duration": "ten"}); timer.duration
        600
        """
        try:
            duration, elapsed, started = (int(state["duration"]), float(state["elapsed"]),
                                          float(state["started_at"]))
        except (KeyError, TypeError, ValueError):
            return
        self.duration, self.elapsed, self.started_at = duration, elapsed, max(started, 0.0)

    def toggle(self) -> None:
        """Start a paused timer, pause a running one (the Start/pause button)."""
        if self.running:
            self.pause()
        else:
            self.start()

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
    """The session number in the page address (``#session=12``), both ways: a number typed
    into the address opens that session."""

    _esm = ADDRESS_JS
    session_id = traitlets.Int(0).tag(sync=True)


class Language(anywidget.AnyWidget):
    """The app's language: the browser's the first time, then the room's choice, kept in the
    browser for the next session.

    >>> Language().language
    'en'
    """

    _esm = LANGUAGE_JS
    language = traitlets.Unicode("en").tag(sync=True)


class Connection(anywidget.AnyWidget):
    """The page's watch on its kernel: a banner as soon as the kernel dies or the server goes.

    The browser asks every ``interval_ms`` whether the kernel still answers, and listens to the
    kernel's own status. Each question also calls ``on_ping`` in the kernel, which lets the table
    catch up with what changes with the clock (a team's device gone quiet); moves saved on
    another screen come sooner, from the kernel's own watch on the store (``StoreWatch``). When
    the connection is lost the banner says so, and with ``reconnect`` the page reloads by
    itself as soon as the server answers again (the session comes back from the page address).

    >>> connection = Connection(on_ping=lambda: print("checked"))
    >>> connection._on_msg(connection, {"ping": 1}, [])
    checked
    """

    _esm = CONNECTION_JS
    #: The banner's words, in the app's language (see :func:`connection_words`).
    words = traitlets.Dict().tag(sync=True)
    interval_ms = traitlets.Int(2000).tag(sync=True)
    timeout_ms = traitlets.Int(10000).tag(sync=True)
    probe_ms = traitlets.Int(3000).tag(sync=True)
    reconnect = traitlets.Bool(True).tag(sync=True)

    def __init__(self, on_ping: Callable[[], None] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("words", connection_words())
        super().__init__(**kwargs)
        self.on_ping = on_ping
        self.on_msg(self._on_msg)

    def _on_msg(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if "ping" in content:
            if self.on_ping is not None:
                self.on_ping()
            self.send({"pong": content["ping"]})


FIT_JS = """
export default {
  render({ model, el }) {
    let sent = "", waiting = null;
    const measure = () => {
      // The box the page gives the figure beside this widget, in whole pixels.
      const box = el.closest(".dg-charts");
      const chart = box && box.querySelector(".dg-chart");
      // Only once plotly has drawn the figure's data: a size sent earlier would reach a figure
      // that is still being set up.
      if (!chart || !chart.data || chart.data.length === 0 || chart.clientWidth < 50 ||
          chart.clientHeight < 50) return;
      const size = chart.clientWidth + "x" + chart.clientHeight;
      if (size !== sent) {
        sent = size;
        model.send({ width: chart.clientWidth, height: chart.clientHeight });
      }
    };
    const soon = () => { clearTimeout(waiting); waiting = setTimeout(measure, 120); };
    // On a slow machine the figure's 5 MB script can miss the 2 s anywidget gives a widget to
    // start, and the figure never appears: then ask the kernel for a new one (a few times).
    let asked = 0;
    const missing = setInterval(() => {
      const box = el.closest(".dg-charts");
      if (box && box.querySelector(".dg-chart")) { clearInterval(missing); return; }
      if (asked < 3) { asked += 1; model.send({ missing: true }); } else clearInterval(missing);
    }, 8000);
    const observer = new ResizeObserver(soon);
    const watch = setInterval(() => {
      const chart = el.closest(".dg-charts") && el.closest(".dg-charts").querySelector(".dg-chart");
      if (chart) { observer.observe(chart); soon(); }
      if (sent) clearInterval(watch);
    }, 200);
    window.addEventListener("resize", soon);
    return () => {
      observer.disconnect();
      clearInterval(watch);
      clearInterval(missing);
      window.removeEventListener("resize", soon);
    };
  },
};
"""


class FitCharts(anywidget.AnyWidget):
    """Tells the kernel the size of the box the page gives the figure beside it, when it is
    first laid out and whenever it changes (the window, the zoom), so that the figure is drawn
    exactly that large (see ``GameCharts.resize``). Draws nothing itself.

    When the figure has not appeared after a while (its script failed to start in time), the
    browser says so and ``on_missing`` gives the page a new figure.

    >>> fit = FitCharts(on_size=lambda width, height: print(width, height),
    ...                 on_missing=lambda: print("a new figure"))
    >>> fit._on_msg(fit, {"width": 800, "height": 600}, [])
    800 600
    >>> fit._on_msg(fit, {"missing": True}, [])
    a new figure
    """

    _esm = FIT_JS

    def __init__(self, on_size: Callable[[int, int], None],
                 on_missing: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_size = on_size
        self.on_missing = on_missing
        self.on_msg(self._on_msg)

    def _on_msg(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if content.get("missing") and self.on_missing is not None:
            self.on_missing()
            return
        width, height = content.get("width"), content.get("height")
        if isinstance(width, int | float) and isinstance(height, int | float):
            self.on_size(int(width), int(height))
