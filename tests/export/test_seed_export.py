"""The seed reaches the facilitator in the exported files and the command line only, exactly: a
seed of 128 bits (as new sessions draw) and the short seeds of older sessions survive
``events.csv`` (read back by devgames, by pandas and by the csv module), the JSON of a saved
session, the session store and ``devgames play --seed``/``--resume``.
"""

import base64
import csv
import io
import json
import re
import sys
from pathlib import Path

import pandas as pd
import pytest

from devgames import scrumkin
from devgames.cli import main
from devgames.core.session import Session
from devgames.dashboards import FacilitatorApp
from devgames.dashboards.setup_form import NewSession
from devgames.export import (
    EventsFileError,
    events_table,
    export_session,
    session_from_events,
)
from devgames.sessions import SessionStore
from tests.export.helpers import csv_rows, played

#: A seed of 128 bits, and others a facilitator may type or an older session holds.
SECRET = 260299456221816779509151915227237864890
SEEDS = [SECRET, 2**128 - 1, 2**64 + 1, 2**63 + 5, 2_876_543_219, 0]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", ["scrumkin", "exploding"])
def test_events_csv_holds_the_seed_exactly_and_rebuilds_the_game(name: str, seed: int) -> None:
    game = played(name, ["Ada", "Bob", "Cy"], seed)
    text = export_session(game)["events.csv"]
    header, session_row = csv_rows(text)[:2]
    assert session_row[header.index("seed")] == f"'{seed}"  # the digits, as text
    rebuilt = session_from_events(text)
    assert rebuilt.seed == seed
    assert rebuilt.replay().snapshot() == game.snapshot()


def test_pandas_reads_a_128_bit_seed_as_its_digits() -> None:
    game = played("scrumkin", ["Red", "Blue"], SECRET)
    assert events_table(game).loc[0, "seed"] == f"'{SECRET}"
    text = export_session(game)["events.csv"]
    table = pd.read_csv(io.StringIO(text.removeprefix("\ufeff")))
    seed = table.loc[0, "seed"]
    assert isinstance(seed, str) and int(seed.removeprefix("'")) == SECRET
    assert session_from_events(table).seed == SECRET


def test_the_tables_export_links_hold_the_seed(tmp_path: Path) -> None:
    """The facilitator's "Prepare the CSV files" gives an events.csv with the seed, which
    rebuilds the game (the file is downloaded; its digits are never on the screen)."""
    with SessionStore(tmp_path / "sessions.sqlite") as store:
        game = scrumkin.new_game(["Red", "Blue"], seed=SECRET)
        app = FacilitatorApp(store=store)
        app.start(NewSession(game, None, {}, False))
        assert app.table is not None
        for _ in range(5):
            app.table.picker._pick(0)
        app.table.export.prepare()
        links = app.table.export.links.value
        assert str(SECRET) not in links
        encoded = re.search(r'download="events.csv" href="data:text/csv;charset=utf-8;base64,'
                            r'([^"]+)"', links)
        assert encoded is not None
        session = session_from_events(base64.b64decode(encoded.group(1)))
        assert session.seed == SECRET and len(session.log) == 5
        assert session.replay().snapshot() == app.table.game.snapshot()
        assert store.load(app.table.session_id).seed == SECRET


def test_a_saved_session_keeps_a_128_bit_seed_in_its_json() -> None:
    game = played("itstartup", ["Ada", "Bob"], SECRET)
    text = game.session().to_json()
    assert json.loads(text)["seed"] == SECRET
    assert Session.from_json(text).replay().snapshot() == game.snapshot()


def test_the_command_line_plays_saves_and_resumes_a_128_bit_seed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("s\nq\n"))
    main(["play", "scrumkin", "--bot", "random", "--seed", str(SECRET), "--save", str(save)])
    out = capsys.readouterr().out
    assert f"--seed {SECRET}" in out  # the terminal is the facilitator's: it says the seed
    assert json.loads(save.read_text(encoding="utf-8"))["seed"] == SECRET
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "scrumkin", "--resume", str(save), "--humans", ""]) == 0
    finished = Session.from_json(save.read_text(encoding="utf-8"))
    assert finished.seed == SECRET and finished.replay().is_over


def with_seed_cell(text: str, cell: str) -> str:
    """``events.csv`` with its session row's seed cell replaced, as a spreadsheet saves it."""
    rows = csv_rows(text)
    rows[1][rows[0].index("seed")] = cell
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    return "\ufeff" + out.getvalue()


def test_a_seed_rounded_by_a_spreadsheet_is_found_again_and_a_changed_one_refused() -> None:
    game = played("scrumkin", ["Red", "Blue"], SECRET)
    text = export_session(game)["events.csv"]
    # As Excel and LibreOffice save it: 6 or 15 significant digits, in either notation.
    for rounded in ("2.60299E+38", "2.60299456221817E+38", "260299456221817" + "0" * 24):
        session = session_from_events(with_seed_cell(text, rounded))
        assert session.seed == SECRET and session.replay().snapshot() == game.snapshot()
    with pytest.raises(EventsFileError, match=r"seed \(7\) is not the one its session row's "
                                              r"description names \(2602994"):
        session_from_events(with_seed_cell(text, "7"))
