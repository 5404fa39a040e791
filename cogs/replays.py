"""/replay and /export: a game watched again as an animation or stepped through, or its record.

The board images are rebuilt from the stored moves by the engine and drawn off the event
loop (asyncio.to_thread) after deferring; only public views are drawn, so a game still being
played shows nothing its players keep hidden. The ◀ ▶ viewer is a pair of DynamicItems
(`sy:rp:<game>:<step>:<way>`) that check again, on every click, that the caller may watch.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import app_commands
from discord.ui import Button, View

import rendering
from bot.i18n import ENGLISH, say, words
from bot.service.catalogue import title_of
from bot.service.replays import ReplaySource, export_record, public_frames, states
from cogs.ui.alttext import DESCRIPTION
from cogs.ui.component import Component, button
from cogs.ui.ids import REPLAY, ReplayId, Way
from cogs.ui.pastgames import game_choices
from cogs.ui.readers import public_language, reader_language
from cogs.ui.replies import clip, never_failing
from cogs.ui.tablecog import TableCog
from cogs.ui.tokenlife import started
from cogs.ui.uploads import attachment, size_words, upload_limit
from rendering._replay import REPLAY_BUDGET, Replay

if TYPE_CHECKING:
    from cogs.ui.host import Host
    from cogs.ui.table import Table

Interaction = discord.Interaction[Any]
REPLAY_HELP = "The game's number (start typing: recent games are listed)"
TOO_LARGE = say("table.replay.too_large")


def build_replay(
    source: ReplaySource, language: str = ENGLISH, budget: int = REPLAY_BUDGET
) -> tuple[Replay, str]:
    """The animation of every public state (runs in a worker thread), labels in `language`,
    aiming at `budget` bytes, and the last board's words (the animation's alt text ends with
    them)."""
    views = public_frames(source)
    last = len(views) - 1
    contexts = [replace(source.context(n == last), language=language) for n in range(len(views))]
    game_id = source.game.spec.id
    final = rendering.board_words(game_id, views[-1], contexts[-1])
    return rendering.replay_gif(game_id, views, contexts, budget), final


def replay_budget(limit: int) -> int:
    """What a replay aims at under an upload limit: the usual budget, or a fifth below a
    smaller limit (a replay's size is only known once it is drawn)."""
    return min(REPLAY_BUDGET, limit * 4 // 5)


def replay_words(source: ReplaySource, made: Replay, final: str, language: str) -> str:
    """The animation's alt text: what it shows, then its last board in words."""
    title, game, shown = title_of(source.game), source.game_id, len(made.shown)
    head = say("table.words.replay", title=title, game=game, shown=shown)
    if shown == 1:
        head = say("table.words.replay_one", title=title, game=game)
    return clip(f"{words(head, language)}\n{final}", DESCRIPTION)


def step_picture(
    source: ReplaySource, step: int, language: str = ENGLISH
) -> tuple[bytes, list[str], str]:
    """The public board after `step` moves, the public lines that move added, and the board's
    words (its alt text)."""
    found = states(source, step)
    game = source.game
    view = game.view(found[-1], None)
    before = game.view(found[-2], None)["log"] if len(found) > 1 else []
    added = [words(line, language) for line in view["log"][len(before) :]]
    context = replace(source.context(step == len(source.moves)), language=language)
    png = rendering.board_png(game.spec.id, view, context)
    return png, added, rendering.board_words(game.spec.id, view, context)


def viewer(game_id: int, step: int, last: int) -> View:
    """◀ and ▶ for the board `step` of `last` moves (each disabled at its end)."""
    buttons = View(timeout=None)
    buttons.add_item(StepReplay.make(game_id, max(step - 1, 0), "back", step > 0))
    buttons.add_item(StepReplay.make(game_id, min(step + 1, last), "next", step < last))
    return buttons


def step_text(source: ReplaySource, step: int, added: list[str], language: str = ENGLISH) -> str:
    """What the viewer says beside a board: where we are, and what that move showed."""
    title = title_of(source.game)
    if step == 0:
        head = say("table.replay.start", title=title, game=source.game_id)
    else:
        moves = len(source.moves)
        head = say("table.replay.after", title=title, game=source.game_id, step=step, most=moves)
    lines = [words(head, language)]
    lines += [f"• {clip(line, 300)}" for line in added[-8:]]
    return clip("\n".join(lines))


async def show_step(
    interaction: Interaction, source: ReplaySource, step: int, *, new: bool
) -> None:
    """Draw one board of the viewer off the loop; send it privately, or replace the shown one."""
    step = min(step, len(source.moves))
    language = await reader_language(interaction)
    png, added, alt = await asyncio.to_thread(step_picture, source, step, language)
    picture = attachment(interaction, png, f"game-{source.game_id}-{step}.png", alt)
    pictures = [picture] if picture is not None else []  # a board over the limit: words only
    text = step_text(source, step, added, language)
    buttons = viewer(source.game_id, step, len(source.moves))
    if new:
        await interaction.followup.send(text, files=pictures, view=buttons, ephemeral=True)
    else:
        await interaction.edit_original_response(content=text, attachments=pictures, view=buttons)


class StepReplay(Component[Button[Any], ReplayId], scheme=REPLAY):
    """◀ or ▶ of a private replay viewer: shows the board after the next or previous move."""

    @classmethod
    def make(cls, game_id: int, step: int, way: Way, enabled: bool) -> Self:
        """One of the viewer's two buttons."""
        label = "◀" if way == "back" else "▶"
        return button(cls, ReplayId(game_id, step, way), label, disabled=not enabled)

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Check the caller may still watch, then show the board of that step."""
        source = await table.service.records.replay_source(
            interaction.guild_id or 0, self.key.game, interaction.user.id
        )
        await interaction.response.defer()
        await show_step(interaction, source, self.key.step, new=False)


class Replays(TableCog):
    """Watching a game again, and taking its record away."""

    @app_commands.command(name="replay", description="Watch a game again, move by move")
    @app_commands.describe(game=REPLAY_HELP)
    @app_commands.guild_only()
    async def replay(self, interaction: Interaction, game: int) -> None:
        """Post the game's animation here and open a private ◀ ▶ viewer for the caller; a
        replay that took longer than the interaction lives is posted as a plain message."""
        late = started(interaction)
        source = await self.bot.service.records.replay_source(
            interaction.guild_id or 0, game, interaction.user.id
        )
        await interaction.response.defer(thinking=True)
        language = await public_language(interaction)
        count = len(source.moves) + 1
        drawing = say("table.replay.drawing", game=source.game_id, count=count)
        if count == 1:
            drawing = say("table.replay.drawing_one", game=source.game_id)
        await interaction.edit_original_response(content=words(drawing, language))
        limit = upload_limit(interaction)
        made, final = await asyncio.to_thread(build_replay, source, language, replay_budget(limit))
        about = replay_words(source, made, final, language)
        gif = attachment(interaction, made.gif, f"game-{source.game_id}.gif", about)
        if gif is None:
            reader = await reader_language(interaction)
            await late.private(words(TOO_LARGE, reader), reader)
            return
        shown = say("table.replay.all", count=count) if count > 1 else say("table.replay.all_one")
        if len(made.shown) < count:
            shown = say("table.replay.some", shown=len(made.shown), count=count)
        replayed = say(
            "table.replay.done", title=title_of(source.game), game=source.game_id, shown=shown
        )
        if await late.public(words(replayed, language), language, file=gif):
            await show_step(interaction, source, 0, new=True)  # the viewer needs the token

    @app_commands.command(name="export", description="A game's record as a JSON file")
    @app_commands.describe(game=REPLAY_HELP)
    @app_commands.guild_only()
    async def export(self, interaction: Interaction, game: int) -> None:
        """The game record (format in the README), privately (in a DM if it took longer than
        the interaction lives)."""
        late = started(interaction)
        source = await self.bot.service.records.replay_source(
            interaction.guild_id or 0, game, interaction.user.id
        )
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await asyncio.to_thread(export_record, source)
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        language = await reader_language(interaction)
        name = f"game-{source.game_id}.json"
        about = say("table.words.export_file", title=title_of(source.game), game=source.game_id)
        file = attachment(interaction, data, name, words(about, language))
        said = say("table.replay.export", game=source.game_id)
        if file is None:
            said = say(
                "table.upload_too_large", name=name, limit=size_words(upload_limit(interaction))
            )
        await late.private(words(said, language), language, file=file)

    @replay.autocomplete("game")
    @never_failing
    async def _replay_games(
        self, interaction: Interaction, current: object
    ) -> list[app_commands.Choice[int]]:
        return await game_choices(self.bot, interaction, current, mine=False)

    @export.autocomplete("game")
    @never_failing
    async def _export_games(
        self, interaction: Interaction, current: object
    ) -> list[app_commands.Choice[int]]:
        return await game_choices(self.bot, interaction, current, mine=False)


ITEMS = (StepReplay,)


async def setup(bot: Host) -> None:
    """discord.py's extension hook: /replay, /export and the replay viewer's buttons."""
    bot.add_dynamic_items(*ITEMS)
    await bot.add_cog(Replays(bot))


async def teardown(bot: Host) -> None:
    """discord.py's unload hook: the viewer's buttons stop answering with the commands."""
    bot.remove_dynamic_items(*ITEMS)
