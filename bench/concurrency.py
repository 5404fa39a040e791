"""Many games moving at once through the real bot and the fake Discord: move latency and rate.

For 1, 10 and 50 games (each in its own channel, alice against bob in Iliad), every game's
mover presses a move (opening "Your move" first when the choices are private, untimed) and
waits for its channel's new board, then the next mover does the same, all games at once for
`ROUNDS` moves each. A move is timed from the click to its own channel's board; moves per second
is every timed move over the wall time of the whole concurrent phase.

Three set-ups. The headline one runs the bot alone in its own OS process (as in production,
where Discord is elsewhere) with its two drawing processes, while the fake Discord and the
players' clicks run in this process: the bot's figures are then the bot's. The other two run
the fake, the players and the bot in one process, as the tests do (images drawn in the bot's
worker processes, then in threads): there the fake's HTTP parsing and bookkeeping compete with
the bot for one GIL, so they measure the pair, not the bot. Each row also gives the CPU time of
the process the bot's event loop runs in, per timed move (its threads included, its drawing
processes not), which says what a move costs the bot whatever the machine's load.
"""

from __future__ import annotations

import asyncio
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.core import Settings, Table, cpu_seconds
from bench.roundtrip import percentile
from bench.shards import open_game_at
from bot import memory
from bot.client import SymposionBot
from tests.e2e.fake_discord import FakeDiscord, LogGuard, RecordedMessage, running, serving
from tests.e2e.symposion import is_live_board, is_over, next_move_click

TITLE = "Concurrency: games moving at once (click -> that game's new board)"
GAME = "iliad"
LEVELS = (1, 10, 50)
ROUNDS = 6  # moves per game in the timed phase
WAIT = 120.0  # seconds a move may take before the run fails (a busy machine, not a target)
TARGET_MEDIAN_MS = 300.0
TARGET_RATE = 100.0
NOT_CHECKED = (
    "the fake Discord runs without its strict gate here (the tests keep it on): checking each "
    "request against Discord's API description costs the fake several ms a request, not the bot"
)
ROOT = Path(__file__).resolve().parents[1]
COLUMNS = ["bot runs", "images drawn in", "games", "moves", "median ms", "p95 ms", "moves/s"]
COLUMNS += ["bot CPU ms/move", "drawing CPU ms/move", "fake CPU ms/move", "target", "verdict"]
ALONE, SHARED = "alone", "with fake+players"
SETUPS = ((ALONE, 2, "2 processes"), (SHARED, 2, "2 processes"), (SHARED, 0, "threads"))


@dataclass
class Measured:
    """One run: every timed move's seconds, the concurrent phase's wall time, and the CPU
    seconds used in it by the bot's event-loop process (None where it cannot be read), by the
    processes below it (its drawing workers), and by the fake and the players (None where they
    share the bot's process)."""

    moves: list[float]
    wall: float
    cpu: float | None
    pools: float
    fake: float | None


def run(settings: Settings) -> list[Table]:
    """The concurrency table: the bot alone, and sharing its process with the fake; 1/10/50."""
    rows: list[list[object]] = []
    for runs, workers, where in SETUPS:
        for games in LEVELS:
            measured = asyncio.run(_measure(games, workers, alone=runs == ALONE))
            rows.append(_row(runs, where, games, measured))
    return [
        Table(
            TITLE,
            COLUMNS,
            rows,
            notes=[
                f"{GAME}, 2 players per game, one channel per game, {ROUNDS} timed moves per "
                "game, all games at once; real SymposionBot, temporary sqlite file, fake Discord "
                "on 127.0.0.1 (no network time);",
                f"'{ALONE}': the bot in its own process, the fake Discord and the clicks in "
                f"another; '{SHARED}': all in one process (the fake's CPU counts as the bot's);",
                "CPU ms/move, over the timed phase / timed moves: the bot's event-loop process "
                "(its threads included), the processes below it (its drawing workers), and the "
                f"fake with the players ('{ALONE}' only; in '{SHARED}' it counts as the bot's);",
                NOT_CHECKED,
                f"target: 50 games, median <= {TARGET_MEDIAN_MS:.0f} ms and >= "
                f"{TARGET_RATE:.0f} moves/s per process ('{ALONE}'); {os.cpu_count()} CPU(s), "
                f"load average {_load()} at the end (shared machine: read the figures against "
                "it).",
            ],
        )
    ]


