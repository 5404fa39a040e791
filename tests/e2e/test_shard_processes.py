"""Two shard processes on one PostgreSQL through the fake Discord: each serves its servers only.

The fake has two servers, one on each of two shards; two real bots (AutoShardedBot, one shard
each) log in with the same token, as two processes would. Discord's routing is the fake's:
IDENTIFY's shard field decides which servers a connection receives and whose events it gets.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.client import ShardedSymposionBot
from bot.store.shards import Shards
from tests.e2e.fake_discord import BotRunner, FakeDiscord, running
from tests.e2e.symposion import is_live_board, move_by_buttons
from tests.postgres_server import PostgresServer

COUNT = 2


def sharded(url: str | Path, shard: int) -> Any:
    """Builds the bot process that serves `shard` of COUNT."""

    def build(**options: Any) -> ShardedSymposionBot:
        return ShardedSymposionBot(database_path=url, shards=Shards(COUNT, (shard,)), **options)

    return build


async def open_in(bot: Any, fake: FakeDiscord, channel: str, host: str, guest: str) -> int:
    """A two-player Atlandice game opened and started in `channel`; its game id."""
    mark = fake.mark()
    opened = await fake.slash(
        "play", {"game": "atlandice", "where": "here"}, user=host, channel=channel
    )
    lobby = await opened.wait_message(lambda m: any(c.startswith("sy:l:") for c in m.custom_ids()))
    join, start = (
        next(c for c in lobby.custom_ids() if c.startswith("sy:l:") and c.endswith(verb))
        for verb in ("join", "start")
    )
    await (await fake.click(fake.message(lobby.id), user=guest, custom_id=join)).wait_answered()
    await (await fake.click(fake.message(lobby.id), user=host, custom_id=start)).wait_answered()
    place = fake.world.channel_by_name(channel).id
    await fake.wait_for(lambda m: m.channel_id == place and is_live_board(m), since=mark)
    game = await bot.store.games.ongoing_at(place)
    assert game is not None and game.status == "active"
    return int(game.id)


async def move_in(fake: FakeDiscord, channel: str, step: int) -> None:
    """One move in the game in `channel`, answered and shown as a new board there."""
    place = fake.world.channel_by_name(channel).id
    mark = fake.mark()
    await (await move_by_buttons(fake, step, channel)).wait_answered()
    await fake.wait_for(lambda m: m.channel_id == place and is_live_board(m), since=mark)


async def test_two_shard_processes_serve_only_their_servers_games(
    fake_discord: FakeDiscord, postgres_server: PostgresServer
) -> None:
    url = await postgres_server.new_database()
    world = fake_discord.world
    home = (world.guild_id >> 22) % COUNT
    away = 1 - home
    second = world.add_guild("Second Server", shard=(away, COUNT))
    world.add_channel("games-b", guild_id=second)
    fake_discord.gateway.recommended_shards = COUNT
    runner_home: BotRunner[Any]
    async with running(fake_discord) as runner_home, running(fake_discord) as runner_away:
        bot_home = await runner_home.start(sharded(url, home))
        bot_away = await runner_away.start(sharded(url, away))
        assert [g.id for g in bot_home.guilds] == [world.guild_id]
        assert [g.id for g in bot_away.guilds] == [second]
        game_home = await open_in(bot_home, fake_discord, "games", "alice", "bob")
        game_away = await open_in(bot_away, fake_discord, "games-b", "carol", "dave")
        for step in range(2):
            await move_in(fake_discord, "games", step)
            await move_in(fake_discord, "games-b", step)
        games_b = world.channel_by_name("games-b").id
        assert bot_home.service.places.game_at(games_b) is None  # never loaded the other's game
        assert bot_away.service.places.game_at(world.channel_by_name("games").id) is None

        mark = fake_discord.mark()
        await runner_away.kill()  # mid-game, as kill -9 would
        bot_away = await runner_away.start(sharded(url, away))
        await fake_discord.wait_for(
            lambda m: m.channel_id == games_b and is_live_board(m), since=mark
        )  # the restarted process shows its game's board again
        await runner_away.settle()
        assert bot_away.service.places.game_at(games_b) is not None
        assert await bot_away.store.games.open_ids() == [game_away]
        assert await bot_home.store.games.open_ids() == [game_home]
        await move_in(fake_discord, "games-b", 2)
        await move_in(fake_discord, "games", 2)
        for game in (game_home, game_away):  # three acknowledged moves each, none lost or doubled
            assert len(await bot_away.store.moves.of(game)) == 3
