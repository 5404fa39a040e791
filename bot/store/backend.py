"""What the Store needs from a database, whichever it is: transactions, rows, migration scripts.

Two backends give it: sqlite (bot/store/sqlite.py, the embedded default) and PostgreSQL
(bot/store/postgres.py). SQL is written once, in sqlite's spelling with `?` placeholders; the
PostgreSQL backend translates it mechanically (bot/store/dialect.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.store.records import StoreError


class Row(Protocol):
    """A result row, by column name or position (sqlite3.Row and asyncpg.Record both are)."""

    def __getitem__(self, key: Any, /) -> Any: ...


@dataclass
class Result:
    """What one statement gave back: rows changed, the new row's id, the rows read."""

    rowcount: int
    lastrowid: int | None = None
    rows: list[Row] = field(default_factory=list)

    async def fetchone(self) -> Row | None:
        """The first row read (a coroutine, as a database cursor's is)."""
        return self.rows[0] if self.rows else None

    async def fetchall(self) -> list[Row]:
        """Every row read."""
        return list(self.rows)


class Tx(Protocol):
    """The statements of one open transaction."""

    async def execute(self, sql: str, params: Sequence[object] = ()) -> Result:
        """Run one statement with its parameters."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement once per parameter row."""
        ...


class Backend(Protocol):
    """One open database: the Store's plumbing calls only these."""

    name: str  # how messages name it: a file path, or a URL without its password
    dialect: str  # "sqlite" or "postgresql"

    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """One all-or-nothing transaction (rolled back on any error, cancellation included)."""
        ...

    async def all(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Every row of one read, outside any transaction."""
        ...

    async def run_script(self, script: str) -> None:
        """Several statements (a migration and its record) as one transaction; ScriptFailed."""
        ...

    async def write_check(self, version: int) -> None:
        """One harmless write at start, so a database that cannot be written fails now."""
        ...

    async def close(self) -> None:
        """Close the connection(s) and give back anything held."""
        ...


class ScriptFailed(Exception):
    """A migration script raised inside the database; it was rolled back. One-line reason."""


class DatabaseUnavailable(StoreError):
    """The database server could not be reached for this statement (restarting, gone).

    Nothing of the transaction was applied, unless `maybe_committed`: then the connection was
    lost while COMMIT was on its way and only reading the database again tells.
    """

    def __init__(self, message: str, *, maybe_committed: bool = False) -> None:
        super().__init__(message)
        self.maybe_committed = maybe_committed
