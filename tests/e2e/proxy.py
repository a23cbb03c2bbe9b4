"""A remote workshop on this machine: `devgames serve --public-url` behind Debian's Caddy, with
HTTPS by a certificate issued here (a certificate authority of our own, made with openssl).

:func:`remote_workshop` starts both, as a coach would on a small server: the real command line
(``python -m devgames.cli serve``) with its password in ``$DEVGAMES_PASSWORD``, and Caddy with the
configuration :func:`devgames.remote.caddyfile` writes (``devgames caddyfile``), its certificate
lines added. Used by ``test_e2e_remote.py`` and ``benchmarks/remote.py``.
"""

import contextlib
import http.client
import os
import shutil
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from devgames.dashboards.serve import free_port, stop_server
from devgames.remote import PublicAddress, caddyfile

ROOT = Path(__file__).resolve().parents[2]
#: The facilitator's password of the test workshop, and its path behind the proxy.
PASSWORD = "correct horse battery staple"
PREFIX = "/acme"
#: Caddy's global options: no admin endpoint, no redirect server on port 80, its files in the
#: test's folder, and never this machine's trust store.
CADDY_OPTIONS = """{{
    admin off
    auto_https disable_redirects
    storage file_system {storage}
    skip_install_trust
}}
"""
SITE_EXTENSIONS = """subjectAltName=DNS:localhost,IP:127.0.0.1
basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=serverAuth
"""


def caddy_missing() -> str | None:
    """Why the proxy tests cannot run here, or None."""
    if shutil.which("caddy") is None:
        return ("Caddy is not installed: the remote workshop's tests need Debian's caddy "
                "(apt-get install caddy; scripts/setup and .ci/run install it).")
    if shutil.which("openssl") is None:
        return ("openssl is not installed: it issues the test's certificate (apt-get install "
                "openssl).")
    return None


def issue_certificate(folder: Path) -> tuple[Path, Path, Path]:
    """A certificate authority and a certificate for localhost signed by it (P-256 keys, 2
    days): (the authority's certificate, the site's certificate, the site's key)."""
    def openssl(*args: str) -> None:
        subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True)

    curve = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes")
    openssl("req", "-x509", *curve, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
            "-subj", "/CN=devgames test authority",
            "-addext", "basicConstraints=critical,CA:TRUE",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    openssl("req", *curve, "-keyout", "site.key", "-out", "site.csr", "-subj", "/CN=localhost")
    (folder / "site.ext").write_text(SITE_EXTENSIONS)
    openssl("x509", "-req", "-in", "site.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
            "-CAcreateserial", "-out", "site.pem", "-days", "2", "-extfile", "site.ext")
    return folder / "ca.pem", folder / "site.pem", folder / "site.key"


@dataclass
class Workshop:
    """A remote workshop being served: its public address, the store, the authority that
    signed the proxy's certificate, the servers' ports and processes and their logs."""

    url: str
    db: Path
    authority: Path
    app_port: int
    device_port: int
    serve: subprocess.Popen[bytes]
    caddy: subprocess.Popen[bytes]
    folder: Path

    @property
    def public(self) -> PublicAddress:
        return PublicAddress.parse(self.url)

    def context(self) -> ssl.SSLContext:
        """A TLS context that trusts the test's authority only."""
        return ssl.create_default_context(cafile=str(self.authority))

    def connection(self, source: str = "127.0.0.1") -> http.client.HTTPSConnection:
        """A connection to the proxy from ``source`` (any address of 127.0.0.0/8: another
        person, as the proxy sees it)."""
        parts = urlsplit(self.url)
        return http.client.HTTPSConnection(parts.hostname or "localhost", parts.port or 443,
                                           context=self.context(), timeout=30,
                                           source_address=(source, 0))

    def log(self) -> str:
        return "".join((self.folder / name).read_text(errors="replace")
                       for name in ("serve.log", "caddy.log") if (self.folder / name).exists())


def wait_for(check: Callable[[], bool], what: str, processes: list[subprocess.Popen[bytes]],
             folder: Path, timeout: float = 90.0) -> None:
    """Wait until ``check()``; fail with the logs if a process ends or time runs out."""
    deadline = time.monotonic() + timeout
    while not check():
        for process in processes:
            if process.poll() is not None:
                raise RuntimeError(f"{what}: a server stopped (status {process.returncode}).\n"
                                   + logs(folder))
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what}: not within {timeout:g} s.\n" + logs(folder))
        time.sleep(0.1)


def logs(folder: Path) -> str:
    return "".join(path.read_text(errors="replace") for path in sorted(folder.glob("*.log")))


def answers_tls(port: int) -> bool:
    """Whether something accepts connections on 127.0.0.1:``port``."""
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


@contextlib.contextmanager
def remote_workshop(folder: Path, password: str | None = PASSWORD,
                    trusted: str | None = None) -> Iterator[Workshop]:
    """Serve a remote workshop from ``folder`` behind Caddy on a free port of localhost, with
    the facilitator's ``password`` (None: a one-time link is printed instead) and the proxy
    addresses ``trusted`` (default: this machine's)."""
    authority, certificate, key = issue_certificate(folder)
    proxy_port, app_port = free_port(), free_port()
    device_port = app_port + 1
    while device_port in (proxy_port,) or not _free(device_port):
        app_port = free_port()
        device_port = app_port + 1
    url = f"https://localhost:{proxy_port}{PREFIX}"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en"}
    env.pop("DEVGAMES_PASSWORD", None)
    if password is not None:
        env["DEVGAMES_PASSWORD"] = password
    db = folder / "workshop.sqlite"
    command = [sys.executable, "-m", "devgames.cli", "serve", "--no-browser",
               "--port", str(app_port), "--public-url", url, "--db", str(db),
               *(["--trusted-proxy", trusted] if trusted else [])]
    serve_log = (folder / "serve.log").open("wb")
    serve = subprocess.Popen(command, cwd=ROOT, env=env, stdout=serve_log,
                             stderr=subprocess.STDOUT, start_new_session=True)
    config = folder / "Caddyfile"
    site = caddyfile(PublicAddress.parse(url), app_port, device_port,
                     certificate=(str(certificate), str(key)))
    config.write_text(CADDY_OPTIONS.format(storage=folder / "caddy") + site)
    caddy_env = {"PATH": os.environ.get("PATH", ""), "HOME": str(folder),
                 "XDG_DATA_HOME": str(folder / "data"), "XDG_CONFIG_HOME": str(folder / "config")}
    caddy_log = (folder / "caddy.log").open("wb")
    caddy = subprocess.Popen(["caddy", "run", "--config", str(config), "--adapter", "caddyfile"],
                             cwd=folder, env=caddy_env, stdout=caddy_log,
                             stderr=subprocess.STDOUT, start_new_session=True)
    workshop = Workshop(url, db, authority, app_port, device_port, serve, caddy, folder)
    try:
        wait_for(lambda: "is served at" in (folder / "serve.log").read_text(errors="replace"),
                 "devgames serve", [serve, caddy], folder)
        wait_for(lambda: answers_tls(proxy_port), "Caddy", [serve, caddy], folder)
        yield workshop
    finally:
        for process in (caddy, serve):
            if process.poll() is None:
                process.terminate()
        for process in (caddy, serve):
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                stop_server(process)
        serve_log.close()
        caddy_log.close()


def _free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


if __name__ == "__main__":  # pragma: no cover - a workshop to look at by hand
    import tempfile

    with tempfile.TemporaryDirectory() as place, remote_workshop(Path(place)) as shop:
        print(shop.url, "password:", PASSWORD, "authority:", shop.authority, flush=True)
        shop.serve.wait()

