"""The handouts: every one renders for every game and paper, says the engine's figures, lists every
card, escapes every text, and the command line writes them."""

import dataclasses
import re
from pathlib import Path

import pytest

from devgames import BUILTIN_GAMES as GAMES  # the games with handouts
from devgames.cli import main
from devgames.core.meanings import Meaning
from devgames.exploding.cards import CARDS as EXPLODING_CARDS
from devgames.handouts import (
    HANDOUTS,
    PAPERS,
    handout_files,
    handout_html,
    page_budget,
    sheets,
    write_handouts,
)
from devgames.handouts import glossary as glossary_module
from devgames.handouts.content import game_text
from devgames.handouts.page import esc
from devgames.itstartup.cards import CARDS as ITSTARTUP_CARDS
from devgames.release.cards import CARDS as RELEASE_CARDS
from devgames.reliz.cards import CARDS as RELIZ_CARDS
from devgames.scrumkin.cards import CARDS as SCRUMKIN_CARDS

ROOT = Path(__file__).resolve().parents[2]
CARD_NAMES = {
    "scrumkin": {card.name for card in SCRUMKIN_CARDS.values()},
    "itstartup": {card.name for card in ITSTARTUP_CARDS.values()},
    "exploding": {card.name for card in EXPLODING_CARDS.values()},
    "release": {card.name for card in RELEASE_CARDS.values()},
    "reliz": {card.name for card in RELIZ_CARDS.values()},
}
HOSTILE = "<script>alert('x')</script> & <img src=x onerror=alert(1)>"
PAGE_SIZE = re.compile(r"@page \{ size: (\w+);")


def test_every_game_has_its_card_names() -> None:
    assert set(CARD_NAMES) == set(GAMES)
    assert len(CARD_NAMES["scrumkin"]) == 105


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("kind", list(HANDOUTS))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_handout_renders_as_a_self_contained_page(game: str, kind: str, paper: str) -> None:
    html = handout_html(game, kind, paper)
    assert html.startswith("<!DOCTYPE html>")
    assert html.rstrip().endswith("</html>")
    assert '<meta charset="utf-8">' in html
    assert f"<title>{esc(game_text(game).title)}: {esc(HANDOUTS[kind].title)}</title>" in html
    for external in ("<script", "<link", "<img", "url(", "http://", "https://", "@import"):
        assert external not in html, external
    assert PAGE_SIZE.findall(html) == [PAPERS[paper]]
    assert page_budget(game, kind) >= 1


def test_a4_and_letter_set_their_page_size() -> None:
    assert "@page { size: A4; margin: 12mm; }" in handout_html("scrumkin", "rules", "a4")
    assert "@page { size: letter; margin: 12mm; }" in handout_html("scrumkin", "rules", "letter")
    assert "size: A4" in handout_html("scrumkin", "glossary")  # A4 unless told


def test_unknown_game_handout_or_paper_is_refused_in_a_sentence() -> None:
    with pytest.raises(ValueError, match="the games are"):
        handout_html("chess", "rules")
    with pytest.raises(ValueError, match="the handouts are: rules, turn-aid"):
        handout_html("scrumkin", "poster")
    with pytest.raises(ValueError, match="the papers are: a4, letter"):
        handout_html("scrumkin", "rules", "a3")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_glossary_lists_every_card_name_once(game: str) -> None:
    html = handout_html(game, "glossary")
    names = re.findall(r'<span class="name">(.*?)</span>', html)
    assert sorted(names) == sorted(esc(name) for name in CARD_NAMES[game])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_glossary_gives_each_card_its_meaning_and_kind(game: str) -> None:
    rows = glossary_module.glossary_rows(game)
    known = glossary_module.card_meanings(game)
    html = handout_html(game, "glossary")
    for row in rows:
        if row.name in known:
            assert (row.kind, row.line) == (known[row.name].kind, known[row.name].line)
            assert esc(row.line) in html
    for kind, members in glossary_module.grouped(rows):
        heading = f"{esc(glossary_module.KIND_HEADINGS[kind])} ({len(members)})"
        assert heading in html


def test_figures_come_from_the_card_tables() -> None:
    scrumkin = handout_html("scrumkin", "glossary")
    assert "Fairy dust</span> <span class=\"figures\">+3 +2 +1 -2 for ever</span>" in scrumkin
    assert "Scrum of Scrums</span> (x4)" in scrumkin
    itstartup = handout_html("itstartup", "glossary")
    assert "developer, cost 5, efficiency 5" in itstartup  # Lead Developer
    assert "Gain 2 resources." in itstartup  # Investor, from abilities.py
    exploding = handout_html("exploding", "glossary")
    for card in EXPLODING_CARDS.values():
        assert esc(card.does) in exploding


def test_a_card_without_a_meaning_gets_an_empty_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(game: str) -> dict[str, Meaning]:
        raise FileNotFoundError(game)

    monkeypatch.setattr(glossary_module, "meanings", missing)
    for game in GAMES:
        html = handout_html(game, "glossary")
        assert html.count('<span class="line"></span>') == len(CARD_NAMES[game])
        assert esc(glossary_module.KIND_HEADINGS[""]) in html


