"""The participants' debrief in the store: notes hidden until revealed, dots counted against the
session's limit in the store (even with two processes voting at once), the join code, names
shown only when signed, ROTI, and every refusal saving nothing. Real SQLite files and threads."""

import sqlite3
import threading
from pathlib import Path

import pytest

from devgames import scrumkin
from devgames.sessions import SCHEMA_VERSION, SessionStore
from devgames.sessions.participants import (
    MAX_PARTICIPANTS,
    NOTES_PER_MINUTE,
    DebriefRefused,
)

QUESTION = "What happened?"
HOSTILE = "=HYPERLINK(\"http://x\")<script>alert(1)</script>"


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path / "s.sqlite")


def session(store: SessionStore) -> int:
    return store.create(scrumkin.new_game(["Red", "Blue"], seed=1))


def to_step(store: SessionStore, number: int, step: str, phase: str = "what") -> None:
    """Lead ``phase`` to ``step`` as the projector does: past Think, its notes are revealed."""
    store.set_meta(number, ("debrief", "phone_steps", phase), step)
    if step != "think":
        store.reveal(number, phase)


def contents(notes: list[dict]) -> list[str]:
    return [note["content"] for note in notes]


def snapshot(store: SessionStore, number: int, people: list[str]) -> tuple:
    """Everything a refusal must leave as it was."""
    return (tuple(tuple(map(str, store.notes_for(number, p))) for p in [None, *people]),
            tuple(tuple(store.dots_of(number, p).items()) for p in people),
            store.roti(number), store.participants(number))


def test_a_note_is_seen_by_nobody_else_before_its_phase_is_revealed(store: SessionStore) -> None:
    number = session(store)
    (_, ana), (_, bo) = store.join(number), store.join(number, "Bo")
    store.add_note(number, ana, "what", QUESTION, "Bugs piled up")
    store.add_note(number, bo, "so_what", "Why?", "We never paired")
    assert contents(store.notes_for(number, ana)) == ["Bugs piled up"]
    assert store.notes_for(number, ana)[0]["mine"]
    assert contents(store.notes_for(number, bo)) == ["We never paired"]
    assert store.notes_for(number, None) == []  # the projector sees none
    assert (store.hidden_count(number, "what"), store.hidden_count(number, "so_what")) == (1, 1)
    assert store.reveal(number, "what") == 1
    assert contents(store.notes_for(number, None)) == ["Bugs piled up"]
    assert contents(store.notes_for(number, bo)) == ["Bugs piled up", "We never paired"]
    assert store.hidden_count(number, "what") == 0 and store.hidden_count(number, "so_what") == 1


def test_dots_are_limited_per_person_and_a_refusal_changes_nothing(store: SessionStore) -> None:
    number = session(store)
    (_, ana), (_, bo) = store.join(number), store.join(number)
    notes = [store.add_note(number, bo, "what", QUESTION, f"Fact {n}") for n in range(5)]
    hidden = store.add_note(number, bo, "so_what", "Why?", "Not yet revealed")
    to_step(store, number, "vote")
    assert [store.dot(number, ana, note) for note in notes[:3]] == [2, 1, 0]
    before = snapshot(store, number, [ana, bo])
    for note, code in ((notes[3], "no_dots"), (hidden, "no_note"), ("nope", "no_note")):
        with pytest.raises(DebriefRefused) as refused:
            store.dot(number, ana, note)
        assert refused.value.code == code
    with pytest.raises(DebriefRefused, match="used your 3 dots"):
        store.dot(number, ana, notes[3])
    with pytest.raises(DebriefRefused, match="no dot on this note"):
        store.dot(number, ana, notes[4], -1)
    assert snapshot(store, number, [ana, bo]) == before
    assert store.dot(number, ana, notes[0], -1) == 1  # taken back: one to give again
    assert store.dot(number, ana, notes[3]) == 0
    totals = {note["id"]: note["votes"] for note in store.notes_for(number, None)}
    assert [totals[note] for note in notes] == [0, 1, 1, 1, 0]


