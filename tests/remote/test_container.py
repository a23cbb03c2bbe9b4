"""The container of a remote workshop (``Dockerfile``, ``.dockerignore``) and its guide
(``docs/remote.md``), checked without Docker: the image runs a real ``devgames serve`` command
with real options, sets only environment variables the code reads, exposes the ports the servers
and ``devgames caddyfile`` use, checks its health at an address the server answers without the
facilitator's cookie, and is built from the package's sources only.
"""

import asyncio
import fnmatch
import inspect
import ipaddress
import json
import re
import shlex
import tomllib
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tornado.httpserver
import tornado.testing
import tornado.web
from packaging.specifiers import SpecifierSet

from devgames import remote
from devgames.cli import build_parser, main, remote_settings
from devgames.dashboards import login, serve

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"
GUIDE = ROOT / "docs" / "remote.md"
PUBLIC_URL = "https://games.example.org/acme"

#: What a person sets: the remote workshop's variables and the session store's.
SETTINGS = {remote.PUBLIC_URL_VARIABLE, remote.PASSWORD_VARIABLE, remote.LISTEN_VARIABLE,
            remote.TRUSTED_VARIABLE, serve.DB_VARIABLE}
#: What `devgames serve` gives its own server and kernels: never a person's to set.
INTERNAL = {login.LOGIN_VARIABLE, serve.DEVICES_VARIABLE, serve.DEVICE_URL_VARIABLE,
            serve.PARENT_VARIABLE}
#: An environment variable of devgames, as written anywhere.
VARIABLE = re.compile(r"\bDEVGAMES_[A-Z0-9_]+\b")


# ----- reading the files ------------------------------------------------------------------------
def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions in order, (KEYWORD, arguments), continuation lines joined.

    >>> instructions()[0]
    ('FROM', 'python:3.11-slim-bookworm')
    """
    found, pending = [], ""
    for line in DOCKERFILE.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        keyword, _sep, arguments = (pending + stripped).partition(" ")
        found.append((keyword.upper(), arguments.strip()))
        pending = ""
    assert not pending, "the Dockerfile ends inside a continued line"
    return found


def arguments_of(keyword: str) -> list[str]:
    """The arguments of every ``keyword`` instruction, in order."""
    return [arguments for key, arguments in instructions() if key == keyword]


def environment() -> dict[str, str]:
    """Every variable the image sets with ENV (in the ``NAME=value`` form only)."""
    found = {}
    for arguments in arguments_of("ENV"):
        for pair in shlex.split(arguments):
            name, sep, value = pair.partition("=")
            assert sep, f"ENV {arguments!r}: write ENV NAME=value"
            found[name] = value
    return found


def exec_form(arguments: str) -> list[str]:
    """A CMD's arguments in exec form (a JSON list), as Docker runs them without a shell."""
    command = json.loads(arguments)
    assert isinstance(command, list) and all(isinstance(part, str) for part in command), \
        f"{arguments!r} should be a JSON list of strings (exec form)"
    return command


def command() -> list[str]:
    """The image's command (the last CMD counts)."""
    return exec_form(arguments_of("CMD")[-1])


def healthcheck() -> str:
    """The Python code of the image's HEALTHCHECK (``python -c CODE``)."""
    (arguments,) = arguments_of("HEALTHCHECK")
    _options, sep, cmd = arguments.partition("CMD ")
    assert sep, "HEALTHCHECK should run a command"
    program = exec_form(cmd)
    assert program[:2] == ["python", "-c"] and len(program) == 3, program
    return program[2]


def exposed() -> set[int]:
    """The ports the image exposes."""
    return {int(port.split("/")[0]) for arguments in arguments_of("EXPOSE")
            for port in arguments.split()}


def read_by_code() -> set[str]:
    """Every ``DEVGAMES_...`` name written as a string in the package's code: the variables the
    code reads (or gives its own processes)."""
    return {name for path in (ROOT / "devgames").rglob("*.py")
            for name in re.findall(r"[\"'](DEVGAMES_[A-Z0-9_]+)[\"']",
                                   path.read_text(encoding="utf-8"))}


def guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def code_lines(text: str) -> Iterator[str]:
    """The lines of the fenced code blocks of a Markdown text, continuation lines joined."""
    inside, pending = False, ""
    for line in text.splitlines():
        if line.startswith("```"):
            inside, pending = not inside, ""
            continue
        if not inside:
            continue
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        yield pending + line
        pending = ""


