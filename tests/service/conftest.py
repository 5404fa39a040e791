"""Fixtures: a store (sqlite, then PostgreSQL) and a service that knows the toy game.

The store is already migrated (tests/migrated.py): the migrations are tests/store's subject.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from svc_helpers import lookup

from bot.service import GameService
from bot.store import Store
from tests.migrated import BACKENDS, migrated


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """A migrated store's place, once on each backend."""
    return await migrated(request, tmp_path)


@pytest.fixture
def db_path(database: str | Path) -> str | Path:
    """The store's place: a sqlite file or a PostgreSQL URL (every test runs on both)."""
    return database


@pytest.fixture
async def store(db_path: str | Path) -> AsyncIterator[Store]:
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture
async def service(store: Store) -> GameService:
    made = GameService(store, lookup)
    await made.load()
    return made
