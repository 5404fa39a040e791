"""Errors the fake answers with, and the record of every refusal it made."""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

RejectionKind = Literal["rule", "unknown-endpoint", "not-found", "refused", "internal"]

# Codes Discord uses for the refusals the fake reproduces.
UNKNOWN_ENDPOINT = 0
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_COMMAND = 10063
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
CANNOT_EDIT_OTHERS = 50005
EMPTY_MESSAGE = 50006
THREAD_ARCHIVED = 50083
CANNOT_DM = 50007
MISSING_PERMISSIONS = 50013
INVALID_FORM_BODY = 50035

# Refusals that are Discord behaving normally, not the bot misbehaving.
BENIGN_KINDS: frozenset[RejectionKind] = frozenset({"not-found", "refused"})


class FakeHTTPError(Exception):
    """Raised inside a handler to answer the bot with a Discord-style error body."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        kind: RejectionKind = "rule",
        errors: dict[str, Any] | None = None,
    ) -> None:
        """Keep what the JSON error body and the rejection record need."""
        super().__init__(f"{status} (code {code}): {message}")
        self.status = status
        self.code = code
        self.message = message
        self.kind: RejectionKind = kind
        self.errors = errors or {}

    def body(self) -> dict[str, Any]:
        """Return the JSON body Discord would send."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def invalid(message: str, field: str = "") -> FakeHTTPError:
    """Build Discord's 400 'Invalid Form Body' for a broken limit."""
    errors = {field: {"_errors": [{"code": "BASE_TYPE_INVALID", "message": message}]}}
    return FakeHTTPError(400, INVALID_FORM_BODY, f"Invalid Form Body: {message}", errors=errors)


@dataclasses.dataclass(frozen=True)
class Rejection:
    """One request the fake refused, with the reason a test failure will show."""

    method: str
    path: str
    status: int
    code: int
    message: str
    kind: RejectionKind

    @property
    def is_bot_error(self) -> bool:
        """Whether this refusal means the bot broke a rule (so the test must fail)."""
        return self.kind not in BENIGN_KINDS

    def __str__(self) -> str:
        """Render as one line for failure reports."""
        where = f"{self.method} {self.path}"
        return f"{where} -> {self.status} code {self.code} ({self.kind}): {self.message}"


class FakeDiscordFailure(AssertionError):
    """Raised into a test when the bot broke a Discord rule or the bot's connection died."""
