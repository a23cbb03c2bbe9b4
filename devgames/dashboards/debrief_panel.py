"""The debrief at the table, in the shape the guides teach: **What?** (the facts), **So what?**
(their meaning: 1-2-4-All, then dots on what matters), **Now what?** (actions with an owner and a
date), then **Reveal & map** (what the cards hid, who dealt what to whom, the cards the room meets
at work). Each phase starts its time-box on the room's timer.

A phase shows a page at a time, sized to be read whole at 1280x720 (a few questions, a few
notes to dot, one part of the map), with Back and Next under it; the dots never re-sort under the
pointer (only on "Sort by dots", or when the room comes back to the phase).

Every note, dot, group, action and tag is saved with the session the moment it is made (see
:mod:`devgames.dashboards.debrief_notes`); every screen shows the same phase, page and notes.
"""

import re
from collections.abc import Callable, Sequence
from datetime import date
from functools import partial
from math import ceil
from typing import Any, Protocol

import ipywidgets as widgets

from devgames.core.game import Game
from devgames.dashboards.components import with_chips
from devgames.dashboards.debrief_notes import (
    ALL_STEP,
    ONE_TWO_FOUR_ALL,
    PHASE_KEYS,
    PHASES,
    actions_of,
    cards_at_work,
    debrief_of,
    due_problem,
    groups_of,
    legacy_notes,
    new_id,
    notes_of,
    now_text,
    ranked,
)
from devgames.dashboards.debrief_phones import PhonesPanel
from devgames.i18n import N_, _, ngettext
from devgames.screens.cards import html
from devgames.sessions.participants import DebriefRefused, note_problem
from devgames.sessions.table import TableController


class Debriefed(Protocol):
    """What the debrief needs of its table: the session's controller (its notes and dots are
    the session's settings), and the room's time-box (set by the app). A table that has them
    also lends its teams' ``colors`` and its ``export`` panel (the debrief's last page)."""

    controller: TableController
    on_time_box: Callable[[int], None] | None


#: A page of the debrief: its title (for the pager) and what draws it.
Page = tuple[str, Callable[[], list[widgets.Widget]]]
#: Characters of 20 px text in a line across the debrief at 1280x720 (a little under, to be safe).
LINE_CHARS = 90
#: How many phones a key moment surprised, after the moment (room kept for it on every page,
#: so that the pages do not change as the phones answer); ``{n}`` is the count.
SURPRISED = N_("surprised {n} on phones")
#: Lines of 20 px text a page of the debrief shows at 1280x720, under the tabs and the pager.
PAGE_LINES = 13.0
#: A page's title by what it numbers (see :func:`numbered`): one item, several.
NUMBERED = {
    "Question": (N_("Question {first} of {total}"), N_("Questions {first}-{last} of {total}")),
    "Proposal": (N_("Proposal {first} of {total}"), N_("Proposals {first}-{last} of {total}")),
    "Action": (N_("Action {first} of {total}"), N_("Actions {first}-{last} of {total}")),
    "Key moment": (N_("Key moment {first} of {total}"),
                   N_("Key moments {first}-{last} of {total}")),
    "card": (N_("card {first} of {total}"), N_("cards {first}-{last} of {total}")),
    "note": (N_("note {first} of {total}"), N_("notes {first}-{last} of {total}")),
}
#: Why an empty text is refused, by what it is (the other refusals: ``note_problem``).
EMPTY = {"note": N_("The note is empty: type it first."),
         "action": N_("The action is empty: type it first.")}


def lines(text: str, width: int = LINE_CHARS) -> int:
    """The lines ``text`` takes on the screen, ``width`` characters a line (tags not counted).

    >>> lines("Who won?"), lines("x" * 91), lines("<b>Red</b> won")
    (1, 2, 1)
    """
    return max(1, ceil(len(re.sub(r"<[^>]*>", "", text)) / width))


def pages_of(weights: Sequence[float], budget: float = PAGE_LINES) -> list[list[int]]:
    """Items (their weights: the lines each takes) in pages of at most ``budget`` lines, in
    order; an item larger than a page has a page of its own.

    >>> pages_of([3, 3, 3, 9, 1], 7)
    [[0, 1], [2], [3], [4]]
    >>> pages_of([])
    []
    """
    pages: list[list[int]] = []
    used = 0.0
    for index, weight in enumerate(weights):
        if pages and used + weight <= budget:
            pages[-1].append(index)
            used += weight
        else:
            pages.append([index])
            used = weight
    return pages


