"""The strict gate: each request the bot sends is checked as Discord would, before the fake acts.

Against Discord's own description of the operation (path, query and body; a multipart request's
`payload_json` is its body) and the documented size limit of an upload: the interaction's
`attachment_size_limit` for interaction responses and followups, else 10 MiB. A request that
breaks either is refused with Discord's 400 'Invalid Form Body' (50035) naming each field; the
rules Discord documents beyond its schema are checked where the fake handles each request
(rules.py, commands.py). Every request is recorded, checked or not, for tests to look at.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Mapping
from typing import Any

from .errors import form_errors
from .interactions import InteractionDesk
from .openapi import description
from .store import Upload

DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024  # a server without boosts
INTERACTION_TOKEN = re.compile(r"^/(?:interactions/[^/]+|webhooks/[^/]+)/([^/]+)")


@dataclasses.dataclass(frozen=True)
class RecordedRequest:
    """One REST request the bot sent: where, its query, its JSON body and its files' sizes."""

    method: str
    path: str
    query: Mapping[str, str]
    body: Any
    upload_sizes: tuple[int, ...] = ()

    def mentioned_users(self) -> list[int]:
        """The user ids the body allows to be pinged (`allowed_mentions.users`)."""
        allowed = self.body.get("allowed_mentions") if isinstance(self.body, dict) else None
        users = (allowed or {}).get("users") or []
        return [int(u) for u in users]


class StrictGate:
    """Checks each request and keeps the count and time spent, to keep the cost in view."""

    def __init__(self, desk: InteractionDesk) -> None:
        """On until a test or benchmark turns it off; uses the desk to find interactions."""
        self.enabled = True
        self.desk = desk
        self.checked = 0
        self.seconds = 0.0

    def check(
        self, method: str, path: str, query: Mapping[str, str], body: Any, uploads: list[Upload]
    ) -> None:
        """Refuse (FakeHTTPError 400/50035) a request Discord would refuse; `path` is under
        /api/v10."""
        if not self.enabled:
            return
        started = time.perf_counter()
        try:
            found = self._schema(method, path, query, body) + self._sizes(path, uploads)
        finally:
            self.checked += 1
            self.seconds += time.perf_counter() - started
        if found:
            raise form_errors(found)

    def _schema(
        self, method: str, path: str, query: Mapping[str, str], body: Any
    ) -> list[tuple[tuple[str | int, ...], str, str]]:
        """What Discord's description of the operation refuses (nothing for routes it lacks:
        the fake answers those as unknown endpoints)."""
        hit = description().find(method, path)
        if hit is None:
            return []
        operation, path_values = hit
        return [(e.where, e.code, e.message) for e in operation.check(path_values, query, body)]

    def _sizes(
        self, path: str, uploads: list[Upload]
    ) -> list[tuple[tuple[str | int, ...], str, str]]:
        """Each file over the limit, named by its form field as Discord names it."""
        if not uploads:
            return []
        limit = self.upload_limit(path)
        kib = f"{limit / 1024:.2f}"
        return [
            (
                (f"files[{u.index}]",),
                "BINARY_TYPE_MAX_SIZE",
                f"File cannot be larger than {kib} kb.",
            )
            for u in uploads
            if len(u.data) > limit
        ]

    def upload_limit(self, path: str) -> int:
        """The largest file a request may carry: its interaction's limit, else 10 MiB."""
        match = INTERACTION_TOKEN.match(path)
        interaction = self.desk.by_token.get(match.group(1)) if match else None
        if interaction is None:
            return DEFAULT_UPLOAD_LIMIT
        return int(interaction.payload.get("attachment_size_limit") or DEFAULT_UPLOAD_LIMIT)
