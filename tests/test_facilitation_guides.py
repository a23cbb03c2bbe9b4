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
- Each guide has learning outcomes, the 4C flow (connections, concepts, concrete practice,
  conclusions) with a closing learning check, psychological safety, the roles with the handouts,
  and a debrief of 25-30 minutes in the app's shape (What? / So what? / Now what?, 1-2-4-All,
  dots, actions with owner and due date, exported in ``retro.csv``).
- The Scrumkin guide's timing table is what ``python -m devgames.scrumkin.timing`` prints.
- Links within the guides and to other files of the repository lead somewhere.
- A guide's translation (``facilitation/GAME.LANGUAGE.md``, such as ``reliz.ru.md``) is checked
  like its original in its own language's words: its sections, agenda, learning outcomes, roles,
  safety and debrief, options and links. It quotes the app's labels (in «guillemets» or in bold)
  as the app shows them in that language, as the language's catalogue
  (``devgames/locale/LANGUAGE/LC_MESSAGES/devgames.po``) translates them; a label the catalogue
  does not translate yet stays in English, as the app shows it (a gloss may follow in brackets).
  It keeps the original's headings, labels, options, columns, links and the planner's figures.
"""

import ast
import dataclasses
import itertools
import re
from functools import cache
from html import unescape
from pathlib import Path
from typing import NamedTuple

import ipywidgets as widgets
import pytest
from babel.messages.pofile import read_po

from devgames import BUILTIN_GAMES as APP_GAMES
from devgames import exploding, itstartup, release, reliz, scrumkin
from devgames.dashboards import FacilitatorApp
from devgames.export import export_tables
from devgames.sessions import SessionStore

ROOT = Path(__file__).resolve().parents[1]
FACILITATION = ROOT / "facilitation"
DASHBOARDS = ROOT / "devgames" / "dashboards"
GAMES = ("scrumkin", "itstartup", "exploding", "release", "reliz")
OPTIONS = {"scrumkin": scrumkin.ScrumkinOptions, "itstartup": itstartup.ItStartupOptions,
           "exploding": exploding.ExplodingOptions, "release": release.ReleaseOptions,
           "reliz": reliz.RelizOptions}
MODULES = {"scrumkin": scrumkin, "itstartup": itstartup, "exploding": exploding,
           "release": release, "reliz": reliz}
#: The guides' translations: name -> (the game, the language).
TRANSLATIONS = {"reliz.ru": ("reliz", "ru")}
#: Every guide: the originals (named after their games), then the translations.
GUIDES = (*GAMES, *TRANSLATIONS)

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
    "What?", "So what?", "Now what?", "Reveal & map", "+ dot", "Add the action",
    "We have this at work", "Prepare the handouts",
)
#: Sections every guide has: a word for the failure message, and a pattern for its heading.
SECTIONS = {
    "agenda": r"agenda",
    "set-up": r"set-?up",
    "what to say": r"what to say",
    "debrief": r"debrief",
    "dashboard": r"dashboard",
    "learning outcomes": r"^learning outcomes$",
    "roles": r"^roles$",
    "psychological safety": r"^psychological safety$",
    "the 4C flow": r"\b4C\b",
    "connections": r"^connections$",
    "concepts": r"^concepts$",
    "concrete practice": r"^concrete practice$",
    "conclusions": r"^conclusions$",
}
#: The debrief's share of the agenda, in minutes (at least, at most).
DEBRIEF_MINUTES = (25, 30)
#: What each part of a guide must say: a pattern (case-insensitive) per thing, by section heading.
MUST_SAY = {
    r"^psychological safety$": {
        "a working agreement": r"working agreement", "managers in the room": r"manager",
        "opting out": r"opt(ing)? out", "who receives the notes": r"retro\.csv",
        "that the notes go only to the room": r"goes to the people who were in the room",
    },
    r"^roles$": {
        "the game master": r"game master", "the facilitator": r"facilitator",
        "the timekeeper": r"timekeeper", "the observer": r"observer",
        "the observer sheet": r"observer sheet", "the debrief canvas": r"debrief canvas",
    },
    r"\b4C\b": {"the closing learning check": r"ROTI"},
    r"^debrief$": {
        "What?": r"\*What\?\*", "So what?": r"\*So what\?\*", "Now what?": r"\*Now what\?\*",
        "1-2-4-All": r"1-2-4-All", "dot voting": r"dot", "an owner": r"owner",
        "a due date": r"due\s+date", "the time-box on the timer": r"time-box",
        "retro.csv": r"retro\.csv",
    },
}
#: The columns of retro.csv the debrief section names.
RETRO_COLUMNS = ("group", "votes", "action", "owner", "due")
TIMING_COMMAND = re.compile(r"python -m devgames\.scrumkin\.timing --games (\d+) --seed (\d+)")
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
PLACEHOLDER = re.compile(r"\{(\w+)\}")


class Words(NamedTuple):
    """How the guides of one language name their parts: the patterns of the sections' headings
    (as ``SECTIONS``), what each part must say (as ``MUST_SAY``), the words of the agenda's
    blocks (as ``AGENDA_BLOCKS``), the word of the debrief (its heading, and its blocks in the
    agenda) and how a label of the app is quoted."""

    sections: dict[str, str]
    must_say: dict[str, dict[str, str]]
    agenda_blocks: tuple[str, ...]
    debrief: str
    quoted: re.Pattern[str]


ENGLISH = Words(SECTIONS, MUST_SAY, AGENDA_BLOCKS, "debrief", QUOTED)
RUSSIAN = Words(
    sections={
        "agenda": r"\bплан\b",
        "set-up": r"подготовк",
        "what to say": r"что говорить",
        "debrief": r"разбор",
        "dashboard": r"приложени",
        "learning outcomes": r"^результаты обучения$",
        "roles": r"^роли$",
        "psychological safety": r"^психологическая безопасность$",
        "the 4C flow": r"\b4C\b",
        "connections": r"^связи$",
        "concepts": r"^концепции$",
        "concrete practice": r"^конкретная практика$",
        "conclusions": r"^выводы$",
    },
    must_say={
        r"^психологическая безопасность$": {
            "a working agreement": r"рабоч\w* соглашени", "managers in the room": r"руководител",
            "opting out": r"не участвовать", "who receives the notes": r"retro\.csv",
            "that the notes go only to the room": r"получают те, кто был в комнате",
        },
        r"^роли$": {
            "the game master": r"мастер\w* игры", "the facilitator": r"ведущ",
            "the timekeeper": r"хранител\w* времени", "the observer": r"наблюдател",
            "the observer sheet": r"лист\w* наблюдателя", "the debrief canvas": r"бланк\w* разбора",
        },
        r"\b4C\b": {"the closing learning check": r"ROTI"},
        r"^разбор$": {
            "What?": r"\*Что\?\*", "So what?": r"\*И что\?\*", "Now what?": r"\*Что дальше\?\*",
            "1-2-4-All": r"1-2-4-Все", "dot voting": r"точк", "an owner": r"ответственн",
            "a due date": r"срок", "the time-box on the timer": r"таймбокс",
            "retro.csv": r"retro\.csv",
        },
    },
    agenda_blocks=("приветствие", "правила", "игра", "промежуточн", "разбор", "экспорт"),
    debrief="разбор",
    quoted=re.compile(r'"([^"\n]+)"|“([^”\n]+)”|«([^»\n]+)»|\*\*([^*\n]+)\*\*'),
)
WORDS = {"en": ENGLISH, "ru": RUSSIAN}
#: What an original guide quotes that is no label to look for in its translation: the English
#: word a Russian title is glossed with, and a word to say to the room.
GLOSSES = frozenset({"release", "time"})


def game_of(name: str) -> str:
    """The game of a guide: its name, or its original's (``reliz.ru``: ``reliz``)."""
    return TRANSLATIONS[name][0] if name in TRANSLATIONS else name


