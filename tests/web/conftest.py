"""Fixtures for the web pages' tests: a migrated sqlite store and a service over it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.store import Store
from tests.migrated import migrated


@pytest.fixture(params=["sqlite"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """A migrated sqlite store (the store's own tests run the tokens on PostgreSQL too)."""
    return await migrated(request, tmp_path)


@pytest.fixture
async def service(database: str | Path) -> AsyncIterator[GameService]:
    store = await Store.open(database)
    made = GameService(store)
    await made.load()
    yield made
    await store.close()
