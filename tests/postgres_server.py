"""A real PostgreSQL server for the tests: own data folder, free local port, fresh database each.

It runs the machine's PostgreSQL binaries (Debian's `postgresql` package; `make test` installs
it when missing, see the Makefile). PostgreSQL refuses to run as root, so as root the server
runs as the `postgres` account that package creates (or `nobody`). Password login (SCRAM) is
on, so the tests can also show what a refused password looks like. Readiness is the server's
own "ready to accept connections" line, read from its log pipe: no polling, no sleeping.
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

USER = "symposion"
READY = "database system is ready to accept connections"
START_TIMEOUT = 60.0  # seconds before a server that never says it is ready is killed


class ServerFailed(RuntimeError):
    """The test PostgreSQL server could not be set up; the message says why and what to do."""


def binaries() -> Path:
    """The folder with initdb and postgres: PG_BIN, else the newest of Debian's versions."""
    chosen = os.environ.get("PG_BIN")
    found = [chosen] if chosen else sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version)
    for folder in reversed(found):
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "postgres").is_file():
            return Path(folder)
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).resolve().parent
    raise ServerFailed(
        "no PostgreSQL server binaries (initdb, postgres) found: `make test` installs Debian's "
        "postgresql package as root; or set PG_BIN to the folder that holds them."
    )


def _version(folder: str) -> int:
    part = Path(folder).parent.name
    return int(part) if part.isdigit() else 0


def _account() -> pwd.struct_passwd | None:
    """Who runs the server: nobody special unless we are root, whom PostgreSQL refuses."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise ServerFailed("running as root and no 'postgres' or 'nobody' account to run the server")


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class PostgresServer:
    """One throwaway server; `url(name)` for a database in it, `admin_url` for the default."""

    folder: Path
    port: int
    password: str
    bin: Path
    account: pwd.struct_passwd | None
    log: list[str] = field(default_factory=list)
    process: subprocess.Popen[str] | None = None
    count: int = 0
    reusable: _Reusable | None = None  # the migrated database tests share, one at a time

    @classmethod
    def create(cls) -> PostgresServer:
        """initdb in a new temporary folder, then start."""
        folder = Path(tempfile.mkdtemp(prefix="symposion-pg-"))
        server = cls(folder, free_port(), secrets.token_hex(12), binaries(), _account())
        if server.account is not None:
            os.chown(folder, server.account.pw_uid, server.account.pw_gid)
        (folder / "password").write_text(server.password)
        if server.account is not None:
            os.chown(folder / "password", server.account.pw_uid, server.account.pw_gid)
        done = server._run(
            [
                str(server.bin / "initdb"),
                "-D",
                str(folder / "data"),
                "-U",
                USER,
                "--pwfile",
                str(folder / "password"),
                "--auth",
                "scram-sha-256",
                "-E",
                "UTF8",
                "--no-sync",
            ]
        )
        if done.returncode != 0:
            server.remove()
            raise ServerFailed(f"initdb failed: {done.stdout[-1500:]}")
        server.start()
        return server

    def _run(self, command: list[str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
            cwd=self.folder,
            **self._as_account(),
        )

    def _as_account(self) -> dict[str, Any]:
        if self.account is None:
            return {}
        return {"user": self.account.pw_uid, "group": self.account.pw_gid, "extra_groups": []}

    def start(self) -> None:
        """Start postgres and return once it says it accepts connections (else ServerFailed)."""
        process = subprocess.Popen(
            [
                str(self.bin / "postgres"),
                "-D",
                str(self.folder / "data"),
                "-p",
                str(self.port),
                "-k",
                str(self.folder),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "fsync=off",
                "-c",
                "synchronous_commit=off",
                "-c",
                "full_page_writes=off",
                "-c",
                "max_connections=200",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            cwd=self.folder,
            **self._as_account(),
        )
        watchdog = threading.Timer(START_TIMEOUT, process.kill)
        watchdog.start()
        assert process.stderr is not None
        try:
            for line in process.stderr:
                self.log.append(line.rstrip())
                if READY in line:
                    break
        finally:
            watchdog.cancel()
        if process.poll() is not None:
            raise ServerFailed(
                "the test PostgreSQL server did not start: " + " | ".join(self.log[-8:])
            )
        threading.Thread(target=self._drain, args=(process,), daemon=True).start()
        self.process = process

    def _drain(self, process: subprocess.Popen[str]) -> None:
        """Keep reading the log so the server never blocks on a full pipe."""
        assert process.stderr is not None
        for line in process.stderr:
            self.log.append(line.rstrip())

    def stop(self) -> None:
        """A fast shutdown (SIGINT: sessions are ended, nothing committed is lost)."""
        if self.process is None:
            return
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=60)
        self.process = None

    def remove(self) -> None:
        """Stop and delete the data folder."""
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres", password: str | None = None) -> str:
        """A DATABASE_URL for one database in this server."""
        secret = self.password if password is None else password
        return f"postgresql://{USER}:{secret}@127.0.0.1:{self.port}/{database}"

    async def new_database(self) -> str:
        """A fresh, empty schema of its own and its URL (what a test of the migrations needs).

        asyncpg passes unknown URL parameters on as server settings: search_path here.
        """
        self.count += 1
        name = f"test_{os.getpid()}_{self.count}"
        admin = await asyncpg.connect(self.url())
        try:
            await admin.execute(f'CREATE SCHEMA "{name}"')
        finally:
            await admin.close()
        return f"{self.url()}?search_path={name}"

    async def migrated_database(self) -> str:
        """This process's migrated database, emptied for the next test: every table but
        schema_migrations, ids counted from 1 again. What a test needs whose subject is not
        the migrations, for ~10 ms instead of ~200 ms migrating (or ~600 ms copying) one.

        The previous test's bot is stopped by then (its fixtures are torn down first); a
        connection left open anyway is ended, as dropping the database would end it.
        """
        if self.reusable is None:
            self.reusable = await _Reusable.make(self, f"migrated_{os.getpid()}")
        else:
            await self.reusable.empty(self)
        return self.url(self.reusable.name)


@dataclass
class _Reusable:
    """A database the real Store has migrated, and the statements that empty it again."""

    name: str
    emptying: str

    @classmethod
    async def make(cls, server: PostgresServer, name: str) -> _Reusable:
        """Create and migrate it, then note its tables and sequences."""
        from bot.store import Store

        admin = await asyncpg.connect(server.url())
        try:
            await admin.execute(f'CREATE DATABASE "{name}"')
        finally:
            await admin.close()
        async with await Store.open(server.url(name)):
            pass
        made = await asyncpg.connect(server.url(name))
        try:
            tables = await made.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                " AND tablename <> 'schema_migrations' ORDER BY tablename"
            )
            sequences = await made.fetch(
                "SELECT sequencename FROM pg_sequences WHERE schemaname = current_schema()"
                " ORDER BY sequencename"
            )
        finally:
            await made.close()
        # Foreign keys are not checked while the rows go (replica role: the order is free).
        emptying = " ".join(
            [
                "SET session_replication_role = replica;",
                *(f'DELETE FROM "{row[0]}";' for row in tables),
                *(f'ALTER SEQUENCE "{row[0]}" RESTART;' for row in sequences),
                "RESET session_replication_role;",
            ]
        )
        return cls(name, emptying)

    async def empty(self, server: PostgresServer) -> None:
        """End any connection left on it, then delete every row and restart every id."""
        con = await asyncpg.connect(server.url(self.name))
        try:
            await con.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = $1 AND pid <> pg_backend_pid()",
                self.name,
            )
            await con.execute(self.emptying)
        finally:
            await con.close()
