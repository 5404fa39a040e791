"""Drawing processes fed straight from the event loop: no executor threads, boards first.

A ProcessPoolExecutor keeps two threads in the bot's process per pool (a manager and a queue
feeder): with two drawing pools the event loop shared the GIL with four threads woken for
every image, 0.4 ms of the bot's CPU a move with 50 games at once (issue 23). Here a worker is
one process and one pipe: the loop writes a job to it while the worker holds fewer than AHEAD
(so it never waits between two), and reads each answer when the pipe is readable
(`loop.add_reader`); nothing else runs in the bot's process.

Jobs wait in the loop's own queues, where a board (the picture everyone in the channel waits
for) goes before a hand (its owner's DM, needed at their next turn); a hand never waits behind
more than PATIENCE boards. A worker that ends while it holds jobs (killed, out of memory)
fails them with WorkerLost, and a new one starts for the next job. Workers are started as the
computer players' are (bot.pools: forkserver, deaf to Ctrl-C and SIGTERM, ending with the bot)
and ended like them (`end_workers`: idle ones at once, a busy one killed after a grace).
"""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import os
import pickle
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from bot.pools import _still_running, _worker_started

AHEAD = 2  # jobs a worker holds at once: the next one waits in its pipe while it draws
PATIENCE = 4  # boards that may go before a waiting hand


class WorkerLost(RuntimeError):
    """The drawing process ended before it answered (its jobs are lost, not its images')."""


@dataclass
class _Job:
    """A call to make in the worker, and where its answer goes."""

    answer: asyncio.Future[Any]
    call: Callable[..., Any]
    args: tuple[Any, ...]


def _serve(pipe: Connection, bot: int) -> None:
    """The worker's life: answer each job in order, until the bot closes its end of the pipe."""
    _worker_started(bot)
    while True:
        try:
            job = pipe.recv_bytes()
        except (EOFError, OSError):
            return
        call, args = pickle.loads(job)
        try:
            answer: tuple[bool, Any] = (True, call(*args))
        except Exception as error:  # the caller raises it
            answer = (False, error)
        try:
            pipe.send_bytes(pickle.dumps(answer, pickle.HIGHEST_PROTOCOL))
        except (BrokenPipeError, OSError):
            return


class DrawingWorker:
    """One drawing process and the jobs waiting for it; used from one event loop."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("forkserver")
        self._boards: deque[_Job] = deque()
        self._hands: deque[_Job] = deque()
        self._passed = 0  # boards sent since a hand began waiting
        self._held: deque[_Job] = deque()  # sent, answered in this order
        self.process: BaseProcess | None = None
        self._pipe: Connection | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def started(self) -> bool:
        """Whether the process runs (or ran): jobs can be written to it."""
        return self._pipe is not None

    def start(self) -> None:
        """Start the process (blocks on the forkserver: call it from a thread)."""
        if self._pipe is not None:
            return
        if self.process is not None:  # one that died: reap it
            self.process.join()
        mine, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(
            target=_serve, args=(theirs, os.getpid()), name="symposion-drawing"
        )
        process.start()
        theirs.close()
        self.process, self._pipe = process, mine
        atexit.register(mine.close)  # an exit without `end_workers`: the worker sees EOF

    def draw(
        self, call: Callable[..., Any], *args: Any, later: bool = False
    ) -> asyncio.Future[Any]:
        """`call(*args)` in the process (started already); `later`: after boards (a hand)."""
        loop = asyncio.get_running_loop()
        if self._loop is None:
            self._listen(loop)
        answer = loop.create_future()
        (self._hands if later else self._boards).append(_Job(answer, call, args))
        self._feed()
        return answer

    def _listen(self, loop: asyncio.AbstractEventLoop) -> None:
        """Read answers on this loop from now on."""
        assert self._pipe is not None, "start the worker first"
        self._loop = loop
        loop.add_reader(self._pipe.fileno(), self._answered)

    def _next(self) -> _Job | None:
        """The job to send now: a board, unless a hand has waited for PATIENCE of them."""
        if self._hands and (not self._boards or self._passed >= PATIENCE):
            self._passed = 0
            return self._hands.popleft()
        if self._boards:
            self._passed += 1 if self._hands else 0
            return self._boards.popleft()
        return None

    def _feed(self) -> None:
        """Write jobs while the worker holds fewer than AHEAD (a cancelled one is dropped)."""
        while len(self._held) < AHEAD and (job := self._next()) is not None:
            if job.answer.cancelled():
                continue
            assert self._pipe is not None
            try:
                self._pipe.send_bytes(pickle.dumps((job.call, job.args), pickle.HIGHEST_PROTOCOL))
            except (BrokenPipeError, OSError):
                self._lost([job])
                return
            except Exception as error:  # the job cannot be pickled: its caller hears why
                job.answer.set_exception(error)
                continue
            self._held.append(job)

    def _answered(self) -> None:
        """Readable: an answer (or the end of a process that died)."""
        assert self._pipe is not None
        try:
            ok, value = pickle.loads(self._pipe.recv_bytes())
        except (EOFError, OSError):
            self._lost()
            return
        job = self._held.popleft()
        if not job.answer.done():
            if ok:
                job.answer.set_result(value)
            else:
                job.answer.set_exception(value)
        self._feed()

    def _lost(self, unsent: Sequence[_Job] = ()) -> None:
        """The process is gone: every job it held or that waits for it fails, and the next
        job starts a new one."""
        jobs = [*self._held, *unsent, *self._boards, *self._hands]
        self._forget()
        self._boards.clear()
        self._hands.clear()
        for job in jobs:
            if not job.answer.done():
                job.answer.set_exception(WorkerLost("a drawing process ended"))

    def _forget(self) -> None:
        """Stop listening and let go of the pipe (the process is ended elsewhere)."""
        if self._loop is not None and self._pipe is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._pipe.fileno())
        if self._pipe is not None:
            atexit.unregister(self._pipe.close)
            self._pipe.close()
        self._pipe, self._loop = None, None
        self._held.clear()

    def stop(self) -> BaseProcess | None:
        """Fail what waits, close the pipe (an idle worker ends at once); its process."""
        process = self.process
        self._lost()
        self.process = None
        return process


def end_workers(processes: Sequence[BaseProcess], grace: float) -> None:
    """Wait for stopped workers to end, killing one still busy after `grace` seconds (as
    bot.pools.end_pools does for the computer players). Blocks: call it in a thread."""
    busy = _still_running(processes, grace)
    for worker in busy:
        worker.kill()  # SIGKILL: workers ignore SIGTERM
    _still_running(busy, None)
