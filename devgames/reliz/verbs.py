"""The domain verbs of РЕЛИЗ, as a facilitator says them: ``game.place("Ada", "3|5", "B1.2")``,
``game.play("Bob", "Refactoring", "B1.2")``, ``game.end_turn("Ada")``..., each with its ``can_*``
twin. Players are named or numbered, tiles and event cards named (either language) or numbered,
zones by their labels. :class:`RelizVerbs` is a base of :class:`devgames.reliz.game.RelizGame`:
each verb builds the move and applies it through the game's rules.
"""

from devgames.core.actions import CHANCE, Action
from devgames.core.errors import IllegalMove
from devgames.core.game import Game
from devgames.i18n import _
from devgames.reliz.cards import EVENTS, TILE_ID

#: Tender and Cooperation played together: the room's timer says the round's time is up.
TIME_UP = Action("time_up", CHANCE)


class RelizVerbs(Game):
    """The verbs of a game of РЕЛИЗ (see the module)."""

    #: The zone labels, by zone number (the game's board).
    zlabel: list[str]

    @staticmethod
    def tile_id(tile: int | str) -> int:
        """A tile's id from its name ("3|5", either way round) or id.

        >>> RelizVerbs.tile_id("5|3"), RelizVerbs.tile_id(1)
        (21, 1)
        """
        if isinstance(tile, int):
            return tile
        try:
            a, b = (int(x) for x in tile.split("|"))
        except ValueError:
            raise IllegalMove("not_a_tile", _("{tile} is not a tile; name one like 3|5.").format(
                tile=repr(tile))) from None
        found = TILE_ID.get((min(a, b), max(a, b)))
        if found is None:
            raise IllegalMove("not_a_tile", _("{tile} is not a tile of the double-six "
                                              "set.").format(tile=repr(tile)))
        return found

    @staticmethod
    def event_id(card: int | str) -> int:
        """An event title's id from its name (English or Russian), code or id.

        >>> EVENTS[RelizVerbs.event_id("Рефакторинг")].name
        'Refactoring'
        """
        if isinstance(card, int):
            return card
        folded = card.casefold()
        for c, info in EVENTS.items():
            if folded in (info.name.casefold(), info.name_ru.casefold(), info.code):
                return c
        raise IllegalMove("not_an_event", _("РЕЛИЗ has no event card called {card}.").format(
            card=repr(card)))

    def zone_id(self, zone: int | str) -> int:
        """A zone's number from its label ("B1.2", "I1", "C1") or number."""
        if isinstance(zone, int):
            return zone
        if zone in self.zlabel:
            return self.zlabel.index(zone)
        raise IllegalMove("unknown_zone", _("There is no zone {zone} on the board.").format(
            zone=repr(zone)))

    def place(self, player: int | str, tile: int | str, zone: int | str,
              flip: int = 0) -> None:
        """Place a tile from the hand (or the side pool) into an empty zone; ``flip`` 1 turns
        it round (its high pips on the zone's half 1).

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
        >>> while game.phase != "play":
        ...     game.apply(game.legal_actions()[0])
        >>> [tile["card"] for tile in game.view("Ada")["hand"]]
        ['2|6', '3|4', '3|5', '1|1']
        >>> game.place("Ada", "2|6", "B1.1")
        >>> game.view(None)["blocks"][0]["zones"][0]["pips"]
        [2, 6]
        >>> game.can_rotate("Ada", "B1.1"), game.can_replace("Ada", "3|5", "B1.1")
        (True, False)
        >>> game.rotate("Ada", "B1.1")
        >>> game.pips[0]
        (6, 2)
        """
        self.apply(self._tile_action("place", player, tile, zone, flip))

    def can_place(self, player: int | str, tile: int | str, zone: int | str,
                  flip: int = 0) -> bool:
        """True if :meth:`place` with these arguments is allowed now."""
        return self._can(lambda: self._tile_action("place", player, tile, zone, flip))

    def replace(self, player: int | str, tile: int | str, zone: int | str,
                flip: int = 0) -> None:
        """Put a tile into a filled zone; the old tile goes back to the stock."""
        self.apply(self._tile_action("replace", player, tile, zone, flip))

    def can_replace(self, player: int | str, tile: int | str, zone: int | str,
                    flip: int = 0) -> bool:
        """True if :meth:`replace` with these arguments is allowed now."""
        return self._can(lambda: self._tile_action("replace", player, tile, zone, flip))

    def _tile_action(self, kind: str, player: int | str, tile: int | str, zone: int | str,
                     flip: int) -> Action:
        return Action(kind, self.seat(player), card=self.tile_id(tile),
                      target=self.zone_id(zone), count=flip)

    def rotate(self, player: int | str, zone: int | str) -> None:
        """Turn the tile of a block zone round."""
        self.apply(Action("rotate", self.seat(player), target=self.zone_id(zone)))

    def can_rotate(self, player: int | str, zone: int | str) -> bool:
        """True if :meth:`rotate` is allowed now."""
        return self._can(lambda: Action("rotate", self.seat(player), target=self.zone_id(zone)))

    def play(self, player: int | str, card: int | str, target: int | str | None = None,
             tile: int | str | None = None, count: int | None = None) -> None:
        """Play an event card (the daily one, or one from the hand): ``target`` is a seat,
        block, zone or port as the card says; ``tile`` the tile it names; ``count`` a half (1
        or 2) for Crutch or a place in a hand for Took Over a Project.

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Ada", "Bob"], seed=16)
        >>> while game.phase != "daily":
        ...     game.apply(game.legal_actions()[0])
        >>> game.view(None)["featured"][0]["card"], game.view(None)["featured"][0]["heading"]
        ('Sudden Insight', 'Daily event')
        >>> len(game.hands[0])
        4
        >>> game.play("Ada", "Внезапное озарение")  # the Russian name works too
        >>> game.phase, len(game.hands[0])
        ('play', 5)
        """
        self.apply(self._play_action(player, card, target, tile, count))

    def can_play(self, player: int | str, card: int | str, target: int | str | None = None,
                 tile: int | str | None = None, count: int | None = None) -> bool:
        """True if :meth:`play` with these arguments is allowed now."""
        return self._can(lambda: self._play_action(player, card, target, tile, count))

    def _play_action(self, player: int | str, card: int | str, target: int | str | None,
                     tile: int | str | None, count: int | None) -> Action:
        c = self.event_id(card)
        kind = EVENTS[c].target if c in EVENTS else "none"
        aim: int | None
        if target is None:
            aim = None
        elif kind in ("opponent", "give", "take"):
            aim = self.seat(target)
        elif kind == "zone":
            aim = self.zone_id(target)
        else:
            aim = int(target)
        cards = None if tile is None else (self.tile_id(tile),)
        return Action("play", self.seat(player), card=c, target=aim, count=count, cards=cards)

    def keep(self, player: int | str) -> None:
        """Blitz: keep the daily event in hand instead of playing it."""
        self.apply(Action("keep", self.seat(player)))

    def can_keep(self, player: int | str) -> bool:
        """True if :meth:`keep` is allowed now."""
        return self._can(lambda: Action("keep", self.seat(player)))

    def end_turn(self, player: int | str) -> None:
        """End the turn (the hand limit is checked).

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
        >>> while game.phase != "play":
        ...     game.apply(game.legal_actions()[0])
        >>> game.end_turn("Ada")
        >>> game.turn_player, len(game.hands[0])  # 4 tiles, over the limit of 3: all go back
        (1, 0)
        """
        self.apply(Action("end", self.seat(player)))

    def can_end_turn(self, player: int | str) -> bool:
        """True if :meth:`end_turn` is allowed now."""
        return self._can(lambda: Action("end", self.seat(player)))

    def call_partner(self, player: int | str) -> None:
        """Team Development: let the partner play event cards now."""
        self.apply(Action("call", self.seat(player)))

    def can_call_partner(self, player: int | str) -> bool:
        """True if :meth:`call_partner` is allowed now."""
        return self._can(lambda: Action("call", self.seat(player)))

    def back(self, player: int | str) -> None:
        """Team Development: the partner hands the turn back."""
        self.apply(Action("back", self.seat(player)))

    def can_back(self, player: int | str) -> bool:
        """True if :meth:`back` is allowed now."""
        return self._can(lambda: Action("back", self.seat(player)))

    def attach(self, player: int | str, block: int, port: int | None = None,
               new_port: int | None = None) -> None:
        """Join block card ``block`` by its port ``new_port`` to the free port ``port`` (code).

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Ada", "Bob"], seed=3)
        >>> game.attach_queue[0][1], game.free_ports()
        ((12, 5), [1, 2, 3, 4])
        >>> game.attach("Ada", 5, port=2, new_port=1)
        >>> [b["card"] for b in game.view(None)["blocks"]][1:]
        [5]
        >>> game.view(None)["integrations"][0]["label"], game.free_ports()[:2]
        ('I1', [1, 3])
        """
        self.apply(Action("attach", self.seat(player), card=block, target=port, count=new_port))

    def can_attach(self, player: int | str, block: int, port: int | None = None,
                   new_port: int | None = None) -> bool:
        """True if :meth:`attach` with these arguments is allowed now."""
        return self._can(lambda: Action("attach", self.seat(player), card=block, target=port,
                                        count=new_port))

    def link(self, player: int | str, module_port: int, block_port: int) -> None:
        """Tender: join the closed module to the team's integration block (port codes)."""
        self.apply(Action("link", self.seat(player), target=module_port, count=block_port))

    def can_link(self, player: int | str, module_port: int, block_port: int) -> bool:
        """True if :meth:`link` with these arguments is allowed now."""
        return self._can(lambda: Action("link", self.seat(player), target=module_port,
                                        count=block_port))

    def time_up(self) -> None:
        """Tender and Cooperation played together, with a timer: the round's time is up, and
        every team still playing ends its turn (in seat order from the first player); what it
        did not place stays in hand, and the next round begins.

        >>> from devgames import reliz
        >>> game = reliz.new_game(["Red", "Blue"], seed=1, scenario="cooperation")
        >>> game.round_no, game.can_time_up()
        (1, True)
        >>> game.time_up()
        >>> game.round_no, game.waiting_for
        (2, 'Round 2: Red and Blue are playing.')
        """
        self.apply(TIME_UP)

    def can_time_up(self) -> bool:
        """True if :meth:`time_up` is allowed now (a round played together, with a timer)."""
        return self._can(lambda: TIME_UP)
