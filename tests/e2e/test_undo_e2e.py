"""Undo through the real client and the fake Discord: Back, /undo, consent, a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.service import opening
from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import (
    ephemeral_answer,
    factory,
    game_message,
    is_live_board,
    move_by_buttons,
    mover_id,
    open_game,
    user_name,
)

Runner = BotRunner[Any]


def labels(message: Any) -> list[str]:
    """The labels of a message's buttons."""
    return [str(b.get("label")) for b in message.buttons()]


async def step(fake: FakeDiscord) -> Any:
    """The mover presses the first choice; the board that follows."""
    mark = fake.mark()
    await move_by_buttons(fake, 0)
    return await fake.wait_for(is_live_board, since=mark)


async def test_back_inside_an_ilium_turn(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    first = await open_game(fake_discord, "ilium", "alice", ["bob"])
    mover = user_name(fake_discord, mover_id(first))
    other = "bob" if mover == "alice" else "alice"
    assert "Back" not in labels(first)
    path = await step(fake_discord)  # the pathway: the same player chooses the space next
    assert path.id == first.id and "Back" in labels(path)
    refused = await fake_discord.click(fake_discord.message(path.id), user=other, label="Back")
    assert "Only the player to move" in await ephemeral_answer(refused)
    mark = fake_discord.mark()
    back = await fake_discord.click(fake_discord.message(path.id), user=mover, label="Back")
    await back.wait_answered()
    board = await fake_discord.wait_for(is_live_board, since=mark)
    assert board.id == first.id and "Back" not in labels(board)
    assert await bot.store.moves.of(1) == []
    [taken] = await bot.store.moves.including_taken_back(1)
    assert taken.undone_by == fake_discord.user(mover).id
    told = fake_discord.messages(channel="games", ephemeral=False)
    assert not any("took back" in m.content for m in told)  # inside a turn: the board says it


async def test_undo_refused_after_a_chance_event(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    first = await open_game(fake_discord, "ilium", "alice", ["bob"])
    mover = user_name(fake_discord, mover_id(first))
    for _ in range(3):  # pathway, space, cubes: the turn ends and the next card is turned up
        await step(fake_discord)
    assert mover_id(game_message(fake_discord)) != fake_discord.user(mover).id
    moves = await bot.store.moves.of(1)
    asked = await fake_discord.slash("undo", {}, user=mover, channel="games")
    assert "hidden was revealed" in await ephemeral_answer(asked)
    assert await bot.store.moves.of(1) == moves
    nothing = await fake_discord.slash("undo", {}, user="carol", channel="games")
    assert "not playing" in await ephemeral_answer(nothing)


@pytest.fixture
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Atlandice from seed 7: its first player's three decisions and the next one's first
    reveal nothing (checked below against the stored moves)."""
    monkeypatch.setattr(opening, "new_seed", lambda: 7)


@pytest.mark.postgresql
async def test_an_undo_after_another_player_acted_needs_consent_and_survives_a_restart(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path, fixed_seed: None
) -> None:
    build = factory(database)
    bot = await bot_runner.start(build)
    first = await open_game(fake_discord, "atlandice", "alice", ["bob"])
    asker = user_name(fake_discord, mover_id(first))
    other = "bob" if asker == "alice" else "alice"
    board = first
    while mover_id(board) == fake_discord.user(asker).id:
        board = await step(fake_discord)
    board = await step(fake_discord)  # the other player's first decision
    moves = await bot.store.moves.of(1)
    assert all(m.quiet for m in moves[-2:]) and moves[-1].user_id == fake_discord.user(other).id

    asked = await fake_discord.slash("undo", {}, user=asker, channel="games")
    assert "asked to agree" in await ephemeral_answer(asked)
    question = await fake_discord.wait_for(lambda m: "do you agree" in m.content)
    assert f"<@{fake_discord.user(other).id}>" in question.content
    stranger = await fake_discord.click(question, user="carol", label="Agree")
    assert "Only the other players" in await ephemeral_answer(stranger)
    own = await fake_discord.click(fake_discord.message(question.id), user=asker, label="Agree")
    assert "Only the other players" in await ephemeral_answer(own)
    mark = fake_discord.mark()
    await fake_discord.slash("undo", {}, user=asker, channel="games")  # asked a second time
    second = await fake_discord.wait_for(lambda m: "do you agree" in m.content, since=mark)
    mark = fake_discord.mark()
    agreed = await fake_discord.click(second, user=other, label="Agree")
    closed = await agreed.wait_message(lambda m: m.id == second.id and not m.buttons())
    assert "everyone agreed" in closed.content
    board = await fake_discord.wait_for(is_live_board, since=mark)
    assert mover_id(board) == fake_discord.user(asker).id
    old = await fake_discord.click(fake_discord.message(question.id), user=other, label="Agree")
    assert "request is over" in await ephemeral_answer(old)
    notice = [m for m in fake_discord.messages(channel="games") if "took back" in m.content]
    assert notice and all("swap" not in m.content for m in notice)  # no move named
    live = await bot.store.moves.of(1)
    assert len(live) == len(moves) - 2
    undone = [m for m in await bot.store.moves.including_taken_back(1) if m.undone_at]
    assert [m.seq for m in undone] == [m.seq for m in moves[-2:]]

    await bot_runner.settle()  # what the bot still writes after its last answer is stored
    shown = await bot.service.boards.show(1)
    async with bot.store.backend.transaction() as db:
        await db.execute("DELETE FROM snapshots")  # the restart must replay, skipping undone
    restarted = await bot_runner.restart(build)
    assert await restarted.service.boards.show(1) == shown
    await step(fake_discord)
    assert len(await restarted.store.moves.of(1)) == len(live) + 1
