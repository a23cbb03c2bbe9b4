"""Scrumkin rules, one scripted physical-deck game per rule of the rulebook and clarifications.

Every expected number is worked out by hand from the rulebook (``../shared/rules/scrumkin.md``)
and its default interpretations (``scrumkin-clarifications.md``), in the comments beside it.
"""

from typing import Any

import pytest

from devgames.core.actions import CHANCE
from devgames.core.errors import IllegalMove, SetupError
from devgames.scrumkin import CARDS, new_game
from devgames.scrumkin.game import ScrumkinGame
from devgames.scrumkin.sprints import ROUND_FIELDS
from tests.scrumkin.helpers import (
    backlog_of,
    deck_names,
    filler_turn,
    next_sprint,
    rows_for,
    scripted_game,
    table_of,
    velocities,
)

RGB = ["Red", "Blue", "Green"]


def names_of(game: ScrumkinGame) -> list[str]:
    """The action deck by card name, top first."""
    return [CARDS[card].name for card in game.action_deck]


def bugs_of(game: ScrumkinGame, team: str) -> int:
    """Bugs in a team's backlog, as the projector shows them."""
    return next(row["bugs"] for row in game.view(None)["teams"] if row["name"] == team)


def taken_over_of(game: ScrumkinGame, team: str) -> int:
    """Items a team took over and has not implemented yet."""
    return next(row["taken_over"] for row in game.view(None)["teams"] if row["name"] == team)


def current_name(game: ScrumkinGame) -> str | None:
    """The team to act now (None when the deck or nobody is to act)."""
    seat = game.current_player
    return game.players[seat] if seat is not None and seat >= 0 else None


# ----- setup -------------------------------------------------------------------------------------
def test_physical_deck_is_never_shuffled() -> None:
    """A physical-deck game keeps the printed order: the engine waits for the real cards."""
    game = new_game(RGB, deck="physical", seed=123)
    assert list(game.deck) == list(range(1, 87))
    assert list(game.action_deck) == list(range(87, 109))
    assert game.current_player == CHANCE
    assert all(game.hand(team) == [] for team in RGB)


def test_setup_deals_three_cards_to_each_team_then_the_leader_draws() -> None:
    """3 cards to the first seat, 3 to the next, ...; backlogs of 10; then the action card."""
    game = new_game(RGB, deck="physical")
    dealt = {
        "Red": ["Fairy dust", "Flu", "Stress"],
        "Blue": ["License issues", "Ghost PO", "Scope creep"],
        "Green": ["Offshoring", "Decaf'", "Proxy PO"],
    }
    for team in RGB:
        for card in dealt[team]:
            assert game.current_player == CHANCE
            assert team in game.waiting_for
            game.deal(card)
    assert {team: game.hand(team) for team in RGB} == dealt
    assert len(game.deck) == 86 - 9
    # Every team has a backlog of 10 and no bug yet; the leader (first seat) draws next.
    assert [backlog_of(game, team) for team in RGB] == [10, 10, 10]
    assert [bugs_of(game, team) for team in RGB] == [0, 0, 0]
    assert game.view(None)["leader"] == "Red"
    assert "action card" in game.waiting_for and "Red" in game.waiting_for
    game.deal("Team Event")
    assert current_name(game) == "Red"


@pytest.mark.parametrize(("first_leader", "leader"), [(0, "Red"), (1, "Blue"), (2, "Green")])
def test_first_leader_option_chooses_who_leads_and_moves_first(first_leader: int,
                                                              leader: str) -> None:
    """The first leader draws the first action card and makes the first move."""
    game = scripted_game(RGB, first_leader=first_leader)
    assert game.view(None)["leader"] == leader
    assert leader in game.waiting_for
    game.deal("Team Event")
    assert current_name(game) == leader


def test_backlog_option_sets_the_starting_backlog() -> None:
    """Backlog size is an option (10 by default)."""
    game = scripted_game(["Red", "Blue"], backlog=7, action_card="Team Event")
    assert [backlog_of(game, team) for team in ("Red", "Blue")] == [7, 7]


def test_default_options_follow_the_clarifications() -> None:
    """Competitive, backlog 10, board 20, first seat leads, velocity tie-break, 60-sprint cap,
    10 collaborative sprints, up to 8 teams, a counter is final, drops fix no bug."""
    options = new_game(["Red", "Blue"]).options
    assert (options.rulebook, options.deck, options.backlog, options.board) == (
        "competitive", "digital", 10, 20)
    assert (options.first_leader, options.tie_break, options.sprint_cap) == (0, "velocity", 60)
    assert (options.collaborative_sprints, options.max_players) == (10, 8)
    assert (options.counter_chains, options.drop_against_bugs) == (False, False)


# ----- leader and move order ---------------------------------------------------------------------
def test_leader_rotates_clockwise_every_sprint() -> None:
    """Red leads sprint 1, then Blue, Green, and Red again; the leader moves first."""
    game = scripted_game(RGB, action_card="Bug-topus")
    leaders = []
    for sprint in range(1, 5):
        leader = game.view(None)["leader"]
        leaders.append(leader)
        assert current_name(game) == leader
        assert game.view(None)["sprint"] == sprint
        order = RGB[RGB.index(leader):] + RGB[:RGB.index(leader)]
        for team in order:
            filler_turn(game, team)
        next_sprint(game, action_card="Sweet little bug")
    assert leaders == ["Red", "Blue", "Green", "Red"]
    assert [rows_for(game, s)["Green"]["leader"] for s in (1, 2, 3)] == ["Red", "Blue", "Green"]


def test_moves_go_clockwise_from_the_leader() -> None:
    """With Blue leading, Blue moves, then Green, then Red; next sprint Green, Red, Blue."""
    game = scripted_game(RGB, first_leader=1, action_card="Bug-topus")
    movers = []
    for _ in RGB:
        team = current_name(game)
        assert team is not None
        movers.append(team)
        filler_turn(game, team)
    assert movers == ["Blue", "Green", "Red"]
    next_sprint(game, action_card="Bugs can sting")
    movers = []
    for _ in RGB:
        team = current_name(game)
        assert team is not None
        movers.append(team)
        filler_turn(game, team)
    assert movers == ["Green", "Red", "Blue"]


# ----- action cards ------------------------------------------------------------------------------
def test_boost_card_adds_to_every_team_for_that_sprint_only() -> None:
    """Team Event: +1 velocity for every team in sprint 1, nothing more in sprint 2."""
    game = scripted_game(
        ["Red", "Blue"],
        hands={"Red": ["Fairy dust", "Flu", "Stress"], "Blue": ["Ghost PO", "Proxy PO", "Decaf'"]},
        action_card="Team Event",
    )
    assert game.view(None)["boost"] == 1
    game.play("Red", "Fairy dust")
    game.drop("Red", "Flu")
    game.play("Blue", "Ghost PO")
    game.drop("Blue", "Proxy PO")
    # Red: boost +1, Fairy dust +3 = 4. Blue: boost +1, Ghost PO -1 = 0.
    assert velocities(game) == {"Red": 4, "Blue": 0}
    assert backlog_of(game, "Red") == 6 and backlog_of(game, "Blue") == 10
    assert [row["boost"] for row in rows_for(game, 1).values()] == [1, 1]

    next_sprint(game, refills={"Blue": ["Merge chaos", "Fire drill"],
                               "Red": ["Windows Update", "Tab vs Spaces"]},
                action_card="Bug-topus")
    assert game.view(None)["boost"] == 0
    game.play("Blue", "Merge chaos")
    game.drop("Blue", "Decaf'")
    game.play("Red", "Windows Update", target="Blue")
    game.drop("Red", "Stress")
    # Red: Fairy dust +2, no boost. Blue: Merge chaos -1, Windows Update -1 (Ghost PO is gone).
    assert velocities(game) == {"Red": 2, "Blue": -2}
    assert [row["boost"] for row in rows_for(game, 2).values()] == [0, 0]


