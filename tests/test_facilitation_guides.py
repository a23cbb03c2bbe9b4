"""The facilitator guides (facilitation/*.md) stay true to the app.

Conventions the guides follow, and these tests rely on:

- Text in double quotes (or in bold) outside code and quote blocks is a label of the app, written
  exactly as the dashboards show it: each must be written in the source of
  ``devgames/dashboards/*.py``, or (for labels put together at run time, such as
  "New Scrumkin session" or "Red: show your hand and moves") shown by the running app. Things to
  say to the room go in quote blocks (lines starting with ``>``).
- A code span that looks like an option (``sprint_cap``, ``goal=32``, ``rulebook="collaborative"``)
  names a field of the game's options dataclass, with a value it accepts, or a column of the
  game's CSV files.
- Each guide has the required sections, and its agenda table covers exactly 90 minutes.
- Links within the guides and to other files of the repository lead somewhere.
"""

import ast
import dataclasses
import itertools
import re
from functools import cache
from html import unescape
from pathlib import Path

import ipywidgets as widgets
import pytest

from devgames import GAMES as APP_GAMES
from devgames import exploding, itstartup, scrumkin
from devgames.dashboards import FacilitatorApp
from devgames.export import export_tables
from devgames.sessions import SessionStore

ROOT = Path(__file__).resolve().parents[1]
FACILITATION = ROOT / "facilitation"
DASHBOARDS = ROOT / "devgames" / "dashboards"
GAMES = ("scrumkin", "itstartup", "exploding")
OPTIONS = {"scrumkin": scrumkin.ScrumkinOptions, "itstartup": itstartup.ItStartupOptions,
           "exploding": exploding.ExplodingOptions}
MODULES = {"scrumkin": scrumkin, "itstartup": itstartup, "exploding": exploding}

#: Controls the guides tell the facilitator to use: each must exist verbatim in the dashboards
#: and be quoted in at least one guide.
REQUIRED_LABELS = (
    "Start a session", "Resume a session", "Session title", "plays here", "Add a seat", "Remove",
    "Digital deck (the app deals)", "Physical deck (enter the cards drawn)",
    "Hide each hand behind a curtain (players take turns at the screen)", "More rules", "Seed",
    "Start the session", "Start/pause", "+1 min", "Reset to", "Dark theme",
    "show your hand and moves", "Hide the hand again", "Open the debrief now", "Pick one at random",
    "Next bot move", "Facilitator controls", "Undo the last move", "Undo these steps", "Steps",
    "Bots play", "one move every 0.7 s", "one move every 2 s", "at once", "one move per click",
    "Hands behind a curtain", "Prepare the CSV files", "Back to the sessions",
)
#: Sections every guide has: a word for the failure message, and a pattern for its heading.
SECTIONS = {
    "agenda": r"agenda",
    "set-up": r"set-?up",
    "what to say": r"what to say",
    "debrief": r"debrief",
    "dashboard": r"dashboard",
}
#: Blocks every agenda has, as words in its "Block" column.
AGENDA_BLOCKS = ("welcome", "rules", "play", "mid-game", "debrief", "export")
AGENDA_MINUTES = 90

FENCE = re.compile(r"^```.*?^```[^\n]*$", re.S | re.M)
CODE_SPAN = re.compile(r"`([^`\n]+)`")
QUOTED = re.compile(r'"([^"\n]+)"|“([^”\n]+)”|\*\*([^*\n]+)\*\*')
OPTION_LIKE = re.compile(r"([a-z][a-z0-9]*(?:_[a-z0-9]+)*)(?:=(.+))?")
HEADING = re.compile(r"^#{1,6}\s+(.+)$", re.M)
MINUTES = re.compile(r"(\d+)\s*[-–]\s*(\d+)")
TAG = re.compile(r"<[^>]*>")
SEPARATOR = re.compile(r":\s|\s\(|\)|\n")
STRIP = " .,;:()"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def guide(game: str) -> str:
    return (FACILITATION / f"{game}.md").read_text(encoding="utf-8")


def prose(text: str) -> str:
    """The text outside fenced code, quote blocks and code spans."""
    text = FENCE.sub("", text)
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(">"))
    return CODE_SPAN.sub("", text)


def quoted_labels(text: str) -> list[str]:
    """What the guide quotes as app labels, in order, without repeats.

    >>> quoted_labels('Click "Start the session" (not `"x"`), then **Dark theme**.\\n> "Hi"')
    ['Start the session', 'Dark theme']
    """
    found = ("".join(groups).strip() for groups in QUOTED.findall(prose(text)))
    return list(dict.fromkeys(found))