def words(name: str) -> Words:
    """The words of a guide's language."""
    return WORDS[TRANSLATIONS[name][1] if name in TRANSLATIONS else "en"]


def guide(game: str) -> str:
    return (FACILITATION / f"{game}.md").read_text(encoding="utf-8")


def prose(text: str) -> str:
    """The text outside fenced code, quote blocks and code spans."""
    text = FENCE.sub("", text)
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(">"))
    return CODE_SPAN.sub("", text)


def quoted_labels(text: str, quoted: re.Pattern[str] = QUOTED) -> list[str]:
    """What the guide quotes as app labels, in order, without repeats.

    >>> quoted_labels('Click "Start the session" (not `"x"`), then **Dark theme**.\\n> "Hi"')
    ['Start the session', 'Dark theme']
    >>> quoted_labels('Нажмите «Начать сессию», затем **Тёмная тема**.', RUSSIAN.quoted)
    ['Начать сессию', 'Тёмная тема']
    """
    found = ("".join(groups).strip() for groups in quoted.findall(prose(text)))
    return list(dict.fromkeys(found))


def code_spans(text: str) -> list[str]:
    """The code spans outside fenced blocks, in order, without repeats."""
    return list(dict.fromkeys(CODE_SPAN.findall(FENCE.sub("", text))))


