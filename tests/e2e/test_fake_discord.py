"""Proves the fake Discord with a tiny test-only bot: every path the real bot will use."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.e2e.fake_discord import (
    BotRunner,
    FakeDiscord,
    FakeDiscordFailure,
    measure_round_trip,
)
from tests.e2e.fake_discord.rest import API

# --- the test-only bot ----------------------------------------------------------------

FRUITS = ("apple", "apricot", "banana", "cherry", "pear", "plum")
BOARD_SIZE = (90, 60)


def board_png() -> bytes:
    """A tiny PNG standing in for a rendered board."""
    buffer = io.BytesIO()
    Image.new("RGB", BOARD_SIZE, (30, 90, 160)).save(buffer, format="PNG")
    return buffer.getvalue()


class CounterButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"counter:(?P<n>\d+)"):
    """A button whose custom_id carries the count, so it works after a restart."""

    def __init__(self, count: int) -> None:
        """Show the count on the button and in its custom_id."""
        super().__init__(
            discord.ui.Button(
                label=f"+1 (now {count})",
                style=discord.ButtonStyle.primary,
                custom_id=f"counter:{count}",
            )
        )
        self.count = count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CounterButton:
        """Rebuild the button from its custom_id."""
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Count up by editing the message in place (response type 7)."""
        await interaction.response.edit_message(
            content=f"Count: {self.count + 1}", view=counter_view(self.count + 1)
        )


def counter_view(count: int) -> discord.ui.View:
    """A persistent view holding one counter button."""
    view = discord.ui.View(timeout=None)
    view.add_item(CounterButton(count))
    return view


class FruitMenu(discord.ui.View):
    """A select menu answered with a deferred update and an @original edit."""

    @discord.ui.select(
        placeholder="Pick a fruit",
        options=[discord.SelectOption(label=f.title(), value=f) for f in FRUITS],
    )
    async def choose(
        self, interaction: discord.Interaction, select: discord.ui.Select[Any]
    ) -> None:
        """Acknowledge (type 6), then edit the menu message into the answer."""
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"You chose {select.values[0]}", view=None)


