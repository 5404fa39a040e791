"""Crashes and Discord faults around a move: a current board after every restart, exactly one
live board, the move applied once, and the click answered whenever Discord lets it be."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.client import SymposionBot
from bot.service import opening
from cogs.ui.table import Table
from tests.e2e.fake_discord import BotRunner, FakeDiscord, RecordedMessage
from tests.e2e.symposion import (
    GAME_PARTS,
    factory,
    game_message,
    hand_images_sent,
    is_live_board,
    move_by_buttons,
    mover_id,
    next_move_click,
    open_game,
    user_name,
)

Runner = BotRunner[Any]
VERSION = re.compile(r"^sy:[mst]:\d+:(\d+)")
NEVER = "nothing was half-applied"


class Trap:
    """Holds the bot at one point of its work (once armed), where a kill -9 then finds it."""

    def __init__(self) -> None:
        self.armed = False
        self.reached = asyncio.Event()

    def around(self, real: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def trapped(*args: Any, **kwargs: Any) -> Any:
            if self.armed:
                self.armed = False
                self.reached.set()
                await asyncio.Event().wait()  # until the bot is killed
            return await real(*args, **kwargs)

        return trapped


def live_boards(fake: FakeDiscord) -> list[RecordedMessage]:
    """Game messages in #games that still carry move buttons."""
    return [
        m
        for m in fake.messages(channel="games", ephemeral=False)
        if any(c.startswith(GAME_PARTS) for c in m.custom_ids())
    ]


def drawn_at(message: RecordedMessage) -> set[int]:
    """The versions a board's move buttons were drawn at."""
    return {int(m[1]) for c in message.custom_ids() if (m := VERSION.match(c))}


def version_of(bot: SymposionBot, fake: FakeDiscord) -> int:
    info = bot.service.places.game_at(fake.channel("games").id)
    assert info is not None
    return info.version


async def one_current_board(fake: FakeDiscord, runner: Runner, bot: SymposionBot) -> None:
    """Exactly one message with buttons, drawn at the game's version, whose buttons work."""
    await runner.settle()
    boards = live_boards(fake)
    assert len(boards) == 1, [(b.id, b.custom_ids()) for b in boards]
    assert drawn_at(boards[0]) == {version_of(bot, fake)}
    mark = fake.mark()
    await move_by_buttons(fake, 0)
    await fake.wait_for(is_live_board, since=mark)
    await runner.settle()
    assert len(live_boards(fake)) == 1


def told_it_failed(fake: FakeDiscord) -> list[str]:
    return [m.content for m in fake.messages() if NEVER in m.content]


async def started(fake: FakeDiscord, runner: Runner, build: Callable[..., SymposionBot]) -> Any:
    bot = await runner.start(build)
    await open_game(fake, "iliad", "alice", ["bob"])
    for step in range(3):
        mark = fake.mark()
        await move_by_buttons(fake, step)
        await fake.wait_for(is_live_board, since=mark)
    await runner.settle()
    return bot


