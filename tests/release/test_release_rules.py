"""The Release! rules as the rulebook (and docs/rules/release.md) states them: set-up by the
number of players, leading, following suit, winning iterations, every Tools & Methods scoring
rule and every face card's ability."""

from typing import Any

import pytest

from devgames.core.actions import CHANCE, given
from devgames.core.bots import RandomBot, play_out
from devgames.release import ReleaseGame, new_game
from devgames.release.cards import BASE, Method, parse_rule
from devgames.release.scoring import score_artifacts
from tests.release.helpers import decline_all, iteration, labels, scripted

ABC = ["Ada", "Bob", "Cy"]
FOUR = ["Ada", "Bob", "Cy", "Dee"]
METHOD = {m.name: m for m in BASE.methods.values()}


def card(name: str) -> int:
    """A base card's id by name or figures."""
    for c, info in BASE.cards.items():
        if name in (info.name, info.figures):
            return c
    raise KeyError(name)


def points(method: str, cards: list[str], won: int = 0, doubling: str = "each_copy") -> int:
    """The points of these artifacts under a Tools & Methods card of the base game."""
    return score_artifacts(BASE, METHOD[method], [card(c) for c in cards], won, doubling)[0]


def immediate(game: ReleaseGame, name: str) -> int:
    """Points scored at once this release by the team of ``name``."""
    return game.immediate[game.team_of[game.seat(name)]]


def score(game: ReleaseGame, name: str) -> int:
    return game.scores[game.team_of[game.seat(name)]]


def keep_playing(game: ReleaseGame, keep: set[int], iterations: int) -> None:
    """Commit for ``iterations`` iterations, each player the lowest legal card not in ``keep``
    (or in it, if nothing else is legal); every "may" is declined, every pass the lowest card."""
    start = game.iteration
    while game.iteration < start + iterations and not game.is_over \
            and game.current_player != CHANCE:
        legal = game.legal_actions()
        if game.phase in ("reveal", "swap"):
            decline_all(game)
            continue
        choices = [a for a in legal if a.card not in keep] or legal
        game.apply(choices[0])


# ----- set-up -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "options", "hand", "teams", "decks", "removed", "discard"), [
    (2, {}, 12, 2, 1, 0, 12),
    (3, {}, 12, 3, 1, 0, 0),
    (4, {}, 9, 2, 1, 0, 0),
    (4, {"style": "remote"}, 9, 4, 1, 0, 0),
    (5, {}, 7, 5, 1, 1, 0),
    (5, {"decks": 2}, 14, 5, 2, 2, 0),
    (6, {}, 12, 3, 2, 0, 0),
    (7, {}, 10, 7, 2, 2, 0),
    (8, {}, 9, 4, 2, 0, 0),
    (9, {}, 8, 9, 2, 0, 0),
    (10, {}, 7, 5, 2, 2, 0),
])
def test_players_decide_decks_play_style_cards_removed_and_hand_size(
        players: int, options: dict[str, Any], hand: int, teams: int, decks: int, removed: int,
        discard: int) -> None:
    game = new_game([f"P{i}" for i in range(players)], seed=1, **options)
    assert game.hand_size == hand and all(len(h) == hand for h in game.hands)
    assert len(game.teams) == teams and game.decks == decks
    assert [game.cards[c].figures for c in game.removed] == ["2 of Fruits"] * removed
    assert len(game.discarded) == discard
    assert sum(game.card_counts().values()) == 36 * decks
    assert game.view(None)["iterations"] == hand


def test_pair_programming_seats_teammates_alternately_and_they_share_a_score() -> None:
    game = new_game([f"P{i}" for i in range(6)], seed=2)
    assert game.teams == [(0, 3), (1, 4), (2, 5)]
    assert game.team_names == ["P0 & P3", "P1 & P4", "P2 & P5"]
    assert game.view(None)["play_style"] == "pair programming"
    assert new_game(FOUR, style="remote").view(None)["play_style"] == "working remotely"


