"""The set-up form: a refusal marks the field at fault (and the mark goes once it is changed),
the seat counts read naturally ("teams" for Scrumkin), and options take only allowed values,
in the form as on the command line."""

import dataclasses
from html import unescape

import pytest
from traitlets import TraitError

from devgames import GAMES, exploding, game_spec, scrumkin
from devgames.cli import main
from devgames.core.errors import SetupError
from devgames.core.options import build_options
from devgames.dashboards.setup_form import (
    INVALID,
    OPTION_METADATA,
    NewSession,
    SetupForm,
    option_widget,
)
from devgames.release import ReleaseGame
from devgames.scrumkin.options import PRESETS, ScrumkinOptions

started: list[NewSession] = []


def form_of(game: str) -> SetupForm:
    started.clear()
    form = SetupForm(game, started.append)
    form.seed.value = "7"
    return form


def refused(form: SetupForm) -> str:
    """Click Start, which must refuse; the sentence shown."""
    form.start.click()
    assert not started and "dg-error" in form.notice._dom_classes
    return unescape(form.notice.value)


def marked(form: SetupForm) -> list:
    return [box for box in form.fields if INVALID in box._dom_classes]


def names(form: SetupForm) -> list:
    return [row.children[0] for row in form.seats.children]


def test_an_empty_name_is_marked_until_it_is_typed() -> None:
    form = form_of("scrumkin")
    names(form)[1].value = ""
    assert "empty name" in refused(form)
    assert marked(form) == [names(form)[1]]
    names(form)[1].value = "Blue"
    assert marked(form) == []
    form.start.click()
    assert len(started) == 1 and form.notice.value == ""


def test_both_names_of_a_pair_are_marked() -> None:
    form = form_of("itstartup")
    form.set_seats([("Ada", "human"), ("Bob", "random"), ("ada ", "human")])
    assert "both called" in refused(form)
    first, _second, third = names(form)
    assert marked(form) == [first, third]
    third.value = "Cy"
    assert marked(form) == [first]  # the other one's mark goes at the next Start
    form.start.click()
    assert marked(form) == [] and len(started) == 1


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [("seed", "twelve", "whole number"), ("title", "x" * 101, "at most 100"),
     ("title", "Tab\there", "control characters")],
)
def test_seed_and_title_are_marked(field: str, value: str, reason: str) -> None:
    form = form_of("exploding")
    getattr(form, field).value = value
    assert reason in refused(form)
    assert marked(form) == [getattr(form, field)]
    assert getattr(form, field).value == value  # nothing lost


@pytest.mark.parametrize(
    ("game", "option", "value", "reason", "also"),
    [("scrumkin", "backlog", 0, "starting backlog", ["board"]),
     ("scrumkin", "sprint_cap", 0, "at least one sprint", ["collaborative_sprints"]),
     ("itstartup", "tournament_wins", 2, "at least 3 players", [])],
)
def test_an_option_refused_by_the_rules_is_marked(game: str, option: str, value: int,
                                                 reason: str, also: list[str]) -> None:
    form = form_of(game)
    if game == "itstartup":
        form.set_seats([("Ada", "human"), ("Bob", "human")])
    form.options[option].value = value
    assert form.more.selected_index is None
    assert reason in refused(form)
    assert form.more.selected_index == 0  # "More rules" opened on the field at fault
    assert marked(form) == [form.options[name] for name in form.options
                            if name in (option, *also)]
    form.options[option].value = form_of(game).options[option].value
    assert INVALID not in form.options[option]._dom_classes


def test_too_many_teams_marks_the_seats_and_reads_exactly() -> None:
    form = form_of("scrumkin")
    form.options["max_players"].value = 2
    message = refused(form)
    assert message == "This game needs exactly 2 teams; 3 were given."
    assert marked(form) == [form.seats]


def test_the_seat_counts_read_naturally() -> None:
    assert "2 to 8 teams; any seat can be a bot" in form_of("scrumkin").seats_heading.value
    assert "2 to 4 players; any seat" in form_of("itstartup").seats_heading.value
    form = form_of("exploding")
    while len(form.rows()) < 5:
        form.add_seat.click()
    form.add_seat.click()
    assert "seats at most 5 players" in form.notice.value
    form = form_of("scrumkin")
    form.set_seats([("Red", "human"), ("Blue", "human")])
    form.seats.children[0].children[2].click()
    assert "needs at least 2 teams" in form.notice.value
    with pytest.raises(SetupError, match="Two teams are both called 'red'"):
        scrumkin.new_game(["Red", "red"])
    with pytest.raises(SetupError, match="needs 2 to 5 players; 1 was given"):
        exploding.new_game(["Ada"])