class Toys(commands.Cog):
    """Global slash commands, one per behaviour the harness must prove."""

    def __init__(self, bot: ToyBot) -> None:
        """Keep the bot for its knobs and error log."""
        self.bot = bot

    @app_commands.command(description="Pick some fruit")
    @app_commands.describe(fruit="Which fruit", count="How many")
    async def pick(
        self,
        interaction: discord.Interaction,
        fruit: str,
        count: app_commands.Range[int, 1, 10] = 1,
    ) -> None:
        """Echo the typed options."""
        await interaction.response.send_message(f"{count} x {fruit}")

    @pick.autocomplete("fruit")
    async def pick_fruit(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Offer the fruits starting with what was typed."""
        return [
            app_commands.Choice(name=f.title(), value=f) for f in FRUITS if f.startswith(current)
        ]

    @app_commands.command(description="Too many suggestions")
    async def many(self, interaction: discord.Interaction, thing: str) -> None:
        """Never reached in tests; its autocomplete breaks the 25-choice limit."""
        await interaction.response.send_message(thing)

    @many.autocomplete("thing")
    async def many_things(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Answer 26 choices, one more than Discord allows."""
        return [app_commands.Choice(name=f"thing {i}", value=str(i)) for i in range(26)]

    @app_commands.command(description="Paint in a colour")
    @app_commands.choices(
        colour=[app_commands.Choice(name=c.title(), value=c) for c in ("red", "green", "blue")]
    )
    async def paint(
        self, interaction: discord.Interaction, colour: app_commands.Choice[str]
    ) -> None:
        """Echo the chosen colour's value."""
        await interaction.response.send_message(f"Painted {colour.value}")

    @app_commands.command(description="A secret only you see")
    async def secret(self, interaction: discord.Interaction) -> None:
        """Reply ephemerally."""
        await interaction.response.send_message("Only you can see this", ephemeral=True)

    @app_commands.command(description="Show the board")
    async def board(self, interaction: discord.Interaction, private: bool = False) -> None:
        """Defer with 'thinking…', then send the PNG as the followup."""
        await interaction.response.defer(thinking=True, ephemeral=private)
        file = discord.File(io.BytesIO(board_png()), filename="board.png")
        await interaction.followup.send("Here is the board", file=file)

    @app_commands.command(description="A counter button")
    async def counter(self, interaction: discord.Interaction) -> None:
        """Post a message with a DynamicItem button."""
        await interaction.response.send_message("Count: 0", view=counter_view(0))

    @app_commands.command(description="A fruit menu")
    async def menu(self, interaction: discord.Interaction) -> None:
        """Post a message with a select menu (a stored, non-persistent view)."""
        await interaction.response.send_message("Pick one", view=FruitMenu())

    @app_commands.command(description="DM me")
    async def dm(self, interaction: discord.Interaction) -> None:
        """DM the user; tell them ephemerally if their DMs are closed."""
        try:
            await interaction.user.send("A private hello", view=counter_view(0))
        except discord.Forbidden as error:
            self.bot.seen_errors.append(error)
            await interaction.response.send_message("Your DMs are closed", ephemeral=True)
        else:
            await interaction.response.send_message("Sent you a DM", ephemeral=True)

    @app_commands.command(description="Walk a response through its life")
    async def steps(self, interaction: discord.Interaction) -> None:
        """Reply, read and edit @original, send and edit a followup, delete @original."""
        await interaction.response.send_message("step 1")
        original = await interaction.original_response()
        await interaction.edit_original_response(content=f"step 2 (was {original.content})")
        extra = await interaction.followup.send("extra", wait=True)
        await extra.edit(content="extra edited")
        await interaction.delete_original_response()

    @app_commands.command(description="Post, edit, fetch and delete a channel message")
    async def announce(self, interaction: discord.Interaction) -> None:
        """Use the plain channel endpoints, with an embed and a file."""
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        embed = discord.Embed(title="News", description="The game starts")
        file = discord.File(io.BytesIO(board_png()), filename="board.png")
        message = await channel.send("Announcement", embed=embed, file=file)
        await message.edit(content="Announcement (edited)", attachments=[])
        fetched = await channel.fetch_message(message.id)
        await interaction.response.send_message(f"fetched: {fetched.content}", ephemeral=True)
        await message.delete()

    @app_commands.command(description="Open a game thread")
    async def thread(self, interaction: discord.Interaction, name: str) -> None:
        """Start a thread here, add the user, and greet them in it."""
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        await thread.add_user(interaction.user)
        await thread.send(f"Welcome to {name}")
        await interaction.response.send_message(f"Opened {thread.mention}")

    @app_commands.command(description="Answers too late")
    async def slow(self, interaction: discord.Interaction) -> None:
        """Sleep past the interaction deadline, then try to answer."""
        await self.bot.release.wait()
        try:
            await interaction.response.send_message("Too late")
        except discord.NotFound as error:
            self.bot.seen_errors.append(error)

    @app_commands.command(description="Never answers")
    async def silent(self, interaction: discord.Interaction) -> None:
        """Do nothing at all (Discord would show 'interaction failed')."""

    @app_commands.command(description="Calls an endpoint the fake does not know")
    async def stickers(self, interaction: discord.Interaction) -> None:
        """Fetch sticker packs, which the fake does not serve."""
        try:
            await self.bot.fetch_premium_sticker_packs()
        except discord.NotFound as error:
            self.bot.seen_errors.append(error)
        await interaction.response.send_message("Tried")


def tidy_command() -> app_commands.Command[Any, ..., None]:
    """A guild-only command gated by Manage Channels (a fresh object per bot)."""

    @app_commands.command(description="Tidy the channel (moderators)")
    @app_commands.default_permissions(manage_channels=True)
    async def tidy(interaction: discord.Interaction) -> None:
        """Report who tidied and whether Discord says they may."""
        allowed = interaction.permissions.manage_channels
        await interaction.response.send_message(f"tidy by {interaction.user.name}: {allowed}")

    return tidy


class ToyBot(commands.Bot):
    """The test-only bot: global commands from Toys, /tidy on the guild, one DynamicItem."""

    def __init__(
        self, guild_id: int, *, intents: discord.Intents | None = None, **options: Any
    ) -> None:
        """Forward options (guild_ready_timeout) to discord.py."""
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents or discord.Intents.default(),
            **options,
        )
        self.guild_id = guild_id
        self.release = asyncio.Event()  # /slow answers once the test sets it
        self.release.set()
        self.seen_errors: list[discord.HTTPException] = []

    async def setup_hook(self) -> None:
        """Register items and commands, then sync globally and to the guild."""
        self.add_dynamic_items(CounterButton)
        await self.add_cog(Toys(self))
        guild = discord.Object(self.guild_id)
        self.tree.add_command(tidy_command(), guild=guild)
        await self.tree.sync()
        await self.tree.sync(guild=guild)


