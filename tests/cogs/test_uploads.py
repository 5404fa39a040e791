"""Upload limits: the interaction's own, else Discord's smallest (10 MiB)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from cogs.replays import replay_budget
from cogs.ui.uploads import DEFAULT_LIMIT, attachment, size_words, upload_limit
from rendering._replay import REPLAY_BUDGET


def interaction(limit: object) -> Any:
    """Stands in for a discord.Interaction carrying `filesize_limit` (None: not given)."""
    return cast(Any, SimpleNamespace(filesize_limit=limit))


def test_the_interactions_limit_holds_else_10_mib() -> None:
    assert upload_limit(interaction(25 * 1024 * 1024)) == 25 * 1024 * 1024
    assert upload_limit(interaction(None)) == DEFAULT_LIMIT == 10 * 1024 * 1024
    assert upload_limit(interaction(0)) == DEFAULT_LIMIT


def test_a_file_over_the_limit_is_not_attached() -> None:
    kept = attachment(interaction(4), b"1234", "a.txt", "four bytes")
    assert kept is not None and kept.description == "four bytes"
    assert attachment(interaction(4), b"12345", "a.txt", "five bytes") is None


def test_a_replay_aims_below_a_small_limit() -> None:
    assert replay_budget(100 * 1024 * 1024) == REPLAY_BUDGET
    assert replay_budget(1000) == 800


def test_sizes_read_as_people_read_them() -> None:
    assert size_words(10 * 1024 * 1024) == "10 MB" and size_words(600) == "1 KB"
    assert size_words(500 * 1024) == "500 KB"
