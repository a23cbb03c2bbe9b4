"""The reveal and map of the debrief: key moments show what was hidden then (and only then), the
dealt matrix counts the log's plays, and the board CSV reads back with each tool's columns."""

import csv
import io
import json
from typing import Any

import pytest

from devgames import exploding, itstartup, scrumkin
from devgames.core.bots import RandomBot, play_out
from devgames.core.meanings import KINDS
from devgames.retro import (
    BOARD_TOOLS,
    board_csv,
    board_rows,
    dealt_matrix,
    key_moments,
    matrix_counts,
    matrix_table,
)
from tests.dashboards.games import PLAYERS, TEAMS, played


def mixed_exploding(seed: int) -> Any:
    """An Exploding Git Commits game with random players, who play more cards than the
    heuristic bot (which mostly draws)."""
    game = exploding.new_game(PLAYERS, seed=seed)
    play_out(game, {0: RandomBot(seed), 1: exploding.BOTS["heuristic"](1),
                    2: RandomBot(seed + 50)})
    return game


GAMES = {
    "scrumkin-7": lambda: played(scrumkin, TEAMS, 7),
    "scrumkin-3": lambda: played(scrumkin, TEAMS, 3),
    "scrumkin-collaborative": lambda: played(scrumkin, TEAMS, 7, rulebook="collaborative"),
    "itstartup-11": lambda: played(itstartup, PLAYERS, 11, goal=32),
    "itstartup-12": lambda: played(itstartup, PLAYERS, 12, goal=32),
    "exploding-heuristic": lambda: played(exploding, PLAYERS, 4),
    "exploding-5": lambda: mixed_exploding(5),
    "exploding-1": lambda: mixed_exploding(1),
}


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> Any:
    return GAMES[request.param]()


def public_text(game: Any) -> str:
    return json.dumps(game.view(None), default=str)


# ----- key moments --------------------------------------------------------------------------------
def test_a_finished_game_has_three_to_five_moments_in_log_order(game):
    assert game.is_over
    moments = key_moments(game)
    assert 3 <= len(moments) <= 5
    assert [m.move for m in moments] == sorted(m.move for m in moments)
    assert all(0 <= m.move < len(game.log) for m in moments)
    assert all(m.title and m.public and m.hidden for m in moments)
    assert key_moments(game.session().replay()) == moments
    assert len(key_moments(game, count=3)) == 3


def test_the_hidden_part_was_not_on_the_public_table(game):
    session = game.session()
    for moment in key_moments(game):
        for upto in (moment.move, moment.move + 1):  # just before and just after the move
            table = session.replay(upto).view(None)
            text = json.dumps(table, default=str)
            assert moment.hidden not in text
            assert not {"hand", "known_top", "planned", "looking"} & set(table)


def test_a_shield_held_back_was_really_in_hand():
    game = played(scrumkin, TEAMS, 7)
    shields = [m for m in key_moments(game) if m.title == "A shield held back"]
    assert shields
    for moment in shields:
        before = game.session().replay(moment.move)
        who = moment.hidden.split(" held ")[0]
        hand = before.hand(who)
        named = moment.hidden.split(" held ")[1].split(", which")[0]
        assert any(card in named for card in hand)
        assert "hand" not in before.view(None)["teams"][before.seat(who)]


def test_the_mitigate_place_is_the_engine_s_and_secret():
    game = mixed_exploding(5)
    [moment] = [m for m in key_moments(game) if m.title == "Where the Mitigate hid it"]
    action = game.log[moment.move]
    after = game.session().replay(moment.move + 1)
    assert action.kind == "mitigate"
    assert after.deck[action.count] == exploding.cards.EXPLODING
    assert "position" not in public_text(after)


def test_an_exploding_draw_had_the_card_on_top():
    game = mixed_exploding(1)
    draws = [m for m in key_moments(game) if m.title == "The Exploding Git Commit on top"]
    assert draws
    for moment in draws:
        before = game.session().replay(moment.move)
        assert before.deck[0] == exploding.cards.EXPLODING
        assert before.view(None)["chance_next_explodes"] < 1


@pytest.mark.parametrize("module", [scrumkin, itstartup, exploding])
def test_an_unfinished_game_gives_what_it_has(module: Any):
    game = module.new_game(PLAYERS, seed=3)
    assert key_moments(game) == []
    bots = {seat: RandomBot(seat) for seat in range(3)}
    play_out(game, bots, max_actions=6)
    moments = key_moments(game)
    assert len(moments) <= 5 and all(m.hidden for m in moments)


