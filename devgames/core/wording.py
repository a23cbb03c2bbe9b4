"""Words for what a game shows: view keys as headings, items and values as short phrases.

Shared by the terminal table and the dashboards, so a card reads the same everywhere.
"""

from collections.abc import Callable, Sequence
from typing import Any

from devgames import SpecTable
from devgames.core.actions import CHANCE, Action, Event
from devgames.core.game import Game
from devgames.core.key_words import KEY_WORDS
from devgames.i18n import _, ngettext


def label(key: str) -> str:
    """A view key as a heading, in the language in use (see :mod:`devgames.core.key_words`).

    >>> label("hand_size")
    'hand size'
    >>> from devgames.i18n import speaking
    >>> with speaking("ru"):
    ...     label("hand_size"), label("Ada")
    ('в руке', 'Ada')
    """
    words = KEY_WORDS.get(key)
    return _(words) if words is not None else key.replace("_", " ")


def is_empty(value: Any) -> bool:
    """True for values not worth showing on the table (None, "", [], {}, False).

    >>> [is_empty(v) for v in (None, "", [], False, 0, "x")]
    [True, True, True, True, False, False]
    """
    return value is None or value is False or (isinstance(value, str | list | tuple | dict)
                                               and not value)


#: Display names of the games, from their specs.
GAME_TITLES: SpecTable[str] = SpecTable(lambda spec: spec.title)
#: Details of an item shown without their label, because they say what the item is.
BARE_KEYS = frozenset({"kind", "figures"})


def game_title(name: str) -> str:
    """A game's name for headings.

    >>> game_title("itstartup"), game_title("scrumkin")
    ('IT Startup', 'Scrumkin')
    """
    return GAME_TITLES.get(name, name.replace("_", " ").title())


#: What each game calls the seats at its table ("player" or "team"), from their specs.
SEAT_NOUNS: SpecTable[str] = SpecTable(lambda spec: spec.seat_noun)


def seat_noun(game: str) -> str:
    """What ``game`` calls one seat at its table.

    >>> seat_noun("scrumkin"), seat_noun("itstartup")
    ('team', 'player')
    """
    return SEAT_NOUNS.get(game, "player")


#: A number of things, in words of the language in use (its plural forms), by the thing's name:
#: a table's seats, a game's rounds (what the planner counts), games.
_COUNTED: dict[str, Callable[[int], str]] = {
    "team": lambda n: ngettext("{n} team", "{n} teams", n),
    "player": lambda n: ngettext("{n} player", "{n} players", n),
    "sprint": lambda n: ngettext("{n} sprint", "{n} sprints", n),
    "round": lambda n: ngettext("{n} round", "{n} rounds", n),
    "release": lambda n: ngettext("{n} release", "{n} releases", n),
    "turn": lambda n: ngettext("{n} turn", "{n} turns", n),
    "game": lambda n: ngettext("{n} game", "{n} games", n),
}


def counted(noun: str, count: int | float, shown: str | None = None) -> str:
    """``count`` ``noun``s in words of the language in use, the number as ``shown`` (else as
    it is); a noun the kit has no words for gets an "s".

    >>> counted("sprint", 1), counted("game", 1000, "1,000"), counted("lap", 2)
    ('1 sprint', '1,000 games', '2 laps')
    >>> from devgames.i18n import speaking
    >>> with speaking("ru"):
    ...     counted("sprint", 1), counted("sprint", 3), counted("team", 5), counted("turn", 21)
    ('1 спринт', '3 спринта', '5 команд', '21 ход')
    """
    shown = f"{count:g}" if shown is None else shown
    # A fraction takes the form of a few (0.5 спринта; in English, the plural).
    n = int(count) if float(count).is_integer() else 2
    words = _COUNTED.get(noun)
    if words is None:
        return f"{shown} {noun}{'' if n == 1 else 's'}"
    return words(n).format(n=shown)


