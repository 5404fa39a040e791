"""/notify through the fake Discord: quiet hours, the heads-up, where pings go, the daily digest.

Time is a FakeClock given to the bot; the test advances it and runs the loops' work itself
(`run_timers`, `run_digests`), so nothing waits for real time to pass.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.clock import FakeClock
from tests.e2e.fake_discord import BotRunner, FakeDiscord, RecordedMessage
from tests.e2e.fake_discord.server import ChannelRef
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
TIME_UP = "time to move has run out"
DIGEST = "Your daily digest"
HEADS_UP = "Heads-up:"


async def run_digests(bot: Any) -> int:
    """Do the digest loop's work once, now."""
    cog = bot.get_cog("Notify")
    assert cog is not None, "the Notify cog is not loaded"
    return int(await cog.run_due())


async def notify(fake: FakeDiscord, user: str, **options: str) -> str:
    """/notify with these options (`start`, `end` stand for from:, to:); the private answer."""
    named = {"from" if k == "start" else "to" if k == "end" else k: v for k, v in options.items()}
    named = {k.replace("heads_up", "heads-up"): v for k, v in named.items()}
    asked = await fake.slash("notify", named, user=user, channel="games")
    return await ephemeral_answer(asked)


def time_ups(fake: FakeDiscord) -> list[RecordedMessage]:
    return [m for m in fake.messages(channel="games") if TIME_UP in m.content]


def texts(fake: FakeDiscord, user: str, marker: str) -> list[str]:
    return [m.content for m in fake.dms(user) if marker in m.content]


async def move_until(fake: FakeDiscord, name: str, channel: ChannelRef = "games") -> None:
    """Moves by whoever is to move until it is `name`'s turn."""
    for step in range(40):
        if user_name(fake, mover_id(game_message(fake, channel))) == name:
            return
        mark = fake.mark()
        await (await move_by_buttons(fake, step, channel)).wait_answered()
        await fake.wait_for(is_live_board, since=mark)
    raise AssertionError(f"never {name}'s turn")


async def test_notify_shows_the_choices_and_refuses_bad_input_changing_nothing(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database), clock=FakeClock())
    shown = await notify(fake_discord, "alice")
    assert "Quiet hours: none" in shown and "Daily digest: off" in shown
    assert "Pings: as usual" in shown and "Heads-up: off" in shown
    zones = await fake_discord.choices(
        "notify", {"timezone": "europe/ber"}, focused="timezone", user="alice", channel="games"
    )
    assert [z["value"] for z in zones] == ["Europe/Berlin"]
    refusals = {
        "no time zone called 'Mars/Olympus'": {
            "start": "22:00",
            "end": "08:00",
            "timezone": "Mars/Olympus",
        },
        "cannot begin and end at the same time": {
            "start": "22:00",
            "end": "22:00",
            "timezone": "Europe/Berlin",
        },
        "'soon' is not a time of day": {"digest": "on", "time": "soon", "timezone": "UTC"},
        "'25:00' is not a time of day": {"start": "25:00", "end": "08:00", "timezone": "UTC"},
        "Which time zone are you in?": {"start": "22:00", "end": "08:00"},
    }
    for words, options in refusals.items():
        answer = await notify(fake_discord, "alice", heads_up="on", **options)
        assert words in answer and "Nothing was changed" in answer, answer
    assert await notify(fake_discord, "alice") == shown  # not even the heads-up
    done = await notify(
        fake_discord, "alice", start="22:00", end="08:00", timezone="Europe/Berlin", via="dm"
    )
    # 2030-01-07 12:00 UTC is 13:00 in Berlin: the next quiet hours are tonight's, in her time
    assert "the next: 2030-01-07 22:00 to 2030-01-08 08:00 (your time)" in done, done
    assert "Your time zone: Europe/Berlin" in done and "Pings: by DM" in done
    off = await notify(fake_discord, "alice", quiet="off")
    assert "Quiet hours: none" in off and "Pings: by DM" in off


