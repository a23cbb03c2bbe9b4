"""`devgames serve`: the facilitator app in a browser, served by Voilà on this machine only.

Voilà runs one notebook, the launcher (:data:`LAUNCHER_SOURCE`), written into a private temporary
folder so that the command works from an installed package. Every server, whether started by the
command, the browser tests or the dashboard benchmark, is configured by :func:`voila_command`:

- it listens on 127.0.0.1 only, with one preheated kernel waiting for the next page;
- it answers only requests for this machine's names (127.0.0.1, localhost) and, when they carry
  an Origin, from its own (scheme included): a page of another site gets nothing, not even a
  kernel, whether it names itself (DNS rebinding) or this server (:func:`guard`);
- the page carries no notebook source and no tracebacks;
- no file is served: ``/voila/files/`` allows nothing, and any path the page does not use
  (``/api/contents``, ``/voila/render/...``, ``/launcher.ipynb``, ``/login``) answers 404
  (:data:`VOILA_PATHS`), before Voilà's own handlers, some of which would answer 500;
- every page answers with ``Content-Security-Policy: frame-ancestors 'self'``, so no other
  site can frame the app, and ``style-src 'self' 'unsafe-inline'``, so it loads no style from the
  internet;
- the page is Voilà's "lab" page less its links to the Font Awesome style sheets on a CDN
  (:data:`TEMPLATE_FILES`): the policy would refuse them, and the browser would say so in its
  console at every page. The app uses no icon, and Voilà's own assets carry Font Awesome anyway;
- the kernel of a page closed without a goodbye (a crashed tab, a laptop that never woke up) is
  shut down after an hour with no page connected (:data:`CULL_IDLE_SECONDS`); the kernel of a
  page still open never is, however long the projector stays idle.

One check is off: the XSRF cookie of POST requests (``disable_check_xsrf``). Voilà's page never
gets that cookie, so the request by which a page shuts its kernel down when it is closed or
reloaded was refused and every page view left a kernel running until the server stopped
(voila-dashboards/voila#1458). Requests from other sites are still refused, by the server's own
origin check (:func:`guard`) and then Jupyter's, and shutting a kernel down takes its random id.

What stays reachable is what the page itself needs: Voilà's and the widgets' static assets
(``/voila/static/``, ``/voila/templates/<name>/static/``, ``/voila/labextensions/``,
``/voila/api/themes/``) and the kernel of a page, by its random id (``/api/kernels/<id>``).

The same process also serves the teams' device pages (:mod:`devgames.devices.server`), on a
port of its own (``$DEVGAMES_DEVICES``): on 127.0.0.1 too, or with ``devgames serve --lan`` on
every network address of the machine. Only those pages are ever served on the network; the
facilitator app stays on 127.0.0.1. The kernels learn the devices' address from
``$DEVGAMES_DEVICE_URL``, for the Join panel's codes.

Nothing outlives ``devgames serve``. Voilà runs in a session of its own (a Ctrl-C in the terminal
reaches ``devgames serve`` only, which then stops Voilà in order), and its kernels in sessions of
their own too. Three layers make sure they all stop:

- ``devgames serve`` turns Ctrl-C, SIGTERM and SIGHUP (the terminal window closed) into the same
  clean stop: Voilà is asked to stop (it shuts its kernels down), whatever is left is killed, and
  the temporary folder goes. A signal that arrives while the server is being started or stopped is
  only noted, and acted on once the server can be stopped (:class:`StopSignals`), so no
  half-started server is lost.
- If ``devgames serve`` dies without cleaning up (SIGKILL, a crash), Voilà notices by itself:
  :data:`VOILA_MAIN` watches the parent process (it polls ``os.getppid()``, twice a second, against
  the pid it was given in ``$DEVGAMES_SERVER_PARENT``) and stops as on SIGTERM, or exits hard 10 s
  later. A parent watcher was chosen over Linux's ``prctl(PR_SET_PDEATHSIG)``, which fires when the
  *thread* that started the server ends and exists on Linux only; this works whatever thread
  started the server, on any POSIX system, with no ctypes.
- Each kernel watches Voilà the same way (ipykernel's parent poller, through ``$JPY_PARENT_PID``),
  so even a Voilà killed hard leaves no kernel behind.

When the port is taken by an earlier devgames server of this user, the message names its process
and the command that stops it (:func:`port_in_use`).

>>> command = voila_command(Path("/tmp/run/devgames.ipynb"), 8866)
>>> command[1:2] + command[3:5]
['-c', '/tmp/run/devgames.ipynb', '--port=8866']
>>> "--VoilaConfiguration.file_allowlist=[]" in command
True
"""

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import webbrowser
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import IO, Any

