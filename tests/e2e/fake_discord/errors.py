"""Errors the fake answers with, and the record of every refusal it made."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any, Literal

RejectionKind = Literal[
    "rule", "unknown-endpoint", "not-found", "refused", "internal", "rate-limited"
]

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
INVALID_WEBHOOK_TOKEN = 50027
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
        details: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        """Keep what the JSON error body, its headers and the rejection record need; `details`
        are more fields of the body (a 429's `retry_after`)."""
        super().__init__(f"{status} (code {code}): {message}")
        self.status = status
        self.code = code
        self.message = message
        self.kind: RejectionKind = kind
        self.errors = errors or {}
        self.details = details or {}
        self.headers = headers or {}

    def body(self) -> dict[str, Any]:
        """Return the JSON body Discord would send (a 429's has no code)."""
        body: dict[str, Any] = {"message": self.message, "code": self.code} | self.details
        if self.status == 429:
            del body["code"]
        if self.errors:
            body["errors"] = self.errors
        return body

    def describe(self) -> str:
        """The message and every field the errors name, for a failure report."""
        fields = [f"in {where or 'the body'}: {why}" for where, why in flatten(self.errors)]
        return "; ".join([self.message, *fields])


FieldPath = Sequence[str | int]


def invalid(
    message: str, field: str | FieldPath = "", code: str = "BASE_TYPE_INVALID"
) -> FakeHTTPError:
    """Build Discord's 400 'Invalid Form Body' for one broken limit; `field` is where
    ('components.0.custom_id', or its parts), and the errors tree nests down to it."""
    where = field.split(".") if isinstance(field, str) else list(field)
    return form_errors([(where, code, message)])


def form_errors(found: Iterable[tuple[FieldPath, str, str]]) -> FakeHTTPError:
    """Discord's 400 'Invalid Form Body' (50035) naming every (field, code, message) found."""
    tree: dict[str, Any] = {}
    for where, code, message in found:
        node = tree
        for part in where:
            if part != "":
                node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return FakeHTTPError(400, INVALID_FORM_BODY, "Invalid Form Body", errors=tree)


def flatten(errors: dict[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    """(dotted field, message) for every leaf of an errors tree."""
    found = []
    for key, value in errors.items():
        if key == "_errors":
            found += [(prefix, str(e.get("message"))) for e in value]
        elif isinstance(value, dict):
            found += flatten(value, f"{prefix}.{key}" if prefix else key)
    return found


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