def numbered(noun: str, group: Sequence[int], total: int, title: str = "") -> str:
    """A page's title, in the language in use: which of ``total`` items (numbered from 0 in
    ``group``; ``noun`` one of :data:`NUMBERED`) it shows; just ``title`` when given and the
    page shows them all.

    >>> numbered("Question", [0, 1], 5), numbered("Question", [2], 5)
    ('Questions 1-2 of 5', 'Question 3 of 5')
    >>> numbered("Action", [0, 1], 2, "Actions"), numbered("Action", [], 0, "Actions")
    ('Actions', 'Actions')
    """
    if title and len(group) == total:
        return title
    first, last = group[0] + 1, group[-1] + 1
    one, several = NUMBERED.get(noun) or (f"{noun} {{first}} of {{total}}",
                                          f"{noun}s {{first}}-{{last}} of {{total}}")
    words = one if first == last else several
    return (_(words) if noun in NUMBERED else words).format(first=first, last=last, total=total)


def problem_of(text: str, noun: str = "note") -> str | None:
    """Why ``text`` cannot be kept as a note (or an action, an owner, a group: ``noun``), in the
    language in use; None when it can.

    >>> problem_of(" "), problem_of("Pair on bugs", "action")
    ('The note is empty: type it first.', None)
    """
    if not text.strip() and noun in EMPTY:
        return _(EMPTY[noun])
    return note_problem(text, noun)


def dots(count: int) -> str:
    """A note's dots as the room sees them.

    >>> dots(3), dots(0)
    ('●●● 3', '')
    """
    return f"{'●' * min(count, 10)} {count}" if count else ""


