"""A quieter channel: one game message redrawn in place with a short note when the turn passes,
one hand DM per game and player edited in place (across restarts), and no hands at all for a
game without private information."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord, RecordedMessage
from tests.e2e.symposion import (
    MENTION,
    ephemeral_answer,
    factory,
    game_message,
    hand_dms,
    hand_images_sent,
    is_board,
    is_live_board,
    move_by_buttons,
    mover_id,
    open_game,
    public_channel_messages,
    stub_drawing,
    user_name,
)

Runner = BotRunner[Any]


def notes(fake: FakeDiscord, *, include_deleted: bool = False) -> list[RecordedMessage]:
    """Turn notes in #games: text that names whose turn it is, no image, no buttons."""
    return [
        m
        for m in fake.messages(channel="games", ephemeral=False, include_deleted=include_deleted)
        if "your turn in" in m.content and not m.files and not m.components
    ]


async def move_until_the_turn_passes(fake: FakeDiscord, runner: Runner, step: int) -> int:
    """The mover decides (as often as the turn takes) until another player is to move."""
    first = mover_id(game_message(fake))
    for extra in range(12):
        mark = fake.mark()
        await move_by_buttons(fake, step + extra)
        await fake.wait_for(is_live_board, since=mark)
        await runner.settle()
        if mover_id(game_message(fake)) != first:
            return mover_id(game_message(fake))
    raise AssertionError("the turn never passed")


async def test_the_turn_passing_redraws_the_board_and_pings_the_next_player_in_a_short_note(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    board = await open_game(fake_discord, "iliad", "alice", ["bob"])
    assert notes(fake_discord) == []  # the first board pings the first mover itself
    for turn in range(3):
        nxt = await move_until_the_turn_passes(fake_discord, bot_runner, turn * 5)
        assert game_message(fake_discord).id == board.id  # the same message, redrawn
        left = notes(fake_discord)
        assert len(left) == 1, [m.content for m in left]  # the older notes are deleted
        note = left[0]
        assert [int(m) for m in MENTION.findall(note.content)] == [nxt]
        assert f"/{board.id}" in note.content  # a link to the game message
        assert len(note.content) < 200 and len(fake_discord.history(note.id)) == 1  # short
    assert len(notes(fake_discord, include_deleted=True)) == 3
    boards = [m for m in public_channel_messages(fake_discord) if is_board(m)]
    assert [m.id for m in boards] == [board.id]


async def test_a_game_without_private_information_sends_no_hand_and_shows_no_my_hand(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    board = await open_game(fake_discord, "atlandice", "alice", ["bob"])
    await move_until_the_turn_passes(fake_discord, bot_runner, 0)
    for name in ("alice", "bob"):
        assert hand_dms(fake_discord, name) == []
        assert [m.content for m in fake_discord.dms(name)] == [
            f"You joined **Atlandice** in <#{fake_discord.channel('games').id}>. "
            "Reminders come here."
        ]
    labels = [b.get("label") for s in fake_discord.history(board.id) for b in s.buttons()]
    assert labels and "My hand" not in labels
    assert not any(a.startswith("hand:") for a in asked)
    asking = await fake_discord.slash("hand", {}, user="alice", channel="games")
    assert "no hidden hands" in await ephemeral_answer(asking)


async def test_a_restart_keeps_editing_the_same_hand_dm_and_a_lost_one_is_replaced(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    build = factory(database)
    await bot_runner.start(build)
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    await bot_runner.settle()
    dm = {name: hand_dms(fake_discord, name) for name in ("alice", "bob")}
    assert all(len(found) == 1 for found in dm.values())  # the join DM, now the hand
    await bot_runner.restart(build)
    sent = {name: hand_images_sent(fake_discord, name) for name in dm}
    for turn in range(2):
        await move_until_the_turn_passes(fake_discord, bot_runner, turn * 3)
    assert any(hand_images_sent(fake_discord, name) > sent[name] for name in dm)
    for name, found in dm.items():
        assert [m.id for m in fake_discord.dms(name)] == [found[0].id]  # edited, never re-sent
    # the hand DM disappears (Unknown Message on edit): the next hand comes as a new DM
    mover = user_name(fake_discord, mover_id(game_message(fake_discord)))
    gone = dm[mover][0].id
    await fake_discord.outbox.delete(fake_discord.outbox.stored[gone])
    before = hand_images_sent(fake_discord, mover)
    for turn in range(3):
        await move_until_the_turn_passes(fake_discord, bot_runner, 7 + turn)
        if hand_images_sent(fake_discord, mover) > before:
            break
    assert [r.code for r in fake_discord.rejections if r.method == "PATCH"] == [10008]
    now = hand_dms(fake_discord, mover)
    assert len(now) == 1 and now[0].id != gone
    await bot_runner.restart(build)
    for turn in range(3):
        await move_until_the_turn_passes(fake_discord, bot_runner, 11 + turn)
    assert [m.id for m in hand_dms(fake_discord, mover)] == [now[0].id]
