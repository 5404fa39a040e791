"""/web and the site: a game's web page (Watch), the host turning it off or on, a server's
leaderboards page and a league's page; the site itself is started here when WEB_PORT and
PUBLIC_URL are set.

Without them nothing listens, the game message has no Watch button, and /web says the bot
serves no pages.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import say, words
from bot.service import Board, GameInfo, ServiceError
from cogs.ui.readers import reader_language
from cogs.ui.tablecog import TableCog
from web.site import Site

if TYPE_CHECKING:
    from cogs.ui.host import Host

log = logging.getLogger("cogs.web")
Interaction = discord.Interaction[Any]
NO_SITE = say("table.web.no_site")
NOT_ADMIN = say("table.web.not_admin")
ON_OFF = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]


class Watch(TableCog):
    """The web pages of this bot process, and the commands that turn them on and off."""

    web = app_commands.Group(name="web", description="This game's web page", guild_only=True)

    def __init__(self, bot: Host) -> None:
        super().__init__(bot)
        self.site: Site | None = None

    async def cog_load(self) -> None:
        """With WEB_PORT and PUBLIC_URL: serve the site, give game messages their Watch link."""
        settings = self.bot.web
        if settings is None:
            return
        site = Site(
            self.bot.service,
            self.table.painter.board_png,
            port=settings.port,
            host=settings.host,
            cap=settings.cap,
        )
        await site.start()
        self.site = site
        self.table.watchers.append(self._board_changed)
        self.table.enders.append(self._game_ended)
        self.table.watch_link = self._watch_link

    async def cog_unload(self) -> None:
        """The bot closes: every live page is told goodbye and the port is given back."""
        if self.site is not None:
            await self.site.stop()
            self.site = None

    def _board_changed(self, board: Board) -> None:
        if self.site is not None:
            self.site.board_changed(board)

    def _game_ended(self, game_id: int) -> None:
        if self.site is not None:
            self.site.ended(game_id)

    async def _watch_link(self, info: GameInfo) -> str | None:
        """The game's page address for its Watch button (made on first use); never raises."""
        if self.bot.web is None:
            return None
        try:
            token = await self.bot.service.watching.game_page(info.game_id)
        except ServiceError:
            return None
        return None if token is None else self.bot.web.page(f"/g/{token}")

    def _managed(self, interaction: Interaction) -> int:
        """The server whose pages a member with Manage Server makes or revokes (refused for
        anyone else, and where the bot serves no pages)."""
        self._served()
        if not interaction.permissions.manage_guild:
            raise ServiceError(NOT_ADMIN)
        return interaction.guild_id or 0

    def _served(self) -> Site:
        if self.site is None or self.bot.web is None:
            raise ServiceError(NO_SITE)
        return self.site

    @web.command(name="off", description="Host only: turn this game's web page off")
    async def off(self, interaction: Interaction) -> None:
        """The host revokes the page: its address answers nothing any more, live pages close."""
        site = self._served()
        info = self.game_here(interaction)
        await self.bot.service.watching.turn_off(info.game_id, interaction.user.id)
        site.revoked(info.game_id)
        await self._answer(interaction, say("table.web.off", title=info.title))
        await self._redraw(info)

    @web.command(name="on", description="Host only: give this game a new web page address")
    async def on(self, interaction: Interaction) -> None:
        """The host makes a new page (an older address stops answering)."""
        site = self._served()
        info = self.game_here(interaction)
        token = await self.bot.service.watching.turn_on(info.game_id, interaction.user.id)
        site.revoked(info.game_id)
        address = self._page(f"/g/{token}")
        await self._answer(interaction, say("table.web.on", title=info.title, address=address))
        await self._redraw(info)

    @web.command(name="leaderboards", description="Manage Server: this server's leaderboards page")
    @app_commands.describe(state="on: the page's address (a new one with renew); off: revoke it")
    @app_commands.choices(state=[*ON_OFF, app_commands.Choice(name="renew", value="renew")])
    async def leaderboards(
        self, interaction: Interaction, state: app_commands.Choice[str] | None = None
    ) -> None:
        """Members with Manage Server make, renew or revoke the server's leaderboards page."""
        guild = self._managed(interaction)
        watching = self.bot.service.watching
        if _chose(state, "off"):
            await watching.revoke_leaderboards(guild)
            await self._answer(interaction, say("table.web.leaderboards_off"))
            return
        token = await watching.leaderboards_page(guild, renew=_chose(state, "renew"))
        address = self._page(f"/l/{token}")
        await self._answer(interaction, say("table.web.leaderboards_on", address=address))

    @web.command(name="league", description="Manage Server: a league's standings and rounds page")
    @app_commands.describe(
        league="The league's number",
        state="on: the page's address (a new one with renew); off: revoke it",
    )
    @app_commands.choices(state=[*ON_OFF, app_commands.Choice(name="renew", value="renew")])
    async def league(
        self,
        interaction: Interaction,
        league: int,
        state: app_commands.Choice[str] | None = None,
    ) -> None:
        """Members with Manage Server make, renew or revoke a league's page (this server's)."""
        guild = self._managed(interaction)
        watching = self.bot.service.watching
        if _chose(state, "off"):
            await watching.revoke_league(league, guild)
            await self._answer(interaction, say("table.web.league_off", number=league))
            return
        token = await watching.league_page(league, guild, renew=_chose(state, "renew"))
        address = self._page(f"/league/{token}")
        await self._answer(interaction, say("table.web.league_on", number=league, address=address))

    def _page(self, path: str) -> str:
        assert self.bot.web is not None
        return self.bot.web.page(path)

    async def _answer(self, interaction: Interaction, text: object) -> None:
        language = await reader_language(interaction)
        await interaction.response.send_message(words(text, language), ephemeral=True)

    async def _redraw(self, info: GameInfo) -> None:
        """The game message again, with its Watch button as the page now is."""
        if info.status != "active":
            return
        board = await self.bot.service.boards.show(info.game_id)
        await self.table.publish(board, in_place=True)


def _chose(state: app_commands.Choice[str] | None, value: str) -> bool:
    """Whether the optional on/off/renew choice was `value`."""
    return state is not None and state.value == value


async def setup(bot: Host) -> None:
    """discord.py's extension hook: /web, and the site when it is configured."""
    await bot.add_cog(Watch(bot))
