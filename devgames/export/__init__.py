"""A played session as the CSV files a facilitator downloads for the retrospective.

``events.csv`` is the replayable log, ``rounds.csv`` the metrics rows, ``retro.csv`` the debrief
prompts and notes, and for IT Startup ``employees.csv`` the staff per turn. Only this package
imports pandas; the game engines do not.

>>> from devgames import scrumkin
>>> files = export_session(scrumkin.new_game(["Red", "Blue"], seed=1))
>>> sorted(files), files["rounds.csv"].startswith("\\ufeffsprint,team,committed")
(['events.csv', 'retro.csv', 'rounds.csv'], True)
"""

from devgames.export.csv_files import (
    data_url,
    download_link_html,
    export_session,
    export_tables,
    to_csv_bytes,
    to_csv_text,
)
from devgames.export.events import EventsFileError, events_table, session_from_events
from devgames.export.tables import DEBRIEF_PROMPTS, employees_table, retro_table, rounds_table

__all__ = [
    "DEBRIEF_PROMPTS",
    "EventsFileError",
    "data_url",
    "download_link_html",
    "employees_table",
    "events_table",
    "export_session",
    "export_tables",
    "retro_table",
    "rounds_table",
    "session_from_events",
    "to_csv_bytes",
    "to_csv_text",
]
