"""What the shared screens once knew of particular games now comes from each game's spec: the
planner's default pace, the cards' names in a second language, and the debrief prompts that go
with one variant of the rules."""

import dataclasses

import pytest

from devgames import game_spec, game_specs, reliz, scrumkin
from devgames.core.bots import play_out
from devgames.screens.cards import card_html, other_name
from devgames.screens.debrief import GAME_DEBRIEFS, debrief_questions
from devgames.sim.planner import default_calibration

COLLABORATIVE_PROMPT = next(prompt for prompt in game_spec("scrumkin").debrief_prompts
                            if prompt.startswith("In the collaborative game"))


def test_the_planners_default_pace_is_each_games_spec() -> None:
    paces = {spec.name: default_calibration(spec.name).seconds_per_move for spec in game_specs()}
    assert paces == {spec.name: spec.seconds_per_move for spec in game_specs()}
    assert paces["scrumkin"] == 10.0 and paces["itstartup"] == 35.0
    assert paces["standup"] == 20.0, "a plugin game without a pace gets the default"


def test_a_spec_with_a_wrong_pace_or_wrong_card_names_is_refused_with_a_sentence() -> None:
    spec = game_spec("standup")
    with pytest.raises(ValueError, match="seconds_per_move must be a number of seconds above 0"):
        dataclasses.replace(spec, seconds_per_move=0)
    with pytest.raises(ValueError, match="card_names must map language codes"):
        dataclasses.replace(spec, card_names={"ru": {"Done": ""}})


def test_the_russian_card_names_come_from_the_spec() -> None:
    names = game_spec("reliz").card_names["ru"]
    assert names["Coffee Machine"] == "Кофемашина"
    assert all(name in {card.name for card in reliz.CARDS.values()} for name in names)
    assert "3|5" not in names, "a tile's name is the same in both languages"
    assert other_name("reliz", "Coffee Machine") == "Кофемашина"
    assert other_name("scrumkin", "Flu") is None and game_spec("scrumkin").card_names == {}
    assert '<span class="dg-name-ru" lang="ru">Кофемашина</span>' in card_html(
        "Coffee Machine", "reliz")


def test_the_collaborative_prompt_is_asked_only_in_the_collaborative_rulebook() -> None:
    assert COLLABORATIVE_PROMPT in GAME_DEBRIEFS["scrumkin"].when
    asked = {}
    for rulebook in ("competitive", "collaborative"):
        game = scrumkin.new_game(["Red", "Blue"], seed=3, rulebook=rulebook)
        play_out(game, {seat: scrumkin.BOTS["heuristic"](seat) for seat in range(2)})
        asked[rulebook] = COLLABORATIVE_PROMPT in debrief_questions(game)
    assert asked == {"competitive": False, "collaborative": True}