# --- fixtures and helpers -------------------------------------------------------------

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
async def toy(fake_discord: FakeDiscord, bot_runner: BotRunner[ToyBot]) -> ToyBot:
    """A running ToyBot, ready and synced."""
    return await start_toy(fake_discord, bot_runner)


async def start_toy(fake: FakeDiscord, runner: BotRunner[ToyBot]) -> ToyBot:
    """Build and start a fresh ToyBot on the fake."""
    return await runner.start(lambda **options: ToyBot(fake.guild_id, **options))


# --- login, sync, commands --------------------------------------------------------------


async def test_bot_gets_ready_and_syncs_global_and_guild_commands(
    fake_discord: FakeDiscord, toy: ToyBot
) -> None:
    assert toy.is_ready()
    guild = toy.get_guild(fake_discord.guild_id)
    assert guild is not None
    assert {c.name for c in guild.text_channels} == {"general", "games", "lounge"}
    global_names = {c["name"] for c in fake_discord.registered_commands()}
    assert {"pick", "paint", "secret", "board", "counter", "menu", "dm"} <= global_names
    guild_commands = fake_discord.registered_commands(guild=True)
    assert [c["name"] for c in guild_commands] == ["tidy"]
    assert guild_commands[0]["guild_id"] == str(fake_discord.guild_id)
    fetched = await toy.tree.fetch_commands(guild=discord.Object(fake_discord.guild_id))
    assert [(c.name, c.id) for c in fetched] == [("tidy", int(guild_commands[0]["id"]))]


async def test_slash_command_with_typed_options(fake_discord: FakeDiscord, toy: ToyBot) -> None:
    it = await fake_discord.slash(
        "pick", {"fruit": "pear", "count": 3}, user="bob", channel="games"
    )
    reply = await it.wait_message()
    assert reply.content == "3 x pear"
    assert reply.channel_id == fake_discord.channel("games").id
    assert (
        reply.interaction_id == it.id and reply.interaction_user_id == fake_discord.user("bob").id
    )
    assert not reply.ephemeral


async def test_choice_option_accepts_name_or_value(fake_discord: FakeDiscord, toy: ToyBot) -> None:
    first = await fake_discord.slash("paint", {"colour": "Green"}, user="carol", channel="games")
    assert (await first.wait_message()).content == "Painted green"
    with pytest.raises(ValueError, match="not one of the choices"):
        await fake_discord.slash("paint", {"colour": "mauve"}, user="carol", channel="games")


async def test_autocomplete_returns_the_bots_choices(
    fake_discord: FakeDiscord, toy: ToyBot
) -> None:
    choices = await fake_discord.choices(
        "pick", {"fruit": "ap"}, focused="fruit", user="alice", channel="games"
    )
    assert choices == [{"name": "Apple", "value": "apple"}, {"name": "Apricot", "value": "apricot"}]


@pytest.mark.expected_errors("Ignoring exception in autocomplete")
async def test_autocomplete_over_25_choices_is_refused(
    fake_discord: FakeDiscord, toy: ToyBot
) -> None:
    fake_discord.expect_rejection(50035)
    it = await fake_discord.autocomplete(
        "many", {"thing": "t"}, focused="thing", user="bob", channel="games"
    )
    rejection = await fake_discord.wait_rejection(50035)
    assert "in data.choices: Must be 25 or fewer in length" in rejection.message
    it.expect_unanswered()


