"""The facilitator's export for the retrospective: download links for the session's CSV files
(its events, rounds and notes, and a retro board for Parabol or any tool), made on request in the
page (no file on the server).
"""

from collections.abc import Callable

import ipywidgets as widgets

from devgames.dashboards.debrief_notes import (
    SURPRISES_PROMPT,
    actions_of,
    cards_at_work,
    notes_of,
    retro_notes,
    roti_summary,
)
from devgames.i18n import _
from devgames.sessions.table import TableController


class ExportPanel(widgets.VBox):
    """Download links for the session's CSV files, made on request (no server file):
    ``follow_store`` first takes in what every screen saved, ``questions`` gives the debrief's
    questions by phase.

    >>> from devgames import scrumkin
    >>> from devgames.sessions import SessionStore
    >>> store = SessionStore(":memory:")
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=7)
    >>> panel = ExportPanel(TableController(game, store, store.create(game), 0), lambda: None,
    ...                     lambda: {})
    >>> panel.prepare(); "retro-board.csv" in panel.links.value
    True
    """

    def __init__(self, controller: TableController, follow_store: Callable[[], None],
                 questions: Callable[[], dict[str, list[str]]]) -> None:
        super().__init__()
        self.add_class("dg-export")
        self.controller = controller
        self.follow_store = follow_store
        self.questions = questions
        self.links = widgets.HTML()
        self.links.add_class("dg-export-links")
        prepare = widgets.Button(description=_("Prepare the CSV files"))
        prepare.add_class("dg-export-prepare")
        prepare.on_click(lambda _button: self.prepare())
        heading = _("Export for the retrospective")
        self.children = [widgets.HTML(f"<h3>{heading}</h3>"), prepare, self.links]

    def prepare(self) -> None:
        from devgames.export import download_link_html, export_tables
        from devgames.retro import board_csv, key_moments

        self.follow_store()  # the files hold what every screen saved, not this one only
        game = self.controller.game
        meta = game.meta
        times = self.controller.store.move_times(self.controller.session_id)[1]
        store, number = self.controller.store, self.controller.session_id
        phones = store.notes_for(number, None)  # the revealed ones: a hidden note stays private
        tags, roti, surprised = (store.tag_counts(number), store.roti(number),
                                 store.surprises(number))
        surprises = [(m.title, surprised[m.move]) for m in key_moments(game)
                     if surprised.get(m.move)]
        tables = export_tables(game, retro_notes(meta, self.questions(), phones, roti, tags,
                                                 surprises), times)
        links = [download_link_html(table, name, _("Download {file}").format(file=name))
                 for name, table in tables.items()]
        summary = roti_summary(roti)
        notes = [*notes_of(meta), *phones,
                 *({"phase": "cards", "prompt": "Cards we meet at work", "content": name,
                    "votes": votes} for name, votes in cards_at_work(meta, tags)),
                 *({"phase": "map", "prompt": SURPRISES_PROMPT, "content": title,
                    "votes": count} for title, count in surprises),
                 *([{"phase": "map", "prompt": "ROTI", "content": summary,
                     "votes": sum(roti)}] if summary else [])]
        for tool, name in (("parabol", "retro-board-parabol.csv"),
                           ("generic", "retro-board.csv")):
            text = board_csv(notes, actions_of(meta), tool, bom=True)
            links.append(download_link_html(text, name, _("Download {file}").format(file=name)))
        self.links.value = " ".join(links)

    def clear(self) -> None:
        self.links.value = ""
