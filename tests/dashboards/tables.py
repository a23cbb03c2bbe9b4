"""The table of a facilitator app, for the tests that drive the app as its buttons would.

``FacilitatorApp.table`` is ``None`` until a session is started or resumed; `table_of` says so in
the failure instead of an ``AttributeError`` on ``None``, and gives the type checker a
``SessionTable``.
"""

from devgames.dashboards import FacilitatorApp
from devgames.dashboards.table import SessionTable


def table_of(app: FacilitatorApp) -> SessionTable:
    """The table the app sits at; fails the test when no session is open."""
    assert app.table is not None, "no session is open at the facilitator app"
    return app.table
