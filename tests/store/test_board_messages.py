"""Board records: written before the post, filled in after it, so a restart knows what is shown."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store


@pytest.fixture
async def store(database: str | Path) -> AsyncIterator[Store]:
    opened = await Store.open(database)
    yield opened
    await opened.close()


async def started(store: Store) -> int:
    row = await store.create_game(
        game_type="toy",
        guild_id=1,
        channel_id=100,
        thread_id=None,
        host_id=11,
        players=[(11, "Alice"), (22, "Bob")],
        seed=42,
        options={},
    )
    await store.start_game(row.id, 0, {11: 0, 22: 1}, {"pile": 3})
    return row.id


async def test_a_board_is_recorded_before_its_post_and_completed_after(store: Store) -> None:
    game_id = await started(store)
    row_id = await store.intend_board(game_id, 1, "n1")
    [pending] = await store.board_messages(game_id)
    assert (pending.message_id, pending.version, pending.live) == (None, 1, True)
    assert (await store.require_game(game_id)).message_version is None
    await store.board_posted(row_id, 555)
    game = await store.require_game(game_id)
    assert (game.message_id, game.message_version) == (555, 1)
    assert [(b.message_id, b.live) for b in await store.board_messages(game_id)] == [(555, True)]


async def test_an_in_place_redraw_moves_the_version_and_retired_boards_leave_the_live_list(
    store: Store,
) -> None:
    game_id = await started(store)
    await store.board_posted(await store.intend_board(game_id, 1, "n1"), 555)
    await store.board_redrawn(game_id, 555, 2)
    assert (await store.require_game(game_id)).message_version == 2
    second = await store.intend_board(game_id, 3, "n2")
    assert await store.games_with_live_boards() == [game_id]
    first = (await store.board_messages(game_id))[0].id
    await store.boards_retired(game_id, [first, second])
    assert await store.games_with_live_boards() == []


async def test_a_final_board_is_recorded_without_buttons(store: Store) -> None:
    game_id = await started(store)
    await store.board_posted(await store.intend_board(game_id, 1, "n1"), 555, live=False)
    assert await store.games_with_live_boards() == []
    assert (await store.require_game(game_id)).message_id == 555


async def test_the_same_nonce_cannot_be_recorded_twice_for_a_game(store: Store) -> None:
    game_id = await started(store)
    await store.intend_board(game_id, 1, "n1")
    with pytest.raises(sqlite3.IntegrityError, match=r"(?i)unique"):
        await store.intend_board(game_id, 2, "n1")