def test_bug_card_adds_bugs_to_the_leader_only() -> None:
    """Ghost stories (3 bugs) drawn by Blue, the leader: Blue 13 items, the others still 10."""
    game = scripted_game(RGB, first_leader=1, action_card="Ghost stories")
    assert [backlog_of(game, team) for team in RGB] == [10, 13, 10]
    assert [bugs_of(game, team) for team in RGB] == [0, 3, 0]
    assert game.view(None)["boost"] == 0


@pytest.mark.parametrize(
    ("board", "backlog", "card", "after", "bugs"),
    [
        (20, 10, "Here be dragons", 15, 5),  # room for all 5 bugs
        (12, 10, "Here be dragons", 12, 2),  # the board ends at 12: 3 bugs are lost
        (10, 10, "Franken-bug", 10, 0),  # already at the end of the board: both bugs are lost
    ],
)
def test_bugs_beyond_the_board_are_lost(board: int, backlog: int, card: str, after: int,
                                        bugs: int) -> None:
    """The leader walks back on the board only as far as it goes."""
    game = scripted_game(["Red", "Blue"], board=board, backlog=backlog, action_card=card)
    assert backlog_of(game, "Red") == after
    assert bugs_of(game, "Red") == bugs
    assert backlog_of(game, "Blue") == backlog
    filler_turn(game, "Red")
    filler_turn(game, "Blue")
    assert rows_for(game, 1)["Red"]["bugs_added"] == bugs
    assert rows_for(game, 1)["Blue"]["bugs_added"] == 0


def test_action_card_goes_to_the_bottom_of_the_action_deck() -> None:
    """Each revealed action card is put under the action deck, which keeps its 22 cards."""
    game = scripted_game(["Red", "Blue"], action_card="Ghost stories")
    assert len(game.action_deck) == 22
    assert names_of(game)[-1] == "Ghost stories"
    assert names_of(game).count("Ghost stories") == 1
    filler_turn(game, "Red")
    filler_turn(game, "Blue")
    next_sprint(game, action_card="Free Pizza")
    assert names_of(game)[-2:] == ["Ghost stories", "Free Pizza"]
    assert sorted(game.action_deck) == list(range(87, 109))


def test_digital_action_card_goes_to_the_bottom_too() -> None:
    """With the engine's own shuffled deck, the card just drawn is the bottom one."""
    game = new_game(["Red", "Blue"], seed=11)
    drawn = game.view(None)["action_card"]
    assert drawn is not None
    assert names_of(game)[-1] == drawn
    assert sorted(game.action_deck) == list(range(87, 109))


def test_action_cards_cannot_be_countered() -> None:
    """Teams holding defensive cards are not asked when the leader reveals an action card."""
    game = scripted_game(
        ["Red", "Blue"],
        hands={"Red": ["Priorizing", "Flu", "Stress"], "Blue": ["Daily Standup", "Ghost PO"]},
        action_card="Here be dragons",
    )
    assert game.view(None)["phase"] == "moves"
    assert current_name(game) == "Red"
    assert game.view(None)["being_laid"] is None
    assert not game.can_counter("Blue", "Daily Standup")


# ----- the two moves -----------------------------------------------------------------------------
TWO_MOVES = [("own", "other"), ("other", "own"), ("own", "drop"), ("drop", "own"),
             ("other", "drop"), ("drop", "other")]


def _move(game: ScrumkinGame, team: str, kind: str, card: str) -> None:
    """One move by kind: 'own' game, 'other' (Blue's) game, or 'drop'."""
    if kind == "own":
        game.play(team, card)
    elif kind == "other":
        game.play(team, card, target="Blue")
    else:
        game.drop(team, card)


@pytest.mark.parametrize(("first", "second"), TWO_MOVES)
def test_any_two_different_moves_make_a_turn(first: str, second: str) -> None:
    """Own + other, other + drop, own + drop, in either order; then the next team moves."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Flu", "Stress", "Ghost PO"]},
                         action_card="Bug-topus")
    _move(game, "Red", first, "Flu")
    assert current_name(game) == "Red"
    _move(game, "Red", second, "Stress")
    assert current_name(game) == "Blue"
    assert game.hand("Red") == ["Ghost PO"]
    placed = {"Flu": first, "Stress": second}
    for card, kind in placed.items():
        if kind == "own":
            assert (card, -1) in table_of(game, "Red")
        elif kind == "other":
            assert (card, -1) in table_of(game, "Blue")
        else:  # dropped face down under the sprint deck
            assert deck_names(game)[-1] == card
            assert all(name != card for name, _ in table_of(game, "Red") + table_of(game, "Blue"))


@pytest.mark.parametrize("kind", ["own", "other", "drop"])
def test_the_same_move_twice_is_refused(kind: str) -> None:
    """Own + own, other + other and drop + drop are not allowed."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Flu", "Stress", "Ghost PO"]},
                         action_card="Bug-topus")
    _move(game, "Red", kind, "Flu")
    before = game.snapshot()
    with pytest.raises(IllegalMove) as error:
        _move(game, "Red", kind, "Stress")
    assert error.value.code == "move_already_made"
    assert game.snapshot() == before
    assert current_name(game) == "Red"
    if kind == "drop":
        assert not game.can_drop("Red", "Stress")
    else:
        assert not game.can_play("Red", "Stress", target="Red" if kind == "own" else "Blue")


def test_two_cards_into_two_different_other_teams_is_still_the_same_move() -> None:
    """Playing into Blue's game and then into Green's game is 'another team's game' twice."""
    game = scripted_game(RGB, hands={"Red": ["Flu", "Stress", "Ghost PO"]},
                         action_card="Bug-topus")
    assert game.can_play("Red", "Flu", target="Green")
    game.play("Red", "Flu", target="Blue")
    assert not game.can_play("Red", "Stress", target="Green")
    with pytest.raises(IllegalMove) as error:
        game.play("Red", "Stress", target="Green")
    assert error.value.code == "move_already_made"


def test_passing_is_not_allowed() -> None:
    """During the moves there is no pass: every legal action is a play or a drop."""
    game = scripted_game(["Red", "Blue"], action_card="Bug-topus")
    assert {action.kind for action in game.legal_actions()} == {"play", "drop"}
    with pytest.raises(IllegalMove):
        game.pass_counter("Red")


