"""The rest of Discord's promises, kept by the bot: a move's interaction answered before the
move waits for anything (Discord ends an interaction unanswered after 3 s), followups only
within an interaction's 15-minute token life (later work answers with plain messages), uploads
never over the interaction's `attachment_size_limit`, and embeds none or within 6,000
characters."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.clock import FakeClock
from tests.e2e.fake_discord import BotRunner, FakeDiscord, InjectedInteraction, RecordedMessage
from tests.e2e.symposion import (
    factory,
    game_message,
    is_live_board,
    move_by_buttons,
    mover_id,
    next_move_click,
    open_game,
    stub_drawing,
    user_name,
)

Runner = BotRunner[Any]
DEFERRED_UPDATE, DEFERRED_MESSAGE = 6, 5  # Discord's 'answered, the work goes on' responses
UPDATE_MESSAGE, CHANNEL_MESSAGE = 7, 4  # answers that say their words at once
LATE = 16 * 60  # seconds: past the token's 15 minutes
EMBED_TEXT = (("title",), ("description",), ("footer", "text"), ("author", "name"))


async def two_moves_of_iliad(fake: FakeDiscord) -> None:
    """alice and bob play two moves of Iliad in #games (the game goes on)."""
    await open_game(fake, "iliad", "alice", ["bob"])
    for step in range(2):
        mark = fake.mark()
        await move_by_buttons(fake, step)
        await fake.wait_for(is_live_board, since=mark)


async def private_answer(it: InjectedInteraction) -> RecordedMessage:
    """The finished private answer an interaction got (after any 'thinking…')."""
    return await it.wait_message(lambda m: m.ephemeral and not m.loading)


async def answered_while_held(
    bot: Any, fake: FakeDiscord, act: Callable[[], Awaitable[InjectedInteraction]]
) -> tuple[InjectedInteraction, int]:
    """`act` while game #1's lock is held (a move before it, a slow database): the response
    the interaction got meanwhile; then the lock is let go and the board comes."""
    game = await bot.service.games.hot(1)
    mark = fake.mark()
    async with game.lock:
        interaction = await act()
        answered = await interaction.wait_answered()
        assert game.lock.locked()  # still held: the answer did not wait for the move
    await fake.wait_for(is_live_board, since=mark)
    return interaction, answered


