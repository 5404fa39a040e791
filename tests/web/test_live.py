"""The live connections' hub and a page that never reads (issue 28): publishing never waits,
each page keeps only the newest update, a page that does not read is dropped."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from web.live import OFF, OVER, Hub
from web.site import Site


def test_the_cap_refuses_one_more_and_a_leaver_frees_a_place() -> None:
    hub = Hub(cap=2)
    first, second = hub.join(1, "en"), hub.join(2, "de")
    assert first is not None and second is not None
    assert hub.join(1, "en") is None and hub.count == 2
    hub.leave(first)
    hub.leave(first)  # twice: counted once
    assert hub.count == 1 and not hub.watched(1) and hub.watched(2)
    assert hub.join(1, "fr") is not None


async def test_an_update_is_made_once_per_language_and_only_the_newest_is_kept() -> None:
    hub = Hub(cap=10)
    english = [hub.join(7, "en") for _ in range(3)]
    german = hub.join(7, "de")
    made: list[str] = []

    def render(language: str) -> str:
        made.append(language)
        return f"{language}:{len(made)}"

    assert hub.publish(7, 3, render) == 4
    assert sorted(made) == ["de", "en"]
    assert hub.publish(7, 2, render) == 0  # older than what went out: dropped
    assert hub.publish(7, 5, render) == 4
    assert german is not None and await german.next(0.1) == f"de:{made.index('de', 2) + 1}"
    for listener in english:
        assert listener is not None
        assert (await listener.next(0.1)).startswith("en:")  # type: ignore[union-attr]
        assert await listener.next(0.01) == ""  # nothing more: a quiet tick
    hub.close_game(7)
    assert await german.next(0.1) is None and hub.count == 0


async def test_a_closed_page_gets_the_last_board_then_the_last_word() -> None:
    hub = Hub(cap=10)
    ending, leaving = hub.join(4, "en"), hub.join(5, "en")
    assert ending is not None and leaving is not None
    hub.publish(4, 9, lambda language: "last board")
    hub.close_game(4, OVER)  # the game ended right after its last board went out
    assert await ending.next(0.1) == "last board"
    assert await ending.next(0.1) is None and ending.farewell == OVER
    hub.close_game(5, OFF)
    hub.close_all()  # the site stops later: the first word stays
    assert await leaving.next(0.1) is None and leaving.farewell == OFF
    assert hub.count == 0


class NeverRead:
    """A StreamResponse whose client never reads: every write waits forever."""

    def __init__(self) -> None:
        self.writes = 0

    async def prepare(self, request: Any) -> None:
        return None

    async def write(self, data: bytes) -> None:
        self.writes += 1
        if self.writes > 1:
            await asyncio.Event().wait()


async def test_a_page_that_never_reads_is_dropped_and_slows_nobody(monkeypatch: Any) -> None:
    service: Any = SimpleNamespace(watching=SimpleNamespace(past=None))
    site = Site(service, Any, port=0, cap=10)  # type: ignore[arg-type]
    site.write_within = 0.05
    stuck = site.hub.join(3, "en")
    other = site.hub.join(3, "en")
    assert stuck is not None and other is not None
    monkeypatch.setattr("web.site.web.StreamResponse", lambda **_: NeverRead())
    streaming = asyncio.ensure_future(site._stream(Any, stuck, "now"))  # type: ignore[arg-type]
    site.hub.publish(3, 1, lambda language: "moved")  # returns at once, whatever `stuck` does
    assert await other.next(0.1) == "moved"
    await asyncio.wait_for(streaming, 1)  # dropped once its write took too long
    site.hub.leave(stuck)
    assert site.hub.count == 1
