"""The sample session of the retrospective notebook: a seeded Scrumkin game of three bot teams,
exported as a facilitator downloads it, with a few notes from the room (it needs pandas: only
the tests and the regeneration command import it, never ``import devgames.scrumkin``).

``notebooks/sample-session/`` holds what :func:`write_sample_session` writes; a test checks that
the files there are exactly what this code makes.
"""

from pathlib import Path

from devgames import scrumkin
from devgames.core.bots import play_out
from devgames.export import export_session
from devgames.screens.debrief import debrief_questions

TEAMS = ("Red", "Blue", "Green")
SEED = 7
BOT = "heuristic"
#: Notes the room wrote, by a phrase of the debrief question they answer (found in only one).
NOTES: dict[str, list[str | dict[str, object]]] = {
    "Red's velocity fell": [
        {"content": "20% Innovation Time was still costing when Gantt chart and Venn Diagram "
                    "overuse landed on us", "group": "Impediments", "votes": 3},
        {"content": "We kept our best cards for later and they came too late",
         "group": "Planning", "votes": 1},
    ],
    "Red finished the backlog first": [
        "Red put 3 Amigos, 20% Innovation Time and Mandatory Staffing into its own game early, "
        "took the slow sprints, and they paid off before the others caught up",
    ],
}


#: What the room decided to do at work ("Now what?"), each with an owner and a due date.
ACTIONS: list[str | dict[str, object]] = [
    {"type": "action", "action": "Take on one slow-paying practice a sprint, and say so in the "
                                 "sprint review", "owner": "Blue's Scrum Master",
     "due": "2026-12-15"},
]


def sample_notes(questions: list[str]) -> dict[str, list[str | dict[str, object]]]:
    """Each debrief question with the room's notes (see :data:`NOTES`); a phrase of ``NOTES``
    found in no question, or in several, is refused (the questions changed: update the notes).

    >>> asked = ["Sprint 3: Red's velocity fell.", "Other?", "Red finished the backlog first."]
    >>> [len(room) for room in sample_notes(asked).values()]
    [2, 0, 1]
    >>> sample_notes(asked[1:])
    Traceback (most recent call last):
    ...
    ValueError: No debrief question of the sample game says "Red's velocity fell".
    """
    notes: dict[str, list[str | dict[str, object]]] = {question: [] for question in questions}
    for phrase, room in NOTES.items():
        answered = [question for question in questions if phrase in question]
        if len(answered) != 1:
            how = "No" if not answered else "More than one"
            raise ValueError(f'{how} debrief question of the sample game says "{phrase}".')
        notes[answered[0]] = room
    return notes


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
    notes = {**sample_notes(debrief_questions(game)), "Now what? Actions": ACTIONS}
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in export_session(game, notes).items():
        (folder / name).write_text(text, encoding="utf-8", newline="")
