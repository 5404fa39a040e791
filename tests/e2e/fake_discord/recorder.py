"""Everything the bot sent or edited, as snapshots a test can query and wait for."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable, Iterable
from typing import Any, Literal

from . import rules
from .store import StoredMessage, json_copy

EventKind = Literal["create", "edit", "delete"]
Predicate = Callable[["RecordedMessage"], bool]
WaiterKey = tuple[str, int | None] | None  # ("channel" or "cause", id); None: any event


@dataclasses.dataclass(frozen=True)
class RecordedAttachment:
    """A file the bot uploaded, bytes included."""

    id: int
    filename: str
    data: bytes
    content_type: str


@dataclasses.dataclass(frozen=True)
class RecordedMessage:
    """One state of one message the bot sent (a new snapshot per edit)."""

    id: int
    channel_id: int
    guild_id: int | None
    dm_user_id: int | None
    author_id: int
    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: tuple[RecordedAttachment, ...]
    flags: int
    ephemeral: bool
    loading: bool
    interaction_id: int | None
    interaction_user_id: int | None
    cause_interaction_id: int | None
    version: int
    deleted: bool
    payload: dict[str, Any]

    @property
    def is_dm(self) -> bool:
        """Whether the message went to a DM channel."""
        return self.dm_user_id is not None

    @property
    def text(self) -> str:
        """Content plus every embed's visible text, for simple `in` checks."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for field in embed.get("fields") or []:
                parts += [field.get("name") or "", field.get("value") or ""]
            parts.append((embed.get("footer") or {}).get("text") or "")
        return "\n".join(p for p in parts if p)

    @property
    def files(self) -> dict[str, bytes]:
        """Uploaded bytes by filename."""
        return {a.filename: a.data for a in self.attachments}

    def all_components(self) -> list[dict[str, Any]]:
        """Every interactive component (buttons, selects), rows flattened."""
        return [c for c in rules.walk(self.components) if c.get("type") != rules.ACTION_ROW]

    def buttons(self) -> list[dict[str, Any]]:
        """Every button, in display order."""
        return [c for c in self.all_components() if c.get("type") == rules.BUTTON]

    def selects(self) -> list[dict[str, Any]]:
        """Every select menu, in display order."""
        return [c for c in self.all_components() if c.get("type") in rules.SELECT_TYPES]

    def custom_ids(self) -> list[str]:
        """The custom_ids of every component, in display order."""
        return [c["custom_id"] for c in self.all_components() if c.get("custom_id")]

    def component(
        self, *, label: str | None = None, custom_id: str | None = None, prefix: str | None = None
    ) -> dict[str, Any]:
        """Return the one component matching a label, an exact custom_id or a custom_id prefix."""
        found = [
            c
            for c in self.all_components()
            if (label is None or c.get("label") == label)
            and (custom_id is None or c.get("custom_id") == custom_id)
            and (prefix is None or str(c.get("custom_id", "")).startswith(prefix))
        ]
        if len(found) != 1:
            shown = [(c.get("label"), c.get("custom_id")) for c in self.all_components()]
            raise LookupError(
                f"{len(found)} components match label={label!r} custom_id={custom_id!r} "
                f"prefix={prefix!r} on message {self.id}; it has {shown}"
            )
        return found[0]


@dataclasses.dataclass(frozen=True)
class MessageEvent:
    """A create, edit or delete, numbered in the order the fake saw them."""

    seq: int
    kind: EventKind
    message: RecordedMessage
    at: float


@dataclasses.dataclass(eq=False)  # one waiter is itself: removed by identity, not fields
class _Waiter:
    """A pending `wait_for`."""

    predicate: Predicate
    since: int
    kinds: frozenset[EventKind]
    include_loading: bool
    future: asyncio.Future[MessageEvent]
    channel_id: int | None = None
    cause_interaction_id: int | None = None
    order: int = 0

    @property
    def key(self) -> WaiterKey:
        """Where the recorder files it: by the interaction or channel it is limited to."""
        if self.cause_interaction_id is not None:
            return ("cause", self.cause_interaction_id)
        if self.channel_id is not None:
            return ("channel", self.channel_id)
        return None