import nbformat
import tornado.httputil
import tornado.routing
import tornado.web

from devgames.dashboards.login import LOGIN_VARIABLE, Login
from devgames.i18n import _
from devgames.remote import (
    DEVICE_PATHS,
    PASSWORD_VARIABLE,
    PUBLIC_URL_VARIABLE,
    TRUSTED_VARIABLE,
    PublicAddress,
    trusted_addresses,
)

#: The code of the launcher notebook; ``notebooks/launcher.ipynb`` holds the same cell.
LAUNCHER_SOURCE = "from devgames.dashboards import FacilitatorApp\n\nFacilitatorApp()"

#: The address the server listens on: this machine only.
HOST = "127.0.0.1"

#: The port of ``devgames serve`` unless told otherwise (Voilà's usual one).
DEFAULT_PORT = 8866

#: Headers of every page: no other site may put the app in a frame, and the page loads styles
#: from this server only: the page asks nothing of the internet, and a workshop's slow or captive
#: network cannot hold it up. (The app's template drops Voilà's links to a CDN: see
#: :data:`TEMPLATE_FILES`.)
SECURITY_HEADERS = {
    "Content-Security-Policy": "frame-ancestors 'self'; style-src 'self' 'unsafe-inline'",
    "X-Frame-Options": "SAMEORIGIN",
}

#: Kernels with no page connected are shut down after this long idle (a connected page's kernel
#: never is: ``cull_connected`` stays False). Voilà never culls its preheated kernel.
CULL_IDLE_SECONDS = 3600

#: The name of the app's Voilà template (see :data:`TEMPLATE_FILES`).
TEMPLATE = "devgames"

#: The app's Voilà template: Voilà's "lab" page, without the lines that link style sheets from a
#: CDN (Font Awesome), which the page's policy refuses. It is written next to the notebook
#: (:func:`write_template`) and found through ``$JUPYTER_PATH``.
TEMPLATE_FILES = {
    "conf.json": '{"base_template": "lab"}\n',
    "index.html.j2": """{%- extends 'lab/index.html.j2' -%}
{%- block notebook_css -%}
{%- for line in super().splitlines() if 'cdn.jsdelivr.net' not in line %}
{{ line }}
{%- endfor -%}
{%- endblock notebook_css -%}
""",
}

#: The environment variable naming the SQLite store of the kernels (see ``default_path``).
DB_VARIABLE = "DEVGAMES_DB"

#: The environment variables of the team devices' server: where it listens ("host:port"), and
#: the address its links give (the machine's network address with ``--lan``).
DEVICES_VARIABLE = "DEVGAMES_DEVICES"
DEVICE_URL_VARIABLE = "DEVGAMES_DEVICE_URL"

#: Where the devices' server listens with ``--lan``: every network address of the machine.
LAN_HOST = "0.0.0.0"

#: A kernel's id in Voilà's addresses.
KERNEL_ID = r"\w+-\w+-\w+-\w+-\w+"

#: The paths of the Voilà server the app's page uses, as patterns of the raw path (an escaped
#: character never matches): Voilà's and the widgets' assets, the template's static files (plain
#: names, none starting with a dot: Voilà's handler fails on anything else), the page's kernel by
#: its id, and ``/voila/files/``, which allows nothing. Any other path answers 404 (:func:`guard`).
VOILA_PATHS = (
    r"/",
    r"/voila/(static|labextensions|api/themes|files)/.*",
    r"/voila/templates/[\w-]+/static(/[\w-][\w.-]*)+",
    rf"/api/kernels/{KERNEL_ID}(/channels)?",
    rf"/voila/(api/shutdown|query|execution)/{KERNEL_ID}",
)

#: The environment variable giving Voilà the pid of the process that started it.
PARENT_VARIABLE = "DEVGAMES_SERVER_PARENT"

