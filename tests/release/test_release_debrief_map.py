"""Release!'s "Reveal & map" in the debrief: per team, what each release's Tools & Methods card
paid, who broke suit and when, the face cards that swapped, passed, doubled or scored at once;
the number cards carry no invented meaning, and the cards to tag are the Tools & Methods cards."""

import re
from html import unescape
from typing import Any

import pytest

from devgames.core.actions import given
from devgames.core.bots import play_out
from devgames.dashboards.table import SessionTable
from devgames.release import BOTS, ReleaseGame, new_game
from devgames.release.debrief import DEBRIEF, cards_to_tag, reveal_pages, team_maps
from devgames.sessions import SessionStore
from tests.dashboards.test_app import all_html

NAMES = ["Data & Analytics", "Customer Success", "Cy", "Dee", "Eve", "Fay"]


def played(players: int, seed: int = 4, **options: Any) -> ReleaseGame:
    game = new_game(NAMES[:players], seed=seed, releases=3, **options)
    play_out(game, {seat: BOTS["heuristic"](seat) for seat in range(players)})
    return game


@pytest.mark.parametrize("players", [3, 4, 6])
def test_each_team_is_a_pair_or_a_remote_player_with_what_it_won(players: int) -> None:
    game = played(players)
    teams = team_maps(game)
    assert [team.name for team in teams] == list(game.team_names)
    assert len(teams) == (players // 2 if players % 2 == 0 else players)
    for team in teams:
        rows = [row for row in game.rounds if row["team"] == team.name]
        assert [(r, points, factor) for r, points, factor in team.methods] == [
            (row["release"], row["rule_points"], row["doubled"]) for row in rows]
        assert team.won == sum(row["iterations_won"] for row in rows)
        assert team.score == rows[-1]["score"]
    breaks = {name: sum(len(times) for team in teams for player, times in team.breaks.items()
                        if player == name) for name in game.players}
    commits = [e for e in game.events if e.kind == "commit" and e.data["broke_suit"]]
    assert sum(breaks.values()) == len(commits)
    for event in commits:  # each suit broken is told of its player, in its own team
        seat = given(event.player)
        assert game.players[seat] in teams[game.team_of[seat]].breaks


def test_the_face_cards_that_doubled_swapped_or_scored_are_named() -> None:
    game = played(4)
    faces = [line for team in team_maps(game) for line in [*team.faces, *team.swaps]]
    shown = " ".join(faces)
    if any(row["doubled"] > 1 for row in game.rounds):
        assert "Gene Kim: Tools & Methods points counted double" in shown
    if any(e.kind == "swapped" for e in game.events):
        assert "Kent Beck:" in shown
    if any(e.kind == "immediate" for e in game.events):
        assert "at once for" in shown
    number_cards = [card.name for card in game.cards.values() if not card.person]
    assert not any(line.startswith(name) for line in faces for name in number_cards)


def test_the_pages_read_as_a_facilitator_reads_them() -> None:
    game = played(4)
    pages = reveal_pages(game)
    titles = [title for title, _ in pages]
    assert titles[:2] == ["The Tools & Methods cards", "What each team won"]
    assert set(game.team_names) <= set(titles)
    text = unescape(" ".join(page for _, page in pages))
    for method in cards_to_tag(game):
        assert method in text
    assert "Data & Analytics & Cy" in text and "Broke suit" in text
    assert "dealt by itself" not in text and "of Doors:" not in text
    assert all(text.count("<li>") <= 12 for _, text in pages[2:])  # a page stays short


def test_the_debrief_shows_it_and_tags_the_tools_and_methods_only() -> None:
    store = SessionStore(":memory:")
    game = played(4)
    table = SessionTable(game, store, store.create(game), 0)
    table.open_debrief()
    debrief = table.debrief
    debrief.tabs.value = "map"
    titles = [title for title, _draw in debrief.pages("map")]
    assert "What each team won" in titles and "Cards each team got" not in titles
    shown = []
    for page in range(len(titles)):
        debrief.go_to_page(page)
        shown.append(unescape(all_html(debrief)))
    every = "\n".join(shown)
    assert "dealt by itself or by others" not in every
    assert "Tools & Methods points by release" in every
    tagged = re.findall(r"<span class='dg-card-name'>(.*?)</span>", every)
    assert tagged == cards_to_tag(game)  # the Tools & Methods cards, no number card
    assert DEBRIEF.reveal is reveal_pages


def test_no_release_scored_yet_says_so() -> None:
    game = new_game(["Ada", "Bob"], seed=1)
    pages = dict(reveal_pages(game))
    assert "No release scored yet" in pages["What each team won"]
    assert cards_to_tag(game) == [game.methods[game.methods_used[0]].name]


def test_a_long_game_lists_its_releases_a_page_at_a_time() -> None:
    game = new_game(NAMES[:4], seed=2, releases=9)
    play_out(game, {seat: BOTS["heuristic"](seat) for seat in range(4)})
    pages = reveal_pages(game)
    titles = [title for title, _ in pages]
    assert titles[:4] == ["The Tools & Methods cards", "The Tools & Methods cards, more",
                          "What each team won", "What each team won, more"]
    assert pages[1][1].count("<li>") == 2 and "start='8'" in pages[1][1]
    assert "<th>R7</th>" in pages[2][1] and "<th>R8</th>" in pages[3][1]