def test_defensive_cards_can_be_played_as_plain_cards() -> None:
    """A shield card played in one's own game is a +2 permanent card like any other."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Daily Standup", "Flu", "Stress"]},
                         action_card="Bug-topus")
    game.play("Red", "Daily Standup")
    game.drop("Red", "Flu")
    filler_turn(game, "Blue", into="Blue")
    assert velocities(game)["Red"] == 2
    assert table_of(game, "Red") == [("Daily Standup", 2)]


# ----- values over time --------------------------------------------------------------------------
def _sprints_with_one_card(card: str, sprints: int) -> tuple[ScrumkinGame, list[int]]:
    """Red lays ``card`` in its own game in sprint 1, then only plays into Blue's game.

    Action cards are all bug cards (no boost), so Red's velocity is the card's value alone.
    Returns the game and Red's velocity in each sprint.
    """
    game = scripted_game(["Red", "Blue"], hands={"Red": [card]}, action_card="Bug-topus")
    game.play("Red", card)
    game.drop("Red", game.hand("Red")[0])
    filler_turn(game, "Blue")
    seen = [velocities(game)["Red"]]
    for sprint in range(2, sprints + 1):
        next_sprint(game, action_card="Sweet little bug")
        for team in (["Blue", "Red"] if sprint % 2 == 0 else ["Red", "Blue"]):
            filler_turn(game, team, into="Blue")
        seen.append(velocities(game)["Red"])
    return game, seen


def test_fairy_dust_gives_three_two_one_then_minus_two_for_ever() -> None:
    """Fairy dust = 3 2 1 -2, permanent."""
    game, seen = _sprints_with_one_card("Fairy dust", 7)
    assert seen == [3, 2, 1, -2, -2, -2, -2]
    assert [rows_for(game, s)["Red"]["cards_in_play"] for s in (1, 2, 3, 4, 7)] == [
        "Fairy dust (+3)", "Fairy dust (+2)", "Fairy dust (+1)", "Fairy dust (-2)",
        "Fairy dust (-2)",
    ]
    assert table_of(game, "Red") == [("Fairy dust", -2)]


def test_fairy_dust_value_on_the_table_moves_up_each_sprint() -> None:
    """The projector shows the value that will count this sprint."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Fairy dust"]}, action_card="Bug-topus")
    game.play("Red", "Fairy dust")
    assert table_of(game, "Red") == [("Fairy dust", 3)]
    game.drop("Red", game.hand("Red")[0])
    filler_turn(game, "Blue")
    assert table_of(game, "Red") == [("Fairy dust", 2)]


def test_license_issues_gives_two_then_minus_two_then_leaves_under_the_deck() -> None:
    """License issues = 2 -2, not permanent: gone after the second sprint, under the deck."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["License issues"]},
                         action_card="Bug-topus")
    game.play("Red", "License issues")
    game.drop("Red", game.hand("Red")[0])
    filler_turn(game, "Blue")
    assert velocities(game)["Red"] == 2
    next_sprint(game, action_card="Sweet little bug")
    filler_turn(game, "Blue", into="Blue")
    filler_turn(game, "Red", into="Blue")
    assert velocities(game)["Red"] == -2
    assert table_of(game, "Red") == []
    assert deck_names(game).count("License issues") == 1
    assert "License issues" not in game.hand("Red") + game.hand("Blue")
    next_sprint(game, action_card="Bugs can sting")
    filler_turn(game, "Red", into="Blue")
    filler_turn(game, "Blue", into="Blue")
    assert velocities(game)["Red"] == 0


def test_a_card_leaving_play_goes_under_the_sprint_deck() -> None:
    """The cards already in the deck stay on top of a card that leaves the table."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Scope creep"]}, action_card="Bug-topus")
    game.play("Red", "Scope creep")
    game.drop("Red", game.hand("Red")[0])
    game.play("Blue", game.hand("Blue")[0], target="Red")
    before = deck_names(game)
    game.drop("Blue", game.hand("Blue")[0])
    after = deck_names(game)
    assert after[: len(before)] == before
    assert "Scope creep" in after[len(before):]


def test_a_single_value_card_counts_once() -> None:
    """Scope creep (-1, not permanent) counts in the sprint it is played, then leaves."""
    game, seen = _sprints_with_one_card("Scope creep", 3)
    assert seen == [-1, 0, 0]
    assert table_of(game, "Red") == []


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        ("Offshoring", [-2, -2, -2, -2, -2]),  # -2 for ever
        ("Priorizing", [2, 2, 2, 2, 2]),  # +2 for ever (a shield card)
        ("Global code review", [-1, -1, 1, 1, 1]),  # -1 -1 then +1 for ever
        ("Competitor steals your staff", [-2, -2, -1, 0, 0]),  # -2 -2 -1 then gone
        ("Rockstar", [2, -1, -2, 1, 0]),  # 2 -1 -2 1 then gone
    ],
)
def test_values_over_time(card: str, expected: list[int]) -> None:
    """Permanent cards keep their last value; the others leave after their last value."""
    game, seen = _sprints_with_one_card(card, 5)
    assert seen == expected
    permanent = CARDS[next(c for c in CARDS if CARDS[c].name == card)].permanent
    assert bool(table_of(game, "Red")) == permanent


# ----- Scrum of Scrums --------------------------------------------------------------------------
def test_scrum_of_scrums_with_three_teams_is_worth_two_each() -> None:
    """1 per OTHER team with a Scrum of Scrums in play: 3 teams, each card is worth 2."""
    sos = ["Scrum of Scrums"]
    game = scripted_game(RGB, hands={"Red": sos, "Blue": sos, "Green": sos},
                         action_card="Bug-topus")
    for team in RGB:
        game.play(team, "Scrum of Scrums")
        game.drop(team, game.hand(team)[0])
    assert velocities(game) == {"Red": 2, "Blue": 2, "Green": 2}
    assert [row["cards_in_play"] for row in rows_for(game, 1).values()] == [
        "Scrum of Scrums (+2)"] * 3


def test_scrum_of_scrums_alone_is_worth_nothing() -> None:
    """Only Red has one in play: there is no other team, so it counts 0."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Scrum of Scrums"]},
                         action_card="Bug-topus")
    game.play("Red", "Scrum of Scrums")
    game.drop("Red", game.hand("Red")[0])
    filler_turn(game, "Blue")
    assert velocities(game)["Red"] == 0
    assert rows_for(game, 1)["Red"]["cards_in_play"] == "Scrum of Scrums (+0)"


def test_scrum_of_scrums_grows_as_other_teams_join() -> None:
    """Red alone: 0; Blue joins next sprint: both count 1; Red's card stays in play."""
    game = scripted_game(["Red", "Blue", "Green", "Yellow"],
                         hands={"Red": ["Scrum of Scrums"]}, action_card="Bug-topus")
    game.play("Red", "Scrum of Scrums")
    game.drop("Red", game.hand("Red")[0])
    for team in ("Blue", "Green", "Yellow"):
        filler_turn(game, team)
    assert velocities(game)["Red"] == 0
    next_sprint(game, refills={"Blue": ["Scrum of Scrums"]}, action_card="Bugs can sting")
    game.play("Blue", "Scrum of Scrums")
    game.drop("Blue", game.hand("Blue")[0])
    for team in ("Green", "Yellow", "Red"):
        filler_turn(game, team, into="Green")
    assert velocities(game)["Red"] == 1
    assert velocities(game)["Blue"] == 1


