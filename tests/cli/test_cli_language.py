"""The command line speaks the language of the environment's locale: its help (argparse's own
words too), its refusals and what it prints; English stays as it always was."""

import argparse
import gettext
import io
import sys

import pytest

from devgames.cli import main
from devgames.dashboards.login import Login
from devgames.dashboards.serve import HOST, Remote, remote_lines
from devgames.i18n import from_environment, language, speaking
from devgames.remote import PublicAddress
from tests.cli.test_cli_serve import serve_on_a_busy_port


def words(text: str) -> str:
    """``text`` with every run of spaces and line breaks as one space (help is wrapped to the
    terminal's width)."""
    return " ".join(text.split())


@pytest.fixture
def russian(monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment's locale says Russian (``LANGUAGE`` wins over the rest)."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("LANGUAGE", "ru")


def test_the_help_of_the_command_line_and_of_a_command_is_in_russian(russian, capsys) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("использование: devgames [-h] COMMAND ...")
    assert "позиционные аргументы:" in out and "параметры:" in out
    assert "показать эту справку и выйти" in out
    assert "Карточные игры" in out and "планировщик воркшопа" in words(out)
    assert "usage" not in out and "options" not in out

    assert main(["plan", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("использование: devgames plan")
    assert "число игроков или команд (по умолчанию: 4)" in words(out)
    assert "каждый 95% интервал" in words(out)  # "%" in a help is argparse's format: it stays
    assert "примеры:\n  devgames plan scrumkin --players 6 --minutes 60     уложатся" in out
    assert "код выхода:\n  0  готово\n" in out
    assert language() == "en" and vars(argparse)["_"] is gettext.gettext  # as they were


def test_refusals_are_in_russian(russian, capsys) -> None:
    assert main(["plan", "scrumkin", "--margin", "x"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("использование: devgames plan")
    assert "devgames plan: ошибка: аргумент --margin: 'x' — не число раундов" in err
    assert main(["plan"]) == 2
    assert "не хватает обязательных аргументов: GAME" in capsys.readouterr().err
    assert main(["play", "scrumkin", "--option", "x"]) == 2
    assert capsys.readouterr().err == (
        "devgames: Задавайте настройки как KEY=VALUE, например --option deck=physical "
        "(а не 'x').\n")


def test_the_terminal_table_is_in_russian(russian, monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("?\n99\nq\n\n"))
    assert main(["play", "scrumkin", "--bot", "random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Scrumkin: Игрок, Бот 1 (бот), Бот 2 (бот)." in out
    assert "Игрок: выберите 1-" in out and "В ответ на запрос введите:" in out
    assert "Варианта 99 нет" in out and "До встречи." in out


def test_english_stays_as_it_was(capsys) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: devgames [-h] COMMAND ...")
    assert "positional arguments:" in out and "options:" in out
    assert "show this help message and exit" in out
    assert main(["plan", "--help"]) == 0
    out = capsys.readouterr().out
    assert "each 95% interval within ROUNDS rounds or 5% x ROUNDS" in words(out)
    assert ("examples:\n  devgames plan scrumkin --players 6 --minutes 60     will 6 teams fit "
            "in 60 minutes?\n") in out
    assert ("exit status:\n  0  done\n  1  the Dask scheduler does not answer, has no workers, "
            "or was lost during the run\n  1  --db names no session store (none is made)\n"
            "  2  bad command line") in out
    assert main(["plan", "scrumkin", "--margin", "x"]) == 2
    assert capsys.readouterr().err.endswith(
        "devgames plan: error: argument --margin: 'x' is not a number of rounds\n")


def test_what_serve_prints_is_in_russian(russian, capsys) -> None:
    port = serve_on_a_busy_port()
    error = capsys.readouterr().err
    assert f"Порт {port} на {HOST} занят другой программой; выберите другой порт" in error

    remote = Remote(PublicAddress.parse("https://x.org/acme"), frozenset({"127.0.0.1"}),
                    "127.0.0.1", Login.make("pw")[0])
    with speaking(from_environment()):
        lines = remote_lines(remote, 8866, 8867, "KEY")
    assert lines == [
        "devgames работает по адресу https://x.org/acme/ через прокси  (Ctrl-C останавливает)",
        "Прокси передаёт x.org/acme/ на 127.0.0.1:8866, а t/, d/, a/ и static/ — на "
        "127.0.0.1:8867 (его настройки пишет devgames caddyfile).",
        "Ведущий входит один раз по ссылке https://x.org/acme/login?key=KEY (ссылка работает "
        "один раз; задайте $DEVGAMES_PASSWORD, чтобы входить по паролю).",
        "Пересланным адресам верим только от 127.0.0.1."]
