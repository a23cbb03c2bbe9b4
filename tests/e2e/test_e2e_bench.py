"""The dashboard benchmark's harness runs end to end (its figures are not asserted)."""

import json

from playwright.sync_api import Browser

from benchmarks import dashboard


def test_the_benchmark_measures_the_minimal_page(browser: Browser) -> None:
    [page] = dashboard.run(dashboard.resolve_pages("minimal"), rounds=1, clicks=2,
                           browser=browser)
    assert len(page.click_ms) == 2 and len(page.load_ms) == len(page.kernel_mb) == 1
    assert all(0 < ms < 60_000 for ms in page.click_ms + page.load_ms)
    assert 30 < page.kernel_mb[0] < 2_000
    result = dashboard.summarise([page])
    assert dashboard.report(result).splitlines()[1].startswith("minimal")
    assert json.loads(json.dumps(result))["pages"][0]["medians"]["click_ms"] > 0
