"""Serving a workshop to people anywhere: the public address behind an HTTPS reverse proxy, which
requests come through that proxy, and the real address of the person behind each request.

``devgames serve --public-url https://HOST/PATH`` runs both servers (the facilitator app and the
devices' pages) under ``PATH`` and gives every link and QR code that address. The proxy sends
``PATH/t/``, ``PATH/d/``, ``PATH/a/`` and ``PATH/static/`` to the devices' server and the rest
of ``PATH/`` to the app (:func:`caddyfile` writes its configuration).

A request's ``X-Forwarded-For`` header is believed only when the request comes from one of the
proxy's addresses (:data:`TRUSTED_DEFAULT`, or
``--trusted-proxy``); anyone else could write them. Behind the proxy, the person's address is
the last one the proxy added that is not a proxy's own (:func:`client_address`): the limits per
person count by it.
"""

import ipaddress
import os
import time
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from devgames.i18n import _

#: The environment variables of a remote workshop (the container sets them; see docs/remote.md).
PUBLIC_URL_VARIABLE = "DEVGAMES_PUBLIC_URL"
TRUSTED_VARIABLE = "DEVGAMES_TRUSTED_PROXY"
LISTEN_VARIABLE = "DEVGAMES_LISTEN"
PASSWORD_VARIABLE = "DEVGAMES_PASSWORD"

#: The proxy's addresses believed by default: a proxy on this machine.
TRUSTED_DEFAULT = ("127.0.0.1", "::1")

#: The first paths of the devices' server (team pages, the participants' debrief, the audience
#: view, their scripts and styles); every other path under the public one is the app's.
DEVICE_PATHS = ("t", "d", "a", "static")


@dataclass(frozen=True)
class PublicAddress:
    """Where people reach the kit: scheme, host (with its port, if any) and path prefix.

    >>> address = PublicAddress.parse("https://games.example.org/acme/")
    >>> address.origin, address.prefix, address.host_name, address.secure
    ('https://games.example.org', '/acme', 'games.example.org', True)
    >>> address.url("t/abc")
    'https://games.example.org/acme/t/abc'
    >>> PublicAddress.parse("https://games.example.org").url("")
    'https://games.example.org/'
    """

    scheme: str
    host: str
    prefix: str

    @classmethod
    def parse(cls, url: str) -> "PublicAddress":
        """Read ``url``: ``https://`` (or ``http://`` for a test on this machine) and a host;
        a path, without query or fragment, is the prefix every address starts with. Anything
        else raises ValueError with a sentence.

        >>> for bad in ("games.example.org", "ftp://x/", "https://x/a?b=1", "https://x/a b"):
        ...     try:
        ...         PublicAddress.parse(bad)
        ...     except ValueError as error:
        ...         print(error)
        The public address must start with https:// (got 'games.example.org').
        The public address must start with https:// (got 'ftp://x/').
        The public address may not have a query or a fragment (got 'https://x/a?b=1').
        Only letters, digits and - _ . / may be in the public address's path (got 'https://x/a b').
        """
        parts = urlsplit(url.strip())
        if parts.scheme not in ("https", "http") or not parts.hostname:
            raise ValueError(_("The public address must start with https:// (got {url}).")
                             .format(url=repr(url)))
        if parts.query or parts.fragment:
            raise ValueError(_("The public address may not have a query or a fragment "
                               "(got {url}).").format(url=repr(url)))
        path = parts.path.rstrip("/")
        if any(not (c.isascii() and (c.isalnum() or c in "-_./")) for c in path) \
                or "//" in path or "/." in path:
            raise ValueError(_("Only letters, digits and - _ . / may be in the public address's "
                               "path (got {url}).").format(url=repr(url)))
        return cls(parts.scheme, parts.netloc.lower(), path)

    @property
    def origin(self) -> str:
        """The origin of the public pages (scheme, host and port)."""
        return f"{self.scheme}://{self.host}"

    @property
    def host_name(self) -> str:
        """The host name alone, without its port."""
        return urlsplit(self.origin).hostname or self.host

    @property
    def secure(self) -> bool:
        """Whether people reach it over HTTPS (its cookies are then sent over HTTPS only)."""
        return self.scheme == "https"

    def url(self, path: str) -> str:
        """The public address of ``path`` (relative to the prefix)."""
        return f"{self.origin}{self.prefix}/{path}"


def trusted_addresses(text: str | None) -> frozenset[str]:
    """The proxy addresses of ``--trusted-proxy`` ("127.0.0.1,10.0.0.2"), checked; the default
    (:data:`TRUSTED_DEFAULT`) when empty.

    >>> sorted(trusted_addresses(None))
    ['127.0.0.1', '::1']
    >>> sorted(trusted_addresses(" 10.0.0.2, 172.17.0.1 "))
    ['10.0.0.2', '172.17.0.1']
    >>> trusted_addresses("proxy.local")
    Traceback (most recent call last):
    ValueError: A trusted proxy must be an IP address (got 'proxy.local').
    """
    found = []
    for part in (text or "").split(","):
        if part.strip():
            try:
                found.append(str(ipaddress.ip_address(part.strip())))
            except ValueError:
                raise ValueError(_("A trusted proxy must be an IP address (got {text}).")
                                 .format(text=repr(part.strip()))) from None
    return frozenset(found or TRUSTED_DEFAULT)


