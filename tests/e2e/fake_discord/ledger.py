"""The fake's ledger of refusals and failures: what was refused, what was expected, what failed."""

from __future__ import annotations

import asyncio
import dataclasses
import time

from .errors import FakeHTTPError, Rejection, RejectionKind


@dataclasses.dataclass
class Expectation:
    """A refusal a test announced; unmet ones fail the test."""

    code: int
    kind: RejectionKind | None
    remaining: int

    def matches(self, rejection: Rejection) -> bool:
        """Whether a refusal is the one announced."""
        return rejection.code == self.code and self.kind in (None, rejection.kind)


class Ledger:
    """Keeps every refusal, the announced ones, and failures found outside the fake."""

    def __init__(self) -> None:
        """Start clean."""
        self.rejections: list[Rejection] = []
        self.failures: list[str] = []
        self.expectations: list[Expectation] = []
        self._excused: set[int] = set()
        self._seen = asyncio.Event()

    def note(self, method: str, path: str, error: FakeHTTPError) -> Rejection | None:
        """Record a refusal; return it if it is an unannounced bot error."""
        rejection = Rejection(method, path, error.status, error.code, error.describe(), error.kind)
        self.rejections.append(rejection)
        self._seen.set()
        if not rejection.is_bot_error:
            return None
        for expectation in self.expectations:
            if expectation.remaining and expectation.matches(rejection):
                expectation.remaining -= 1
                self._excused.add(len(self.rejections) - 1)
                return None
        return rejection

    def expect(self, code: int, kind: RejectionKind | None, count: int) -> None:
        """Announce refusals a test provokes on purpose."""
        self.expectations.append(Expectation(code, kind, count))

    async def wait(self, code: int, timeout: float) -> Rejection:
        """Wait until a refusal with this code has happened and return it."""
        deadline = time.monotonic() + timeout
        while True:
            for rejection in self.rejections:
                if rejection.code == code:
                    return rejection
            self._seen.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                seen = [str(r) for r in self.rejections]
                raise TimeoutError(f"no refusal with code {code}; saw {seen}")
            await asyncio.wait_for(self._seen.wait(), left)

    def problems(self) -> list[str]:
        """Failures, unannounced bot errors and unmet expectations, one line each."""
        found = list(self.failures)
        found += [
            f"bot request refused: {r}"
            for i, r in enumerate(self.rejections)
            if r.is_bot_error and i not in self._excused
        ]
        found += [
            f"expected {e.remaining} more refusal(s) with code {e.code} ({e.kind or 'any kind'})"
            for e in self.expectations
            if e.remaining
        ]
        return found

    def forgive(self) -> None:
        """Excuse everything recorded so far."""
        self.failures.clear()
        self._excused.update(range(len(self.rejections)))
        self.expectations.clear()
