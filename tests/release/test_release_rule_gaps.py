"""The last rule gaps of Release!: the rulebook's cards only, the coin for the first lead entered
by a table playing the printed deck, Jez Humble's "scores 2" as our marked reading, the
releases that cap a game played to a points target, a deck that does not deal evenly, a deck
file's unclosed quote, and sessions saved under rules version 1 that still replay."""

import json
from pathlib import Path
from typing import Any

import pytest

from devgames.core.actions import CHANCE, Action
from devgames.core.bots import RandomBot, play_out
from devgames.core.wording import choices
from devgames.release import OLDER_RULES, RULES_VERSION, DeckFileError, ReleaseGame, new_game
from devgames.release.bots import HeuristicBot
from devgames.release.cards import BASE, CARDS_FILE
from devgames.release.observer import card_item
from devgames.release.scoring import score_artifacts
from tests.release.helpers import deal_release, decline_all, iteration, scripted

ABC = ["Ada", "Bob", "Cy"]
FOUR = ["Ada", "Bob", "Cy", "Dee"]
GUIDE = Path(__file__).resolve().parents[2] / "facilitation" / "release.md"
RULES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "release.md"
READABLE = {"Boilerplate Code: Doors", "Boilerplate Code: Birds", "Platform Zealot: Doors",
            "Platform Zealot: Birds", "Senior Level Development", "Cutting Corners"}


def played(game: ReleaseGame) -> ReleaseGame:
    play_out(game, {p: HeuristicBot(p) for p in range(len(game.players))},
             chance=RandomBot(game.seed))
    return game


# ----- the rulebook's cards only ------------------------------------------------------------------
def test_rulebook_cards_only_plays_the_six_readable_tools_and_methods() -> None:
    game = played(new_game(ABC, seed=3, card_set="rulebook", releases=7))
    assert {m.name for m in game.methods.values()} == READABLE
    assert {row["method"] for row in game.rounds} <= READABLE and len(game.rounds) == 21
    physical = new_game(ABC, seed=3, card_set="rulebook", deck="physical")
    assert {physical.methods[a.card].name for a in physical.legal_actions()
            if a.card is not None} == READABLE
    assert len(new_game(ABC, seed=3).methods) == 18  # the default stays as it was


def test_rulebook_cards_only_plays_our_face_abilities_as_plain_cards() -> None:
    game = new_game(ABC, seed=1, card_set="rulebook")
    without = {c.name for c in game.cards.values() if c.person and c.ability is None}
    assert without == {"Linda Rising", "Gojko Adzic"}
    assert len(game.cards) == 36 and game.hand_size == 12
    # Gojko Adzic ranks 10 again: the 12 of Birds beats it.
    game = scripted(ABC, "Senior Level Development",
                    {"Ada": ["7 of Birds"], "Bob": ["Gojko Adzic"], "Cy": ["Patrick Debois"]},
                    card_set="rulebook")
    iteration(game, "7 of Birds", "Gojko Adzic", "Patrick Debois")
    decline_all(game)
    assert game.winner == game.seat("Cy")


# ----- the coin for the first lead, with the printed deck ----------------------------------------
def dealt(players: list[str], seed: int, **options: Any) -> ReleaseGame:
    game = new_game(players, seed=seed, deck="physical", **options)
    deal_release(game, "Waterfall", {})
    return game


def test_the_table_enters_who_won_the_coin_for_the_first_lead() -> None:
    game = dealt(ABC, seed=1)
    assert game.current_player == CHANCE and "flip a coin" in game.waiting_for
    assert game.legal_actions() == [Action("deal", CHANCE, target=p) for p in range(3)]
    _actions, labels, heading = choices(game)
    assert heading == "The first lead goes to..." and labels == ABC
    game.coin_toss("Cy")
    assert game.phase == "commit" and game.turn == 2
    assert game.narrate(game.events[-1]) == "The coin gives the first lead to Cy."


