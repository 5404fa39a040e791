"""The discord.py bot: opens the store, loads games and cogs, registers buttons, syncs commands."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot.service import GameService, ServiceError, utc_clock
from bot.service.pace import iso
from bot.service.thinking import DEFAULT_TIMEOUT, Thinker
from bot.store import Store
from bot.store.connection import is_postgres
from bot.store.shards import Shards
from cogs import painter
from cogs.components import DYNAMIC_ITEMS, answer_unclaimed
from cogs.computer_components import COMPUTER_ITEMS
from cogs.replays import REPLAY_ITEMS
from cogs.replies import report
from cogs.seat_components import SEAT_ITEMS
from cogs.table import Table
from cogs.translator import CatalogueTranslator
from cogs.undo_components import UNDO_ITEMS

log = logging.getLogger("bot.client")

COGS = (
    "cogs.lobby",
    "cogs.moves",
    "cogs.info",
    "cogs.yours",
    "cogs.timers",
    "cogs.hints",
    "cogs.records",
    "cogs.replays",
    "cogs.language",
)


def default_workers() -> int:
    """One process per core but one (kept for the event loop), and at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


def intents() -> discord.Intents:
    """Only guilds: slash commands and buttons need no message content or member lists."""
    return discord.Intents(guilds=True)


class SymposionBot(commands.Bot):
    """One bot process; `service` and `table` are ready once setup_hook has run.

    `clock` is what deadlines are measured by (tests pass a fake one and move it by hand);
    the timer loop looks at it every `timer_interval` seconds.
    """

    def __init__(
        self,
        *,
        database_path: str | Path,
        dev_guild_id: int | None = None,
        clock: Callable[[], datetime] = utc_clock,
        timer_interval: float = 30.0,
        computer_workers: int | None = None,
        render_workers: int = 0,
        computer_timeout: float = DEFAULT_TIMEOUT,
        shards: Shards | None = None,
        **options: Any,
    ) -> None:
        options.setdefault("intents", intents())
        options.setdefault(
            "allowed_mentions", discord.AllowedMentions(everyone=False, roles=False, users=True)
        )
        super().__init__(command_prefix=commands.when_mentioned, help_command=None, **options)
        self.database_path = database_path
        self.dev_guild_id = dev_guild_id
        self.clock = clock
        self.timer_interval = timer_interval
        # The computer players think in their own processes, never on the event loop.
        self.computer_pool = ProcessPoolExecutor(
            max_workers=computer_workers or default_workers(),
            mp_context=multiprocessing.get_context("forkserver"),
        )
        self.computer_timeout = computer_timeout
        # On PostgreSQL a process always holds its shards (all of them when not sharded), so
        # a second process for the same games is refused; sqlite has its file lock instead.
        self.served = shards
        # Images drawn in their own processes (0: the loop's threads, as tests and scripts do).
        self.render_pool: ProcessPoolExecutor | None = None
        if render_workers > 0:
            self.render_pool = ProcessPoolExecutor(
                max_workers=render_workers, mp_context=multiprocessing.get_context("forkserver")
            )
        painter.use(self.render_pool)
        self.store: Store | None = None
        self._service: GameService | None = None
        self._table: Table | None = None
        self._resuming: asyncio.Task[None] | None = None
        self.tree.error(report)  # the one error path of every slash command

    @property
    def service(self) -> GameService:
        """The game service (set up in setup_hook)."""
        if self._service is None:
            raise RuntimeError("the bot has not finished setting up")
        return self._service

    @property
    def table(self) -> Table:
        """What shows games in Discord (set up in setup_hook)."""
        if self._table is None:
            raise RuntimeError("the bot has not finished setting up")
        return self._table

    async def setup_hook(self) -> None:
        """Migrate, load every ongoing game, load cogs and buttons, then sync commands."""
        self.store = await Store.open(self.database_path, clock=lambda: iso(self.clock()))
        if self.served is not None or is_postgres(self.database_path):
            await self.store.serve(self.served or Shards.everything())
        thinker = Thinker(self.computer_pool, self.computer_timeout)
        self._service = GameService(self.store, clock=self.clock, thinker=thinker)
        loaded = await self._service.load()
        log.info("loaded %d ongoing game(s) from %s", loaded, self.store.name)  # no password
        self._table = Table(self)
        self.add_dynamic_items(
            *DYNAMIC_ITEMS, *SEAT_ITEMS, *UNDO_ITEMS, *COMPUTER_ITEMS, *REPLAY_ITEMS
        )
        self.add_listener(answer_unclaimed, "on_interaction")
        for name in COGS:
            await self.load_extension(name)
        await self.tree.set_translator(CatalogueTranslator())
        await self._sync()
        self._resuming = asyncio.create_task(self._continue_automatic())

    async def _continue_automatic(self) -> None:
        """Once connected, games left waiting for the automatic player (a restart) go on."""
        await self.wait_until_ready()
        for game_id in self.service.computers.games_waiting():
            try:
                await self.table.play_automatic(game_id)
            except (discord.HTTPException, ServiceError):
                log.warning("game #%s: the automatic player could not go on", game_id)

    async def on_ready(self) -> None:
        """Connected: a game whose channel shows an old board (or two) gets its current one."""
        await self.table.mend_all()

    async def _sync(self) -> None:
        if self.dev_guild_id is None:
            synced = await self.tree.sync()
        else:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        log.info("synced %d slash command(s)", len(synced))

    async def close(self) -> None:
        """Close Discord first, then the database, so no move is cut off mid-commit."""
        if self._resuming is not None:
            self._resuming.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._resuming
        await super().close()
        self.computer_pool.shutdown(wait=False, cancel_futures=True)
        if self.render_pool is not None:
            painter.use(None)
            self.render_pool.shutdown(wait=False, cancel_futures=True)
        if self.store is not None:
            await self.store.close()
            self.store = None


class ShardedSymposionBot(SymposionBot, commands.AutoShardedBot):
    """One process serving some of the bot's Discord shards (SHARD_COUNT, SHARD_IDS).

    discord.py's AutoShardedBot opens one gateway connection per shard in `shards.ids`;
    Discord sends each only its servers' events (and direct messages to shard 0), and the
    store reads and changes only those servers' games.
    """

    def __init__(self, *, shards: Shards, **options: Any) -> None:
        options.setdefault("shard_count", shards.count)
        options.setdefault("shard_ids", list(shards.ids))
        super().__init__(shards=shards, **options)


def build_bot(shards: Shards | None = None, **options: Any) -> SymposionBot:
    """The bot for these settings: sharded when SHARD_COUNT is set, else one connection."""
    if shards is None:
        return SymposionBot(**options)
    return ShardedSymposionBot(shards=shards, **options)
