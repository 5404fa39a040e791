"""Discord faults a test can inject: an error answer, a request done but answered with an
error (a 5xx on a post Discord did make), or a reply lost after the work was done."""

from __future__ import annotations

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
        self.fired: list[tuple[Fault, str]] = []

    def plan(self, fault: Fault) -> Fault:
        """Make the next matching request fail this way (once)."""
        self.planned.append(fault)
        return fault

    def take(self, method: str, path: str) -> Fault | None:
        """The fault for this request, if one is planned (it is then used up)."""
        for fault in self.planned:
            if fault.matches(method, path):
                self.planned.remove(fault)
                fault.fired += 1
                self.fired.append((fault, f"{method} {path}"))
                return fault
        return None