def test_the_facilitator_sets_the_dots_and_whether_they_stack(store: SessionStore) -> None:
    number = session(store)
    _, ana = store.join(number)
    note = store.add_note(number, ana, "what", QUESTION, "Flu")
    to_step(store, number, "vote")
    store.dot(number, ana, note)
    with pytest.raises(DebriefRefused, match="One dot a note"):
        store.dot(number, ana, note)
    store.set_meta(number, ("debrief", "stack"), True)
    store.set_meta(number, ("debrief", "dots"), 5)
    assert [store.dot(number, ana, note) for _ in range(4)] == [3, 2, 1, 0]
    assert store.dots_of(number, ana) == {note: 5}
    assert store.notes_for(number, None)[0]["votes"] == 5
    store.set_meta(number, ("debrief", "dots"), 1)  # fewer dots than already put: none left
    assert store.dot(number, ana, note, -1) == 0
    with pytest.raises(DebriefRefused, match="used your 1 dot:"):
        store.dot(number, ana, note)


def test_two_processes_voting_at_once_never_pass_the_limit(tmp_path: Path) -> None:
    """Two stores on one file (as the device server and the projector's kernel), four threads
    each trying every note: exactly the allowed dots are saved, each counted once."""
    path = tmp_path / "s.sqlite"
    first, second = SessionStore(path), SessionStore(path)
    number = session(first)
    _, ana = first.join(number)
    notes = [first.add_note(number, ana, "what", QUESTION, f"Fact {n}") for n in range(6)]
    to_step(first, number, "vote")
    saved: list[str] = []
    refused: list[str] = []

    def vote(store: SessionStore, order: list[str]) -> None:
        for note in order:
            try:
                store.dot(number, ana, note)
                saved.append(note)
            except DebriefRefused as error:
                refused.append(error.code)

    threads = [threading.Thread(target=vote, args=(store, order)) for store in (first, second)
               for order in (notes, notes[::-1])]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(saved) == 3 and len(set(saved)) == 3
    assert sum(second.dots_of(number, ana).values()) == 3
    assert sum(note["votes"] for note in first.notes_for(number, None)) == 3
    assert set(refused) <= {"no_dots", "one_each"} and len(refused) == 4 * 6 - 3


def test_the_join_code_is_renewed_or_closed_and_opens_only_its_session(
        store: SessionStore) -> None:
    number, other = session(store), session(store)
    code = store.open_debrief(number)
    assert store.debrief_session(code) == number and store.debrief_code(number) == code
    wrong = code[:-1] + ("Y" if code[-1] != "Y" else "Z")  # case is ignored: not "x" for "X"
    assert store.debrief_session(wrong) is None
    typed = f" {code[:4].lower()}-{code[4:]} "  # as a person types it from the projector
    assert len(code) == 8 and store.debrief_session(typed) == number
    renewed = store.open_debrief(number)
    assert store.debrief_session(code) is None and store.debrief_session(renewed) == number
    store.close_debrief(number)
    assert store.debrief_session(renewed) is None and store.debrief_code(number) is None
    secret, ana = store.join(number)
    assert store.participant(other, secret) is None  # a person of one session only
    note = store.add_note(number, ana, "what", QUESTION, "Flu")
    to_step(store, number, "vote")
    for act in (lambda: store.add_note(other, ana, "what", QUESTION, "x"),
                lambda: store.dot(other, ana, note), lambda: store.rate(other, ana, 5)):
        with pytest.raises(DebriefRefused, match="not in this debrief"):
            act()
    assert store.notes_for(other, None) == [] and store.roti(other) == (0, 0, 0, 0, 0)


