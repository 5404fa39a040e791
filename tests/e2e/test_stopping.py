"""Stopping the bot as an operator does (issue 24): `python -m bot` in its own process, a solo
game against the computer (so both worker pools run), a move caught in flight, then a signal.

SIGTERM to the bot (docker stop, systemd), SIGINT to its process group (Ctrl-C in a terminal)
and SIGINT to a bot that inherited SIGINT ignored (nohup, a script's `cmd &`) each stop it
cleanly: what arrives meanwhile is answered "restarting", the move in flight is stored and its
board goes out, the bot exits 0 within the issue's 10 seconds, logs no error, and leaves no
process behind. After SIGKILL its workers notice it is gone and end too.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.store import Store
from tests.e2e.bot_process import BotProcess, launched
from tests.e2e.fake_discord import FakeDiscord, RecordedMessage
from tests.e2e.fake_discord.faults import Stall
from tests.e2e.symposion import (
    ephemeral_answer,
    game_message,
    is_live_board,
    move_by_buttons,
)

GAME = "iliad_cards"  # the quickest to play against the real search
STOP_LIMIT = 10.0  # the bound: exit within 10 s of the signal
ORPHAN_LIMIT = 5.0  # the bound: after SIGKILL, nothing left within 5 s
COMPUTER_TURN = 60.0  # seconds the computer's decisions between two of alice's may take
STOP_BEGINS = r"INFO bot: stopping on SIG(TERM|INT)"
STOP_ENDS = r"INFO bot: stopped in \d+\.\d+ s"
POOLS_RUNNING = 5  # the bot, the forkserver, the resource tracker, >= 1 worker of each pool


def alices_turn(fake: FakeDiscord) -> Callable[[RecordedMessage], bool]:
    """A live board asking alice to move (the computer moves in between)."""
    mention = f"<@{fake.user('alice').id}>"

    def fits(message: RecordedMessage) -> bool:
        lines = message.content.splitlines()
        return is_live_board(message) and len(lines) > 1 and lines[1].startswith(mention)

    return fits


async def connected(fake: FakeDiscord, bot: BotProcess) -> BotProcess:
    """The bot once connected and its commands synced."""
    await bot.wait_line(r"synced \d+ slash command")
    await fake.gateway.identified.wait()
    return bot


async def solo_game_with_pools(fake: FakeDiscord, bot: BotProcess) -> int:
    """Alice against the computer until both pools have workers; alice's moves so far."""
    mark = fake.mark()
    opened = await fake.slash(
        "play",
        {"game": GAME, "opponents": 1, "level": "easy", "where": "here"},
        user="alice",
        channel="games",
    )
    await opened.wait_answered()
    await fake.wait_for(alices_turn(fake), since=mark, timeout=COMPUTER_TURN)
    moves = 0
    while len(bot.group()) < POOLS_RUNNING:  # the computer has not thought in its pool yet
        assert moves < 40, f"the pools never ran: {bot.group()}"
        mark = fake.mark()
        await move_by_buttons(fake, moves)
        moves += 1
        await fake.wait_for(alices_turn(fake), since=mark, timeout=COMPUTER_TURN)
    return moves


async def move_in_flight(fake: FakeDiscord) -> tuple[RecordedMessage, Stall, int]:
    """Alice moves; the redraw of her board is held at the fake (the move is stored by then).
    Returns the game message, the stall, and the mark before the move."""
    board = game_message(fake)
    stall = fake.stall("PATCH", rf"/channels/{board.channel_id}/messages/{board.id}$")
    mark = fake.mark()
    await move_by_buttons(fake, 1)
    await asyncio.wait_for(stall.reached.wait(), COMPUTER_TURN)
    return board, stall, mark


async def turned_away(fake: FakeDiscord, board: RecordedMessage) -> list[str]:
    """What a command and a click arriving during the stop are answered."""
    command = await fake.slash("rules", {"game": GAME}, user="bob", channel="games")
    click = await fake.click(fake.message(board.id), user="bob", prefix="sy:h:")
    return [await ephemeral_answer(command), await ephemeral_answer(click)]


async def alices_stored_moves(folder: Path) -> list[int | None]:
    """Who made each stored move of game 1 (None: the computer), once the bot is gone."""
    store = await Store.open(folder / "games.sqlite3")
    try:
        return [move.user_id for move in await store.moves.of(1)]
    finally:
        await store.close()


