"""The PostgreSQL backend: an asyncpg pool, our SQL translated by rule (bot/store/dialect.py).

A pool replaces a connection the server closed (a restart) on its next use, so the bot
reconnects by itself; a statement that meets a lost connection raises DatabaseUnavailable.
Errors are said in one line that names the server by host, port, database and user, never
by the password.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager, suppress
from typing import Any, Self
from urllib.parse import urlsplit

import asyncpg

from bot.store import dialect
from bot.store.backend import Backend, Result, Row, ScriptFailed
from bot.store.errors import Conflict, DatabaseUnavailable, StoreUnusable
from bot.store.shard_locks import MIGRATE_KEY, SCHEMA, TURNS, PgShardLocks

# What a lost or refused connection looks like (a restart: the server says it is shutting
# down or starting up, or the socket is simply gone).
GONE: tuple[type[BaseException], ...] = (
    OSError,
    asyncpg.PostgresConnectionError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.CannotConnectNowError,
    asyncpg.InterfaceError,
)
SHAPE = "postgresql://user:password@host:port/database"
_UNAVAILABLE = "the database server is not answering (restarting?)"


def _conflict(error: Any) -> Conflict:
    """asyncpg's integrity error as the store's own, with the refusing constraint's name."""
    return Conflict(
        " ".join(str(error).split()), constraint=getattr(error, "constraint_name", None)
    )


def redacted(url: str) -> str:
    """The URL without its password (what any message may show)."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or "localhost"
        port = parts.port or 5432
    except ValueError:
        return "DATABASE_URL"
    user = f"{parts.username}@" if parts.username else ""
    return f"{parts.scheme}://{user}{host}:{port}{parts.path}"


def _said(error: BaseException, url: str) -> str:
    """An error's text on one line, the password blanked out if it was ever echoed."""
    text = " ".join(str(error).split()) or type(error).__name__
    with suppress(ValueError):
        password = urlsplit(url).password
        if password:
            text = text.replace(password, "***")
    return text


def connect_problem(url: str, error: BaseException) -> StoreUnusable:
    """The one line for a PostgreSQL server that could not be used at start."""
    where = redacted(url)
    if isinstance(error, ValueError):  # asyncpg's DSN parser (a bad port, an unknown option)
        return StoreUnusable(f"DATABASE_URL is not a usable PostgreSQL URL: write it as {SHAPE}.")
    if isinstance(
        error, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError
    ):
        return StoreUnusable(
            f"the PostgreSQL server at {where} refused the user or password: fix them in "
            "DATABASE_URL."
        )
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return StoreUnusable(
            f"the PostgreSQL server at {where} has no such database: create it (createdb) or "
            "fix its name in DATABASE_URL."
        )
    if isinstance(error, OSError | TimeoutError):
        return StoreUnusable(
            f"cannot reach the PostgreSQL server at {where} ({_said(error, url)}): start it, "
            "or fix the host and port in DATABASE_URL."
        )
    return StoreUnusable(
        f"the PostgreSQL server at {where} cannot be used ({_said(error, url)}): check it and "
        "DATABASE_URL."
    )


def _count(status: str) -> int:
    """Rows touched, from a command tag such as 'UPDATE 1' or 'INSERT 0 1'."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


async def _nothing_to_reset(con: Any) -> None:
    """The pool's default reset is a round trip per statement; we leave no session state.

    Every transaction ends in COMMIT or ROLLBACK, and the store sets no session settings or
    listeners; the shard locks live on a connection of their own, outside this pool, and the
    migration lock is given back before its connection is (or the connection is dropped).
    """


class PgTx:
    """The statements of one PostgreSQL transaction (or of one read outside any)."""

    def __init__(self, con: Any, id_tables: frozenset[str]) -> None:
        self._con = con
        self._id_tables = id_tables
        # Queued: a statement, its parameter rows (None: one row, `params`), its parameters,
        # and what to raise unless it changes exactly one row (None: any count will do).
        self._later: list[
            tuple[str, list[Sequence[object]] | None, Sequence[object], Exception | None]
        ] = []

    def later(self, sql: str, params: Sequence[object] = ()) -> None:
        """Queue a statement whose result nobody reads (run before the next, or at the end)."""
        self._later.append((sql, None, params, None))

    def later_many(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """`later` for one statement once per parameter row."""
        self._later.append((sql, [tuple(row) for row in rows], (), None))

    def later_one(self, sql: str, params: Sequence[object], refused: Exception) -> None:
        """Queue a write that must change exactly one row (a version check), else `refused`."""
        self._later.append((sql, None, params, refused))

    async def flush(self) -> None:
        """Run the queued statements, in order (asyncpg sends each on its own anyway)."""
        while self._later:
            sql, rows, params, refused = self._later.pop(0)
            if rows is None:
                result = await self._run(sql, params)
                if refused is not None and result.rowcount != 1:
                    self._later.clear()
                    raise refused
            else:
                await self._many(sql, rows)

    async def execute(self, sql: str, params: Sequence[object] = ()) -> Result:
        """Run one statement; an INSERT into a table with an id gives back the new id."""
        await self.flush()
        return await self._run(sql, params)

    async def _run(self, sql: str, params: Sequence[object]) -> Result:
        text = dialect.statement(sql)
        returning = " RETURNING " in f" {text.upper()} "
        try:
            if dialect.inserted_table(sql) in self._id_tables and not returning:
                rows = await self._con.fetch(f"{text} RETURNING id", *params)
                return Result(len(rows), int(rows[0]["id"]) if rows else None)
            if sql.lstrip()[:4].upper() in ("SELE", "WITH") or returning:
                found: list[Row] = list(await self._con.fetch(text, *params))
                return Result(len(found), None, found)
            return Result(_count(await self._con.execute(text, *params)))
        except asyncpg.IntegrityConstraintViolationError as error:
            raise _conflict(error) from error
        except GONE as error:
            raise DatabaseUnavailable(_UNAVAILABLE) from error

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement once per parameter row."""
        await self.flush()
        await self._many(sql, [tuple(row) for row in rows])

    async def _many(self, sql: str, batch: list[Sequence[object]]) -> None:
        if not batch:
            return
        try:
            await self._con.executemany(dialect.statement(sql), batch)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise _conflict(error) from error
        except GONE as error:
            raise DatabaseUnavailable(_UNAVAILABLE) from error

    async def take_turn(self, queue: str) -> None:
        """A transaction-scoped advisory lock for `queue`, keyed by our schema (shard_locks.py):
        the other transactions taking this turn wait until this one ends."""
        await self.execute(f"SELECT pg_advisory_xact_lock({SCHEMA}, {TURNS[queue]})")


