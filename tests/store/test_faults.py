"""Every way the database file can be unusable: one clear line and exit 3, never a hang.

Each start-up runs `python -m bot`'s main() in a real process with a timeout (a hang fails the
test). The database is checked before the bot connects to Discord, so no token is used.
Some faults cannot be made for real here, and are injected at the level where sqlite or the OS
would report them, so the bot's handling is the same:
- full disk: `PRAGMA max_page_count` makes sqlite answer SQLITE_FULL ("database or disk is
  full"), exactly what a full disk gives, without root or a tiny filesystem;
- read-only file and folder when the tests run as root (permission bits do not bind root):
  `PRAGMA query_only` makes sqlite answer SQLITE_READONLY as for a read-only file, and the lock
  file's creation fails with EACCES as in a read-only folder. As any other user the real
  permissions are used.
"""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.store import MigrationFailed, Store, StoreUnusable, migration_files
from bot.store.sqlite import SqliteBackend
from tests.forked_bot import run_python

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "a" * 24 + "." + "b" * 6 + "." + "c" * 27  # well-formed, never sent anywhere
AS_ROOT = os.geteuid() == 0
START = "from bot.main import main\nraise SystemExit(main())\n"
FULL_DISK = """
import bot.store.sqlite as database
_configure = database.SqliteBackend._configure
async def configure(db):
    await _configure(db)
    await db.execute("PRAGMA max_page_count = 1")
database.SqliteBackend._configure = staticmethod(configure)
"""
READ_ONLY_FILE = """
import bot.store.sqlite as database
_configure = database.SqliteBackend._configure
async def configure(db):
    await _configure(db)
    await db.execute("PRAGMA query_only = ON")
database.SqliteBackend._configure = staticmethod(configure)
"""
READ_ONLY_FOLDER = """
import errno, os
import bot.store.lock as lock
_open = os.open
def refusing(path, *args, **kwargs):
    if str(path).endswith(".lock"):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))
    return _open(path, *args, **kwargs)
lock.os = type("os", (), {"open": staticmethod(refusing), "close": os.close, "O_RDWR": os.O_RDWR,
                          "O_CREAT": os.O_CREAT, "O_CLOEXEC": os.O_CLOEXEC})
"""


