"""The one error type a game raises, so callers can tell a bad move from a bug."""


class IllegalAction(ValueError):
    """An action that is not legal now; its message is safe to show the player who sent it."""
