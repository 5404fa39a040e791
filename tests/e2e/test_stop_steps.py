"""What a stop lets finish and what it abandons, inside one process (issue 24 §1): a deadline
being shown goes out and the timer loop ends; the computer's running thought is not waited for
and the computer moves after the restart; the board check at start stops between two games,
the database still open for the one under way."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bot.ai import Decision
from bot.client import SymposionBot
from bot.service.thinking import Thinker
from cogs.ui.mending import Mender
from tests.e2e.clock import FakeClock
from tests.e2e.fake_discord import BotRunner, FakeDiscord, RecordedMessage
from tests.e2e.symposion import (
    factory,
    is_live_board,
    is_reminder,
    move_by_buttons,
    open_game,
    random_decide,
    stub_drawing,
)

Runner = BotRunner[Any]
DAILY_REMINDER = 24 * 60  # minutes, data/paces.json
COMPUTER_TURN = 60.0  # seconds the real search may take after the restart


class Gate:
    """Holds the first call of a coroutine function until the bot begins to stop."""

    def __init__(self) -> None:
        self.reached = asyncio.Event()
        self.opened = asyncio.Event()
        self.calls = 0

    def around(self, real: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def gated(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            if self.calls == 1:
                self.reached.set()
                await self.opened.wait()
            return await real(*args, **kwargs)

        return gated

    def opens_when_stopping(self, bot: SymposionBot) -> None:
        """The held call goes on once the stop has begun (the bot tells its listeners)."""

        async def on_stopping() -> None:
            self.opened.set()

        bot.add_listener(on_stopping)


def alices_turn(fake: FakeDiscord) -> Callable[[RecordedMessage], bool]:
    """A live board asking alice to move (the computer moves in between)."""
    mention = f"<@{fake.user('alice').id}>"

    def fits(message: RecordedMessage) -> bool:
        lines = message.content.splitlines()
        return is_live_board(message) and len(lines) > 1 and lines[1].startswith(mention)

    return fits


async def test_a_deadline_being_shown_goes_out_and_the_timer_loop_ends(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = FakeClock()
    bot = await bot_runner.start(factory(database), clock=clock, timer_interval=3600)
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    await bot_runner.settle()
    gate, timers = Gate(), bot.get_cog("Timers")
    monkeypatch.setattr(timers, "run_due", gate.around(timers.run_due))  # the loaded cog's
    gate.opens_when_stopping(bot)
    clock.advance(minutes=DAILY_REMINDER)
    timers.ticking.restart()  # a look now (the next one would be in an hour)
    await gate.reached.wait()
    await bot_runner.stop(settle=False)
    assert not timers.ticking.is_running()
    assert "still running" not in caplog.text  # the loop ended by itself after its look
    assert [m for m in fake_discord.messages(channel="games") if is_reminder(m)] != []


async def test_the_computers_running_thought_is_abandoned_and_goes_on_after_the_restart(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    thinking, go_on = threading.Event(), threading.Event()

    def endless(*args: Any) -> Decision:
        thinking.set()
        assert go_on.wait(30), "the test never let the thought end"
        return random_decide(*args)

    pool = ThreadPoolExecutor(1)
    bot.service.computers.thinker = Thinker(pool, timeout=60, decider=endless)
    try:
        mark = fake_discord.mark()
        opened = await fake_discord.slash(
            "play",
            {"game": "iliad_cards", "opponents": 1, "level": "easy", "where": "here"},
            user="alice",
            channel="games",
        )
        await opened.wait_answered()
        # The seed decides who moves first: the computer starts thinking at once, or after
        # alice's first move.
        thought = asyncio.get_running_loop().run_in_executor(None, thinking.wait, 30)
        turn = asyncio.ensure_future(
            fake_discord.wait_for(alices_turn(fake_discord), since=mark, timeout=30)
        )
        either: set[asyncio.Future[Any]] = {thought, turn}
        await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
        if turn.done():
            turn.result()  # alice's turn came (a timeout would say what came instead)
            await move_by_buttons(fake_discord, 0)
        else:
            turn.cancel()
        assert await thought
        game = bot.service.places.game_at(fake_discord.channel("games").id)
        assert game is not None
        await bot_runner.stop(settle=False)  # returns while the thought still runs
        assert not go_on.is_set()
    finally:
        go_on.set()
        pool.shutdown(wait=True)
    assert "still running" not in caplog.text  # nothing had to be cut off: it was abandoned
    mark = fake_discord.mark()
    bot = await bot_runner.start(factory(database))
    assert bot.service.places.game_at(fake_discord.channel("games").id).version == game.version
    await fake_discord.wait_for(alices_turn(fake_discord), since=mark, timeout=COMPUTER_TURN)


async def test_the_board_check_at_start_stops_between_two_games(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"], channel="games")
    await open_game(fake_discord, "iliad", "carol", ["dave"], channel="lounge")
    await bot_runner.stop()
    gate = Gate()
    monkeypatch.setattr(Mender, "mend", gate.around(Mender.mend))
    bot = await bot_runner.start(factory(database))  # once connected, it checks both games
    gate.opens_when_stopping(bot)
    await gate.reached.wait()
    await bot_runner.stop(settle=False)  # the database closes after the check under way
    assert gate.calls == 1  # the other game is checked at the next start