async def test_a_reminder_is_held_through_quiet_hours_and_sent_at_their_end_across_dst(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    # Berlin moves its clocks from 02:00 CET to 03:00 CEST on 2030-03-31: quiet hours that
    # end at 08:00 there end at 06:00 UTC that morning (07:00 UTC the morning before).
    clock = FakeClock(datetime(2030, 3, 29, 22, 30, tzinfo=UTC))  # 23:30 in Berlin
    bot = await bot_runner.start(factory(database), clock=clock)
    board = await open_game(fake_discord, "iliad", "alice", ["bob"])
    await bot_runner.settle()
    mover = user_name(fake_discord, mover_id(board))
    assert "Europe/Berlin" in await notify(
        fake_discord, mover, start="22:00", end="08:00", timezone="Europe/Berlin"
    )
    clock.advance(days=1)  # the reminder's time: 23:30 in Berlin, quiet
    assert await run_timers(bot) == 0
    clock.now = datetime(2030, 3, 31, 5, 59, 59, tzinfo=UTC)  # 07:59:59 CEST
    assert await run_timers(bot) == 0
    assert [m for m in fake_discord.messages(channel="games") if is_reminder(m)] == []
    clock.now = datetime(2030, 3, 31, 6, 0, tzinfo=UTC)  # 08:00 CEST: the quiet hours end
    assert await run_timers(bot) == 1
    [reminder] = [m for m in fake_discord.messages(channel="games") if is_reminder(m)]
    assert reminder.content.startswith(f"<@{fake_discord.user(mover).id}>")
    assert await run_timers(bot) == 0


async def test_a_daily_games_clock_does_not_run_out_in_quiet_hours_but_a_live_games_does(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock(datetime(2030, 1, 7, 23, 0, tzinfo=UTC))
    bot = await bot_runner.start(factory(database), clock=clock)
    for user in ("alice", "bob"):
        await notify(fake_discord, user, start="22:00", end="08:00", timezone="UTC")
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    await bot_runner.settle()
    clock.advance(days=3)  # the daily pace's turn limit, at 23:00: quiet
    assert await run_timers(bot) == 0
    assert time_ups(fake_discord) == []
    clock.now = datetime(2030, 1, 11, 7, 59, 59, tzinfo=UTC)
    assert await run_timers(bot) == 0 and time_ups(fake_discord) == []
    await bot_runner.settle()
    bot = await bot_runner.restart(factory(database), clock=clock)  # the held clock is stored
    clock.advance(seconds=1)  # 08:00: the quiet hours end, and so does the turn
    await run_timers(bot)  # the loop's first look at start may have shown it already
    await fake_discord.wait_for(lambda m: TIME_UP in m.content, since=None)
    assert len(time_ups(fake_discord)) == 1

    await fake_discord.add_channel("fast")
    opened = await fake_discord.slash(
        "play", {"game": "iliad", "pace": "live", "where": "here"}, user="alice", channel="fast"
    )
    lobby = await opened.wait_message(lambda m: "Join" in str(m.buttons()))
    joined = await fake_discord.click(fake_discord.message(lobby.id), user="bob", label="Join")
    await joined.wait_answered()
    start = await fake_discord.click(fake_discord.message(lobby.id), user="alice", label="Start")
    await start.wait_answered()
    await fake_discord.wait_for(lambda m: m.channel_id == fake_discord.channel("fast").id)
    clock.now = datetime(2030, 1, 11, 23, 0, tzinfo=UTC)  # quiet again, for both of them
    await bot_runner.settle()
    mark = fake_discord.mark()
    clock.advance(minutes=15)  # the live pace's turn limit: live games are never held
    assert await run_timers(bot) == 1
    await fake_discord.wait_for(lambda m: TIME_UP in m.content, since=mark)


async def test_a_heads_up_is_sent_once_when_the_player_before_you_is_to_move(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database), clock=FakeClock())
    for user in ("alice", "bob", "carol"):
        assert "Heads-up: on" in await notify(fake_discord, user, heads_up="on")
    await open_game(fake_discord, "iliad_cards", "alice", ["bob", "carol"], options=None)
    await bot_runner.settle()
    info = bot.service.places.game_at(fake_discord.channel("games").id)
    assert info is not None
    seats = {p.seat: user_name(fake_discord, p.user_id) for p in info.players}
    first = user_name(fake_discord, mover_id(game_message(fake_discord)))
    mark = fake_discord.mark()
    await (await move_by_buttons(fake_discord, 0)).wait_answered()
    await fake_discord.wait_for(is_live_board, since=mark)
    await bot_runner.settle()
    now = user_name(fake_discord, mover_id(game_message(fake_discord)))
    if now == first:  # a turn of several decisions: the heads-up waits for the turn to pass
        assert all(texts(fake_discord, u, HEADS_UP) == [] for u in seats.values())
        await move_until(fake_discord, next(u for u in seats.values() if u != first))
        await bot_runner.settle()
        now = user_name(fake_discord, mover_id(game_message(fake_discord)))
    seat = next(s for s, u in seats.items() if u == now)
    after = seats[(seat + 1) % len(seats)]
    [told] = texts(fake_discord, after, HEADS_UP)
    assert f"<@{fake_discord.user(now).id}> is to move" in told and "you are next" in told
    assert all(texts(fake_discord, u, HEADS_UP) == [] for u in seats.values() if u != after)
    assert ".png" not in str([m.files for m in fake_discord.dms(after)[-1:]])
    # asked again in the same turn (a board shown twice), nobody is told again
    current = bot.service.places.game_at(fake_discord.channel("games").id)
    assert await bot.service.notices.heads_up(current) is None
    assert len(texts(fake_discord, after, HEADS_UP)) == 1


async def test_via_dm_sends_the_turn_ping_by_dm_and_a_refused_dm_falls_back_to_the_mention(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database), clock=FakeClock())
    for user in ("alice", "bob"):
        await notify(fake_discord, user, via="dm")
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    await bot_runner.settle()
    first = user_name(fake_discord, mover_id(game_message(fake_discord)))
    other = "bob" if first == "alice" else "alice"
    await move_until(fake_discord, other)
    await bot_runner.settle()
    notes = [r for r in fake_discord.requests if r.body and "your turn in" in str(r.body)]
    assert notes and notes[-1].mentioned_users() == []  # the note pings nobody
    assert texts(fake_discord, other, "It is your turn in")
    fake_discord.refuse_dms(first)
    await move_until(fake_discord, first)
    await bot_runner.settle()
    notes = [r for r in fake_discord.requests if r.body and "your turn in" in str(r.body)]
    assert notes[-1].mentioned_users() == [fake_discord.user(first).id]


