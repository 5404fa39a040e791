"""Starting, watching and stopping a real discord.py bot against the fake, and timing it."""

from __future__ import annotations

import asyncio
import dataclasses
import time
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, Generic, TypeVar

from discord.ext import commands

from .errors import FakeDiscordFailure
from .interactions import InjectedInteraction
from .progress import busy_tasks, killed_tasks
from .recorder import Predicate, RecordedMessage
from .server import FakeDiscord

BotT = TypeVar("BotT", bound=commands.Bot)


class BotRunner(Generic[BotT]):
    """Runs one bot at a time on a fake; stop + start again is a restart."""

    def __init__(self, fake: FakeDiscord) -> None:
        """Serve bots from this fake."""
        self.fake = fake
        self.bot: BotT | None = None
        self._task: asyncio.Task[None] | None = None
        self._closing = False

    async def start(
        self,
        factory: Callable[..., BotT],
        *,
        wait_synced: bool = True,
        timeout: float = 5.0,
        **options: Any,
    ) -> BotT:
        """Build a bot with `factory(**options)`, log in, wait for READY and a command sync."""
        if self.bot is not None:
            raise RuntimeError("a bot is already running; stop() it first")
        options.setdefault("guild_ready_timeout", 0.05)
        syncs_before = self.fake.commands.sync_count
        bot = factory(**options)
        self.bot, self._closing = bot, False
        self._task = asyncio.create_task(bot.start(self.fake.token), name="fake-discord-bot")
        self._task.add_done_callback(self._watch)
        await self._race(bot.wait_until_ready(), timeout, "READY")
        if wait_synced:
            await self._race(self._synced_after(syncs_before), timeout, "a command sync")
        self.fake.component_gate = lambda m, t, c: handles_component(bot, m, t, c)
        return bot

    async def stop(self, *, settle_timeout: float = 5.0, settle: bool = True) -> None:
        """Let running commands finish, then close the bot cleanly (`settle=False`: close it
        at once, whatever runs, as a stop signal does)."""
        bot, task = self.bot, self._task
        if bot is None or task is None:
            return
        if settle:
            await self.settle(settle_timeout)
        crashed = task.done()  # already reported by _watch
        self._closing = True
        self.fake.component_gate = None
        await bot.close()
        self.fake.gateway.forget_current(getattr(bot, "shard_ids", None))
        if not crashed:
            try:
                await asyncio.wait_for(asyncio.shield(task), 5.0)
            except Exception as exc:
                self.fake.fail(f"the bot did not close cleanly: {exc!r}")
        self.bot = self._task = None

    async def kill(self) -> None:
        """Stop the bot as kill -9 would: its running handlers are cut off where they are."""
        bot, task = self.bot, self._task
        if bot is None or task is None:
            return
        self._closing = True
        self.fake.component_gate = None
        busy = killed_tasks()
        for handler in busy:
            handler.cancel()
        await asyncio.gather(*busy, return_exceptions=True)
        await bot.close()
        self.fake.gateway.forget_current(getattr(bot, "shard_ids", None))
        await asyncio.gather(task, return_exceptions=True)
        self.bot = self._task = None

    async def restart(self, factory: Callable[..., BotT], **options: Any) -> BotT:
        """Stop the running bot and start a fresh one on the same fake."""
        await self.stop()
        return await self.start(factory, **options)

    async def settle(self, timeout: float = 5.0) -> None:
        """Wait until no command, view or event task of discord.py runs and no request is open."""

        def idle() -> bool:
            return not busy_tasks() and self.fake.inflight == 0

        try:
            await self.fake.progress.until(idle, timeout, "the bot is idle")
        except TimeoutError:
            busy = [t.get_name() for t in busy_tasks()]
            self.fake.fail(f"the bot was still busy after {timeout}s: {busy}")

    async def _synced_after(self, count: int) -> None:
        """Wait until the fake has seen a bulk command overwrite after `count`."""
        await self.fake.progress.until(lambda: self.fake.commands.sync_count > count, None)

    async def _race(self, waiting: Awaitable[Any], timeout: float, what: str) -> None:
        """Await something, failing fast if the bot's task dies first."""
        assert self._task is not None
        waiter = asyncio.ensure_future(waiting)
        done, _ = await asyncio.wait(
            {waiter, self._task}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
        )
        if waiter in done:
            waiter.result()
            return
        waiter.cancel()
        if self._task in done:
            error = None if self._task.cancelled() else self._task.exception()
            raise FakeDiscordFailure(f"the bot stopped before {what}: {error!r}") from error
        raise TimeoutError(f"no {what} within {timeout}s; last calls: {self.fake.calls[-8:]}")

    def _watch(self, task: asyncio.Task[None]) -> None:
        """Fail the test if the bot's gateway task ends while nobody is closing it."""
        if self._closing or task.cancelled():
            return
        error = task.exception()
        if error is None:
            self.fake.fail("the bot's connection task ended on its own")
            return
        text = "".join(traceback.format_exception(error, limit=8))
        self.fake.fail(f"the bot's connection task crashed:\n{text}")


def handles_component(
    bot: commands.Bot, message_id: int, component_type: int, custom_id: str
) -> bool:
    """Whether a click would reach a View stored for the message or a DynamicItem."""
    # discord.py exposes no public lookup; ViewStore is its documented dispatch table.
    store = bot._connection._view_store
    if any(pattern.fullmatch(custom_id) for pattern in store._dynamic_items):
        return True
    key = (component_type, custom_id)
    return any(key in store._views.get(owner, {}) for owner in (message_id, None))


@asynccontextmanager
async def serving(*, strict: bool = True) -> AsyncIterator[FakeDiscord]:
    """A started fake (discord.py pointed at it); stopped after, then its problems raised.
    `strict`: every request is checked against Discord's API description (strict.py)."""
    fake = FakeDiscord(strict=strict)
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()
    fake.check()


@asynccontextmanager
async def running(fake: FakeDiscord) -> AsyncIterator[BotRunner[Any]]:
    """A BotRunner on `fake` whose last bot is stopped cleanly on the way out."""
    runner: BotRunner[Any] = BotRunner(fake)
    try:
        yield runner
    finally:
        await runner.stop()


@dataclasses.dataclass(frozen=True)
class RoundTrip:
    """How long one user action took to produce the bot message a test waited for."""

    seconds: float
    message: RecordedMessage
    interaction: InjectedInteraction


async def measure_round_trip(
    fake: FakeDiscord,
    inject: Callable[[], Awaitable[InjectedInteraction]],
    predicate: Predicate,
    *,
    timeout: float = 5.0,
) -> RoundTrip:
    """Time from just before `inject()` to the first bot message matching `predicate`."""
    started = time.perf_counter()
    interaction = await inject()
    event = await fake.recorder.wait_for(predicate, timeout=timeout, since=interaction.since)
    return RoundTrip(event.at - started, event.message, interaction)