#: Runs Voilà (``python -c VOILA_MAIN NOTEBOOK OPTIONS...``) for as long as the process that
#: started it lives (``$DEVGAMES_SERVER_PARENT``, else the parent at start): once it is gone, Voilà
#: stops as on SIGTERM, or exits 10 s later. A SIGTERM that comes before Voilà runs its event loop
#: (no kernel started yet) exits at once instead of failing in Voilà's handler. Traitlets'
#: deprecation warnings, which Voilà turns on, are silenced: they would only puzzle a facilitator.
#: A preheated kernel counts as active when a page takes it: it may have waited in the pool for
#: longer than the idle timeout, and would otherwise be culled before the page connects to it.
VOILA_MAIN = f"""\
import os, signal, sys, threading, time, warnings, voila.app
from jupyter_server._tz import utcnow

def watch(parent):
    while os.getppid() == parent:
        time.sleep(0.5)
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(10)
    os._exit(1)

def stop(app, signum, frame):
    loop = getattr(app, 'ioloop', None)
    if loop is None:
        sys.exit(0)
    loop.add_callback_from_signal(loop.stop)

parent = int(os.environ.pop('{PARENT_VARIABLE}', '') or os.getppid())
threading.Thread(target=watch, args=(parent,), daemon=True).start()
def active_when_taken(*args, **kwargs):
    base = make_manager(*args, **kwargs)

    class Manager(base):
        async def get_rendered_notebook(self, *args, **kwargs):
            rendered = await super().get_rendered_notebook(*args, **kwargs)
            kernel = self._kernels.get(rendered[-1])
            if kernel is not None:
                kernel.last_activity = utcnow()
            return rendered

    return Manager if hasattr(base, 'get_rendered_notebook') else base

serve_notebook = voila.app.Voila.listen
def listen(self):
    from devgames.dashboards.serve import guard
    guard(self.app)
    devices = os.environ.get('{DEVICES_VARIABLE}')
    if devices:  # the team devices' server, in this process, on its own port
        from devgames.dashboards.serve import public_address
        from devgames.devices.server import start
        from devgames.remote import trusted_addresses
        start(devices, os.environ['{DEVICE_URL_VARIABLE}'], public_address(os.environ),
              trusted_addresses(os.environ.get('{TRUSTED_VARIABLE}')))
    serve_notebook(self)
voila.app.Voila.listen = listen
make_manager = voila.app.voila_kernel_manager_factory
voila.app.voila_kernel_manager_factory = active_when_taken
voila.app.Voila._handle_signal_stop = stop
warnings.filterwarnings('ignore', category=DeprecationWarning, module='traitlets')
sys.exit(voila.app.main())
"""


def served_paths(prefix: str = "") -> tuple[str, ...]:
    """:data:`VOILA_PATHS` under ``prefix`` (the public path behind a proxy).

    >>> served_paths("/acme")[:2]
    ('/acme/', '/acme/voila/(static|labextensions|api/themes|files)/.*')
    """
    return tuple(prefix + path for path in VOILA_PATHS)


@dataclass(frozen=True)
class Remote:
    """A workshop served to people anywhere: its ``public`` address (behind the proxy whose
    ``trusted`` addresses forward the person's), where both servers ``listen``, and the
    facilitator's ``login``."""

    public: PublicAddress
    trusted: frozenset[str]
    listen: str
    login: Login


class Unserved(tornado.routing.Matcher):
    """Matches the requests for a path that none of ``paths`` (patterns) covers.

    >>> from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine
    >>> def request(path: str) -> HTTPServerRequest:
    ...     return HTTPServerRequest(start_line=RequestStartLine("GET", path, "HTTP/1.1"),
    ...                              headers=HTTPHeaders({"Host": "127.0.0.1"}))
    >>> unserved = Unserved(VOILA_PATHS)
    >>> [unserved.match(request(path)) for path in ("/", "/voila/templates/lab/static/voila.js")]
    [None, None]
    >>> [unserved.match(request(path)) for path in ("/logout", "/voila/templates/lab/static/..")]
    [{}, {}]
    """

    def __init__(self, paths: tuple[str, ...]) -> None:
        self.paths = re.compile("|".join(f"(?:{path})" for path in paths))

    def match(self, request: tornado.httputil.HTTPServerRequest) -> dict[str, Any] | None:
        return None if self.paths.fullmatch(request.path) else {}


class NotServed(tornado.web.RequestHandler):
    """A path the app's page never asks for: 404, before Voilà's handlers see it (some of them
    answer 500 to paths they do not expect, such as ``/logout`` or ``/voila/templates/x``)."""

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


def guard(app: tornado.web.Application, env: Mapping[str, str] | None = None) -> None:
    """Put the server's own checks before Voilà's routes: a request for another host name than
    this machine's (and the public address's, ``$DEVGAMES_PUBLIC_URL``), or from another site
    (scheme included), is refused before any work (no kernel is started:
    :func:`devgames.devices.server.foreign`); with a login (``$DEVGAMES_LOGIN``), nothing but
    the login page is served without the facilitator's cookie
    (:mod:`devgames.dashboards.login`); and a path the app does not use answers 404.

    >>> app = tornado.web.Application([])
    >>> guard(app)
    >>> [type(rule.matcher).__name__ for rule in app.default_router.rules][:2]
    ['Stranger', 'Unserved']
    """
    from devgames.dashboards.login import Login, login_rules
    from devgames.devices.server import LOCAL_NAMES, guarded

    env = os.environ if env is None else env
    public = public_address(env)
    login = Login.from_environment(env)
    names, origins = (LOCAL_NAMES | {public.host_name}, [public.origin]) if public \
        else (LOCAL_NAMES, [])
    prefix = public.prefix if public else ""
    trusted = trusted_addresses(env.get(TRUSTED_VARIABLE))
    locked = login_rules(login, prefix, bool(public and public.secure), trusted) if login else []
    app.default_router.rules[:0] = [
        guarded(names, origins), *locked,
        tornado.routing.Rule(Unserved(served_paths(prefix)), NotServed)]


