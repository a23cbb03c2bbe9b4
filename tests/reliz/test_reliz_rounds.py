"""Tender's and Cooperation's rounds played together (``team_turns="together"``, the default):
every team plays its turn of a round at the same time, the teams' moves interleave in one log,
the round ends when every team has ended its turn or the timer's time is up, and a move chosen
on a screen a few moves behind is still taken when nothing since touched its team."""

import hashlib
from typing import Any

from devgames.core.actions import CHANCE, Action
from devgames.core.bots import play_out
from devgames.core.session import Session
from devgames.reliz import RelizGame
from devgames.reliz.bots import HeuristicBot
from devgames.reliz.terms import CENTRAL
from tests.refusals import assert_refused
from tests.reliz.events_helpers import hold
from tests.reliz.helpers import check, new, settle
from tests.reliz.test_reliz_scenarios import close_but_the_release, give_zero


def set_up(game: RelizGame) -> RelizGame:
    """Play the set-up choices (first legal move) until the first round begins."""
    while not game.playing:
        game.apply(game.legal_actions()[0])
    return game


def begin(game: RelizGame, *teams: int) -> RelizGame:
    """After the set-up, let each of ``teams`` (every team by default) meet its daily event on
    its first target, from its own list of moves, whichever team is in focus."""
    set_up(game)
    for p in teams or game.playing:
        while game.turn_of(p)["phase"] != "play":
            game.apply(game.moves_of(p)[0])
    return game


def first_place(game: RelizGame, p: int) -> Action:
    return next(a for a in game.moves_of(p) if a.kind == "place")


def replayed(game: RelizGame) -> RelizGame:
    """The game's session saved as JSON and replayed."""
    game_again = Session.from_json(game.session().to_json()).replay()
    assert isinstance(game_again, RelizGame)
    return game_again


def test_both_teams_moves_are_taken_in_either_order_and_give_the_same_game() -> None:
    one, two = (begin(new("tender", seed=1, seats=2)) for _ in range(2))
    red, blue = first_place(one, 0), first_place(one, 1)
    assert one.acting_seats == (0, 1)
    one.apply(red)
    assert one.current_player == 0
    one.apply(blue)  # Blue's move, made while Red is in focus: no turn to wait for
    two.apply(blue)
    assert two.current_player == 1  # the team that moved is in focus
    two.apply(red)
    assert one.log[-2:] == [red, blue] and two.log[-2:] == [blue, red]
    assert one.snapshot() == two.snapshot()
    assert all(one.chip[a.target or 0] for a in (red, blue))
    check(one)


def test_the_focus_picks_whose_moves_are_listed_and_changes_no_snapshot() -> None:
    game = begin(new("cooperation", seed=2, seats=3))
    game.focus(0)
    before = game.snapshot()
    blue_moves = game.moves_of(1)
    assert blue_moves and {a.player for a in blue_moves} == {1} and game.current_player == 0
    game.focus(1)
    assert game.current_player == 1 and game.legal_actions() == blue_moves
    assert game.snapshot() == before
    game.focus(2)
    assert game.snapshot() == before and replayed(game).snapshot() == before


def test_a_team_that_has_ended_its_turn_waits_for_the_round_to_end() -> None:
    game = begin(new("tender", seed=1))
    blue_place = first_place(game, 1)
    game.apply(Action("end", 1))
    assert game.acting_seats == (0, 2) and game.moves_of(1) == []
    assert game.waiting_for == "Round 1: Ada and Cy are playing; Bob has ended its turn."
    assert game.view(None)["players"][1]["this_round"] == "done"
    assert_refused(game, lambda: game.apply(blue_place), "turn_ended",
                   "Bob has ended its turn of round 1")
    assert_refused(game, lambda: game.focus(1), "turn_ended")
    game.end_turn(0)
    assert game.current_player == 2 and game.round_no == 1
    game.end_turn(2)
    assert game.round_no == 2 and game.acting_seats == (0, 1, 2)
    # every team's turn started with the round: each drew its tile and its daily event
    assert [e.player for e in game.events if e.kind == "turn"][-3:] == [0, 1, 2]


