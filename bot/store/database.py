"""What every repository is built on: the open backend, the clock, and this process's shards.

How repositories share a transaction: a write opens its own with `Database.transaction()`;
a write that must land inside another's transaction is a method taking the open `Tx` as its
first argument (`MoveRepository.save_snapshot`, `RatingRepository.rate_in`): the caller owns
the transaction, the callee only adds statements to it. So one move is one transaction (the
version check, the move, the snapshot, and the ratings when it finishes the game), built by
MoveRepository.record out of its neighbours' parts.

Every change of a game passes `bump`: `UPDATE games SET version = version + 1 ... WHERE id = ?
AND version = ?`; zero rows means StaleVersion (or NotServedHere) and the transaction, with
everything written in it, is rolled back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager

from bot.store.backend import Backend, Row, Tx
from bot.store.errors import StaleVersion
from bot.store.shards import ShardRepository


class Database:
    """One open backend with the store's clock and shard guard, shared by every repository."""

    def __init__(self, backend: Backend, clock: Callable[[], str], shards: ShardRepository) -> None:
        self.backend = backend
        self.clock = clock
        self.shards = shards

    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """One transaction, rolled back on any error (cancellation included)."""
        return self.backend.transaction()

    async def all(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Every row of one read, outside any transaction."""
        return await self.backend.all(sql, params)

    async def one(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        """The first row of one read, or None."""
        rows = await self.backend.all(sql, params)
        return rows[0] if rows else None

    def ours(self, column: str = "guild_id") -> str:
        """The condition (or nothing) keeping a query to this process's shards."""
        return self.shards.only_ours(column)

    async def bump(
        self,
        tx: Tx,
        game_id: int,
        version: int,
        extra: str = "",
        params: Sequence[object] = (),
    ) -> int:
        """The optimistic lock: version + 1 only if it is still `version`, else StaleVersion.

        Every versioned change passes here inside its transaction, on both backends; `extra`
        sets more columns of the game row (`params` fill them). A process serving shards also
        needs its token still on the game's shard (bot/store/shards.py).
        """
        guard, token = self.shards.guard()
        sql = (
            f"UPDATE games SET version = version + 1, updated_at = ?{extra}"
            f" WHERE id = ? AND version = ?{guard}"
        )
        values = (self.clock(), *params, game_id, version, *token)
        stale = StaleVersion(f"game {game_id} is no longer at version {version}")
        if not guard:  # checked with the statements after it: no trip of its own
            tx.later_one(sql, values, stale)
            return version + 1
        cursor = await tx.execute(sql, values)
        if cursor.rowcount != 1:  # a refusal is told apart from a lost shard at once
            await self.shards.check_served(tx, game_id)
            raise stale
        return version + 1
