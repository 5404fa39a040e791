"""Board records: written before the post, filled in after it, so a restart knows what is shown."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Conflict, Store


@pytest.fixture
async def store(database: str | Path) -> AsyncIterator[Store]:
    opened = await Store.open(database)
    yield opened
    await opened.close()


async def started(store: Store) -> int:
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
    await store.games.start(row.id, 0, {11: 0, 22: 1}, {"pile": 3})
    return row.id


async def test_a_board_is_recorded_before_its_post_and_completed_after(store: Store) -> None:
    game_id = await started(store)
    row_id = await store.boards.intend(game_id, 1, "n1")
    [pending] = await store.boards.of(game_id)
    assert (pending.message_id, pending.version, pending.live) == (None, 1, True)
    assert (await store.games.require(game_id)).message_version is None
    await store.boards.posted(row_id, 555)
    game = await store.games.require(game_id)
    assert (game.message_id, game.message_version) == (555, 1)
    assert [(b.message_id, b.live) for b in await store.boards.of(game_id)] == [(555, True)]


async def test_an_in_place_redraw_moves_the_version_and_retired_boards_leave_the_live_list(
    store: Store,
) -> None:
    game_id = await started(store)
    await store.boards.posted(await store.boards.intend(game_id, 1, "n1"), 555)
    await store.boards.redrawn(game_id, 555, 2)
    assert (await store.games.require(game_id)).message_version == 2
    second = await store.boards.intend(game_id, 3, "n2")
    assert await store.boards.games_with_live_ones() == [game_id]
    first = (await store.boards.of(game_id))[0].id
    await store.boards.retired(game_id, [first, second])
    assert await store.boards.games_with_live_ones() == []


async def test_a_final_board_is_recorded_without_buttons(store: Store) -> None:
    game_id = await started(store)
    await store.boards.posted(await store.boards.intend(game_id, 1, "n1"), 555, live=False)
    assert await store.boards.games_with_live_ones() == []
    assert (await store.games.require(game_id)).message_id == 555


async def test_the_same_nonce_cannot_be_recorded_twice_for_a_game(store: Store) -> None:
    game_id = await started(store)
    await store.boards.intend(game_id, 1, "n1")
    with pytest.raises(Conflict, match=r"(?i)unique"):
        await store.boards.intend(game_id, 2, "n1")
