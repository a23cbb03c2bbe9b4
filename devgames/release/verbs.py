"""The domain verbs of Release!: the moves by player name or seat number and card name or id
(``game.commit("Ada", "Kent Beck")``), each with its ``can_*`` twin saying whether it is allowed
now, and the hand of a player.

:class:`ReleaseVerbs` is a base of :class:`devgames.release.game.ReleaseGame`; each verb builds
an action and applies it, so it is checked like any other move.
"""

from devgames.core.actions import CHANCE, Action
from devgames.core.errors import IllegalMove
from devgames.core.game import Game
from devgames.i18n import _
from devgames.release.cards import Method, PlayCard
from devgames.release.options import ReleaseOptions


class ReleaseVerbs(Game):
    """The verbs of a Release! game (names or seat numbers, card names or ids)."""

    options: ReleaseOptions
    cards: dict[int, PlayCard]
    methods: dict[int, Method]
    hands: list[list[int]]
    trick: list[tuple[int, int, float]]
    teams: list[tuple[int, ...]]
    team_of: list[int]

    def hand(self, player: int | str) -> list[str]:
        """The labels of the cards in a player's hand (show only to that player)."""
        return [self.cards[c].label for c in self.hands[self.seat(player)]]

    def card_id(self, card: int | str) -> int:
        """The id of a card given by id, name, label or figures ("11 of Doors"), any case.

        >>> from devgames import release
        >>> game = release.new_game(["Ada", "Bob"], seed=1)
        >>> game.card_id("kent beck"), game.card_id("11 of Doors"), game.card_id("Waterfall")
        (10, 10, 47)
        """
        if isinstance(card, int) and not isinstance(card, bool):
            return card
        folded = str(card).strip().casefold()
        for c, info in self.cards.items():
            if folded in (info.name.casefold(), info.label.casefold(), info.figures.casefold()):
                return c
        for c, method in self.methods.items():
            if folded == method.name.casefold():
                return c
        raise IllegalMove("unknown_card", _("Release! has no card called {card}.").format(
            card=repr(card)))

    def _position(self, taken: int | str) -> int:
        """The place in the iteration of a committed card (by id, name or place)."""
        if isinstance(taken, int) and not isinstance(taken, bool) and taken not in self.cards:
            return taken
        card = self.card_id(taken)
        for i, (_p, c, _rank) in enumerate(self.trick):
            if c == card:
                return i
        raise IllegalMove("not_committed", _("{card} is not committed to this iteration.")
                          .format(card=self.cards[card].label) if card in self.cards else
                          _("That card is not committed to this iteration."))

    def commit(self, player: int | str, card: int | str) -> None:
        """Commit a card of the hand to the iteration."""
        self.apply(Action("commit", self.seat(player), card=self.card_id(card)))

    def can_commit(self, player: int | str, card: int | str) -> bool:
        """True if :meth:`commit` with these arguments is allowed now."""
        return self._can(lambda: Action("commit", self.seat(player), card=self.card_id(card)))

    def lead(self, player: int | str, teammate: int | str) -> None:
        """Pair programming: say which teammate leads the team's first iteration."""
        self.apply(Action("lead", self.seat(player), target=self.seat(teammate)))

    def can_lead(self, player: int | str, teammate: int | str) -> bool:
        """True if :meth:`lead` with these arguments is allowed now."""
        return self._can(lambda: Action("lead", self.seat(player), target=self.seat(teammate)))

    def swap(self, player: int | str, card: int | str, target: int | str) -> None:
        """Kent Beck: swap a card of your artifacts with a random card of ``target``'s."""
        self.apply(Action("swap", self.seat(player), card=self.card_id(card),
                          target=self.seat(target)))

    def can_swap(self, player: int | str, card: int | str, target: int | str) -> bool:
        """True if :meth:`swap` with these arguments is allowed now."""
        return self._can(lambda: Action("swap", self.seat(player), card=self.card_id(card),
                                        target=self.seat(target)))

    def reveal(self, player: int | str, card: int | str, taken: int | str) -> None:
        """Reveal a card held in hand (Kenji Hiranabe, Elisabeth Hendrickson) and swap it with
        the card ``taken`` of this iteration (by name, or its place in the commit order)."""
        self.apply(Action("reveal", self.seat(player), card=self.card_id(card),
                          count=self._position(taken)))

    def can_reveal(self, player: int | str, card: int | str, taken: int | str) -> bool:
        """True if :meth:`reveal` with these arguments is allowed now."""
        return self._can(lambda: Action("reveal", self.seat(player), card=self.card_id(card),
                                        count=self._position(taken)))

    def pass_card(self, player: int | str, card: int | str) -> None:
        """Choose the card of your hand to pass left or right."""
        self.apply(Action("pass", self.seat(player), card=self.card_id(card)))

    def can_pass_card(self, player: int | str, card: int | str) -> bool:
        """True if :meth:`pass_card` with these arguments is allowed now."""
        return self._can(lambda: Action("pass", self.seat(player), card=self.card_id(card)))

    def decline(self, player: int | str) -> None:
        """Say no to a "may": no Kent Beck swap, no card revealed."""
        self.apply(Action("decline", self.seat(player)))

    def can_decline(self, player: int | str) -> bool:
        """True if ``player`` may decline now."""
        return self._can(lambda: Action("decline", self.seat(player)))

    def deal(self, card: int | str) -> None:
        """Physical deck: enter the Tools & Methods card revealed, a card dealt, or the card a
        Kent Beck swap really took."""
        self.apply(Action("deal", CHANCE, card=self.card_id(card)))

    def can_deal(self, card: int | str) -> bool:
        """True if :meth:`deal` of this card is allowed now."""
        return self._can(lambda: Action("deal", CHANCE, card=self.card_id(card)))

    def coin_toss(self, winner: int | str) -> None:
        """Physical deck: enter who won the coin flipped for the first lead (a player, or any
        player of a team that chooses its leader)."""
        self.apply(Action("deal", CHANCE, target=self._coin_seat(winner)))

    def can_coin_toss(self, winner: int | str) -> bool:
        """True if :meth:`coin_toss` for ``winner`` is allowed now."""
        return self._can(lambda: Action("deal", CHANCE, target=self._coin_seat(winner)))

    def _coin_seat(self, winner: int | str) -> int:
        seat = self.seat(winner)
        return self.teams[self.team_of[seat]][0] if self.options.team_lead == "choose" else seat

