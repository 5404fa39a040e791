"""The computer's thinking, off the event loop: `decide` in an executor, bounded in time.

The bot owns a process pool and hands it to the service as a `Thinker`; a thought that runs
past its time (or whose worker fails) is not waited for: the seeded random legal move of
`bot.ai.simple` is played instead and the fallback is logged, so a game never hangs on the
computer. Without a pool (service tests, scripts) the thought runs in the loop's default
thread pool, which still keeps the event loop free.

Asked again for a position it is still thinking about (the same state, seat, seed, version and
level: the same decision, as `decide` is seeded), the thinker waits for that one thought
instead of starting another. Each person's move starts the table's loop of computer moves, and
a loop whose thought went stale thinks again about the next position: without this, loops
left over from earlier moves each thought about every later computer move too, and with a
quick player they piled up behind one another in the pool.

When the bot stops, the thinker is `abandon`ed: a thought still running is not waited for
(its worker is ended with the pool) and no new one starts; every caller of a thought, shared
or not, answers `Restarting`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from bot.ai import Decision, choose, decide
from bot.engine import AnyGame
from bot.service.errors import Restarting

log = logging.getLogger(__name__)

Decide = Callable[[str, Any, int, int, int, str], Decision]
FIRST = asyncio.FIRST_COMPLETED
DEFAULT_TIMEOUT = 10.0  # seconds a decision may take before the random move stands in


@dataclass
class _Thought:
    """One decision under way and how many callers wait for it (the state keeps its id)."""

    state: Any
    job: asyncio.Future[Decision]
    waiting: int = 0


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
        self._thinking: dict[tuple[object, ...], _Thought] = {}  # under way, by what about
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
        """The computer's decision for `seat`; the same thought if one about it is under way.

        Raises Restarting when the thinker is abandoned (the bot stops) before it decides.
        """
        if self.abandoned:
            raise Restarting()
        about = (game.spec.id, id(state), seat, seed, version, level)
        thought = self._thinking.get(about)
        if thought is None:
            job = asyncio.ensure_future(self._think(game, state, seat, seed, version, level))
            thought = self._thinking[about] = _Thought(state, job)
            job.add_done_callback(lambda _: self._thinking.pop(about, None))
        thought.waiting += 1
        try:
            return await asyncio.shield(thought.job)  # one caller cancelled leaves the others it
        except asyncio.CancelledError:
            if thought.waiting == 1:
                thought.job.cancel()  # nobody else wants it: stop thinking
            raise
        finally:
            thought.waiting -= 1

    async def _think(
        self, game: AnyGame, state: Any, seat: int, seed: int, version: int, level: str
    ) -> Decision:
        """One thought, bounded in time; the seeded random move if it takes too long."""
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
                job.cancel()  # past its time, abandoned, or nobody waits for it any more
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
