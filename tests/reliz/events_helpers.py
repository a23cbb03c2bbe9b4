"""Putting an event card in a hand, for the scripted tests."""

from devgames.reliz.cards import EVENT_ID
from devgames.reliz.game import RelizGame


def hold(game: RelizGame, p: int, code: str) -> None:
    """Move one copy of an event card into seat ``p``'s hand (from wherever it is)."""
    c = EVENT_ID[code]
    for pile in (*game.decks, *game.discards, *game.cards):
        for chip in pile:
            if chip & 63 == c:
                pile.remove(chip)
                game.cards[p].append(chip)
                return
    if game.daily is not None and game.daily & 63 == c:
        game.cards[p].append(game.daily)
        game.daily = None
        return
    raise AssertionError(f"no {code} left to hold")