@cache
def source_texts() -> frozenset[str]:
    """The texts written in the dashboards' code (each game's chart panels, debrief, option
    labels and board included, in its own package): every string constant and every literal part of
    an f-string (docstrings left out), without HTML tags, and their parts before and after a colon
    or inside brackets. So "More rules" is found in "More rules (the interpretations, see the
    rules docs)", and "show your hand and moves" in the f-string that puts a team's name first."""
    texts: set[str] = set()
    screens = [path for game in GAMES for part in ("charts", "debrief", "options", "board")
               if (path := DASHBOARDS.parent / game / f"{part}.py").exists()]
    for path in [*sorted(DASHBOARDS.glob("*.py")), *screens]:
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
            app.table.open_debrief()
            for phase in app.table.debrief.tabs.options:  # (title, key) pairs
                app.table.debrief.tabs.value = phase[1]
                found |= widget_texts(app)
            app.table.leave()
    return frozenset(found)


@cache
def source_templates() -> tuple[re.Pattern[str], ...]:
    """The dashboards' texts with ``{placeholders}`` (filled in when shown: "Go on: nobody says
    {card}"), each as a pattern a shown text matches."""
    return tuple(re.compile(".+?".join(map(re.escape, re.split(r"\{\w+\}", text))))
                 for text in source_texts() if re.search(r"\{\w+\}", text))


def in_dashboards(text: str, running_too: bool = True) -> bool:
    """Whether the dashboards show ``text``: written in their code (see ``source_texts``), with
    its placeholders filled, or unless ``running_too`` is false, shown by the running app."""
    return (text in source_texts()
            or any(template.fullmatch(text) for template in source_templates())
            or (running_too and text in app_texts()))


def catalogue_path(language: str) -> Path:
    return ROOT / "devgames" / "locale" / language / "LC_MESSAGES" / "devgames.po"


def parts(text: str) -> list[str]:
    """A text as the screen shows it, then its parts before and after a colon and inside
    brackets, in order (the texts of ``segments``).

    >>> parts("<b>More rules (see the docs)</b>")
    ['More rules (see the docs)', 'More rules', 'see the docs', '']
    """
    text = TAG.sub(" ", text).strip()
    return [text, *(part.strip(STRIP) for part in SEPARATOR.split(text))]


