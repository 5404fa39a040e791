"""The fake's per-channel rate limit (an opt-in): Discord's buckets, headers and 429s, and the
real discord.py client waiting on its headers instead of overrunning a bucket; and a request
held up at Discord (a stall), what the tests of bursts make the bot wait on."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import discord
from discord.ext import commands

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.fake_discord.ratelimits import BUCKET, RATE_LIMITED
from tests.e2e.fake_discord.rest import API

Answer = tuple[int, dict[str, Any], dict[str, str]]


async def write(fake: FakeDiscord, method: str, path: str, body: object) -> Answer:
    """One request as a bot sends it: status, JSON body and headers."""
    headers = {"Authorization": f"Bot {fake.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, fake.base_url + API + path, json=body, headers=headers) as reply,
    ):
        return reply.status, await reply.json(), dict(reply.headers)


async def test_a_channel_takes_five_sends_or_edits_per_window_then_answers_429(
    fake_discord: FakeDiscord,
) -> None:
    fake_discord.limit_rates()  # Discord's figures: 5 per 5 s per channel
    games = f"/channels/{fake_discord.channel('games').id}/messages"
    status, first, headers = await write(fake_discord, "POST", games, {"content": "one"})
    assert status == 200 and headers["X-RateLimit-Remaining"] == "4"
    assert headers["X-RateLimit-Limit"] == "5" and headers["X-RateLimit-Bucket"] == BUCKET
    assert 0 < float(headers["X-RateLimit-Reset-After"]) <= 5.0
    remaining = []
    for n in range(4):
        method, path = ("PATCH", f"{games}/{first['id']}") if n % 2 else ("POST", games)
        status, _, headers = await write(fake_discord, method, path, {"content": f"w{n}"})
        assert status == 200
        remaining.append(headers["X-RateLimit-Remaining"])
    assert remaining == ["3", "2", "1", "0"]
    fake_discord.expect_rejection(RATE_LIMITED, kind="rate-limited")
    status, body, headers = await write(fake_discord, "PATCH", f"{games}/{first['id']}", {})
    assert status == 429
    assert set(body) == {"message", "retry_after", "global"} and body["global"] is False
    assert 0 < body["retry_after"] <= 5.0
    assert headers["Via"] and headers["X-RateLimit-Scope"] == "user"
    assert headers["X-RateLimit-Remaining"] == "0" and int(headers["Retry-After"]) >= 1
    assert fake_discord.rate_limited == [f"PATCH {games}/{first['id']}"]
    lounge = f"/channels/{fake_discord.channel('lounge').id}/messages"
    assert (await write(fake_discord, "POST", lounge, {"content": "elsewhere"}))[0] == 200
    fake_discord.advance_clock(5.0)  # the window closes; nobody sleeps
    status, _, headers = await write(fake_discord, "POST", games, {"content": "later"})
    assert status == 200 and headers["X-RateLimit-Remaining"] == "4"


async def test_an_overrun_nobody_expected_fails_the_test(fake_discord: FakeDiscord) -> None:
    fake_discord.limit_rates(limit=1)
    games = f"/channels/{fake_discord.channel('games').id}/messages"
    for _ in range(2):
        await write(fake_discord, "POST", games, {"content": "again"})
    problems = fake_discord.take_problems()
    assert len(problems) == 1 and "429" in problems[0] and "rate-limited" in problems[0]


async def test_the_limits_are_off_unless_a_test_turns_them_on(fake_discord: FakeDiscord) -> None:
    games = f"/channels/{fake_discord.channel('games').id}/messages"
    for n in range(8):
        status, _, headers = await write(fake_discord, "POST", games, {"content": str(n)})
        assert status == 200 and "X-RateLimit-Remaining" not in headers
    assert fake_discord.rate_limited == [] and fake_discord.limits.counted == 0


class Sender(commands.Bot):
    """A bot that only sends: its messages go out as fast as discord.py lets them."""

    def __init__(self, **options: Any) -> None:
        """No commands, no intents beyond the guilds."""
        super().__init__(command_prefix="!", intents=discord.Intents(guilds=True), **options)


async def test_discord_py_waits_for_the_window_instead_of_overrunning_it(
    fake_discord: FakeDiscord, bot_runner: BotRunner[Any]
) -> None:
    """The headers are the ones discord.py reads: twelve sends at once in one channel, five per
    window, and not one answered 429 (discord.py holds the rest until the window closes)."""
    fake_discord.limit_rates(limit=5, per=0.2)
    bot = await bot_runner.start(Sender, wait_synced=False)
    channel = bot.get_partial_messageable(fake_discord.channel("games").id)
    await asyncio.gather(*(channel.send(f"message {n}") for n in range(12)))
    assert fake_discord.rate_limited == []
    assert sorted(m.content for m in fake_discord.messages("games")) == sorted(
        f"message {n}" for n in range(12)
    )
    assert fake_discord.limits.counted == 12


async def test_a_stalled_request_is_neither_done_nor_answered_until_released(
    fake_discord: FakeDiscord,
) -> None:
    games = f"/channels/{fake_discord.channel('games').id}/messages"
    stall = fake_discord.stall("POST", games + "$")
    held = asyncio.create_task(write(fake_discord, "POST", games, {"content": "held"}))
    await asyncio.wait_for(stall.reached.wait(), 5.0)
    assert not held.done() and fake_discord.messages("games") == []
    status, _, _ = await write(fake_discord, "POST", games, {"content": "next"})  # used once
    assert status == 200 and [m.content for m in fake_discord.messages("games")] == ["next"]
    stall.release()
    status, body, _ = await held
    assert status == 200 and fake_discord.message(int(body["id"])).content == "held"