class Recorder:
    """Keeps every message event and wakes the tests waiting for one."""

    def __init__(self, cdn: Callable[[], str]) -> None:
        """Record nothing yet; `cdn` gives the base URL attachments are served from."""
        self._cdn = cdn
        self.events: list[MessageEvent] = []
        self._latest: dict[int, RecordedMessage] = {}
        self._in_channel: dict[int, dict[int, RecordedMessage]] = {}  # _latest by channel
        # Pending waits by key: an event is shown only to those of its channel, its cause
        # and the unlimited ones (50 games' waiters were each asked about every event).
        self._waiters: dict[WaiterKey, list[_Waiter]] = {}
        self._order = 0
        self._failure: BaseException | None = None

    @property
    def seq(self) -> int:
        """The number of the latest event (0 before any)."""
        return len(self.events)

    def record(self, kind: EventKind, message: StoredMessage) -> RecordedMessage:
        """Snapshot a message after a change and wake matching waiters."""
        snap = self.snapshot(message)
        event = MessageEvent(len(self.events) + 1, kind, snap, time.perf_counter())
        self.events.append(event)
        self._latest[snap.id] = snap
        self._in_channel.setdefault(snap.channel_id, {})[snap.id] = snap
        for waiter in self._candidates(snap):
            try:
                matched = self._matches(waiter, event)
            except Exception as exc:  # a broken predicate fails its own wait, not the fake
                self._drop(waiter)
                if not waiter.future.done():
                    waiter.future.set_exception(exc)
                continue
            if matched:
                self._drop(waiter)
                if not waiter.future.done():
                    waiter.future.set_result(event)
        return snap

    def _candidates(self, snap: RecordedMessage) -> list[_Waiter]:
        """The waiters an event may satisfy, in the order they began waiting."""
        groups = [
            group
            for key in (None, ("channel", snap.channel_id), ("cause", snap.cause_interaction_id))
            if (group := self._waiters.get(key))
        ]
        if len(groups) == 1:
            return list(groups[0])
        return sorted((w for group in groups for w in group), key=lambda w: w.order)

    def _drop(self, waiter: _Waiter) -> None:
        """Forget a waiter (it matched, failed or gave up)."""
        group = self._waiters.get(waiter.key)
        if group is not None and waiter in group:
            group.remove(waiter)
            if not group:
                del self._waiters[waiter.key]

    def snapshot(self, message: StoredMessage) -> RecordedMessage:
        """Build a frozen snapshot of a stored message."""
        link = message.interaction
        payload = message.payload(self._cdn())
        for part in ("embeds", "components"):  # the test's own copy, never the stored lists
            payload[part] = json_copy(payload[part])
        return RecordedMessage(
            id=message.id,
            channel_id=message.channel.id,
            guild_id=message.channel.guild_id,
            dm_user_id=message.channel.recipient_id,
            author_id=message.author.id,
            content=message.content,
            embeds=payload["embeds"],
            components=payload["components"],
            attachments=tuple(
                RecordedAttachment(a.id, a.filename, a.data, a.content_type)
                for a in message.attachments
            ),
            flags=message.flags,
            ephemeral=message.ephemeral,
            loading=message.loading,
            interaction_id=None if link is None else link.id,
            interaction_user_id=None if link is None else link.user.id,
            cause_interaction_id=message.cause,
            version=message.version,
            deleted=message.deleted,
            payload=payload,
        )

    # --- queries ------------------------------------------------------------------------

    def messages(
        self,
        channel_id: int | None = None,
        *,
        ephemeral: bool | None = None,
        interaction_id: int | None = None,
        include_deleted: bool = False,
    ) -> list[RecordedMessage]:
        """Current state of every message, oldest first, filtered as asked."""
        latest = self._latest if channel_id is None else self._in_channel.get(channel_id, {})
        found = sorted(latest.values(), key=lambda m: m.id)  # one channel's: not every one's
        return [
            m
            for m in found
            if (ephemeral is None or m.ephemeral == ephemeral)
            and (interaction_id is None or m.interaction_id == interaction_id)
            and (include_deleted or not m.deleted)
        ]

    def latest(self, message_id: int) -> RecordedMessage:
        """Current state of one message."""
        return self._latest[message_id]

    def history(self, message_id: int) -> list[RecordedMessage]:
        """Every state one message went through, oldest first."""
        return [e.message for e in self.events if e.message.id == message_id]

    # --- waiting ------------------------------------------------------------------------

    async def wait_for(
        self,
        predicate: Predicate,
        *,
        timeout: float,
        since: int,
        kinds: Iterable[EventKind] = ("create", "edit"),
        include_loading: bool = False,
        channel_id: int | None = None,
        cause_interaction_id: int | None = None,
    ) -> MessageEvent:
        """Return the first event after `since` whose snapshot matches; wait if none yet.
        `channel_id` / `cause_interaction_id`: only messages of that channel / caused by that
        interaction (the predicate is then not even asked about the others)."""
        if self._failure is not None:
            raise self._failure
        self._order += 1
        waiter = _Waiter(
            predicate,
            since,
            frozenset(kinds),
            include_loading,
            asyncio.get_running_loop().create_future(),
            channel_id,
            cause_interaction_id,
            self._order,
        )
        for event in self.events[since:]:
            if self._matches(waiter, event):
                return event
        self._waiters.setdefault(waiter.key, []).append(waiter)
        try:
            return await asyncio.wait_for(waiter.future, timeout)
        except TimeoutError:
            raise TimeoutError(self._timeout_report(since, timeout)) from None
        finally:
            self._drop(waiter)

    def abort(self, failure: BaseException) -> None:
        """Fail every pending and future wait with this error."""
        if self._failure is None:
            self._failure = failure
        for group in self._waiters.values():
            for waiter in group:
                if not waiter.future.done():
                    waiter.future.set_exception(failure)
        self._waiters.clear()

    def clear_abort(self) -> None:
        """Let waits work again after a failure was handled."""
        self._failure = None

    @staticmethod
    def _matches(waiter: _Waiter, event: MessageEvent) -> bool:
        """Whether an event satisfies a waiter."""
        message = event.message
        return (
            event.seq > waiter.since
            and (waiter.channel_id is None or message.channel_id == waiter.channel_id)
            and (
                waiter.cause_interaction_id is None
                or message.cause_interaction_id == waiter.cause_interaction_id
            )
            and event.kind in waiter.kinds
            and (waiter.include_loading or not message.loading)
            and waiter.predicate(message)
        )

    def _timeout_report(self, since: int, timeout: float) -> str:
        """Describe what did arrive, so a timed-out wait explains itself."""
        seen = [
            f"  #{e.seq} {e.kind} msg {e.message.id} ch {e.message.channel_id}: "
            f"{e.message.text[:80]!r} ids={e.message.custom_ids()[:6]}"
            for e in self.events[since:]
        ]
        listing = "\n".join(seen) if seen else "  (nothing)"
        return f"no matching message within {timeout}s; events since #{since}:\n{listing}"
