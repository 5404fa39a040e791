"""What the store needs from a database, whichever it is: transactions, rows, migration scripts.

Two backends give it: sqlite (bot/store/sqlite.py, the embedded default) and PostgreSQL
(bot/store/postgres.py). SQL is written once, in sqlite's spelling with `?` placeholders; the
PostgreSQL backend translates it mechanically (bot/store/dialect.py). A backend turns its
driver's errors into the store's own (bot/store/errors.py): a refused row is a `Conflict`, a
lost server `DatabaseUnavailable`; nothing above the backends imports a driver.

Serving shards (several bot processes on one database) is a capability a backend may offer:
`shard_locks` is None on sqlite, whose file one process holds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from bot.store.errors import Conflict, DatabaseUnavailable

if TYPE_CHECKING:
    from bot.store.shards import Shards

__all__ = [
    "Backend",
    "Conflict",
    "DatabaseUnavailable",
    "Result",
    "Row",
    "ScriptFailed",
    "ShardLocks",
    "Tx",
]

RATINGS = "ratings"  # Tx.take_turn: games finishing at once are rated one after the other


class Row(Protocol):
    """A result row, by column name or position (sqlite3.Row and asyncpg.Record both are)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def keys(self) -> Iterable[str]:
        """The column names, in order."""
        ...


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
    """The statements of one open transaction; a refused row raises Conflict."""

    async def execute(self, sql: str, params: Sequence[object] = ()) -> Result:
        """Run one statement with its parameters."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement once per parameter row."""
        ...

    def later(self, sql: str, params: Sequence[object] = ()) -> None:
        """Queue a statement whose result nobody reads: it runs, in order, with the next
        statement of this transaction or at its end (one trip to the database instead of one
        each), and a refused row raises Conflict there. A backend may run it at once."""
        ...

    def later_many(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """`later` for one statement once per parameter row."""
        ...

    def later_one(self, sql: str, params: Sequence[object], refused: Exception) -> None:
        """`later` for a write that must change exactly one row (a version check): `refused` is
        raised where it runs (the next statement, or the end) when it does not."""
        ...

    async def take_turn(self, queue: str) -> None:
        """Wait until no other open transaction holds a turn in `queue` (held until the end).

        sqlite has one writer, so its transactions always have their turn already.
        """
        ...


class ShardLocks(Protocol):
    """A database that several bot processes share: each claims its shards for its lifetime."""

    async def hold(self, shards: Shards, holder: str, now: str) -> None:
        """Claim `shards` for this process (until close) and write `holder` on their rows."""
        ...


class Backend(Protocol):
    """One open database: the store's repositories call only these."""

    name: str  # how messages name it: a file path, or a URL without its password
    dialect: str  # "sqlite" or "postgresql"

    @property
    def shard_locks(self) -> ShardLocks | None:
        """Claiming shards, if this database can be shared by several processes (else None)."""
        ...

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
