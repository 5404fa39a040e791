"""Fixtures: a store on a temporary sqlite file and a service that knows the toy game."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from svc_helpers import lookup

from bot.service import GameService
from bot.store import Store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture
async def service(store: Store) -> GameService:
    made = GameService(store, lookup)
    await made.load()
    return made
