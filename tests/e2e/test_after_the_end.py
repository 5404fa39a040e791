"""After the end: /history, /board and /hand on games that are over, by number or by channel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.service import BAD_NUMBER
from tests.e2e.fake_discord import BotRunner, FakeDiscord, InjectedInteraction, RecordedMessage
from tests.e2e.symposion import (
    ephemeral_answer,
    factory,
    is_live_board,
    move_by_buttons,
    open_game,
    play_to_the_end,
    stub_drawing,
    undescribed,
    uploads,
)

Runner = BotRunner[Any]
OTHER_GUILD = 424242  # a server the fake's members are not in: its games live in the same file


async def private_answer(it: InjectedInteraction) -> RecordedMessage:
    """The finished private answer an interaction got (after any 'thinking…')."""
    return await it.wait_message(lambda m: m.ephemeral and not m.loading)


async def seat_of(bot: Any, game_id: int, fake: FakeDiscord, name: str) -> int:
    """The seat a fake user sat at in a game, from the bot's own records."""
    seats = {row.user_id: row.seat for row in await bot.store.seats.of(game_id)}
    seat = seats[fake.user(name).id]
    assert seat is not None
    return int(seat)


async def resigned_game(fake: FakeDiscord, channel: str = "games") -> RecordedMessage:
    """A short Iliad game of alice and bob, over after two moves when bob resigns."""
    await open_game(fake, "iliad", "alice", ["bob"], channel=channel)
    for step in range(2):
        mark = fake.mark()
        await move_by_buttons(fake, step, channel)
        await fake.wait_for(is_live_board, since=mark)
    mark = fake.mark()
    resigned = await fake.slash("resign", {}, user="bob", channel=channel)
    await resigned.wait_answered()
    return await fake.wait_for(lambda m: is_live_board(m) and "is over" in m.content, since=mark)


