"""The facilitator's dashboards: ipywidgets apps served with Voilà (the only package importing
ipywidgets, plotly and IPython). What a game declares for its screens, without widgets, is in
:mod:`devgames.screens`.

``FacilitatorApp()`` is the launcher: choose a game, start a new session or resume a saved one.
``FacilitatorApp(game="scrumkin")`` opens straight on that game's setup. It is imported when
first asked for, so that importing one module of the package (``devgames.dashboards.charts``)
does not load the whole app.

>>> import devgames.dashboards
>>> devgames.dashboards.FacilitatorApp.__name__
'FacilitatorApp'
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from devgames.dashboards.app import FacilitatorApp

__all__ = ["FacilitatorApp"]


def __getattr__(name: str) -> Any:
    """``FacilitatorApp``, imported from :mod:`devgames.dashboards.app` on first use."""
    if name == "FacilitatorApp":
        from devgames.dashboards.app import FacilitatorApp

        return FacilitatorApp
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
