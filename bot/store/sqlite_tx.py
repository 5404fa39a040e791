"""A sqlite transaction's statements, sent to the connection's thread in as few trips as may be.

Part of the sqlite backend (bot/store/sqlite.py). A statement queued (`later`) travels with the
caller's next one, or with its end; a statement whose answer the caller reads now is one trip.
A transaction that reads nothing takes the connection only at its end, where the backend
batches those waiting: one trip for all of them.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import TypeVar

import aiosqlite

from bot.store.backend import Result
from bot.store.errors import Conflict

T = TypeVar("T")

MINE = "symposion_tx"  # the savepoint that keeps one caller's statements apart in a group
_INDEX = re.compile(r"\bindex '(\w+)'")  # how sqlite names a refusing unique index


def _conflict(error: sqlite3.IntegrityError) -> Conflict:
    """sqlite's integrity error as the store's own, with the refusing index's name if said."""
    said = " ".join(str(error).split())
    named = _INDEX.search(said)
    return Conflict(said, constraint=None if named is None else named.group(1))


def _bare(conn: sqlite3.Connection, statements: Sequence[str]) -> None:
    """Statements without parameters or rows, in order."""
    for sql in statements:
        conn.execute(sql).close()


def _statement(conn: sqlite3.Connection, sql: str, params: Sequence[object]) -> Result:
    """Execute, read every row, note the counts and close the cursor: one statement, whole."""
    cursor = conn.execute(sql, params)
    try:
        return Result(cursor.rowcount, cursor.lastrowid, list(cursor.fetchall()))
    finally:
        cursor.close()


def _many(conn: sqlite3.Connection, sql: str, rows: list[Sequence[object]]) -> None:
    """One statement once per row."""
    conn.executemany(sql, rows).close()


# A statement queued, its parameter rows, and what to raise unless it changes exactly one row
# (None: any count will do).
_Queued = tuple[str, list[Sequence[object]], Exception | None]


class _Unchanged(Exception):
    """A queued statement that had to change one row did not (its refusal the one argument)."""


class _Refused(Exception):
    """A queued statement failed (its sqlite error the one argument) at a caller's end of a
    transaction; only that caller's part was undone."""


async def in_thread(db: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run `work` on the connection's own thread in one hop (issue 16 §5).

    aiosqlite's cursor API takes three hops per statement (execute, fetch, close), each a
    thread wake-up and a loop wake-up. `_execute` is not public, but it is the call every
    public aiosqlite helper queues its work with (checked by the store tests on each run).
    """
    run: Callable[..., Awaitable[T]] = db._execute
    return await run(lambda: work(db._conn))


class SqliteTx:
    """The statements of one caller's part of a transaction; `first` are the bare statements
    (BEGIN, SAVEPOINT) still to run, and queued ones (`later`): all go with its next one."""

    def __init__(
        self, db: aiosqlite.Connection, join: Callable[[SqliteTx], Awaitable[None]]
    ) -> None:
        self._db = db
        self._join = join  # takes the connection (and sets `first`) once an answer is needed
        self._first: list[str] = []
        self._later: list[_Queued] = []
        self.group: asyncio.Future[None] | None = None  # the commit it joined, once it did
        self.started = False  # its savepoint exists: its statements can be undone alone

    def opens(self, group: asyncio.Future[None], first: list[str]) -> None:
        """It holds the connection now, in `group`, with `first` (BEGIN, SAVEPOINT) to run."""
        self.group, self._first = group, first

    @property
    def pending(self) -> bool:
        """Whether queued statements are still to be sent."""
        return bool(self._later)

    def later(self, sql: str, params: Sequence[object] = ()) -> None:
        """Queue a write whose result nobody reads: no trip to the thread of its own."""
        self._later.append((sql, [params], None))

    def later_many(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """`later` for one statement once per parameter row."""
        self._later.append((sql, list(rows), None))

    def later_one(self, sql: str, params: Sequence[object], refused: Exception) -> None:
        """Queue a write that must change exactly one row (a version check), else `refused`."""
        self._later.append((sql, [params], refused))

    def _due(self) -> tuple[list[str], list[_Queued]]:
        """Take what must run before the next statement (on the loop, before the trip)."""
        first, self._first = self._first, []
        later, self._later = self._later, []
        return first, later

    def _opened(
        self, conn: sqlite3.Connection, first: list[str], later: list[_Queued]
    ) -> sqlite3.Connection:
        """Run the bare and queued statements due (on the connection's thread), then hand the
        connection on: they travel with the caller's next statement, in its one trip."""
        _bare(conn, first)
        self.started = self.started or bool(first)
        for sql, rows, refused in later:
            if refused is None:
                _many(conn, sql, rows)  # writes only: for one row the same as execute
            elif _statement(conn, sql, rows[0]).rowcount != 1:
                raise _Unchanged(refused)
        return conn

    async def execute(self, sql: str, params: Sequence[object] = ()) -> Result:
        """Run one statement; rows read (if any) come back with it, in one trip to the thread."""
        if self.group is None:
            await self._join(self)
        first, later = self._due()
        try:
            return await in_thread(
                self._db, lambda conn: _statement(self._opened(conn, first, later), sql, params)
            )
        except sqlite3.IntegrityError as error:
            raise _conflict(error) from error
        except _Unchanged as unchanged:
            raise unchanged.args[0] from None

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement once per parameter row."""
        listed = list(rows)
        if self.group is None:
            await self._join(self)
        first, later = self._due()
        try:
            await in_thread(
                self._db, lambda conn: _many(self._opened(conn, first, later), sql, listed)
            )
        except sqlite3.IntegrityError as error:
            raise _conflict(error) from error
        except _Unchanged as unchanged:
            raise unchanged.args[0] from None

    def _closing(self, statements: list[str]) -> Callable[[sqlite3.Connection], None]:
        """The caller's end in one trip: its queued statements, then `statements`; one that
        fails undoes this caller's part in that trip (_Refused): the group's others stand."""
        first, later = self._due()

        def close(conn: sqlite3.Connection) -> None:
            try:
                self._opened(conn, first, later)
            except (sqlite3.Error, _Unchanged) as error:
                if self.started:
                    _bare(conn, [f"ROLLBACK TO {MINE}", f"RELEASE {MINE}"])
                raise _Refused(error) from error
            _bare(conn, statements)

        return close

    async def take_turn(self, queue: str) -> None:
        """Nothing to wait for: sqlite's one writer runs one transaction at a time."""


def refusal(failed: BaseException) -> BaseException:
    """What a caller whose part was refused at its end is told: the store's own errors."""
    if isinstance(failed, _Unchanged):
        refused: BaseException = failed.args[0]
        return refused
    if isinstance(failed, sqlite3.IntegrityError):
        return _conflict(failed)
    return failed
