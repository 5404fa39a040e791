"""The sqlite backend: one aiosqlite connection, WAL, a lock file, statements under one lock."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Self

import aiosqlite

from bot.store.backend import Backend, Result, Row, ScriptFailed
from bot.store.faults import damaged, unusable
from bot.store.lock import acquire, release


def _statement(conn: sqlite3.Connection, sql: str, params: Sequence[object]) -> Result:
    """Execute, read every row, note the counts and close the cursor: one statement, whole."""
    cursor = conn.execute(sql, params)
    try:
        return Result(cursor.rowcount, cursor.lastrowid, list(cursor.fetchall()))
    finally:
        cursor.close()


async def in_thread(
    db: aiosqlite.Connection,
    work: Callable[[sqlite3.Connection, str, Sequence[object]], Result],
    sql: str,
    params: Sequence[object],
) -> Result:
    """Run `work` on the connection's own thread in one hop (issue 16 §5).

    aiosqlite's cursor API takes three hops per statement (execute, fetch, close), each a
    thread wake-up and a loop wake-up. `_execute` is not public, but it is the call every
    public aiosqlite helper queues its work with (checked by the store tests on each run).
    """
    run: Callable[..., Awaitable[Result]] = db._execute
    return await run(lambda: work(db._conn, sql, params))


class SqliteTx:
    """The statements of one sqlite transaction."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[object] = ()) -> Result:
        """Run one statement; rows read (if any) come back with it, in one trip to the thread."""
        return await in_thread(self._db, _statement, sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement once per parameter row."""
        await self._db.executemany(sql, rows)


class SqliteBackend:
    """One sqlite file, opened safely: lock file, WAL, foreign keys, a damage check."""

    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection, name: str, lock: Path | None) -> None:
        self._db = db
        self.name = name
        self._lock = asyncio.Lock()
        self._file_lock = lock
        self._tx = SqliteTx(db)

    @classmethod
    async def open(cls, path: str | Path, after: Callable[[Backend], Awaitable[None]]) -> Self:
        """Open (creating if needed) the file and run `after` on it (the migrations).

        Any failure closes the connection (its thread would keep the process alive) and gives
        back the lock; sqlite and OS errors become one-line StoreUnusable errors.
        """
        lock = acquire(path)
        db: aiosqlite.Connection | None = None
        step = "opening it"
        try:
            db = await aiosqlite.connect(str(path), isolation_level=None)
            db.row_factory = sqlite3.Row
            step = "setting it up"
            await cls._configure(db)
            problem = await cls._damage(db)
            if problem is not None:
                raise damaged(path, problem)
            backend = cls(db, str(path), lock)
            step = "migrating it"
            await after(backend)
        except BaseException as error:
            if db is not None:
                with suppress(Exception):
                    await db.close()
            release(lock)
            if isinstance(error, sqlite3.Error | OSError):
                raise unusable(path, error, step) from error
            raise
        return backend

    @staticmethod
    async def _configure(db: aiosqlite.Connection) -> None:
        """The connection's settings; reading the schema here finds a damaged file early."""
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA foreign_keys = ON")
        # FULL: every commit reaches the disk before the bot answers, even on power loss.
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA busy_timeout = 5000")

    @staticmethod
    async def _damage(db: aiosqlite.Connection) -> str | None:
        """sqlite's quick check (every page, no index contents): a truncated file fails here."""
        async with db.execute("PRAGMA quick_check(1)") as cursor:
            row = await cursor.fetchone()
        verdict = "no answer" if row is None else str(row[0])
        return None if verdict == "ok" else " ".join(verdict.split())[:120]

    async def write_check(self, version: int) -> None:
        """One real write at start, so a read-only file or folder fails now, not at a move."""
        async with self._lock:
            await self._db.execute(f"PRAGMA user_version = {int(version)}")

    async def close(self) -> None:
        """Close the connection (after any running statement) and give back the file lock."""
        async with self._lock:
            await self._db.close()
        if self._file_lock is not None:
            release(self._file_lock)
            self._file_lock = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTx]:
        """BEGIN IMMEDIATE … COMMIT, rolled back on any error (cancellation included)."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._tx
            except BaseException:
                with suppress(sqlite3.Error):
                    await self._db.rollback()
                raise
            await self._db.commit()

    async def all(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Every row of one read (one trip to the connection's thread)."""
        async with self._lock:
            return (await in_thread(self._db, _statement, sql, params)).rows

    async def run_script(self, script: str) -> None:
        """The statements in one BEGIN IMMEDIATE … COMMIT; a sqlite error rolls all back."""
        async with self._lock:
            try:
                await self._db.executescript(f"BEGIN IMMEDIATE;\n{script}\nCOMMIT;")
            except BaseException as error:
                if self._db.in_transaction:
                    await self._db.rollback()
                if isinstance(error, sqlite3.Error):
                    raise ScriptFailed(" ".join(str(error).split())) from error
                raise
