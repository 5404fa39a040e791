"""Numbered SQL migrations in data/migrations: finding them, and applying the missing ones in
order, each with its record in one transaction (a failed one leaves the database as it was)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from bot.paths import MIGRATIONS_DIR
from bot.store.backend import Backend, ScriptFailed
from bot.store.errors import MigrationFailed, StoreUnusable

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_TRANSACTION = re.compile(
    r"^\s*(BEGIN(\s+(DEFERRED|IMMEDIATE|EXCLUSIVE))?(\s+TRANSACTION)?\s*;|COMMIT\b|ROLLBACK\b)",
    re.IGNORECASE | re.MULTILINE,
)  # a trigger's BEGIN … END body is fine; only transaction control is refused


def migration_files(directory: Path = MIGRATIONS_DIR) -> list[tuple[int, Path]]:
    """Numbered migration scripts in order; a badly named or duplicate number is a bug."""
    found: dict[int, Path] = {}
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if match is None:
            raise RuntimeError(f"migration file {path.name!r} is not named NNNN_name.sql")
        number = int(match.group(1))
        if number in found:
            raise RuntimeError(
                f"two migrations numbered {number}: {found[number].name}, {path.name}"
            )
        found[number] = path
    return sorted(found.items())


def migration_script(number: int, path: Path, applied_at: str) -> str:
    """The file's SQL and its schema_migrations record (the backend runs it as one transaction)."""
    script = path.read_text(encoding="utf-8")
    if _TRANSACTION.search(script):
        raise RuntimeError(f"migration {path.name} must not open or close transactions itself")
    record = (
        "INSERT INTO schema_migrations (version, name, applied_at) "
        f"VALUES ({number}, {_sql_text(path.name)}, {_sql_text(applied_at)});"
    )
    return f"{script}\n{record}"


def _sql_text(text: str) -> str:
    """A SQL string literal (for the migration record inside an executescript)."""
    return "'" + text.replace("'", "''") + "'"


async def schema_versions(backend: Backend) -> list[int]:
    """Migration numbers already applied, ascending."""
    rows = await backend.all("SELECT version FROM schema_migrations ORDER BY version")
    return [int(row[0]) for row in rows]


async def migrate(
    backend: Backend, clock: Callable[[], str], directory: Path | None = None
) -> list[int]:
    """Apply every migration not yet recorded, in order, each in its own transaction."""
    directory = MIGRATIONS_DIR if directory is None else directory
    async with backend.transaction() as tx:
        await tx.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
    done = set(await schema_versions(backend))
    files = migration_files(directory)
    known = max((number for number, _ in files), default=0)
    if done and max(done) > known:
        raise StoreUnusable(
            f"the database {backend.name} was written by a newer Symposion (schema "
            f"{max(done)}; this one knows up to {known}): run the newer version or set "
            "DATABASE_URL to another database."
        )
    applied: list[int] = []
    for number, path in files:
        if number in done:
            continue
        try:
            await backend.run_script(migration_script(number, path, clock()))
        except ScriptFailed as error:
            raise MigrationFailed(
                f"the database {backend.name} could not be migrated: migration "
                f"{path.name} failed and was rolled back [{error}]: the database is as it "
                "was; fix the migration or run the version of the bot that matches it."
            ) from error
        applied.append(number)
    return applied
