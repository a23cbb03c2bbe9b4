"""Scrumkin's domain verbs: ``game.play("Red", "Scope creep", target="Blue")`` and its ``can_``
twin, ``drop``, ``counter``, ``pass_counter``, ``take_over``, ``deal`` and ``hand``, taking
team names or seat numbers and card names (any letter case) or ids.

:class:`ScrumkinVerbs` is a base of :class:`devgames.scrumkin.game.ScrumkinGame`: each verb builds
the action and hands it to the game's ``apply`` (or ``can_apply``).

>>> from devgames import scrumkin
>>> game = scrumkin.new_game(["Red", "Blue"], seed=1)
>>> game.hand("Red"), game.can_play("Red", "patent war", target="Blue")
(['Management Champion', 'Training on the job', 'Patent war'], True)
"""

from devgames.core.actions import CHANCE, Action
from devgames.core.errors import IllegalMove
from devgames.core.game import Game
from devgames.core.piles import Pile
from devgames.scrumkin.cards import CARDS
from devgames.scrumkin.rules import DEAL, NAME


class ScrumkinVerbs(Game):
    """The verbs of a Scrumkin game, on the state they read (see ``ScrumkinGame``)."""

    hands: list[list[int]]
    deck: Pile
    action_deck: Pile
    phase: str

    def hand(self, team: int | str) -> list[str]:
        """The names of the cards in a team's hand (show only to that team)."""
        return [NAME[c] for c in self.hands[self.seat(team)]]

    def card_id(self, card: int | str, among: list[int] | Pile) -> int:
        """The id of a card given by name (any letter case) or id, looked up in ``among``."""
        if isinstance(card, int) and not isinstance(card, bool):
            return card
        folded = str(card).strip().casefold()
        for c in among:
            if NAME[c].casefold() == folded:
                return c
        for info in CARDS.values():  # a real card, but not there: the check says so by name
            if info.name.casefold() == folded:
                return info.id
        raise IllegalMove("unknown_card", f"Scrumkin has no card called {card!r}.")

    def _play_action(self, team: int | str, card: int | str, target: int | str | None) -> Action:
        p = self.seat(team)
        where = p if target is None else self.seat(target)
        return Action("play", p, card=self.card_id(card, self.hands[p]), target=where)

    def play(self, team: int | str, card: int | str, target: int | str | None = None) -> None:
        """Lay a card into ``target``'s game (the team's own game when no target is given)."""
        self.apply(self._play_action(team, card, target))

    def can_play(self, team: int | str, card: int | str, target: int | str | None = None) -> bool:
        """True if :meth:`play` with these arguments is allowed now."""
        try:
            return self.can_apply(self._play_action(team, card, target))
        except IllegalMove:
            return False

    def _drop_action(self, team: int | str, card: int | str) -> Action:
        p = self.seat(team)
        return Action("drop", p, card=self.card_id(card, self.hands[p]))

    def drop(self, team: int | str, card: int | str) -> None:
        """Drop a card face down under the sprint deck (one of the team's two moves)."""
        self.apply(self._drop_action(team, card))

    def can_drop(self, team: int | str, card: int | str) -> bool:
        """True if :meth:`drop` with these arguments is allowed now."""
        try:
            return self.can_apply(self._drop_action(team, card))
        except IllegalMove:
            return False

    def _counter_action(self, team: int | str, card: int | str) -> Action:
        p = self.seat(team)
        return Action("counter", p, card=self.card_id(card, self.hands[p]))

    def counter(self, team: int | str, card: int | str) -> None:
        """Counter the card being laid down with a defensive card from the team's hand."""
        self.apply(self._counter_action(team, card))

    def can_counter(self, team: int | str, card: int | str) -> bool:
        """True if :meth:`counter` with these arguments is allowed now."""
        try:
            return self.can_apply(self._counter_action(team, card))
        except IllegalMove:
            return False

    def pass_counter(self, team: int | str) -> None:
        """Let the card being laid down through without countering it."""
        self.apply(Action("pass", self.seat(team)))

    def can_pass_counter(self, team: int | str) -> bool:
        """True if ``team`` is the one asked whether to counter now."""
        return self._can(lambda: Action("pass", self.seat(team)))

    def take_over(self, team: int | str, from_team: int | str, count: int) -> None:
        """Collaborative game: take ``count`` backlog items from another team (-1 velocity each)."""
        self.apply(Action("take_over", self.seat(team), target=self.seat(from_team), count=count))

    def can_take_over(self, team: int | str, from_team: int | str, count: int) -> bool:
        """True if :meth:`take_over` with these arguments is allowed now."""
        try:
            action = Action("take_over", self.seat(team), target=self.seat(from_team), count=count)
        except IllegalMove:
            return False
        return self.can_apply(action)

    def deal(self, card: int | str) -> None:
        """Physical deck: enter the card that was really drawn (sprint or action card)."""
        pile = self.deck if self.phase == DEAL else self.action_deck
        self.apply(Action("deal", CHANCE, card=self.card_id(card, pile)))

    def can_deal(self, card: int | str) -> bool:
        """True if :meth:`deal` of this card is allowed now."""
        pile = self.deck if self.phase == DEAL else self.action_deck
        return self._can(lambda: Action("deal", CHANCE, card=self.card_id(card, pile)))
