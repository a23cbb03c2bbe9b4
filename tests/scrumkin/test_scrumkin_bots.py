"""The Scrumkin heuristic bot: always legal, deterministic, sensible in scripted positions, and
clearly stronger than random play in both rulebooks."""

import copy
import random
from typing import Any

import pytest

from devgames import scrumkin
from devgames.core.actions import CHANCE, Action
from devgames.core.bots import RandomBot, play_out
from devgames.core.piles import Pile
from devgames.scrumkin import BOTS, CARDS
from devgames.scrumkin.bots import HeuristicBot, _Table
from devgames.scrumkin.game import ScrumkinGame

ID = {card.name: card.id for card in CARDS.values()}


class CheckedBot:
    """Wraps a bot and fails the test if it ever picks an action that is not legal."""

    def __init__(self, bot: HeuristicBot) -> None:
        self.bot = bot
        self.choices = 0

    def choose(self, game: ScrumkinGame) -> Action:
        legal = game.legal_actions()
        action = self.bot.choose(game)
        assert action in legal, f"{action} is not legal; legal: {legal}"
        self.choices += 1
        return action


def deal(game: ScrumkinGame, *names: str) -> None:
    """Enter the named cards as the physical deck's draws, in the order the table deals them."""
    for name in names:
        assert game.current_player == CHANCE, game.waiting_for
        game.deal(name)


def pass_counters(game: ScrumkinGame) -> None:
    """Every team asked whether to counter lets the card through."""
    while game.phase == "counter":
        game.pass_counter(game.current_player)  # type: ignore[arg-type]


def bot_turn(game: ScrumkinGame, bot: HeuristicBot, seat: int) -> list[Action]:
    """Let the bot make all its moves of the sprint (the others let every card through)."""
    made = []
    while game.current_player == seat and game.phase == "moves":
        action = bot.choose(game)
        game.apply(action)
        made.append(action)
        pass_counters(game)
    return made


def wins(game: ScrumkinGame, seat: int) -> float:
    """1 for a win, a share of it for a shared win, 0 otherwise."""
    winners = game.winners
    return 1 / len(winners) if game.players[seat] in winners else 0.0


# ----- registry and legality ---------------------------------------------------------------------
def test_the_heuristic_bot_is_registered() -> None:
    assert dict(BOTS) == {"random": RandomBot, "heuristic": HeuristicBot}
    assert isinstance(BOTS["heuristic"](5), HeuristicBot)


OPTION_SETS: list[dict[str, Any]] = [{}, {"counter_chains": True}, {"drop_against_bugs": True},
               {"counter_asks": "everyone", "counter_chains": True}]


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("rulebook", ["competitive", "collaborative"])
@pytest.mark.parametrize("deck", ["digital", "physical"])
def test_only_legal_actions(players: int, rulebook: str, deck: str) -> None:
    for seed, options in enumerate(OPTION_SETS):
        game = scrumkin.new_game([f"T{i}" for i in range(players)], seed=seed + 10 * players,
                                 rulebook=rulebook, deck=deck, **options)
        bots = {p: CheckedBot(HeuristicBot(seed * 100 + p)) for p in range(players)}
        play_out(game, bots, chance=RandomBot(seed))
        assert game.is_over
        assert sum(bot.choices for bot in bots.values()) > 0


def test_heuristic_and_random_bots_share_a_table() -> None:
    for seed in range(10):
        game = scrumkin.new_game(["A", "B", "C", "D"], seed=seed)
        heuristic = {p: CheckedBot(HeuristicBot(seed + p)) for p in (0, 2)}
        play_out(game, {**heuristic, 1: RandomBot(seed), 3: RandomBot(seed + 1)})
        assert game.is_over


# ----- determinism and hidden information --------------------------------------------------------
def _played(seed: int, bot_seed: int, **options: object) -> list[Action]:
    game = scrumkin.new_game(["Red", "Blue", "Green", "Gold"], seed=seed, **options)
    play_out(game, {p: HeuristicBot(bot_seed + p) for p in range(4)})
    return game.log


def test_a_seed_gives_the_same_game() -> None:
    assert _played(3, 7) == _played(3, 7)
    assert _played(3, 7, rulebook="collaborative") == _played(3, 7, rulebook="collaborative")


def test_the_global_random_source_is_left_alone() -> None:
    random.seed(99)
    expected = random.random()
    random.seed(99)
    _played(1, 2)
    assert random.random() == expected


