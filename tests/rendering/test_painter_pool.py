"""Images drawn in the bot's worker processes are byte for byte the ones drawn in-process."""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import rendering
from bot.engine import ViewContext, all_games
from cogs.ui.painter import Painter, _all_started

GAMES = [game for game in all_games() if rendering.has_renderer(game.spec.id)]


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    """One worker process, started the way the bot starts its render pool (forkserver)."""
    executor = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("forkserver"))
    yield executor
    executor.shutdown(wait=True)


def _midgame(game_id: str) -> tuple[object, int]:
    game = next(g for g in GAMES if g.spec.id == game_id)
    chooser = random.Random(7)
    state = game.new_game(game.spec.max_players, 7)
    for _ in range(6):
        if game.outcome(state) is not None:
            break
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
    return state, game.spec.max_players


@pytest.mark.parametrize("game_id", [game.spec.id for game in GAMES])
async def test_pool_images_are_the_in_process_ones(game_id: str, pool: ProcessPoolExecutor) -> None:
    game = next(g for g in GAMES if g.spec.id == game_id)
    state, seats = _midgame(game_id)
    names = tuple(f"Player {seat + 1}" for seat in range(seats))
    context = ViewContext(names, "active", None)
    board, hand = game.view(state, None), game.view(state, 0)
    painter = Painter(lambda: (pool,))
    drawn = await painter.board_png(game_id, board, context)
    drawn_hand = await painter.hand_png(game_id, hand, context)
    assert drawn.startswith(b"\x89PNG") and len(drawn) > 1000
    assert drawn == rendering.board_png(game_id, board, context)
    assert drawn_hand == rendering.hand_png(game_id, hand, context)
    assert drawn != drawn_hand or not game.spec.has_private


async def test_a_pool_is_asked_from_the_loop_only_once_all_its_workers_run() -> None:
    """Submitting may start a worker (a wait on the forkserver) until every worker runs."""
    context = multiprocessing.get_context("forkserver")
    fresh = ProcessPoolExecutor(1, mp_context=context)
    threads = ThreadPoolExecutor(1)
    try:
        assert not _all_started(fresh)
        view = GAMES[0].view(GAMES[0].new_game(GAMES[0].spec.min_players, 3), None)
        png = await Painter(lambda: (fresh,)).board_png(GAMES[0].spec.id, view, ViewContext())
        assert png.startswith(b"\x89PNG")
        assert _all_started(fresh)
        assert not _all_started(threads)  # any other executor: always from a thread
    finally:
        fresh.shutdown(wait=True)
        threads.shutdown(wait=True)


async def test_warm_starts_every_worker_before_any_drawing() -> None:
    """The bot starts its drawing workers at once, so a burst of moves waits for none."""
    context = multiprocessing.get_context("forkserver")
    fresh = [ProcessPoolExecutor(1, mp_context=context) for _ in range(2)]
    try:
        await Painter(lambda: fresh).warm()
        assert all(_all_started(pool) for pool in fresh)
        assert rendering.warm_up() == len(GAMES)  # every game's renderer, nothing else
        await Painter(lambda: ()).warm()  # no pool (tests, scripts): nothing to start
    finally:
        for pool in fresh:
            pool.shutdown(wait=True)


class _Counting(ThreadPoolExecutor):
    """A pool that counts what it was given to draw."""

    def __init__(self) -> None:
        super().__init__(1)
        self.drawn = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.drawn += 1
        return super().submit(fn, *args, **kwargs)


async def test_a_games_images_keep_to_one_worker() -> None:
    """Issue 23: a worker compresses only the bands of rows it has not seen, and a game's
    next board shares most of them with its last; images of no game take turns."""
    pools = [_Counting(), _Counting()]
    painter = Painter(lambda: pools)
    game = GAMES[0]
    view = game.view(game.new_game(game.spec.min_players, 3), None)
    try:
        for _ in range(3):
            await painter.board_png(game.spec.id, view, ViewContext(), 7)
        assert [pool.drawn for pool in pools] == [0, 3]
        await painter.board_png(game.spec.id, view, ViewContext(), 8)
        assert [pool.drawn for pool in pools] == [1, 3]
        for _ in range(4):
            await painter.board_png(game.spec.id, view, ViewContext())
        assert [pool.drawn for pool in pools] == [3, 5]
    finally:
        for pool in pools:
            pool.shutdown(wait=True)