@cache
def template(text: str) -> re.Pattern[str] | None:
    """A text with ``{placeholders}`` as a pattern a shown text matches, each placeholder a named
    group (None: a text without placeholders, or with nothing else, which any text would fill).

    >>> template("New {game} session").fullmatch("New РЕЛИЗ session")["game"]
    'РЕЛИЗ'
    >>> template("{card} {place}") is None
    True
    """
    if not PLACEHOLDER.search(text) or not re.search(r"\w", PLACEHOLDER.sub("", text)):
        return None
    pattern, seen = [], set()
    for index, piece in enumerate(PLACEHOLDER.split(text)):
        if index % 2 == 0:
            pattern.append(re.escape(piece))
        else:
            pattern.append(f"(?P={piece})" if piece in seen else f"(?P<{piece}>.+?)")
            seen.add(piece)
    return re.compile("".join(pattern), re.S)


@cache
def catalogue(language: str) -> tuple[tuple[list[str], list[str]], ...]:
    """The parts (see ``parts``) of every text the catalogue of ``language`` translates, and of its
    translation: fuzzy translations left out (the app does not show them), plural ones by their
    first forms."""
    with catalogue_path(language).open("rb") as file:
        messages = list(read_po(file))
    found = []
    for message in messages:
        english = message.id if isinstance(message.id, str) else message.id[0]
        shown = message.string if isinstance(message.string, str) else (message.string or [""])[0]
        if english and shown and not message.fuzzy:
            found.append((parts(english), parts(shown)))
    return tuple(found)


def translations(label: str, language: str) -> set[str]:
    """How the app shows ``label`` in ``language``: the translation of the text, or of the part
    of a text it is (the same part of the translation), or of a text with placeholders it fills
    (its placeholders filled the same way). Empty: the catalogue does not translate it (yet).

    >>> sorted(translations("More rules", "ru")), sorted(translations("New РЕЛИЗ session", "ru"))
    (['Ещё правила'], ['Новая сессия РЕЛИЗ'])
    """
    found = set()
    for english, shown in catalogue(language):
        for index, part in enumerate(english):
            if index and len(english) != len(shown):
                break
            if part == label:
                found.add(shown[index])
            elif (pattern := template(part)) and (match := pattern.fullmatch(label)):
                found.add(filled(shown[index], match.groupdict()))
    return found - {""}


def filled(text: str, values: dict[str, str]) -> str:
    """``text`` with its placeholders filled from ``values`` (the others left as they are).

    >>> filled("Новая сессия {game}", {"game": "РЕЛИЗ"})
    'Новая сессия РЕЛИЗ'
    """
    return PLACEHOLDER.sub(lambda match: values.get(match[1], match[0]), text)


@cache
def shown_in(language: str) -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    """What the app shows in ``language`` as its catalogue translates it: the translations and
    their parts, and those with placeholders as patterns."""
    texts = {part for _english, shown in catalogue(language) for part in shown}
    patterns = tuple(pattern for text in texts if (pattern := template(text)))
    return frozenset(texts - {""}), patterns


def in_catalogue(label: str, language: str) -> bool:
    """Whether the app shows ``label`` in ``language``, translated by its catalogue."""
    texts, patterns = shown_in(language)
    return label in texts or any(pattern.fullmatch(label) for pattern in patterns)


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


def agenda_rows(text: str, agenda: str = "agenda") -> list[list[str]]:
    """The cells of the agenda table (the first table after the agenda heading, the first whose
    heading matches ``agenda``), header left out."""
    heading = next(m for m in HEADING.finditer(text) if re.search(agenda, m[1], re.I))
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


@pytest.mark.parametrize("name", TRANSLATIONS)
def test_every_label_a_translation_quotes_is_the_apps_in_its_language(name: str) -> None:
    language = TRANSLATIONS[name][1]
    labels = quoted_labels(guide(name), words(name).quoted)
    assert len(labels) > 20, "the guide quotes hardly any label: has the convention changed?"
    english = [label for label in labels if not in_catalogue(label, language)]
    missing = [label for label in english if not in_dashboards(label)]
    assert not missing, (f"facilitation/{name}.md quotes labels the app does not show, in "
                         f"{language!r} or untranslated: {missing}")
    translated = {label: sorted(found) for label in english
                  if (found := translations(label, language))}
    assert not translated, (f"facilitation/{name}.md quotes in English labels the app shows "
                            f"translated now: {translated}")


