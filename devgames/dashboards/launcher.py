"""The launcher: start a new session of a game, or find a saved one (search, pages) to resume,
rename or delete (after a confirmation that names it).

Titles and names are shown as typed: as button labels (plain text) or escaped in HTML.
"""

from collections.abc import Callable, Sequence

import ipywidgets as widgets

from devgames import GAMES, SpecTable
from devgames.core.wording import game_title, seat_count
from devgames.dashboards.components import Notice
from devgames.i18n import _, format_when, ngettext
from devgames.screens.cards import html
from devgames.sessions.store import SessionStore, SessionSummary, check_title

#: One line about each game on the launcher, from its spec; the kit's own games' lines are in
#: its catalogue, another package's game brings its own words.
BLURBS: SpecTable[tuple[str, bool]] = SpecTable(
    lambda spec: (spec.blurb, spec.module.split(".")[0] == "devgames"))
#: Saved sessions listed on one page of the launcher: as many as 1280x720 shows below the games
#: with long team names (a line of the list on two lines), and a notice or a rename box open.
PAGE_SIZE = 3


def blurb_html(game: str) -> str:
    """The line about ``game`` under its button, in the language in use.

    >>> from devgames.i18n import speaking
    >>> with speaking("ru"):
    ...     print(blurb_html("scrumkin")[:61])
    <span class='dg-muted'>2–8 команд наперегонки сжигают бэклоги
    """
    blurb, ours = BLURBS.get(game, ("", True))
    if ours:
        return f"<span class='dg-muted'>{html(_(blurb))}</span>"
    return f"<span class='dg-muted game-text'>{html(blurb)}</span>"


def session_line(row: SessionSummary) -> str:
    """A saved session as the launcher lists it.

    >>> from datetime import datetime
    >>> when = datetime(2026, 11, 22, 9, 30)
    >>> row = SessionSummary(3, "scrumkin", "1", "Team day", ("Red", "Blue"), when, when, 45,
    ...                      True, ("Blue",))
    >>> print(session_line(row))
    #3 Team day: Scrumkin, Red, Blue; 45 moves, Nov 22, 2026, 09:30; Blue won
    >>> from devgames.i18n import speaking
    >>> with speaking("ru"):  # Russian puts a narrow no-break space before "г."
    ...     print(session_line(row).replace("\\u202f", " "))
    #3 Team day: Scrumkin, Red, Blue; 45 ходов, 22 нояб. 2026 г., 09:30; победа: Blue
    """
    title = f" {row.title}:" if row.title else ""
    if not row.is_over:
        state = _("in progress")
    elif row.winners:
        state = _("{names} won").format(names=", ".join(row.winners))
    else:
        state = _("over")
    moves = ngettext("{n} move", "{n} moves", row.actions).format(n=row.actions)
    return (f"#{row.id}{title} {game_title(row.game)}, {', '.join(row.players)}; "
            f"{moves}, {format_when(row.updated_at)}; {state}")


def session_name(row: SessionSummary) -> str:
    """A session as a sentence names it: its number, and its title if it has one.

    >>> from dataclasses import replace
    >>> from datetime import datetime
    >>> when = datetime(2026, 11, 22, 9, 30)
    >>> row = SessionSummary(3, "scrumkin", "1", "Team day", ("Red",), when, when, 0, False, ())
    >>> session_name(row), session_name(replace(row, title=None))
    ('session #3 “Team day”', 'session #3')
    """
    if row.title:
        return _("session #{number} “{title}”").format(number=row.id, title=row.title)
    return _("session #{number}").format(number=row.id)


def matches(row: SessionSummary, query: str) -> bool:
    """Whether a saved session answers a search: every word of ``query`` is found in its title,
    team or player names, or game; a number also finds the session of that number (``#12``
    finds only session 12).

    >>> from datetime import datetime
    >>> when = datetime(2026, 11, 22, 9, 30)
    >>> row = SessionSummary(12, "itstartup", "1", "Friday", ("Ada", "Bob"), when, when, 3,
    ...                      False, ())
    >>> [matches(row, q) for q in ("", "ada friday", "IT startup", "#12", "12", "#1", "Cy")]
    [True, True, True, True, True, False, False]
    """
    text = " ".join([row.title or "", *row.players, game_title(row.game), row.game]).casefold()
    for word in query.casefold().split():
        number = word.removeprefix("#")
        if not ((number.isdigit() and int(number) == row.id) or word in text):
            return False
    return True


