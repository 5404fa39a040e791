"""service.reading: a player's choice of boards as text, kept through a restart."""

from __future__ import annotations

from pathlib import Path

from svc_helpers import ALICE, BOB, lookup

from bot.service import GameService
from bot.store import Store


async def test_a_choice_is_the_players_own_and_survives_a_restart(
    service: GameService, db_path: str | Path
) -> None:
    assert await service.reading.prefers_text(ALICE) is False
    await service.reading.choose(ALICE, True)
    assert await service.reading.prefers_text(ALICE) is True
    assert await service.reading.prefers_text(BOB) is False
    async with await Store.open(db_path) as reopened:  # a new process on the same database
        restarted = GameService(reopened, lookup)
        assert await restarted.reading.prefers_text(ALICE) is True
        await restarted.reading.choose(ALICE, False)
        assert await restarted.reading.prefers_text(ALICE) is False
    async with await Store.open(db_path) as again:
        assert await GameService(again, lookup).reading.prefers_text(ALICE) is False
