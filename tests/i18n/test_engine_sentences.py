"""An engine's sentences in the language in use: the moves as the picker lists them, the news,
what the table waits for and every refusal; the state refused stays as it was,
in any language."""

import pytest

from devgames import scrumkin
from devgames.core.actions import Action
from devgames.core.errors import IllegalMove
from devgames.i18n import speaking


def test_scrumkin_speaks_russian_at_the_table() -> None:
    game = scrumkin.new_game(["Red", "Blue"], seed=1)
    with speaking("ru"):
        assert game.describe(Action("play", 0, card=27, target=1)) == (
            "Red играет Fairy dust (+3 +2 +1 -2 навсегда) в игру Blue")
        assert game.view(None)["waiting_for"] == "Red делает ход 1 из 2."
    assert game.describe(Action("play", 0, card=27, target=1)) == (
        "Red plays Fairy dust (+3 +2 +1 -2 for ever) into Blue's game")


def test_a_refusal_in_russian_changes_nothing() -> None:
    game = scrumkin.new_game(["Red", "Blue"], seed=1)
    before = game.snapshot()
    held = set(game.hands[0])
    card = next(c for c in scrumkin.CARDS if c not in held and scrumkin.CARDS[c].deck != "action")
    with speaking("ru"), pytest.raises(IllegalMove) as refused:
        game.apply(Action("play", 0, card=card, target=1))
    assert str(refused.value).startswith("У Red нет карты ")
    assert game.snapshot() == before


def test_every_game_refuses_in_russian_too() -> None:
    """The refusals every engine shares (whose turn, set-up) follow the language in use."""
    from devgames import itstartup
    from devgames.core.errors import SetupError

    game = scrumkin.new_game(["Red", "Blue"], seed=1)
    with speaking("ru"), pytest.raises(IllegalMove, match="Сейчас ходит Red, а не Blue"):
        game.apply(Action("pass", 1))
    with speaking("ru"), pytest.raises(SetupError, match="Двух игроков зовут 'ada'"):
        itstartup.new_game(["Ada", "ada"])
    with speaking("ru"), pytest.raises(SetupError, match="нужно ровно 2 команды; указано 3"):
        scrumkin.new_game(["Red", "Blue", "Green"], max_players=2)


def test_it_startup_speaks_russian_at_the_table() -> None:
    from devgames import itstartup

    game = itstartup.new_game(["Ada", "Bob"], seed=1)
    with speaking("ru"):
        assert game.view(None)["waiting_for"] == (
            "Ada может вернуть карты из стартовой руки (муллиган).")
        assert game.describe(Action("end_turn", 0)) == "Ada заканчивает ход"
    assert game.describe(Action("end_turn", 0)) == "Ada ends the turn"


def test_release_speaks_russian_at_the_table() -> None:
    from devgames import release

    game = release.new_game(["Ada", "Bob"], seed=1)
    with speaking("ru"):
        assert game.describe(Action("commit", 0, card=10)) == "Ada коммитит Kent Beck (11 of Doors)"
        assert game.narrate(game.events[0]) == "Начинается релиз 1."
    assert game.narrate(game.events[0]) == "Release 1 begins."


def test_exploding_speaks_russian_at_the_table() -> None:
    from devgames import exploding

    game = exploding.new_game(["Ada", "Bob"], seed=12)
    before = game.snapshot()
    with speaking("ru"):
        assert game.view(None)["waiting_for"] == (
            "Ходит Ada: сыграйте карты или тяните карту, чтобы закончить ход.")
        with pytest.raises(IllegalMove, match=r"^Сейчас ходит Ada, а не Bob"):
            game.apply(Action("draw", 1))
        game.play("Ada", "Shuffle")
        assert game.view(None)["waiting_for"] == "Любой может сказать Nope на Shuffle (Ada)."
    assert game.snapshot() != before
    assert game.view(None)["waiting_for"] == "Anyone may say Nope to Ada's Shuffle."
    with speaking("ru"):
        setup = next(event for event in game.events if event.kind == "setup")
        assert str(game.narrate(setup)).startswith("В колоду замешаны Exploding Git Commit")
        assert game.describe(Action("draw", 0)) == "Ada тянет карту и заканчивает ход"


def test_release_scoring_rules_and_facts_in_russian() -> None:
    """A Tools & Methods card's rule is our wording: the room reads it in its language; the card
    and suit names stay as printed."""
    from devgames import release
    from devgames.dashboards.components import facts_html
    from devgames.release.observer import method_item

    game = release.new_game(["Ada", "Bob"], seed=1)
    with speaking("ru"):
        assert method_item(game, 43)["lines"] == ["+1 за каждую карту 10–13",
                                                 "-1 за каждую карту 2–9"]
        assert "3 из 5" in facts_html({"round": 3, "rounds": 5})
    assert method_item(game, 43)["lines"] == ["+1 for each 10 to 13", "-1 for each 2 to 9"]
