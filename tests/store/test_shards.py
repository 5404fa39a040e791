"""Shards on one PostgreSQL database: each process reads only its games and may change no other.

Two Store instances stand for two bot processes (each claims its shards as the bot does at
start); the database itself must refuse the one that no longer holds a game's shard.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from bot.store import StaleVersion, Store, StoreUnusable
from bot.store.leagues import NewLeague
from bot.store.shards import NotServedHere, Shards, ShardTaken, checked_shards, shard_of
from tests.postgres_server import PostgresServer

# Servers whose ids put them on shard 0 and shard 1 of two (the shard is the id's bits above 22).
GUILD_0 = 1000 << 22
GUILD_1 = (1001 << 22) + 12345
STATE = {"pile": 10}


def test_discords_rule_for_a_servers_shard() -> None:
    assert shard_of(GUILD_0, 2) == 0 and shard_of(GUILD_1, 2) == 1
    assert shard_of(GUILD_1, 3) == 1001 % 3
    assert shard_of(None, 4) == 0  # direct messages are shard 0's
    assert Shards(2, (1,)).serves(GUILD_1) and not Shards(2, (1,)).serves(None)


@pytest.mark.parametrize(
    ("count", "ids", "reason"),
    [(0, None, "SHARD_COUNT"), (2, [2], "between 0 and 1"), (3, [1, 1], "once"), (2, [], "once")],
)
def test_shard_settings_that_cannot_be_discords_are_refused(
    count: int, ids: list[int] | None, reason: str
) -> None:
    with pytest.raises(ValueError, match=reason):
        checked_shards(count, ids)


def test_without_shard_ids_a_process_serves_every_shard() -> None:
    assert checked_shards(3, None) == Shards(3, (0, 1, 2))
    assert checked_shards(4, [3, 1]) == Shards(4, (1, 3))


async def test_sqlite_refuses_sharding_in_one_line(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "games.sqlite3")
    try:
        with pytest.raises(StoreUnusable, match="needs PostgreSQL: sqlite is one process"):
            await store.shards.serve(Shards(2, (0,)))
    finally:
        await store.close()


@pytest.fixture
async def url(postgres_server: PostgresServer) -> str:
    return await postgres_server.new_database()


@pytest.fixture
async def stores(url: str) -> AsyncIterator[list[Store]]:
    opened: list[Store] = []
    yield opened
    for store in opened:
        await store.close()


async def process(stores: list[Store], url: str, count: int, *ids: int) -> Store:
    """A store as a bot process opens it: migrated, then its shards claimed."""
    store = await Store.open(url)
    stores.append(store)
    await store.shards.serve(Shards(count, ids))
    return store


async def started(store: Store, guild: int | None, channel: int) -> int:
    row = await store.games.create(
        game_type="toy",
        guild_id=guild,
        channel_id=channel,
        thread_id=None,
        host_id=11,
        players=[(11, "Alice"), (22, "Bob")],
        seed=1,
        options={},
    )
    await store.games.start(row.id, 0, {11: 0, 22: 1}, STATE)
    return row.id


async def test_each_process_loads_only_its_shards_games(url: str, stores: list[Store]) -> None:
    first = await process(stores, url, 2, 0)
    second = await process(stores, url, 2, 1)
    on_0 = await started(first, GUILD_0, 1)
    in_dm = await started(first, None, 2)
    on_1 = await started(second, GUILD_1, 3)
    assert await first.games.open_ids() == [on_0, in_dm]
    assert await second.games.open_ids() == [on_1]
    assert [g.id for g in await second.games.open()] == [on_1]


async def test_a_process_cannot_move_a_game_of_anothers_shard(
    url: str, stores: list[Store]
) -> None:
    first = await process(stores, url, 2, 0)
    second = await process(stores, url, 2, 1)
    game = await started(first, GUILD_0, 1)
    with pytest.raises(NotServedHere):
        await second.moves.record(game, 1, seat=0, action="a", user_id=11, state=STATE)
    assert await second.moves.of(game) == []
    assert await first.moves.record(game, 1, seat=0, action="a", user_id=11, state=STATE) == 2


async def test_a_second_live_process_for_a_shard_is_refused(url: str, stores: list[Store]) -> None:
    await process(stores, url, 2, 0, 1)
    with pytest.raises(ShardTaken, match="shard 1 of 2 is already served"):
        await process(stores, url, 2, 1)
    with pytest.raises(ShardTaken, match="SHARD_COUNT=2"):
        await process(stores, url, 3, 2)


async def test_a_stopped_process_frees_its_shards_at_once(url: str, stores: list[Store]) -> None:
    first = await process(stores, url, 2, 0)
    await first.close()
    stores.remove(first)
    again = await process(stores, url, 3, 0)  # a new count too: nobody runs the old one
    game = await started(again, 999 << 22, 1)
    assert await again.moves.record(game, 1, seat=0, action="a", user_id=11, state=STATE) == 2


async def kill_lock_connection(url: str, store: Store) -> None:
    """What a crash or a network cut does to a process's lock connection (its pool lives on)."""
    pid = store.backend.shard_locks.connection.get_server_pid()  # type: ignore[union-attr]
    admin = await asyncpg.connect(url)
    try:
        assert await admin.fetchval("SELECT pg_terminate_backend($1, 5000)", pid)
    finally:
        await admin.close()


