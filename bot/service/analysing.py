"""Running analyses: in the computer players' pool, one game at a time, a slice at a time.

An analysis is cut into about SLICES slices of decisions; each runs as one job of the pool
(`bot.ai.reviewing.weigh_slice`, at the lowest thread priority inside its worker), so between
two slices a computer move waiting for a worker gets one, and the asker sees the progress.
Only one game is analysed at a time (the others wait in order, and each is told its place):
the computer players keep the rest of the pool, and their pace.

A job asked for while it is queued or running is joined, never started twice (`start` hands
back the job under way). When the bot stops (`abandon`), a running job ends with `Restarting`
and its stored 'pending' row stays, so the next start begins it again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from bot.ai.analysis import Game, Plan, Step, decisions
from bot.ai.reviewing import weigh_slice
from bot.service.errors import Restarting

log = logging.getLogger(__name__)

SLICES = 10  # an analysis's pieces: its progress steps, and the pool's chances to run moves
Slicer = Callable[..., list[Step]]


@dataclass(frozen=True, slots=True)
class Progress:
    """Where an analysis is: its place in the queue (0: running), decisions weighed of all."""

    place: int
    done: int
    total: int


Listener = Callable[[Progress], Awaitable[None]]


@dataclass
class Job:
    """One game's analysis, queued or running, and whoever waits to see its progress."""

    game_id: int
    match: Game
    seed: int
    listeners: list[Listener] = field(default_factory=list)
    progress: Progress = Progress(1, 0, 0)
    task: asyncio.Future[list[Step]] | None = None


class Analyst:
    """Runs analyses in `executor` (the computer players' pool), one game at a time."""

    def __init__(
        self,
        executor: Executor | None = None,
        plan: Plan | None = None,
        slicer: Slicer = weigh_slice,
    ) -> None:
        self.executor = executor
        self.plan = Plan() if plan is None else plan
        self.slicer = slicer  # a picklable top-level function when `executor` is a process pool
        self.jobs: dict[int, Job] = {}  # queued or running, by game id, in the order asked
        self._turn = asyncio.Lock()  # fair: the jobs run in the order they asked for it
        self.abandoned = False

    def abandon(self) -> None:
        """The bot stops: running and queued analyses end with Restarting (rows stay)."""
        self.abandoned = True
        for job in self.jobs.values():
            if job.task is not None and not job.task.done():
                job.task.cancel()

    def running(self, game_id: int) -> Job | None:
        """The game's analysis if it is queued or running."""
        return self.jobs.get(game_id)

    def start(self, game_id: int, match: Game, seed: int) -> Job:
        """Queue a game's analysis (its place counted from the running one, 1 = next), or the
        one already queued or running for it: a game is never analysed twice at once."""
        if self.abandoned:
            raise Restarting()
        job = self.jobs.get(game_id)
        if job is not None:
            return job
        job = self.jobs[game_id] = Job(game_id, match, seed)
        job.progress = Progress(len(self.jobs) - 1, 0, 0)
        job.task = asyncio.ensure_future(self._run(job))
        return job

    async def wait(self, job: Job, listener: Listener | None = None) -> list[Step]:
        """The job's steps once done; `listener` hears its progress meanwhile (now first)."""
        if listener is not None:
            job.listeners.append(listener)
            await _tell(listener, job.progress)
        assert job.task is not None
        try:
            return await asyncio.shield(job.task)
        except asyncio.CancelledError:
            if self.abandoned:
                raise Restarting() from None
            raise

    async def _run(self, job: Job) -> list[Step]:
        """Wait for the turn, then weigh the decisions slice by slice, telling the progress."""
        try:
            async with self._turn:
                return await self._weigh(job)
        finally:
            self.jobs.pop(job.game_id, None)
            await self._tell_places()

    async def _weigh(self, job: Job) -> list[Step]:
        real = await asyncio.to_thread(decisions, job.match)
        steps: list[Step] = []
        await self._moved(job, Progress(0, 0, len(real)))
        for piece in _slices(real):
            steps += await self._slice(job, piece)
            await self._moved(job, Progress(0, len(steps), len(real)))
        return steps

    async def _slice(self, job: Job, indexes: Sequence[int]) -> list[Step]:
        """One slice in the pool (handed over from a thread: a pool starts workers in submit)."""
        m = job.match
        args: tuple[Any, ...] = (
            m.game.spec.id,
            m.players,
            m.seed,
            dict(m.options),
            list(m.moves),
            self.plan,
            job.seed,
            list(indexes),
        )
        if self.executor is None:
            return await asyncio.to_thread(self.slicer, *args)
        future = await asyncio.to_thread(self.executor.submit, self.slicer, *args)
        return await asyncio.wrap_future(future)

    async def _moved(self, job: Job, progress: Progress) -> None:
        job.progress = progress
        for listener in list(job.listeners):
            await _tell(listener, progress)

    async def _tell_places(self) -> None:
        """Every queued job hears its new place once one has left the queue."""
        for place, job in enumerate(self.jobs.values()):
            if place > 0 and job.progress.place != place:
                await self._moved(job, Progress(place, 0, 0))


def _slices(indexes: Sequence[int]) -> list[Sequence[int]]:
    """About SLICES pieces of the decisions, in order."""
    size = max(1, -(-len(indexes) // SLICES))
    return [indexes[k : k + size] for k in range(0, len(indexes), size)]


async def _tell(listener: Listener, progress: Progress) -> None:
    """Tell one listener; its failure (a message that could not be edited) stops nothing."""
    try:
        await listener(progress)
    except Exception:
        log.exception("an analysis's progress could not be shown")
