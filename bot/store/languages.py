"""Store methods for the languages players and server admins chose (migration 0011)."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING

from bot.store.backend import Row, Tx

# Each table's key column; the names are ours, never a user's input.
KEYS = {"user_languages": "user_id", "guild_languages": "guild_id"}


class LanguageRows:
    """A chosen language per user and per server; None means Discord's own."""

    if TYPE_CHECKING:

        def _transaction(self) -> AbstractAsyncContextManager[Tx]: ...

        async def _one(self, sql: str, params: Sequence[object] = ()) -> Row | None: ...

    async def chosen_language(self, table: str, owner_id: int) -> str | None:
        """The language a user (table user_languages) or server (guild_languages) chose."""
        key = KEYS[table]
        row = await self._one(f"SELECT language FROM {table} WHERE {key} = ?", (owner_id,))
        return None if row is None else str(row["language"])

    async def choose_language(self, table: str, owner_id: int, language: str | None) -> None:
        """Keep a user's or server's language; None goes back to Discord's own."""
        key = KEYS[table]
        async with self._transaction() as db:
            await db.execute(f"DELETE FROM {table} WHERE {key} = ?", (owner_id,))
            if language is not None:
                await db.execute(
                    f"INSERT INTO {table} ({key}, language) VALUES (?, ?)", (owner_id, language)
                )
