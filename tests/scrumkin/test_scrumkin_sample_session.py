"""The sample session next to the retrospective notebook is exactly what our code exports, and it
rebuilds the sample game."""

import csv
import io
import re
from pathlib import Path

import pytest

from devgames.export import session_from_events
from devgames.screens.debrief import debrief_questions
from devgames.scrumkin import CARDS
from devgames.scrumkin.sample import (
    ACTIONS,
    NOTES,
    sample_game,
    sample_notes,
    write_sample_session,
)

FOLDER = Path(__file__).resolve().parents[2] / "notebooks" / "sample-session"
FILES = ("events.csv", "rounds.csv", "retro.csv")


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("sample") / "sample-session"
    write_sample_session(folder)
    return folder


@pytest.mark.parametrize("name", FILES)
def test_the_committed_file_is_what_the_code_writes(written: Path, name: str) -> None:
    assert (FOLDER / name).read_bytes() == (written / name).read_bytes(), (
        "regenerate with: python -c 'from pathlib import Path; from devgames.scrumkin.sample "
        "import write_sample_session; write_sample_session(Path(\"notebooks/sample-session\"))'")


def test_writing_twice_gives_the_same_bytes(written: Path, tmp_path: Path) -> None:
    write_sample_session(tmp_path)
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(FILES)
    assert all((tmp_path / name).read_bytes() == (written / name).read_bytes() for name in FILES)


def test_the_events_rebuild_the_sample_game() -> None:
    game = session_from_events((FOLDER / "events.csv").read_bytes()).replay()
    expected = sample_game()
    assert game.is_over and game.snapshot() == expected.snapshot()
    assert game.players == ("Red", "Blue", "Green")


def test_the_retro_file_holds_every_question_and_the_example_notes() -> None:
    text = (FOLDER / "retro.csv").read_text(encoding="utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    questions = debrief_questions(sample_game())
    assert list(dict.fromkeys(row["prompt"] for row in rows)) == [*questions, "Now what? Actions"]
    actions = [(row["action"], row["owner"], row["due"]) for row in rows if row["type"] == "action"]
    assert actions == [(a["action"], a["owner"], a["due"]) for a in ACTIONS]  # type: ignore[index]
    notes = [(row["prompt"], row["content"]) for row in rows if row["type"] == "reflection"]
    expected = [(question, note if isinstance(note, str) else note["content"])
                for question, room in sample_notes(questions).items() for note in room]
    assert notes == expected and len(notes) == sum(map(len, NOTES.values())) >= 2


def named(text: str, names: list[str]) -> set[str]:
    """The names (teams, cards) that ``text`` mentions as whole words."""
    return {name for name in names
            if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)}


def test_each_note_speaks_of_the_teams_and_cards_of_its_question() -> None:
    """A note names only teams its question names, and cards its question names or that were
    in play in those teams' games: notes written for other questions are caught."""
    game = sample_game()
    cards = sorted({card.name for card in CARDS.values()})
    for question, room in sample_notes(debrief_questions(game)).items():
        teams = named(question, list(game.players))
        in_play = {name for row in game.rounds if row["team"] in teams
                   for name in named(row["cards_in_play"], cards)}
        for note in room:
            content = note if isinstance(note, str) else str(note["content"])
            assert named(content, list(game.players)) <= teams, (question, content)
            assert named(content, cards) <= named(question, cards) | in_play, (question, content)
