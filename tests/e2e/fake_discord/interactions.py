"""Interaction lifecycles: the callback, followups and @original, with Discord's timing rules."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import TYPE_CHECKING, Any

from . import rules
from .errors import (
    ALREADY_ACKNOWLEDGED,
    INVALID_WEBHOOK_TOKEN,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    FakeHTTPError,
    invalid,
)
from .inject import APPLICATION_COMMAND, AUTOCOMPLETE, MESSAGE_COMPONENT
from .outbox import Outbox
from .store import EPHEMERAL, LOADING, InteractionLink, StoredMessage, Upload
from .world import FakeChannel, FakeUser

if TYPE_CHECKING:
    from .recorder import Predicate, RecordedMessage

PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, AUTOCOMPLETE_RESULT, MODAL = (
    1, 4, 5, 6, 7, 8, 9
)  # fmt: skip
CHAT_INPUT_COMMAND_MESSAGE = 20
TOKEN_LIFE = 15 * 60.0  # seconds an interaction's token answers followups and edits


@dataclasses.dataclass(eq=False)
class InjectedInteraction:
    """One interaction the fake dispatched, and how the bot answered it."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    payload: dict[str, Any]
    name: str | None
    message: StoredMessage | None
    desk: InteractionDesk
    dispatched_at: float = 0.0
    since: int = 0
    response_type: int | None = None
    response_message: StoredMessage | None = None
    followups: list[StoredMessage] = dataclasses.field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    unanswered_ok: bool = False
    late: bool = False
    answered: asyncio.Event = dataclasses.field(default_factory=asyncio.Event)

    @property
    def ephemeral(self) -> bool:
        """Whether the bot's response to this interaction is ephemeral."""
        return self.response_message is not None and self.response_message.ephemeral

    def expect_unanswered(self) -> None:
        """Declare that this interaction is meant to go without a callback."""
        self.unanswered_ok = True

    async def wait_answered(self, timeout: float = 5.0) -> int:
        """Wait for the accepted callback and return its response type."""
        await asyncio.wait_for(self.answered.wait(), timeout)
        assert self.response_type is not None
        return self.response_type

    async def wait_choices(self, timeout: float = 5.0) -> list[dict[str, Any]]:
        """Wait for an autocomplete answer and return its choices."""
        await self.wait_answered(timeout)
        if self.choices is None:
            raise AssertionError(f"autocomplete answered with type {self.response_type}")
        return self.choices

    async def wait_message(
        self, predicate: Predicate | None = None, *, timeout: float = 5.0
    ) -> RecordedMessage:
        """Wait for a message this interaction caused (response, followup or update)."""

        def caused(message: RecordedMessage) -> bool:
            return message.cause_interaction_id == self.id and (
                predicate is None or predicate(message)
            )

        recorder = self.desk.outbox.recorder
        event = await recorder.wait_for(
            caused, timeout=timeout, since=self.since, cause_interaction_id=self.id
        )
        return event.message

    def messages(self) -> list[RecordedMessage]:
        """Current state of every message this interaction created."""
        return self.desk.outbox.recorder.messages(interaction_id=self.id)


