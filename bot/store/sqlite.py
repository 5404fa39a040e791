"""The sqlite backend: one aiosqlite connection, WAL, a lock file, statements under one lock."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from functools import partial
from pathlib import Path
from typing import Self

import aiosqlite

from bot.store.backend import Backend, Row, ScriptFailed, ShardLocks
from bot.store.faults import damaged, unusable
from bot.store.lock import acquire, release
from bot.store.sqlite_tx import (
    MINE,
    SqliteTx,
    _bare,
    _Refused,
    _statement,
    in_thread,
    refusal,
)

__all__ = ["GROUP_LIMIT", "MINE", "SqliteBackend", "SqliteTx", "in_thread"]

# Transactions that wait for the connection while another runs share its commit (see
# SqliteBackend.transaction), at most this many: one disk sync instead of one each.
GROUP_LIMIT = 32
_Waiting = tuple[SqliteTx, "asyncio.Future[None]"]  # a transaction that reads nothing, and its end
# Files this process checked and then closed, with how they looked on disk once closed: the
# bot checks its file before connecting to Discord and opens it again at once (start-up reads
# every page twice otherwise, 0.25-0.7 s for 10,000 games). A file changed since is checked.
_CLOSED_CHECKED: dict[str, tuple[int, int, int, int] | None] = {}


def _settle(ended: asyncio.Future[None], error: BaseException | None) -> None:
    """End a batched transaction's wait: done, or with its error."""
    if ended.done():
        return
    if error is None:
        ended.set_result(None)
    else:
        ended.set_exception(error)


def _follow(ended: asyncio.Future[None], group: asyncio.Future[None]) -> None:
    """A batched transaction ends as its group's commit did."""
    _settle(ended, group.exception() if not group.cancelled() else asyncio.CancelledError())


def _retrieved(group: asyncio.Future[None]) -> None:
    """Mark a group's failure as seen (each caller still raises it, or its own error)."""
    if not group.cancelled():
        group.exception()


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
        self._batch: list[_Waiting] = []  # transactions that read nothing, to send together
        self._sender: asyncio.Task[None] | None = None  # sends them, batch after batch

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
        """Close the connection (after any running statement and batch) and give back the file
        lock."""
        if self._sender is not None:
            await asyncio.gather(self._sender, return_exceptions=True)
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

        A transaction takes the connection only when a statement needs an answer (`_join`);
        one that only queues statements (a move) never holds it: at its end it waits in a
        batch with the others that did the same (`_batched`), all sent in one trip.
        """
        tx = SqliteTx(self._db, self._join)
        try:
            yield tx
        except BaseException:
            if tx.group is not None:
                try:
                    await self._undo(tx, tx.group)
                finally:
                    await self._leave(tx.group)
            raise
        if tx.group is None:  # nothing read: it joins the next batch (issue 23)
            if tx.pending:
                await self._batched(tx)
            return
        try:
            if tx.started or tx.pending:
                await self._keep(tx.group, tx)
        finally:
            await self._leave(tx.group)
        await asyncio.shield(tx.group)

    async def _join(self, tx: SqliteTx) -> None:
        """Take the connection for a transaction that reads (its first statement needing an
        answer), in the open group: it holds the connection until its end."""
        group = await self._enter()
        first = [] if self._db.in_transaction else ["BEGIN IMMEDIATE"]
        tx.opens(group, [*first, f"SAVEPOINT {MINE}"])

    async def _batched(self, tx: SqliteTx) -> None:
        """A transaction that read nothing: its statements go in the next batch, every such
        transaction waiting then sent in one trip to the connection's thread, each in its own
        savepoint (one that is refused undoes only itself), committed with the group.

        Under load each trip costs a wake-up of the thread and of the busy event loop while the
        connection waits: one trip per transaction held 50 games' moves in a queue for a
        third of their time. Cancelled before its batch is sent, nothing of it is stored.
        """
        ended = asyncio.get_running_loop().create_future()
        ended.add_done_callback(_retrieved)  # a caller cancelled meanwhile never awaits it
        waiting = (tx, ended)
        self._batch.append(waiting)
        if self._sender is None or self._sender.done():
            self._sender = asyncio.create_task(self._send_batches(), name="symposion: sqlite batch")
        try:
            await asyncio.shield(ended)
        except asyncio.CancelledError:
            if waiting in self._batch:
                self._batch.remove(waiting)  # never sent
            raise

    async def _send_batches(self) -> None:
        """Send the waiting batch, then the one that gathered meanwhile, until none waits."""
        while self._batch:
            try:
                group = await self._enter()
            except BaseException as error:  # the bot is closing: nobody waits for nothing
                batch, self._batch = self._batch, []
                for _, ended in batch:
                    _settle(ended, error)
                raise
            batch, self._batch = self._batch[:GROUP_LIMIT], self._batch[GROUP_LIMIT:]
            try:
                await self._send(group, batch)
            finally:
                await self._leave(group)

    async def _send(self, group: asyncio.Future[None], batch: list[_Waiting]) -> None:
        """One trip for the whole batch (at most GROUP_LIMIT), as members of the group (see
        `_keep`)."""
        if not batch:
            return
        self._members += len(batch) - 1  # the group counts the transactions it commits
        last = not self._waiting or self._members >= GROUP_LIMIT
        first = [] if self._db.in_transaction else ["BEGIN IMMEDIATE"]
        for tx, _ in batch:
            tx.opens(group, [f"SAVEPOINT {MINE}"])
        closes = [tx._closing([f"RELEASE {MINE}"]) for tx, _ in batch]

        def send(conn: sqlite3.Connection) -> list[BaseException | None]:
            _bare(conn, first)
            refused: list[BaseException | None] = []
            for close in closes:
                try:
                    close(conn)
                    refused.append(None)
                except _Refused as their:  # that caller's part undone; the others stand
                    refused.append(their.args[0])
            _bare(conn, ["COMMIT"] if last else [])
            return refused

        try:
            refusals = await in_thread(self._db, send)
        except BaseException as error:
            self._fail(group, error)
            for _, ended in batch:
                _settle(ended, error)
            return
        if last and not group.done():
            group.set_result(None)
        for (_, ended), failed in zip(batch, refusals, strict=True):
            if failed is not None:
                _settle(ended, refusal(failed))
            else:
                group.add_done_callback(partial(_follow, ended))

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
            raise refusal(refused.args[0]) from None
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