def test_two_player_discards_stay_hidden() -> None:
    game = new_game(["Ada", "Bob"], seed=3)
    public = game.view(None)
    assert public["face_down_discards"] == 12 and len(game.discarded) == 12
    shown = str(public) + str(game.view("Ada")) + str(game.view("Bob"))
    assert not any(f"'{game.cards[c].name}'" in shown for c in game.discarded)
    assert sorted(game.discarded + game.hands[0] + game.hands[1]) == list(range(1, 37))


def test_the_lowest_score_leads_each_release() -> None:
    game = new_game(ABC, seed=11, releases=3)
    seen = 0
    bot = RandomBot(5)
    while not game.is_over:
        if game.phase == "commit" and game.iteration == 1 and not game.trick \
                and game.release > seen:
            seen = game.release
            assert game.scores[game.team_of[game.turn]] == min(game.scores), game.scores
        game.apply(bot.choose(game))
    assert seen == 3


def test_with_pair_programming_the_team_says_which_teammate_leads() -> None:
    game = new_game(FOUR, seed=4, deck="physical")
    game.deal("Waterfall")
    for c in sorted(game.pool.elements()):
        game.deal(c)
    game.coin_toss("Dee")  # the table flipped the coin: Bob & Dee lead
    assert game.phase == "lead" and game.current_player == game.teams[game.team_of[
        game.chooser]][0]
    team = game.teams[game.team_of[game.chooser]]
    assert [a.target for a in game.legal_actions()] == list(team)
    game.lead(game.chooser, team[1])
    assert game.phase == "commit" and game.turn == team[1]
    randomly = new_game(FOUR, seed=4, team_lead="random")
    assert randomly.phase == "commit"


# ----- iterations ---------------------------------------------------------------------------------
def scenario_a() -> ReleaseGame:
    """Ada holds the Doors 2-9 (and more), Bob's only Doors card is Kathy Sierra, Cy holds every
    Birds card and no Doors; Ada leads."""
    return scripted(ABC, "Senior Level Development",
                    {"Ada": ["5 of Doors"], "Bob": ["Kathy Sierra"]}, leader="Ada")


def test_follow_suit_highest_rank_of_the_led_suit_wins_and_the_winner_leads() -> None:
    game = scenario_a()
    assert not game.can_commit("Bob", "3 of Fruits")  # Bob holds a Doors card
    iteration(game, "5 of Doors", "Kathy Sierra", "9 of Birds")  # Cy breaks suit
    assert labels(game, game.artifacts[1]) == ["5 of Doors", "9 of Birds",
                                               "Kathy Sierra (12 of Doors)"]
    assert game.won == [0, 1, 0] and game.breaks == [0, 0, 1]
    assert immediate(game, "Bob") == 0  # Kathy Sierra pays only in the last iteration
    assert game.turn == 1 and game.iteration == 2 and not game.trick
    assert game.view(None)["players"][2]["suit_breaks"] == 1


def test_a_card_that_breaks_suit_never_wins_even_ranked_14() -> None:
    game = scripted(ABC, "Waterfall", {"Ada": ["2 of Fruits"], "Bob": [
        f"{r} of Fruits" for r in range(3, 10)] + ["Dan North", "Elisabeth Hendrickson",
                                                   "Jez Humble", "Jeff Patton"]},
        leader="Ada")
    iteration(game, "2 of Fruits", "3 of Fruits", "Gojko Adzic")
    decline_all(game)
    assert game.winner == 1 and game.won[1] == 1


def test_gojko_adzic_ranks_14_unless_led_then_0() -> None:
    game = scripted(ABC, "Waterfall", {"Ada": ["9 of Birds"]}, leader="Ada")
    iteration(game, "9 of Birds", game.hand("Bob")[0], "Gojko Adzic")
    decline_all(game)
    assert game.winner == 2 and game.won[2] == 1
    led = scripted(ABC, "Waterfall", {"Ada": ["2 of Birds"]}, leader="Cy")
    iteration(led, "Gojko Adzic", "2 of Birds", led.hand("Bob")[0])
    decline_all(led)
    assert led.winner == 0  # the 2 of Birds beats a led Gojko Adzic (rank 0)


