"""The facilitator's dashboards: ipywidgets apps served with Voilà (the only package importing
ipywidgets, plotly and IPython).

``FacilitatorApp()`` is the launcher: choose a game, start a new session or resume a saved one.
``FacilitatorApp(game="scrumkin")`` opens straight on that game's setup.
"""

from devgames.dashboards.app import FacilitatorApp

__all__ = ["FacilitatorApp"]