def test_time_up_ends_every_turn_still_open_and_the_next_round_begins() -> None:
    game = begin(new("tender", seed=1, seats=2), 0)
    blue_daily = game.turn_of(1)["daily"]
    assert game.turn_of(1)["phase"] == "daily" and blue_daily is not None
    red = first_place(game, 0)
    game.apply(red)
    red_kept = list(game.hands[0])
    blue_hand = len(game.hands[1])
    assert len(red_kept) == 2 and blue_hand == 3  # the limit is 2 a member
    game.time_up()
    assert game.log[-1] == Action("time_up", CHANCE)
    assert game.round_no == 2 and game.acting_seats == (0, 1)
    assert game.member_hand(0, 0) == red_kept  # what Red did not place stays in its hand
    assert game.member_hand(1, 0) == []  # over the limit: Blue's whole hand back
    assert blue_daily in game.discards[1]  # the daily event Blue did not meet
    told = [game.narrate(e) for e in game.events if e.kind == "time_up"]
    assert told == ["Time is up in round 1: Ada and Bob end their turns; what they did not "
                    "place stays in hand."]
    assert game.describe(game.log[-1]).startswith("Time is up")
    assert replayed(game).snapshot() == game.snapshot()
    check(game)


def test_time_up_is_the_timers_own_move_only_when_there_is_one() -> None:
    game = begin(new("tender", seed=1, seats=2))
    assert game.can_time_up() and Action("time_up", CHANCE) not in game.legal_actions()
    assert game.moves_of(CHANCE) == [Action("time_up", CHANCE)]
    assert_refused(game, lambda: game.apply(Action("time_up", 0)), "timer_only")
    for options in ({"round_timer": 0}, {"team_turns": "in_turn"}):
        other = settle(new("tender", seed=1, seats=2, **options))
        assert not other.can_time_up() and other.moves_of(CHANCE) == []
        assert_refused(other, other.time_up, "no_timer" if options.get("round_timer") == 0
                       else "no_round")
    assert new("tender", seats=2, round_timer=3).view(None)["turn_minutes"] == 3
    assert new("tender", seats=2, round_timer=0).view(None)["turn_minutes"] is None


def test_an_extra_turn_starts_at_once_in_the_round_and_time_up_loses_one_not_begun() -> None:
    game = begin(new("tender", seed=1, seats=2))
    hold(game, 0, "coffee")
    game.play(0, "Coffee Machine")
    turn = game.turn_no
    game.end_turn(0)
    assert game.round_no == 1 and game.acting_seats == (0, 1)  # Red's extra turn, this round
    assert game.turn_no == turn + 1 and game.turn_of(0)["own_turn"] == turn + 1
    hold(game, 0, "weekend")
    begin(game, 0)
    game.play(0, "Worked the Weekend")
    game.time_up()
    assert game.round_no == 2 and game.turn_no == turn + 1 + 2  # no third turn for Red


def test_a_zone_two_teams_may_fill_goes_to_the_first_and_the_second_is_told_why() -> None:
    game = begin(new("cooperation", seed=3, seats=3, team_hands="shared"))
    game.merged = [True] * 3
    game.central_open = True  # the central stage: every team may fill the central zones
    blue_zones = {a.target or 0: a for a in game.moves_of(1) if a.kind == "place"}
    red = next(a for a in game.moves_of(0) if a.kind == "place"
               and game.zstage[a.target or 0] == CENTRAL and a.target in blue_zones)
    zone = red.target or 0
    blue = blue_zones[zone]
    since = len(game.log)
    game.apply(red)
    label = game.zlabel[zone]
    assert_refused(game, lambda: game.apply(blue), "zone_taken",
                   f"Zone {label} was filled by Ada this round.")
    assert not game.moves_apart(1, since)  # Blue's screen must catch up


