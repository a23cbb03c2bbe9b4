"""The one error a rules engine raises for a move the rules do not allow."""


class IllegalMove(Exception):
    """A move the rules do not allow. The game state is left exactly as it was.

    ``code`` is a short machine-readable reason; ``str(error)`` is a sentence a facilitator can
    read out to the room.

    >>> error = IllegalMove("not_your_turn", "It is Blue's turn, not Red's.")
    >>> error.code, str(error)
    ('not_your_turn', "It is Blue's turn, not Red's.")
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class SetupError(ValueError):
    """A game cannot be set up as asked (bad player names, an unknown option, a bad value).

    >>> str(SetupError("Two players are both called 'Red'."))
    "Two players are both called 'Red'."
    """
