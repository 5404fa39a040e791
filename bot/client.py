"""The discord.py bot: opens the store, loads games, loads the cogs' extensions by name, syncs.

It imports nothing of cogs/: each extension sets up its own part (commands, buttons,
listeners; cogs.presenter the Table, the error handler and the translator) and types the bot
as the Protocol cogs.ui.host.Host, which this class offers.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot import memory
from bot.drawing_workers import DrawingWorker, end_workers
from bot.pools import end_pools, worker_pool
from bot.service import GameService, utc_clock
from bot.service.analysing import Analyst
from bot.service.pace import iso
from bot.service.thinking import DEFAULT_TIMEOUT, Thinker
from bot.settings import WebSettings
from bot.store import Store
from bot.store.shards import Shards

log = logging.getLogger("bot.client")

# Loaded in this order: the presenter first (the Table, the error handler and the translator
# every other extension relies on), then one extension per command group with its buttons.
EXTENSIONS = (
    "cogs.presenter",
    "cogs.lobby",
    "cogs.moves",
    "cogs.info",
    "cogs.yours",
    "cogs.timers",
    "cogs.hints",
    "cogs.records",
    "cogs.replays",
    "cogs.language",
    "cogs.leagues",
    "cogs.seats",
    "cogs.notify",
    "cogs.analysis",
    "cogs.web",
)


# Stopping (issue 24), in seconds: running handlers get FINISH_HANDLERS to finish (a move's
# commit and board), then CANCELLED to unwind once cancelled; the gateway gets CLOSE_GATEWAY
# to close (and `python -m bot` as long again for the connection task to end), pool workers
# END_WORKERS before a busy one is killed. In all 8.5 s at worst: within the 10 s supervisors
# wait (docker stop) before SIGKILL.
FINISH_HANDLERS = 3.5
CANCELLED = 1.0
CLOSE_GATEWAY = 1.5
END_WORKERS = 1.0
# What a stop lets finish, then cancels: discord.py's command, component and event handler tasks
# (its own names for them), background loops (discord.ext.tasks) and ours ("symposion: ...").
HANDLERS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-dynamic-item",
    "discord.py: on_",
    "discord-ext-tasks: ",
    "symposion: ",
)


def default_workers() -> int:
    """One process per core but one (kept for the event loop), and at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


def intents() -> discord.Intents:
    """Only guilds: slash commands and buttons need no message content or member lists."""
    return discord.Intents(guilds=True)


