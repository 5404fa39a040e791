"""Discord faults a test can inject: an error answer, a request done but answered with an
error (a 5xx on a post Discord did make), or a reply lost after the work was done; and a
request held back until the test lets it through (a slow Discord, a move caught in flight)."""

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


class Faults:
    """Planned faults, each used once, in the order they were planned."""

    def __init__(self) -> None:
        """No faults until a test plans some."""
        self.planned: list[Fault] = []
        self.holds: list[Hold] = []
        self.held: list[Hold] = []
        self.fired: list[tuple[Fault, str]] = []

    def plan(self, fault: Fault) -> Fault:
        """Make the next matching request fail this way (once)."""
        self.planned.append(fault)
        return fault

    def hold(self, hold: Hold) -> Hold:
        """Hold back the next matching request until the test releases it (once)."""
        self.holds.append(hold)
        return hold

    def take_hold(self, method: str, path: str) -> Hold | None:
        """The hold for this request, if one is planned (it is then used up)."""
        for hold in self.holds:
            if hold.matches(method, path):
                self.holds.remove(hold)
                self.held.append(hold)
                return hold
        return None

    def drop_all(self) -> None:
        """Drop every held request (the fake stops: nobody is there to act on them)."""
        for hold in [*self.holds, *self.held]:
            hold.drop()

    def take(self, method: str, path: str) -> Fault | None:
        """The fault for this request, if one is planned (it is then used up)."""
        for fault in self.planned:
            if fault.matches(method, path):
                self.planned.remove(fault)
                fault.fired += 1
                self.fired.append((fault, f"{method} {path}"))
                return fault
        return None


@dataclasses.dataclass
class Hold:
    """The next request matching `method` and the `path` regex waits until `release()`."""

    method: str
    path: str
    arrived: asyncio.Event = dataclasses.field(default_factory=asyncio.Event)
    released: asyncio.Event = dataclasses.field(default_factory=asyncio.Event)
    dropped: bool = False

    def matches(self, method: str, path: str) -> bool:
        """Whether a request is the one this hold waits for."""
        return method == self.method and re.search(self.path, path) is not None

    def release(self) -> None:
        """Let the held request through (and any that comes later)."""
        self.released.set()

    def drop(self) -> None:
        """Never act on the held request: its connection is closed unanswered (a sender gone)."""
        self.dropped = True
        self.released.set()

    async def wait_arrived(self, timeout: float = 5.0) -> None:
        """Until the request has arrived (and is being held)."""
        await asyncio.wait_for(self.arrived.wait(), timeout)

    async def pass_through(self) -> bool:
        """For the held request: say it arrived, then wait; whether it is let through."""
        self.arrived.set()
        await self.released.wait()
        return not self.dropped
