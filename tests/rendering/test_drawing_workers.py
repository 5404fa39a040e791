"""Images drawn in the bot's drawing workers (bot/drawing_workers.py) are byte for byte the
ones drawn in-process; boards go before hands; a lost worker fails its jobs and is replaced."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

import rendering
from bot.drawing_workers import PATIENCE, DrawingWorker, WorkerLost, _Job, end_workers
from bot.engine import ViewContext, all_games
from cogs.ui.painter import Painter
from tests.pool_jobs import deaf_to_stop_signals, report_and_hang
from tests.test_pools import ended, listening, worker_pid

GAMES = [game for game in all_games() if rendering.has_renderer(game.spec.id)]
WAIT = 30.0  # seconds a worker may take to start or answer (a busy machine); never a pause


@pytest.fixture
async def worker() -> AsyncIterator[DrawingWorker]:
    """One worker process, started the way the bot starts its drawing workers."""
    made = DrawingWorker()
    await asyncio.to_thread(made.start)
    yield made
    process = made.stop()
    if process is not None:
        await asyncio.to_thread(end_workers, [process], 5.0)


def _midgame(game_id: str) -> tuple[object, int]:
    game = next(g for g in GAMES if g.spec.id == game_id)
    chooser = random.Random(7)
    state = game.new_game(game.spec.max_players, 7)
    for _ in range(6):
        if game.outcome(state) is not None:
            break
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
    return state, game.spec.max_players


async def test_worker_images_are_the_in_process_ones(worker: DrawingWorker) -> None:
    painter = Painter(lambda: (worker,))
    for game in GAMES:
        state, seats = _midgame(game.spec.id)
        names = tuple(f"Player {seat + 1}" for seat in range(seats))
        context = ViewContext(names, "active", None)
        board, hand = game.view(state, None), game.view(state, 0)
        drawn = await painter.board_png(game.spec.id, board, context)
        drawn_hand = await painter.hand_png(game.spec.id, hand, context)
        assert drawn.startswith(b"\x89PNG") and len(drawn) > 1000
        assert drawn == rendering.board_png(game.spec.id, board, context)
        assert drawn_hand == rendering.hand_png(game.spec.id, hand, context)


async def test_a_worker_starts_at_its_first_drawing_and_warm_starts_them_all() -> None:
    fresh = [DrawingWorker(), DrawingWorker()]
    try:
        assert not any(worker.started for worker in fresh)
        view = GAMES[0].view(GAMES[0].new_game(GAMES[0].spec.min_players, 3), None)
        png = await Painter(lambda: fresh).board_png(GAMES[0].spec.id, view, ViewContext(), 0)
        assert png.startswith(b"\x89PNG")
        assert [worker.started for worker in fresh] == [True, False]
        await Painter(lambda: fresh).warm()
        assert all(worker.started for worker in fresh)
        assert rendering.warm_up() == len(GAMES)  # every game's renderer, nothing else
        await Painter(lambda: ()).warm()  # no worker (tests, scripts): nothing to start
    finally:
        stopped = [process for worker in fresh if (process := worker.stop()) is not None]
        await asyncio.to_thread(end_workers, stopped, 5.0)


async def test_workers_ignore_ctrl_c_and_sigterm(worker: DrawingWorker) -> None:
    assert await asyncio.wait_for(worker.draw(deaf_to_stop_signals), WAIT)


async def test_a_failing_drawing_raises_its_own_error_and_the_worker_goes_on(
    worker: DrawingWorker,
) -> None:
    with pytest.raises(LookupError, match="No renderer"):
        await asyncio.wait_for(worker.draw(rendering.board_png, "chess", {}), WAIT)
    assert await asyncio.wait_for(worker.draw(deaf_to_stop_signals), WAIT)


def _job(name: str) -> _Job:
    return _Job(asyncio.get_running_loop().create_future(), print, (name,))


async def test_boards_go_before_hands_but_a_hand_waits_for_at_most_patience_boards() -> None:
    waiting = DrawingWorker()  # never started: only its choice of the next job is asked
    for n in range(PATIENCE + 2):
        waiting._boards.append(_job(f"board {n}"))
    waiting._hands.append(_job("hand"))
    order = []
    while (job := waiting._next()) is not None:
        order.append(job.args[0])
    assert order == [f"board {n}" for n in range(PATIENCE)] + ["hand", "board 4", "board 5"]
    waiting._hands.append(_job("lone hand"))
    assert waiting._next().args == ("lone hand",)  # type: ignore[union-attr]


async def test_a_lost_worker_fails_its_jobs_and_the_next_drawing_starts_another(
    worker: DrawingWorker, tmp_path: Path
) -> None:
    with listening(tmp_path) as (server, address):
        hanging = worker.draw(report_and_hang, address)
        queued = worker.draw(deaf_to_stop_signals, later=True)
        connection, pid = await asyncio.to_thread(worker_pid, server)
        with connection:
            os.kill(pid, signal.SIGKILL)
            for job in (hanging, queued):
                with pytest.raises(WorkerLost):
                    await asyncio.wait_for(job, WAIT)
    assert not worker.started
    view = GAMES[0].view(GAMES[0].new_game(GAMES[0].spec.min_players, 3), None)
    png = await Painter(lambda: (worker,)).board_png(GAMES[0].spec.id, view, ViewContext())
    assert png == rendering.board_png(GAMES[0].spec.id, view, ViewContext())
    assert worker.process is not None and worker.process.pid != pid


async def test_stopping_ends_an_idle_worker_at_once_and_kills_a_busy_one_after_the_grace(
    tmp_path: Path,
) -> None:
    idle, busy = DrawingWorker(), DrawingWorker()
    for worker in (idle, busy):
        await asyncio.to_thread(worker.start)
    assert await asyncio.wait_for(idle.draw(deaf_to_stop_signals), WAIT)
    with listening(tmp_path) as (server, address):
        job = busy.draw(report_and_hang, address)
        connection, pid = await asyncio.to_thread(worker_pid, server)
        with connection:
            processes = [idle.stop(), busy.stop()]
            assert all(process is not None for process in processes)
            with pytest.raises(WorkerLost):
                await job
            await asyncio.to_thread(end_workers, processes, 0.1)  # type: ignore[arg-type]
            assert ended(pid, 0.0)
            assert all(not process.is_alive() for process in processes)  # type: ignore[union-attr]


class _Counting(DrawingWorker):
    """A worker that draws in the test's own thread and counts what it was given."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn = 0

    @property
    def started(self) -> bool:
        return True

    def draw(self, call: Callable[..., Any], *args: Any, later: bool = False) -> Any:
        self.drawn += 1
        answer = asyncio.get_running_loop().create_future()
        answer.set_result(call(*args))
        return answer


async def test_a_games_images_keep_to_one_worker() -> None:
    """Issue 23: a worker compresses only the bands of rows it has not seen, and a game's
    next board shares most of them with its last; images of no game take turns."""
    workers = [_Counting(), _Counting()]
    painter = Painter(lambda: workers)
    game = GAMES[0]
    view = game.view(game.new_game(game.spec.min_players, 3), None)
    for _ in range(3):
        await painter.board_png(game.spec.id, view, ViewContext(), 7)
    assert [worker.drawn for worker in workers] == [0, 3]
    await painter.board_png(game.spec.id, view, ViewContext(), 8)
    assert [worker.drawn for worker in workers] == [1, 3]
    for _ in range(4):
        await painter.board_png(game.spec.id, view, ViewContext())
    assert [worker.drawn for worker in workers] == [3, 5]


def test_ending_no_workers_returns_at_once() -> None:
    """A bot without drawing workers (tests, scripts) does not wait the grace at close."""
    started = time.monotonic()
    end_workers([], 60.0)
    assert time.monotonic() - started < 30.0
