"""Many games moving at once through the real bot and the fake Discord: move latency and rate.

For 1, 10 and 50 games (each in its own channel, alice against bob in Iliad), every game's
mover presses a move (opening "Your move" first when the choices are private, untimed) and
waits for its channel's new board, then the next mover does the same, all games at once for
`ROUNDS` moves each. A move is timed from the click to its own channel's board; moves per second
is every timed move over the wall time of the whole concurrent phase. It runs twice: images
drawn in the loop's threads (what tests do) and in the bot's two worker processes (the bot).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.core import Settings, Table
from bench.roundtrip import percentile
from bot.client import SymposionBot
from tests.e2e.fake_discord import FakeDiscord, LogGuard, RecordedMessage, running, serving
from tests.e2e.symposion import is_live_board, is_over, next_move_click, open_game

TITLE = "Concurrency: games moving at once (click -> that game's new board)"
GAME = "iliad"
LEVELS = (1, 10, 50)
ROUNDS = 6  # moves per game in the timed phase
WAIT = 120.0  # seconds a move may take before the run fails (a busy machine, not a target)
TARGET_MEDIAN_MS = 300.0
TARGET_RATE = 100.0
COLUMNS = ["images drawn in", "games", "moves", "median ms", "p95 ms", "moves/s", "target"]
COLUMNS += ["verdict"]


def run(settings: Settings) -> list[Table]:
    """The concurrency table, threads and process pool, 1/10/50 games."""
    rows: list[list[object]] = []
    for workers, where in ((0, "threads"), (2, "2 processes")):
        for games in LEVELS:
            moves, seconds = asyncio.run(_measure(games, workers))
            rows.append(_row(where, games, moves, seconds))
    return [
        Table(
            TITLE,
            COLUMNS,
            rows,
            notes=[
                f"{GAME}, 2 players per game, one channel per game, {ROUNDS} timed moves per "
                "game, all games at once; real SymposionBot, temporary sqlite file, fake Discord "
                "on 127.0.0.1 (no network time);",
                f"target: 50 games, median <= {TARGET_MEDIAN_MS:.0f} ms and >= "
                f"{TARGET_RATE:.0f} moves/s per process; {os.cpu_count()} CPU(s), load average "
                f"{_load()} at the end (shared machine: read the figures against it).",
            ],
        )
    ]


async def _measure(games: int, render_workers: int) -> tuple[list[float], float]:
    """Every timed move's seconds, and the wall time of the concurrent phase."""
    guard = LogGuard()
    guard.install()
    try:
        with tempfile.TemporaryDirectory(prefix="symposion-concurrency-") as folder:
            path = Path(folder) / "bench.sqlite3"

            def build(**options: Any) -> SymposionBot:
                return SymposionBot(database_path=path, render_workers=render_workers, **options)

            async with serving() as fake, running(fake) as runner:
                await runner.start(build)
                channels = [(await fake.add_channel(f"table-{n}")).id for n in range(games)]
                for channel in channels:
                    await open_game(fake, GAME, "alice", ["bob"], channel)
                await runner.settle()
                started = time.perf_counter()
                timed = await asyncio.gather(*(_play(fake, channel) for channel in channels))
                wall = time.perf_counter() - started
                await runner.settle()
    finally:
        guard.remove()
    problems = guard.problems()
    if problems:
        raise RuntimeError("the bot logged errors during the benchmark:\n" + "\n".join(problems))
    return [seconds for moves in timed for seconds in moves], wall


async def _play(fake: FakeDiscord, channel: int) -> list[float]:
    """ROUNDS moves in one game, each timed until this channel's new board arrives."""

    def here(message: RecordedMessage) -> bool:
        return message.channel_id == channel and is_live_board(message)

    times: list[float] = []
    for step in range(ROUNDS):
        click = await next_move_click(fake, step, channel)
        started = time.perf_counter()
        interaction = await click()
        event = await fake.recorder.wait_for(here, timeout=WAIT, since=interaction.since)
        times.append(event.at - started)
        if is_over(event.message):
            break
    return times


def _row(where: str, games: int, moves: list[float], seconds: float) -> list[object]:
    median = 1000 * statistics.median(moves)
    rate = len(moves) / seconds
    aimed = games == max(LEVELS)
    ok = median <= TARGET_MEDIAN_MS and rate >= TARGET_RATE
    target = f"<= {TARGET_MEDIAN_MS:.0f} ms, >= {TARGET_RATE:.0f}/s" if aimed else ""
    verdict = ("ok" if ok else "over target") if aimed else ""
    return [where, games, len(moves), median, 1000 * percentile(moves, 0.95), rate, target, verdict]


def _load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"
