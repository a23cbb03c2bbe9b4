"""Exploding Git Commits bots: the random bot and a heuristic bot that plays like a careful player.

The heuristic bot uses only what its seat may know: its own hand, what it saw with a Peek or where
it hid an Exploding Git Commit (``game.known[seat]``), and the public table (hand sizes, the
discard pile, the number of cards and of Exploding Git Commits in the stack, the card waiting for
Nopes). It never looks at another hand or at the order of the stack.
"""

from functools import lru_cache
from random import Random

from devgames.core.actions import CHANCE, Action, given
from devgames.core.bots import RandomBot
from devgames.exploding.cards import (
    BAIL,
    CARDS,
    EXPLODING,
    HELP,
    MITIGATE,
    NOPE,
    PEEK,
    SHUFFLE,
    SKIP,
)
from devgames.exploding.game import ExplodingGame
from devgames.exploding.rules import DEFUSE, GIVE, NOPE_WINDOW, PICK, PLAY, STEAL

#: What a card in hand is worth to the bot (to give away the cheapest, take the dearest).
VALUE = {MITIGATE: 10.0, NOPE: 6.0, BAIL: 5.5, SKIP: 5.0, PEEK: 3.0, HELP: 3.0, SHUFFLE: 2.5}
CODE_VALUE = 1.0
#: Above this chance of exploding, a bot without a Mitigate avoids drawing (with one: DANGER_SAFE).
DANGER = 0.2
DANGER_SAFE = 0.5
#: Above this chance, the bot first peeks (when it holds a Peek and knows nothing of the top).
PEEK_FROM = 0.12
#: A next player holding this many cards or fewer is "weak": the bot hides the card on top.
WEAK_HAND = 3
#: The bot says Nope to a Bail sent its way when its chance of exploding is at least this.
NOPE_BAIL_FROM = 0.1


def value(card: int) -> float:
    """What holding ``card`` is worth to the heuristic bot.

    >>> value(MITIGATE) > value(NOPE) > value(9)
    True
    """
    return VALUE.get(card, CODE_VALUE)


@lru_cache(maxsize=1 << 12)
def cost(cards: tuple[int, ...]) -> float:
    """What giving up these cards (a combo) costs the heuristic bot: their values added up.

    >>> cost((9, 9)) == 2 * CODE_VALUE, cost((MITIGATE, 9)) == value(MITIGATE) + CODE_VALUE
    (True, True)
    """
    return sum(value(c) for c in cards)


