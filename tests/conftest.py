"""Every test sees every game registered, as the bot does (the engine never imports the games).

`database` runs a test once on each backend: a sqlite file, and a fresh schema in a real
PostgreSQL server this test process starts (tests/postgres_server.py). A server that cannot
start fails those tests with its reason; nothing is skipped. Tests whose subject is not the
migrations take a store already migrated instead (tests/migrated.py).

Temporary folders (the sqlite files, the PostgreSQL server's data) are made in /dev/shm when
the machine has it and TMPDIR names no other place: sqlite waits for the disk at every commit
(synchronous=FULL), which on a shared disk was most of a short test's time, and no test
depends on that wait.
"""

import gc
import os
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

import bot.games  # noqa: F401
from tests.migrated import BACKENDS, MigratedSqlite
from tests.postgres_server import PostgresServer, ServerFailed

MEMORY = Path("/dev/shm")
GC_YOUNG = 50_000  # allocations between the collector's looks at young objects (default 700)
# Tests of several seconds each (most of the run's time), started first under pytest-xdist.
LONG = (
    "tests/engine/test_conformance.py::test_every_legal_action",
    "tests/engine/test_conformance.py::test_views_leak",
    "tests/engine/test_conformance.py::test_wordless_play",
    "tests/engine/test_ilium_rules_end.py::test_IM",
    "tests/e2e/test_whole_games.py::test_a_whole_game",
    "tests/e2e/test_computer_players.py::test_one_person_plays",
    "tests/rendering/test_replay.py::test_a_replay_shows",
)


def pytest_configure(config: pytest.Config) -> None:
    """Temporary files in memory where that is possible (xdist's workers inherit TMPDIR)."""
    if "TMPDIR" not in os.environ and MEMORY.is_dir() and os.access(MEMORY, os.W_OK):
        os.environ["TMPDIR"] = str(MEMORY)
        tempfile.tempdir = None  # asked again, gettempdir() reads TMPDIR


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each xdist worker's share of the tests (worksteal hands out contiguous shares) begins
    with its part of the long ones: a long test left for the end keeps the others idle."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    long = [item for item in items if item.nodeid.startswith(LONG)]
    if workers < 2 or not long:
        return
    rest = [item for item in items if not item.nodeid.startswith(LONG)]
    cut = [len(rest) * share // workers for share in range(workers + 1)]
    items[:] = [
        item
        for share in range(workers)
        for item in long[share::workers] + rest[cut[share] : cut[share + 1]]
    ]


def pytest_collection_finish(session: pytest.Session) -> None:
    """Everything imported and collected stays for the whole run: the garbage collector need
    not walk it again at each full collection (15-25% of the conformance suite's time), and
    it looks for cycles after 50,000 new objects instead of 700 (about a tenth of the CPU of
    the engine's and the end-to-end tests; memory stays within a few MB)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, 20, 20)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server per test process (each xdist worker has its own)."""
    try:
        server = PostgresServer.create()
    except ServerFailed as error:
        pytest.fail(f"the test PostgreSQL server could not start: {error}", pytrace=False)
    yield server
    server.remove()


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> MigratedSqlite:
    """The sqlite file this test process copies for each test that needs a migrated store."""
    return MigratedSqlite(tmp_path_factory.mktemp("migrated"))


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str | Path]:
    """Where a test's store lives: a sqlite path, or a PostgreSQL DATABASE_URL (both empty)."""
    if request.param == "sqlite":
        yield tmp_path / "games.sqlite3"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    # Left in place, not dropped: a bot still shutting down may use it after the test; the
    # whole server folder goes at the end of the session.
    yield await server.new_database()
