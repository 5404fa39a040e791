"""The pages read from the shared database, which any process answers: a seat's player summary
(through its game page's token), a server's leaderboards and a league's standings and rounds
(each behind its own token). A wrong, revoked or malformed address is the same 404 as anywhere.
"""

from __future__ import annotations

from aiohttp import web

from bot.service import GameService
from bot.store.web import GAME, LEADERBOARDS, LEAGUE
from web import pages
from web.league import league_page
from web.summary import summary_page
from web.words import page_language

NOT_FOUND = "404: nothing here\n"
MOST_SEAT_DIGITS = 2  # a seat number longer than this is no seat


def nothing() -> web.Response:
    """The one answer to a wrong, revoked or malformed address: the same bytes every time."""
    return web.Response(status=404, text=NOT_FOUND)


def html_page(html: str) -> web.Response:
    """A page, never kept by a cache (it changes with every game)."""
    return web.Response(text=html, content_type="text/html", headers={"Cache-Control": "no-store"})


def language_of(request: web.Request) -> str:
    """The reader's language: `?lang=`, else the browser's."""
    return page_language(request.query, request.headers.get("Accept-Language", ""))


class OtherPages:
    """The handlers of the pages that are not a game's own."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def player(self, request: web.Request) -> web.Response:
        """A seat's player and their record in this game on this server; the game page's token
        opens it (and revoking that token closes it)."""
        token, seat = request.match_info["token"], request.match_info["seat"]
        if not seat.isdigit() or len(seat) > MOST_SEAT_DIGITS:
            return nothing()
        page = await self.service.watching.page(token)
        if page is None or page.kind != GAME:
            return nothing()
        summary = await self.service.watching.player(page.subject, int(seat))
        if summary is None:
            return nothing()
        return html_page(summary_page(summary, language_of(request), token))

    async def leaderboards(self, request: web.Request) -> web.Response:
        """A server's leaderboards page."""
        page = await self.service.watching.page(request.match_info["token"])
        if page is None or page.kind != LEADERBOARDS:
            return nothing()
        boards = await self.service.watching.leaderboards(page.subject)
        return html_page(pages.leaderboards_page(boards, language_of(request)))

    async def league(self, request: web.Request) -> web.Response:
        """A league's standings and rounds, its games linked where their pages are on."""
        page = await self.service.watching.page(request.match_info["token"])
        if page is None or page.kind != LEAGUE:
            return nothing()
        league = await self.service.watching.league(page.subject)
        return html_page(league_page(league, language_of(request)))