def devgames_commands(text: str) -> list[list[str]]:
    """Each ``devgames serve`` and ``devgames caddyfile`` command line of the guide's code
    blocks (also as ``/opt/devgames/bin/devgames`` or after ``ExecStart=``), as its arguments up
    to the first shell operator.

    >>> devgames_commands("```\\nExecStart=/x/bin/devgames serve --no-browser | y\\n```")
    [['serve', '--no-browser']]
    """
    found = []
    for line in code_lines(text):
        for match in re.finditer(r"(?:^|[\s/=])devgames (serve|caddyfile)\b(.*)", line):
            words = []
            for word in shlex.split(match.group(2), comments=True):
                if word in {"|", ">", ">>", "&&", ";", "||"} or word.startswith((">", "2>")):
                    break
                words.append(word)
            found.append([match.group(1), *words])
    return found


# ----- what .dockerignore keeps out -------------------------------------------------------------
def ignore_patterns() -> list[tuple[bool, re.Pattern[str]]]:
    """The patterns of ``.dockerignore`` in order: (is an exception "!", the pattern as a regular
    expression of a path relative to the build's folder, as Docker matches them: ``*`` and ``?``
    within a path part, ``**`` over any number of parts)."""
    patterns = []
    for line in DOCKERIGNORE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        negated = line.startswith("!")
        pattern = line.lstrip("!").strip().strip("/")
        parts = []
        for part in pattern.split("/"):
            if part == "**":
                parts.append("(?:.*/)?")
            else:
                parts.append(fnmatch.translate(part).removeprefix("(?s:").removesuffix(")\\Z")
                             .replace(".*", "[^/]*") + "/")
        regex = "".join(parts).removesuffix("/").removesuffix("(?:.*/)?") or ".*"
        if pattern.endswith("**"):
            regex += ".*"
        patterns.append((negated, re.compile(regex + r"\Z", re.S)))
    return patterns


def sent_to_docker(path: str) -> bool:
    """Whether ``path`` (relative to the repository) is part of the build's context: the last
    pattern matching it or one of its parent folders decides, an exception ("!") keeps it in.

    >>> sent_to_docker("devgames/cli.py"), sent_to_docker(".venv/bin/python")
    (True, False)
    """
    parts = path.split("/")
    candidates = ["/".join(parts[:n]) for n in range(1, len(parts) + 1)]
    kept = True
    for negated, regex in ignore_patterns():
        if any(regex.match(candidate) for candidate in candidates):
            kept = negated
    return kept


# ----- the tests ----------------------------------------------------------------------------------
def test_the_image_is_python_3_11_on_debian_12_as_the_package_asks() -> None:
    (base,) = arguments_of("FROM")
    assert base == "python:3.11-slim-bookworm"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "3.11" in SpecifierSet(project["requires-python"])


def test_the_package_is_installed_with_its_ranges_and_its_catalogues() -> None:
    runs = " && ".join(arguments_of("RUN"))
    assert "pip install --no-cache-dir ." in runs
    # the .mo files are not in the repository (.gitignore) and go into the package when built
    compile_line = "pybabel compile -D devgames -d devgames/locale"
    assert compile_line in (ROOT / "binder" / "postBuild").read_text(encoding="utf-8")
    assert runs.index(compile_line) < runs.index("pip install --no-cache-dir .")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    babel = next(spec for spec in project["dependencies"] if spec.startswith("babel"))
    assert f'"{babel}"' in runs, "babel, installed to compile, in the package's own range"


def test_the_image_runs_as_a_user_of_its_own() -> None:
    users = [(index, arguments) for index, (key, arguments) in enumerate(instructions())
             if key == "USER"]
    assert users, "the image should not run as root"
    index, user = users[-1]
    assert user.split(":")[0] not in {"root", "0"}
    cmd_index = max(i for i, (key, _args) in enumerate(instructions()) if key == "CMD")
    assert index < cmd_index


def test_the_command_is_devgames_serve_with_real_options() -> None:
    cmd = command()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert cmd[0] in project["scripts"], f"{cmd[0]} is not the package's command"
    args = build_parser().parse_args(cmd[1:])
    assert args.command == "serve" and args.no_browser
    assert not any(part.lower().startswith("--password") for part in cmd)


