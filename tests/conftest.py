"""Every test sees every game registered, as the bot does (the engine never imports the games).

`database` runs a test once on each backend: a sqlite file, and a fresh schema in a real
PostgreSQL server this test process starts (tests/postgres_server.py). A server that cannot
start fails those tests with its reason; nothing is skipped.
"""

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

import bot.games  # noqa: F401
from tests.postgres_server import PostgresServer, ServerFailed

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server per test process (each xdist worker has its own)."""
    try:
        server = PostgresServer.create()
    except ServerFailed as error:
        pytest.fail(f"the test PostgreSQL server could not start: {error}", pytrace=False)
    yield server
    server.remove()


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str | Path]:
    """Where a test's store lives: a sqlite path, or a PostgreSQL DATABASE_URL."""
    if request.param == "sqlite":
        yield tmp_path / "games.sqlite3"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    # Left in place, not dropped: a bot still shutting down may use it after the test; the
    # whole server folder goes at the end of the session.
    yield await server.new_database()
