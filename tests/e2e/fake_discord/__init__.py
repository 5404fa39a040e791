"""A local fake Discord (REST + gateway) for end-to-end tests of the real discord.py bot."""

from .errors import FakeDiscordFailure, Rejection
from .harness import (
    BotRunner,
    RoundTrip,
    handles_component,
    measure_round_trip,
    running,
    serving,
)
from .interactions import InjectedInteraction
from .logguard import LogGuard
from .recorder import MessageEvent, RecordedAttachment, RecordedMessage
from .server import FakeDiscord
from .strict import RecordedRequest
from .world import FakeChannel, FakeRole, FakeUser

__all__ = [
    "BotRunner",
    "FakeChannel",
    "FakeDiscord",
    "FakeDiscordFailure",
    "FakeRole",
    "FakeUser",
    "InjectedInteraction",
    "LogGuard",
    "MessageEvent",
    "RecordedAttachment",
    "RecordedMessage",
    "RecordedRequest",
    "Rejection",
    "RoundTrip",
    "handles_component",
    "measure_round_trip",
    "running",
    "serving",
]
