"""Fixtures for end-to-end tests: a fake Discord, a bot runner, and a guard on ERROR logs."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord, LogGuard, running, serving
from tests.migrated import BACKENDS, migrated


def pytest_configure(config: pytest.Config) -> None:
    """Register the marker that lists ERROR logs a test provokes on purpose."""
    config.addinivalue_line(
        "markers",
        "expected_errors(*patterns): regexes of ERROR log records this test must produce",
    )


@pytest.fixture(autouse=True)
def log_guard(request: pytest.FixtureRequest) -> Iterator[LogGuard]:
    """Fail the test on any ERROR from discord/bot/cogs/rendering/asyncio it did not expect."""
    patterns = [p for m in request.node.iter_markers("expected_errors") for p in m.args]
    guard = LogGuard(patterns)
    guard.install()
    yield guard
    guard.remove()
    problems = guard.problems()
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running fake Discord on an ephemeral port; its problems fail the test at teardown."""
    async with serving() as fake:
        yield fake


@pytest.fixture
async def bot_runner(fake_discord: FakeDiscord) -> AsyncIterator[BotRunner[Any]]:
    """Starts bots on the fake (`await bot_runner.start(factory)`); stops the last one."""
    async with running(fake_discord) as runner:
        yield runner


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where a test's bot keeps its games, once on each backend, already migrated
    (tests/migrated.py): a copy of a migrated sqlite file, or the test PostgreSQL server's
    migrated database, emptied. A restart in the test reuses it."""
    return await migrated(request, tmp_path)
