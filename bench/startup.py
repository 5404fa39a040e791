"""Start-up with many stored ongoing games, and the first move in a game not read yet.

A temporary sqlite file gets `TEMPLATES` real Iliad games (opened, started, a few random moves,
every step committed by the service), then copies of their rows (games, seats, snapshots,
moves, deadlines) under new ids and channels until it holds `STORED` ongoing games. A new
service on a fresh connection then starts as the bot does: `Store.open` (migrations checked)
and `load()` (the index of ongoing games, their seats and their current deadlines). Then the
first move in each of `SAMPLED` games (cold: its state is read on that move) is timed against
the next move in the same games (warm), both through `service.moves.move`.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.core import Settings, Table
from bot.service import GameService
from bot.service.bench import fill_sessions
from bot.store import Store

TITLE = "Start-up: 10,000 stored ongoing games, and a cold game's first move"
GAME = "iliad"
STORED = 10_000
TEMPLATES = 50
PLIES = 4
SAMPLED = 50
TARGET_READY_S = 2.0
TARGET_COLD_EXTRA_MS = 100.0
COLUMNS = ["what", "games", "value", "target", "verdict"]
_SHIFTED = {"games": ("id", "channel_id"), "seats": ("game_id",), "snapshots": ("game_id",)}
_SHIFTED |= {"moves": ("game_id",), "timers": ("game_id",)}


def run(settings: Settings) -> list[Table]:
    """Fill a file with STORED ongoing games, restart on it, time start-up and first moves."""
    ready, busy, games, cold, warm = asyncio.run(measure(STORED, settings.seed))
    extra = (statistics.median(cold) - statistics.median(warm)) * 1000
    rows: list[list[object]] = [
        ["start-up: open + load (s)", games, ready, f"<= {TARGET_READY_S:.0f} s"],
        ["start-up: CPU seconds of this process", games, busy, ""],
        ["first move, cold game: median ms", len(cold), statistics.median(cold) * 1000, ""],
        ["next move, warm game: median ms", len(warm), statistics.median(warm) * 1000, ""],
        ["cold - warm: ms", len(cold), extra, f"<= {TARGET_COLD_EXTRA_MS:.0f} ms"],
    ]
    rows[0].append("ok" if ready <= TARGET_READY_S else "over target")
    for row in rows[1:4]:
        row.append("")
    rows[4].append("ok" if extra <= TARGET_COLD_EXTRA_MS else "over target")
    notes = [
        f"{TEMPLATES} real {GAME} games ({PLIES} moves each) copied to {STORED:,} rows of "
        "ongoing games on one sqlite file (synchronous=FULL);",
        "start-up = Store.open + GameService.load on a fresh connection (what the bot awaits "
        "before it connects); its CPU seconds: our part when the machine is busy;",
        "moves through service.moves.move, a random legal choice each.",
    ]
    return [Table(TITLE, COLUMNS, rows, notes=notes)]


async def measure(stored: int, seed: int) -> tuple[float, float, int, list[float], list[float]]:
    """Start-up seconds, its CPU seconds, games loaded, cold and warm move seconds."""
    with tempfile.TemporaryDirectory(prefix="symposion-startup-") as folder:
        path = Path(folder) / "games.sqlite3"
        store = await Store.open(path)
        try:
            await fill_sessions(GameService(store), TEMPLATES, GAME, plies=PLIES, seed=seed)
            await copy_games(store, TEMPLATES, stored)
        finally:
            await store.close()
        started, cpu = time.perf_counter(), time.process_time()
        store = await Store.open(path)
        try:
            service = GameService(store)
            loaded = await service.load()
            ready = time.perf_counter() - started
            busy = time.process_time() - cpu
            chooser = random.Random(seed)
            sample = chooser.sample(range(1, stored + 1), SAMPLED)
            cold = [await _timed_move(service, game_id, chooser) for game_id in sample]
            warm = [await _timed_move(service, game_id, chooser) for game_id in sample]
        finally:
            await store.close()
    return ready, busy, loaded, [t for t in cold if t], [t for t in warm if t]


async def _timed_move(service: GameService, game_id: int, chooser: random.Random) -> float:
    """Seconds one move takes through the service (0.0 if nobody person is to move)."""
    info = service.games.held(game_id)
    assert info is not None
    seat = info.to_move()
    player = None if seat is None else info.user_at(seat)
    if player is None:
        return 0.0
    started = time.perf_counter()
    choices = await service.moves.choices(game_id, player.user_id)
    result = await service.moves.move(game_id, player.user_id, chooser.choice(choices).code)
    assert result.board.info.version == info.version
    return time.perf_counter() - started


async def copy_games(store: Store, templates: int, stored: int) -> None:
    """Copies of the first `templates` games' rows (new ids and channels) up to `stored`."""
    columns = {table: await _columns(store, table) for table in _SHIFTED}
    async with store.backend.transaction() as db:
        for copy in range(1, -(-stored // templates)):
            shift = copy * templates
            last = min(templates, stored - shift)
            for table, shifted in _SHIFTED.items():
                names = [c for c in columns[table] if not (table != "games" and c == "id")]
                chosen = [f"{c} + {shift}" if c in shifted else c for c in names]
                key = "id" if table == "games" else "game_id"
                await db.execute(
                    f"INSERT INTO {table} ({', '.join(names)}) SELECT {', '.join(chosen)}"
                    f" FROM {table} WHERE {key} <= ?",
                    (last,),
                )


async def _columns(store: Store, table: str) -> list[str]:
    return [row[1] for row in await store.backend.all(f"PRAGMA table_info({table})")]
