"""What grows with games and moves: database bytes per 1,000 moves, and start-up per 1,000 games.

GAMES Iliad games are opened, started and played PLIES random legal moves each through the
service (bot.service.bench.fill_sessions: every step committed as in the bot), on a sqlite file
and on a fresh PostgreSQL schema (tests/postgres_server.py). Database size is measured before
and after: the sqlite file (after a WAL checkpoint) and PostgreSQL's total size of the schema's
tables and indexes. Then a new service loads every ongoing game, as a restarted bot does.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from pathlib import Path

from bench.core import Settings, Table
from bot.service import GameService
from bot.service.bench import fill_sessions
from bot.store import Store

TITLE = "Growth: database bytes per 1,000 moves, start-up per 1,000 ongoing games"
GAME = "iliad"
GAMES = 200
PLIES = 10
COLUMNS = ["database", "games", "moves", "KB / 1,000 moves", "KB / game", "start-up s"]
COLUMNS += ["start-up s / 1,000 games"]


def run(settings: Settings) -> list[Table]:
    """Fill a sqlite file and a PostgreSQL schema the same way; a row for each."""
    from tests.postgres_server import PostgresServer

    server = PostgresServer.create()
    try:
        with tempfile.TemporaryDirectory(prefix="symposion-growth-") as folder:
            rows = [
                asyncio.run(_measure("sqlite", Path(folder) / "g.sqlite3", settings.seed)),
                asyncio.run(
                    _measure("postgresql", asyncio.run(server.new_database()), settings.seed)
                ),
            ]
    finally:
        server.remove()
    load = os.getloadavg()
    notes = [
        f"{GAMES} {GAME} games, {PLIES} random legal moves each, one commit per step;",
        "per game: the game, seat and snapshot rows (the latest state) beside its moves;",
        "start-up = a new service loading every ongoing game (today: each read whole at start);",
        f"load average at the end: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}.",
    ]
    return [Table(TITLE, COLUMNS, rows, notes=notes)]


async def _size(store: Store, target: str | Path) -> int:
    """Bytes the database takes now."""
    if store.dialect == "sqlite":
        await store.backend.all("PRAGMA wal_checkpoint(TRUNCATE)")
        return Path(target).stat().st_size
    rows = await store.backend.all(
        "SELECT coalesce(sum(pg_total_relation_size(quote_ident(table_name))), 0)"
        " FROM information_schema.tables WHERE table_schema = current_schema()"
    )
    return int(rows[0][0])


async def _measure(name: str, target: str | Path, seed: int) -> list[object]:
    store = await Store.open(target)
    try:
        empty = await _size(store, target)
        service = GameService(store)
        games = await fill_sessions(service, GAMES, GAME, plies=PLIES, seed=seed)
        moves = sum([len(await store.moves.of(game)) for game in games])
        grown = await _size(store, target) - empty
        started = time.perf_counter()
        loaded = await GameService(store).load()
        seconds = time.perf_counter() - started
    finally:
        await store.close()
    return [
        name,
        loaded,
        moves,
        round(grown / 1024 / moves * 1000),
        round(grown / 1024 / len(games), 1),
        round(seconds, 2),
        round(seconds / loaded * 1000, 1),
    ]