class InteractionDesk:
    """Answers the callback and webhook endpoints for injected interactions."""

    def __init__(self, outbox: Outbox, application_id: int) -> None:
        """Know no interactions yet; the 3-second limit starts at Discord's value."""
        self.outbox = outbox
        self.application_id = application_id
        self.timeout = 3.0
        self.skew = 0.0  # seconds the test moved the clock on (advance_clock), never slept
        self.by_id: dict[int, InjectedInteraction] = {}
        self.by_token: dict[str, InjectedInteraction] = {}

    def now(self) -> float:
        """The desk's clock: monotonic time plus what tests moved it on."""
        return time.monotonic() + self.skew

    def add(self, interaction: InjectedInteraction) -> None:
        """Track a dispatched interaction."""
        self.by_id[interaction.id] = interaction
        self.by_token[interaction.token] = interaction

    # --- POST /interactions/{id}/{token}/callback ---------------------------------------

    async def callback(
        self, interaction_id: int, token: str, body: dict[str, Any], uploads: list[Upload]
    ) -> dict[str, Any]:
        """Apply the one allowed initial response, within the time limit."""
        it = self.by_id.get(interaction_id)
        if it is None or it.token != token:
            raise FakeHTTPError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        if it.response_type is not None:
            raise FakeHTTPError(
                400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."
            )
        late = self.now() - it.dispatched_at
        if late > self.timeout:
            it.late = True
            raise FakeHTTPError(
                404, UNKNOWN_INTERACTION, f"Unknown interaction (answered after {late:.2f}s)"
            )
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        handler = {
            MESSAGE: self._respond_message,
            DEFERRED_MESSAGE: self._respond_deferred,
            DEFERRED_UPDATE: self._respond_deferred_update,
            UPDATE: self._respond_update,
            AUTOCOMPLETE_RESULT: self._respond_choices,
        }.get(kind)
        if handler is None:
            raise invalid(f"response type {kind} is not supported for this interaction", "type")
        resource = await handler(it, data, uploads)
        it.response_type = kind
        it.answered.set()
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(it.id),
                "type": it.type,
                "response_message_id": None,
                "response_message_loading": kind == DEFERRED_MESSAGE,
                "response_message_ephemeral": False,
            }
        }
        if resource is not None:
            answer["interaction"]["response_message_id"] = str(resource.id)
            answer["interaction"]["response_message_ephemeral"] = resource.ephemeral
            answer["resource"] = {"type": kind, "message": self.outbox.payload(resource)}
        return answer

    def _require(self, it: InjectedInteraction, kinds: tuple[int, ...], response: int) -> None:
        """Refuse a response type that does not fit the interaction type."""
        if it.type not in kinds:
            raise invalid(
                f"response type {response} is invalid for interaction type {it.type}", "type"
            )

    def _link(self, it: InjectedInteraction) -> InteractionLink:
        """The interaction metadata a response message carries."""
        return InteractionLink(it.id, it.type, it.user, it.name)

    async def _respond_message(
        self, it: InjectedInteraction, data: dict[str, Any], uploads: list[Upload]
    ) -> StoredMessage:
        """Type 4: a new message in the interaction's channel."""
        self._require(it, (APPLICATION_COMMAND, MESSAGE_COMPONENT), MESSAGE)
        message = await self.outbox.create(
            it.channel,
            {**data, "flags": int(data.get("flags") or 0)},
            uploads,
            interaction=self._link(it),
            webhook_id=self.application_id,
            message_type=CHAT_INPUT_COMMAND_MESSAGE if it.type == APPLICATION_COMMAND else 0,
        )
        it.response_message = message
        return message

    async def _respond_deferred(
        self, it: InjectedInteraction, data: dict[str, Any], uploads: list[Upload]
    ) -> StoredMessage:
        """Type 5: a 'thinking…' placeholder the first followup fills in."""
        self._require(it, (APPLICATION_COMMAND, MESSAGE_COMPONENT), DEFERRED_MESSAGE)
        flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
        message = await self.outbox.create(
            it.channel,
            {"flags": flags},
            [],
            interaction=self._link(it),
            webhook_id=self.application_id,
            allow_empty=True,
            message_type=CHAT_INPUT_COMMAND_MESSAGE if it.type == APPLICATION_COMMAND else 0,
        )
        it.response_message = message
        return message

    async def _respond_deferred_update(
        self, it: InjectedInteraction, data: dict[str, Any], uploads: list[Upload]
    ) -> None:
        """Type 6: acknowledge a component without changing anything yet."""
        self._require(it, (MESSAGE_COMPONENT,), DEFERRED_UPDATE)

    async def _respond_update(
        self, it: InjectedInteraction, data: dict[str, Any], uploads: list[Upload]
    ) -> StoredMessage:
        """Type 7: edit the message the component sits on."""
        self._require(it, (MESSAGE_COMPONENT,), UPDATE)
        assert it.message is not None
        await self.outbox.edit(it.message, data, uploads, cause=it.id)
        return it.message

    async def _respond_choices(
        self, it: InjectedInteraction, data: dict[str, Any], uploads: list[Upload]
    ) -> None:
        """Type 8: autocomplete choices (checked against Discord's limits)."""
        self._require(it, (AUTOCOMPLETE,), AUTOCOMPLETE_RESULT)
        it.choices = rules.check_autocomplete(data)

    # --- /webhooks/{application}/{token}... -------------------------------------------

    def _by_token(self, application_id: int, token: str) -> InjectedInteraction:
        """The interaction behind a webhook token, once it has been acknowledged and while it
        lives (15 minutes from the interaction; later Discord answers 401, code 50027)."""
        it = self.by_token.get(token)
        if application_id != self.application_id or it is None:
            raise FakeHTTPError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        if it.response_type is None:
            raise FakeHTTPError(404, UNKNOWN_WEBHOOK, "Unknown Webhook (no initial response yet)")
        if it.type == AUTOCOMPLETE:
            raise FakeHTTPError(
                404, UNKNOWN_WEBHOOK, "Unknown Webhook (autocomplete has no messages)"
            )
        age = self.now() - it.dispatched_at
        if age > TOKEN_LIFE:
            raise FakeHTTPError(
                401, INVALID_WEBHOOK_TOKEN, f"Invalid Webhook Token (used after {age:.0f}s)"
            )
        return it

    async def followup(
        self, application_id: int, token: str, body: dict[str, Any], uploads: list[Upload]
    ) -> dict[str, Any]:
        """A followup message; the first one after a 'thinking' defer replaces the placeholder."""
        it = self._by_token(application_id, token)
        placeholder = it.response_message
        if placeholder is not None and placeholder.loading and not placeholder.deleted:
            await self.outbox.edit(placeholder, body, uploads, cause=it.id)
            return self.outbox.payload(placeholder)
        message = await self.outbox.create(
            it.channel,
            {**body, "flags": int(body.get("flags") or 0)},
            uploads,
            interaction=self._link(it),
            webhook_id=self.application_id,
        )
        it.followups.append(message)
        return self.outbox.payload(message)

    def _message(self, it: InjectedInteraction, ref: str) -> StoredMessage:
        """Resolve '@original' or a message id within what this interaction may touch."""
        if ref == "@original":
            message = it.response_message
            if message is None and it.response_type in (DEFERRED_UPDATE, UPDATE):
                message = it.message
        else:
            mine = [it.response_message, it.message, *it.followups]
            message = next((m for m in mine if m is not None and m.id == int(ref)), None)
            if message is None:
                found = self.outbox.stored.get(int(ref))
                same_place = found is not None and found.channel.id == it.channel.id
                message = (
                    found if same_place and found is not None and not found.ephemeral else None
                )
        if message is None or message.deleted:
            raise FakeHTTPError(404, UNKNOWN_MESSAGE, "Unknown Message", kind="not-found")
        return message

    async def get_message(self, application_id: int, token: str, ref: str) -> dict[str, Any]:
        """GET a response or followup message."""
        return self.outbox.payload(self._message(self._by_token(application_id, token), ref))

    async def edit_message(
        self, application_id: int, token: str, ref: str, body: dict[str, Any], uploads: list[Upload]
    ) -> dict[str, Any]:
        """PATCH a response or followup message (this also fills a 'thinking…' placeholder)."""
        it = self._by_token(application_id, token)
        message = self._message(it, ref)
        await self.outbox.edit(message, body, uploads, cause=it.id)
        return self.outbox.payload(message)

    async def delete_message(self, application_id: int, token: str, ref: str) -> None:
        """DELETE a response or followup message."""
        it = self._by_token(application_id, token)
        await self.outbox.delete(self._message(it, ref))

    # --- teardown -----------------------------------------------------------------------

    def problems(self) -> list[str]:
        """Interactions a user would have seen fail: never answered, or left 'thinking…'."""
        found = []
        for it in self.by_id.values():
            if it.unanswered_ok or it.late:
                continue
            what = f"interaction {it.id} ({it.name or it.type}) from {it.user.name}"
            if it.response_type is None:
                found.append(f"{what} was never answered (Discord shows 'interaction failed')")
            elif (response := it.response_message) and response.loading and not response.deleted:
                found.append(f"{what} was deferred but left 'thinking…' forever")
        return found
