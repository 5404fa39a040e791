"""store.analyses: asked once, found pending after a restart, kept once done; migration 0018."""

from __future__ import annotations

import shutil
from pathlib import Path

from bot.store import Store, migration_files

ANALYSES = 18  # data/migrations/0018_analyses.sql
PLAN = {"iterations": 10}


async def finished_game(store: Store) -> int:
    """A started game of Alice (11) and Bob (22); its id (the store does not check the status:
    the service asks only for finished games)."""
    row = await store.games.create(
        game_type="toy",
        guild_id=1,
        channel_id=100,
        thread_id=None,
        host_id=11,
        players=[(11, "Alice"), (22, "Bob")],
        seed=42,
        options={},
    )
    await store.games.start(row.id, 0, {11: 0, 22: 1}, {"pile": 1, "log": []})
    return row.id


async def test_an_old_database_keeps_its_games_and_gains_analyses(
    database: str | Path, tmp_path: Path
) -> None:
    older = tmp_path / "older"
    older.mkdir()
    for number, path in migration_files():
        if number < ANALYSES:
            shutil.copy(path, older / path.name)
    store = await Store.open(database, migrate=False)
    try:
        await store.migrate(older)
        game_id = await finished_game(store)  # stored before 0018
        before = (await store.games.require(game_id), await store.seats.of(game_id))
        assert ANALYSES in await store.migrate()
        assert (await store.games.require(game_id), await store.seats.of(game_id)) == before
        assert await store.analyses.get(game_id) is None
        assert await store.analyses.ask(game_id, seed=7, plan=PLAN, asker=(11, 100, "de"))
    finally:
        await store.close()


async def test_asked_once_pending_until_done_then_kept(database: str | Path) -> None:
    async with await Store.open(database) as store:
        game_id = await finished_game(store)
        assert await store.analyses.ask(game_id, seed=7, plan=PLAN, asker=(11, 100, "de"))
        assert not await store.analyses.ask(game_id, seed=8, plan=PLAN, asker=(22, 101, "en"))
        [pending] = await store.analyses.pending()
        assert (pending.game_id, pending.status, pending.seed, pending.plan) == (
            game_id,
            "pending",
            7,
            PLAN,
        )
        assert (pending.asked_by, pending.channel_id, pending.language) == (11, 100, "de")
        assert pending.starts == 1 and pending.result is None
        await store.analyses.restarted(game_id)
        assert (await store.analyses.get(game_id)).starts == 2
        await store.analyses.finish(game_id, {"steps": [], "final": [0.5, 0.5]})
        assert await store.analyses.pending() == []
        done = await store.analyses.get(game_id)
        assert done is not None and done.status == "done" and done.done_at is not None
        assert done.result == {"steps": [], "final": [0.5, 0.5]}
        await store.analyses.drop(game_id)  # only a pending one is ever dropped
        assert await store.analyses.get(game_id) == done


async def test_a_dropped_pending_analysis_can_be_asked_again(database: str | Path) -> None:
    async with await Store.open(database) as store:
        game_id = await finished_game(store)
        assert await store.analyses.ask(game_id, seed=7, plan=PLAN, asker=(11, 100, "en"))
        await store.analyses.drop(game_id)
        assert await store.analyses.get(game_id) is None
        assert await store.analyses.ask(game_id, seed=9, plan=PLAN, asker=(22, 100, "it"))
        assert (await store.analyses.get(game_id)).seed == 9
