"""Messages as the fake keeps them: Discord's JSON fields plus the uploaded bytes."""

from __future__ import annotations

import copy
import dataclasses
import mimetypes
from typing import Any

from . import rules
from .errors import invalid
from .ids import Snowflakes, iso_now
from .world import FakeChannel, FakeUser

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_EMBEDS = 1 << 2
EDITABLE_FLAGS = SUPPRESS_EMBEDS | rules.FLAG_COMPONENTS_V2


_IMMUTABLE = frozenset({str, int, float, bool, type(None)})


def json_copy(value: Any) -> Any:
    """A JSON value's own copy: the fake copies components at every message event, and
    copy.deepcopy (its memo, its dispatch) cost it 3-4x this walk. Strings and numbers are
    taken as they are without a call each (a third less time)."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _IMMUTABLE else json_copy(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _IMMUTABLE else json_copy(v) for v in value]
    if kind in _IMMUTABLE:
        return value
    return copy.deepcopy(value)  # not from JSON: copied the general way


@dataclasses.dataclass(frozen=True)
class Upload:
    """One `files[N]` part of a multipart request."""

    index: int
    filename: str
    data: bytes


@dataclasses.dataclass(frozen=True)
class StoredAttachment:
    """An attachment with its bytes, served back at `url`."""

    id: int
    filename: str
    data: bytes
    content_type: str
    description: str | None = None

    def payload(self, cdn: str, channel_id: int) -> dict[str, Any]:
        """Return the attachment object as Discord sends it."""
        url = f"{cdn}/attachments/{channel_id}/{self.id}/{self.filename}"
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        return data


@dataclasses.dataclass(frozen=True)
class InteractionLink:
    """Which interaction a message answered, and who triggered it."""

    id: int
    type: int
    user: FakeUser
    name: str | None


@dataclasses.dataclass
class StoredMessage:
    """A message the bot sent, in its current state."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    components: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    attachments: list[StoredAttachment] = dataclasses.field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = dataclasses.field(default_factory=iso_now)
    edited_timestamp: str | None = None
    interaction: InteractionLink | None = None
    cause: int | None = None
    webhook_id: int | None = None
    version: int = 0
    deleted: bool = False

    @property
    def ephemeral(self) -> bool:
        """Whether only the interacting user sees this message."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is a 'thinking…' placeholder not yet filled in."""
        return bool(self.flags & LOADING)

    def payload(self, cdn: str) -> dict[str, Any]:
        """Return the full message object as Discord sends it. Its embeds and components are
        the stored lists themselves, for JSON answers and events: a change replaces them, never
        alters them, and a snapshot that a test may hold copies them (recorder.py)."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload(cdn, self.channel.id) for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        if self.channel.guild_id is not None:
            data["guild_id"] = str(self.channel.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction is not None:
            link = self.interaction
            data["interaction_metadata"] = {
                "id": str(link.id),
                "type": link.type,
                "user": link.user.payload(),
                "authorizing_integration_owners": {},
            }
            if link.name is not None:
                data["interaction_metadata"]["name"] = link.name
        return data


class MessageBuilder:
    """Applies create and edit bodies to stored messages, enforcing Discord's limits."""

    def __init__(self, ids: Snowflakes) -> None:
        """Use the fake's snowflake source for message and attachment ids."""
        self._ids = ids

    def create(
        self,
        channel: FakeChannel,
        author: FakeUser,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        allow_empty: bool = False,
    ) -> StoredMessage:
        """Build a new message from a create body (content, embeds, components, files)."""
        rules.check_message_parts(body)
        message = StoredMessage(self._ids.next(), channel, author)
        self._apply(message, body, uploads)
        message.flags = int(body.get("flags") or 0)
        if not allow_empty:
            rules.check_not_empty(self.fields(message), len(message.attachments))
        return message

    def edit(self, message: StoredMessage, body: dict[str, Any], uploads: list[Upload]) -> None:
        """Apply an edit body in place; fields absent from the body stay as they were."""
        rules.check_message_parts(body)
        trial = dataclasses.replace(message, attachments=list(message.attachments))
        self._apply(trial, body, uploads)
        if "flags" in body and body["flags"] is not None:
            kept = message.flags & ~EDITABLE_FLAGS & ~LOADING
            trial.flags = kept | (int(body["flags"]) & EDITABLE_FLAGS)
        else:
            trial.flags = message.flags & ~LOADING
        rules.check_not_empty(self.fields(trial), len(trial.attachments))
        for field in dataclasses.fields(StoredMessage):
            setattr(message, field.name, getattr(trial, field.name))
        message.version += 1
        message.edited_timestamp = iso_now()

    def fill(self, message: StoredMessage, body: dict[str, Any], uploads: list[Upload]) -> None:
        """Fill a 'thinking…' placeholder with its first real content."""
        self.edit(message, body, uploads)

    @staticmethod
    def fields(message: StoredMessage) -> dict[str, Any]:
        """Return the fields the emptiness rule looks at."""
        return {
            "content": message.content,
            "embeds": message.embeds,
            "components": message.components,
        }

    def _apply(self, message: StoredMessage, body: dict[str, Any], uploads: list[Upload]) -> None:
        """Copy the present fields of a body onto a message."""
        if "content" in body:
            message.content = "" if body["content"] is None else str(body["content"])
        if "embeds" in body:
            message.embeds = json_copy(body["embeds"] or [])
        if "components" in body:
            message.components = number_components(json_copy(body["components"] or []))
        message.attachments = self._attachments(message.attachments, body, uploads)

    def _attachments(
        self, existing: list[StoredAttachment], body: dict[str, Any], uploads: list[Upload]
    ) -> list[StoredAttachment]:
        """Keep the listed existing attachments and add the uploaded files."""
        by_index = {u.index: u for u in uploads}
        if "attachments" not in body:
            return existing + [self._new(u, None, None) for u in uploads]
        kept_ids = {a.id: a for a in existing}
        result: list[StoredAttachment] = []
        used: set[int] = set()
        for entry in body["attachments"] or []:
            ref = int(entry["id"])
            if ref in kept_ids:
                result.append(kept_ids[ref])
            elif ref in by_index:
                used.add(ref)
                result.append(
                    self._new(by_index[ref], entry.get("filename"), entry.get("description"))
                )
            else:
                raise invalid(f"attachment {ref} is neither kept nor uploaded", "attachments")
        result.extend(self._new(u, None, None) for u in uploads if u.index not in used)
        return result

    def _new(
        self, upload: Upload, filename: str | None, description: str | None
    ) -> StoredAttachment:
        """Turn an upload into a stored attachment."""
        name = filename or upload.filename
        content_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
        return StoredAttachment(self._ids.next(), name, upload.data, content_type, description)


def number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Give every component Discord's sequential numeric `id` where the bot left none."""
    every = list(rules.walk(components))  # walked once, read twice
    used = {c["id"] for c in every if isinstance(c.get("id"), int)}
    next_id = 1
    for component in every:
        if "id" not in component or component["id"] is None:
            while next_id in used:
                next_id += 1
            component["id"] = next_id
            used.add(next_id)
    return components
