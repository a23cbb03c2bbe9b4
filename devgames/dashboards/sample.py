"""The sample session of the retrospective notebook: a seeded Scrumkin game of three bot teams,
exported as a facilitator downloads it, with a few notes from the room.

``notebooks/sample-session/`` holds what :func:`write_sample_session` writes; a test checks that
the files there are exactly what this code makes.
"""

from pathlib import Path

from devgames import scrumkin
from devgames.core.bots import play_out
from devgames.dashboards.debrief import debrief_questions
from devgames.export import export_session

TEAMS = ("Red", "Blue", "Green")
SEED = 7
BOT = "heuristic"
#: Notes the room wrote, by the number of the debrief question they answer.
NOTES: dict[int, list[str | dict[str, object]]] = {
    0: [
        {"content": "License issues and Regulatory changes hit us in the same sprint, and we had "
                    "nothing left to counter them", "group": "Impediments", "votes": 3},
        {"content": "We kept our best cards for later and they came too late",
         "group": "Planning", "votes": 1},
    ],
    3: ["Blue played its good cards into its own game early and kept them in play"],
}


def sample_game() -> scrumkin.ScrumkinGame:
    """The sample game, played out by bots (the same game every time).

    >>> sample_game().is_over
    True
    """
    game = scrumkin.new_game(list(TEAMS), seed=SEED)
    game.meta["seats"] = {"humans": [], "bot": BOT}
    play_out(game, {seat: scrumkin.BOTS[BOT](seat) for seat in range(len(TEAMS))})
    return game


def write_sample_session(folder: Path) -> None:
    """(Re)write ``events.csv``, ``rounds.csv`` and ``retro.csv`` of the sample game in
    ``folder`` (created if needed), byte for byte the same every time.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_sample_session(Path(folder))
    ...     sorted(path.name for path in Path(folder).iterdir())
    ['events.csv', 'retro.csv', 'rounds.csv']
    """
    game = sample_game()
    questions = debrief_questions(game)
    notes = {question: NOTES.get(number, []) for number, question in enumerate(questions)}
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in export_session(game, notes).items():
        (folder / name).write_text(text, encoding="utf-8", newline="")
