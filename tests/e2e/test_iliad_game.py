"""A whole Iliad game through the real discord.py client and the fake Discord."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import factory, open_game, play_to_the_end


async def test_a_whole_game_by_buttons_and_move_with_hands_by_dm(
    fake_discord: FakeDiscord, bot_runner: BotRunner[Any], tmp_path: Path
) -> None:
    await bot_runner.start(factory(tmp_path / "s.sqlite3"))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    final = await play_to_the_end(fake_discord)
    assert "Rematch" in str(final.buttons())
    print(final.content)
