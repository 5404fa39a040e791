"""A thread per game, through the fake Discord: where lobbies, boards and commands go."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord, RecordedMessage
from tests.e2e.fake_discord.server import ChannelRef
from tests.e2e.fake_discord.world import CREATE_PUBLIC_THREADS, FakeChannel
from tests.e2e.symposion import (
    ephemeral_answer,
    factory,
    game_message,
    is_board,
    is_live_board,
    is_over,
    play_to_the_end,
    stub_drawing,
)

Runner = BotRunner[Any]


async def open_lobby(
    fake: FakeDiscord, game: str, host: str, channel: ChannelRef = "games", **more: str
) -> RecordedMessage:
    """/play; returns the lobby message once it has its buttons."""
    opened = await fake.slash("play", {"game": game, **more}, user=host, channel=channel)
    lobby = await opened.wait_message(lambda m: "Join" in str(m.buttons()))
    return fake.message(lobby.id)


async def start(fake: FakeDiscord, lobby: RecordedMessage, host: str, others: list[str]) -> None:
    """Everyone joins the lobby, the host starts, the first board arrives."""
    mark = fake.mark()
    for name in others:
        await (await fake.click(fake.message(lobby.id), user=name, label="Join")).wait_answered()
    await (await fake.click(fake.message(lobby.id), user=host, label="Start")).wait_answered()
    await fake.wait_for(is_live_board, since=mark)


def thread_of(fake: FakeDiscord, lobby: RecordedMessage) -> FakeChannel:
    """The thread opened from a lobby message (a message's thread shares its id)."""
    thread = fake.channel(lobby.id)
    assert thread.is_thread, thread
    return thread


async def test_two_games_at_once_in_one_channel_each_in_its_own_thread(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    games = fake_discord.channel("games")
    first = await open_lobby(fake_discord, "iliad", "alice")
    second = await open_lobby(fake_discord, "iliad", "carol")
    one, two = thread_of(fake_discord, first), thread_of(fake_discord, second)
    assert one.id != two.id and one.parent_id == two.parent_id == games.id
    assert f"<#{one.id}>" in first.content and f"<#{two.id}>" in second.content

    await start(fake_discord, first, "alice", ["bob"])
    await start(fake_discord, second, "carol", ["dave"])
    number = bot.service.places.game_at(one.id).game_id
    assert one.name.startswith(f"Iliad #{number}") and "Bob" in one.name
    assert len(one.name) <= 100
    assert not [m for m in fake_discord.messages(channel="games") if is_board(m)]
    assert game_message(fake_discord, one.id) and game_message(fake_discord, two.id)

    # In the channel, a command does not guess which game: it names their threads.
    board = await fake_discord.slash("board", {}, user="alice", channel="games")
    refusal = await ephemeral_answer(board)
    assert f"<#{one.id}>" in refusal and f"<#{two.id}>" in refusal
    # In a thread, it is that thread's game: /board posts its game message there again.
    mark = fake_discord.mark()
    shown = await fake_discord.slash("board", {}, user="bob", channel=one.id)
    await shown.wait_answered()
    await bot_runner.settle()  # /board posts a fresh game message: play on from that one
    since = [e.message for e in fake_discord.events[mark:] if e.kind == "create"]
    assert any(is_board(m) and m.channel_id == one.id for m in since)
    assert not any("played in their threads" in m.content for m in since)

    final = await play_to_the_end(fake_discord, channel=one.id)
    assert is_over(final) and final.channel_id == one.id
    await bot_runner.settle()
    assert fake_discord.channel(one.id).archived, "a finished game's thread is archived"
    assert fake_discord.messages(channel=one.id), "and still readable"
    assert not fake_discord.channel(two.id).archived
    assert bot.service.places.game_at(two.id) is not None


async def test_where_here_plays_in_the_channel(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    lobby = await open_lobby(fake_discord, "iliad", "alice", where="here")
    assert not [c for c in fake_discord.world.channels.values() if c.is_thread]
    await start(fake_discord, lobby, "alice", ["bob"])
    assert game_message(fake_discord, "games")
    assert bot.service.places.game_at(fake_discord.channel("games").id) is not None
    busy = await fake_discord.slash(
        "play", {"game": "ilium", "where": "here"}, user="carol", channel="games"
    )
    assert "already" in await ephemeral_answer(busy)


async def test_play_inside_a_thread_plays_in_that_thread(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    thread = await fake_discord.add_thread("games", "our table", owner="alice")
    lobby = await open_lobby(fake_discord, "iliad", "alice", channel=thread.id)
    assert lobby.channel_id == thread.id
    await start(fake_discord, lobby, "alice", ["bob"])
    assert game_message(fake_discord, thread.id)
    info = bot.service.places.game_at(thread.id)
    assert info is not None and not info.own_thread
    resigned = await fake_discord.slash("resign", {}, user="bob", channel=thread.id)
    await resigned.wait_answered()
    await fake_discord.wait_for(is_over, since=None)
    assert not fake_discord.channel(thread.id).archived, "a player's own thread is left alone"


async def test_abandoned_and_resigned_games_archive_their_threads(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    first = await open_lobby(fake_discord, "iliad", "alice")
    second = await open_lobby(fake_discord, "iliad", "carol")
    cancelled = await open_lobby(fake_discord, "iliad", "dave")
    await start(fake_discord, first, "alice", ["bob"])
    await start(fake_discord, second, "carol", ["dave"])
    one, two = thread_of(fake_discord, first), thread_of(fake_discord, second)

    abandoned = await fake_discord.slash("abandon", {}, user="alice", channel=one.id)
    await abandoned.wait_answered()
    resigned = await fake_discord.slash("resign", {}, user="dave", channel=two.id)
    await resigned.wait_answered()
    await fake_discord.wait_for(is_over, since=None)
    cancel = await fake_discord.click(
        fake_discord.message(cancelled.id), user="dave", label="Cancel"
    )
    await cancel.wait_answered()
    await bot_runner.settle()
    assert [thread_of(fake_discord, m).archived for m in (first, second, cancelled)] == [True] * 3
    assert fake_discord.messages(channel=one.id), "an archived thread is still readable"
    assert fake_discord.rejections == []


async def test_without_thread_permission_the_lobby_says_so_once_and_plays_here(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    fake_discord.world.denied[fake_discord.bot_user.id] = CREATE_PUBLIC_THREADS
    bot = await bot_runner.start(factory(database))
    lobby = await open_lobby(fake_discord, "iliad", "alice")
    assert "may not open threads" in lobby.content
    await start(fake_discord, lobby, "alice", ["bob"])
    assert not [c for c in fake_discord.world.channels.values() if c.is_thread]
    assert bot.service.places.game_at(fake_discord.channel("games").id) is not None
    told = {
        m.id
        for message in fake_discord.messages()
        for m in [message, *fake_discord.history(message.id)]
        if "may not open threads" in m.content
    }
    assert told == {lobby.id}, "said once, in the lobby"
    assert game_message(fake_discord, "games")


@pytest.mark.postgresql
async def test_a_rematch_opens_a_new_thread_and_leaves_the_old_one_archived(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    first = await open_lobby(fake_discord, "iliad", "alice")
    await start(fake_discord, first, "alice", ["bob"])
    old = thread_of(fake_discord, first)
    resigned = await fake_discord.slash("resign", {}, user="bob", channel=old.id)
    await resigned.wait_answered()
    final = await fake_discord.wait_for(is_over, since=None)
    await bot_runner.settle()
    assert fake_discord.channel(old.id).archived

    again = await fake_discord.click(fake_discord.message(final.id), user="bob", label="Rematch")
    link = await again.wait_message(lambda m: m.ephemeral and "new table" in m.content)
    await bot_runner.settle()
    lobbies = [
        m
        for m in fake_discord.messages(channel="games")
        if "Join" in str(m.buttons()) and m.id != first.id
    ]
    assert len(lobbies) == 1, "the rematch lobby is a new message in the parent channel"
    new = thread_of(fake_discord, lobbies[0])
    assert new.id != old.id and new.parent_id == old.parent_id
    assert str(lobbies[0].id) in link.content  # the private answer links to the new lobby
    assert fake_discord.channel(old.id).archived, "the old game's thread stays archived"
    info = bot.service.places.game_at(new.id)
    assert info is not None and info.status == "lobby" and info.own_thread
    assert [p.name for p in info.players] == ["Bob", "Alice"]  # the same players, Bob hosting