async def test_after_a_takeover_only_the_new_holder_can_move_a_game(
    url: str, stores: list[Store]
) -> None:
    old = await process(stores, url, 2, 0)
    game = await started(old, GUILD_0, 1)
    await kill_lock_connection(url, old)
    new = await process(stores, url, 2, 0)  # the lock died with its connection: claimed
    results = await asyncio.gather(
        old.moves.record(game, 1, seat=0, action="old", user_id=11, state={"by": "old"}),
        new.moves.record(game, 1, seat=0, action="new", user_id=11, state={"by": "new"}),
        return_exceptions=True,
    )
    assert isinstance(results[0], NotServedHere) and results[1] == 2
    with pytest.raises(NotServedHere):  # at the current version too: never again
        await old.moves.record(game, 2, seat=1, action="old", user_id=22, state={"by": "old"})
    assert [m.action for m in await new.moves.of(game)] == ["new"]
    snapshot = await new.moves.snapshot(game)
    assert snapshot is not None and snapshot.state == {"by": "new"}


async def test_racing_processes_on_one_game_apply_one_move(url: str, stores: list[Store]) -> None:
    """Moves from both sides at once while the shard changes hands: exactly one is applied."""
    old = await process(stores, url, 1, 0)
    game = await started(old, GUILD_1, 1)
    await kill_lock_connection(url, old)
    racing = [
        asyncio.create_task(
            old.moves.record(game, 1, seat=0, action=f"old{n}", user_id=11, state={"n": n})
        )
        for n in (1, 2)
    ]
    new = await process(stores, url, 1, 0)  # claimed while the old moves are under way
    racing += [
        asyncio.create_task(
            new.moves.record(game, 1, seat=0, action=f"new{n}", user_id=11, state={"n": n})
        )
        for n in (3, 4)
    ]
    results = await asyncio.gather(*racing, return_exceptions=True)
    applied = [n for n, r in enumerate(results, 1) if r == 2]
    assert len(applied) == 1
    assert all(isinstance(r, StaleVersion) for r in results if r != 2), results
    moves = await new.moves.of(game)
    assert len(moves) == 1 and moves[0].action.endswith(str(applied[0]))
    with pytest.raises(NotServedHere):  # whoever won, the old process is out from now on
        await old.moves.record(game, 2, seat=1, action="late", user_id=22, state={})


async def test_processes_starting_together_on_an_empty_database_migrate_in_turn(
    url: str, stores: list[Store]
) -> None:
    opened = await asyncio.gather(*(Store.open(url) for _ in range(3)))
    stores.extend(opened)
    versions = [await store.schema_versions() for store in opened]
    assert versions[0] and versions == [versions[0]] * 3


async def test_an_old_holder_is_told_not_served_even_after_the_new_holder_moved(
    url: str, stores: list[Store]
) -> None:
    old = await process(stores, url, 2, 0)
    game = await started(old, GUILD_0, 1)
    await kill_lock_connection(url, old)
    new = await process(stores, url, 2, 0)
    assert await new.moves.record(game, 1, seat=0, action="new", user_id=11, state=STATE) == 2
    with pytest.raises(NotServedHere):  # not "the game moved on": it is not ours to move at all
        await old.moves.record(game, 1, seat=0, action="old", user_id=11, state=STATE)


async def test_each_process_runs_only_its_servers_leagues(url: str, stores: list[Store]) -> None:
    """A league's sign-up deadline, its tables and its round deadlines are acted on by the
    process serving its server alone: two processes each opening a table would open it twice."""
    first = await process(stores, url, 2, 0)
    second = await process(stores, url, 2, 1)
    passed, due = "2026-12-02T15:00:00+00:00", "2026-12-05T14:00:00+00:00"
    leagues = {}
    for guild, store in ((GUILD_0, first), (GUILD_1, second)):
        for kind in ("waiting", "running"):
            leagues[guild, kind] = (await store.leagues.create(league_in(guild, passed))).id
        running = leagues[guild, "running"]
        for user in (10, 20):
            await store.leagues.sign_up(running, user, f"P{user}")
        assert await store.leagues.start(running, {}, [[10, 20]], due)
    for guild, store in ((GUILD_0, first), (GUILD_1, second)):
        assert [row.id for row in await store.leagues.running()] == [leagues[guild, "running"]]
        assert [row.id for row in await store.leagues.due_signups(due)] == [
            leagues[guild, "waiting"]
        ]
        assert await store.leagues.due_rounds(due) == [(leagues[guild, "running"], 1)]


def league_in(guild: int, signup_until: str) -> NewLeague:
    return NewLeague(
        guild_id=guild,
        channel_id=50,
        organiser_id=1,
        game_type="iliad",
        format="swiss",
        rounds=2,
        players=2,
        pace="daily",
        options={},
        seed=1,
        signup_until=signup_until,
    )


async def test_each_process_starts_again_only_its_games_analyses(
    url: str, stores: list[Store]
) -> None:
    first = await process(stores, url, 2, 0)
    second = await process(stores, url, 2, 1)
    games = {}
    for channel, (guild, store) in enumerate(((GUILD_0, first), (GUILD_1, second)), 7):
        games[guild] = await started(store, guild, channel)
        asker = (11, channel, "en")
        assert await store.analyses.ask(games[guild], seed=1, plan={}, asker=asker)
    assert [row.game_id for row in await first.analyses.pending()] == [games[GUILD_0]]
    assert [row.game_id for row in await second.analyses.pending()] == [games[GUILD_1]]
