"""The league message and its Sign up / Withdraw buttons, the standings in words, and the
opening of a round: a thread per table, the players mentioned, the game started in it.

The buttons carry their league (`sy:lg:<league>:<verb>`), so they work after a restart.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import ButtonStyle
from discord.ui import Button

from bot.i18n import Text, say, words
from bot.leagues.view import StandingsView
from bot.service import Board, ServiceError, game_kind
from bot.service.league_deadlines import HandedOver
from bot.service.league_values import LeagueInfo, Progress, TableToOpen
from cogs.ui import readers, threads
from cogs.ui.component import Component, button, frozen
from cogs.ui.ids import LEAGUE, LeagueId, LeagueVerb
from cogs.ui.opening import show_start

if TYPE_CHECKING:
    from cogs.ui.host import Host
    from cogs.ui.table import Table

CONTENT_LIMIT = 2000  # Discord's longest message content
ROOM_FOR_MORE = 40  # kept for the "… and N more" line in any language
log = logging.getLogger("cogs.leagues")
Interaction = discord.Interaction[Any]


def league_text(info: LeagueInfo, language: str) -> str:
    """The league message: its name, its terms, its state and who has signed up."""
    named = () if info.name is None else (say("league.named", name=info.name),)
    head = say(
        "league.message",
        number=info.id,
        game=game_title(info.game_type),
        format=format_name(info.format),
        rounds=info.rounds,
        pace=info.pace,
        organiser=f"<@{info.organiser_id}>",
    )
    state = say(f"league.status.{info.status}", round=info.round)
    playing = [e for e in info.entrants if not e.withdrawn]
    names = ", ".join(f"<@{e.user_id}>" for e in playing)
    listed = (
        say("league.entrants", count=len(playing), names=names)
        if playing
        else say("league.no_entrants")
    )
    return "\n".join(words(text, language) for text in (*named, head, state, listed))


def game_title(game_type: str) -> Text | str:
    """The game as players know it ('Iliad', 'Ilias' in German), or its id if it is gone."""
    try:
        return game_kind(game_type).title
    except ServiceError:
        return game_type[:30]


def format_name(format: str) -> Text:
    """'Swiss', 'Round-robin', 'Pods' in the reader's language."""
    return say(f"standings.format.{format.replace('-', '_')}")


async def refresh_message(bot: Host, info: LeagueInfo) -> None:
    """Redraw the league message as the league now stands (started, a round further, over or
    cancelled: its buttons go with the sign-ups, and all of them at the end)."""
    channel = bot.get_channel(info.channel_id)
    if info.message_id is None or not isinstance(channel, discord.TextChannel):
        return
    language = await readers.server_language(bot, info.guild_id)
    message = channel.get_partial_message(info.message_id)
    try:
        await message.edit(content=league_text(info, language), view=league_view(info, language))
    except discord.HTTPException as error:  # deleted by a moderator: nothing to redraw
        log.warning("league #%s: its message could not be redrawn (%s)", info.id, error.status)


def league_view(info: LeagueInfo, language: str) -> discord.ui.View | None:
    """Sign up and Withdraw while it takes sign-ups or runs (Withdraw only once it runs)."""
    if info.status not in ("signup", "running"):
        return None
    items = [
        LeagueButton.make(info.id, "withdraw", words(say("league.withdraw"), language)),
    ]
    if info.status == "signup":
        items.insert(0, LeagueButton.make(info.id, "signup", words(say("league.signup"), language)))
    return frozen(*(item.item for item in items))


def standings_text(view: StandingsView, language: str) -> str:
    """The standings as text: the same data as the image."""
    out = [words(_standings_head(view), language)]
    if view.cancelled:
        out.append(words(say("league.standings_cancelled"), language))
    for shown, line in enumerate(view.rows):
        key = "league.line_withdrawn" if line.withdrawn else "league.line"
        breaks = " / ".join(line.tiebreaks)
        text = words(
            say(key, rank=line.place, name=line.name, points=line.points, breaks=breaks), language
        )
        if sum(len(part) + 1 for part in out) + len(text) + ROOM_FOR_MORE > CONTENT_LIMIT:
            out.append(words(say("standings.more", count=len(view.rows) - shown), language))
            break
        out.append(text)
    return "\n".join(out)


def _standings_head(view: StandingsView) -> Text:
    """ "Standings of league #n after round r:", with its name if it has one."""
    if view.name is None:
        return say("league.standings_head", number=view.league, round=view.round)
    return say("league.standings_head_named", name=view.name, number=view.league, round=view.round)