class DebriefPanel(widgets.VBox):
    """The debrief of one table: a tab per phase, the notes, the dots, the actions, the map.

    >>> from devgames import scrumkin
    >>> from devgames.dashboards.table import SessionTable
    >>> from devgames.sessions import SessionStore
    >>> store = SessionStore(":memory:")
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=7)
    >>> table = SessionTable(game, store, store.create(game), 0)
    >>> table.open_debrief()
    >>> note = table.debrief.add_note("what", "What happened?", "Flu hit us in sprint 1")
    >>> table.debrief.vote(note, 2)
    >>> [(n["content"], n["votes"]) for n in notes_of(store.load(table.session_id).meta)]
    [('Flu hit us in sprint 1', 2)]
    """

    def __init__(self, table: Debriefed) -> None:
        super().__init__()
        self.add_class("dg-debrief")
        self.table = table
        self.moves = -1  # the log length the questions were drawn for
        self.questions: dict[str, list[str]] = {key: [] for key in PHASE_KEYS}
        self.inputs: dict[tuple[str, str], widgets.Text] = {}  # kept while the room types
        #: The notes to dot, in the order shown: kept while the room dots (a note never moves
        #: under the pointer); sorted by dots on "Sort by dots" or when the phase is shown again.
        self.dot_order: list[str] = []
        self.page = 0  # the page of the phase shown
        self.tabs = widgets.ToggleButtons(options=[(_(p.title), p.key) for p in PHASES])
        self.tabs.add_class("dg-debrief-tabs")
        self.tabs.observe(lambda change: self.show_phase(change["new"]), "value")
        self.time_box = widgets.Button(button_style="info")
        self.time_box.add_class("dg-time-box")
        self.time_box.on_click(lambda _button: self.start_time_box(self.phase.minutes))
        self.ask = widgets.HTML()
        self.ask.add_class("dg-debrief-ask")
        self.steps = widgets.Box()
        self.steps.add_class("dg-debrief-steps")
        self.body = widgets.VBox()
        self.body.add_class("dg-debrief-body")
        back, forth = _("Back"), _("Next")
        self.back = _small(f"‹ {back}", lambda: self.go_to_page(self.page - 1), "dg-page-back")
        self.next = _small(f"{forth} ›", lambda: self.go_to_page(self.page + 1), "dg-page-next")
        self.next.button_style = "primary"
        self.where = widgets.HTML()
        self.where.add_class("dg-page-where")
        self.pager = widgets.HBox([self.back, self.where, self.next])
        self.pager.add_class("dg-debrief-pager")
        self.message = widgets.HTML()
        self.message.add_class("dg-debrief-message")
        #: The phone note whose action is in the form (see take_up), if any.
        self.taking_up: str | None = None
        self.action_text = widgets.Text(placeholder=_("What will we do?"),
                                        layout=widgets.Layout(width="auto", flex="3"))
        self.action_owner = widgets.Text(placeholder=_("Who owns it?"),
                                         layout=widgets.Layout(width="auto", flex="1"))
        self.action_due = widgets.DatePicker(layout=widgets.Layout(width="auto"))
        for field, css, label in ((self.action_text, "action", _("Action")),
                                  (self.action_owner, "owner", _("Owner")),
                                  (self.action_due, "due", _("Due date"))):
            field.add_class("dg-action-" + css)
            field.description = label
            field.style.description_width = "initial"
        add_action = widgets.Button(description=_("Add the action"), button_style="primary")
        add_action.add_class("dg-add-action")
        add_action.on_click(lambda _button: self.add_action(
            self.action_text.value, self.action_owner.value, self.action_due.value))
        self.action_form = widgets.Box([self.action_text, self.action_owner, self.action_due,
                                        add_action])
        self.action_form.add_class("dg-action-form")
        #: Everyone's phones: the join code, what waits to be revealed, the ROTI (shown in
        #: the phase's place while "Phones" is down).
        self.phones = PhonesPanel(table.controller, lambda: self.phase)
        self.phones_toggle = widgets.ToggleButton(
            description=_("Phones"), icon="mobile",
            tooltip=_("Everyone writes, dots and rates from their own phone"))
        self.phones_toggle.add_class("dg-phones-toggle")
        self.phones_toggle.observe(lambda _change: self.draw(), "value")
        title = _("Debrief")
        head = widgets.HBox([widgets.HTML(f"<h2>{title}</h2>"), self.tabs, self.time_box,
                             self.phones_toggle])
        head.add_class("dg-debrief-head")
        self.children = [head, self.ask, self.message, self.steps, self.body, self.pager]

    # ----- where the debrief is -----------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game debriefed (the table's, as the store has it)."""
        return self.table.controller.game

    @property
    def saved(self) -> dict[str, Any]:
        return debrief_of(self.game.meta)

    @property
    def phase(self) -> Any:
        return PHASES[PHASE_KEYS.index(self.tabs.value)]

    def load(self) -> None:
        """Draw the questions for the game as it is now, at the phase every screen is on."""
        from devgames.screens.debrief import debrief_phases

        game = self.game
        self.moves = len(game.log)
        self.questions = {key: list(debrief_phases(game).get(key, ())) for key in PHASE_KEYS}
        for key, note in legacy_notes(game.meta).items():  # kept under ids from now on
            self.table.controller.save_setting(("debrief", "notes", key), note)
        if "notes" in game.meta:
            self.table.controller.save_setting(("notes",), None)
        self.follow()

    def follow(self) -> None:
        """Show what is saved: the phase, the notes, the dots (another screen may have moved)."""
        wanted = self.saved.get("phase")
        if wanted in PHASE_KEYS and wanted != self.tabs.value:
            self.tabs.value = wanted  # draws it
        else:
            self.draw()

    def show_phase(self, key: str) -> None:
        """Go to a phase (the tabs), at its first page, on every screen; the notes to dot are
        sorted by their dots again."""
        if self.saved.get("phase") != key:
            self.table.controller.save_setting(("debrief", "phase"), key)
            self.table.controller.save_setting(("debrief", "page"), 0)
        self.dot_order = []
        self.message.value = ""
        self.draw()

    def go_to_page(self, page: int) -> None:
        """Show another page of the phase (Back and Next), on every screen."""
        self.table.controller.save_setting(("debrief", "page"), max(page, 0))
        self.message.value = ""
        self.draw()

    def sort_dots(self) -> None:
        """Show the notes to dot with the most dots first ("Sort by dots")."""
        self.dot_order = []
        self.draw()

    def start_time_box(self, minutes: int) -> None:
        """Set the room's timer to ``minutes`` and start it."""
        if self.table.on_time_box is not None:
            self.table.on_time_box(minutes)

    def say(self, problem: str | None) -> bool:
        """Show why something was refused (nothing is saved then); True when all is well."""
        self.message.value = f"<div class='dg-error'>{html(problem)}</div>" if problem else ""
        return problem is None

    # ----- what the room does -------------------------------------------------------------------
    def add_note(self, phase: str, prompt: str, text: str) -> str | None:
        """Keep a note written to ``prompt``; its id, or None when refused (the reason shown)."""
        text = text.strip()
        if not self.say(problem_of(text)):
            return None
        key = new_id()
        self.table.controller.save_setting(("debrief", "notes", key), {
            "phase": phase, "prompt": prompt, "content": text, "group": "", "votes": 0,
            "created_at": now_text()})
        self.draw()
        return key

    def remove_note(self, key: str) -> None:
        self.table.controller.save_setting(("debrief", "notes", key), None)
        self.draw()

    def vote(self, key: str, delta: int) -> None:
        """Add (or take back) dots on a note; counted in the store, so no screen's dot is lost."""
        self.table.controller.add_to_setting(("debrief", "notes", key, "votes"), delta)
        self.draw()

    def set_group(self, key: str, group: str) -> None:
        group = group.strip()
        if self.say(note_problem(group, "group") if group else None):
            self.table.controller.save_setting(("debrief", "notes", key, "group"), group)
            self.draw()

    def add_action(self, text: str, owner: str, due: date | str | None) -> str | None:
        """Keep an action with its owner and due date; its id, or None when refused."""
        text, owner = text.strip(), owner.strip()
        problem = (problem_of(text, "action")
                   or (None if owner else _("An action needs an owner: who will see it done?"))
                   or note_problem(owner, "owner") or due_problem(due))
        if not self.say(problem):
            return None
        key = new_id()
        taken = {"from_note": self.taking_up} if self.taking_up else {}
        self.table.controller.save_setting(("debrief", "actions", key), {
            "action": text, "owner": owner, "due": str(due), "created_at": now_text(), **taken})
        self.taking_up = None
        self.action_text.value = self.action_owner.value = ""
        self.action_due.value = None
        self.draw()
        return key

    def remove_action(self, key: str) -> None:
        self.table.controller.save_setting(("debrief", "actions", key), None)
        self.draw()

    def tag_card(self, name: str, at_work: bool) -> None:
        """The room says it meets card ``name`` at work (or takes it back)."""
        self.table.controller.save_setting(("debrief", "cards", name, "at_work"), at_work)
        self.draw()

    def vote_card(self, name: str, delta: int) -> None:
        self.table.controller.add_to_setting(("debrief", "cards", name, "votes"), delta)
        self.draw()

    def set_step(self, step: str, minutes: int) -> None:
        """A step of 1-2-4-All: shown on every screen, its minutes on the room's timer."""
        self.table.controller.save_setting(("debrief", "step"), step)
        self.start_time_box(minutes)
        self.draw()

    # ----- drawing ------------------------------------------------------------------------------
    def draw(self) -> None:
        """Show the phase at its page (as saved), and Back and Next to the others."""
        phase = self.phase
        self.time_box.description = _("Start the {minutes}-minute time-box").format(
            minutes=phase.minutes)
        self.ask.value = f"<div class='dg-muted'>{html(_(phase.ask))}</div>"
        if self.phones_toggle.value:
            self.phones.follow()
            self.steps.children, self.body.children = [], [self.phones]
            self.pager.layout.display = "none"
            return
        self.steps.children = [self._steps()] if phase.key == "so_what" else []
        pages = self.pages(phase.key)
        self.page = min(max(int(self.saved.get("page") or 0), 0), len(pages) - 1)
        self.body.children = pages[self.page][1]()
        self._show_pager([title for title, _draw in pages])

    def pages(self, phase: str) -> list[Page]:
        """The pages of ``phase``: its questions a few at a time, then (So what?) the notes to
        dot, (Now what?) the actions, (Reveal & map) the key moments, the cards each team got,
        the cards at work and the files to export."""
        pages = self._question_pages(phase, PAGE_LINES - 2 if phase == "so_what" else PAGE_LINES)
        if phase == "so_what":
            pages += self._voting_pages()
        elif phase == "now_what":
            pages += self._action_pages()
        elif phase == "map":
            pages = self._map_pages()
        return pages or [("", list)]

    def _show_pager(self, titles: list[str]) -> None:
        page, last = self.page, len(titles) - 1
        self.pager.layout.display = "none" if last <= 0 else None
        self.back.disabled, self.next.disabled = page <= 0, page >= last
        where = (_("(page {page} of {pages}, next: {title})") if page < last
                 else _("(page {page} of {pages}, the last page)")).format(
            page=page + 1, pages=last + 1, title=html(titles[min(page + 1, last)]))
        self.where.value = (f"<span class='dg-page-title'>{html(titles[page])}</span> "
                            f"<span class='dg-muted'>{where}</span>")

    def _colored(self, text: str) -> str:
        return with_chips(text, getattr(self.table, "colors", {}))

    def _input(self, phase: str, prompt: str) -> widgets.Text:
        """The box where the room's notes to ``prompt`` are typed (Enter keeps a note)."""
        box = self.inputs.get((phase, prompt))
        if box is None:
            box = widgets.Text(placeholder=_("A note, then Enter"), continuous_update=False,
                               layout=widgets.Layout(width="min(40em, 95%)"))
            box.add_class("dg-note-input")

            def keep(change: dict, box: widgets.Text = box) -> None:
                if change["new"].strip() and self.add_note(phase, prompt, change["new"]):
                    box.value = ""

            box.observe(keep, "value")
            self.inputs[(phase, prompt)] = box
        return box

    def _question_pages(self, phase: str, budget: float) -> list[Page]:
        """Each question of the phase, the notes written to it and a box for more; a few
        questions a page (of ``budget`` lines)."""
        notes = self.notes(phase)
        asked = self.questions.get(phase, [])
        earlier = sorted({n["prompt"] for n in notes if n.get("prompt") not in asked})
        prompts = [*asked, *earlier]
        written = {prompt: [n for n in notes if n.get("prompt") == prompt] for prompt in prompts}
        weights = [lines(prompt) + 2 + sum(lines(n["content"], LINE_CHARS + 5)
                                           for n in written[prompt]) for prompt in prompts]
        return [(numbered("Question", group, len(prompts)),
                 partial(self._questions, phase, [prompts[i] for i in group], written))
                for group in pages_of(weights, budget)]

    def _questions(self, phase: str, prompts: list[str],
                   written: dict[str, list[dict[str, Any]]]) -> list[widgets.Widget]:
        parts: list[widgets.Widget] = []
        for prompt in prompts:
            items = "".join(f"<li>{html(note['content'])}</li>" for note in written[prompt])
            parts.append(widgets.HTML(
                f"<div class='dg-question'>{self._colored(prompt)}</div>"
                + (f"<ul class='dg-notes'>{items}</ul>" if items else "")))
            parts.append(self._input(phase, prompt))
        return parts

    def _steps(self) -> widgets.Widget:
        current = self.saved.get("step")
        buttons = []
        for step, who, minutes in ONE_TWO_FOUR_ALL:
            shown = _(ALL_STEP) if step == ALL_STEP else step
            button = widgets.Button(description=_("{step}: {who}, {minutes} min").format(
                                        step=shown, who=_(who), minutes=minutes),
                                    button_style="primary" if step == current else "")
            button.add_class("dg-step")
            button.on_click(lambda _b, s=step, m=minutes: self.set_step(s, m))
            buttons.append(button)
        box = widgets.HBox(buttons)
        box.add_class("dg-steps")
        return box

    def dot_notes(self) -> list[dict[str, Any]]:
        """The notes of What? and So what? to dot, in the order shown: as they were shown before
        (a dot moves no note), new notes last; the most dots first when the order is new."""
        notes = {n["id"]: n for n in self.notes() if n.get("phase") != "map"}
        if not self.dot_order:
            self.dot_order = [note["id"] for note in ranked(list(notes.values()))]
        order = [key for key in self.dot_order if key in notes]
        order += [key for key in notes if key not in order]
        self.dot_order = order
        return [notes[key] for key in order]

    def _voting_pages(self) -> list[Page]:
        """Every note of What? and So what?: dots, a group, a way out; a few notes a page."""
        notes = self.dot_notes()
        weights = [max(1.9, lines(note["content"], 60) + 0.3) for note in notes]
        groups = pages_of(weights, PAGE_LINES - 3.5) or [[]]
        return [(_("Dots: {notes}").format(notes=numbered("note", group, len(notes)))
                 if len(group) < len(notes) else _("Dots"),
                 partial(self._voting, [notes[i] for i in group])) for group in groups]

    def _voting(self, notes: list[dict[str, Any]]) -> list[widgets.Widget]:
        sort = _small(_("Sort by dots"), self.sort_dots, "dg-sort-dots")
        heading = _("Dots: three each, on the notes that matter most")
        rows: list[widgets.Widget] = [widgets.HBox([widgets.HTML(f"<h3>{heading}</h3>"), sort])]
        groups = groups_of(self.dot_notes())
        if groups:
            listed = ", ".join(_("{group} ({notes}, {dots})").format(
                group=f"<b>{html(name)}</b>",
                notes=ngettext("{n} note", "{n} notes", count).format(n=count),
                dots=ngettext("{n} dot", "{n} dots", votes).format(n=votes))
                for name, count, votes in groups)
            rows.append(widgets.HTML("<div class='dg-groups'>{}</div>".format(
                _("Groups: {groups}").format(groups=listed))))
        for note in notes:
            rows.append(self._note_row(note))
        if not notes:
            rows.append(widgets.HTML("<div class='dg-muted'>{}</div>".format(
                _("No notes yet: write them to the questions, here or in What?."))))
        return rows

    def notes(self, phase: str | None = None) -> list[dict[str, Any]]:
        """The room's notes (of ``phase``, or all): those written at the table, and those
        written on phones and revealed (never one still hidden, each with the groups the phones
        ``suggested``), oldest first."""
        store, session = self.table.controller.store, self.table.controller.session_id
        suggested = store.suggestions(session)
        phones = [note | {"suggested": suggested.get(note["id"], [])}
                  for note in store.notes_for(session, None)
                  if phase is None or note["phase"] == phase]
        table = notes_of(self.game.meta, phase)
        return sorted([*table, *phones], key=lambda n: (str(n.get("created_at", "")), n["id"]))

    def _note_row(self, note: dict[str, Any]) -> widgets.Widget:
        key = note["id"]
        if note.get("author"):  # written on a phone: its dots are the phones'
            return self._phone_note_row(note)
        text = widgets.HTML(f"<span class='dg-note-text'>{html(note['content'])}</span> "
                            f"<span class='dg-dots'>{dots(int(note.get('votes') or 0))}</span>")
        group = widgets.Text(value=str(note.get("group") or ""), placeholder=_("group"),
                             continuous_update=False, layout=widgets.Layout(width="9em"))
        group.add_class("dg-note-group")
        group.observe(lambda change: self.set_group(key, change["new"]), "value")
        more = _small(_("+ dot"), lambda: self.vote(key, 1), "dg-vote")
        less = _small(_("− dot"), lambda: self.vote(key, -1), "dg-unvote")
        gone = _small(_("Remove"), lambda: self.remove_note(key), "dg-remove-note")
        row = widgets.HBox([more, less, group, text, gone])
        row.add_class("dg-note-row")
        return row

    def _phone_note_row(self, note: dict[str, Any]) -> widgets.Widget:
        """A note written on a phone: its text, signature, dots (put from the phones) and its
        group, which the facilitator sets (the group most suggested on phones a click away)."""
        signed = f" <span class='dg-muted'>({html(note['name'])})</span>" if note["name"] else ""
        text = widgets.HTML(f"<span class='dg-note-text'>{html(note['content'])}</span>{signed}"
                            f" <span class='dg-dots'>{dots(int(note['votes']))}</span>")
        group = widgets.Text(value=note["group"], placeholder=_("group"), continuous_update=False,
                             layout=widgets.Layout(width="9em"))
        group.add_class("dg-note-group")
        group.observe(lambda change: self.set_phone_group(note["id"], change["new"]), "value")
        phone = _("phone")
        parts: list[widgets.Widget] = [widgets.HTML(f"<span class='dg-muted'>{phone}</span>"),
                                       group]
        suggested = note.get("suggested") or [(note["group"], 0)]
        name, n = suggested[0]  # the group most suggested, when it is not the note's group
        if name != note["group"]:
            parts.append(_small(_("Use “{group}” ({n})").format(group=name, n=n),
                                lambda: self.set_phone_group(note["id"], name), "dg-use-group"))
        row = widgets.HBox([*parts, text])
        row.add_class("dg-note-row")
        return row

    def set_phone_group(self, key: str, group: str) -> None:
        """Group a note written on a phone (saved with the phones' notes)."""
        try:
            self.table.controller.store.set_group(self.table.controller.session_id, key,
                                                  group.strip())
        except DebriefRefused as error:
            self.say(str(error))
            return
        self.draw()

    def proposals(self) -> list[dict[str, Any]]:
        """The actions proposed on phones (revealed notes of Now what?) not taken up yet, the
        most dots first."""
        taken = {action.get("from_note") for action in actions_of(self.game.meta)}
        return ranked([note for note in self.notes("now_what")
                       if note.get("author") and note["id"] not in taken])

    def _action_pages(self) -> list[Page]:
        """The actions proposed on phones, to take up; then the notes with the most dots, the
        actions and the form for one more; a few a page."""
        proposals = self.proposals()
        weights = [lines(note["content"], 70) + 0.9 for note in proposals]
        pages: list[Page] = [
            (numbered("Proposal", group, len(proposals), _("Proposed on phones")),
             partial(self._proposals, [proposals[i] for i in group]))
            for group in pages_of(weights, PAGE_LINES - 3)]
        actions = actions_of(self.game.meta)
        weights = [lines(f"{a.get('action', '')}: {a.get('owner', '')}, by 2026-12-31", 70)
                   + 0.6 for a in actions]
        groups = pages_of(weights, PAGE_LINES - 6) or [[]]
        return pages + [(numbered("Action", group, len(actions), _("Actions")),
                         partial(self._actions, [actions[i] for i in group]))
                        for group in groups]

    def _proposals(self, notes: list[dict[str, Any]]) -> list[widgets.Widget]:
        heading = _("Proposed on phones: take one up, then give it an owner and a date")
        parts: list[widgets.Widget] = [widgets.HTML(f"<h3>{heading}</h3>")]
        for note in notes:
            text = widgets.HTML(f"<span class='dg-note-text'>{html(note['content'])}</span> "
                                f"<span class='dg-dots'>{dots(int(note['votes']))}</span>")
            take = _small(_("Take it up"), partial(self.take_up, note), "dg-take-up")
            row = widgets.HBox([take, text])
            row.add_class("dg-action-row")
            parts.append(row)
        return parts

    def take_up(self, note: dict[str, Any]) -> None:
        """Put an action proposed on a phone in the form, to add with an owner and a date."""
        self.taking_up = note["id"]
        self.action_text.value = note["content"]
        pages = self.pages("now_what")
        self.go_to_page(next(i for i, (_title, draw) in enumerate(pages)
                             if getattr(draw, "func", None) == self._actions))

    def _actions(self, actions: list[dict[str, Any]]) -> list[widgets.Widget]:
        top = ranked([n for n in self.notes() if n.get("votes")])[:3]
        parts: list[widgets.Widget] = []
        if top:
            most = _("Most dots: {notes}").format(notes="; ".join(
                f"{html(n['content'])} ({n['votes']})" for n in top))
            parts.append(widgets.HTML(f"<div class='dg-muted dg-top-dots'>{most}</div>"))
        heading = _("Actions")
        parts.append(widgets.HTML(f"<h3>{heading}</h3>"))
        for action in actions:
            text = widgets.HTML(_("{action}: {owner}, by {due}").format(
                action=f"<b>{html(action.get('action', ''))}</b>",
                owner=html(action.get("owner", "")), due=html(action.get("due", ""))))
            gone = _small(_("Remove"), partial(self.remove_action, action["id"]),
                          "dg-remove-action")
            row = widgets.HBox([text, gone])
            row.add_class("dg-action-row")
            parts.append(row)
        parts.append(self.action_form)
        return parts

    def _map_pages(self) -> list[Page]:
        """Reveal & map: the key moments a few at a time, the cards each team got, the cards
        the room meets at work, and the files to take away."""
        from devgames.retro import cards_to_tag, key_moments

        game = self.game
        moments = key_moments(game)
        surprised = _(SURPRISED).format(n=99)
        weights = [lines(f"{m.title} {m.public} ({surprised})")
                   + lines(_("Hidden then: {what}").format(what=m.hidden), 80) + 0.3
                   for m in moments]
        pages: list[Page] = [
            (numbered("Key moment", group, len(moments)),
             partial(self._moments, [(i + 1, moments[i]) for i in group]))
            for group in pages_of(weights, PAGE_LINES - 1.5)] or [
            (_("Key moments"), partial(self._moments, []))]
        from devgames.screens.debrief import GAME_DEBRIEFS

        own = GAME_DEBRIEFS.get(game.name)
        if own is not None and own.reveal is not None:  # the game's own map (Release!)
            pages += [(title, partial(lambda text: [widgets.HTML(text)], text))
                      for title, text in own.reveal(game)]
        else:
            pages.append((_("Cards each team got"), self._matrix))
        cards = cards_to_tag(game)
        weights = [0.95 * lines(name, 25) for name in cards]  # two cards a line
        pages += [((_("At work? {cards}").format(cards=numbered("card", group, len(cards)))
                    if len(group) < len(cards) else _("Cards at work")),
                   partial(self._card_tags, [cards[i] for i in group]))
                  for group in pages_of(weights, PAGE_LINES - 1) or [[]]]
        export = getattr(self.table, "export", None)
        if export is not None:
            pages.append((_("Export"), lambda: [export]))
        return pages

    def _moments(self, moments: list[tuple[int, Any]]) -> list[widgets.Widget]:
        heading = _("Key moments, with what was hidden")
        if not moments:
            none = _("No key moment yet.")
            return [widgets.HTML(f"<h3>{heading}</h3><div class='dg-muted'>{none}</div>")]
        surprised = self.table.controller.store.surprises(self.table.controller.session_id)
        items = []
        for _number, m in moments:
            count = surprised.get(m.move)
            how_many = _(SURPRISED).format(n=count) if count else ""
            hidden = _("Hidden then: {what}").format(what=self._colored(m.hidden))
            items.append(f"<li><b>{self._colored(m.title)}</b> {self._colored(m.public)}"
                         + (f" <span class='dg-surprised'>({how_many})</span>" if count else "")
                         + f"<div class='dg-hidden-now'>{hidden}</div></li>")
        return [widgets.HTML(f"<h3>{heading}</h3>"
                             f"<ol class='dg-moments' start='{moments[0][0]}'>"
                             + "".join(items) + "</ol>")]

    def _matrix(self) -> list[widgets.Widget]:
        from devgames.retro.dealt import matrix_shown

        matrix = matrix_shown(self.game).to_html(classes="dg-table", border=0)  # escaped
        heading = _("Cards each team got: dealt by itself or by others")
        return [widgets.HTML(f"<h3>{heading}</h3>" + matrix)]

    def _card_tags(self, names: list[str]) -> list[widgets.Widget]:
        """The cards played in this game: "we have this at work", and dots on those."""
        saved = self.saved.get("cards", {})
        phones = self.table.controller.store.tag_counts(self.table.controller.session_id)
        heading = _("Which of these cards do we have at work?")
        rows: list[widgets.Widget] = [widgets.HTML(f"<h3>{heading}</h3>")]
        tags: list[widgets.Widget] = []
        for name in names:
            entry = saved.get(name, {}) if isinstance(saved.get(name), dict) else {}
            tag = widgets.ToggleButton(value=bool(entry.get("at_work")),
                                       description=_("We have this at work"), icon="check")
            tag.add_class("dg-card-tag")
            tag.observe(lambda change, n=name: self.tag_card(n, change["new"]), "value")
            on_phones = _("({n} on phones)").format(n=phones.get(name))
            said = (f" <span class='dg-muted dg-card-phones'>{on_phones}</span>"
                    if phones.get(name) else "")
            parts: list[widgets.Widget] = [tag, widgets.HTML(
                f"<span class='dg-card-name'>{html(name)}</span>{said} "
                f"<span class='dg-dots'>{dots(int(entry.get('votes') or 0))}</span>")]
            if entry.get("at_work"):
                parts.insert(1, _small(_("+ dot"), partial(self.vote_card, name, 1), "dg-vote"))
            row = widgets.HBox(parts)
            row.add_class("dg-card-row")
            tags.append(row)
        grid = widgets.Box(tags)
        grid.add_class("dg-card-grid")
        rows.append(grid)
        if not names:
            rows.append(widgets.HTML("<div class='dg-muted'>{}</div>".format(
                _("No card was played yet."))))
        elif cards_at_work(self.game.meta):
            rows.append(widgets.HTML("<div class='dg-muted'>{}</div>".format(_(
                "The cards tagged, with their dots, go into retro.csv and the retro board files "
                "(Export, the last page)."))))
        return rows


def _small(label: str, act: Callable[[], None], name: str) -> widgets.Button:
    button = widgets.Button(description=label, layout=widgets.Layout(width="auto"))
    button.add_class(name)
    button.on_click(lambda _button: act())
    return button