async def test_a_kill_between_the_answer_and_the_board_gets_a_current_board_at_restart(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    build = factory(database)
    bot = await started(fake_discord, bot_runner, build)
    trap = Trap()
    monkeypatch.setattr(Table, "show", trap.around(Table.show))
    version = version_of(bot, fake_discord)
    trap.armed = True
    click = await move_by_buttons(fake_discord, 0)
    await click.wait_answered()
    await asyncio.wait_for(trap.reached.wait(), 5.0)
    await bot_runner.kill()
    bot = await bot_runner.start(build)
    assert version_of(bot, fake_discord) == version + 1  # the move was stored
    await fake_discord.wait_for(is_live_board, since=None)
    await one_current_board(fake_discord, bot_runner, bot)


async def test_a_kill_between_the_post_and_its_record_leaves_no_second_live_board(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    build = factory(database)
    bot = await started(fake_discord, bot_runner, build)
    trap = Trap()
    boards = type(bot.service.boards)
    for record in ("posted", "redrawn"):  # a new message, or one redrawn in place
        monkeypatch.setattr(boards, record, trap.around(getattr(boards, record)))
    mark = fake_discord.mark()
    trap.armed = True
    await move_by_buttons(fake_discord, 0)
    orphan = await fake_discord.wait_for(is_live_board, since=mark)
    await asyncio.wait_for(trap.reached.wait(), 5.0)
    await bot_runner.kill()
    monkeypatch.undo()
    bot = await bot_runner.start(build)
    await fake_discord.wait_for(is_live_board, since=None)
    await bot_runner.settle()
    assert fake_discord.message(orphan.id).custom_ids() == []
    await one_current_board(fake_discord, bot_runner, bot)


async def test_an_expired_interaction_still_brings_the_board_and_the_hand(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    message = await open_game(fake_discord, "iliad", "alice", ["bob"])
    mover = user_name(fake_discord, mover_id(message))
    await bot_runner.settle()
    dms, hands = len(fake_discord.dms(mover)), hand_images_sent(fake_discord, mover)
    version = version_of(bot, fake_discord)
    place = await next_move_click(fake_discord, 0)  # a tile from the hand: the hand changes
    fake_discord.expect_rejection(10062)
    fake_discord.interaction_timeout = 0.0
    mark = fake_discord.mark()
    await place()
    await fake_discord.wait_rejection(10062)
    fake_discord.interaction_timeout = 3.0
    board = await fake_discord.wait_for(is_live_board, since=mark)
    await bot_runner.settle()
    assert drawn_at(board) == {version + 1} == {version_of(bot, fake_discord)}
    assert hand_images_sent(fake_discord, mover) == hands + 1  # the hand DM, edited
    assert len(fake_discord.dms(mover)) == dms
    assert told_it_failed(fake_discord) == []
    await one_current_board(fake_discord, bot_runner, bot)


async def test_an_expired_hand_request_is_one_warning_line(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    await bot_runner.start(factory(database))
    message = await open_game(fake_discord, "iliad", "alice", ["bob"])
    await bot_runner.settle()

    def expired() -> list[logging.LogRecord]:
        return [r for r in caplog.records if "expired before it was answered" in r.getMessage()]

    fake_discord.expect_rejection(10062, count=2)  # each deferral, and nothing after it
    fake_discord.interaction_timeout = 0.0
    await fake_discord.slash("hand", {}, user="alice", channel="games")
    await fake_discord.progress.until(lambda: len(expired()) == 1, 5.0, "a warning for /hand")
    await fake_discord.click(message, user="bob", label="My hand")
    await fake_discord.progress.until(lambda: len(expired()) == 2, 5.0, "one for 'My hand'")
    fake_discord.interaction_timeout = 3.0
    await bot_runner.settle()
    assert [r.levelname for r in expired()] == ["WARNING", "WARNING"]
    assert all(r.exc_info is None for r in expired())  # one line each, no traceback


async def test_a_lost_reply_to_the_click_still_brings_the_board_and_no_failure_message(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await started(fake_discord, bot_runner, factory(database))
    version = version_of(bot, fake_discord)
    move = await next_move_click(fake_discord, 0)
    fake_discord.inject_fault("POST", r"/interactions/\d+/[^/]+/callback$", lost=True)
    fake_discord.expect_rejection(40060)  # the retry learns that the first answer arrived
    mark = fake_discord.mark()
    click = await move()
    board = await fake_discord.wait_for(is_live_board, since=mark)
    assert await click.wait_answered() in (6, 7)
    await bot_runner.settle()
    assert drawn_at(board) == {version + 1}
    assert told_it_failed(fake_discord) == []
    await one_current_board(fake_discord, bot_runner, bot)


async def test_a_429_without_the_proxy_header_still_answers_and_brings_the_board(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await started(fake_discord, bot_runner, factory(database))
    version = version_of(bot, fake_discord)
    move = await next_move_click(fake_discord, 0)
    fake_discord.inject_fault(
        "POST", r"/interactions/\d+/[^/]+/callback$", 429, proxied=False, retry_after=0.0
    )
    mark = fake_discord.mark()
    click = await move()
    board = await fake_discord.wait_for(is_live_board, since=mark)
    assert await click.wait_answered(timeout=3.0)
    await bot_runner.settle()
    assert drawn_at(board) == {version + 1}
    assert told_it_failed(fake_discord) == []
    await one_current_board(fake_discord, bot_runner, bot)


async def test_a_5xx_on_a_board_discord_did_create_leaves_one_board(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await started(fake_discord, bot_runner, factory(database))
    games = fake_discord.channel("games").id
    fault = fake_discord.inject_fault("POST", rf"/channels/{games}/messages$", 500, performed=True)
    mark = fake_discord.mark()
    await fake_discord.slash("board", {}, user="carol", channel="games")  # always a new post
    await fake_discord.wait_for(is_live_board, since=mark)
    await bot_runner.settle()
    assert fault.fired == 1  # discord.py retried the post after the 500
    created = [
        e for e in fake_discord.events[mark:] if e.kind == "create" and is_live_board(e.message)
    ]
    assert len(created) == 1
    await one_current_board(fake_discord, bot_runner, bot)


async def duplicable(fake: FakeDiscord, bot: SymposionBot) -> tuple[str, str]:
    """Play Atlandice until the mover has a move that stays legal for them after it is made."""
    games = fake.channel("games").id
    for step in range(200):
        info = bot.service.places.game_at(games)
        assert info is not None
        held = bot.service.games.held(info.game_id)
        assert held is not None
        game, state = held.game, held.state
        for action in game.legal_actions(state):
            after = game.apply(state, action)
            code = game.encode(action)
            same = game.to_move(after) == game.to_move(state)
            if same and code in {game.encode(a) for a in game.legal_actions(after)}:
                return user_name(fake, mover_id(game_message(fake))), code
        mark = fake.mark()
        await move_by_buttons(fake, step)
        await fake.wait_for(is_live_board, since=mark)
    raise AssertionError("no repeatable move came up")


@pytest.mark.parametrize("picked", [True, False], ids=["autocomplete", "typed"])
async def test_two_identical_moves_sent_at_once_are_applied_once(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    picked: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(opening, "new_seed", lambda: 7)  # the same deal every run
    bot = await bot_runner.start(factory(database))
    await open_game(fake_discord, "atlandice", "alice", ["bob"])
    mover, code = await duplicable(fake_discord, bot)
    await bot_runner.settle()
    value = code
    if picked:
        entries = await fake_discord.choices(
            "move", {"action": ""}, focused="action", user=mover, channel="games"
        )
        value = next(e["value"] for e in entries if e["value"].endswith(":" + code))
    version = version_of(bot, fake_discord)
    sent = await asyncio.gather(
        *(fake_discord.slash("move", {"action": value}, user=mover, channel="games") for _ in "ab")
    )
    answers = [await it.wait_message(lambda m: m.ephemeral and not m.loading) for it in sent]
    await bot_runner.settle()
    assert version_of(bot, fake_discord) == version + 1
    assert sorted("moved on" in a.content for a in answers) == [False, True]
    assert len(live_boards(fake_discord)) == 1
