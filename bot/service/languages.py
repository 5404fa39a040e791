"""Who reads which language: a player's choice, else their Discord's; a server's likewise."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import LANGUAGES, language_of

if TYPE_CHECKING:
    from bot.store import Store

USERS, GUILDS = "user_languages", "guild_languages"


class Languages:
    """Chosen languages, read once from the store and then kept in memory."""

    if TYPE_CHECKING:
        store: Store

    def _chosen(self) -> dict[tuple[str, int], str | None]:
        cache: dict[tuple[str, int], str | None] = self.__dict__.setdefault("_languages", {})
        return cache

    async def _language(self, table: str, owner_id: int) -> str | None:
        cache = self._chosen()
        if (table, owner_id) not in cache:
            cache[(table, owner_id)] = await self.store.languages.chosen(table, owner_id)
        return cache[(table, owner_id)]

    async def reader_language(self, user_id: int, discord_locale: object) -> str:
        """Ephemeral answers, hands and DMs: the player's choice, else their Discord's.

        The locale is remembered (in memory) for DMs, which come with no interaction to read
        it from."""
        if discord_locale:
            self.__dict__.setdefault("_seen_locales", {})[user_id] = discord_locale
        return await self._language(USERS, user_id) or language_of(discord_locale)

    async def dm_language(self, user_id: int) -> str:
        """A DM's language: the player's choice, else the locale of their last interaction."""
        seen = self.__dict__.get("_seen_locales", {}).get(user_id)
        return await self._language(USERS, user_id) or language_of(seen)

    async def public_language(self, guild_id: int | None, guild_locale: object) -> str:
        """Public messages: the language a server admin set, else the server's Discord one."""
        chosen = None if guild_id is None else await self._language(GUILDS, guild_id)
        return chosen or language_of(guild_locale)

    async def choose_language(self, user_id: int, language: str | None) -> None:
        """A player's own language (None: follow Discord's); unknown ones are refused."""
        await self._choose(USERS, user_id, language)

    async def choose_guild_language(self, guild_id: int, language: str | None) -> None:
        """A server's language for public messages (None: follow the server's Discord one)."""
        await self._choose(GUILDS, guild_id, language)

    async def _choose(self, table: str, owner_id: int, language: str | None) -> None:
        if language is not None and language not in LANGUAGES:
            raise ValueError(f"no catalogue for {language!r}")
        await self.store.languages.choose(table, owner_id, language)
        self._chosen()[(table, owner_id)] = language