def public_address(env: Mapping[str, str]) -> PublicAddress | None:
    """The public address in ``env`` (``$DEVGAMES_PUBLIC_URL``), or None.

    >>> public_address({"DEVGAMES_PUBLIC_URL": "https://x.org/a"}).prefix
    '/a'
    """
    url = env.get(PUBLIC_URL_VARIABLE)
    return PublicAddress.parse(url) if url else None


def notebook_node(source: str) -> nbformat.NotebookNode:
    """A notebook of one code cell, for the Python 3 kernel.

    >>> node = notebook_node("print(1)")
    >>> [(cell.cell_type, cell.source) for cell in node.cells]
    [('code', 'print(1)')]
    """
    node = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    node.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                   "language": "python"}
    return node


def write_notebook(folder: Path, source: str = LAUNCHER_SOURCE,
                   name: str = "devgames.ipynb") -> Path:
    """Write a one-cell notebook into ``folder`` and return its path.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = write_notebook(Path(folder))
    ...     nbformat.read(path, as_version=4).cells[0].source == LAUNCHER_SOURCE
    True
    """
    path = Path(folder) / name
    nbformat.write(notebook_node(source), path)
    return path


def write_template(folder: Path) -> Path:
    """Write the app's Voilà template into ``folder``; return the folder to add to
    ``$JUPYTER_PATH`` for Voilà to find it.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     root = write_template(Path(folder))
    ...     sorted(p.name for p in (root / "voila" / "templates" / TEMPLATE).iterdir())
    ['conf.json', 'index.html.j2']
    """
    root = Path(folder) / "jupyter"
    place = root / "voila" / "templates" / TEMPLATE
    place.mkdir(parents=True, exist_ok=True)
    for name, text in TEMPLATE_FILES.items():
        (place / name).write_text(text, encoding="utf-8")
    return root