async def test_command_hidden_without_default_permissions(
    fake_discord: FakeDiscord, toy: ToyBot
) -> None:
    allowed = await fake_discord.slash("tidy", user="alice", channel="general")
    assert (await allowed.wait_message()).content == "tidy by alice: True"
    with pytest.raises(PermissionError, match="cannot see /tidy"):
        await fake_discord.slash("tidy", user="bob", channel="general")
    erin = await fake_discord.add_user(
        "erin", permissions=discord.Permissions(manage_channels=True).value
    )
    again = await fake_discord.slash("tidy", user=erin, channel="general")
    assert (await again.wait_message()).content == "tidy by erin: True"


# --- responses ------------------------------------------------------------------------


async def test_ephemeral_reply_is_marked_and_kept_apart(
    fake_discord: FakeDiscord, toy: ToyBot
) -> None:
    it = await fake_discord.slash("secret", user="dave", channel="lounge")
    reply = await it.wait_message()
    assert reply.ephemeral and reply.content == "Only you can see this"
    assert fake_discord.messages("lounge", ephemeral=False) == []
    assert it.ephemeral and it.response_type == 4


@pytest.mark.parametrize("private", [False, True])
async def test_defer_then_followup_with_png_fills_the_placeholder(
    fake_discord: FakeDiscord, toy: ToyBot, private: bool
) -> None:
    it = await fake_discord.slash("board", {"private": private}, user="alice", channel="games")
    reply = await it.wait_message(lambda m: bool(m.attachments))
    assert it.response_type == 5 and it.response_message is not None
    assert reply.id == it.response_message.id, "the first followup replaces 'thinking…'"
    assert reply.ephemeral is private and not reply.loading
    assert reply.content == "Here is the board"
    png = reply.files["board.png"]
    assert png.startswith(PNG_SIGNATURE)
    assert Image.open(io.BytesIO(png)).size == BOARD_SIZE
    states = fake_discord.history(reply.id)
    assert [s.loading for s in states] == [True, False]


async def test_dynamic_button_edits_in_place_and_survives_restart(
    fake_discord: FakeDiscord, bot_runner: BotRunner[ToyBot], toy: ToyBot
) -> None:
    posted = await (await fake_discord.slash("counter", user="bob", channel="games")).wait_message()
    assert posted.custom_ids() == ["counter:0"]
    click = await fake_discord.click(posted, user="carol", label="+1 (now 0)")
    edited = await click.wait_message()
    assert (edited.id, edited.content, edited.custom_ids()) == (
        posted.id,
        "Count: 1",
        ["counter:1"],
    )
    assert click.response_type == 7

    await bot_runner.restart(lambda **options: ToyBot(fake_discord.guild_id, **options))
    again = await fake_discord.click(edited, user="dave", prefix="counter:")
    assert (await again.wait_message()).content == "Count: 2"


async def test_select_menu_deferred_update_then_edit_original(
    fake_discord: FakeDiscord, toy: ToyBot
) -> None:
    menu = await (await fake_discord.slash("menu", user="alice", channel="general")).wait_message()
    assert [o["value"] for o in menu.selects()[0]["options"]] == list(FRUITS)
    choice = await fake_discord.select(menu, ["Pear"], user="alice")
    answer = await choice.wait_message()
    assert (answer.id, answer.content, answer.components) == (menu.id, "You chose pear", [])
    assert choice.response_type == 6


async def test_click_without_a_handler_is_caught_before_sending(
    fake_discord: FakeDiscord, bot_runner: BotRunner[ToyBot], toy: ToyBot
) -> None:
    menu = await (await fake_discord.slash("menu", user="alice", channel="general")).wait_message()
    await bot_runner.restart(lambda **options: ToyBot(fake_discord.guild_id, **options))
    fake_discord.handler_wait = 0.05
    with pytest.raises(LookupError, match="would be dropped"):
        await fake_discord.select(menu, ["plum"], user="alice")