# ----- counters ----------------------------------------------------------------------------------
def _counter_game(**options: object) -> ScrumkinGame:
    """Red leads; Blue holds Daily Standup, a defensive card."""
    return scripted_game(
        ["Red", "Blue"],
        hands={"Red": ["Offshoring", "Fairy dust", "Flu"],
               "Blue": ["Daily Standup", "Ghost PO", "Proxy PO"]},
        action_card="Bug-topus",
        **options,
    )


def test_a_counter_cancels_the_card_and_both_go_under_the_sprint_deck() -> None:
    """Blue counters Offshoring: neither card is in play, both are at the bottom of the deck."""
    game = _counter_game()
    game.play("Red", "Offshoring", target="Blue")
    assert current_name(game) == "Blue"
    assert "Blue" in game.waiting_for and "Offshoring" in game.waiting_for
    game.counter("Blue", "Daily Standup")
    assert table_of(game, "Blue") == []
    assert sorted(deck_names(game)[-2:]) == ["Daily Standup", "Offshoring"]
    assert game.hand("Blue") == ["Ghost PO", "Proxy PO"]
    assert current_name(game) == "Red"


def test_the_countered_move_still_counts_and_the_counter_is_free() -> None:
    """Red's countered move was its 'other game' move; Blue still makes two moves after."""
    game = _counter_game()
    game.play("Red", "Offshoring", target="Blue")
    game.counter("Blue", "Daily Standup")
    with pytest.raises(IllegalMove) as error:
        game.play("Red", "Flu", target="Blue")
    assert error.value.code == "move_already_made"
    game.play("Red", "Fairy dust")
    assert current_name(game) == "Blue"  # Red has made its two moves
    game.play("Blue", "Ghost PO")
    assert current_name(game) == "Blue"  # countering was not one of Blue's two moves
    game.play("Blue", "Proxy PO", target="Red")
    # Red: Fairy dust +3, Proxy PO -1 = 2. Blue: Ghost PO -1 (Offshoring was countered).
    assert velocities(game) == {"Red": 2, "Blue": -1}
    assert rows_for(game, 1)["Blue"]["counters_made"] == 1
    assert rows_for(game, 1)["Red"]["counters_made"] == 0
    # Blue used three cards (a counter and two moves): it draws three; Red draws two.
    assert len(game.hand("Red")) == 1 and game.hand("Blue") == []


def test_letting_a_card_through_puts_it_in_play() -> None:
    """Blue passes: Offshoring is in Blue's game and Blue keeps its shield card."""
    game = _counter_game()
    game.play("Red", "Offshoring", target="Blue")
    game.pass_counter("Blue")
    assert table_of(game, "Blue") == [("Offshoring", -2)]
    assert "Daily Standup" in game.hand("Blue")


def test_teams_without_a_defensive_card_are_not_asked() -> None:
    """Nobody else holds a shield: the card goes straight into play."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Offshoring", "Daily Standup"]},
                         action_card="Bug-topus")
    game.play("Red", "Offshoring", target="Blue")
    assert game.view(None)["phase"] == "moves"
    assert table_of(game, "Blue") == [("Offshoring", -2)]


def test_a_dropped_card_is_not_laid_down_so_it_cannot_be_countered() -> None:
    """A drop goes face down under the deck: nobody is asked to counter it."""
    game = _counter_game()
    game.drop("Red", "Flu")
    assert game.view(None)["phase"] == "moves"
    assert current_name(game) == "Red"
    assert deck_names(game)[-1] == "Flu"


FOUR = ["Red", "Blue", "Green", "Yellow"]


def _four_team_counter_game(**options: Any) -> ScrumkinGame:
    """Green leads and lays Offshoring into Red's game; Red and Blue hold shields, Yellow none,
    Green itself holds one (the layer is never asked)."""
    game = scripted_game(
        FOUR,
        hands={"Red": ["Priorizing"], "Blue": ["Daily Standup"],
               "Green": ["Offshoring", "Client on site"]},
        first_leader=2,
        action_card="Bug-topus",
        **options,
    )
    game.play("Green", "Offshoring", target="Red")
    return game


def test_the_chance_to_counter_goes_clockwise_from_the_layer() -> None:
    """From Green: Yellow (no shield, skipped), Red, then Blue; Green is never asked."""
    game = _four_team_counter_game()
    asked = []
    while game.view(None)["phase"] == "counter":
        team = current_name(game)
        assert team is not None
        asked.append(team)
        game.pass_counter(team)
    assert asked == ["Red", "Blue"]
    assert table_of(game, "Red") == [("Offshoring", -2)]
    assert current_name(game) == "Green"


def test_counter_asks_everyone_asks_the_teams_without_a_shield_too() -> None:
    """counter_asks="everyone": Yellow, holding no shield, is asked as well and may only pass,
    so a pass tells the room nothing; the card stands after every other team passed."""
    game = _four_team_counter_game(counter_asks="everyone")
    asked = []
    while game.view(None)["phase"] == "counter":
        team = current_name(game)
        assert team is not None and game.waiting_for == f"{team} may counter Offshoring."
        if team == "Yellow":
            assert [action.kind for action in game.legal_actions()] == ["pass"]
        asked.append(team)
        game.pass_counter(team)
    assert asked == ["Yellow", "Red", "Blue"]
    assert table_of(game, "Red") == [("Offshoring", -2)]
    assert current_name(game) == "Green"


def test_counter_asks_everyone_with_counter_chains_asks_everyone_again() -> None:
    """After Blue's counter, every other team is asked about it, Red (no shield left) included."""
    game = scripted_game(
        ["Red", "Blue", "Green"],
        hands={"Red": ["Offshoring", "Flu"], "Blue": ["Daily Standup"]},
        action_card="Bug-topus",
        counter_chains=True,
        counter_asks="everyone",
    )
    game.play("Red", "Offshoring", target="Blue")
    game.counter("Blue", "Daily Standup")
    assert current_name(game) == "Green"
    game.pass_counter("Green")
    assert current_name(game) == "Red"
    assert [action.kind for action in game.legal_actions()] == ["pass"]
    game.pass_counter("Red")
    assert game.view(None)["phase"] == "moves"
    assert table_of(game, "Blue") == []  # countered once: cancelled


def test_the_first_counter_wins() -> None:
    """Red counters first: Blue is not asked any more and keeps its shield card."""
    game = _four_team_counter_game()
    game.counter("Red", "Priorizing")
    assert game.view(None)["phase"] == "moves"
    assert current_name(game) == "Green"
    assert "Daily Standup" in game.hand("Blue")
    assert not game.can_counter("Blue", "Daily Standup")
    assert table_of(game, "Red") == []


def test_a_later_team_counters_after_earlier_ones_pass() -> None:
    """Red passes, Blue counters: the card is cancelled."""
    game = _four_team_counter_game()
    assert not game.can_counter("Blue", "Daily Standup")  # Red decides first
    game.pass_counter("Red")
    game.counter("Blue", "Daily Standup")
    assert table_of(game, "Red") == []
    assert sorted(deck_names(game)[-2:]) == ["Daily Standup", "Offshoring"]