class SymposionBot(commands.Bot):
    """One bot process; `service` and `table` are ready once setup_hook has run.

    `table` is the presenter the cogs.presenter extension sets up: the client holds it for
    the cogs (typed there, cogs.ui.host.Host) and never uses it itself.

    `clock` is what deadlines are measured by (tests pass a fake one and move it by hand);
    the timer loop looks at it every `timer_interval` seconds.

    `close` stops it cleanly, whoever asks (a signal, a test): see `_stop`.
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
        web: WebSettings | None = None,
        settle_memory: bool = False,
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
        self.computer_pool = worker_pool(computer_workers or default_workers())
        self.computer_timeout = computer_timeout
        # On PostgreSQL a process always holds its shards (all of them when not sharded), so
        # a second process for the same games is refused; sqlite has its file lock instead.
        self.served = shards
        self.web = web  # the web pages' settings (cogs.web serves them); None: no site
        # The process is the bot's own (python -m bot): once set up, what start-up made is
        # kept out of garbage collections (bot.memory). Tests share their process: no.
        self.settle_memory = settle_memory
        # Images drawn in their own processes (none: the loop's threads, as tests and scripts
        # do), fed from the event loop (bot.drawing_workers): a game's images always go to the
        # same worker, which keeps the bands of rows its last board shared with the next.
        self.drawing_workers: tuple[DrawingWorker, ...] = tuple(
            DrawingWorker() for _ in range(render_workers)
        )
        self.store: Store | None = None
        self._stopped: asyncio.Future[None] | None = None  # the stop, once it has begun
        self._service: GameService | None = None
        self._table: object | None = None

    @property
    def service(self) -> GameService:
        """The game service (set up in setup_hook)."""
        if self._service is None:
            raise RuntimeError("the bot has not finished setting up")
        return self._service

    @property
    def stopping(self) -> bool:
        """The bot is stopping: what arrives now is turned away ('restarting')."""
        return self._stopped is not None

    @property
    def table(self) -> Any:
        """What shows games in Discord (set up by the cogs.presenter extension)."""
        if self._table is None:
            raise RuntimeError("the bot has not finished setting up")
        return self._table

    @table.setter
    def table(self, presenter: object) -> None:
        self._table = presenter

    async def setup_hook(self) -> None:
        """Migrate, load every ongoing game, load the extensions, then sync commands."""
        self.store = await Store.open(self.database_path, clock=lambda: iso(self.clock()))
        if self.served is not None or self.store.shards.offered:
            await self.store.shards.serve(self.served or Shards.everything())
        thinker = Thinker(self.computer_pool, self.computer_timeout)
        analyst = Analyst(self.computer_pool)  # the same pool, a slice at a time, low priority
        self._service = GameService(self.store, clock=self.clock, thinker=thinker, analyst=analyst)
        loaded = await self._service.load()
        log.info("loaded %d ongoing game(s) from %s", loaded, self.store.name)  # no password
        for name in EXTENSIONS:
            await self.load_extension(name)
        await self._sync()
        if self.settle_memory:
            memory.settle()

    async def _sync(self) -> None:
        if self.dev_guild_id is None:
            synced = await self.tree.sync()
        else:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        log.info("synced %d slash command(s)", len(synced))

    async def close(self) -> None:
        """Stop cleanly (see `_stop`); a second call waits for the stop already under way."""
        if self._stopped is None:
            self._stopped = asyncio.ensure_future(self._stop())
        await asyncio.shield(self._stopped)

    async def _stop(self) -> None:
        """Turn new interactions away, let running handlers finish (a move's commit and its
        board; bounded, then cancelled) with the computer's thoughts abandoned, close Discord
        (unloading the extensions first: the timer loop ends, the board senders stop, then the
        gateway closes), end the worker pools, close the database last, so nothing still
        running finds it closed."""
        if self.extensions:
            self.dispatch("stopping")  # extensions stop their loops (cogs.timers)
        if self._service is not None:
            self._service.computers.thinker.abandon()
            self._service.analyses.analyst.abandon()  # pending rows stay: resumed at start
        await self._finish_handlers()
        try:
            await asyncio.wait_for(asyncio.shield(super().close()), CLOSE_GATEWAY)
        except TimeoutError:
            log.warning("Discord's connection did not close within %ss; leaving it", CLOSE_GATEWAY)
        drawing = [worker.stop() for worker in self.drawing_workers]
        self.drawing_workers = ()  # images drawn after this (none should be) use threads
        ended = [process for process in drawing if process is not None]
        await asyncio.gather(
            asyncio.to_thread(end_pools, [self.computer_pool], END_WORKERS),
            asyncio.to_thread(end_workers, ended, END_WORKERS),
        )
        if self.store is not None:
            await self.store.close()
            self.store = None

    async def _finish_handlers(self) -> None:
        """Wait up to FINISH_HANDLERS seconds for running handlers, then cancel the rest."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + FINISH_HANDLERS
        while (running := handlers()) and loop.time() < deadline:
            await asyncio.wait(running, timeout=deadline - loop.time())
        if running:
            names = sorted({task.get_name() for task in running})
            log.warning("stopping %d handler(s) still running: %s", len(running), names)
            for task in running:
                task.cancel()
            await asyncio.wait(running, timeout=CANCELLED)


def handlers() -> set[asyncio.Task[Any]]:
    """Handler tasks still running (HANDLERS), the caller's own task excluded."""
    me = asyncio.current_task()
    return {
        task
        for task in asyncio.all_tasks()
        if task is not me and not task.done() and task.get_name().startswith(HANDLERS)
    }


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
