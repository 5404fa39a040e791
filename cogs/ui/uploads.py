"""The largest file an upload may be: the limit Discord tells the bot with each interaction.

Discord sends `attachment_size_limit` with every interaction (the server's limit, boosts
included) and refuses a whole request whose file is larger; where an interaction does not say,
the smallest limit holds: 10 MiB (a server without boosts). Boards and hands posted in a
channel or a DM are tens of kilobytes (`make bench`'s render rows); what can grow with a game
(a replay, a record, a log) is measured here before it is sent.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.ui.alttext import upload

Interaction = discord.Interaction[Any]
DEFAULT_LIMIT = 10 * 1024 * 1024  # bytes: Discord's smallest upload limit


def upload_limit(interaction: Interaction) -> int:
    """The largest file an answer to this interaction may carry, in bytes."""
    limit = getattr(interaction, "filesize_limit", None)
    return limit if isinstance(limit, int) and limit > 0 else DEFAULT_LIMIT


def attachment(
    interaction: Interaction, data: bytes, filename: str, description: str
) -> discord.File | None:
    """The file (with its description) to upload with an answer to this interaction, or None
    if it is too large."""
    if len(data) > upload_limit(interaction):
        return None
    return upload(data, filename, description)


def size_words(size: int) -> str:
    """A size as people read it: whole megabytes, or kilobytes below one."""
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.0f} MB"
    return f"{max(1, size // 1024)} KB"
