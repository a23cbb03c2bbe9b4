"""A phone's debrief in the person's language over real HTTP: the page, its script's texts,
the state and the refusals follow the language chosen on the page, else the browser's."""

import json
import re
from typing import Any

from tornado.testing import AsyncHTTPTestCase

from devgames import scrumkin
from devgames.devices import server
from devgames.sessions.store import SessionStore


class PhoneLanguageTest(AsyncHTTPTestCase):
    """The debrief's page, state and refusals in the person's language."""

    def setUp(self) -> None:
        self.store = SessionStore(":memory:")
        self.session = self.store.create(scrumkin.new_game(["Red", "Blue"], seed=4))
        self.code = self.store.open_debrief(self.session)
        super().setUp()

    def get_app(self) -> Any:
        return server.make_app(server.Hub(self.store))

    def fetch_as(self, path: str, method: str = "GET", body: str | None = None,
                 **headers: str) -> Any:
        return self.fetch(path, method=method, body=body, headers=headers, raise_error=False)

    def test_the_page_and_the_state_follow_the_choice_then_the_browser(self) -> None:
        page = self.fetch_as(f"/d/{self.code}", Cookie="dg-lang=ru").body.decode()
        assert '<html lang="ru">' in page and "Отправить заметку" in page
        assert '"Suggest": "Предложить"' in page  # the script's texts come with the page
        browser = self.fetch_as(f"/d/{self.code}", **{"Accept-Language": "ru-RU,ru;q=0.9"})
        assert "Отправить заметку" in browser.body.decode()
        english = self.fetch_as(f"/d/{self.code}", **{"Accept-Language": "de,en;q=0.5"})
        assert '<html lang="en">' in english.body.decode()
        assert '<option value="ru">Русский</option>' in english.body.decode()
        chosen = self.fetch_as(f"/d/{self.code}", Cookie="dg-lang=en",
                               **{"Accept-Language": "ru"})
        assert "Send the note" in chosen.body.decode()  # the person's choice wins
        state = json.loads(self.fetch_as(f"/d/{self.code}/state", Cookie="dg-lang=ru").body)
        assert (state["language"], state["phase_title"], state["steps"][0][0],
                state["dots_text"]) == ("ru", "Что?", "Думаем", "Осталось 3 точки.")

    def test_refusals_are_said_in_the_persons_language(self) -> None:
        wrong = self.fetch_as("/d/WRONGCODE", Cookie="dg-lang=ru")
        assert wrong.code == 403 and '<html lang="ru">' in wrong.body.decode()
        assert "Этот разбор закрыт" in wrong.body.decode()
        closed = json.loads(self.fetch_as("/d/WRONGCODE/state", Cookie="dg-lang=ru").body)
        assert closed["message"].startswith("Этот код больше не открывает разбор")
        look = self.fetch_as(f"/d/{self.code}/state", Cookie="dg-lang=ru")
        cookies = "; ".join(header.split(";")[0] for header in look.headers.get_list(
            "Set-Cookie")) + "; dg-lang=ru"
        xsrf = re.search(r"_xsrf=([^;]+)", cookies)
        assert xsrf
        self.store.set_meta(self.session, ("debrief", "phone_steps", "what"), "vote")
        answer = self.fetch_as(f"/d/{self.code}/do", "POST", json.dumps(
            {"do": "note", "prompt": "Что?", "content": "Поздно", "signed": False}),
            Cookie=cookies, **{"X-XSRFToken": xsrf.group(1)})
        assert answer.code == 409
        assert json.loads(answer.body)["message"] == (
            "Заметки пишут на шаге «Думаем», а сейчас шаг «Голосуем».")


class TeamLanguageTest(AsyncHTTPTestCase):
    """A team's page and state in the team's language, whatever language the moves were made in:
    two phones of one room may read different languages."""

    def setUp(self) -> None:
        self.store = SessionStore(":memory:")
        game = scrumkin.new_game(["Red", "Blue"], seed=4)
        self.session = self.store.create(game)
        self.red = self.store.issue_link(self.session, 0)
        self.blue = self.store.issue_link(self.session, 1)
        super().setUp()

    def get_app(self) -> Any:
        return server.make_app(server.Hub(self.store))

    def state(self, token: str, language: str) -> dict[str, Any]:
        answer = self.fetch(f"/t/{token}/state", headers={"Cookie": f"dg-lang={language}"})
        assert answer.code == 200, answer.body
        return json.loads(answer.body)

    def test_the_team_page_and_state_speak_the_phones_language(self) -> None:
        page = self.fetch(f"/t/{self.red}", headers={"Accept-Language": "ru"}).body.decode()
        assert '<html lang="ru">' in page and "<h2>Что только что произошло</h2>" in page
        assert '"Your options": "Ваши ходы"' in page  # the script's texts come with the page
        english = self.fetch(f"/t/{self.red}").body.decode()
        assert '<html lang="en">' in english and "<h2>What just happened</h2>" in english
        red, blue = self.state(self.red, "ru"), self.state(self.blue, "ru")
        assert red["status"] == "Ваш ход, Red." and blue["status"] == "Ждём Red."
        assert red["moves"] and all(move["text"][:1].isupper() for move in red["moves"])
        game, revision = self.store.checkout(self.session)
        move = next(action for action in game.legal_actions() if action.kind != "pass")
        self.store.append(self.session, move, expected=revision)  # made on the projector
        said_en, said_ru = self.state(self.blue, "en")["news"], self.state(self.blue, "ru")["news"]
        assert said_en[-1].startswith("Red ") and said_ru[-1].startswith("Red ")
        assert said_ru[-1] != said_en[-1]


def test_the_key_moments_asked_follow_each_phones_language() -> None:
    """The key moments are worked out once a game and language: the first phone to ask does
    not fix the language of the others."""
    from devgames.core.bots import RandomBot, play_out
    from devgames.devices.debrief_api import map_questions
    from devgames.i18n import speaking

    game = scrumkin.new_game(["Red", "Blue"], seed=3)
    play_out(game, {0: RandomBot(0), 1: RandomBot(1)})
    with speaking("ru"):
        russian = [moment.title for moment in map_questions(game)[1]]
    english = [moment.title for moment in map_questions(game)[1]]
    assert russian and len(russian) == len(english)
    assert russian[0] == "Карта, сброшенная рубашкой вверх"
    assert english[0] == "A card dropped face down"