@pytest.mark.parametrize("name", TRANSLATIONS)
def test_a_translation_keeps_its_originals_labels_options_links_and_headings(name: str) -> None:
    game, language = TRANSLATIONS[name]
    original, translated = guide(game), guide(name)
    quoted = set(quoted_labels(translated, words(name).quoted))
    missing = {label: sorted(expected) for label in quoted_labels(original)
               if label not in GLOSSES
               and not (expected := translations(label, language) or {label}) & quoted}
    assert not missing, f"facilitation/{name}.md does not quote, as the app shows them: {missing}"
    spans, kept = set(code_spans(original)), set(code_spans(translated))
    assert spans == kept, (f"facilitation/{name}.md lacks the code spans {spans - kept} of "
                           f"{game}.md, and adds {kept - spans}")

    def targets(text: str, other: str) -> set[str]:
        """The links to other files (the guide and its translation link to each other)."""
        return {target for target in LINK.findall(text) if not target.startswith("#")} - {other}

    assert targets(translated, f"{game}.md") == targets(original, f"{name}.md")

    def levels(text: str) -> list[int]:
        return [len(match[1]) for match in re.finditer(r"^(#{1,6})\s", FENCE.sub("", text), re.M)]

    assert levels(translated) == levels(original), (
        "the translation's headings are not at the levels of the original's")


def planner_figures(text: str, agenda: str) -> list[list[str]]:
    """The figures of the planner's table in the agenda section (the table whose header says
    P50), row by row, decimal commas read as points."""
    lines = [line for line in section(text, agenda).splitlines() if line.startswith("|")]
    start = next(index for index, line in enumerate(lines) if "P50" in line)
    rows = itertools.takewhile(lambda line: "P50" not in line, lines[start + 2:])
    return [re.findall(r"\d+(?:\.\d+)?", re.sub(r"(?<=\d),(?=\d)", ".", row)) for row in rows]


@pytest.mark.parametrize("name", TRANSLATIONS)
def test_a_translation_gives_the_planners_figures_of_its_original(name: str) -> None:
    game = game_of(name)
    figures = planner_figures(guide(game), "agenda")
    assert len(figures) >= 2 and all(figures)
    assert planner_figures(guide(name), words(name).sections["agenda"]) == figures, (
        f"the planner's table of facilitation/{name}.md is not the one of {game}.md any more")


def test_the_main_controls_exist_verbatim_and_are_quoted() -> None:
    missing = [label for label in REQUIRED_LABELS if not in_dashboards(label, running_too=False)]
    assert not missing, f"controls missing from devgames/dashboards/*.py: {missing}"
    quoted = {label for game in GAMES for label in quoted_labels(guide(game))}
    unused = [label for label in REQUIRED_LABELS
              if not any(label == q or label in q for q in quoted)]
    assert not unused, f"labels no guide quotes any more (drop them from the list): {unused}"


@pytest.mark.parametrize("name", GUIDES)
def test_option_names_are_options_of_the_game(name: str) -> None:
    spans = code_spans(guide(name))
    named = [span for span in spans if OPTION_LIKE.fullmatch(span)]
    assert len(named) >= 5, "the guide names hardly any option"
    problems = [problem for span in spans if (problem := option_problem(game_of(name), span))]
    assert not problems, f"facilitation/{name}.md: {problems}"


@pytest.mark.parametrize("name", GUIDES)
def test_every_option_of_the_game_is_in_the_variants(name: str) -> None:
    spans = code_spans(guide(name))
    named = {found[1] for span in spans if (found := OPTION_LIKE.fullmatch(span))}
    missing = [f.name for f in dataclasses.fields(OPTIONS[game_of(name)]) if f.name not in named]
    assert not missing, f"facilitation/{name}.md does not mention the options {missing}"


