"""The facilitator's login, when the app is reachable from outside (``devgames serve
--public-url``): nothing of the app is served without it, not even a kernel.

The facilitator proves it once per browser, with the password of ``$DEVGAMES_PASSWORD`` or, when
there is none, the one-time link ``devgames serve`` prints (it works once: the next browser needs
a new one, from a new start). The browser then holds a signed cookie for :data:`COOKIE_HOURS`,
sent back over HTTPS only, to the app's own path only, never readable by a script and never sent
from another site's page (``SameSite=Strict``). Wrong passwords and keys from one person's
address (behind the proxy: the address it forwarded) are answered ever more slowly.

The server gets what it checks from ``devgames serve`` in ``$DEVGAMES_LOGIN`` (:class:`Login`):
the password's scrypt digest with its salt, the one-time key's SHA-256, and the secret that signs
the cookies, new at every start. Neither the password nor the key is kept.
"""

import asyncio
import hashlib
import hmac
import json
import os
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from html import escape
from typing import Any

import tornado.httputil
import tornado.routing
import tornado.web

from devgames.i18n import _, best_match, language, use_language
from devgames.remote import Slowdown, client_address

#: The environment variable carrying the login's digests to the server.
LOGIN_VARIABLE = "DEVGAMES_LOGIN"
#: The name of the facilitator's cookie, and how long it is good for.
COOKIE = "dg-facilitator"
COOKIE_HOURS = 12
#: scrypt's cost (about 50 ms a try on this machine) and the bytes of its salt.
SCRYPT = {"n": 2**14, "r": 8, "p": 1}
SALT_BYTES = 16
#: Free wrong tries a minute from one address, then ever slower answers (at most 8 s).
FREE_TRIES = 5
#: The longest password read.
MAX_PASSWORD = 1000

PAGE = """<!DOCTYPE html>
<html lang="{language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>devgames: {title}</title>
<style>
body {{ font: 22px/1.4 system-ui, sans-serif; margin: 0; display: grid; min-height: 100vh;
  place-items: center; background: #f6f7f9; color: #111; }}
main {{ max-width: 32rem; padding: 2rem; }}
h1 {{ font-size: 2rem; margin: 0 0 1rem; }}
label {{ display: block; margin: 1rem 0 .3rem; }}
input, button {{ font: inherit; padding: .5rem .8rem; box-sizing: border-box; width: 100%; }}
button {{ margin-top: 1rem; background: #1f5fbf; color: #fff; border: 0; border-radius: 6px; }}
.error {{ color: #a40000; font-weight: 600; }}
</style></head><body><main><h1>{title}</h1>{error}<p>{sentence}</p>{form}</main></body></html>
"""


def digest_password(password: str, salt: bytes | None = None) -> str:
    """The scrypt digest of ``password`` with its salt, as ``salt$digest`` in hex.

    >>> kept = digest_password("retro-2026", bytes(16))
    >>> kept.split("$")[0] == "00" * 16, password_matches(kept, "retro-2026")
    (True, True)
    >>> password_matches(kept, "Retro-2026")
    False
    """
    salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
    derived = hashlib.scrypt(password.encode("utf-8", "replace"), salt=salt, **SCRYPT)
    return f"{salt.hex()}${derived.hex()}"


def password_matches(kept: str, password: str) -> bool:
    """Whether ``password`` has the digest ``kept`` (:func:`digest_password`), compared in
    constant time."""
    salt, _sep, derived = kept.partition("$")
    again = digest_password(password, bytes.fromhex(salt)).partition("$")[2]
    return hmac.compare_digest(again, derived)


def key_digest(key: str) -> str:
    """The SHA-256 of a one-time key, in hex.

    >>> len(key_digest("abc"))
    64
    """
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


@dataclass
class Login:
    """What the server checks a facilitator's proof against; ``used`` keys work no more.

    >>> login, key = Login.make(password=None)
    >>> login.take_key(key), login.take_key(key)
    (True, False)
    >>> Login.from_text(login.text()).secret == login.secret
    True
    """

    password: str | None
    key: str | None
    secret: str
    used: set[str] = field(default_factory=set)

    @classmethod
    def make(cls, password: str | None) -> tuple["Login", str | None]:
        """A new login for ``password``, or with none a one-time key (given back, to print)."""
        key = None if password else secrets.token_urlsafe(24)
        login = cls(digest_password(password) if password else None,
                    key_digest(key) if key else None, secrets.token_hex(32))
        return login, key

    def text(self) -> str:
        """The login as ``$DEVGAMES_LOGIN`` carries it."""
        return json.dumps({"password": self.password, "key": self.key, "secret": self.secret})

    @classmethod
    def from_text(cls, text: str) -> "Login":
        data = json.loads(text)
        return cls(data["password"], data["key"], data["secret"])

    @classmethod
    def from_environment(cls, env: Mapping[str, str] | None = None) -> "Login | None":
        """The login the server was started with, or None (no login: the app on this machine
        only)."""
        text = (os.environ if env is None else env).get(LOGIN_VARIABLE)
        return cls.from_text(text) if text else None

    def take_key(self, key: str) -> bool:
        """Whether ``key`` is the one-time key, not used yet; it is used from now on."""
        if self.key is None or not hmac.compare_digest(key_digest(key), self.key) \
                or self.key in self.used:
            return False
        self.used.add(self.key)
        return True

    def cookie_value(self) -> bytes:
        """A new cookie's signed value (the time it was given)."""
        return tornado.web.create_signed_value(self.secret, COOKIE, str(int(time.time())))

    def admits(self, request: tornado.httputil.HTTPServerRequest) -> bool:
        """Whether ``request`` carries a good cookie, signed by this login and not too old."""
        morsel = request.cookies.get(COOKIE)
        if morsel is None:
            return False
        value = tornado.web.decode_signed_value(self.secret, COOKIE, morsel.value,
                                                max_age_days=COOKIE_HOURS / 24)
        return value is not None