def test_the_goal_offers_only_the_rules_goals_and_the_presets() -> None:
    form = form_of("itstartup")
    goal = form.options["goal"]
    assert [value for _label, value in goal.options] == [14, 24, 32, 64, 128]
    assert goal.value == 64
    with pytest.raises(TraitError):
        goal.value = 50
    goal.value = 128
    form.start.click()
    assert started[0].game.options.goal == 128
    tournament = form_of("itstartup").options["tournament_wins"]
    assert [value for _label, value in tournament.options] == [0, 2, 3]


def test_options_with_choices_refuse_other_values_naming_them() -> None:
    @dataclasses.dataclass(frozen=True)
    class Opts:
        goal: int = dataclasses.field(default=64, metadata={"choices": (32, 64, 128)})

    assert build_options(Opts, {"goal": 32}).goal == 32
    with pytest.raises(SetupError) as caught:
        build_options(Opts, {"goal": 50})
    assert str(caught.value) == "Option 'goal' must be one of 32, 64 or 128, not 50."
    with pytest.raises(SetupError, match="one of competitive or collaborative, not 'chaos'"):
        build_options(ScrumkinOptions, {"rulebook": "chaos"})


@pytest.mark.parametrize(
    ("args", "message"),
    [(["scrumkin", "--option", "rulebook=chaos"],
      "Option 'rulebook' must be one of competitive or collaborative, not 'chaos'."),
     (["exploding", "--option", "direction=up"],
      "Option 'direction' must be one of clockwise or counterclockwise, not 'up'."),
     (["scrumkin", "--players", "Ana"], "This game needs 2 to 8 teams; 1 was given."),
     (["itstartup", "--players", "Ana"], "This game needs 2 to 4 players; 1 was given.")],
)
def test_the_command_line_refuses_the_same_way(capsys: pytest.CaptureFixture[str],
                                              args: list[str], message: str) -> None:
    assert main(["play", *args, "--bot", "random"]) == 2
    out, err = capsys.readouterr()
    assert message in err and out == ""


def test_the_scrumkin_preset_fills_the_option_fields_and_starts_the_short_game() -> None:
    form = form_of("scrumkin")
    assert form.preset is not None and form.preset.value == "standard"
    assert [value for _label, value in form.preset.options] == ["standard", "short", "custom"]
    form.preset.value = "short"
    assert {name: form.options[name].value for name in PRESETS["short"]} == PRESETS["short"]
    form.options["backlog"].value = 4  # a field changed by hand: no preset any more
    assert form.preset.value == "custom"
    form.options["backlog"].value = 3
    assert form.preset.value == "short"
    form.options["rulebook"].value = "competitive"  # an option no preset sets changes nothing
    assert form.preset.value == "short"
    form.start.click()
    options = started[0].game.options
    assert (options.backlog, options.drop_against_bugs, options.sprint_cap) == (3, True, 7)
    form = form_of("scrumkin")
    assert form.preset is not None
    form.preset.value = "short"
    form.preset.value = "standard"
    assert {name: form.options[name].value for name in PRESETS["standard"]} == PRESETS["standard"]
    form.preset.value = "custom"  # picking custom leaves the fields as they are
    assert form.options["backlog"].value == 10
    assert form_of("exploding").preset is None  # only games with presets have the list


def test_a_deck_file_of_ones_own_is_loaded_or_refused_naming_its_line() -> None:
    """Release!: the facilitator loads a deck file typed from a printed copy; a bad line is
    refused in a sentence naming it (the field marked), a good file is the session's deck."""
    from devgames.release.cards import CARDS_FILE

    form = form_of("release")
    box = form.options["deck_file"]
    base = CARDS_FILE.read_text(encoding="utf-8")
    lines = base.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("1,"))
    broken = [*lines[:row], lines[row].replace(",2,", ",x,", 1), *lines[row + 1:]]
    box.load("typed.csv", "\n".join(broken).encode())
    assert box.value and "typed.csv" in box.status.value
    sentence = refused(form)
    assert f"line {row + 1}" in sentence and "rank" in sentence
    assert box in marked(form)
    renamed = base.replace("Kent Beck", "Our Kent", 1)
    box.load("house rules.csv", renamed.encode())
    form.start.click()
    [new] = started
    assert isinstance(new.game, ReleaseGame)
    assert "Our Kent" in {card.name for card in new.game.cards.values()}
    assert new.game.options.deck_file == renamed


