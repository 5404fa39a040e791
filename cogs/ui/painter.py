"""Board and hand images drawn off the event loop: in worker processes when the bot has them.

Issue 16 §5: two processes drew 1.28x the boards per second of threads, and drawing in them
leaves the event loop's process (and its GIL) to Discord and the store. The painter asks the
bot for its drawing workers at every drawing, so workers given back at close are never used
again; without any (tests, scripts) images are drawn in the loop's thread pool as before.
Either way the bytes are the same: the workers run the very same `rendering` functions on
pickled copies of the public or private view.

A game's images always go to the same worker (`key`): a worker compresses only the bands of
rows it has not seen (rendering.kit.strips), and a game's next board shares most of its bands
with its last one, which that worker drew (issue 23: 15% less encoding per board than with
boards spread over both workers). Images with no game go round. A hand waits behind the
boards already waiting for its worker (bot.drawing_workers): the channel's picture first.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import rendering
import rendering.leagues
from bot.drawing_workers import DrawingWorker
from bot.leagues.view import StandingsView


class Painter:
    """Draws images in the workers `workers()` names at that moment (none: the loop's threads)."""

    def __init__(self, workers: Callable[[], Sequence[DrawingWorker]]) -> None:
        self._workers = workers
        self._turns = itertools.count()  # the next worker for an image of no game
        self._starting = asyncio.Lock()  # one worker started at a time (the forkserver's)

    async def _drawn(self, key: int | None, draw: Any, *args: Any, later: bool = False) -> bytes:
        """Run `draw` in the worker for `key` (a game's images keep to one worker), started
        first if it is not running (from a thread: starting waits for the forkserver)."""
        workers = self._workers()
        if not workers:
            return bytes(await asyncio.to_thread(draw, *args))
        worker = workers[(next(self._turns) if key is None else key) % len(workers)]
        if not worker.started:
            await self._start(worker)
        return bytes(await worker.draw(draw, *args, later=later))

    async def _start(self, worker: DrawingWorker) -> None:
        """Start one worker's process, unless another caller just did."""
        async with self._starting:
            if not worker.started:
                await asyncio.to_thread(worker.start)

    async def warm(self) -> None:
        """Start every drawing worker now, each importing the renderers: otherwise the first
        moment a worker is needed (a burst of moves) waits for it to start."""
        workers = self._workers()
        for worker in workers:
            if not worker.started:
                await self._start(worker)
        await asyncio.gather(*(worker.draw(rendering.warm_up) for worker in workers))

    async def board_png(
        self, game_type: str, view: Mapping[str, Any], context: Any, key: int | None = None
    ) -> bytes:
        """The public board image of one view (`key`: its game's id)."""
        return await self._drawn(key, rendering.board_png, game_type, view, context)

    async def hand_png(
        self, game_type: str, view: Mapping[str, Any], context: Any, key: int | None = None
    ) -> bytes:
        """One seat's hand image (`key`: its game's id and seat, so a move's hands and board
        are drawn side by side), after the boards waiting for its worker."""
        return await self._drawn(key, rendering.hand_png, game_type, view, context, later=True)

    async def standings_png(self, view: StandingsView, language: str) -> bytes:
        """A league's standings image in the reader's language (the view pickles as it is)."""
        return await self._drawn(None, rendering.leagues.standings_png, view, language)
