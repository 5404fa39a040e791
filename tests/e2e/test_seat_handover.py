"""Seats the automatic player takes over, through the real client and the fake Discord."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.store import Store
from cogs.ui.seat_components import start_vote
from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import (
    ephemeral_answer,
    factory,
    is_live_board,
    move_by_buttons,
    mover_id,
    open_game,
    play_to_the_end,
    quick_computers,
    user_name,
)

Runner = BotRunner[Any]


async def test_a_four_player_resignation_leaves_three_to_finish(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    quick_computers(bot)  # the table is under test here, not the search
    await open_game(fake_discord, "atlandice", "alice", ["bob", "carol", "dave"])
    asked = await fake_discord.slash("resign", {}, user="carol", channel="games")
    question = await asked.wait_message(lambda m: m.ephemeral)
    assert "automatic player" in question.content
    kept = await fake_discord.click(
        fake_discord.message(question.id), user="carol", label="Keep playing"
    )
    assert "still playing" in (await kept.wait_message(lambda m: m.ephemeral)).content
    assert all(not row.automatic for row in await bot.store.seats.of(1))

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
    seats = {row.user_id: row for row in await bot.store.seats.of(1)}
    assert seats[carol].departure == "resigned"
    moves = await bot.store.moves.of(1)
    assert carol not in {m.user_id for m in moves}
    assert any(m.user_id is None and m.seat == seats[carol].seat for m in moves)
    row = await bot.store.games.get(1)
    assert row is not None and row.status == "finished" and row.result is not None
    assert row.result["reason"] != "resignation"


async def _vote_message(fake: FakeDiscord, bot: Any, game_id: int) -> Any:
    """The turn clock runs out now (the timer's entry called directly); the vote message."""
    info = bot.service.places.game_at(fake.channel("games").id)
    assert info is not None
    mark = fake.mark()
    assert await start_vote(bot.table, game_id, info.version)
    return await fake.wait_for(lambda m: "what now" in m.content, since=mark)


async def test_a_seat_voted_to_the_computer_is_played_to_the_end(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    quick_computers(bot)  # the table is under test here, not the search
    first = await open_game(fake_discord, "atlandice", "alice", ["bob", "carol"])
    late = user_name(fake_discord, mover_id(first))
    voters = [name for name in ("alice", "bob", "carol") if name != late]
    asking = await _vote_message(fake_discord, bot, 1)
    assert f"<@{fake_discord.user(late).id}>" not in asking.content
    label = "Hand the seat to the computer"
    one = await fake_discord.click(asking, user=voters[0], label=label)
    assert "1 of 2 voted" in await ephemeral_answer(one)
    mark = fake_discord.mark()
    two = await fake_discord.click(fake_discord.message(asking.id), user=voters[1], label=label)
    closed = await two.wait_message(lambda m: m.id == asking.id and not m.buttons())
    assert "automatic player takes" in closed.content
    await fake_discord.wait_for(is_live_board, since=mark)
    final = await play_to_the_end(fake_discord, limit=4000)
    assert "is over" in final.content
    seats = {row.user_id: row for row in await bot.store.seats.of(1)}
    late_seat = seats[fake_discord.user(late).id]
    assert late_seat.automatic and late_seat.departure == "timed out"
    moves = await bot.store.moves.of(1)
    assert moves and all(m.user_id is None for m in moves if m.seat == late_seat.seat)
    assert any(m.seat == late_seat.seat for m in moves)


@pytest.mark.postgresql
async def test_bad_votes_get_a_private_answer_and_change_nothing(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    quick_computers(bot)  # the table is under test here, not the search
    first = await open_game(fake_discord, "atlandice", "alice", ["bob", "carol"])
    late = user_name(fake_discord, mover_id(first))
    voter = next(name for name in ("alice", "bob", "carol") if name != late)
    asking = await _vote_message(fake_discord, bot, 1)
    version = bot.service.places.game_at(fake_discord.channel("games").id).version
    for who, words in ((late, "Only the other players"), ("dave", "Only the other players")):
        bad = await fake_discord.click(asking, user=who, label="End the game")
        assert words in await ephemeral_answer(bad)
    once = await fake_discord.click(asking, user=voter, label="Wait longer")
    assert "1 of 2 voted" in await ephemeral_answer(once)
    twice = await fake_discord.click(asking, user=voter, label="End the game")
    assert "already voted" in await ephemeral_answer(twice)
    mark = fake_discord.mark()
    await move_by_buttons(fake_discord, 0)  # the late player moves after all
    await fake_discord.wait_for(is_live_board, since=mark)
    other = next(n for n in ("alice", "bob", "carol") if n not in (late, voter))
    old = await fake_discord.click(
        fake_discord.message(asking.id), user=other, label="End the game"
    )
    assert "vote is over" in await ephemeral_answer(old)
    row = await bot.store.votes.get(1)
    assert row is not None and row.result is None and len(row.ballots) == 1
    info = bot.service.places.game_at(fake_discord.channel("games").id)
    assert info is not None and info.status == "active" and info.version > version


@pytest.mark.postgresql
async def test_after_a_restart_a_game_waiting_for_the_automatic_player_goes_on(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database))
    first = await open_game(fake_discord, "atlandice", "alice", ["bob", "carol"])
    late = fake_discord.user(user_name(fake_discord, mover_id(first))).id
    await bot_runner.stop()
    async with await Store.open(database) as store:  # handed over while the bot was down
        row = await store.games.require(1)
        seat = next(s.seat for s in await store.seats.of(1) if s.user_id == late)
        assert seat is not None
        await store.seats.hand_over(1, row.version, seat, "timed out")
    mark = fake_discord.mark()
    bot = await bot_runner.start(factory(database))  # a fresh process pool, a real search:
    await fake_discord.wait_for(is_live_board, since=mark, timeout=60)  # slow on a busy machine
    moves = await bot.store.moves.of(1)
    assert moves and moves[0].seat == seat and moves[0].user_id is None
