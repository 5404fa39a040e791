"""What the store refuses, in its own words, whichever database is underneath.

No database driver's error crosses the backends: sqlite's and asyncpg's integrity errors both
become `Conflict`, a lost server `DatabaseUnavailable`, an unusable database `StoreUnusable`.
The service turns these into messages for players.
"""

from __future__ import annotations


class StoreError(Exception):
    """Something the store refused; the service turns these into messages for players."""


class StaleVersion(StoreError):
    """The game changed since the caller read it: its version no longer matches."""


class PlaceTaken(StoreError):
    """The channel or thread already has an ongoing game (the partial unique index said no)."""


class UnknownGameId(StoreError):
    """No game has this id."""


class CorruptRow(StoreError):
    """A stored row cannot be decoded (bad JSON); the message names the row, never its data."""


class AlreadyVoted(StoreError):
    """This voter has a ballot in this vote already (or this player answered this request)."""


class Conflict(StoreError):
    """A constraint of the database refused a row (a unique key, a foreign key, a check).

    `constraint` is the refusing constraint's or index's name when the database says it.
    """

    def __init__(self, message: str, *, constraint: str | None = None) -> None:
        super().__init__(message)
        self.constraint = constraint


class DatabaseUnavailable(StoreError):
    """The database server could not be reached for this statement (restarting, gone).

    Nothing of the transaction was applied, unless `maybe_committed`: then the connection was
    lost while COMMIT was on its way and only reading the database again tells.
    """

    def __init__(self, message: str, *, maybe_committed: bool = False) -> None:
        super().__init__(message)
        self.maybe_committed = maybe_committed


class StoreUnusable(StoreError):
    """The database cannot be used at all; the message is one line for whoever runs the bot."""


class MigrationFailed(StoreUnusable):
    """A migration script raised; it was rolled back, so the database is as it was before."""