def test_a_meaning_missing_for_one_card_leaves_only_its_line_empty(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = glossary_module.meanings("exploding")
    monkeypatch.setattr(glossary_module, "meanings",
                        lambda game: {k: v for k, v in real.items() if k != "Nope"})
    html = handout_html("exploding", "glossary")
    assert html.count('<span class="line"></span>') == 1
    assert esc(real["Nope"].line) not in html


def test_hostile_card_text_is_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(glossary_module, "meanings", lambda game: {
        name: Meaning("harm", HOSTILE) for name in CARD_NAMES[game]})
    html = handout_html("itstartup", "glossary")
    assert "<script" not in html and "<img" not in html
    assert html.count(esc(HOSTILE)) == len(CARD_NAMES["itstartup"])
    assert "Code Monkey &quot;Mike&quot;" in html


@pytest.mark.parametrize("kind", list(HANDOUTS))
def test_hostile_game_text_is_escaped_in_every_handout(kind: str) -> None:
    text = game_text("scrumkin")
    hostile = dataclasses.replace(
        text, title=HOSTILE, goal=HOSTILE, setup=(HOSTILE,), turn=HOSTILE,
        steps=(f"**{HOSTILE}**: {HOSTILE}",), end=(HOSTILE,), tips=(HOSTILE,),
        card_types=((HOSTILE, HOSTILE),), watch=(HOSTILE,), debrief=(HOSTILE,) * 3, doc=HOSTILE,
    )
    body = HANDOUTS[kind].render(hostile)
    assert "<script" not in body and "<img" not in body
    assert esc(HOSTILE) in body


def turn_steps_in_doc(game: str) -> int:
    """The numbered steps of the turn section of ``docs/rules/<game>.md``."""
    doc = (ROOT / game_text(game).doc).read_text(encoding="utf-8")
    section = doc.split(f"\n## {game_text(game).turn}\n", 1)[1].split("\n## ", 1)[0]
    return len(re.findall(r"^\d+\. ", section, re.M))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_turn_follows_the_rules_doc_step_for_step(game: str) -> None:
    text = game_text(game)
    assert (ROOT / text.doc).is_file()
    assert len(text.steps) == turn_steps_in_doc(game)
    html = handout_html(game, "turn-aid")
    assert html.count("<li><b>") >= len(text.steps)


def test_the_rules_say_the_options_of_the_game() -> None:
    assert "backlog of 10 items" in handout_html("scrumkin", "rules")
    assert "backlog of 12 items" in handout_html("scrumkin", "rules", backlog=12)
    collaborative = handout_html("scrumkin", "rules", rulebook="collaborative")
    assert "within 10 sprints" in collaborative and "everybody loses" in collaborative
    assert "Be the first to 64 project points" in handout_html("itstartup", "rules")
    assert "Be the first to 32 project points" in handout_html("itstartup", "rules", goal=32)
    assert "counterclockwise" in handout_html("exploding", "rules", direction="counterclockwise")
    assert "Special combos" not in handout_html("exploding", "turn-aid", special_combos=False)


def test_the_observer_sheet_and_the_debrief_canvas_have_room_to_write() -> None:
    for game in GAMES:
        text = game_text(game)
        observer = handout_html(game, "observer")
        assert observer.count('<span class="box"></span>') == 6 * len(text.watch)
        assert all(esc(item) in observer for item in text.watch)
        assert observer.count("<tr><td></td><td></td><td></td></tr>") == sheets.MOMENT_ROWS
        debrief = handout_html(game, "debrief")
        for words in ("What?", "So what?", "Now what?", "Owner", "Due date", "1-2-4-All"):
            assert words in debrief
        assert debrief.count("<tr><td></td><td></td><td></td></tr>") == sheets.ACTION_ROWS


def test_the_observer_sheet_watches_what_each_game_is_about() -> None:
    assert any("harmful card" in item for item in game_text("scrumkin").watch)
    assert any("Invests early" in item for item in game_text("scrumkin").watch)
    assert any("counter" in item for item in game_text("scrumkin").watch)
    assert any("burns out" in item for item in game_text("itstartup").watch)
    assert any("Poaches" in item for item in game_text("itstartup").watch)
    assert any("Counts the cards" in item for item in game_text("exploding").watch)
    assert any("Nope" in item for item in game_text("exploding").watch)


def test_handout_files_and_write_handouts(tmp_path: Path) -> None:
    files = handout_files("scrumkin", "letter")
    assert [name for name, _ in files] == [f"scrumkin-{kind}-letter.html" for kind in HANDOUTS]
    paths = write_handouts("scrumkin", tmp_path / "new", "letter")
    assert [path.name for path in paths] == [name for name, _ in files]
    assert [path.read_text(encoding="utf-8") for path in paths] == [html for _, html in files]


def test_the_command_writes_every_handout(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    status = main(["handouts", "itstartup", "--paper", "letter", "--out", str(tmp_path),
                   "--option", "goal=32"])
    out = capsys.readouterr().out
    assert status == 0
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == sorted(f"itstartup-{kind}-letter.html" for kind in HANDOUTS)
    assert "print it on Letter paper" in out and "one per team" in out
    rules = (tmp_path / "itstartup-rules-letter.html").read_text(encoding="utf-8")
    assert "32 project points" in rules


@pytest.mark.parametrize("argv, message", [
    (["handouts", "chess"], "Unknown game 'chess'"),
    (["handouts", "scrumkin", "--option", "rulebook=solo"], "Option 'rulebook' must be one of"),
    (["handouts", "scrumkin", "--option", "colour=red"], "Unknown option 'colour'"),
])
def test_the_command_refuses_bad_input_in_a_sentence(
        argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main([*argv, "--out", str(tmp_path)]) == 2
    assert message in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_the_command_refuses_an_unknown_paper(capsys: pytest.CaptureFixture) -> None:
    assert main(["handouts", "scrumkin", "--paper", "a3"]) == 2
    assert "invalid choice: 'a3'" in capsys.readouterr().err


def test_the_help_says_the_browser_prints(capsys: pytest.CaptureFixture) -> None:
    assert main(["handouts", "--help"]) == 0
    assert "Open them in a browser and print" in capsys.readouterr().out
