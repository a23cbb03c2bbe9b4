"""What the room writes in the debrief, as it is kept with the session (``meta["debrief"]``).

Each note has an id of its own, never its question's wording: a question drawn from the data
("After sprint 5, ...") changes as the game goes on, and a note written to it must stay. Two
screens adding notes at once each add theirs; dots are counted in the store.

- ``notes``: id -> ``{"phase", "prompt", "content", "group", "votes", "created_at"}``;
- ``actions``: id -> ``{"action", "owner", "due", "created_at"}``;
- ``cards``: card name -> ``{"at_work": bool, "votes": int}`` (the room's "we have this at work");
- ``phase`` and ``step``: where the debrief is, so that every screen shows the same.

>>> meta = {"notes": {"What slowed us?": "Bugs\\n\\nFlu"}}
>>> [(note["prompt"], note["content"]) for note in notes_of(meta)]
[('What slowed us?', 'Bugs'), ('What slowed us?', 'Flu')]
"""

import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime
from typing import Any, NamedTuple

from devgames.i18n import N_, _


class Phase(NamedTuple):
    """A phase of the debrief: its key, its title, its time-box (minutes) and what it asks (in
    English: ``_(phase.title)`` shows it in the language in use)."""

    key: str
    title: str
    minutes: int
    ask: str


#: The debrief's phases, 30 minutes in all: the facts, their meaning, the change; then what the
#: cards hid and which of them the room meets at work.
PHASES: tuple[Phase, ...] = (
    Phase("what", N_("What?"), 6,
          N_("The facts. What happened? One note per fact, without judging it yet.")),
    Phase("so_what", N_("So what?"), 12,
          N_("The meaning. Why did it happen, and what does it say about how we work? "
             "1-2-4-All, then three dots each on the notes that matter most.")),
    Phase("now_what", N_("Now what?"), 7,
          N_("The change. What will we do differently at work? Each action gets an owner and "
             "a date.")),
    Phase("map", N_("Reveal & map"), 5,
          N_("What the cards hid, who dealt what to whom, and which cards we meet at work.")),
)
PHASE_KEYS = tuple(phase.key for phase in PHASES)

#: 1-2-4-All: who talks, and for how many minutes (12 in all, the "So what?" time-box); the
#: step is also its key, and who talks is in English (``_(who)`` shows it).
ONE_TWO_FOUR_ALL: tuple[tuple[str, str, int], ...] = (
    ("1", N_("alone, in silence"), 1),
    ("2", N_("in pairs"), 2),
    ("4", N_("in fours"), 4),
    ("All", N_("the whole room"), 5),
)
#: The step "All" of 1-2-4-All as a screen shows it (the other steps are numbers).
ALL_STEP = N_("All")



def phase_of(settings: Mapping[str, Any]) -> Phase:
    """The phase the facilitator leads, from the debrief's settings (the first until one is
    chosen).

    >>> phase_of({"phase": "so_what"}).title, phase_of({}).title, phase_of({"phase": "x"}).key
    ('So what?', 'What?', 'what')
    """
    key = settings.get("phase")
    return PHASES[PHASE_KEYS.index(key)] if key in PHASE_KEYS else PHASES[0]


def new_id() -> str:
    """A fresh id for a note or an action (unique across screens)."""
    return uuid.uuid4().hex[:12]


def now_text() -> str:
    """The time now, as ISO text in UTC (to the microsecond: notes keep the order they came in)."""
    return datetime.now(UTC).isoformat()


def debrief_of(meta: Mapping[str, Any]) -> dict[str, Any]:
    """The debrief's part of a session's ``meta`` (empty when nothing was written yet)."""
    found = meta.get("debrief")
    return found if isinstance(found, dict) else {}


