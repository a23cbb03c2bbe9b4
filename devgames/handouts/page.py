"""The printed page: one self-contained HTML document, black on white, sized for A4 or Letter.

Everything a handout shows goes through :func:`esc` (or a helper built on it), so a card name or
a meaning can never turn into markup.

>>> "@page { size: letter" in document("T", "<p>x</p>", "letter")
True
>>> esc('<b>"Mike"</b>')
'&lt;b&gt;&quot;Mike&quot;&lt;/b&gt;'
"""

from collections.abc import Iterable
from html import escape

from devgames.i18n import _

#: Paper name -> its CSS ``@page`` size (portrait).
PAPERS: dict[str, str] = {"a4": "A4", "letter": "letter"}

#: Page margins, in mm (all four sides).
MARGIN_MM = 12

_CSS = """
@page { size: %(size)s; margin: %(margin)smm; }
* { box-sizing: border-box; }
html { background: #fff; }
body { margin: 0; color: #000; background: #fff;
  font-family: "Liberation Sans", "DejaVu Sans", Arial, Helvetica, sans-serif;
  font-size: 12pt; line-height: 1.3; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
@media screen { body { max-width: 190mm; margin: 8mm auto; padding: 0 4mm; } }
header { display: flex; justify-content: space-between; align-items: baseline;
  border-bottom: 2pt solid #000; margin-bottom: 3mm; gap: 4mm; }
h1 { font-size: 20pt; margin: 0 0 1mm; line-height: 1.1; }
header .game { font-size: 11pt; white-space: nowrap; }
h2 { font-size: 14pt; margin: 3.5mm 0 1.2mm; break-after: avoid; }
h3 { font-size: 12pt; margin: 2mm 0 1mm; break-after: avoid; }
p, ul, ol { margin: 0 0 1.6mm; }
ul, ol { padding-left: 6mm; }
li { margin: 0 0 0.9mm; }
.lead { font-size: 13pt; }
.small, footer { font-size: 9.5pt; }
footer { margin-top: 3mm; border-top: 0.75pt solid #000; padding-top: 1mm; }
.fill { display: inline-block; min-width: 45mm; border-bottom: 0.75pt solid #000; }
.cols { column-count: 2; column-gap: 8mm; }
.cols > section { break-inside: avoid; }
table { width: 100%%; border-collapse: collapse; }
th, td { border: 0.75pt solid #000; padding: 1mm 1.5mm; text-align: left; vertical-align: top; }
th { font-size: 10.5pt; }
th[scope="row"] { font-size: 12pt; }
tr { break-inside: avoid; }
.box { display: inline-block; width: 4.2mm; height: 4.2mm; border: 0.9pt solid #000;
  margin: 0.4mm 0.9mm 0 0; vertical-align: middle; }
.steps > li { margin-bottom: 1.6mm; }
.steps b { font-size: 12.5pt; }
.watch td { height: 12mm; }
.moments td, .actions td { height: 8.5mm; }
.reminder { border: 1.2pt solid #000; padding: 1.5mm 2.5mm; margin: 0 0 3mm; }
.rules { font-size: 13pt; }
.rules .lead { font-size: 14pt; }
.rules .steps b { font-size: 13.5pt; }
/* Russian runs a sixth longer than English: its rules print one point smaller to keep to one
   page (still larger than the other sheets). */
.rules:lang(ru) { font-size: 12pt; }
.rules:lang(ru) .lead { font-size: 13pt; }
.rules:lang(ru) .steps b { font-size: 12.5pt; }
.canvas { display: grid; grid-template-columns: 1fr; gap: 3mm; }
.panel { border: 1.2pt solid #000; padding: 1.5mm 2.5mm; }
.panel h2 { margin-top: 0; }
.blank { display: block; border-bottom: 0.5pt solid #000; height: 5.5mm; }
.glossary { font-size: 10pt; line-height: 1.22; }
.glossary h2 { font-size: 12.5pt; margin: 2.5mm 0 1mm; border-bottom: 0.75pt solid #000; }
.entries { column-count: 2; column-gap: 7mm; }
.entry { break-inside: avoid; margin: 0 0 1.6mm; }
.entry .name { font-weight: bold; font-size: 10.5pt; }
.entry .figures { font-size: 9.5pt; }
.entry .meaning, .entry .does { display: block; }
.entry .does { font-size: 9pt; font-style: italic; }
.entry .line { display: block; border-bottom: 0.5pt solid #000; height: 4.5mm; }
"""


def esc(text: object) -> str:
    """``text`` made safe for HTML content and attribute values.

    >>> esc("Bugs & <dragons>")
    'Bugs &amp; &lt;dragons&gt;'
    """
    return escape(str(text), quote=True)


def page_css(paper: str) -> str:
    """The style sheet for ``paper`` ("a4" or "letter").

    >>> "size: A4;" in page_css("a4")
    True
    """
    try:
        size = PAPERS[paper]
    except KeyError:
        raise ValueError(_("Unknown paper {paper}; the papers are: {papers}.").format(
            paper=repr(paper), papers=", ".join(PAPERS))) from None
    return _CSS % {"size": size, "margin": MARGIN_MM}


def document(title: str, body: str, paper: str, lang: str = "en") -> str:
    """A complete HTML page: ``title`` (escaped here) and ``body`` (markup already escaped).

    >>> html = document("Rules <1>", "<p>x</p>", "a4")
    >>> html.startswith("<!DOCTYPE html>"), "<title>Rules &lt;1&gt;</title>" in html
    (True, True)
    """
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{esc(title)}</title>\n"
        f"<style>{page_css(paper)}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n"
    )


def header(title: str, game_title: str, fields: Iterable[str] = ()) -> str:
    """The page's title line with the game's name, then blank fields to fill in by hand.

    >>> "Team:" in header("Rules", "Scrumkin", ["Team"])
    True
    """
    blanks = "".join(
        f'<span class="field">{esc(name)}: <span class="fill"></span></span> ' for name in fields
    )
    line = f'<p class="fields">{blanks}</p>' if blanks else ""
    return (
        f'<header><h1>{esc(title)}</h1><span class="game">{esc(game_title)}</span></header>'
        f"{line}"
    )


def bullets(items: Iterable[str], tag: str = "ul", cls: str = "") -> str:
    """A list of plain-text items (each escaped; ``**word**`` at the start is set in bold).

    >>> bullets(["**Draw**: one card", "a < b"])
    '<ul><li><b>Draw</b>: one card</li><li>a &lt; b</li></ul>'
    """
    attr = f' class="{esc(cls)}"' if cls else ""
    return f"<{tag}{attr}>" + "".join(f"<li>{rich(item)}</li>" for item in items) + f"</{tag}>"


def rich(text: str) -> str:
    """Escape ``text``, setting a leading ``**bold**`` part in bold.

    >>> rich("**Goal**: win"), rich("plain & simple")
    ('<b>Goal</b>: win', 'plain &amp; simple')
    """
    if text.startswith("**"):
        bold, sep, rest = text[2:].partition("**")
        if sep:
            return f"<b>{esc(bold)}</b>{esc(rest)}"
    return esc(text)


def boxes(count: int) -> str:
    """``count`` empty tick boxes.

    >>> boxes(2)
    '<span class="box"></span><span class="box"></span>'
    """
    return '<span class="box"></span>' * count
