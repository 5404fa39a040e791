"""store.preferences: a player's choice of boards as text (migration 0014), on both backends."""

from __future__ import annotations

import shutil
from pathlib import Path

from bot.store import Store, migration_files

BOARD_TEXT = 14  # the migration that adds user_settings.board_text


async def test_boards_are_images_until_a_player_chooses_text(database: str | Path) -> None:
    async with await Store.open(database) as store:
        assert await store.preferences.board_text(11) is False
        await store.preferences.set_board_text(11, True)
        assert await store.preferences.board_text(11) is True
        assert await store.preferences.board_text(22) is False  # one player's choice only
        await store.preferences.set_board_text(11, False)
        assert await store.preferences.board_text(11) is False


async def test_the_choice_survives_a_restart_and_leaves_the_reminders_alone(
    database: str | Path,
) -> None:
    async with await Store.open(database) as store:
        await store.timers.set_reminders(11, False)
        await store.preferences.set_board_text(11, True)
        await store.preferences.set_board_text(22, True)
        await store.timers.set_reminders(22, True)
    async with await Store.open(database) as reopened:
        assert await reopened.preferences.board_text(11) is True
        assert await reopened.timers.reminders_on(11) is False
        assert await reopened.preferences.board_text(22) is True
        assert await reopened.timers.reminders_on(22) is True


async def test_an_old_database_gains_the_column_and_keeps_every_choice(
    database: str | Path, tmp_path: Path
) -> None:
    older = tmp_path / "older"
    older.mkdir()
    for number, path in migration_files():
        if number < BOARD_TEXT:
            shutil.copy(path, older / path.name)
    store = await Store.open(database, migrate=False)
    try:
        assert await store.migrate(older) == list(range(1, BOARD_TEXT))
        await store.timers.set_reminders(11, False)  # choices written before 0014
        await store.timers.set_reminders(22, True)
        assert BOARD_TEXT in await store.migrate()
        assert await store.timers.reminders_on(11) is False
        assert await store.timers.reminders_on(22) is True
        assert await store.preferences.board_text(11) is False  # the default: images
        await store.preferences.set_board_text(11, True)
        assert await store.timers.reminders_on(11) is False
        assert await store.preferences.board_text(11) is True
    finally:
        await store.close()
