"""store.languages: the languages players and server admins chose (migration 0011)."""

from __future__ import annotations

from bot.store.database import Database

# Each table's key column; the names are ours, never a user's input.
KEYS = {"user_languages": "user_id", "guild_languages": "guild_id"}


class LanguageRepository:
    """A chosen language per user and per server; None means Discord's own."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def chosen(self, table: str, owner_id: int) -> str | None:
        """The language a user (table user_languages) or server (guild_languages) chose."""
        key = KEYS[table]
        row = await self._db.one(f"SELECT language FROM {table} WHERE {key} = ?", (owner_id,))
        return None if row is None else str(row["language"])

    async def choose(self, table: str, owner_id: int, language: str | None) -> None:
        """Keep a user's or server's language; None goes back to Discord's own."""
        key = KEYS[table]
        async with self._db.transaction() as tx:
            await tx.execute(f"DELETE FROM {table} WHERE {key} = ?", (owner_id,))
            if language is not None:
                await tx.execute(
                    f"INSERT INTO {table} ({key}, language) VALUES (?, ?)", (owner_id, language)
                )
