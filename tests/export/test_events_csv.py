"""``events.csv``: teams by name in every column that names a seat, the session once in a first
row, an exact replay of any game, and older files (the session on every row) still read."""

import csv
import io
import json
from collections.abc import Callable
from typing import Any

import pandas as pd
import pytest

import devgames
from devgames.core.actions import CHANCE
from devgames.core.cells import spreadsheet_safe
from devgames.core.game import Game
from devgames.export import events_table, export_session, session_from_events, to_csv_text
from devgames.export.events import SEAT_TARGETS
from tests.export.helpers import assert_no_formula, csv_rows, parsed, played

#: Tables that, over a few seeds of random play with both decks, make every move aimed at a team.
SETUPS: dict[str, tuple[list[str], dict[str, Any]]] = {
    "scrumkin": (["Red", "Blue", "Green", "Gold"], {"drop_against_bugs": True}),
    "itstartup": (["Ada", "Bob", "Cy"], {"goal": 32, "first_player": -1, "tournament_wins": 2}),
    "exploding": (["Ada", "Bob", "Cy", "Di"], {}),
}
#: The moves aimed at a team, by game (who is played into, taken from, helped, robbed...).
AIMED_AT_TEAMS = {
    "scrumkin": {"play", "take_over"},
    "itstartup": {"first", "help"},
    "exploding": {"play", "combo"},
}
SESSION = ("game", "rules_version", "seed", "players_json", "options_json", "meta_json")
SEEDS = range(10)
DECKS = ("digital", "physical")


def random_game(name: str, deck: str, seed: int) -> Game:
    """A random bot game of ``name``; Scrumkin alternates its two rulebooks."""
    players, options = SETUPS[name]
    if name == "scrumkin":
        options = {**options, "rulebook": ("competitive", "collaborative")[seed % 2]}
    return played(name, players, seed, deck=deck, **options)


def events_csv(game: Game) -> str:
    """The ``events.csv`` text the facilitator downloads (see ``export_session``)."""
    return to_csv_text(events_table(game))


def assert_replays(source: Any, game: Game) -> None:
    session = session_from_events(source)
    assert session.to_dict() == game.session().to_dict()
    again = session.replay()
    assert again.log == game.log and again.snapshot() == game.snapshot()


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("name", sorted(SETUPS))
def test_many_random_games_replay_exactly_from_the_file(name: str, deck: str) -> None:
    for seed in SEEDS:
        game = random_game(name, deck, seed)
        text = events_csv(game)
        plain = pd.read_csv(io.BytesIO(text.encode("utf-8")), encoding="utf-8-sig")
        for source in (text, parsed(text), plain):
            assert_replays(source, game)


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_every_column_naming_a_seat_names_the_team(name: str) -> None:
    aimed: set[str] = set()
    for deck in DECKS:
        for seed in SEEDS[:6]:
            game = random_game(name, deck, seed)
            rows = list(csv.DictReader(io.StringIO(events_csv(game)[1:])))[1:]
            for row, action in zip(rows, game.log, strict=True):
                by = "deck" if action.player == CHANCE else game.players[action.player]
                assert row["player"] == by
                if action.target is not None and action.kind in AIMED_AT_TEAMS[name]:
                    assert 0 <= action.target < len(game.players)
                    assert (row["target"], row["target_card"]) == (
                        game.players[action.target], "")
                    aimed.add(action.kind)
                else:  # a card aimed at (an IT Startup employee), or nothing
                    assert row["target"] == ""
                    card = "" if action.target is None else str(action.target)
                    assert row["target_card"] == card
                    assert action.target is None or action.target in game.card_ids
    assert aimed == AIMED_AT_TEAMS[name] == SEAT_TARGETS[name]
    assert set(SEAT_TARGETS) == set(devgames.GAMES)


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_session_is_written_once_in_a_first_row(name: str) -> None:
    game = random_game(name, "digital", 3)
    game.meta["notes"] = {"What slowed us?": "We kept the shield too long"}
    text = export_session(game)["events.csv"]
    rows = csv_rows(text)
    header, first, moves = rows[0], dict(zip(rows[0], rows[1], strict=True)), rows[2:]
    assert len(moves) == len(game.log)
    assert (first["number"], first["kind"], first["player"]) == ("0", "session", "")
    session = game.session()
    assert first["game"] == name and first["rules_version"] == session.rules_version
    assert first["seed"] == f"'{game.seed}"  # text, so that pandas never reads it as a float
    assert json.loads(first["players_json"]) == list(game.players)
    assert json.loads(first["options_json"]) == session.options
    assert json.loads(first["meta_json"]) == game.meta
    for column in SESSION:
        assert all(row[header.index(column)] == "" for row in moves), column
    assert text.count("We kept the shield too long") == 1
    assert "action_json" not in header
    plain = pd.read_csv(io.BytesIO(text.encode("utf-8")), encoding="utf-8-sig")
    assert plain.loc[0, "kind"] == "session"
    assert plain[plain["kind"] != "session"]["number"].tolist() == list(
        range(1, len(game.log) + 1))


def test_a_game_without_moves_and_a_mulligan_keeping_every_card_replay() -> None:
    game = devgames.game_module("itstartup").new_game(["Ada", "Bob"], seed=5)
    assert_replays(events_csv(game), game)
    game.mulligan("Ada", [])
    game.mulligan("Bob", game.hand("Bob")[:2])
    rows = csv_rows(events_csv(game))
    cards = rows[0].index("cards")
    assert rows[2][cards] == "none" and len(rows[3][cards].split()) == 2
    assert_replays(events_csv(game), game)


