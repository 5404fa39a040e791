"""The recorder's waits limited to a channel or to an interaction's messages."""

from __future__ import annotations

import asyncio

from tests.e2e.fake_discord.ids import Snowflakes
from tests.e2e.fake_discord.recorder import Recorder
from tests.e2e.fake_discord.store import InteractionLink, StoredMessage
from tests.e2e.fake_discord.world import World


def anything(_: object) -> bool:
    return True


async def test_a_wait_limited_to_a_channel_or_a_cause_sees_only_its_messages() -> None:
    world = World(Snowflakes())
    here, there = world.add_channel("here"), world.add_channel("there")
    alice = world.users_by_name("alice")
    recorder = Recorder(lambda: "http://127.0.0.1:1")
    ids = iter(range(1, 100))

    def record(channel_id: int, cause: int | None = None) -> StoredMessage:
        channel = here if channel_id == here.id else there
        message = StoredMessage(next(ids), channel, world.bot_user, content="x", cause=cause)
        if cause is not None:
            message.interaction = InteractionLink(cause, 3, alice, None)
        recorder.record("create", message)
        return message

    record(there.id)  # already there before the waits: the backlog is filtered too
    in_here = asyncio.ensure_future(
        recorder.wait_for(anything, timeout=5, since=0, channel_id=here.id)
    )
    caused = asyncio.ensure_future(
        recorder.wait_for(anything, timeout=5, since=0, cause_interaction_id=77)
    )
    unlimited = asyncio.ensure_future(recorder.wait_for(anything, timeout=5, since=1))
    await asyncio.sleep(0)  # one turn of the loop (no waiting on time): every wait is filed
    assert not in_here.done() and not caused.done()

    record(there.id, cause=76)
    await asyncio.sleep(0)  # one turn: the event reached every wait it may
    assert not in_here.done() and not caused.done()
    assert (await unlimited).seq == 2

    mine = record(here.id)
    assert (await in_here).message.id == mine.id
    assert not caused.done()

    answer = record(there.id, cause=77)
    assert (await caused).message.id == answer.id