async def test_history_board_and_hand_of_a_finished_game(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    final = await play_to_the_end(fake_discord, limit=400)
    await bot_runner.settle()
    public_before = len(fake_discord.messages(ephemeral=False))
    log = await bot.service.records.public_log(1)

    history = await fake_discord.slash("history", {"game": 1}, user="carol", channel="general")
    answer = await private_answer(history)
    assert answer.content.startswith("**Iliad** (game #1, over)")
    assert len(answer.content) <= 2000 and log[-1] in answer.content
    whole = answer.files["game-1-log.txt"].decode()
    assert "the whole log is attached as `game-1-log.txt`" in answer.content
    assert all(f"{n}. {line}" in whole for n, line in enumerate(log, 1))
    assert "Players: Alice, Bob" in whole or "Players: Bob, Alice" in whole
    assert "Your hand" not in whole and "You draw" not in whole

    here = await fake_discord.slash("history", {}, user="carol", channel="games")
    assert (await private_answer(here)).content == answer.content

    board = await private_answer(
        await fake_discord.slash("board", {"game": 1}, user="dave", channel="lounge")
    )
    assert "is over" in board.content and list(board.files) == ["iliad-board.png"]
    assert final.content.split("\n")[0] in board.content and not board.custom_ids()
    again = await private_answer(
        await fake_discord.slash("board", {}, user="dave", channel="games")
    )
    assert again.content == board.content
    assert len(fake_discord.messages(ephemeral=False)) == public_before  # nothing re-posted

    for name in ("alice", "bob"):
        for given in ({"game": 1}, {}):
            asked.clear()
            hand = await private_answer(
                await fake_discord.slash("hand", given, user=name, channel="games")
            )
            assert (
                hand.content.startswith("Your hand in **Iliad**") and "as it ended" in hand.content
            )
            assert list(hand.files) == ["iliad-hand.png"]
            assert asked == [f"hand:iliad:{await seat_of(bot, 1, fake_discord, name)}"]
    asked.clear()
    stranger = await fake_discord.slash("hand", {"game": 1}, user="carol", channel="games")
    assert "did not play in Iliad (game #1)" in await ephemeral_answer(stranger)
    assert asked == []
    assert undescribed(fake_discord) == []  # the log file, the board and the hands have words
    said = {u.filename: str(u.description) for u in uploads(fake_discord)}
    assert said["game-1-log.txt"] == "The whole public log of Iliad #1, one line per move"
    assert said["iliad-board.png"].startswith("The board of Iliad.\n")
    assert "wins" in said["iliad-board.png"].splitlines()[1]  # the result, as the board ends
    assert ": your hand." in said["iliad-hand.png"] and "over" in said["iliad-hand.png"]


async def test_a_resigned_game_by_number_from_another_channel(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    await resigned_game(fake_discord)
    history = await fake_discord.slash("history", {"game": 1}, user="carol", channel="lounge")
    text = await ephemeral_answer(history)
    assert "the whole public log" in text and " places " in text
    assert text.endswith("\nResult: Bob resigned; Alice wins.")
    assert not (await private_answer(history)).files


@pytest.mark.postgresql
async def test_bad_game_numbers_get_clear_private_answers(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    nothing = await fake_discord.slash("history", {}, user="carol", channel="lounge")
    assert "There is no game in this channel" in await ephemeral_answer(nothing)
    await resigned_game(fake_discord)
    theirs = await bot.service.lobby.open(
        guild_id=OTHER_GUILD,
        channel_id=77,
        game_type="iliad",
        host_id=9001,
        host_name="Zed",
    )
    await bot.service.lobby.join(theirs.game_id, 9002, "Yan")
    await bot.service.lobby.start(theirs.game_id, 9001)
    await bot.service.moves.resign(theirs.game_id, 9002)
    missing = theirs.game_id + 1
    for command in ("history", "board", "hand"):
        for number in (0, -1):
            bad = await fake_discord.slash(command, {"game": number}, user="alice", channel="games")
            assert await ephemeral_answer(bad) == BAD_NUMBER
        absent = await fake_discord.slash(command, {"game": missing}, user="alice", channel="games")
        assert await ephemeral_answer(absent) == f"There is no game #{missing} in this server."
        other = await fake_discord.slash(
            command, {"game": theirs.game_id}, user="alice", channel="games"
        )
        said = await ephemeral_answer(other)
        assert said == f"There is no game #{theirs.game_id} in this server."
    for command in ("history", "board", "hand"):
        entries = await fake_discord.choices(
            command, {"game": ""}, focused="game", user="alice", channel="games"
        )
        assert [e["value"] for e in entries] == [1]
        assert entries[0]["name"] == "#1 Iliad (over): " + entries[0]["name"].split(": ", 1)[1]
        assert {"Alice", "Bob"} == set(entries[0]["name"].split(": ", 1)[1].split(", "))
    not_mine = await fake_discord.choices(
        "hand", {"game": ""}, focused="game", user="carol", channel="games"
    )
    assert not_mine == []


@pytest.mark.postgresql
@pytest.mark.expected_errors(r"game #2 cannot be loaded")
async def test_abandoned_and_broken_games(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    done = await fake_discord.slash("abandon", {}, user="alice", channel="games")
    await done.wait_message(lambda m: not m.ephemeral)
    board = await private_answer(
        await fake_discord.slash("board", {"game": 1}, user="carol", channel="lounge")
    )
    assert "was abandoned" in board.content and list(board.files) == ["iliad-board.png"]
    log = await ephemeral_answer(
        await fake_discord.slash("history", {}, user="carol", channel="games")
    )
    assert "(game #1, abandoned)" in log

    await open_game(fake_discord, "iliad", "carol", ["dave"], channel="lounge")
    await bot_runner.settle()
    async with bot.store.backend.transaction() as db:
        await db.execute("UPDATE snapshots SET format = 0 WHERE game_id = 2")
    await bot_runner.restart(factory(database))
    for command in ("history", "board", "hand"):
        by_number = await fake_discord.slash(command, {"game": 2}, user="carol", channel="games")
        assert "could not be loaded after a restart" in await ephemeral_answer(by_number)
        here = await fake_discord.slash(command, {}, user="dave", channel="lounge")
        assert "could not be loaded after a restart" in await ephemeral_answer(here)
    entries = await fake_discord.choices(
        "board", {"game": "2"}, focused="game", user="carol", channel="games"
    )
    assert entries == []


async def test_a_game_going_on_elsewhere_is_shown_only_to_the_caller(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    first = await open_game(fake_discord, "iliad", "alice", ["bob"])
    await bot_runner.settle()
    public_before = len(fake_discord.messages(ephemeral=False))
    board = await private_answer(
        await fake_discord.slash("board", {"game": 1}, user="carol", channel="lounge")
    )
    assert "to move" in board.content and f"/{first.id}" in board.content
    assert not board.custom_ids() and list(board.files) == ["iliad-board.png"]
    asked.clear()
    hand = await private_answer(
        await fake_discord.slash("hand", {"game": 1}, user="bob", channel="lounge")
    )
    assert "as it ended" not in hand.content
    assert asked == [f"hand:iliad:{await seat_of(bot, 1, fake_discord, 'bob')}"]
    assert len(fake_discord.messages(ephemeral=False)) == public_before
