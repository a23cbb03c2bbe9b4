"""The participants' debrief over real HTTP on a real SQLite store: a phone joins by the
session's code, writes notes nobody else reads before they are revealed, votes within its dots,
rates the session; a closed or renewed code, a forged change and a flood are refused."""

import json
from http.cookies import SimpleCookie
from typing import Any

from tornado.httpclient import HTTPResponse
from tornado.testing import AsyncHTTPTestCase

from devgames import scrumkin
from devgames.core.bots import RandomBot, play_out
from devgames.devices import debrief_api, server
from devgames.retro import cards_to_tag, key_moments
from devgames.sessions.store import SessionStore


class Phone:
    """A browser: the cookies the server gave it."""

    def __init__(self) -> None:
        self.cookies: dict[str, str] = {}

    def keep(self, answer: HTTPResponse) -> None:
        for header in answer.headers.get_list("Set-Cookie"):
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value

    def headers(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                "X-XSRFToken": self.cookies.get("_xsrf", "")}


class DebriefApiTest(AsyncHTTPTestCase):
    def setUp(self) -> None:
        self.store = SessionStore(":memory:")
        self.session = self.store.create(scrumkin.new_game(["Red", "Blue"], seed=4))
        self.code = self.store.open_debrief(self.session)
        self.hub = server.Hub(self.store)
        super().setUp()

    def get_app(self) -> Any:
        return server.make_app(self.hub)

    def state(self, phone: Phone, code: str | None = None) -> HTTPResponse:
        answer = self.fetch(f"/d/{code or self.code}/state", headers=phone.headers(),
                            raise_error=False)
        phone.keep(answer)
        return answer

    def joined(self) -> Phone:
        phone = Phone()
        assert self.state(phone).code == 200
        return phone

    def do(self, phone: Phone, **change: Any) -> tuple[int, dict[str, Any]]:
        answer = self.fetch(f"/d/{self.code}/do", method="POST", body=json.dumps(change),
                            headers=phone.headers(), raise_error=False)
        return answer.code, json.loads(answer.body)

    def lead(self, step: str, phase: str = "what") -> None:
        """The projector leads ``phase`` to ``step`` (past Think, its notes are revealed)."""
        self.store.set_meta(self.session, ("debrief", "phone_steps", phase), step)
        self.store.reveal(self.session, phase)

    def note(self, phone: Phone, content: str) -> tuple[int, dict[str, Any]]:
        return self.do(phone, do="note", prompt="What happened?", content=content,
                       signed=False)

    def test_a_note_is_read_by_nobody_else_before_it_is_revealed(self) -> None:
        ana, bo = self.joined(), self.joined()
        assert len(self.store.participants(self.session)) == 2
        code, answer = self.note(ana, "<b>Bugs</b> piled up")
        assert code == 200 and [n["content"] for n in answer["state"]["notes"]] == [
            "<b>Bugs</b> piled up"]
        assert json.loads(self.state(bo).body)["notes"] == []
        assert "Bugs" not in self.state(bo).body.decode()
        self.store.reveal(self.session, "what")
        notes = json.loads(self.state(bo).body)["notes"]
        assert [(n["content"], n["mine"]) for n in notes] == [("<b>Bugs</b> piled up", False)]

    def test_dots_beyond_the_limit_are_refused_and_counted_once(self) -> None:
        ana = self.joined()
        for n in range(4):
            self.note(ana, f"Fact {n}")
        self.lead("vote")
        notes = [n["id"] for n in json.loads(self.state(ana).body)["notes"]]
        assert [self.do(ana, do="dot", note=note)[0] for note in notes] == [200, 200, 200, 409]
        code, answer = self.do(ana, do="dot", note=notes[3])
        assert code == 409 and "used your 3 dots" in answer["message"]
        assert answer["state"]["dots_left"] == 0
        assert sum(self.store.dots_of(self.session, self.store.participants(
            self.session)[0].id).values()) == 3
        assert self.do(ana, do="undot", note=notes[0])[1]["state"]["dots_left"] == 1

    def test_a_rating_and_a_name_are_saved_and_a_forged_change_is_refused(self) -> None:
        ana = self.joined()
        assert self.do(ana, do="rate", score=4)[1]["state"]["rating"] == 4
        assert self.store.roti(self.session) == (0, 0, 0, 1, 0)
        assert self.do(ana, do="name", name="Ana")[1]["state"]["name"] == "Ana"
        for bad in ({"do": "rate", "score": "5"}, {"do": "delete"},
                    {"do": "dot", "note": "x", "more": 1}):
            code, answer = self.do(ana, **bad)
            assert code == 400 and answer["reason"] == "unreadable"
        assert self.store.roti(self.session) == (0, 0, 0, 1, 0)

    def test_a_change_without_the_pages_cookie_is_refused(self) -> None:
        ana = self.joined()
        ana.cookies.pop("_xsrf")
        code, answer = self.note(ana, "Forged from another site")
        assert code == 403 and answer["reason"] == "cookies"
        assert self.store.hidden_count(self.session, "what") == 0

    def test_a_closed_or_renewed_code_opens_nothing(self) -> None:
        ana = self.joined()
        old = self.code
        self.code = self.store.open_debrief(self.session)
        answer = self.state(ana, old)
        assert answer.code == 403 and json.loads(answer.body)["reason"] == "debrief_closed"
        assert self.state(ana).code == 200  # the new code: the same person
        assert len(self.store.participants(self.session)) == 1
        self.store.close_debrief(self.session)
        assert self.state(ana).code == 403

    def test_a_flood_of_changes_is_slowed_and_looking_is_not_counted_with_them(self) -> None:
        ana = self.joined()
        codes = [self.do(ana, do="rate", score=3)[0] for _ in range(debrief_api.REQUESTS + 1)]
        assert codes[-1] == 429 and codes.count(200) == debrief_api.REQUESTS
        assert self.state(ana).code == 200
        looks = [self.state(ana).code for _ in range(debrief_api.LOOKS)]
        assert looks[-1] == 429 and looks.count(200) == debrief_api.LOOKS - 2

    def test_the_phase_and_its_time_box_follow_the_projector(self) -> None:
        ana = self.joined()
        first = json.loads(self.state(ana).body)
        assert first["phase_title"] == "What?" and first["timer"] is None
        self.store.set_meta(self.session, ("debrief", "phase"), "so_what")
        self.store.set_meta(self.session, ("timer",),
                            {"duration": 720, "elapsed": 0, "started_at": 1.7e12})
        answer = self.fetch(f"/d/{self.code}/state?known={first['etag']}",
                            headers=ana.headers())
        state = json.loads(answer.body)
        assert state["phase_title"] == "So what?" and state["timer"]["duration"] == 720

    def test_in_reveal_and_map_a_phone_tags_the_games_cards_and_no_other(self) -> None:
        game = scrumkin.new_game(["Red", "Blue"], seed=5)
        play_out(game, {0: RandomBot(1), 1: RandomBot(2)})
        self.session = self.store.create(game)
        self.code = self.store.open_debrief(self.session)
        ana = self.joined()
        assert json.loads(self.state(ana).body)["cards"] == []  # asked in Reveal & map only
        self.store.set_meta(self.session, ("debrief", "phase"), "map")
        names = [card["name"] for card in json.loads(self.state(ana).body)["cards"]]
        assert names == cards_to_tag(game) and names
        code, answer = self.do(ana, do="tag", card=names[0], at_work=True)
        assert code == 200 and answer["state"]["cards"][0]["at_work"]
        code, answer = self.do(ana, do="tag", card="<b>Not a card</b>", at_work=True)
        assert code == 409 and "not among the game's cards" in answer["message"]
        assert self.store.tag_counts(self.session) == {names[0]: 1}

    def test_the_code_is_typed_in_any_case_and_wrong_codes_are_counted_by_address(self) -> None:
        ana = Phone()
        typed = f"{self.code[:4].lower()}-{self.code[4:]}"
        assert self.state(ana, typed).code == 200
        for n in range(3):
            assert self.state(Phone(), f"WRONG{n}XY").code == 403
        assert len(self.hub.failures.times["127.0.0.1"]) == 3  # slowed beyond FREE_FAILURES

    def test_each_step_shows_on_the_phone_and_allows_only_its_change(self) -> None:
        ana, bo = self.joined(), self.joined()
        state = json.loads(self.state(ana).body)
        assert state["step"] == "think" and [title for title, _ in state["steps"]] == [
            "Think", "Reveal", "Group", "Vote", "Discuss", "Close"]
        self.note(ana, "Flu")
        self.lead("group")
        code, answer = self.note(bo, "Too late")
        assert code == 409 and answer["message"] == (
            "Notes are written in Think: the room is at Group now.")
        note = answer["state"]["notes"][0]["id"]
        code, answer = self.do(bo, do="suggest", note=note, group=" Health ")
        assert code == 200 and answer["state"]["notes"][0]["suggested"] == "Health"
        assert self.store.suggestions(self.session) == {note: [("Health", 1)]}
        code, answer = self.do(bo, do="dot", note=note)
        assert code == 409 and "Dots are put in Vote" in answer["message"]
        self.store.set_meta(self.session, ("debrief", "phase"), "now_what")
        assert json.loads(self.state(bo).body)["steps"][4] == ["Actions", "discuss"]

    def test_in_reveal_and_map_a_phone_answers_the_key_moments(self) -> None:
        game = scrumkin.new_game(["Red", "Blue"], seed=5)
        play_out(game, {0: RandomBot(1), 1: RandomBot(2)})
        self.session = self.store.create(game)
        self.code = self.store.open_debrief(self.session)
        ana = self.joined()
        assert json.loads(self.state(ana).body)["moments"] == []  # asked in Reveal & map only
        self.store.set_meta(self.session, ("debrief", "phase"), "map")
        moments = json.loads(self.state(ana).body)["moments"]
        assert [m["title"] for m in moments] == [m.title for m in key_moments(game)] and moments
        code, answer = self.do(ana, do="surprise", move=moments[0]["move"], surprised=True)
        assert code == 200 and answer["state"]["moments"][0]["surprised"]
        not_a_moment = max(m["move"] for m in moments) + 1
        code, answer = self.do(ana, do="surprise", move=not_a_moment, surprised=True)
        assert code == 409 and "not one of the game's key moments" in answer["message"]
        assert self.store.surprises(self.session) == {moments[0]["move"]: 1}
