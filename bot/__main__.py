"""python -m bot: read settings, build the bot, run it until stopped."""

from __future__ import annotations

import logging
import sys

import discord

from bot.client import SymposionBot
from bot.settings import TOKEN_REFUSED, SettingsError, load_settings


def configure_logging(level: str) -> None:
    """Our loggers at `level`; discord.py's never below INFO, as its DEBUG lines carry payloads
    (a private hand in an ephemeral message would otherwise reach the log)."""
    logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger().setLevel(level)
    quiet = max(logging.getLevelName(level), logging.INFO)
    logging.getLogger("discord").setLevel(quiet)


def main() -> int:
    """Start the bot; exit 2 with one clear line when the settings or the token are not usable."""
    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"symposion: {error}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    bot = SymposionBot(database_path=settings.database_path, dev_guild_id=settings.dev_guild_id)
    try:
        bot.run(settings.discord_token, log_handler=None)
    except discord.LoginFailure:  # well-formed, but Discord answered 401
        print(f"symposion: {TOKEN_REFUSED}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