async def test_a_turn_ping_in_quiet_hours_is_held_until_they_end(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock(datetime(2030, 1, 7, 21, 0, tzinfo=UTC))
    bot = await bot_runner.start(factory(database), clock=clock)
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    await bot_runner.settle()
    first = user_name(fake_discord, mover_id(game_message(fake_discord)))
    other = "bob" if first == "alice" else "alice"
    await notify(fake_discord, other, start="22:00", end="08:00", timezone="UTC")
    clock.advance(hours=2)  # 23:00: quiet for the other player
    await move_until(fake_discord, other)
    await bot_runner.settle()
    notes = [r for r in fake_discord.requests if r.body and "your turn in" in str(r.body)]
    assert notes and notes[-1].mentioned_users() == []
    clock.now = datetime(2030, 1, 8, 7, 59, tzinfo=UTC)
    assert await run_timers(bot) == 0
    clock.advance(minutes=1)
    assert await run_timers(bot) == 1
    [held] = [m for m in fake_discord.messages(channel="games") if is_reminder(m)]
    assert held.content.startswith(f"<@{fake_discord.user(other).id}>")


@pytest.mark.postgresql
async def test_a_digest_lists_games_of_two_servers_once_a_day_also_after_a_restart(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    world = fake_discord.world
    second = world.add_guild("Second Server")
    world.add_channel("games-b", guild_id=second)
    clock = FakeClock()  # 2030-01-07 12:00 UTC
    bot = await bot_runner.start(factory(database), clock=clock)
    answer = await notify(fake_discord, "alice", digest="on", time="09:00", timezone="UTC")
    assert "Daily digest: at 09:00; the next: 2030-01-08 09:00 (your time)" in answer
    assert "Daily digest: at 09:00" in await notify(
        fake_discord, "dave", digest="on", timezone="UTC"
    )  # 09:00 unless told; dave plays nothing: he gets no digest
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    await move_until(fake_discord, "alice")
    await open_game(fake_discord, "iliad", "carol", ["alice"], channel="games-b")
    await move_until(fake_discord, "alice", "games-b")
    await bot_runner.settle()
    clock.now = datetime(2030, 1, 8, 8, 59, tzinfo=UTC)
    assert await run_digests(bot) == 0
    clock.advance(minutes=1)
    assert await run_digests(bot) == 1
    [digest] = texts(fake_discord, "alice", DIGEST)
    assert "2 game(s) waiting on you" in digest
    for guild in (world.guild_id, second):
        assert f"https://discord.com/channels/{guild}/" in digest
    assert digest.count("your turn") == 2 and "<t:" in digest  # the time left
    assert texts(fake_discord, "dave", DIGEST) == [] and texts(fake_discord, "bob", DIGEST) == []
    clock.advance(hours=14)
    assert await run_digests(bot) == 0  # never twice a day
    await bot_runner.stop()
    clock.now = datetime(2030, 1, 9, 9, 0, tzinfo=UTC)  # the bot is back at the digest time
    mark = fake_discord.mark()
    bot = await bot_runner.start(factory(database), clock=clock)
    await run_digests(bot)  # the loop's first look at start may have sent it already
    await fake_discord.wait_for(lambda m: m.is_dm and DIGEST in m.content, since=mark)
    await bot_runner.settle()
    bot = await bot_runner.restart(factory(database), clock=clock)
    assert await run_digests(bot) == 0
    await bot_runner.settle()
    assert len(texts(fake_discord, "alice", DIGEST)) == 2


def board_posts(fake: FakeDiscord) -> list[Any]:
    """The requests that posted a new message with an image into the games channel."""
    path = f"/channels/{fake.channel('games').id}/messages"
    return [r for r in fake.requests if r.method == "POST" and r.path == path and r.upload_sizes]


def may_ping(body: Any, user_id: int) -> bool:
    """Whether a message body lets Discord ping `user_id` (listed, or users parsed from text)."""
    allowed = body.get("allowed_mentions") or {}
    if user_id in [int(u) for u in allowed.get("users") or []]:
        return True
    return "users" in (allowed.get("parse") or []) and f"<@{user_id}>" in body.get("content", "")


async def test_a_new_game_message_holds_its_ping_in_the_movers_quiet_hours(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock(datetime(2030, 1, 7, 23, 0, tzinfo=UTC))
    await bot_runner.start(factory(database), clock=clock)
    for name in ("alice", "bob"):  # whoever the seed seats first is in quiet hours
        await notify(fake_discord, name, start="22:00", end="08:00", timezone="UTC")
    board = await open_game(fake_discord, "iliad", "alice", ["bob"])
    mover = mover_id(board)
    [posted] = board_posts(fake_discord)
    assert f"<@{mover}>" in posted.body["content"]  # named on the board, not pinged
    assert not may_ping(posted.body, mover)


async def test_a_new_game_message_pings_the_mover_outside_quiet_hours(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock(datetime(2030, 1, 7, 12, 0, tzinfo=UTC))
    await bot_runner.start(factory(database), clock=clock)
    for name in ("alice", "bob"):
        await notify(fake_discord, name, start="22:00", end="08:00", timezone="UTC")
    board = await open_game(fake_discord, "iliad", "alice", ["bob"])
    [posted] = board_posts(fake_discord)
    assert may_ping(posted.body, mover_id(board))
