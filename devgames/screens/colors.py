"""Team colours that mean something: a team named after a colour ("Red", "Team Blue", "Зелёные")
gets that colour; the other teams get the Okabe-Ito palette, which colour-blind viewers can tell
apart, skipping the hues the named teams took. A team has one colour everywhere (scoreboard,
charts, debrief, curtain), in a shade of it for each theme with a contrast of at least
:data:`MIN_CONTRAST` against that theme's background, so it stays readable on a washed-out
projector.

>>> team_colors(["Blue", "Red", "Ops"])
['#0072b2', '#c0392b', '#a87500']
>>> contrast(team_colors(["Yellow"])[0], BACKGROUNDS[False]) >= MIN_CONTRAST
True
"""

import colorsys
import re
from collections.abc import Sequence
from typing import Any

#: The page's background in the light (False) and dark (True) themes.
BACKGROUNDS = {False: "#ffffff", True: "#101418"}
#: The least contrast ratio (WCAG) of a team colour against the background: lines, bars and
#: large text stay visible from the back of the room.
MIN_CONTRAST = 3.0

#: Colour words (English and Russian stems) and the colour they name, in the Okabe-Ito family
#: where it has one.
NAMED = {
    "red": "#c0392b", "красн": "#c0392b",
    "blue": "#0072b2", "син": "#0072b2", "голуб": "#56b4e9",
    "green": "#009e73", "зел": "#009e73",
    "yellow": "#f0e442", "жёлт": "#f0e442", "желт": "#f0e442",
    "orange": "#e69f00", "оранж": "#e69f00",
    "purple": "#8e44ad", "violet": "#8e44ad", "фиолет": "#8e44ad",
    "pink": "#cc79a7", "розов": "#cc79a7",
    "brown": "#8b5a2b", "коричн": "#8b5a2b",
    "grey": "#7f7f7f", "gray": "#7f7f7f", "сер": "#7f7f7f",
    "black": "#000000", "чёрн": "#000000", "черн": "#000000",
    "white": "#ffffff", "бел": "#ffffff",
    "cyan": "#56b4e9", "teal": "#008080", "sky": "#56b4e9",
}
#: The Okabe-Ito palette (without black), in the order teams get it, then Paul Tol's muted
#: palette for the hues Okabe-Ito lacks (many teams, or several teams named after colours).
PALETTE = ["#e69f00", "#56b4e9", "#009e73", "#0072b2", "#d55e00", "#cc79a7", "#f0e442",
           "#332288", "#117733", "#882255", "#999933", "#44aa99", "#aa4499", "#999999"]
#: Two colours count as the same unless their hues differ by this much (degrees) or their
#: lightness by SAME_LIGHTNESS (0 to 1).
SAME_HUE = 25.0
SAME_LIGHTNESS = 0.25

_WORD = re.compile(r"[^\W\d_]+")


def named_color(name: str) -> str | None:
    """The colour a team's name names, if any: a word of the name that is, or (Russian) starts
    with, a colour word.

    >>> named_color("Team Red"), named_color("Красные"), named_color("Redwood"), named_color("Ops")
    ('#c0392b', '#c0392b', None, None)
    """
    for word in _WORD.findall(name.casefold()):
        if word in NAMED:
            return NAMED[word]
        for stem, color in NAMED.items():
            if not stem.isascii() and word.startswith(stem):
                return color
    return None


def team_colors(names: Sequence[str], dark: bool = False) -> list[str]:
    """One colour per team, in seat order, for the light or the dark theme.

    Colours are distinct for distinct teams (two teams naming the same colour get a darker and a
    lighter shade of it), and each has a contrast of at least MIN_CONTRAST with the background.

    >>> team_colors(["Red", "Red team", "Blue"], dark=True)
    ['#c0392b', '#d24637', '#0072b2']
    """
    wanted = [named_color(name) for name in names]
    used = [color for color in wanted if color is not None]
    colors: list[str] = []
    for color in wanted:
        if color is None:
            color = _farthest([c for c in PALETTE if c not in used], used)
            used.append(color)
        shade = readable(color, dark)
        while shade in colors:  # the same colour named twice: a step lighter or darker
            shade = _step(shade, dark)
        colors.append(shade)
    return colors


