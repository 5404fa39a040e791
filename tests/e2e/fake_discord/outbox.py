"""Where every bot message lands: stored, recorded for tests, echoed on the gateway."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from .errors import UNKNOWN_MESSAGE, FakeHTTPError
from .ids import Snowflakes
from .recorder import Recorder
from .store import InteractionLink, MessageBuilder, StoredMessage, Upload
from .world import FakeChannel, FakeUser

Notify = Callable[[str, dict[str, Any], FakeChannel], Awaitable[None]]


class Outbox:
    """Creates, edits and deletes messages; the single place that records them."""

    def __init__(
        self, ids: Snowflakes, recorder: Recorder, bot: FakeUser, cdn: Callable[[], str]
    ) -> None:
        """Start empty; `notify` is set once the gateway exists."""
        self.builder = MessageBuilder(ids)
        self.recorder = recorder
        self.stored: dict[int, StoredMessage] = {}
        self._bot = bot
        self._cdn = cdn
        self.notify: Notify | None = None

    async def create(
        self,
        channel: FakeChannel,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        interaction: InteractionLink | None = None,
        webhook_id: int | None = None,
        allow_empty: bool = False,
        message_type: int = 0,
    ) -> StoredMessage:
        """Store a new bot message, record it and echo MESSAGE_CREATE."""
        message = self.builder.create(channel, self._bot, body, uploads, allow_empty=allow_empty)
        message.interaction = interaction
        message.cause = None if interaction is None else interaction.id
        message.webhook_id = webhook_id
        message.type = message_type
        self.stored[message.id] = message
        self.recorder.record("create", message)
        await self._echo("MESSAGE_CREATE", message)
        return message

    async def edit(
        self,
        message: StoredMessage,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        cause: int | None,
    ) -> None:
        """Apply an edit, record it and echo MESSAGE_UPDATE."""
        self.builder.edit(message, body, uploads)
        message.cause = cause
        self.recorder.record("edit", message)
        await self._echo("MESSAGE_UPDATE", message)

    async def delete(self, message: StoredMessage) -> None:
        """Mark a message deleted, record it and echo MESSAGE_DELETE."""
        message.deleted = True
        self.recorder.record("delete", message)
        if self.notify is not None and not message.ephemeral:
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if message.channel.guild_id is not None:
                data["guild_id"] = str(message.channel.guild_id)
            await self.notify("MESSAGE_DELETE", data, message.channel)

    def in_channel(self, channel_id: int, message_id: int) -> StoredMessage:
        """A live, non-ephemeral message in a channel, or 404 Unknown Message."""
        message = self.stored.get(message_id)
        if (
            message is None
            or message.deleted
            or message.ephemeral
            or message.channel.id != channel_id
        ):
            raise FakeHTTPError(404, UNKNOWN_MESSAGE, "Unknown Message", kind="not-found")
        return message

    def channel_history(self, channel_id: int) -> list[StoredMessage]:
        """Live, non-ephemeral messages of a channel, newest first."""
        found = [
            m
            for m in self.stored.values()
            if m.channel.id == channel_id and not m.deleted and not m.ephemeral
        ]
        return sorted(found, key=lambda m: m.id, reverse=True)

    def payload(self, message: StoredMessage) -> dict[str, Any]:
        """The message JSON as REST answers it."""
        return message.payload(self._cdn())

    async def _echo(self, event: str, message: StoredMessage) -> None:
        """Send the gateway event other clients would see (never for ephemeral messages)."""
        if self.notify is None or message.ephemeral:
            return
        await self.notify(event, self.payload(message), message.channel)