def test_the_coin_entries_never_depend_on_the_hands() -> None:
    offered = []
    for seed in range(4):
        game = new_game(FOUR, seed=seed, deck="physical")
        game.deal("Hotfix")
        for card in sorted(game.pool.elements(), reverse=seed % 2 == 1):
            game.deal(card)
        offered.append(game.legal_actions())
    assert all(entries == offered[0] for entries in offered)
    assert [a.target for a in offered[0]] == [0, 1]  # the two teams, by their first seat


def test_the_coin_names_every_tied_player_when_the_teammate_is_drawn_too() -> None:
    game = dealt(FOUR, seed=2, team_lead="random")
    assert [a.target for a in game.legal_actions()] == [0, 1, 2, 3]
    game.coin_toss("Dee")
    assert game.phase == "commit" and game.turn == 3


def test_a_bad_coin_entry_is_refused_and_the_app_may_flip_it() -> None:
    game = dealt(ABC, seed=1)
    before = game.snapshot()
    for bad in (Action("deal", CHANCE, card=5), Action("deal", CHANCE, target=7)):
        assert not game.can_apply(bad)
    assert game.snapshot() == before
    assert dealt(ABC, seed=1, first_lead="app").phase == "commit"
    assert new_game(ABC, seed=1).phase == "commit"  # digital: the app's coin, as before


def test_no_coin_is_entered_when_one_score_is_lowest() -> None:
    game = played(new_game(ABC, seed=5, deck="physical", releases=3))
    coins = [e for e in game.events if e.kind == "coin"]
    first = [e for e in game.events if e.kind == "release"]
    assert len(first) == 3 and 1 <= len(coins) <= 3
    lows = [row["score"] for row in game.rounds]
    ties = 1 + sum(1 for r in (0, 3) if lows[r:r + 3].count(min(lows[r:r + 3])) > 1)
    assert len(coins) == ties


# ----- Jez Humble's "scores 2" --------------------------------------------------------------------
def test_jez_humbles_plus_2_is_marked_as_our_reading() -> None:
    jez = next(c for c in BASE.cards.values() if c.person == "Jez Humble")
    assert "sign" in jez.reconstructed and jez.ability is not None and jez.ability.value == 2
    game = new_game(ABC, seed=1)
    assert card_item(game, jez.id)["figures"].endswith("(our reconstruction)")


@pytest.mark.parametrize(("reading", "points"), [("plus", 2), ("minus", -2)])
def test_jez_humbles_other_reading_is_an_option(reading: str, points: int) -> None:
    game = scripted(ABC, "Senior Level Development",
                    {"Ada": ["9 of Fruits"], "Bob": ["Jez Humble"], "Cy": ["2 of Fruits"]},
                    jez_humble=reading)
    iteration(game, "9 of Fruits", "Jez Humble", "2 of Fruits")
    decline_all(game)
    assert game.scores == [0, points, 0] and game.immediate == [0, points, 0]
    patrick = game.cards[game.card_id("Patrick Debois")].ability
    assert patrick is not None and patrick.value == 2  # printed "+2": never read otherwise


# ----- releases and a points target ---------------------------------------------------------------
def test_releases_cap_a_game_played_to_a_points_target() -> None:
    game = played(new_game(ABC, seed=1, points_target=35, releases=3))
    assert game.is_over and game.release == 3 and len(game.rounds) == 9
    assert game.result == ("target" if max(game.scores) >= 35 else "releases")
    long = played(new_game(ABC, seed=1, points_target=35, releases=36))
    assert long.release > 5 and long.result == "target" and max(long.scores) >= 35


# ----- a deck that does not deal evenly -----------------------------------------------------------
HEADER = "id,deck,name,suit,rank,person,effect,reconstructed,does\n"


def deck(play: int, with_two_of_fruits: bool = False) -> str:
    rows = [f"{i},play,{r} of Doors,Doors,{r},,,," for i, r in enumerate(range(3, 3 + play), 1)]
    if with_two_of_fruits:
        rows.append(f"{play + 1},play,2 of Fruits,Fruits,2,,,,")
    return HEADER + "\n".join([*rows, "90,methods,M,,,,+1 per card,,"]) + "\n"


