"""Claiming shards on PostgreSQL: advisory locks held for the process's life, and the token rows.

Why advisory locks plus a token row, rather than either alone: a lock held on a connection of
its own is released by PostgreSQL the moment the process dies (no lease to time out, no clock to
trust), so a restarted or replacement process can claim at once, and a second live process for
the same shard is refused at start. But a move runs on another (pooled) connection, which
cannot see whose lock it is; the token row is what the move's own transaction checks (see
bot/store/shards.py). A process whose lock connection died keeps its token until another
process claims the shard; from then on its moves are refused by the database.
"""

from __future__ import annotations

import logging
from contextlib import suppress
from typing import Any

import asyncpg

from bot.store.backend import RATINGS
from bot.store.shards import Shards, ShardTaken

log = logging.getLogger(__name__)

# Advisory locks are per database, not per schema: the first key is the schema's hash (two
# Symposions in two schemas of one database never meet), the second one of these kinds plus a
# number: a shard, the shard count in use (held shared by every process), or claims taking turns.
SHARD_KEY = 1 << 24
COUNT_KEY = 2 << 24
CLAIM_KEY = 3 << 24
MIGRATE_KEY = 4 << 24  # bot/store/postgres.py: processes starting together migrate in turn
RATING_KEY = 5 << 24  # bot/store/ratings.py: games finishing together are rated in turn
SCHEMA = _OURS = "hashtext(current_schema())"
TURNS = {RATINGS: RATING_KEY}  # Tx.take_turn's queues, each a transaction-scoped lock

_UPSERT = (
    "INSERT INTO shard_holders (shard_id, shard_count, holder, claimed_at) VALUES ($1, $2, $3, $4)"
    " ON CONFLICT (shard_id) DO UPDATE SET shard_count = excluded.shard_count,"
    " holder = excluded.holder, claimed_at = excluded.claimed_at"
)


def _taken(shard: int, count: int) -> ShardTaken:
    return ShardTaken(
        f"shard {shard} of {count} is already served by another running bot process on this "
        "database: give each process its own SHARD_IDS (or stop the other one first)."
    )


def _other_count(count: int) -> ShardTaken:
    return ShardTaken(
        f"another bot process on this database runs with SHARD_COUNT={count}: stop every "
        "process before changing SHARD_COUNT, then start them all with the same one."
    )


async def _retire_other_counts(con: Any, count: int) -> None:
    """Rows of a shard count no running process uses any more go; one still in use refuses."""
    for row in await con.fetch(
        "SELECT DISTINCT shard_count FROM shard_holders WHERE shard_count <> $1", count
    ):
        other = int(row[0])
        if not await con.fetchval(f"SELECT pg_try_advisory_lock({_OURS}, $1)", COUNT_KEY + other):
            raise _other_count(other)
        await con.execute("DELETE FROM shard_holders WHERE shard_count = $1", other)
        await con.execute(f"SELECT pg_advisory_unlock({_OURS}, $1)", COUNT_KEY + other)


async def _claim_on(con: Any, shards: Shards, holder: str, now: str) -> None:
    async with con.transaction():
        await con.execute(f"SELECT pg_advisory_xact_lock({_OURS}, $1)", CLAIM_KEY)
        for shard in shards.ids:
            if not await con.fetchval(
                f"SELECT pg_try_advisory_lock({_OURS}, $1)", SHARD_KEY + shard
            ):
                raise _taken(shard, shards.count)
        await con.execute(f"SELECT pg_advisory_lock_shared({_OURS}, $1)", COUNT_KEY + shards.count)
        await _retire_other_counts(con, shards.count)
        await con.executemany(_UPSERT, [(shard, shards.count, holder, now) for shard in shards.ids])


def _lost(_: Any) -> None:
    """The lock connection closed under a running process (a database restart, a network cut)."""
    log.warning(
        "the connection holding this process's shard locks closed: its games stay its own "
        "until another process claims those shards; from then on the database refuses its moves"
    )


async def claim(url: str, shards: Shards, holder: str, now: str) -> Any:
    """Lock `shards` for this process and write its token on their rows; the lock connection.

    ShardTaken (one line) if a live process holds one of them or runs with another count.
    """
    from bot.store.postgres import connect_problem

    try:
        con = await asyncpg.connect(url, timeout=5)
    except Exception as error:
        raise connect_problem(url, error) from None
    try:
        await _claim_on(con, shards, holder, now)
    except BaseException as error:
        await con.close()  # gives back every lock taken so far
        if isinstance(error, asyncpg.PostgresError | OSError):
            raise connect_problem(url, error) from None
        raise
    con.add_termination_listener(_lost)
    return con


async def release(con: Any) -> None:
    """Close the lock connection on purpose (no warning): every shard lock goes with it."""
    con.remove_termination_listener(_lost)
    await con.close()


class PgShardLocks:
    """The PostgreSQL backend's shard claiming (Backend.shard_locks): the lock connection."""

    def __init__(self, url: str) -> None:
        self._url = url
        self.connection: Any = None  # held from `hold` until `release`

    async def hold(self, shards: Shards, holder: str, now: str) -> None:
        """Claim `shards` for this process until the backend closes."""
        self.connection = await claim(self._url, shards, holder, now)

    async def release(self) -> None:
        """Give every shard lock back (the backend is closing)."""
        if self.connection is not None:
            with suppress(Exception):
                await release(self.connection)
            self.connection = None
