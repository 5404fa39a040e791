"""Private answers: refusals and the 'something went wrong, the game is safe' message."""

from __future__ import annotations

import contextlib
from typing import Any

import discord

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
