"""`devgames play`: a game typed at the keyboard, with bots, hidden hands, undo and save."""

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from devgames import scrumkin
from devgames.cli import main
from devgames.core.session import Session
from devgames.terminal import SCREEN_BREAK, render_view

DEVGAMES = str(Path(sys.executable).with_name("devgames"))
ALWAYS_ONE = "1\n" * 3000  # more answers than any game needs: always the first option


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], typed: str,
         *args: str) -> tuple[int, str, str]:
    """Run `devgames play scrumkin ARGS` in this process with ``typed`` as the keyboard."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    status = main(["play", "scrumkin", "--bot", "random", *args])
    out, err = capsys.readouterr()
    return status, out, err


def saved_log(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["log"]


def test_a_game_typed_at_the_keyboard_runs_to_the_end_and_replays_to_the_same_table(
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    played = subprocess.run(
        [DEVGAMES, "play", "scrumkin", "--seed", "7", "--bot", "random", "--save", str(save)],
        input=ALWAYS_ONE, capture_output=True, text=True, encoding="utf-8", timeout=60,
    )
    assert played.returncode == 0, played.stderr
    assert "Scrumkin: You, Bot 1 (bot), Bot 2 (bot)." in played.stdout
    winner_line = played.stdout.strip().splitlines()[-3]
    assert winner_line.startswith(("The winner is", "The winners are", "Nobody won"))

    replayed = subprocess.run(
        [DEVGAMES, "replay", str(save)], capture_output=True, timeout=60,
    )
    assert replayed.returncode == 0, replayed.stderr
    final = json.loads(replayed.stdout.decode("utf-8"))
    assert final["is_over"]
    assert render_view(final) in played.stdout  # the last table shown is the replayed one
    assert all(name in winner_line for name in final["winners"])


def test_bots_play_visibly_and_their_moves_are_printed(monkeypatch, capsys) -> None:
    status, out, _ = play(monkeypatch, capsys, "", "--humans", "", "--seed", "2")
    assert status == 0
    assert re.search(r"^  Bot \d lays .+ into .+'s game\.$", out, re.MULTILINE)
    assert "Game over" in out
    assert "You (bot)" in out


def first_hand_names(seed: int, player: str) -> set[str]:
    return set(scrumkin.new_game(["Ana", "Ben", "Cy"], seed=seed).hand(player))


def test_each_hand_is_shown_only_after_the_keyboard_is_passed_to_its_owner(
        monkeypatch, capsys) -> None:
    seed = next(s for s in range(100)
                if not first_hand_names(s, "Ana") & first_hand_names(s, "Ben"))
    status, out, _ = play(monkeypatch, capsys, ALWAYS_ONE, "--players", "Ana,Ben,Cy",
                          "--humans", "Ana,Ben", "--seed", str(seed))
    assert status == 0 and "Game over" in out
    screens = out.split(SCREEN_BREAK)
    holder = None
    for screen in screens:
        passed = re.match(r"\s*Pass to (\w+); press Enter when only \1 is looking", screen)
        if passed:
            holder = passed.group(1)
        for owner in re.findall(r"^--- (\w+) to play ---$", screen, re.MULTILINE):
            assert owner == holder, "a hand was shown before the keyboard was passed on"
        assert screen.count("Your hand:") <= 1, "two hands on one screen"

    ana_first = next(s for s in screens if s.lstrip().startswith("Pass to Ana"))
    assert all(card in ana_first for card in first_hand_names(seed, "Ana"))
    assert not any(card in ana_first for card in first_hand_names(seed, "Ben"))
    assert "Cy (bot)" not in ana_first and "Your hand:" in ana_first


def test_a_peek_shows_its_player_the_cards_seen(monkeypatch, capsys) -> None:
    """Exploding Git Commits, seed 2: Ada's third option is her Peek into the Future; the next
    screen of her turn lists the cards she saw with her hand."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("3\n" + ALWAYS_ONE))
    status = main(["play", "exploding", "--players", "Ada,Bob", "--seed", "2"])
    out = capsys.readouterr().out
    assert status == 0
    after = out.split("Ada plays Peek into the Future", 1)[1].split("--- Ada to play ---", 1)[1]
    assert "You know the draw stack: " in after.split("Your options", 1)[0]


