"""The store: migrations, WAL, the version check, one transaction per move, one game per place."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from bot.store import (
    MIGRATIONS_DIR,
    Conflict,
    MigrationFailed,
    PlaceTaken,
    StaleVersion,
    Store,
    UnknownGameId,
    migration_files,
)

STATE = {"pile": 10, "log": []}
# What a statement the database refuses raises, on sqlite and on PostgreSQL.
DATABASE_ERRORS = (sqlite3.Error, asyncpg.PostgresError)


@pytest.fixture
def db_path(database: str | Path) -> str | Path:
    return database


@pytest.fixture
async def store(db_path: str | Path) -> AsyncIterator[Store]:
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


async def new_game(store: Store, channel: int = 100, thread: int | None = None) -> int:
    row = await store.games.create(
        game_type="toy",
        guild_id=1,
        channel_id=channel,
        thread_id=thread,
        host_id=11,
        players=[(11, "Alice"), (22, "Bob")],
        seed=42,
        options={"pile": "10"},
    )
    return row.id


async def started(store: Store, channel: int = 100) -> int:
    game_id = await new_game(store, channel)
    await store.games.start(game_id, 0, {11: 1, 22: 0}, STATE)
    return game_id


async def ongoing_id(store: Store, place: int) -> int | None:
    row = await store.games.ongoing_at(place)
    return None if row is None else row.id


async def test_migrations_run_from_an_empty_file(store: Store) -> None:
    assert await store.schema_versions() == [n for n, _ in migration_files()]
    for table in ("games", "seats", "moves", "snapshots", "schema_migrations", "undo_requests"):
        assert (await store.backend.all(f"SELECT count(*) FROM {table}"))[0][0] >= 0
    with pytest.raises(DATABASE_ERRORS):
        await store.backend.all("SELECT count(*) FROM no_such_table")


async def test_migrating_again_changes_nothing(store: Store, db_path: str | Path) -> None:
    game_id = await new_game(store)
    assert await store.migrate() == []
    await store.close()
    reopened = await Store.open(db_path)
    assert await reopened.migrate() == []
    assert await reopened.schema_versions() == [n for n, _ in migration_files()]
    assert (await reopened.games.require(game_id)).game_type == "toy"
    await reopened.close()


async def test_a_failing_migration_leaves_nothing_behind(
    tmp_path: Path, database: str | Path
) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_initial.sql").write_text((MIGRATIONS_DIR / "0001_initial.sql").read_text())
    (folder / "0002_broken.sql").write_text("CREATE TABLE extra (x INTEGER);\nNOT SQL AT ALL;\n")
    store = await Store.open(database, migrate=False)
    with pytest.raises(MigrationFailed, match=r"0002_broken\.sql"):
        await store.migrate(folder)
    assert await store.schema_versions() == [1]
    with pytest.raises(DATABASE_ERRORS):
        await store.backend.all("SELECT * FROM extra")
    (folder / "0002_broken.sql").write_text("CREATE TABLE extra (x INTEGER);\n")
    assert await store.migrate(folder) == [2]
    assert await store.schema_versions() == [1, 2]
    await store.close()


def test_migration_files_must_be_numbered(tmp_path: Path) -> None:
    (tmp_path / "initial.sql").write_text("")
    with pytest.raises(RuntimeError, match=r"NNNN_name\.sql"):
        migration_files(tmp_path)


async def test_a_migration_may_not_manage_transactions(
    tmp_path: Path, database: str | Path
) -> None:
    (tmp_path / "0001_sneaky.sql").write_text("BEGIN;\nCREATE TABLE t (x INTEGER);\nCOMMIT;\n")
    store = await Store.open(database, migrate=False)
    with pytest.raises(RuntimeError, match="transactions"):
        await store.migrate(tmp_path)
    assert await store.schema_versions() == []
    await store.close()


async def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "wal.sqlite3"):
        with sqlite3.connect(tmp_path / "wal.sqlite3") as raw:
            assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_foreign_keys_are_on(store: Store) -> None:
    with pytest.raises(Conflict, match=r"(?i)FOREIGN KEY"):
        async with store.backend.transaction() as db:
            await db.execute(
                "INSERT INTO seats (game_id, join_order, user_id, display_name)"
                " VALUES (999, 0, 11, 'Alice')"
            )


async def test_a_move_is_one_transaction(store: Store) -> None:
    game_id = await started(store)
    version = await store.moves.record(
        game_id, 1, seat=0, action="t2", user_id=22, state={"pile": 8}
    )
    assert version == 2
    moves = await store.moves.of(game_id)
    assert [(m.seq, m.seat, m.action, m.user_id) for m in moves] == [(1, 0, "t2", 22)]
    snapshot = await store.moves.snapshot(game_id)
    assert snapshot is not None
    assert (snapshot.version, snapshot.seq, snapshot.state) == (2, 1, {"pile": 8})


async def test_a_stale_version_is_rejected_and_nothing_is_written(store: Store) -> None:
    game_id = await started(store)
    with pytest.raises(StaleVersion):
        await store.moves.record(game_id, 0, seat=0, action="t1", user_id=22, state={"pile": 9})
    assert await store.moves.of(game_id) == []
    snapshot = await store.moves.snapshot(game_id)
    assert snapshot is not None and snapshot.state == STATE and snapshot.version == 1
    assert (await store.games.require(game_id)).version == 1


async def test_concurrent_moves_on_one_version_commit_once(store: Store) -> None:
    game_id = await started(store)
    results = await asyncio.gather(
        *(
            store.moves.record(game_id, 1, seat=0, action=f"t{n}", user_id=22, state={"n": n})
            for n in (1, 2, 3)
        ),
        return_exceptions=True,
    )
    assert sum(1 for r in results if r == 2) == 1
    assert sum(1 for r in results if isinstance(r, StaleVersion)) == 2
    moves = await store.moves.of(game_id)
    assert len(moves) == 1
    snapshot = await store.moves.snapshot(game_id)
    assert snapshot is not None and snapshot.state == {"n": int(moves[0].action[1])}


async def test_the_finishing_move_stores_the_result(store: Store) -> None:
    game_id = await started(store)
    result = {"winners": [0], "reason": "points"}
    await store.moves.record(
        game_id, 1, seat=0, action="t3", user_id=22, state={"pile": 0}, result=result
    )
    row = await store.games.require(game_id)
    assert (row.status, row.result, row.ongoing) == ("finished", result, False)


async def test_one_ongoing_game_per_channel_or_thread(store: Store) -> None:
    first = await new_game(store, channel=100)
    with pytest.raises(PlaceTaken):
        await new_game(store, channel=100)
    in_thread = await new_game(store, channel=100, thread=500)
    with pytest.raises(PlaceTaken):
        await new_game(store, channel=100, thread=500)
    assert await ongoing_id(store, 100) == first
    assert await ongoing_id(store, 500) == in_thread
    await store.games.end(first, 0, "cancelled")
    assert await ongoing_id(store, 100) is None
    replacement = await new_game(store, channel=100)
    assert await ongoing_id(store, 100) == replacement != first


async def test_the_database_itself_refuses_a_second_ongoing_game(store: Store) -> None:
    await new_game(store, channel=100)
    with pytest.raises(Conflict, match="games_one_ongoing_per_place") as refused:
        async with store.backend.transaction() as raw:
            await raw.execute(
                "INSERT INTO games (game_type, channel_id, status, seed, host_id, created_at,"
                " updated_at) VALUES ('toy', 100, 'active', 1, 11, 'now', 'now')"
            )
    assert refused.value.constraint == "games_one_ongoing_per_place"  # on either backend
    async with store.backend.transaction() as raw:
        await raw.execute(
            "INSERT INTO games (game_type, channel_id, status, seed, host_id, created_at,"
            " updated_at) VALUES ('toy', 100, 'finished', 1, 11, 'now', 'now')"
        )


async def test_status_is_checked_by_the_database(store: Store) -> None:
    game_id = await new_game(store)
    with pytest.raises(ValueError):
        await store.games.end(game_id, 0, "paused")
    with pytest.raises(Conflict):
        async with store.backend.transaction() as db:
            await db.execute("UPDATE games SET status = 'paused' WHERE id = ?", (game_id,))
    assert (await store.games.require(game_id)).status == "lobby"


async def test_seats_join_leave_and_start(store: Store) -> None:
    game_id = await new_game(store)
    assert await store.seats.add(game_id, 0, 33, "Carol") == 1
    assert await store.seats.remove(game_id, 1, 11, new_host=22) == 2
    seats = await store.seats.of(game_id)
    assert [(s.join_order, s.user_id, s.seat) for s in seats] == [(1, 22, None), (2, 33, None)]
    assert (await store.games.require(game_id)).host_id == 22
    with pytest.raises(StaleVersion):
        await store.seats.add(game_id, 1, 44, "Dan")
    await store.games.start(game_id, 2, {22: 1, 33: 0}, STATE)
    seats = await store.seats.of(game_id)
    assert [(s.seat, s.user_id) for s in seats] == [(0, 33), (1, 22)]


async def test_side_records_do_not_touch_the_version(store: Store) -> None:
    game_id = await started(store)
    await store.games.set_message(game_id, 777)
    await store.seats.set_dm_ok(game_id, 22, False)
    row = await store.games.require(game_id)
    assert (row.message_id, row.version) == (777, 1)
    seats = {s.user_id: s for s in await store.seats.of(game_id)}
    assert not seats[22].dm_ok and seats[11].dm_ok


async def test_an_ending_stores_its_result_and_flags(store: Store) -> None:
    game_id = await started(store)
    result = {"winners": [1], "reason": "resignation"}
    flags = {"ended_by": "resignation", "resigned_seat": 0}
    assert await store.games.end(game_id, 1, "finished", result=result, flags=flags) == 2
    row = await store.games.require(game_id)
    assert (row.status, row.result, row.flags, row.ongoing) == ("finished", result, flags, False)


async def test_queries_for_start_up(store: Store) -> None:
    waiting = await new_game(store, channel=1)
    playing = await started(store, channel=2)
    finished = await started(store, channel=3)
    await store.games.end(finished, 1, "abandoned")
    assert [g.id for g in await store.games.open()] == [waiting, playing]
    for n in range(1, 6):
        await store.moves.record(playing, n, seat=0, action=f"m{n}", user_id=None, state={})
    assert [m.seq for m in await store.moves.of(playing)] == [1, 2, 3, 4, 5]
    assert await store.games.get(999) is None
    with pytest.raises(UnknownGameId):
        await store.games.require(999)


async def test_everything_survives_a_restart(store: Store, db_path: str | Path) -> None:
    game_id = await started(store)
    await store.moves.record(game_id, 1, seat=0, action="t1", user_id=22, state={"pile": 9})
    before = (
        await store.games.require(game_id),
        await store.seats.of(game_id),
        await store.moves.of(game_id),
        await store.moves.snapshot(game_id),
    )
    await store.close()
    reopened = await Store.open(db_path)
    after = (
        await reopened.games.require(game_id),
        await reopened.seats.of(game_id),
        await reopened.moves.of(game_id),
        await reopened.moves.snapshot(game_id),
    )
    assert after == before
    await reopened.close()


async def test_a_cancelled_write_rolls_back(store: Store) -> None:
    game_id = await started(store)

    written = asyncio.Event()

    async def stuck() -> None:
        async with store.backend.transaction() as db:
            await db.execute("UPDATE games SET version = 99 WHERE id = ?", (game_id,))
            written.set()
            await asyncio.Event().wait()  # never set: only the cancel gets it out

    task = asyncio.create_task(stuck())
    await asyncio.wait_for(written.wait(), 5)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert (await store.games.require(game_id)).version == 1
