"""Worker process pools (drawing, computer players) that never outlive the bot (issue 24 §2).

A worker is the forkserver's child, not the bot's, and it waits on a queue whose writing end
every worker holds too: on its own it would wait forever once the bot is gone, and keep the
forkserver and the resource tracker alive with it. So each worker watches the bot's process
itself: a thread blocks on a pidfd of the bot (Linux 5.3+: the kernel wakes it the moment the
bot ends, however it ends, SIGKILL and the OOM killer included; no polling, no CPU) and ends the
worker at once; where pidfds are missing it looks once a second instead. Watching the parent
(PR_SET_PDEATHSIG, getppid) would watch the forkserver, which itself only ends after the workers.

Workers ignore SIGINT and SIGTERM, as the forkserver and the resource tracker already do: a
Ctrl-C reaching the whole process group (or a supervisor's SIGTERM to all of it) must not cut
a drawing short or print a traceback per worker; the bot ends its workers itself (`end_pools`).
"""

from __future__ import annotations

import multiprocessing
import os
import select
import signal
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.connection import wait
from multiprocessing.process import BaseProcess

LOOK_EVERY = 1.0  # seconds between two looks at the bot when pidfds are missing


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` processes (started on first use) that end with this process."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("forkserver"),
        initializer=_worker_started,
        initargs=(os.getpid(),),
    )


def _worker_started(bot: int) -> None:
    """In each worker, first: deaf to Ctrl-C and SIGTERM, and ending when the bot ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    threading.Thread(
        target=_outlive_nothing, args=(bot,), name="watching-the-bot", daemon=True
    ).start()


def _outlive_nothing(bot: int) -> None:
    """Return never: wait for process `bot` to end, then end this worker at once."""
    try:
        handle = os.pidfd_open(bot)
    except ProcessLookupError:
        os._exit(0)  # already gone
    except (AttributeError, OSError):  # no pidfds here (not Linux, an old kernel, seccomp)
        _look_until_gone(bot)
    else:
        select.select([handle], [], [])  # readable once the process has ended
    os._exit(0)


def _look_until_gone(bot: int) -> None:
    """Return once process `bot` no longer exists, looking every LOOK_EVERY seconds."""
    while True:
        try:
            os.kill(bot, 0)
        except ProcessLookupError:
            return
        except PermissionError:
            pass  # it exists (and is not ours to signal)
        time.sleep(LOOK_EVERY)


def end_pools(pools: Sequence[ProcessPoolExecutor], grace: float) -> None:
    """End the pools' workers: idle ones at once; one still busy after `grace` seconds (a search
    nobody waits for any more) is killed. Returns when every worker has ended. Blocks: call it
    in a thread."""
    # The executor keeps no public list of its processes; _processes is its pid -> Process map.
    workers = [worker for pool in pools for worker in (pool._processes or {}).values()]
    for pool in pools:
        pool.shutdown(wait=False, cancel_futures=True)
    busy = _still_running(workers, grace)
    for worker in busy:
        worker.kill()  # SIGKILL: workers ignore SIGTERM
    _still_running(busy, None)


def _still_running(workers: Sequence[BaseProcess], timeout: float | None) -> list[BaseProcess]:
    """The workers that have not ended within `timeout` seconds (None: wait for all).

    Only their sentinels are watched (readable once a process has ended), so the executor's
    own thread, which joins them too, is never raced for their exit status.
    """
    deadline = None if timeout is None else time.monotonic() + timeout
    running = {worker.sentinel: worker for worker in workers}
    while running:
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        ended = wait(list(running), left)
        if not ended:
            break
        for sentinel in ended:
            assert isinstance(sentinel, int)  # what a process's sentinel is
            running.pop(sentinel)
    return list(running.values())