class Launcher(widgets.VBox):
    """New-session buttons and the saved sessions, ``page_size`` at a time, newest first.

    ``new_buttons`` are the buttons that start a new session of each game (in the order of
    ``GAMES``); ``on_resume(session_id)`` opens a saved session.

    >>> from devgames import scrumkin
    >>> store = SessionStore(":memory:")
    >>> for n in range(12):
    ...     _ = store.create(scrumkin.new_game(["Red", f"Blue {n}"], seed=n), title=f"Day {n}")
    >>> launcher = Launcher(store, [], on_resume=print, page_size=10)
    >>> len(launcher.shown), launcher.count.value
    (10, 'Sessions 1 to 10 of 12 (newest first)')
    >>> launcher.search.value = "#5"
    >>> [row.title for row in launcher.shown]
    ['Day 4']
    >>> launcher.resume_buttons[0].click()
    5
    """

    def __init__(self, store: SessionStore, new_buttons: Sequence[widgets.Button],
                 on_resume: Callable[[int], None], page_size: int = PAGE_SIZE,
                 on_plan: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.add_class("dg-launcher")
        self.store = store
        self.on_resume = on_resume
        self.page_size = page_size
        self.page = 0
        self.shown: list[SessionSummary] = []
        self.resume_buttons: list[widgets.Button] = []
        #: The session being renamed or confirmed for deletion, and which: ("rename", 3).
        self.editing: tuple[str, int] | None = None
        games = widgets.Box([widgets.VBox([button, widgets.HTML(blurb_html(n))])
                             for n, button in zip(GAMES, new_buttons, strict=False)])
        games.add_class("dg-launcher-games")
        self.search = widgets.Text(placeholder=_("Search: title, team, game, number"))
        self.search.add_class("dg-search")
        self.search.observe(lambda _change: self.go_to(0), "value")
        self.count = widgets.HTML()
        self.count.add_class("dg-count")
        self.sessions = widgets.VBox()
        self.sessions.add_class("dg-sessions")
        self.newer = widgets.Button(description=_("Newer"), icon="arrow-left")
        self.newer.add_class("dg-newer")
        self.newer.on_click(lambda _button: self.go_to(self.page - 1))
        self.older = widgets.Button(description=_("Older"), icon="arrow-right")
        self.older.add_class("dg-older")
        self.older.on_click(lambda _button: self.go_to(self.page + 1))
        self.pager = widgets.HBox([self.newer, self.older, self.count])
        self.pager.add_class("dg-launcher-pages")
        #: "Resume a session", the search and the pages on one line, above the sessions.
        self.find = widgets.HBox([widgets.HTML("<h2>" + html(_("Resume a session")) + "</h2>"),
                                  self.search,
                                  self.pager])
        self.find.add_class("dg-launcher-find")
        self.notice = Notice()
        self.saved = widgets.VBox()
        #: "Plan a workshop": the planner page (rounds and minutes a game takes), if offered.
        self.plan_button = widgets.Button(
            description=_("Plan a workshop: how long will it take?"),
                                          icon="clock-o", layout=widgets.Layout(width="auto"))
        self.plan_button.add_class("dg-open-planner")
        if on_plan is not None:
            self.plan_button.on_click(lambda _button: on_plan())
        heading = widgets.HTML("<h2>" + html(_("Start a session")) + "</h2>")
        heading.add_class("dg-launcher-heading")
        self.children = [
            heading, games,
            *([self.plan_button] if on_plan is not None else []),
            self.notice, self.saved,
        ]
        self.refresh()

    # ----- the list -----------------------------------------------------------------------------
    def found(self) -> list[SessionSummary]:
        """The saved sessions the search finds, newest first."""
        return [row for row in self.store.list() if matches(row, self.search.value)]

    def go_to(self, page: int) -> None:
        """Show page ``page`` (0 is the newest) of what the search finds."""
        self.page = page
        self.editing = None
        self.refresh()

    def follow_store(self) -> None:
        """Draw the list again if the store changed since it was drawn (a session made, played,
        renamed or deleted from another screen; or a page served from a kernel that drew this
        launcher in advance), unless a session is being renamed or deleted here."""
        if self.editing is None and self._listed != self._listing():
            self.refresh()

    def _listing(self) -> tuple[tuple[object, ...], ...]:
        return tuple((row.id, row.title, row.actions, row.updated_at)
                     for row in self.store.list())

    def refresh(self) -> None:
        """Read the store again and draw the page shown."""
        self._listed = self._listing()
        rows = self.found()
        pages = max(1, -(-len(rows) // self.page_size))
        self.page = min(max(self.page, 0), pages - 1)
        first = self.page * self.page_size
        self.shown = rows[first:first + self.page_size]
        if not self.shown:
            query = self.search.value.strip()
            self.count.value = ("<span class='dg-muted'>" + html(_(
                "No saved session matches “{query}”.").format(query=query)) + "</span>"
                if query else "")
        else:
            self.count.value = html(_("Sessions {first} to {last} of {count} (newest first)")
                                    .format(first=first + 1, last=first + len(self.shown),
                                            count=len(rows)))
        self.newer.disabled = self.page == 0
        self.older.disabled = self.page >= pages - 1
        self.resume_buttons = []
        self.sessions.children = [self._row(row) for row in self.shown]
        if not rows and not self.search.value.strip():
            self.saved.children = [widgets.HTML(
                "<p class='dg-muted'>" + html(_("No saved sessions yet.")) + "</p>")]
        else:
            self.saved.children = [self.find, self.sessions]

    def _row(self, row: SessionSummary) -> widgets.Widget:
        resume = widgets.Button(description=session_line(row), tooltip=_("Resume this session"),
                                layout=widgets.Layout(width="auto", max_width="100%"))
        resume.add_class("dg-resume")
        resume.on_click(lambda _button, i=row.id: self.on_resume(i))
        self.resume_buttons.append(resume)
        rename = widgets.Button(description=_("Rename"),
                                tooltip=_("Rename {session}").format(session=session_name(row)))
        rename.add_class("dg-rename")
        rename.on_click(lambda _button, i=row.id: self._edit("rename", i))
        delete = widgets.Button(description=_("Delete"),
                                tooltip=_("Delete {session}").format(session=session_name(row)))
        delete.add_class("dg-delete")
        delete.on_click(lambda _button, i=row.id: self._edit("delete", i))
        line = widgets.HBox([resume, rename, delete], layout=widgets.Layout(align_items="center"))
        line.add_class("dg-session")
        if self.editing == ("rename", row.id):
            return widgets.VBox([line, self._rename_box(row)])
        if self.editing == ("delete", row.id):  # in the row's place, to keep the page's height
            return self._delete_box(row)
        return line

    def _edit(self, kind: str, session_id: int) -> None:
        self.editing = (kind, session_id)
        self.notice.clear()
        self.refresh()

    def cancel(self) -> None:
        """Close the rename box or the confirmation; nothing changes."""
        self.editing = None
        self.refresh()

    # ----- rename -------------------------------------------------------------------------------
    def _rename_box(self, row: SessionSummary) -> widgets.Widget:
        self.new_title = widgets.Text(value=row.title or "", placeholder=_("no title"),
                                      description=_("New title of #{number}").format(
                                          number=row.id),
                                      style={"description_width": "initial"},
                                      layout=widgets.Layout(width="min(40em, 95%)"))
        self.new_title.add_class("dg-rename-title")
        self.new_title.observe(lambda _change: self.new_title.remove_class("dg-invalid"),
                               "value")
        save = widgets.Button(description=_("Save the title"), button_style="primary")
        save.add_class("dg-rename-save")
        save.on_click(lambda _button: self.rename(row.id, self.new_title.value))
        cancel = widgets.Button(description=_("Cancel"))
        cancel.add_class("dg-rename-cancel")
        cancel.on_click(lambda _button: self.cancel())
        box = widgets.HBox([self.new_title, save, cancel], layout=widgets.Layout(
            flex_flow="row wrap", align_items="center"))
        box.add_class("dg-panel")
        return box

    def rename(self, session_id: int, title: str) -> bool:
        """Give a session a new title (blank: no title); False, with the reason shown and the
        title typed kept in its box, when the title cannot be used."""
        try:
            checked = check_title(title.strip() or None)
            self.store.rename(session_id, checked)
        except ValueError as error:
            self.notice.error(str(error))
            if self.editing == ("rename", session_id):
                self.new_title.add_class("dg-invalid")
            return False
        except KeyError as error:
            self.notice.error(str(error).strip("'\""))
            self.cancel()
            return False
        self.editing = None
        self.notice.info(
            _("Session #{number} is now called “{title}”.").format(number=session_id,
                                                                   title=checked)
            if checked else _("Session #{number} has no title now.").format(number=session_id))
        self.refresh()
        return True

    # ----- delete -------------------------------------------------------------------------------
    def _delete_box(self, row: SessionSummary) -> widgets.Widget:
        moves = ngettext("{n} move", "{n} moves", row.actions).format(n=row.actions)
        question = widgets.HTML(
            "<b>" + html(_("Delete {session} for good?").format(session=session_name(row)))
            + "</b> " + html(_("{game}, {seats}, {moves}: its moves and notes cannot be brought "
                               "back.").format(game=game_title(row.game),
                                               seats=seat_count(row.game, len(row.players)),
                                               moves=moves)))
        question.add_class("dg-delete-question")
        confirm = widgets.Button(description=_("Delete #{number} for good").format(number=row.id),
                                 button_style="danger")
        confirm.add_class("dg-delete-confirm")
        confirm.on_click(lambda _button: self.delete(row.id))
        keep = widgets.Button(description=_("Keep it"))
        keep.add_class("dg-delete-cancel")
        keep.on_click(lambda _button: self.cancel())
        box = widgets.HBox([question, confirm, keep])
        box.add_class("dg-panel")
        box.add_class("dg-confirm")
        return box

    def delete(self, session_id: int) -> bool:
        """Delete a session for good, once its confirmation is on screen (False otherwise: a
        deletion is never one click)."""
        if self.editing != ("delete", session_id):
            return False
        name = next((session_name(row) for row in self.shown if row.id == session_id),
                    _("session #{number}").format(number=session_id))
        self.editing = None
        try:
            self.store.delete(session_id)
        except KeyError as error:
            self.notice.error(str(error).strip("'\""))
        else:
            self.notice.info(_("Deleted {session}.").format(session=name))
        self.refresh()
        return True
