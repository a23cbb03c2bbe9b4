"""The presets made for workshops fit them: a fixed-seed simulation of each, timed at the game's
default pace, ends within the workshop's play in at least 4 games in 5; and the set-up form
offers them."""

import time

import pytest

from devgames import game_module
from devgames.dashboards.setup_form import game_presets, preset_labels
from devgames.sim.durations import FITS, SLOTS, SetUp, measure

#: (game, seats, preset, the workshop it is made for).
PRESETS = (
    ("itstartup", 3, "short", 90),
    ("itstartup", 3, "quick", 60),
    ("release", 4, "short", 90),
    ("release", 4, "quick", 60),
    ("reliz", 2, "short", 60),
    ("reliz", 2, "short", 90),
)


@pytest.mark.parametrize(("game", "seats", "preset", "workshop"), PRESETS)
def test_the_preset_ends_within_its_workshops_play(game: str, seats: int, preset: str,
                                                    workshop: int) -> None:
    started = time.monotonic()
    row = measure(SetUp(game, seats, preset), games=60, seed=7)
    assert row.within[workshop] >= FITS, (
        f"{game} {preset!r} with {seats} seats ends within {SLOTS[workshop]} minutes in "
        f"{row.within[workshop]:.0%} of the games")
    assert row.capped == 0
    assert time.monotonic() - started < 10


@pytest.mark.parametrize(("game", "standard"), [("itstartup", 0.1), ("release", 0.0),
                                                 ("reliz", 0.5)])
def test_the_standard_game_does_not_fit_a_60_minute_workshop(game: str, standard: float) -> None:
    seats = {"itstartup": 3, "release": 4, "reliz": 2}[game]
    row = measure(SetUp(game, seats, "standard"), games=60, seed=7)
    assert row.within[60] <= standard + 0.1 < FITS


@pytest.mark.parametrize("game", ["itstartup", "release", "reliz"])
def test_the_set_up_form_offers_the_presets(game: str) -> None:
    module = game_module(game)
    offered = game_presets(module)
    assert {"standard", "short"} <= set(offered)
    labels = preset_labels(module)
    assert "workshop" in labels["short"]
    defaults = module.new_game([f"seat {n}" for n in range(4 if game == "release" else 2)],
                               seed=1).options
    assert all(getattr(defaults, key) == value for key, value in offered["standard"].items())


@pytest.mark.parametrize(("game", "preset"), [("itstartup", "short"), ("itstartup", "quick"),
                                              ("release", "short"), ("release", "quick"),
                                              ("reliz", "short")])
def test_the_set_up_form_starts_a_session_with_the_preset(game: str, preset: str) -> None:
    from devgames.dashboards.setup_form import SetupForm

    started: list[object] = []
    form = SetupForm(game, started.append)
    assert form.preset is not None and form.preset.value == "standard"
    form.preset.value = preset
    wanted = game_presets(game_module(game))[preset]
    assert {name: form.options[name].value for name in wanted} == wanted
    form.start.click()
    assert started, "the form refused the preset's set-up"
    options = started[0].game.options  # type: ignore[attr-defined]
    assert {name: getattr(options, name) for name in wanted} == wanted
