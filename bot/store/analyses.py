"""store.analyses: a finished game's analysis, asked for and then done (migration 0018).

One row per game. `ask` writes a 'pending' row once (a second request finds it and joins the
analysis under way); a restart reads `pending()` and starts each again, once, counting the
start; `finish` keeps the result, so every later request is answered from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.store.database import Database
from bot.store.errors import Conflict
from bot.store.mapper import RowMapper
from bot.store.rows import dumps

PENDING, DONE = "pending", "done"


@dataclass(frozen=True, slots=True)
class AnalysisRow:
    """A game's analysis: asked for by whom and where, its seed and budget, its result."""

    game_id: int
    status: str
    seed: int
    plan: dict[str, Any]
    result: dict[str, Any] | None
    asked_by: int
    channel_id: int
    language: str
    starts: int
    asked_at: str
    done_at: str | None


ANALYSES = RowMapper(AnalysisRow, "analysis of game #{game_id}")


class AnalysisRepository:
    """Analyses of finished games: asked for, started again after a restart, done."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, game_id: int) -> AnalysisRow | None:
        """The game's analysis row (pending or done), if anyone asked for one."""
        row = await self._db.one("SELECT * FROM analyses WHERE game_id = ?", (game_id,))
        return None if row is None else ANALYSES.one(row)

    async def ask(
        self,
        game_id: int,
        *,
        seed: int,
        plan: Mapping[str, Any],
        asker: tuple[int, int, str],
    ) -> bool:
        """A pending analysis asked by (user id, channel id, language); False if the game has
        one already (pending or done)."""
        user_id, channel_id, language = asker
        try:
            async with self._db.transaction() as tx:
                await tx.execute(
                    "INSERT INTO analyses (game_id, status, seed, plan, asked_by, channel_id,"
                    " language, asked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        PENDING,
                        seed,
                        dumps(dict(plan)),
                        user_id,
                        channel_id,
                        language,
                        self._db.clock(),
                    ),
                )
        except Conflict:
            return False
        return True

    async def pending(self) -> list[AnalysisRow]:
        """Analyses asked for and not done (a restart starts them again), oldest first; with
        shards, only those of this process's games, so no two processes start one twice."""
        rows = await self._db.all(
            "SELECT a.* FROM analyses a JOIN games g ON g.id = a.game_id WHERE a.status = ?"
            f"{self._db.ours('g.guild_id')} ORDER BY a.asked_at, a.game_id",
            (PENDING,),
        )
        return ANALYSES.all(rows)

    async def restarted(self, game_id: int) -> None:
        """Count one more start of a pending analysis."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE analyses SET starts = starts + 1 WHERE game_id = ? AND status = ?",
                (game_id, PENDING),
            )

    async def finish(self, game_id: int, result: Mapping[str, Any]) -> None:
        """Keep the analysis's result: from now on it is answered from here."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE analyses SET status = ?, result = ?, done_at = ? WHERE game_id = ?",
                (DONE, dumps(dict(result)), self._db.clock(), game_id),
            )

    async def drop(self, game_id: int) -> None:
        """Forget a pending analysis that failed (it may be asked for again)."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "DELETE FROM analyses WHERE game_id = ? AND status = ?", (game_id, PENDING)
            )
