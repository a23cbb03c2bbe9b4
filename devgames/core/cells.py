"""Text that goes into spreadsheets: no cell may be read as a formula."""

from typing import Any

#: A cell starting with one of these is read as a formula by Excel, LibreOffice or Sheets.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: Any) -> Any:
    """Text that a spreadsheet would run as a formula gets a leading apostrophe; numbers and other
    text are left as they are.

    >>> spreadsheet_safe("=HYPERLINK(\\"http://x\\")"), spreadsheet_safe("-2"), spreadsheet_safe(-2)
    ('\\'=HYPERLINK("http://x")', "'-2", -2)
    >>> spreadsheet_safe("Red team")
    'Red team'
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