def test_a_file_that_is_not_text_is_refused_before_the_game_sees_it() -> None:
    form = form_of("release")
    box = form.options["deck_file"]
    box.load("cards.xlsx", b"PK\x03\x04\xff\xfe")
    assert box.value == "" and "not a text file" in box.status.value
    box.load("huge.csv", b"x" * (box.MAX_BYTES + 1))
    assert box.value == "" and "too big" in box.status.value


@pytest.mark.parametrize("game", GAMES)
def test_every_option_says_only_what_the_form_reads(game: str) -> None:
    """A misspelt metadata key ("lable") would be ignored silently: every key is one the form
    or the engine reads."""
    for option in dataclasses.fields(game_spec(game).options):
        assert set(option.metadata) <= OPTION_METADATA, (game, option.name)
        assert option.name == "deck" or option_widget(option, option.default) is not None


def test_the_first_player_is_chosen_by_name_and_follows_the_seats() -> None:
    form = form_of("itstartup")
    first = form.seat_lists["first_player"]
    assert first.description == "First player" and first not in form.more.children[0].children
    assert first.options[:3] == (("Ada", 0), ("Bob", 1), ("Cy", 2)) and first.value == 0
    assert first.options[-1] == ("roll the die for it", -1)  # IT Startup rolls for it
    first.label = "Cy"
    names(form)[2].value = "Cyd"  # renamed as it is typed: still the same player
    assert first.label == "Cyd" and first.value == 2
    form.seats.children[0].children[2].click()  # a seat before it goes: it follows its player
    assert first.options[:2] == (("Bob", 0), ("Cyd", 1)) and first.value == 1
    names(form)[0].value = ""
    assert first.options[0] == ("seat 1", 0)
    names(form)[0].value = "Bob"
    form.start.click()
    assert list(started[0].game.players) == ["Bob", "Cyd"]
    assert started[0].game.options.first_player == 1


def test_it_startup_may_roll_for_the_first_player_and_keeps_the_roll_as_seats_change() -> None:
    form = form_of("itstartup")
    first = form.seat_lists["first_player"]
    first.value = -1
    names(form)[1].value = "Bo"
    form.seats.children[0].children[2].click()
    assert first.value == -1 and first.label == "roll the die for it"
    form.start.click()
    assert started[-1].game.options.first_player == -1
    others = form_of("exploding").seat_lists["first_player"].options
    assert ("roll the die for it", -1) not in others


def test_the_first_player_falls_back_to_the_first_seat_when_their_seat_goes() -> None:
    form = form_of("exploding")
    first = form.seat_lists["first_player"]
    first.value = 3
    form.seats.children[3].children[2].click()
    assert first.value == 0 and first.label == "Ada"
    assert form_of("scrumkin").seat_lists["first_leader"].label == "Red"


@pytest.mark.parametrize("count", [4, 6, 8, 10])
def test_release_shows_who_pairs_with_whom_as_the_names_are_typed(count: int) -> None:
    form = form_of("release")
    seats = [f"P{seat}" for seat in range(count)]
    form.set_seats([(name, "human") for name in seats])
    names(form)[0].value = "Data & Analytics"
    half = count // 2
    shown = unescape(form.pairs.value)
    assert shown.count("class='dg-pair'") == half
    assert f"Data & Analytics & P{half}<" in shown and f"P1 & P{half + 1}<" in shown
    assert form.pairs.layout.display == ""
    form.start.click()
    game = started[0].game
    assert isinstance(game, ReleaseGame)
    assert all(team in shown for team in game.team_names)


def test_release_shows_no_pairs_when_everyone_works_alone() -> None:
    form = form_of("release")
    assert form.pairs.value == "" and form.pairs.layout.display == "none"  # 3 players
    form.add_seat.click()
    assert "Pairs" in form.pairs.value
    form.options["style"].value = "remote"
    assert form.pairs.value == "" and form.pairs.layout.display == "none"
    assert form_of("scrumkin").pairs.value == ""


def test_more_rules_take_the_place_of_the_seats_and_start_stays() -> None:
    form = form_of("release")
    assert form.columns.layout.display != "none" and form.to_seats.layout.display == "none"
    form.more.selected_index = 0
    assert form.columns.layout.display == "none" and "dg-more-open" in form._dom_classes
    assert form.to_seats.layout.display != "none" and form.start in form.children[-1].children
    form.to_seats.click()
    assert form.more.selected_index is None and form.columns.layout.display != "none"
    assert "dg-more-open" not in form._dom_classes
    wide = [name for name in form.folded_options
            if "dg-option-wide" in form.options[name]._dom_classes]
    assert "first_lead" in wide and "style" not in wide  # a long choice takes two columns
    form.start.click()
    assert len(started) == 1
