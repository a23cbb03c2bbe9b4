"""The meanings speak the language in use: ``meanings.<language>.csv`` holds each card's line in
that language (card names as in ``meanings.csv``, the kinds only there)."""

import csv
from pathlib import Path
from typing import Any

import pytest

from devgames import GAMES
from devgames.core import meanings as module
from devgames.core.meanings import (
    meaning_of,
    meanings,
    meanings_file,
    meanings_in,
    translated_lines,
)
from devgames.i18n import language, speaking

MAX_LINE = 110
#: The games that ship their lines in Russian, every card of them.
RUSSIAN = ("exploding", "itstartup", "release", "reliz", "scrumkin")


def english_names(game: str) -> list[str]:
    with meanings_file(game).open(encoding="utf-8", newline="") as file:
        return [row["name"] for row in csv.DictReader(x for x in file if not x.startswith("#"))]


@pytest.mark.parametrize("game", RUSSIAN)
def test_the_russian_file_names_every_card_of_meanings_csv_and_no_other(game: str) -> None:
    path = meanings_file(game, "ru")
    with path.open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(line for line in file if not line.startswith("#")))
    assert rows and set(rows[0]) == {"name", "meaning"}, f"{path.name}: name,meaning only"
    names = [row["name"] for row in rows]
    assert len(names) == len(set(names)), f"{game}: a card named twice in {path.name}"
    english = set(english_names(game))
    assert not english - set(names), f"{game}: not translated: {sorted(english - set(names))}"
    assert not set(names) - english, f"{game}: no such card: {sorted(set(names) - english)}"


@pytest.mark.parametrize("game", RUSSIAN)
def test_the_russian_lines_are_one_short_sentence_in_russian(game: str) -> None:
    english = meanings_in(game, "en")
    for name, line in translated_lines(game, "ru").items():
        assert line.strip() == line and line[0].isupper(), (game, name)
        assert line.endswith(".") and "\n" not in line, (game, name)
        assert len(line) <= MAX_LINE, (game, name, len(line))
        assert any("а" <= c <= "я" for c in line.lower()), (game, name, "not Russian")
        assert line != english[name].line, (game, name, "left in English")


@pytest.mark.parametrize("game", RUSSIAN)
def test_switching_language_switches_the_line_and_keeps_the_kind(game: str) -> None:
    english = meanings(game)
    with speaking("ru"):
        assert language() == "ru"
        russian = meanings(game)
        assert meaning_of(game, next(iter(russian))) == next(iter(russian.values()))
    assert set(russian) == set(english)
    for name, meaning in russian.items():
        assert meaning.kind == english[name].kind, (game, name)
        assert meaning.line == translated_lines(game, "ru")[name] != english[name].line
    assert meanings(game) == english == meanings_in(game, "en")  # English is unchanged
    with speaking("en"):
        assert meanings(game) == english


def test_the_english_lines_are_those_of_meanings_csv() -> None:
    with meanings_file("exploding").open(encoding="utf-8", newline="") as file:
        rows = csv.DictReader(line for line in file if not line.startswith("#"))
        written = {row["name"]: row["meaning"] for row in rows}
    assert {name: m.line for name, m in meanings("exploding").items()} == written


def test_a_card_missing_in_the_translation_falls_back_to_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    english = tmp_path / "meanings.csv"
    english.write_text("name,kind,meaning\nNope,help,\"Saying no.\"\nSkip,shortcut,\"Later.\"\n",
                       encoding="utf-8")
    russian = tmp_path / "meanings.ru.csv"
    russian.write_text("# a comment\nname,meaning\nNope,\"Сказать нет.\"\n", encoding="utf-8")

    def where(game: str, code: str = "en") -> Path:
        return english if code == "en" else tmp_path / f"meanings.{code}.csv"

    monkeypatch.setattr(module, "meanings_file", where)
    module.meanings_in.cache_clear()
    try:
        with speaking("ru"):
            found = meanings("exploding")
        assert found["Nope"] == module.Meaning("help", "Сказать нет.")
        assert found["Skip"] == module.Meaning("shortcut", "Later.")  # not translated: English
        assert meanings("exploding")["Nope"].line == "Saying no."
        assert meanings_in("exploding", "xx")["Nope"].line == "Saying no."  # no such file
    finally:
        module.meanings_in.cache_clear()


def test_every_game_can_be_read_in_russian() -> None:
    """A game without a Russian file (a plug-in's) still has its English lines in Russian."""
    for game in GAMES:
        try:
            english: dict[str, Any] = meanings_in(game, "en")
        except OSError:  # a game whose meanings are not written yet
            continue
        assert set(meanings_in(game, "ru")) == set(english)
