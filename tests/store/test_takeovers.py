"""store.takeovers: requests to take a left seat, the take-over, and migration 0016 on old data."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.store import Store, StoreError, migration_files

DAY = timedelta(days=1)
TAKEOVERS = 16  # data/migrations/0016_seat_takeovers.sql
STATE = {"pile": 10, "log": []}


class Ticks:
    """The store's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = datetime(2030, 1, 7, 12, 0, tzinfo=UTC)

    def __call__(self) -> str:
        return self.now.isoformat(timespec="seconds")


async def left_game(store: Store) -> tuple[int, int]:
    """A started game of Alice (11), Bob (22) and Carol (33) whose seat 2 (Carol's) the
    automatic player holds since she timed out; its id and version."""
    row = await store.games.create(
        game_type="toy",
        guild_id=1,
        channel_id=100,
        thread_id=None,
        host_id=11,
        players=[(11, "Alice"), (22, "Bob"), (33, "Carol")],
        seed=42,
        options={},
    )
    version = await store.games.start(row.id, 0, {11: 0, 22: 1, 33: 2}, STATE)
    version = await store.seats.hand_over(row.id, version, 2, "timed out")
    return row.id, version


async def test_an_old_database_gains_the_tables_and_its_left_seat_can_be_taken(
    database: str | Path, tmp_path: Path
) -> None:
    older = tmp_path / "older"
    older.mkdir()
    for number, path in migration_files():
        if number < TAKEOVERS:
            shutil.copy(path, older / path.name)
    store = await Store.open(database, migrate=False)
    try:
        await store.migrate(older)
        game_id, version = await left_game(store)  # stored before 0016
        before = await store.seats.of(game_id)
        assert TAKEOVERS in await store.migrate()
        assert await store.seats.of(game_id) == before  # the stored game reads as it was
        new = await store.takeovers.take(game_id, version, 2, (44, "Dave"), 3)
        assert new == version + 1
        seats = {row.seat: row for row in await store.seats.of(game_id)}
        assert (seats[2].user_id, seats[2].display_name) == (44, "Dave")
        assert not seats[2].automatic and seats[2].departure is None
        [holder] = await store.takeovers.holders(game_id)
        assert (holder.user_id, holder.display_name, holder.departure) == (33, "Carol", "timed out")
        assert (holder.taken_by, holder.taken_name, holder.version) == (44, "Dave", new)
        assert (holder.moves, holder.log_lines) == (0, 3)
    finally:
        await store.close()


async def test_a_seat_still_played_or_taken_cannot_be_taken(database: str | Path) -> None:
    async with await Store.open(database) as store:
        game_id, version = await left_game(store)
        for seat in (0, 5):
            try:
                await store.takeovers.take(game_id, version, seat, (44, "Dave"), 0)
            except StoreError:
                pass
            else:
                raise AssertionError(f"seat {seat} was taken")
        assert await store.takeovers.holders(game_id) == []
        assert (await store.games.require(game_id)).version == version  # rolled back


async def test_one_open_request_per_seat_and_a_lapsed_one_gives_way(database: str | Path) -> None:
    ticks = Ticks()
    async with await Store.open(database, clock=ticks) as store:
        game_id, version = await left_game(store)
        first = await store.takeovers.ask(
            game_id, version, seat=2, newcomer=(44, "Dave"), voters=[11, 22], lapse_after=DAY
        )
        assert first is not None
        second = await store.takeovers.ask(
            game_id, version + 5, seat=2, newcomer=(55, "Erin"), voters=[11, 22], lapse_after=DAY
        )
        assert second is None
        ticks.now += DAY + timedelta(seconds=1)
        later = await store.takeovers.ask(
            game_id, version + 9, seat=2, newcomer=(55, "Erin"), voters=[11, 22], lapse_after=DAY
        )
        assert later is not None
        lapsed = await store.takeovers.get(first)
        assert lapsed is not None and lapsed.result == "lapsed"
        await store.takeovers.answer(later, 11, True)
        asked = await store.takeovers.get(later)
        assert asked is not None and asked.answers == {11: True} and asked.voters == (11, 22)
        version = await store.takeovers.take(game_id, version, 2, (55, "Erin"), 0, deciding=later)
        assert (await store.takeovers.get(later)).result is None  # its caller closes it
        await store.takeovers.decide(later, "taken")
        assert (await store.takeovers.get(later)).result == "taken"


async def test_a_migration_numbered_below_the_newest_applied_still_runs(
    database: str | Path, tmp_path: Path
) -> None:
    """0015 (another branch's) may arrive after 0016 was applied: it is applied then."""
    here = tmp_path / "migrations"
    here.mkdir()
    for number, path in migration_files():
        if number != 15:
            shutil.copy(path, here / path.name)
    store = await Store.open(database, migrate=False)
    try:
        assert TAKEOVERS in await store.migrate(here)
        (here / "0015_later_one.sql").write_text("CREATE TABLE later_one (id INTEGER);\n")
        assert await store.migrate(here) == [15]
        assert 15 in await store.schema_versions()
    finally:
        await store.close()
