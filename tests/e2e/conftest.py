"""Fixtures for end-to-end tests: a fake Discord, a bot runner, and a guard on ERROR logs.

Every test that takes `database` runs on sqlite; those marked `postgresql` run on PostgreSQL
too. The marked ones are chosen to pass through every statement and every line of the store
that the whole end-to-end set reaches on PostgreSQL (README, "Tests"); the store's own tests
and the service's run on both backends in full.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord, LogGuard, running, serving
from tests.e2e.symposion import stub_drawing
from tests.migrated import BACKENDS, migrated


def pytest_configure(config: pytest.Config) -> None:
    """Register the markers: ERROR logs a test provokes on purpose; PostgreSQL too."""
    config.addinivalue_line(
        "markers",
        "expected_errors(*patterns): regexes of ERROR log records this test must produce",
    )
    config.addinivalue_line(
        "markers", "postgresql: the test runs on PostgreSQL as well as on sqlite"
    )
    config.addinivalue_line(
        "markers", "real_images: the bot draws its images for real (the test is about them)"
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """`database` is sqlite, and PostgreSQL too for a test marked `postgresql` (unless the
    test names its backends itself, case by case)."""
    if "database" not in metafunc.fixturenames or _parametrises_database(metafunc):
        return
    both = metafunc.definition.get_closest_marker("postgresql") is not None
    # --postgresql-everywhere (tests/e2e/store_paths.py): every test on PostgreSQL too.
    everywhere = metafunc.config.getoption("postgresql_everywhere", False)
    metafunc.parametrize(
        "database", BACKENDS if both or everywhere else BACKENDS[:1], indirect=True
    )


def _parametrises_database(metafunc: pytest.Metafunc) -> bool:
    for mark in metafunc.definition.iter_markers("parametrize"):
        names = mark.args[0]
        if "database" in (names.replace(" ", "").split(",") if isinstance(names, str) else names):
            return True
    return False


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


@pytest.fixture(autouse=True)
def painter(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The bot's images are tiny PNGs, each one different (`stub_drawing`), except in a test
    marked `real_images`: drawing was half of the other tests' time, and the renderers have
    their own tests (tests/rendering) besides the real whole games here."""
    if request.node.get_closest_marker("real_images") is not None:
        return []
    return stub_drawing(monkeypatch)


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running fake Discord on an ephemeral port; its problems fail the test at teardown.
    Strict: a request Discord's own API description refuses is refused, and fails the test."""
    async with serving(strict=True) as fake:
        yield fake


@pytest.fixture
async def bot_runner(fake_discord: FakeDiscord) -> AsyncIterator[BotRunner[Any]]:
    """Starts bots on the fake (`await bot_runner.start(factory)`); stops the last one."""
    async with running(fake_discord) as runner:
        yield runner


@pytest.fixture
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where a test's bot keeps its games: a copy of a migrated sqlite file, or the test
    PostgreSQL server's migrated database, emptied (tests/migrated.py). A restart in the test
    reuses it."""
    return await migrated(request, tmp_path)
