"""Actions (what a player or the deck does) and events (what happened), shared by every game.

One action shape serves every game so that sessions, bots, the CLI and the dashboards handle any
game the same way. Fields a game does not use stay ``None`` and are left out of the JSON form.
"""

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple, TypeVar

from devgames.core.errors import IllegalMove

#: ``current_player`` at a chance node: in physical-deck mode the facilitator enters what was
#: really drawn (a ``deal`` action); in digital mode the game resolves chance itself.
CHANCE = -1

T = TypeVar("T")


class Action(NamedTuple):
    """One move. ``player`` is a seat index (``CHANCE`` for a card entered from a physical deck).

    >>> a = Action("play", 0, card=27, target=1)
    >>> a.to_json()
    {'kind': 'play', 'player': 0, 'card': 27, 'target': 1}
    >>> Action.from_json(a.to_json()) == a
    True
    """

    kind: str
    player: int
    card: int | None = None
    target: int | None = None
    count: int | None = None  # type: ignore[assignment]  # shadows tuple.count; a saved field
    cards: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """A plain dict with the fields that are set (lists for tuples)."""
        out: dict[str, Any] = {"kind": self.kind, "player": self.player}
        if self.card is not None:
            out["card"] = self.card
        if self.target is not None:
            out["target"] = self.target
        if self.count is not None:
            out["count"] = self.count
        if self.cards is not None:
            out["cards"] = list(self.cards)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Action":
        """Inverse of :meth:`to_json`; refuses unknown fields with a clear message."""
        unknown = set(data) - set(cls._fields)
        if unknown:
            raise ValueError(f"An action has unknown fields: {', '.join(sorted(unknown))}.")
        cards = data.get("cards")
        return cls(
            kind=str(data["kind"]),
            player=int(data["player"]),
            card=data.get("card"),
            target=data.get("target"),
            count=data.get("count"),
            cards=tuple(cards) if cards is not None else None,
        )


def given(field: T | None) -> T:
    """A field that every legal action of its kind sets, typed without ``None`` (bots and
    handlers read legal or checked actions only).

    >>> given(Action("play", 0, card=27).card)
    27
    """
    assert field is not None, "a legal action of this kind sets this field"
    return field


class Event(NamedTuple):
    """Something that happened, appended to ``game.events`` in order.

    ``player`` is the seat concerned (``None`` for table-wide events); ``data`` holds the details.
    ``private`` events (a dealt card, say) are shown only to their player.

    >>> Event("velocity", 1, {"velocity": 4}).kind
    'velocity'
    """

    kind: str
    player: int | None
    data: dict[str, Any]
    private: bool = False


#: An event from its four fields (kind, player, data, private) in one tuple: the engines make
#: their frequent events so, without the Python-level call that fills in ``Event``'s default.
quick_event: Callable[[tuple[str, int | None, dict[str, Any], bool]], Event] = partial(
    tuple.__new__, Event)


class ShapeCheck:
    """Refuses an action of an unknown kind, or one setting a field its kind does not use.

    Built once per game from a map of each kind of action to the optional fields it takes.

    >>> check = ShapeCheck({"pass": frozenset(), "play": frozenset({"card"})}, "Scrumkin")
    >>> check(Action("play", 0, card=3))
    >>> check(Action("pass", 0, card=3))
    Traceback (most recent call last):
    ...
    devgames.core.errors.IllegalMove: A 'pass' move in Scrumkin takes no card.
    """

    __slots__ = ("game", "kinds", "unused")

    def __init__(self, fields_used: dict[str, frozenset[str]], game: str) -> None:
        self.game = game
        self.unused = {
            kind: tuple(i for i, name in enumerate(Action._fields[2:], 2) if name not in used)
            for kind, used in fields_used.items()
        }
        self.kinds = frozenset(fields_used)

    def __call__(self, action: Action) -> None:
        unused = self.unused.get(action.kind)
        if unused is None:
            raise IllegalMove("unknown_action", f"{self.game} has no move called {action.kind!r}.")
        for i in unused:
            if action[i] is not None:
                raise IllegalMove(
                    "bad_action",
                    f"A {action.kind!r} move in {self.game} takes no {Action._fields[i]}.",
                )
