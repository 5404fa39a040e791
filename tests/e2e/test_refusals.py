"""Every mistake a user can make gets a clear private answer and changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import (
    ephemeral_answer,
    factory,
    game_message,
    is_live_board,
    mover_id,
    open_game,
    user_name,
)

Runner = BotRunner[Any]


async def test_lobby_refusals(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database))
    opened = await fake_discord.slash(
        "play", {"game": "iliad", "where": "here"}, user="alice", channel="games"
    )
    lobby = await opened.wait_message(lambda m: "Join" in str(m.buttons()))
    await bot_runner.settle()
    alone = await fake_discord.click(lobby, user="alice", label="Start")
    assert "needs at least 2 players" in await ephemeral_answer(alone)
    busy = await fake_discord.slash(
        "play", {"game": "ilium", "where": "here"}, user="carol", channel="games"
    )
    text = await ephemeral_answer(busy)
    assert "Iliad" in text and f"/{fake_discord.channel('games').id}/{lobby.id}" in text
    joined = await fake_discord.click(lobby, user="bob", label="Join")
    await joined.wait_answered()
    again = await fake_discord.click(fake_discord.message(lobby.id), user="bob", label="Join")
    assert "already joined" in await ephemeral_answer(again)
    by_guest = await fake_discord.click(fake_discord.message(lobby.id), user="bob", label="Start")
    assert "Only the host" in await ephemeral_answer(by_guest)
    full = await fake_discord.click(fake_discord.message(lobby.id), user="carol", label="Join")
    assert "full" in await ephemeral_answer(full)
    board = await fake_discord.slash("board", {}, user="alice", channel="games")
    assert "not started" in (await ephemeral_answer(board)).lower() or "lobby" in (
        await ephemeral_answer(board)
    )
    nowhere = await fake_discord.slash("move", {"action": "p5c3"}, user="alice", channel="lounge")
    assert "no game in this channel" in await ephemeral_answer(nowhere)


async def test_game_refusals_change_nothing(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    message = await open_game(fake_discord, "iliad", "alice", ["bob"])
    games = fake_discord.channel("games").id
    version = bot.service.places.game_at(games).version
    mover = user_name(fake_discord, mover_id(message))
    waiting = "bob" if mover == "alice" else "alice"

    stranger = await fake_discord.click(message, user="carol", label="Your move")
    assert "not playing" in await ephemeral_answer(stranger)
    stranger_hand = await fake_discord.click(message, user="carol", label="My hand")
    assert "not playing" in await ephemeral_answer(stranger_hand)
    early = await fake_discord.click(message, user=waiting, label="Your move")
    assert "not your turn" in await ephemeral_answer(early)
    out_of_turn = await fake_discord.slash(
        "move", {"action": "p5c3"}, user=waiting, channel="games"
    )
    assert "not your turn" in await ephemeral_answer(out_of_turn)
    for who in (waiting, "carol"):
        entries = await fake_discord.choices(
            "move", {"action": ""}, focused="action", user=who, channel="games"
        )
        assert entries == []
    typed = await fake_discord.slash("move", {"action": "banana"}, user=mover, channel="games")
    assert "not a move you can make now" in await ephemeral_answer(typed)
    resign = await fake_discord.slash("resign", {}, user="carol", channel="games")
    assert "not playing" in await ephemeral_answer(resign)
    abandon = await fake_discord.slash("abandon", {}, user="bob", channel="games")
    if mover != "bob":
        assert "host or a moderator" in await ephemeral_answer(abandon)
    assert bot.service.places.game_at(games).version == version


async def test_a_stale_button_says_the_board_moved_on(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    message = await open_game(fake_discord, "iliad", "alice", ["bob"])
    mover = user_name(fake_discord, mover_id(message))
    opened = await fake_discord.click(message, user=mover, label="Your move")
    private = await opened.wait_message(lambda m: m.ephemeral)
    entries = await fake_discord.choices(
        "move", {"action": ""}, focused="action", user=mover, channel="games"
    )
    mark = fake_discord.mark()
    played = await fake_discord.slash(
        "move", {"action": entries[0]["value"]}, user=mover, channel="games"
    )
    await fake_discord.wait_for(is_live_board, since=mark)
    assert "You played" in await ephemeral_answer(played)
    games = fake_discord.channel("games").id
    version = bot.service.places.game_at(games).version
    snapshot = fake_discord.message(private.id)
    stale_id = next(c for c in snapshot.custom_ids() if c.startswith(("sy:m:", "sy:s:")))
    if stale_id.startswith("sy:m:"):
        stale = await fake_discord.click(snapshot, user=mover, custom_id=stale_id)
    else:
        value = snapshot.selects()[0]["options"][0]["value"]
        stale = await fake_discord.select(snapshot, [value], user=mover, custom_id=stale_id)
    assert "moved on" in await ephemeral_answer(stale)
    assert bot.service.places.game_at(games).version == version
    assert game_message(fake_discord).id is not None


@pytest.mark.expected_errors(r"could not be shown")
async def test_a_board_that_cannot_be_drawn_is_logged_and_the_stored_move_still_confirmed(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import rendering

    bot = await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    games = fake_discord.channel("games").id
    version = bot.service.places.game_at(games).version
    real = rendering.board_png

    def broken(game: str, view: object, context: object = None) -> bytes:
        raise RuntimeError("the renderer broke")

    monkeypatch.setattr(rendering, "board_png", broken)
    mover = user_name(fake_discord, mover_id(game_message(fake_discord)))
    entries = await fake_discord.choices(
        "move", {"action": ""}, focused="action", user=mover, channel="games"
    )
    moved = await fake_discord.slash(
        "move", {"action": entries[0]["value"]}, user=mover, channel="games"
    )
    receipt = await moved.wait_message(lambda m: m.ephemeral)
    assert receipt.content.startswith("You played")  # stored, so never "nothing was applied"
    await bot_runner.settle()
    assert [m.content for m in moved.messages()] == [receipt.content]
    assert bot.service.places.game_at(games).version == version + 1  # the move is whole
    monkeypatch.setattr(rendering, "board_png", real)
    mark = fake_discord.mark()
    await fake_discord.slash("board", {}, user=mover, channel="games")
    board = await fake_discord.wait_for(is_live_board, since=mark)
    assert board.files


@pytest.mark.postgresql
async def test_leave_and_cancel_free_the_channel(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database))
    opened = await fake_discord.slash(
        "play", {"game": "ilium", "where": "here"}, user="alice", channel="games"
    )
    lobby = await opened.wait_message(lambda m: "Join" in str(m.buttons()))
    await (await fake_discord.click(lobby, user="bob", label="Join")).wait_answered()
    await (
        await fake_discord.click(fake_discord.message(lobby.id), user="bob", label="Leave")
    ).wait_answered()
    assert "1/4 joined" in fake_discord.message(lobby.id).content
    by_guest = await fake_discord.click(
        fake_discord.message(lobby.id), user="carol", label="Cancel"
    )
    assert "Only the host" in await ephemeral_answer(by_guest)
    cancel = await fake_discord.click(fake_discord.message(lobby.id), user="alice", label="Cancel")
    await cancel.wait_answered()
    closed = fake_discord.message(lobby.id)
    assert "cancelled" in closed.content and closed.custom_ids() == []
    again = await fake_discord.slash(
        "play", {"game": "iliad", "where": "here"}, user="carol", channel="games"
    )
    await again.wait_message(lambda m: "Join" in str(m.buttons()))
