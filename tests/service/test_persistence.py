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
    board = await service.boards.show(game_id)
    for _ in range(plies):
        turn = board.turn
        if turn is None:
            return
        code = chooser.choice(turn.choices).code
        board = (await service.moves.move(game_id, turn.user_id, code, turn.version)).board


async def forget_snapshots(store: Store) -> None:
    """Drop every stored snapshot, so loading must replay the moves from the seed."""
    async with store.backend.transaction() as db:
        await db.execute("DELETE FROM snapshots")


async def test_snapshot_equals_replay_of_moves(service: GameService, store: Store) -> None:
    snapshots = {}
    for seed in range(8):
        info = await active(service, (ALICE, BOB, CAROL), channel=seed + 1)
        await play(service, info.game_id, 2 + seed, seed)
        snapshot = await store.moves.snapshot(info.game_id)
        assert snapshot is not None
        assert snapshot.seq == len(await store.moves.of(info.game_id))
        row = await store.games.get(info.game_id)
        assert row is not None and snapshot.version == row.version
        snapshots[info.game_id] = snapshot.state
    boards = {game_id: await service.boards.show(game_id) for game_id in snapshots}
    await forget_snapshots(store)
    replayed = GameService(store, lookup)
    ongoing = await replayed.load()
    assert 0 < ongoing < len(snapshots)  # finished games are replayed when read, too
    for game_id, state in snapshots.items():
        assert await replayed.boards.show(game_id) == boards[game_id]
        session = replayed.games.held(game_id)
        assert session is None or TOY.dump(session.state) == state


async def test_restart_resumes_every_game(db_path: Path) -> None:
    store = await Store.open(db_path)
    service = GameService(store, lookup)
    await lobby(service, (ALICE,), channel=1)
    games = [await active(service, (ALICE, BOB), channel=c) for c in (2, 3, 4)]
    for index, game in enumerate(games):
        await play(service, game.game_id, index + 1, index)
    before = {place: service.places.game_at(place) for place in (1, 2, 3, 4)}
    dumps = {g.game_id: TOY.dump(service.games.held(g.game_id).state) for g in games}
    boards = {g.game_id: await service.boards.show(g.game_id) for g in games}
    await store.close()

    store = await Store.open(db_path)
    again = GameService(store, lookup)
    assert await again.load() == 4
    for place, info in before.items():
        assert info is not None and again.places.game_at(place) == info
    assert all(again.games.held(game_id).cold for game_id in dumps)  # read on first use
    for game_id, dump in dumps.items():
        assert await again.boards.show(game_id) == boards[game_id]
        assert TOY.dump(again.games.held(game_id).state) == dump
    await forget_snapshots(store)
    replayed = GameService(store, lookup)
    assert await replayed.load() == 4
    for game_id, dump in dumps.items():
        assert TOY.dump(replayed.games.held(game_id).state) == dump
    # Buttons from before the restart still work, and stale ones are still refused.
    turn = boards[games[0].game_id].turn
    info = before[2]
    assert turn is not None and info is not None and turn.version == info.version
    await again.moves.move(info.game_id, turn.user_id, turn.choices[0].code, turn.version)
    await refused(StaleAction, again.moves.move(info.game_id, turn.user_id, "t1", turn.version))
    await store.close()


async def test_a_game_without_snapshot_is_rebuilt_from_its_moves(
    db_path: Path, store: Store, service: GameService
) -> None:
    info = await active(service)
    await play(service, info.game_id, 3, 1)
    expected = TOY.dump(service.games.held(info.game_id).state)
    async with store.backend.transaction() as db:
        await db.execute("DELETE FROM snapshots WHERE game_id = ?", (info.game_id,))
    again = GameService(store, lookup)
    assert await again.load() == 1
    assert TOY.dump(again.games.held(info.game_id).state) == expected


async def test_a_game_whose_type_is_gone_is_skipped_not_fatal(
    store: Store, service: GameService
) -> None:
    await active(service, channel=1)
    await active(service, channel=2)
    async with store.backend.transaction() as db:
        await db.execute("UPDATE games SET game_type = 'retired' WHERE channel_id = 1")
    again = GameService(store, lookup)
    assert await again.load() == 1
    assert again.places.game_at(1) is None and again.places.game_at(2) is not None


async def test_a_write_from_elsewhere_makes_the_cached_game_reload(
    store: Store, service: GameService
) -> None:
    info = await active(service)
    first = info.user_at(0) or 0
    other = GameService(store, lookup)
    await other.load()
    await other.moves.move(info.game_id, first, "t1")
    message = await refused(StaleAction, service.moves.move(info.game_id, first, "t2"))
    assert "moved on" in message
    turn = (await service.boards.show(info.game_id)).turn
    assert turn is not None and turn.seat == 1 and turn.version == info.version + 1


async def test_dm_flag_and_message_id_do_not_change_the_version(service: GameService) -> None:
    info = await active(service, (ALICE, BOB))
    await service.hands.set_dm_ok(info.game_id, BOB, False)
    await service.boards.set_message(info.game_id, 987)
    after = service.places.game_at(info.place_id)
    assert after is not None
    assert after.version == info.version and after.message_id == 987
    bob = next(p for p in after.players if p.user_id == BOB)
    assert not bob.dm_ok
    again = GameService(service.store, service.games.lookup)
    await again.load()
    reloaded = again.places.game_at(info.place_id)
    assert reloaded is not None and reloaded.message_id == 987
    assert [p.dm_ok for p in reloaded.players if p.user_id == BOB] == [False]
