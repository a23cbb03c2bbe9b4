"""The printed handouts use the browser tests' Chromium (Debian's, never a download)."""

from tests.e2e.conftest import browser_context_args, browser_type_launch_args

__all__ = ["browser_context_args", "browser_type_launch_args"]