def test_dan_north_ranks_half_above_the_card_before_it_and_0_when_led() -> None:
    fruits = ["4 of Fruits", "5 of Fruits"]
    game = scripted(ABC, "Waterfall", {"Ada": fruits, "Bob": ["Dan North"],
                                       "Cy": ["6 of Fruits"]}, leader="Ada")
    iteration(game, "5 of Fruits", "Dan North", "6 of Fruits")
    decline_all(game)
    assert game.winner == 2  # Dan North ranked 5.5, not 10
    assert [e.data["rank"] for e in game.events if e.kind == "commit"] == [5, 5.5, 6]
    led = scripted(ABC, "Waterfall", {"Ada": fruits, "Bob": ["Dan North"]}, leader="Bob")
    led.commit("Bob", "Dan North")
    led.apply(led.legal_actions()[0])
    led.commit("Ada", "4 of Fruits")
    decline_all(led)
    ranks = [e.data["rank"] for e in led.events if e.kind == "commit"]
    assert led.winner != 1 and ranks[0] == 0


def test_of_equal_ranks_the_card_committed_first_wins() -> None:
    players = [f"P{i}" for i in range(5)]
    game = scripted(players, "Waterfall", {"P0": ["7 of Doors"], "P1": ["7 of Doors"]},
                    leader="P0", decks=2, style="remote")
    for p in range(5):
        legal = game.legal_actions()
        low = [a for a in legal if game.cards[given(a.card)].figures == "7 of Doors"] if p < 2 \
            else [a for a in legal
                  if game.cards[given(a.card)].rank < 7 or game.cards[given(a.card)].suit != 0]
        game.apply(low[0])
    decline_all(game)
    assert game.winner == 0


def test_the_winner_keeps_the_cards_face_down_and_only_counts_show() -> None:
    game = scenario_a()
    iteration(game, "5 of Doors", "Kathy Sierra", "9 of Birds")
    view = game.view(None)
    assert view["players"][1]["artifacts"] == 3
    assert "Kathy" not in str(view["players"])
    assert game.secrets("Bob") and not game.secrets("Ada")


