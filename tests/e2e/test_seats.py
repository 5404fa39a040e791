"""Seats the automatic player takes over, through the real client and the fake Discord."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import (
    ephemeral_answer,
    factory,
    is_live_board,
    open_game,
    play_to_the_end,
)

Runner = BotRunner[Any]


async def test_a_four_player_resignation_leaves_three_to_finish(
    fake_discord: FakeDiscord, bot_runner: Runner, tmp_path: Path
) -> None:
    bot = await bot_runner.start(factory(tmp_path / "s.sqlite3"))
    await open_game(fake_discord, "atlandice", "alice", ["bob", "carol", "dave"])
    asked = await fake_discord.slash("resign", {}, user="carol", channel="games")
    question = await asked.wait_message(lambda m: m.ephemeral)
    assert "automatic player" in question.content
    kept = await fake_discord.click(
        fake_discord.message(question.id), user="carol", label="Keep playing"
    )
    assert "still playing" in (await kept.wait_message(lambda m: m.ephemeral)).content
    assert all(not row.automatic for row in await bot.store.seats(1))

    asked = await fake_discord.slash("resign", {}, user="carol", channel="games")
    question = await asked.wait_message(lambda m: m.ephemeral)
    mark = fake_discord.mark()
    done = await fake_discord.click(fake_discord.message(question.id), user="carol", label="Resign")
    assert (
        "automatic player takes your seat"
        in (await done.wait_message(lambda m: m.ephemeral)).content
    )
    await fake_discord.wait_for(is_live_board, since=mark)
    told = [m for m in fake_discord.messages(channel="games", ephemeral=False)]
    assert any("resigned; the automatic player takes their seat" in m.content for m in told)
    again = await fake_discord.slash("resign", {}, user="carol", channel="games")
    assert "automatic player holds your seat" in await ephemeral_answer(again)

    final = await play_to_the_end(fake_discord, limit=4000)
    assert "is over" in final.content
    carol = fake_discord.user("carol").id
    seats = {row.user_id: row for row in await bot.store.seats(1)}
    assert seats[carol].departure == "resigned"
    moves = await bot.store.moves(1)
    assert carol not in {m.user_id for m in moves}
    assert any(m.user_id is None and m.seat == seats[carol].seat for m in moves)
    row = await bot.store.game(1)
    assert row is not None and row.status == "finished" and row.result is not None
    assert row.result["reason"] != "resignation"