async def test_response_lifecycle_original_followup_edit_delete(
    fake_discord: FakeDiscord, toy: ToyBot
) -> None:
    it = await fake_discord.slash("steps", user="bob", channel="games")
    await fake_discord.wait_for(lambda m: m.deleted, kinds=["delete"])
    assert it.response_message is not None
    states = [(s.content, s.deleted) for s in fake_discord.history(it.response_message.id)]
    assert states == [
        ("step 1", False),
        ("step 2 (was step 1)", False),
        ("step 2 (was step 1)", True),
    ]
    [extra] = [m for m in fake_discord.messages("games") if m.interaction_id == it.id]
    assert (extra.content, extra.version) == ("extra edited", 1)


async def test_channel_message_create_edit_fetch_delete(
    fake_discord: FakeDiscord, toy: ToyBot
) -> None:
    it = await fake_discord.slash("announce", user="carol", channel="lounge")
    assert (await it.wait_message()).content == "fetched: Announcement (edited)"
    await fake_discord.wait_for(lambda m: m.deleted, kinds=["delete"])
    announcement = [e.message for e in fake_discord.events if e.message.interaction_id is None]
    created, edited, deleted = announcement
    assert created.embeds[0]["title"] == "News" and created.files["board.png"].startswith(
        PNG_SIGNATURE
    )
    assert "The game starts" in created.text
    assert (edited.content, edited.attachments, edited.embeds) == (
        "Announcement (edited)",
        (),
        created.embeds,
    )
    assert deleted.deleted and fake_discord.messages("lounge", ephemeral=False) == []


async def test_members_intent_bot_chunks_and_sees_new_members(
    fake_discord: FakeDiscord, bot_runner: BotRunner[ToyBot]
) -> None:
    intents = discord.Intents.default()
    intents.members = True
    bot = await bot_runner.start(lambda **o: ToyBot(fake_discord.guild_id, intents=intents, **o))
    guild = bot.get_guild(fake_discord.guild_id)
    assert guild is not None and guild.chunked
    assert {m.name for m in guild.members} >= {"alice", "bob", "carol", "dave", "owner"}
    moderator = guild.get_member(fake_discord.user("alice").id)
    assert moderator is not None and moderator.guild_permissions.manage_channels
    joined = asyncio.ensure_future(
        bot.wait_for("member_join", check=lambda m: m.name == "erin", timeout=5)
    )
    erin = await fake_discord.add_user("erin")
    assert (await joined).id == erin.id and guild.get_member(erin.id) is not None


async def test_threads_opened_by_the_bot_and_by_a_user(
    fake_discord: FakeDiscord, toy: ToyBot
) -> None:
    it = await fake_discord.slash("thread", {"name": "Game 1"}, user="alice", channel="games")
    opened = await it.wait_message()
    thread = fake_discord.channel("Game 1")
    assert opened.content == f"Opened {thread.mention}"
    assert thread.parent_id == fake_discord.channel("games").id
    assert fake_discord.user("alice").id in thread.member_ids
    assert [m.content for m in fake_discord.messages(thread)] == ["Welcome to Game 1"]
    inside = await fake_discord.slash("pick", {"fruit": "plum"}, user="bob", channel=thread)
    assert (await inside.wait_message()).channel_id == thread.id

    created = asyncio.ensure_future(
        toy.wait_for("thread_create", check=lambda t: t.name == "Chat", timeout=5)
    )
    side = await fake_discord.add_thread("lounge", "Chat", owner="carol")
    guild = toy.get_guild(fake_discord.guild_id)
    assert guild is not None
    assert (await created).id == side.id and guild.get_thread(side.id) is not None
    there = await fake_discord.slash("secret", user="carol", channel=side)
    assert (await there.wait_message()).channel_id == side.id


# --- DMs ------------------------------------------------------------------------------