# ----- Tools & Methods scoring rules --------------------------------------------------------------
@pytest.mark.parametrize(("method", "cards", "won", "expected"), [
    ("Boilerplate Code: Birds", ["2 of Birds", "9 of Birds", "Gojko Adzic", "John Allspaw",
                                 "5 of Doors"], 0, 0),
    ("Boilerplate Code: Birds", ["2 of Birds", "3 of Birds", "Patrick Debois"], 0, 1),
    ("Boilerplate Code: Doors", ["2 of Doors", "Kent Beck", "Linda Rising", "2 of Birds"], 0,
     -1),
    ("Boilerplate Code: Fruits", ["2 of Fruits", "3 of Fruits", "Jez Humble"], 0, 1),
    ("Platform Zealot: Birds", ["2 of Birds", "Patrick Debois", "5 of Doors", "5 of Fruits"], 0,
     2),
    ("Platform Zealot: Doors", ["2 of Doors", "Kent Beck", "5 of Birds", "5 of Fruits"], 0, 2),
    ("Platform Zealot: Fruits", ["2 of Fruits", "Jeff Patton", "5 of Doors", "5 of Birds"], 0,
     2),
    ("Senior Level Development", ["Kent Beck", "2 of Doors", "Dan North"], 0, 1),
    ("Junior Level Development", ["Kent Beck", "2 of Doors", "3 of Birds"], 0, 1),
    ("Cutting Corners", ["4 of Doors", "5 of Fruits", "6 of Birds", "4 of Birds",
                         "John Allspaw", "Jeff Patton"], 0, -3),
    ("Cutting Corners", ["4 of Doors", "5 of Doors", "6 of Doors", "4 of Fruits",
                         "5 of Fruits", "6 of Fruits"], 0, 2),
    ("Cutting Corners", ["4 of Doors", "5 of Doors", "6 of Doors", "5 of Fruits",
                         "6 of Fruits"], 0, 1),
    ("Continuous Integration", ["2 of Doors"], 3, 3),
    ("Waterfall", ["2 of Doors"], 3, -3),
    ("Code Review", ["5 of Doors", "5 of Fruits", "5 of Birds", "7 of Doors", "7 of Fruits"], 0,
     4),
    ("Technical Debt", ["3 of Fruits", "4 of Fruits", "5 of Birds", "5 of Doors"], 0, -2),
    ("Refactoring", ["2 of Doors", "3 of Fruits", "4 of Birds", "5 of Doors", "9 of Doors"], 0,
     4),
    ("Refactoring", ["2 of Doors", "2 of Fruits", "3 of Doors"], 0, 2),
    ("Refactoring", ["2 of Doors", "9 of Doors"], 0, 0),
    ("Mob Programming", ["5 of Doors", "5 of Fruits", "5 of Birds", "7 of Doors"], 0, 3),
    ("Test-Driven Development", ["7 of Doors", "8 of Fruits", "9 of Birds", "2 of Doors"], 0, 0),
    ("Hotfix", ["Jeff Patton", "John Allspaw"], 2, 2),
    ("Microservices", ["2 of Doors", "3 of Fruits", "Kent Beck"], 0, 1),
])
def test_each_tools_and_methods_card_scores_as_written(method: str, cards: list[str], won: int,
                                                       expected: int) -> None:
    assert points(method, cards, won) == expected


def test_the_technical_debt_example_of_the_glossary() -> None:
    """3 and 4 of Fruits, 5 of Birds, 5 of Doors and another 5 of Doors: two unmatched ranks."""
    cards = [card("3 of Fruits"), card("4 of Fruits"), card("5 of Birds"), card("5 of Doors"),
             card("5 of Doors")]
    assert score_artifacts(BASE, METHOD["Technical Debt"], cards, 0) == (-2, 1)


def test_a_card_counts_in_one_term_of_a_rule_only() -> None:
    house = Method(99, "House rule", "", parse_rule("+1 per card rank 2-9; +5 per card of Doors"),
                   (), "")
    assert score_artifacts(BASE, house, [card("2 of Doors"), card("Kent Beck")], 0) == (6, 1)


def test_the_doubling_card_doubles_gains_and_losses() -> None:
    assert points("Senior Level Development", ["Gene Kim", "2 of Doors", "3 of Doors"]) == -2
    assert points("Senior Level Development", ["Gene Kim", "Gene Kim", "Kent Beck"]) == 12
    assert points("Senior Level Development", ["Gene Kim", "Gene Kim", "Kent Beck"],
                  doubling="once") == 6


# ----- face cards ---------------------------------------------------------------------------------
def test_kathy_sierra_scores_4_at_once_in_the_last_iteration_only() -> None:
    doors = [f"{r} of Doors" for r in range(2, 10)] + ["Linda Rising", "Kent Beck", "Gene Kim"]
    game = scripted(ABC, "Waterfall", {"Bob": ["Kathy Sierra", *doors]}, leader="Ada")
    keep_playing(game, {card("Kathy Sierra")}, 11)
    assert game.iteration == 12 and card("Kathy Sierra") in game.hands[1]
    before = score(game, "Bob")
    while game.current_player != 1:
        game.apply(game.legal_actions()[0])
    game.commit("Bob", "Kathy Sierra")
    assert score(game, "Bob") == before + 4
    assert any(e.kind == "immediate" and e.data["points"] == 4 for e in game.events)


