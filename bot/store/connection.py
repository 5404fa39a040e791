"""The connection under the Store: opening safely (checks, migrations) on either backend."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Self

from bot.paths import MIGRATIONS_DIR
from bot.store.backend import Backend, Row, ScriptFailed, Tx
from bot.store.faults import MigrationFailed, StoreUnusable
from bot.store.migrations import migration_files, migration_script
from bot.store.records import utc_now

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


def is_postgres(target: str | Path) -> bool:
    """Whether a DATABASE_URL (or path) names a PostgreSQL server."""
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def sqlite_path(target: str | Path) -> Path:
    """The file a `sqlite:///path` URL (or a plain path) names."""
    text = str(target)
    return Path(text[len(SQLITE_SCHEME) :] if text.startswith(SQLITE_SCHEME) else text)


class Connection:
    """One open database (sqlite or PostgreSQL) with the Store's plumbing over it."""

    def __init__(self, backend: Backend, clock: Callable[[], str] = utc_now) -> None:
        self._backend = backend
        self._name = backend.name
        self._clock = clock

    @property
    def name(self) -> str:
        """How logs and messages name the database: its path, or its URL without a password."""
        return self._name

    @property
    def dialect(self) -> str:
        """Which database this is: "sqlite" or "postgresql"."""
        return self._backend.dialect

    @classmethod
    async def open(
        cls, target: str | Path, *, migrate: bool = True, clock: Callable[[], str] = utc_now
    ) -> Self:
        """Open the database a DATABASE_URL or sqlite path names, and migrate it.

        Every failure is a one-line StoreUnusable (and nothing is left open).
        """
        store: Self | None = None

        async def prepare(backend: Backend) -> None:
            nonlocal store
            store = cls(backend, clock)
            if migrate:
                await store.migrate()
                await backend.write_check(max(await store.schema_versions(), default=0))

        if is_postgres(target):
            from bot.store.postgres import PostgresBackend

            await PostgresBackend.open(str(target), prepare)
        else:
            from bot.store.sqlite import SqliteBackend

            await SqliteBackend.open(sqlite_path(target), prepare)
        assert store is not None
        return store

    async def close(self) -> None:
        """Close the database (after any running statement) and give back what it held."""
        await self._backend.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    # -- plumbing ---------------------------------------------------------------------------

    def _transaction(self) -> AbstractAsyncContextManager[Tx]:
        """One transaction, rolled back on any error (cancellation included)."""
        return self._backend.transaction()

    async def _all(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        return await self._backend.all(sql, params)

    async def _one(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    # -- migrations -------------------------------------------------------------------------

    async def migrate(self, directory: Path | None = None) -> list[int]:
        """Apply every migration not yet recorded, in order, each in its own transaction."""
        directory = MIGRATIONS_DIR if directory is None else directory
        async with self._transaction() as tx:
            await tx.execute(
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
                "DATABASE_URL to another database."
            )
        applied: list[int] = []
        for number, path in files:
            if number in done:
                continue
            try:
                await self._backend.run_script(migration_script(number, path, self._clock()))
            except ScriptFailed as error:
                raise MigrationFailed(
                    f"the database {self._name} could not be migrated: migration "
                    f"{path.name} failed and was rolled back [{error}]: the database is as it "
                    "was; fix the migration or run the version of the bot that matches it."
                ) from error
            applied.append(number)
        return applied

    async def schema_versions(self) -> list[int]:
        """Migration numbers already applied, ascending."""
        rows = await self._all("SELECT version FROM schema_migrations ORDER BY version")
        return [int(row[0]) for row in rows]
