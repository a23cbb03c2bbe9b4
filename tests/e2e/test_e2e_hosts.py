"""Both ports of `devgames serve`, over real HTTP: only the host names they serve, only their own
origin (scheme included), no body read beyond the limit, and 404 (never 500) for any path the
app does not use."""

import json
import socket
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import pytest

from tests.e2e.harness import Server


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    """The status and body of a GET of ``url`` (no redirect followed)."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(urllib.request.Request(url, headers=headers or {}), timeout=60) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def port_of(url: str) -> int:
    return urlsplit(url).port or 80


def test_the_app_refuses_another_host_name_and_starts_no_kernel(voila_server: Server) -> None:
    """A page of another site whose name was rebound to 127.0.0.1 (DNS rebinding) gets nothing:
    not a page, not a kernel."""
    voila_server.wait_until_quiet(quiet=0.5)
    kernels = voila_server.kernel_pids()
    status, body = get(voila_server.url,
                       {"Host": f"evil.example:{port_of(voila_server.url)}"})
    assert status == 421 and json.loads(body)["reason"] == "host"
    time.sleep(1.0)  # a kernel taken from the pool would be replaced at once
    voila_server.wait_until_quiet(quiet=0.5)
    assert voila_server.kernel_pids() == kernels
    status, _ = get(f"http://localhost:{port_of(voila_server.url)}/voila/static/"
                    "materialcolors.css")
    assert status == 200


def test_the_app_answers_only_its_own_origin_scheme_included(voila_server: Server) -> None:
    asset = voila_server.url + "voila/static/materialcolors.css"
    own = voila_server.url.rstrip("/")
    assert get(asset, {"Origin": own})[0] == 200
    for origin in (own.replace("http://", "https://"), "http://evil.example", "null"):
        status, body = get(asset, {"Origin": origin})
        assert status == 403 and json.loads(body)["reason"] == "origin", origin


@pytest.mark.parametrize("path", [
    "voila/templates/x",
    "voila/templates/",
    "voila/templates/../x",
    "voila/templates/..%2Fx",
    "voila/templates/devgames/conf.json",
    "voila/templates/lab/static/",
    "voila/templates/lab/static/..%2F..%2Fx",
    "logout",
    "login",
    "api/x",
    "api/kernels",
    "api/contents",
    "devgames.ipynb",
    "tree",
])
def test_paths_the_app_does_not_use_answer_404(voila_server: Server, path: str) -> None:
    status, body = get(voila_server.url + path)
    assert status == 404, (path, status)
    assert b"Traceback" not in body


def test_the_apps_own_assets_are_still_served(voila_server: Server) -> None:
    for path in ("voila/templates/lab/static/voila.js", "voila/static/materialcolors.css"):
        assert get(voila_server.url + path)[0] == 200, path


def test_the_devices_port_refuses_another_host_name(voila_server: Server) -> None:
    page = voila_server.device_url + "t/" + "x" * 22
    assert get(page)[0] == 403  # a wrong token: answered by the devices' server
    status, body = get(page, {"Host": f"evil.example:{port_of(voila_server.device_url)}"})
    assert status == 421 and json.loads(body)["reason"] == "host"


def test_the_devices_port_reads_no_long_body(voila_server: Server) -> None:
    """A move announced longer than the limit is answered before its body is sent, and one
    without a length is cut off at the limit: the server never holds either in memory."""
    url = urlsplit(voila_server.device_url)
    start = (f"POST /t/{'x' * 22}/move HTTP/1.1\r\nHost: {url.netloc}\r\n"
             "Content-Type: application/json\r\n")
    with socket.create_connection((url.hostname, url.port), timeout=20) as connection:
        connection.sendall(f"{start}Content-Length: 90000000\r\n\r\n".encode())
        answer = b""
        while chunk := connection.recv(65536):  # closed by the server: the body is not awaited
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 4")
    with socket.create_connection((url.hostname, url.port), timeout=20) as connection:
        connection.sendall(f"{start}Transfer-Encoding: chunked\r\n\r\n".encode())
        sent = 0
        with pytest.raises(OSError):  # the server closes the connection
            while sent < 50_000_000:
                connection.sendall(b"10000\r\n" + b"x" * 0x10000 + b"\r\n")
                sent += 0x10000
        assert sent < 20_000_000
