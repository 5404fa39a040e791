"""The computer's thinking, off the event loop: `decide` in an executor, bounded in time.

The bot owns a process pool and hands it to the service as a `Thinker`; a thought that runs
past its time (or whose worker fails) is not waited for: the seeded random legal move of
`bot.ai.simple` is played instead and the fallback is logged, so a game never hangs on the
computer. Without a pool (service tests, scripts) the thought runs in the loop's default
thread pool, which still keeps the event loop free.

When the bot stops, the thinker is `abandon`ed: a thought still running is not waited for
(its worker is ended with the pool) and no new one starts; each answers `Restarting`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from bot.ai import Decision, choose, decide
from bot.engine import AnyGame
from bot.service.errors import Restarting

log = logging.getLogger(__name__)

Decide = Callable[[str, Any, int, int, int, str], Decision]
FIRST = asyncio.FIRST_COMPLETED
DEFAULT_TIMEOUT = 10.0  # seconds a decision may take before the random move stands in


class Thinker:
    """Runs `decide` for the service: in `executor`, at most `timeout` seconds per decision."""

    def __init__(
        self,
        executor: Executor | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        decider: Decide = decide,
    ) -> None:
        self.executor = executor
        self.timeout = timeout
        self.decider = decider  # a picklable top-level function when `executor` is a process pool
        self.abandoned = False
        self._waiting: set[asyncio.Future[None]] = set()  # one per thought in progress

    def abandon(self) -> None:
        """The bot stops: thoughts in progress and any asked for later answer `Restarting`."""
        self.abandoned = True
        for waiting in self._waiting:
            if not waiting.done():
                waiting.set_result(None)

    async def decide(
        self, game: AnyGame, state: Any, seat: int, seed: int, version: int, level: str
    ) -> Decision:
        """The computer's decision for `seat`; the seeded random move if it takes too long.

        Raises Restarting when the thinker is abandoned (the bot stops) before it decides.
        """
        if self.abandoned:
            raise Restarting()
        job = asyncio.ensure_future(
            self._submit(game.spec.id, game.dump(state), seat, seed, version, level)
        )
        gone = asyncio.get_running_loop().create_future()
        self._waiting.add(gone)
        try:
            done, _ = await asyncio.wait({job, gone}, timeout=self.timeout, return_when=FIRST)
        finally:
            self._waiting.discard(gone)
            if not job.done():
                job.cancel()  # past its time, abandoned, or the caller was cancelled
        if job in done:
            try:
                return job.result()
            except Exception:
                log.exception(
                    "the computer (%s, %s) failed: playing the seeded random move",
                    game.spec.id,
                    level,
                )
        elif self.abandoned:
            raise Restarting()
        else:
            log.warning(
                "the computer (%s, %s) took over %ss: playing the seeded random move instead",
                game.spec.id,
                level,
                self.timeout,
            )
        return Decision(choose(game, state, seat, seed, version), None)

    async def _submit(self, *args: Any) -> Decision:
        """Hand the thought to the executor from a thread: a process pool starts its workers
        inside `submit` (forking, handshakes), which must not happen on the event loop."""
        if self.executor is None:
            return await asyncio.get_running_loop().run_in_executor(None, self.decider, *args)
        future = await asyncio.to_thread(self.executor.submit, self.decider, *args)
        return await asyncio.wrap_future(future)