def test_undo_takes_back_the_last_move_and_the_bot_moves_after_it(
        monkeypatch, capsys, tmp_path: Path) -> None:
    before = tmp_path / "before.json"
    undone = tmp_path / "undone.json"
    play(monkeypatch, capsys, "1\nq\n", "--seed", "4", "--save", str(before))
    status, out, _ = play(monkeypatch, capsys, "1\n1\nu\nq\n", "--seed", "4", "--save", str(undone))

    assert status == 0
    took_back = re.search(r"Took back the last move by You and the (\d+) moves? after it\.", out)
    assert took_back and int(took_back.group(1)) > 0  # the bots had moved in between
    assert saved_log(undone) == saved_log(before)


def test_undo_with_nothing_to_take_back_says_so(monkeypatch, capsys) -> None:
    status, out, _ = play(monkeypatch, capsys, "u\nq\n\n", "--seed", "4")
    assert status == 0
    assert "There is no move of yours to take back yet." in out


def test_bad_input_is_explained_and_asked_again(monkeypatch, capsys, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    status, out, _ = play(monkeypatch, capsys, "zzz\n0\n99\n\n?\n1\nq\n", "--seed", "4",
                          "--save", str(save))
    assert status == 0
    assert "Nothing matches 'zzz'" in out
    assert "There is no option 0" in out and "There is no option 99" in out
    assert "Type a number from 1 to" in out
    assert "u          undo" in out  # the help
    assert len(saved_log(save)) >= 1  # the valid answer was then played


def test_end_of_input_stops_the_game_cleanly(monkeypatch, capsys) -> None:
    status, out, _ = play(monkeypatch, capsys, "1\n", "--seed", "4")
    assert status == 0
    assert out.rstrip().endswith("Input ended; the game stops here.")


def test_save_and_quit_write_sessions_that_replay(monkeypatch, capsys, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, _ = play(monkeypatch, capsys, "1\ns\nq\n", "--seed", "9")
    assert status == 0
    path = tmp_path / "devgames-scrumkin-9.json"
    assert f"Saved to {path.name}" in out
    assert len(Session.from_json(path.read_text(encoding="utf-8")).log) >= 1

    status, out, _ = play(monkeypatch, capsys, "q\nmine.json\n", "--seed", "9")
    assert "Save the game before quitting?" in out
    assert "devgames play scrumkin --resume mine.json" in out
    assert Session.from_json((tmp_path / "mine.json").read_text(encoding="utf-8")).log == []


def test_a_saved_game_can_be_resumed(monkeypatch, capsys, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    play(monkeypatch, capsys, "1\nq\n", "--seed", "5", "--save", str(save))
    moves = len(saved_log(save))
    status, out, _ = play(monkeypatch, capsys, "1\nq\n", "--resume", str(save))
    assert status == 0
    assert "Seed 5" in out
    assert len(saved_log(save)) > moves


def test_a_resumed_game_keeps_its_humans_and_bots(monkeypatch, capsys, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    play(monkeypatch, capsys, "q\n", "--players", "Ana,Ben,Cy", "--humans", "Ben",
         "--bot", "random", "--seed", "3", "--save", str(save))
    seats = Session.from_json(save.read_text(encoding="utf-8")).meta["seats"]
    assert seats == {"humans": ["Ben"], "bot": "random"}
    status, out, _ = play(monkeypatch, capsys, "q\n", "--resume", str(save))
    assert status == 0
    assert "Ben" in out
    assert Session.from_json(save.read_text(encoding="utf-8")).meta["seats"] == seats


def test_physical_deck_lists_the_cards_to_enter_and_filters_them_by_name(
        monkeypatch, capsys) -> None:
    status, out, _ = play(monkeypatch, capsys, "sc\nfairy dust\nq\n\n", "--seed", "1",
                          "--option", "deck=physical")
    assert status == 0
    assert "The card drawn is... (a number, or part of a name):" in out
    assert re.search(r"^\s+\d+\. Scrum of Scrums \(n for ever\) \(x4\)$", out, re.MULTILINE)
    assert re.search(r"\d+ options match 'sc':", out)
    assert "Entered: Fairy dust (+3 +2 +1 -2 for ever)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bot", "genius"], "no 'genius' bot"),
        (["--humans", "Zed"], "Zed is not at the table"),
        (["--option", "deck"], "KEY=VALUE"),
        (["--option", "deck=wooden"], "Option 'deck' must be one of"),
        (["--players", "Ana"], "2 to 8 teams"),
    ],
)
def test_set_up_errors_are_one_clear_sentence(monkeypatch, capsys, args, message) -> None:
    status, out, err = play(monkeypatch, capsys, "", *args)
    assert status == 2
    assert message in err and out == ""


def test_an_unknown_game_is_refused(capsys) -> None:
    assert main(["play", "chess"]) == 2
    assert "Unknown game 'chess'" in capsys.readouterr().err
