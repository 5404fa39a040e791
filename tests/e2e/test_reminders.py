"""Paces, reminders, the turn clock, /mygames and /settings through the fake Discord.

Time is a FakeClock given to the bot; the test advances it and runs the timer loop's work
itself (`run_timers`), so nothing ever waits for real time to pass.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.clock import FakeClock
from tests.e2e.fake_discord import BotRunner, FakeDiscord, RecordedMessage
from tests.e2e.symposion import (
    ephemeral_answer,
    factory,
    game_message,
    is_live_board,
    is_reminder,
    move_by_buttons,
    mover_id,
    open_game,
    run_timers,
    user_name,
)

Runner = BotRunner[Any]
DAILY_REMINDER = 24 * 60  # minutes, data/paces.json
LIVE_LIMIT = 15


def reminders(fake: FakeDiscord) -> list[RecordedMessage]:
    return [m for m in fake.messages(channel="games") if is_reminder(m)]


async def start(runner: Runner, database: str | Path, clock: FakeClock) -> Any:
    return await runner.start(factory(database), clock=clock)


async def test_a_reminder_at_the_pace_time_and_none_before(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock()
    bot = await start(bot_runner, database, clock)
    board = await open_game(fake_discord, "iliad", "alice", ["bob"])
    assert "Pace: daily · this turn ends <t:" in board.content
    await bot_runner.settle()  # the bot records the board's message id once Discord answers
    mover = user_name(fake_discord, mover_id(board))
    clock.advance(minutes=DAILY_REMINDER - 1)
    assert await run_timers(bot) == 0 and reminders(fake_discord) == []
    clock.advance(minutes=1)
    assert await run_timers(bot) == 1
    [posted] = reminders(fake_discord)
    assert posted.content.startswith(f"<@{fake_discord.user(mover).id}>")
    link = f"/channels/{fake_discord.guild_id}/{fake_discord.channel('games').id}/{board.id}"
    assert link in posted.content
    dm = fake_discord.dms(mover)[-1]
    assert "Reminder" in dm.content and link in dm.content
    assert await run_timers(bot) == 0 and len(reminders(fake_discord)) == 1


@pytest.mark.postgresql
async def test_a_restart_between_creation_and_firing_fires_it_exactly_once(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock()
    await start(bot_runner, database, clock)
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    await bot_runner.stop()
    clock.advance(minutes=DAILY_REMINDER)
    mark = fake_discord.mark()
    bot = await start(bot_runner, database, clock)
    await run_timers(bot)  # the loop's first look at start may have fired it already
    await fake_discord.wait_for(is_reminder, since=mark)
    await bot_runner.settle()
    bot = await bot_runner.restart(factory(database), clock=clock)
    assert await run_timers(bot) == 0
    await bot_runner.settle()
    assert len(reminders(fake_discord)) == 1


async def test_a_move_cancels_the_pending_reminder(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock()
    bot = await start(bot_runner, database, clock)
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    clock.advance(minutes=60)
    mark = fake_discord.mark()
    await move_by_buttons(fake_discord, 0)
    await fake_discord.wait_for(is_live_board, since=mark)
    clock.advance(minutes=DAILY_REMINDER - 60)  # the first reminder's time
    assert await run_timers(bot) == 0 and reminders(fake_discord) == []
    clock.advance(minutes=60)
    assert await run_timers(bot) == 1
    mover = mover_id(game_message(fake_discord))
    assert reminders(fake_discord)[0].content.startswith(f"<@{mover}>")


@pytest.mark.postgresql
async def test_a_refused_dm_still_posts_the_reminder_in_the_channel(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock()
    bot = await start(bot_runner, database, clock)
    board = await open_game(fake_discord, "iliad", "alice", ["bob"])
    mover = user_name(fake_discord, mover_id(board))
    fake_discord.refuse_dms(mover)
    dms_before = len(fake_discord.dms(mover))
    clock.advance(minutes=DAILY_REMINDER)
    assert await run_timers(bot) == 1
    assert len(reminders(fake_discord)) == 1
    assert len(fake_discord.dms(mover)) == dms_before
    assert any(r.code == 50007 for r in fake_discord.rejections)


@pytest.mark.postgresql
async def test_reminders_off_and_the_turn_clock_of_a_live_game(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock()
    bot = await start(bot_runner, database, clock)
    for user in ("alice", "bob"):
        off = await fake_discord.slash("reminders", {"state": "off"}, user=user, channel="games")
        assert "off" in await ephemeral_answer(off)
    opened = await fake_discord.slash(
        "play", {"game": "iliad", "pace": "live", "where": "here"}, user="alice", channel="games"
    )
    lobby = await opened.wait_message(lambda m: "Join" in str(m.buttons()))
    assert "live pace" in lobby.content
    await (
        await fake_discord.click(fake_discord.message(lobby.id), user="bob", label="Join")
    ).wait_answered()
    await (
        await fake_discord.click(fake_discord.message(lobby.id), user="alice", label="Start")
    ).wait_answered()
    board = await fake_discord.wait_for(is_live_board, since=None)
    clock.advance(minutes=LIVE_LIMIT)
    assert await run_timers(bot) == 1
    assert reminders(fake_discord) == []
    vote = fake_discord.last("games")
    other = next(u for u in ("alice", "bob") if fake_discord.user(u).id != mover_id(board))
    assert "time to move has run out" in vote.content
    assert f"<@{fake_discord.user(other).id}>" in vote.content
    assert f"<@{mover_id(board)}>" not in vote.content  # the vote is the others' to make
    labels = [b["label"] for b in vote.buttons()]
    assert labels == ["Wait longer", "Hand the seat to the computer", "End the game"]


@pytest.mark.postgresql
async def test_a_timed_out_turn_is_skipped_by_a_majority_vote(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock()
    bot = await start(bot_runner, database, clock)
    board = await open_game(fake_discord, "iliad_cards", "alice", ["bob", "carol"], options=None)
    await bot_runner.settle()
    late = mover_id(board)
    version = bot.service.places.game_at(fake_discord.channel("games").id).version
    clock.advance(days=3)  # the daily pace's turn limit (data/paces.json)
    assert await run_timers(bot) == 1
    vote = fake_discord.last("games")
    assert "time to move has run out" in vote.content
    assert "Skip the turn" in [b["label"] for b in vote.buttons()]  # the card game can pass
    voters = [u for u in ("alice", "bob", "carol") if fake_discord.user(u).id != late]
    one = await fake_discord.click(vote, user=voters[0], label="Skip the turn")
    assert "1 of 2 voted" in await ephemeral_answer(one)
    mark = fake_discord.mark()
    two = await fake_discord.click(
        fake_discord.message(vote.id), user=voters[1], label="Skip the turn"
    )
    closed = await two.wait_message(lambda m: m.id == vote.id and not m.buttons())
    assert "turn is skipped" in closed.content
    after = await fake_discord.wait_for(is_live_board, since=mark)
    assert mover_id(after) != late
    [skipped] = await bot.store.moves.of(1)
    assert (skipped.action, skipped.user_id) == ("pass", None)
    info = bot.service.places.game_at(fake_discord.channel("games").id)
    assert info is not None and info.version > version


async def test_an_unknown_pace_is_refused_and_opens_nothing(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock()
    await start(bot_runner, database, clock)
    asked = await fake_discord.slash(
        "play", {"game": "iliad", "pace": "hourly"}, user="alice", channel="games"
    )
    answer = await ephemeral_answer(asked)
    assert "no pace called 'hourly'" in answer and "live, daily, weekly" in answer
    assert fake_discord.messages(channel="games", ephemeral=False) == []
    entries = await fake_discord.choices(
        "play", {"game": "iliad", "pace": "we"}, focused="pace", user="alice", channel="games"
    )
    assert [e["value"] for e in entries] == ["weekly"]


@pytest.mark.postgresql
async def test_a_server_admin_sets_the_default_pace(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock()
    await start(bot_runner, database, clock)
    denied = await fake_discord.slash(
        "settings", {"pace": "weekly"}, user="bob", channel="games", check_permissions=False
    )
    assert "Manage Server" in await ephemeral_answer(denied)
    bad = await fake_discord.slash("settings", {"pace": "yearly"}, user="owner", channel="games")
    assert "no pace called" in await ephemeral_answer(bad)
    done = await fake_discord.slash("settings", {"pace": "weekly"}, user="owner", channel="games")
    assert "weekly" in await ephemeral_answer(done)
    board = await open_game(fake_discord, "iliad", "alice", ["bob"])
    assert "Pace: weekly" in board.content


async def test_mygames_lists_the_callers_games_with_whose_turn(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock()
    await start(bot_runner, database, clock)
    await fake_discord.add_channel("tables")
    first = await open_game(fake_discord, "iliad", "alice", ["bob"])
    second = await open_game(fake_discord, "ilium", "carol", ["alice"], channel="tables")
    await fake_discord.slash(
        "play", {"game": "atlandice", "where": "here"}, user="dave", channel="lounge"
    )
    await bot_runner.settle()  # the bot records each board's message id once Discord answers
    asked = await fake_discord.slash("mygames", {}, user="alice", channel="general")
    text = await ephemeral_answer(asked)
    lines = text.splitlines()[1:]
    assert len(lines) == 2, text
    for board, channel in ((first, "games"), (second, "tables")):
        place = fake_discord.channel(channel).id
        line = next(line for line in lines if f"<#{place}>" in line)
        mover = mover_id(board)
        whose = "your turn" if mover == fake_discord.user("alice").id else f"<@{mover}>'s turn"
        assert whose in line and f"since <t:{int(clock().timestamp())}:R>" in line, line
        assert f"/{fake_discord.guild_id}/{place}/{board.id}" in line
    none = await fake_discord.slash(
        "mygames", {}, user="erin" if False else "owner", channel="games"
    )
    assert "not playing" in await ephemeral_answer(none)