def _hide(game: ScrumkinGame, seat: int, rng: random.Random) -> ScrumkinGame:
    """A copy of the game in which the other teams hold other cards and the deck is reshuffled."""
    other = copy.deepcopy(game)
    teams = [team for team in range(len(game.players)) if team != seat]
    pool = list(other.deck) + [card for team in teams for card in other.hands[team]]
    rng.shuffle(pool)
    for team in teams:
        size = len(other.hands[team])
        other.hands[team], pool = pool[:size], pool[size:]
    other.deck = Pile(pool)
    return other


@pytest.mark.parametrize("rulebook", ["competitive", "collaborative"])
def test_choices_depend_only_on_what_the_seat_may_know(rulebook: str) -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        game = scrumkin.new_game(["Red", "Blue", "Green"], seed=seed, rulebook=rulebook)
        bots = {p: RandomBot(seed + p) for p in range(3)}
        while not game.is_over:
            seat: int = game.current_player  # type: ignore[assignment]
            hidden = _hide(game, seat, rng)
            assert HeuristicBot(seed).choose(hidden) == HeuristicBot(seed).choose(game)
            checked += 1
            game.apply(bots[seat].choose(game))
    assert checked > 100


# ----- scripted positions (physical deck: the test enters every card drawn) ---------------------
# Each position is tried with several bot seeds, so that a lucky tie-break cannot pass a test.
SEEDS = pytest.mark.parametrize("seed", range(5))


@SEEDS
def test_plays_fairy_dust_into_its_own_game(seed: int) -> None:
    game = scrumkin.new_game(["Red", "Blue"], deck="physical", counter_asks="holders")
    deal(game, "Fairy dust", "Scope creep", "Flu", "Ghost PO", "Proxy PO", "Stress", "Free Pizza")
    made = bot_turn(game, HeuristicBot(seed), seat=0)
    assert Action("play", 0, card=ID["Fairy dust"], target=0) in made
    assert game.table[0] == [ID["Fairy dust"]]
    assert ID["Fairy dust"] not in game.table[1]


@SEEDS
def test_plays_a_harmful_card_into_the_race_leaders_game(seed: int) -> None:
    # Blue leads sprint 1 and draws 3 bugs; Blue and Green both lay +2 for ever into their own
    # games, so Green (10 items against Blue's 13) leads the race when Red's turn comes.
    game = scrumkin.new_game(["Red", "Blue", "Green"], deck="physical", counter_asks="holders",
                             first_leader=1)
    deal(game, "Offshoring", "Scope creep", "Windows Update",
         "Cross functional teams", "AC is broken", "Stress",
         "Priorizing", "Flu", "Ghost PO", "Ghost stories")
    game.play("Blue", "Cross functional teams")
    pass_counters(game)
    game.drop("Blue", "Stress")
    game.play("Green", "Priorizing")
    game.drop("Green", "Flu")
    made = bot_turn(game, HeuristicBot(seed), seat=0)
    assert Action("play", 0, card=ID["Offshoring"], target=2) in made
    assert ID["Offshoring"] in game.table[2]


def _red_lays_architecture_change_into_blues_game() -> ScrumkinGame:
    """Blue has +2 for ever on the table and holds Hands-on when Red lays Architecture Change."""
    game = scrumkin.new_game(["Red", "Blue"], deck="physical", counter_asks="holders")
    deal(game, "Architecture Change", "Scope creep", "AC is broken",
         "Cross functional teams", "Hands-on", "Flu", "Free Pizza")
    game.play("Red", "Scope creep")
    pass_counters(game)
    game.drop("Red", "AC is broken")
    game.play("Blue", "Cross functional teams")
    game.drop("Blue", "Flu")
    assert game.backlog == [10, 7]
    # Sprint 2: Blue leads, then Red.
    deal(game, "Stress", "Ghost PO", "Proxy PO", "Merge chaos", "Team Event")
    game.play("Blue", "Stress", target="Red")
    game.drop("Blue", "Ghost PO")
    game.play("Red", "Architecture Change", target="Blue")
    return game


@SEEDS
def test_counters_a_minus_3_card_laid_into_its_own_game(seed: int) -> None:
    game = _red_lays_architecture_change_into_blues_game()
    assert game.current_player == 1 and game.phase == "counter"
    assert HeuristicBot(seed).choose(game) == Action("counter", 1, card=ID["Hands-on"])


