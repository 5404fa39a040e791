"""Shard processes: one bot process against two, on one PostgreSQL, each with its games moving.

A throwaway PostgreSQL server (tests/postgres_server.py) holds every game. Each worker is a
separate OS process (`python -m bench.shards worker ...`) running a real sharded bot
(ShardedSymposionBot, one shard of two) against a fake Discord of its own with one server on
that shard, and GAMES Iliad games moving at once in that server's channels: each game's player
to move presses a move and waits for the new board, again and again, for SECONDS. Workers get
everything ready first, then start together. Run 1: one worker (shard 0). Run 2: two workers
(shards 0 and 1) at once, so twice the games. If a second process serves its games as well as
the first, run 2 moves about twice the moves per second in all. Each worker's own fake Discord
and players run inside it, so its CPU is shared with them (as in `roundtrip`).
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.core import Settings, Table

TITLE = "Shard processes: one and two bot processes on one PostgreSQL, games moving at once"
GAMES = 4  # per process
SECONDS = 20.0
GAME = "iliad"
COUNT = 2
ROOT = Path(__file__).resolve().parents[1]
COLUMNS = ["processes", "games", "moves", "seconds", "moves/s", "median move ms", "p95 move ms"]


def run(settings: Settings) -> list[Table]:
    """One worker, then two at once, on one fresh PostgreSQL; a row for each run and process."""
    from tests.postgres_server import PostgresServer

    server = PostgresServer.create()
    try:
        rows = []
        for processes in (1, 2):
            url = asyncio.run(server.new_database())
            results = _together(url, processes, settings.seed)
            rows += [_row(f"shard {r['shard']} of {processes}", [r]) for r in results]
            rows.append(_row(f"all {processes}", results))
    finally:
        server.remove()
    load = os.getloadavg()
    return [
        Table(
            TITLE,
            COLUMNS,
            rows,
            notes=[
                f"{GAMES} {GAME} games per process, every game moving as fast as its board comes "
                f"back, for {SECONDS:.0f} s; a move = click until its new board reaches the fake;",
                "each process runs its own fake Discord and players (their CPU is charged to it);",
                f"load average at the end: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on "
                f"{os.cpu_count()} cores.",
            ],
        )
    ]


def _together(url: str, processes: int, seed: int) -> list[dict[str, Any]]:
    """Start the workers, let them all get ready, start them at once, collect their figures."""
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", "bench.shards", "worker", url, str(shard), str(seed)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for shard in range(processes)
    ]
    for worker in workers:
        assert worker.stdout is not None
        if worker.stdout.readline().strip() != "ready":
            raise RuntimeError("a shard worker failed to get ready (see its error above)")
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write("go\n")
        worker.stdin.flush()
    results = []
    for worker in workers:
        out, _ = worker.communicate(timeout=SECONDS * 10 + 120)
        if worker.returncode != 0:
            raise RuntimeError(f"a shard worker failed (exit {worker.returncode})")
        results.append(json.loads(out.strip().splitlines()[-1]))
    return results


def _row(label: str, results: Sequence[dict[str, Any]]) -> list[object]:
    moves = [ms for r in results for ms in r["move_ms"]]
    seconds = max(r["seconds"] for r in results)
    ordered = sorted(moves) or [0.0]
    return [
        label,
        sum(r["games"] for r in results),
        len(moves),
        round(seconds, 1),
        round(sum(len(r["move_ms"]) / r["seconds"] for r in results), 1),
        round(statistics.median(ordered)),
        round(ordered[int(0.95 * (len(ordered) - 1))]),
    ]


# -- the worker process ------------------------------------------------------------------------


async def _worker(url: str, shard: int, seed: int) -> dict[str, Any]:
    from bot.client import ShardedSymposionBot
    from bot.service import opening
    from bot.store.shards import Shards
    from tests.e2e.fake_discord import LogGuard, running, serving

    guard = LogGuard()
    guard.install()
    opening.new_seed = lambda: seed
    async with serving() as fake, running(fake) as runner:
        world = fake.world
        guild = world.add_guild(f"Shard {shard}", shard=(shard, COUNT))
        channels = [
            world.add_channel(f"table-{shard}-{n}", guild_id=guild).name for n in range(GAMES)
        ]
        fake.gateway.recommended_shards = COUNT

        def build(**options: Any) -> ShardedSymposionBot:
            return ShardedSymposionBot(database_path=url, shards=Shards(COUNT, (shard,)), **options)

        await runner.start(build)
        for channel in channels:
            await open_game_at(fake, channel)
        await runner.settle()
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        stop = time.perf_counter() + SECONDS
        started = time.perf_counter()
        try:
            timings: list[list[float]] = await asyncio.gather(
                *(_keep_moving(fake, channel, stop) for channel in channels)
            )
        except Exception:
            print("\n".join(guard.problems()), file=sys.stderr, flush=True)  # the bot's side
            raise
        seconds = time.perf_counter() - started
        await runner.settle(30.0)
    guard.remove()
    if guard.problems():
        raise RuntimeError("\n".join(guard.problems()))
    return {
        "shard": shard,
        "games": GAMES,
        "seconds": seconds,
        "move_ms": [ms for game in timings for ms in game],
    }


async def open_game_at(fake: Any, channel: str) -> None:
    """/play here, the guest joins, the host starts; waits for the first board."""
    from tests.e2e.symposion import is_live_board

    place = fake.world.channel_by_name(channel).id
    mark = fake.mark()
    opened = await fake.slash(
        "play", {"game": GAME, "where": "here"}, user="alice", channel=channel
    )
    lobby = await opened.wait_message(lambda m: any(c.startswith("sy:l:") for c in m.custom_ids()))
    ids = lobby.custom_ids()
    join = next(c for c in ids if c.startswith("sy:l:") and c.endswith("join"))
    start = next(c for c in ids if c.startswith("sy:l:") and c.endswith("start"))
    await (await fake.click(fake.message(lobby.id), user="bob", custom_id=join)).wait_answered()
    await (await fake.click(fake.message(lobby.id), user="alice", custom_id=start)).wait_answered()
    await fake.wait_for(
        lambda m: m.channel_id == place and is_live_board(m), since=mark, timeout=60
    )


async def _keep_moving(fake: Any, channel: str, stop: float) -> list[float]:
    """Moves in one game until `stop` (a finished game is replaced); each move's time in ms."""
    from tests.e2e.symposion import is_live_board, is_over, next_move_click

    place = fake.world.channel_by_name(channel).id
    times: list[float] = []
    step = 0
    while time.perf_counter() < stop:
        press = await next_move_click(fake, step, channel)
        mark = fake.mark()
        began = time.perf_counter()
        await (await press()).wait_answered(timeout=60)
        board = await fake.wait_for(
            lambda m: m.channel_id == place and is_live_board(m), since=mark, timeout=60
        )
        times.append((time.perf_counter() - began) * 1000)
        step += 1
        if is_over(board):
            await open_game_at(fake, channel)
    return times


if __name__ == "__main__" and sys.argv[1:2] == ["worker"]:
    _, _, worker_url, worker_shard, worker_seed = sys.argv
    figures = asyncio.run(_worker(worker_url, int(worker_shard), int(worker_seed)))
    print(json.dumps(figures), flush=True)
