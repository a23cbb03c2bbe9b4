"""The screen contract: what a game declares for its screens, as plain Python and HTML text,
without ipywidgets, plotly, anywidget or pandas.

- :mod:`devgames.screens.charts`: the chart panels a game's ``SPEC.charts`` names
  (:class:`~devgames.screens.charts.Chart`, traces as plain data, and the helpers that build them);
- :mod:`devgames.screens.debrief`: the debrief a game's ``SPEC.debrief`` names
  (:class:`~devgames.screens.debrief.GameDebrief`), the questions by phase and the winners' line;
- :mod:`devgames.screens.cards`: cards and hands as HTML (names in two languages, meanings);
- :mod:`devgames.screens.colors`: the teams' colours.

A game's screen modules import only these, so importing them stays as light as the engine. The
facilitator's dashboards (:mod:`devgames.dashboards`) draw them with widgets and plotly; the
device server (:mod:`devgames.devices`) sends the hands and the winners' line to the teams' pages
and loads no widget library.
"""
