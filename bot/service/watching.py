"""The web pages' side of the service (issue 28): which token opens which page, and what a
page may read.

A game's page token is made the first time the game is shown while the site is on, once; the
host turns the page off (`/web off`: the token is revoked and nothing answers it again) and on
(a new token). A server's leaderboards page, and a league's page, is made and revoked by a
member with Manage Server (the cog checks the permission). Tokens are
`secrets.token_urlsafe(TOKEN_BYTES)`: unguessable. What a page reads is public only: the game
message's board (its public view), the public views of a finished game rebuilt from its
moves, the leaderboards, a seat's player summary and a league's standings and rounds
(bot.service.watched).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from bot.service.catalogue import game_kinds
from bot.service.checks import host_only
from bot.service.errors import database_down_told
from bot.service.games import Games
from bot.service.leagues import Leagues
from bot.service.ratings import TOP, LeaderLine, Z, ordinal
from bot.service.replays import ReplaySource, Seated
from bot.service.watched import LeaguePage, PlayerSummary, league_page, player_summary
from bot.store import Store
from bot.store.web import GAME, LEADERBOARDS, LEAGUE, WebPage

TOKEN_BYTES = 24  # 32 characters of base64url: 192 random bits
_UNSET = ""  # cache mark: the game's page was turned off (no live token)


@dataclass(frozen=True, slots=True)
class GameBoard:
    """One game's leaderboard on a server's page: its title (a message) and its best players."""

    game_type: str
    title: str
    lines: tuple[LeaderLine, ...]


def plausible(token: str) -> bool:
    """Whether a token has the shape of ours (anything else is not looked up at all)."""
    return 16 <= len(token) <= 64 and all(c.isalnum() or c in "-_" for c in token)


@database_down_told
class Watching:
    """Page tokens and the public facts behind each page."""

    def __init__(self, games: Games, store: Store, leagues: Leagues) -> None:
        self.games = games
        self.store = store
        self.leagues = leagues
        self._game_tokens: dict[int, str] = {}  # game id -> live token, or _UNSET

    async def game_page(self, game_id: int) -> str | None:
        """The game's page token; made now if the game never had one; None once turned off."""
        known = self._game_tokens.get(game_id)
        if known is not None:
            return known or None
        page = await self.store.web.live(GAME, game_id)
        if page is None and not await self.store.web.ever_made(GAME, game_id):
            page = await self.store.web.make(GAME, game_id, new_token())
        token = _UNSET if page is None else page.token
        self._game_tokens[game_id] = token
        return token or None

    async def turn_off(self, game_id: int, user_id: int) -> str | None:
        """/web off: the host revokes the game's page; the token revoked (None: it was off)."""
        await self._host(game_id, user_id)
        revoked = await self.store.web.revoke(GAME, game_id)
        self._game_tokens[game_id] = _UNSET
        return revoked

    async def turn_on(self, game_id: int, user_id: int) -> str:
        """/web on: the host gives the game's page a new token (an older one stops answering)."""
        await self._host(game_id, user_id)
        page = await self.store.web.make(GAME, game_id, new_token())
        self._game_tokens[game_id] = page.token
        return page.token

    async def _host(self, game_id: int, user_id: int) -> None:
        s = await self.games.require(game_id, ("lobby", "active"))
        host_only(s, user_id, "service.web.host_only")

    async def leaderboards_page(self, guild_id: int, *, renew: bool = False) -> str:
        """The server's leaderboards token (made when it has none, or anew with `renew`)."""
        page = None if renew else await self.store.web.live(LEADERBOARDS, guild_id)
        if page is None:
            page = await self.store.web.make(LEADERBOARDS, guild_id, new_token())
        return page.token

    async def revoke_leaderboards(self, guild_id: int) -> str | None:
        """Revoke the server's leaderboards page; the token revoked, or None."""
        return await self.store.web.revoke(LEADERBOARDS, guild_id)

    async def league_page(self, league_id: int, guild_id: int, *, renew: bool = False) -> str:
        """A league's page token (made when it has none, or anew with `renew`); refused for a
        league of another server."""
        await self.leagues.get(league_id, guild_id)
        page = None if renew else await self.store.web.live(LEAGUE, league_id)
        if page is None:
            page = await self.store.web.make(LEAGUE, league_id, new_token())
        return page.token

    async def revoke_league(self, league_id: int, guild_id: int) -> str | None:
        """Revoke a league's page (of this server); the token revoked, or None."""
        await self.leagues.get(league_id, guild_id)
        return await self.store.web.revoke(LEAGUE, league_id)

    async def league(self, league_id: int) -> LeaguePage:
        """A league's standings and rounds, as its page shows them."""
        return await league_page(self.games, self.leagues, self.store, league_id)

    async def player(self, game_id: int, seat: int) -> PlayerSummary | None:
        """A seat's player summary (None: no such seat, or a game never played)."""
        return await player_summary(self.games, self.store, game_id, seat)

    async def page(self, token: str) -> WebPage | None:
        """The live page behind a token (None: unknown, revoked, or not even shaped like one)."""
        if not plausible(token):
            return None
        return await self.store.web.find(token)

    def playing_here(self, game_id: int) -> bool:
        """Whether this process holds the game in play (its moves are made here)."""
        return self.games.held(game_id) is not None

    async def past(self, game_id: int) -> ReplaySource:
        """A finished game's stored facts, to rebuild every public position (nothing is secret
        once a game is over)."""
        row = await self.store.games.require(game_id)
        seats = [s for s in await self.store.seats.of(game_id) if s.seat is not None]
        return ReplaySource(
            game=self.games.lookup(row.game_type),
            game_id=row.id,
            status=row.status,
            seed=row.seed,
            options=dict(row.options),
            seats=tuple(
                Seated(s.seat or 0, s.display_name, s.level, s.departure)
                for s in sorted(seats, key=lambda s: s.seat or 0)
            ),
            moves=tuple(
                (m.seat, m.action, m.created_at) for m in await self.store.moves.of(game_id)
            ),
            result=row.result,
        )

    async def leaderboards(self, guild_id: int) -> list[GameBoard]:
        """Every game's best players in this server (games nobody finished here are left out)."""
        found = []
        for kind in game_kinds():
            rows = await self.store.ratings.top(kind.id, guild_id, Z, TOP)
            lines = tuple(
                LeaderLine(n, r.name, ordinal(r.mu, r.sigma), r.games, r.wins, None)
                for n, r in enumerate(rows, 1)
            )
            if lines:
                found.append(GameBoard(kind.id, kind.title, lines))
        return found


def new_token() -> str:
    """An unguessable page token."""
    return secrets.token_urlsafe(TOKEN_BYTES)