def test_bad_notes_names_and_floods_are_refused_and_hostile_text_kept_as_text(
        store: SessionStore) -> None:
    number = session(store)
    _, ana = store.join(number)
    before = snapshot(store, number, [ana])
    for text, words in (("  ", "empty"), ("x" * 301, "301 characters"), ("a\x00b", "note")):
        with pytest.raises(DebriefRefused, match=words):
            store.add_note(number, ana, "what", QUESTION, text)
    with pytest.raises(DebriefRefused, match="name"):
        store.join(number, "y" * 41)
    assert snapshot(store, number, [ana]) == before
    store.add_note(number, ana, "what", QUESTION, HOSTILE)
    assert contents(store.notes_for(number, ana)) == [HOSTILE]  # escaped by the screens
    for n in range(NOTES_PER_MINUTE - 1):
        store.add_note(number, ana, "what", QUESTION, f"Note {n}")
    with pytest.raises(DebriefRefused, match="notes in a minute") as refused:
        store.add_note(number, ana, "what", QUESTION, "One too many")
    assert refused.value.code == "too_fast"
    assert len(store.notes_for(number, ana)) == NOTES_PER_MINUTE


def test_a_name_shows_only_on_a_signed_note_of_a_signed_session(store: SessionStore) -> None:
    number = session(store)
    (_, ana), (_, bo) = store.join(number, "Ana"), store.join(number)
    store.add_note(number, ana, "what", QUESTION, "Signed", signed=True)
    store.add_note(number, ana, "what", QUESTION, "Unsigned")
    store.add_note(number, bo, "what", QUESTION, "No name", signed=True)
    store.reveal(number, "what")
    assert [note["name"] for note in store.notes_for(number, None)] == [None, None, None]
    store.set_meta(number, ("debrief", "signed"), True)
    assert [note["name"] for note in store.notes_for(number, None)] == ["Ana", None, None]
    store.set_name(number, ana, None)
    assert [note["name"] for note in store.notes_for(number, None)] == [None, None, None]


def test_roti_is_one_rating_a_person_in_a_histogram(store: SessionStore) -> None:
    number = session(store)
    people = [store.join(number)[1] for _ in range(4)]
    for person, score in zip(people, (5, 4, 4, 1), strict=True):
        store.rate(number, person, score)
    store.rate(number, people[3], 3)  # changed their mind
    assert store.roti(number) == (0, 0, 1, 2, 1)
    for bad in (0, 6, 2.5, "5"):
        with pytest.raises(DebriefRefused, match="from 1"):
            store.rate(number, people[0], bad)  # type: ignore[arg-type]
    assert store.roti(number) == (0, 0, 1, 2, 1)


def test_thirty_people_write_and_vote_and_the_room_is_limited(store: SessionStore) -> None:
    number = session(store)
    people = [store.join(number)[1] for _ in range(30)]
    notes = [store.add_note(number, person, "what", QUESTION, f"From {n}")
             for n, person in enumerate(people)]
    to_step(store, number, "vote")
    for n, person in enumerate(people):
        for step in range(3):
            store.dot(number, person, notes[(n + step + 1) % 30])
    board = store.notes_for(number, None)
    assert len(board) == 30 and {note["votes"] for note in board} == {3}
    assert store.dots_put(number) == 90
    assert len({note["author"] for note in board}) == 30
    for _ in range(MAX_PARTICIPANTS - 30):
        store.join(number)
    with pytest.raises(DebriefRefused, match="already has 200 people"):
        store.join(number)


