"""A DATABASE_URL that cannot be used: one line, a non-zero exit, and never the password.

Each case starts `python -m bot`'s main() in a process of its own, as someone running the bot would
(malformed URLs are settings problems: exit 2; a server that cannot be used: exit 3). Last, a
write cancelled while its transaction begins (a bot closing) leaves no transaction open.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.store import Store, migration_files
from tests.forked_bot import run_python
from tests.postgres_server import PostgresServer, free_port

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "a" * 24 + "." + "b" * 6 + "." + "c" * 27  # well-formed, never sent anywhere
SECRET = "Sekr3tPassw0rd"
START = "from bot.main import main\nraise SystemExit(main())\n"


def start(folder: Path, url: str) -> subprocess.CompletedProcess[str]:
    """python -m bot's main() with this DATABASE_URL, in a process of its own (forked from one
    that has imported the bot: tests/forked_bot.py); a hang raises TimeoutExpired."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_PATH")}
    env |= {"PYTHONPATH": str(ROOT), "DISCORD_TOKEN": TOKEN, "DATABASE_URL": url}
    return run_python(START, env, folder)  # folder: no .env here


def one_line(done: subprocess.CompletedProcess[str], status: int, *words: str) -> str:
    """The single line printed, after checking the exit status and that no secret shows."""
    assert done.returncode == status, (done.returncode, done.stderr[-2000:])
    assert SECRET not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and done.stdout == "", done.stderr[-2000:]
    line = lines[0]
    assert line.startswith("symposion: ") and "Traceback" not in line
    for word in words:
        assert word in line, line
    return line


@pytest.mark.parametrize(
    "url",
    [
        f"mysql://bot:{SECRET}@localhost/games",
        f"postgresql://bot:{SECRET}@localhost:notaport/games",
        f"postgresql://bot:{SECRET}@localhost:99999999/games",
        f"postgres//bot:{SECRET}@localhost/games",
    ],
)
def test_a_malformed_url_is_one_line(tmp_path: Path, url: str) -> None:
    one_line(start(tmp_path, url), 2, "DATABASE_URL", "postgresql://")


def test_an_unreachable_server_is_one_line(tmp_path: Path) -> None:
    url = f"postgresql://bot:{SECRET}@127.0.0.1:{free_port()}/games"
    line = one_line(start(tmp_path, url), 3, "cannot reach", "DATABASE_URL")
    assert f"127.0.0.1:{url.rsplit(':', 1)[1].split('/')[0]}" in line


def test_a_refused_password_is_one_line(tmp_path: Path, postgres_server: PostgresServer) -> None:
    url = postgres_server.url(password=SECRET)
    line = one_line(start(tmp_path, url), 3, "refused the user or password", "DATABASE_URL")
    assert "symposion@127.0.0.1" in line  # which user and server, so it can be fixed


def test_a_missing_database_is_one_line(tmp_path: Path, postgres_server: PostgresServer) -> None:
    url = postgres_server.url("no_such_database")
    line = one_line(start(tmp_path, url), 3, "no such database", "createdb")
    assert postgres_server.password not in line


async def test_a_good_url_starts_and_migrates(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    """The check a start makes passes on a real server (then Discord refuses the fake token)."""
    url = await postgres_server.new_database()
    done = start(tmp_path, url)
    assert "database" not in done.stderr.lower(), done.stderr[-2000:]
    assert postgres_server.password not in done.stderr + done.stdout
    async with await Store.open(url, migrate=False) as store:
        assert await store.schema_versions() == [n for n, _ in migration_files()]


async def test_a_write_cancelled_while_its_transaction_begins_leaves_none_open(
    postgres_server: PostgresServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """BEGIN went through, then the task was cancelled before asyncpg marked the transaction
    started: that connection must not go back to the pool with the transaction open (asyncpg
    would log "Resetting connection with an active transaction", an ERROR the e2e tests fail on).
    """
    store = await Store.open(await postgres_server.new_database())
    began = asyncio.Event()
    real = asyncpg.connection.Connection.execute

    async def stuck_after_begin(self: Any, query: str, *args: Any, **kwargs: Any) -> Any:
        done = await real(self, query, *args, **kwargs)
        if query.startswith("BEGIN"):
            began.set()
            await asyncio.Event().wait()  # only the cancel gets it out
        return done

    loop = asyncio.get_running_loop()
    reported: list[str] = []
    loop.set_exception_handler(lambda _, context: reported.append(str(context["message"])))
    try:
        monkeypatch.setattr(asyncpg.connection.Connection, "execute", stuck_after_begin)
        write = asyncio.create_task(store.languages.choose("user_languages", 7, "fr"))
        await asyncio.wait_for(began.wait(), 10)
        write.cancel()
        with pytest.raises(asyncio.CancelledError):
            await write
        monkeypatch.undo()
        await store.languages.choose("user_languages", 7, "de")
        assert await store.languages.chosen("user_languages", 7) == "de"
    finally:
        loop.set_exception_handler(None)
        await store.close()
    assert reported == []
