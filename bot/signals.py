"""SIGTERM and SIGINT ask the bot to stop cleanly; a second one ends it at once (issue 24 §1).

The handlers are the event loop's own (`loop.add_signal_handler`), installed whatever the
process inherited: SIGINT ignored (`nohup`, a script's `cmd &`) or no handler at all (the
kernel drops a signal PID 1 has no handler for, as in a container). Both signals mean the same
to the bot: the operator wants it gone, so it stops and exits 0.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from collections.abc import Awaitable
from typing import TypeVar

log = logging.getLogger("bot.signals")

STOPPING = (signal.SIGTERM, signal.SIGINT)
T = TypeVar("T")


class StopSignals:
    """Installed on the running loop: the first signal asks for a stop, the second exits."""

    def __init__(self) -> None:
        self.asked = asyncio.Event()
        self.name = ""  # the signal that asked
        loop = asyncio.get_running_loop()
        for number in STOPPING:
            loop.add_signal_handler(number, self._received, number)

    def _received(self, number: signal.Signals) -> None:
        if self.asked.is_set():
            log.warning("%s again: exiting at once", number.name)
            os._exit(128 + number)  # what a shell reports for a process a signal ended
        self.name = number.name
        self.asked.set()

    async def unless_asked(self, work: Awaitable[T]) -> tuple[bool, T | None]:
        """Run `work` unless a stop is asked first (then it is cancelled): (done, its result)."""
        job = asyncio.ensure_future(work)
        asked = asyncio.ensure_future(self.asked.wait())
        try:
            await asyncio.wait({job, asked}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            asked.cancel()
        if job.done():
            return True, job.result()
        job.cancel()
        await asyncio.gather(job, return_exceptions=True)
        return False, None