def code_spans(text: str) -> list[str]:
    """The code spans outside fenced blocks, in order, without repeats."""
    return list(dict.fromkeys(CODE_SPAN.findall(FENCE.sub("", text))))


@cache
def source_texts() -> frozenset[str]:
    """The texts written in the dashboards' code: every string constant and every literal part of
    an f-string (docstrings left out), without HTML tags, and their parts before and after a colon
    or inside brackets. So "More rules" is found in "More rules (the interpretations, see the
    rules docs)", and "show your hand and moves" in the f-string that puts a team's name first."""
    texts: set[str] = set()
    for path in sorted(DASHBOARDS.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                          | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        texts.update(text for node in ast.walk(tree)
                     if isinstance(node, ast.Constant) and isinstance(node.value, str)
                     and id(node) not in docstrings for text in segments(node.value))
    return frozenset(texts)


def segments(constant: str) -> set[str]:
    """A text as the screen shows it, and its parts.

    >>> sorted(segments("<h3>More rules (see the docs)</h3>"))
    ['More rules', 'More rules (see the docs)', 'see the docs']
    """
    text = TAG.sub(" ", constant).strip()
    return ({text} | {part.strip(STRIP) for part in SEPARATOR.split(text)}) - {""}


def widget_texts(widget: widgets.Widget) -> set[str]:
    """Every label, option, placeholder and text shown by ``widget`` and its children."""
    found: set[str] = set()
    for name in ("description", "placeholder"):
        value = getattr(widget, name, "")
        if isinstance(value, str) and value:
            found.add(value)
    found.update(getattr(widget, "_options_labels", ()))
    found.update(title for title in getattr(widget, "titles", ()) if title)
    if isinstance(widget, widgets.HTML):
        found |= segments(unescape(widget.value))
    for child in getattr(widget, "children", ()):
        found |= widget_texts(child)
    return found


@cache
def app_texts() -> frozenset[str]:
    """What the app shows when it runs: the launcher, the set-up form of each game and the table
    of a session of each game started with the form's defaults (names, bot kinds and titles are
    only put together at run time)."""
    with SessionStore(":memory:") as store:
        app = FacilitatorApp(store=store)
        found = widget_texts(app)
        for game in GAMES:
            app.show_setup(game)
            found |= widget_texts(app)
            app.setup.start.click()
            assert app.table is not None, app.setup.notice.value
            found |= widget_texts(app)
            app.table.leave()
    return frozenset(found)


def in_dashboards(text: str, running_too: bool = True) -> bool:
    """Whether the dashboards show ``text``: written in their code (see ``source_texts``), or
    unless ``running_too`` is false, shown by the running app."""
    return text in source_texts() or (running_too and text in app_texts())


@cache
def csv_columns(game: str) -> frozenset[str]:
    """Every column of the CSV files a session of ``game`` exports."""
    tables = export_tables(MODULES[game].new_game(["Ana", "Ben", "Cy"], seed=1))
    return frozenset(column for table in tables.values() for column in table.columns)


def option_problem(game: str, span: str) -> str | None:
    """What is wrong with an option-like code span of the guide (None: nothing, or not an
    option)."""
    match = OPTION_LIKE.fullmatch(span)
    if match is None:
        return None
    name, value = match.groups()
    fields = {field.name: field for field in dataclasses.fields(OPTIONS[game])}
    if name not in fields:
        if value is None and name in csv_columns(game):
            return None
        return (f"`{span}`: {OPTIONS[game].__name__} has no option {name!r} "
                f"(nor is it a column of the CSV files)")
    if value is None:
        return None
    field, value = fields[name], value.strip("\"'")
    choices = field.metadata.get("choices")
    if choices is not None:
        return None if value in choices else f"`{span}`: {name} is one of {choices}"
    if isinstance(field.default, bool):
        return None if value in ("True", "False") else f"`{span}`: {name} is True or False"
    try:
        int(value)
    except ValueError:
        return f"`{span}`: {name} takes a whole number"
    return None


def agenda_rows(text: str) -> list[list[str]]:
    """The cells of the agenda table (the first table after the agenda heading), header left
    out."""
    heading = next(m for m in HEADING.finditer(text) if re.search("agenda", m[1], re.I))
    rows: list[list[str]] = []
    for line in text[heading.end():].splitlines():
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    assert len(rows) > 2, "the agenda has no table"
    return [row for row in rows[1:] if not set("".join(row)) <= set("-: ")]


# ----- the tests ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_quoted_label_is_in_the_dashboards(game: str) -> None:
    labels = quoted_labels(guide(game))
    assert len(labels) > 20, "the guide quotes hardly any label: has the convention changed?"
    missing = [label for label in labels if not in_dashboards(label)]
    assert not missing, f"facilitation/{game}.md quotes labels the app does not have: {missing}"


def test_the_main_controls_exist_verbatim_and_are_quoted() -> None:
    missing = [label for label in REQUIRED_LABELS if not in_dashboards(label, running_too=False)]
    assert not missing, f"controls missing from devgames/dashboards/*.py: {missing}"
    quoted = {label for game in GAMES for label in quoted_labels(guide(game))}
    unused = [label for label in REQUIRED_LABELS
              if not any(label == q or label in q for q in quoted)]
    assert not unused, f"labels no guide quotes any more (drop them from the list): {unused}"


@pytest.mark.parametrize("game", GAMES)
def test_option_names_are_options_of_the_game(game: str) -> None:
    spans = code_spans(guide(game))
    named = [span for span in spans if OPTION_LIKE.fullmatch(span)]
    assert len(named) >= 5, "the guide names hardly any option"
    problems = [problem for span in spans if (problem := option_problem(game, span))]
    assert not problems, f"facilitation/{game}.md: {problems}"


@pytest.mark.parametrize("game", GAMES)
def test_every_option_of_the_game_is_in_the_variants(game: str) -> None:
    spans = code_spans(guide(game))
    named = {OPTION_LIKE.fullmatch(span)[1] for span in spans if OPTION_LIKE.fullmatch(span)}
    missing = [f.name for f in dataclasses.fields(OPTIONS[game]) if f.name not in named]
    assert not missing, f"facilitation/{game}.md does not mention the options {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_the_guide_has_the_required_sections(game: str) -> None:
    headings = HEADING.findall(guide(game))
    missing = [name for name, pattern in SECTIONS.items()
               if not any(re.search(pattern, heading, re.I) for heading in headings)]
    assert not missing, f"facilitation/{game}.md has no section about {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_the_agenda_adds_up_to_90_minutes(game: str) -> None:
    rows = agenda_rows(guide(game))
    spans = []
    for row in rows:
        match = MINUTES.fullmatch(row[0])
        assert match, f"agenda row without a minute range: {row}"
        spans.append((int(match[1]), int(match[2])))
    assert spans[0][0] == 0, "the agenda starts at minute 0"
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert start == end, f"the agenda jumps from minute {end} to {start}"
    assert all(end > start for start, end in spans), "every block lasts at least a minute"
    assert sum(end - start for start, end in spans) == AGENDA_MINUTES
    assert spans[-1][1] == AGENDA_MINUTES
    blocks = " ".join(row[1].lower() for row in rows)
    missing = [block for block in AGENDA_BLOCKS if block not in blocks]
    assert not missing, f"the agenda has no block for {missing}"


def test_every_game_has_a_guide_and_every_guide_is_tested() -> None:
    guides = {path.stem for path in FACILITATION.glob("*.md")} - {"README"}
    assert guides == set(GAMES), f"guides {sorted(guides)}, tested {sorted(GAMES)}: add to GAMES"
    assert set(APP_GAMES) == set(GAMES), f"the app's games {sorted(APP_GAMES)} each need a guide"
    assert set(OPTIONS) == set(MODULES) == set(GAMES)


def test_the_indexes_point_at_every_guide() -> None:
    index = (FACILITATION / "README.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for game in GAMES:
        assert f"({game}.md)" in index, f"facilitation/README.md does not link to {game}.md"
        assert f"facilitation/{game}.md" in readme, f"README.md does not name {game}.md"


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading.

    >>> slug("The 90-minute agenda"), slug("Set-up in the dashboard")
    ('the-90-minute-agenda', 'set-up-in-the-dashboard')
    """
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("name", [*GAMES, "README"])
def test_links_lead_somewhere(name: str) -> None:
    text = (FACILITATION / f"{name}.md").read_text(encoding="utf-8")
    anchors = {slug(heading) for heading in HEADING.findall(FENCE.sub("", text))}
    broken = []
    for target in LINK.findall(text):
        path, _, anchor = target.partition("#")
        if path.startswith(("http://", "https://")):
            continue
        found = (FACILITATION / path).exists() if path else anchor in anchors
        if not found:
            broken.append(target)
    assert not broken, f"facilitation/{name}.md links to nothing: {broken}"
