"""The facilitator's debrief in the language in use: its phases, pages, buttons, prompts, the
phones' panel, the export, the debrief's questions and the retro map's sentences; what the room
wrote, the teams' names and the cards' printed names stay as they are, and so do the files
exported (their headers and keys are data). The same screens stay in English outside
``speaking("ru")``."""

from collections.abc import Iterator

import pytest

from devgames import scrumkin
from devgames.core.bots import play_out
from devgames.dashboards.debrief_phones import roti_bars
from devgames.dashboards.table import SessionTable
from devgames.i18n import speaking
from devgames.retro import key_moments
from devgames.retro.dealt import matrix_shown
from devgames.screens.debrief import debrief_phases, names_text, winner_line
from devgames.sessions import SessionStore


@pytest.fixture
def store() -> Iterator[SessionStore]:
    with SessionStore(":memory:") as opened:
        yield opened


def debrief_table(store: SessionStore) -> SessionTable:
    """A table of two teams at the start, its debrief open (drawn in the language in use)."""
    game = scrumkin.new_game(["Red", "Blue"], seed=7)
    table = SessionTable(game, store, store.create(game), 0)
    table.open_debrief()
    return table


def played() -> scrumkin.ScrumkinGame:
    game = scrumkin.new_game(["Red", "Blue", "Green"], seed=7)
    play_out(game, {seat: scrumkin.BOTS["heuristic"](seat) for seat in range(3)})
    return game


def test_the_debrief_panel_speaks_russian(store: SessionStore) -> None:
    with speaking("ru"):
        debrief = debrief_table(store).debrief
        labels = [label for label, _key in debrief.tabs.options]
        # In the catalogue already: the phases' titles, "Back", "Debrief".
        assert labels == ["Что?", "И что?", "Что дальше?", "Раскрытие и карта"]
        assert debrief.back.description == "‹ Назад"
        assert "Разбор" in debrief.children[0].children[0].value
        # With the new translations merged:
        assert debrief.time_box.description == "Запустить таймбокс на 6 мин"
        assert debrief.next.description == "Далее ›"
        assert debrief.phones_toggle.description == "Телефоны"
        assert debrief.action_text.placeholder == "Что мы сделаем?"
        assert debrief.action_owner.description == "Ответственный"
        assert debrief.add_note("what", "Что произошло?", " ") is None
        assert "Заметка пустая: сначала напишите её." in debrief.message.value
        note = debrief.add_note("what", "Что произошло?", "Flu hit us in sprint 1")
        assert note is not None
        debrief.tabs.value = "so_what"
        shown = " ".join(getattr(child, "value", "") for child in debrief.body.children)
        assert "Какая карта больше всего помогла вашей скорости за всю игру" in shown
        assert "(страница 1 из " in debrief.where.value
        assert debrief.body.children[1].placeholder == "Заметка, затем Enter"
        steps = [button.description for button in debrief.steps.children[0].children]
        assert steps[0] == "1: в одиночку, молча, 1 мин" and steps[-1] == "Все: всем залом, 5 мин"


def test_the_text_the_room_wrote_stays_as_written(store: SessionStore) -> None:
    with speaking("ru"):
        debrief = debrief_table(store).debrief
        debrief.add_note("what", "What slowed us?", "Flu hit us in sprint 1")
        debrief.show_phase("what")
        shown = " ".join(getattr(child, "value", "") for child in debrief.body.children)
    assert "Flu hit us in sprint 1" in shown and "What slowed us?" in shown


def test_the_phones_panel_and_the_roti_speak_russian(store: SessionStore) -> None:
    with speaking("ru"):
        phones = debrief_table(store).debrief.phones
        assert phones.close.description == "Закрыть для телефонов"
        assert phones.counts.value.startswith("Подключились <b>0</b> человек.")
        assert "«Что?»" in phones.counts.value
        bars = roti_bars((0, 0, 1, 2, 1))
        assert "Отдача от потраченного времени (ROTI):" in bars
        assert "4 оценки, в среднем 4.0 из 5" in bars


def test_the_export_speaks_russian_but_its_files_keep_their_english_keys(
        store: SessionStore) -> None:
    with speaking("ru"):
        table = debrief_table(store)
        export = table.export
        assert export.children[0].value == "<h3>Выгрузка для ретроспективы</h3>"
        export.prepare()
        links = export.links.value
    assert "Скачать retro.csv" in links and 'download="retro-board.csv"' in links


def test_the_questions_and_the_winner_line_speak_russian() -> None:
    fresh = scrumkin.new_game(["Red", "Blue"], seed=1)
    with speaking("ru"):
        phases = debrief_phases(fresh)
        assert phases["what"] == ["Когда ваша скорость упала и что тогда было в игре?"]
        assert phases["now_what"][-1].startswith("Какое одно изменение мы попробуем на работе")
        assert winner_line(fresh) == "Победителя пока нет: игра продолжается."
        assert names_text(["Red", "Blue", "Green"]) == "Red, Blue и Green"
        game = played()
        questions = [q for qs in debrief_phases(game).values() for q in qs]
        assert questions[0].startswith("Спринт ")
        assert all("Which" not in q and "What" not in q for q in questions)
    assert debrief_phases(fresh)["what"] == [
        "When did your velocity drop, and what was in play then?"]
    assert winner_line(fresh) == "No winner yet: the game is still on."


def test_the_retro_map_speaks_russian_and_keeps_the_cards_names() -> None:
    game = played()
    english = key_moments(game)
    with speaking("ru"):
        russian = key_moments(game)
        matrix = matrix_shown(game)
    titles = {"A shield held back": "Придержанная защита",
              "A card dropped face down": "Карта, сброшенная рубашкой вверх",
              "The biggest velocity swing": "Самый большой скачок скорости",
              "What nobody showed": "Чего никто не показал"}
    assert [titles[m.title] for m in english] == [m.title for m in russian]
    assert [m.move for m in english] == [m.move for m in russian]
    assert next(iter(matrix.columns)) == ("от себя", "вложение")
    assert list(matrix.index) == ["Red", "Blue", "Green"]
    assert next(iter(matrix_shown(game).columns)) == ("self-inflicted", "investment")


def test_the_debrief_stays_in_english_outside(store: SessionStore) -> None:
    with speaking("ru"):
        debrief_table(store)
    debrief = debrief_table(store).debrief
    assert [label for label, _key in debrief.tabs.options] == [
        "What?", "So what?", "Now what?", "Reveal & map"]
    assert debrief.time_box.description == "Start the 6-minute time-box"
    assert (debrief.back.description, debrief.next.description) == ("‹ Back", "Next ›")
    assert debrief.phones.counts.value.startswith("<b>0</b> people joined. <b>0</b> notes of "
                                                  "What? written")
    assert "<b>Return on time invested:</b> 4 ratings, average 4.0 of 5" in roti_bars(
        (0, 0, 1, 2, 1))
