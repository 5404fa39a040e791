"""Iliad through the real discord.py client and the fake Discord: restarts, closed DMs, clicks.

The whole game with hands by DM, drawn for real, is in test_whole_games with every game.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import (
    choice_on,
    factory,
    game_message,
    hands_sent_to_others,
    is_live_board,
    move_by_buttons,
    mover_id,
    open_game,
    play_to_the_end,
    record_hand_images,
    stub_drawing,
    user_name,
)

Runner = BotRunner[Any]


async def test_a_restart_mid_game_and_a_button_from_before_it_still_works(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)  # test_whole_games draws a whole Iliad game for real
    build = factory(database)
    await bot_runner.start(build)
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    for step in range(12):
        mark = fake_discord.mark()
        await move_by_buttons(fake_discord, step)
        await fake_discord.wait_for(is_live_board, since=mark)
    await bot_runner.settle()
    before = game_message(fake_discord)
    bot = await bot_runner.restart(build)
    assert bot.service.places.game_at(fake_discord.channel("games").id) is not None
    mark = fake_discord.mark()
    await move_by_buttons(fake_discord, 12)  # uses `before`'s button
    after = await fake_discord.wait_for(is_live_board, since=mark)
    assert after.id != before.id or after.version > before.version
    final = await play_to_the_end(fake_discord)
    assert "is over" in final.content


async def test_a_player_with_closed_dms_plays_the_whole_game_through_hand(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    drawn = record_hand_images(monkeypatch)
    bot = await bot_runner.start(factory(database))
    fake_discord.refuse_dms("bob")
    opened = await fake_discord.slash(
        "play", {"game": "iliad", "where": "here"}, user="alice", channel="games"
    )
    lobby = await opened.wait_message(lambda m: "Join" in str(m.buttons()))
    joined = await fake_discord.click(lobby, user="bob", label="Join")
    notice = await joined.wait_message(lambda m: m.ephemeral)
    assert "/hand" in notice.content and "direct messages" in notice.content
    await (
        await fake_discord.click(fake_discord.message(lobby.id), user="alice", label="Start")
    ).wait_answered()
    await fake_discord.wait_for(is_live_board, since=None)
    bob_hands = 0
    for step in range(400):
        message = game_message(fake_discord)
        if "is over" in message.content:
            break
        if user_name(fake_discord, mover_id(message)) == "bob":
            shown = await fake_discord.slash("hand", {}, user="bob", channel="games")
            hand = await shown.wait_message(lambda m: m.ephemeral and not m.loading)
            assert list(hand.files) == ["iliad-hand.png"] and "Your hand" in hand.content
            bob_hands += 1
        mark = fake_discord.mark()
        await move_by_buttons(fake_discord, step)
        board = await fake_discord.wait_for(is_live_board, since=mark)
        if "is over" in board.content:
            break
    else:
        raise AssertionError("the game did not end")
    assert bob_hands >= 16
    assert fake_discord.dms("bob") == []
    bob_dm_refusals = [r for r in fake_discord.rejections if r.code == 50007]
    assert len(bob_dm_refusals) == 1  # tried once on joining, never again
    await bot_runner.settle()
    assert await hands_sent_to_others(fake_discord, bot, 1, drawn) == []


async def test_two_clicks_on_the_same_button_apply_once(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    for step in range(40):  # until a decision shows its buttons on the public message
        message = game_message(fake_discord)
        if any(c.startswith("sy:m:") for c in message.custom_ids()):
            break
        mark = fake_discord.mark()
        await move_by_buttons(fake_discord, step)
        await fake_discord.wait_for(is_live_board, since=mark)
    await bot_runner.settle()
    message = game_message(fake_discord)
    mover = user_name(fake_discord, mover_id(message))
    button = next(c for c in message.custom_ids() if c.startswith("sy:m:"))
    games = fake_discord.channel("games").id
    version = bot.service.places.game_at(games).version
    clicks = await asyncio.gather(
        fake_discord.click(message, user=mover, custom_id=button),
        fake_discord.click(message, user=mover, custom_id=button),
    )
    for click in clicks:
        await click.wait_answered()
    await bot_runner.settle()
    assert bot.service.places.game_at(games).version == version + 1
    refusals = [m for c in clicks for m in c.messages() if m.ephemeral]
    assert len(refusals) == 1 and "moved on" in refusals[0].content


async def test_private_choices_turn_into_a_receipt_once_used(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database))
    message = await open_game(fake_discord, "iliad", "alice", ["bob"])
    mover = user_name(fake_discord, mover_id(message))
    opened = await fake_discord.click(message, user=mover, label="Your move")
    private = await opened.wait_message(lambda m: m.ephemeral)
    mark = fake_discord.mark()
    await choice_on(fake_discord, fake_discord.message(private.id), mover, 0)()
    await fake_discord.wait_for(is_live_board, since=mark)
    receipt = fake_discord.message(private.id)
    assert receipt.content.startswith("You played: place") and receipt.custom_ids() == []


async def test_hands_reach_the_same_dm_without_looking_the_player_up_again(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    for step in range(10):
        mark = fake_discord.mark()
        await move_by_buttons(fake_discord, step)
        await fake_discord.wait_for(is_live_board, since=mark)
    await bot_runner.settle()
    calls = fake_discord.calls
    lookups = [c for c in calls if c.startswith("GET /api/v10/users/") and "@me" not in c]
    opened = [c for c in calls if c == "POST /api/v10/users/@me/channels"]
    dms = {fake_discord.dm_channel(name).id for name in ("alice", "bob")}
    edits = [c for c in calls if c.startswith("PATCH") and any(str(i) in c for i in dms)]
    assert len(lookups) <= 2 and len(opened) <= 2  # once per player, not once per hand
    assert len(edits) >= 4  # the hands did change in those moves, edited in their DMs
