"""CSV text for spreadsheets, and the data-URL download links the dashboards offer.

Every file is UTF-8 with a byte-order mark (so Excel shows any alphabet), has Windows line
endings between rows, and holds no cell a spreadsheet would run as a formula.
"""

import base64
import html
from collections.abc import Sequence
from datetime import datetime
from numbers import Number
from typing import Any

import pandas as pd

from devgames.core.cells import spreadsheet_safe
from devgames.core.game import Game
from devgames.export.events import events_table
from devgames.export.tables import (
    DEBRIEF_PROMPTS,
    Notes,
    extra_tables,
    retro_table,
    rounds_table,
)

BOM = "\ufeff"


def _cell(value: Any) -> Any:
    """A cell of a text column made safe: numbers and blanks as they are, anything else as text
    that no spreadsheet runs as a formula, with a line break inside it as a single newline."""
    if value is None or value is pd.NA or value is pd.NaT or isinstance(value, Number):
        return value
    return spreadsheet_safe(str(value)).replace("\r\n", "\n").replace("\r", "\n")


def _is_data(column: pd.Series) -> bool:
    """Numbers, booleans and dates: written as they are."""
    return (pd.api.types.is_numeric_dtype(column) or pd.api.types.is_bool_dtype(column)
            or pd.api.types.is_datetime64_any_dtype(column))


def to_csv_text(df: pd.DataFrame) -> str:
    """The table as CSV text for Excel: BOM first, CRLF rows, text cells (and headers) through
    ``spreadsheet_safe``; numbers stay numbers.

    >>> text = to_csv_text(pd.DataFrame({"team": ["=1+1", "Команда"], "velocity": [-2, 3]}))
    >>> text.startswith(BOM), text[1:]
    (True, "team,velocity\\r\\n'=1+1,-2\\r\\nКоманда,3\\r\\n")
    """
    safe = pd.DataFrame({  # text columns kept as objects: a whole number stays exact, never 7.0
        i: column if _is_data(column) else pd.Series(map(_cell, column), column.index, object)
        for i, (_, column) in enumerate(df.items())
    })
    safe.columns = [_cell(str(name)) for name in df.columns]
    return BOM + safe.to_csv(index=False, lineterminator="\r\n")


def to_csv_bytes(df: pd.DataFrame) -> bytes:
    """:func:`to_csv_text` encoded as UTF-8 (the BOM included).

    >>> to_csv_bytes(pd.DataFrame({"a": [1]}))
    b'\\xef\\xbb\\xbfa\\r\\n1\\r\\n'
    """
    return to_csv_text(df).encode("utf-8")


def data_url(df: pd.DataFrame | str) -> str:
    """The CSV file (a table, or CSV text made already) as a ``data:`` URL, for a download link
    that needs no server file.

    >>> data_url(pd.DataFrame({"a": [1]}))
    'data:text/csv;charset=utf-8;base64,77u/YQ0KMQ0K'
    """
    data = df.encode("utf-8") if isinstance(df, str) else to_csv_bytes(df)
    return "data:text/csv;charset=utf-8;base64," + base64.b64encode(data).decode()


def download_link_html(df: pd.DataFrame | str, filename: str, label: str) -> str:
    """An ``<a download>`` link offering the table (or CSV text) as a CSV file (filename and
    label escaped).

    >>> link = download_link_html(pd.DataFrame({"a": [1]}), "r&d.csv", "<Rounds>")
    >>> link.startswith('<a download="r&amp;d.csv" href="data:text/csv;'), link[-20:]
    (True, '">&lt;Rounds&gt;</a>')
    """
    name, text = html.escape(filename, quote=True), html.escape(label, quote=True)
    return f'<a download="{name}" href="{data_url(df)}">{text}</a>'


def export_tables(game: Game, notes: Notes | None = None,
                  times: Sequence[datetime | None] | None = None) -> dict[str, pd.DataFrame]:
    """The tables of :func:`export_session`, by file name."""
    if notes is None:
        notes = {prompt: [] for prompt in DEBRIEF_PROMPTS.get(game.name, ())}
    tables = {
        "events.csv": events_table(game, times),
        "rounds.csv": rounds_table(game),
        "retro.csv": retro_table(notes),
    }
    return tables | extra_tables(game)


def export_session(game: Game, notes: Notes | None = None,
                   times: Sequence[datetime | None] | None = None) -> dict[str, str]:
    """The files a facilitator downloads after a game, as CSV text by file name.

    ``notes`` maps each debrief prompt to the room's notes (see :func:`retro_table`); without
    them ``retro.csv`` lists the game's debrief questions. ``times``, when each move was saved
    (the session store's ``move_times``), gives ``events.csv`` its ``time_utc`` column.

    >>> from devgames import itstartup
    >>> sorted(export_session(itstartup.new_game(["Ada", "Bob"], seed=1)))
    ['employees.csv', 'events.csv', 'retro.csv', 'rounds.csv']
    """
    return {name: to_csv_text(table) for name, table in export_tables(game, notes, times).items()}
