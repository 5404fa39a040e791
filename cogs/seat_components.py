"""Buttons about who holds a seat: confirming a resignation, and the turn clock vote."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import ButtonStyle
from discord.ui import Button, Item

from bot.service import CHOICE_WORDS, Ballot, Vote
from cogs import ids
from cogs.components import _button, _Component, _frozen

if TYPE_CHECKING:
    from cogs.table import Table

Interaction = discord.Interaction[Any]


class ResignButton(_Component[Button[Any]], template=ids.RESIGN):
    """Confirm or Cancel on the private question 'resign and leave your seat to the computer?'."""

    def __init__(self, game_id: int, verb: str, button: Button[Any]) -> None:
        super().__init__(button)
        self.game_id, self.verb = game_id, verb

    @classmethod
    def make(cls, game_id: int, verb: str) -> Self:
        """The Confirm ('yes') or Cancel ('no') button."""
        label, style = ("Resign", ButtonStyle.danger) if verb == "yes" else ("Keep playing", None)
        button: Button[Any] = Button(
            label=label,
            style=style or ButtonStyle.secondary,
            custom_id=ids.resign_id(game_id, verb),
        )
        return cls(game_id, verb, button)

    @classmethod
    def parse(cls, item: Item[Any], match: re.Match[str]) -> Self:
        """The clicked button with its game and choice read once."""
        return cls(ids.number(match, "game"), match["verb"], _button(item))

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Resign (the seat goes to the automatic player) or keep playing."""
        if self.verb != "yes":
            await interaction.response.edit_message(content="You are still playing.", view=None)
            return
        await resign(interaction, table, self.game_id)


async def resign(interaction: Interaction, table: Table, game_id: int) -> None:
    """Commit the resignation, answer, then show the table and let the automatic player move.

    After the commit nothing raises: a failed answer or notice is logged, the board still goes
    out (the resignation is stored, so nobody may be told it failed).
    """
    board = await table.service.resign(game_id, interaction.user.id)
    ended = board.info.status != "active"
    done = "You resigned." if ended else "You resigned: the automatic player takes your seat."
    if interaction.type is discord.InteractionType.component:
        await table.acknowledge(lambda: interaction.response.edit_message(content=done, view=None))
    else:
        await table.acknowledge(lambda: interaction.response.send_message(done, ephemeral=True))
    if not ended:
        notice = (
            f"{interaction.user.mention} resigned; the automatic player takes their seat and "
            "the game goes on."
        )
        await table.announce(board.info.place_id, notice)
    await table.publish(board, in_place=not ended)
    if not ended:
        await table.play_automatic(game_id)


class VoteButton(_Component[Button[Any]], template=ids.VOTE):
    """One choice on a turn clock vote message; only the other players seated may press."""

    def __init__(self, vote: int, choice: str, button: Button[Any]) -> None:
        super().__init__(button)
        self.vote, self.choice = vote, choice

    @classmethod
    def make(cls, vote: int, choice: str) -> Self:
        """The button for one of the vote's choices."""
        style = ButtonStyle.danger if choice == "end" else ButtonStyle.secondary
        button: Button[Any] = Button(
            label=CHOICE_WORDS[choice], style=style, custom_id=ids.vote_id(vote, choice)
        )
        return cls(vote, choice, button)

    @classmethod
    def parse(cls, item: Item[Any], match: re.Match[str]) -> Self:
        """The clicked button with its vote and choice read once."""
        return cls(ids.number(match, "vote"), match["choice"], _button(item))

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Count the ballot; a deciding one closes the message and carries the vote out."""
        ballot = await table.service.cast_vote(self.vote, interaction.user.id, self.choice)
        if ballot.decided is None:
            await interaction.response.send_message(
                f"You voted: {CHOICE_WORDS[self.choice].lower()} "
                f"({ballot.counted} of {len(ballot.vote.voters)} voted).",
                ephemeral=True,
            )
            return
        text = decided_text(ballot)
        await table.acknowledge(lambda: interaction.response.edit_message(content=text, view=None))
        if ballot.move is not None:
            await table.after_move(ballot.move)
        elif ballot.board is not None:
            await table.publish(ballot.board, in_place=ballot.board.info.status == "active")
            await table.play_automatic(ballot.vote.game.game_id)


def vote_text(vote: Vote) -> str:
    """The question to the other players (they are mentioned; the late player is not)."""
    voters = " ".join(f"<@{user}>" for user in vote.voters)
    return (
        f"**{vote.game.title}**: {vote.name}'s time to move has run out. {voters}, what now? "
        "A majority decides."
    )


def decided_text(ballot: Ballot) -> str:
    """The closed vote: what the majority chose."""
    vote = ballot.vote
    chosen = {
        "wait": f"the table waits longer for {vote.name}",
        "skip": f"{vote.name}'s turn is skipped",
        "computer": f"the automatic player takes {vote.name}'s seat",
        "end": "the game ends",
    }[ballot.decided or "wait"]
    return f"**{vote.game.title}**: {vote.name}'s time ran out; the vote is over: {chosen}."


def vote_view(vote: Vote) -> discord.ui.View:
    """A button per choice the vote offers."""
    return _frozen(*(VoteButton.make(vote.vote_id, choice) for choice in vote.choices))


async def start_vote(table: Table, game_id: int, version: int) -> bool:
    """The turn clock ran out at `version`: post the vote in the game's place (if one opens)."""
    vote = await table.service.start_vote(game_id, version)
    if vote is None:
        return False
    channel = table.bot.get_partial_messageable(vote.game.place_id)
    await channel.send(vote_text(vote), view=vote_view(vote))
    return True


def resign_view(game_id: int) -> discord.ui.View:
    """The private question's two buttons."""
    return _frozen(ResignButton.make(game_id, "yes"), ResignButton.make(game_id, "no"))


SEAT_ITEMS = (ResignButton, VoteButton)
