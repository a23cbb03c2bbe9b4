"""The domain verbs of IT Startup: moves named as at the table, for notebooks, tests and the CLI.

Each verb (``game.play("Ada", "Intern")``, ``game.keep("Bob", ["TDD"])``...) takes players by
name or seat and cards by name or id, builds the move and applies it; its ``can_*`` twin says
whether that move is allowed now. :class:`ItStartupVerbs` is a base of the game.

>>> from devgames import itstartup
>>> game = itstartup.new_game(["Ada", "Bob"], seed=1)
>>> game.can_buy("Ada"), game.card(game.card_id("intern")).name
(False, 'Intern')
"""

from collections.abc import Sequence

from devgames.core.actions import CHANCE, Action
from devgames.core.errors import IllegalMove
from devgames.i18n import _
from devgames.itstartup import moves
from devgames.itstartup.cards import CARDS
from devgames.itstartup.operations import ItStartupTable


class ItStartupVerbs(ItStartupTable):
    """The moves of IT Startup as verbs (names or seat numbers, card names or ids)."""

    def hand(self, player: int | str) -> list[str]:
        """The names of the cards in a player's hand (show only to that player)."""
        return [CARDS[c].name for c in self.hands[self.seat(player)]]

    def card_id(self, card: int | str, among: list[int] | None = None) -> int:
        """The id of a card given by name (any letter case) or id, preferring one in ``among``."""
        if isinstance(card, int) and not isinstance(card, bool):
            return card
        folded = str(card).strip().casefold()
        for c in [*(among or []), *CARDS]:
            if CARDS[c].name.casefold() == folded:
                return c
        raise IllegalMove("unknown_card", _("IT Startup has no card called {card}.").format(
            card=repr(card)))

    def ids_of(self, cards: list[int | str], among: list[int]) -> list[int]:
        """Ids of several cards by name or id, each name taking a different copy in ``among``
        (two "Intern" are both Interns)."""
        left = list(among)
        out = []
        for card in cards:
            chosen = self.card_id(card, left)
            if chosen in left:
                left.remove(chosen)
            out.append(chosen)
        return out

    def _target_id(self, target: int | str | None, among: Sequence[int | None]) -> int | None:
        """A target by name or id, looked up first among the possible targets ``among``."""
        if target is None:
            return None
        return self.card_id(target, [t for t in among if t is not None] + list(self.employees))

    def mulligan(self, player: int | str, cards: list[int | str]) -> None:
        """Put back these cards from the opening hand and draw as many (``[]`` keeps the hand)."""
        self.apply(self._mulligan_action(player, cards))

    def can_mulligan(self, player: int | str, cards: list[int | str]) -> bool:
        """True if :meth:`mulligan` with these cards is allowed now.

        >>> from devgames import itstartup
        >>> game = itstartup.new_game(["Ada", "Bob"], seed=1)
        >>> game.can_mulligan("Ada", []), game.can_mulligan("Bob", [])  # Ada answers first
        (True, False)
        """
        return self._can(lambda: self._mulligan_action(player, cards))

    def _mulligan_action(self, player: int | str, cards: list[int | str]) -> Action:
        p = self.seat(player)
        return Action("mulligan", p, cards=tuple(sorted(self.ids_of(cards, self.hands[p]))))

    def play(self, player: int | str, card: int | str, target: int | str | None = None) -> None:
        """Play a card from hand (or the planned card), paying its cost; ``target`` is the
        developer for knowledge, or the employee an effect aims at."""
        self.apply(self._play_action(player, card, target))

    def _play_action(self, player: int | str, card: int | str,
                     target: int | str | None) -> Action:
        p = self.seat(player)
        held = self.planned[p]
        planned = [held[0]] if held else []
        chosen = self.card_id(card, self.hands[p] + planned)
        among = moves.play_targets(self, p, CARDS[chosen]) if chosen in CARDS else []
        return Action("play", p, card=chosen, target=self._target_id(target, among))

    def plan(self, player: int | str, card: int | str) -> None:
        """Plan an action card face down: from a later turn it costs 1 less."""
        p = self.seat(player)
        self.apply(Action("plan", p, card=self.card_id(card, self.hands[p])))

    def sell(self, player: int | str, card: int | str) -> None:
        """Sell a card from hand for 1 resource (it goes under the deck)."""
        p = self.seat(player)
        self.apply(Action("sell", p, card=self.card_id(card, self.hands[p])))

    def buy(self, player: int | str) -> None:
        """Pay 2 resources to draw a card."""
        self.apply(Action("buy", self.seat(player)))

    def activate(self, player: int | str, employee: int | str, target: int | str | None = None,
                 amount: int | None = None) -> None:
        """Use an activated ability: Shy Frontend Developer (``amount`` X) or an Undercover HR
        Agent (``target`` employee)."""
        self.apply(self._activate_action(player, employee, target, amount))

    def can_activate(self, player: int | str, employee: int | str,
                     target: int | str | None = None, amount: int | None = None) -> bool:
        """True if :meth:`activate` with these arguments is allowed now."""
        return self._can(lambda: self._activate_action(player, employee, target, amount))

    def _activate_action(self, player: int | str, employee: int | str,
                         target: int | str | None, amount: int | None) -> Action:
        p = self.seat(player)
        among: list[int | None] = list(moves.opponent_employees(self, p))
        return Action("activate", p, card=self.card_id(employee, self.staff[p]),
                      target=self._target_id(target, among), count=amount)

    def transfer(self, player: int | str, knowledge: int | str, developer: int | str) -> None:
        """Move a knowledge card to another of your developers, paying its cost again."""
        self.apply(self._transfer_action(player, knowledge, developer))

    def can_transfer(self, player: int | str, knowledge: int | str,
                     developer: int | str) -> bool:
        """True if :meth:`transfer` with these arguments is allowed now."""
        return self._can(lambda: self._transfer_action(player, knowledge, developer))

    def _transfer_action(self, player: int | str, knowledge: int | str,
                         developer: int | str) -> Action:
        p = self.seat(player)
        attached = [k for e in self.staff[p] for k in self.employees[e].knowledge]
        among: list[int | None] = list(self.staff[p])
        return Action("transfer", p, card=self.card_id(knowledge, attached),
                      target=self._target_id(developer, among))

    def can_play(self, player: int | str, card: int | str,
                 target: int | str | None = None) -> bool:
        """True if :meth:`play` with these arguments is allowed now."""
        return self._can(lambda: self._play_action(player, card, target))

    def can_plan(self, player: int | str, card: int | str) -> bool:
        """True if :meth:`plan` of this card is allowed now."""
        return self._can(lambda: Action("plan", self.seat(player),
                                        card=self.card_id(card, self.hands[self.seat(player)])))

    def can_sell(self, player: int | str, card: int | str) -> bool:
        """True if :meth:`sell` of this card is allowed now."""
        return self._can(lambda: Action("sell", self.seat(player),
                                        card=self.card_id(card, self.hands[self.seat(player)])))

    def can_buy(self, player: int | str) -> bool:
        """True if :meth:`buy` is allowed now."""
        return self._can(lambda: Action("buy", self.seat(player)))

    def can_end_turn(self, player: int | str) -> bool:
        """True if :meth:`end_turn` is allowed now."""
        return self._can(lambda: Action("end_turn", self.seat(player)))

    def can_pay_counter(self, player: int | str) -> bool:
        """True if :meth:`pay_counter` is allowed now."""
        return self._can(lambda: Action("pay", self.seat(player)))

    def can_decline(self, player: int | str) -> bool:
        """True if :meth:`decline` is allowed now."""
        return self._can(lambda: Action("decline", self.seat(player)))

    def can_deal(self, card: int | str) -> bool:
        """True if :meth:`deal` of this card is allowed now."""
        return self._can(lambda: Action("deal", CHANCE, card=self.card_id(card, list(self.deck))))

    def end_turn(self, player: int | str) -> None:
        """End the turn: score, burnout, HR draws, hoard cap."""
        self.apply(Action("end_turn", self.seat(player)))

    def keep(self, player: int | str, cards: list[int | str]) -> None:
        """Choose the cards to keep from those looked at (Senior or Junior Backend Developer)."""
        self.apply(self._keep_action(player, cards))

    def can_keep(self, player: int | str, cards: list[int | str]) -> bool:
        """True if :meth:`keep` of these cards is allowed now."""
        return self._can(lambda: self._keep_action(player, cards))

    def _keep_action(self, player: int | str, cards: list[int | str]) -> Action:
        named = set(self.ids_of(cards, self.looking))
        return Action("keep", self.seat(player),
                      cards=tuple(c for c in self.looking if c in named))

    def order(self, player: int | str, cards: list[int | str]) -> None:
        """Put the cards looked at back on top, the first named on top (Research Engineer)."""
        self.apply(self._order_action(player, cards))

    def can_order(self, player: int | str, cards: list[int | str]) -> bool:
        """True if :meth:`order` of these cards is allowed now."""
        return self._can(lambda: self._order_action(player, cards))

    def _order_action(self, player: int | str, cards: list[int | str]) -> Action:
        return Action("order", self.seat(player), cards=tuple(self.ids_of(cards, self.looking)))

    def pay_counter(self, player: int | str) -> None:
        """Pay to cancel a Head Hunter (5) or, with the revision, an Undercover HR Agent (3)."""
        self.apply(Action("pay", self.seat(player)))

    def decline(self, player: int | str) -> None:
        """Do not pay the counter."""
        self.apply(Action("decline", self.seat(player)))

    def roll(self, value: int) -> None:
        """Physical mode: enter the d6 rolled for the starting resources."""
        self.apply(Action("roll", CHANCE, count=value))

    def can_roll(self, value: int) -> bool:
        """True if :meth:`roll` of this value is allowed now.

        >>> from devgames import itstartup
        >>> game = itstartup.new_game(["Ada", "Bob"], seed=1, deck="physical")
        >>> game.can_roll(3)  # the opening hands are dealt first
        False
        """
        return self._can(lambda: Action("roll", CHANCE, count=value))

    def choose_first(self, player: int | str) -> None:
        """Physical mode, first player rolled: enter who won the roll."""
        self.apply(Action("first", CHANCE, target=self.seat(player)))

    def can_choose_first(self, player: int | str) -> bool:
        """True if :meth:`choose_first` of this player is allowed now."""
        return self._can(lambda: Action("first", CHANCE, target=self.seat(player)))

    def flip(self, won: bool) -> None:
        """Physical mode: enter the Undercover HR Agent's coin (True: the agent wins)."""
        self.apply(Action("flip", CHANCE, count=int(won)))

    def can_flip(self, won: bool) -> bool:
        """True if :meth:`flip` with this result is allowed now."""
        return self._can(lambda: Action("flip", CHANCE, count=int(won)))

    def deal(self, card: int | str) -> None:
        """Physical mode: enter the card really drawn."""
        self.apply(Action("deal", CHANCE, card=self.card_id(card, list(self.deck))))
