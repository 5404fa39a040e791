"""Start-up to ready and stop, as an operator sees them: `python -m bot` with 0 and 10,000 games.

Two sqlite files are made once: one empty (migrated), one with STORED ongoing Iliad games
(bench.startup's copies of real games), each game's current board recorded as posted, as a
running bot leaves it (so the board check after connecting finds nothing to redo). Then, for
ROUNDS rounds, the bot is started on a fresh copy of each file in turn (empty, full, empty, ...)
as its own process against a fake Discord of its own (tests/e2e/bot_process.py), and timed:

- *loaded*: from starting the process to its "loaded N ongoing game(s)" log line;
- *ready*: from starting the process to the answer to the first command (`/rules`), sent as
  soon as the bot has identified at the gateway. Ready is the first answer rather than the log
  line because that is when players see the bot back: it includes loading the extensions,
  syncing the commands and connecting, and an answer competes with whatever the bot does
  right after connecting (the board check of every active game);
- its CPU seconds at ready (the bot's process: our part, whatever the machine's load);
- *stop*: from SIGTERM, sent right after that answer, to the process's exit (status 0, no
  process of its group left, no ERROR line; the run fails otherwise).
"""

from __future__ import annotations

import asyncio
import shutil
import signal
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.core import Settings, Table, cpu_seconds
from bench.startup import GAME, PLIES, STORED, TEMPLATES, copy_games
from bot.service import GameService
from bot.service.bench import fill_sessions
from bot.store import Store
from tests.e2e.bot_process import BotProcess, launched
from tests.e2e.fake_discord import FakeDiscord, LogGuard, serving

TITLE = "Restart: python -m bot to its first answer, and SIGTERM to exit, with 0 and 10,000 games"
CASES = (0, STORED)
ROUNDS = 4
WAIT = 120.0  # seconds a start or a stop may take before the run fails (a busy machine)
TARGET_EXTRA_S = 1.0  # issue 24 item 3: 10,000 stored games ready within 1 s of an empty one
TARGET_STOP_S = 10.0  # issue 24 item 1: exit within 10 s of SIGTERM
LOADED = r"INFO bot\.client: loaded \d+ ongoing game"
COLUMNS = ["stored games", "runs", "loaded s", "ready s", "bot CPU s at ready", "stop s"]
TARGET_COLUMNS = ["what", "value", "target", "verdict"]


@dataclass(frozen=True)
class Run:
    """One start and stop: seconds from the process's start to loaded and ready, its CPU
    seconds at ready (None where /proc cannot tell), seconds from SIGTERM to exit."""

    loaded: float
    ready: float
    cpu: float | None
    stop: float


def run(settings: Settings) -> list[Table]:
    """Both files made once, then ROUNDS alternating starts and stops of each."""
    with tempfile.TemporaryDirectory(prefix="symposion-restart-") as folder:
        files = {games: Path(folder) / f"stored-{games}.sqlite3" for games in CASES}
        for games, path in files.items():
            asyncio.run(_fill(path, games, settings.seed))
        runs: dict[int, list[Run]] = {games: [] for games in CASES}
        for _ in range(ROUNDS):
            for games, path in files.items():
                runs[games].append(asyncio.run(_measure(path, Path(folder) / f"run-{games}")))
    return [_table(runs), _targets(runs)]


async def _fill(path: Path, games: int, seed: int) -> None:
    """A migrated file holding `games` ongoing games, each with its current board recorded."""
    store = await Store.open(path)
    try:
        if games:
            await fill_sessions(GameService(store), TEMPLATES, GAME, plies=PLIES, seed=seed)
            await copy_games(store, TEMPLATES, games)
            async with store.backend.transaction() as db:
                await db.execute(
                    "INSERT INTO board_messages (game_id, nonce, version, message_id, live,"
                    " created_at) SELECT id, 'bench-' || id, version, 1000000 + id, 1, updated_at"
                    " FROM games WHERE status = 'active'"
                )
    finally:
        await store.close()


async def _measure(template: Path, folder: Path) -> Run:
    """Start the bot on a fresh copy of `template`, time it to its first answer, then stop it."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    database = folder / "games.sqlite3"
    shutil.copy(template, database)
    guard = LogGuard()
    guard.install()
    try:
        async with serving() as fake:
            started = time.perf_counter()
            async with launched(fake, database) as bot:
                measured = await _timed(fake, bot, started)
    finally:
        guard.remove()
    problems = guard.problems()
    if problems:
        raise RuntimeError("errors were logged during the benchmark:\n" + "\n".join(problems))
    return measured


async def _timed(fake: FakeDiscord, bot: BotProcess, started: float) -> Run:
    """Loaded and ready from `started`, then SIGTERM and the seconds to the bot's exit."""
    await bot.wait_line(LOADED, WAIT)
    loaded = time.perf_counter() - started
    await asyncio.wait_for(fake.gateway.identified.wait(), WAIT)
    asked = await fake.slash("rules", {"game": GAME}, user="bob", channel="games")
    await asked.wait_answered(WAIT)
    ready = time.perf_counter() - started
    cpu = cpu_seconds(bot.pid)
    stopping = time.perf_counter()
    bot.send(signal.SIGTERM)
    status = await bot.exit_status(WAIT)
    stop = time.perf_counter() - stopping
    left = await bot.wait_group_ended(5.0)
    if status != 0 or left or bot.errors():
        raise RuntimeError(f"the bot did not stop cleanly (exit {status}, left {left}):\n{bot.log}")
    return Run(loaded, ready, cpu, stop)


def _median(values: list[float | None]) -> float | str:
    known = [value for value in values if value is not None]
    return statistics.median(known) if known else "n/a"


def _table(runs: dict[int, list[Run]]) -> Table:
    rows: list[list[object]] = [
        [
            f"{games:,}",
            len(done),
            _median([r.loaded for r in done]),
            _median([r.ready for r in done]),
            _median([r.cpu for r in done]),
            _median([r.stop for r in done]),
        ]
        for games, done in runs.items()
    ]
    notes = [
        f"medians of {ROUNDS} runs each, the two cases alternating; each run a fresh copy of "
        "its file and a fake Discord of its own on 127.0.0.1;",
        f"{STORED:,} games: {TEMPLATES} real {GAME} games ({PLIES} moves each) copied, every "
        "current board recorded as posted;",
        "loaded: to the 'loaded N ongoing game(s)' log line; ready: to the answer to the first "
        "/rules, sent once the bot identified at the gateway (imports, the database check, "
        "loading, extensions, command sync and connecting included);",
        "stop: SIGTERM right after that answer to the process's exit (status 0, nothing left).",
    ]
    return Table(TITLE, COLUMNS, rows, notes=notes)


def _targets(runs: dict[int, list[Run]]) -> Table:
    empty, full = (statistics.median(r.ready for r in runs[games]) for games in CASES)
    extra = full - empty
    slowest = max(r.stop for done in runs.values() for r in done)
    rows: list[list[object]] = [
        [
            f"ready: {STORED:,} games - empty (medians), s",
            extra,
            f"<= {TARGET_EXTRA_S:.0f} s",
            "ok" if extra <= TARGET_EXTRA_S else "over target",
        ],
        [
            "stop: slowest SIGTERM to exit, s",
            slowest,
            f"<= {TARGET_STOP_S:.0f} s",
            "ok" if slowest <= TARGET_STOP_S else "over target",
        ],
    ]
    return Table("Restart targets (issue 24)", TARGET_COLUMNS, rows)