def seat_count(game: str, count: int) -> str:
    """``count`` seats of ``game``'s table, in words of the language in use.

    >>> seat_count("scrumkin", 3), seat_count("itstartup", 1)
    ('3 teams', '1 player')
    """
    return counted("team" if seat_noun(game) == "team" else "player", count)


def how_many(minimum: int, maximum: int, noun: str) -> str:
    """How many ``noun``s a table seats, as words.

    >>> how_many(2, 2, "player"), how_many(2, 8, "team"), how_many(1, 1, "team")
    ('exactly 2 players', '2 to 8 teams', 'exactly 1 team')
    >>> from devgames.i18n import speaking
    >>> with speaking("ru"):
    ...     how_many(2, 4, "player"), how_many(2, 8, "team"), how_many(1, 1, "team")
    ('от 2 до 4 игроков', 'от 2 до 8 команд', 'ровно 1 команда')
    """
    team = noun == "team"
    if minimum == maximum:
        text = (ngettext("exactly {n} team", "exactly {n} teams", maximum) if team
                else ngettext("exactly {n} player", "exactly {n} players", maximum))
        return text.format(n=maximum)
    text = (ngettext("{low} to {n} team", "{low} to {n} teams", maximum) if team
            else ngettext("{low} to {n} player", "{low} to {n} players", maximum))
    return text.format(low=minimum, n=maximum)


def count_refusal(minimum: int, maximum: int, given: int, noun: str) -> str:
    """The sentence refusing a table of ``given`` seats.

    >>> count_refusal(2, 2, 3, "team")
    'This game needs exactly 2 teams; 3 were given.'
    >>> count_refusal(2, 5, 1, "player")
    'This game needs 2 to 5 players; 1 was given.'
    """
    return ngettext("This game needs {seats}; {n} was given.",
                    "This game needs {seats}; {n} were given.", given).format(
        seats=how_many(minimum, maximum, noun), n=given)


def describe_item(item: Any) -> str:
    """A card or other item of a view as a short phrase: its name, then its other details.

    Numbers, names and lists are labelled; a list's entries are joined with "+".

    >>> describe_item({"id": 3, "card": "Flu", "figures": "-2 -1", "defensive": False})
    'Flu (-2 -1)'
    >>> describe_item({"card": "Fairy dust", "id": 27, "value": 3, "age": 1})
    'Fairy dust (value 3, age 1)'
    >>> describe_item({"card": "Intern", "kind": "developer", "burnout": 1,
    ...                "knowledge": ["TDD", "SOLID"], "outsourced_from": "Ada"})
    'Intern (developer, burnout 1, knowledge TDD + SOLID, outsourced from Ada)'
    >>> describe_item({"card": "Kathy Sierra", "figures": "12 of Doors: scores 4 at once"})
    'Kathy Sierra, 12 of Doors: scores 4 at once'
    >>> describe_item("Pair programming")
    'Pair programming'
    """
    if not isinstance(item, dict):
        return format_value(item)
    name_key = next((key for key in ("card", "name", "title") if key in item), None)
    extras = []
    for key, value in item.items():
        if key in (name_key, "id") or is_empty(value):
            continue
        if value is True:
            extras.append(label(key))
        elif isinstance(value, int | float):
            extras.append(f"{label(key)} {value}")
        elif key in BARE_KEYS:
            extras.append(format_value(value))
        elif isinstance(value, list | tuple):
            extras.append(f"{label(key)} " + " + ".join(map(format_value, value)))
        else:
            extras.append(f"{label(key)} {format_value(value)}")
    name = str(item[name_key]) if name_key else ""
    if name and len(extras) == 1 and ": " in extras[0]:  # a sentence reads after a comma
        return f"{name}, {extras[0]}"
    details = f"({', '.join(extras)})" if extras else ""
    return " ".join(part for part in (name, details) if part)


def percent(fraction: float) -> str:
    """A probability as a percentage, to one decimal where it has one.

    >>> percent(0.0244), percent(1.0), percent(0), percent(0.125)
    ('2.4%', '100%', '0%', '12.5%')
    """
    return f"{fraction * 100:.1f}".removesuffix(".0") + "%"


