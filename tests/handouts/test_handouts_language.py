"""The handouts in the language in use: Russian headings and sentences from the catalogue, the
cards' printed names and their meanings in that language, the page's ``lang``; English as it
was, before and after a Russian handout."""

import pytest

from devgames import BUILTIN_GAMES as GAMES  # the games with handouts
from devgames.core.meanings import meanings
from devgames.handouts import HANDOUTS, handout_html
from devgames.handouts.content import game_text
from devgames.handouts.page import esc
from devgames.i18n import speaking

#: Words each Russian handout must show (its headings), by kind.
RUSSIAN_HEADINGS = {
    "rules": ("правила на одной странице", "Цель.", "Подготовка", "Конец игры"),
    "turn-aid": ("Памятка хода", "шаг за шагом", "Полезно знать", "Что делает"),
    "observer": ("Лист наблюдателя", "Поведение", "Моменты для разбора", "Наблюдатель"),
    "debrief": ("Холст разбора", "Что?", "И что?", "Что дальше?", "Ответственный", "Срок"),
    "glossary": ("Глоссарий карт", "по алфавиту внутри группы"),
}
#: The English words the same handouts show (the tests of test_handouts.py check the rest).
ENGLISH_HEADINGS = {
    "rules": ("the rules on one page", "<b>Goal.</b>", "<h2>Set-up</h2>", "<h2>The end</h2>"),
    "turn-aid": ("<h1>Turn aid</h1>", "step by step", "<h2>Good to know</h2>", "What it does"),
    "observer": ("<h1>Observer sheet</h1>", "<th>Behaviour</th>", "Moments to bring"),
    "debrief": ("<h1>Debrief canvas</h1>", "<b>1-2-4-All</b>", "Owner", "Due date"),
    "glossary": ("<h1>Card glossary</h1>", "A to Z within each group"),
}


@pytest.mark.parametrize("kind", list(HANDOUTS))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_handout_in_russian_says_its_language_and_keeps_the_card_names(game: str,
                                                                        kind: str) -> None:
    with speaking("ru"):
        html = handout_html(game, kind)
        lines = {name: meaning.line for name, meaning in meanings(game).items()}
    assert '<html lang="ru">' in html and 'lang="en"' not in html
    assert f"<title>{esc(game_text(game).title)}: " in html  # the game's name as printed
    if kind == "glossary":
        assert all(esc(line) in html for line in lines.values())  # the meanings of the language


@pytest.mark.parametrize("kind", list(HANDOUTS))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_handout_in_russian_is_written_in_russian(game: str, kind: str) -> None:
    with speaking("ru"):
        html = handout_html(game, kind)
        text = game_text(game)
    for words in RUSSIAN_HEADINGS[kind]:
        assert words in html, (game, kind, words)
    for words in ENGLISH_HEADINGS[kind]:
        assert words not in html, (game, kind, words)
    if kind in ("rules", "turn-aid"):
        assert html.count("<li><b>") >= len(text.steps)  # every step keeps its bold lead


def test_the_russian_rules_count_in_russian() -> None:
    with speaking("ru"):
        scrumkin = handout_html("scrumkin", "rules", backlog=3)
        collaborative = handout_html("scrumkin", "rules", rulebook="collaborative")
        itstartup = handout_html("itstartup", "rules", goal=32)
        exploding = handout_html("exploding", "rules", direction="counterclockwise")
    assert "(3 задачи)" in scrumkin and "Спринт" in scrumkin
    assert "за 10 спринтов" in collaborative
    assert "32 очка проекта" in itstartup
    assert "против часовой стрелки" in exploding


@pytest.mark.parametrize("kind", list(HANDOUTS))
def test_english_stays_as_it_was_around_a_russian_handout(kind: str) -> None:
    before = handout_html("scrumkin", kind)
    with speaking("ru"):
        handout_html("scrumkin", kind)
    assert handout_html("scrumkin", kind) == before
    with speaking("en"):
        assert handout_html("scrumkin", kind) == before
    assert '<html lang="en">' in before
    for words in ENGLISH_HEADINGS[kind]:
        assert words in before, (kind, words)