def test_deleting_a_session_takes_its_debrief_with_it(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    store = SessionStore(path)
    number = session(store)
    store.open_debrief(number)
    _, ana = store.join(number)
    note = store.add_note(number, ana, "what", QUESTION, "Flu")
    to_step(store, number, "vote")
    store.dot(number, ana, note)
    store.rate(number, ana, 4)
    store.tag_card(number, ana, "Flu", True)
    store.surprise(number, ana, 3, True)
    to_step(store, number, "group")
    store.suggest_group(number, ana, note, "Health")
    store.delete(number)
    with sqlite3.connect(path) as db:
        for table in ("debrief_codes", "participants", "debrief_notes", "debrief_dots",
                      "debrief_tags", "roti", "debrief_suggestions", "debrief_surprises"):
            assert db.execute(f"SELECT count(*) FROM {table}").fetchone() == (0,), table


def test_a_store_of_schema_four_gains_the_debrief_tables(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    number = session(SessionStore(path))
    with sqlite3.connect(path) as db:
        for table in ("audience_links", "debrief_surprises", "debrief_suggestions", "roti",
                      "debrief_tags", "debrief_dots", "debrief_notes", "participants",
                      "debrief_codes"):
            db.execute(f"DROP TABLE {table}")
        db.execute("PRAGMA user_version = 4")
    store = SessionStore(path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    _, ana = store.join(number)
    store.add_note(number, ana, "what", QUESTION, "Still here")
    assert contents(store.notes_for(number, ana)) == ["Still here"]
    assert list(store.resume(number).players) == ["Red", "Blue"]


def test_each_step_allows_its_own_changes_and_the_refusal_saves_nothing(
        store: SessionStore) -> None:
    """Think: notes; Group: suggestions; Vote: dots. A stale phone sending the change of
    another step is refused with the step the room is at, and nothing is saved."""
    number = session(store)
    (_, ana), (_, bo) = store.join(number), store.join(number)
    note = store.add_note(number, ana, "what", QUESTION, "Flu")
    to_step(store, number, "reveal")
    assert contents(store.notes_for(number, None)) == ["Flu"]  # past Think: revealed
    before = snapshot(store, number, [ana, bo]), store.suggestions(number)
    refusals = (
        (lambda: store.add_note(number, bo, "what", QUESTION, "Late"), "Notes are written in"
         " Think: the room is at Reveal now."),
        (lambda: store.dot(number, bo, note), "Dots are put in Vote"),
        (lambda: store.suggest_group(number, bo, note, "Health"), "Groups are suggested in"),
    )
    for act, words in refusals:
        with pytest.raises(DebriefRefused, match=words) as refused:
            act()
        assert refused.value.code == "step"
    assert (snapshot(store, number, [ana, bo]), store.suggestions(number)) == before
    store.add_note(number, bo, "so_what", "Why?", "Another phase is at Think")
    to_step(store, number, "group")
    store.suggest_group(number, bo, note, "Health")
    store.suggest_group(number, ana, note, "People")
    store.suggest_group(number, ana, note, "Health")  # changed their mind: one each
    assert store.suggestions(number) == {note: [("Health", 2)]}
    store.suggest_group(number, ana, note, "")  # taken back
    assert store.suggestions(number) == {note: [("Health", 1)]}
    with pytest.raises(DebriefRefused, match="group"):
        store.suggest_group(number, ana, note, "g" * 41)
    to_step(store, number, "vote")
    assert store.dot(number, bo, note) == 2
    to_step(store, number, "think")  # back to Think: more notes, no dots
    store.add_note(number, bo, "what", QUESTION, "One more")
    with pytest.raises(DebriefRefused, match="Dots are put in Vote"):
        store.dot(number, bo, note)
    assert store.hidden_count(number, "what") == 1


def test_key_moments_that_surprised_people_are_counted_once_each(store: SessionStore) -> None:
    number = session(store)
    people = [store.join(number)[1] for _ in range(3)]
    for person in people:
        store.surprise(number, person, 4, True)
        store.surprise(number, person, 4, True)  # twice is once
    store.surprise(number, people[0], 9, True)
    store.surprise(number, people[1], 4, False)
    assert store.surprises(number) == {4: 2, 9: 1}
    assert store.surprises_of(number, people[0]) == {4, 9}
    for bad in (-1, "4", 2.0):
        with pytest.raises(DebriefRefused, match="Which key moment"):
            store.surprise(number, people[0], bad, True)  # type: ignore[arg-type]
    assert store.surprises(number) == {4: 2, 9: 1}
