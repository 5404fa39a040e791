"""Private answers and the one error path: a refusal is told, anything else logged and explained.

Everything here keeps to Discord's size limits (`clip`, `suggestions`): a reply Discord
refuses is an interaction left unanswered.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar, cast

import aiohttp
import discord
from discord import app_commands

from bot.i18n import Text, say, words
from bot.service import ServiceError
from bot.service.errors import RESTARTING
from cogs.ui.readers import reader_language

log = logging.getLogger("cogs.replies")

# Discord's limits, in characters (counts for CHOICES).
CONTENT, BUTTON_LABEL, OPTION_TEXT, PLACEHOLDER, CHOICE, CHOICES = 2000, 80, 100, 150, 100, 25
# What talking to Discord can fail with: its refusals, a lost or cut reply, a timeout.
DISCORD_FAULTS = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)
# Discord's code for an interaction answered too late (its first answer is due within 3 s).
EXPIRED = 10062

FAILURE = say("table.failure")
NOT_A_CHOICE = say("table.not_a_choice")
SERVER_ONLY = say("table.server_only")


class TurnedAway(app_commands.CheckFailure):
    """A command or click that arrived while the bot stops: answered 'restarting', not run."""


def clip(text: str, limit: int = CONTENT) -> str:
    """The text cut to `limit` characters, ending in '…' when cut: Discord refuses longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def suggestions(entries: Iterable[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """Autocomplete entries (name, value) within Discord's limits: at most 25, names clipped,
    and none whose value is too long to send whole (a cut value would be another value)."""
    fitting = [(name, value) for name, value in entries if 0 < len(value) <= CHOICE]
    return [
        app_commands.Choice(name=clip(name or value, CHOICE), value=value)
        for name, value in fitting[:CHOICES]
    ]


Suggester = TypeVar("Suggester", bound=Callable[..., Awaitable[list[app_commands.Choice[Any]]]])


def never_failing(suggest: Suggester) -> Suggester:
    """An autocomplete that answers no entries instead of failing: discord.py only logs an
    autocomplete's error and leaves the player's list loading."""

    @functools.wraps(suggest)
    async def suggesting(*args: Any) -> list[app_commands.Choice[Any]]:
        try:
            return await suggest(*args)
        except Exception as error:
            if refusal(error) is None:
                log.error("unexpected error while suggesting", exc_info=error)
            return []

    return cast("Suggester", suggesting)


async def answer(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral reply, whether or not the interaction was already answered."""
    text = clip(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def refusal(error: BaseException) -> str | None:
    """What to tell the player when `error` is their input's fault; None for our bugs."""
    if isinstance(error, ServiceError):  # DatabaseDown too: a read while PostgreSQL restarts
        return str(error)
    if isinstance(error, TurnedAway):
        return RESTARTING
    if isinstance(error, app_commands.NoPrivateMessage):
        return SERVER_ONLY
    if isinstance(error, app_commands.TransformerError):
        return NOT_A_CHOICE  # only a modified client sends a value outside the fixed choices
    return None


async def report(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Every command's and component's error ends here: refusals answered, bugs logged.

    A refusal is a sentence written for the player (shown privately); anything else is
    logged with its traceback and the player only reads that the game is safe. An interaction
    that expired before its first answer (a busy bot) is one warning line. Never raises: if even
    the answer fails, that is logged.
    """
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, discord.NotFound) and error.code == EXPIRED:
        # Expected when the bot is busy: nothing can be said to the player any more.
        log.warning("interaction %s expired before it was answered", interaction.id)
        return
    text = refusal(error)
    if text is not None and error.args and isinstance(error.args[0], Text):
        text = error.args[0]  # a refusal with a message id: the reader's language
    if text is None:
        log.error("unexpected error while handling an interaction", exc_info=error)
        text = FAILURE
    text = words(text, await reader_language(interaction))
    try:
        await answer(interaction, text)
    except discord.HTTPException as failed:
        log.warning("could not answer interaction %s: %s", interaction.id, failed)