class LeagueButton(Component[Button[Any], LeagueId], scheme=LEAGUE):
    """Sign up / Withdraw on a league message."""

    @classmethod
    def make(cls, league: int, verb: LeagueVerb, label: str) -> Self:
        """One of the league message's buttons."""
        style = ButtonStyle.success if verb == "signup" else ButtonStyle.secondary
        return button(cls, LeagueId(league, verb), label, style)

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Sign up or withdraw, redraw the league message, then say what happened, just to the
        player; withdrawing mid-round resigns the player's games (the computer plays on where
        others still play, a two-player game ends)."""
        leagues = table.service.leagues
        guild = interaction.guild_id or 0
        user = interaction.user
        playing: tuple[int, ...] = ()
        if self.key.verb == "signup":
            info = await leagues.sign_up(self.key.league, guild, user.id, user.display_name)
            said = say("league.signed_up", number=info.id)
        else:
            info, playing = await leagues.withdraw(self.key.league, guild, user.id)
            said = say("league.withdrawn", number=info.id)
        language = await readers.public_language(interaction)
        await interaction.response.edit_message(
            content=league_text(info, language), view=league_view(info, language)
        )
        boards = [b for game in playing if (b := await _resign_for(table, game, user.id))]
        if boards:
            games = ", ".join(f"#{board.info.game_id}" for board in boards)
            said = say("league.withdrawn_playing", number=info.id, games=games)
        mine = await readers.reader_language(interaction)
        await interaction.followup.send(words(said, mine), ephemeral=True)
        for board in boards:
            if board.info.status == "active":  # others play on: the computer takes the seat
                await table.play_automatic(board.info.game_id)


async def _resign_for(table: Table, game_id: int, user_id: int) -> Board | None:
    """A withdrawn player's running game, resigned and shown (None if they had left it)."""
    try:
        board = await table.service.moves.resign(game_id, user_id)
    except ServiceError:
        return None  # they had resigned it already, or it ended meanwhile
    await table.publish(board)
    return board


async def open_round(bot: Host, progress: Progress) -> None:
    """A round's tables, each in its own thread of the league's channel, players mentioned;
    then the byes; or the podium when the league has ended; or that it waits for entrants."""
    info = progress.info
    await refresh_message(bot, info)
    language = await readers.server_language(bot, info.guild_id)
    channel = bot.get_channel(info.channel_id)
    if not isinstance(channel, discord.TextChannel):
        log.warning("league #%s: its channel %s is gone", info.id, info.channel_id)
        return
    if progress.waiting:
        count = sum(1 for e in info.entrants if not e.withdrawn)
        said = say(
            "league.waiting", number=info.id, count=count, organiser=f"<@{info.organiser_id}>"
        )
        await channel.send(words(said, language))
        return
    if progress.finished:
        podium = ", ".join(f"{line.place}. {line.name}" for line in progress.podium)
        await channel.send(
            words(say("league.over_podium", number=info.id, podium=podium), language)
        )
        return
    for table in progress.tables:
        await _open_table(bot, channel, table, info.guild_id, language)
    if progress.byes:
        byes = ", ".join(progress.byes)
        await channel.send(words(say("league.byes", number=info.id, names=byes), language))


async def _open_table(
    bot: Host, channel: discord.TextChannel, table: TableToOpen, guild_id: int, language: str
) -> None:
    """One table: claimed first, so no table is opened twice (nor given a second thread); a
    game a crash left unrecorded is taken up instead (its start shown if it was a lobby)."""
    leagues = bot.service.leagues.tables
    claimed = await leagues.claim_table(table, guild_id)
    if claimed is False:
        return
    if claimed is not True:
        await show_start(bot.table, claimed)
        return
    try:
        mentions = " ".join(f"<@{user}>" for user, _ in table.players)
        opener = say("league.table", number=table.league_id, round=table.round, players=mentions)
        message = await channel.send(words(opener, language))
        names = [name for _, name in table.players]
        thread = await message.create_thread(
            name=threads.name(table.game_type, None, names, language),
            auto_archive_duration=threads.WEEK,
        )
        started = await leagues.open_table(table, guild_id, channel.id, thread.id)
    finally:
        leagues.release(table)
    await show_start(bot.table, started)


async def show_handed_over(bot: Host, handed: HandedOver) -> None:
    """A round's deadline gave a stalled seat to the computer: say so, redraw, let it play."""
    info = handed.board.info
    language = await readers.server_language(bot, info.guild_id)
    text = words(say("league.deadline_handed", name=handed.name), language)
    await bot.table.announce(info.place_id, text)
    await bot.table.publish(handed.board, in_place=True)
    await bot.table.play_automatic(info.game_id)
