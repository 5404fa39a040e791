"""Start-up reads an index of ongoing games; a game's state is read on its first use (issue 16)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from svc_helpers import ALICE, BOB, CAROL, GUILD, TOY, active, lobby, lookup

from bot.service import GameService, Reminder, TimeUp, get_pace
from bot.service.clock import TurnClocks
from bot.service.loading import Collector
from bot.service.state import Unread
from bot.store import Store
from tests.e2e.clock import FakeClock

LIVE = get_pace("live")
THREAD = 555


async def restarted(db_path: Path, clock: FakeClock | None = None) -> GameService:
    """A new service on a new connection to the same file, started as the bot starts."""
    store = await (Store.open(db_path) if clock is None else Store.open(db_path, clock=clock.iso))
    service = GameService(store, lookup, clock=clock)
    await service.load()
    return service


async def test_a_cold_games_first_move_reads_it_and_plays_on(
    db_path: Path, service: GameService
) -> None:
    info = await active(service, (ALICE, BOB, CAROL))
    first = await service.moves.move(info.game_id, info.to_move_user or 0, "t2", info.version)
    warm = first.board
    again = await restarted(db_path)
    session = again.games.held(info.game_id)
    assert session is not None and session.cold  # nothing but the index was read
    assert isinstance(session.state, Unread) and session.state.to_move == warm.info.to_move
    assert again.places.game_at(info.place_id) == warm.info  # whose turn, without the state
    mover = warm.info.to_move_user
    assert mover is not None
    before = service.games.held(info.game_id).state
    played = await again.moves.move(info.game_id, mover, "t1", warm.info.version)
    assert not session.cold
    assert played.board.info.version == warm.info.version + 1
    expected = TOY.apply(before, TOY.decode("t1"))  # the same move on the warm game's state
    assert TOY.dump(session.state) == TOY.dump(expected)
    assert played.board.view == TOY.view(expected, None)
    await again.store.close()


async def test_a_cold_game_in_a_thread_is_found_there(db_path: Path, service: GameService) -> None:
    info = await active(service, thread_id=THREAD)
    board = await service.boards.show(info.game_id)
    again = await restarted(db_path)
    found = again.places.game_at(THREAD)
    assert found is not None and found.game_id == info.game_id and found.thread_id == THREAD
    assert [g.game_id for g in again.places.in_threads_of(info.channel_id)] == [info.game_id]
    assert again.games.held(info.game_id).cold
    assert await again.boards.show(info.game_id) == board
    await again.store.close()


async def test_the_games_list_says_whose_turn_it_is_in_cold_games(
    db_path: Path, service: GameService
) -> None:
    waiting = await lobby(service, (ALICE,), channel=1)
    games = [await active(service, channel=c) for c in (2, 3)]
    moved = await service.moves.move(games[1].game_id, games[1].to_move_user or 0, "t1")
    listed = service.places.guild_games(GUILD)
    again = await restarted(db_path)
    assert all(again.games.held(g.game_id).cold for g in games)
    assert again.places.guild_games(GUILD) == listed
    assert [g.to_move_user for g in listed[1:]] == [
        games[0].to_move_user,
        moved.board.info.to_move_user,
    ]
    assert listed[0] == waiting
    mover = moved.board.info.to_move_user
    assert mover is not None
    assert again.places.my_games(GUILD, mover) == service.places.my_games(GUILD, mover)
    assert all(again.games.held(g.game_id).cold for g in games)  # listing read no state
    await again.store.close()


async def test_the_timers_of_cold_games_fire_after_a_restart(db_path: Path) -> None:
    clock = FakeClock()
    first = await restarted(db_path, clock)
    info = await active(first, pace="live")
    await first.store.close()
    clock.advance(seconds=LIVE.reminder_after.total_seconds())
    again = await restarted(db_path, clock)
    assert again.games.held(info.game_id).cold
    reminded = await again.timers.fire_due()
    assert [(type(a), a.user_id) for a in reminded] == [(Reminder, info.to_move_user)]
    clock.advance(seconds=LIVE.turn_limit.total_seconds())
    timed_out = await again.timers.fire_due()
    assert [(type(a), a.user_id) for a in timed_out] == [(TimeUp, info.to_move_user)]
    await again.store.close()


async def test_a_game_stored_before_the_index_is_read_in_full_at_start(
    db_path: Path, service: GameService, store: Store
) -> None:
    info = await active(service)
    async with store.backend.transaction() as db:
        await db.execute("UPDATE snapshots SET to_move = NULL WHERE game_id = ?", (info.game_id,))
    again = await restarted(db_path)
    session = again.games.held(info.game_id)
    assert not session.cold and session.state is not None
    assert again.places.game_at(info.place_id) == service.places.game_at(info.place_id)
    await again.store.close()


async def test_the_garbage_collector_waits_while_start_up_loads(
    db_path: Path, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await active(service)
    seen: list[bool] = []
    restore = TurnClocks.restore

    async def noting(clocks: TurnClocks) -> None:
        seen.append(gc.isenabled())
        await restore(clocks)

    monkeypatch.setattr(TurnClocks, "restore", noting)
    assert gc.isenabled()
    again = await restarted(db_path)
    assert seen == [False] and gc.isenabled()
    await again.store.close()


def test_overlapping_pauses_resume_the_collector_after_the_last_even_on_failure() -> None:
    pauses = Collector()
    assert gc.isenabled()
    first = pauses.paused()
    first.__enter__()
    with pytest.raises(RuntimeError), pauses.paused():
        assert not gc.isenabled()
        raise RuntimeError("a load failed")
    assert not gc.isenabled()  # the first load still runs
    first.__exit__(None, None, None)
    assert gc.isenabled()


def test_a_collector_switched_off_before_stays_off() -> None:
    gc.disable()
    try:
        with Collector().paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