def test_the_sessions_are_kept_in_the_volume() -> None:
    env = environment()
    volumes = [volume for arguments in arguments_of("VOLUME") for volume in
               (json.loads(arguments) if arguments.startswith("[") else arguments.split())]
    assert volumes == ["/data"]
    assert env[serve.DB_VARIABLE] == "/data/devgames.sqlite"
    assert Path(env[serve.DB_VARIABLE]).parent == Path(volumes[0])
    assert build_parser().parse_args(command()[1:]).db is None, \
        "the command should leave the store to $DEVGAMES_DB"


def test_every_variable_the_image_sets_is_read_by_the_code() -> None:
    env = environment()
    ours = {name for name in env if name.startswith("DEVGAMES_")}
    assert ours == {serve.DB_VARIABLE, remote.LISTEN_VARIABLE}
    assert ours <= read_by_code()
    assert remote.PASSWORD_VARIABLE not in env and remote.PUBLIC_URL_VARIABLE not in env, \
        "the password and the public address come from `docker run`, never from the image"
    assert ipaddress.ip_address(env[remote.LISTEN_VARIABLE]) == ipaddress.ip_address("0.0.0.0")


def test_the_command_serves_behind_the_proxy_once_given_the_public_address() -> None:
    env = {**environment(), remote.PUBLIC_URL_VARIABLE: PUBLIC_URL,
           remote.PASSWORD_VARIABLE: "correct horse", remote.TRUSTED_VARIABLE: "172.17.0.1"}
    args = build_parser().parse_args(command()[1:])
    settings, key = remote_settings(args, env)
    assert settings is not None and key is None
    assert settings.listen == "0.0.0.0"
    assert settings.public.url("") == f"{PUBLIC_URL}/"
    assert settings.trusted == frozenset({"172.17.0.1"})
    # without a public address, listening on every address is refused: the app needs its login
    with pytest.raises(ValueError, match="--public-url"):
        remote_settings(args, environment())


def test_the_exposed_ports_are_the_servers_and_the_proxys() -> None:
    port = build_parser().parse_args(command()[1:]).port
    assert port == serve.DEFAULT_PORT
    assert exposed() == {port, port + 1}, "the app's port and the devices' server's, the next"


def test_the_caddyfile_sends_to_the_exposed_ports(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["caddyfile", "--public-url", PUBLIC_URL]) == 0
    upstreams = re.findall(r"reverse_proxy 127\.0\.0\.1:(\d+)", capsys.readouterr().out)
    assert {int(port) for port in upstreams} == exposed()


