"""Physical deck: the list the facilitator enters a card from gives no card away.

The list is on the projector. Whatever the engine knows and the room does not (the hands, the
cards already entered for a Peek, where a card was hidden) must not change it: every title, in
card order, less only the titles whose every copy lies face up. An entry that contradicts what
the engine believes is accepted, keeps every card counted and is told to nobody (see "Physical-deck
mode" in docs/rules/exploding.md).
"""

import copy
import random
from collections import Counter
from typing import Any

import pytest

from devgames.core.actions import CHANCE
from devgames.core.game import Game
from devgames.core.harness import fuzz_game
from devgames.core.harness import invariant_failed as fail
from devgames.core.wording import choices
from devgames.exploding import ExplodingGame, ExplodingOptions, new_game
from devgames.exploding.cards import CARDS, COMPOSITION, EXPLODING, MITIGATE, TITLES
from tests.exploding.helpers import enter, known_top, let_it_happen, scripted_game
from tests.exploding.test_exploding_fuzz import ExplodingInvariants

ABC = ["Ada", "Bob", "Cy"]
CODES = ["Spaghetti Code", "Legacy Code", "Copy-Paste Code", "Magic Number"]
ID = {card.name: card.id for card in CARDS.values()}


def offered(game: ExplodingGame) -> list[int]:
    """The titles the table offers the facilitator now, in the order shown."""
    assert game.current_player == CHANCE, game.waiting_for
    return [action.card for action in choices(game)[0]]  # type: ignore[misc]


def offered_titles(shown: tuple[Any, ...]) -> list[int]:
    """The titles of a ``choices`` answer."""
    return [action.card for action in shown[0]]


def twins(ada: list[str]) -> tuple[ExplodingGame, ExplodingGame]:
    """Two games alike but for Bob's hidden hand: the four Shuffles of the box, or four cards of
    other titles. Ada holds ``ada``; Cy is dealt Code Cards."""
    return (scripted_game(ABC, hands={"Ada": ada, "Bob": ["Shuffle"] * 4}),
            scripted_game(ABC, hands={"Ada": ada, "Bob": ["Skip", "Bail", "Dead Code",
                                                          "Ask for Help"]}))


def test_a_draw_offers_the_same_list_whatever_another_hand_holds() -> None:
    """Ada draws: the room sees every title offered, Shuffle too, whether Bob holds all four
    Shuffles or none."""
    shown = []
    for game in twins(CODES):
        game.draw("Ada")
        shown.append((game.waiting_for, choices(game)[1:]))
        assert offered(game) == list(TITLES)
    assert shown[0] == shown[1]


def test_the_deal_offers_the_same_list_whatever_was_dealt_before() -> None:
    """Ada is dealt four Shuffles, or four Skips: Bob's first card is chosen from the same list,
    every title but those set aside for the deal (in the open)."""
    lists = []
    for card in ("Shuffle", "Skip"):
        game = new_game(ABC, deck="physical")
        enter(game, *[card] * 4)
        assert "Bob" in game.waiting_for
        lists.append(choices(game))
    assert lists[0] == lists[1]
    assert [a.card for a in lists[0][0]] == [c for c in TITLES if c not in (EXPLODING, MITIGATE)]


def test_the_2nd_and_3rd_card_of_a_peek_are_offered_like_the_1st() -> None:
    """Ada's Peek shows Shuffle, Shuffle, Shuffle. With Bob holding all the Shuffles the engine
    believed none was left, with Bob holding none it believed four were: the three lists are the
    same in both games, and so is everything the room and Cy are shown. The entries win over
    the engine's belief, and Ada knows the places as far as they can be true."""
    ada = ["Peek into the Future", *CODES[:3]]
    seen = []
    for game in twins(ada):
        game.play("Ada", "Peek into the Future")
        let_it_happen(game)
        lists = []
        for _ in range(3):
            lists.append((choices(game), game.view(None), game.view("Cy")))
            enter(game, "Shuffle")
        assert lists[0][0] == lists[1][0] == lists[2][0]
        assert offered_titles(lists[0][0]) == list(TITLES)
        assert game.card_counts() == Counter(COMPOSITION)
        seen.append((lists, game.view(None), game.view("Cy")))
        assert game.phase == "play" and game.turn_player == 0
    assert seen[0] == seen[1]


def test_what_ada_knows_after_a_peek_of_copies_the_engine_did_not_expect() -> None:
    """Bob holds the four Shuffles; Ada's Peek is entered as Shuffle three times. The cards on
    the table are the truth: each entry takes the copy the engine believed was just above, so
    Ada knows only the last place; with the Shuffles in the stack she knows all three."""
    ada = ["Peek into the Future", *CODES[:3]]
    known = []
    for game in twins(ada):
        game.play("Ada", "Peek into the Future")
        let_it_happen(game)
        enter(game, "Shuffle", "Shuffle", "Shuffle")
        known.append(known_top(game, "Ada"))
        ExplodingInvariants()(game)
    assert known == [[(2, "Shuffle")], [(0, "Shuffle"), (1, "Shuffle"), (2, "Shuffle")]]


