"""/rules, /games, /history, /board, /resign, /abandon and Rematch through the fake Discord."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import (
    ephemeral_answer,
    factory,
    is_live_board,
    move_by_buttons,
    mover_id,
    open_game,
    user_name,
)

Runner = BotRunner[Any]


async def test_rules_name_house_rules(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database))
    for game, title in (("iliad", "Iliad"), ("iliad_cards", "card game")):
        asked = await fake_discord.slash("rules", {"game": game}, user="carol", channel="general")
        text = await ephemeral_answer(asked)
        assert title.lower() in text.lower() and "house rules" in text.lower()


async def test_games_history_and_board(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database))
    first = await open_game(fake_discord, "iliad", "alice", ["bob"])
    mover = fake_discord.user(user_name(fake_discord, mover_id(first)))
    listed = await fake_discord.slash("games", {}, user="carol", channel="general")
    text = await ephemeral_answer(listed)
    assert "Iliad" in text and f"<#{fake_discord.channel('games').id}>" in text
    assert f"<@{mover.id}> to move" in text
    for step in range(3):
        mark = fake_discord.mark()
        await move_by_buttons(fake_discord, step)
        await fake_discord.wait_for(is_live_board, since=mark)
    history = await fake_discord.slash("history", {}, user="carol", channel="games")
    lines = await ephemeral_answer(history)
    assert "places" in lines and "Your hand" not in lines and "You draw" not in lines
    mark = fake_discord.mark()
    again = await fake_discord.slash("board", {}, user="carol", channel="games")
    await ephemeral_answer(again)
    reposted = await fake_discord.wait_for(is_live_board, since=mark)
    assert reposted.id != first.id


async def test_resign_ends_a_two_player_game_and_rematch_opens_a_lobby(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    mark = fake_discord.mark()
    resigned = await fake_discord.slash("resign", {}, user="bob", channel="games")
    assert "resigned" in await ephemeral_answer(resigned)
    final = await fake_discord.wait_for(is_live_board, since=mark)
    assert "is over" in final.content and "Bob resigned" in final.content
    assert "Alice wins" in final.content
    rematch = await fake_discord.click(final, user="bob", label="Rematch")
    lobby = await rematch.wait_message(lambda m: "Join" in str(m.buttons()))
    assert "<@" in lobby.content and lobby.content.count("<@") == 2
    for who in ("bob", "alice"):  # both are in the new lobby already
        again = await fake_discord.click(fake_discord.message(final.id), user=who, label="Rematch")
        said = await ephemeral_answer(again)
        assert "already in the rematch lobby" in said and "Iliad (game #2)" in said
    lobbies = [m for m in fake_discord.messages(channel="games") if "Join" in str(m.buttons())]
    assert len(lobbies) == 1


async def test_abandon_by_a_moderator(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "bob", ["carol"])
    refused = await fake_discord.slash("abandon", {}, user="dave", channel="games")
    assert "host or a moderator" in await ephemeral_answer(refused)
    done = await fake_discord.slash("abandon", {}, user="alice", channel="games")
    message = await done.wait_message(lambda m: not m.ephemeral)
    assert "abandoned" in message.content
    await bot_runner.settle()
    assert bot.service.places.game_at(fake_discord.channel("games").id) is None
    stripped = [m for m in fake_discord.messages(channel="games") if m.custom_ids()]
    assert all(
        not fake_discord.message(m.id).custom_ids() for m in stripped if "Iliad**\n" in m.content
    )