def healthcheck_result(env: dict[str, str], port: int) -> str:
    """Run the image's health check against a server on ``port`` of this machine, with
    ``env`` as the container's environment; the address it asked for (its exceptions pass)."""
    code = healthcheck()
    assert code.count(f":{serve.DEFAULT_PORT}") == 1, "the check asks the app's default port"
    asked: list[str] = []
    real_open = urllib.request.urlopen

    def recorded(url: str, *args: Any, **kwargs: Any) -> Any:
        asked.append(url)
        return real_open(url, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(urllib.request, "urlopen", recorded)
        for name in (remote.PUBLIC_URL_VARIABLE, login.LOGIN_VARIABLE):
            patch.delenv(name, raising=False)
        for name, value in env.items():
            patch.setenv(name, value)
        exec(code.replace(f":{serve.DEFAULT_PORT}", f":{port}"), {})
    (url,) = asked
    return url


@pytest.mark.parametrize("public_url", [PUBLIC_URL, "https://games.example.org/",
                                        "https://games.example.org/a/b/"])
def test_the_health_check_asks_the_login_page_the_server_answers_without_a_cookie(
        public_url: str) -> None:
    """The server behind its public address (the app's own guard and login, as ``devgames
    serve --public-url`` puts them before Voilà's routes) answers the check's address, where
    every other address of the app wants the facilitator's cookie."""
    the_login, _key = login.Login.make("correct horse")
    env = {remote.PUBLIC_URL_VARIABLE: public_url, login.LOGIN_VARIABLE: the_login.text()}
    prefix = remote.PublicAddress.parse(public_url).prefix

    async def check() -> tuple[str, int, int]:
        app = tornado.web.Application([])
        serve.guard(app, env)
        sock, port = tornado.testing.bind_unused_port()
        server = tornado.httpserver.HTTPServer(app)
        server.add_sockets([sock])
        try:
            url = await asyncio.to_thread(healthcheck_result, env, port)
            refused = await asyncio.to_thread(
                status_of, f"http://{serve.HOST}:{port}{prefix}/voila/static/materialcolors.css")
        finally:
            server.stop()
        return url, port, refused

    url, port, refused = asyncio.run(check())
    assert url == f"http://{serve.HOST}:{port}{prefix}/login"
    assert refused == 403, "a static file of the app needs the cookie behind a public address"


def status_of(url: str) -> int:
    """The HTTP status a GET of ``url`` gets."""
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return error.code


class Answer:
    """What the health check gets from ``urlopen`` in a test without a server."""

    def close(self) -> None:
        pass


def test_without_a_public_address_the_health_check_asks_a_static_file() -> None:
    asked: list[str] = []

    def recorded(url: str, **kwargs: Any) -> Answer:
        asked.append(url)
        return Answer()

    with pytest.MonkeyPatch.context() as patch:
        patch.delenv(remote.PUBLIC_URL_VARIABLE, raising=False)
        patch.setattr(urllib.request, "urlopen", recorded)
        exec(healthcheck(), {})
    assert asked == [f"http://{serve.HOST}:{serve.DEFAULT_PORT}/voila/static/materialcolors.css"]
    # the probe `devgames serve` itself waits on without a public address
    probe = inspect.signature(serve.wait_until_serving).parameters["probe"].default
    assert asked[0].endswith(probe)


@pytest.mark.parametrize("path", [
    ".venv/bin/python", ".git/HEAD", "test-artifacts/e2e/shot.png", "devgames.sqlite",
    "sessions.sqlite-wal", "data/workshop.sqlite", "devgames/sessions/old.sqlite",
    "devgames/__pycache__/cli.cpython-311.pyc", "devgames/locale/ru/LC_MESSAGES/devgames.mo",
    "devgames.egg-info/PKG-INFO", "tests/conftest.py", "devgames.env", ".env",
])
def test_dockerignore_keeps_out(path: str) -> None:
    assert not sent_to_docker(path)


def test_dockerignore_sends_every_file_the_build_reads() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = pyproject["tool"]["setuptools"]["package-data"]["*"]
    needed = ["pyproject.toml", pyproject["project"]["readme"], "LICENSE"]
    for path in (ROOT / "devgames").rglob("*"):
        relative = path.relative_to(ROOT).as_posix()
        if path.is_file() and "__pycache__" not in relative and not relative.endswith(".mo") \
                and (path.suffix == ".py" or any(fnmatch.fnmatch(relative, f"*/{pattern}")
                                                 or fnmatch.fnmatch(path.name, pattern)
                                                 for pattern in data)):
            needed.append(relative)
    assert len(needed) > 100
    left_out = [path for path in needed if not sent_to_docker(path)]
    assert not left_out


def test_the_guide_names_only_variables_the_code_reads() -> None:
    named = set(VARIABLE.findall(guide()))
    assert named <= read_by_code()
    assert named >= SETTINGS, f"the guide should explain {sorted(SETTINGS - named)}"
    assert not named & INTERNAL, "the guide names a variable devgames serve sets itself"
    for path in (DOCKERFILE, ROOT / "docs" / "devices.md", ROOT / "README.md"):
        assert set(VARIABLE.findall(path.read_text(encoding="utf-8"))) <= read_by_code(), path


def test_the_guides_commands_are_real() -> None:
    commands = devgames_commands(guide())
    assert {words[0] for words in commands} == {"serve", "caddyfile"}
    parser = build_parser()
    for words in commands:
        args = parser.parse_args(words)
        assert args.command == words[0]


def test_the_guides_docker_run_matches_the_image() -> None:
    text = guide()
    published = re.findall(r"-p (\S+):(\d+):(\d+)", text)
    assert published, "the guide shows docker run with its published ports"
    assert all(host == "127.0.0.1" for host, _outer, _inner in published), \
        "published ports stay on the host's loopback (Docker's rules bypass ufw)"
    assert {int(inner) for _host, _outer, inner in published} == exposed()
    assert "-v devgames-data:/data" in text
    assert f"{remote.TRUSTED_VARIABLE}=172.17.0.1" in text


def test_the_readme_and_the_devices_page_link_the_guide() -> None:
    assert "(docs/remote.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(remote.md)" in (ROOT / "docs" / "devices.md").read_text(encoding="utf-8")
