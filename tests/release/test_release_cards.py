"""Release!'s cards as data: what is known of the printed cards is in our table exactly, what is
our own completion is marked ``reconstructed`` (and shown so), and a facilitator's own deck file
is read, or refused with the line and the problem."""

from pathlib import Path

import pytest

from devgames.core.actions import given
from devgames.core.bots import play_out
from devgames.core.errors import SetupError
from devgames.release import BOTS, DeckFileError, new_game
from devgames.release.cards import BASE, CARDS_FILE, SUITS, PlayCard, load_deck, parse_deck
from tests.refusals import assert_readable

PEOPLE = {"John Allspaw", "Jeff Patton", "Linda Rising", "Patrick Debois", "Gojko Adzic",
          "Kathy Sierra", "Kenji Hiranabe", "Elisabeth Hendrickson", "Kent Beck", "Dan North",
          "Jez Humble", "Gene Kim"}


def by_person(name: str) -> PlayCard:
    return next(card for card in BASE.cards.values() if card.person == name)


def test_the_play_deck_is_three_suits_of_ranks_2_to_13_with_twelve_face_cards() -> None:
    cards = list(BASE.cards.values())
    assert len(cards) == 36
    assert sorted((c.suit, c.rank) for c in cards) == [(s, r) for s in range(3)
                                                        for r in range(2, 14)]
    faces = [c for c in cards if c.person]
    assert {c.person for c in faces} == PEOPLE and all(10 <= c.rank <= 13 for c in faces)
    assert all(c.ability is not None for c in faces)
    assert all(c.ability is None and not c.reconstructed for c in cards if not c.person)
    assert SUITS == ("Doors", "Fruits", "Birds")


def test_the_abilities_readable_in_the_rulebook_are_as_printed() -> None:
    kathy, patton, allspaw = by_person("Kathy Sierra"), by_person("Jeff Patton"), \
        by_person("John Allspaw")
    assert (kathy.rank, kathy.effect) == (12, "on_commit score 4 if_last")
    assert (patton.rank, patton.effect) == (13, "end_of_iteration pass right")
    assert (allspaw.rank, allspaw.effect) == (13, "end_of_iteration pass left")
    debois = by_person("Patrick Debois")
    assert (debois.rank, debois.effect) == (12, "end_of_iteration winner_scores 2")
    twelves = [c for c in BASE.cards.values() if c.rank == 12 and c.effect == debois.effect]
    assert len(twelves) == 2
    assert (by_person("Kent Beck").rank, by_person("Kent Beck").effect) == (
        11, "on_commit swap_artifacts")
    assert (by_person("Elisabeth Hendrickson").rank, by_person("Elisabeth Hendrickson").effect) \
        == (11, "after_other_wins reveal_swap")
    assert by_person("Kenji Hiranabe").effect == "after_winning reveal_swap"
    doubler = [c for c in BASE.cards.values() if c.effect == "during_scoring double"]
    assert [c.rank for c in doubler] == [13]
    half = [c for c in BASE.cards.values() if c.effect == "rank previous_plus 0.5 led 0"]
    assert [c.rank for c in half] == [10]
    fixed = [c for c in BASE.cards.values() if c.effect.startswith("rank fixed 14")]
    assert [(c.rank, c.suit_name) for c in fixed] == [(10, "Birds")]


def test_what_we_completed_is_marked_reconstructed() -> None:
    marked = {c.person: set(c.reconstructed) for c in BASE.cards.values() if c.person}
    assert all("suit" in parts for parts in marked.values())  # no source says which suit
    for person in ("Gene Kim", "Jez Humble", "Linda Rising", "Dan North", "Gojko Adzic"):
        assert "person" in marked[person]
    assert "ability" in marked["Linda Rising"] and "ability" in marked["Gojko Adzic"]
    assert "rank" in marked["Kenji Hiranabe"]
    for person in ("Kathy Sierra", "Kent Beck", "Jeff Patton", "John Allspaw"):
        assert marked[person] == {"suit"}


def test_the_tools_and_methods_readable_in_the_rulebook_are_as_printed() -> None:
    methods = {m.name: m for m in BASE.methods.values()}
    assert len(methods) == 18
    assert methods["Boilerplate Code: Birds"].rule == \
        "+1 per card of Birds rank 2-9; -1 per card of Birds rank 10-13"
    assert methods["Boilerplate Code: Doors"].rule == \
        "+1 per card of Doors rank 2-9; -1 per card of Doors rank 10-13"
    assert methods["Senior Level Development"].rule == \
        "+1 per card rank 10-13; -1 per card rank 2-9"
    assert methods["Platform Zealot: Birds"].rule == \
        "+1 per card of Birds rank 2-9; +2 per card of Birds rank 10-13; -1 per card of Doors"
    assert methods["Platform Zealot: Doors"].rule == \
        "+1 per card of Doors rank 2-9; +2 per card of Doors rank 10-13; -1 per card of Birds"
    corners = [m for m in methods.values() if m.rule == "+1 per straight 4-5-6; -2 per card "
               "rank 13"]
    assert len(corners) == 1 and corners[0].reconstructed == ("name",)
    known = {"Boilerplate Code: Birds", "Boilerplate Code: Doors", "Senior Level Development",
             "Platform Zealot: Birds", "Platform Zealot: Doors"}
    assert {name for name, m in methods.items() if not m.reconstructed} == known


