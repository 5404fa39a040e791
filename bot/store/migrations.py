"""Numbered SQL migrations in data/migrations: finding them and wrapping each in a transaction."""

from __future__ import annotations

import re
from pathlib import Path

from bot.paths import MIGRATIONS_DIR

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