WAYS = {
    "SIGTERM to the bot": (signal.SIGTERM, False, False),
    "SIGINT to its process group": (signal.SIGINT, True, False),
    "SIGINT to a bot that inherited it ignored": (signal.SIGINT, False, True),
}


@pytest.mark.parametrize("way", list(WAYS))
async def test_a_signal_stops_the_bot_cleanly_with_a_move_in_flight(
    fake_discord: FakeDiscord, tmp_path: Path, way: str
) -> None:
    number, to_group, sigint_ignored = WAYS[way]
    database = tmp_path / "games.sqlite3"
    async with launched(fake_discord, database, sigint_ignored=sigint_ignored) as bot:
        await connected(fake_discord, bot)
        moves = await solo_game_with_pools(fake_discord, bot)
        board, stall, mark = await move_in_flight(fake_discord)
        bot.send_group(number) if to_group else bot.send(number)
        await bot.wait_line(STOP_BEGINS)
        answers = await turned_away(fake_discord, board)
        assert all("restarting" in answer for answer in answers), answers
        stall.release()
        assert await bot.exit_status(STOP_LIMIT) == 0, bot.log
        assert await bot.wait_group_ended(ORPHAN_LIMIT) == []
    await bot.wait_line(STOP_ENDS)
    assert not bot.errors(), bot.log
    assert not [line for line in bot.lines if "still running" in line], bot.log
    redrawn = await fake_discord.wait_for(lambda m: m.id == board.id, since=mark)
    alice = fake_discord.user("alice").id
    stored = await alices_stored_moves(tmp_path)
    assert stored.count(alice) == moves + 1  # the move in flight was stored, once
    # Whether the computer's answer beat the signal is a race (computer moves no longer wait
    # for Discord since boards are coalesced), so its place among the stored moves is not asserted.
    assert redrawn.content != board.content  # and its board went out


async def test_after_sigkill_the_workers_end_by_themselves(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with launched(fake_discord, tmp_path / "games.sqlite3") as bot:
        await solo_game_with_pools(fake_discord, await connected(fake_discord, bot))
        bot.send(signal.SIGKILL)
        assert await bot.exit_status(STOP_LIMIT) == -signal.SIGKILL
        assert await bot.wait_group_ended(ORPHAN_LIMIT) == []
    assert not bot.errors(), bot.log
    fake_discord.take_problems()  # a bot killed mid-game leaves Discord as it is


async def test_a_handler_that_never_ends_is_cut_off_within_the_bound(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with launched(fake_discord, tmp_path / "games.sqlite3") as bot:
        await connected(fake_discord, bot)
        stall = fake_discord.stall("POST", r"/interactions/\d+/[^/]+/callback$")
        asked = await fake_discord.slash("rules", {"game": GAME}, user="bob", channel="games")
        await asyncio.wait_for(stall.reached.wait(), 5.0)  # its answer never gets through
        bot.send(signal.SIGTERM)
        assert await bot.exit_status(STOP_LIMIT) == 0, bot.log
        assert await bot.wait_group_ended(ORPHAN_LIMIT) == []
    warned = [line for line in bot.lines if "still running" in line]
    assert len(warned) == 1 and "CommandTree-invoker" in warned[0], bot.log
    await bot.wait_line(STOP_ENDS)
    assert not bot.errors(), bot.log
    stall.drop()
    problems = fake_discord.take_problems()
    assert problems and all(str(asked.id) in problem for problem in problems), problems


async def test_a_second_signal_exits_at_once(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    async with launched(fake_discord, tmp_path / "games.sqlite3") as bot:
        await connected(fake_discord, bot)
        stall = fake_discord.stall("POST", r"/interactions/\d+/[^/]+/callback$")
        asked = await fake_discord.slash("rules", {"game": GAME}, user="bob", channel="games")
        await asyncio.wait_for(stall.reached.wait(), 5.0)  # its answer hangs: the stop waits
        bot.send(signal.SIGTERM)
        await bot.wait_line(STOP_BEGINS)
        bot.send(signal.SIGTERM)
        assert await bot.exit_status(STOP_LIMIT) == 128 + signal.SIGTERM
        assert await bot.wait_group_ended(ORPHAN_LIMIT) == []
    assert any("SIGTERM again: exiting at once" in line for line in bot.lines), bot.log
    assert not bot.errors(), bot.log
    stall.drop()
    problems = fake_discord.take_problems()
    assert all(str(asked.id) in problem for problem in problems), problems