@pytest.mark.parametrize("person", ["Patrick Debois", "Jez Humble"])
def test_the_winner_of_the_iteration_scores_2_at_once(person: str) -> None:
    game = scripted(ABC, "Waterfall", {"Cy": [person]}, leader="Cy")
    game.commit("Cy", person)
    while game.phase == "commit" and game.trick:
        game.apply(game.legal_actions()[0])
    winner = game.players[game.winner]
    assert immediate(game, winner) == 2 and score(game, winner) == 2
    assert sum(game.scores) == 2
    decline_all(game)


def test_immediate_points_are_not_scored_again_at_the_end_of_the_release() -> None:
    game = scripted(ABC, "Waterfall", {"Cy": ["Patrick Debois"]}, leader="Cy")
    keep_playing(game, set(), 12)
    rows = game.rounds
    assert len(rows) == 3
    for row in rows:
        assert row["score"] == row["rule_points"] + row["immediate_points"] == row["points"]
        assert row["rule_points"] == -row["iterations_won"] * row["doubled"]  # Waterfall
    told = sum(e.data["points"] for e in game.events if e.kind == "immediate")
    assert sum(row["immediate_points"] for row in rows) == told >= 2


@pytest.mark.parametrize(("person", "step"), [("Jeff Patton", -1), ("John Allspaw", 1)])
def test_everyone_passes_a_card_right_or_left(person: str, step: int) -> None:
    game = scripted(ABC, "Waterfall", {"Ada": [person]}, leader="Ada")
    iteration(game, person)
    while game.phase == "commit":
        game.apply(game.legal_actions()[0])
    decline_all(game)
    assert game.phase == "pass" and game.current_player == game.winner
    order = list(game.passers)
    chosen = {}
    for p in order:
        chosen[p] = game.hands[p][0]
        assert "pass" in game.waiting_for and ("left" if step == 1 else "right") in \
            game.waiting_for
        game.pass_card(p, chosen[p])
    for p, passed in chosen.items():
        assert passed in game.hands[(p + step) % 3]
    assert game.phase == "commit" and all(len(h) == 11 for h in game.hands)


def test_two_pass_cards_in_one_iteration_pass_twice_in_commit_order() -> None:
    fruits = [f"{r} of Fruits" for r in range(3, 10)]
    game = scripted(ABC, "Waterfall", {"Ada": ["Jeff Patton"], "Bob": fruits,
                                       "Cy": ["John Allspaw"]}, leader="Ada")
    iteration(game, "Jeff Patton", "3 of Fruits", "John Allspaw")
    decline_all(game)
    assert game.passes == [-1, 1]
    for p in list(game.passers):
        game.pass_card(p, game.hands[p][0])
    assert game.phase == "pass" and game.passes == [1]
    for p in list(game.passers):
        game.pass_card(p, game.hands[p][0])
    assert game.phase == "commit"


def win_two_iterations(game: ReleaseGame) -> None:
    """Ada wins iteration 1 with Doors (8 of Doors over 2 and 3), Bob iteration 2 with Fruits."""
    iteration(game, "8 of Doors", "2 of Doors", "3 of Doors")
    decline_all(game)
    assert game.winner == 0
    game.commit("Ada", "2 of Fruits")
    game.commit("Bob", "9 of Fruits")
    game.commit("Cy", "9 of Birds")
    decline_all(game)
    assert game.winner == 1


def kent_game(deck: str = "physical") -> ReleaseGame:
    return scripted(ABC, "Waterfall", {
        "Ada": ["8 of Doors", "2 of Fruits", "Kent Beck", "4 of Doors"],
        "Bob": ["2 of Doors", "9 of Fruits", "5 of Doors"],
        "Cy": ["3 of Doors", "6 of Doors"]}, leader="Ada")