def client_address(peer: str | None, headers: Mapping[str, str] | None,
                   trusted: Iterable[str]) -> str:
    """The address of the person behind a request that came from ``peer`` (the socket's other
    end) with these ``headers``: ``peer`` itself unless it is a trusted proxy; then the last
    address in ``X-Forwarded-For`` that is not a proxy's own (a proxy appends the address it
    saw: what comes before may be written by anyone).

    >>> proxy = {"127.0.0.1"}
    >>> client_address("127.0.0.1", {"X-Forwarded-For": "6.6.6.6, 203.0.113.9"}, proxy)
    '203.0.113.9'
    >>> client_address("198.51.100.4", {"X-Forwarded-For": "6.6.6.6"}, proxy)
    '198.51.100.4'
    >>> client_address("127.0.0.1", {}, proxy), client_address(None, {}, proxy)
    ('127.0.0.1', '?')
    >>> client_address("127.0.0.1", {"X-Forwarded-For": "junk, 127.0.0.1"}, proxy)
    '127.0.0.1'
    """
    if not peer:
        return "?"
    trusted = frozenset(trusted)
    if peer not in trusted or not headers:
        return peer
    for part in reversed((headers.get("X-Forwarded-For") or "").split(",")):
        try:
            address = str(ipaddress.ip_address(part.strip()))
        except ValueError:
            return peer  # not an address: the proxy did not write it
        if address not in trusted:
            return address
    return peer


class Slowdown:
    """Answers to one address's failures (wrong tokens, wrong passwords) slowed down: beyond
    ``free`` failures within ``window`` seconds, each waits twice as long as the one before, up
    to ``most`` seconds. Other addresses are not slowed.

    >>> slow = Slowdown(free=2, window=60.0, most=8.0)
    >>> [slow.delay_for("10.0.0.7") for _ in range(6)], slow.delay_for("10.0.0.8")
    ([0.0, 0.0, 0.5, 1.0, 2.0, 4.0], 0.0)
    """

    def __init__(self, free: int, window: float, most: float) -> None:
        self.free, self.window, self.most = free, window, most
        #: When each address failed within the window.
        self.times: dict[str, deque[float]] = {}

    def delay_for(self, address: str) -> float:
        """Note a failure of ``address``; the seconds to wait before answering it."""
        now = time.monotonic()
        times = self.times.setdefault(address, deque())
        while times and times[0] < now - self.window:
            times.popleft()
        times.append(now)
        extra = len(times) - self.free
        return 0.0 if extra <= 0 else min(self.most, 0.25 * 2 ** extra)


def from_environment(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The remote settings given as environment variables (empty when none is set).

    >>> from_environment({"DEVGAMES_PUBLIC_URL": "https://x/", "HOME": "/root"})
    {'public_url': 'https://x/'}
    """
    env = os.environ if env is None else env
    names = {"public_url": PUBLIC_URL_VARIABLE, "trusted_proxy": TRUSTED_VARIABLE,
             "listen": LISTEN_VARIABLE}
    return {key: env[name] for key, name in names.items() if env.get(name)}


def caddyfile(public: PublicAddress, app_port: int, device_port: int,
              upstream: str = "127.0.0.1", certificate: tuple[str, str] | None = None) -> str:
    """A Caddy configuration serving the kit at ``public``: HTTPS with a certificate Caddy gets
    itself (Let's Encrypt), or the files ``certificate`` (certificate, key) when given, and
    tells browsers to come back over HTTPS only (``Strict-Transport-Security``); the
    devices' paths to ``device_port``, the rest of the prefix to ``app_port``; the headers
    Caddy adds (``X-Forwarded-For``) is what the servers believe of the person's address.

    >>> text = caddyfile(PublicAddress.parse("https://games.example.org/acme"), 8866, 8867)
    >>> print(text.expandtabs(4), end="")  # indented by tabs, as Caddy formats it
    games.example.org {
        encode gzip
        header Strict-Transport-Security "max-age=31536000"
        @devices path /acme/t/* /acme/d/* /acme/a/* /acme/static/*
        handle @devices {
            reverse_proxy 127.0.0.1:8867
        }
        handle /acme/* {
            reverse_proxy 127.0.0.1:8866
        }
        handle {
            redir * /acme/ 302
        }
    }
    """
    site = public.host if public.secure else f"http://{public.host}"
    devices = " ".join(f"{public.prefix}/{path}/*" for path in DEVICE_PATHS)
    lines = [f"{site} {{"]
    if certificate:
        lines.append(f"\ttls {certificate[0]} {certificate[1]}")
    lines.append("\tencode gzip")
    if public.secure:
        lines.append('\theader Strict-Transport-Security "max-age=31536000"')
    lines += [
        f"\t@devices path {devices}",
        "\thandle @devices {",
        f"\t\treverse_proxy {upstream}:{device_port}",
        "\t}",
        f"\thandle {public.prefix}/* {{",
        f"\t\treverse_proxy {upstream}:{app_port}",
        "\t}",
        "\thandle {",
        f"\t\tredir * {public.prefix}/ 302",
        "\t}",
        "}",
    ]
    return "\n".join(lines) + "\n"
