"""Boards on their way to a game's message: only the newest is drawn and sent.

Discord lets a channel take about five message sends or edits per five seconds, and discord.py
holds a request back until its bucket has room. Moves can come faster: the computer seats moving
in a row, several quick decisions in one turn. So each committed board is offered here, and one
sender per game shows the newest offer whenever the one before it has gone out. A board replaced
while it waited is never drawn nor sent; what it asked for carries over to the board replacing
it (a turn that passed still gets its note, a new message asked for is still posted), and the
sender never stops before the newest board is shown: the board a player sees last is never
skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

from bot.service import Board


@dataclass(frozen=True)
class Offer:
    """A board to show, redrawn in place or posted anew, and whether the turn passed with it."""

    board: Board
    in_place: bool = False
    turn_passed: bool = False

    def then(self, newer: Offer) -> Offer:
        """The one offer standing for this one and a newer one: the newest board, posted anew if
        either asked for it, and a turn note if the turn passed in either."""
        board = max(self.board, newer.board, key=lambda b: b.info.version)
        return Offer(board, self.in_place and newer.in_place, self.turn_passed or newer.turn_passed)


class _Queue:
    """One game's board waiting to go out, and the task sending its boards (if running)."""

    def __init__(self) -> None:
        self.waiting: Offer | None = None
        self.sender: asyncio.Task[None] | None = None

    def take(self) -> Offer | None:
        """The newest offer, which the sender now shows; nothing waits after it."""
        offer, self.waiting = self.waiting, None
        return offer


class Deliveries:
    """One sender per game, showing the newest board offered through `show` (which never
    raises: a board that fails is mended there)."""

    def __init__(self, show: Callable[[Offer], Awaitable[None]]) -> None:
        self._show = show
        self._queues: dict[int, _Queue] = {}

    def offer(self, offer: Offer) -> asyncio.Task[None]:
        """Queue a board, replacing one still waiting; the task that will have shown it."""
        game_id = offer.board.info.game_id
        queue = self._queues.setdefault(game_id, _Queue())
        queue.waiting = offer if queue.waiting is None else queue.waiting.then(offer)
        if queue.sender is None or queue.sender.done():
            queue.sender = asyncio.create_task(
                self._send(game_id, queue), name=f"symposion: boards of game #{game_id}"
            )
        return queue.sender

    async def _send(self, game_id: int, queue: _Queue) -> None:
        """Show the newest board until none waits (each drawn only when its turn comes)."""
        try:
            while (offer := queue.take()) is not None:
                await self._show(offer)
        finally:
            if self._queues.get(game_id) is queue and queue.waiting is None:
                del self._queues[game_id]

    async def flush(self, game_id: int) -> None:
        """Until every board offered for the game so far has been shown (or replaced)."""
        queue = self._queues.get(game_id)
        if queue is not None and queue.sender is not None:
            await wait_for_sender(queue.sender)

    async def close(self) -> None:
        """The bot closes: every sender stops (each channel is mended at the next start)."""
        senders = [q.sender for q in self._queues.values() if q.sender is not None]
        self._queues.clear()
        for sender in senders:
            sender.cancel()
        await asyncio.gather(*senders, return_exceptions=True)

    def stop(self, game_id: int) -> None:
        """Stop sending a game's boards (the bot is going down; the channel is mended at the
        next start)."""
        queue = self._queues.pop(game_id, None)
        if queue is not None and queue.sender is not None:
            queue.sender.cancel()

    @contextlib.asynccontextmanager
    async def batch(self, game_id: int) -> AsyncIterator[None]:
        """Boards offered inside go out as Discord allows, replaced while they wait; leaving, it
        waits for the newest to be shown (cancelled, the sender stops with it)."""
        try:
            yield
        except asyncio.CancelledError:
            self.stop(game_id)
            raise
        except Exception:
            await self.flush(game_id)
            raise
        await self.flush(game_id)


async def wait_for_sender(sender: asyncio.Task[None]) -> None:
    """Until a game's sender is done; a waiter cancelled (its interaction, say) leaves the
    sender running for the others (`Deliveries.stop` ends it on purpose)."""
    await asyncio.shield(sender)