class PostgresBackend:
    """One PostgreSQL database through a small asyncpg pool."""

    dialect = "postgresql"

    def __init__(self, pool: Any, url: str) -> None:
        self._pool = pool
        self._url = url
        self.name = redacted(url)
        self._id_tables: frozenset[str] = frozenset()
        self.shard_locks = PgShardLocks(url)  # several processes may share one database

    @classmethod
    async def open(cls, url: str, after: Callable[[Backend], Awaitable[None]]) -> Self:
        """Connect (one line and StoreUnusable if that fails), then run `after` (migrations)."""
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=4, timeout=5, reset=_nothing_to_reset
            )
        except Exception as error:
            raise connect_problem(url, error) from None
        backend = cls(pool, url)
        try:
            async with backend._one_at_a_time():
                await backend._learn_id_tables()
                await after(backend)
                await backend._learn_id_tables()
        except BaseException as error:
            with suppress(Exception):
                await pool.close()
            if isinstance(error, asyncpg.PostgresError | OSError):
                raise connect_problem(url, error) from None
            raise
        return backend

    @asynccontextmanager
    async def _one_at_a_time(self) -> AsyncIterator[None]:
        """Shard processes started together on an empty database migrate it one after another.

        A session advisory lock (keyed by the schema, bot/store/shard_locks.py) on a pooled
        connection held meanwhile; the others wait for it, then find nothing left to apply.
        """
        async with self._connection() as con:
            await con.execute(f"SELECT pg_advisory_lock({SCHEMA}, $1)", MIGRATE_KEY)
            try:
                yield
            finally:
                try:
                    await con.execute(f"SELECT pg_advisory_unlock({SCHEMA}, $1)", MIGRATE_KEY)
                except Exception:
                    con.terminate()  # never back into the pool still holding the lock

    async def _learn_id_tables(self) -> None:
        """Tables with an `id` column: an INSERT into one returns the new row's id."""
        rows = await self.all(
            "SELECT table_name FROM information_schema.columns"
            " WHERE column_name = 'id' AND table_schema = current_schema()"
        )
        self._id_tables = frozenset(str(row[0]).lower() for row in rows)

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Any]:
        """A pooled connection (a fresh one if the server closed the old); always given back."""
        try:
            con = await self._pool.acquire()
        except GONE as error:
            raise DatabaseUnavailable(_UNAVAILABLE) from error
        try:
            yield con
        finally:
            with suppress(Exception):
                await self._pool.release(con)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgTx]:
        """BEGIN … COMMIT on one pooled connection, rolled back on any error."""
        async with self._connection() as con:
            tx = con.transaction()
            try:
                await tx.start()
            except GONE as error:
                raise DatabaseUnavailable(_UNAVAILABLE) from error
            except BaseException:
                # Cancelled once BEGIN was sent (asyncpg already counts the transaction as
                # the connection's): never pooled with it open, or asyncpg logs an ERROR
                # ("Resetting connection with an active transaction") when it is given back.
                con.terminate()
                raise
            pg = PgTx(con, self._id_tables)
            try:
                yield pg
                await pg.flush()
            except BaseException:
                try:
                    await tx.rollback()
                except Exception:
                    pass  # the connection is gone: the server rolled back already
                except BaseException:
                    con.terminate()  # cancelled mid-ROLLBACK: never pooled inside a transaction
                    raise
                raise
            try:
                await tx.commit()
            except GONE as error:
                raise DatabaseUnavailable(_UNAVAILABLE, maybe_committed=True) from error
            except BaseException:
                con.terminate()  # cancelled mid-COMMIT (a bot closing): not pooled half-done
                raise

    async def all(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Every row of one read."""
        async with self._connection() as con:
            return (await PgTx(con, self._id_tables).execute(sql, params)).rows

    async def run_script(self, script: str) -> None:
        """The statements (translated) as one transaction; a server error rolls all back."""
        async with self._connection() as con:
            try:
                async with con.transaction():
                    await con.execute(dialect.script(script))
            except asyncpg.PostgresError as error:
                raise ScriptFailed(_said(error, self._url)) from error
        await self._learn_id_tables()

    async def write_check(self, version: int) -> None:
        """One real (no-op) write, so a read-only role fails at start, not at a move."""
        async with self.transaction() as tx:
            await tx.execute(
                "UPDATE schema_migrations SET name = name WHERE version = ?", (version,)
            )

    async def close(self) -> None:
        """Close every pooled connection, then give the shard locks back."""
        await self._pool.close()
        await self.shard_locks.release()