# ----- who dealt what to whom ---------------------------------------------------------------------
def test_scrumkin_matrix_counts_are_the_log_s_plays():
    game = played(scrumkin, TEAMS, 7)
    rows = dealt_matrix(game)
    plays = [a for a in game.log if a.kind == "play"]
    assert len([r for r in rows if r.how == "play"]) == len(plays)
    assert len([r for r in rows if r.how == "counter"]) == sum(
        a.kind == "counter" for a in game.log)
    counts = matrix_counts(game)
    for seat, team in enumerate(TEAMS):
        into = [a for a in plays if a.target == seat]
        assert sum(counts[team].values()) == len(into)
        own = sum(n for (source, _), n in counts[team].items() if source == "self-inflicted")
        assert own == sum(a.player == seat for a in into)
    table = matrix_table(game)
    assert list(table.index) == TEAMS
    assert [kind for _, kind in table.columns][:4] == list(KINDS)
    assert int(table.to_numpy().sum()) == len(plays)
    assert "<table" in table.to_html()


def test_itstartup_targets_are_the_controllers_then():
    game = played(itstartup, PLAYERS, 11, goal=32)
    rows = dealt_matrix(game)
    plays = [a for a in game.log if a.kind == "play"]
    area = {"Monster Bug": len(PLAYERS) - 1, "Technical debt": len(PLAYERS)}
    expected = sum(area.get(itstartup.CARDS[a.card].name, 1) for a in plays)
    assert len([r for r in rows if r.how in ("play", "area")]) == expected
    assert all(r.kind in KINDS for r in rows)
    assert any(not r.self_inflicted for r in rows)


def test_exploding_rows_name_who_was_played_on_and_cards_that_changed_hands():
    game = mixed_exploding(5)
    rows = dealt_matrix(game)
    played_on = [a for a in game.log if a.kind in ("play", "combo") and a.target is not None]
    on_others = [r for r in rows if r.how == "play" and not r.self_inflicted]
    assert len(on_others) >= len(played_on)
    handed = [r for r in rows if r.how in ("give", "steal", "named")]
    gives = sum(a.kind == "give" for a in game.log)
    assert len([r for r in handed if r.how == "give"]) == gives
    assert len([r for r in rows if r.how == "nope"]) == sum(a.kind == "nope" for a in game.log)


# ----- the board CSV ------------------------------------------------------------------------------
STICKIES = [
    {"id": "1", "phase": "so_what", "prompt": "Why?", "content": "=HYPERLINK(\"x\")",
     "group": "Risk", "votes": 3, "created_at": "2026-05-01T10:01:00+00:00"},
    {"id": "2", "phase": "what", "prompt": "What happened?", "content": "Blue, \"hit\"\nhard",
     "group": "", "votes": 0, "created_at": "2026-05-01T10:00:00+00:00"},
    {"id": "3", "phase": "cards", "prompt": "", "content": "@Flu", "group": "", "votes": 1,
     "created_at": "2026-05-01T10:02:00+00:00"},
]
ACTIONS = [{"id": "a", "content": "-Pair on bugs", "owner": "+Ana", "due": "2026-06-01"}]


@pytest.mark.parametrize("tool", sorted(BOARD_TOOLS))
def test_board_csv_reads_back_with_the_tool_s_columns(tool: str):
    text = board_csv(STICKIES, ACTIONS, tool=tool)
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0] == list(BOARD_TOOLS[tool])
    assert len(rows) == 1 + len(STICKIES) + len(ACTIONS)
    cells = [cell for row in rows[1:] for cell in row]
    assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in cells)
    assert any(cell == "'=HYPERLINK(\"x\")" for cell in cells)
    assert any(cell == "Blue, \"hit\"\nhard" for cell in cells)
    assert text.endswith("\r\n") and not text.startswith("\ufeff")


def test_board_rows_follow_the_phases_and_end_with_the_actions():
    rows = board_rows(STICKIES, ACTIONS)
    assert [row["column"] for row in rows] == ["What?", "So what?", "Cards at work", "Now what?"]
    assert rows[-1]["type"] == "action" and rows[-1]["owner"] == "+Ana"
    generic = list(csv.DictReader(io.StringIO(board_csv(STICKIES, ACTIONS), newline="")))
    assert generic[-1]["Owner"] == "'+Ana" and generic[-1]["Due"] == "2026-06-01"
    assert [int(row["Votes"]) for row in generic] == [0, 3, 1, 0]
    parabol = list(csv.DictReader(io.StringIO(board_csv(STICKIES, ACTIONS, tool="parabol"),
                                              newline="")))
    assert [row["type"] for row in parabol] == ["Reflection"] * 3 + ["Task"]
    assert board_csv(STICKIES, "parabol") == board_csv(STICKIES, (), tool="parabol")
    assert board_csv([], bom=True).startswith("\ufeff")
