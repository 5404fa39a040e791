"""Board and hand images drawn off the event loop: in worker processes when the bot has them.

Issue 16 §5: two processes drew 1.28x the boards per second of threads, and drawing in them
leaves the event loop's process (and its GIL) to Discord and the store. The painter asks the
bot for its process pool at every drawing, so a pool given back at close is never used again;
without one (tests, scripts) images are drawn in the loop's thread pool as before. Either way the
bytes are the same: the workers run the very same `rendering` functions on pickled copies of the
public or private view.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import rendering
import rendering.leagues
from bot.leagues.view import StandingsView


class Painter:
    """Draws images in the pool `pool()` names at that moment (None: the loop's threads)."""

    def __init__(self, pool: Callable[[], Executor | None]) -> None:
        self._pool = pool

    async def _drawn(self, draw: Any, *args: Any) -> bytes:
        """Run `draw` in the pool, submitted from a thread while the pool may still start a
        worker in `submit` (which waits for the forkserver), from the loop once all run."""
        pool = self._pool()
        if pool is None:
            return bytes(await asyncio.to_thread(draw, *args))
        if _all_started(pool):
            future = pool.submit(draw, *args)
        else:
            future = await asyncio.to_thread(pool.submit, draw, *args)
        return bytes(await asyncio.wrap_future(future))

    async def warm(self) -> None:
        """Start every drawing worker now, each importing the renderers: otherwise the first
        moment two boards are drawn at once (a burst of moves) waits for a worker to start."""
        pool = self._pool()
        if not isinstance(pool, ProcessPoolExecutor) or _all_started(pool):
            return
        size: int = pool._max_workers  # type: ignore[attr-defined]
        # Submitted together, before any worker is free: each submit starts one more worker.
        futures = await asyncio.to_thread(
            lambda: [pool.submit(rendering.warm_up) for _ in range(size)]
        )
        await asyncio.gather(*(asyncio.wrap_future(future) for future in futures))

    async def board_png(self, game_type: str, view: Mapping[str, Any], context: Any) -> bytes:
        """The public board image of one view."""
        return await self._drawn(rendering.board_png, game_type, view, context)

    async def hand_png(self, game_type: str, view: Mapping[str, Any], context: Any) -> bytes:
        """One seat's hand image."""
        return await self._drawn(rendering.hand_png, game_type, view, context)

    async def standings_png(self, view: StandingsView, language: str) -> bytes:
        """A league's standings image in the reader's language (the view pickles as it is)."""
        return await self._drawn(rendering.leagues.standings_png, view, language)


def _all_started(pool: Executor) -> bool:
    """Whether `submit` can no longer start a worker: a process pool with all of its running.

    The executor keeps no public count; _processes is its pid -> Process map and _max_workers
    its size (as bot.pools reads them). Any other executor may do anything in `submit`.
    """
    if not isinstance(pool, ProcessPoolExecutor):
        return False
    size: int = pool._max_workers  # type: ignore[attr-defined]
    return len(pool._processes or {}) >= size
