"""Discord's per-channel rate limit on message sends and edits, for the tests of bursts.

Off unless a test turns it on (`fake.limit_rates()`): the clock of every other test must not
depend on it. On, it works as Discord's buckets do: the first send or edit in a channel opens a
window of `per` seconds in which `limit` of them are allowed; every answer in the bucket says so
in the `X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket` headers (discord.py reads them and
waits before it would overrun); one write too many is answered 429 with a JSON `retry_after`,
`global: false`, `X-RateLimit-Scope` and `Retry-After`, and Discord's proxy header `Via` (without
it discord.py takes the 429 for a ban and gives up). The windows run on the fake's interaction
clock, so `fake.advance_clock` moves them on too.
"""

from __future__ import annotations

import dataclasses
import math
import re
import time
from collections.abc import Callable

from .errors import FakeHTTPError

# POST /channels/{id}/messages and PATCH /channels/{id}/messages/{id}: sends and edits
WRITES = {"POST": re.compile(r"^/channels/(\d+)/messages$")}
WRITES["PATCH"] = re.compile(r"^/channels/(\d+)/messages/\d+$")
BUCKET = "9c5d0f3e1b7a4d2c8e6f0a1b2c3d4e5f"  # one hash for sends and edits: they share it
RATE_LIMITED = 0  # Discord's 429 body carries no error code of its own


@dataclasses.dataclass
class Window:
    """One channel's current window: when it closes and how many writes it has taken."""

    closes: float
    used: int = 0


class ChannelLimits:
    """The per-channel buckets; `enabled` only in the tests that exercise bursts."""

    def __init__(self, clock: Callable[[], float]) -> None:
        """Off; Discord's usual figures (5 writes per 5 s per channel) once turned on."""
        self.enabled = False
        self.limit = 5
        self.per = 5.0
        self.clock = clock
        self.windows: dict[int, Window] = {}
        self.limited: list[str] = []  # "METHOD path" of every write answered 429
        self.counted = 0  # writes the buckets let through

    def take(self, method: str, path: str) -> dict[str, str]:
        """Count a write against its channel's bucket: the headers to answer it with (none for a
        request no bucket counts); raises Discord's 429 for one write too many."""
        pattern = WRITES.get(method)
        match = pattern.match(path) if self.enabled and pattern else None
        if match is None:
            return {}
        now = self.clock()
        window = self.windows.get(int(match.group(1)))
        if window is None or window.closes <= now:
            window = self.windows[int(match.group(1))] = Window(now + self.per)
        left = window.closes - now
        if window.used >= self.limit:
            self.limited.append(f"{method} {path}")
            raise _too_many(self._headers(window, left), left)
        window.used += 1
        self.counted += 1
        return self._headers(window, left)

    def _headers(self, window: Window, left: float) -> dict[str, str]:
        """What Discord says about a bucket: its size, what is left, and when it resets (the
        wait rounded up, so a client never comes back before the window closed)."""
        after = math.ceil(left * 1000) / 1000
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(0, self.limit - window.used)),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": BUCKET,
        }


def _too_many(headers: dict[str, str], left: float) -> FakeHTTPError:
    """Discord's 429 for a bucket overrun: the body, the scope and the proxy's Via header."""
    after = math.ceil(left * 1000) / 1000
    extra = {
        "X-RateLimit-Scope": "user",
        "Retry-After": str(max(1, math.ceil(left))),
        "Via": "1.1 google",
    }
    return FakeHTTPError(
        429,
        RATE_LIMITED,
        "You are being rate limited.",
        kind="rate-limited",
        details={"retry_after": after, "global": False},
        headers=headers | extra,
    )