class HeuristicBot:
    """A bot that plays like a careful player, from what its seat may know.

    On its turn it peeks when the danger grows, avoids drawing (Skip, Bail, or Shuffle against a
    known Exploding Git Commit on top) when the chance of exploding is high, asks for help and
    plays pairs of Code Cards against the player with the most cards, and keeps its Mitigates. It
    says Nope to what hurts it (a card taken from it, a Bail sent its way when the stack is
    dangerous) and says Yup when its own escape is noped. It hides a mitigated card on top before
    a weak next player. Ties go to its own seeded random source: a seed always gives the same
    choices.

    >>> from devgames import exploding
    >>> from devgames.core.bots import play_out
    >>> game = exploding.new_game(["Ada", "Bob", "Cy"], seed=3)
    >>> HeuristicBot(seed=1).choose(game) in game.legal_actions()
    True
    >>> _ = play_out(game, {p: HeuristicBot(seed=p) for p in range(3)})
    >>> game.is_over
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, game: ExplodingGame) -> Action:
        """One of ``game.legal_actions()`` for the player to act."""
        legal = game.legal_actions()
        seat = game.current_player
        if seat is None or seat == CHANCE or len(legal) == 1:
            return self.rng.choice(legal)  # a card to enter, or nothing to decide
        phase = game.phase
        if phase == PLAY:
            return self._turn(game, seat, legal)
        if phase == NOPE_WINDOW:
            return self._nope_or_pass(game, seat, legal)
        if phase == DEFUSE:
            return self._hide_card(game, seat, legal)
        if phase == STEAL:  # a physical deck: the card taken at random from the bot's hand
            return self.rng.choice(legal)
        if phase == GIVE:
            return self._best([(-value(given(a.card)), a) for a in legal])
        if phase == PICK:
            return self._best([(value(given(a.card)), a) for a in legal])
        return self.rng.choice(legal)  # pragma: no cover - every phase is handled above

    def _best(self, scored: list[tuple[float, Action]]) -> Action:
        """The best-scored action; ties go to the bot's own random source."""
        top = max(score for score, _ in scored)
        return self.rng.choice([action for score, action in scored if score >= top - 1e-9])

    # ----- its own turn -------------------------------------------------------------------------
    def _turn(self, game: ExplodingGame, seat: int, legal: list[Action]) -> Action:
        hand = game.hands[seat]
        known = game.known[seat]
        top = known[0] if known else None
        risk = game.chance_next_explodes(seat)
        plays = {a.card: a for a in legal if a.kind == "play" and a.target is None}
        escape = self._escape(game, plays)
        if top == EXPLODING:  # it is certain: get out of the way, or shuffle it away
            if escape is not None:
                return escape
            if SHUFFLE in plays and MITIGATE not in hand:
                return plays[SHUFFLE]
        elif top is None:
            if PEEK in plays and risk >= PEEK_FROM:
                return plays[PEEK]
            limit = DANGER_SAFE if MITIGATE in hand else DANGER
            if risk >= limit and escape is not None:
                return escape
        gain = self._gain(game, seat, legal)
        if gain is not None:
            return gain
        return next(a for a in legal if a.kind == "draw")

    def _escape(self, game: ExplodingGame, plays: dict[int | None, Action]) -> Action | None:
        """A Bail or a Skip: a Bail ends every turn owed, a Skip only one."""
        if BAIL in plays and (game.turns_left > 1 or SKIP not in plays):
            return plays[BAIL]
        return plays.get(SKIP)

    def _gain(self, game: ExplodingGame, seat: int, legal: list[Action]) -> Action | None:
        """A card to take from the richest opponent: Ask for Help, a pair or three of Code Cards,
        or five cheap cards for a Mitigate lying in the discard pile."""
        hands = game.hands
        scored: list[tuple[float, Action]] = []
        for action in legal:
            kind = action.kind
            if kind == "play" and action.card == HELP:
                scored.append((len(hands[given(action.target)]) + 0.5, action))
            elif kind == "combo":
                cards = action.cards or ()
                price = cost(cards)
                if len(cards) == 5:
                    if MITIGATE in game.discard and MITIGATE not in cards and price <= 12:
                        scored.append((8.0 - price / 4, action))
                elif price <= len(cards) * CODE_VALUE:  # Code Cards only
                    if len(cards) == 3 and action.card != MITIGATE:
                        continue  # three of a kind always asks for a Mitigate
                    scored.append((len(hands[given(action.target)]) - price / 4, action))
        if not scored:
            return None
        return self._best(scored)

    # ----- answering a card played ----------------------------------------------------------------
    def _nope_or_pass(self, game: ExplodingGame, seat: int, legal: list[Action]) -> Action:
        passing = next(a for a in legal if a.kind == "pass")
        nope = next((a for a in legal if a.kind == "nope"), None)
        return nope if nope is not None and self.wants_nope(game, seat) else passing

    def claim(self, game: ExplodingGame, seat: int) -> Action | None:
        """The Nope it says in a window open to everybody, when it wants to (from its own hand
        and the public table only: a bot without a Nope claims nothing).

        >>> from devgames import exploding
        >>> game = exploding.new_game(["Ada", "Bob", "Cy"], seed=12)
        >>> game.play("Ada", "Shuffle")
        >>> HeuristicBot(seed=1).claim(game, 1), HeuristicBot(seed=1).claim(game, 2)
        (None, None)
        """
        moves = game.claims(seat)
        return moves[0] if moves and self.wants_nope(game, seat) else None

    def wants_nope(self, game: ExplodingGame, seat: int) -> bool:
        """Whether the bot at ``seat`` says Nope (or Yup) to the card waiting, if it may: from
        its own hand and the public table only.

        >>> from devgames import exploding
        >>> game = exploding.new_game(["Ada", "Bob", "Cy"], seed=12)
        >>> game.play("Ada", "Shuffle")
        >>> HeuristicBot(seed=1).wants_nope(game, 1)   # a Shuffle costs Bob nothing
        False
        """
        action = game.pending
        if action is None or not game.nope_moves(seat):
            return False
        stands = game.nopes % 2 == 0
        if action.player == seat:  # its own card was noped: a Yup if it matters
            return not stands and self._matters(game, seat, action)
        return stands and self._hurts(game, seat, action)

    @staticmethod
    def _matters(game: ExplodingGame, seat: int, action: Action) -> bool:
        """Its own card is worth a Yup: an escape while in danger, or a card taken."""
        if action.kind == "play" and action.card in (BAIL, SKIP):
            return game.chance_next_explodes(seat) >= DANGER or MITIGATE not in game.hands[seat]
        return action.kind == "combo" and len(action.cards or ()) == 5

    @staticmethod
    def _hurts(game: ExplodingGame, seat: int, action: Action) -> bool:
        """The card would cost the bot: a card taken from it, or a Bail sent its way."""
        hand = game.hands[seat]
        if action.target == seat:
            if action.kind == "combo" and len(action.cards or ()) == 3:
                return action.card in hand
            return MITIGATE in hand or len(hand) <= 2
        if action.kind == "play" and action.card == BAIL:
            nxt = next(q for q in game.others[action.player] if game.alive[q])
            return nxt == seat and (game.chance_next_explodes(seat) >= NOPE_BAIL_FROM
                                    or MITIGATE not in hand)
        return False

    # ----- hiding a mitigated card ---------------------------------------------------------------
    @staticmethod
    def _hide_card(game: ExplodingGame, seat: int, legal: list[Action]) -> Action:
        """Never explode; on top before a weak next player (or the only opponent), at the bottom
        when the bot still owes turns, else just under the next player."""
        places = {a.count: a for a in legal if a.kind == "mitigate"}
        bottom = len(game.deck)
        if game.turns_left > 1:
            return places[bottom]
        nxt = next(q for q in game.others[seat] if game.alive[q])
        if game.alive_count == 2 or len(game.hands[nxt]) <= WEAK_HAND:
            return places[0]
        return places[min(1, bottom)]


__all__ = ["CARDS", "HeuristicBot", "RandomBot"]
