"""Team colours: a team named after a colour is drawn in it; teams are told apart; every colour
stays readable on both themes' backgrounds."""

import colorsys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from devgames.screens.colors import BACKGROUNDS, MIN_CONTRAST, contrast, team_colors


def hue(color: str) -> float:
    red, green, blue = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hls(red, green, blue)[0] * 360


def near(angle: float, target: float, within: float = 20) -> bool:
    gap = abs(angle - target) % 360
    return min(gap, 360 - gap) <= within


@pytest.mark.parametrize("dark", [False, True])
def test_a_team_named_after_a_colour_gets_it(dark: bool) -> None:
    names = ["Blue", "Team Red", "Green", "Ops", "Orange squad", "Жёлтые"]
    colors = dict(zip(names, team_colors(names, dark), strict=True))
    assert near(hue(colors["Team Red"]), 0)
    assert near(hue(colors["Blue"]), 205)
    assert near(hue(colors["Green"]), 160)
    assert near(hue(colors["Orange squad"]), 40)
    assert near(hue(colors["Жёлтые"]), 56)
    # "Red" is red and "Blue" blue, never the other way round (the palette's first colours).
    assert not near(hue(colors["Blue"]), 0) and not near(hue(colors["Team Red"]), 205)


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("count", range(2, 11))
def test_teams_get_distinct_readable_colours(dark: bool, count: int) -> None:
    for names in (
        [f"Team {n}" for n in range(count)],
        ["Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Pink", "Black", "White",
         "Grey"][:count],
    ):
        colors = team_colors(names, dark)
        assert len(set(colors)) == count
        for color in colors:
            assert contrast(color, BACKGROUNDS[dark]) >= MIN_CONTRAST, (names, color)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["Red", "red", "Blue", "Ops", "Dev", "Зелёные", "QA", "Black",
                                 "White", "<b>Red</b>", "Yellow", "Pink team"]),
                min_size=2, max_size=8, unique=True), st.booleans())
def test_any_names_get_distinct_readable_colours(names: list[str], dark: bool) -> None:
    colors = team_colors(names, dark)
    assert len(set(colors)) == len(names)
    assert all(contrast(c, BACKGROUNDS[dark]) >= MIN_CONTRAST for c in colors)