def test_the_table_shows_which_cards_are_reconstructed() -> None:
    game = new_game(["Ada", "Bob", "Cy"], seed=2)
    items = [item for p in range(3) for item in game.view(p)["hand"]]
    figures = {item["card"]: item.get("figures", "") for item in items}  # read as a sentence
    assert figures["Gene Kim"].endswith("(our reconstruction)") and figures["2 of Doors"] == ""
    assert figures["Kent Beck"].startswith("11 of Doors: once committed, you may trade a card")
    (method,) = game.view(None)["featured"]
    assert method["card"] == game.view(None)["method"]
    assert ("note" in method) == bool(game.methods[given(game.method)].reconstructed)
    told = [game.narrate(e) for e in game.events if e.kind == "method"]
    assert told and told[0] is not None and (("(reconstructed)" in told[0]) == bool(
        game.methods[given(game.method)].reconstructed))


# ----- deck files ---------------------------------------------------------------------------------
HEADER = "id,deck,name,suit,rank,person,effect,reconstructed,does\n"
PLUGIN = HEADER + "".join(
    f"{i},play,{r} of {s},{s},{r},,,,\n" for i, (s, r) in enumerate(
        [(s, r) for s in ("Doors", "Birds") for r in range(2, 7)], 1)
) + ("11,play,Ada Lovelace,Fruits,9,Ada Lovelace,end_of_iteration winner_scores 3,card,"
     "Our own plug-in card.\n"
     "12,play,2 of Fruits,Fruits,2,,,,\n"
     "20,methods,Pairing,,,,+2 per kind 2; -1 per unmatched_rank,card,Pairs pay.\n"
     "21,methods,Shipping,,,,+1 per iteration_won,,Every iteration won pays.\n")


def test_a_deck_file_of_our_own_replaces_the_base_game(tmp_path: Path) -> None:
    path = tmp_path / "plugin.csv"
    path.write_text("# a house plug-in deck\n" + PLUGIN, encoding="utf-8")
    for source in (str(path), PLUGIN):
        game = new_game(["Ada", "Bob", "Cy"], seed=1, deck_file=source)
        assert len(game.cards) == 12 and set(game.methods) == {20, 21}
        assert game.hand_size == 4
        play_out(game, {p: BOTS["heuristic"](p) for p in range(3)})
        assert game.is_over and len(game.rounds) == 15
    assert load_deck(str(CARDS_FILE)) == BASE


@pytest.mark.parametrize(("text", "line", "problem"), [
    (HEADER + "1,play,2 of Doors,Doors,two,,,,\n", 2, "the rank 'two' is not a whole number"),
    (HEADER + "1,play,2 of Rocks,Rocks,2,,,,\n", 2, "the suit 'Rocks'"),
    (HEADER + "1,play,X,Doors,2,X,on_commit dance,,\n", 2, "is not one of the vocabulary"),
    (HEADER + "1,play,X,Doors,2,X,someday score 2,,\n", 2, "trigger 'someday' is unknown"),
    (HEADER + "1,methods,M,,,,+1 per banana,,\n", 2, "unknown unit 'banana'"),
    (HEADER + "1,methods,M,,,,+1 per straight 4-6,,\n", 2, "not ranks in a row"),
    (HEADER + "1,methods,M,,,,plus one per card,,\n", 2, "does not read"),
    (HEADER + "1,methods,M,,,,+1 per card of Rocks,,\n", 2, "unknown suit 'Rocks'"),
    (HEADER + "1,methods,M,,,,+1 per card rank 9-2,,\n", 2, "rank band 9-2"),
    (HEADER + "1,play,A,Doors,2,,,,\n1,play,B,Doors,3,,,,\n", 3, "the id 1 is used twice"),
    (HEADER + "1,play,A,Doors,2,,,,\n2,play,a,Doors,3,,,,\n", 3, "the name 'a' is used twice"),
    (HEADER + "1,play,A,Doors,2,,\n", 2, "it has 7 cells, the header 9"),
    (HEADER + "x,play,A,Doors,2,,,,\n", 2, "the id 'x'"),
    (HEADER + "1,spare,A,Doors,2,,,,\n", 2, "neither 'play' nor 'methods'"),
    (HEADER + "1,play,A,Doors,2,,,guessed,\n", 2, "'reconstructed' names 'guessed'"),
    (HEADER + "1,play,,Doors,2,,,,\n", 2, "the card has no name"),
    (HEADER + "1,play,A,Doors,99,,,,\n", 2, "the rank 99 is not from 1 to 20"),
    ("# only a comment\nid,deck,name\n", 2, "the header lacks the columns"),
    (HEADER + "1,play,A,Doors,2,,,,\n", 0, "1 play cards"),
    (HEADER + "".join(f"{i},play,C{i},Doors,{i + 1},,,,\n" for i in range(1, 6)), 0,
     "no Tools & Methods card"),
    ("\n# nothing\n", 0, "it is empty"),
])
def test_a_bad_deck_file_names_the_line_and_the_problem(text: str, line: int,
                                                        problem: str) -> None:
    with pytest.raises(DeckFileError) as caught:
        new_game(["Ada", "Bob"], deck_file=text)
    error = caught.value
    assert isinstance(error, ValueError) and isinstance(error, SetupError)
    assert error.line == line
    assert problem in str(error)
    assert str(error).startswith(f"Deck file, line {line}: " if line else "Deck file: ")
    assert error.__cause__ is None  # one sentence, not a chain from deep inside
    assert_readable(str(error))


def test_a_missing_or_too_small_deck_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DeckFileError, match="there is no file"):
        new_game(["Ada", "Bob"], deck_file=str(tmp_path / "none.csv"))
    small = HEADER + "".join(f"{i},play,C{i},Doors,{i + 1},,,,\n" for i in range(1, 6)) + \
        "9,methods,M,,,,+1 per card,,\n"
    assert parse_deck(small).play_ids == (1, 2, 3, 4, 5)
    with pytest.raises(DeckFileError, match="too few play cards"):
        new_game(["Ada", "Bob"], deck_file=small)  # 2 players discard 12 cards first