HOSTILE_TABLES = [
    ("scrumkin", ["=x", "'=x", "deck", "a,b", 'say "hi"', "<b>bold</b>", "Команда", "@SUM(1)"],
     {"deck": "physical"}),
    ("scrumkin", ["-1", "+1", "(deck)", "deck", "'", "''"],
     {"rulebook": "collaborative", "deck": "physical"}),
    ("itstartup", ["<script>alert(1)</script>", "=HYPERLINK(\"x\")", "deck", "東京"],
     {"goal": 32, "first_player": -1, "tournament_wins": 2, "deck": "physical"}),
    ("exploding", ["'quoted'", "=1+1", "deck", "x\"y,z", "Ελλάδα"], {"deck": "physical"}),
]
#: How each hostile name is written in ``player`` and ``target``.
WRITTEN = {"=x": "'=x", "'=x": "''=x", "@SUM(1)": "'@SUM(1)", "-1": "'-1", "+1": "'+1",
           "'": "''", "''": "'''", "=HYPERLINK(\"x\")": "'=HYPERLINK(\"x\")",
           "'quoted'": "''quoted'", "=1+1": "'=1+1"}


@pytest.mark.parametrize(("name", "players", "options"), HOSTILE_TABLES)
def test_hostile_names_are_neutralised_and_read_back_to_their_seats(
    name: str, players: list[str], options: dict
) -> None:
    game = played(name, players, 2, **options)
    game.meta["notes"] = {"=cmd|' /C calc'!A0": "-2+3\r\n@me, \"quoted\"\nКоманда <b>"}
    text = events_csv(game)
    assert_no_formula(text, "events.csv")
    deck = "(deck)" if "(deck)" not in players else "((deck))"
    written = [WRITTEN.get(player, player) for player in players]
    rows = list(csv.DictReader(io.StringIO(text[1:])))[1:]
    for row, action in zip(rows, game.log, strict=True):
        assert row["player"] == (deck if action.player == CHANCE else written[action.player])
        if row["target"]:
            assert row["target"] == written[action.target]  # type: ignore[index]
    assert {row["player"] for row in rows} == {*written, deck}
    for source in (text, text.encode("utf-8"), parsed(text)):
        assert_replays(source, game)


def old_events_csv(game: Game) -> str:
    """``events.csv`` as devgames wrote it before: the move as JSON (seats as numbers) and the
    session's JSON on every row, text cells made formula-safe."""
    session = game.session()

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["number", "player", "kind", "card", "card_name", "target", "count", "cards",
                     "action_json", "description", *SESSION])
    replay = session.new_game()
    for number, action in enumerate(session.log, 1):
        blank = ["" if value is None else value for value in (action.card, action.target,
                                                               action.count)]
        cards = " ".join(map(str, action.cards)) if action.cards is not None else ""
        by = game.players[action.player] if action.player >= 0 else "deck"
        writer.writerow([
            number, spreadsheet_safe(by), action.kind, blank[0], "", blank[1], blank[2], cards,
            dump(action.to_json()), spreadsheet_safe(replay.describe(action)), session.game,
            session.rules_version, session.seed, dump(session.players), dump(session.options),
            dump(session.meta),
        ])
        replay.apply(action)
    return "\ufeff" + out.getvalue()


@pytest.mark.parametrize(("name", "players", "options"), [
    ("scrumkin", ["Red", "Blue", "Green"], {"rulebook": "collaborative"}),
    ("itstartup", ["Ada", "Bob", "Cy"], {"goal": 32, "deck": "physical", "first_player": -1}),
    ("exploding", ["Ada", "Bob", "Cy"], {}),
    HOSTILE_TABLES[0],
])
def test_an_events_file_of_the_older_format_still_loads(
    name: str, players: list[str], options: dict
) -> None:
    game = played(name, players, 7, **options)
    game.meta["notes"] = {"What slowed us?": "Bugs, \"quoted\"\nand =formulas"}
    text = old_events_csv(game)
    assert len(csv_rows(text)) == len(game.log) + 1
    for source in (text, text.encode("utf-8"), parsed(text)):
        assert_replays(source, game)


def rewritten(text: str, change: Callable[[list[list[str]]], list[list[str]]]) -> str:
    """The file with its rows (header first) changed."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(change(csv_rows(text)))
    return "\ufeff" + out.getvalue()


def test_a_file_whose_names_or_moves_do_not_match_its_session_is_refused() -> None:
    game = played("scrumkin", ["Red", "Blue", "Green"], 4)
    text = events_csv(game)
    header = csv_rows(text)[0]
    target, players = header.index("target"), header.index("players_json")
    aimed = next(i for i, row in enumerate(csv_rows(text)) if row[target] == "Blue")

    def misspelt(rows: list[list[str]]) -> list[list[str]]:
        rows[aimed][target] = "Bleu"
        return rows

    def renamed(rows: list[list[str]]) -> list[list[str]]:
        rows[1][players] = json.dumps(["Rouge", "Bleu", "Vert"])
        return rows

    refusals = [
        (misspelt, f"Move {aimed - 1} names 'Bleu' as its target, who is not one of this "
                   "session's players ('Red', 'Blue', 'Green')."),
        (renamed, "Move 1 names 'Red' as its player, who is not one of this session's players "
                  "('Rouge', 'Bleu', 'Vert')."),
        (lambda rows: rows[:5] + rows[6:], f"This events file's moves are not numbered 1 to "
                                           f"{len(game.log) - 1}: a move is missing or repeated."),
        (lambda rows: rows[:1] + rows[2:], "This events file has no session row (kind "
                                           "'session'), so it cannot rebuild a game."),
        (lambda rows: rows + rows[1:], "This events file mixes rows of more than one session."),
    ]
    for change, sentence in refusals:
        with pytest.raises(ValueError) as refused:
            session_from_events(rewritten(text, change))
        assert str(refused.value) == sentence
