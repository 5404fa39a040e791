"""The game message lists every public event since the player to move last acted.

Three players play Atlandice through the fake Discord; when the turn comes back to the first
mover, the game message must show, in order, each public log line the others added (read from
the game's public log, which everyone may read) and the scores as text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import (
    factory,
    game_message,
    is_live_board,
    move_by_buttons,
    mover_id,
    open_game,
    stub_drawing,
)

Runner = BotRunner[Any]


async def move_and_wait(fake: FakeDiscord, step: int) -> int:
    """The mover moves with the buttons; returns the next mover's user id."""
    mark = fake.mark()
    await move_by_buttons(fake, step)
    await fake.wait_for(is_live_board, since=mark)
    return mover_id(game_message(fake))


async def test_the_movers_message_lists_what_everyone_else_did_since(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    await open_game(fake_discord, "atlandice", "alice", ["bob", "carol"])
    first = mover_id(game_message(fake_discord))
    step, mover = 0, first
    while mover == first:  # the first mover's whole turn
        mover = await move_and_wait(fake_discord, step)
        step += 1
    heard = len(await bot.service.records.public_log(1))
    others = set()
    while mover != first:  # everyone else, until the turn comes back
        others.add(mover)
        mover = await move_and_wait(fake_discord, step)
        step += 1
    assert len(others) == 2, "both other players moved before the turn came back"
    since = (await bot.service.records.public_log(1))[heard:]
    assert len(since) >= 2
    content = game_message(fake_discord).content
    lines = content.splitlines()
    assert any(line.startswith("Since ") and "last moved:" in line for line in lines), content
    bullets = [line[2:] for line in lines if line.startswith("• ")]
    assert bullets == since, content
    assert any(line.startswith("Scores: ") for line in lines), content
    assert "Last: " not in content


async def test_after_a_restart_the_list_is_rebuilt_from_the_stored_moves(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    build = factory(database)
    bot = await bot_runner.start(build)
    await open_game(fake_discord, "atlandice", "alice", ["bob", "carol"])
    first = mover_id(game_message(fake_discord))
    step, mover = 0, first
    while mover == first:
        mover = await move_and_wait(fake_discord, step)
        step += 1
    heard = len(await bot.service.records.public_log(1))
    while mover != first:
        mover = await move_and_wait(fake_discord, step)
        step += 1
    await bot_runner.stop()
    bot = await bot_runner.start(build)
    mark = fake_discord.mark()
    await fake_discord.slash("board", {}, user="carol", channel="games")
    answer = await fake_discord.wait_for(is_live_board, since=mark)
    since = (await bot.service.records.public_log(1))[heard:]
    bullets = [line[2:] for line in answer.content.splitlines() if line.startswith("• ")]
    assert bullets == since, answer.content
