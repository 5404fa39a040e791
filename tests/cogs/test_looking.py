"""The periodic look shared by the timers, the digests and the leagues (cogs.ui.looking)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, cast

import pytest

from cogs.ui.looking import Looking


class Bot:
    """What a look needs of the bot: how often, and when it is connected."""

    timer_interval = 0.0  # look again at once: the tests wait on events, not on time

    def __init__(self) -> None:
        self.ready = asyncio.Event()

    async def wait_until_ready(self) -> None:
        await self.ready.wait()


async def test_a_failed_look_is_logged_and_the_next_one_comes(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bot, calls, second = Bot(), [], asyncio.Event()

    async def look() -> None:
        calls.append(len(calls))
        if len(calls) == 1:
            raise RuntimeError("the store went away")
        second.set()

    looking = Looking(cast(Any, bot), look, "digest")
    looking.start()
    await asyncio.sleep(0)  # the loop's task runs up to its wait for the connection
    assert calls == []  # nothing is looked at before the bot is connected
    bot.ready.set()
    await asyncio.wait_for(second.wait(), 5.0)
    looking.cancel()
    failed = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert [r.getMessage() for r in failed] == ["the digest loop failed; it tries again next time"]
    assert looking.loop.get_task() is not None
    assert looking.loop.get_task().get_name() == "discord-ext-tasks: digest"  # type: ignore[union-attr]


async def test_a_stop_lets_the_look_under_way_finish_and_starts_no_other() -> None:
    bot, begun, release, finished = Bot(), asyncio.Event(), asyncio.Event(), []
    bot.ready.set()

    async def look() -> None:
        begun.set()
        await release.wait()
        finished.append(True)

    looking = Looking(cast(Any, bot), look, "league")
    looking.start()
    await asyncio.wait_for(begun.wait(), 5.0)
    looking.stop()
    release.set()
    task = looking.loop.get_task()
    assert task is not None
    await asyncio.wait_for(task, 5.0)
    assert finished == [True]  # the look under way was not cut off, and no second one ran


async def test_a_stop_between_looks_ends_the_loop_at_once() -> None:
    bot, looked = Bot(), []  # never connected: the loop waits before its first look

    async def look() -> None:
        looked.append(True)

    looking = Looking(cast(Any, bot), look, "timer")
    looking.start()
    await asyncio.sleep(0)
    looking.stop()
    task = looking.loop.get_task()
    assert task is not None
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(task, 5.0)
    assert looked == []