def legacy_notes(meta: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Notes saved before notes had ids (``meta["notes"]``: question -> text, a note a line),
    as notes of the "What?" phase with ids made from their place, the same on every screen.

    >>> legacy_notes({"notes": {"Why?": "A\\nB"}})["legacy-0-1"]["content"]
    'B'
    """
    old = meta.get("notes")
    if not isinstance(old, dict):
        return {}
    found = {}
    for number, (prompt, text) in enumerate(old.items()):
        lines = [line.strip() for line in str(text).splitlines() if line.strip()]
        for place, line in enumerate(lines):
            found[f"legacy-{number}-{place}"] = {
                "phase": "what", "prompt": str(prompt), "content": line, "group": "",
                "votes": 0, "created_at": ""}
    return found


def notes_of(meta: Mapping[str, Any], phase: str | None = None) -> list[dict[str, Any]]:
    """The room's notes (of ``phase``, or all), oldest first, each with its ``id``."""
    saved = {**legacy_notes(meta), **debrief_of(meta).get("notes", {})}
    notes = [{"id": key, **value} for key, value in saved.items() if isinstance(value, dict)]
    notes = [note for note in notes if phase is None or note.get("phase") == phase]
    return sorted(notes, key=lambda note: (str(note.get("created_at", "")), note["id"]))


def ranked(notes: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Notes with the most dots first (oldest first among equals).

    >>> [n["content"] for n in ranked([{"content": "a", "votes": 1}, {"content": "b", "votes": 3}])]
    ['b', 'a']
    """
    return sorted(notes, key=lambda note: -int(note.get("votes") or 0))


def groups_of(notes: Sequence[dict[str, Any]]) -> list[tuple[str, int, int]]:
    """The groups the room gave its notes: name, notes, dots; the most dots first.

    >>> groups_of([{"group": "Bugs", "votes": 2}, {"group": "bugs ", "votes": 1}, {"group": ""}])
    [('Bugs', 2, 3)]
    """
    found: dict[str, list[Any]] = {}
    for note in notes:
        name = str(note.get("group") or "").strip()
        if name:
            entry = found.setdefault(name.casefold(), [name, 0, 0])
            entry[1] += 1
            entry[2] += int(note.get("votes") or 0)
    return sorted((tuple(entry) for entry in found.values()), key=lambda g: -g[2])


def actions_of(meta: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The room's actions, oldest first, each with its ``id``."""
    saved = debrief_of(meta).get("actions", {})
    actions = [{"id": key, **value} for key, value in saved.items() if isinstance(value, dict)]
    return sorted(actions, key=lambda action: (str(action.get("created_at", "")), action["id"]))


def cards_at_work(meta: Mapping[str, Any], phones: Mapping[str, int] | None = None
                  ) -> list[tuple[str, int]]:
    """The cards the room says it meets at work (tagged at the table, or on a phone), with
    their votes: the table's dots and the people who tagged it on their phone (``phones``);
    the most votes first.

    >>> cards_at_work({"debrief": {"cards": {"Flu": {"at_work": True, "votes": 2},
    ...                                      "Nope": {"at_work": False}}}})
    [('Flu', 2)]
    >>> cards_at_work({"debrief": {"cards": {"Flu": {"at_work": True, "votes": 2}}}},
    ...               {"Bug": 4, "Flu": 1})
    [('Bug', 4), ('Flu', 3)]
    """
    saved = debrief_of(meta).get("cards", {})
    found = {name: int(entry.get("votes") or 0) for name, entry in saved.items()
             if isinstance(entry, dict) and entry.get("at_work")}
    for name, count in (phones or {}).items():
        found[name] = found.get(name, 0) + count
    return sorted(found.items(), key=lambda item: -item[1])


def due_problem(due: Any) -> str | None:
    """Why ``due`` is no due date for an action, or None when it is one.

    >>> due_problem(date(2026, 12, 1)), due_problem(None)
    (None, 'An action needs a due date: by when will it be done?')
    """
    if isinstance(due, date):
        return None
    try:
        date.fromisoformat(str(due))
    except ValueError:
        return _("An action needs a due date: by when will it be done?")
    return None


#: The question under which the exports list the key moments that surprised people.
SURPRISES_PROMPT = "Key moments that surprised us"


def roti_average(roti: Sequence[int]) -> float:
    """The average rating of the room's ROTI (how many rated 1 to 5); 0 before any rating.

    >>> roti_average((0, 0, 1, 2, 1)), roti_average((0, 0, 0, 0, 0))
    (4.0, 0.0)
    """
    total = sum(roti)
    return sum(score * n for score, n in enumerate(roti, start=1)) / total if total else 0.0


def roti_summary(roti: Sequence[int]) -> str | None:
    """The room's ROTI in one line (how many rated 1 to 5), or None before any rating.

    >>> roti_summary((0, 0, 1, 2, 1))
    'Return on time invested: 4.0 of 5 from 4 ratings (5: 1, 4: 2, 3: 1, 2: 0, 1: 0)'
    >>> roti_summary((0, 0, 0, 0, 0)) is None
    True
    """
    total = sum(roti)
    if not total:
        return None
    counts = ", ".join(f"{score}: {roti[score - 1]}" for score in range(5, 0, -1))
    return (f"Return on time invested: {roti_average(roti):.1f} of 5 from {total} rating"
            f"{'s' * (total != 1)} ({counts})")


def retro_notes(meta: Mapping[str, Any], questions: Mapping[str, Sequence[str]],
                phones: Sequence[Mapping[str, Any]] = (), roti: Sequence[int] = (0,) * 5,
                tags: Mapping[str, int] | None = None,
                surprises: Sequence[tuple[str, int]] = ()) -> dict[str, list[dict[str, Any]]]:
    """The notes of ``retro.csv``: each question of each phase (``questions``: phase -> its
    questions) with the room's notes (typed at the table, and ``phones``: the revealed notes
    written on phones, their author a participant id or the name they signed with), then notes
    written to questions no longer asked, the actions (under "Now what?"), the cards the room
    meets at work (with the phones' ``tags``, see :func:`cards_at_work`), the key moments that
    surprised people on phones (``surprises``: title, how many) and the ROTI (``roti``: how
    many rated 1 to 5).

    >>> meta = {"debrief": {"notes": {"a": {"phase": "what", "prompt": "Q", "content": "x"}},
    ...         "actions": {"b": {"action": "Pair", "owner": "Ana", "due": "2026-12-01"}}}}
    >>> phone = {"phase": "what", "prompt": "Q", "content": "y", "author": "9f2c", "name": None,
    ...          "created_at": "2026-11-28T10:00"}
    >>> table = retro_notes(meta, {"what": ["Q", "R"]}, [phone], (0, 0, 1, 2, 0))
    >>> [len(notes) for notes in table.values()], list(table)[-1]
    ([2, 0, 1, 5], 'Return on time invested (ROTI)')
    >>> table["Q"][1]["author"], table["Return on time invested (ROTI)"][3]["votes"]
    ('9f2c', 2)
    """
    table: dict[str, list[dict[str, Any]]] = {}
    for phase in PHASE_KEYS:
        for question in questions.get(phase, ()):
            table.setdefault(question, [])
    for note in sorted([*notes_of(meta), *phones],
                       key=lambda n: (str(n.get("created_at", "")), str(n.get("id", "")))):
        table.setdefault(str(note.get("prompt") or "Notes"), []).append(
            {key: note.get(key) for key in ("content", "group", "votes", "created_at")}
            | {"author": note.get("name") or note.get("author") or ""})
    actions = actions_of(meta)
    if actions:
        table["Now what? Actions"] = [
            {"type": "action", **{key: action.get(key) for key in
                                  ("action", "owner", "due", "created_at")}}
            for action in actions]
    cards = cards_at_work(meta, tags)
    if cards:
        table["Cards we meet at work"] = [
            {"type": "card", "content": name, "votes": votes} for name, votes in cards]
    if surprises:
        table[SURPRISES_PROMPT] = [{"type": "moment", "content": title, "votes": count}
                                   for title, count in surprises]
    if any(roti):
        table["Return on time invested (ROTI)"] = [
            {"type": "roti", "content": f"{score} of 5", "votes": count}
            for score, count in enumerate(roti, start=1)]
    return table