@pytest.mark.parametrize("mode", ["digital", "physical"])
def test_a_deck_that_does_not_deal_evenly_is_refused_with_the_rulebook(mode: str) -> None:
    with pytest.raises(DeckFileError) as caught:
        new_game(ABC, deck_file=deck(13), deck=mode)
    assert str(caught.value) == ("Deck file: the rulebook deals all of the play cards, the same "
                                 "number to each player, and 13 cards do not divide among 3 "
                                 "players: add 2 play cards or remove 1.")
    with pytest.raises(DeckFileError, match=r"\(after the 12 discarded face down\)"):
        new_game(["Ada", "Bob"], deck_file=deck(15), deck=mode)
    five = [f"P{i}" for i in range(5)]
    with pytest.raises(DeckFileError, match=r"\(without the 2 of Fruits\)"):
        new_game(five, deck_file=deck(14, with_two_of_fruits=True), deck=mode)


def test_a_deck_that_deals_evenly_deals_every_card() -> None:
    game = new_game(ABC, seed=2, deck_file=deck(15))
    assert sorted(c for hand in game.hands for c in hand) == list(range(1, 16))
    physical = new_game(ABC, seed=2, deck_file=deck(15), deck="physical")
    physical.deal("M")
    steps = 0
    while physical.chance is not None and physical.chance[0] == "hand":
        physical.apply(physical.legal_actions()[0])
        steps += 1
    assert steps == 15


# ----- an unclosed quote in a deck file -----------------------------------------------------------
def test_an_unclosed_quote_is_named_with_its_line() -> None:
    lines = CARDS_FILE.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("8,play,"))
    lines[at] = lines[at].replace(",,,,", ',,"oops,,', 1)
    with pytest.raises(DeckFileError) as caught:
        new_game(ABC, deck_file="\n".join(lines))
    assert caught.value.line == at + 1
    assert "the quote that opens its cell 7 is not closed on this line" in str(caught.value)


# ----- sessions saved under rules version 1 -------------------------------------------------------
@pytest.mark.parametrize("path", sorted((Path(__file__).parent / "rules_v1").glob("*.json")),
                         ids=lambda path: path.stem)
def test_a_session_of_rules_version_1_replays_as_it_was_played(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["rules_version"] == "1" != RULES_VERSION
    options = OLDER_RULES[data["rules_version"]](data["options"])
    game = new_game(data["players"], seed=data["seed"], **options)
    for item in data["log"]:
        game.apply(Action.from_json(item))
    expected = data["expected"]
    assert game.is_over and game.release == expected["releases"]
    assert game.scores == expected["scores"] and game.winners == expected["winners"]


# ----- the guide's facts, checked against the rulebook and the engine ----------------------------
def test_the_guide_says_which_cards_are_ours_and_the_facts_the_engine_plays() -> None:
    text = " ".join(GUIDE.read_text(encoding="utf-8").split())
    ours = [m.name for m in BASE.methods.values() if {"card", "rule"} & set(m.reconstructed)]
    assert len(ours) == 12 and all(name in text for name in ours)
    assert "Linda Rising" in text and "Gojko Adzic" in text and "Jez Humble" in text
    # Two Gene Kims (two decks, by default from 6 players) in one set of artifacts: x4.
    six = new_game([f"P{i}" for i in range(6)], seed=1)
    gene = next(c for c in BASE.cards.values() if c.person == "Gene Kim").id
    assert six.composition.count(gene) == 2
    assert score_artifacts(six.deck, six.deck.methods[43], [gene, gene], 0)[1] == 4
    assert "x4" in text and "6 or more players" in text
    # The rulebook: "When there are 5, 7, or 10 players, remove all copies of the 2 of Fruits".
    removed = {n for n in range(2, 11) if new_game([f"P{i}" for i in range(n)], seed=1).removed}
    assert removed == {5, 7, 10} and "2 of Fruits" in text and "5, 7 and 10" in text
    assert "rulebook cards only" in text and "rulebook cards only" in RULES.read_text("utf-8")