def voila_command(notebook: Path, port: int, *, log_level: str = "ERROR",
                  cull_after: int = CULL_IDLE_SECONDS, listen: str = HOST,
                  prefix: str = "") -> list[str]:
    """The command line of a locked-down Voilà server for ``notebook`` on ``listen:port``, its
    addresses under ``prefix`` (the public path behind a proxy).

    Kernels with no page connected are culled after ``cull_after`` seconds idle, checked every
    tenth of that (at most every 5 minutes). The template is :data:`TEMPLATE`, which
    :func:`start_server` writes.

    Configuration files are ignored (``config_file_paths=[]``): a ``voila.json`` lying in the
    current folder or in ``~/.jupyter`` cannot loosen it. Lists and dicts are given as Python
    literals, the only way to give an empty list or a nested dict on the command line
    (:data:`VOILA_MAIN` silences traitlets' warning that this form is deprecated).

    >>> command = voila_command(Path("app.ipynb"), 9000)
    >>> [part for part in command if part.startswith("--port") or "port_" in part]
    ['--port=9000', '--Voila.port_retries=0']
    >>> settings = next(part for part in command if part.startswith("--Voila.tornado_settings"))
    >>> "Content-Security-Policy" in settings and "frame-ancestors 'self'" in settings
    True
    >>> [part for part in voila_command(Path("app.ipynb"), 9000, cull_after=30) if "cull" in part]
    ['--MappingKernelManager.cull_idle_timeout=30', '--MappingKernelManager.cull_interval=3', \
'--MappingKernelManager.cull_connected=False']
    """
    settings = {"headers": dict(SECURITY_HEADERS), "disable_check_xsrf": True}
    cull_every = max(1, min(300, cull_after // 10))
    return [
        sys.executable, "-c", VOILA_MAIN, str(notebook),
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--Voila.ip={listen}",
        f"--Voila.base_url={prefix}/",
        "--no-browser",
        "--Voila.config_file_paths=[]",
        f"--Voila.log_level={log_level}",
        f"--Voila.tornado_settings={settings!r}",
        "--preheat_kernel=True",
        "--pool_size=1",
        "--KernelManager.transport=ipc",
        "--strip_sources=True",
        "--show_tracebacks=False",
        "--VoilaConfiguration.file_allowlist=[]",
        "--VoilaConfiguration.file_denylist=['.*']",
        "--VoilaConfiguration.allow_template_override=NO",
        "--VoilaConfiguration.allow_theme_override=NO",
        f"--VoilaConfiguration.template={TEMPLATE}",
        f"--MappingKernelManager.cull_idle_timeout={cull_after}",
        f"--MappingKernelManager.cull_interval={cull_every}",
        "--MappingKernelManager.cull_connected=False",
    ]


def server_environment(db: Path | None = None,
                       base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of the server and its kernels: ``DEVGAMES_DB`` set to ``db`` if given.

    >>> server_environment(Path("/tmp/s.sqlite"), {})
    {'DEVGAMES_DB': '/tmp/s.sqlite'}
    >>> server_environment(None, {"HOME": "/root"})
    {'HOME': '/root'}
    """
    env = dict(os.environ if base is None else base)
    if db is not None:
        env[DB_VARIABLE] = str(Path(db).expanduser().absolute())
    return env


def free_port() -> int:
    """A TCP port on ``HOST`` that nothing listens on right now.

    >>> 0 < free_port() < 65536
    True
    """
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def port_is_free(port: int) -> bool:
    """Whether a server could listen on ``HOST:port`` now.

    Like Voilà (tornado), the probe reuses the address: connections of a server just stopped,
    still in TIME_WAIT for a minute, do not keep its port busy.

    >>> with socket.socket() as busy:
    ...     busy.bind((HOST, 0))
    ...     busy.listen()
    ...     port_is_free(busy.getsockname()[1])
    False
    """
    with socket.socket() as probe:
        if os.name != "nt":  # on Windows the option would let two servers share a port
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((HOST, port))
        except OSError:
            return False
    return True


def base_url(port: int) -> str:
    """The address of the app served on ``port``.

    >>> base_url(8866)
    'http://127.0.0.1:8866/'
    """
    return f"http://{HOST}:{port}/"


def lan_address() -> str:
    """This machine's address on its network (the one a phone on the same network reaches), or
    ``HOST`` when it has no network. Nothing is sent: connecting a UDP socket only picks the
    interface that would be used.

    >>> lan_address().count(".") == 3
    True
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: never reached
            return str(probe.getsockname()[0])
        except OSError:
            return HOST


def device_addresses(port: int, lan: bool = False, listen: str = HOST,
                     public: PublicAddress | None = None) -> tuple[str, str]:
    """Where the team devices' server listens ("host:port") and the address its links start
    with: this machine only, or (``lan``) every network address of it, linked by its LAN
    address; behind a proxy, on ``listen``, linked by the ``public`` address.

    >>> device_addresses(8867)
    ('127.0.0.1:8867', 'http://127.0.0.1:8867/')
    >>> device_addresses(8867, lan=True)[0]
    '0.0.0.0:8867'
    >>> device_addresses(8867, public=PublicAddress.parse("https://x.org/acme"))
    ('127.0.0.1:8867', 'https://x.org/acme/')
    """
    if public is not None:
        return f"{listen}:{port}", public.url("")
    if lan:
        return f"{LAN_HOST}:{port}", f"http://{lan_address()}:{port}/"
    return f"{listen}:{port}", f"http://{HOST}:{port}/"


def start_server(notebook: Path, port: int, db: Path | None = None,
                 output: IO[str] | int | None = None, log_level: str = "ERROR",
                 cull_after: int = CULL_IDLE_SECONDS, device_port: int | None = None,
                 lan: bool = False, remote: Remote | None = None) -> subprocess.Popen[bytes]:
    """Start Voilà (in a session of its own) serving ``notebook``; see :func:`voila_command`.

    ``output`` receives the server's and its kernels' messages (default: this process's). The
    server stops by itself when this process ends (see :data:`VOILA_MAIN`). The app's template
    is written next to the notebook. The team devices' server listens on ``device_port`` (a free
    one by default), on this machine only unless ``lan`` (see :func:`device_addresses`). A
    ``remote`` workshop serves both behind its proxy, the app only after the login.
    """
    env = server_environment(db)
    for name in (PUBLIC_URL_VARIABLE, TRUSTED_VARIABLE, LOGIN_VARIABLE, PASSWORD_VARIABLE):
        env.pop(name, None)  # only what this start says; the password itself never goes on
    public = remote.public if remote else None
    listen = remote.listen if remote else HOST
    if remote is not None:
        env.update({PUBLIC_URL_VARIABLE: remote.public.url(""),
                    TRUSTED_VARIABLE: ",".join(sorted(remote.trusted)),
                    LOGIN_VARIABLE: remote.login.text()})
    env[DEVICES_VARIABLE], env[DEVICE_URL_VARIABLE] = device_addresses(
        device_port or free_port(), lan, listen, public)
    env[PARENT_VARIABLE] = str(os.getpid())
    env["JUPYTER_PATH"] = os.pathsep.join(
        part for part in (str(write_template(Path(notebook).parent)), env.get("JUPYTER_PATH"))
        if part)
    return subprocess.Popen(
        voila_command(notebook, port, log_level=log_level, cull_after=cull_after, listen=listen,
                      prefix=public.prefix if public else ""), env=env,
        cwd=Path(notebook).parent,
        stdout=output, stderr=subprocess.STDOUT if output is not None else None,
        start_new_session=True,
    )


def answers(url: str) -> bool:
    """Whether an HTTP server answers at ``url`` (with any status).

    >>> answers(base_url(free_port()))
    False
    """
    try:
        with urllib.request.urlopen(url, timeout=5):
            return True
    except urllib.error.HTTPError:
        return True
    except (urllib.error.URLError, OSError):
        return False


def wait_until_serving(process: subprocess.Popen[bytes], port: int, timeout: float = 60.0,
                       probe: str = "/voila/static/materialcolors.css") -> str:
    """Wait until the server on ``port`` answers ``probe`` (a path); return its address.

    Asks for a small static file, which starts no kernel. Raises RuntimeError if the server
    exits or does not answer within ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    probe = f"http://{HOST}:{port}{probe}"
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(_("Voilà stopped at start with exit status {status}.").format(
                status=process.returncode))
        if answers(probe):
            return base_url(port)
        time.sleep(0.1)
    raise RuntimeError(_("Voilà did not answer on port {port} within {seconds} s.").format(
        port=port, seconds=f"{timeout:g}"))


def parent_pids() -> dict[int, int]:
    """The parent of every process of this machine, by pid (read from ``/proc``; empty without).

    >>> parent_pids()[os.getpid()] == os.getppid()
    True
    """
    parents = {}
    with contextlib.suppress(OSError):
        for entry in Path("/proc").iterdir():
            with contextlib.suppress(OSError, IndexError, ValueError):
                stat = (entry / "stat").read_text()
                # The command name may hold spaces and parentheses: fields follow the last ")".
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    return parents


def child_pids(parent: int) -> list[int]:
    """The processes whose parent is ``parent``.

    >>> sleeper = subprocess.Popen(["sleep", "10"])
    >>> sleeper.pid in child_pids(os.getpid())
    True
    >>> sleeper.kill(), sleeper.wait()
    (None, -9)
    """
    return sorted(pid for pid, ppid in parent_pids().items() if ppid == parent)


def descendants(ancestor: int) -> list[int]:
    """The children of ``ancestor``, their children, and so on.

    >>> shell = subprocess.Popen(["sh", "-c", "sleep 10 & wait"])
    >>> for _ in range(200):  # the child shows its command line once it has started sleep
    ...     sleepers = [p for p in descendants(shell.pid) if command_line(p) == ["sleep", "10"]]
    ...     if sleepers: break
    ...     time.sleep(0.05)
    >>> [sleeper] = sleepers
    >>> os.kill(sleeper, signal.SIGKILL), shell.wait()
    (None, 0)
    """
    parents = parent_pids()
    found, frontier = [], [ancestor]
    while frontier:
        children = [pid for pid, ppid in parents.items() if ppid in frontier]
        found += children
        frontier = children
    return sorted(found)


def command_line(pid: int) -> list[str]:
    """The command line of process ``pid`` (empty if it is gone).

    >>> command_line(os.getpid()) == sys.orig_argv
    True
    """
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return []
    return [part.decode(errors="replace") for part in raw.split(b"\0") if part]


def kernel_pids(server_pid: int, kernel_id: str | None = None) -> list[int]:
    """The kernel processes of a Voilà server (only the one of ``kernel_id`` if given).

    Voilà starts each kernel as ``python -m ipykernel_launcher -f .../kernel-<id>.json``.

    >>> kernel_pids(os.getpid())
    []
    """
    wanted = f"kernel-{kernel_id}.json" if kernel_id else ""
    return [
        pid for pid in child_pids(server_pid)
        if "ipykernel_launcher" in (line := " ".join(command_line(pid))) and wanted in line
    ]


def signal_quietly(pid: int, signum: int) -> None:
    """Send ``signum`` to ``pid`` unless it is already gone."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signum)


def stop_server(process: subprocess.Popen[bytes], timeout: float = 15.0) -> None:
    """Stop a server from :func:`start_server` and its kernels, gently first.

    Voilà shuts its kernels down on SIGTERM (SIGINT may be ignored by a server started in the
    background); whatever is left after ``timeout`` seconds (the server's process group, and the
    kernels, which live in sessions of their own) is killed.
    """
    kernels = kernel_pids(process.pid)
    if process.poll() is None:
        signal_quietly(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    for pid in kernels:
        signal_quietly(pid, signal.SIGKILL)


def has_display() -> bool:
    """Whether a graphical browser could be opened (on Linux: only with a display).

    Without one, Python's ``webbrowser`` would start a text browser in this very terminal.
    """
    if not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def servers_on_port(port: int) -> list[int]:
    """The Voilà servers of this user started by :func:`voila_command` for ``port`` (by pid).

    Servers of earlier versions count too: their command runs ``voila.app.main()`` the same way.

    >>> servers_on_port(free_port())
    []
    """
    return sorted(
        pid for pid in parent_pids()
        if (line := command_line(pid))[1:2] == ["-c"] and "voila.app.main()" in line[2]
        and f"--port={port}" in line and _owned(pid)
    )


def _owned(pid: int) -> bool:
    """Whether process ``pid`` belongs to this user."""
    try:
        return Path(f"/proc/{pid}").stat().st_uid == os.getuid()
    except OSError:
        return False


def serve_of(server: int) -> int | None:
    """The ``devgames serve`` process that runs Voilà server ``server``, if it still runs it.

    >>> serve_of(os.getpid()) is None
    True
    """
    parent = parent_pids().get(server, 0)
    line = command_line(parent)
    runs_serve = "serve" in line and any(Path(part).name in ("devgames", "devgames.cli")
                                         for part in line)
    return parent if runs_serve else None


def port_in_use(port: int) -> str:
    """Why ``serve`` cannot use ``port``, and what to do: the message of the ValueError.

    An earlier devgames server of this user is named, with the command that stops it: the
    ``devgames serve`` that runs it, or the Voilà server itself when nothing runs it any more.

    >>> with socket.socket() as busy:
    ...     busy.bind((HOST, 0))
    ...     port_in_use(busy.getsockname()[1]).endswith("--port 0 for any free one.")
    True
    """
    elsewhere = _("choose another port with --port N, or --port 0 for any free one.")
    servers = servers_on_port(port)
    if not servers:
        return _("Port {port} on {host} is in use by another program; {elsewhere}").format(
            port=port, host=HOST, elsewhere=elsewhere)
    serves = [serve_of(pid) for pid in servers]
    owners = sorted({parent or pid for pid, parent in zip(servers, serves, strict=True)})
    pids = ", ".join(map(str, owners))
    which = (_("an earlier devgames serve, still running (process {pids}, perhaps in another "
               "terminal)") if all(serves) else
             _("a devgames server left running (process {pids})")).format(pids=pids)
    return _("Port {port} on {host} is in use by {which}. Stop it with `{command}`, then start "
             "again; or {elsewhere}").format(port=port, host=HOST, which=which,
                                             command=f"kill {' '.join(map(str, owners))}",
                                             elsewhere=elsewhere)


class StopSignals:
    """Ctrl-C (SIGINT), SIGTERM and SIGHUP, turned into KeyboardInterrupt where it is safe.

    Within ``with StopSignals() as signals:`` a stop signal is noted whenever it comes, and raised
    as KeyboardInterrupt only inside ``with signals.interruptible():`` (at once if it came
    before). Starting and stopping the server are thus never cut in half. A signal ignored
    from the start stays ignored: ``nohup devgames serve`` outlives its terminal.

    >>> with StopSignals() as signals:
    ...     os.kill(os.getpid(), signal.SIGTERM)  # noted only
    ...     try:
    ...         with signals.interruptible():
    ...             time.sleep(5)
    ...     except KeyboardInterrupt:
    ...         print("stopped by", signal.Signals(signals.received).name)
    stopped by SIGTERM
    """

    NAMES = ("SIGINT", "SIGTERM", "SIGHUP")

    def __init__(self) -> None:
        self.received = 0
        self.waiting = False
        self.previous: dict[int, Callable[[int, FrameType | None], Any] | int | None] = {}

    def __enter__(self) -> "StopSignals":
        for name in self.NAMES:
            number = getattr(signal, name, None)  # SIGHUP is POSIX only
            if number is not None and signal.getsignal(number) is not signal.SIG_IGN:
                self.previous[number] = signal.signal(number, self._handle)
        return self

    def __exit__(self, *exc_info: object) -> None:
        for number, handler in self.previous.items():
            signal.signal(number, handler)

    def _handle(self, signum: int, frame: object) -> None:
        self.received = signum
        if self.waiting:
            raise KeyboardInterrupt

    @contextlib.contextmanager
    def interruptible(self) -> Iterator[None]:
        """Within the block, a stop signal (even one noted before) raises KeyboardInterrupt."""
        self.waiting = True
        try:
            if self.received:
                raise KeyboardInterrupt
            yield
        finally:
            self.waiting = False


def tell(out: IO[str], text: str) -> None:
    """Print a line for the facilitator. A closed terminal is no error: output then goes nowhere.

    >>> tell(sys.stdout, "devgames is served")
    devgames is served
    """
    try:
        print(text, file=out, flush=True)
    except OSError:  # the terminal window was closed (SIGHUP): even the flush at exit would fail
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, out.fileno())
            os.close(devnull)


def serve(port: int = DEFAULT_PORT, db: Path | None = None, open_browser: bool = True,
          out: IO[str] = sys.stdout, lan: bool = False, remote: Remote | None = None,
          login_key: str | None = None) -> int:
    """Serve the launcher until Ctrl-C, SIGTERM or SIGHUP; return the exit status.

    ``port`` 0 picks a free port. Raises ValueError when the port is taken (see
    :func:`port_in_use`). The address is printed once the server answers, and only then. Team
    devices join on the next port (or any free one), on the network with ``lan``. A ``remote``
    workshop is served behind its proxy, at its public address; the facilitator logs in with
    the password, or once with ``login_key`` (printed as a link).
    """
    port = port or free_port()
    if not port_is_free(port):
        raise ValueError(port_in_use(port))
    device_port = port + 1 if port < 65535 and port_is_free(port + 1) else free_port()
    with StopSignals() as signals, \
            tempfile.TemporaryDirectory(prefix="devgames-serve-") as folder:
        process = start_server(write_notebook(Path(folder)), port, db, device_port=device_port,
                               lan=lan, remote=remote)
        try:
            with signals.interruptible():
                url = wait_until_serving(  # (behind the login, only its page answers at once)
                    process, port, probe=f"{remote.public.prefix}/login" if remote else
                    "/voila/static/materialcolors.css")
                if remote is None:
                    tell(out, _("devgames is served at {url}  (Ctrl-C stops it)").format(
                        url=url))
                    where = device_addresses(device_port, lan)[1]
                    tell(out, (_("Team devices join at {address} with the codes of the table's "
                                 "Join panel.") if lan else
                               _("Team devices join at {address} with the codes of the table's "
                                 "Join panel (this machine only; --lan opens it to the "
                                 "network).")).format(address=where))
                else:
                    for line in remote_lines(remote, port, device_port, login_key):
                        tell(out, line)
                if open_browser and remote is None and has_display():
                    webbrowser.open(url)
                status = process.wait()
            tell(out, _("Voilà stopped by itself (exit status {status}).").format(
                status=status))
            return status
        except KeyboardInterrupt:
            tell(out, _("Stopping devgames..."))
            return 0
        finally:
            stop_server(process)


def remote_lines(remote: Remote, port: int, device_port: int, login_key: str | None) -> list[str]:
    """What ``devgames serve`` tells the facilitator of a remote workshop once it serves.

    >>> remote = Remote(PublicAddress.parse("https://x.org/acme"), frozenset({"127.0.0.1"}),
    ...                 "127.0.0.1", Login.make("pw")[0])
    >>> for line in remote_lines(remote, 8866, 8867, None):
    ...     print(line)
    devgames is served at https://x.org/acme/ through the proxy  (Ctrl-C stops it)
    The proxy sends x.org/acme/ to 127.0.0.1:8866 and its t/, d/, a/ and static/ to \
127.0.0.1:8867 (devgames caddyfile writes its configuration).
    The facilitator logs in with the password of $DEVGAMES_PASSWORD.
    Forwarded addresses are believed from 127.0.0.1 only.
    """
    public = remote.public
    paths = _("{names} and {last}").format(
        names=", ".join(f"{path}/" for path in DEVICE_PATHS[:-1]), last=f"{DEVICE_PATHS[-1]}/")
    variable = f"${PASSWORD_VARIABLE}"
    login = (_("The facilitator logs in with the password of {variable}.")
             if login_key is None else
             _("The facilitator logs in once at {link} (the link works once; set {variable} for "
               "a password instead).")).format(
        variable=variable, link=f"{public.url('login')}?key={login_key}")
    return [
        _("devgames is served at {url} through the proxy  (Ctrl-C stops it)").format(
            url=public.url("")),
        _("The proxy sends {path} to {app} and its {paths} to {devices} (devgames caddyfile "
          "writes its configuration).").format(
            path=f"{public.host}{public.prefix}/", app=f"{remote.listen}:{port}", paths=paths,
            devices=f"{remote.listen}:{device_port}"),
        login,
        _("Forwarded addresses are believed from {addresses} only.").format(
            addresses=", ".join(sorted(remote.trusted))),
    ]
