"""A file this process checked and closed is not read page by page again when reopened at once
(the bot's database check before Discord, then its own store), unless it changed since."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import Store, StoreUnusable
from bot.store.sqlite import SqliteBackend


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files sqlite's quick check read, in order."""
    seen: list[str] = []
    real = SqliteBackend._damage

    async def counted(db: object) -> str | None:
        seen.append("checked")
        return await real(db)  # type: ignore[arg-type]

    monkeypatch.setattr(SqliteBackend, "_damage", staticmethod(counted))
    return seen


async def test_a_file_reopened_unchanged_is_checked_once(tmp_path: Path, checks: list[str]) -> None:
    path = tmp_path / "games.sqlite3"
    await (await Store.open(path)).close()
    await (await Store.open(path)).close()
    assert checks == ["checked"]


async def test_a_file_written_since_it_was_closed_is_checked_again(
    tmp_path: Path, checks: list[str]
) -> None:
    path = tmp_path / "games.sqlite3"
    await (await Store.open(path)).close()
    with sqlite3.connect(path) as other:  # another writer, between two opens
        other.execute("CREATE TABLE planted (x INTEGER)")
    other.close()
    await (await Store.open(path)).close()
    assert checks == ["checked", "checked"]


async def test_a_file_damaged_after_it_was_closed_is_refused(
    tmp_path: Path, checks: list[str]
) -> None:
    path = tmp_path / "games.sqlite3"
    store = await Store.open(path)
    await store.close()
    data = path.read_bytes()
    path.write_bytes(data[:100] + bytes(len(data) - 100))  # same size, pages zeroed
    with pytest.raises(StoreUnusable):
        await Store.open(path)
    assert checks[:1] == ["checked"]