async def test_dm_to_open_user_and_refused_dm(fake_discord: FakeDiscord, toy: ToyBot) -> None:
    fake_discord.refuse_dms("bob")
    ok = await fake_discord.slash("dm", user="alice", channel="games")
    assert (await ok.wait_message()).content == "Sent you a DM"
    [hello] = fake_discord.dms("alice")
    assert (hello.content, hello.dm_user_id) == ("A private hello", fake_discord.user("alice").id)
    with pytest.raises(PermissionError, match="not in the DM channel"):
        await fake_discord.click(hello, user="carol", prefix="counter:")
    click = await fake_discord.click(hello, user="alice", prefix="counter:")
    assert (await click.wait_message()).content == "Count: 1"

    refused = await fake_discord.slash("dm", user="bob", channel="games")
    assert (await refused.wait_message()).content == "Your DMs are closed"
    assert fake_discord.dms("bob") == []
    assert [e.code for e in toy.seen_errors] == [50007]
    assert isinstance(toy.seen_errors[0], discord.Forbidden)


# --- Discord's rules --------------------------------------------------------------------


async def test_late_callback_is_refused_with_10062(
    fake_discord: FakeDiscord, toy: ToyBot, bot_runner: BotRunner[ToyBot]
) -> None:
    toy.release.clear()
    fake_discord.expect_rejection(10062)
    await fake_discord.slash("slow", user="alice", channel="games")
    fake_discord.advance_clock(3.5)  # past Discord's 3 seconds, while /slow still waits
    toy.release.set()
    rejection = await fake_discord.wait_rejection(10062)
    assert rejection.status == 404 and "answered after 3.5" in rejection.message
    await bot_runner.settle()
    assert [e.code for e in toy.seen_errors] == [10062]


async def test_second_callback_is_refused_with_40060(
    fake_discord: FakeDiscord, toy: ToyBot
) -> None:
    it = await fake_discord.slash("secret", user="alice", channel="games")
    await it.wait_message()
    fake_discord.expect_rejection(40060)
    status, body = await fake_discord.api(
        "POST", f"/interactions/{it.id}/{it.token}/callback", {"type": 6}
    )
    assert (status, body["code"]) == (400, 40060)


async def test_unknown_endpoint_is_recorded(fake_discord: FakeDiscord, toy: ToyBot) -> None:
    fake_discord.expect_rejection(0, kind="unknown-endpoint")
    it = await fake_discord.slash("stickers", user="alice", channel="games")
    assert (await it.wait_message()).content == "Tried"
    rejection = next(r for r in fake_discord.rejections if r.kind == "unknown-endpoint")
    assert (rejection.method, rejection.path) == ("GET", f"{API}/sticker-packs")
    assert isinstance(toy.seen_errors[0], discord.NotFound)


async def test_unanswered_interaction_is_reported(
    fake_discord: FakeDiscord, toy: ToyBot, bot_runner: BotRunner[ToyBot]
) -> None:
    it = await fake_discord.slash("silent", user="alice", channel="games")
    await bot_runner.settle()  # /silent has run and returned without answering
    assert any("never answered" in p for p in fake_discord.problems())
    it.expect_unanswered()
    assert fake_discord.problems() == []


# --- the connection -------------------------------------------------------------------


async def test_dropped_socket_resumes_and_replays_missed_events(
    fake_discord: FakeDiscord, toy: ToyBot
) -> None:
    await fake_discord.drop_connection()
    it = await fake_discord.slash("pick", {"fruit": "plum"}, user="dave", channel="games")
    await asyncio.wait_for(fake_discord.gateway.resumed.wait(), 5)
    assert (await it.wait_message()).content == "1 x plum"
    assert len(fake_discord.gateway.sessions) == 1


async def test_gateway_crash_is_reported(fake_discord: FakeDiscord, toy: ToyBot) -> None:
    await fake_discord.gateway.dispatch("INTERACTION_CREATE", {"type": 2})
    with pytest.raises(FakeDiscordFailure, match="connection task crashed"):
        await fake_discord.wait_for(lambda m: True, timeout=2)
    taken = fake_discord.take_problems()
    assert len(taken) == 1 and "KeyError" in taken[0]


# --- helpers for later tests ----------------------------------------------------------


async def test_round_trip_is_measured(fake_discord: FakeDiscord, toy: ToyBot) -> None:
    trip = await measure_round_trip(
        fake_discord,
        lambda: fake_discord.slash("pick", {"fruit": "cherry"}, user="bob", channel="games"),
        lambda m: m.content == "1 x cherry",
    )
    assert trip.seconds > 0
    assert trip.message.interaction_id == trip.interaction.id
