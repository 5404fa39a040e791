"""SIGTERM and SIGINT ask the bot to stop (bot/signals.py, issue 24 §1), also when SIGINT was
inherited ignored; a stop asked while the database is checked at start cancels the check.

The signals are real ones sent to this test process, with the handlers installed on the test's
event loop (removed again when the test ends, restoring Python's own)."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator

import pytest

from bot.signals import STOPPING, StopSignals


@pytest.fixture
async def handlers_removed() -> AsyncIterator[None]:
    """After the test, this process's SIGTERM and SIGINT handling is Python's own again."""
    before = {number: signal.getsignal(number) for number in STOPPING}
    yield
    loop = asyncio.get_running_loop()
    for number in STOPPING:
        loop.remove_signal_handler(number)
        signal.signal(number, before[number])


async def test_work_is_done_when_nobody_asks_to_stop(handlers_removed: None) -> None:
    signals = StopSignals()
    assert await signals.unless_asked(asyncio.sleep(0, result="checked")) == (True, "checked")
    assert not signals.asked.is_set()


async def test_sigterm_asks_and_cancels_the_work_under_way(handlers_removed: None) -> None:
    signals = StopSignals()
    started, cancelled = asyncio.Event(), asyncio.Event()

    async def endless_check() -> str:
        started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return "never"

    checking = asyncio.ensure_future(signals.unless_asked(endless_check()))
    await started.wait()
    os.kill(os.getpid(), signal.SIGTERM)
    assert await checking == (False, None)
    assert cancelled.is_set() and signals.name == "SIGTERM"


async def test_sigint_asks_even_when_inherited_ignored(handlers_removed: None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # as nohup or a script's `cmd &` leave it
    signals = StopSignals()
    os.kill(os.getpid(), signal.SIGINT)
    await signals.asked.wait()
    assert signals.name == "SIGINT"