def offshoring_countered_by_blue(**options: Any) -> ScrumkinGame:
    """Red lays Offshoring into Blue's game and Blue counters it with Daily Standup; Red still
    holds Priorizing (a shield) and Flu."""
    game = scripted_game(
        ["Red", "Blue"],
        hands={"Red": ["Offshoring", "Priorizing", "Flu"], "Blue": ["Daily Standup"]},
        action_card="Bug-topus",
        **options,
    )
    game.play("Red", "Offshoring", target="Blue")
    game.counter("Blue", "Daily Standup")
    return game


def test_a_counter_cannot_be_countered_by_default() -> None:
    """Without counter_chains, Red may not answer Blue's counter even holding a shield."""
    game = offshoring_countered_by_blue()
    assert game.view(None)["phase"] == "moves"
    assert not game.can_counter("Red", "Priorizing")
    assert table_of(game, "Blue") == []


def test_counter_chains_option_lets_a_counter_be_countered() -> None:
    """counter_chains: Red counters Blue's counter, so Offshoring stands in Blue's game."""
    game = offshoring_countered_by_blue(counter_chains=True)
    assert current_name(game) == "Red"
    assert "Daily Standup" in game.waiting_for
    game.counter("Red", "Priorizing")
    assert game.view(None)["phase"] == "moves"
    assert table_of(game, "Blue") == [("Offshoring", -2)]
    assert sorted(deck_names(game)[-2:]) == ["Daily Standup", "Priorizing"]
    assert game.hand("Red") == ["Flu"]
    game.drop("Red", "Flu")  # the counter was free: Red still had its second move
    filler_turn(game, "Blue")
    assert rows_for(game, 1)["Red"]["counters_made"] == 1
    assert rows_for(game, 1)["Blue"]["counters_made"] == 1


def test_counter_chains_an_even_number_of_counters_cancels_the_card() -> None:
    """Blue counters, Red counters back, Blue counters again: Offshoring is cancelled."""
    game = scripted_game(
        ["Red", "Blue"],
        hands={"Red": ["Offshoring", "Priorizing", "Flu"],
               "Blue": ["Daily Standup", "Hands-on"]},
        action_card="Bug-topus",
        counter_chains=True,
    )
    game.play("Red", "Offshoring", target="Blue")
    game.counter("Blue", "Daily Standup")
    game.counter("Red", "Priorizing")
    game.counter("Blue", "Hands-on")
    assert game.view(None)["phase"] == "moves"
    assert table_of(game, "Blue") == []
    assert sorted(deck_names(game)[-4:]) == sorted(
        ["Offshoring", "Daily Standup", "Priorizing", "Hands-on"])


def test_counter_chains_the_chain_may_stop_with_a_pass() -> None:
    """counter_chains: Red may also let Blue's counter stand."""
    game = offshoring_countered_by_blue(counter_chains=True)
    game.pass_counter("Red")
    assert table_of(game, "Blue") == []
    assert "Priorizing" in game.hand("Red")


# ----- velocity and backlog ----------------------------------------------------------------------
def test_velocity_at_or_below_zero_removes_nothing() -> None:
    """Red -2, Blue 0: no item done, and (competitive) no item added either."""
    game = scripted_game(
        ["Red", "Blue"],
        hands={"Red": ["Offshoring", "Flu", "Stress"], "Blue": ["3 Amigos", "Ghost PO"]},
        action_card="Bug-topus",
    )
    assert backlog_of(game, "Red") == 11  # the leader's bug
    game.play("Red", "Offshoring")
    game.play("Red", "Flu", target="Blue")
    game.play("Blue", "3 Amigos")
    game.drop("Blue", "Ghost PO")
    # Red: Offshoring -2. Blue: 3 Amigos +1, Flu -1 = 0.
    assert velocities(game) == {"Red": -2, "Blue": 0}
    assert backlog_of(game, "Red") == 11 and backlog_of(game, "Blue") == 10
    assert [row["completed"] for row in rows_for(game, 1).values()] == [0, 0]


def test_velocity_burns_down_as_many_items() -> None:
    """Velocity 3 removes 3 items."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Fairy dust"]}, first_leader=1,
                         action_card="Bug-topus")
    filler_turn(game, "Blue", into="Blue")
    game.play("Red", "Fairy dust")
    game.drop("Red", game.hand("Red")[0])
    assert backlog_of(game, "Red") == 7
    assert rows_for(game, 1)["Red"]["completed"] == 3


def test_velocity_above_the_backlog_stops_at_zero() -> None:
    """Backlog 2, velocity 3: the backlog goes to 0, not below; 2 items completed."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Fairy dust"]}, backlog=2,
                         first_leader=1, action_card="Bug-topus")
    filler_turn(game, "Blue", into="Blue")
    game.play("Red", "Fairy dust")
    game.drop("Red", game.hand("Red")[0])
    assert backlog_of(game, "Red") == 0
    row = rows_for(game, 1)["Red"]
    assert (row["velocity"], row["completed"], row["backlog_after"]) == (3, 2, 0)


def test_bugs_count_like_any_other_item() -> None:
    """A backlog of 10 features + 3 bugs (13 items) is done by velocity alone."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Fairy dust"]},
                         action_card="Ghost stories")
    assert backlog_of(game, "Red") == 13
    game.play("Red", "Fairy dust")
    game.drop("Red", game.hand("Red")[0])
    filler_turn(game, "Blue", into="Blue")
    assert backlog_of(game, "Red") == 10


# ----- refill ------------------------------------------------------------------------------------
def test_hands_are_refilled_to_three_starting_with_the_next_leader() -> None:
    """After sprint 1 (Red led), Blue draws first, then Green, then Red; Blue draws sprint 2's
    action card. Blue countered, so it draws 3 cards; the others draw 2."""
    game = scripted_game(RGB, hands={"Red": ["Offshoring"], "Blue": ["Daily Standup"]},
                         action_card="Bug-topus")
    game.play("Red", "Offshoring", target="Green")
    game.counter("Blue", "Daily Standup")
    game.drop("Red", game.hand("Red")[0])
    for team in ("Blue", "Green"):
        filler_turn(game, team)
    assert [len(game.hand(team)) for team in RGB] == [1, 0, 1]
    drawn_by = []
    for card in ["Fairy dust", "Death March", "Rockstar", "Decaf'", "Patent war", "Murphys-Law",
                 "Threat Talk"]:
        assert game.current_player == CHANCE and "sprint card" in game.waiting_for
        drawn_by.append(next(team for team in RGB if team in game.waiting_for))
        game.deal(card)
    assert drawn_by == ["Blue"] * 3 + ["Green"] * 2 + ["Red"] * 2
    assert "action card" in game.waiting_for and "Blue" in game.waiting_for
    game.deal("Team Event")
    assert [len(game.hand(team)) for team in RGB] == [3, 3, 3]
    assert game.hand("Blue") == ["Fairy dust", "Death March", "Rockstar"]
    assert game.hand("Green")[-2:] == ["Decaf'", "Patent war"]
    assert game.hand("Red")[-2:] == ["Murphys-Law", "Threat Talk"]
    assert current_name(game) == "Blue"


# ----- the end of the game -----------------------------------------------------------------------
def _race(backlog: int, red_card: str, blue_card: str, action_card: str = "Team Event",
          **options: object) -> ScrumkinGame:
    """One sprint: Red and Blue each lay one card in their own game and drop another."""
    game = scripted_game(["Red", "Blue"], hands={"Red": [red_card], "Blue": [blue_card]},
                         backlog=backlog, action_card=action_card, **options)
    game.play("Red", red_card)
    game.drop("Red", game.hand("Red")[0])
    game.play("Blue", blue_card)
    game.drop("Blue", game.hand("Blue")[0])
    return game


def test_the_first_team_to_empty_its_backlog_wins() -> None:
    """Backlog 3: Red's Fairy dust (+3) finishes it in sprint 1; Blue (velocity 1) does not."""
    game = _race(3, "Fairy dust", "Scope creep", action_card="Team Event")
    # Red: boost +1 + Fairy dust +3 = 4 (backlog 3 -> 0); Blue: +1 - 1 = 0.
    assert game.is_over
    assert game.winners == ["Red"]
    assert game.result == "backlog_done"
    assert game.current_player is None and game.legal_actions() == []