@pytest.mark.parametrize("name", GUIDES)
def test_the_guide_has_the_required_sections(name: str) -> None:
    headings = HEADING.findall(guide(name))
    missing = [part for part, pattern in words(name).sections.items()
               if not any(re.search(pattern, heading, re.I) for heading in headings)]
    assert not missing, f"facilitation/{name}.md has no section about {missing}"


@pytest.mark.parametrize("name", GUIDES)
def test_the_agenda_adds_up_to_90_minutes(name: str) -> None:
    rows = agenda_rows(guide(name), words(name).sections["agenda"])
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
    missing = [block for block in words(name).agenda_blocks if block not in blocks]
    assert not missing, f"the agenda has no block for {missing}"


def test_every_game_has_a_guide_and_every_guide_is_tested() -> None:
    stems = {path.stem for path in FACILITATION.glob("*.md")} - {"README"}
    guides = {stem for stem in stems if "." not in stem}
    assert guides == set(GAMES), f"guides {sorted(guides)}, tested {sorted(GAMES)}: add to GAMES"
    translated = stems - guides
    assert translated == set(TRANSLATIONS), (
        f"translations {sorted(translated)}, tested {sorted(TRANSLATIONS)}: add to TRANSLATIONS")
    for name, (game, language) in TRANSLATIONS.items():
        assert name == f"{game}.{language}" and game in GAMES and language in WORDS
        assert catalogue_path(language).exists(), f"{name}.md: the app has no {language!r}"
    assert set(APP_GAMES) == set(GAMES), f"the app's games {sorted(APP_GAMES)} each need a guide"
    assert set(OPTIONS) == set(MODULES) == set(GAMES)


