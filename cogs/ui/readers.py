"""Which language an answer is written in: the reader's for private ones, the server's for public.

Ephemeral answers, hands and DMs follow the player (their /language choice, else their Discord
client's locale); public messages follow the server (an admin's /language choice, else the
server's preferred locale). Anything unknown is English.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import ENGLISH, words
from cogs.ui.host import Host, host_of

log = logging.getLogger("cogs.readers")


async def reader_language(interaction: discord.Interaction[Any]) -> str:
    """The language of an answer only this interaction's user reads."""
    if not hasattr(interaction.client, "service"):  # a client without a game service
        return ENGLISH
    host = host_of(interaction)
    try:
        language = await host.service.languages.reader(interaction.user.id, interaction.locale)
    except Exception:  # an answer in English beats no answer (the store may be closing)
        log.warning("could not read the language of user %s", interaction.user.id)
        return ENGLISH
    return language


async def public_language(interaction: discord.Interaction[Any]) -> str:
    """The language of what the interaction posts for everyone in the server."""
    if not hasattr(interaction.client, "service"):  # a client without a game service
        return ENGLISH
    guild = interaction.guild
    locale = guild.preferred_locale if guild is not None else interaction.guild_locale
    return await host_of(interaction).service.languages.public(interaction.guild_id, locale)


def text_in(value: object, language: str) -> str:
    """A message (or plain text) in `language`."""
    return words(value, language)


async def server_language(bot: Host, guild_id: int | None) -> str:
    """The language of a game's public messages; English if it cannot be read (never raises:
    boards go out after a commit)."""
    guild = bot.get_guild(guild_id) if guild_id is not None else None
    locale = guild.preferred_locale if guild is not None else None
    try:
        language: str = await bot.service.languages.public(guild_id, locale)
    except Exception:
        log.warning("could not read the language of server %s", guild_id)
        return ENGLISH
    return language


async def dm_language(bot: Host, user_id: int) -> str:
    """The language of a DM to a player; English if it cannot be read (never raises)."""
    try:
        language: str = await bot.service.languages.dm(user_id)
    except Exception:
        log.warning("could not read the language of user %s", user_id)
        return ENGLISH
    return language
