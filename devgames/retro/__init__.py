"""The debrief's reveal and map: key moments replayed with what was hidden, who dealt what to
whom, and the room's notes as a CSV file a retrospective board can import. What each game
reveals and deals is its own :class:`GameRetro`, named by its spec (``GameSpec.retro``).

>>> from devgames import scrumkin
>>> key_moments(scrumkin.new_game(["Red", "Blue"], seed=1)), dealt_matrix(
...     scrumkin.new_game(["Red", "Blue"], seed=1))
([], [])
"""

from devgames.retro.board import BOARD_TOOLS, board_csv, board_rows
from devgames.retro.dealt import (
    DealtRow,
    card_kind,
    cards_to_tag,
    dealt_matrix,
    matrix_counts,
    matrix_table,
)
from devgames.retro.moments import key_moments
from devgames.retro.parts import GameRetro, Moment, retro_of

__all__ = ["BOARD_TOOLS", "DealtRow", "GameRetro", "Moment", "board_csv", "board_rows",
           "card_kind", "cards_to_tag", "dealt_matrix", "key_moments", "matrix_counts",
           "matrix_table", "retro_of"]
