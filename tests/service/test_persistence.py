"""Snapshots equal replays; a restart resumes every game with the same state and version."""

from __future__ import annotations

import random
from pathlib import Path

from svc_helpers import ALICE, BOB, CAROL, active, lobby, lookup, refused
from toygame import TOY

from bot.service import GameService, StaleAction
from bot.store import Store


async def play(service: GameService, game_id: int, plies: int, seed: int) -> None:
    """Random legal moves through the service, as players would send them."""
    chooser = random.Random(seed)
    for _ in range(plies):
        turn = service.turn(game_id)
        if turn is None:
            return
        await service.move(game_id, turn.user_id, chooser.choice(turn.choices).code, turn.version)


async def test_snapshot_equals_replay_of_moves(service: GameService, store: Store) -> None:
    for seed in range(8):
        info = await active(service, (ALICE, BOB, CAROL), channel=seed + 1)
        await play(service, info.game_id, 2 + seed, seed)
        snapshot = await store.snapshot(info.game_id)
        assert snapshot is not None
        replayed = await service.replay(info.game_id)
        assert TOY.dump(replayed) == snapshot.state
        assert snapshot.seq == len(await store.moves(info.game_id))
        row = await store.game(info.game_id)
        assert row is not None and snapshot.version == row.version


async def test_restart_resumes_every_game(db_path: Path) -> None:
    store = await Store.open(db_path)
    service = GameService(store, lookup)
    waiting = await lobby(service, (ALICE,), channel=1)
    games = [await active(service, (ALICE, BOB), channel=c) for c in (2, 3, 4)]
    for index, game in enumerate(games):
        await play(service, game.game_id, index + 1, index)
    before = {g.game_id: await service.info(g.game_id) for g in [waiting, *games]}
    dumps = {g.game_id: TOY.dump(service._sessions[g.game_id].state) for g in games}
    await store.close()

    store = await Store.open(db_path)
    again = GameService(store, lookup)
    assert await again.load() == 4
    for game_id, info in before.items():
        assert await again.info(game_id) == info
    for game_id, dump in dumps.items():
        assert TOY.dump(again._sessions[game_id].state) == dump
        assert TOY.dump(await again.replay(game_id)) == dump
    assert again.game_at(1) == before[waiting.game_id]
    # Buttons from before the restart still work, and stale ones are still refused.
    turn = again.turn(games[0].game_id)
    assert turn is not None and turn.version == before[games[0].game_id].version
    await again.move(turn.game_id, turn.user_id, turn.choices[0].code, turn.version)
    await refused(StaleAction, again.move(turn.game_id, turn.user_id, "t1", turn.version))
    await store.close()


async def test_a_game_without_snapshot_is_rebuilt_from_its_moves(
    db_path: Path, store: Store, service: GameService
) -> None:
    info = await active(service)
    await play(service, info.game_id, 3, 1)
    expected = TOY.dump(service._sessions[info.game_id].state)
    async with store._transaction() as db:
        await db.execute("DELETE FROM snapshots WHERE game_id = ?", (info.game_id,))
    again = GameService(store, lookup)
    assert await again.load() == 1
    assert TOY.dump(again._sessions[info.game_id].state) == expected


async def test_a_game_whose_type_is_gone_is_skipped_not_fatal(
    store: Store, service: GameService
) -> None:
    await active(service, channel=1)
    await active(service, channel=2)
    async with store._transaction() as db:
        await db.execute("UPDATE games SET game_type = 'retired' WHERE channel_id = 1")
    again = GameService(store, lookup)
    assert await again.load() == 1
    assert again.game_at(1) is None and again.game_at(2) is not None


async def test_a_write_from_elsewhere_makes_the_cached_game_reload(
    store: Store, service: GameService
) -> None:
    info = await active(service)
    first = info.user_at(0) or 0
    other = GameService(store, lookup)
    await other.load()
    await other.move(info.game_id, first, "t1")
    message = await refused(StaleAction, service.move(info.game_id, first, "t2"))
    assert "moved on" in message
    turn = service.turn(info.game_id)
    assert turn is not None and turn.seat == 1 and turn.version == info.version + 1


async def test_dm_flag_and_message_id_do_not_change_the_version(service: GameService) -> None:
    info = await active(service, (ALICE, BOB))
    await service.set_dm_ok(info.game_id, BOB, False)
    await service.set_message(info.game_id, 987)
    after = await service.info(info.game_id)
    assert after.version == info.version and after.message_id == 987
    bob = after.player(BOB)
    assert bob is not None and not bob.dm_ok
    again = GameService(service.store, service._games)
    await again.load()
    reloaded = await again.info(info.game_id)
    assert reloaded.message_id == 987 and not (reloaded.player(BOB) or bob).dm_ok