def start(folder: Path, database: Path, inject: str = "") -> subprocess.CompletedProcess[str]:
    """python -m bot's main() in a process of its own on `database` (forked from one that has
    imported the bot: tests/forked_bot.py); a hang raises TimeoutExpired."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "LOG_LEVEL")}
    env |= {"PYTHONPATH": str(ROOT), "DISCORD_TOKEN": TOKEN, "DATABASE_PATH": str(database)}
    return run_python(textwrap.dedent(inject) + START, env, folder)  # folder: no .env here


def refused(done: subprocess.CompletedProcess[str], *words: str) -> str:
    """The one line the bot printed, after checking it exited 3 with nothing else."""
    assert done.returncode == 3, (done.returncode, done.stderr[-2000:])
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr[-2000:]
    assert done.stdout == ""
    line = lines[0]
    assert line.startswith("symposion: the database ") and "Traceback" not in line
    for word in words:
        assert word in line, line
    return line


async def a_used_database(path: Path) -> None:
    """A real database with a started game in it."""
    store = await Store.open(path)
    row = await store.games.create(
        game_type="toy",
        guild_id=1,
        channel_id=5,
        thread_id=None,
        host_id=11,
        players=[(11, "Alice"), (22, "Bob")],
        seed=1,
        options={},
    )
    await store.games.start(row.id, 0, {11: 0, 22: 1}, {"pile": list(range(2000))})
    await store.close()


@pytest.fixture
def used(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    asyncio.run(a_used_database(path))
    return path


def test_a_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(random.Random(1).randbytes(16384))
    refused(start(tmp_path, path), "damaged", "restore a backup")


def test_a_truncated_file(tmp_path: Path, used: Path) -> None:
    data = used.read_bytes()
    assert len(data) > 16384
    used.write_bytes(data[: len(data) // 2])
    refused(start(tmp_path, used), "damaged", "restore a backup")


def test_a_file_cut_inside_its_header(tmp_path: Path, used: Path) -> None:
    used.write_bytes(used.read_bytes()[:60])
    refused(start(tmp_path, used), "damaged")


@pytest.fixture
def read_only_file(used: Path) -> Iterator[Path]:
    used.chmod(0o444)
    yield used
    used.chmod(0o644)


def test_a_read_only_file(tmp_path: Path, read_only_file: Path) -> None:
    inject = READ_ONLY_FILE if AS_ROOT else ""
    refused(start(tmp_path, read_only_file, inject), "cannot be written", "write access")


@pytest.fixture
def read_only_folder(used: Path) -> Iterator[Path]:
    for leftover in used.parent.glob("*.lock"):
        leftover.unlink()
    used.parent.chmod(0o555)
    yield used
    used.parent.chmod(0o755)


def test_a_read_only_folder(tmp_path: Path, read_only_folder: Path) -> None:
    inject = READ_ONLY_FOLDER if AS_ROOT else ""
    refused(start(tmp_path, read_only_folder, inject), "cannot be written", "folder")


def test_a_full_disk_at_start(tmp_path: Path) -> None:
    line = refused(start(tmp_path, tmp_path / "new.sqlite3", FULL_DISK), "disk is full")
    assert "free some space" in line


def test_a_failing_migration(tmp_path: Path, used: Path) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    for _, path in migration_files():
        (folder / path.name).write_text(path.read_text())
    (folder / "9000_broken.sql").write_text("CREATE TABLE extra (x INTEGER);\nNOT SQL;\n")
    inject = "import pathlib, bot.store.migrations as d\n"
    inject += f"d.MIGRATIONS_DIR = pathlib.Path({str(folder)!r})\n"
    refused(start(tmp_path, used, inject), "9000_broken.sql", "rolled back")
    with sqlite3.connect(used) as raw:
        tables = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
        versions = [row[0] for row in raw.execute("SELECT version FROM schema_migrations")]
    assert "extra" not in tables and 9000 not in versions


def test_a_database_from_a_newer_version(tmp_path: Path, used: Path) -> None:
    with sqlite3.connect(used) as raw:
        raw.execute("INSERT INTO schema_migrations VALUES (9999, '9999_future.sql', 'later')")
    line = refused(start(tmp_path, used), "newer Symposion", "schema 9999")
    assert "run the newer version" in line


def test_a_second_process_on_the_same_file(tmp_path: Path, used: Path) -> None:
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import asyncio, sys\nfrom bot.store import Store\n"
            "async def hold():\n"
            f"    store = await Store.open({str(used)!r})\n"
            "    print('holding', flush=True)\n"
            "    sys.stdin.readline()\n"
            "    await store.close()\n"
            "asyncio.run(hold())\n",
        ],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        refused(start(tmp_path, used), "in use by another Symposion process")
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=60)
    assert holder.returncode == 0
    asyncio.run(open_and_close(used))  # the lock went with the first process


async def open_and_close(path: Path) -> None:
    store = await Store.open(path)
    await store.close()


def connection_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if "_connection_worker_thread" in t.name]


@pytest.mark.parametrize("fault", ["corrupt", "migration", "full"])
async def test_a_failed_open_leaves_no_connection_thread_or_lock(
    tmp_path: Path, fault: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.sqlite3"
    before = connection_threads()
    expected: type[Exception] = StoreUnusable
    if fault == "corrupt":
        path.write_bytes(random.Random(2).randbytes(8192))
    elif fault == "migration":
        (tmp_path / "0001_bad.sql").write_text("NOT SQL;\n")
        monkeypatch.setattr("bot.store.migrations.MIGRATIONS_DIR", tmp_path)
        expected = MigrationFailed
    else:
        real = SqliteBackend._configure

        async def full(db: object) -> None:
            await real(db)  # type: ignore[arg-type]
            await db.execute("PRAGMA max_page_count = 1")  # type: ignore[attr-defined]

        monkeypatch.setattr(SqliteBackend, "_configure", staticmethod(full))
    with pytest.raises(expected):
        await asyncio.wait_for(Store.open(path), timeout=30)
    for thread in set(connection_threads()) - set(before):
        thread.join(timeout=30)  # closed connections end their thread; an open one never does
        assert not thread.is_alive()
    monkeypatch.undo()
    if fault != "corrupt":
        await asyncio.wait_for(open_and_close(path), timeout=30)  # not locked any more
