"""The analysis's entry for the computer players' process pool: one slice, at low priority.

`weigh_slice` takes only plain, picklable arguments and returns the slice's steps, so the bot
runs an analysis in the same `ProcessPoolExecutor` as the computer's moves, a slice of
decisions at a time: between two slices a computer move waiting for a worker gets one. Inside
the worker the slice runs in a thread of its own at the lowest priority (nice 19: on Linux a
thread's nice value is its own, so the worker's moves afterwards run at the usual priority),
and its CPU cap is measured on that thread's CPU clock.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

import bot.games  # noqa: F401  (a fresh worker process must register every game)
from bot.ai.analysis import Game, Plan, Step, weigh_steps
from bot.engine import get_game

T = TypeVar("T")
LOWEST = 19  # the nicest nice value


def weigh_slice(
    game_id: str,
    players: int,
    seed: int,
    options: Mapping[str, object],
    moves: Sequence[tuple[int, str]],
    plan: Plan,
    analysis_seed: int,
    indexes: Sequence[int],
) -> list[Step]:
    """The steps of the decisions at move `indexes` of a finished game, weighed at low
    priority on a CPU budget."""
    match = Game(get_game(game_id), players, seed, dict(options), tuple(moves))
    return at_low_priority(
        lambda: weigh_steps(match, plan, analysis_seed, list(indexes), time.thread_time)
    )


def at_low_priority(work: Callable[[], T]) -> T:
    """`work()` in a thread of its own at the lowest priority; its result or its error."""
    done: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        with contextlib.suppress(AttributeError, OSError):  # else at the worker's priority
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), LOWEST)
        try:
            done.append(work())
        except BaseException as error:  # handed to the caller's thread
            failed.append(error)

    thread = threading.Thread(target=run, name="analysis", daemon=True)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return done[0]
