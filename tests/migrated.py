"""Databases already migrated, for the tests whose subject is not the migrations.

The migrations have their own tests (tests/store, on both backends, from an empty file and an
empty schema). Every other test that needs a store gets one already migrated: a copy of one
sqlite file migrated once per test process, or the PostgreSQL server's one migrated database,
emptied between tests (tests/postgres_server.py). Migrating afresh took most of a short test.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.postgres_server import PostgresServer

BACKENDS = ("sqlite", "postgresql")


class MigratedSqlite:
    """A sqlite file the real Store migrated, made on first use; each test gets a copy."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "migrated.sqlite3"
        self.made = False

    async def copy(self, to: Path) -> Path:
        """A copy of the migrated file at `to` (closed first, so the file holds everything)."""
        if not self.made:
            from bot.store import Store

            async with await Store.open(self.path):
                pass
            self.made = True
        shutil.copyfile(self.path, to)
        return to


async def migrated(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """A migrated store for this test on the backend its `database` parameter names."""
    if request.param == "sqlite":
        template: MigratedSqlite = request.getfixturevalue("migrated_sqlite")
        return await template.copy(tmp_path / "games.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return await server.migrated_database()
