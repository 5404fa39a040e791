"""The sqlite backend: one aiosqlite connection, WAL, a lock file, statements under one lock."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Self, TypeVar

import aiosqlite

from bot.store.backend import Backend, Result, Row, ScriptFailed, ShardLocks
from bot.store.errors import Conflict
from bot.store.faults import damaged, unusable
from bot.store.lock import acquire, release

T = TypeVar("T")


# Transactions that wait for the connection while another runs share its commit (see
# SqliteBackend.transaction), at most this many: one disk sync instead of one each.
GROUP_LIMIT = 32
MINE = "symposion_tx"  # the savepoint that keeps one caller's statements apart in a group
_INDEX = re.compile(r"\bindex '(\w+)'")  # how sqlite names a refusing unique index
# Files this process checked and then closed, with how they looked on disk once closed: the
# bot checks its file before connecting to Discord and opens it again at once (start-up reads
# every page twice otherwise, 0.25-0.7 s for 10,000 games). A file changed since is checked.
_CLOSED_CHECKED: dict[str, tuple[int, int, int, int] | None] = {}


def _conflict(error: sqlite3.IntegrityError) -> Conflict:
    """sqlite's integrity error as the store's own, with the refusing index's name if said."""
    said = " ".join(str(error).split())
    named = _INDEX.search(said)
    return Conflict(said, constraint=None if named is None else named.group(1))


def _bare(conn: sqlite3.Connection, statements: Sequence[str]) -> None:
    """Statements without parameters or rows, in order."""
    for sql in statements:
        conn.execute(sql).close()


def _statement(conn: sqlite3.Connection, sql: str, params: Sequence[object]) -> Result:
    """Execute, read every row, note the counts and close the cursor: one statement, whole."""
    cursor = conn.execute(sql, params)
    try:
        return Result(cursor.rowcount, cursor.lastrowid, list(cursor.fetchall()))
    finally:
        cursor.close()


def _many(conn: sqlite3.Connection, sql: str, rows: list[Sequence[object]]) -> None:
    """One statement once per row."""
    conn.executemany(sql, rows).close()


# A statement queued, its parameter rows, and what to raise unless it changes exactly one row
# (None: any count will do).
_Queued = tuple[str, list[Sequence[object]], Exception | None]


class _Unchanged(Exception):
    """A queued statement that had to change one row did not (its refusal the one argument)."""


class _Refused(Exception):
    """A queued statement failed (its sqlite error the one argument) at a caller's end of a
    transaction; only that caller's part was undone."""


def _retrieved(group: asyncio.Future[None]) -> None:
    """Mark a group's failure as seen (each caller still raises it, or its own error)."""
    if not group.cancelled():
        group.exception()


