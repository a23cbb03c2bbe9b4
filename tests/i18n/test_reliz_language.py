"""РЕЛИЗ's table in the language in use: what the table waits for, a move as the picker lists it,
the news of an event and the featured daily event (its heading and what the card does, from
``events.csv``'s ``does_ru``) are Russian under ``speaking("ru")``, and English, unchanged,
outside it."""

from devgames import reliz
from devgames.core.actions import Action, Event
from devgames.i18n import speaking
from devgames.reliz.cards import EVENT_ID, EVENTS
from devgames.reliz.event_cards import does_ru, does_text


def _at_daily() -> reliz.RelizGame:
    """A Duel (seed 3) once its board is laid, at the first daily event."""
    game = reliz.new_game(["Ada", "Bob"], seed=3)
    while game.phase == "attach":
        game.apply(game.legal_actions()[0])
    assert game.phase == "daily"
    return game


def test_what_the_table_waits_for_in_russian_and_in_english() -> None:
    game = reliz.new_game(["Ada", "Bob"], seed=3)
    with speaking("ru"):
        assert game.waiting_for == (
            "Ada выбирает одну из двух карточек блоков и место, где она присоединится к полю.")
    assert game.waiting_for == "Ada chooses one of two block cards and where it joins the board."


def test_a_legal_move_described_in_russian_and_in_english() -> None:
    game = reliz.new_game(["Ada", "Bob"], seed=1)
    end = Action("end", 0)
    sick = Action("play", 0, card=EVENT_ID["disease"], target=1)
    with speaking("ru"):
        assert game.describe(end) == "Ada заканчивает ход"
        assert game.describe(sick) == "Ada играет Sick Leave на Bob"
        move = game.legal_actions()[0]
        assert move.kind == "attach" and game.describe(move).startswith("Ada присоединяет блок ")
    assert game.describe(end) == "Ada ends the turn"
    assert game.describe(sick) == "Ada plays Sick Leave on Bob"


def test_an_event_narrated_in_russian_and_in_english() -> None:
    game = reliz.new_game(["Ada", "Bob"], seed=1)
    drawn = Event("block_drawn", None, {"block": 7})
    release = Event("release", 0, {"zone": 0, "card": True})
    with speaking("ru"):
        assert game.narrate(drawn) == "Вытянута карточка блока 7."
        assert game.narrate(release) == "РЕЛИЗ! Ada закрывает B1.1 и берёт карту события."
        assert game.narrate(game.events[0]) == "Сценарий: Дуэль (Duel)."
    assert game.narrate(drawn) == "Block card 7 is drawn."
    assert game.narrate(release) == "RELEASE! Ada closes B1.1 and draws an event card."
    assert game.narrate(game.events[0]) == "Scenario: Duel (Дуэль)."


def test_the_featured_daily_event_says_what_it_does_in_russian() -> None:
    game = _at_daily()
    assert game.daily is not None
    card = EVENTS[game.daily & 63]
    with speaking("ru"):
        featured = game.view(None)["featured"][0]
        assert featured["heading"] == "Ежедневное событие"
        assert featured["lines"] == [does_ru()[card.code]]
        assert featured["card"] == card.name  # the names: as the game shows them
    featured = game.view(None)["featured"][0]
    assert featured["heading"] == "Daily event"
    assert featured["lines"] == [card.does]


def test_every_event_card_has_its_effect_in_russian() -> None:
    with speaking("ru"):
        said = {card.code: does_text(c) for c, card in EVENTS.items()}
    assert said["insight"] == "Вы берёте костяшку из запаса."
    for c, card in EVENTS.items():
        assert said[card.code] != card.does and said[card.code].endswith(".")
        assert does_text(c) == card.does  # English outside