def test_kent_beck_may_swap_an_artifact_for_a_random_one_of_another_player() -> None:
    game = kent_game()
    win_two_iterations(game)
    game.commit("Bob", "5 of Doors")  # Bob leads; Ada follows with Kent Beck
    game.commit("Cy", "6 of Doors")
    game.commit("Ada", "Kent Beck")
    assert game.phase == "swap" and game.current_player == 0
    kinds = {a.kind for a in game.legal_actions()}
    assert kinds == {"swap", "decline"}
    assert {a.target for a in game.legal_actions() if a.kind == "swap"} == {1}
    mine = list(game.artifacts[0])
    game.swap("Ada", "2 of Doors", "Bob")
    assert game.current_player == CHANCE and "took from Bob" in game.waiting_for
    taken = game.artifacts[1][0]
    game.deal(taken)
    assert card("2 of Doors") in game.artifacts[1] and taken in game.artifacts[0]
    assert len(game.artifacts[0]) == len(mine) and game.phase != "swap"


def test_kent_beck_can_be_declined_and_does_nothing_without_artifacts() -> None:
    game = kent_game()
    win_two_iterations(game)
    game.commit("Bob", "5 of Doors")
    game.commit("Cy", "6 of Doors")
    game.commit("Ada", "Kent Beck")
    before = [list(a) for a in game.artifacts]
    game.decline("Ada")
    assert not any(e.kind == "swap" for e in game.events)
    assert all(game.artifacts[p] == before[p] for p in range(3) if p != game.winner)
    first = scripted(ABC, "Waterfall", {"Ada": ["Kent Beck"]}, leader="Ada")
    first.commit("Ada", "Kent Beck")
    assert first.phase == "commit" and any(e.kind == "no_swap" for e in first.events)


def test_elisabeth_hendrickson_swaps_into_an_iteration_another_player_won() -> None:
    game = scripted(ABC, "Waterfall", {"Ada": ["8 of Doors"], "Bob": ["Elisabeth Hendrickson",
                                                                     "2 of Doors"],
                                       "Cy": ["3 of Doors"]}, leader="Ada")
    iteration(game, "8 of Doors", "2 of Doors", "3 of Doors")
    assert game.phase == "reveal" and game.current_player == 1
    assert game.can_reveal("Bob", "Elisabeth Hendrickson", "8 of Doors")
    game.reveal("Bob", "Elisabeth Hendrickson", "8 of Doors")
    assert card("8 of Doors") in game.hands[1]
    assert card("Elisabeth Hendrickson") in game.artifacts[0]
    assert any("reveals Elisabeth Hendrickson" in (game.narrate(e) or "") for e in game.events)


def test_kenji_hiranabe_swaps_into_an_iteration_its_holder_won() -> None:
    game = scripted(ABC, "Waterfall", {"Ada": ["8 of Doors", "Kenji Hiranabe"],
                                       "Bob": ["2 of Doors"], "Cy": ["3 of Doors"]},
                    leader="Ada")
    iteration(game, "8 of Doors", "2 of Doors", "3 of Doors")
    assert game.phase == "reveal" and game.asked[0] == 0
    assert [a.card for a in game.legal_actions() if a.kind == "reveal"] == [
        card("Kenji Hiranabe")] * 3
    game.reveal("Ada", "Kenji Hiranabe", 1)  # the 2 of Doors, second committed
    decline_all(game)
    assert card("2 of Doors") in game.hands[0]
    assert card("Kenji Hiranabe") in game.artifacts[0]


def test_asking_everyone_asks_each_player_with_a_hand_and_a_no_changes_nothing() -> None:
    game = scripted(ABC, "Waterfall", {"Ada": ["8 of Doors"], "Bob": ["2 of Doors"],
                                       "Cy": ["3 of Doors"]}, leader="Ada",
                    reveal_asks="everyone")
    iteration(game, "8 of Doors", "2 of Doors", "3 of Doors")
    assert game.phase == "reveal" and game.asked == [0, 1, 2]
    hands = [list(h) for h in game.hands]
    decline_all(game)
    assert [list(h) for h in game.hands] == hands and game.artifacts[0]


