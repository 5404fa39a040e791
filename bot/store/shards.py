"""Shards: which games a bot process serves, and the database guard that keeps them its own.

Discord puts a server on shard (guild_id >> 22) % shard_count, and direct messages on shard 0.
Several bot processes share one PostgreSQL database, each serving some shards. A process
claims its shards once at start (bot/store/shard_locks.py): one PostgreSQL advisory lock per
shard, held on a connection of its own for as long as the process runs, and its random token
written on each shard's row of `shard_holders`. From then on every versioned change of a game
(Database.bump, inside the move's own transaction) also requires that the row of the game's
shard still carries this process's token, read FOR SHARE: a process that lost its shard
(another one took it over after its lock connection died) has every later move refused by the
database, and a takeover waits for a move already under way to commit. Claiming is a
capability of the backend (`Backend.shard_locks`, PostgreSQL's); sqlite is one process and
offers none.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.store.errors import StaleVersion, StoreUnusable

if TYPE_CHECKING:
    from bot.store.backend import ShardLocks, Tx

MAX_SHARDS = 1 << 16  # far above what Discord hands out; keeps lock keys apart
SHARD_BITS = 22  # a snowflake's low 22 bits are worker, process and increment: not the shard
SQLITE_IS_ONE_PROCESS = (
    "sharding (SHARD_COUNT, SHARD_IDS) needs PostgreSQL: sqlite is one process's file; in .env set "
    "DATABASE_URL=postgresql://<user>:<password>@<host>:<port>/<database>, or leave SHARD_COUNT "
    "and SHARD_IDS empty."
)


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Discord's rule: a server's shard from its id; direct messages (no server) are shard 0."""
    return 0 if guild_id is None else (guild_id >> SHARD_BITS) % shard_count


@dataclass(frozen=True)
class Shards:
    """The shards one process serves out of `count`: ids ascending, none repeated."""

    count: int
    ids: tuple[int, ...]

    @classmethod
    def everything(cls) -> Shards:
        """One process serving every game: shard 0 of 1."""
        return cls(1, (0,))

    def serves(self, guild_id: int | None) -> bool:
        """Whether a game in this server (None: a DM) is this process's."""
        return shard_of(guild_id, self.count) in self.ids

    def sql(self, column: str) -> str:
        """A condition (starting with AND) keeping rows whose `column` server is ours.

        The numbers are this object's own checked integers, so they are written inline.
        """
        if set(self.ids) == set(range(self.count)):
            return ""
        ids = ", ".join(str(int(i)) for i in self.ids)
        return f" AND (coalesce({column}, 0) >> {SHARD_BITS}) % {int(self.count)} IN ({ids})"


def checked_shards(count: int, ids: Sequence[int] | None) -> Shards:
    """Shards from settings; ValueError with the reason when they cannot be Discord's."""
    if not 1 <= count <= MAX_SHARDS:
        raise ValueError(f"SHARD_COUNT must be between 1 and {MAX_SHARDS}")
    chosen = tuple(range(count)) if ids is None else tuple(sorted(set(ids)))
    if not chosen or len(chosen) != len(ids or chosen):
        raise ValueError("SHARD_IDS must list each shard once")
    if any(not 0 <= i < count for i in chosen):
        raise ValueError(f"SHARD_IDS must be between 0 and {count - 1} (SHARD_COUNT - 1)")
    return Shards(count, chosen)


class ShardTaken(StoreUnusable):
    """Another running process holds a shard this one was told to serve (one clear line)."""


class NotServedHere(StaleVersion):
    """The game's shard is held by another process now: this one may no longer change it."""


# Inside Database.bump's UPDATE of `games`: the game's shard row must carry this process's
# token. FOR SHARE makes a takeover (which rewrites the row) wait for this transaction, and this
# transaction wait for a takeover under way (then re-read: the token is gone, zero rows).
GUARD = (
    " AND EXISTS (SELECT 1 FROM shard_holders h WHERE h.holder = ?"
    f" AND h.shard_id = (coalesce(games.guild_id, 0) >> {SHARD_BITS}) % h.shard_count"
    " FOR SHARE)"
)


class ShardRepository:
    """store.shards: which shards this process serves, and the guard its reads and moves carry."""

    def __init__(self, locks: ShardLocks | None, clock: Callable[[], str]) -> None:
        self._locks = locks
        self._clock = clock
        # None: every game, unguarded (sqlite's one process, and the tools and tests that
        # open a store without claiming shards).
        self.served: Shards | None = None
        self._holder: str | None = None  # this process's token on its shards' rows

    @property
    def offered(self) -> bool:
        """Whether this database can be shared by several processes, each serving shards."""
        return self._locks is not None

    async def serve(self, shards: Shards) -> None:
        """Claim `shards` for this process: from now on it reads and changes only their games.

        StoreUnusable where the database offers no shards (sqlite); ShardTaken if a running
        process holds one of them.
        """
        if self._locks is None:
            raise StoreUnusable(SQLITE_IS_ONE_PROCESS)
        holder = secrets.token_hex(16)
        await self._locks.hold(shards, holder, self._clock())
        self.served, self._holder = shards, holder

    def only_ours(self, column: str = "guild_id") -> str:
        """The condition (or nothing) keeping a query to this process's shards."""
        return "" if self.served is None else self.served.sql(column)

    def guard(self) -> tuple[str, tuple[object, ...]]:
        """The condition (and its parameter) a versioned change of a game adds, if any."""
        return ("", ()) if self._holder is None else (GUARD, (self._holder,))

    async def check_served(self, tx: Tx, game_id: int) -> None:
        """NotServedHere when this process no longer holds the game's shard (whatever its
        version: the new holder may have moved it already)."""
        if self._holder is None:
            return
        cursor = await tx.execute(
            f"SELECT 1 FROM games WHERE id = ?{GUARD}", (game_id, self._holder)
        )
        if await cursor.fetchone() is None:
            raise NotServedHere(f"game {game_id} is served by another bot process now")
