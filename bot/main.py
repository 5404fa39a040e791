"""The bot process: read settings, build the bot, run it until SIGTERM or SIGINT, stop cleanly."""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from pathlib import Path

import discord

from bot.client import CLOSE_GATEWAY, SymposionBot, build_bot
from bot.settings import TOKEN_REFUSED, Settings, SettingsError, load_settings
from bot.signals import StopSignals
from bot.store import Store, StoreUnusable
from bot.store.lock import acquire, release
from bot.store.shards import Shards

log = logging.getLogger("bot")

# Library loggers whose DEBUG lines carry game state: discord.py logs request and gateway
# payloads (a hand in an ephemeral reply), aiosqlite and asyncpg statements with parameters
# (the stored state: hands, deck orders). They stay at INFO or above whatever LOG_LEVEL says.
STATE_CARRYING_LOGGERS = ("discord", "aiosqlite", "asyncpg")
# Exit status for an unusable database (settings problems exit 2).
DATABASE_UNUSABLE = 3
# Board and hand images are drawn in two worker processes (issue 16 §5: 1.28x the boards
# per second of threads, and the event loop stays free).
RENDER_WORKERS = 2
# Exit status when Discord cannot be reached at all (no network, DNS, a proxy refusing).
DISCORD_UNREACHABLE = 4


def _not_about_voice(record: logging.LogRecord) -> bool:
    """The bot never joins voice, so discord.py's 'voice will NOT be supported' is only noise."""
    return "voice will NOT be supported" not in record.getMessage()


def configure_logging(level: str) -> None:
    """Our loggers at `level`; libraries that can log game state never below INFO."""
    logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger().setLevel(level)
    quiet = max(logging.getLevelName(level), logging.INFO)
    for name in STATE_CARRYING_LOGGERS:
        logging.getLogger(name).setLevel(quiet)
    logging.getLogger("discord.client").addFilter(_not_about_voice)


async def _check_database(database: str | Path, shards: Shards | None) -> None:
    """Open, migrate and close once, before any Discord connection, so a bad one fails fast.

    Shards are claimed and given back too (all of them, unsharded, on a database that offers
    shards): one already served by a running process fails here.
    """
    store = await Store.open(database)
    try:
        if shards is None and store.shards.offered:
            shards = Shards.everything()
        if shards is not None:
            await store.shards.serve(shards)
    finally:
        await store.close()


async def run(settings: Settings) -> int:
    """Check the database, then serve Discord until SIGTERM or SIGINT; 0 once stopped."""
    signals = StopSignals()
    held = acquire(settings.database) if isinstance(settings.database, Path) else None
    try:
        checked, _ = await signals.unless_asked(_check_database(settings.database, settings.shards))
        if not checked:
            log.info("stopped on %s while starting", signals.name)
            return 0
        bot = build_bot(
            settings.shards,
            database_path=settings.database,
            dev_guild_id=settings.dev_guild_id,
            render_workers=RENDER_WORKERS,
            web=settings.web,
            settle_memory=True,
        )
        await serve(bot, settings.discord_token, signals)
        return 0
    finally:
        if held is not None:
            release(held)  # after the bot's own store has closed


async def serve(bot: SymposionBot, token: str, signals: StopSignals) -> None:
    """Run the bot until a signal asks it to stop, then stop it cleanly (logged with its time).

    Login failures and an unreachable Discord are raised (after the bot is closed).
    """
    running = asyncio.ensure_future(bot.start(token))
    try:
        asked = asyncio.ensure_future(signals.asked.wait())
        await asyncio.wait({running, asked}, return_when=asyncio.FIRST_COMPLETED)
        asked.cancel()
        if running.done():
            running.result()  # ended without being asked: its error, if any
            return
        log.info("stopping on %s: new interactions are turned away", signals.name)
        started = time.monotonic()
        if bot.ws is None:  # still logging in or setting up: nothing to finish
            running.cancel()
        await bot.close()
        await asyncio.wait({running}, timeout=CLOSE_GATEWAY)
        running.cancel()
        log.info("stopped in %.2f s", time.monotonic() - started)
    finally:
        await bot.close()
        await asyncio.gather(running, return_exceptions=True)


def main() -> int:
    """Start the bot; one clear line and exit 2 (settings, token) or 3 (database) when unusable."""
    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"symposion: {error}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    try:
        return asyncio.run(run(settings))
    except StoreUnusable as error:
        print(f"symposion: {error}", file=sys.stderr)
        return DATABASE_UNUSABLE
    except discord.LoginFailure:  # well-formed, but Discord answered 401
        print(f"symposion: {TOKEN_REFUSED}", file=sys.stderr)
        return 2
    except OSError as error:  # aiohttp's ClientConnectorError (refused, DNS) is an OSError
        print(f"symposion: {unreachable(error)}", file=sys.stderr)
        return DISCORD_UNREACHABLE


def unreachable(error: OSError) -> str:
    """One line for a start-up that never reached Discord (the error's reason, not a trace)."""
    reason = " ".join(str(error).split()) or type(error).__name__
    return f"cannot reach Discord ({reason}); check the network connection and try again."


if __name__ == "__main__":
    raise SystemExit(main())
