"""The domain verbs of Exploding Git Commits: the moves by player name or seat number and card
name or id (``game.play("Ada", "Shuffle")``), each with its ``can_*`` twin saying whether it is
allowed now, and the hand of a player.

:class:`ExplodingVerbs` is a base of :class:`devgames.exploding.game.ExplodingGame`; each verb
builds an action and applies it, so it is checked like any other move.
"""

from devgames.core.actions import CHANCE, Action
from devgames.core.errors import IllegalMove
from devgames.core.game import Game
from devgames.exploding.rules import CLOSE, NAME
from devgames.i18n import _


class ExplodingVerbs(Game):
    """The verbs of an Exploding Git Commits game (names or seat numbers, card names or ids)."""

    hands: list[list[int]]

    def hand(self, player: int | str) -> list[str]:
        """The names of the cards in a player's hand (show only to that player)."""
        return [NAME[c] for c in self.hands[self.seat(player)]]

    @staticmethod
    def card_id(card: int | str) -> int:
        """The id of a card given by name (any letter case) or id.

        >>> from devgames.exploding.game import ExplodingGame
        >>> ExplodingGame.card_id("peek into the future"), ExplodingGame.card_id(3)
        (8, 3)
        """
        if isinstance(card, int) and not isinstance(card, bool):
            return card
        folded = str(card).strip().casefold()
        for c, name in NAME.items():
            if name.casefold() == folded:
                return c
        raise IllegalMove("unknown_card", _("Exploding Git Commits has no card called {card}.")
                          .format(card=repr(card)))

    def _target(self, target: int | str | None) -> int | None:
        return None if target is None else self.seat(target)

    def play(self, player: int | str, card: int | str, target: int | str | None = None) -> None:
        """Play one card: Bail, Skip, Shuffle, Peek into the Future, or Ask for Help (target)."""
        self.apply(self._play_action(player, card, target))

    def can_play(self, player: int | str, card: int | str,
                 target: int | str | None = None) -> bool:
        """True if :meth:`play` with these arguments is allowed now."""
        return self._can(lambda: self._play_action(player, card, target))

    def _play_action(self, player: int | str, card: int | str,
                     target: int | str | None) -> Action:
        return Action("play", self.seat(player), card=self.card_id(card),
                      target=self._target(target))

    def combo(self, player: int | str, cards: list[int | str], target: int | str | None = None,
              name: int | str | None = None) -> None:
        """Play a combo: a pair (a random card from ``target``), three of a kind (the card
        ``name`` from ``target``) or five different cards (then :meth:`pick` from the discard)."""
        self.apply(self._combo_action(player, cards, target, name))

    def can_combo(self, player: int | str, cards: list[int | str],
                  target: int | str | None = None, name: int | str | None = None) -> bool:
        """True if :meth:`combo` with these arguments is allowed now."""
        return self._can(lambda: self._combo_action(player, cards, target, name))

    def _combo_action(self, player: int | str, cards: list[int | str],
                      target: int | str | None, name: int | str | None) -> Action:
        ids = tuple(sorted(self.card_id(card) for card in cards))
        named = None if name is None else self.card_id(name)
        return Action("combo", self.seat(player), cards=ids, target=self._target(target),
                      card=named)

    def nope(self, player: int | str) -> None:
        """Say Nope to the card just played (or to the last Nope: a Yup)."""
        self.apply(Action("nope", self.seat(player)))

    def can_nope(self, player: int | str) -> bool:
        """True if ``player`` may say Nope now."""
        return self._can(lambda: Action("nope", self.seat(player)))

    def close_window(self) -> None:
        """The table closes the open Nope window: nobody said Nope (or Yup) in time."""
        self.apply(CLOSE)

    def can_close_window(self) -> bool:
        """True while a Nope window is open to everybody (the table may close it)."""
        return self.can_apply(CLOSE)

    def pass_nope(self, player: int | str) -> None:
        """Let the card just played happen (no Nope from ``player``)."""
        self.apply(Action("pass", self.seat(player)))

    def can_pass_nope(self, player: int | str) -> bool:
        """True if ``player`` is the one asked whether to Nope now."""
        return self._can(lambda: Action("pass", self.seat(player)))

    def draw(self, player: int | str) -> None:
        """End the turn by drawing the top card of the draw stack."""
        self.apply(Action("draw", self.seat(player)))

    def can_draw(self, player: int | str) -> bool:
        """True if ``player`` may draw now."""
        return self._can(lambda: Action("draw", self.seat(player)))

    def mitigate(self, player: int | str, position: int) -> None:
        """Play a Mitigate and put the Exploding Git Commit back ``position`` cards from the top
        (0: on top; the number of cards in the stack: at the bottom)."""
        self.apply(Action("mitigate", self.seat(player), count=position))

    def can_mitigate(self, player: int | str, position: int) -> bool:
        """True if :meth:`mitigate` with these arguments is allowed now."""
        return self._can(lambda: Action("mitigate", self.seat(player), count=position))

    def explode(self, player: int | str) -> None:
        """Do not play a Mitigate: explode and leave the game."""
        self.apply(Action("explode", self.seat(player)))

    def can_explode(self, player: int | str) -> bool:
        """True if ``player`` may choose to explode now."""
        return self._can(lambda: Action("explode", self.seat(player)))

    def give(self, player: int | str, card: int | str) -> None:
        """Asked for help: give this card to the player who asked."""
        self.apply(Action("give", self.seat(player), card=self.card_id(card)))

    def can_give(self, player: int | str, card: int | str) -> bool:
        """True if :meth:`give` with these arguments is allowed now."""
        return self._can(lambda: Action("give", self.seat(player), card=self.card_id(card)))

    def pick(self, player: int | str, card: int | str) -> None:
        """After a five-card combo: take this card from the discard pile."""
        self.apply(Action("pick", self.seat(player), card=self.card_id(card)))

    def can_pick(self, player: int | str, card: int | str) -> bool:
        """True if :meth:`pick` with these arguments is allowed now."""
        return self._can(lambda: Action("pick", self.seat(player), card=self.card_id(card)))

    def deal(self, card: int | str) -> None:
        """Physical deck: enter the card really dealt, drawn, seen with a Peek, or taken."""
        self.apply(Action("deal", CHANCE, card=self.card_id(card)))

    def can_deal(self, card: int | str) -> bool:
        """True if :meth:`deal` of this card is allowed now."""
        return self._can(lambda: Action("deal", CHANCE, card=self.card_id(card)))
