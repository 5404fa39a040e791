"""Board and hand images drawn off the event loop: in worker processes when the bot has them.

Issue 16 §5: two processes drew 1.28x the boards per second of threads, and drawing in them
leaves the event loop's process (and its GIL) to Discord and the store. The painter asks the
bot for its worker pools at every drawing, so pools given back at close are never used again;
without any (tests, scripts) images are drawn in the loop's thread pool as before. Either way the
bytes are the same: the workers run the very same `rendering` functions on pickled copies of the
public or private view.

Each pool has one worker, and a game's images always go to the same one (`key`): a worker
compresses only the bands of rows it has not seen (rendering.kit.strips), and a game's next
board shares most of its bands with its last one, which that worker drew (issue 23: 15% less
encoding per board than with boards spread over both workers). Images with no game go round.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import rendering
import rendering.leagues
from bot.leagues.view import StandingsView


class Painter:
    """Draws images in the pools `pools()` names at that moment (none: the loop's threads)."""

    def __init__(self, pools: Callable[[], Sequence[Executor]]) -> None:
        self._pools = pools
        self._turns = itertools.count()  # the next pool for an image of no game

    async def _drawn(self, key: int | None, draw: Any, *args: Any) -> bytes:
        """Run `draw` in the pool for `key` (a game's images keep to one worker), submitted
        from a thread while the pool may still start its worker in `submit` (which waits for
        the forkserver), from the loop once it runs."""
        pools = self._pools()
        if not pools:
            return bytes(await asyncio.to_thread(draw, *args))
        pool = pools[(next(self._turns) if key is None else key) % len(pools)]
        if _all_started(pool):
            future = pool.submit(draw, *args)
        else:
            future = await asyncio.to_thread(pool.submit, draw, *args)
        return bytes(await asyncio.wrap_future(future))

    async def warm(self) -> None:
        """Start every drawing worker now, each importing the renderers: otherwise the first
        moment a worker is needed (a burst of moves) waits for it to start."""
        pools = [
            pool
            for pool in self._pools()
            if isinstance(pool, ProcessPoolExecutor) and not _all_started(pool)
        ]
        if not pools:
            return

        def submit() -> list[Any]:
            return [pool.submit(rendering.warm_up) for pool in pools]

        futures = await asyncio.to_thread(submit)
        await asyncio.gather(*(asyncio.wrap_future(future) for future in futures))

    async def board_png(
        self, game_type: str, view: Mapping[str, Any], context: Any, key: int | None = None
    ) -> bytes:
        """The public board image of one view (`key`: its game's id)."""
        return await self._drawn(key, rendering.board_png, game_type, view, context)

    async def hand_png(
        self, game_type: str, view: Mapping[str, Any], context: Any, key: int | None = None
    ) -> bytes:
        """One seat's hand image (`key`: its game's id and seat, so a move's hands and board
        are drawn side by side)."""
        return await self._drawn(key, rendering.hand_png, game_type, view, context)

    async def standings_png(self, view: StandingsView, language: str) -> bytes:
        """A league's standings image in the reader's language (the view pickles as it is)."""
        return await self._drawn(None, rendering.leagues.standings_png, view, language)


def _all_started(pool: Executor) -> bool:
    """Whether `submit` can no longer start a worker: a process pool with all of its running.

    The executor keeps no public count; _processes is its pid -> Process map and _max_workers
    its size (as bot.pools reads them). Any other executor may do anything in `submit`.
    """
    if not isinstance(pool, ProcessPoolExecutor):
        return False
    size: int = pool._max_workers  # type: ignore[attr-defined]
    return len(pool._processes or {}) >= size
