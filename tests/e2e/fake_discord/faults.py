"""Discord faults a test can inject: an error answer, a request done but answered with an
error (a 5xx on a post Discord did make), a reply lost after the work was done, or a request
held up at Discord until the test lets it through or drops it (a stall: a slow Discord, a move
caught in flight)."""

from __future__ import annotations

import asyncio
import dataclasses
import re
from typing import Any


@dataclasses.dataclass
class Fault:
    """One planned fault for the next request matching `method` and the `path` regex."""

    method: str
    path: str
    status: int = 500
    code: int = 0
    message: str = "injected fault"
    performed: bool = False  # the fake does the work first (Discord made it, then failed)
    lost: bool = False  # the work is done and the connection closes without an answer
    proxied: bool = True  # a 429 carries the Via header of Discord's proxy (else: Cloudflare)
    retry_after: float = 0.0
    fired: int = 0

    def matches(self, method: str, path: str) -> bool:
        """Whether a request is the one this fault waits for."""
        return method == self.method and re.search(self.path, path) is not None

    def body(self) -> dict[str, Any]:
        """The JSON error body Discord would send."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.status == 429:
            body |= {"retry_after": self.retry_after, "global": False}
        return body

    def headers(self) -> dict[str, str]:
        """A proxied 429 says so in `Via`; nothing else carries extra headers."""
        return {"Via": "1.1 google"} if self.status == 429 and self.proxied else {}


@dataclasses.dataclass
class Stall:
    """The next request matching `method` and the `path` regex waits, unanswered and not yet
    done, until the test calls `release()` (or `drop()`); `reached` is set once it is waiting."""

    method: str
    path: str
    reached: asyncio.Event = dataclasses.field(default_factory=asyncio.Event)
    released: asyncio.Event = dataclasses.field(default_factory=asyncio.Event)
    dropped: bool = False

    def release(self) -> None:
        """Let the held request through (it is then done and answered as usual)."""
        self.released.set()

    def drop(self) -> None:
        """Never act on the held request: its connection is closed unanswered (a sender gone)."""
        self.dropped = True
        self.released.set()

    async def hold(self) -> bool:
        """Keep the request here until released or dropped; whether it is let through."""
        self.reached.set()
        await self.released.wait()
        return not self.dropped


class Faults:
    """Planned faults and stalls, each used once, in the order they were planned."""

    def __init__(self) -> None:
        """No faults until a test plans some."""
        self.planned: list[Fault] = []
        self.fired: list[tuple[Fault, str]] = []
        self.stalls: list[Stall] = []  # planned, not yet reached
        self.stalled: list[Stall] = []  # reached: held, released or dropped

    def plan(self, fault: Fault) -> Fault:
        """Make the next matching request fail this way (once)."""
        self.planned.append(fault)
        return fault

    def stall(self, method: str, path: str) -> Stall:
        """Hold the next matching request until the test releases it (once)."""
        stall = Stall(method, path)
        self.stalls.append(stall)
        return stall

    async def hold(self, method: str, path: str) -> bool:
        """Wait here if a stall is planned for this request (it is then used up); whether the
        request goes on (False: dropped, never acted on)."""
        for stall in self.stalls:
            if method == stall.method and re.search(stall.path, path) is not None:
                self.stalls.remove(stall)
                self.stalled.append(stall)
                return await stall.hold()
        return True

    def drop_all(self) -> None:
        """Drop every stall, held or planned (the fake stops: nobody is there to act on them)."""
        for stall in [*self.stalls, *self.stalled]:
            stall.drop()

    def take(self, method: str, path: str) -> Fault | None:
        """The fault for this request, if one is planned (it is then used up)."""
        for fault in self.planned:
            if fault.matches(method, path):
                self.planned.remove(fault)
                fault.fired += 1
                self.fired.append((fault, f"{method} {path}"))
                return fault
        return None
