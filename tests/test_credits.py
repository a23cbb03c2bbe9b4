"""Every game the app plays is credited, and CREDITS.md, the licences and README agree with
``devgames/credits.py``."""

from pathlib import Path

import pytest

from devgames import BUILTIN_GAMES, GAMES
from devgames.credits import CODE_CREDIT, CREDITS, GAME_CREDITS, credit_for, credits_html

ROOT = Path(__file__).resolve().parents[1]
CREDITS_MD = (ROOT / "CREDITS.md").read_text(encoding="utf-8")


def flat(text: str) -> str:
    """Text with its line breaks and runs of spaces made single spaces (Markdown wraps lines)."""
    return " ".join(text.split())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_of_the_app_has_a_credit(game: str) -> None:
    credit = credit_for(game)
    assert credit.authors and credit.source and credit.licence and credit.allows
    assert len(GAME_CREDITS) == len(GAMES) == len({c.game for c in GAME_CREDITS})


#: The credits CREDITS.md gives: the built-in games' and our code's (a game from another
#: package credits itself in its spec).
DOCUMENTED = (*(credit_for(game) for game in BUILTIN_GAMES), CODE_CREDIT)


@pytest.mark.parametrize("credit", DOCUMENTED, ids=lambda credit: credit.game)
def test_credits_md_names_each_credits_game_authors_and_licence(credit) -> None:
    text = flat(CREDITS_MD)
    for fact in (credit.game, credit.authors, credit.licence):
        assert flat(fact) in text, f"CREDITS.md does not say {fact!r} ({credit.game})"


def test_the_licences_are_where_the_credits_say() -> None:
    mit = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert mit.startswith("MIT License") and "Copyright (c) 2026 the devgames developers" in mit
    assert CODE_CREDIT.licence == "MIT"
    scrumkin = credit_for("scrumkin")
    card_licence = (ROOT / "devgames" / "scrumkin" / "LICENSE.md").read_text(encoding="utf-8")
    assert scrumkin.licence in card_licence and scrumkin.authors in card_licence
    header = [line for line in (ROOT / "devgames" / "scrumkin" / "cards.csv").read_text(
        encoding="utf-8").splitlines() if line.startswith("#")]
    assert any(scrumkin.licence in line and scrumkin.authors in line for line in header)


def test_the_readme_links_the_credits_and_the_licence() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Licence and credits" in readme
    section = readme[readme.index("## Licence and credits"):]
    assert "(CREDITS.md)" in section and "(LICENSE)" in section


def test_the_about_box_escapes_every_text() -> None:
    html = credits_html()
    assert html.count("<li") == len(CREDITS)
    assert "&#x27;" in html  # the apostrophe of "their authors'" is escaped
    assert "<script" not in html and len(html) < 2500
