"""Who reads which language: a player's choice, else their Discord's; a server's likewise."""

from __future__ import annotations

from bot.i18n import LANGUAGES, language_of
from bot.service.errors import database_down_told
from bot.store import Store

USERS, GUILDS = "user_languages", "guild_languages"


@database_down_told
class Languages:
    """Chosen languages, read once from the store and then kept in memory."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._chosen: dict[tuple[str, int], str | None] = {}
        self._seen_locales: dict[int, object] = {}  # user -> locale of their last interaction

    async def _language(self, table: str, owner_id: int) -> str | None:
        if (table, owner_id) not in self._chosen:
            self._chosen[(table, owner_id)] = await self.store.languages.chosen(table, owner_id)
        return self._chosen[(table, owner_id)]

    async def reader(self, user_id: int, discord_locale: object) -> str:
        """Ephemeral answers, hands and DMs: the player's choice, else their Discord's.

        The locale is remembered (in memory) for DMs, which come with no interaction to read
        it from."""
        if discord_locale:
            self._seen_locales[user_id] = discord_locale
        return await self._language(USERS, user_id) or language_of(discord_locale)

    async def dm(self, user_id: int) -> str:
        """A DM's language: the player's choice, else the locale of their last interaction."""
        seen = self._seen_locales.get(user_id)
        return await self._language(USERS, user_id) or language_of(seen)

    async def public(self, guild_id: int | None, guild_locale: object) -> str:
        """Public messages: the language a server admin set, else the server's Discord one."""
        chosen = None if guild_id is None else await self._language(GUILDS, guild_id)
        return chosen or language_of(guild_locale)

    async def choose(self, user_id: int, language: str | None) -> None:
        """A player's own language (None: follow Discord's); unknown ones are refused."""
        await self._choose(USERS, user_id, language)

    async def choose_for_guild(self, guild_id: int, language: str | None) -> None:
        """A server's language for public messages (None: follow the server's Discord one)."""
        await self._choose(GUILDS, guild_id, language)

    async def _choose(self, table: str, owner_id: int, language: str | None) -> None:
        if language is not None and language not in LANGUAGES:
            raise ValueError(f"no catalogue for {language!r}")
        await self.store.languages.choose(table, owner_id, language)
        self._chosen[(table, owner_id)] = language
