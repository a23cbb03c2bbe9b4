"""The debrief at the table, in the shape the guides teach: **What?** (the facts), **So what?**
(their meaning: 1-2-4-All, then dots on what matters), **Now what?** (actions with an owner and a
date), then **Reveal & map** (what the cards hid, who dealt what to whom, the cards the room meets
at work). Each phase starts its time-box on the room's timer.

Every note, dot, group, action and tag is saved with the session the moment it is made (see
:mod:`devgames.dashboards.debrief_notes`); every screen shows the same phase and the same notes.
"""

from collections.abc import Callable
from datetime import date
from functools import partial
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from devgames.dashboards.components import html, with_chips
from devgames.dashboards.debrief_notes import (
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
    note_problem,
    notes_of,
    now_text,
    ranked,
)

if TYPE_CHECKING:
    from devgames.dashboards.table import SessionTable


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

    def __init__(self, table: "SessionTable") -> None:
        super().__init__()
        self.add_class("dg-debrief")
        self.table = table
        self.moves = -1  # the log length the questions were drawn for
        self.questions: dict[str, list[str]] = {key: [] for key in PHASE_KEYS}
        self.inputs: dict[tuple[str, str], widgets.Text] = {}  # kept while the room types
        self.tabs = widgets.ToggleButtons(options=[(p.title, p.key) for p in PHASES])
        self.tabs.add_class("dg-debrief-tabs")
        self.tabs.observe(lambda change: self.show_phase(change["new"]), "value")
        self.time_box = widgets.Button(button_style="info")
        self.time_box.add_class("dg-time-box")
        self.time_box.on_click(lambda _button: self.start_time_box(self.phase.minutes))
        self.ask = widgets.HTML()
        self.ask.add_class("dg-debrief-ask")
        self.body = widgets.VBox()
        self.body.add_class("dg-debrief-body")
        self.message = widgets.HTML()
        self.message.add_class("dg-debrief-message")
        self.action_text = widgets.Text(placeholder="What will we do?",
                                        layout=widgets.Layout(width="auto", flex="3"))
        self.action_owner = widgets.Text(placeholder="Who owns it?",
                                         layout=widgets.Layout(width="auto", flex="1"))
        self.action_due = widgets.DatePicker(layout=widgets.Layout(width="auto"))
        for field, label in ((self.action_text, "Action"), (self.action_owner, "Owner"),
                             (self.action_due, "Due date")):
            field.add_class("dg-action-" + label.split()[0].lower())
            field.description = label
            field.style.description_width = "initial"
        add_action = widgets.Button(description="Add the action", button_style="primary")
        add_action.add_class("dg-add-action")
        add_action.on_click(lambda _button: self.add_action(
            self.action_text.value, self.action_owner.value, self.action_due.value))
        self.action_form = widgets.Box([self.action_text, self.action_owner, self.action_due,
                                        add_action])
        self.action_form.add_class("dg-action-form")
        self.children = [widgets.HTML("<h2>Debrief</h2>"), self.tabs,
                         widgets.HBox([self.time_box, self.ask]), self.message, self.body]

    # ----- where the debrief is -----------------------------------------------------------------
    @property
    def saved(self) -> dict[str, Any]:
        return debrief_of(self.table.game.meta)

    @property
    def phase(self) -> Any:
        return PHASES[PHASE_KEYS.index(self.tabs.value)]

    def load(self) -> None:
        """Draw the questions for the game as it is now, at the phase every screen is on."""
        from devgames.dashboards.debrief import debrief_phases

        game = self.table.game
        self.moves = len(game.log)
        self.questions = {key: list(debrief_phases(game).get(key, ())) for key in PHASE_KEYS}
        for key, note in legacy_notes(game.meta).items():  # kept under ids from now on
            self.table.save_setting(("debrief", "notes", key), note)
        if "notes" in game.meta:
            self.table.save_setting(("notes",), None)
        self.follow()

    def follow(self) -> None:
        """Show what is saved: the phase, the notes, the dots (another screen may have moved)."""
        wanted = self.saved.get("phase")
        if wanted in PHASE_KEYS and wanted != self.tabs.value:
            self.tabs.value = wanted  # draws it
        else:
            self.draw()

    def show_phase(self, key: str) -> None:
        """Go to a phase (the tabs), on every screen."""
        if self.saved.get("phase") != key:
            self.table.save_setting(("debrief", "phase"), key)
        self.message.value = ""
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
        if not self.say(note_problem(text)):
            return None
        key = new_id()
        self.table.save_setting(("debrief", "notes", key), {
            "phase": phase, "prompt": prompt, "content": text, "group": "", "votes": 0,
            "created_at": now_text()})
        self.draw()
        return key

    def remove_note(self, key: str) -> None:
        self.table.save_setting(("debrief", "notes", key), None)
        self.draw()

    def vote(self, key: str, delta: int) -> None:
        """Add (or take back) dots on a note; counted in the store, so no screen's dot is lost."""
        self.table.add_to_setting(("debrief", "notes", key, "votes"), delta)
        self.draw()

    def set_group(self, key: str, group: str) -> None:
        group = group.strip()
        if self.say(note_problem(group, "group") if group else None):
            self.table.save_setting(("debrief", "notes", key, "group"), group)
            self.draw()

    def add_action(self, text: str, owner: str, due: date | str | None) -> str | None:
        """Keep an action with its owner and due date; its id, or None when refused."""
        text, owner = text.strip(), owner.strip()
        problem = (note_problem(text, "action")
                   or (None if owner else "An action needs an owner: who will see it done?")
                   or note_problem(owner, "owner") or due_problem(due))
        if not self.say(problem):
            return None
        key = new_id()
        self.table.save_setting(("debrief", "actions", key), {
            "action": text, "owner": owner, "due": str(due), "created_at": now_text()})
        self.action_text.value = self.action_owner.value = ""
        self.action_due.value = None
        self.draw()
        return key

    def remove_action(self, key: str) -> None:
        self.table.save_setting(("debrief", "actions", key), None)
        self.draw()

    def tag_card(self, name: str, at_work: bool) -> None:
        """The room says it meets card ``name`` at work (or takes it back)."""
        self.table.save_setting(("debrief", "cards", name, "at_work"), at_work)
        self.draw()

    def vote_card(self, name: str, delta: int) -> None:
        self.table.add_to_setting(("debrief", "cards", name, "votes"), delta)
        self.draw()

    def set_step(self, step: str, minutes: int) -> None:
        """A step of 1-2-4-All: shown on every screen, its minutes on the room's timer."""
        self.table.save_setting(("debrief", "step"), step)
        self.start_time_box(minutes)
        self.draw()

    # ----- drawing ------------------------------------------------------------------------------
    def draw(self) -> None:
        phase = self.phase
        self.time_box.description = f"Start the {phase.minutes}-minute time-box"
        self.ask.value = f"<div class='dg-muted'>{html(phase.ask)}</div>"
        parts: list[widgets.Widget] = []
        if phase.key == "so_what":
            parts.append(self._steps())
        parts += self._questions(phase.key)
        if phase.key == "so_what":
            parts.append(self._voting())
        elif phase.key == "now_what":
            parts += self._actions()
        elif phase.key == "map":
            parts += self._map()
        self.body.children = parts

    def _colored(self, text: str) -> str:
        return with_chips(text, getattr(self.table, "colors", {}))

    def _input(self, phase: str, prompt: str) -> widgets.Text:
        """The box where the room's notes to ``prompt`` are typed (Enter keeps a note)."""
        box = self.inputs.get((phase, prompt))
        if box is None:
            box = widgets.Text(placeholder="A note, then Enter", continuous_update=False,
                               layout=widgets.Layout(width="min(40em, 95%)"))
            box.add_class("dg-note-input")

            def keep(change: dict, box: widgets.Text = box) -> None:
                if change["new"].strip() and self.add_note(phase, prompt, change["new"]):
                    box.value = ""

            box.observe(keep, "value")
            self.inputs[(phase, prompt)] = box
        return box

    def _questions(self, phase: str) -> list[widgets.Widget]:
        """Each question of the phase, the notes written to it, and a box for more."""
        notes = notes_of(self.table.game.meta, phase)
        asked = self.questions.get(phase, [])
        earlier = sorted({n["prompt"] for n in notes if n.get("prompt") not in asked})
        parts: list[widgets.Widget] = []
        for prompt in [*asked, *earlier]:
            mine = [note for note in notes if note.get("prompt") == prompt]
            items = "".join(f"<li>{html(note['content'])}</li>" for note in mine)
            parts.append(widgets.HTML(
                f"<div class='dg-question'>{self._colored(prompt)}</div>"
                + (f"<ul class='dg-notes'>{items}</ul>" if items else "")))
            parts.append(self._input(phase, prompt))
        return parts

    def _steps(self) -> widgets.Widget:
        current = self.saved.get("step")
        buttons = []
        for step, who, minutes in ONE_TWO_FOUR_ALL:
            button = widgets.Button(description=f"{step}: {who}, {minutes} min",
                                    button_style="primary" if step == current else "")
            button.add_class("dg-step")
            button.on_click(lambda _b, s=step, m=minutes: self.set_step(s, m))
            buttons.append(button)
        box = widgets.HBox(buttons)
        box.add_class("dg-steps")
        return box

    def _voting(self) -> widgets.Widget:
        """Every note of What? and So what?, the most dots first: dots, a group, a way out."""
        notes = ranked([n for n in notes_of(self.table.game.meta) if n.get("phase") != "map"])
        rows: list[widgets.Widget] = [widgets.HTML(
            "<h3>Dots: three each, on the notes that matter most</h3>")]
        groups = groups_of(notes)
        if groups:
            rows.append(widgets.HTML("<div class='dg-groups'>Groups: " + ", ".join(
                f"<b>{html(name)}</b> ({count} note{'s' * (count != 1)}, "
                f"{votes} dot{'s' * (votes != 1)})"
                for name, count, votes in groups) + "</div>"))
        for note in notes:
            rows.append(self._note_row(note))
        if not notes:
            rows.append(widgets.HTML("<div class='dg-muted'>No notes yet: write them above or "
                                     "in What?.</div>"))
        return widgets.VBox(rows)

    def _note_row(self, note: dict[str, Any]) -> widgets.Widget:
        key = note["id"]
        text = widgets.HTML(f"<span class='dg-note-text'>{html(note['content'])}</span> "
                            f"<span class='dg-dots'>{dots(int(note.get('votes') or 0))}</span>")
        group = widgets.Text(value=str(note.get("group") or ""), placeholder="group",
                             continuous_update=False, layout=widgets.Layout(width="9em"))
        group.add_class("dg-note-group")
        group.observe(lambda change: self.set_group(key, change["new"]), "value")
        more = _small("+ dot", lambda: self.vote(key, 1), "dg-vote")
        less = _small("− dot", lambda: self.vote(key, -1), "dg-unvote")
        gone = _small("Remove", lambda: self.remove_note(key), "dg-remove-note")
        row = widgets.HBox([more, less, group, text, gone])
        row.add_class("dg-note-row")
        return row

    def _actions(self) -> list[widgets.Widget]:
        top = ranked([n for n in notes_of(self.table.game.meta) if n.get("votes")])[:3]
        parts: list[widgets.Widget] = []
        if top:
            parts.append(widgets.HTML("<div class='dg-muted'>Most dots: " + "; ".join(
                f"{html(n['content'])} ({n['votes']})" for n in top) + "</div>"))
        parts.append(widgets.HTML("<h3>Actions</h3>"))
        for action in actions_of(self.table.game.meta):
            text = widgets.HTML(f"<b>{html(action.get('action', ''))}</b>: "
                                f"{html(action.get('owner', ''))}, by "
                                f"{html(action.get('due', ''))}")
            gone = _small("Remove", partial(self.remove_action, action["id"]),
                          "dg-remove-action")
            row = widgets.HBox([text, gone])
            row.add_class("dg-action-row")
            parts.append(row)
        parts.append(self.action_form)
        return parts

    def _map(self) -> list[widgets.Widget]:
        from devgames.retro import key_moments, matrix_table

        game = self.table.game
        parts: list[widgets.Widget] = [widgets.HTML("<h3>Key moments, with what was hidden</h3>")]
        moments = key_moments(game)
        parts.append(widgets.HTML("<ol class='dg-moments'>" + "".join(
            f"<li><b>{self._colored(m.title)}</b> {self._colored(m.public)}"
            f"<div class='dg-hidden-now'>Hidden then: {self._colored(m.hidden)}</div></li>"
            for m in moments) + "</ol>" if moments else "<div class='dg-muted'>No key moment "
            "yet.</div>"))
        matrix = matrix_table(game).to_html(classes="dg-table", border=0)  # escapes the names
        parts.append(widgets.HTML("<h3>Cards each team got: dealt by itself or by others</h3>"
                                  + matrix))
        parts.append(self._card_tags())
        return parts

    def _card_tags(self) -> widgets.Widget:
        """The cards played in this game: "we have this at work", and dots on those."""
        from devgames.retro import dealt_matrix

        saved = self.saved.get("cards", {})
        rows: list[widgets.Widget] = [widgets.HTML(
            "<h3>Which of these do we have at work?</h3>")]
        for name in dict.fromkeys(row.card for row in dealt_matrix(self.table.game)):
            entry = saved.get(name, {}) if isinstance(saved.get(name), dict) else {}
            tag = widgets.ToggleButton(value=bool(entry.get("at_work")),
                                       description="We have this at work", icon="check")
            tag.add_class("dg-card-tag")
            tag.observe(lambda change, n=name: self.tag_card(n, change["new"]), "value")
            parts: list[widgets.Widget] = [tag, widgets.HTML(
                f"<span class='dg-card-name'>{html(name)}</span> "
                f"<span class='dg-dots'>{dots(int(entry.get('votes') or 0))}</span>")]
            if entry.get("at_work"):
                parts.insert(1, _small("+ dot", partial(self.vote_card, name, 1), "dg-vote"))
            row = widgets.HBox(parts)
            row.add_class("dg-card-row")
            rows.append(row)
        if len(rows) > 1 and cards_at_work(self.table.game.meta):
            rows.append(widgets.HTML("<div class='dg-muted'>The cards tagged, with their dots, "
                                     "go into retro.csv and the retro board files below.</div>"))
        return widgets.VBox(rows)


def _small(label: str, act: Callable[[], None], name: str) -> widgets.Button:
    button = widgets.Button(description=label, layout=widgets.Layout(width="auto"))
    button.add_class(name)
    button.on_click(lambda _button: act())
    return button
