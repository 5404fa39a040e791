"""store.web: the tokens behind the read-only web pages (migrations 0019 and 0020).

A page is a kind ('game', 'leaderboards' or 'league') and a subject (the game id, the server id
or the league's number). At most one live token per page; a revoked token keeps its row, so it
never answers again and a page turned off stays off until someone makes a new one.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.database import Database

GAME, LEADERBOARDS, LEAGUE = "game", "leaderboards", "league"


@dataclass(frozen=True, slots=True)
class WebPage:
    """One live page: which kind, whose (game id or server id), behind which token."""

    token: str
    kind: str
    subject: int


class WebPageRepository:
    """Makes, finds and revokes the tokens of web pages."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def find(self, token: str) -> WebPage | None:
        """The live page behind a token; None for an unknown or revoked one."""
        row = await self._db.one(
            "SELECT token, kind, subject FROM web_pages WHERE token = ? AND revoked_at IS NULL",
            (token,),
        )
        return None if row is None else WebPage(row["token"], row["kind"], int(row["subject"]))

    async def live(self, kind: str, subject: int) -> WebPage | None:
        """The page's live token, if it has one."""
        row = await self._db.one(
            "SELECT token, kind, subject FROM web_pages"
            " WHERE kind = ? AND subject = ? AND revoked_at IS NULL",
            (kind, subject),
        )
        return None if row is None else WebPage(row["token"], row["kind"], int(row["subject"]))

    async def ever_made(self, kind: str, subject: int) -> bool:
        """Whether the page ever had a token (a revoked one counts: it was turned off)."""
        row = await self._db.one(
            "SELECT 1 AS made FROM web_pages WHERE kind = ? AND subject = ?", (kind, subject)
        )
        return row is not None

    async def make(self, kind: str, subject: int, token: str) -> WebPage:
        """A new live token for the page; the page's older one, if any, is revoked with it."""
        now = self._db.clock()
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE web_pages SET revoked_at = ?"
                " WHERE kind = ? AND subject = ? AND revoked_at IS NULL",
                (now, kind, subject),
            )
            await tx.execute(
                "INSERT INTO web_pages (token, kind, subject, made_at) VALUES (?, ?, ?, ?)",
                (token, kind, subject, now),
            )
        return WebPage(token, kind, subject)

    async def revoke(self, kind: str, subject: int) -> str | None:
        """Revoke the page's live token; the token revoked, or None if it had none."""
        page = await self.live(kind, subject)
        if page is None:
            return None
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE web_pages SET revoked_at = ? WHERE token = ? AND revoked_at IS NULL",
                (self._db.clock(), page.token),
            )
        return page.token
