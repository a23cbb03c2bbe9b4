"""The phases of a Release! game, and who acts in each.

``deal`` (physical deck: a card to enter), ``lead`` (pair programming: the team with the lowest
score says which teammate leads), ``commit``, ``swap`` (Kent Beck: swap an artifact or decline),
``reveal`` (a card held in hand may be revealed and swapped into the iteration), ``pass`` (every
player picks a card to pass left or right) and ``over``. :data:`ACTING` says whose move each
phase waits for; what each phase allows is in :mod:`devgames.release.moves`.

>>> from devgames import release
>>> game = release.new_game(["Ada", "Bob", "Cy"], seed=4)
>>> game.phase, ACTING[game.phase](game) == game.turn
('commit', True)
"""

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from devgames.core.actions import CHANCE

if TYPE_CHECKING:
    from devgames.release.game import ReleaseGame

DEAL, LEAD, COMMIT, SWAP, REVEAL, PASS, OVER = (
    "deal", "lead", "commit", "swap", "reveal", "pass", "over")

#: The seat each phase waits for (``CHANCE``: a card to enter; None: the game is over).
ACTING: Mapping[str, Callable[["ReleaseGame"], int | None]] = {
    COMMIT: lambda game: game.turn,
    REVEAL: lambda game: game.asked[0],
    PASS: lambda game: game.passers[0],
    SWAP: lambda game: game.kent,
    LEAD: lambda game: game.chooser,
    DEAL: lambda game: CHANCE,
    OVER: lambda game: None,
}
