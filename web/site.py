"""The site: an aiohttp application on WEB_PORT, read-only, every asset served from here.

Routes: `/g/<token>` a game's page, `/g/<token>/live` its live updates (server-sent events),
`/g/<token>/board.png` its board image, `/g/<token>/p/<seat>` a seat's player summary,
`/l/<token>` a server's leaderboards, `/league/<token>` a league's standings and rounds (the
last three in web.others), `/static/...` the stylesheet and the script. A wrong or
revoked token answers 404 with nothing else; anything the site cannot read answers 400 or 404
at once. Headers keep a page to itself: no referrer (tokens are in the URL), no framing, no
script or request but our own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from aiohttp import web

import rendering
from bot.paths import WEB_DIR
from bot.service import Board, GameService, ServiceError
from bot.store.web import GAME
from web import pages
from web.live import OFF, OVER, WRITE_WITHIN, Hub, Listener
from web.others import OtherPages, nothing
from web.past import PastGames, scrubber
from web.words import page_language

log = logging.getLogger("web")
Draw = Callable[[str, Any, Any], Awaitable[bytes]]  # (game type, public view, context) -> PNG
LIVE_CAP = 1000  # live connections one process holds (each is a socket and a small task)
IMAGES_KEPT = 64  # (game, language) board images kept drawn
UNWATCHED = ("lobby", "cancelled")  # nothing was played: no page
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
RETRY = b"retry: 2000\n\n"  # a page whose connection broke (a restart) tries again after 2 s
STATIC = {"site.css": "text/css", "site.js": "text/javascript"}


class Site:
    """The bot's web site; `start` listens on the port, `stop` ends every connection."""

    def __init__(
        self,
        service: GameService,
        draw: Draw,
        *,
        port: int,
        host: str = "0.0.0.0",
        cap: int = LIVE_CAP,
    ) -> None:
        self.service = service
        self.draw = draw
        self.port = port
        self.host = host
        self.hub = Hub(cap)
        self.write_within = WRITE_WITHIN  # seconds a live page may take to take one update
        self.past = PastGames(service.watching.past)
        # (game, language, position: -1 now) -> (version, PNG), the last few drawn
        self._images: OrderedDict[tuple[int, str, int], tuple[int, bytes]] = OrderedDict()
        self._runner: web.AppRunner | None = None
        self._tokens: dict[int, str] = {}  # game id -> the token its live pages opened with

    def app(self) -> web.Application:
        """The routes, with our headers on every answer."""
        app = web.Application(middlewares=[_headers], client_max_size=1024)
        app.router.add_get("/g/{token}", self.game_page)
        app.router.add_get("/g/{token}/live", self.live)
        app.router.add_get("/g/{token}/board.png", self.board_png)
        app.router.add_get("/g/{token}/record.json", self.record)
        others = OtherPages(self.service)
        app.router.add_get("/g/{token}/p/{seat}", others.player)
        app.router.add_get("/l/{token}", others.leaderboards)
        app.router.add_get("/league/{token}", others.league)
        app.router.add_get("/static/{name}", self.static)
        return app

    async def start(self) -> None:
        """Listen on the port (0: a free one, `self.port` then says which)."""
        self._runner = web.AppRunner(
            self.app(),
            access_log=None,
            handle_signals=False,
            shutdown_timeout=1.0,
            handler_cancellation=True,  # a page that closes leaves its live connection at once
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        server = getattr(site, "_server", None)
        if self.port == 0 and server is not None and server.sockets:
            self.port = int(server.sockets[0].getsockname()[1])
        log.info("web pages served on port %s", self.port)

    async def stop(self) -> None:
        """End every live connection, then stop listening."""
        self.hub.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- what the bot tells the site ---------------------------------------------------------

    def board_changed(self, board: Board) -> None:
        """A committed change was shown: open pages get it soon, after the move's own work;
        a game's last board is the last they get (then each reloads to show the ended game)."""
        if not self.hub.watched(board.info.game_id):
            return
        asyncio.get_running_loop().call_soon(self._publish, board)

    def ended(self, game_id: int) -> None:
        """The game ended (finished, abandoned): its open live pages are told so and closed,
        none keeps a stream."""
        self._tokens.pop(game_id, None)
        self.hub.close_game(game_id, OVER)

    def _publish(self, board: Board) -> None:
        token = self._tokens.get(board.info.game_id, "")
        self.hub.publish(
            board.info.game_id, board.info.version, lambda lang: self.update_of(board, lang, token)
        )
        if board.info.status != "active":  # its last board goes out, then the pages close
            self.ended(board.info.game_id)

    def revoked(self, game_id: int) -> None:
        """A game's page was turned off: its open pages are told so and closed."""
        self._tokens.pop(game_id, None)
        self.hub.close_game(game_id, OFF)

    # -- pages -------------------------------------------------------------------------------

    async def _game_board(self, request: web.Request) -> tuple[str, Board] | None:
        """The token and the game's board, if the token opens a game page served here."""
        token = request.match_info["token"]
        page = await self.service.watching.page(token)
        if page is None or page.kind != GAME:
            return None
        try:
            board = await self.service.boards.show(page.subject)
        except ServiceError:
            return None
        if board.info.status in UNWATCHED:
            return None
        if board.info.status == "active" and not self.service.watching.playing_here(page.subject):
            return None  # another process plays it (docs/scaling.md)
        return token, board

    def update_of(self, board: Board, language: str, token: str) -> str:
        """One live update of a board, as its open pages get it."""
        image, alt = self._image_of(board, language, token)
        return pages.update(board, language, image, alt, token)

    async def page_html(self, board: Board, language: str, token: str) -> str:
        """A game's page for a board: live while the game is played, with every position and
        the record once it is over."""
        image, alt = self._image_of(board, language, token)
        if board.info.status == "active":
            live = f"/g/{token}/live?lang={language}"
            return pages.game_page(board, language, token=token, image=image, alt=alt, live=live)
        extra = scrubber(await self.past.of(board.info.game_id), language, token)
        return pages.game_page(
            board, language, token=token, image=image, alt=alt, live="", extra=extra
        )

    def _image_of(self, board: Board, language: str, token: str) -> tuple[str, str]:
        """The board image's address (one per version and language) and its alt text."""
        info = board.info
        src = f"/g/{token}/board.png?v={info.version}&lang={language}"
        context = replace(board.context, language=language)
        return src, rendering.board_words(info.game_type, board.view, context)

    async def game_page(self, request: web.Request) -> web.Response:
        """A game's page in the reader's language."""
        found = await self._game_board(request)
        if found is None:
            return nothing()
        token, board = found
        language = page_language(request.query, request.headers.get("Accept-Language", ""))
        html = await self.page_html(board, language, token)
        return web.Response(
            text=html, content_type="text/html", headers={"Cache-Control": "no-store"}
        )

    async def board_png(self, request: web.Request) -> web.Response:
        """The game's board image now, drawn by the same renderer as Discord's, in the page's
        language (kept drawn per game and language until the game moves on)."""
        found = await self._game_board(request)
        if found is None:
            return nothing()
        _, board = found
        language = page_language(request.query, request.headers.get("Accept-Language", ""))
        move = request.query.get("move")
        if move is None:
            png = await self.png_of(board, language)
        elif board.info.status == "active" or not move.isdigit() or len(move) > 6:
            return nothing()
        else:
            drawn = await self._position_png(board, language, int(move))
            if drawn is None:
                return nothing()
            png = drawn
        return web.Response(
            body=png, content_type="image/png", headers={"Cache-Control": "no-cache"}
        )

    async def png_of(self, board: Board, language: str) -> bytes:
        """The board image in a language (the last one drawn per game and language is kept)."""
        context = replace(board.context, language=language)
        key = (board.info.game_id, language, -1)
        return await self._drawn(key, board.info.version, board.info.game_type, board.view, context)

    async def _position_png(self, board: Board, language: str, number: int) -> bytes | None:
        """A finished game's position `number` (0: before any move), or None past the last."""
        past = await self.past.of(board.info.game_id)
        if number >= len(past.frames):
            return None
        key = (board.info.game_id, language, number)
        view, context = past.frames[number], past.context(number, language)
        return await self._drawn(key, board.info.version, board.info.game_type, view, context)

    async def _drawn(
        self, key: tuple[int, str, int], version: int, game_type: str, view: Any, context: Any
    ) -> bytes:
        kept = self._images.get(key)
        if kept is not None and kept[0] == version:
            self._images.move_to_end(key)
            return kept[1]
        png = await self.draw(game_type, view, context)
        self._images[key] = (version, png)
        while len(self._images) > IMAGES_KEPT:
            self._images.popitem(last=False)
        return png

    async def record(self, request: web.Request) -> web.Response:
        """A finished game's record (the /export format); nothing while it is played."""
        found = await self._game_board(request)
        if found is None or found[1].info.status == "active":
            return nothing()
        data = await self.past.record(await self.past.of(found[1].info.game_id))
        name = f"symposion-game-{found[1].info.game_id}.json"
        return web.Response(
            body=data,
            content_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def live(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: the page as it is now, then every change, until the page closes
        or the game ends (a page of an ended game is told so at once: nothing streams)."""
        found = await self._game_board(request)
        if found is None:
            return nothing()
        token, board = found
        language = page_language(request.query, request.headers.get("Accept-Language", ""))
        if board.info.status != "active":
            over = Listener(board.info.game_id, language)
            over.end(OVER)
            return await self._stream(request, over, None)
        listener = self.hub.join(board.info.game_id, language)
        if listener is None:
            return web.Response(
                status=503,
                text=pages.full_text(language, self.hub.cap),
                headers={"Retry-After": "60", "Cache-Control": "no-store"},
            )
        self._tokens[board.info.game_id] = token
        try:
            return await self._stream(request, listener, self.update_of(board, language, token))
        finally:
            self.hub.leave(listener)

    async def _stream(
        self, request: web.Request, listener: Listener, now: str | None
    ) -> web.StreamResponse:
        answer = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",  # nginx: pass each event on at once
                **HEADERS,
            }
        )
        await answer.prepare(request)
        await answer.write(RETRY)
        update: str | None = now
        while update is not None:
            chunk = f"data: {update}\n\n" if update else ": quiet\n\n"
            try:
                await asyncio.wait_for(answer.write(chunk.encode()), self.write_within)
            except (TimeoutError, ConnectionError):
                return answer  # a client that does not read is dropped
            update = await listener.next()
        if listener.farewell is not None:  # the game ended or its page was turned off
            last = f"event: end\ndata: {listener.farewell}\n\n".encode()
            with contextlib.suppress(TimeoutError, ConnectionError):
                await asyncio.wait_for(answer.write(last), self.write_within)
        return answer

    async def static(self, request: web.Request) -> web.Response:
        """The stylesheet and the script (the only assets; nothing is fetched elsewhere)."""
        name = request.match_info["name"]
        kind = STATIC.get(name)
        if kind is None:
            return nothing()
        body = (WEB_DIR / name).read_bytes()
        return web.Response(body=body, content_type=kind, headers={"Cache-Control": "max-age=3600"})


@web.middleware
async def _headers(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Our headers on every answer; an unknown address or method is the same 404."""
    try:
        answer = await handler(request)
    except web.HTTPException as error:
        answer = (
            nothing()
            if error.status in (404, 405)
            else web.Response(status=error.status, text=f"{error.status}\n")
        )
    if not answer.prepared:
        answer.headers.update(HEADERS)
    return answer
