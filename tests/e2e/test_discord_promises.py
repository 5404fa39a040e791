"""The rest of Discord's promises, kept by the bot: followups only within an interaction's
15-minute token life (later work answers with plain messages), uploads never over the
interaction's `attachment_size_limit`, and embeds none or within 6,000 characters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord, InjectedInteraction, RecordedMessage
from tests.e2e.symposion import factory, is_live_board, move_by_buttons, open_game, stub_drawing

Runner = BotRunner[Any]
LATE = 16 * 60  # seconds: past the token's 15 minutes
EMBED_TEXT = (("title",), ("description",), ("footer", "text"), ("author", "name"))


async def two_moves_of_iliad(fake: FakeDiscord) -> None:
    """alice and bob play two moves of Iliad in #games (the game goes on)."""
    await open_game(fake, "iliad", "alice", ["bob"])
    for step in range(2):
        mark = fake.mark()
        await move_by_buttons(fake, step)
        await fake.wait_for(is_live_board, since=mark)


async def private_answer(it: InjectedInteraction) -> RecordedMessage:
    """The finished private answer an interaction got (after any 'thinking…')."""
    return await it.wait_message(lambda m: m.ephemeral and not m.loading)


async def test_an_upload_is_never_over_the_interactions_attachment_size_limit(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each interaction says how large a file may be; a record or a replay larger than that
    is not sent (Discord would refuse the whole answer): the reader is told instead."""
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    await two_moves_of_iliad(fake_discord)
    first = await private_answer(
        await fake_discord.slash("export", {"game": 1}, user="alice", channel="games")
    )
    size = len(first.files["game-1.json"])
    limit = size - 1
    fake_discord.world.attachment_size_limit = limit  # a server whose limit the file misses
    mark = len(fake_discord.requests)
    second = await private_answer(
        await fake_discord.slash("export", {"game": 1}, user="alice", channel="games")
    )
    assert second.files == {}
    assert "`game-1.json` came out larger than this server lets me upload" in second.content
    replay = await fake_discord.slash("replay", {"game": 1}, user="alice", channel="games")
    refused = await private_answer(replay)
    assert "This replay came out too large to upload" in refused.content
    await bot_runner.settle()
    sizes = [n for r in fake_discord.requests[mark:] for n in r.upload_sizes]
    assert all(n <= limit for n in sizes), sizes
