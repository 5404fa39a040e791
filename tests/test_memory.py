"""bot.memory: the bot's own process keeps start-up's objects out of later collections."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from bot import memory


@pytest.fixture
def collector() -> Iterator[None]:
    """The test process's collector as it was, afterwards (tests share the process)."""
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_settling_freezes_what_exists_and_collects_the_young_less_often(collector: None) -> None:
    made_at_start = [[n] for n in range(100)]  # containers the collector tracks
    _, middle, old = gc.get_threshold()
    memory.settle()
    assert gc.get_freeze_count() >= len(made_at_start)
    assert gc.get_threshold() == (memory.YOUNG, middle, old)
