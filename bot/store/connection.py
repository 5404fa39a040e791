"""The connection under the Store: opening safely (lock, checks, migrations) and plumbing."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Self

import aiosqlite

from bot.store.faults import MigrationFailed, StoreUnusable, damaged, unusable
from bot.store.lock import acquire, release
from bot.store.migrations import MIGRATIONS_DIR, migration_files, migration_script
from bot.store.records import utc_now


class Connection:
    """One aiosqlite connection; every statement runs under one lock so transactions never mix."""

    def __init__(
        self,
        db: aiosqlite.Connection,
        clock: Callable[[], str] = utc_now,
        lock: Path | None = None,
        name: str = "in use",
    ) -> None:
        self._db = db
        self._name = name
        self._lock = asyncio.Lock()
        self._clock = clock
        self._file_lock = lock

    @classmethod
    async def open(
        cls, path: str | Path, *, migrate: bool = True, clock: Callable[[], str] = utc_now
    ) -> Self:
        """Open (creating if needed) the database file: lock, WAL, foreign keys, migrations.

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
            store = cls(db, clock, lock, str(path))
            if migrate:
                step = "migrating it"
                await store.migrate()
                step = "writing to it"
                await store._write_check()
        except BaseException as error:
            if db is not None:
                with suppress(Exception):
                    await db.close()
            release(lock)
            if isinstance(error, sqlite3.Error | OSError):
                raise unusable(path, error, step) from error
            raise
        return store

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

    async def _write_check(self) -> None:
        """One real write at start, so a read-only file or folder fails now, not at a move."""
        versions = await self.schema_versions()
        async with self._lock:
            await self._db.execute(f"PRAGMA user_version = {max(versions, default=0)}")

    async def close(self) -> None:
        """Close the connection (after any running statement) and give back the file lock."""
        async with self._lock:
            await self._db.close()
        if self._file_lock is not None:
            release(self._file_lock)
            self._file_lock = None

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    # -- plumbing ---------------------------------------------------------------------------

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE … COMMIT, rolled back on any error (cancellation included)."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                with suppress(sqlite3.Error):
                    await self._db.rollback()
                raise
            await self._db.commit()

    async def _all(self, sql: str, params: Sequence[object] = ()) -> list[sqlite3.Row]:
        async with self._lock, self._db.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def _one(self, sql: str, params: Sequence[object] = ()) -> sqlite3.Row | None:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    # -- migrations -------------------------------------------------------------------------

    async def migrate(self, directory: Path | None = None) -> list[int]:
        """Apply every migration not yet recorded, in order, each in its own transaction."""
        directory = MIGRATIONS_DIR if directory is None else directory
        async with self._lock:
            await self._db.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
        done = set(await self.schema_versions())
        files = migration_files(directory)
        known = max((number for number, _ in files), default=0)
        if done and max(done) > known:
            raise StoreUnusable(
                f"the database {self._name} was written by a newer Symposion (schema "
                f"{max(done)}; this one knows up to {known}): run the newer version or set "
                "DATABASE_PATH to another file."
            )
        applied: list[int] = []
        for number, path in files:
            if number in done:
                continue
            script = migration_script(number, path, self._clock())
            async with self._lock:
                try:
                    await self._db.executescript(script)
                except BaseException as error:
                    if self._db.in_transaction:
                        await self._db.rollback()
                    if isinstance(error, sqlite3.Error):
                        raise MigrationFailed(
                            f"the database {self._name} could not be migrated: migration "
                            f"{path.name} failed and was rolled back "
                            f"[{' '.join(str(error).split())}]: the database is as it was; fix "
                            "the migration or run the version of the bot that matches it."
                        ) from error
                    raise
            applied.append(number)
        return applied

    async def schema_versions(self) -> list[int]:
        """Migration numbers already applied, ascending."""
        rows = await self._all("SELECT version FROM schema_migrations ORDER BY version")
        return [row[0] for row in rows]
