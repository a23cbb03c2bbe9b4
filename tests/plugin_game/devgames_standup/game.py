"""Stand-up's rules engine: each player holds two cards; on a turn they play one (a Blocker at
another player) and draw one. The first to close all their tasks wins.

>>> from devgames_standup import new_game
>>> game = new_game(["Ada", "Bob"], seed=1)
>>> game.view(None)["waiting_for"]
'Ada plays a card.'
"""

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

from devgames.core.actions import Action, Event, ShapeCheck, given
from devgames.core.errors import IllegalMove
from devgames.core.game import Game
from devgames_standup.cards import CARDS

RULES_VERSION = "1"
HAND_SIZE = 2
ROUND_FIELDS = ("turn", "player", "done", "left")
#: Refuses a move Stand-up does not know, or one setting a field a play does not use.
SHAPE = ShapeCheck({"play": frozenset({"card", "target"})}, "Stand-up")


@dataclass(frozen=True)
class StandupOptions:
    """The rules a Stand-up game is played with.

    >>> StandupOptions().tasks
    5
    """

    #: Only the digital deck: the app deals.
    deck: str = field(default="digital", metadata={"choices": ("digital",)})
    #: Tasks each player must close to win.
    tasks: int = 5


class StandupGame(Game):
    """A game of Stand-up."""

    name: ClassVar[str] = "standup"
    rules_version: ClassVar[str] = RULES_VERSION
    card_ids: ClassVar[range] = range(len(CARDS))
    action_kinds: ClassVar[frozenset[str]] = frozenset({"play"})

    def __init__(self, players: tuple[str, ...], seed: int | None,
                 options: StandupOptions) -> None:
        super().__init__(players, seed, options)
        self.deck = list(CARDS)
        self.rng.shuffle(self.deck)
        self.discard: list[int] = []
        self.hands = [[self._draw() for _ in range(HAND_SIZE)] for _ in players]
        self.done = [0] * len(players)
        self.turn = 0
        self._rows: list[dict[str, Any]] = []

    def _draw(self) -> int:
        if not self.deck:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
        self.chance_steps += 1
        return self.deck.pop()

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.turn % len(self.players)

    @property
    def is_over(self) -> bool:
        return bool(self._winners)

    @property
    def waiting_for(self) -> str:
        """Who must do what now: one sentence for the projector's big line."""
        if self.is_over:
            return f"{', '.join(self.winners)} closed every task first."
        return f"{self.players[self.turn % len(self.players)]} plays a card."

    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        seat = self.turn % len(self.players)
        actions = []
        for card in self.hands[seat]:
            if CARDS[card].aimed:
                actions += [Action("play", seat, card=card, target=other)
                            for other in range(len(self.players)) if other != seat]
            else:
                actions.append(Action("play", seat, card=card))
        return actions

    def _check(self, action: Action) -> None:
        if self.is_over:
            raise IllegalMove("game_over", "The stand-up is over.")
        seat = self.turn % len(self.players)
        SHAPE(action)
        if action.player != seat:
            raise IllegalMove("not_your_turn", f"It is {self.players[seat]}'s turn.")
        if action.card not in self.hands[seat]:
            raise IllegalMove("not_in_hand", "That card is not in your hand.")
        aimed = CARDS[action.card].aimed
        if aimed and (action.target is None or action.target == seat
                      or not 0 <= action.target < len(self.players)):
            raise IllegalMove("bad_target", "A Blocker is played at another player.")
        if not aimed and action.target is not None:
            raise IllegalMove("bad_target", f"{CARDS[action.card].name} is played at nobody.")

    def _do(self, action: Action) -> None:
        seat, played = action.player, given(action.card)
        card = CARDS[played]
        self.hands[seat].remove(played)
        self.discard.append(played)
        if card.aimed:
            target = given(action.target)
            self.done[target] = max(0, self.done[target] - 1)
        self.done[seat] = min(self.options.tasks, self.done[seat] + card.closes)
        self.events.append(Event("play", seat, {"card": card.name, "target": action.target}))
        self.hands[seat].append(self._draw())
        self.turn += 1
        self._rows += [{"turn": self.turn, "player": name, "done": self.done[index],
                        "left": self.options.tasks - self.done[index]}
                       for index, name in enumerate(self.players)]
        if self.done[seat] >= self.options.tasks:
            self._winners = [seat]

    def view(self, player: int | str | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "game": self.name,
            "waiting_for": self.waiting_for,
            "current_player": None if self.is_over else self.players[given(self.current_player)],
            "players": [{"name": name, "done": self.done[seat],
                         "left": self.options.tasks - self.done[seat]}
                        for seat, name in enumerate(self.players)],
        }
        if player is not None:
            seat = self.seat(player)
            view["hand"] = [{"id": card, "card": CARDS[card].name} for card in self.hands[seat]]
        return view

    def snapshot(self) -> dict[str, Any]:
        return {"deck": list(self.deck), "discard": list(self.discard),
                "hands": [list(hand) for hand in self.hands], "done": list(self.done),
                "turn": self.turn, "winners": list(self._winners)}

    def card_counts(self) -> Counter[int]:
        """Every card of the game by id, wherever it is (deck, discard pile, hands): the same
        from the first move to the last.

        >>> from devgames_standup import new_game
        >>> sum(new_game(["Ada", "Bob"], seed=1).card_counts().values())
        22
        """
        return Counter([*self.deck, *self.discard, *(card for hand in self.hands for card in hand)])

    def describe(self, action: Action) -> str:
        card = CARDS[action.card].name if action.card in CARDS else "a card"
        who = self.players[action.player]
        if action.target is not None and 0 <= action.target < len(self.players):
            return f"{who} plays {card} at {self.players[action.target]}"
        return f"{who} plays {card}"

    def narrate(self, event: Event) -> str | None:
        if event.kind != "play":
            return None
        seat = given(event.player)
        who = self.players[seat]
        target = event.data["target"]
        if target is not None:
            return f"{who} blocks {self.players[target]}: a task goes back to 'to do'."
        return f"{who} plays {event.data['card']}: {self.done[seat]} tasks done."

    def summary(self) -> dict[str, Any]:
        return {"turns": self.turn, "winner": ", ".join(self.winners)}

    @property
    def rounds(self) -> list[dict[str, Any]]:
        return list(self._rows)
