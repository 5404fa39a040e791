"""Waiting for the bot to make progress without polling: requests ending, handler tasks ending."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

# Task names discord.py gives to command, view and event handlers; settling waits for them.
BUSY_TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-dynamic-item",
    "discord.py: on_",
)
# And the bot's own tasks (boards on their way, games resumed): a kill cuts them off too.
OWN_TASK_PREFIX = "symposion: "


def busy_tasks() -> list[asyncio.Task[Any]]:
    """discord.py handler tasks still running (the caller's own task excluded)."""
    me = asyncio.current_task()
    return [
        t
        for t in asyncio.all_tasks()
        if t is not me and not t.done() and t.get_name().startswith(BUSY_TASK_PREFIXES)
    ]


def killed_tasks() -> list[asyncio.Task[Any]]:
    """What kill -9 cuts off where it is: the handlers and the bot's own tasks."""
    me = asyncio.current_task()
    names = (*BUSY_TASK_PREFIXES, OWN_TASK_PREFIX)
    return [
        t
        for t in asyncio.all_tasks()
        if t is not me and not t.done() and t.get_name().startswith(names)
    ]


class Progress:
    """A pulse the fake gives whenever a request of the bot ends; waiters re-check on it."""

    def __init__(self) -> None:
        """Nobody is waiting yet."""
        self._pulse = asyncio.Event()

    def pulse(self) -> None:
        """Wake every waiter once (a request ended: inflight, syncs or messages changed)."""
        self._pulse.set()
        self._pulse = asyncio.Event()

    async def next_step(self) -> None:
        """Return after the next request ends or a discord.py handler task finishes."""
        pulse = asyncio.ensure_future(self._pulse.wait())
        try:
            await asyncio.wait({pulse, *busy_tasks()}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            pulse.cancel()

    async def until(
        self, condition: Callable[[], bool], timeout: float | None, what: str = ""
    ) -> None:
        """Wait until `condition()` holds, re-checking only when the bot has made progress."""
        try:
            async with asyncio.timeout(timeout):
                while not condition():
                    await self.next_step()
        except TimeoutError:
            raise TimeoutError(f"not true within {timeout}s: {what or condition}") from None
