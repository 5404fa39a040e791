"""Where a move's round trip goes: timestamps taken inside the running bot, stage by stage.

The probe wraps a few of the bot's own calls (on its instances, or module attributes that
the bot's Table looks up at call time) and the fake's body reader, and restores them afterwards.
Each wrapper only reads the clock: microseconds against the milliseconds measured.
"""

from __future__ import annotations

import functools
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import rendering
from bot.client import SymposionBot
from tests.e2e.fake_discord import rest as fake_rest

START, RECORDED = "start", "recorded"
# (from mark, to mark, what happens in between), in the order a move goes through them.
STAGES: tuple[tuple[str, str, str], ...] = (
    (START, "handler", "fake -> bot: gateway event, parse, route to the button"),
    ("handler", "transaction", "turn and version checks, engine apply, views, dump"),
    ("transaction", "commit", "waiting for sqlite's connection (queued statements)"),
    ("commit", "commit done", "sqlite: the statements and COMMIT in one trip (fsync)"),
    ("commit done", "show", "the new turn's choices, answer the click (defer)"),
    ("show", "draw", "hand over to the render thread"),
    ("draw", "png", "draw the board"),
    ("png", "png done", "PNG encode"),
    ("png done", "upload", "back on the event loop, build the message"),
    ("upload", "fake", "discord.py sends the request; the fake's server takes it"),
    ("fake", "fake read", "the fake reads the multipart body (the image)"),
    ("fake read", RECORDED, "the fake checks, stores and records the message"),
)


@dataclass
class Timeline:
    """The first time each named mark was reached during the current sample."""

    marks: dict[str, float] = field(default_factory=dict)
    active: bool = False
    samples: list[dict[str, float]] = field(default_factory=list)

    def begin(self, started: float) -> None:
        """A new sample starts now (before the injection)."""
        self.marks = {START: started}
        self.active = True

    def mark(self, name: str) -> None:
        """Note the first time `name` is reached in this sample."""
        if self.active and name not in self.marks:
            self.marks[name] = time.perf_counter()

    def mark_after(self, earlier: str, name: str) -> None:
        """Note `name` only once `earlier` has been reached (e.g. the board's upload)."""
        if earlier in self.marks:
            self.mark(name)

    def end(self, recorded: float) -> None:
        """The sample is over: the fake recorded the message at `recorded`."""
        self.marks[RECORDED] = recorded
        self.samples.append(self.marks)
        self.active = False


def _around(call: Callable[..., Any], timeline: Timeline, before: str, after: str | None) -> Any:
    """Wrap an async callable with marks on entry and (optionally) on return."""

    @functools.wraps(call)
    async def wrapped(*args: Any, **kwargs: Any) -> Any:
        timeline.mark(before)
        result = await call(*args, **kwargs)
        if after is not None:
            timeline.mark(after)
        return result

    return wrapped


def _commit_probe(call: Callable[..., Any], timeline: Timeline) -> Any:
    """Mark the move's own COMMIT (after its transaction began), not an earlier record's."""

    @functools.wraps(call)
    async def wrapped(*args: Any, **kwargs: Any) -> Any:
        timeline.mark_after("transaction", "commit")
        result = await call(*args, **kwargs)
        timeline.mark_after("commit", "commit done")
        return result

    return wrapped


def _sync_around(call: Callable[..., Any], timeline: Timeline, before: str, after: str) -> Any:
    """Wrap a plain callable (it may run in a worker thread) with marks on entry and return."""

    @functools.wraps(call)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        timeline.mark(before)
        result = call(*args, **kwargs)
        timeline.mark(after)
        return result

    return wrapped


def _on_call(call: Callable[..., Any], timeline: Timeline, name: str) -> Any:
    """Mark when a call starts (it returns a coroutine that is awaited later)."""

    @functools.wraps(call)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        timeline.mark(name)
        return call(*args, **kwargs)

    return wrapped


def _fake_reads(call: Callable[..., Any], timeline: Timeline) -> Any:
    """Mark when the fake starts and ends reading a request body sent after the upload mark."""

    @functools.wraps(call)
    async def wrapped(*args: Any, **kwargs: Any) -> Any:
        timeline.mark_after("upload", "fake")
        result = await call(*args, **kwargs)
        timeline.mark_after("fake", "fake read")
        return result

    return wrapped


def install(bot: SymposionBot, timeline: Timeline) -> Callable[[], None]:
    """Put the probes into a running bot; returns the function that takes them out again."""
    service, store = bot.service, bot.store
    assert store is not None
    backend: Any = store.backend  # the sqlite backend (its connection and commit steps)
    db = backend._db  # the sqlite connection a group of transactions commits on
    patches: list[tuple[object, str, Any]] = [
        (service.moves, "move", _around(service.moves.move, timeline, "handler", None)),
        (bot.table, "show", _around(bot.table.show, timeline, "show", None)),
        (store.moves, "record", _around(store.moves.record, timeline, "transaction", None)),
        (db, "commit", _commit_probe(db.commit, timeline)),
        # a transaction alone sends its COMMIT with its last statement (SqliteBackend._keep),
        # a move's (it reads nothing) goes in a batch with the COMMIT (SqliteBackend._send)
        (backend, "_keep", _commit_probe(backend._keep, timeline)),
        (backend, "_send", _commit_probe(backend._send, timeline)),
        (rendering, "board_png", _on_call(rendering.board_png, timeline, "draw")),
        (rendering, "upload_png", _sync_around(rendering.upload_png, timeline, "png", "png done")),
        (bot.http, "send_message", _on_call(bot.http.send_message, timeline, "upload")),
        (bot.http, "edit_message", _on_call(bot.http.edit_message, timeline, "upload")),
        (fake_rest, "read_body", _fake_reads(fake_rest.read_body, timeline)),
    ]
    saved = [(owner, name, owner.__dict__.get(name)) for owner, name, _ in patches]
    for owner, name, wrapper in patches:
        setattr(owner, name, wrapper)

    def remove() -> None:
        for owner, name, old in saved:
            if old is None:
                delattr(owner, name)
            else:
                setattr(owner, name, old)

    return remove


def stage_rows(samples: Sequence[dict[str, float]], total_ms: float) -> list[list[object]]:
    """Median milliseconds of each stage over the samples that reached both of its marks."""
    rows: list[list[object]] = []
    for start, end, what in STAGES:
        spans = [1000 * (s[end] - s[start]) for s in samples if start in s and end in s]
        if not spans:
            rows.append([what, 0, "-", "-"])
            continue
        median = statistics.median(spans)
        rows.append([what, len(spans), median, 100 * median / total_ms])
    return rows