async def _measure(games: int, render_workers: int, *, alone: bool) -> Measured:
    """Open `games` games, then time ROUNDS moves in each, all at once."""
    guard = LogGuard()
    guard.install()
    try:
        with tempfile.TemporaryDirectory(prefix="symposion-concurrency-") as folder:
            path = Path(folder) / "bench.sqlite3"
            async with serving(strict=False) as fake:  # see NOT_CHECKED
                if alone:
                    measured = await _with_bot_process(fake, games, path, render_workers)
                else:
                    measured = await _with_bot_here(fake, games, path, render_workers)
    finally:
        guard.remove()
    problems = guard.problems()
    if problems:
        raise RuntimeError("the bot logged errors during the benchmark:\n" + "\n".join(problems))
    return measured


async def _with_bot_here(fake: FakeDiscord, games: int, path: Path, workers: int) -> Measured:
    """The bot on this process's event loop, beside the fake and the players (as in tests)."""

    def build(**options: Any) -> SymposionBot:
        return SymposionBot(database_path=path, render_workers=workers, **options)

    async with running(fake) as runner:
        await runner.start(build)
        channels = await _open_games(fake, games)
        await runner.settle()
        with _settled():  # its full collection is not counted as the moves'
            cpu, pools = time.process_time(), _pools_cpu(os.getpid())
            moves, wall = await _timed(fake, channels)
            cpu, pools = time.process_time() - cpu, _pools_cpu(os.getpid()) - pools
        await runner.settle()
    return Measured(moves, wall, cpu, pools, None)


async def _with_bot_process(fake: FakeDiscord, games: int, path: Path, workers: int) -> Measured:
    """The bot in a process of its own (`python -m bench.concurrency bot ...`), on this fake."""
    command = [sys.executable, "-m", "bench.concurrency", "bot", fake.base_url, str(path)]
    pipes: dict[str, Any] = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE}
    bot = subprocess.Popen([*command, str(workers)], cwd=ROOT, text=True, **pipes)
    try:
        assert bot.stdout is not None
        if (await asyncio.to_thread(bot.stdout.readline)).strip() != "ready":
            raise RuntimeError("the bot process did not get ready (its errors are above)")
        await fake.progress.until(lambda: fake.commands.sync_count > 0, 60.0, "the bot synced")
        channels = await _open_games(fake, games)
        await _idle(fake)
        with _settled():  # its full collection is not counted as the moves'
            cpu, pools, here = cpu_seconds(bot.pid), _pools_cpu(bot.pid), time.process_time()
            moves, wall = await _timed(fake, channels)
            after, pools = cpu_seconds(bot.pid), _pools_cpu(bot.pid) - pools
            here = time.process_time() - here
        await _idle(fake)
    finally:
        assert bot.stdin is not None
        bot.stdin.close()  # the bot process closes the bot and exits
        code = await asyncio.to_thread(bot.wait, 60)
    if code != 0:
        raise RuntimeError(f"the bot process failed (exit {code}; its errors are above)")
    used = None if cpu is None or after is None else after - cpu
    return Measured(moves, wall, used, pools, here)


async def _open_games(fake: FakeDiscord, games: int) -> list[int]:
    """One channel and one started game in it per game."""
    channels = [await fake.add_channel(f"table-{n}") for n in range(games)]
    for channel in channels:
        await open_game_at(fake, channel.name)  # waits up to 60 s: a loaded machine is slow
    return [channel.id for channel in channels]


async def _idle(fake: FakeDiscord) -> None:
    """No request of the bot open at the fake (the bot's own tasks are in its process)."""
    await fake.progress.until(lambda: fake.inflight == 0, 60.0, "the bot is idle")


async def _timed(fake: FakeDiscord, channels: list[int]) -> tuple[list[float], float]:
    """Every game's ROUNDS moves at once: every timed move's seconds, and the wall time."""
    started = time.perf_counter()
    timed = await asyncio.gather(*(_play(fake, channel) for channel in channels))
    wall = time.perf_counter() - started
    return [seconds for moves in timed for seconds in moves], wall