def format_fact(key: str, value: Any) -> str:
    """A value of a view as text, knowing its key: chances as percentages.

    >>> format_fact("chance_next_explodes", 0.0244), format_fact("deck_size", 41)
    ('2.4%', '41')
    """
    if "chance" in key and isinstance(value, float | int) and not isinstance(value, bool):
        return percent(value)
    return format_value(value)


def format_value(value: Any) -> str:
    """Any value of a view as text.

    >>> format_value(True), format_value(["Red", "Blue"]), format_value(("8 of Doors", ""))
    ('yes', 'Red, Blue', '8 of Doors')
    >>> format_value({"card": "Flu", "by": "Red", "counters": []})
    'card Flu, by Red'
    >>> format_value({"game": 2, "wins": {"Ada": 1, "Bob": 0}})
    'game 2, wins (Ada 1, Bob 0)'
    """
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list | tuple):
        if any(isinstance(item, dict) for item in value):
            return "; ".join(describe_item(item) for item in value)
        return ", ".join(format_value(item) for item in value if item not in (None, ""))
    if isinstance(value, dict):
        return ", ".join(
            f"{label(key)} ({format_value(item)})" if isinstance(item, dict)
            else f"{label(key)} {format_value(item)}"
            for key, item in value.items() if not is_empty(item)
        )
    return str(value)


def common_prefix(texts: Sequence[str]) -> str:
    """The words all the texts begin with (cut at a space), to be shown once above a list.

    >>> common_prefix(["The card drawn is Flu", "The card drawn is Fairy dust"])
    'The card drawn is '
    >>> common_prefix(["Red plays", "Blue plays"])
    ''
    """
    if len(texts) < 2:
        return ""
    low, high = min(texts), max(texts)
    size = next((i for i, (a, b) in enumerate(zip(low, high, strict=False)) if a != b),
                len(low))
    prefix = low[:size]
    return prefix[: prefix.rfind(" ") + 1]


def public_lines(game: Game, action: Action, events: Sequence[Event]) -> list[str]:
    """What the table may learn of a move: the public sentences of its events.

    A move with no public sentence is described, unless it caused a private event (a card
    dropped face down, a card dealt) that the description could give away.
    """
    lines = [text for event in events if (text := game.narrate(event))]
    if not lines and not any(event.private for event in events):
        lines = [game.describe(action)]
    return lines


def choices(game: Game) -> tuple[list[Action], list[str], str]:
    """The moves open now, a label for each, and a heading for the list.

    A player's moves are labelled by ``describe``. Cards to enter from a physical deck that read
    the same (copies of one card) are listed once, with a count, under a shared heading.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=1, deck="physical")
    >>> actions, labels, heading = choices(game)
    >>> heading, labels[0]
    ('The card drawn is...', 'Scope creep (-1)')
    """
    legal = game.legal_actions()
    if game.current_player != CHANCE:
        options = list(dict.fromkeys(legal))
        return options, [game.describe(a) for a in options], _("Your options")
    groups: dict[str, list[Action]] = {}
    for action in legal:
        groups.setdefault(game.describe(action), []).append(action)
    prefix = common_prefix(list(groups))
    labels = [
        text[len(prefix):] + (f" (x{len(same)})" if len(same) > 1 else "")
        for text, same in groups.items()
    ]
    heading = _("{prefix}...").format(prefix=prefix.strip() or _("The card entered is"))
    return [same[0] for same in groups.values()], labels, heading


def recent_news(game: Game, count: int = 8) -> list[str]:
    """The last ``count`` lines of "what just happened", as the table told them move by move:
    rebuilt by replaying the log, so that a reopened session shows what it showed.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=7)
    >>> game.play("Red", "Scope creep", target="Blue")
    >>> recent_news(game)
    ["Red lays Scope creep into Blue's game."]
    """
    replay = game.session().new_game()
    lines: list[str] = []
    for action in game.log:
        before = len(replay.events)
        replay.apply(action)
        lines = [*lines, *public_lines(replay, action, replay.events[before:])][-count:]
    return lines
