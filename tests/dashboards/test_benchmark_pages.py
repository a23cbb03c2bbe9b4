"""The benchmark's pages keep their contract (a ``dg-bench-click`` button that changes a chart),
so that ``benchmarks/dashboard.py`` measures the app as it is, not a page that no longer runs."""

import json
from pathlib import Path

import ipywidgets as widgets
import pytest

PAGES = Path(__file__).parents[2] / "benchmarks"


def run_page(name: str) -> dict:
    """The page's code cells run in order, as Voilà runs them; their names, afterwards."""
    cells = json.loads((PAGES / name).read_text(encoding="utf-8"))["cells"]
    names: dict = {}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), name, "exec"), names)
    return names


@pytest.mark.parametrize("name", ["minimal.ipynb", "scrumkin_dashboard.ipynb"])
def test_a_benchmark_page_clicks_change_its_chart(name: str, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEVGAMES_DB", str(tmp_path / "bench.sqlite"))
    names = run_page(name)
    (click,) = [v for v in names.values()
                if isinstance(v, widgets.Button) and "dg-bench-click" in v._dom_classes]
    figure = names["app"].table.charts.figure if "app" in names else names["figure"]

    def data() -> str:
        return json.dumps(figure.to_plotly_json()["data"], default=str)

    for _ in range(12):  # every click: the benchmark waits for a chart to change
        before = data()
        click.click()
        assert data() != before