async def test_a_move_is_answered_before_it_waits_for_the_game(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    """Under load a move waits for its turn at the game's lock and the database, longer than
    Discord's 3 s at worst: a click on the game message is deferred at once; a private answer
    waits `answer_within` seconds for the move (none here), then is deferred: the private
    choices then read 'You played', /move shows 'thinking…' until the move's words."""
    bot = await bot_runner.start(factory(database))
    bot.table.answer_within = 0.0  # the move is never stored in time: each answer defers
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    await bot_runner.settle()
    for step in range(2):
        click = await next_move_click(fake_discord, step)
        clicked, answered = await answered_while_held(bot, fake_discord, click)
        assert answered == DEFERRED_UPDATE
        assert clicked.message is not None
        if clicked.message.ephemeral:  # the private choices
            edited = fake_discord.message(clicked.message.id)
            assert edited.content.startswith("You played: ") and not edited.custom_ids()
        await bot_runner.settle()
    mover = user_name(fake_discord, mover_id(game_message(fake_discord)))
    entries = await fake_discord.choices(
        "move", {"action": ""}, focused="action", user=mover, channel="games"
    )

    def typed() -> Awaitable[InjectedInteraction]:
        value = {"action": entries[0]["value"]}
        return fake_discord.slash("move", value, user=mover, channel="games")

    command, answered = await answered_while_held(bot, fake_discord, typed)
    assert answered == DEFERRED_MESSAGE
    words = await command.wait_message(lambda m: m.ephemeral and not m.loading)
    assert words.content.startswith("You played: ")


async def test_a_private_answer_in_time_says_the_move_in_its_one_answer(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    """A move stored within `answer_within` needs no deferral: the private choices become
    'You played …' in the click's one answer, and /move is answered with the words directly
    (no placeholder, no edit through the token)."""
    bot = await bot_runner.start(factory(database))
    bot.table.answer_within = 60.0  # always in time here, however busy the machine
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    await bot_runner.settle()
    mark = fake_discord.mark()
    click = await next_move_click(fake_discord, 0)  # Iliad opens with a tile placed privately
    clicked = await click()
    assert clicked.message is not None and clicked.message.ephemeral
    assert await clicked.wait_answered() == UPDATE_MESSAGE
    assert fake_discord.message(clicked.message.id).content.startswith("You played: ")
    await fake_discord.wait_for(is_live_board, since=mark)
    await bot_runner.settle()
    mover = user_name(fake_discord, mover_id(game_message(fake_discord)))
    entries = await fake_discord.choices(
        "move", {"action": ""}, focused="action", user=mover, channel="games"
    )
    value = {"action": entries[0]["value"]}
    typed = await fake_discord.slash("move", value, user=mover, channel="games")
    assert await typed.wait_answered() == CHANNEL_MESSAGE
    words = await typed.wait_message(lambda m: m.ephemeral)
    assert words.content.startswith("You played: ")
    await bot_runner.settle()
    tokens = (clicked.token, typed.token)
    assert not [
        r
        for r in fake_discord.requests
        if r.path.startswith("/webhooks") and any(t in r.path for t in tokens)
    ]


def taking_long(
    monkeypatch: pytest.MonkeyPatch, fake: FakeDiscord, clock: FakeClock, name: str
) -> None:
    """The bot's `cogs.replays.<name>` (run off the loop) takes 16 minutes on both clocks."""
    module = sys.modules["cogs.replays"]  # the extension as loaded (a fresh module each load)
    work = getattr(module, name)

    def slow(*args: Any) -> Any:
        clock.advance(seconds=LATE)
        fake.advance_clock(LATE)
        return work(*args)

    monkeypatch.setattr(module, name, slow)


async def test_followups_only_within_the_15_minute_token_life_then_plain_messages(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A replay drawn for 16 minutes goes to the channel as a message pinging alice (no
    viewer: it needs the token); a record made for 16 minutes comes to her DMs. The fake
    refuses any use of a spent token (401, 50027), which would fail the test."""
    stub_drawing(monkeypatch)
    clock = FakeClock()
    await bot_runner.start(factory(database), clock=clock)
    await two_moves_of_iliad(fake_discord)
    taking_long(monkeypatch, fake_discord, clock, "build_replay")
    replay = await fake_discord.slash("replay", {"game": 1}, user="alice", channel="games")
    alice = fake_discord.user("alice").id
    posted = await fake_discord.wait_for(lambda m: "game-1.gif" in m.files)
    assert posted.interaction_user_id is None and not posted.ephemeral
    assert posted.content.startswith(f"<@{alice}>, this took longer than Discord keeps")
    assert posted.content.endswith("**Iliad** game #1, replayed: all 3 positions.")
    sent = next(r for r in fake_discord.requests if r.body and "game-1" in str(r.body))
    assert sent.mentioned_users() == [alice]
    assert all(not m.ephemeral for m in replay.messages())  # no ◀ ▶ viewer after the token
    assert replay.messages()[0].content.startswith("Rebuilding game #1")  # its last in time

    taking_long(monkeypatch, fake_discord, clock, "export_record")
    exported = await fake_discord.slash("export", {"game": 1}, user="alice", channel="games")
    await exported.wait_answered()
    exported.expect_unanswered()  # its 'thinking…' outlives the token: Discord ends it, not us
    dm = await fake_discord.wait_for(lambda m: m.is_dm and "game-1.json" in m.files)
    assert dm.dm_user_id == alice and "The record of game #1" in dm.content
    assert dm.content.startswith("This took longer than Discord keeps an answer open")
    await bot_runner.settle()
    assert not [m for m in exported.messages() if not m.loading]  # nothing through the token


async def test_an_upload_is_never_over_the_interactions_attachment_size_limit(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each interaction says how large a file may be; a record or a replay larger than that
    is not sent (Discord would refuse the whole answer): the reader is told instead."""
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    await two_moves_of_iliad(fake_discord)
    first = await private_answer(
        await fake_discord.slash("export", {"game": 1}, user="alice", channel="games")
    )
    size = len(first.files["game-1.json"])
    limit = size - 1
    fake_discord.world.attachment_size_limit = limit  # a server whose limit the file misses
    mark = len(fake_discord.requests)
    second = await private_answer(
        await fake_discord.slash("export", {"game": 1}, user="alice", channel="games")
    )
    assert second.files == {}
    assert "`game-1.json` came out larger than this server lets me upload" in second.content
    replay = await fake_discord.slash("replay", {"game": 1}, user="alice", channel="games")
    refused = await private_answer(replay)
    assert "This replay came out too large to upload" in refused.content
    await bot_runner.settle()
    sizes = [n for r in fake_discord.requests[mark:] for n in r.upload_sizes]
    assert all(n <= limit for n in sizes), sizes


def embed_characters(embed: dict[str, Any]) -> int:
    """What one embed counts toward Discord's 6,000: its texts, and its fields' names and
    values."""
    total = 0
    for path in EMBED_TEXT:
        node: Any = embed
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        total += len(node) if isinstance(node, str) else 0
    fields = embed.get("fields") or []
    return total + sum(len(f.get("name", "")) + len(f.get("value", "")) for f in fields)


def embeds_sent(fake: FakeDiscord) -> list[list[dict[str, Any]]]:
    """The embeds of every message body the bot sent (interaction answers included)."""
    bodies = [r.body for r in fake.requests if isinstance(r.body, dict)]
    bodies += [b["data"] for b in bodies if isinstance(b.get("data"), dict)]
    return [b["embeds"] for b in bodies if b.get("embeds")]


async def test_embeds_none_or_within_6000_characters(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game, its replay, record, log and past board: whatever the bot sends holds no embed,
    or embeds of at most 6,000 characters together."""
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    await two_moves_of_iliad(fake_discord)
    for command in ("replay", "export", "history", "board", "stats"):
        options = {} if command == "stats" else {"game": 1}
        asked = await fake_discord.slash(command, options, user="alice", channel="games")
        await asked.wait_message(lambda m: not m.loading)
    await bot_runner.settle()
    assert len(fake_discord.requests) > 20  # the game and every answer were looked at
    for embeds in embeds_sent(fake_discord):
        assert sum(embed_characters(e) for e in embeds) <= 6000