@contextmanager
def _settled() -> Iterator[None]:
    """This process's collector set as the bot's own (bot.memory) while the moves are timed,
    then as it was: the fake shares the machine with the bot, and collecting the games and
    messages it made before was a tenth of its CPU per move."""
    threshold = gc.get_threshold()
    memory.settle()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def _descendants(pid: int) -> list[int]:
    """Every living process below `pid` (the forkserver, the drawing workers; Linux /proc)."""
    found: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return found
    for task in tasks:
        try:
            children = [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
        for child in children:
            found += [child, *_descendants(child)]
    return found


def _pools_cpu(pid: int) -> float:
    """CPU seconds of the processes below the bot's: its drawing (and computer) workers."""
    return sum(cpu_seconds(child) or 0.0 for child in _descendants(pid))


async def _play(fake: FakeDiscord, channel: int) -> list[float]:
    """ROUNDS moves in one game, each timed until this channel's new board arrives."""

    def here(message: RecordedMessage) -> bool:
        return message.channel_id == channel and is_live_board(message)

    times: list[float] = []
    for step in range(ROUNDS):
        click = await next_move_click(fake, step, channel)
        started = time.perf_counter()
        interaction = await click()
        since = interaction.since
        event = await fake.recorder.wait_for(here, timeout=WAIT, since=since, channel_id=channel)
        times.append(event.at - started)
        if is_over(event.message):
            break
    return times


def _row(runs: str, where: str, games: int, measured: Measured) -> list[object]:
    moves = measured.moves
    median = 1000 * statistics.median(moves)
    rate = len(moves) / measured.wall
    cpu, pools, fake = (
        _per_move(s, len(moves)) for s in (measured.cpu, measured.pools, measured.fake)
    )
    aimed = games == max(LEVELS) and runs == ALONE
    ok = median <= TARGET_MEDIAN_MS and rate >= TARGET_RATE
    target = f"<= {TARGET_MEDIAN_MS:.0f} ms, >= {TARGET_RATE:.0f}/s" if aimed else ""
    verdict = ("ok" if ok else "over target") if aimed else ""
    p95 = 1000 * percentile(moves, 0.95)
    return [runs, where, games, len(moves), median, p95, rate, cpu, pools, fake, target, verdict]


def _per_move(seconds: float | None, moves: int) -> object:
    """CPU milliseconds per timed move ('n/a' where it was not measured)."""
    return "n/a" if seconds is None else round(1000 * seconds / moves, 1)


def _load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


# -- the bot's own process -------------------------------------------------------------------


async def _serve_bot(base_url: str, path: str, workers: int) -> int:
    """Run the real bot against the fake at `base_url` until standard input closes."""
    import discord
    import yarl

    from tests.e2e.fake_discord.progress import busy_tasks
    from tests.e2e.fake_discord.rest import API

    discord.http.Route.BASE = base_url + API  # what FakeDiscord.start does in its own process
    gateway = base_url.replace("http://", "ws://", 1) + "/ws"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    discord.asset.Asset.BASE = base_url
    guard = LogGuard()
    guard.install()
    bot = SymposionBot(
        database_path=Path(path),
        render_workers=workers,
        guild_ready_timeout=0.05,
        settle_memory=True,  # its own process, as `python -m bot` (bot.memory)
    )
    task = asyncio.create_task(bot.start(FakeDiscord.token))
    ready = asyncio.ensure_future(bot.wait_until_ready())  # runs after the login began
    await asyncio.wait({ready, task}, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        await task  # it failed: say why
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.read)
    while busy := busy_tasks():  # let every interaction's work (hands after boards) finish
        await asyncio.gather(*busy, return_exceptions=True)
    await bot.close()
    await asyncio.gather(task, return_exceptions=True)
    guard.remove()
    for problem in guard.problems():
        print(problem, file=sys.stderr)
    return 1 if guard.problems() else 0


def _bot_main(fake_url: str, database: str, drawing: str) -> int:
    """The bot process; with BENCH_PROFILE=<file> its event loop is profiled into that file."""
    profile = os.environ.get("BENCH_PROFILE")
    if not profile:
        return asyncio.run(_serve_bot(fake_url, database, int(drawing)))
    import cProfile

    profiler = cProfile.Profile()
    code = profiler.runcall(asyncio.run, _serve_bot(fake_url, database, int(drawing)))
    profiler.dump_stats(profile)
    return int(code)


if __name__ == "__main__" and sys.argv[1:2] == ["bot"]:
    raise SystemExit(_bot_main(*sys.argv[2:]))
