"""sqlite's group commit: transactions queued behind one share its COMMIT, each all-or-nothing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.store import Conflict, StaleVersion, Store
from bot.store.sqlite import GROUP_LIMIT, SqliteBackend, in_thread
from tests.store.test_store import STATE, new_game


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(tmp_path / "games.sqlite3")
    yield opened
    await opened.close()


def backend(store: Store) -> SqliteBackend:
    found = store.backend
    assert isinstance(found, SqliteBackend)
    return found


async def count_commits(store: Store) -> list[int]:
    """Every COMMIT the connection runs, counted (it still runs): its own commit() and a
    COMMIT sent along with a transaction's last statements alike."""
    db = backend(store)._db
    commits: list[int] = []

    def traced(sql: str) -> None:
        if sql.strip().upper() == "COMMIT":
            commits.append(1)

    await in_thread(db, lambda conn: conn.set_trace_callback(traced))  # its thread's call
    return commits


def count_trips(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every trip to the connection's thread from now on, counted (until monkeypatch.undo)."""
    db = backend(store)._db
    trips: list[int] = []
    real: Callable[..., Awaitable[Any]] = db._execute

    async def counted(work: Callable[[], Any]) -> Any:
        trips.append(1)
        return await real(work)

    monkeypatch.setattr(db, "_execute", counted)
    return trips


async def started_games(store: Store, count: int) -> list[int]:
    games = [await new_game(store, channel=100 + n) for n in range(count)]
    for game_id in games:
        await store.games.start(game_id, 0, {11: 1, 22: 0}, STATE)
    return games


async def test_moves_queued_together_share_commits_and_all_count(
    store: Store,
) -> None:
    games = await started_games(store, 12)
    commits = await count_commits(store)
    versions = await asyncio.gather(
        *(
            store.moves.record(game_id, 1, seat=0, action="t1", user_id=22, state={"n": game_id})
            for game_id in games
        )
    )
    assert versions == [2] * len(games)
    assert 1 <= len(commits) < len(games)
    for game_id in games:
        assert [m.action for m in await store.moves.of(game_id)] == ["t1"]
        snapshot = await store.moves.snapshot(game_id)
        assert snapshot is not None and snapshot.state == {"n": game_id}


async def test_a_transaction_alone_commits_in_the_trip_of_its_last_statement(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nobody queued behind it: its COMMIT goes with its last statement to the connection's
    thread, not in a trip of its own (aiosqlite's commit()); the move counts all the same."""
    (game_id,) = await started_games(store, 1)
    commits = await count_commits(store)
    db = backend(store)._db
    trips_of_their_own: list[int] = []
    real = db.commit

    async def counted() -> None:
        trips_of_their_own.append(1)
        await real()

    monkeypatch.setattr(db, "commit", counted)
    assert await store.moves.record(game_id, 1, seat=0, action="t1", user_id=22, state={}) == 2
    assert commits == [1] and trips_of_their_own == []
    assert not db.in_transaction
    assert [m.action for m in await store.moves.of(game_id)] == ["t1"]


async def test_a_refused_change_in_a_group_undoes_only_its_own_statements(store: Store) -> None:
    games = await started_games(store, 3)
    stale = store.moves.record(games[1], 0, seat=0, action="t9", user_id=22, state={"x": 1})
    results = await asyncio.gather(
        store.moves.record(games[0], 1, seat=0, action="t1", user_id=22, state={"n": 0}),
        stale,
        store.moves.record(games[2], 1, seat=0, action="t1", user_id=22, state={"n": 2}),
        return_exceptions=True,
    )
    assert results[0] == 2 and results[2] == 2 and isinstance(results[1], StaleVersion)
    assert await store.moves.of(games[1]) == []
    assert len(await store.moves.of(games[0])) == len(await store.moves.of(games[2])) == 1


async def test_an_error_inside_one_transaction_keeps_the_others_writes(store: Store) -> None:
    games = await started_games(store, 2)

    async def fails_after_writing() -> None:
        async with store.backend.transaction() as tx:
            await tx.execute("UPDATE games SET flags = '{\"x\": 1}' WHERE id = ?", (games[0],))
            raise RuntimeError("the caller changed its mind")

    results = await asyncio.gather(
        fails_after_writing(),
        store.moves.record(games[1], 1, seat=0, action="t1", user_id=22, state={"n": 1}),
        return_exceptions=True,
    )
    assert isinstance(results[0], RuntimeError) and results[1] == 2
    assert (await store.games.require(games[0])).flags == {}
    assert len(await store.moves.of(games[1])) == 1


class WatchedLock(asyncio.Lock):
    """The connection's lock, telling when a caller has to queue for it."""

    def __init__(self) -> None:
        super().__init__()
        self.queued = asyncio.Event()
        self.then: Callable[[], object] | None = None  # run once, right after a release

    async def acquire(self) -> bool:
        if self.locked():
            self.queued.set()
        return await super().acquire()

    def release(self) -> None:
        super().release()
        then, self.then = self.then, None
        if then is not None:
            then()


async def holding(store: Store, game_id: int) -> tuple[asyncio.Task[int], asyncio.Event]:
    """A transaction that holds the connection (after one write) until the event is set; it
    returns 1 once committed."""
    inside, release = asyncio.Event(), asyncio.Event()

    async def member() -> int:
        async with store.backend.transaction() as tx:
            await tx.execute("UPDATE games SET flags = '{}' WHERE id = ?", (game_id,))
            inside.set()
            await release.wait()
        return 1

    task = asyncio.create_task(member())
    await inside.wait()
    return task, release


async def test_a_caller_that_gives_up_while_queued_does_not_hold_the_group(store: Store) -> None:
    games = await started_games(store, 2)
    lock = backend(store)._lock = WatchedLock()
    slow, release = await holding(store, games[0])

    async def reading_member() -> None:
        async with store.backend.transaction() as tx:
            await tx.execute("UPDATE games SET flags = '{\"x\": 1}' WHERE id = ?", (games[1],))

    queued = asyncio.create_task(reading_member())
    await lock.queued.wait()  # it is queued behind the open transaction
    lock.then = queued.cancel  # it gives up just as the slow one leaves the group open to it
    release.set()
    assert await asyncio.wait_for(slow, 5) == 1  # committed by the flush, not left waiting
    rows = await store.backend.all("SELECT flags FROM games WHERE id = ?", (games[1],))
    assert rows[0]["flags"] != '{"x": 1}'


async def test_a_move_given_up_before_its_batch_is_sent_is_not_stored(store: Store) -> None:
    """A transaction that reads nothing waits in a batch; cancelled there, it is never sent,
    and the batch's sender does not keep the group open for it."""
    games = await started_games(store, 2)
    lock = backend(store)._lock = WatchedLock()
    slow, release = await holding(store, games[0])

    queued = asyncio.create_task(
        store.moves.record(games[1], 1, seat=0, action="t1", user_id=22, state={})
    )
    await lock.queued.wait()  # its batch waits behind the open transaction
    queued.cancel()
    with pytest.raises(asyncio.CancelledError):
        await queued
    release.set()
    assert await asyncio.wait_for(slow, 5) == 1
    assert await store.moves.of(games[1]) == []
    assert [m.action for m in await store.moves.of(games[0])] == []
    assert await store.moves.record(games[1], 1, seat=0, action="t1", user_id=22, state={}) == 2


async def test_a_group_is_committed_after_at_most_its_limit(
    store: Store,
) -> None:
    games = await started_games(store, GROUP_LIMIT + 4)
    commits = await count_commits(store)
    moves: list[Any] = [
        store.moves.record(game_id, 1, seat=0, action="t1", user_id=22, state={})
        for game_id in games
    ]
    await asyncio.gather(*moves)
    assert len(commits) >= 2


async def test_a_move_goes_to_the_database_in_one_trip(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The version check, the move, its snapshot and the commit queued together: each trip to
    the connection's thread is a thread and a loop wake-up, and the connection waits through
    them (issue 23)."""
    (game_id,) = await started_games(store, 1)
    trips = count_trips(store, monkeypatch)
    assert await store.moves.record(game_id, 1, seat=0, action="t1", user_id=22, state={}) == 2
    assert len(trips) == 1
    monkeypatch.undo()
    assert [(m.seq, m.action) for m in await store.moves.of(game_id)] == [(1, "t1")]
    snapshot = await store.moves.snapshot(game_id)
    assert snapshot is not None and snapshot.seq == 1 and snapshot.version == 2


async def test_moves_waiting_together_go_in_one_trip_and_one_commit(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Transactions that read nothing wait in one batch while the connection is busy, then go
    to its thread together: one trip and one commit for all of them (issue 23)."""
    games = await started_games(store, 11)
    commits = await count_commits(store)
    trips = count_trips(store, monkeypatch)
    lock = backend(store)._lock = WatchedLock()
    holder, release = await holding(store, games[0])
    moves = [
        asyncio.create_task(
            store.moves.record(game_id, 1, seat=0, action="t1", user_id=22, state={})
        )
        for game_id in games[1:]
    ]
    await lock.queued.wait()  # the batch's sender waits for the connection
    assert len(backend(store)._batch) == len(moves)
    before = len(trips)
    release.set()
    await holder
    assert await asyncio.gather(*moves) == [2] * len(moves)
    assert len(trips) - before == 2  # the holder's end, then the whole batch with the commit
    assert len(commits) == 1
    monkeypatch.undo()
    for game_id in games[1:]:
        assert [m.action for m in await store.moves.of(game_id)] == ["t1"]


async def test_a_stale_version_found_at_the_end_undoes_only_that_move(store: Store) -> None:
    """The version check runs with the move's queued statements: a move made on a version that
    moved on raises StaleVersion and leaves nothing, and a move queued beside it counts."""
    games = await started_games(store, 2)
    await store.moves.record(games[0], 1, seat=0, action="t1", user_id=22, state={})
    stale = store.moves.record(games[0], 1, seat=1, action="t2", user_id=33, state={"x": 1})
    fresh = store.moves.record(games[1], 1, seat=0, action="t1", user_id=22, state={})
    outcomes = await asyncio.gather(stale, fresh, return_exceptions=True)
    assert isinstance(outcomes[0], StaleVersion) and outcomes[1] == 2
    assert [(m.seq, m.action) for m in await store.moves.of(games[0])] == [(1, "t1")]
    snapshot = await store.moves.snapshot(games[0])
    assert snapshot is not None and snapshot.version == 2 and snapshot.state == {}
    assert [m.action for m in await store.moves.of(games[1])] == ["t1"]


async def test_a_queued_statement_refused_at_the_end_undoes_only_its_callers_part(
    store: Store,
) -> None:
    """A row refused when the queued statements go (with the commit) raises Conflict to its
    caller, whose earlier statements are undone; a neighbour in the same group counts."""
    games = await started_games(store, 2)
    await store.moves.record(games[0], 1, seat=0, action="t1", user_id=22, state={})

    async def repeats_a_move() -> None:
        async with store.backend.transaction() as tx:
            await tx.execute("UPDATE games SET flags = '{\"x\": 1}' WHERE id = ?", (games[0],))
            tx.later(
                "INSERT INTO moves (game_id, seq, seat, action, user_id, created_at)"
                " VALUES (?, 1, 0, 't2', 22, 'now')",
                (games[0],),
            )

    results = await asyncio.gather(
        repeats_a_move(),
        store.moves.record(games[1], 1, seat=0, action="t1", user_id=22, state={"n": 1}),
        return_exceptions=True,
    )
    assert isinstance(results[0], Conflict) and results[1] == 2
    assert (await store.games.require(games[0])).flags == {}
    assert [m.action for m in await store.moves.of(games[0])] == ["t1"]
    assert len(await store.moves.of(games[1])) == 1
    assert not backend(store)._db.in_transaction
    with pytest.raises(Conflict):
        await repeats_a_move()  # alone: nothing queued behind it
    assert (await store.games.require(games[0])).flags == {}