@SEEDS
def test_counters_a_strong_card_the_race_leader_lays_into_its_own_game(seed: int) -> None:
    game = scrumkin.new_game(["Red", "Blue"], deck="physical", counter_asks="holders")
    deal(game, "Fairy dust", "Scope creep", "AC is broken",
         "Hands-on", "Flu", "Stress", "Free Pizza")
    game.play("Red", "Fairy dust")
    assert game.current_player == 1 and game.phase == "counter"
    assert HeuristicBot(seed).choose(game) == Action("counter", 1, card=ID["Hands-on"])


@SEEDS
def test_lets_a_harmful_card_through_into_an_opponents_game(seed: int) -> None:
    game = scrumkin.new_game(["Red", "Blue"], deck="physical", counter_asks="holders")
    deal(game, "Decaf'", "Scope creep", "AC is broken",
         "Hands-on", "Flu", "Stress", "Free Pizza")
    game.play("Red", "Decaf'")  # -2 into Red's own game
    assert game.current_player == 1 and game.phase == "counter"
    assert HeuristicBot(seed).choose(game) == Action("pass", 1)


@SEEDS
def test_drops_the_least_useful_card(seed: int) -> None:
    game = scrumkin.new_game(["Red", "Blue"], deck="physical", counter_asks="holders")
    deal(game, "Priorizing", "Daily Standup", "Hands-on", "Ghost PO", "Proxy PO", "Stress",
         "Free Pizza")
    made = bot_turn(game, HeuristicBot(seed), seat=0)
    assert len(made) == 2
    assert Action("drop", 0, card=ID["Hands-on"]) in made
    own = next(a for a in made if a.kind == "play")
    assert own.target == 0 and own.card in (ID["Priorizing"], ID["Daily Standup"])


@SEEDS
def test_collaborative_takes_over_items_when_its_backlog_is_done(seed: int) -> None:
    # Backlogs of 2; Blue leads sprint 1 and draws 5 bugs. Red lays +2 for ever and gets +1 from
    # Blue: its backlog is done; Blue's velocity is down and 7 items are left.
    game = scrumkin.new_game(["Red", "Blue"], deck="physical", counter_asks="holders",
                             rulebook="collaborative", backlog=2, first_leader=1)
    deal(game, "Priorizing", "Daily Standup", "Scope creep", "Stress", "Client on site", "Flu",
         "Here be dragons")
    assert HeuristicBot(seed).choose(game).kind != "take_over"  # nothing to gain yet
    game.play("Blue", "Stress")
    pass_counters(game)
    game.play("Blue", "Client on site", target="Red")
    pass_counters(game)
    game.play("Red", "Priorizing")
    game.play("Red", "Scope creep", target="Blue")
    assert game.backlog == [0, 7]
    deal(game, "Ghost PO", "Proxy PO", "Merge chaos", "Tab vs Spaces", "Free Pizza")
    action = HeuristicBot(seed).choose(game)
    assert action.kind == "take_over" and action.target == 1 and (action.count or 0) >= 1
    game.apply(action)
    assert game.legal_actions()  # still Red's two moves to make
    assert game.current_player == 0


@SEEDS
def test_collaborative_lays_a_harmful_card_where_it_hurts_least(seed: int) -> None:
    # Backlogs of 2; Red leads sprint 1 and draws 3 bugs. Green's backlog is done after sprint 1,
    # Blue still has 2 items when Red, holding two harmful cards, must play into another game.
    game = scrumkin.new_game(["Red", "Blue", "Green"], deck="physical", counter_asks="holders",
                             rulebook="collaborative", backlog=2)
    deal(game, "Stress", "Flu", "Decaf'", "Ghost PO", "Proxy PO", "AC is broken",
         "Priorizing", "Merge chaos", "Tab vs Spaces", "Ghost stories")
    for team, own, theirs, target in [("Red", "Stress", "Flu", "Blue"),
                                     ("Blue", "Ghost PO", "Proxy PO", "Red"),
                                     ("Green", "Priorizing", "Merge chaos", "Red")]:
        game.play(team, own)
        pass_counters(game)
        game.play(team, theirs, target=target)
        pass_counters(game)
    assert game.backlog == [5, 2, 0]
    deal(game, "Client on site", "Technical Debt", "Horizontal slicing", "Waiting for delivery",
         "Daily Standup", "Regulatory changes", "Free Pizza")
    for team, own, theirs, target in [("Blue", "Client on site", "Technical Debt", "Green"),
                                     ("Green", "Tab vs Spaces", "Horizontal slicing", "Blue")]:
        game.play(team, own)
        pass_counters(game)
        game.play(team, theirs, target=target)
        pass_counters(game)
    made = bot_turn(game, HeuristicBot(seed), seat=0)
    assert Action("play", 0, card=ID["Daily Standup"], target=0) in made
    other = next(a for a in made if a.kind == "play" and a.target != 0)
    assert other.target == 2 and other.card in (ID["Decaf'"], ID["Regulatory changes"])


