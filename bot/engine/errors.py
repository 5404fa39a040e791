"""The one error type a game raises, so callers can tell a bad move from a bug; and the one
the contract checks raise when a game breaks the contract."""


class IllegalAction(ValueError):
    """An action that is not legal now; its message is safe to show the player who sent it."""


class ContractViolation(AssertionError):
    """A game broke the engine contract; the message says which rule and where."""