def test_linda_rising_scores_1_when_her_player_loses_the_iteration() -> None:
    game = scripted(ABC, "Waterfall", {"Ada": ["Kathy Sierra"], "Bob": ["Linda Rising"]},
                    leader="Bob")
    game.commit("Bob", "Linda Rising")
    game.commit("Cy", "2 of Birds")  # Cy holds no Doors
    game.commit("Ada", "Kathy Sierra")
    decline_all(game)
    assert game.winner == 0 and immediate(game, "Bob") == 1 and immediate(game, "Ada") == 0
    pairs = scripted(FOUR, "Waterfall", {"Ada": ["Linda Rising"], "Cy": ["Gene Kim"],
                                         "Bob": ["2 of Doors"], "Dee": ["3 of Doors"]},
                     leader="Ada", losing="team_lost")
    iteration(pairs, "Linda Rising", "2 of Doors", "Gene Kim", "3 of Doors")
    decline_all(pairs)
    assert pairs.winner == 2 and immediate(pairs, "Ada") == 0  # her teammate won it


def test_a_team_holding_the_doubling_card_doubles_its_release_points() -> None:
    game = scripted(ABC, "Continuous Integration", {"Ada": ["Gene Kim"]}, leader="Ada")
    keep_playing(game, set(), 12)
    rows = game.rounds
    (row,) = [row for row in rows if row["doubled"] > 1]
    assert row["team"] == "Ada" and row["rule_points"] == 2 * row["iterations_won"] == 24
    assert all(other["rule_points"] == other["iterations_won"] for other in rows
               if other is not row)


# ----- teams, releases and the end ----------------------------------------------------------------
def test_teammates_artifacts_are_combined_or_kept_apart() -> None:
    for artifacts in ("combined", "separate"):
        game = new_game(FOUR, seed=8, releases=1, artifacts=artifacts)
        play_out(game, {p: RandomBot(p) for p in range(4)})
        method = game.methods[game.methods_used[0]]
        for t, seats in enumerate(game.teams):
            if artifacts == "combined":
                expected = score_artifacts(BASE, method, [c for p in seats
                                                          for c in game.artifacts[p]],
                                           sum(game.won[p] for p in seats))[0]
            else:
                expected = sum(score_artifacts(BASE, method, game.artifacts[p], game.won[p])[0]
                               for p in seats)
            assert game.rounds[t]["rule_points"] == expected


def test_five_releases_then_the_highest_score_wins() -> None:
    game = new_game(FOUR, seed=9)
    play_out(game, {p: RandomBot(p) for p in range(4)})
    assert game.is_over and game.release == 5 and len(game.rounds) == 10
    best = max(game.scores)
    assert set(game.winners) == {game.players[p] for t, seats in enumerate(game.teams)
                                 if game.scores[t] == best for p in seats}
    assert len(set(game.methods_used)) == 5


def test_scores_may_go_negative() -> None:
    lows = []
    for seed in range(15):
        game = new_game(ABC, seed=seed, releases=2)
        play_out(game, {p: RandomBot(p) for p in range(3)})
        lows.append(min(game.scores))
    assert min(lows) < 0


def test_a_points_target_ends_the_game_after_the_release_that_reaches_it() -> None:
    game = new_game(ABC, seed=5, points_target=20)
    play_out(game, {p: RandomBot(p) for p in range(3)})
    assert game.is_over and max(game.scores) >= 20
    by_release: dict[int, int] = {}
    for row in game.rounds:
        by_release[row["release"]] = max(by_release.get(row["release"], -99), row["score"])
    assert all(best < 20 for release, best in by_release.items() if release < game.release)
    assert game.result == "target"


def test_a_physical_game_asks_for_the_method_then_each_card_dealt() -> None:
    game = new_game(ABC, seed=1, deck="physical")
    assert game.current_player == CHANCE and "Tools & Methods" in game.waiting_for
    assert {a.card for a in game.legal_actions()} == set(BASE.method_ids)
    game.deal("Hotfix")
    assert "dealt to Ada (1 of 12)" in game.waiting_for
    assert {a.card for a in game.legal_actions()} == set(BASE.play_ids)
    assert game.view(None)["method"] == "Hotfix"