# ----- strength ----------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize(("players", "games", "at_least"), [(2, 200, 0.9), (4, 200, 0.7)])
def test_wins_clearly_more_often_than_random_bots(players: int, games: int,
                                                  at_least: float) -> None:
    # Seeded, so the rate is the same on every run (measured: 2 players 1.00, 4 players 0.86). No
    # better than random, the bot would win 1/players of the games: the bars are over 11 standard
    # deviations above that, and over 4 below the measured rates.
    total = 0.0
    for seed in range(games):
        game = scrumkin.new_game([f"T{i}" for i in range(players)], seed=1000 + seed)
        bots = {p: RandomBot(seed * 10 + p) for p in range(1, players)}
        play_out(game, {0: HeuristicBot(seed), **bots})
        total += wins(game, 0)
    assert total / games >= at_least


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_collaborative_heuristic_teams_win_more_often_than_random_teams(players: int) -> None:
    def win_rate(kind: type) -> float:
        won = 0
        for seed in range(60):
            game = scrumkin.new_game([f"T{i}" for i in range(players)], seed=2000 + seed,
                                     rulebook="collaborative")
            play_out(game, {p: kind(seed * 10 + p) for p in range(players)})
            won += bool(game.winners)
        return won / 60

    # Measured on these seeds: heuristic teams win 0.58 (2 teams) and 0.90 (4 teams) of the games,
    # random teams none; the bar is over 4 standard deviations below the heuristic rates.
    assert win_rate(HeuristicBot) >= win_rate(RandomBot) + 0.3


@pytest.mark.parametrize("rulebook", ["competitive", "collaborative"])
def test_projections_carried_on_within_a_sprint_are_those_made_anew(rulebook: str) -> None:
    # The bots carry each team's projection on from one turn to the next of a sprint, adding
    # the cards laid into its game since: at every turn it must be the one made from the table.
    carried = 0
    for seed in range(6):
        game = scrumkin.new_game([f"T{i}" for i in range(5)], seed=seed, rulebook=rulebook,
                                 counter_chains=seed % 2 == 1, drop_against_bugs=seed % 3 == 0)
        bots = {p: HeuristicBot(seed + p) for p in range(5)}
        before = None
        while not game.is_over:
            if game.phase == "moves" and not game.moves:  # a team begins its turn
                table, anew = _Table(game, before), _Table(game)
                assert (table.velocities, table.progress) == (anew.velocities, anew.progress)
                assert table.sos_values == anew.sos_values
                carried += before is not None and before.sprint == table.sprint
                before = table
            game.apply(bots[game.current_player].choose(game))  # type: ignore[index]
    assert carried > 100


@pytest.mark.parametrize("seed", [3, 8])
def test_a_bot_kept_across_undos_and_other_moves_chooses_as_a_new_one(seed: int) -> None:
    # The bot keeps its look-ahead between its choices in a game; moves taken back, another
    # sprint or a game moved on by other screens must never leave it choosing from stale figures.
    game = scrumkin.new_game(["Red", "Blue", "Green", "Gold"], seed=seed)
    kept = {seat: HeuristicBot(seed=seat) for seat in range(4)}
    rng = random.Random(seed)
    compared = 0
    while not game.is_over and compared < 400:
        seat = game.current_player
        if seat is None or seat == CHANCE:
            game.apply(rng.choice(game.legal_actions()))
            continue
        bot = kept[seat]
        fresh = HeuristicBot()
        fresh.rng.setstate(bot.rng.getstate())
        assert bot.choose(game) == fresh.choose(game)
        compared += 1
        game.apply(fresh.choose(copy.deepcopy(game)) if rng.random() < 0.2 else
                   rng.choice(game.legal_actions()))
        if len(game.log) > 5 and rng.random() < 0.1:
            game.undo(rng.randint(1, 4))
    assert compared > 50
