"""Deadlines: a reminder at the pace's time and none before, a move cancels it, the turn clock
runs out, nothing fires for a finished game, a restart neither loses nor repeats one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from svc_helpers import ALICE, BOB, CAROL, GUILD, active, lobby, lookup, refused

from bot.service import GameService, Reminder, TimeUp, UnknownPace, get_pace
from bot.store import REMINDER, TURN_CLOCK, Conflict, Store
from bot.store.backend import Tx
from tests.e2e.clock import FakeClock

DAILY = get_pace("daily")
LIVE = get_pace("live")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def timed_store(db_path: Path, clock: FakeClock) -> AsyncIterator[Store]:
    opened = await Store.open(db_path, clock=clock.iso)
    yield opened
    await opened.close()


@pytest.fixture
async def timed(timed_store: Store, clock: FakeClock) -> GameService:
    made = GameService(timed_store, lookup, clock=clock)
    await made.load()
    return made


def reminders(alarms: list[Reminder | TimeUp]) -> list[int]:
    return [a.user_id for a in alarms if isinstance(a, Reminder)]


async def test_a_started_game_gets_a_turn_clock_and_a_reminder(
    timed: GameService, timed_store: Store, clock: FakeClock
) -> None:
    start = clock()
    info = await active(timed)
    assert info.pace == "daily"
    assert (info.turn_since, info.turn_due) == (start, start + DAILY.turn_limit)
    rows = await timed_store.timers.of(info.game_id, info.version)
    due = {row.kind: row.due_at for row in rows}
    assert due == {
        TURN_CLOCK: (start + DAILY.turn_limit).isoformat(),
        REMINDER: (start + DAILY.reminder_after).isoformat(),
    }


async def test_a_reminder_at_the_pace_time_and_none_before(
    timed: GameService, clock: FakeClock
) -> None:
    info = await active(timed)
    mover = info.to_move_user
    clock.advance(seconds=DAILY.reminder_after.total_seconds() - 1)
    assert await timed.timers.fire_due() == []
    clock.advance(seconds=1)
    alarms = await timed.timers.fire_due()
    assert reminders(alarms) == [mover] and len(alarms) == 1
    assert alarms[0].info.game_id == info.game_id
    assert await timed.timers.fire_due() == []  # at most one per period


async def test_the_next_reminder_comes_one_period_later(
    timed: GameService, clock: FakeClock
) -> None:
    info = await active(timed)
    clock.advance(seconds=DAILY.reminder_after.total_seconds())
    assert len(reminders(await timed.timers.fire_due())) == 1
    clock.advance(seconds=DAILY.reminder_after.total_seconds() - 1)
    assert await timed.timers.fire_due() == []
    clock.advance(seconds=1)
    assert reminders(await timed.timers.fire_due()) == [info.to_move_user]


async def test_a_move_cancels_the_pending_reminder(timed: GameService, clock: FakeClock) -> None:
    info = await active(timed)
    clock.advance(hours=1)
    mover = info.to_move_user
    assert mover is not None
    moved = await timed.moves.move(info.game_id, mover, "t1", info.version)
    clock.advance(seconds=DAILY.reminder_after.total_seconds() - 1)  # past the old one's time
    assert await timed.timers.fire_due() == []
    clock.advance(hours=1)
    assert reminders(await timed.timers.fire_due()) == [moved.board.info.to_move_user]


async def test_a_move_and_its_deadlines_are_stored_together_or_not_at_all(
    timed: GameService, timed_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = await active(timed)
    mover = info.to_move_user
    assert mover is not None
    moved = await timed.moves.move(info.game_id, mover, "t1", info.version)
    version = moved.board.info.version
    kinds = {row.kind for row in await timed_store.timers.of(info.game_id, version)}
    assert kinds == {TURN_CLOCK, REMINDER}
    schedule_in = timed_store.timers.schedule_in

    def refused_deadlines(tx: Tx, *args: Any) -> None:
        schedule_in(tx, *args)
        tx.later("INSERT INTO timers (game_id) VALUES (NULL)")  # a row the database refuses

    monkeypatch.setattr(timed_store.timers, "schedule_in", refused_deadlines)
    nxt = moved.board.info.to_move_user
    assert nxt is not None
    with pytest.raises(Conflict):
        await timed.moves.move(info.game_id, nxt, "t1", version)
    assert len(await timed_store.moves.of(info.game_id)) == 1  # the second move is not stored
    assert (await timed.boards.show(info.game_id)).info.version == version


async def test_the_turn_clock_runs_out_once(timed: GameService, clock: FakeClock) -> None:
    info = await lobby(timed, pace="live")
    started = (await timed.lobby.start(info.game_id, ALICE)).info
    clock.advance(seconds=LIVE.turn_limit.total_seconds())
    alarms = await timed.timers.fire_due()
    time_up = [a for a in alarms if isinstance(a, TimeUp)]
    assert [(t.user_id, t.version) for t in time_up] == [(started.to_move_user, started.version)]
    assert alarms == time_up  # the reminder due meanwhile is dropped: the time-up pings them
    assert await timed.timers.fire_due() == []


async def test_nothing_fires_for_a_finished_game(timed: GameService, clock: FakeClock) -> None:
    info = await active(timed)
    await timed.moves.abandon(info.game_id, ALICE)
    clock.advance(days=30)
    assert await timed.timers.fire_due() == []


async def test_a_restart_neither_loses_nor_repeats_a_reminder(
    db_path: Path, clock: FakeClock
) -> None:
    store = await Store.open(db_path, clock=clock.iso)
    first = GameService(store, lookup, clock=clock)
    info = await active(first)
    await store.close()
    clock.advance(seconds=DAILY.reminder_after.total_seconds())
    for expected in ([info.to_move_user], []):
        store = await Store.open(db_path, clock=clock.iso)
        again = GameService(store, lookup, clock=clock)
        await again.load()
        assert again.places.game_at(info.place_id) == (await again.boards.show(info.game_id)).info
        assert reminders(await again.timers.fire_due()) == expected
        await store.close()


async def test_deadlines_lost_between_commit_and_scheduling_are_written_on_start(
    db_path: Path, clock: FakeClock
) -> None:
    store = await Store.open(db_path, clock=clock.iso)
    info = await active(GameService(store, lookup, clock=clock))
    async with store.backend.transaction() as db:
        await db.execute("DELETE FROM timers")
    clock.advance(seconds=DAILY.reminder_after.total_seconds())
    again = GameService(store, lookup, clock=clock)
    await again.load()
    assert again.places.game_at(info.place_id) == info  # the same clock as before the loss
    assert reminders(await again.timers.fire_due()) == [info.to_move_user]
    await store.close()


async def test_reminders_off_means_no_reminder_but_the_clock_still_runs(
    timed: GameService, clock: FakeClock
) -> None:
    info = await active(timed)
    mover = info.to_move_user
    assert mover is not None
    await timed.timers.set_reminders(mover, False)
    clock.advance(seconds=DAILY.reminder_after.total_seconds())
    assert await timed.timers.fire_due() == []
    clock.advance(seconds=DAILY.turn_limit.total_seconds())
    assert [type(a) for a in await timed.timers.fire_due()] == [TimeUp]
    await timed.timers.set_reminders(mover, True)


async def test_an_unknown_pace_is_refused_and_opens_nothing(timed: GameService) -> None:
    message = await refused(UnknownPace, lobby(timed, (ALICE,), pace="hourly"))
    assert "live, daily, weekly" in message
    assert timed.places.guild_games(GUILD) == []
    await refused(UnknownPace, timed.timers.set_guild_pace(GUILD, "monthly"))
    assert (await lobby(timed, (ALICE,))).pace == "daily"


async def test_the_server_default_pace_applies_to_new_games(timed: GameService) -> None:
    assert (await timed.timers.set_guild_pace(GUILD, "Weekly")).name == "weekly"
    assert (await lobby(timed, (ALICE,), channel=5)).pace == "weekly"
    assert (await lobby(timed, (BOB,), channel=6, pace="live")).pace == "live"


async def test_my_games_lists_where_the_caller_is_seated(timed: GameService) -> None:
    one = await active(timed, (ALICE, BOB), channel=1)
    two = await active(timed, (BOB, CAROL), channel=2)
    waiting = await lobby(timed, (ALICE,), channel=3)
    assert [g.game_id for g in timed.places.my_games(GUILD, ALICE)] == [
        one.game_id,
        waiting.game_id,
    ]
    assert [g.game_id for g in timed.places.my_games(GUILD, BOB)] == [one.game_id, two.game_id]
    assert timed.places.my_games(GUILD + 1, ALICE) == []
    assert all(g.turn_since is not None for g in timed.places.my_games(GUILD, CAROL))


def test_paces_grow_slower() -> None:
    weekly = get_pace("weekly")
    assert LIVE.turn_limit < DAILY.turn_limit < weekly.turn_limit
    assert all(p.reminder_after < p.turn_limit for p in (LIVE, DAILY, weekly))
    assert DAILY.turn_limit > timedelta(hours=24)


def time_ups(alarms: list[Reminder | TimeUp]) -> list[TimeUp]:
    return [a for a in alarms if isinstance(a, TimeUp)]


async def test_a_vote_to_wait_longer_gives_the_turn_its_time_again(
    timed: GameService, timed_store: Store, clock: FakeClock
) -> None:
    info = await active(timed)
    clock.advance(seconds=DAILY.turn_limit.total_seconds())
    [up] = time_ups(await timed.timers.fire_due())
    vote = await timed.votes.start(info.game_id, up.version)
    assert vote is not None
    voter = next(user for user in (ALICE, BOB) if user != up.user_id)
    decided = await timed.votes.cast(vote.vote_id, voter, "wait")
    assert decided.decided == "wait"
    waited = timed.places.game_at(info.place_id)
    assert waited is not None and waited.turn_due == clock() + DAILY.turn_limit
    clock.advance(seconds=DAILY.turn_limit.total_seconds() - 1)
    assert time_ups(await timed.timers.fire_due()) == []
    clock.advance(seconds=1)
    [again] = time_ups(await timed.timers.fire_due())
    assert again.user_id == up.user_id and again.version == up.version
    # a restart reads the latest turn clock of the version, not the one that already fired
    restarted = GameService(timed_store, lookup, clock=clock)
    await restarted.load()
    reloaded = restarted.places.game_at(info.place_id)
    assert reloaded is not None and reloaded.turn_due == clock()
