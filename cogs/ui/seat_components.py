"""Buttons about who holds a seat: confirming a resignation, and the turn clock vote."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

import discord
from discord import ButtonStyle
from discord.ui import Button

from bot.i18n import ENGLISH, say, words
from bot.service import CHOICE_WORDS, Ballot, Vote
from cogs.ui.component import Component, button, frozen
from cogs.ui.ids import RESIGN, VOTE, ResignId, VoteId, YesNo, vote_choice
from cogs.ui.readers import reader_language, server_language

if TYPE_CHECKING:
    from cogs.ui.table import Table

Interaction = discord.Interaction[Any]


class ResignButton(Component[Button[Any], ResignId], scheme=RESIGN):
    """Confirm or Cancel on the private question 'resign and leave your seat to the computer?'."""

    @classmethod
    def make(cls, game_id: int, verb: YesNo, language: str = ENGLISH) -> Self:
        """The Confirm ('yes') or Cancel ('no') button, in the asker's language."""
        key, style = ("table.resign", ButtonStyle.danger) if verb == "yes" else ("table.keep", None)
        label = words(say(key), language)
        return button(cls, ResignId(game_id, verb), label, style or ButtonStyle.secondary)

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Resign (the seat goes to the automatic player) or keep playing."""
        if self.key.verb != "yes":
            still = words(say("table.still_playing"), await reader_language(interaction))
            await interaction.response.edit_message(content=still, view=None)
            return
        await resign(interaction, table, self.key.game)


async def resign(interaction: Interaction, table: Table, game_id: int) -> None:
    """Commit the resignation, answer, then show the table and let the automatic player move.

    After the commit nothing raises: a failed answer or notice is logged, the board still goes
    out (the resignation is stored, so nobody may be told it failed).
    """
    board = await table.service.moves.resign(game_id, interaction.user.id)
    ended = board.info.status != "active"
    said = say("table.resigned") if ended else say("table.resigned_handed")
    done = words(said, await reader_language(interaction))
    if interaction.type is discord.InteractionType.component:
        await table.acknowledge(lambda: interaction.response.edit_message(content=done, view=None))
    else:
        await table.acknowledge(lambda: interaction.response.send_message(done, ephemeral=True))
    if not ended:
        notice = say("table.resigned_notice", who=interaction.user.mention)
        language = await server_language(table.bot, board.info.guild_id)
        await table.announce(board.info.place_id, words(notice, language))
    await table.publish(board, in_place=not ended)
    if not ended:
        await table.play_automatic(game_id)


class VoteButton(Component[Button[Any], VoteId], scheme=VOTE):
    """One choice on a turn clock vote message; only the other players seated may press."""

    @classmethod
    def make(cls, vote: int, choice: str, language: str = ENGLISH) -> Self:
        """The button for one of the vote's choices."""
        style = ButtonStyle.danger if choice == "end" else ButtonStyle.secondary
        label = words(CHOICE_WORDS[choice], language)
        return button(cls, VoteId(vote, vote_choice(choice)), label, style)

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Count the ballot; a deciding one closes the message and carries the vote out."""
        ballot = await table.service.votes.cast(self.key.vote, interaction.user.id, self.key.choice)
        if ballot.decided is None:
            language = await reader_language(interaction)
            voted = say(
                "table.you_voted",
                choice=CHOICE_WORDS[self.key.choice],
                count=ballot.counted,
                most=len(ballot.vote.voters),
            )
            await interaction.response.send_message(words(voted, language), ephemeral=True)
            return
        language = await server_language(table.bot, ballot.vote.game.guild_id)
        text = decided_text(ballot, language)
        await table.acknowledge(lambda: interaction.response.edit_message(content=text, view=None))
        if ballot.move is not None:
            await table.after_move(ballot.move)
        elif ballot.board is not None:
            await table.publish(ballot.board, in_place=ballot.board.info.status == "active")
            await table.play_automatic(ballot.vote.game.game_id)


def vote_text(vote: Vote, language: str = ENGLISH) -> str:
    """The question to the other players (they are mentioned; the late player is not)."""
    voters = " ".join(f"<@{user}>" for user in vote.voters)
    asked = say("table.vote", title=vote.game.title, name=vote.name, voters=voters)
    return words(asked, language)


DECIDED = {
    "wait": "table.vote_wait",
    "skip": "table.vote_skip",
    "computer": "table.vote_computer",
    "end": "table.vote_end",
}


def decided_text(ballot: Ballot, language: str = ENGLISH) -> str:
    """The closed vote: what the majority chose."""
    vote = ballot.vote
    chosen = say(DECIDED[ballot.decided or "wait"], name=vote.name)
    over = say("table.vote_over", title=vote.game.title, name=vote.name, chosen=chosen)
    return words(over, language)


def vote_view(vote: Vote, language: str = ENGLISH) -> discord.ui.View:
    """A button per choice the vote offers."""
    return frozen(*(VoteButton.make(vote.vote_id, choice, language) for choice in vote.choices))


async def start_vote(table: Table, game_id: int, version: int) -> bool:
    """The turn clock ran out at `version`: post the vote in the game's place (if one opens)."""
    vote = await table.service.votes.start(game_id, version)
    if vote is None:
        return False
    channel = table.bot.get_partial_messageable(vote.game.place_id)
    language = await server_language(table.bot, vote.game.guild_id)
    await channel.send(vote_text(vote, language), view=vote_view(vote, language))
    return True


def resign_view(game_id: int, language: str = ENGLISH) -> discord.ui.View:
    """The private question's two buttons."""
    yes, no = (
        ResignButton.make(game_id, "yes", language),
        ResignButton.make(game_id, "no", language),
    )
    return frozen(yes, no)