def test_the_game_goes_on_while_every_backlog_has_items() -> None:
    """Nobody reached 0: the next sprint starts with a deal."""
    game = _race(10, "Fairy dust", "Scope creep")
    assert not game.is_over and game.winners == []
    assert game.current_player == CHANCE


def test_several_finishing_the_higher_velocity_wins() -> None:
    """Backlog 2: Red 1 + 3 = 4, Blue 1 + 2 = 3: both finish, Red has the higher velocity."""
    game = _race(2, "Fairy dust", "License issues")
    assert velocities(game) == {"Red": 4, "Blue": 3}
    assert [backlog_of(game, team) for team in ("Red", "Blue")] == [0, 0]
    assert game.winners == ["Red"]
    assert game.result == "backlog_done"


def test_several_finishing_with_the_same_velocity_share_the_win() -> None:
    """Backlog 2: Red 1 + 2 = 3, Blue 1 + 2 = 3: a shared win."""
    game = _race(2, "License issues", "Death March")
    assert velocities(game) == {"Red": 3, "Blue": 3}
    assert game.winners == ["Red", "Blue"]


def test_tie_break_shared_lets_everyone_who_finished_win() -> None:
    """tie_break='shared': velocities 4 and 3, both finish, both win."""
    game = _race(2, "Fairy dust", "License issues", tie_break="shared")
    assert velocities(game) == {"Red": 4, "Blue": 3}
    assert game.winners == ["Red", "Blue"]


def test_only_the_teams_that_finished_can_win() -> None:
    """Green's velocity is the highest, but Green still has items left: Red wins alone."""
    game = scripted_game(RGB, hands={"Red": ["License issues"], "Green": ["Fairy dust"]},
                         backlog=2, first_leader=2, action_card="Here be dragons")
    game.play("Green", "Fairy dust")
    game.drop("Green", game.hand("Green")[0])
    game.play("Red", "License issues")
    game.drop("Red", game.hand("Red")[0])
    filler_turn(game, "Blue")
    # Green: 2 + 5 bugs = 7 items, velocity 3 -> 4 left. Red: velocity 2, 2 -> 0. Blue: -1.
    assert velocities(game) == {"Red": 2, "Blue": -1, "Green": 3}
    assert game.winners == ["Red"]


def test_sprint_cap_ends_the_game_with_the_lowest_backlog_winning() -> None:
    """sprint_cap=2: after 2 sprints the lowest backlog wins, reported as 'sprint_cap'."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Death March"]}, sprint_cap=2,
                         action_card="Bug-topus")
    game.play("Red", "Death March")
    game.drop("Red", game.hand("Red")[0])
    filler_turn(game, "Blue")
    # Sprint 1: Red 10 + 1 bug - 2 = 9; Blue 10 - 1 velocity: 10.
    assert not game.is_over
    next_sprint(game, action_card="Sweet little bug")
    filler_turn(game, "Blue", into="Blue")
    filler_turn(game, "Red", into="Blue")
    # Sprint 2: Red 9 - 2 (Death March +2) = 7; Blue 10 + 1 bug = 11, velocity -2.
    assert [backlog_of(game, team) for team in ("Red", "Blue")] == [7, 11]
    assert game.is_over
    assert game.winners == ["Red"]
    assert game.result == "sprint_cap"


def test_default_sprint_cap_is_sixty_sprints() -> None:
    """A competitive game nobody can finish stops after sprint 60, not before."""
    game = scripted_game(["Red", "Blue"], action_card="Bug-topus")
    _filler_sprints(game, 59)
    assert not game.is_over
    next_sprint(game, action_card="Bug-topus")
    _filler_sprint(game)
    # Every sprint: one bug for the leader, velocity -2: both backlogs end on the board's end.
    assert game.is_over and game.result == "sprint_cap"
    assert [backlog_of(game, team) for team in ("Red", "Blue")] == [20, 20]
    assert game.winners == ["Red", "Blue"]
    assert len(game.rounds) == 2 * 60


def test_sprint_cap_with_equal_backlogs_is_a_shared_win() -> None:
    """sprint_cap=1 and both backlogs at 10: both teams win."""
    game = scripted_game(["Red", "Blue"], sprint_cap=1, first_leader=0, action_card="Team Event")
    filler_turn(game, "Red")
    filler_turn(game, "Blue")
    # Each: boost +1, filler -1 = 0 velocity: both still at 10.
    assert game.is_over and game.result == "sprint_cap"
    assert game.winners == ["Red", "Blue"]


# ----- the collaborative rulebook ----------------------------------------------------------------
def test_collaborative_game_forbids_drops() -> None:
    """Players may only play into their own or someone else's game."""
    game = scripted_game(["Red", "Blue"], rulebook="collaborative", action_card="Bug-topus")
    card = game.hand("Red")[0]
    assert not game.can_drop("Red", card)
    assert all(action.kind != "drop" for action in game.legal_actions())
    with pytest.raises(IllegalMove) as error:
        game.drop("Red", card)
    assert error.value.code == "drop_not_allowed"


def test_competitive_game_forbids_take_over() -> None:
    """Taking over backlog items belongs to the collaborative rulebook only."""
    game = scripted_game(["Red", "Blue"], action_card="Bug-topus")
    assert not game.can_take_over("Red", "Blue", 1)
    assert all(action.kind != "take_over" for action in game.legal_actions())


def test_take_over_thelma_and_louise() -> None:
    """The rulebook's example: Thelma takes over 3 items from Louise (+3 items, -3 velocity),
    implements 2 in the first round, and then has 1 taken-over item left and a -1 penalty."""
    game = scripted_game(
        ["Thelma", "Louise"],
        hands={"Thelma": ["Fairy dust", "Flu", "Stress"],
               "Louise": ["3 Amigos", "Ghost PO", "Proxy PO"]},
        rulebook="collaborative",
        action_card="Team Event",
    )
    assert game.can_take_over("Thelma", "Louise", 3)
    game.take_over("Thelma", "Louise", 3)
    assert backlog_of(game, "Thelma") == 13 and backlog_of(game, "Louise") == 7
    assert taken_over_of(game, "Thelma") == 3
    game.play("Thelma", "Fairy dust")
    game.play("Thelma", "Flu", target="Louise")
    game.play("Louise", "3 Amigos", target="Thelma")
    game.play("Louise", "Ghost PO")
    # Thelma: boost +1, Fairy dust +3, 3 Amigos +1, penalty -3 = 2: 2 items implemented.
    assert velocities(game)["Thelma"] == 2
    assert backlog_of(game, "Thelma") == 11
    assert taken_over_of(game, "Thelma") == 1
    assert rows_for(game, 1)["Thelma"]["penalty"] == -3
    # Louise: boost +1, Flu -1, Ghost PO -1 = -1: no item done, no penalty.
    assert backlog_of(game, "Louise") == 7
    assert rows_for(game, 1)["Louise"]["penalty"] == 0

    next_sprint(game, action_card="Free Pizza")
    filler_turn(game, "Louise", into="Louise", then="Thelma")
    filler_turn(game, "Thelma", into="Thelma", then="Louise")
    # Thelma: boost +1, Fairy dust +2, 3 Amigos 0, two fillers -2, penalty -1 = 0.
    assert rows_for(game, 2)["Thelma"]["penalty"] == -1
    assert velocities(game)["Thelma"] == 0


