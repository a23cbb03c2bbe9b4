"""Every card of every game carries a meaning: a kind and one line in our own words."""

from importlib import import_module
from typing import Any

import pytest

from devgames import GAMES
from devgames.core.meanings import KINDS, meaning_of, meanings

MAX_LINE = 110
#: Scrumkin cards whose kind is not the one their figures suggest (see docs/card-meanings.md).
SCRUMKIN_EXCEPTIONS = {"3 Amigos": "investment"}


def card_table(game: str) -> dict[int, Any]:
    """The engine's table of ``game``'s cards: id -> card (each with a ``name``)."""
    return import_module(f"{GAMES[game]}.cards").CARDS


def card_names(game: str) -> set[str]:
    return {card.name for card in card_table(game).values()}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_card_has_a_meaning_and_every_meaning_a_card(game: str) -> None:
    names, meant = card_names(game), set(meanings(game))
    assert not names - meant, f"{game}: cards without a meaning: {sorted(names - meant)}"
    assert not meant - names, f"{game}: meanings of no card: {sorted(meant - names)}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_kinds_are_known_and_lines_are_one_short_sentence(game: str) -> None:
    for name, meaning in meanings(game).items():
        assert meaning.kind in KINDS, (game, name, meaning.kind)
        line = meaning.line
        assert line.strip() == line and line, (game, name)
        assert len(line) <= MAX_LINE, (game, name, len(line))
        assert line.endswith("."), (game, name)
        assert "\n" not in line and line[0].isupper(), (game, name)


def test_every_kind_is_used_by_some_game() -> None:
    used = {meaning.kind for game in GAMES for meaning in meanings(game).values()}
    assert used == set(KINDS)


def test_an_unknown_kind_is_refused(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from devgames.core import meanings as module

    bad = tmp_path / "meanings.csv"
    bad.write_text("# a comment\nname,kind,meaning\nFlu,bad luck,\"Ill.\"\n", encoding="utf-8")
    monkeypatch.setattr(module, "meanings_file", lambda game, code="en": bad)
    module.meanings_in.cache_clear()
    try:
        with pytest.raises(ValueError, match="Flu"):
            module.meanings("scrumkin")
    finally:
        module.meanings_in.cache_clear()


def test_scrumkin_kinds_follow_the_figures_but_for_the_chosen_exceptions() -> None:
    """Down then up: investment; up then down: shortcut; only up: help; only down: harm."""
    for card in card_table("scrumkin").values():
        values = [v for v in card.values if v is not None] or [1]  # Scrum of Scrums: help
        moving = [v for v in values if v]
        if card.deck == "action":
            expected = "harm" if card.bugs else "help"
        elif all(v >= 0 for v in values):
            expected = "help"
        elif all(v <= 0 for v in values):
            expected = "harm"
        else:
            expected = "investment" if moving[0] < 0 else "shortcut"
        expected = SCRUMKIN_EXCEPTIONS.get(card.name, expected)
        assert meaning_of("scrumkin", card.name).kind == expected, card  # type: ignore[union-attr]


def test_the_judgements_the_debrief_leans_on() -> None:
    scrumkin = card_table("scrumkin").values()
    kind = {name: meaning.kind for name, meaning in meanings("scrumkin").items()}
    assert kind["Architecture Change"] == kind["3 Amigos"] == "investment"
    assert kind["Death March"] == kind["Work on Saturdays"] == "shortcut"
    assert {kind[c.name] for c in scrumkin if c.deck == "action" and c.bugs} == {"harm"}
    assert {kind[c.name] for c in scrumkin if c.deck == "action" and not c.bugs} == {"help"}
    assert {kind[c.name] for c in scrumkin if c.defensive} == {"help"}
    startup = card_table("itstartup").values()
    kind = {name: meaning.kind for name, meaning in meanings("itstartup").items()}
    assert {kind[c.name] for c in startup if c.kind == "knowledge"} == {"investment"}
    assert kind["Crunch Time"] == kind["Copy Paste Developer"] == "shortcut"
    assert kind["Monster Bug"] == kind["Technical debt"] == "harm"
    assert meaning_of("exploding", "Exploding Git Commit").kind == "harm"  # type: ignore[union-attr]