def seat_colors(game: Any, dark: bool = False) -> dict[str, str]:
    """Each player's colour; players in a team (Release!'s pairs: ``game.teams``) all wear the
    colour of its first seat, as the charts draw the team.

    >>> from devgames import release
    >>> colors = seat_colors(release.new_game(["Ada", "Bob", "Cy", "Dee"], seed=1))
    >>> colors["Ada"] == colors["Cy"] != colors["Bob"] == colors["Dee"]
    True
    """
    players = list(game.players)
    colors = team_colors(players, dark)
    for seats in getattr(game, "teams", None) or ():
        for seat in seats:
            colors[seat] = colors[seats[0]]
    return dict(zip(players, colors, strict=True))


def _farthest(candidates: Sequence[str], used: Sequence[str]) -> str:
    """The first candidate that differs from every colour used (see SAME_HUE), else the one
    that differs most.

    >>> _farthest(["#e69f00", "#56b4e9"], ["#f0e442"])
    '#56b4e9'
    """
    def distance(color: str) -> float:
        return min((_difference(color, other) for other in used), default=1.0)

    for color in candidates:
        if distance(color) >= 1.0:
            return color
    return max(candidates, key=distance, default=PALETTE[0])


def _difference(first: str, second: str) -> float:
    """How far apart two colours look: 1 or more when they are told apart, by hue (greys have
    none) or by lightness.

    >>> _difference("#0072b2", "#56b4e9") >= 1, _difference("#e69f00", "#f0e442") >= 1
    (True, False)
    """
    (hue_a, light_a, sat_a), (hue_b, light_b, sat_b) = (
        colorsys.rgb_to_hls(*_rgb(color)) for color in (first, second))
    by_light = abs(light_a - light_b) / SAME_LIGHTNESS
    if (sat_a > 0.2) != (sat_b > 0.2):
        return max(1.0, by_light)  # a grey beside a colour
    by_hue = _hue_distance(hue_a * 360, hue_b * 360) / SAME_HUE if sat_a > 0.2 else 0.0
    return max(by_hue, by_light)


def readable(color: str, dark: bool) -> str:
    """``color`` made darker (light theme) or lighter (dark theme) until its contrast with the
    background is at least MIN_CONTRAST; the hue is kept.

    >>> readable("#f0e442", dark=False), readable("#000000", dark=True)
    ('#90870c', '#696969')
    """
    shade = color
    while contrast(shade, BACKGROUNDS[dark]) < MIN_CONTRAST:
        shade = _step(shade, dark)
    return shade


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two colours, from 1 (none) to 21 (black on white).

    >>> round(contrast("#000000", "#ffffff"), 1), round(contrast("#777777", "#ffffff"), 2)
    (21.0, 4.48)
    """
    lighter, darker = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _luminance(color: str) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(part) for part in _rgb(color))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def _rgb(color: str) -> tuple[float, float, float]:
    red, green, blue = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return red, green, blue


def _hex(red: float, green: float, blue: float) -> str:
    return "#" + "".join(f"{round(min(max(part, 0), 1) * 255):02x}" for part in (red, green, blue))


def _step(color: str, dark: bool) -> str:
    """A step lighter (dark theme) or darker (light theme), same hue and saturation."""
    hue, light, saturation = colorsys.rgb_to_hls(*_rgb(color))
    light = min(1.0, light + 0.06) if dark else max(0.0, light - 0.06)
    if light in (0.0, 1.0):  # no further step: turn to grey rather than loop for ever
        saturation = 0.0
    return _hex(*colorsys.hls_to_rgb(hue, light, saturation))


def _hue_distance(first: float, second: float) -> float:
    gap = abs(first - second) % 360
    return min(gap, 360 - gap)