class Locked(tornado.routing.Matcher):
    """Matches every request without the facilitator's cookie, but the login page's."""

    def __init__(self, login: Login, login_path: str) -> None:
        self.login = login
        self.login_path = login_path

    def match(self, request: tornado.httputil.HTTPServerRequest) -> dict[str, Any] | None:
        if request.path == self.login_path or self.login.admits(request):
            return None
        return {}


#: The headers of the login's answers: nothing loaded from anywhere but the page's own style,
#: no frame, no guessing of types, no cache. The login link's key is in its address: it is never
#: told to another site ("no-referrer" would make the browser post the form with "Origin: null",
#: refused as another site's).
HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; style-src 'unsafe-inline'; form-action "
                                "'self'; frame-ancestors 'none'; base-uri 'none'"),
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


class Guarded(tornado.web.RequestHandler):
    """An answer of the login (:data:`HEADERS`)."""

    def set_default_headers(self) -> None:
        for name, value in HEADERS.items():
            self.set_header(name, value)


class LockedOut(Guarded):
    """A request of the app without the facilitator's cookie: the page goes to the login, any
    other address (a kernel, a file) is refused."""

    def initialize(self, login_path: str, home: str) -> None:
        self.login_path, self.home = login_path, home

    def check_xsrf_cookie(self) -> None:
        """Nothing to check: the request is refused (:meth:`prepare`)."""

    def prepare(self) -> None:
        if self.request.method == "GET" and self.request.path == self.home:
            self.redirect(self.login_path)
        else:
            raise tornado.web.HTTPError(403)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish(f"{status_code}: " + _("Log in as the facilitator first."))


class LoginHandler(Guarded):
    """The login page: ``?key=`` with the one-time key, or the password's form."""

    def initialize(self, login: Login, home: str, secure: bool, trusted: Iterable[str],
                   slowdown: Slowdown) -> None:
        self.login, self.home, self.secure = login, home, secure
        self.trusted, self.slowdown = frozenset(trusted), slowdown

    def prepare(self) -> None:
        use_language(best_match(self.request.headers.get("Accept-Language")))

    def check_xsrf_cookie(self) -> None:
        """No XSRF cookie: a page of another site is refused by its Origin before this
        (:func:`devgames.dashboards.serve.guard`), and a password is no use to it."""

    async def get(self) -> None:
        key = self.get_query_argument("key", "")
        if key:
            if self.login.take_key(key[:200]):
                self.admit()
                return
            await self.failed()
            self.show(_("This login link was used already or is wrong: start devgames again "
                        "for a new one, or use the password."), status=403)
            return
        self.show()

    async def post(self) -> None:
        password = self.get_body_argument("password", "")[:MAX_PASSWORD]
        kept = self.login.password
        if kept and password and await self.checked(partial(password_matches, kept, password)):
            self.admit()
            return
        await self.failed()
        self.show(_("Wrong password."), status=403)

    @staticmethod
    async def checked(check: Callable[[], bool]) -> bool:
        """``check()`` run off the server's event loop (a password's 50 ms of work)."""
        return await asyncio.get_running_loop().run_in_executor(None, check)

    def admit(self) -> None:
        """Give the browser the facilitator's cookie and go to the app."""
        self.set_cookie(COOKIE, self.login.cookie_value(), path=self.home,
                        expires_days=COOKIE_HOURS / 24, httponly=True, secure=self.secure,
                        samesite="Strict")
        self.redirect(self.home)

    async def failed(self) -> None:
        """Note a wrong try from this person's address and wait as long as it must."""
        person = client_address(self.request.remote_ip, self.request.headers, self.trusted)
        await asyncio.sleep(self.slowdown.delay_for(person))

    def show(self, error: str = "", status: int = 200) -> None:
        """The page: the password's form, or how to get in without one."""
        self.set_status(status)
        if self.login.password:
            sentence = _("Enter the facilitator's password.")
            form = ('<form method="post"><label for="password">{label}</label>'
                    '<input id="password" name="password" type="password" required autofocus '
                    'autocomplete="current-password"><button type="submit">{go}</button>'
                    "</form>").format(label=escape(_("Password")), go=escape(_("Log in")))
        else:
            sentence = _("Open the login link that devgames printed when it started.")
            form = ""
        self.finish(PAGE.format(
            language=language(), title=escape(_("The facilitator's app")), form=form,
            sentence=escape(sentence),
            error=f'<p class="error" role="alert">{escape(error)}</p>' if error else ""))


def login_rules(login: Login, prefix: str, secure: bool,
                trusted: Iterable[str]) -> list[tornado.routing.Rule]:
    """The routing rules that put the login before every address of the app under ``prefix``.

    >>> login, _key = Login.make("pw")
    >>> [rule.target.__name__ for rule in login_rules(login, "/acme", True, ["127.0.0.1"])]
    ['LoginHandler', 'LockedOut']
    """
    home, path = f"{prefix}/", f"{prefix}/login"
    slowdown = Slowdown(FREE_TRIES, 60.0, 8.0)
    return [
        tornado.routing.Rule(tornado.routing.PathMatches(path), LoginHandler,
                             {"login": login, "home": home, "secure": secure,
                              "trusted": trusted, "slowdown": slowdown}),
        tornado.routing.Rule(Locked(login, path), LockedOut, {"login_path": path, "home": home}),
    ]
