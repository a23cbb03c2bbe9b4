"""Printing a handout to PDF with Debian's headless Chromium, for ``devgames handouts --pdf``.

The browser's own print dialog does the same; this is for a folder of PDFs in one go.

>>> chromium_command(Path("rules.html"), Path("rules.pdf"))[:2]
['/usr/bin/chromium', '--headless']
"""

import os
import subprocess
from pathlib import Path

from devgames.i18n import _

#: The browser that prints.
CHROMIUM = Path("/usr/bin/chromium")

#: Seconds one page may take to print on a busy machine.
TIMEOUT = 120


def chromium_command(html: Path, pdf: Path) -> list[str]:
    """The command line that prints ``html`` to ``pdf`` (the page's ``@page`` size, no header
    or footer of the browser's own)."""
    return [
        str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-pdf-header-footer", "--print-to-pdf-no-header", f"--print-to-pdf={pdf}",
        html.resolve().as_uri(),
    ]


def print_pdf(html: str | Path, pdf: str | Path | None = None) -> Path:
    """Print the handout file ``html`` to ``pdf`` (by default beside it, as ``.pdf``).

    Raises RuntimeError, in one sentence, when Chromium is missing or fails.
    """
    source = Path(html)
    target = Path(pdf) if pdf is not None else source.with_suffix(".pdf")
    if not (CHROMIUM.exists() and os.access(CHROMIUM, os.X_OK)):
        raise RuntimeError(_("{browser} is missing, so no PDF was made: open the HTML files in a "
                             "browser and print them (or apt-get install chromium).").format(
                                 browser=CHROMIUM))
    target.unlink(missing_ok=True)
    try:
        done = subprocess.run(chromium_command(source, target.resolve()), capture_output=True,
                              timeout=TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        raise RuntimeError(_("Chromium took over {seconds} s to print {path}.").format(
            seconds=TIMEOUT, path=source)) from None
    if done.returncode != 0 or not target.exists():
        raise RuntimeError(_("Chromium could not print {path} (exit status {status}).").format(
            path=source, status=done.returncode))
    return target