def test_implemented_items_reduce_taken_over_items_first() -> None:
    """Taking over 2 items, then implementing 3: no taken-over item is left, and no penalty."""
    game = scripted_game(
        ["Red", "Blue"],
        hands={"Red": ["Fairy dust", "Flu"], "Blue": ["Death March", "Ghost PO"]},
        rulebook="collaborative",
        action_card="Team Event",
    )
    game.take_over("Red", "Blue", 2)
    game.play("Red", "Fairy dust")
    game.play("Red", "Flu", target="Blue")
    game.play("Blue", "Death March", target="Red")
    game.play("Blue", "Ghost PO")
    # Red: +1 +3 +2 -2 (penalty) = 4: 12 -> 8, the 2 taken-over items first.
    assert velocities(game)["Red"] == 4
    assert backlog_of(game, "Red") == 8
    assert taken_over_of(game, "Red") == 0


def test_take_over_happens_once_in_a_turn_and_is_not_a_move() -> None:
    """After taking over, the team still makes its two moves."""
    game = scripted_game(["Red", "Blue"], rulebook="collaborative", action_card="Bug-topus")
    game.take_over("Red", "Blue", 1)
    assert current_name(game) == "Red"
    assert [action.kind for action in game.legal_actions()].count("take_over") == 0
    assert len(game.hand("Red")) == 3


@pytest.mark.parametrize(
    ("red_card", "blue_card", "velocity", "bugs"),
    [
        ("Offshoring", "Flu", -3, 0),  # -2 -1 = -3: not below -3, nothing added
        ("Architecture Change", "Flu", -4, 4),  # -3 -1 = -4: 4 bugs
        ("Architecture Change", "Offshoring", -5, 5),  # the rulebook's example: -5 -> 5 bugs
    ],
)
def test_collaborative_velocity_below_minus_three_adds_as_many_bugs(
    red_card: str, blue_card: str, velocity: int, bugs: int
) -> None:
    """A velocity < -3 adds as many bugs to the team's backlog."""
    game = scripted_game(
        ["Red", "Blue"],
        hands={"Red": [red_card, "3 Amigos"], "Blue": [blue_card, "Death March"]},
        rulebook="collaborative",
        first_leader=1,
        action_card="Bug-topus",  # Blue leads and takes the bug
    )
    game.play("Blue", blue_card, target="Red")
    game.play("Blue", "Death March")
    game.play("Red", red_card)
    game.play("Red", "3 Amigos", target="Blue")
    assert velocities(game)["Red"] == velocity
    assert backlog_of(game, "Red") == 10 + bugs
    assert bugs_of(game, "Red") == bugs
    assert rows_for(game, 1)["Red"]["bugs_added"] == bugs


def test_competitive_velocity_minus_five_adds_nothing() -> None:
    """In the competitive game a negative velocity neither removes nor adds items."""
    game = scripted_game(
        ["Red", "Blue"],
        hands={"Red": ["Architecture Change", "Flu"], "Blue": ["Offshoring", "Death March"]},
        first_leader=1,
        action_card="Bug-topus",
    )
    game.play("Blue", "Offshoring", target="Red")
    game.play("Blue", "Death March")
    game.play("Red", "Architecture Change")
    game.drop("Red", "Flu")
    assert velocities(game)["Red"] == -5
    assert backlog_of(game, "Red") == 10 and bugs_of(game, "Red") == 0


def test_collaborative_everyone_wins_when_every_backlog_is_empty() -> None:
    """Red empties its backlog in sprint 1 (the game goes on), Blue in sprint 2: all win."""
    game = scripted_game(
        ["Red", "Blue"],
        hands={"Red": ["License issues", "Flu", "3 Amigos"],
               "Blue": ["Ghost PO", "Proxy PO", "Death March"]},
        rulebook="collaborative",
        backlog=2,
        action_card="Team Event",
    )
    game.play("Red", "License issues")
    game.play("Red", "Flu", target="Blue")
    game.play("Blue", "Ghost PO")
    game.play("Blue", "Proxy PO", target="Red")
    # Red: +1 +2 -1 = 2 -> backlog 0. Blue: +1 -1 -1 = -1 -> backlog 2.
    assert [backlog_of(game, team) for team in ("Red", "Blue")] == [0, 2]
    assert not game.is_over and game.winners == []
    next_sprint(game, refills={"Blue": ["Fire drill"]}, action_card="Free Pizza")
    game.play("Blue", "Death March")
    game.play("Blue", "Fire drill", target="Red")
    game.play("Red", "3 Amigos", target="Blue")
    game.play("Red", game.hand("Red")[0])
    # Blue: +1 +2 (Death March) +1 (3 Amigos) = 4 -> backlog 0.
    assert game.is_over
    assert game.winners == ["Red", "Blue"]
    assert game.result == "all_backlogs_done"


def _filler_sprint(game: ScrumkinGame) -> None:
    """One sprint of filler cards: each team plays into its own game, then into the next
    team's game (moves allowed by both rulebooks)."""
    teams = list(game.players)
    leader = teams.index(game.view(None)["leader"])
    for team in teams[leader:] + teams[:leader]:
        other = teams[(teams.index(team) + 1) % len(teams)]
        filler_turn(game, team, into=team, then=other)


def _filler_sprints(game: ScrumkinGame, sprints: int) -> None:
    """Play ``sprints`` filler sprints, the first one's action card already revealed."""
    for sprint in range(sprints):
        if sprint:
            next_sprint(game, action_card="Bug-topus")
        _filler_sprint(game)


def test_collaborative_everyone_loses_after_ten_sprints() -> None:
    """Backlogs still full after the 10th sprint: the game ends and nobody wins."""
    game = scripted_game(["Red", "Blue"], rulebook="collaborative", action_card="Bug-topus")
    _filler_sprints(game, 9)
    assert not game.is_over
    next_sprint(game, action_card="Bug-topus")
    _filler_sprint(game)
    assert game.is_over
    assert game.winners == []
    assert game.result == "out_of_sprints"
    assert max(row["sprint"] for row in game.rounds) == 10


