"""store.leagues (migration 0017): leagues, entrants, rounds and tables, on both backends."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.store import Store, migration_files
from bot.store.leagues import AlreadyEntered, NewLeague

LEAGUES = 17  # the migration that adds the league tables


def new_league(**changes: object) -> NewLeague:
    fields: dict[str, object] = {
        "guild_id": 5,
        "channel_id": 50,
        "organiser_id": 1,
        "game_type": "iliad",
        "format": "swiss",
        "rounds": 3,
        "players": 2,
        "pace": "daily",
        "options": {"variant": "short"},
        "seed": 1234,
        "signup_until": "2026-12-02T18:00:00+00:00",
    }
    fields.update(changes)
    return NewLeague(**fields)  # type: ignore[arg-type]


async def game(store: Store, place: int) -> int:
    row = await store.games.create(
        game_type="iliad",
        guild_id=5,
        channel_id=50,
        thread_id=place,
        host_id=1,
        players=[(1, "One"), (2, "Two")],
        seed=1,
        options={},
    )
    return row.id


async def test_a_league_is_created_listed_and_signed_up_to(database: str | Path) -> None:
    async with await Store.open(database) as store:
        league = await store.leagues.create(new_league())
        assert league.status == "signup" and league.options == {"variant": "short"}
        assert league.seed == 1234 and league.message_id is None
        await store.leagues.set_message(league.id, 9_000_000_000_000_000_001)
        assert await store.leagues.sign_up(league.id, 2**62 + 7, "Ann")
        assert await store.leagues.sign_up(league.id, 30, "Bo")
        with pytest.raises(AlreadyEntered):
            await store.leagues.sign_up(league.id, 30, "Bo")
        entrants = await store.leagues.entrants(league.id)
        assert [(e.user_id, e.signup_order) for e in entrants] == [(2**62 + 7, 1), (30, 2)]
        other = await store.leagues.create(new_league(guild_id=6))
        assert [row.id for row in await store.leagues.in_guild(5)] == [league.id]
        assert [row.id for row in await store.leagues.in_guild(6)] == [other.id]
        got = await store.leagues.get(league.id)
        assert got is not None and got.message_id == 9_000_000_000_000_000_001


async def test_withdrawing_before_the_start_removes_and_after_it_marks(
    database: str | Path,
) -> None:
    async with await Store.open(database) as store:
        league = await store.leagues.create(new_league())
        for user in (10, 20, 30, 40):
            await store.leagues.sign_up(league.id, user, f"P{user}")
        assert await store.leagues.withdraw(league.id, 40)
        assert not await store.leagues.withdraw(league.id, 40)
        assert await store.leagues.start(
            league.id, {10: 30.5, 20: 12.0, 30: 0.0}, [[10, 20], [30]], None
        )
        assert not await store.leagues.sign_up(league.id, 50, "Late")
        assert await store.leagues.withdraw(league.id, 20)
        assert not await store.leagues.withdraw(league.id, 20)
        entrants = {e.user_id: e for e in await store.leagues.entrants(league.id)}
        assert sorted(entrants) == [10, 20, 30]
        assert entrants[20].withdrawn and not entrants[10].withdrawn
        assert entrants[10].rating == 30.5


async def test_rounds_tables_games_and_results(database: str | Path) -> None:
    async with await Store.open(database) as store:
        league = await store.leagues.create(new_league())
        for user in (10, 20, 30):
            await store.leagues.sign_up(league.id, user, f"P{user}")
        due = "2026-12-05T14:00:00+00:00"
        assert await store.leagues.start(league.id, {}, [[20, 10], [30]], due)
        assert not await store.leagues.start(league.id, {}, [[20, 10], [30]], due)
        first = await game(store, 501)
        assert await store.leagues.set_game(league.id, 1, 0, first)
        assert not await store.leagues.set_game(league.id, 1, 0, first + 1)
        table = await store.leagues.table_of_game(first)
        assert table is not None and (table.round, table.position, table.seats) == (1, 0, (20, 10))
        assert await store.leagues.table_of_game(first + 99) is None
        assert await store.leagues.due_rounds("2026-12-05T13:59:59+00:00") == []
        assert await store.leagues.due_rounds(due) == [(league.id, 1)]
        assert not await store.leagues.claim_deadline(league.id, 1, "2026-12-05T13:59:59+00:00")
        assert await store.leagues.claim_deadline(league.id, 1, due)
        assert not await store.leagues.claim_deadline(league.id, 1, due)  # once
        assert await store.leagues.due_rounds(due) == []
        assert await store.leagues.set_places(league.id, 1, 0, [2, 1])
        assert not await store.leagues.set_places(league.id, 1, 0, [1, 2])
        assert await store.leagues.end_round(league.id, 1)
        assert not await store.leagues.end_round(league.id, 1)
        assert await store.leagues.due_rounds(due) == []
        assert await store.leagues.open_round(league.id, 2, [[10, 30], [20]], None)
        assert not await store.leagues.open_round(league.id, 2, [[10, 20], [30]], None)
        rounds = await store.leagues.rounds(league.id)
        assert [r.number for r in rounds] == [1, 2]
        assert [(t.seats, t.places, t.game_id) for t in rounds[0].tables] == [
            ((20, 10), (2, 1), first),
            ((30,), None, None),
        ]
        assert [t.seats for t in rounds[1].tables] == [(10, 30), (20,)]
        assert rounds[0].ended_at is not None and rounds[1].ended_at is None
        assert await store.leagues.finish(league.id)
        assert not await store.leagues.finish(league.id, "cancelled")
        assert not await store.leagues.open_round(league.id, 3, [[10, 20]], None)
        assert await store.leagues.running() == []


async def test_sign_ups_close_at_their_deadline_and_a_cancel_ends_them(
    database: str | Path,
) -> None:
    async with await Store.open(database) as store:
        soon = await store.leagues.create(new_league(signup_until="2026-12-02T15:00:00+00:00"))
        later = await store.leagues.create(new_league(signup_until="2026-12-09T15:00:00+00:00"))
        await store.leagues.create(new_league(signup_until=None))
        due = await store.leagues.due_signups("2026-12-03T00:00:00+00:00")
        assert [row.id for row in due] == [soon.id]
        assert await store.leagues.finish(soon.id, "cancelled")
        assert await store.leagues.due_signups("2026-12-03T00:00:00+00:00") == []
        assert not await store.leagues.sign_up(soon.id, 10, "Too late")
        assert await store.leagues.sign_up(later.id, 10, "In time")


async def test_an_old_database_gains_the_league_tables_with_its_games_kept(
    database: str | Path, tmp_path: Path
) -> None:
    older = tmp_path / "older"
    older.mkdir()
    for number, path in migration_files():
        if number < LEAGUES:
            shutil.copy(path, older / path.name)
    store = await Store.open(database, migrate=False)
    try:
        before = await store.migrate(older)
        assert LEAGUES not in before and before
        kept = await game(store, 777)
        assert await store.migrate() == [
            n for n, _ in migration_files() if n >= LEAGUES or n not in before
        ]
        assert (await store.games.get(kept)).id == kept  # type: ignore[union-attr]
        league = await store.leagues.create(new_league())
        assert await store.leagues.sign_up(league.id, 10, "First")
    finally:
        await store.close()


async def test_migrations_numbered_below_one_applied_already_still_run(
    database: str | Path, tmp_path: Path
) -> None:
    # 0015 and 0016 come from other branches: a database that has 0017 first takes them later.
    folder = tmp_path / "gap"
    folder.mkdir()
    for number, path in migration_files():
        if number < 15 or number == LEAGUES:
            shutil.copy(path, folder / path.name)
    store = await Store.open(database, migrate=False)
    try:
        assert LEAGUES in await store.migrate(folder)
        (folder / "0015_planted.sql").write_text("CREATE TABLE planted_a (id INTEGER);\n")
        (folder / "0016_planted.sql").write_text("CREATE TABLE planted_b (id INTEGER);\n")
        assert await store.migrate(folder) == [15, 16]
        assert {15, 16, LEAGUES} <= set(await store.schema_versions())
        assert await store.migrate(folder) == []
    finally:
        await store.close()
