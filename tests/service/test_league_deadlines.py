"""A league round's deadline (the stalled seat to the computer, at most once, across a
restart), ending a game as scored so far, the sign-up to a game the server cannot play, and
a table's game opened exactly once whatever stops the process in between."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from svc_helpers import GUILD, lookup, refused

from bot.engine import AnyGame, IllegalAction
from bot.service import GameService
from bot.service.league_deadlines import NotSettleable
from bot.service.league_values import LeagueRefused, Progress
from bot.store import Store

ORGANISER = 1
NOW = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)
ROUND = timedelta(minutes=4320 * 5)  # five daily turn limits (data/paces.json: 4320 minutes)


class Clock:
    """The service's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


async def pair(store: Store, clock: Clock) -> tuple[GameService, int, Progress]:
    """A started two-player toy league (Ann and Bo) with round one paired, not yet opened."""
    service = GameService(store, lookup, clock=clock)
    await service.load()
    info = await service.leagues.create(
        guild_id=GUILD,
        channel_id=500,
        organiser_id=ORGANISER,
        game_type="toy",
        format="swiss",
        rounds=2,
        pace="daily",
    )
    await service.leagues.sign_up(info.id, GUILD, 101, "Ann")
    await service.leagues.sign_up(info.id, GUILD, 102, "Bo")
    return service, info.id, await service.leagues.start(info.id, GUILD, ORGANISER, False)


async def opened(service: GameService, progress: Progress) -> int:
    [table] = progress.tables
    assert await service.leagues.tables.claim_table(table, GUILD) is True
    try:
        started = await service.leagues.tables.open_table(table, GUILD, 500, 7001)
    finally:
        service.leagues.tables.release(table)
    return started.info.game_id


async def test_the_deadline_hands_the_stalled_seat_over_once_even_across_a_restart(
    store: Store,
) -> None:
    clock = Clock()
    service, league, progress = await pair(store, clock)
    game = await opened(service, progress)
    [round_one] = await store.leagues.rounds(league)
    assert round_one.due_at == (NOW + ROUND).isoformat(timespec="seconds")
    stalled = service.games.held(game)
    assert stalled is not None
    seat = stalled.to_move()
    assert seat is not None
    mover = stalled.user_at(seat)
    assert mover is not None and not mover.automatic
    clock.now = NOW + ROUND - timedelta(seconds=1)
    assert await service.league_deadlines.fire_due() == []
    clock.now = NOW + ROUND
    [handed] = await service.league_deadlines.fire_due()
    assert (handed.league_id, handed.round, handed.name) == (league, 1, mover.name)
    assert handed.board.info.status == "active"
    after = service.games.held(game)
    assert after is not None
    handed_seat = after.user_at(seat)
    assert handed_seat is not None and handed_seat.automatic
    assert handed_seat.departure == "timed out"
    assert await service.league_deadlines.fire_due() == []
    again = GameService(store, lookup, clock=clock)  # the process restarted
    await again.load()
    assert await again.league_deadlines.fire_due() == []


async def test_the_organiser_ends_a_game_as_scored_so_far_only_after_the_deadline(
    store: Store,
) -> None:
    clock = Clock()
    service, league, progress = await pair(store, clock)
    game = await opened(service, progress)
    first = service.games.held(game)
    assert first is not None and first.to_move() is not None
    mover = first.user_at(first.to_move() or 0)
    assert mover is not None
    await service.moves.move(game, mover.user_id, "t2")  # takes 2 counters: ahead 2 to 0
    await refused(NotSettleable, service.league_deadlines.settle(game, ORGANISER, False))
    clock.now = NOW + ROUND
    await refused(NotSettleable, service.league_deadlines.settle(game, 102, False))
    await refused(NotSettleable, service.league_deadlines.settle(game + 99, ORGANISER, True))
    board = await service.league_deadlines.settle(game, 999, manages=True)  # a server manager
    assert board.info.status == "finished"
    row = await store.games.get(game)
    assert row is not None and row.flags["ended_by"] == "deadline"
    assert row.result is not None and row.result["reason"] == "deadline"
    winner = row.result["ranking"].index(1)
    assert row.result["scores"][winner] == 2
    await service.leagues.advance()  # the result is read into the league
    [round_one, _] = await store.leagues.rounds(league)
    [table] = round_one.tables
    assert table.places is not None
    assert table.places[table.seats.index(mover.user_id)] == 1


async def test_signing_up_to_a_league_of_a_game_this_server_cannot_play_is_refused(
    store: Store,
) -> None:
    service = GameService(store, lookup)
    info = await service.leagues.create(
        guild_id=GUILD,
        channel_id=500,
        organiser_id=ORGANISER,
        game_type="toy",
        format="swiss",
        rounds=1,
        pace="daily",
    )

    def without_toy(game_type: str) -> AnyGame:
        if game_type == "toy":
            raise IllegalAction("no such game")
        return lookup(game_type)

    later = GameService(store, without_toy)  # the game was taken out of this bot since
    said = await refused(LeagueRefused, later.leagues.sign_up(info.id, GUILD, 101, "Ann"))
    assert "toy" in said
    assert (await later.leagues.get(info.id, GUILD)).entrants == ()


async def count_games(store: Store) -> int:
    [row] = await store.backend.all("SELECT count(*) AS n FROM games")
    return int(row["n"])


@pytest.mark.parametrize("stop", ["before recording", "before starting"])
async def test_a_crash_between_opening_a_tables_game_and_recording_it_opens_nothing_twice(
    store: Store, stop: str
) -> None:
    clock = Clock()
    service, league, progress = await pair(store, clock)
    [table] = progress.tables
    assert await service.leagues.tables.claim_table(table, GUILD) is True
    assert await service.leagues.tables.claim_table(table, GUILD) is False  # being opened: once
    if stop == "before recording":

        async def crash(*_: object) -> bool:
            raise RuntimeError("the process stopped here")

        recording = store.leagues.set_game
        store.leagues.set_game = crash  # type: ignore[method-assign]
        with pytest.raises(RuntimeError):
            await service.leagues.tables.open_table(table, GUILD, 500, 7001)
        store.leagues.set_game = recording  # type: ignore[method-assign]
    else:  # created, never started nor recorded
        game = service.lobby.openings.engine("toy")
        await service.lobby.openings.create(
            game,
            guild_id=GUILD,
            channel_id=500,
            thread_id=7001,
            players=table.players,
            options={},
            pace="daily",
            own_thread=True,
            extra={"league_table": table.key},
        )
    before = await count_games(store)
    again = GameService(store, lookup, clock=clock)  # the process restarted
    await again.load()
    [left] = await again.leagues.unopened()
    assert left.tables == (table,)
    taken_up = await again.leagues.tables.claim_table(table, GUILD)
    if stop == "before starting":
        assert not isinstance(taken_up, bool) and taken_up.info.status == "active"
    else:
        assert taken_up is False
    assert await count_games(store) == before == 1
    assert await again.leagues.unopened() == []
    [round_one] = await store.leagues.rounds(league)
    game_id = round_one.tables[0].game_id
    assert game_id is not None and (await store.games.get(game_id)) is not None
    assert await again.leagues.tables.claim_table(table, GUILD) is False