def test_collaborative_win_in_the_last_sprint_is_a_win() -> None:
    """collaborative_sprints=1 and every backlog empty after it: everybody wins."""
    game = scripted_game(
        ["Red", "Blue"],
        hands={"Red": ["License issues", "3 Amigos"], "Blue": ["Death March", "Work on Saturdays"]},
        rulebook="collaborative",
        collaborative_sprints=1,
        backlog=1,
        action_card="Team Event",
    )
    game.play("Red", "License issues")
    game.play("Red", "3 Amigos", target="Blue")
    game.play("Blue", "Death March")
    game.play("Blue", "Work on Saturdays", target="Red")
    # Red: +1 +2 +2 = 5; Blue: +1 +2 +1 = 4: both backlogs of 1 are done.
    assert game.is_over
    assert game.result == "all_backlogs_done"
    assert game.winners == ["Red", "Blue"]


def test_collaborative_sprints_option() -> None:
    """collaborative_sprints=3: the game is lost after 3 sprints."""
    game = scripted_game(["Red", "Blue"], rulebook="collaborative", collaborative_sprints=3,
                         action_card="Bug-topus")
    _filler_sprints(game, 3)
    assert game.is_over and game.winners == [] and game.result == "out_of_sprints"


# ----- drop against bugs -------------------------------------------------------------------------
def test_drop_against_bugs_removes_one_bug() -> None:
    """Franken-bug gives Red 2 bugs (12 items); a drop fixes one of them (11 items)."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Flu", "Fairy dust"]},
                         drop_against_bugs=True, action_card="Franken-bug")
    assert (backlog_of(game, "Red"), bugs_of(game, "Red")) == (12, 2)
    game.drop("Red", "Flu")
    assert (backlog_of(game, "Red"), bugs_of(game, "Red")) == (11, 1)
    assert deck_names(game)[-1] == "Flu"


def test_without_the_option_a_drop_fixes_no_bug() -> None:
    """By default a drop is just a discarded card."""
    game = scripted_game(["Red", "Blue"], hands={"Red": ["Flu"]}, action_card="Franken-bug")
    game.drop("Red", "Flu")
    assert (backlog_of(game, "Red"), bugs_of(game, "Red")) == (12, 2)


def test_collaborative_drop_against_bugs_needs_a_bug() -> None:
    """Collaborative + drop_against_bugs: Red (2 bugs) may drop; Blue (no bug) may not."""
    game = scripted_game(["Red", "Blue"], rulebook="collaborative", drop_against_bugs=True,
                         hands={"Red": ["Flu"]}, action_card="Franken-bug")
    assert game.can_drop("Red", "Flu")
    game.drop("Red", "Flu")
    assert bugs_of(game, "Red") == 1
    game.play("Red", game.hand("Red")[0])
    card = game.hand("Blue")[0]
    assert not game.can_drop("Blue", card)
    with pytest.raises(IllegalMove) as error:
        game.drop("Blue", card)
    assert error.value.code == "drop_not_allowed"


# ----- number of teams ---------------------------------------------------------------------------
def test_printed_game_is_for_two_to_four_teams() -> None:
    """max_players=4 plays as printed: 4 teams are fine, 5 are refused."""
    assert new_game(FOUR, max_players=4).players == tuple(FOUR)
    with pytest.raises(SetupError):
        new_game([*FOUR, "Purple"], max_players=4)


def test_up_to_eight_teams_by_default() -> None:
    """Workshops run up to 8 teams; 9 is too many, 1 too few."""
    eight = [f"Team {i}" for i in range(1, 9)]
    game = scripted_game(eight, action_card="Bug-topus")
    assert all(len(game.hand(team)) == 3 for team in eight)
    assert len(game.deck) == 86 - 24
    with pytest.raises(SetupError):
        new_game([*eight, "Team 9"])
    with pytest.raises(SetupError):
        new_game(["Alone"])


# ----- metrics rows ------------------------------------------------------------------------------
def test_metrics_rows_one_per_team_per_sprint() -> None:
    """Two sprints of Red and Blue, every column checked against the rules by hand."""
    game = scripted_game(
        ["Red", "Blue"],
        hands={"Red": ["Fairy dust", "Offshoring", "Flu"],
               "Blue": ["Daily Standup", "License issues", "Ghost PO"]},
        action_card="Franken-bug",
    )
    game.play("Red", "Offshoring", target="Blue")
    game.counter("Blue", "Daily Standup")
    game.play("Red", "Fairy dust")
    game.play("Blue", "License issues")
    game.play("Blue", "Ghost PO", target="Red")
    assert len(game.rounds) == 2
    next_sprint(game, refills={"Blue": ["Merge chaos", "Fire drill", "Stress"],
                               "Red": ["Windows Update", "Tab vs Spaces"]},
                action_card="Team Event")
    game.play("Blue", "Merge chaos")
    game.drop("Blue", "Fire drill")
    game.play("Red", "Flu", target="Blue")
    game.drop("Red", "Windows Update")
    rows = game.rounds
    assert len(rows) == 4
    assert all(set(row) == set(ROUND_FIELDS) for row in rows)
    assert [(row["sprint"], row["team"]) for row in rows] == [
        (1, "Red"), (1, "Blue"), (2, "Red"), (2, "Blue")]
    expected = [
        # Sprint 1: Red leads and draws Franken-bug (2 bugs: 10 -> 12). Red: Fairy dust +3,
        # Ghost PO -1 = 2: 12 -> 10, the bugs still there. Blue countered Offshoring;
        # License issues +2: 10 -> 8.
        {"sprint": 1, "team": "Red", "leader": "Red", "action_card": "Franken-bug", "boost": 0,
         "bugs_added": 2, "penalty": 0, "velocity": 2, "backlog_before": 10, "completed": 2,
         "backlog_after": 10, "bugs_left": 2,
         "cards_in_play": "Fairy dust (+3); Ghost PO (-1)", "counters_made": 0},
        {"sprint": 1, "team": "Blue", "leader": "Red", "action_card": "Franken-bug", "boost": 0,
         "bugs_added": 0, "penalty": 0, "velocity": 2, "backlog_before": 10, "completed": 2,
         "backlog_after": 8, "bugs_left": 0, "cards_in_play": "License issues (+2)",
         "counters_made": 1},
        # Sprint 2: Blue leads, Team Event +1. Red: +1 + Fairy dust +2 = 3: 10 -> 7.
        # Blue: +1, License issues -2, Merge chaos -1, Flu -1 = -3: stays at 8.
        {"sprint": 2, "team": "Red", "leader": "Blue", "action_card": "Team Event", "boost": 1,
         "bugs_added": 0, "penalty": 0, "velocity": 3, "backlog_before": 10, "completed": 3,
         "backlog_after": 7, "bugs_left": 2, "cards_in_play": "Fairy dust (+2)",
         "counters_made": 0},
        {"sprint": 2, "team": "Blue", "leader": "Blue", "action_card": "Team Event", "boost": 1,
         "bugs_added": 0, "penalty": 0, "velocity": -3, "backlog_before": 8, "completed": 0,
         "backlog_after": 8, "bugs_left": 0,
         "cards_in_play": "License issues (-2); Merge chaos (-1); Flu (-1)", "counters_made": 0},
    ]
    assert rows == expected


def test_metrics_rows_are_written_for_the_last_sprint_too() -> None:
    """The sprint that ends the game has its rows."""
    game = _race(3, "Fairy dust", "Scope creep")
    assert game.is_over
    assert [(row["team"], row["backlog_after"]) for row in game.rounds] == [
        ("Red", 0), ("Blue", 3)]