def test_a_card_believed_in_a_hand_is_accepted_and_told_to_nobody() -> None:
    """Bob holds the four Shuffles, yet Ada really draws one: the entry is accepted (the table
    is the truth), Bob's last Shuffle becomes the likeliest card of the stack, every card is
    counted, and the room sees and hears the same as when Bob holds no Shuffle."""
    told = []
    for game in twins(CODES):
        game.draw("Ada")
        start = len(game.events)
        enter(game, "Shuffle")
        told.append(([text for e in game.events[start:] if (text := game.narrate(e))],
                     game.view(None), game.view("Cy")))
        assert game.hand("Ada")[-1] == "Shuffle"
        ExplodingInvariants()(game)
    assert told[0] == told[1]
    game = twins(CODES)[0]
    game.draw("Ada")
    pool_before = list(game.pool)
    enter(game, "Shuffle")
    likeliest = max((c for c in TITLES if c != EXPLODING), key=lambda c: pool_before[c])
    assert sorted(game.hand("Bob")) == sorted(["Shuffle"] * 3 + [CARDS[likeliest].name,
                                                                  "Mitigate"])
    (mismatch,) = [e for e in game.events if e.kind == "mismatch"]
    assert mismatch.private and mismatch.player is None and game.narrate(mismatch) is None
    assert mismatch.data == {"seat": 1, "believed": ID["Shuffle"], "card": likeliest}


def test_only_cards_in_the_open_narrow_the_list() -> None:
    """Every copy of a title on the discard pile: that title is left out (the room sees it).
    Every copy in a hand (Bob's four Shuffles): it is not. The list keeps card order."""
    game = scripted_game(ABC, hands={"Ada": ["Skip"] * 4, "Bob": ["Shuffle"] * 4})
    drawn = iter(["Nope", "Bail", "Peek into the Future", "Ask for Help"] * 2)
    for _ in range(4):
        game.play("Ada", "Skip")
        let_it_happen(game)
        for _ in range(2):  # Bob and Cy draw, so that Ada plays again
            game.draw(game.current_player)  # type: ignore[arg-type]
            enter(game, next(drawn))
    assert game.discard == [ID["Skip"]] * 4
    game.draw("Ada")
    assert offered(game) == [c for c in TITLES if c != ID["Skip"]]


# ----- random play: any title entered, the rules kept -------------------------------------------
def mixed(game: ExplodingGame, rng: random.Random) -> ExplodingGame:
    """A twin of ``game`` that the room cannot tell apart: the cards of the hands and of the
    stack (but the Exploding Git Commits, whose count in the stack is public) mixed anew, every
    hand and place keeping its size."""
    twin = copy.copy(game)
    hidden = [c for hand in game.hands for c in hand if c != EXPLODING]
    hidden += [c for c in game.deck if c is not None and c != EXPLODING]
    hidden += [c for c in TITLES if c != EXPLODING for _ in range(game.pool[c])]
    rng.shuffle(hidden)
    twin.hands = [[c if c == EXPLODING else hidden.pop() for c in hand] for hand in game.hands]
    twin.deck = [c if c in (None, EXPLODING) else hidden.pop() for c in game.deck]
    twin.pool = [0] * len(game.pool)
    twin.pool[EXPLODING] = game.pool[EXPLODING]
    for card in hidden:
        twin.pool[card] += 1
    return twin


class EntryListInvariants(ExplodingInvariants):
    """The rules' invariants, and: the list offered is the same in a twin with the hidden
    cards mixed anew, in card order, and holds every title not all in the open."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng

    def __call__(self, game: Game) -> None:
        super().__call__(game)
        assert isinstance(game, ExplodingGame)
        if game.current_player != CHANCE or game.window_open:  # the table closes a window
            return
        titles = [a.card for a in game.legal_actions()]
        if titles != [a.card for a in mixed(game, self.rng).legal_actions()]:
            fail(game, "the entry list depends on hidden cards")
        face_up = Counter([*game.discard, *game.removed, *game.aside])
        if game.exploding_in_deck == len(game.deck):
            expected = [EXPLODING]
        else:
            expected = [c for c in TITLES if face_up[c] < CARDS[c].count]
        if titles != expected:
            fail(game, f"the entry list {titles} is not every title not in the open")


GAMES = 150


@pytest.mark.slow
def test_random_physical_games_entering_any_title_keep_the_rules() -> None:
    """150 physical games, 2 to 5 players, random options; each card entered is any title of the
    list, so most contradict what the engine believes. After every move: the rules'
    invariants (every card counted, the Exploding Git Commits in the stack), a list that does
    not depend on the hidden cards, and a replay through JSON to the same state."""
    fields = ExplodingOptions.__dataclass_fields__
    from_hands = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        options: dict[str, Any] = {
            name: rng.choice(field.metadata["choices"]) for name, field in fields.items()
            if field.metadata.get("choices") and name != "deck"}
        options["special_combos"] = rng.random() < 0.5
        players = 2 + seed % 4

        def make(seed: int, players: int = players, options: dict[str, Any] = options) -> Game:
            return new_game([f"P{i}" for i in range(players)], seed=seed, deck="physical",
                            **options)

        game = fuzz_game(make, seed, EntryListInvariants(rng))
        assert game.is_over
        from_hands += sum(1 for e in game.events if e.kind == "mismatch" and "seat" in e.data)
    assert from_hands > GAMES  # entries the engine believed in a hand were really tried