def test_the_indexes_point_at_every_guide() -> None:
    index = (FACILITATION / "README.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for game in GAMES:
        assert f"({game}.md)" in index, f"facilitation/README.md does not link to {game}.md"
        assert f"facilitation/{game}.md" in readme, f"README.md does not name {game}.md"
    for name in TRANSLATIONS:
        assert f"({name}.md)" in index, f"facilitation/README.md does not link to {name}.md"
        original = guide(game_of(name))
        assert f"({name}.md)" in original, f"{game_of(name)}.md does not link to {name}.md"


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading.

    >>> slug("The 90-minute agenda"), slug("Set-up in the dashboard")
    ('the-90-minute-agenda', 'set-up-in-the-dashboard')
    """
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("name", [*GUIDES, "README"])
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


# ----- learning outcomes, 4C, safety, roles, debrief, timing ------------------------------------
def section(text: str, pattern: str) -> str:
    """The body of the first heading matching ``pattern`` (case-insensitive), up to the next
    heading of the same or a higher level."""
    headings = list(re.finditer(r"^(#{1,6})\s+(.+)$", FENCE.sub(lambda m: " " * len(m[0]), text),
                                re.M))
    for index, match in enumerate(headings):
        if re.search(pattern, match[2].strip(), re.I):
            level = len(match[1])
            end = next((later.start() for later in headings[index + 1:]
                        if len(later[1]) <= level), len(text))
            return text[match.end():end]
    raise AssertionError(f"no heading matches {pattern!r}")


@pytest.mark.parametrize("name", GUIDES)
def test_the_guide_lists_its_learning_outcomes(name: str) -> None:
    heading = words(name).sections["learning outcomes"]
    outcomes = [line for line in section(guide(name), heading).splitlines()
                if line.startswith("- ")]
    assert len(outcomes) >= 3, f"facilitation/{name}.md lists {len(outcomes)} learning outcomes"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("heading", list(MUST_SAY))
def test_each_part_says_what_a_coach_needs(game: str, heading: str) -> None:
    body = section(guide(game), heading)
    missing = [what for what, pattern in MUST_SAY[heading].items()
               if not re.search(pattern, body, re.I)]
    assert not missing, f"facilitation/{game}.md, section {heading!r}, does not mention {missing}"


@pytest.mark.parametrize(("name", "heading"), [
    (name, heading) for name in TRANSLATIONS for heading in words(name).must_say])
def test_each_part_of_a_translation_says_what_a_coach_needs(name: str, heading: str) -> None:
    body = section(guide(name), heading)
    missing = [what for what, pattern in words(name).must_say[heading].items()
               if not re.search(pattern, body, re.I)]
    assert not missing, f"facilitation/{name}.md, section {heading!r}, does not mention {missing}"


@pytest.mark.parametrize("name", GUIDES)
def test_the_roles_name_the_handouts_command(name: str) -> None:
    from devgames.handouts import HANDOUTS

    body = section(guide(name), words(name).sections["roles"])
    assert f"`devgames handouts {game_of(name)}`" in body
    assert {"observer", "debrief"} <= set(HANDOUTS), "the handouts the guides mention are gone"


@pytest.mark.parametrize("name", GUIDES)
def test_the_debrief_gets_25_to_30_minutes(name: str) -> None:
    language = words(name)
    rows = agenda_rows(guide(name), language.sections["agenda"])
    minutes = sum(int(m[2]) - int(m[1]) for row in rows
                  if language.debrief in row[1].lower() and (m := MINUTES.fullmatch(row[0])))
    low, high = DEBRIEF_MINUTES
    assert low <= minutes <= high, f"the debrief of facilitation/{name}.md gets {minutes} minutes"
    body = section(guide(name), rf"^{language.debrief}$")
    spans = set(CODE_SPAN.findall(body))
    assert set(RETRO_COLUMNS) <= spans, f"the debrief names no column {set(RETRO_COLUMNS) - spans}"
    assert set(RETRO_COLUMNS) <= csv_columns(game_of(name)), (
        "retro.csv lacks a column the guide names")


def test_the_index_says_which_game_for_which_need() -> None:
    index = (FACILITATION / "README.md").read_text(encoding="utf-8")
    body = section(index, r"which game for which need")
    rows = [line for line in body.splitlines() if line.startswith("|")][2:]
    assert len(rows) >= len(GAMES)
    for game in GAMES:
        assert any(f"({game}.md)" in row for row in rows), f"no need leads to {game}.md"


def timing_table(text: str) -> dict[tuple[str, str], list[str]]:
    """The Scrumkin guide's timing table: (preset, teams) -> the other cells."""
    body = section(text, r"^timing")
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in body.splitlines() if line.startswith("|")][2:]
    return {(row[0], row[1]): row[2:] for row in rows}


def test_the_scrumkin_timing_table_is_what_the_simulation_prints() -> None:
    from devgames.scrumkin.options import PRESETS
    from devgames.scrumkin.timing import TEAMS, markdown, timing_rows

    text = guide("scrumkin")
    command = TIMING_COMMAND.search(section(text, r"^timing"))
    assert command, "the timing section does not give the command that regenerates its table"
    games, seed = int(command[1]), int(command[2])
    table = timing_table(text)
    teams = [*map(str, TEAMS), f"{min(TEAMS)}-{max(TEAMS)}"]
    assert set(table) == {(preset, count) for preset in PRESETS for count in teams}
    # One line played again in full (the others come from the same run of the same command).
    again = markdown(timing_rows(games=games, seed=seed, teams=(3,), presets=("short",)))
    line = again.splitlines()[2]
    assert line.strip("| ").split(" | ")[2:] == table[("short", "3")], (
        f"the guide's table is not what the command prints now; run it again:\n{again}")
    finished = {preset: int(table[(preset, teams[-1])][-1].rstrip("%")) for preset in PRESETS}
    assert finished["short"] >= 80 > 50 > finished["standard"]
    agenda = section(text, r"agenda")
    assert '"Preset": "short"' in agenda and PRESETS["short"]["sprint_cap"] == 7


