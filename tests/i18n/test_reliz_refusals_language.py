"""РЕЛИЗ's refusals of a move and its results in the language in use: the state refused stays
as it was, in Russian as in English, and the English sentences are unchanged."""

import re

import pytest

from devgames import reliz
from devgames.core.actions import Action
from devgames.core.errors import IllegalMove
from devgames.i18n import speaking


def _in_play() -> reliz.RelizGame:
    """A Duel (seed 3) at Ada's first turn, 2|6 placed in B1.1 this turn."""
    game = reliz.new_game(["Ada", "Bob"], seed=3)
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    game.place("Ada", "2|6", "B1.1")
    return game


def _refused(game: reliz.RelizGame, move: Action, language: str) -> str:
    """The refusal of ``move`` in ``language``; the game's state is unchanged by it."""
    before = game.snapshot()
    with speaking(language), pytest.raises(IllegalMove) as refused:
        game.apply(move)
    assert game.snapshot() == before
    return str(refused.value)


def test_a_block_card_to_join_first_in_russian() -> None:
    game = reliz.new_game(["Ada", "Bob"], seed=3)
    assert _refused(game, Action("end", 0), "ru") == (
        "Сначала Ada выбирает, какая карточка блока присоединится к полю.")
    assert _refused(game, Action("attach", 0, card=1, target=2, count=1), "ru") == (
        "К полю присоединяется блок 12 или блок 5.")
    assert _refused(game, Action("attach", 1, card=5, target=2, count=1), "ru") == (
        "Сейчас карточку блока выбирает Ada, а не Bob.")


def test_tiles_refused_in_russian() -> None:
    game = _in_play()
    assert _refused(game, Action("replace", 0, card=reliz.RelizGame.tile_id("3|5"), target=0,
                                 count=0), "ru") == (
        "Костяшку в зоне B1.1 выложили на этом ходу: заменить её можно только со следующего "
        "хода.")
    assert _refused(game, Action("place", 0, card=reliz.RelizGame.tile_id("3|5"), target=0,
                                 count=0), "ru") == (
        "В зоне B1.1 уже лежит 2|6: замените эту костяшку.")
    assert _refused(game, Action("place", 0, card=reliz.RelizGame.tile_id("0|0"), target=1,
                                 count=0), "ru") == "У Ada нет костяшки 0|0, чтобы её выложить."
    before = game.snapshot()
    with speaking("ru"):
        with pytest.raises(IllegalMove, match="не костяшка набора «дубль-шесть»"):
            game.place("Ada", "9|9", "B1.2")
        with pytest.raises(IllegalMove, match=re.escape("На поле нет зоны 'Z9'.")):
            game.place("Ada", "3|5", "Z9")
        assert game.why_not_place("Ada", "3|5", "B1.1") == (
            "В зоне B1.1 уже лежит 2|6: замените эту костяшку.")
    assert game.snapshot() == before


def test_the_same_refusals_in_english_unchanged() -> None:
    game = reliz.new_game(["Ada", "Bob"], seed=3)
    assert _refused(game, Action("end", 0), "en") == (
        "Ada must first choose the block card to join the board.")
    assert _refused(game, Action("attach", 0, card=1, target=2, count=1), "en") == (
        "The block card to join is block 12 or block 5.")
    game = _in_play()
    assert _refused(game, Action("replace", 0, card=reliz.RelizGame.tile_id("3|5"), target=0,
                                 count=0), "en") == (
        "The tile in B1.1 was placed this turn and cannot be replaced until the next.")
    assert game.why_not_place("Ada", "3|5", "B1.1") == (
        "Zone B1.1 already holds 2|6; replace it instead.")
    with pytest.raises(IllegalMove, match=re.escape("'9|9' is not a tile of the double-six set.")):
        game.place("Ada", "9|9", "B1.2")


def test_a_result_in_russian_kept_in_english() -> None:
    """The result is kept in English (the state is the same in any language) and said in the
    language in use."""
    game = reliz.new_game(["Red", "Blue"], seed=1, scenario="cooperation", turn_cap=1)
    with speaking("ru"):
        game.time_up()
        assert game.result_sentence() == (
            "Игра дошла до предела ходов (1), победитель не определён.")
    assert game.result == "The game reached the turn cap (1 turns) undecided."
    assert game.result_sentence() == game.result
    assert _refused(game, Action("end", 0), "ru") == "Игра окончена; ходить больше нельзя."