def test_a_complaint_on_a_team_mid_turn_touches_it_alone() -> None:
    game = begin(new("tender", seed=1))
    hold(game, 0, "claim")
    blue = first_place(game, 1)
    since = len(game.log)
    game.apply(first_place(game, 2))  # Cy plays its own turn: nobody else is touched
    assert game.moves_apart(0, since) and game.moves_apart(1, since)
    game.play(0, "Complaint", target=1)  # on Bob, in the middle of its turn
    assert game.hands[1] == [] and 1 in game.playing
    assert not game.moves_apart(1, since) and not game.moves_apart(0, since)
    assert game.moves_apart(2, since + 1)  # Cy's screen is still good
    assert_refused(game, lambda: game.apply(blue), "no_such_tile",
                   "Ada's Complaint sent Bob's tiles back to the stock this round")


def test_tenders_first_team_is_the_first_in_the_log_not_in_seat_order() -> None:
    for shared in (False, True):
        game = begin(new("tender", seed=5, seats=3, tender_shared_win=shared))
        releases = {}
        for p in (0, 1):
            game.focus(p)
            releases[p] = close_but_the_release(game, p)
            give_zero(game, p)
        game.place(1, "0|0", releases[1])  # Bob closes first, Ada is first in seat order
        if not shared:
            assert game.is_over and game.winners == ["Bob"]
            continue
        assert not game.is_over and game.closed == [1]
        game.place(0, "0|0", releases[0])
        assert game.closed == [1, 0]
        for p in (0, 1):
            game.end_turn(p)
        assert not game.is_over  # Cy still plays its turn of the round
        game.end_turn(2)
        assert game.is_over and game.winners == ["Ada", "Bob"]


def test_cooperations_deadline_is_counted_in_rounds() -> None:
    game = new("cooperation", seed=4, seats=3, coop_rounds=30, turn_cap=0)
    while not game.is_over:  # every other round ends by the timer
        if game.round_no % 2 and game.can_time_up():
            game.time_up()
            continue
        moves = game.legal_actions()
        game.apply(next((a for a in moves if a.kind == "end"), moves[0]))
    assert game.round_no == 30 and game.winners == []
    assert "30 rounds are over" in game.result
    assert {row["round"] for row in game.rounds} == set(range(1, 31))


def test_heuristic_bots_play_each_teams_own_turn_through_the_focus() -> None:
    game = begin(new("cooperation", seed=6, seats=3))
    bot = HeuristicBot(1)
    game.focus(2)
    assert bot.choose(game).player == 2
    game = new("cooperation", seed=6, seats=3, turn_cap=60)
    assert play_out(game, {p: HeuristicBot(p) for p in range(3)}) > 0 and game.is_over
    assert replayed(game).snapshot() == game.snapshot()


def _digest(game: RelizGame) -> str:
    """The log, the events and the metrics rows of a game, as a short digest."""
    played = repr((game.log, [(e.kind, e.player, e.data, e.private) for e in game.events],
                   game.rounds))
    return hashlib.sha256(played.encode()).hexdigest()[:16]


#: In turn, the games of the engine before rounds were played together (seed: digest of the
#: game played out by heuristic bots, Cooperation of 3 teams then Tender of 3).
IN_TURN = {0: ("0ba2c93d2abb5074", "588826ab6e2eb66e"),
           1: ("3cffe77267f13795", "697ae92453bc17d4")}


def test_in_turn_plays_exactly_the_games_of_before() -> None:
    for seed, digests in IN_TURN.items():
        games: list[Any] = []
        for scenario in ("cooperation", "tender"):
            game = new(scenario, seed=seed, seats=3, team_turns="in_turn", turn_cap=45)
            play_out(game, {p: HeuristicBot(seed + p) for p in range(3)})
            games.append(_digest(game))
        assert tuple(games) == digests