# ----- РЕЛИЗ: the rules a table asks for first ---------------------------------------------
def test_the_reliz_rules_in_three_minutes_say_how_to_win_the_draw_and_the_hand_limit() -> None:
    """The script names who wins, the turn's tile draw, an undecided game and the hand limit with
    the engine's number; the notes under it give each scenario's hand limit as the engine has it
    and whom Cooperation's Sick Leave may name, as the engine lets it."""
    from devgames.reliz.setup import SCENARIOS

    body = section(guide("reliz"), r"^the rules in three minutes$")
    script = " ".join(line.lstrip("> ") for line in body.splitlines() if line.startswith(">"))
    limit = SCENARIOS["duel"].hand_limit
    assert SCENARIOS["prototype"].hand_limit == limit  # the script's game: either two-seat one
    must = {
        "the win condition": r"the last free zone wins",
        "the tile drawn each turn": r"draw one tile",
        "a drawn (undecided) game": r"\bA draw\b.*\bundecided\b",
        "the hand limit": rf"hand limit: {limit} tiles",
        "the whole tile hand going back": r"whole hand\s+of tiles goes back",
    }
    missing = [what for what, pattern in must.items() if not re.search(pattern, script, re.I)]
    assert not missing, f"facilitation/reliz.md's three-minute rules do not say {missing}"

    notes = " ".join(body.split())
    stated = {name.strip(): int(count) for count, names in re.findall(
        r"(\d+) (?:in|for each member of a team in) ([A-Z][^;(]+)", notes)
        for name in re.split(r",| and ", names)}
    assert stated == {s.name_en: s.hand_limit for s in SCENARIOS.values()}

    sick = notes[notes.index("Sick Leave in Cooperation"):]
    assert "names another team, never the team that plays it" in sick
    assert "may name any team, the team playing it too" in sick
    game = reliz.new_game(["Ana", "Ben", "Cy"], seed=1, scenario="cooperation")
    assert all(p not in game.opponents(p) for p in range(3))
    game.central_open = True  # the central integration is open
    assert all(game.opponents(p) == [q for q in range(3) if q != p] + [p] for p in range(3))


def test_the_reliz_rules_in_three_minutes_say_the_same_in_russian() -> None:
    """The Russian script says the same as the English one, in the rulebook's words: who wins,
    the turn's tile, an undecided game, the hand limit with the engine's number and the whole
    hand going back; the notes under it give each scenario's hand limit under its Russian name,
    and whom Cooperation's Sick Leave (Болезнь) may name."""
    from devgames.reliz.setup import SCENARIOS

    body = section(guide("reliz.ru"), r"^правила за три минуты$")
    script = " ".join(line.lstrip("> ") for line in body.splitlines() if line.startswith(">"))
    limit = SCENARIOS["duel"].hand_limit
    must = {
        "the win condition": r"последнюю\s+свободную\s+зону,\s+тот\s+сразу\s+выигрывает",
        "the tile drawn each turn": r"берёте\s+одну\s+костяшку",
        "a drawn (undecided) game": r"\bНичья\b.*\bбез\s+победителя\b",
        "the hand limit": rf"лимит руки: {limit} костяш",
        "the whole tile hand going back": r"сбрасываете\s+в\s+колоду\s+всю\s+руку\s+костяшек",
    }
    missing = [what for what, pattern in must.items() if not re.search(pattern, script, re.I)]
    assert not missing, f"facilitation/reliz.ru.md's three-minute rules do not say {missing}"

    notes = " ".join(body.split())
    limits = notes[notes.index("Лимит руки зависит от сценария"):]
    limits = limits[:limits.index("(")]
    stated = {name.strip(): int(count) for count, names in re.findall(
        r"(\d+)(?: на каждого участника команды)? — ([А-ЯЁ][^;]+)", limits)
        for name in re.split(r",|\sи\s", names)}
    assert stated == {s.name_ru: s.hand_limit for s in SCENARIOS.values()}

    sick = notes[notes.index("Болезнь* в Кооперации"):]
    assert "называет другую команду, но никогда не ту, что её разыгрывает" in sick
    assert "может назвать любую команду, в том числе ту, что её разыгрывает" in sick
