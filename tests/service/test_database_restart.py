"""PostgreSQL restarting mid-game (a real server, stopped and started): moves count once or not.

The pool behind the store replaces connections the server closed, so the bot reconnects by
itself; a move made while the server is down, or cut off inside its transaction, is refused
with a clear sentence and leaves nothing behind; made again once the server is back, it counts
exactly once. A second process reading the database afterwards sees every acknowledged move.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from svc_helpers import ALICE, BOB, active, lookup

from bot.service import DatabaseDown, GameInfo, GameService, ServiceError, StaleAction
from bot.store import DatabaseUnavailable, Store
from bot.store.moves import MoveRepository
from tests.postgres_server import PostgresServer


@pytest.fixture
def server() -> Iterator[PostgresServer]:
    """A server of this test's own: stopping it disturbs no other test."""
    made = PostgresServer.create()
    yield made
    made.remove()


@pytest.fixture
async def url(server: PostgresServer) -> AsyncIterator[str]:
    yield await server.new_database()


def mover(info: GameInfo) -> int:
    user = info.to_move_user
    assert user is not None
    return user


async def moves_stored(url: str) -> list[str]:
    """What another process would read: the stored moves of game 1, in order."""
    async with await Store.open(url) as reader:
        return [move.action for move in await reader.moves.of(1)]


async def test_a_move_while_the_server_is_down_is_refused_then_counts_once(
    server: PostgresServer, url: str
) -> None:
    store = await Store.open(url)
    service = GameService(store, lookup)
    await service.load()
    info = await active(service)
    first = await service.moves.move(info.game_id, mover(info), "t2", info.version)
    after_first = first.board.info

    await asyncio.to_thread(server.stop)
    with pytest.raises(DatabaseDown, match="nothing was changed"):
        await service.moves.move(info.game_id, mover(after_first), "t1", after_first.version)
    await asyncio.to_thread(server.start)

    second = await service.moves.move(info.game_id, mover(after_first), "t1", after_first.version)
    assert second.board.info.version == after_first.version + 1
    assert await moves_stored(url) == ["t2", "t1"]
    await store.close()


async def test_a_move_cut_off_inside_its_transaction_leaves_nothing_and_counts_once(
    server: PostgresServer, url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await Store.open(url)
    service = GameService(store, lookup)
    await service.load()
    info = await active(service)
    real = MoveRepository.save_snapshot

    async def stop_then_snapshot(self: MoveRepository, *args: Any) -> None:
        """The version is already bumped and the move row written: now the server goes."""
        await asyncio.to_thread(server.stop)
        await real(self, *args)

    monkeypatch.setattr(MoveRepository, "save_snapshot", stop_then_snapshot)
    with pytest.raises(DatabaseDown, match="nothing was changed"):
        await service.moves.move(info.game_id, mover(info), "t2", info.version)
    monkeypatch.setattr(MoveRepository, "save_snapshot", real)
    await asyncio.to_thread(server.start)

    assert await moves_stored(url) == []
    done = await service.moves.move(info.game_id, mover(info), "t2", info.version)
    assert done.board.info.version == info.version + 1
    assert await moves_stored(url) == ["t2"]

    restarted = GameService(await Store.open(url), lookup)  # a bot restart: nothing lost
    assert await restarted.load() == 1
    assert (await restarted.boards.show(info.game_id)).info.version == done.board.info.version
    await restarted.store.close()
    await store.close()


async def test_a_read_while_the_server_is_down_says_so_and_the_next_one_works(
    server: PostgresServer, url: str
) -> None:
    store = await Store.open(url)
    service = GameService(store, lookup)
    await service.load()
    info = await active(service, users=(ALICE, BOB))
    await asyncio.to_thread(server.stop)
    with pytest.raises(Exception, match="not answering") as caught:
        await store.games.require(info.game_id)
    assert "password" not in str(caught.value).lower()
    # Through the service the same read is its own refusal, one a cog shows as it is.
    with pytest.raises(DatabaseDown, match="nothing was changed") as told:
        await service.records.public_log(info.game_id + 1)  # a game not held: read from the store
    assert isinstance(told.value, ServiceError) and "password" not in str(told.value).lower()
    await asyncio.to_thread(server.start)
    assert (await store.games.require(info.game_id)).version == info.version
    await store.close()


async def test_a_connection_lost_during_commit_is_read_back_and_said_to_count(
    database: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only here is the fault made by hand: the commit went through, its answer was lost."""
    store = await Store.open(database)
    service = GameService(store, lookup)
    await service.load()
    info = await active(service)
    real = MoveRepository.record

    async def committed_but_unanswered(self: MoveRepository, *args: Any, **kwargs: Any) -> int:
        await real(self, *args, **kwargs)
        raise DatabaseUnavailable("lost during COMMIT", maybe_committed=True)

    monkeypatch.setattr(MoveRepository, "record", committed_but_unanswered)
    with pytest.raises(DatabaseDown, match="it did count, once"):
        await service.moves.move(info.game_id, mover(info), "t2", info.version)
    monkeypatch.setattr(MoveRepository, "record", real)
    board = await service.boards.show(info.game_id)
    assert board.info.version == info.version + 1  # memory holds what was stored
    assert [m.action for m in await store.moves.of(info.game_id)] == ["t2"]
    with pytest.raises(StaleAction):  # the same click again cannot make it count twice
        await service.moves.move(info.game_id, mover(info), "t2", info.version)
    assert [m.action for m in await store.moves.of(info.game_id)] == ["t2"]
    await store.close()


async def test_a_commit_that_did_not_happen_is_refused_and_nothing_changes(
    database: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await Store.open(database)
    service = GameService(store, lookup)
    await service.load()
    info = await active(service)

    async def lost(self: MoveRepository, *args: Any, **kwargs: Any) -> int:
        raise DatabaseUnavailable("lost during COMMIT", maybe_committed=True)

    monkeypatch.setattr(MoveRepository, "record", lost)
    with pytest.raises(DatabaseDown, match="nothing was changed"):
        await service.moves.move(info.game_id, mover(info), "t2", info.version)
    assert (await service.boards.show(info.game_id)).info.version == info.version
    assert await store.moves.of(info.game_id) == []
    await store.close()