async def in_thread(db: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run `work` on the connection's own thread in one hop (issue 16 §5).

    aiosqlite's cursor API takes three hops per statement (execute, fetch, close), each a
    thread wake-up and a loop wake-up. `_execute` is not public, but it is the call every
    public aiosqlite helper queues its work with (checked by the store tests on each run).
    """
    run: Callable[..., Awaitable[T]] = db._execute
    return await run(lambda: work(db._conn))


def _looks(path: str | Path) -> tuple[int, int, int, int] | None:
    """What tells a file changed: its device, inode, size and modification time (in ns)."""
    try:
        seen = Path(path).stat()
    except OSError:  # gone, or not a file (":memory:")
        return None
    return (seen.st_dev, seen.st_ino, seen.st_size, seen.st_mtime_ns)


def _unchanged_since_checked(path: str | Path) -> bool:
    """Whether this process checked the file, closed it, and nothing has written it since."""
    before = _CLOSED_CHECKED.pop(str(path), None)
    return before is not None and before == _looks(path) and not _wal(path).exists()


def _wal(path: str | Path) -> Path:
    """sqlite's write-ahead log beside the file: left behind, it holds writes not yet checked."""
    return Path(f"{path}-wal")


class SqliteTx:
    """The statements of one caller's part of a transaction; `first` are the bare statements
    (BEGIN, SAVEPOINT) still to run, and queued ones (`later`): all go with its next one."""

    def __init__(self, db: aiosqlite.Connection, first: list[str]) -> None:
        self._db = db
        self._first = first
        self._later: list[_Queued] = []
        self.started = False  # its savepoint exists: its statements can be undone alone

    @property
    def pending(self) -> bool:
        """Whether queued statements are still to be sent."""
        return bool(self._later)

    def later(self, sql: str, params: Sequence[object] = ()) -> None:
        """Queue a write whose result nobody reads: no trip to the thread of its own."""
        self._later.append((sql, [params], None))

    def later_many(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """`later` for one statement once per parameter row."""
        self._later.append((sql, list(rows), None))

    def later_one(self, sql: str, params: Sequence[object], refused: Exception) -> None:
        """Queue a write that must change exactly one row (a version check), else `refused`."""
        self._later.append((sql, [params], refused))

    def _due(self) -> tuple[list[str], list[_Queued]]:
        """Take what must run before the next statement (on the loop, before the trip)."""
        first, self._first = self._first, []
        later, self._later = self._later, []
        return first, later

    def _opened(
        self, conn: sqlite3.Connection, first: list[str], later: list[_Queued]
    ) -> sqlite3.Connection:
        """Run the bare and queued statements due (on the connection's thread), then hand the
        connection on: they travel with the caller's next statement, in its one trip."""
        _bare(conn, first)
        self.started = self.started or bool(first)
        for sql, rows, refused in later:
            if refused is None:
                _many(conn, sql, rows)  # writes only: for one row the same as execute
            elif _statement(conn, sql, rows[0]).rowcount != 1:
                raise _Unchanged(refused)
        return conn

    async def execute(self, sql: str, params: Sequence[object] = ()) -> Result:
        """Run one statement; rows read (if any) come back with it, in one trip to the thread."""
        first, later = self._due()
        try:
            return await in_thread(
                self._db, lambda conn: _statement(self._opened(conn, first, later), sql, params)
            )
        except sqlite3.IntegrityError as error:
            raise _conflict(error) from error
        except _Unchanged as unchanged:
            raise unchanged.args[0] from None

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement once per parameter row."""
        listed = list(rows)
        first, later = self._due()
        try:
            await in_thread(
                self._db, lambda conn: _many(self._opened(conn, first, later), sql, listed)
            )
        except sqlite3.IntegrityError as error:
            raise _conflict(error) from error
        except _Unchanged as unchanged:
            raise unchanged.args[0] from None

    def _closing(self, statements: list[str]) -> Callable[[sqlite3.Connection], None]:
        """The caller's end in one trip: its queued statements, then `statements`; one that
        fails undoes this caller's part in that trip (_Refused): the group's others stand."""
        first, later = self._due()

        def close(conn: sqlite3.Connection) -> None:
            try:
                self._opened(conn, first, later)
            except (sqlite3.Error, _Unchanged) as error:
                if self.started:
                    _bare(conn, [f"ROLLBACK TO {MINE}", f"RELEASE {MINE}"])
                raise _Refused(error) from error
            _bare(conn, statements)

        return close

    async def take_turn(self, queue: str) -> None:
        """Nothing to wait for: sqlite's one writer runs one transaction at a time."""


class SqliteBackend:
    """One sqlite file, opened safely: lock file, WAL, foreign keys, a damage check."""

    dialect = "sqlite"
    shard_locks: ShardLocks | None = None  # one process holds the file: no shards to claim

    def __init__(self, db: aiosqlite.Connection, name: str, lock: Path | None) -> None:
        self._db = db
        self.name = name
        self._lock = asyncio.Lock()
        self._file_lock = lock
        self._waiting = 0  # transactions waiting for the lock (they will join the open group)
        self._group: asyncio.Future[None] | None = None  # the open group's commit
        self._members = 0  # callers in the open group
        self._flushing: set[asyncio.Task[None]] = set()

    @classmethod
    async def open(cls, path: str | Path, after: Callable[[Backend], Awaitable[None]]) -> Self:
        """Open (creating if needed) the file and run `after` on it (the migrations).

        Any failure closes the connection (its thread would keep the process alive) and gives
        back the lock; sqlite and OS errors become one-line StoreUnusable errors.
        """
        lock = acquire(path)
        checked = _unchanged_since_checked(path)  # before connecting makes its log file
        db: aiosqlite.Connection | None = None
        step = "opening it"
        try:
            db = await aiosqlite.connect(str(path), isolation_level=None)
            db.row_factory = sqlite3.Row
            step = "setting it up"
            await cls._configure(db)
            problem = None if checked else await cls._damage(db)
            if problem is not None:
                raise damaged(path, problem)
            backend = cls(db, str(path), lock)
            step = "migrating it"
            await after(backend)
        except BaseException as error:
            if db is not None:
                with suppress(Exception):
                    await db.close()
            release(lock)
            if isinstance(error, sqlite3.Error | OSError):
                raise unusable(path, error, step) from error
            raise
        return backend

    @staticmethod
    async def _configure(db: aiosqlite.Connection) -> None:
        """The connection's settings; reading the schema here finds a damaged file early."""
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA foreign_keys = ON")
        # FULL: every commit reaches the disk before the bot answers, even on power loss.
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA busy_timeout = 5000")

    @staticmethod
    async def _damage(db: aiosqlite.Connection) -> str | None:
        """sqlite's quick check (every page, no index contents): a truncated file fails here."""
        async with db.execute("PRAGMA quick_check(1)") as cursor:
            row = await cursor.fetchone()
        verdict = "no answer" if row is None else str(row[0])
        return None if verdict == "ok" else " ".join(verdict.split())[:120]

    async def write_check(self, version: int) -> None:
        """One real write at start, so a read-only file or folder fails now, not at a move."""
        async with self._lock:
            await self._db.execute(f"PRAGMA user_version = {int(version)}")

    async def close(self) -> None:
        """Close the connection (after any running statement) and give back the file lock."""
        async with self._lock:
            if self._group is not None:
                await self._finish(self._group)  # a group whose next member never came
            await self._db.close()
        _CLOSED_CHECKED[self.name] = _looks(self.name)
        if self._file_lock is not None:
            release(self._file_lock)
            self._file_lock = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTx]:
        """One caller's all-or-nothing changes, committed before this returns.

        Group commit (issue 16 §5): a commit waits for the disk (synchronous FULL), several
        ms, and the connection does one thing at a time; so callers that queued up while a
        transaction ran add their changes to the same BEGIN IMMEDIATE … COMMIT, each inside a
        savepoint of its own (a caller's error undoes only its statements), and the last one
        in commits for all. Each returns only once that commit is done; if it fails, each
        caller gets the error, as with a commit of its own.
        """
        group = await self._enter()
        first = [] if self._db.in_transaction else ["BEGIN IMMEDIATE"]
        tx = SqliteTx(self._db, [*first, f"SAVEPOINT {MINE}"])
        try:
            try:
                yield tx
            except BaseException:
                await self._undo(tx, group)
                raise
            if tx.started or tx.pending:
                await self._keep(group, tx)
        finally:
            await self._leave(group)
        await asyncio.shield(group)

    async def _enter(self) -> asyncio.Future[None]:
        """Take the connection; the open group's commit (a new group when none is open)."""
        self._waiting += 1
        try:
            await self._lock.acquire()
        except BaseException:
            self._waiting -= 1
            if not self._waiting and self._group is not None and not self._lock.locked():
                self._flush_later()  # the group waited for this caller, who gave up
            raise
        self._waiting -= 1
        if self._group is None:
            self._group, self._members = asyncio.get_running_loop().create_future(), 0
            self._group.add_done_callback(_retrieved)  # a caller that failed never awaits it
        self._members += 1
        return self._group

    async def _undo(self, tx: SqliteTx, group: asyncio.Future[None]) -> None:
        """Undo this caller's statements only; if that fails, the whole group fails."""
        if not tx.started:
            return
        undo = [f"ROLLBACK TO {MINE}", f"RELEASE {MINE}"]
        try:
            await in_thread(self._db, lambda conn: _bare(conn, undo))
        except BaseException as error:
            self._fail(group, error)

    async def _keep(self, group: asyncio.Future[None], tx: SqliteTx) -> None:
        """Fold this caller's statements (queued ones sent now) into the group's transaction;
        when nobody else is queued to join it, commit it in the same trip to the connection's
        thread (one wake-up less per transaction, the common case of a bot that is not busy)."""
        last = not self._waiting or self._members >= GROUP_LIMIT
        statements = [f"RELEASE {MINE}", *(["COMMIT"] if last else [])]
        try:
            await in_thread(self._db, tx._closing(statements))
        except _Refused as refused:  # this caller's part undone; `_leave` commits the rest
            failed: sqlite3.Error | _Unchanged = refused.args[0]
            if isinstance(failed, _Unchanged):
                raise failed.args[0] from None
            if isinstance(failed, sqlite3.IntegrityError):
                raise _conflict(failed) from failed
            raise failed from None
        except BaseException as error:
            self._fail(group, error)
            raise
        if last and not group.done():
            group.set_result(None)  # committed; `_leave` finds the group done and closes it

    @staticmethod
    def _fail(group: asyncio.Future[None], error: BaseException) -> None:
        """Every member of the group is told its change did not count."""
        if not group.done():
            failure = error if isinstance(error, Exception) else sqlite3.OperationalError(error)
            group.set_exception(failure)

    async def _leave(self, group: asyncio.Future[None]) -> None:
        """Commit the group unless more callers are queued to join it (up to GROUP_LIMIT)."""
        try:
            if group.done() or not self._waiting or self._members >= GROUP_LIMIT:
                await self._finish(group)
        finally:
            self._lock.release()

    async def _finish(self, group: asyncio.Future[None]) -> None:
        """COMMIT (or, for a failed group, ROLLBACK) and tell every member; the lock is held."""
        self._group = None
        try:
            if group.done() or not self._db.in_transaction:
                if self._db.in_transaction:
                    await self._db.rollback()
            else:
                await self._db.commit()
        except BaseException as error:
            with suppress(sqlite3.Error):
                if self._db.in_transaction:
                    await self._db.rollback()
            self._fail(group, error)
        if not group.done():
            group.set_result(None)

    def _flush_later(self) -> None:
        """Commit an open group nobody else will join (its last waiter was cancelled)."""

        async def flush() -> None:
            async with self._lock:
                if self._group is not None:
                    await self._finish(self._group)

        task = asyncio.get_running_loop().create_task(flush())
        self._flushing.add(task)
        task.add_done_callback(self._flushing.discard)

    async def all(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Every row of one read (one trip to the connection's thread)."""
        async with self._lock:
            return (await in_thread(self._db, lambda conn: _statement(conn, sql, params))).rows

    async def run_script(self, script: str) -> None:
        """The statements in one BEGIN IMMEDIATE … COMMIT; a sqlite error rolls all back."""
        async with self._lock:
            try:
                await self._db.executescript(f"BEGIN IMMEDIATE;\n{script}\nCOMMIT;")
            except BaseException as error:
                if self._db.in_transaction:
                    await self._db.rollback()
                if isinstance(error, sqlite3.Error):
                    raise ScriptFailed(" ".join(str(error).split())) from error
                raise
