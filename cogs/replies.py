"""Private answers and the one error path: a refusal is told, anything else logged and explained."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord
from discord import app_commands

from bot.service import ServiceError

log = logging.getLogger("cogs.replies")

FAILURE = (
    "Something went wrong on our side. The game is safe: nothing was half-applied. "
    "Try again, or use `/board` to see where things stand."
)


async def answer(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral reply, whether or not the interaction was already answered."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def explain_failure(interaction: discord.Interaction[Any]) -> None:
    """Tell the user about an unexpected error without details; never raise from here."""
    with contextlib.suppress(discord.HTTPException):
        await answer(interaction, FAILURE)


async def report(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Every command's and component's error ends here: refusals answered, bugs logged.

    A ServiceError is a sentence written for the player (shown privately); anything else is
    logged with its traceback and the player only reads that the game is safe.
    """
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, ServiceError):
        with contextlib.suppress(discord.HTTPException):
            await answer(interaction, str(error))
        return
    log.error("unexpected error while handling an interaction", exc_info=error)
    await explain_failure(interaction)
